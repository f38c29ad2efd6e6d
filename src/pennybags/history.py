"""Game records: a game is its edition, options, seed, players and answered actions.

Saving writes that record as JSON; loading replays it; ``replay --verify`` re-runs it and
checks the final state is the same. A scenario's set-up can be part of a record, so games
started from a position are saved and replayed too.

A record says what it is: its format version (``format``) and the pennybags that wrote it
(``engine``). A record of another format version is refused, never replayed by rules it was
not written for; a record whose replay does not reach the result it saved is refused with
the first differences.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pennybags import __version__
from pennybags.editions import get_edition
from pennybags.engine.actions import IllegalAction
from pennybags.engine.game import Game
from pennybags.engine.notation import action_from_json, action_to_json
from pennybags.engine.options import options_dict
from pennybags.engine.snapshot import snapshot

FORMAT_NAME = "pennybags-record"
FORMAT_VERSION = 2
"""The record format's version. Bump it whenever the same record would replay differently:
a change of the dice or shuffling scheme, of the action notation, or of a rule's outcome.

- 1: the first format (dice drawn one roll at a time).
- 2: dice drawn four rolls at a time from one draw of the generator; the record says which
  pennybags wrote it (``engine``)."""
FORMAT = f"{FORMAT_NAME}/{FORMAT_VERSION}"
MAX_BYTES = 200_000_000
"""The largest record read (a long game's record is a few megabytes)."""


class RecordError(Exception):
    """A record that cannot be read or replayed."""


def record(game: Game, setup: Mapping[str, Any] | None = None,
           extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The record of a game so far. ``setup`` is the scenario it started from, if any;
    ``extra`` holds front data (such as which seats are bots)."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "engine": __version__,
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


def check_format(rec: Mapping[str, Any]) -> None:
    """Refuse a record this pennybags cannot replay exactly: not a record, or written in
    another format version (older or newer), naming the difference."""
    fmt = rec.get("format")
    name, _, version = fmt.partition("/") if isinstance(fmt, str) else ("", "", "")
    if name != FORMAT_NAME or not version.isdigit():
        raise RecordError(f"not a pennybags record (format {_cut(fmt)}, expected "
                          f"{FORMAT!r})")
    writer = rec.get("engine")
    by = f"pennybags {writer}" if isinstance(writer, str) and len(writer) < 40 else \
        "an earlier pennybags (it did not say which)"
    if int(version) < FORMAT_VERSION:
        raise RecordError(f"this record is format {int(version)}, written by {by}; this "
                          f"pennybags ({__version__}) reads format {FORMAT_VERSION} only: the "
                          "dice and rules have changed since, so its answers would replay to "
                          "a different game. Replay it with the pennybags that wrote it")
    if int(version) > FORMAT_VERSION:
        raise RecordError(f"this record is format {int(version)}, written by {by}; this "
                          f"pennybags ({__version__}) reads format {FORMAT_VERSION}: use a "
                          "newer pennybags to load it")


def _cut(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def new_game(rec: Mapping[str, Any]) -> Game:
    """The game a record starts from, before any action."""
    from pennybags import scenario

    check_format(rec)
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

    Raises :class:`RecordError` naming the first action that cannot be read or is refused,
    and, when the whole record is replayed, if it does not reach its saved ``final`` state
    (naming the first differences).
    """
    game = _replay(rec, upto)
    if upto is None:
        check_final(rec, game)
    return game


def check_final(rec: Mapping[str, Any], game: Game) -> None:
    """Refuse a record whose replay (``game``) differs from the final state it saved."""
    if "final" not in rec:
        return
    problems = _differences(rec, game)
    if problems:
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        raise RecordError("the record does not replay to the result it saved, so it was "
                          "not written by these rules or was changed since: "
                          + "; ".join(problems[:3]) + more
                          + " ('pennybags replay FILE --verify' lists every difference)")


def _replay(rec: Mapping[str, Any], upto: int | None = None) -> Game:
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
    """Read a record file: JSON holding a mapping (its format is checked when replayed).
    Whatever is not refused in one line: unreadable, too large, not UTF-8, not JSON,
    nested too deeply, NaN or Infinity."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror}") from None
    if len(raw) > MAX_BYTES:
        raise RecordError(f"{path} is larger than {MAX_BYTES:,} bytes: not a pennybags record")
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError as e:
        raise RecordError(f"{path} is not UTF-8 text (byte {e.start}): not a pennybags "
                          "record") from None
    except RecursionError:
        raise RecordError(f"{path} is nested too deeply to be a pennybags record") from None
    except (json.JSONDecodeError, ValueError) as e:
        raise RecordError(f"{path} is not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path} is not a pennybags record")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a record can hold")


def verify(rec: Mapping[str, Any]) -> list[str]:
    """Replay and compare with the record's final snapshot; the differences, if any."""
    check_format(rec)
    if "final" not in rec:
        return ["the record has no final state to compare with"]
    return _differences(rec, _replay(rec))


def _differences(rec: Mapping[str, Any], game: Game) -> list[str]:
    try:
        return _diff("", rec["final"], snapshot(game))
    except RecursionError:
        raise RecordError("the record's final state is nested too deeply to compare") from None


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
