"""The live auction of Ultimate Banking at the terminal: a real timer, presses from anyone.

With the edition's ``auction-timer`` option above 0 every eligible player has a ``bid``
decision at once. :class:`LiveAuction` runs the unit's timer over them: each press (Enter or
any key when one person plays; their seat number or initial when several share the
terminal) is a ``bid`` of one $20 step and restarts the timer; bots decide with their
strategy whether to press and press after a short random delay; when the timer runs out
with no press, ``time-up`` is sent. Every press, every bot's pass and the time-up are
ordinary recorded actions, so the game replays exactly from its record.

Time and input are injected for tests: the session's ``clock`` (seconds) and a *waiter*,
``wait_line(timeout)``, which returns a line typed within ``timeout`` seconds, None when the
time passed with nothing typed, and raises EOFError at the end of the input. For a
terminal the keys are read one at a time (cbreak mode) with ``select``; for a pipe
:class:`InputLines` reads lines from the descriptor with ``select``; for input that
cannot be waited on (a file object without a descriptor) the next line is taken at once.
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import select
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from pennybags.engine.actions import Decision
from pennybags.keyboard import has_descriptor
from pennybags.terminal.menus import QuitRequested, shown

if TYPE_CHECKING:
    from pennybags.terminal.app import Session

Waiter = Callable[[float], "str | None"]

BOT_DELAY = (0.6, 2.8)
"""Seconds a bot waits before its press (uniform), so that people can answer."""

HELP = """\
A live auction: every press raises the bid by one step and restarts the timer; the last
bidder wins when the timer runs out. To press: Enter (or any key) when one person plays;
when several people share the terminal, type your seat number or initial. Players in Jail
cannot bid. {keys}"""

COMMANDS: dict[str, tuple[str, str]] = {
    "board": ("#", "b"),
    "help": ("?", "h"),
    "quit": ("!", "q"),
}
"""The live auction's commands: each has a symbol that always works and a letter that works
unless it is the initial of a person at the table (then the letter bids for that person)."""


# ====================================================================== input with a timeout


@contextlib.contextmanager
def key_waiter(infile: Any) -> Iterator[Waiter]:
    """A waiter for the live auction. A terminal is put in cbreak mode and every key is a
    "line" of its own (Enter an empty one); an input with ``wait_line`` is asked for it;
    anything else gives its next line at once (it cannot be waited on)."""
    waiting = getattr(infile, "wait_line", None)
    if callable(waiting):
        yield waiting
        return
    if has_descriptor(infile) and infile.isatty():
        import termios
        import tty

        fd = infile.fileno()
        saved = termios.tcgetattr(fd)
        tty.setcbreak(fd)

        def key(timeout: float) -> str | None:
            ready, _, _ = select.select([fd], [], [], max(0.0, timeout))
            if not ready:
                return None
            data = os.read(fd, 1)
            if not data or data == b"\x04":
                raise EOFError
            if data == b"\x03":
                raise KeyboardInterrupt
            return "" if data in (b"\r", b"\n") else data.decode("latin-1")

        try:
            yield key
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        return

    def at_once(timeout: float) -> str | None:
        line = infile.readline()
        if not line:
            raise EOFError
        return str(line).rstrip("\r\n")

    yield at_once


# ====================================================================== the auction


def is_live_auction(session: Session) -> bool:
    """Whether the game waits on a timed auction (its bid decisions accept ``time-up``)."""
    game = session.game
    pending = game.pending
    if not pending or pending[0].kind != "bid":
        return False
    return any(a.do == "time-up" for a in game.legal_actions(pending[0].player))


class LiveAuction:
    """One timed auction, from its first open decision to its end."""

    def __init__(self, session: Session, waiter: Waiter) -> None:
        self.session = session
        self.game = session.game
        self.waiter = waiter
        self.clock = session.clock
        self.seconds = float(session.words.auction_timer() or 5)
        self.rng = random.Random(f"pennybags-live-auction/{self.game.seed}/"
                                 f"{len(self.game.history)}")
        self.deadline = 0.0
        self.plans: dict[int, float] = {}
        """Bots' presses to come: seat -> when."""
        self.planned_for: tuple[int, int, tuple[int, ...]] | None = None
        self.shown = -1

    # ------------------------------------------------------------ state

    def state(self) -> tuple[int, int, tuple[int, ...]] | None:
        """(high bid, high bidder, who may press) while the auction is open."""
        pending = self.game.pending
        if self.game.over or not pending or pending[0].kind != "bid":
            return None
        d = pending[0]
        return d.amount, d.high_bidder, tuple(x.player for x in pending)

    def people(self) -> list[int]:
        """Seats played by people, still in the game."""
        game = self.game
        return [p for p in game.active_players() if self.session.is_person(p)]

    # ------------------------------------------------------------ running

    def run(self) -> None:
        s = self.session
        game = self.game
        d = game.pending[0]
        s.tell()
        s.say(self.intro(d), style="bold")
        self.restart()
        while True:
            state = self.state()
            if state is None:
                break
            if state != self.planned_for and self.plan_bots(state):
                continue  # a bot passed: the auction changed
            now = self.clock()
            due = min(self.plans.values(), default=None)
            if due is not None and due <= now:
                seat = min(self.plans, key=lambda k: (self.plans[k], k))
                del self.plans[seat]
                self.press(seat)
                continue
            if now >= self.deadline:
                s.end_countdown()
                time_up = game.rulebook.vocabulary.actions["time-up"]()  # the timer ran out
                s.act(game.pending[0].player, time_up)
                break
            self.countdown(now)
            until = min(self.deadline, due if due is not None else self.deadline,
                        self.next_tick(now))
            line = self.waiter(max(0.0, until - now))
            if line is not None:
                self.typed(line)
        s.end_countdown()
        s.tell()
        s.autosave()

    def intro(self, d: Decision) -> str:
        game = self.game
        name = game.board[d.deed].name
        people = self.people()
        initials = self.initials()
        if len(people) == 1:
            how = f"{game.name(people[0])}: press Enter (or any key) to bid"
        elif people:
            how = "To bid, type your seat number or initial (" + ", ".join(
                f"{p + 1}" + (f" or {game.name(p)[0].upper()}"
                              if len(initials.get(game.name(p)[0].lower(), ())) == 1 else "")
                + f" for {game.name(p)}" for p in people) + ")"
        else:
            how = "Only bots can bid"
        jailed = [game.name(p) for p in game.active_players() if game.players[p].in_jail]
        jail = f" {', '.join(jailed)} in Jail cannot bid." if jailed else ""
        step = self.session.words.bid_step() or 20
        return (f"Live auction of {name} (price {game.money(game.board[d.deed].price)}): "
                f"each press bids {game.money(step)} more and restarts the "
                f"{self.seconds:g}-second timer; the last bidder wins when it runs out. "
                f"{how}.{jail} {self.keys_words()}")

    def initials(self) -> dict[str, list[int]]:
        """The people at the table by the first letter of their name (lower case)."""
        out: dict[str, list[int]] = {}
        for p in self.people():
            out.setdefault(self.game.name(p)[:1].lower(), []).append(p)
        return out

    def command(self, word: str) -> str | None:
        """The command a typed word asks for: its name, its symbol, or its letter when the
        letter is no person's initial (None: not a command)."""
        initials = self.initials()
        for name, (symbol, letter) in COMMANDS.items():
            if word in (name, symbol) or (word == letter and letter not in initials):
                return name
        return None

    def keys_words(self) -> str:
        """The command keys as they work at this table ("b or # shows the board, ...")."""
        initials = self.initials()
        what = {"board": "shows the board", "help": "explains", "quit": "quits"}
        text = ", ".join(
            (f"{letter} or {symbol}" if letter not in initials else symbol) + f" {what[name]}"
            for name, (symbol, letter) in COMMANDS.items())
        return text[:1].upper() + text[1:] + "."

    def restart(self) -> None:
        self.deadline = self.clock() + self.seconds
        self.shown = -1

    def next_tick(self, now: float) -> float:
        """When the countdown shows its next whole second."""
        return self.deadline - max(0, math.ceil(self.deadline - now) - 1)

    def countdown(self, now: float) -> None:
        left = max(0, math.ceil(self.deadline - now))
        if left != self.shown:
            self.shown = left
            self.session.countdown(self.status(left))

    def status(self, left: int) -> str:
        pending = self.game.pending
        d = pending[0]
        game = self.game
        high = f"{game.money(d.amount)} by {game.name(d.high_bidder)}" \
            if d.high_bidder >= 0 else "no bid yet"
        return f"  [{left} s] {game.board[d.deed].name}: {high}"

    # ------------------------------------------------------------ bots

    def plan_bots(self, state: tuple[int, int, tuple[int, ...]]) -> bool:
        """Each bot that may press decides (its strategy's bid or pass) after a change of
        the bid. Returns True if a bot passed (the decisions changed)."""
        s = self.session
        game = self.game
        self.planned_for = state
        self.plans = {}
        now = self.clock()
        for seat in state[2]:
            bot = s.bots.get(seat)
            if bot is None:
                continue
            choice = bot.choose(game, seat)
            if choice.do == "bid":
                self.plans[seat] = now + self.rng.uniform(*BOT_DELAY)
            elif choice.do == "pass":
                s.end_countdown()
                s.act(seat, choice)
                s.tell()
                s.autosave()
                return True
        return False

    # ------------------------------------------------------------ presses

    def press(self, seat: int) -> bool:
        """``seat`` presses: one step above the high bid. Returns whether it counted."""
        s = self.session
        game = self.game
        problem = self.why_not(seat)
        if problem is not None:
            s.end_countdown()
            s.prompter.reason(problem)
            return False
        bid = next(a for a in game.legal_actions(seat) if a.do == "bid")
        s.end_countdown()
        if not s.act(seat, bid):
            return False
        s.tell()
        s.autosave()
        self.restart()
        return True

    def why_not(self, seat: int) -> str | None:
        game = self.game
        name = game.name(seat)
        player = game.players[seat]
        if player.bankrupt:
            return f"{name} is out of the game."
        if player.in_jail:
            return f"{name} is in Jail and cannot bid."
        d = game.decision_for(seat)
        pending = game.pending
        if d is None:
            if pending and pending[0].high_bidder == seat:
                return f"{name} has the high bid already."
            return f"{name} cannot bid now."
        if not any(a.do == "bid" for a in game.legal_actions(seat)):
            nxt = self.session.words.next_bid()
            more = f"; the next bid is {game.money(nxt)}" if nxt is not None else ""
            return f"{name} has only {game.money(game.cash(seat))}{more}."
        return None

    def typed(self, line: str) -> None:
        """A line (or a key) typed during the auction."""
        s = self.session
        game = self.game
        text = line.strip()
        word = text.lower()
        if s.prompter.echo:
            s.say(f"> {text or '(Enter)'}")
        people = self.people()
        seat = self.seat_typed(text, word, people)
        if seat is None:
            return
        if not s.is_person(seat):
            s.end_countdown()
            s.prompter.reason(f"{game.name(seat)} is a bot: it presses for itself.")
            return
        self.press(seat)

    def seat_typed(self, text: str, word: str, people: list[int]) -> int | None:
        """The seat a typed line presses for, after carrying out a command or saying why
        it presses for nobody (then None). A seat's number, its person's initial or name
        come first: no command letter shadows a person's initial."""
        s = self.session
        game = self.game

        def refuse(reason: str) -> None:
            s.end_countdown()
            s.prompter.reason(reason)

        if word.isdigit() and word.isascii() and len(word) <= 6:
            number = int(word)
            if not 1 <= number <= len(game.players):
                refuse(f"There is no seat {number}: seats are 1 to {len(game.players)}.")
                return None
            return number - 1
        named = [p for p in range(len(game.players)) if game.name(p).lower() == word]
        if named:
            return named[0]
        if len(word) == 1:
            mine = self.initials().get(word, [])
            if len(mine) == 1:
                return mine[0]
            if len(mine) > 1:
                refuse(f"'{shown(text)}' is the initial of several people: type your seat "
                       "number.")
                return None
        command = self.command(word)
        if command == "help":
            s.end_countdown()
            s.say(HELP.format(keys=self.keys_words()))
            return None
        if command == "board":
            s.end_countdown()
            s.show_board()
            return None
        if command == "quit":
            s.end_countdown()
            raise QuitRequested
        if word in ("", "m", "+") or (len(people) == 1 and len(word) == 1):
            if len(people) != 1:
                refuse("Several people play: type your seat number or initial to bid.")
                return None
            return people[0]  # Enter or any key presses for the only person at the table
        bots = [p for p in range(len(game.players))
                if len(word) == 1 and game.name(p)[:1].lower() == word]
        if bots:
            return bots[0]
        refuse(f"'{shown(text)}' is not a seat: type a seat number or initial (? for help).")
        return None
