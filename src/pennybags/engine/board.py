"""The board: spaces, colour groups and how a token moves between spaces.

Nothing here assumes 40 spaces or one track: an edition with several tracks gives its own
:class:`Board` subclass with its own :meth:`Board.advance`.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

DEED_KINDS: frozenset[str] = frozenset({"street", "railroad", "utility", "cab_company"})
"""The kinds of space that have a title deed."""


@dataclass(slots=True)
class Space:
    """One space of the board with the figures printed on it or on its title deed."""

    index: int
    name: str
    kind: str
    group: str = ""
    price: int = 0
    mortgage: int = 0
    rents: tuple[int, ...] = ()
    house_cost: int = 0
    amount: int = 0
    aliases: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    is_deed: bool = field(init=False, default=False)
    """Whether the space has a title deed (can be owned): a street, a railroad, a utility
    or (Ultimate Monopoly) a cab company. Worked out once from the kind: the rules ask it
    on every landing."""

    def __post_init__(self) -> None:
        self.is_deed = self.kind in DEED_KINDS


class Board:
    """A single closed track of spaces, GO at index 0, moving clockwise."""

    def __init__(self, spaces: Sequence[Space], groups: Mapping[str, Mapping[str, Any]]) -> None:
        self.spaces: tuple[Space, ...] = tuple(spaces)
        self.size = len(self.spaces)
        members: dict[str, list[int]] = {g: [] for g in groups}
        for s in self.spaces:
            if s.group:
                members.setdefault(s.group, []).append(s.index)
        self.groups: dict[str, tuple[int, ...]] = {g: tuple(v) for g, v in members.items()}
        self.group_info: dict[str, Mapping[str, Any]] = dict(groups)
        self.deeds: tuple[int, ...] = tuple(s.index for s in self.spaces if s.is_deed)
        self.group_of: tuple[tuple[int, ...], ...] = tuple(
            self.groups[s.group] if s.group else () for s in self.spaces
        )
        self._names: dict[str, int] = {}
        self._spelling: dict[str, str] = {}
        for s in self.spaces:
            for n in (s.name, *s.aliases):
                self._names.setdefault(_fold(n), s.index)
                self._spelling.setdefault(_fold(n), n)

    def __getitem__(self, index: int) -> Space:
        return self.spaces[index]

    def advance(self, position: int, steps: int) -> tuple[int, bool]:
        """Where ``steps`` spaces forward (or back, if negative) leads, and whether GO was
        passed or landed on while moving forward."""
        target = (position + steps) % self.size
        return target, steps > 0 and position + steps >= self.size

    def of_kind(self, kind: str) -> tuple[int, ...]:
        return tuple(s.index for s in self.spaces if s.kind == kind)

    def nearest(self, position: int, kind: str) -> int:
        """The first space of ``kind`` forward from ``position`` (not counting it)."""
        for step in range(1, self.size + 1):
            i = (position + step) % self.size
            if self.spaces[i].kind == kind:
                return i
        raise ValueError(f"no {kind} on the board")

    def find(self, name: str | int) -> int:
        """The index of a space by name, alias or index; raises ValueError with the options."""
        if isinstance(name, int) and not isinstance(name, bool):
            if 0 <= name < self.size:
                return name
            raise ValueError(f"there is no space {name}: the board has 0..{self.size - 1}")
        key = _fold(str(name))
        if key in self._names:
            return self._names[key]
        if key.isdigit() and int(key) < self.size:
            return int(key)
        close = difflib.get_close_matches(key, self._names, n=3, cutoff=0.6)
        hint = ""
        if close:
            hint = "; did you mean " + " or ".join(f"'{self._spelling[c]}'" for c in close) + "?"
        raise ValueError(f"there is no space called '{name}'{hint}")

    def find_one(self, name: str | int) -> int:
        """Like :meth:`find`, but a name that several spaces share (Chance, or a transit
        station on each of its tracks) is refused, naming how to write each of them: a
        position must say which space it means."""
        i = self.find(name)
        if isinstance(name, str):
            key = _fold(name)
            same = [s.index for s in self.spaces
                    if any(_fold(n) == key for n in (s.name, *s.aliases))]
            if len(same) > 1:
                ways = ", ".join(self.label(j) for j in same)
                raise ValueError(f"'{name}' names {len(same)} spaces; say which: {ways}")
        return i

    def label(self, index: int) -> str:
        """A way to write a space that names it alone: its track and number where the board
        has tracks (``outer:7``), else its index."""
        for alias in self.spaces[index].aliases:
            if ":" in alias and alias.split(":", 1)[1].isdigit():
                return alias
        return str(index)

    def find_deed(self, name: str | int) -> int:
        i = self.find(name)
        if not self.spaces[i].is_deed:
            raise ValueError(f"'{self.spaces[i].name}' has no title deed")
        return i

    def names(self, indices: Iterable[int]) -> list[str]:
        return [self.spaces[i].name for i in indices]


def _fold(name: str) -> str:
    return " ".join(name.lower().replace(".", "").replace("'", "").replace("-", " ").split())
