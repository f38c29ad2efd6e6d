"""The edition registry: an edition is its data file, its game class, its rulebook and its
words for the fronts, registered under its id.

Each edition package registers itself with :func:`register` when imported;
``pennybags.editions`` imports them all, so ``get_edition("classic")`` is all a front needs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Protocol

from pennybags.engine.data import EditionData, load_edition_data
from pennybags.engine.game import Game
from pennybags.engine.options import describe, parse_options
from pennybags.engine.rules import Rulebook
from pennybags.engine.words import Words

Path_ = tuple[str | int, ...]
"""Where a field is written in a scenario: its keys and list indices."""


class Reader(Protocol):
    """What an edition's scenario fields read them with (pennybags.scenario's reader): each
    method checks a value's type and raises an error naming the file, line and field."""

    def error(self, path: Path_, message: str) -> Exception: ...

    def mapping(self, value: Any, path: Path_, what: str) -> Mapping[Any, Any]: ...

    def keys(self, value: Mapping[Any, Any], path: Path_, known: set[str],
             what: str) -> None: ...

    def items(self, value: Any, path: Path_, what: str) -> list[Any]: ...

    def whole(self, value: Any, path: Path_, what: str, low: int | None = None,
              high: int | None = None) -> int: ...

    def flag(self, value: Any, path: Path_, what: str) -> bool: ...

    def word(self, value: Any, path: Path_, what: str) -> str: ...

    def name_or_index(self, value: Any, path: Path_, what: str) -> str | int: ...

    def give_card(self, game: Game, seat: int, text: str, path: Path_) -> None: ...


class ScenarioFields(Protocol):
    """An edition's own fields in scenario files (see docs/scenarios.md), beyond the fields
    every edition has: the names it adds to a player, an owned deed, the bank's stock and
    the scenario's top level, and how each is set up. Each method reads its fields with
    the reader (which says where a bad one was written) and sets the game up."""

    player_keys: frozenset[str]
    deed_keys: frozenset[str]
    bank_keys: frozenset[str]
    top_keys: frozenset[str]

    def begin(self, game: Game) -> None:
        """Before any player is placed (e.g. take back what the game dealt at its start)."""

    def player(self, game: Game, seat: int, entry: Mapping[str, Any], path: Path_,
               r: Reader) -> None:
        """A player's own fields (after the common ones)."""

    def deed(self, game: Game, deed: int, item: Mapping[str, Any], path: Path_,
             r: Reader) -> None:
        """An owned deed's own fields (after owner, houses and mortgage)."""

    def finish(self, game: Game, spec: Mapping[str, Any], r: Reader) -> None:
        """Once every player is placed and the buildings counted: the bank's own fields
        (``spec["bank"]``) and the top-level ones."""


@dataclass(frozen=True)
class Edition:
    """An edition: its id, its data file, the game class that holds its state and rules,
    and its rulebook (the handlers of its actions, spaces and cards)."""

    id: str
    game_class: type[Game]
    data_path: Path
    rulebook: Rulebook
    words: type[Words] = Words
    """The edition's words and facts for the fronts (see :mod:`pennybags.engine.words`)."""
    summary: str = ""
    unit: Callable[..., Any] | None = field(default=None, compare=False)
    """The model of the edition's banking unit (a class), for the banking fronts; None
    when the edition has no unit."""
    scenario: ScenarioFields | None = field(default=None, compare=False)
    """The edition's own fields in scenario files; None when it has only the common ones."""

    @cached_property
    def data(self) -> EditionData:
        return load_edition_data(self.data_path)

    @property
    def name(self) -> str:
        return self.data.name

    @property
    def players(self) -> tuple[int, int]:
        return self.data.min_players, self.data.max_players

    def options(self, values: Mapping[str, Any] | None = None) -> Any:
        """This edition's options from names and values (ValueError if unknown/bad)."""
        return parse_options(self.game_class.options_class, values or {})

    def describe_options(self) -> list[tuple[str, str, Any, str]]:
        return describe(self.game_class.options_class)

    def new_game(self, names: Sequence[str], seed: int | None = None,
                 options: Mapping[str, Any] | Any | None = None, **kwargs: Any) -> Game:
        """Start a game. ``options`` may be a mapping of option names or an options object."""
        if options is None or isinstance(options, Mapping):
            options = self.options(options)
        return self.game_class(self.data, names, seed, options, rulebook=self.rulebook,
                               **kwargs)


_REGISTRY: dict[str, Edition] = {}


def register(edition: Edition) -> None:
    _REGISTRY[edition.id] = edition


def get_edition(edition_id: str) -> Edition:
    """The edition with this id; ValueError listing the known ids otherwise."""
    key = edition_id.strip().lower().replace("_", "-")
    if key not in _REGISTRY:
        known = ", ".join(sorted(_REGISTRY))
        raise ValueError(f"unknown edition '{edition_id}'; the editions are: {known}")
    return _REGISTRY[key]


def words_for(game: Game) -> Words:
    """The words and facts of ``game``'s edition, for a front."""
    return get_edition(game.edition_id).words(game)


def all_editions() -> list[Edition]:
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]
