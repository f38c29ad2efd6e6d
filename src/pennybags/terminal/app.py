"""``pennybags play`` and ``pennybags resume``: a game at the terminal.

A :class:`Session` drives one game: bots answer their decisions at once and the narrator
tells what they did; a person gets a numbered menu of the legal actions at each of their
decisions, with the managing actions (build, sell, mortgage, lift a mortgage) in a
"Manage properties..." sub-menu and a trade dialog; a kind of action with many lines
(forced sales, card plays on each player) is folded into one line that opens a second
menu (see :mod:`pennybags.terminal.folding`); actions that play a card to a place (a
Travel Voucher) are chosen card first, and a choice among many places (Ultimate Monopoly's
triples, Subway, "any space" cards: up to 119 spaces) is made by typing a name, the start of
one, or a space's ``track:number`` (:meth:`Session.pick_place`). Before another player's
turn starts, a person who could build or lift a mortgage is asked whether to do so first;
before another player answers, a person who has just become able to act at any time
(Deal Buster when someone is about to buy) is asked whether to. Games are saved
with :func:`pennybags.history.save` (the seats and bot specs go in the record's ``extra``),
and resumed by replaying the record: the bots are replayed too, so a resumed game goes on
exactly as it would have without the pause.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import hashlib
import os
import sys
import textwrap
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TextIO, cast

from rich.console import Console

from pennybags import history
from pennybags.bots import Bot, make_bot
from pennybags.editions import get_edition, words_for
from pennybags.engine.actions import Action, Decision, IllegalAction, Trade
from pennybags.engine.board import Board
from pennybags.engine.game import Event, Game
from pennybags.engine.notation import (
    MORTGAGED_SHARE,
    action_from_json,
    card_entry_words,
    companies,
    trade_card_entry,
    trade_words,
)
from pennybags.engine.options import parse_option_pairs
from pennybags.engine.words import Words, group_title
from pennybags.errors import UserError
from pennybags.keyboard import has_descriptor, timed_input
from pennybags.paths import games_dir
from pennybags.terminal import saves
from pennybags.terminal.board_map import board_map, holdings_lines, player_marks
from pennybags.terminal.folding import PICK_OVER, Fold, fold_actions, without_target
from pennybags.terminal.live_auction import LiveAuction, Waiter, is_live_auction, key_waiter
from pennybags.terminal.menus import Prompter, QuitRequested, parse_number, shown
from pennybags.terminal.narrate import Narrator, money_colours
from pennybags.terminal.render import standings_table

BOT_GAME_ROUNDS = 1000
"""The round limit given to a game of bots only when none is set."""

LIVE_AUCTION_SECONDS = 5
"""The live auction timer a game with a person gets when the edition has one and the
command line sets none (``-o auction-timer=0`` asks for the turn-based auction)."""

MANAGE_WORDS = {"build": "build", "sell-building": "sell buildings", "mortgage": "mortgage",
                "unmortgage": "lift mortgages", "sell-down": "sell down",
                "mortgage-share": "mortgage shares", "unmortgage-share": "lift share mortgages"}
"""How the "manage properties" menu line names each kind of managing action."""


# ====================================================================== seats


@dataclass(frozen=True)
class Seat:
    """One seat at the table: a person, or a bot given by its spec (``standard``,
    ``random``, ``standard?reserve=300``)."""

    name: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None

    def to_json(self) -> dict[str, str]:
        if self.bot is None:
            return {"name": self.name, "kind": "person"}
        return {"name": self.name, "kind": "bot", "bot": self.bot}

    def note(self) -> str:
        return "" if self.bot is None else self.bot


def parse_seats(text: str, *, auto: bool = False) -> list[Seat]:
    """``"Ann,bot,bot:random"`` as seats. Bots are named "Bot 1", "Bot 2"... (skipping
    names people already use). With ``auto`` every person is played by the standard bot.

    Raises UserError for an empty seat or an unknown bot.
    """
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(not p for p in parts):
        raise UserError(f"--players needs comma-separated names or 'bot', got '{text}'")
    specs: list[str | None] = []
    for part in parts:
        low = part.lower()
        if low == "bot" or low.startswith("bot:"):
            spec = part[4:].strip() or "standard"
            try:
                make_bot(spec, 0)
            except ValueError as e:
                raise UserError(f"--players: {e}") from None
            specs.append(spec)
        else:
            specs.append(None)
    taken = {p.lower() for p, s in zip(parts, specs, strict=True) if s is None}
    seats: list[Seat] = []
    number = 0
    for part, kind in zip(parts, specs, strict=True):
        if kind is None:
            seats.append(Seat(part, "standard" if auto else None))
            continue
        number += 1
        while f"bot {number}" in taken:
            number += 1
        seats.append(Seat(f"Bot {number}", kind))
    return seats


def bot_seed(game_seed: int, seat: int) -> int:
    """A bot's seed, fixed by the game's seed and the bot's seat."""
    digest = hashlib.sha256(f"pennybags-bot/{game_seed}/{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def make_bots(game: Game, seats: Sequence[Seat]) -> dict[int, Bot]:
    return {i: make_bot(s.bot, bot_seed(game.seed, i))
            for i, s in enumerate(seats) if s.bot is not None}


def seats_from_record(rec: Mapping[str, Any]) -> tuple[list[Seat], bool]:
    """The seats saved in a record's ``extra`` (every seat a person when it has none), and
    whether they were found there."""
    names = rec.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise UserError("the saved game has no list of players")
    extra = rec.get("extra")
    saved = extra.get("seats") if isinstance(extra, Mapping) else None
    if saved is None:
        return [Seat(n) for n in names], False
    if not isinstance(saved, list) or len(saved) != len(names):
        raise UserError("the saved game's seats do not match its players")
    seats = []
    for name, entry in zip(names, saved, strict=True):
        if not isinstance(entry, Mapping):
            raise UserError("the saved game's seats are not readable")
        spec = entry.get("bot") if entry.get("kind") == "bot" else None
        if spec is not None:
            try:
                make_bot(str(spec), 0)
            except ValueError as e:
                raise UserError(f"the saved game has a bot this version lacks: {e}") from None
        seats.append(Seat(name, None if spec is None else str(spec)))
    return seats, True


def rebuild(rec: Mapping[str, Any]) -> tuple[Game, list[Seat], bool, dict[int, Bot]]:
    """Replay a record like :func:`pennybags.history.replay`, letting each bot choose at
    its recorded decisions too (their choices are the record's), so that the bots' own
    state (random numbers, offers already made) is what it was when the game was saved.

    Returns the game, its seats, whether the record said which seats are bots, and the
    bots."""
    game = history.new_game(rec)
    seats, found = seats_from_record(rec)
    if len(seats) != len(game.players):
        raise history.RecordError("the saved seats do not match the game's players")
    bots = make_bots(game, seats)
    try:
        for obj in rec.get("actions", []):
            entry = dict(obj)
            seat = game.seat_of(entry.pop("player"))
            bot = bots.get(seat)
            if bot is not None and game.decision_for(seat) is not None:
                with contextlib.suppress(Exception):  # only warming the bot's state
                    bot.choose(game, seat)
            game.act(seat, action_from_json(game, seat, entry))
    except (IllegalAction, ValueError, KeyError, TypeError, AttributeError):
        history.replay(rec)  # raises the RecordError that names the action at fault
        raise history.RecordError("the record cannot be replayed") from None
    history.check_final(rec, game)
    return game, seats, found, bots


# ====================================================================== the session


class Session:
    """One game at the terminal, from its current position to the end (or a quit)."""

    def __init__(self, game: Game, seats: Sequence[Seat], *, console: Console,
                 infile: TextIO, save_path: Path | None = None,
                 bots: dict[int, Bot] | None = None,
                 setup: Mapping[str, Any] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 waiter: Waiter | None = None) -> None:
        self.game = game
        self._words: Words | None = None
        self.clock = clock
        """Seconds, for the live auction's timer (injected by tests)."""
        self.waiter = waiter
        """Reads a line typed within a time limit during a live auction (None: from the
        input file, see :func:`pennybags.terminal.live_auction.key_waiter`)."""
        self.countdown_open = False
        self.countdown_width = 0
        """The length of the countdown line on screen (to clear it when rewritten)."""
        self.seats = list(seats)
        self.console = console
        self.save_path = save_path
        self.setup = setup
        self.bots = bots if bots is not None else make_bots(game, self.seats)
        self.prompter = Prompter(console, infile, on_save=self.save_command,
                                 on_board=self.show_board)
        self.narrator = Narrator(game)
        self.turn_started: int | None = None
        self.offer_queue: list[int] = []
        """People asked, before the next turn starts, whether to manage first."""
        self.offer_for = -1
        self.offer_key: tuple[tuple[str, int, int, int], ...] = ()
        self.declined: dict[int, frozenset[tuple[str, int]]] = {}
        """What each person could build or lift when they last let a turn start without
        managing: they are asked again only when something new is possible."""
        self.saved_actions = -1
        self.acting = False
        self.anytime_seen: dict[int, frozenset[str]] = {}
        """The other actions at any time (:meth:`other_anytime`) each person could take
        when last looked at outside their own decisions: they are offered when new."""
        self.last_throw: tuple[int, list[int | str]] | None = None
        """The last throw of a turn seen (player, dice as the event gave them)."""
        game.listeners.append(self._listen)

    # ------------------------------------------------------------ events and output


    @property
    def managing(self) -> tuple[str, ...]:
        """The actions on a player's deeds (or shares) the edition allows at any time
        (classic: build, sell buildings, mortgage, lift mortgages; Ultimate Monopoly also
        mortgages shares), from its rulebook."""
        book = self.game.rulebook
        return tuple(k for k in book.anytime if book.vocabulary.actions[k].takes("deed")
                     or book.vocabulary.actions[k].takes("company"))

    def other_anytime(self, seat: int, legal: Sequence[Action]) -> list[Action]:
        """The actions the rules allow at any time that are neither managing nor a trade
        (Ultimate Monopoly: a kept card played whenever its moment has come): offered in
        the decision's menu after its answers."""
        managing = self.managing
        return [a for a in legal if not self.answers(seat, a) and a.do not in managing
                and a.trade is None and a.do not in ("propose-trade", "counter")]

    def manage_kinds(self, actions: Sequence[Action]) -> str:
        """What a list of managing actions allows, in words: "build, mortgage"."""
        present = {a.do for a in actions}
        return ", ".join(MANAGE_WORDS.get(do, do) for do in self.managing if do in present)

    @property
    def words(self) -> Words:
        """The edition's words and facts for this game."""
        if self._words is None or self._words.game is not self.game:
            self._words = words_for(self.game)
        return self._words
    def _listen(self, event: Event) -> None:
        self.narrator(event)
        if event.kind == "turn":
            self.turn_started = int(event.data["player"])
        elif event.kind == "rolled" and not event.data.get("for_rent") and \
                not event.data.get("for_card"):
            dice = event.data.get("dice")
            if isinstance(dice, list):
                self.last_throw = (int(event.data.get("player", -1)), list(dice))

    def say(self, text: str = "", style: str | None = None) -> None:
        self.end_countdown()
        self.prompter.say(text, style)

    def countdown(self, text: str) -> None:
        """The live auction's timer: rewritten in place on a terminal, one line a second
        otherwise."""
        if self.console.is_terminal:
            # Spaces, not an erase code, clear what is left of a longer line before it:
            # the countdown writes no escape codes (NO_COLOR, --no-color).
            pad = max(0, self.countdown_width - len(text))
            self.console.file.write("\r" + text + " " * pad)
            self.console.file.flush()
            self.countdown_open = True
            self.countdown_width = len(text)
        else:
            self.prompter.say(text)

    def end_countdown(self) -> None:
        if self.countdown_open:
            self.countdown_open = False
            self.countdown_width = 0
            self.console.file.write("\n")
            self.console.file.flush()

    def tell(self) -> None:
        for line in self.narrator.take():
            if line.startswith("---") or line.startswith("Game over"):
                self.say(line, "bold")
            else:
                self.end_countdown()
                self.prompter.say(money_colours(line))

    def show_board(self, detail: bool = True, viewer: int | None = None) -> None:
        """The board map with the standings, drawn for the console's size now, shown to
        ``viewer`` (None: the first person asked something); ``detail`` (``b`` at a prompt)
        adds the deeds table and the bank's unsold deeds."""
        game = self.game
        if viewer is None:
            viewer = next((d.player for d in game.pending if self.is_person(d.player)), None)
        size = self.console.size
        # The lines of the question asked next (wrapped) and a menu of a few lines.
        asked = game.decision_for(viewer) if viewer is not None else None
        question = self.words.question(viewer, asked) if viewer is not None and \
            asked is not None else ""
        reserve = len(textwrap.wrap(question, max(1, size.width))) + 5
        self.console.print(board_map(game, width=size.width, height=size.height,
                                     kinds=[s.note() for s in self.seats], detail=detail,
                                     viewer=viewer, reserve=reserve,
                                     notes=self.throw_notes()))

    def throw_notes(self) -> list[str]:
        """The last throw, for the map's status line, in editions whose words tell throws
        (Ultimate Monopoly: "Last throw: Bob 4+2 (speed die: Mr. Monopoly)."); [] else."""
        if self.last_throw is None:  # none seen yet (a resumed game): the game's own
            words = self.words.last_throw()
            return [f"Last throw: {words}."] if words is not None else []
        seat, dice = self.last_throw
        words = self.words.throw_words(dice)
        if words is None:
            return []
        return [f"Last throw: {self.game.name(seat)} {words}."]

    def is_person(self, seat: int) -> bool:
        return seat not in self.bots

    # ------------------------------------------------------------ saving

    def extra(self) -> dict[str, Any]:
        return {"front": "terminal", "seats": [s.to_json() for s in self.seats]}

    def save_problem(self, path: Path) -> str | None:
        """Save the game to ``path``; why it could not be saved (None when it was)."""
        try:
            history.save(path, self.game, setup=self.setup, extra=self.extra())
        except (OSError, ValueError) as e:
            return saves.one_line(e)
        self.saved_actions = len(self.game.history)
        return None

    def save_to(self, path: Path) -> bool:
        problem = self.save_problem(path)
        if problem is not None:
            self.prompter.reason(f"Could not save to {path}: {problem}.")
        return problem is None

    def autosave(self) -> None:
        """Save after an answer. When the file cannot be written, say so once and save
        automatically no more (``s`` asks for another file, ``q`` offers one)."""
        if self.save_path is None or self.saved_actions == len(self.game.history):
            return
        problem = self.save_problem(self.save_path)
        if problem is not None:
            self.prompter.reason(f"Autosave is off: could not save to {self.save_path} "
                                 f"({problem}). Type s to save the game to another file.")
            self.save_path = None

    def ask_save_file(self, prompt: str, enter: str) -> Path | None:
        """Ask for a file and save the game there; while it cannot be written, say why and
        ask again. What is typed here is a file name, never a menu answer. None when the
        person presses Enter (``enter`` says what Enter does then)."""
        while True:
            name = self.prompter.raw(prompt)
            if not name:
                return None
            path = Path(name).expanduser()
            if self.save_to(path):
                return path
            prompt = f"Type another file name, or press Enter to {enter}: "

    def save_command(self) -> None:
        """``s`` at a prompt: save to the game's file, or ask for one (also when the game's
        file cannot be written)."""
        if self.save_path is not None and self.save_to(self.save_path):
            self.say(f"Saved to {self.save_path}.")
            return
        path = self.ask_save_file("Save to which file? (Enter to cancel) ", "cancel")
        if path is None:
            self.say("Not saved.")
            return
        self.save_path = path
        self.say(f"Saved to {path}. From now on the game is saved there after every answer.")

    def saved_note(self) -> None:
        if self.save_path is not None:
            self.say(f"Continue later with: {saves.resume_command(self.save_path)}")

    # ------------------------------------------------------------ running

    def run(self) -> int:
        """Play until the game ends or the person quits. The exit status: 0, or 130 after
        Ctrl-C."""
        try:
            self.loop()
        except QuitRequested:
            self.tell()
            return self.quit()
        except EOFError:
            self.tell()
            self.final_save("Input ended.")
            return 0
        except KeyboardInterrupt:
            self.say()
            if self.acting:
                # Interrupted in the middle of an action: rebuild the position from the
                # record so that what is saved is whole.
                self.game = history.replay(history.record(self.game, self.setup,
                                                          self.extra()))
                self.saved_actions = -1
            self.final_save("Interrupted.")
            return 130
        return 0

    def final_save(self, why: str) -> None:
        if self.save_path is not None and self.save_to(self.save_path):
            self.say(f"{why} The game is saved in {self.save_path}.")
            self.saved_note()
        else:
            self.say(f"{why} The game was not saved.")

    def quit(self) -> int:
        """``q``: save to the game's file, or offer to save to one (asking again while the
        file typed cannot be written); Enter quits without saving."""
        if self.save_path is not None and self.save_to(self.save_path):
            self.say(f"Leaving the table. The game is saved in {self.save_path}.")
            self.saved_note()
            return 0
        try:
            path = self.ask_save_file("Save the game before quitting? Type a file name, or "
                                      "press Enter to quit without saving: ",
                                      "quit without saving")
        except EOFError:
            path = None
        except KeyboardInterrupt:
            self.say()
            self.say("Interrupted. The game was not saved.")
            return 130
        if path is None:
            self.say("Quit without saving.")
            return 0
        self.save_path = path
        self.say(f"Saved to {path}.")
        self.saved_note()
        return 0

    def loop(self) -> None:
        game = self.game
        while not game.over:
            self.tell()
            if self.turn_started is not None:
                self.start_of_turn(self.turn_started)
                self.turn_started = None
            if self.offer_queue and self.manage_offer():
                continue
            if is_live_auction(self):
                self.live_auction()
                continue
            decision = self.next_decision()
            if self.interject(decision):
                continue
            if decision.player in self.bots:
                self.bot_turn(decision.player)
                continue
            self.autosave()
            self.person_turn(decision.player, decision)
        self.tell()
        self.autosave()
        self.say()
        self.console.print(standings_table(game, [s.note() for s in self.seats]))
        for line in holdings_lines(game, self.words, player_marks(
                [p.name for p in game.players]), max(20, self.console.size.width)):
            self.console.print(line)
        self.say(self.result_words(), style="bold")
        if self.save_path is not None and self.saved_actions == len(game.history):
            self.say(f"The finished game is saved in {self.save_path}.")

    def result_words(self) -> str:
        """The game-over line: who won and why (with the final scores in the editions
        that end with them)."""
        game = self.game
        reason = game.end_reason
        scores = self.words.final_scores()
        ranked: list[tuple[int, int]] = sorted(scores.items(), key=lambda kv: -kv[1])
        listed = ", ".join(f"{game.name(p)} {game.money(v)}" for p, v in ranked)
        final = f" Final scores (cash + purchase prices): {listed}." if listed else ""
        if game.winner is None:
            if ranked:
                tied = " and ".join(game.name(p) for p, v in ranked if v == ranked[0][1])
                return f"Nobody wins: {tied} share the highest final score (a draw).{final}"
            if reason == "five-monopolies":
                return ("Nobody wins: players reached five monopolies at once with equal "
                        "total assets (a draw).")
            if reason == "round-cap":
                return "Nobody wins: the richest players are tied at the round limit (a draw)."
            return f"The game ended without a winner ({reason})."
        winner = game.winner
        if reason == "five-monopolies":
            board = game.board
            groups = [group_title(g) for g, deeds in board.groups.items()
                      if deeds and board[deeds[0]].kind == "street"
                      and all(game.owner[d] == winner for d in deeds)]
            how = "owning five monopolies" + (f": {', '.join(groups)}" if groups else "")
        elif reason == "final-scores":
            how = "the highest final score when the first player went bankrupt"
        elif reason == "round-cap" and ranked:
            how = "the highest final score at the round limit"
        elif reason == "round-cap":
            how = "the richest player at the round limit"
        elif reason == "bankruptcy":
            how = "the last player standing"
        else:
            how = reason
        return f"Winner: {game.name(winner)} ({how}).{final}"

    def live_auction(self) -> None:
        """A timed auction: everybody may press at once while the timer runs."""
        if self.waiter is not None:
            LiveAuction(self, self.waiter).run()
            return
        with key_waiter(self.prompter.infile) as waiter:
            LiveAuction(self, waiter).run()

    def next_decision(self) -> Decision:
        pending = self.game.pending
        if not pending:
            raise RuntimeError("the game waits on nobody")
        for d in pending:
            if d.player in self.bots:
                return d
        return pending[0]

    def interject(self, decision: Decision) -> bool:
        """Before another player answers ``decision``: offer a person who is not asked the
        actions they may take at any time that have just become possible (Ultimate
        Monopoly's Deal Buster when another player is about to buy). Returns whether one
        was taken (the game has moved on)."""
        game = self.game
        asked = {d.player for d in game.pending}
        for q in range(len(self.seats)):
            if q in asked or not self.is_person(q) or game.players[q].bankrupt:
                continue
            actions = self.other_anytime(q, game.legal_actions(q))
            now = frozenset(repr(a) for a in actions)
            new = now - self.anytime_seen.get(q, frozenset())
            self.anytime_seen[q] = now
            if not new:
                continue
            self.autosave()
            kind = game.rulebook.vocabulary.decisions.get(decision.kind)
            what = kind.rule.split(":")[0] if kind is not None else decision.kind
            if 0 <= decision.deed < game.board.size:
                what += f": {game.board[decision.deed].name}"
            labels = [self.label(q, a, decision) for a in actions]
            pick = self.prompter.choose(
                ["Continue", *labels], empty=0,
                title=f"{game.name(q)}, before {game.name(decision.player)} answers ({what}) "
                      f"you may act ({game.money(game.cash(q))} in cash).")
            if pick > 0:
                return self.act(q, actions[pick - 1])
        return False

    def start_of_turn(self, player: int) -> None:
        """A turn has begun: show a person the board; ask other people who could build or
        lift a mortgage whether to do so before it."""
        if self.is_person(player):
            self.say()
            self.show_board(detail=False, viewer=player)
        self.offer_queue = [q for q in range(len(self.seats))
                            if q != player and self.is_person(q) and self.worth_asking(q)]
        self.offer_for = player
        self.offer_key = self.pending_key()

    def improvements(self, seat: int) -> frozenset[tuple[str, int]]:
        """What ``seat`` could build or lift a mortgage on now, outside their own turn."""
        return frozenset((a.do, a.deed) for a in self.game.legal_actions(seat)
                         if a.do in ("build", "unmortgage") and not self.answers(seat, a))

    def worth_asking(self, seat: int) -> bool:
        """Whether to ask ``seat`` before a turn: they could build or lift a mortgage, and
        something new has become possible since they last said "Continue" (not the same
        mortgaged deed twice a round)."""
        possible = self.improvements(seat)
        return bool(possible) and not possible <= self.declined.get(seat, frozenset())

    def manage_offer(self) -> bool:
        """Ask the first person in the queue whether to manage before the turn that is
        starting. Returns False when the game must first settle something else (an auction
        or a trade answer the offer led to)."""
        seat = self.offer_queue[0]
        game = self.game
        if self.pending_key() != self.offer_key:
            if self.can_manage(seat) or not game.pending:
                # The turn has moved on: the offers are over.
                self.offer_queue.clear()
                return True
            return False
        if not self.can_manage(seat):
            self.offer_queue.pop(0)
            return True
        self.autosave()
        possible = [a for a in game.legal_actions(seat)
                    if a.do in self.managing and not self.answers(seat, a)]
        items = ["Continue", f"Manage properties... ({self.manage_kinds(possible)})"]
        if self.can_propose(seat):
            items.append("Propose a trade...")
        pick = self.prompter.choose(
            items, empty=0,
            title=f"{game.name(seat)}, before {game.name(self.offer_for)}'s turn you could "
                  f"build or lift a mortgage ({game.money(game.cash(seat))} in cash).")
        if pick == 0:
            self.declined[seat] = self.improvements(seat)
            self.offer_queue.pop(0)
        elif pick == 1:
            self.manage_properties(seat)
        else:
            self.propose_trade(seat)
        return True

    # ------------------------------------------------------------ bots

    def bot_turn(self, seat: int) -> None:
        game = self.game
        bot = self.bots[seat]
        action = bot.choose(game, seat)
        reason = game.why_illegal(seat, action)
        if reason is not None:
            legal = game.legal_actions(seat)
            self.say(f"({game.name(seat)} chose something illegal: {reason}; playing "
                     f"'{legal[0].do}' instead.)", style="red")
            action = legal[0]
        self.act(seat, action)

    def act(self, seat: int, action: Action) -> bool:
        """Carry out an action; a refusal is reported (nothing changes)."""
        self.acting = True
        try:
            self.game.act(seat, action)
        except IllegalAction as e:
            self.prompter.reason(f"Not allowed: {e}.")
            return False
        finally:
            self.acting = False
        return True

    # ------------------------------------------------------------ people

    def answers(self, seat: int, action: Action) -> bool:
        """Whether ``action`` answers ``seat``'s decision (rather than being a managing
        action the rules allow at any time)."""
        return self.game.answers(seat, action)

    def can_manage(self, seat: int) -> bool:
        return self.game.may_manage(seat)

    def can_propose(self, seat: int) -> bool:
        game = self.game
        others = [p for p in game.active_players() if p != seat]
        return bool(others) and not game.players[seat].bankrupt and self.can_manage(seat)

    def person_turn(self, seat: int, decision: Decision) -> None:
        """Show a person their decision and carry out one choice (long kinds of action
        folded into sub-menu lines)."""
        game = self.game
        legal = game.legal_actions(seat)
        main = [a for a in legal if self.answers(seat, a)] + self.other_anytime(seat, legal)
        manage = [a for a in legal if not self.answers(seat, a) and a.do in self.managing]
        inline: list[Action] = []
        if decision.kind == "debt":
            inline = [a for a in manage if a.do in ("sell-building", "mortgage",
                                                    "mortgage-share", "sell-down")]
        rest = [a for a in manage if a not in inline]
        countered = decision.trade is not None and decision.kind == "trade"
        proposing = self.can_propose(seat)
        others = int(countered) + int(bool(rest)) + int(proposing)
        main_entries = fold_actions(game, main, other_lines=others + len(inline))
        inline_entries = fold_actions(game, inline, other_lines=others + len(main))
        items: list[tuple[str, Callable[[], object]]] = []
        presses = self.words.bid_step() is not None  # bids are presses of one step each
        for entry in main_entries:
            if isinstance(entry, Fold):
                items.append((entry.line(), partial(self.choose_folded, seat, decision,
                                                    entry)))
            elif entry.do == "bid" and not presses:
                items.append(("Bid...", lambda: self.ask_bid(seat, decision)))
            else:
                items.append((self.label(seat, entry, decision),
                              partial(self.act, seat, entry)))
        if countered and decision.trade is not None:
            offer = decision.trade
            items.append(("Make a counter-offer...",
                          lambda: self.propose_trade(seat, counter_to=offer)))
        for entry in inline_entries:
            if isinstance(entry, Fold):
                items.append((entry.line(), partial(self.choose_folded, seat, decision,
                                                    entry)))
            else:
                items.append((self.label(seat, entry, decision),
                              partial(self.act, seat, entry)))
        if rest:
            items.append((f"Manage properties... ({self.manage_kinds(rest)})",
                          lambda: self.manage_properties(seat)))
        if proposing:
            items.append(("Propose a trade...", lambda: self.propose_trade(seat)))
        if not items:
            raise RuntimeError(f"{game.name(seat)} has a '{decision.kind}' decision and "
                               "nothing to do")
        if len(items) == 1 and len(main_entries) == 1 and isinstance(main_entries[0], Fold):
            # The only answer is a choice among many (triples: any space): straight to it.
            self.choose_folded(seat, decision, main_entries[0],
                               title=self.decision_words(seat, decision))
            return
        pick = self.prompter.choose([label for label, _ in items],
                                    title=self.decision_words(seat, decision))
        items[pick][1]()

    def choose_folded(self, seat: int, decision: Decision, fold: Fold,
                      title: str | None = None) -> None:
        """The second menu of a folded line: one of its actions, or Back (Enter) to the
        decision's menu. Actions aimed at a player are chosen in two steps, first what
        (the card), then at whom; Back there returns to the first step. Actions that play
        a card to a place (a Travel Voucher to a space) are chosen card first (alike cards
        once), then the place; a choice among more than :data:`PICK_OVER` places is made
        by name (:meth:`pick_place`). ``title``: the question, when the fold is the
        decision's only answer (no menu before it)."""
        game = self.game
        p = self.prompter
        if title is None:
            title = f"{fold.title()} ({game.name(seat)} has {game.money(game.cash(seat))}):"
        if not fold.targeted:
            self.choose_untargeted(seat, decision, list(fold.actions), title)
            return
        whats = fold.what_choices()
        while True:
            if len(whats) == 1:
                like = whats[0]
            else:
                labels = [self.aimed_words(seat, decision, fold, a)[0] for a in whats]
                pick = p.choose([*labels, "Back"], title=title, empty=len(labels))
                if pick == len(labels):
                    return
                like = whats[pick]
            what, word = self.aimed_words(seat, decision, fold, like)
            targets = fold.target_choices(like)
            labels = [self.player_words(q, seat) for q, _ in targets]
            question = f"{what} {word} whom?" if word else f"{what}: for whom?"
            pick = p.choose([*labels, "Back"], title=question, empty=len(labels))
            if pick < len(labels):
                self.act(seat, targets[pick][1])
                return
            if len(whats) == 1:
                return

    def choose_untargeted(self, seat: int, decision: Decision, actions: list[Action],
                          title: str) -> None:
        """One of ``actions`` (alike menu lines once): the card first when they play
        several different cards, then from a numbered list, or by name among many
        places."""
        p = self.prompter
        while True:
            chosen = actions
            step_title = title
            groups = card_groups(self.words, actions)
            if len(groups) > 1:
                names = list(groups)
                lines = []
                for name in names:
                    group = unique_labels(self, seat, decision, groups[name])
                    noun = "space" if all(place_of(a) >= 0 for _, a in group) else "choice"
                    lines.append(f"{name}: {plural(len(group), noun)}")
                pick = p.choose([*lines, "Back"], title=title, empty=len(lines))
                if pick == len(lines):
                    return
                chosen = groups[names[pick]]
                step_title = f"{names[pick]}:"
            options = unique_labels(self, seat, decision, chosen)
            if len(options) > NAMES_OVER and all(place_of(a) >= 0 for _, a in options):
                done = self.pick_place(seat, options, step_title,
                                       numbered=len(options) <= PICK_OVER)
            else:
                labels = [label for label, _ in options]
                lead = common_lead(labels)
                if lead:  # "Play your Travel Card to ..." said once, in the title
                    labels = [label[len(lead):] for label in labels]
                    step_title = f"{lead.rstrip()}:" if len(groups) > 1 else \
                        f"{step_title}\n{lead.rstrip()}:"
                pick = p.choose([*labels, "Back"], title=step_title, empty=len(labels))
                done = pick < len(labels)
                if done:
                    self.act(seat, options[pick][1])
            if done or len(groups) <= 1:
                return

    def pick_place(self, seat: int, options: list[tuple[str, Action]], title: str, *,
                   numbered: bool = False) -> bool:
        """Choose among many places (triples, the Subway, a card's "any space") by typing:
        a name or part of it, a track and number (``outer:7``), or ``l`` for the list of
        them by track; several matches are offered as a short numbered list, a single
        match by part of its name is confirmed. ``numbered``: the places are listed with
        numbers first, and a number picks one too. Returns whether an action was taken
        (False: Enter, back)."""
        game = self.game
        p = self.prompter
        board = game.board
        places = [place_of(a) for _, a in options]
        example = max(places, key=lambda i: (board[i].price, -i))
        p.say(title, style="bold")
        if numbered:
            labels = [label for label, _ in options]
            lead = common_lead(labels)
            if lead:
                p.say(f"{lead.rstrip()}:")
            for n, label in enumerate(labels, start=1):
                p.say(f"  {n:>2}. {label[len(lead):]}")
        hint = (f"{plural(len(options), 'space')} to choose from. Type "
                + ("a number, " if numbered else "")
                + f"a name or part of it ({board[example].name.split(' ')[0].lower()}), or "
                f"a space's track and number ({board.label(example)}); l lists them; Enter "
                "goes back.")
        p.say(hint)
        while True:
            text = p.line("Which space? ", names=True, help_text=hint)
            if not text:
                return False
            if text.lower() in ("l", "list"):
                self.list_places(places)
                continue
            number = parse_number(text, "")
            if numbered and number is not None:
                if 1 <= number <= len(options):
                    self.act(seat, options[number - 1][1])
                    return True
                p.reason(f"There is no choice {number}: type a number from 1 to "
                         f"{len(options)}, or a name.")
                continue
            exact, partial_ = match_places(board, places, text)
            found = exact or partial_
            if not found:
                close = difflib.get_close_matches(fold_words(text),
                                                  [fold_words(board[i].name) for i in places],
                                                  n=3, cutoff=0.6)
                meant = f" Did you mean {' or '.join(close)}?" if close else ""
                p.reason(f"No space you may choose here matches '{shown(text)}'.{meant} "
                         "Type l for the list.")
                continue
            if len(found) > NAMES_OVER:
                p.say(f"'{shown(text)}' matches {plural(len(found), 'space')}:")
                self.list_places(found)
                continue
            picked = [options[places.index(i)] for i in found]
            if len(picked) == 1:
                label, action = picked[0]
                if exact or p.yes_no(f"{label}? [Y/n] ", default=True):
                    self.act(seat, action)
                    return True
                continue
            labels = [label for label, _ in picked]
            lead = common_lead(labels)
            labels = [label[len(lead):] for label in labels]
            pick = p.choose([*labels, "Back"], title=f"'{shown(text)}' matches "
                            f"{plural(len(picked), 'space')}"
                            + (f".\n{lead.rstrip()}:" if lead else ":"), empty=len(labels))
            if pick < len(labels):
                self.act(seat, picked[pick][1])
                return True

    def list_places(self, places: Sequence[int]) -> None:
        """Places as a compact list by track, each with the number that names it on its
        track ("Middle track: 1 Mediterranean $60, 3 Baltic (Bob), ..."), wrapped to the
        screen."""
        game = self.game
        board = game.board
        width = max(20, self.console.size.width if self.console.is_terminal else 100)
        tracks: dict[str, list[str]] = {}
        for i in places:
            label = board.label(i)
            track, _, number = label.rpartition(":")
            space = board[i]
            entry = f"{number} {self.words.short_name(i)}"
            deed = self.words.deed_at(i)
            if deed >= 0 and game.owner[deed] >= 0:
                entry += f" ({game.name(game.owner[deed])})"
            elif deed >= 0 or space.is_deed:
                entry += f" {game.money(board[deed if deed >= 0 else i].price)}"
            tracks.setdefault(track, []).append(entry)
        for track, entries in tracks.items():
            head = f"{track.capitalize()} track: " if track else "Spaces: "
            for line in textwrap.wrap(head + ", ".join(entries), width,
                                      subsequent_indent="  "):
                self.say(line)
        if any(tracks):
            self.say(f"Type a track and number ({board.label(places[0])}) or a name; a "
                     "track's name (outer) lists that track alone.")

    def aimed_words(self, seat: int, decision: Decision, fold: Fold,
                    action: Action) -> tuple[str, str]:
        """What an aimed action does without its target, and the word before the target
        ("Play Chance: 'Go to Jail'", "on")."""
        target = fold.targets[fold.actions.index(action)]
        return without_target(self.label(seat, action, decision), self.game.name(target))

    def player_words(self, q: int, seat: int) -> str:
        """A player as a choice of target: "Bob: £1,350, on Mayfair"."""
        game = self.game
        player = game.players[q]
        you = " (you)" if q == seat else ""
        where = "in Jail" if player.in_jail else \
            f"on {game.board[player.position].name}"
        return f"{game.name(q)}{you}: {game.money(game.cash(q))}, {where}"

    def ask_bid(self, seat: int, decision: Decision) -> None:
        game = self.game
        high = decision.amount
        leader = decision.high_bidder
        who = f" by {game.name(leader)}" if leader >= 0 else ""
        prompt = (f"Your bid (more than {game.money(high)}{who}; you have "
                  f"{game.money(game.cash(seat))}; Enter to go back): ")
        amount = self.prompter.amount(
            prompt, lambda n: game.why_illegal(seat, Action("bid", amount=n)),
            **self.money_input())
        if amount is not None:
            self.act(seat, Action("bid", amount=amount))

    def symbol(self) -> str:
        return str(self.game.data.currency.get("symbol", "$"))

    def money_input(self) -> dict[str, Any]:
        """How amounts are typed in this edition ("120", "$120"; "2.2M" in the banking
        editions)."""
        return {"parse": self.game.parse_money, "example": self.game.money(120)}

    def pending_key(self) -> tuple[tuple[str, int, int, int], ...]:
        return tuple((d.kind, d.player, d.deed, d.amount) for d in self.game.pending)

    def manage_properties(self, seat: int) -> None:
        """The sub-menu of building, selling, mortgaging and lifting mortgages. It stays
        open for several actions while the game waits on the same decision."""
        game = self.game
        while not game.over:
            actions = [a for a in game.legal_actions(seat)
                       if a.do in self.managing and not self.answers(seat, a)]
            if not actions:
                self.say("There is nothing to build, sell, mortgage or lift right now.")
                return
            order = {do: i for i, do in enumerate(self.managing)}
            actions.sort(key=lambda a: (order[a.do], a.deed))
            labels = [self.label(seat, a, None) for a in actions] + ["Back"]
            pick = self.prompter.choose(
                labels, empty=len(actions),
                title=f"Manage properties ({game.name(seat)} has "
                      f"{game.money(game.cash(seat))}):")
            if pick == len(actions):
                return
            before = self.pending_key()
            self.act(seat, actions[pick])
            self.tell()
            if self.pending_key() != before:
                return

    # ------------------------------------------------------------ trades

    def tradeable(self, seat: int) -> list[int]:
        """Deeds ``seat`` could put in a trade (no buildings in their group)."""
        game = self.game
        board = game.board
        return [d for d in game.deeds_of(seat)
                if not any(game.houses[g] for g in board.group_of[d])]

    def deed_words(self, deed: int) -> str:
        game = self.game
        space = game.board[deed]
        group = f", {group_title(space.group)}" if space.group else ""
        mortgaged = ", mortgaged" if game.mortgaged[deed] else ""
        return f"{space.name} ({game.money(space.price)}{group}{mortgaged})"

    def propose_trade(self, seat: int, counter_to: Trade | None = None) -> None:
        """The trade dialog: pick the other player, the deeds, cash and cards each way,
        then make the offer (or the counter-offer) if the rules allow it."""
        game = self.game
        p = self.prompter
        if counter_to is not None:
            other = counter_to.proposer
            p.say(f"The offer: {trade_words(game, counter_to)}.")
            p.say(f"Your counter-offer to {game.name(other)}:", style="bold")
        else:
            others = [q for q in game.active_players() if q != seat]
            labels = [f"{game.name(q)} ({game.money(game.cash(q))}, "
                      f"{plural(len(game.deeds_of(q)), 'deed')})" for q in others] + ["Cancel"]
            pick = p.choose(labels, title="Trade with whom?", empty=len(others))
            if pick == len(others):
                return
            other = others[pick]
        give = self.pick_deeds(seat, "Deeds you could give:", "Deeds you give")
        take = self.pick_deeds(other, f"{game.name(other)}'s deeds you could ask for:",
                               "Deeds you ask for")
        mine, theirs = game.cash(seat), game.cash(other)
        give_cash = p.amount(
            f"Cash you give (you have {game.money(mine)}; Enter for none): ",
            lambda n: _cash_problem(game, n, mine, "you have"), default=0,
            **self.money_input())
        take_cash = p.amount(
            f"Cash you ask for ({game.name(other)} has {game.money(theirs)}; Enter for "
            "none): ",
            lambda n: _cash_problem(game, n, theirs, f"{game.name(other)} has"),
            default=0, **self.money_input())
        give_cards = self.pick_cards(seat, "you give", seat)
        take_cards = self.pick_cards(other, "you ask for", seat)
        give_shares = self.pick_shares(seat, "you give", seat)
        take_shares = self.pick_shares(other, "you ask for", seat)
        trade = Trade(seat, other, tuple(give), tuple(take), give_cash or 0, take_cash or 0,
                      tuple(give_cards), tuple(take_cards), tuple(give_shares),
                      tuple(take_shares))
        action = Action("counter" if counter_to is not None else "propose-trade",
                        trade=trade)
        problem = game.why_illegal(seat, action)
        if problem is not None:
            p.reason(f"That offer cannot be made: {problem}. Nothing was offered.")
            return
        if not p.yes_no(f"Offer: {trade_words(game, trade)}. Make this offer? [y/n] "):
            p.say("Nothing was offered.")
            return
        self.act(seat, action)

    def pick_deeds(self, seat: int, title: str, what: str) -> list[int]:
        deeds = self.tradeable(seat)
        if not deeds:
            self.say(f"{title} none.")
            return []
        self.say(title, style="bold")
        for i, d in enumerate(deeds, start=1):
            self.say(f"  {i:>2}. {self.deed_words(d)}")
        picked = self.prompter.pick_many(
            f"{what} (numbers separated by spaces; Enter for none): ", len(deeds))
        return [deeds[i] for i in picked]

    def pick_cards(self, seat: int, what: str, asker: int) -> list[str]:
        """The cards of ``seat`` that ``asker`` puts in an offer ("you give" or "you ask
        for"), as the trade names them: each held card the edition lets change hands, by
        its own entry (``deck:card-id``, ``deck:card-id#index`` for one copy of several).
        Another player's hidden hand (Monopoly 2.3) is not shown: the offer may ask for a
        tradeable card by its printed kind, which the engine refuses if they hold none."""
        game = self.game
        mine = seat == asker
        whose = "Your" if mine else f"{game.name(seat)}'s"
        entries: list[str] = []
        labels: list[str] = []
        if game.hidden_hands and not mine:
            if not game.players[seat].cards:
                return []
            for key, deck in game.decks.items():
                seen: set[str] = set()
                for index, card in enumerate(deck.cards):
                    if card.id not in seen and game.card_tradeable((key, index)):
                        seen.add(card.id)
                        entries.append(f"{key}:{card.id}")
                        labels.append(card_entry_words(game, seat, entries[-1])
                                      + " (if they hold one)")
            title = f"{whose} hand is hidden; cards you could ask for:"
        else:
            for key, index in game.players[seat].cards:
                if game.card_tradeable((key, index)):
                    entries.append(trade_card_entry(game, (key, index)))
                    labels.append(card_entry_words(game, seat, entries[-1]))
            title = f"{whose} cards that can be traded:"
        if not entries:
            return []
        self.say(title, style="bold")
        for i, label in enumerate(labels, start=1):
            self.say(f"  {i:>2}. {label}")
        picked = self.prompter.pick_many(
            f"Cards {what} (numbers separated by spaces; Enter for none): ", len(entries))
        return [entries[i] for i in picked]

    def pick_shares(self, seat: int, what: str, asker: int) -> list[str]:
        """The shares of ``seat`` that ``asker`` puts in an offer, by company: how many
        unmortgaged and how many mortgaged ones (an edition with a Stock Exchange)."""
        game = self.game
        held = game.player_extra(seat).get("shares")
        if not isinstance(held, dict) or not held:
            return []
        names = {str(c["id"]): str(c["company"]) for c in companies(game)}
        whose = "you hold" if seat == asker else f"{game.name(seat)} holds"
        self.say(f"Shares {whose}: " + ", ".join(
            f"{names.get(c, c)} {n['held']}" + (f" ({n['mortgaged']} mortgaged)"
                                                 if n["mortgaged"] else "")
            for c, n in held.items()) + ".", style="bold")
        entries: list[str] = []
        for company, n in held.items():
            name = names.get(company, company)
            for mortgaged, count in ((False, n["held"] - n["mortgaged"]),
                                     (True, n["mortgaged"])):
                if count <= 0:
                    continue
                kind = "mortgaged shares" if mortgaged else "shares"
                number = self.prompter.amount(
                    f"{kind.capitalize()} of {name} {what} ({count} held; Enter for none): ",
                    partial(_count_problem, count), symbol="", default=0, example="1")
                entry = company + MORTGAGED_SHARE if mortgaged else company
                entries.extend([entry] * (number or 0))
        return entries

    # ------------------------------------------------------------ words

    def decision_words(self, seat: int, d: Decision) -> str:
        """The question a person is asked, with what they need to know to answer it."""
        return self.words.question(seat, d)

    def label(self, seat: int, a: Action, d: Decision | None) -> str:
        """A menu line for an action."""
        return self.words.action_label(a, d)


def _count_problem(held: int, count: int) -> str | None:
    """Why ``count`` shares cannot be put in an offer when ``held`` are (None if they can)."""
    return None if count <= held else f"only {held} are held"


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


NAMES_OVER = 20
"""A choice among more places than this can be made by typing a name
(:meth:`Session.pick_place`); among more than :data:`PICK_OVER` it is made so, without a
numbered list."""


def place_of(action: Action) -> int:
    """The space an action names (its ``space``, else its ``deed``; -1 for none)."""
    return action.space if action.space >= 0 else action.deed


def card_groups(words: Words, actions: Sequence[Action]) -> dict[str, list[Action]]:
    """Actions that play a card, by the card in words (alike cards together: two Travel
    Cards are one choice); {} when they play no card or all the same."""
    groups: dict[str, list[Action]] = {}
    for a in actions:
        if a.card is None:
            return {}
        groups.setdefault(words.card_words(a.card), []).append(a)
    return groups if len(groups) > 1 else {}


def unique_labels(session: Session, seat: int, decision: Decision,
                  actions: Sequence[Action]) -> list[tuple[str, Action]]:
    """Each action with its menu line, leaving out an action that differs from an earlier
    one only by a card alike in words (two Travel Cards to the same space: either does).
    Lines that would read alike for different places (three Chance spaces on a track) end
    with the place's own name on the board ("[middle:7]")."""
    board = session.game.board
    seen: set[tuple[str, int, int, int, int]] = set()
    out: list[tuple[str, Action]] = []
    for a in actions:
        label = session.label(seat, a, decision)
        key = (label, place_of(a), a.target, a.company, a.amount)
        if key not in seen:
            seen.add(key)
            out.append((label, a))
    counts: dict[str, int] = {}
    for label, _ in out:
        counts[label] = counts.get(label, 0) + 1
    return [(f"{label} [{board.label(place_of(a))}]" if counts[label] > 1
             and place_of(a) >= 0 else label, a) for label, a in out]


def common_lead(labels: Sequence[str]) -> str:
    """The words every one of several menu lines starts with, up to and including a last
    " to " ("Play your Travel Card to "), when there are more than three lines; "" when
    they share none."""
    if len(labels) <= 3:
        return ""
    first = labels[0]
    end = len(first)
    for label in labels[1:]:
        n = 0
        while n < min(end, len(label)) and label[n] == first[n]:
            n += 1
        end = n
    cut = first[:end].rfind(" to ")
    return first[:cut + 4] if cut >= 0 else ""


def fold_words(text: str) -> str:
    """Text as compared when matching a typed name: lower case, without dots,
    apostrophes and dashes, single spaces."""
    return " ".join(text.lower().replace(".", "").replace("'", "").replace("-", " ")
                    .replace("&", " ").split())


def match_places(board: Board, places: Sequence[int], text: str) -> tuple[list[int], list[int]]:
    """The places a typed text names: those it names exactly (a name or alias: "chance",
    "outer:7"), and, when none, those with a word of their name or aliases starting with
    each word typed ("park": Park Place and Free Parking; "chance outer"), a number being
    a whole word ("7": the space numbered 7 on each track)."""
    key = fold_words(text)
    exact = [i for i in places
             if any(fold_words(n) == key for n in (board[i].name, *board[i].aliases))]
    if exact:
        return exact, []
    typed = fold_words(text.replace(":", " ")).split()
    partial = []
    for i in places:
        known = fold_words(" ".join((board[i].name, *board[i].aliases)).replace(":", " "))
        if all(any(w == t if t.isdigit() else w.startswith(t) for w in known.split())
               for t in typed):
            partial.append(i)
    return [], partial


def _cash_problem(game: Game, amount: int, limit: int, holder: str) -> str | None:
    if amount < 0:
        return "cash in a trade cannot be negative"
    if amount > limit:
        return f"{holder} only {game.money(limit)}"
    return None


# ====================================================================== commands


def _console(out: TextIO, *, no_color: bool = False) -> Console:
    """The session's console: colour on a terminal, unless ``--no-color`` or the
    ``NO_COLOR`` environment variable (any value but empty) asks for none. Without colour,
    and when the output is not a terminal, only text is written: no escape codes at all
    (Rich alone would drop the colours of NO_COLOR but keep bold and dim)."""
    isatty = getattr(out, "isatty", None)
    tty = bool(callable(isatty) and isatty())
    plain = no_color or not tty or bool(os.environ.get("NO_COLOR"))
    return Console(file=out, color_system=None if plain else "auto", no_color=plain,
                   highlight=False, emoji=False)


def _order_words(game: Game) -> str:
    n = len(game.players)
    order = [game.name((game.first + i) % n) for i in range(n)]
    return (f"The dice decided the order of play: {order[0]} goes first, then "
            + ", then ".join(order[1:]) + ".")


def can_wait(infile: Any) -> bool:
    """Whether typed input can be waited for with a timeout (a terminal, a pipe, or a
    test's input with ``wait_line``)."""
    return callable(getattr(infile, "wait_line", None)) or has_descriptor(infile)


def _timed(game: Game) -> bool:
    return words_for(game).auction_timer() > 0


def _input(game: Game, infile: TextIO | None) -> TextIO:
    """The session's input: with live auctions a pipe is read so that it can be waited on
    with a timeout."""
    source = infile if infile is not None else sys.stdin
    return cast(TextIO, timed_input(source)) if _timed(game) else source


def first_save(session: Session, save: str | None, no_save: bool) -> str:
    """Give a new game its file and save it there before it starts; the line that says
    where. The file is ``save`` (refused with a UserError when it cannot be written), none
    with ``no_save``, else a new file in the games folder (when that cannot be written the
    game goes on without one, and the line says why)."""
    if save:
        path = Path(save).expanduser()
        problem = session.save_problem(path)
        if problem is not None:
            raise UserError(f"cannot save the game to {path}: {problem} (give another "
                            "--save FILE, or --no-save)")
        session.save_path = path
        return f"The game is saved in {path} after every answer."
    if no_save:
        return ""
    try:
        path = saves.new_game_path(session.game.edition_id)
    except (OSError, ValueError) as e:
        return (f"Autosave is off: cannot save games in {games_dir()} "
                f"({saves.one_line(e)}). Type s to save the game to a file.")
    problem = session.save_problem(path)
    if problem is not None:
        with contextlib.suppress(OSError):
            path.unlink()
        return (f"Autosave is off: cannot save games in {path.parent} ({problem}). Type s "
                "to save the game to a file.")
    session.save_path = path
    return f"The game is saved in {path} after every answer (--no-save for no file)."


def play(args: argparse.Namespace, *, infile: TextIO | None = None,
         out: TextIO | None = None, clock: Callable[[], float] = time.monotonic,
         waiter: Waiter | None = None) -> int:
    """``pennybags play``: start a game and play it to the end (or a quit)."""
    try:
        edition = get_edition(args.edition)
    except ValueError as e:
        raise UserError(str(e)) from None
    seats = parse_seats(args.players, auto=bool(getattr(args, "auto", False)))
    lo, hi = edition.players
    if not lo <= len(seats) <= hi:
        raise UserError(f"{edition.name} is for {lo} to {hi} players; --players gives "
                        f"{len(seats)}")
    options = parse_option_pairs(getattr(args, "option", None) or [])
    cap_note = ""
    if all(s.is_bot for s in seats) and "max-rounds" not in options and any(
            name == "max-rounds" for name, *_ in edition.describe_options()):
        # Bots alone can reach a position nobody can break; the game must still end.
        options["max-rounds"] = str(BOT_GAME_ROUNDS)
        cap_note = (f"Only bots play: the game ends after {BOT_GAME_ROUNDS} rounds at most, "
                    "won by the richest player (change with -o max-rounds=N).")
    if not all(s.is_bot for s in seats) and "auction-timer" not in options and any(
            name == "auction-timer" for name, *_ in edition.describe_options()) and \
            can_wait(infile if infile is not None else sys.stdin):
        # People at the table: the unit's real timer (issue 5). Input that cannot be
        # waited on (a file object in memory) keeps the turn-based auction.
        options["auction-timer"] = str(LIVE_AUCTION_SECONDS)
    try:
        game = edition.new_game([s.name for s in seats], seed=args.seed, options=options)
    except ValueError as e:
        raise UserError(str(e)) from None
    console = _console(out if out is not None else sys.stdout,
                       no_color=bool(getattr(args, "no_color", False)))
    session = Session(game, seats, console=console, infile=_input(game, infile),
                      clock=clock, waiter=waiter)
    # Arguments that do not come from the command line's parser (no ``no_save``) save only
    # where ``save`` says: a program or test calling play() never writes in the data folder.
    save_note = first_save(session, getattr(args, "save", None),
                           bool(getattr(args, "no_save", True)))
    people = [s.name for s in seats if not s.is_bot]
    session.say(f"{edition.name}: " + ", ".join(
        s.name + (f" ({s.note()})" if s.is_bot else "") for s in seats)
        + f". Seed {game.seed}.", style="bold")
    if people:
        session.say("Type the number of a choice; b shows the board, s saves, q quits, "
                    "? helps.")
    if save_note:
        session.say(save_note)
    if cap_note:
        session.say(cap_note)
    if _timed(game) and people:
        session.say(f"Auctions are live: a {game.options.auction_timer}-second timer, "
                    "restarted by every press (-o auction-timer=0 for turn-based "
                    "auctions).")
    session.say(_order_words(game))
    session.say(f"--- Round {game.round}: {game.name(game.current)}'s turn ---", style="bold")
    session.turn_started = game.current
    return session.run()


def resume(args: argparse.Namespace, *, infile: TextIO | None = None,
           out: TextIO | None = None, clock: Callable[[], float] = time.monotonic,
           waiter: Waiter | None = None) -> int:
    """``pennybags resume FILE``: load a saved game and go on from where it stood. Without
    a file, list the recent saved games; with ``--latest``, resume the most recently saved
    game that has not ended."""
    if getattr(args, "latest", False):
        newest = saves.latest_unfinished()
        if newest is None:
            raise UserError(f"no unfinished saved game in {games_dir()} "
                            f"('{saves.launcher()} resume' lists the saved games)")
        path = newest.path
    elif getattr(args, "file", None) is None:
        for line in saves.listing():
            print(line, file=out if out is not None else sys.stdout)
        return 0
    else:
        path = saves.resolve(args.file)
    try:
        rec = history.load(path)
        game, seats, found, bots = rebuild(rec)
    except history.RecordError as e:
        raise UserError(str(e)) from None
    console = _console(out if out is not None else sys.stdout,
                       no_color=bool(getattr(args, "no_color", False)))
    setup = rec.get("setup") if isinstance(rec.get("setup"), Mapping) else None
    session = Session(game, seats, console=console, infile=_input(game, infile),
                      save_path=path, bots=bots, setup=setup, clock=clock, waiter=waiter)
    session.saved_actions = len(game.history)
    session.say(f"Resuming {path}: {plural(len(game.history), 'answer')} replayed.",
                style="bold")
    if not found:
        session.say("The record does not say which seats are bots: people play every seat.")
    if game.over:
        session.say(session.result_words(), style="bold")
        session.show_board()
        return 0
    waiting = ", ".join(f"{game.name(d.player)} ({d.kind})" for d in game.pending)
    session.say(f"Round {game.round}, {game.name(game.current)}'s turn; waiting on "
                f"{waiting}.")
    if any(session.is_person(d.player) for d in game.pending):
        session.show_board()
    return session.run()
