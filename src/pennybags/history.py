"""Game records: a game is its edition, options, seed, players and answered actions.

Saving writes that record as JSON; loading replays it; ``replay --verify`` re-runs it and
checks the final state is the same. A scenario's set-up can be part of a record, so games
started from a position are saved and replayed too.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pennybags.editions import get_edition
from pennybags.engine.actions import IllegalAction
from pennybags.engine.game import Game
from pennybags.engine.notation import action_from_json, action_to_json
from pennybags.engine.options import options_dict
from pennybags.engine.snapshot import snapshot

FORMAT = "pennybags-record/1"


class RecordError(Exception):
    """A record that cannot be read or replayed."""


def record(game: Game, setup: Mapping[str, Any] | None = None,
           extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The record of a game so far. ``setup`` is the scenario it started from, if any;
    ``extra`` holds front data (such as which seats are bots)."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "edition": game.edition_id,
        "options": options_dict(game.options),
        "seed": game.seed,
        "players": [p.name for p in game.players],
        "actions": [{"player": game.players[p].name, **action_to_json(game, a)}
                    for p, a in game.history],
    }
    if setup is not None:
        out["setup"] = dict(setup)
    if extra:
        out["extra"] = dict(extra)
    return out


def new_game(rec: Mapping[str, Any]) -> Game:
    """The game a record starts from, before any action."""
    from pennybags import scenario

    if rec.get("format") != FORMAT:
        raise RecordError(f"not a pennybags record (format {rec.get('format')!r}, "
                          f"expected {FORMAT!r})")
    try:
        if "setup" in rec:
            if not isinstance(rec["setup"], Mapping):
                raise ValueError("'setup' should be a scenario mapping")
            return scenario.set_up(rec["setup"])
        missing = [k for k in ("edition", "players", "seed") if k not in rec]
        if missing:
            raise ValueError(f"the record has no {', '.join(missing)}")
        edition = get_edition(str(rec["edition"]))
        players = rec["players"]
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise ValueError("'players' should be a list of names")
        seed = rec["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"'seed' should be a whole number, not {seed!r}")
        options = rec.get("options") or {}
        if not isinstance(options, Mapping):
            raise ValueError("'options' should be a mapping of option names to values")
        return edition.new_game(players, seed=seed, options=options)
    except (ValueError, KeyError, TypeError, scenario.ScenarioError) as e:
        raise RecordError(f"cannot start the recorded game: {e}") from None


def replay(rec: Mapping[str, Any], upto: int | None = None) -> Game:
    """Re-run a record (its first ``upto`` actions if given: ``upto=len(actions) - 1`` is
    an undo of the last answer).

    Raises :class:`RecordError` naming the first action that cannot be read or is refused.
    """
    game = new_game(rec)
    actions = rec.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("the record's 'actions' should be a list")
    if upto is not None:
        if upto < 0:
            raise RecordError(f"cannot replay the first {upto} actions")
        actions = actions[:upto]
    for number, obj in enumerate(actions, start=1):
        if not isinstance(obj, Mapping):
            raise RecordError(f"action {number} of the record should be a mapping like "
                              f"{{\"player\": \"Ann\", \"do\": \"roll\"}}, not {obj!r}")
        entry = dict(obj)
        if "player" not in entry:
            raise RecordError(f"action {number} of the record ({entry.get('do', '?')}) does "
                              "not say which player answered")
        try:
            seat = game.seat_of(entry.pop("player"))
            game.act(seat, action_from_json(game, seat, entry))
        except (IllegalAction, ValueError) as e:
            raise RecordError(f"action {number} of the record ({_words(obj)}) cannot be "
                              f"replayed: {e}") from None
    return game


def _words(obj: Mapping[str, Any]) -> str:
    return ", ".join(f"{k} {v}" for k, v in obj.items())


def save(path: Path, game: Game, setup: Mapping[str, Any] | None = None,
         extra: Mapping[str, Any] | None = None) -> None:
    """Write the record atomically: a crash mid-write never leaves a broken save."""
    data = record(game, setup, extra)
    data["final"] = snapshot(game)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise RecordError(f"{path} is not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path} is not a pennybags record")
    return data


def verify(rec: Mapping[str, Any]) -> list[str]:
    """Replay and compare with the record's final snapshot; the differences, if any."""
    if "final" not in rec:
        return ["the record has no final state to compare with"]
    game = replay(rec)
    return _diff("", rec["final"], snapshot(game))


def _diff(where: str, want: Any, got: Any) -> list[str]:
    if isinstance(want, dict) and isinstance(got, dict):
        out = []
        for k in sorted(set(want) | set(got), key=str):
            out += _diff(f"{where}.{k}" if where else str(k), want.get(k), got.get(k))
        return out
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        out = []
        for i, (a, b) in enumerate(zip(want, got, strict=True)):
            out += _diff(f"{where}[{i}]", a, b)
        return out
    return [] if want == got else [f"{where}: recorded {want!r}, replayed {got!r}"]
