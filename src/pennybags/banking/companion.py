"""``pennybags bank electronic-banking`` and ``pennybags bank ultimate-banking``: a banking
unit at the terminal.

For people playing on a physical board whose unit is lost or broken. Keyboard keys stand
for the unit's buttons (a help line shows the mapping), the display is drawn large, and
the state is saved in a SQLite file after every key (:mod:`pennybags.banking.store`), so
closing the program, a crash or a power cut loses nothing; opening it again resumes. ``h``
lists every transaction since the last reset with the cards' balances; the reset (C held
5 s with no card in) asks for confirmation first.

On a terminal every key acts at once; from a pipe or a file, lines are read and each
character of a line is a key (``i1 2.2m t o i2 t o`` is a whole transfer).

The Ultimate Banking unit (:mod:`pennybags.editions.ultimate_banking.unit`) is driven by
lines instead, one tap or press a line (:class:`UltimateCompanion`): its state is a JSON
file written atomically after every line, the auction timer runs in real time with a countdown (the
unit sells when five seconds pass without a press, even while nobody types), ``h`` shows
the history, the owners and the balances, and a reset asks for confirmation.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pennybags.banking import ultimate
from pennybags.banking.store import StoreError, UnitStore, edition_settings
from pennybags.editions.electronic_banking.amounts import format_km
from pennybags.editions.electronic_banking.unit import ERRORS, RESET_SECONDS
from pennybags.editions.ultimate_banking.unit import TOKENS, UnitError
from pennybags.engine.ledger import BANK
from pennybags.keyboard import KeySource, TerminalKeys, cbreak, timed_input, wait_line
from pennybags.paths import data_dir

KEYS: dict[str, str] = {
    **{d: d for d in "0123456789."},
    "m": "M", "M": "M", "k": "K", "K": "K",
    "+": "+", "-": "-", "t": "T", "T": "T", "g": "GO", "G": "GO", "c": "C", "C": "C",
    "o": "out", "O": "out", "v": "hold:.:1", "V": "hold:.:1",
}
"""Keyboard key -> unit step. ``i`` followed by a card number inserts that card; ``r`` is
C held for 5 seconds; ``h``, ``?`` and ``q`` are the program's own."""

HELP_LINE = ("keys: i1-i6 insert card | o take it out | 0-9 . keypad | m M | k K | "
             "+ credit | - debit | t transfer | g GO arrow | c C | r hold C 5 s (reset) | "
             "v hold . (volume) | h history | ? help | q quit")

HELP = """\
The banking unit of Monopoly Electronic Banking. Each player has a bank card (1 to 6).
  Pay the bank 600K:     i1 600k -  o      (insert card 1, key 600K, press -, take it out)
  Receive 2M from bank:  i1 2m +  o
  Pass GO:               i1 g o           (the GO arrow adds 2M)
  Pay a player 2.2M:     i1 2.2m t o  i2 t o
                         (the payer's card, the amount, transfer, out; then the payee's
                         card and transfer again: the money moves then)
  A mistake while keying: c (C) clears the entry; c also cancels a transfer that waits.
  Start a new game: take the card out and hold C for 5 seconds (r): every card goes back
  to 15M and the history starts again (you are asked to confirm).
  The volume: hold the decimal point with no card in (v)."""

_FONT: dict[str, tuple[str, ...]] = {
    "0": ("###", "# #", "# #", "# #", "###"), "1": (" # ", "## ", " # ", " # ", "###"),
    "2": ("###", "  #", "###", "#  ", "###"), "3": ("###", "  #", " ##", "  #", "###"),
    "4": ("# #", "# #", "###", "  #", "  #"), "5": ("###", "#  ", "###", "  #", "###"),
    "6": ("###", "#  ", "###", "# #", "###"), "7": ("###", "  #", "  #", "  #", "  #"),
    "8": ("###", "# #", "###", "# #", "###"), "9": ("###", "# #", "###", "  #", "###"),
    ".": (" ", " ", " ", " ", "#"), "-": ("   ", "   ", "###", "   ", "   "),
    " ": ("  ", "  ", "  ", "  ", "  "),
    "A": (" # ", "# #", "###", "# #", "# #"), "C": ("###", "#  ", "#  ", "#  ", "###"),
    "D": ("## ", "# #", "# #", "# #", "## "), "E": ("###", "#  ", "###", "#  ", "###"),
    "F": ("###", "#  ", "###", "#  ", "#  "), "I": ("###", " # ", " # ", " # ", "###"),
    "K": ("# #", "# #", "## ", "# #", "# #"), "L": ("#  ", "#  ", "#  ", "#  ", "###"),
    "M": ("#   #", "## ##", "# # #", "#   #", "#   #"),
    "N": ("#  #", "## #", "# ##", "#  #", "#  #"), "O": ("###", "# #", "# #", "# #", "###"),
    "P": ("###", "# #", "###", "#  ", "#  "), "R": ("## ", "# #", "## ", "# #", "# #"),
    "S": ("###", "#  ", "###", "  #", "###"), "T": ("###", " # ", " # ", " # ", " # "),
    "U": ("# #", "# #", "# #", "# #", "###"), "V": ("# #", "# #", "# #", "# #", " # "),
    "Y": ("# #", "# #", " # ", " # ", " # "), "?": ("###", "  #", " ##", "   ", " # "),
}


def big(text: str) -> str:
    """``text`` in a five-line block font (unknown characters as ``?``)."""
    rows = ["", "", "", "", ""]
    for i, ch in enumerate(text.upper()):
        glyph = _FONT.get(ch, _FONT["?"])
        for r in range(5):
            rows[r] += ("" if i == 0 else " ") + glyph[r]
    return "\n".join(r.replace("#", "\u2588").rstrip() for r in rows)


def default_state_path(edition: str) -> Path:
    """Where the unit's state lives unless ``--state`` says otherwise."""
    return data_dir() / f"bank-{edition}.sqlite3"


# ====================================================================== the companion


class Companion:
    """The terminal unit over a :class:`UnitStore`."""

    def __init__(self, store: UnitStore, console: Console, keys: KeySource, *,
                 title: str = "Monopoly Electronic Banking") -> None:
        self.store = store
        self.unit = store.unit
        self.console = console
        self.keys = keys
        self.title = title
        self.notice = ""
        """A line from the program itself (not the unit's display)."""
        self.trail: list[str] = []
        """The displays shown since the screen was last drawn."""

    # ------------------------------------------------------------ screen

    def screen(self) -> Panel:
        unit = self.unit
        display = unit.display
        style = "bold red" if display in ERRORS else "bold green"
        body = Text()
        body.append(big(display) + "\n", style=style)
        body.append(f"\nDisplay: {display}\n", style="bold")
        slot = f"card {unit.card} in the slot" if unit.card is not None else "no card in"
        parts = [slot]
        if unit.waiting is not None:
            parts.append(f"transfer of {format_km(unit.waiting[1])} from card "
                         f"{unit.waiting[0]} waits for the payee's card")
        parts.append(f"volume {unit.volume}")
        if unit.sound:
            parts.append(f"sound: {unit.sound}")
        body.append(" | ".join(parts) + "\n")
        if len(self.trail) > 1:
            body.append("Shown on the way: " + ", ".join(self.trail) + "\n")
        if self.notice:
            body.append(self.notice + "\n", style="yellow")
        body.append(HELP_LINE, style="dim")
        return Panel(body, title=f"{self.title}: banking unit",
                     subtitle=str(self.store.path), expand=False)

    def draw(self) -> None:
        if self.keys.every_key and self.console.is_terminal:
            self.console.clear()
        self.console.print(self.screen())
        self.notice = ""
        self.trail = []

    def history_view(self) -> None:
        table = Table(title="History since the last reset")
        for col in ("#", "time (UTC)", "from", "to", "amount", "what"):
            table.add_column(col)
        for n, e in enumerate(self.store.history(), 1):
            table.add_row(str(n), e.at.replace("T", " ")[:19], _who(e.payer), _who(e.payee),
                          format_km(e.amount), e.reason)
        self.console.print(table)
        balances = ", ".join(f"card {c}: {format_km(v)}"
                             for c, v in self.unit.balances().items())
        self.console.print(f"Balances: {balances}")

    # ------------------------------------------------------------ keys

    def step(self, step: str) -> None:
        """One step at the unit, saved before the next key is read."""
        self.trail.append(self.unit.step(step))
        self.store.save()

    def run(self) -> int:
        self.draw()
        while True:
            key = self.keys.next()
            if key is None:
                return 0
            if key == "q":
                self.console.print("The unit's state is saved; open it again to go on.")
                return 0
            self.handle(key)
            if self.keys.every_key or key == "\n":
                self.draw()

    def handle(self, key: str) -> None:
        if key in (" ", "\t", "\n"):
            return
        if key == "i":
            card = self._next_key()
            if card is None or not card.isdigit():
                if card is not None:
                    self.keys.push(card)
                self.notice = "i is followed by a card number: i1 to i6."
                return
            self.step(f"in:{card}")
            return
        if key == "r":
            self.reset()
            return
        if key in ("h", "?"):
            if key == "h":
                self.history_view()
            else:
                self.console.print(HELP)
            if self.keys.every_key:
                self.console.print("Press any key to go back to the unit.")
                self.keys.next()
            return
        step = KEYS.get(key)
        if step is None:
            self.notice = f"'{key}' is not a key of the unit (? for help)."
            return
        self.step(step)

    def _next_key(self, *, lines: bool = False) -> str | None:
        """The next key that is not a space (nor the end of a line, with ``lines``)."""
        skipped = (" ", "\t", "\n") if lines else (" ", "\t")
        while True:
            key = self.keys.next()
            if key is None or key not in skipped:
                return key

    def reset(self) -> None:
        """C held 5 s. With no card in it resets the unit, after a confirmation."""
        if self.unit.card is not None:
            self.step(f"hold:C:{RESET_SECONDS:g}")
            return
        self.console.print(f"Reset the unit? Every card goes back to "
                           f"{format_km(self.unit.start)} and the history starts again. "
                           "Type y to reset, anything else to keep the balances: ",
                           end="")
        self.console.file.flush()
        answer = self._next_key(lines=True)
        self.console.print()
        if answer is None or answer.lower() != "y":
            self.notice = "Not reset: the balances are kept."
            return
        self.unit.hold("C", RESET_SECONDS)
        self.store.save(reset=True)
        self.notice = f"Reset: every card holds {format_km(self.unit.start)}."


def _who(card: int) -> str:
    return "bank" if card == BANK else f"card {card}"


# ====================================================================== the command


COMPANIONS: dict[str, Callable[[Path], UnitStore]] = {}
"""Edition id -> how to open its unit's state file."""


def _open_electronic(path: Path) -> UnitStore:
    start, go, cards = edition_settings("electronic-banking")
    return UnitStore(path, kind="electronic-banking", start=start, go=go, cards=cards)


COMPANIONS["electronic-banking"] = _open_electronic

Runner = Callable[[Path | None, TextIO, TextIO, Mapping[str, str]], int]
RUNNERS: dict[str, Runner] = {}
"""Edition id -> a companion with its own loop (units driven by lines, not keys)."""


# ====================================================================== Ultimate Banking


ULTIMATE_HELP_EXTRA = """\
While an auction runs the timer counts down on its own; each m restarts it, and when
5 seconds pass without a press the unit shows SOLD (or NO BIDS): the winner then taps
their card. After 'reset', type v (or y) to reset, x (or n) to keep the game.
The state is saved after every line; open the unit again to resume."""


class UltimateCompanion:
    """``pennybags bank ultimate-banking``: the three-button unit driven by typed lines."""

    def __init__(self, path: Path, infile: Any, out: TextIO, *,
                 clock: Callable[[], float] = time.monotonic,
                 set_bonus: str | None = None) -> None:
        if set_bonus is not None and set_bonus not in ultimate_set_bonus_readings():
            raise ValueError(f"option 'set-bonus' takes "
                             f"{' or '.join(ultimate_set_bonus_readings())}, "
                             f"not '{set_bonus}'")
        self.path = path
        self.infile = infile
        self.out = out
        self.clock = clock
        self.store = ultimate.Store(path)
        saved = self.store.open(clock)   # this session's now; StoreError if in use/damaged
        self.resumed = saved is not None
        self.unit = saved if saved is not None else ultimate.unit_model()(clock)
        if set_bonus is not None:
            self.unit.set_bonus = set_bonus
        self.last = clock()
        self.shown = -1

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def close(self) -> None:
        """End the session: the state file is free for the next one."""
        self.store.close()

    def show(self) -> None:
        unit = self.unit
        self.say(f"[ {unit.display} ]")
        if unit.players and unit.mode not in ("register",):
            self.say("   " + ", ".join(f"{TOKENS[t]} "
                                       f"{unit.money(unit.balance(t))}"
                                       for t in unit.players))
        if unit.mode == "confirm-reset":
            self.say("   Reset the unit? Every balance, owner and level is cleared and the "
                     "cards join again. Type v (or y) to reset, x (or n) to keep the game.")

    def save(self) -> None:
        self.store.save(self.unit)

    def elapse(self) -> None:
        """Let the real time since the last look pass on the unit (the auction timer, the
        sleep after five minutes)."""
        now = self.clock()
        before = (self.unit.mode, self.unit.display)
        self.unit.tick(max(0.0, now - self.last))
        self.last = now
        if (self.unit.mode, self.unit.display) != before:
            self.save()
            if before[0] == "auction":
                self.say("The timer has run out.")
                self.show()

    def history(self) -> None:
        unit = self.unit
        tokens = TOKENS
        self.say("History since the game started (most recent last):")
        lines = ultimate.history_lines(unit)
        for n, line in enumerate(lines[:-1], 1):
            self.say(f"  {n:>3}. {line}")
        if len(lines) == 1:
            self.say("  (no transactions yet)")
        owned = sorted(unit.owner.items())
        if owned:
            self.say("Properties: " + ", ".join(
                f"{n} {unit.name_of(n)} ({tokens[o]}, level {unit.level[n]})"
                for n, o in owned))
        self.say(lines[-1][0].upper() + lines[-1][1:])

    def countdown(self) -> None:
        left = max(0, math.ceil(float(self.unit.wait.get("left", 0))))
        if left != self.shown:
            self.shown = left
            self.say(f"   timer: {left} s")

    def run(self) -> int:
        how = "resumed from" if self.resumed else "a new game, saved in"
        self.say(f"Ultimate Banking unit ({how} {self.path}). ? for help, q to quit.")
        self.show()
        while True:
            timeout = 3600.0
            if self.unit.mode == "auction":
                self.countdown()
                left = float(self.unit.wait.get("left", 0))
                timeout = max(0.0, min(1.0, left - (math.ceil(left) - 1)))
            try:
                line = wait_line(self.infile, timeout)
            except EOFError:
                break
            self.elapse()
            if line is None:
                continue
            if not self.handle(line):
                break
        self.save()
        self.say("The unit's state is saved; open it again to go on.")
        return 0

    def handle(self, line: str) -> bool:
        """One typed line; False to quit."""
        word = line.strip().lower()
        if not word:
            return True
        if word in ("q", "quit", "exit"):
            return False
        if word in ("?", "help"):
            self.say(ultimate.HELP)
            self.say(ULTIMATE_HELP_EXTRA)
            return True
        if word in ("h", "history"):
            self.history()
            return True
        if self.unit.mode == "confirm-reset":
            word = {"y": "v", "yes": "v", "n": "x", "no": "x"}.get(word, word)
            if word not in ("v", "check", "ok", "x"):
                self.say("(beep) answer the reset question: v (or y) resets, x (or n) keeps "
                         "the game")
                self.show()
                return True
            line = word
        try:
            ultimate.apply_line(self.unit, line)
        except UnitError as e:
            self.say(f"(beep) {e}")
        self.shown = -1
        self.save()
        self.show()
        return True


def ultimate_set_bonus_readings() -> tuple[str, ...]:
    from pennybags.editions.ultimate_banking.game import SET_BONUS

    return tuple(SET_BONUS)


def run_ultimate(state: Path | None, infile: TextIO, out: TextIO,
                 options: Mapping[str, str] | None = None, *,
                 clock: Callable[[], float] = time.monotonic) -> int:
    """Options: ``set-bonus`` (``rulebook`` or ``unit``: the colour-set completion reading,
    kept with the game)."""
    options = dict(options or {})
    set_bonus = options.pop("set-bonus", None)
    if options:
        raise ValueError(f"the Ultimate Banking unit has no option(s) "
                         f"{', '.join(sorted(options))}; it has: set-bonus")
    path = state if state is not None else ultimate.default_state_path()
    companion = UltimateCompanion(path, timed_input(infile), out, clock=clock,
                                  set_bonus=set_bonus)
    try:
        return companion.run()
    finally:
        companion.close()


RUNNERS["ultimate-banking"] = run_ultimate


def run_companion(edition: str, state: Path | None, *, infile: TextIO | None = None,
                  outfile: TextIO | None = None,
                  options: Mapping[str, str] | None = None) -> int:
    """Open the unit of ``edition`` (its state in ``state``) and run it on the terminal.

    Raises ValueError for an edition without a banking unit and StoreError for a state file
    that cannot be used."""
    key = edition.strip().lower().replace("_", "-")
    runner = RUNNERS.get(key)
    if runner is not None:
        return runner(state, infile if infile is not None else sys.stdin,
                      outfile if outfile is not None else sys.stdout, options or {})
    opener = COMPANIONS.get(key)
    if opener is None:
        known = ", ".join(sorted({*COMPANIONS, *RUNNERS}))
        raise ValueError(f"the edition '{edition}' has no banking unit to open here; "
                         f"units: {known}")
    if options:
        raise ValueError(f"the {edition} unit has no options (given: "
                         f"{', '.join(sorted(options))})")
    infile = infile if infile is not None else sys.stdin
    outfile = outfile if outfile is not None else sys.stdout
    path = state if state is not None else default_state_path(key)
    store = opener(path)
    try:
        console = Console(file=outfile, highlight=False)
        if store.fresh:
            console.print(f"A new unit: every card holds {format_km(store.start)}. "
                          f"The state is kept in {path}.")
        else:
            console.print(f"Resuming the unit saved in {path}.")
        with cbreak(infile) as live:
            keys: KeySource = TerminalKeys(infile) if live else KeySource(infile)
            return Companion(store, console, keys).run()
    finally:
        store.close()


__all__ = ["COMPANIONS", "RUNNERS", "Companion", "KeySource", "StoreError",
           "UltimateCompanion", "big", "run_companion", "run_ultimate"]
