"""Saved games at the terminal: where a game is saved by default, the list of recent saved
games (``pennybags resume`` with no file), the newest unfinished one (``--latest``), and the
command that resumes a game, in the form the person started it with (``pennybags`` or the
repository's ``./play`` script, which sets ``PENNYBAGS_LAUNCHER``)."""

from __future__ import annotations

import os
import shlex
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pennybags import history
from pennybags.paths import games_dir

LAUNCHER_VARIABLE = "PENNYBAGS_LAUNCHER"
"""The environment variable naming the command a person types to start pennybags (the
``play`` script sets it to the way it was run, such as ``./play``); unset: ``pennybags``."""

LISTED = 15
"""How many saved games ``pennybags resume`` lists."""


def launcher() -> str:
    """The command that runs pennybags for this person, quoted for a shell."""
    return shlex.quote(os.environ.get(LAUNCHER_VARIABLE) or "pennybags")


def resume_command(path: Path | str | None = None, latest: bool = False) -> str:
    """The command that resumes a saved game (the newest unfinished one with ``latest``),
    as the person types it: ``pennybags resume 'my game.json'``, ``./play --continue``."""
    if latest:
        return f"{launcher()} --continue" if os.environ.get(LAUNCHER_VARIABLE) else \
            f"{launcher()} resume --latest"
    return f"{launcher()} resume " + (shlex.quote(str(path)) if path is not None else "FILE")


def one_line(error: BaseException) -> str:
    """An OS error in a few words ("Permission denied", "Not a directory")."""
    if isinstance(error, FileExistsError) and error.filename:
        return f"{error.filename} is a file, not a folder"
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__


def new_game_path(edition: str, now: float | None = None) -> Path:
    """A new file in the games folder for a game of ``edition`` starting now, named by the
    edition and the time (``classic-2026-11-25-101530.json``; ``-2``, ``-3``... when games
    start in the same second). The file is created empty, so that no other game takes the
    name. Raises OSError when the folder cannot be created or written."""
    folder = games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%d-%H%M%S", time.localtime(now))
    number = 1
    while True:
        path = folder / (f"{edition}-{stamp}.json" if number == 1 else
                         f"{edition}-{stamp}-{number}.json")
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            number += 1
            continue
        os.close(fd)
        return path


def resolve(name: str) -> Path:
    """The file ``pennybags resume NAME`` means: NAME itself, or when there is no such file
    and NAME is a bare file name, the saved game of that name in the games folder (the
    names ``pennybags resume`` lists)."""
    path = Path(name).expanduser()
    if path.exists() or path.name != name:
        return path
    listed = games_dir() / name
    return listed if listed.is_file() else path


# ====================================================================== the list


@dataclass(frozen=True)
class SavedGame:
    """What the list of saved games says about one file."""

    path: Path
    saved: float
    """When the file was last written (seconds since the epoch)."""
    edition: str = ""
    players: tuple[str, ...] = ()
    round: int | None = None
    over: bool = False
    problem: str = ""
    """Why the file is not a game that can be resumed ("" when it is one)."""

    @property
    def unfinished(self) -> bool:
        return not self.problem and not self.over


def read_saved(path: Path) -> SavedGame:
    """One saved game's summary, from its record (without replaying it)."""
    try:
        saved = path.stat().st_mtime
    except OSError:
        saved = 0.0
    try:
        rec = history.load(path)
    except history.RecordError:
        return SavedGame(path, saved, problem="not a pennybags game")
    final = rec.get("final")
    if not isinstance(final, dict):
        return SavedGame(path, saved, problem="not a saved game")
    edition = rec.get("edition", "?")
    names = rec.get("players")
    players = tuple(str(n) for n in names) if isinstance(names, list) else ()
    rounds = final.get("round")
    return SavedGame(path, saved, edition=str(edition), players=players,
                     round=rounds if isinstance(rounds, int) else None,
                     over=final.get("over") is True)


def game_files(folder: Path | None = None) -> list[Path]:
    """The ``*.json`` files of the games folder, the most recently saved first."""
    folder = folder if folder is not None else games_dir()
    found: list[tuple[float, Path]] = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    for entry in entries:
        if entry.suffix != ".json":
            continue
        try:
            if entry.is_file():
                found.append((entry.stat().st_mtime, entry))
        except OSError:
            continue
    found.sort(key=lambda pair: (-pair[0], pair[1].name))
    return [p for _, p in found]


def latest_unfinished(folder: Path | None = None) -> SavedGame | None:
    """The most recently saved game in the games folder that has not ended."""
    for path in game_files(folder):
        game = read_saved(path)
        if game.unfinished:
            return game
    return None


def listing(folder: Path | None = None, limit: int = LISTED) -> list[str]:
    """The lines ``pennybags resume`` prints without a file: the recent saved games, newest
    first, and how to resume one."""
    folder = folder if folder is not None else games_dir()
    files = game_files(folder)
    if not files:
        return [f"No saved games in {folder}. Games are saved there as they are played "
                "(unless 'play --no-save' or 'play --save FILE' is given)."]
    games = [read_saved(p) for p in files[:limit]]
    rows: list[Sequence[str]] = [("FILE", "EDITION", "PLAYERS", "ROUND", "STATE", "SAVED")]
    for g in games:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.saved))
        if g.problem:
            rows.append((g.path.name, "", "", "", g.problem, when))
            continue
        rows.append((g.path.name, g.edition, _cut(", ".join(g.players), 32),
                     "" if g.round is None else str(g.round),
                     "finished" if g.over else "unfinished", when))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = [f"Saved games in {folder}, the most recent first:"]
    for r in rows:
        out.append("  " + "  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True))
                   .rstrip())
    if len(files) > limit:
        out.append(f"  ... and {len(files) - limit} older (in {folder}).")
    out.append(f"Resume one: {resume_command()} (a name from this list is enough)")
    out.append(f"Resume the most recent unfinished game: {resume_command(latest=True)}")
    return out


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."

