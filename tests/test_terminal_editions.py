"""The terminal front for Ultimate Banking and Monopoly 2.3: the editions' own questions,
their rent levels and buildings in the board view, the game-over lines, and the live
auction with its timer (driven with an injected clock, so no test waits for real)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from pennybags import history, scenario
from pennybags.editions import get_edition
from pennybags.engine.actions import Action, Decision
from pennybags.engine.game import Game
from pennybags.engine.snapshot import snapshot
from pennybags.keyboard import InputLines
from pennybags.terminal import app
from pennybags.terminal.app import Seat, Session
from pennybags.terminal.render import describe_state

PENNYBAGS = str(Path(sys.executable).parent / "pennybags")


# ====================================================================== typing with a clock


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


Typed = str | tuple[float, str]


class Typing:
    """What people type: a plain string is typed at once; ``(seconds, text)`` is typed after
    that many seconds. Menus read lines with ``readline``; the live auction waits with
    ``wait_line``, and the clock moves by the time waited."""

    def __init__(self, clock: Clock, items: Sequence[Typed]) -> None:
        self.clock = clock
        self.items: list[Typed] = list(items)
        self.waits: list[float] = []

    def isatty(self) -> bool:
        return False

    def _head(self) -> tuple[float, str]:
        item = self.items[0]
        return item if isinstance(item, tuple) else (0.0, item)

    def readline(self) -> str:
        if not self.items:
            return ""
        delay, text = self._head()
        self.items.pop(0)
        self.clock.now += delay
        return text + "\n"

    def wait_line(self, timeout: float) -> str | None:
        self.waits.append(timeout)
        if not self.items:
            raise EOFError
        delay, text = self._head()
        if delay <= timeout:
            self.items.pop(0)
            self.clock.now += delay
            return text
        self.clock.now += timeout
        self.items[0] = (delay - timeout, text)
        return None


class Bidder:
    """A bot that presses while the next bid is at most ``limit``, then passes; with
    ``idle`` it never presses nor passes (it lets the timer run)."""

    def __init__(self, limit: int = 0, *, idle: bool = False) -> None:
        self.limit = limit
        self.idle = idle
        self.asked = 0

    def choose(self, game: Game, player: int) -> Action:
        self.asked += 1
        legal = game.legal_actions(player)
        bid = next((a for a in legal if a.do == "bid"), None)
        if self.idle:
            return Action("time-up")
        if bid is not None and bid.amount <= self.limit:
            return bid
        return Action("pass")


def auction_session(typed: Sequence[Typed], *, bots: dict[int, Any] | None = None,
                    people: int = 1, bob_in_jail: bool = False, save: Path | None = None
                    ) -> tuple[Session, io.StringIO, Typing, Clock, dict[str, Any]]:
    """Ann (a person) to roll 2+3 onto The Angel, Islington (unowned), then auction it; Bob
    is a person too when ``people`` is 2; the others are the given bots."""
    bob: dict[str, Any] = {"name": "Bob"}
    if bob_in_jail:
        bob.update(at="Jail", in_jail=True)
    spec: dict[str, Any] = {
        "edition": "ultimate-banking", "options": {"auction-timer": 5},
        "players": [{"name": "Ann"}, bob, {"name": "Cy"}], "turn": "Ann",
        "dice": [[2, 3], [1, 2], [1, 2]],
    }
    game = scenario.set_up(spec)
    bots = bots if bots is not None else {}
    seats = [Seat(n, "standard" if i in bots else None)
             for i, n in enumerate(game.players[i].name for i in range(3))]
    clock = Clock()
    typing = Typing(clock, typed)
    out = io.StringIO()
    s = Session(game, seats, console=Console(file=out, no_color=True, width=120),
                infile=typing, bots=bots, setup=spec, clock=clock, save_path=save)  # type: ignore[arg-type]
    assert len([x for x in seats if not x.is_bot]) == people
    return s, out, typing, clock, spec


def angel(game: Game) -> int:
    return game.board.find("The Angel, Islington")


def actions_of(game: Game) -> list[tuple[str, str]]:
    return [(game.name(p), a.do) for p, a in game.history]


# ====================================================================== the live auction


def test_live_auction_press_restarts_timer_and_time_up_sells_to_last_bidder() -> None:
    # Ann and Bob are people at one terminal; Cy is a bot that never presses.
    cy = Bidder(idle=True)
    typed: list[Typed] = ["1", "2",            # roll, then auction it
                          (3.0, "a"),          # Ann presses at 3 s: $20
                          (4.5, "2"),          # Bob at 7.5 s (after the first 5 s): $40
                          (4.0, "ann"),        # Ann at 11.5 s: $60
                          (60.0, "q")]         # nobody else: the timer runs out at 16.5 s
    s, out, typing, clock, _ = auction_session(typed, bots={2: cy}, people=2)
    start = clock.now
    s.run()
    game = s.game
    text = out.getvalue()
    assert game.owner[angel(game)] == 0 and game.houses[angel(game)] == 1
    assert game.cash(0) == 1500 - 60 and game.cash(1) == 1500
    assert [do for _, do in actions_of(game)].count("time-up") == 1
    bids = [(game.name(p), a.amount) for p, a in game.history if a.do == "bid"]
    assert bids == [("Ann", 20), ("Bob", 40), ("Ann", 60)]
    # The time-up came 5 s after the last press (3 + 4.5 + 4 + 5 seconds in all), and the
    # "q" was then read by the next menu.
    assert clock.now == pytest.approx(start + 3 + 4.5 + 4 + 60)
    assert "The auction timer runs out." in text
    assert "Ann wins The Angel, Islington at auction for $60." in text
    assert "Live auction of The Angel, Islington" in text
    assert "[5 s]" in text and "[1 s]" in text  # the countdown
    assert cy.asked >= 3  # the bot was asked after every change of the bid
    # Every countdown wait is at most a second: the display ticks.
    assert max(typing.waits) <= 1.0 + 1e-9


def test_live_auction_time_up_is_exactly_five_seconds_after_the_last_press() -> None:
    cy = Bidder(idle=True)
    s, _, _, clock, _ = auction_session(["1", "2", (4.9, ""), (30.0, "q")],
                                        bots={1: cy, 2: cy})
    times: list[float] = []
    s.game.listeners.append(lambda ev: times.append(clock.now) if ev.kind in (
        "bid", "time-up") else None)
    s.run()
    assert len(times) == 2 and times[1] - times[0] == pytest.approx(5.0)
    assert s.game.owner[angel(s.game)] == 0 and s.game.cash(0) == 1480


def test_live_auction_without_presses_leaves_it_unowned() -> None:
    idle = Bidder(idle=True)
    s, out, _, clock, _ = auction_session(["1", "2", (30.0, "q")], bots={2: idle}, people=2)
    start = clock.now
    s.run()
    game = s.game
    assert game.owner[angel(game)] == -1 and game.houses[angel(game)] == 0
    assert "Nobody bids: The Angel, Islington stays with the bank." in out.getvalue()
    assert [a.do for _, a in game.history][-1] == "time-up"
    assert all(a.do != "bid" for _, a in game.history)
    assert clock.now - start == pytest.approx(30.0)


def test_bots_press_after_a_delay_and_a_bid_war_ends_when_they_pass() -> None:
    bob, cy = Bidder(limit=60), Bidder(limit=100)
    s, out, _, clock, _ = auction_session(["1", "2", (20.0, "q")], bots={1: bob, 2: cy})
    start = clock.now
    s.run()
    game = s.game
    bids = [(game.name(p), a.amount) for p, a in game.history if a.do == "bid"]
    # They outbid each other, one step at a time, until the next bid passes Bob's limit;
    # Cy wins; Ann never pressed.
    assert [amount for _, amount in bids] == list(range(20, 20 * len(bids) + 1, 20))
    assert bids[-1][0] == "Cy" and bids[-1][1] in (60, 80)
    assert all(who != "Ann" for who, _ in bids)
    assert game.owner[angel(game)] == 2 and game.cash(2) == 1500 - bids[-1][1]
    # Bot presses are not instant: at least the smallest delay between two of them.
    assert clock.now > start
    text = out.getvalue()
    assert f"Cy wins The Angel, Islington at auction for ${bids[-1][1]}." in text


def test_a_jailed_player_cannot_press_and_bad_input_is_refused() -> None:
    idle = Bidder(idle=True)
    typed: list[Typed] = ["1", "2", "", "zz", "9", "cy", "b", "?", (1.0, "2"),
                          (1.0, "1"), (1.0, "1"), (30.0, "q")]
    s, out, _, _, _ = auction_session(typed, bots={2: idle}, people=2, bob_in_jail=True)
    s.run()
    game = s.game
    text = out.getvalue()
    assert "Bob is in Jail and cannot bid." in text
    assert "Several people play: type your seat number or initial to bid." in text
    assert "'zz' is not a seat" in text
    assert "There is no seat 9" in text
    assert "Cy is a bot: it presses for itself." in text
    assert "Ann has the high bid already." in text
    assert "Players in Jail" in text  # the help
    assert game.owner[angel(game)] == 0 and game.cash(0) == 1480
    assert all(p != 1 for p, a in game.history if a.do == "bid")


def test_live_auction_is_recorded_and_replays_exactly(tmp_path: Path) -> None:
    bob, cy = Bidder(limit=40), Bidder(idle=True)
    save = tmp_path / "live.json"
    s, _, _, _, _ = auction_session(["1", "2", (1.0, "x"), (2.0, "x"), (30.0, "q")],
                                    bots={1: bob, 2: cy}, save=save)
    s.run()
    rec = history.load(save)
    dos = [a["do"] for a in rec["actions"]]
    assert "time-up" in dos and dos.count("bid") >= 2
    replayed = history.replay(rec)
    assert snapshot(replayed) == snapshot(s.game)


def test_play_gives_people_the_live_timer_and_bots_the_turn_based_auction() -> None:
    ub = get_edition("ultimate-banking")
    args = app.argparse.Namespace(edition="ultimate-banking", players="You,bot,bot",
                                  seed=3, option=[], save=None, auto=False)
    out = io.StringIO()
    clock = Clock()
    app.play(args, infile=Typing(clock, ["q", ""]), out=out,  # type: ignore[arg-type]
             clock=clock)
    assert "Auctions are live: a 5-second timer" in out.getvalue()
    args.option = ["auction-timer=0"]
    out = io.StringIO()
    app.play(args, infile=Typing(clock, ["q", ""]), out=out)  # type: ignore[arg-type]
    assert "Auctions are live" not in out.getvalue()
    assert ub.players == (2, 4)


# ====================================================================== input with a timeout


def test_input_lines_waits_with_a_timeout_on_a_pipe() -> None:
    read_fd, write_fd = os.pipe()
    try:
        with os.fdopen(read_fd, "r") as reader:
            lines = InputLines(reader)
            assert lines.wait_line(0.01) is None
            os.write(write_fd, b"1\n2\n")
            assert lines.readline() == "1\n"
            assert lines.wait_line(0.01) == "2"  # read already, still found
            os.write(write_fd, b"three")
            os.close(write_fd)
            write_fd = -1
            assert lines.wait_line(1.0) == "three"
            with pytest.raises(EOFError):
                lines.wait_line(0.01)
            assert lines.readline() == ""
    finally:
        if write_fd >= 0:
            os.close(write_fd)


def test_the_command_takes_presses_from_a_pipe() -> None:
    """The real command, its input a pipe: the auction is live (5 s), and the person's
    presses typed in the pipe are read through select."""
    proc = subprocess.Popen(
        [PENNYBAGS, "play", "--edition", "ultimate-banking", "--players", "You,bot",
         "--seed", "295", "-o", "auction-timer=1"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, err = proc.communicate("1\n" * 40 + "q\n\n", timeout=60)
    assert proc.returncode == 0, err
    assert "Auctions are live: a 1-second timer" in out
    # The lines waiting in the pipe are read through select: the "1" after Bot 1 auctions
    # Fleet Street is the person's press, and the timer then sells it to them.
    assert "Live auction of Fleet Street (price $220)" in out
    assert "> 1\nYou bids $20 for Fleet Street." in out
    assert "You wins Fleet Street at auction for $20." in out
    assert "Traceback" not in out + err


# ====================================================================== wording


def person_game(edition: str, seed: int, answers: list[str],
                players: str = "You,bot,bot", options: Sequence[str] = ()) -> str:
    args = app.argparse.Namespace(edition=edition, players=players, seed=seed,
                                  option=list(options), save=None, auto=False)
    out = io.StringIO()
    clock = Clock()
    code = app.play(args, infile=Typing(clock, answers), out=out,  # type: ignore[arg-type]
                    clock=clock)
    assert code == 0
    return out.getvalue()


def test_ultimate_banking_played_by_numbers_shows_its_own_questions() -> None:
    # Turn-based auctions here, so that the numbered answers stay menu answers.
    # b half-way: the board with the deeds table (the start of a turn shows the map only).
    text = person_game("ultimate-banking", 28, ["1"] * 10 + ["b"] + ["1"] * 50 + ["q", ""],
                       options=["auction-timer=0"])
    assert "you are on a Location space: pay $100 to go to any property space" in text
    assert "is unowned: buy it for $180 or auction it" in text
    assert "Rents at levels 1-5: $140/$210/$330/$520/$1,000." in text
    assert "Orange set: you own 0 of 3 (Bot 2 owns Bow Street)." in text
    assert "Rent level" in text and "level 1 ($80)" in text
    assert "Key: Y owner · L3 rent level · @Y token" in text
    assert "Mortgaged" not in text and "mortgaged" not in text
    assert "Traceback" not in text


def test_monopoly_2_3_played_by_numbers_shows_its_own_questions() -> None:
    text = person_game("monopoly-2.3", 2, ["1"] * 40 + ["x", "0", "999", "q", ""])
    assert "your turn (you are on GO): roll, then choose whom the roll moves" in text
    assert "You may also you may buy one market deed this turn" not in text
    assert "buy one market deed this turn" in text
    assert "monopolies needed to win. Your cards:" in text
    assert "whom does it move? The moved player gets the space's effects" in text
    assert "'x' is not a number" in text and "There is no choice 999" in text
    assert "Mortgaged" not in text
    assert "Traceback" not in text


def decision_words(game: Game, d: Decision) -> str:
    s = Session(game, [Seat(p.name) for p in game.players],
                console=Console(file=io.StringIO()), infile=io.StringIO())
    return s.decision_words(d.player, d)


def ub_players(ann: dict[str, Any] | None = None,
               bob: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    return [{"name": "Ann", **(ann or {})}, {"name": "Bob", **(bob or {})}, {"name": "Cy"}]


def test_every_ultimate_banking_decision_kind_is_worded() -> None:
    angel_at = {"deed": "The Angel, Islington", "houses": 2}
    cases: dict[str, dict[str, Any]] = {
        "jail": {"players": ub_players({"at": "Jail", "in_jail": True}), "actions": []},
        "rent": {"players": ub_players(bob={"owns": [angel_at]}),
                 "actions": [{"player": "Ann", "do": "roll"}]},
        "bid": {"actions": [{"player": "Ann", "do": "roll"},
                            {"player": "Ann", "do": "auction"},
                            {"player": "Bob", "do": "bid"}]},
        "debt": {"players": ub_players({"cash": 50, "owns": ["Old Kent Road"]},
                                       {"owns": ["The Angel, Islington"]}),
                 "options": {"ask-for-rent": False},
                 "actions": [{"player": "Ann", "do": "roll"}]},
        "event-deed": {"players": ub_players({"owns": ["Old Kent Road", "Whitehall"]}),
                       "decks": {"events": ["grand-designs"]},
                       "dice": [[1, 1]], "actions": [{"player": "Ann", "do": "roll"}]},
        "event-player": {"decks": {"events": ["love-is-in-the-air"]},
                         "dice": [[1, 1]], "actions": [{"player": "Ann", "do": "roll"}]},
        "event-move": {"decks": {"events": ["boom-town"]},
                       "dice": [[1, 1]], "actions": [{"player": "Ann", "do": "roll"}]},
    }
    expected = {
        "jail": "you are in Jail (failed tries so far: 0 of 3). Pay $100",
        "rent": "Ann landed on your The Angel, Islington (level 2): ask for the",
        "bid": "auction of The Angel, Islington (price $100): the high bid is $20 by Bob; "
               "a press bids $40. The last bidder wins when everyone else lets the bid "
               "stand",
        "debt": "you are $30 short: give up properties, each counted at its purchase "
                "price, to Bob, who keeps its rent level",
        "event-deed": "Event card Grand Designs: Choose one of your properties: its rent "
                      "level becomes 5.",
        "event-player": "Event card Love Is In The Air",
        "event-move": "Event card Boom Town: move to any property space for free",
    }
    for kind, extra in cases.items():
        spec = {"edition": "ultimate-banking", "players": ["Ann", "Bob", "Cy"],
                "turn": "Ann", "dice": [[2, 3]], **extra}
        game = scenario.set_up(spec)
        assert scenario.play_actions(game, list(spec.get("actions", []))) == []
        d = game.pending[0]
        assert d.kind == kind, (kind, d)
        words = decision_words(game, d)
        assert expected[kind] in words, (kind, words)


def test_board_words_for_levels_and_monopoly_buildings() -> None:
    ub = scenario.set_up({"edition": "ultimate-banking",
                          "players": [{"name": "Ann", "owns": [{"deed": "Strand",
                                                                 "houses": 3}]},
                                      {"name": "Bob"}]})
    assert "Strand [level 3 ($" in describe_state(ub)
    assert "[3h]" not in describe_state(ub)
    m23 = scenario.set_up({"edition": "monopoly-2.3",
                           "players": [{"name": "Ann", "owns": [
                               {"deed": "Old Kent Road", "houses": 2},
                               {"deed": "Whitechapel Road", "houses": 2}]},
                               {"name": "Bob"}, {"name": "Cy"}]})
    state = describe_state(m23)
    assert "Old Kent Road [2 houses on the monopoly (rent £" in state


def test_game_over_lines() -> None:
    game = scenario.set_up({
        "edition": "ultimate-banking", "turn": "Ann", "dice": [[2, 3]],
        "players": ub_players({"cash": 0},
                              {"owns": [{"deed": "The Angel, Islington", "houses": 5}]}),
        "options": {"ask-for-rent": False}})
    game.act(0, Action("roll"))
    assert game.over and game.end_reason == "final-scores"
    s = Session(game, [Seat(p.name) for p in game.players],
                console=Console(file=io.StringIO()), infile=io.StringIO())
    words = s.result_words()
    assert words.startswith("Winner: Bob (the highest final score when the first player "
                            "went bankrupt). Final scores (cash + purchase prices): Bob $")


def test_a_hidden_hand_is_not_shown_in_the_trade_dialog() -> None:
    """Monopoly 2.3's hands are hidden: the trade dialog lists the kinds of card that may be
    traded (Get Out of Jail Free cards) for another player's hand, not what they hold; a
    player's own tradeable cards are listed by name, their other cards not at all."""
    game = scenario.set_up({"edition": "monopoly-2.3", "players": [
        {"name": "Ann", "hand": ["chance:get-out-of-jail-free", "chance:go-to-jail"]},
        {"name": "Bob", "hand": ["chance:chairman-of-the-board"]}, {"name": "Cy"}]})
    out = io.StringIO()
    s = Session(game, [Seat(p.name) for p in game.players],
                console=Console(file=out, no_color=True, width=120),
                infile=io.StringIO("2\n1\n"))
    assert s.pick_cards(1, "you ask for", 0) == ["community_chest:get-out-of-jail-free"]
    assert s.pick_cards(0, "you give", 0) == ["chance:get-out-of-jail-free"]
    text = out.getvalue()
    assert "Bob's hand is hidden; cards you could ask for:" in text
    assert "1. a Get Out of Jail Free card (Chance) (if they hold one)" in text
    assert "2. a Get Out of Jail Free card (Community Chest) (if they hold one)" in text
    assert "Chairman" not in text and "Go to Jail" not in text.replace("Get Out of Jail", "")
    assert "Your cards that can be traded:\n   1. a Get Out of Jail Free card (Chance)\n" \
           "Cards you give" in text
