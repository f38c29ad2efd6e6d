"""``pennybags bank ultimate-banking``: the Ultimate Banking unit at the terminal, by lines.

The unit itself (:class:`~pennybags.editions.ultimate_banking.unit.UltimateBankingUnit`)
belongs to the edition; here are what a person types (:func:`apply_line`), the history
(:func:`history_lines`), the state file (:class:`Store`) and a plain line-by-line
companion (:func:`run_companion`). The companion with the live auction timer is
:class:`pennybags.banking.companion.UltimateCompanion`.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from pennybags.banking.store import (
    StateLock,
    StoreError,
    file_mode,
    one_line,
    read_json,
    sync_folder,
)
from pennybags.editions import get_edition
from pennybags.editions.ultimate_banking.unit import (
    AUCTION_SECONDS,
    TOKENS,
    UltimateBankingUnit,
    UnitError,
)
from pennybags.engine.ledger import BANK
from pennybags.paths import data_dir

# ====================================================================== companion

HELP = """\
The Ultimate Banking unit. Type what you would do to the unit:
  v (check)  m (M)  x (X)            press a button
  car | helicopter | boat | jet      tap a bank card
  5 | Old Kent Road                  tap a title deed (its number or its name)
  event Boom Town                    tap an Event card
  undo                               hold check and M for 5 seconds
  reset                              hold X for 5 seconds (asks to confirm)
  volume                             press check and X together
  wait 5                             let seconds pass (the auction timer)
  h history | ? help | q quit
Examples: 'm' 'car' collects $200 for GO; '12' 'boat' buys Strand (or pays its rent);
'12' 'm' 'v' 'm' 'm' then 'wait 5' and 'jet': jet wins Strand at auction for $40."""


def unit_model() -> type[UltimateBankingUnit]:
    """The Ultimate Banking unit model, found through the edition registry."""
    model = get_edition("ultimate-banking").unit
    if not (isinstance(model, type) and issubclass(model, UltimateBankingUnit)):
        raise ValueError("the edition 'ultimate-banking' has no Ultimate Banking unit")
    return model


class Store:
    """The unit's state in a JSON file, for one session at a time.

    :meth:`open` takes the file for this session (a second session is refused: the lock
    of :class:`~pennybags.banking.store.StateLock`) and reads the unit saved in it: None
    when there is no file yet (a new game); a file that is empty, not JSON, not a unit's
    state, or a state the unit cannot be in (see
    :meth:`~pennybags.editions.ultimate_banking.unit.UltimateBankingUnit.load`) is refused
    with :class:`StoreError` and left as it is. :meth:`save` writes the whole state
    atomically after every operation: a temporary file of its own in the same folder,
    flushed to disk, then renamed over the state (a crash or power cut leaves the previous
    or the new state, never half). :meth:`close` ends the session."""

    KIND = "ultimate-banking"

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock: StateLock | None = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def open(self, clock: Callable[[], float] = time.monotonic) -> UltimateBankingUnit | None:
        if self.lock is None:
            self.lock = StateLock(self.path)
        try:
            return self._read(clock)
        except BaseException:
            self.close()
            raise

    def _refuse(self, what: str) -> StoreError:
        return StoreError(f"cannot read the unit's state in {self.path}: {one_line(what)}")

    def _read(self, clock: Callable[[], float]) -> UltimateBankingUnit | None:
        path = self.path
        if not os.path.lexists(path):
            return None
        if not path.is_file():
            raise self._refuse("it is not a file")
        try:
            raw = path.read_bytes()
        except OSError as e:
            raise self._refuse(str(e.strerror or e)) from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise self._refuse(f"it is not UTF-8 text (byte {e.start})") from None
        if not text.strip():
            raise self._refuse("it is empty")
        try:
            obj = read_json(text)
        except ValueError as e:
            raise self._refuse(f"it is not JSON ({e})") from None
        if not isinstance(obj, dict):
            raise self._refuse(f"it holds {type(obj).__name__} {_short(text)}, not a "
                               "unit's state")
        try:
            return unit_from_state(obj, clock)
        except ValueError as e:
            raise self._refuse(str(e)) from None

    def save(self, unit: UltimateBankingUnit) -> None:
        if self.lock is None:
            self.lock = StateLock(self.path)
        path = self.path
        try:
            text = json.dumps(state_of(unit), allow_nan=False)
            fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                        dir=path.parent)
            try:
                os.fchmod(fd, file_mode())
                with os.fdopen(fd, "w", encoding="utf-8") as out:
                    out.write(text)
                    out.flush()
                    os.fsync(out.fileno())
                os.replace(name, path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(name)
                raise
            sync_folder(path.parent)
        except (OSError, ValueError) as e:
            raise StoreError(f"cannot save the unit's state in {path}: {one_line(e)}") from None

    def close(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None


KIND = Store.KIND
"""The ``kind`` a saved state of this unit is marked with."""


def state_of(unit: UltimateBankingUnit) -> dict[str, Any]:
    """The unit's state as saved (the JSON file here, a database row in the browser's
    units): :meth:`~UltimateBankingUnit.to_json` marked with its kind."""
    return {"kind": KIND, **unit.to_json()}


def unit_from_state(obj: dict[str, Any],
                    clock: Callable[[], float] = time.monotonic) -> UltimateBankingUnit:
    """The unit a saved state (:func:`state_of`) holds, checked field by field; ValueError
    saying what is wrong when it is another unit's state or one the unit cannot be in."""
    obj = dict(obj)
    kind = obj.pop("kind", KIND)
    if kind != KIND:
        raise ValueError(f"it holds the state of a {_short(json.dumps(kind))} unit, not "
                         f"'{KIND}'")
    try:
        return unit_model().from_json(obj, clock)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError,
            OverflowError) as e:
        raise ValueError(str(e)) from None


def _short(text: str) -> str:
    return text if len(text) <= 30 else text[:27] + "..."


def default_state_path() -> Path:
    return data_dir() / "bank-ultimate-banking.json"


def apply_line(unit: UltimateBankingUnit, line: str) -> str | None:
    """Carry out one typed line; returns text to show besides the display (or None)."""
    text = line.strip()
    word = text.lower()
    if word in ("v", "check", "ok", "m", "x"):
        unit.press(word)
    elif word == "undo":
        unit.hold("check+M")
    elif word == "reset":
        unit.hold("X")
    elif word == "volume":
        unit.together("check+X")
    elif word.startswith("wait"):
        try:
            seconds = float(word[4:].strip() or AUCTION_SECONDS)
        except ValueError:
            seconds = math.nan
        if not (math.isfinite(seconds) and seconds >= 0):
            raise UnitError("wait takes a number of seconds, 0 or more, like 'wait 5'")
        unit.tick(seconds)
    elif word in TOKENS:
        unit.tap_bank(word)
    elif word.startswith("event "):
        name = text[6:].strip()
        key = next((c.id for c in unit.cards.values()
                    if c.id == name.lower() or str(c.get("title", "")).lower() == name.lower()),
                   name.lower())
        unit.tap_event(key)
    elif word.isdigit():
        unit.tap_deed(int(word))
    else:
        try:
            index = unit.board.find_deed(text)
        except ValueError as e:
            raise UnitError(str(e)) from None
        number = next(n for n, i in unit.numbers.items() if i == index)
        unit.tap_deed(number)
    return None


def history_lines(unit: UltimateBankingUnit) -> list[str]:
    def who(a: int) -> str:
        return "bank" if a == BANK else TOKENS[a]

    lines = [f"{who(t.payer)} -> {who(t.payee)} {unit.money(t.amount)} ({t.reason})"
             for t in unit.ledger.transactions]
    lines.append("balances: " + ", ".join(f"{TOKENS[t]} {unit.money(unit.balance(t))}"
                                          for t in unit.players))
    return lines


def run_companion(state: Path | None = None, infile: TextIO | None = None,
                  out: TextIO | None = None,
                  clock: Callable[[], float] = time.monotonic) -> int:
    """The unit driven by lines, without the live timer (the time between lines is what
    passes): read lines, show the display after each. The state file is taken for the
    session (StoreError if another session has it, or if it is damaged)."""
    infile = infile if infile is not None else sys.stdin
    out = out if out is not None else sys.stdout
    with Store(state if state is not None else default_state_path()) as store:
        saved = store.open(clock)
        unit = saved if saved is not None else unit_model()(clock)
        print("Ultimate Banking unit" + (" (resumed)" if saved else "") + ". ? for help.",
              file=out)
        print(f"[ {unit.display} ]", file=out)
        last = clock()
        for line in infile:
            now = clock()
            unit.tick(max(0.0, now - last))
            last = now
            word = line.strip().lower()
            if not word:
                continue
            if word in ("q", "quit"):
                break
            if word in ("?", "help"):
                print(HELP, file=out)
                continue
            if word in ("h", "history"):
                print("\n".join(history_lines(unit)), file=out)
                continue
            try:
                apply_line(unit, line)
            except UnitError as e:
                print(f"(beep) {e}", file=out)
            store.save(unit)
            print(f"[ {unit.display} ]", file=out)
        store.save(unit)
    return 0
