"""Ultimate Monopoly at the terminal, for people (issue 16): the speed die shown with every
throw, every decision worded in the rulebook's terms, a space chosen among 120 by name or by
``track:number``, vouchers chosen voucher first, each player's vouchers, shares, Roll Three
cards and kept cards and the Pool on the screen, save, resume and replay, and sessions
driven by keys (through the session's input, and the real command on a pseudo-terminal).
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from pennybags import cli, history, scenario
from pennybags.editions.ultimate_monopoly import EDITION
from pennybags.editions.ultimate_monopoly.game import (
    POOL,
    ROLL_THREE,
    VOUCHERS,
    UltimateMonopolyGame,
)
from pennybags.editions.ultimate_monopoly.words import UltimateMonopolyWords
from pennybags.engine.actions import Action, Decision
from pennybags.engine.game import Event
from pennybags.engine.snapshot import snapshot
from pennybags.terminal.app import Seat, Session, rebuild
from pennybags.terminal.board_map import board_map
from pennybags.terminal.narrate import Narrator
from pennybags.terminal.render import describe_state
from pty_driver import in_pty
from um_helpers import deal as give

PENNYBAGS = str(Path(sys.executable).parent / "pennybags")

TRIPLES_FIRST = 26
"""A seed where Ann (first seat of three, two random bots) goes first and throws triples,
1+1 with the speed die on 1, at her first throw."""


# ====================================================================== helpers


def um(spec: dict[str, Any]) -> UltimateMonopolyGame:
    game = scenario.set_up({"edition": "ultimate-monopoly", "seed": 3, **spec})
    assert isinstance(game, UltimateMonopolyGame)
    return game


def words(game: UltimateMonopolyGame) -> UltimateMonopolyWords:
    w = EDITION.words(game)
    assert isinstance(w, UltimateMonopolyWords)
    return w


def play(game: UltimateMonopolyGame, keys: str, width: int = 80,
         people: int = 1) -> tuple[Session, str]:
    """Ann (and the next ``people`` - 1 seats) typing ``keys``, random bots in the other
    seats, on a console ``width`` columns wide; the session and what it wrote."""
    seats = [Seat(p.name) if p.seat < people else Seat(p.name, "random")
             for p in game.players]
    out = io.StringIO()
    session = Session(game, seats, console=Console(file=out, no_color=True, width=width,
                                                   height=24),
                      infile=io.StringIO(keys))
    session.run()
    return session, out.getvalue()


def keys(*answers: str) -> str:
    return "".join(a + "\n" for a in answers)


def draw(game: UltimateMonopolyGame, width: int, height: int,
         notes: Sequence[str] = ()) -> str:
    out = io.StringIO()
    Console(file=out, width=width, height=height, color_system=None).print(
        board_map(game, width=width, height=height, notes=notes))
    return out.getvalue()


# ====================================================================== the speed die


@pytest.mark.parametrize(("dice", "told"), [
    ([6, 3, 1], "Ann rolls 6+3 (speed die: 1)."),
    ([2, 5, 2], "Ann rolls 2+5 (speed die: 2)."),
    ([1, 4, 3], "Ann rolls 1+4 (speed die: 3)."),
    ([4, 2, "mr_monopoly"], "Ann rolls 4+2 (speed die: Mr. Monopoly)."),
    ([2, 2, "bus"], "Ann rolls 2+2 (speed die: Bus; doubles)."),
    ([3, 4], "Ann rolls 3+4."),
])
def test_every_throw_is_told_with_the_speed_die_face(dice: list[int | str], told: str) -> None:
    game = um({"players": ["Ann", "Bob"]})
    narrator = Narrator(game)
    narrator(Event("rolled", {"player": 0, "dice": dice, "double": dice[0] == dice[1],
                              "triple": False}))
    assert narrator.take() == [told]


def test_a_throw_and_its_move_are_told_with_the_face_and_a_change_of_track() -> None:
    # From GO, 6+3 and 1 is ten, even: Reading Railroad is ridden to the outer track.
    game = um({"players": ["Ann", "Bob"], "dice": [[6, 3, 1]]})
    _, out = play(game, keys("1"))
    assert "Ann rolls 6+3 (speed die: 1) and moves to Magazine Street (outer track)." in out


def test_the_map_status_shows_the_last_throw_and_the_pool() -> None:
    game = um({"players": ["Ann", "Bob"], "dice": [[4, 2, "mr_monopoly"]]})
    session, _ = play(game, keys("1"))
    out = io.StringIO()
    session.console = Console(file=out, no_color=True, width=80, height=24)
    session.show_board(detail=False, viewer=0)
    text = " ".join(out.getvalue().split())
    assert "Last throw: Ann 4+2 (speed die: Mr. Monopoly)." in text
    assert f"The Pool holds {game.money(game.ledger.balance(POOL))}." in text
    # A resumed game has seen no throw yet: the game's own last throw, without a name.
    fresh = Session(game, [Seat("Ann"), Seat("Bob")], console=Console(file=io.StringIO()),
                    infile=io.StringIO())
    assert fresh.throw_notes() == ["Last throw: 4+2 (speed die: Mr. Monopoly)."]


def test_questions_after_a_throw_say_the_speed_die() -> None:
    game = um({"players": ["Ann", "Bob"], "dice": [[2, 2, 2]]})
    game.act(0, Action("roll"))
    d = game.pending[0]
    assert d.kind == "triples"
    assert "you threw triples, 2+2 (speed die: 2)!" in words(game).question(0, d)
    game = um({"players": ["Ann", {"name": "Bob", "owns": ["Baltic Avenue"]}],
               "dice": [[1, 2, "bus"]]})
    game.act(0, Action("roll"))
    asked = words(game).question(0, game.pending[0])
    assert "1+2 (speed die: Bus)" in asked


# ====================================================================== the words


def test_every_decision_and_every_action_it_takes_are_in_the_editions_words() -> None:
    """Every decision kind has a question of the edition's, and every action that names
    a space, property, card, company or player has a menu line of the edition's (the
    schema's one-size label does not say which track or voucher)."""
    book = EDITION.rulebook
    assert sorted(k for k in book.decisions
                  if k not in UltimateMonopolyWords.decision_words) == []
    named = ("space", "deed", "card", "company", "target")
    missing = sorted({do for kind in book.decisions.values() for do in kind.answers
                      if any(book.vocabulary.actions[do].takes(f) for f in named)
                      and do not in UltimateMonopolyWords.action_words
                      and do not in ("counter", "propose-trade")})
    assert missing == []


def card_choice(game: UltimateMonopolyGame, kind: str, action: Action,
                amount: int = 0) -> str:
    return words(game).action_label(action, Decision(kind, 0, amount=amount))


def test_card_choices_are_worded_by_their_cards() -> None:
    game = um({"players": [
        {"name": "Ann", "owns": ["Baltic Avenue", {"deed": "Park Place", "houses": 1},
                                 {"deed": "Boardwalk", "houses": 1}]},
        {"name": "Bob", "owns": ["Oriental Avenue", {"deed": "Vermont Avenue",
                                                     "mortgaged": True},
                                 "Checker Cab Co."]}]})
    at = game.board.find
    money = game.money
    assert card_choice(game, "steal", Action("choose-deed", deed=at("Oriental Avenue"))) == \
        "Steal Bob's Oriental Avenue (middle track)"
    assert card_choice(game, "swap", Action("choose-deed", deed=at("Oriental Avenue"))) == \
        "Take Bob's Oriental Avenue (middle track)"
    assert card_choice(game, "swap-give", Action("choose-deed", deed=at("Baltic Avenue"))) \
        == "Give your Baltic Avenue (middle track)"
    assert card_choice(game, "foreclose", Action("choose-deed", deed=at("Vermont Avenue"))) \
        == f"Claim Bob's Vermont Avenue (middle track, mortgaged) for {money(50)} (its " \
           "mortgage value)"
    assert card_choice(game, "free-house", Action("choose-deed", deed=at("Boardwalk"))) == \
        "Build a free house on Boardwalk (middle track) (has 1 house)"
    assert card_choice(game, "tornado", Action("choose-deed", deed=at("Boardwalk"))) == \
        "Strike your Dark blue group (one building off each property)"
    assert card_choice(game, "surrender", Action("choose-deed", deed=at("Baltic Avenue"))) \
        == "Surrender Baltic Avenue (middle track) to the bank"
    assert card_choice(game, "taxi-wars", Action("choose-deed", deed=at("Checker Cab Co."))) \
        == "Take Bob's Checker Cab Co. (outer track) and advance to it"
    assert card_choice(game, "court", Action("choose-player", target=1), 250) == \
        f"Take {money(250)} from Bob"
    assert card_choice(game, "district-attorney", Action("choose-player", target=1)) == \
        "Send Bob to jail"
    assert card_choice(game, "game-night", Action("choose-player", target=1), 200) == \
        f"Roll against Bob ({money(200)} to the higher roller)"
    stock = game.stocks[0]
    assert card_choice(game, "inherit-stock", Action("choose-company", company=0)) == \
        f"Take a free share of {stock.name} (par {money(stock.par)})"
    assert card_choice(game, "sale-of-stock", Action("choose-company", company=0), 50) == \
        f"Sell a share of {stock.name} for {money(stock.par + 50)} (par " \
        f"{money(stock.par)} + {money(50)})"
    assert card_choice(game, "insider-trading", Action("choose-company", company=0)) == \
        f"Buy a share of {stock.name} for {money((stock.par + 1) // 2)} (half par)"


def test_a_buyers_market_label_prices_a_transit_twin_by_its_railroads_deed() -> None:
    game = um({"players": ["Ann", "Bob"]})
    twin = game.board.find("outer:7")  # Reading Railroad on the outer track
    label = words(game).action_label(Action("choose-space", space=twin),
                                     Decision("buyers-market", 0))
    assert label == f"Move to Reading Railroad (outer track) and buy it for half price " \
                    f"({game.money(100)})"


def test_kept_cards_say_what_they_do_and_a_no_cancels_it() -> None:
    game = um({"players": ["Ann", "Bob"]})
    slick = give(game, 0, "chance", "slick-move")
    w = words(game)
    assert w.action_label(Action("play-card", card=slick), Decision("roll", 0)) == \
        "Play Slick Move: steal a property card from a player of your choice (not part " \
        "of a monopoly)"
    no = give(game, 0, "chance", "just-say-no")
    assert w.action_label(Action("play-card", card=no), Decision("against-jail", 0)) == \
        "Play Just Say 'NO'!: cancel it"


def test_a_name_ending_in_a_full_stop_gets_no_second_one() -> None:
    game = um({"players": ["Ann", {"name": "Bob", "owns": ["Checker Cab Co."]}]})
    cab = game.board.find("Checker Cab Co.")
    d = Decision("against-steal", 1, deed=cab, creditor=0)
    question = words(game).question(1, d)
    assert "Checker Cab Co. Play your card" in question
    assert ".." not in question


def test_voucher_titles_mark_the_expiring_bus_tickets() -> None:
    game = um({"players": ["Ann", "Bob"]})
    w = words(game)
    plain = give(game, 0, VOUCHERS, "bus-ticket")
    expiring = give(game, 0, VOUCHERS, "bus-ticket-expiring")
    card = give(game, 0, VOUCHERS, "travel-card")
    assert w.card_words(plain) == "Bus Ticket"
    assert w.card_words(expiring) == "Bus Ticket (expires all others)"
    assert w.card_words(card) == "Travel Card"
    assert w.vouchers_held_words(0) == \
        "a Bus Ticket, a Bus Ticket (expires all others) and a Travel Card"


# ====================================================================== the panel


def holding_game() -> UltimateMonopolyGame:
    game = um({"players": ["Ann", "Bob", "Cy"]})
    give(game, 0, VOUCHERS, "travel-card")
    give(game, 0, VOUCHERS, "bus-ticket-expiring")
    give(game, 0, ROLL_THREE, "roll-three-1-2-3")
    give(game, 1, "chance", "just-say-no")
    give(game, 1, ROLL_THREE, "roll-three-2-4-6")
    game.shares[1][0] += 2
    game.bank_shares[0] -= 2
    game.shares_mortgaged[1][0] = 1
    game.pay(2, POOL, 150, "Luxury Tax")
    return game


def test_the_panel_shows_vouchers_shares_roll_three_cards_and_the_pool() -> None:
    game = holding_game()
    stock = game.stocks[0].name
    for width, height in ((80, 24), (120, 40), (160, 60)):
        text = " ".join(draw(game, width, height).split())
        assert "A Ann: Vouchers: Travel Card, Bus Ticket (expires all others); Roll " \
               "Three: 1-2-3" in text, (width, text)
        assert f"B Bob: Roll Three: 2-4-6; Shares: {stock} 2 (1 mortgaged)" in text, width
        assert "Cards: Just Say 'NO'!" in text, width
        # in the innermost ring on a big screen, the sentence wraps between ring cells
        assert re.search(r"The Pool holds (\S+ ){0,8}?\$150\.", text), width
        assert "C Cy:" not in text  # nothing held: no line
    state = describe_state(game)
    assert "   holds Vouchers: Travel Card, Bus Ticket (expires all others); Roll Three: " \
           "1-2-3" in state
    assert f"The Pool holds {game.money(150)}." in state


def test_the_board_command_shows_the_holdings_with_the_deeds() -> None:
    game = holding_game()
    _, out = play(game, keys("b"), people=3)
    assert "Vouchers: Travel Card, Bus Ticket (expires all others)" in out
    assert "No deeds have been bought yet." in out  # the b command's deeds table


# ====================================================================== choosing a space


def triples_game() -> UltimateMonopolyGame:
    return um({"players": ["Ann", "Bob"], "dice": [[1, 1, 1]]})


def test_triples_space_chosen_by_track_and_number() -> None:
    game = triples_game()
    _, out = play(game, keys("1", "outer:7"))
    assert "119 spaces to choose from" in out
    assert "Ann moves to Reading Railroad (outer track)." in out
    assert game.players[0].position == game.board.find("outer:7")


def test_a_name_several_spaces_share_gives_a_short_numbered_list() -> None:
    game = triples_game()
    _, out = play(game, keys("1", "chance", "5"))
    assert "'chance' matches 8 spaces.\nMove to:\n" in out
    assert "  4. Chance (outer track) [outer:10]" in out
    assert game.players[0].position == game.board.find("outer:21")


def test_part_of_a_name_is_confirmed_and_board_is_a_name_there() -> None:
    game = triples_game()
    _, out = play(game, keys("1", "board", "y"))
    assert "Move to Boardwalk (middle track; unowned, $400)? [Y/n]" in out
    assert game.players[0].position == game.board.find("Boardwalk")
    game = triples_game()
    _, out = play(game, keys("1", "park", ""))
    assert "'park' matches 2 spaces:" in out
    assert "Free Parking (middle track)" in out and "Park Place (middle track" in out


def test_the_list_names_every_space_by_track_with_owners_and_prices() -> None:
    game = um({"players": ["Ann", {"name": "Bob", "owns": ["Boardwalk"]}],
               "dice": [[1, 1, 1]]})
    _, out = play(game, keys("1", "l"), width=100)
    text = " ".join(out.split())
    assert "Middle track: 1 Mediterranean $60, 2 Chest, 3 Baltic $60" in text
    assert "39 Boardwalk (Bob)" in text
    assert "Outer track: 0 Stock Exchange, 1 Lake $30" in text
    assert "Inner track: 0 Squeeze Play" in text


def test_an_unknown_name_gets_a_reason_and_what_was_meant() -> None:
    game = triples_game()
    _, out = play(game, keys("1", "bordwalk"))
    assert "No space you may choose here matches 'bordwalk'. Did you mean boardwalk?" in out
    assert game.pending and game.pending[0].kind == "triples"


def test_a_voucher_is_chosen_first_then_where_it_goes() -> None:
    game = um({"players": ["Ann", "Bob"]})
    give(game, 0, VOUCHERS, "travel-card")
    give(game, 0, VOUCHERS, "bus-ticket-expiring")
    _, out = play(game, keys("2", "2", "3"))
    assert "You may play a Travel Voucher (one a turn; you hold a Travel Card and a Bus " \
           "Ticket (expires all others))." in out
    assert "2. Play a Travel Voucher... (17 spaces)" in out
    assert "1. Travel Card: 17 spaces" in out
    assert "2. Bus Ticket (expires all others): 17 spaces" in out
    assert "Play your Bus Ticket (expires all others) to:" in out
    assert "3. Baltic Avenue (middle track; unowned, $60)" in out
    # the other track's spaces say which station the voucher's move rides
    assert "11. Esplanade Avenue (outer track; unowned, $90) via Reading Railroad" in out
    assert "Ann plays a Bus Ticket that expires every other Travel Voucher and goes to " \
           "Baltic Avenue." in out
    assert "Ann's Travel Card expires (out of the game)." in out
    assert game.players[0].position == game.board.find("Baltic Avenue")


def test_alike_vouchers_are_one_choice() -> None:
    game = um({"players": ["Ann", "Bob"]})
    give(game, 0, VOUCHERS, "travel-card")
    give(game, 0, VOUCHERS, "travel-card")
    _, out = play(game, keys("2", "1"))
    assert "you hold 2 Travel Cards" in out
    assert "Play your Travel Card to:" in out
    assert "Travel Card: " not in out  # no voucher step: they are alike
    assert out.count("Mediterranean Avenue (middle track; unowned, $60)") == 1


# ====================================================================== managing, cards


def test_shares_are_mortgaged_from_manage_and_kept_cards_are_in_the_menu() -> None:
    game = um({"players": ["Ann", {"name": "Bob", "owns": ["Baltic Avenue"]}]})
    give(game, 0, "chance", "slick-move")
    game.shares[0][2] += 1
    game.bank_shares[2] -= 1
    stock = game.stocks[2]
    _, out = play(game, keys("3", "1", "", "2"))
    assert "3. Manage properties... (mortgage shares)" in out
    assert f"Mortgage a share of {stock.name} (+{game.money(stock.mortgage_value)})" in out
    assert "2. Play Slick Move: steal a property card" in out
    assert game.shares_mortgaged[0][2] == 1
    assert game.owner[game.board.find("Baltic Avenue")] == 0


# ====================================================================== trades


def trading_game() -> UltimateMonopolyGame:
    return um({"players": [
        {"name": "Ann", "vouchers": ["travel-card", "travel-card"],
         "roll_three": ["roll-three-1-2-3"], "shares": {"motion-pictures": 1}},
        {"name": "Bob", "hand": ["chance:just-say-no"],
         "shares": {"motion-pictures": {"held": 3, "mortgaged": 1}}}]})


def test_the_trade_dialog_offers_each_held_card_and_shares_by_company() -> None:
    """A trade of the edition's every kind of asset from the terminal: one of two alike
    Travel Cards and a Roll Three card given, a kept Chance card, an unmortgaged and a
    mortgaged share asked for (more shares than are held are refused with a reason)."""
    game = trading_game()
    second_card = game.players[0].cards[1]
    session, out = play(game, keys(
        "4", "1", "", "",        # trade with Bob; no cash either way
        "2 3", "1",              # the second Travel Card and the Roll Three card; NO!
        "",                      # none of Ann's own share
        "3", "1", "1",           # 3 of 2 unmortgaged refused, then 1; and the mortgaged one
        "y"))
    motion = game.stocks[next(c.index for c in game.stocks if c.id == "motion-pictures")]
    assert "Your cards that can be traded:" in out
    assert "   1. Travel Card (Travel Vouchers)\n   2. Travel Card (Travel Vouchers)\n" \
           "   3. Roll Three 1-2-3" in out
    assert "Bob's cards that can be traded:\n   1. Just Say 'NO'! (Chance)" in out
    assert f"Shares you hold: {motion.name} 1." in out
    assert f"Shares Bob holds: {motion.name} 3 (1 mortgaged)." in out
    assert f"Shares of {motion.name} you ask for (2 held; Enter for none): " in out
    assert "Only 2 are held." in out
    assert (f"Ann offers Bob a trade: Ann gives Travel Card (Travel Vouchers) and Roll Three "
            f"1-2-3 for Bob's Just Say 'NO'! (Chance) and 2 shares of {motion.name} "
            f"(1 mortgaged).") in out
    assert "Bob accepts the offer" in out
    assert session.game is game
    assert second_card in game.players[1].cards
    assert [k for k, _ in game.players[0].cards].count(VOUCHERS) == 1
    assert [k for k, _ in game.players[1].cards].count(ROLL_THREE) == 1
    assert [game.decks[k].cards[i].id for k, i in game.players[0].cards
            if k == "chance"] == ["just-say-no"]
    assert game.shares[0][motion.index] == 3 and game.shares_mortgaged[0][motion.index] == 1
    assert game.shares[1][motion.index] == 1 and game.shares_mortgaged[1][motion.index] == 0
    # the mortgaged share's receiver paid the bank 10% of its mortgage value
    assert game.cash(0) == 3200 - (motion.mortgage_value + 9) // 10


# ====================================================================== save, resume, replay


def run_cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
            argv: list[str], text: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = cli.main(argv)
    out, _ = capsys.readouterr()
    return code, out


def test_a_saved_game_resumes_to_the_same_state_and_replays(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    argv = ["play", "--edition", "ultimate-monopoly", "--players",
            "Ann,bot:random,bot:random", "--seed", str(TRIPLES_FIRST), "--save"]
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    answers = ["1", "outer:7", "1", "1", "1", "1", "1", "1", "1", "1"]
    code, _ = run_cli(monkeypatch, capsys, [*argv, str(whole)], keys(*answers, "q"))
    assert code == 0
    code, _ = run_cli(monkeypatch, capsys, [*argv, str(part)], keys(*answers[:3], "q"))
    assert code == 0
    paused = json.loads(part.read_text())
    game, _, found, _ = rebuild(paused)
    assert found
    assert snapshot(game) == snapshot(history.replay(paused))
    # Resuming and quitting at once changes nothing; answering the rest gives the game
    # that never stopped, bots included.
    code, out = run_cli(monkeypatch, capsys, ["resume", str(part)], keys("q"))
    assert code == 0 and "Resuming" in out
    assert json.loads(part.read_text())["final"] == paused["final"]
    code, _ = run_cli(monkeypatch, capsys, ["resume", str(part)], keys(*answers[3:], "q"))
    assert code == 0
    a, b = json.loads(whole.read_text()), json.loads(part.read_text())
    assert len(a["actions"]) > len(paused["actions"])
    assert b["actions"] == a["actions"] and b["final"] == a["final"]
    # ``pennybags replay`` tells the saved position, tracks and holdings included.
    code, out = run_cli(monkeypatch, capsys, ["replay", "--verify", str(whole)], "")
    assert code == 0 and "verified" in out
    code, out = run_cli(monkeypatch, capsys, ["replay", str(whole)], "")
    assert code == 0
    assert "Ann: " in out and "(outer track)" in out and "holds Vouchers:" in out


# ====================================================================== sessions by keys


def test_a_session_by_keys_through_a_few_turns_with_triples(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--edition", "ultimate-monopoly", "--players",
            "Ann,bot:random,bot:random", "--seed", str(TRIPLES_FIRST), "--no-save"]
    code, out = run_cli(monkeypatch, capsys, argv,
                        keys("1", "outer:7", "1", "1", "1", "1", "1", "2", "2", "", "1",
                             "3", "q", ""))
    assert code == 0
    told = out.splitlines()
    assert "Ann rolls 1+1 (speed die: 1; triples)." in told
    assert "Ann moves to Reading Railroad (outer track)." in told
    assert "Ann takes a Travel Voucher for landing on Reading Railroad (outer track): Bus " \
           "Ticket." in told
    assert "A Ann: Vouchers: Travel Card, Bus Ticket; Roll Three: 1-2-4" in told
    assert any(line.startswith("Bot 1 rolls") and "(speed die: " in line for line in told)
    assert "Last throw: Bot 2 2+5 (speed die:" in " ".join(told)
    # Round 2: the voucher first (Travel Card or Bus Ticket), then where it goes.
    assert "  1. Travel Card: 12 spaces" in told and "  2. Bus Ticket: 12 spaces" in told
    assert "Play your Travel Card to:" in told
    assert "Ann plays a Travel Card and goes to Chance (outer track)." in told
    assert "Traceback" not in out


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs a pseudo-terminal")
def test_the_real_command_on_an_80x24_terminal() -> None:
    code, out = in_pty(
        [PENNYBAGS, "play", "--edition", "ultimate-monopoly", "--players",
         "Ann,bot:random,bot:random", "--seed", str(TRIPLES_FIRST), "--no-save"],
        [("for help: ", b"1\n"), ("Which space? ", b"outer:7\n"), ("for help: ", b"1\n"),
         ("for help: ", b"q\n"), ("saving: ", b"\n")],
        columns=80, lines=24)
    assert code == 0, out
    assert "Traceback" not in out
    assert "Ann rolls 1+1 (speed die: 1; triples)." in out
    assert "Ann buys Reading Railroad (middle track) for $200." in out
    assert "Outer track: nobody" in out  # the map at 80 columns: a line per track
    for line in out.splitlines():
        assert len(line) <= 80, line


# ====================================================================== narration


def test_the_bonus_move_and_a_station_voucher_are_told_as_such() -> None:
    game = um({"players": ["Ann", "Bob"], "dice": [[2, 3, "mr_monopoly"]]})
    _, out = play(game, keys("1", "1", "1"))  # roll, buy, go on with the bonus move
    assert "Ann rolls 2+3 (speed die: Mr. Monopoly) and moves to Reading Railroad (middle " \
           "track)." in out
    assert "Ann takes a Travel Voucher for landing on Reading Railroad (middle track):" in out
    assert "Mr. Monopoly takes Ann on to Oriental Avenue." in out


def tell(game: UltimateMonopolyGame, kind: str, **data: object) -> str:
    narrator = Narrator(game)
    narrator(Event(kind, dict(data)))
    return " ".join(narrator.take())


def test_depots_stands_and_skyscrapers_are_told_by_name() -> None:
    game = um({"players": [{"name": "Ann", "owns": [
        "Reading Railroad", {"deed": "Park Place", "houses": "hotel"},
        {"deed": "Boardwalk", "houses": "hotel"}]}, "Bob"]})
    reading, boardwalk = game.board.find("Reading Railroad"), game.board.find("Boardwalk")
    game.houses[reading] = 1
    assert tell(game, "built", player=0, deed=reading, level=1) == \
        "Ann builds a Train Depot on Reading Railroad (middle track)."
    assert tell(game, "built", player=0, deed=boardwalk, level=6) == \
        "Ann builds a skyscraper on Boardwalk (now a skyscraper)."
    assert tell(game, "sold-building", player=0, deed=boardwalk, level=5) == \
        "Ann sells the skyscraper on Boardwalk (now a hotel)."
    game.houses[reading] = 0
    assert tell(game, "sold-building", player=0, deed=reading, level=0) == \
        "Ann sells the Train Depot on Reading Railroad (middle track) back."
    assert tell(game, "voucher-expired", player=1, card="travel-card") == \
        "Bob's Travel Card expires (out of the game)."


def test_deal_buster_is_offered_when_another_player_is_about_to_buy() -> None:
    # Bob throws six from GO: Reading Railroad is ridden to Esplanade Avenue, for sale.
    game = um({"players": ["Ann", "Bob"], "turn": "Bob", "dice": [[1, 2, 3]]})
    give(game, 0, "community_chest", "deal-buster")
    _, out = play(game, keys("2"))
    assert "Ann, before Bob answers (Buying property: Esplanade Avenue) you may act" in out
    assert "  2. Play Deal Buster: when another player is about to buy a property, buy it " \
           "from the bank yourself" in out
    assert "Ann buys Esplanade Avenue for $90." in out
    assert game.owner[game.board.find("Esplanade Avenue")] == 0
    # Continue (Enter) lets Bob answer; nothing is asked again for the same decision.
    game = um({"players": ["Ann", "Bob"], "turn": "Bob", "dice": [[1, 2, 3]]})
    give(game, 0, "community_chest", "deal-buster")
    _, out = play(game, keys(""))
    assert out.count("you may act") == 1
    assert game.owner[game.board.find("Esplanade Avenue")] != 0


def test_the_final_standings_name_each_track_and_what_each_player_holds(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_cli(monkeypatch, capsys, [
        "play", "--edition", "ultimate-monopoly", "--players", "bot:random,bot:random",
        "--seed", "5", "-o", "max-rounds=3", "--no-save"], "")
    assert code == 0
    table = out[out.index("Standings after round 3"):]
    assert re.search(r"Bot 1 \(random\) +\$[\d,]+ +.+ \((inner|middle|outer)\)", table)
    assert "Cards" not in table.splitlines()[2]  # holdings are lines of their own
    assert re.search(r"^1 Bot 1: .*Roll Three: \d-\d-\d", table, re.MULTILINE)


def test_a_bare_number_names_that_space_of_each_track() -> None:
    game = triples_game()
    _, out = play(game, keys("1", "1", "2"))
    assert "'1' matches 3 spaces:" in out
    assert "Lake Street (outer track; unowned, $30)" in out
    assert game.players[0].position == game.board.find("outer:1")


def test_help_at_the_space_prompt_says_how_to_name_a_space() -> None:
    game = triples_game()
    _, out = play(game, keys("1", "?"))
    hint = "119 spaces to choose from. Type a name or part of it"
    assert out.count(hint) == 2  # once with the question, once more for ?
    assert "Type the number of a choice and press Enter." in out


def test_building_mortgaging_and_selling_colour_their_money() -> None:
    from pennybags.terminal.narrate import money_colours

    def colours(line: str) -> list[tuple[str, str]]:
        return [(line[s.start:s.end], str(s.style)) for s in money_colours(line).spans]

    assert colours("Bot 2 builds a Train Depot on Reading Railroad (middle track) for "
                   "$100.") == [("$100", "red")]
    assert colours("Ann lifts the mortgage on a share of Acme Motors for $83.") == \
        [("$83", "red")]
    assert colours("Ann mortgages a share of Acme Motors for $75.") == [("$75", "green")]
    assert colours("Ann sells a share of Acme Motors for $200.") == [("$200", "green")]


def test_gps_moves_the_other_token_and_says_whose_each_space_is() -> None:
    game = um({"players": [{"name": "Ann", "owns": ["Boardwalk"]},
                           {"name": "Bob", "owns": ["Park Place"]}]})
    w = words(game)
    d = Decision("gps", 0, creditor=1)
    assert w.action_label(Action("choose-space", space=game.board.find("Boardwalk")), d) == \
        "Move Bob to Boardwalk (middle track; yours)"
    assert w.action_label(Action("choose-space", space=game.board.find("Park Place")), d) \
        == "Move Bob to Park Place (middle track; Bob's)"


def test_why_a_voucher_is_drawn_is_told_from_the_event() -> None:
    game = um({"players": ["Ann", "Bob"]})
    reading = game.board.find_one("outer:7")
    ticket = game.board.find("Bus Ticket")
    assert tell(game, "voucher", player=0, card="bus-ticket", reason="bus") == \
        "Ann takes a Travel Voucher for the Bus: Bus Ticket."
    assert tell(game, "voucher", player=0, card="travel-card", reason="station",
                space=reading) == "Ann takes a Travel Voucher for landing on Reading Railroad " \
        "(outer track): Travel Card."
    assert "for landing on Bus Ticket" in tell(game, "voucher", player=0, card="bus-ticket",
                                               reason="bus-ticket", space=ticket)
    assert tell(game, "voucher", player=0, card="bus-ticket", reason="card") == \
        "Ann takes a Travel Voucher as the card says: Bus Ticket."
    assert tell(game, "no-voucher-left", player=0, reason="bus") == \
        "Ann throws the Bus, but no Travel Voucher is left to take."
    assert tell(game, "no-voucher-left", player=0, reason="station", space=reading) == \
        "No Travel Voucher is left for Ann to take for landing on Reading Railroad (outer " \
        "track)."


def test_a_bonus_move_is_told_by_its_kind_not_by_the_throw_before_it() -> None:
    game = um({"players": ["Ann", "Bob"]})
    oriental = game.board.find("Oriental Avenue")
    assert tell(game, "moved", player=0, start=0, to=oriental, steps=6,
                bonus="mr-monopoly") == "Mr. Monopoly takes Ann on to Oriental Avenue."
    assert tell(game, "moved", player=0, start=0, to=oriental, steps=-6,
                bonus="mr-monopoly") == "Mr. Monopoly takes Ann back to Oriental Avenue."
    assert tell(game, "moved", player=0, start=0, to=oriental, steps=6, bonus="bus") == \
        "Ann rides the Bus on to Oriental Avenue."
    assert tell(game, "moved", player=0, start=0, to=oriental, steps=6) == \
        "Ann moves to Oriental Avenue."


def test_an_auction_won_with_always_bank_on_family_tells_the_bid_and_the_price() -> None:
    game = um({"players": ["Ann", "Bob"]})
    oriental = game.board.find("Oriental Avenue")
    assert tell(game, "auction-won", player=0, deed=oriental, amount=150, paid=50) == \
        "Ann wins Oriental Avenue at auction for $150; the bank adds $100, so Ann pays $50."
    assert tell(game, "auction-won", player=0, deed=oriental, amount=150) == \
        "Ann wins Oriental Avenue at auction for $150."
    assert tell(game, "card-used", player=0, deck="chance",
                card="always-bank-on-family") == "Ann uses Always Bank on Family."
