"""``pennybags bank ultimate-banking``: the Ultimate Banking unit at the terminal, by lines.

The unit itself (:class:`~pennybags.editions.ultimate_banking.unit.UltimateBankingUnit`)
belongs to the edition; here are what a person types (:func:`apply_line`), the history
(:func:`history_lines`), the state file (:class:`Store`) and a plain line-by-line
companion (:func:`run_companion`). The companion with the live auction timer is
:class:`pennybags.banking.companion.UltimateCompanion`.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from pennybags.editions import get_edition
from pennybags.editions.ultimate_banking.unit import (
    AUCTION_SECONDS,
    TOKENS,
    UltimateBankingUnit,
    UnitError,
)
from pennybags.engine.ledger import BANK

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
    """The unit's state in a JSON file, written whole and atomically after every
    operation (a crash or power cut leaves the previous or the new state, never half)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> dict[str, Any] | None:
        if not self.path.exists():
            return None
        try:
            obj = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise ValueError(f"cannot read the unit's state in {self.path}: {e}") from None
        return obj if isinstance(obj, dict) else None

    def save(self, unit: UltimateBankingUnit) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(self.path.suffix + ".tmp")
        with open(tmp, "w", encoding="utf-8") as out:
            json.dump(unit.to_json(), out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, self.path)
        # The rename itself must reach the disk too, or a power cut could undo it.
        folder = os.open(self.path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def default_state_path() -> Path:
    base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    return base / "pennybags" / "bank-ultimate-banking.json"


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
            raise UnitError("wait takes a number of seconds, like 'wait 5'") from None
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
    """``pennybags bank ultimate-banking``: read lines, show the display after each."""
    infile = infile if infile is not None else sys.stdin
    out = out if out is not None else sys.stdout
    store = Store(state if state is not None else default_state_path())
    saved = store.load()
    model = unit_model()
    unit = model.from_json(saved, clock) if saved else model(clock)
    print("Ultimate Banking unit" + (" (resumed)" if saved else "") + ". ? for help.",
          file=out)
    print(f"[ {unit.display} ]", file=out)
    last = clock()
    for line in infile:
        now = clock()
        unit.tick(now - last)
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
