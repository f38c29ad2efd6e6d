"""Monopoly 2.3: rules that scenario files cannot reach, invariants over whole games, records,
the standard bot against random, the lab and the terminal front.

The rules themselves are tested one by one in tests/scenarios/monopoly-2.3/*.yaml.
"""

from __future__ import annotations

import argparse
import io
import json
import random
from collections.abc import Callable

import pytest

from pennybags import cli, history, scenario
from pennybags.bots import make_bot
from pennybags.editions import get_edition, words_for
from pennybags.editions.monopoly_2_3.game import (
    CARD_DECKS,
    DEEDS,
    HOTEL,
    Monopoly23Game,
    plain_move,
    round_up,
)
from pennybags.engine.actions import Action, Decision, Trade
from pennybags.engine.decks import Card, shuffle
from pennybags.engine.game import Event
from pennybags.engine.notation import action_from_json, action_to_json
from pennybags.engine.snapshot import snapshot
from pennybags.lab.simulate import Setup, run_games, run_options, summarise
from pennybags.terminal import app

EDITION = "monopoly-2.3"


def new_game(names: list[str] | int = 4, seed: int = 1, **options: object) -> Monopoly23Game:
    if isinstance(names, int):
        names = [f"P{i}" for i in range(names)]
    game = get_edition(EDITION).new_game(names, seed=seed,
                                         options={k.replace("_", "-"): v
                                                  for k, v in options.items()})
    assert isinstance(game, Monopoly23Game)
    return game


# ------------------------------------------------------------------ set-up and money


@pytest.mark.parametrize("count", [2, 7])
def test_ruling_8_three_to_six_players(count: int) -> None:
    """Ruling 8: a game of fewer than 3 or more than 6 players is refused clearly."""
    with pytest.raises(ValueError, match=f"for 3 to 6 players, not {count}"):
        new_game(count)


def test_starting_money_and_hands() -> None:
    game = new_game(3)
    for p in game.players:
        assert game.cash(p.seat) == 1500
        assert sorted(k for k, _ in p.cards) == ["chance", "community_chest"]
    assert len(game.market) == 4
    assert game.money(1500) == "£1,500"


def test_rounding_up_to_five() -> None:
    """Every amount is rounded up to £5; a multiple of 5 stays the same."""
    assert [round_up(x) for x in (0, 1, 2, 4, 5, 6, 28, 30, 115)] == \
        [0, 5, 5, 5, 5, 10, 30, 30, 115]
    game = new_game(3)
    board = game.board
    assert game.force_price(board.find_deed("Old Kent Road")) == 90
    assert game.force_price(board.find_deed("Park Lane")) == 525


def test_several_five_monopolies_highest_assets_or_draw() -> None:
    """Several players reaching the target at once: the highest total assets win; equal
    totals are a draw. (On the classic board two players cannot both hold five of the
    eight monopolies, so the target is lowered to reach this rule.)"""
    game = new_game(3)
    game.to_win = 1
    board = game.board
    for name in ("Old Kent Road", "Whitechapel Road"):
        game.owner[board.find_deed(name)] = 0
    for name in ("Mayfair", "Park Lane"):
        game.owner[board.find_deed(name)] = 1
    # P0: 1500 + 120 in deeds; P1: 1500 + 750.
    assert game.check_five()
    assert game.winner == 1 and game.end_reason == "five-monopolies"

    game = new_game(3)
    game.to_win = 1
    for name in ("Old Kent Road", "Whitechapel Road"):
        game.owner[board.find_deed(name)] = 0
    for name in ("The Angel Islington", "Euston Road"):
        game.owner[board.find_deed(name)] = 1
    game.ledger.transfer(1, -1, 200, "test")  # 1500 + 60 + 60 = 1300 + 100 + 100 + 120
    game.owner[board.find_deed("Pentonville Road")] = 1
    assert game.total_assets(0) == game.total_assets(1)
    assert game.check_five()
    assert game.over and game.winner is None


def test_reshuffle_when_the_deck_is_short() -> None:
    """The discards are shuffled; enough of them join the deck to let everyone draw; the
    rest become the deck afterwards."""
    game = new_game(4)
    deck = game.decks["chance"]
    held = [i for p in game.players for k, i in p.cards if k == "chance"]
    rest = [i for i in deck.order]
    deck.order.clear()
    deck.order.append(rest[0])
    game.discards["chance"] = rest[1:]
    before = {p.seat: len(p.cards) for p in game.players}
    game.everyone_draws("chance")
    for p in game.players:
        assert len(p.cards) == before[p.seat] + 1
    assert game.discards["chance"] == []
    assert len(deck.order) == len(rest) - 4
    everywhere = sorted([*deck.order, *[i for p in game.players for k, i in p.cards
                                        if k == "chance"]])
    assert everywhere == sorted(held + rest)


def test_everyone_draws_until_the_deck_is_empty() -> None:
    """With every card in hand, the players who cannot draw simply do not."""
    game = new_game(3)
    deck = game.decks["chance"]
    game.players[0].cards.extend(("chance", i) for i in deck.order)
    deck.order.clear()
    game.everyone_draws("chance")
    assert not deck.order


# ------------------------------------------------------------------ invariants


def check(game: Monopoly23Game) -> None:
    """The invariants of a Monopoly 2.3 game."""
    board = game.board
    assert game.ledger.conserved()
    for p in game.players:
        assert game.cash(p.seat) >= 0
        if p.bankrupt:
            assert game.cash(p.seat) == 0 and not game.deeds_of(p.seat) and not p.cards
        if p.in_jail:
            assert p.position == game.jail
    # Every card is in its deck, its discard pile or one hand, exactly once.
    for key in CARD_DECKS:
        deck = game.decks[key]
        places = [*deck.order, *game.discards[key],
                  *[i for p in game.players for k, i in p.cards if k == key]]
        assert sorted(places) == list(range(len(deck.cards))), key
    # Every deed is owned, face up in the market, or in the deed deck, exactly once.
    deck = game.decks[DEEDS]
    bank = [int(deck.cards[i].params["deed"]) for i in deck.order] + list(game.market)
    assert len(bank) == len(set(bank))
    assert sorted(bank + [d for d in board.deeds if game.owner[d] >= 0]) == list(board.deeds)
    assert len(game.market) == min(4, len(bank))
    for d in bank:
        assert game.owner[d] == -1
    # Buildings stand on whole monopolies, the same level across the group.
    houses = hotels = 0
    for d in board.deeds:
        level = game.houses[d]
        assert 0 <= level <= HOTEL and not game.mortgaged[d]
        if level:
            assert game.owns_group(game.owner[d], d)
            assert all(game.houses[g] == level for g in board.group_of[d])
    for p in game.players:
        h, t = game.building_counts(p.seat)
        houses += h
        hotels += t
    assert houses + game.bank_houses == 32 and hotels + game.bank_hotels == 12
    if game.over:
        assert not game.pending
        return
    assert len(game.pending) == 1
    asked = game.pending[0]
    legal = game.legal_actions(asked.player)
    assert legal, f"{asked.kind} has no legal action"
    for a in legal:
        assert game.why_illegal(asked.player, a) is None
        assert action_from_json(game, asked.player, action_to_json(game, a)) == a
        assert words_for(game).action_label(a)
    for q in range(len(game.players)):
        if q != asked.player:
            assert game.legal_actions(q) == []
            assert game.why_illegal(q, Action("roll")) is not None
    if asked.kind == "pay":
        assert game.cash(asked.player) < asked.amount <= game.payable(asked.player)


def play(game: Monopoly23Game, specs: list[str], seed: int = 0,
         each: Callable[[Monopoly23Game], None] | None = None) -> Monopoly23Game:
    bots = [make_bot(spec, seed * 10 + i) for i, spec in enumerate(specs)]
    for _ in range(50_000):
        if game.over:
            break
        d = game.pending[0]
        game.act(d.player, bots[d.player].choose(game, d.player))
        if each is not None:
            each(game)
    assert game.over
    return game


@pytest.mark.parametrize("seed", range(6))
def test_invariants_random_games(seed: int) -> None:
    options = {} if seed % 2 else {"no_double_move": True, "card_limit": 3,
                                   "one_building_per_turn": True}
    game = new_game(3 + seed % 4, seed=seed, max_rounds=60, **options)
    play(game, ["random"] * len(game.players), seed, check)


@pytest.mark.parametrize("seed", range(4))
def test_invariants_standard_games(seed: int) -> None:
    game = new_game(3 + seed % 3, seed=100 + seed, max_rounds=200)
    play(game, ["standard", "random"] * 3, seed, check)
    assert game.end_reason in ("five-monopolies", "bankruptcy", "round-cap")


def test_per_property_buildings_games_keep_money_and_stock() -> None:
    for seed in range(3):
        game = new_game(4, seed=seed, per_property_buildings=True, max_rounds=80)

        def light(g: Monopoly23Game) -> None:
            assert g.ledger.conserved()
            h = sum(x for x in g.houses if x < HOTEL)
            t = sum(1 for x in g.houses if x == HOTEL)
            assert h + g.bank_houses == 32 and t + g.bank_hotels == 12

        play(game, ["standard", "random", "standard", "random"], seed, light)


def test_replay_is_exact() -> None:
    game = new_game(4, seed=7, max_rounds=100)
    play(game, ["standard", "random", "standard", "random"], 7)
    rec = json.loads(json.dumps(history.record(game)))
    again = history.replay(rec)
    assert again.over and again.winner == game.winner and again.round == game.round
    assert [again.cash(p) for p in range(4)] == [game.cash(p) for p in range(4)]
    assert again.owner == game.owner and again.houses == game.houses


def test_us_board_option() -> None:
    game = new_game(3, us_board=True)
    assert game.board[39].name == "Boardwalk"
    assert game.board.find("Mayfair") == 39
    assert game.money(200) == "$200"
    texts = [c.text for c in game.decks["chance"].cards]
    assert "Advance to Boardwalk" in texts
    uk = new_game(3)
    assert uk.board[39].name == "Mayfair"
    assert "Advance to Mayfair" in [c.text for c in uk.decks["chance"].cards]


# ------------------------------------------------------------------ the bot and the lab


def test_standard_beats_random() -> None:
    """The standard bot, against three random bots, wins far more than its 25% share."""
    setup = Setup(EDITION, ("standard", "random", "random", "random"), seed=5, max_rounds=300)
    results = run_games(setup, 40)
    wins = sum(1 for r in results if r.winner == 0)
    assert wins >= 24, f"standard won only {wins} of 40"


def test_simulate_finishes_and_reports_how_games_end() -> None:
    setup = Setup(EDITION, ("standard", "standard", "standard"), seed=2, max_rounds=1000)
    results = run_games(setup, 12)
    summary = summarise(setup, results, 1.0)
    assert summary["games"] == 12
    assert set(summary["ended"]) <= {"five-monopolies", "bankruptcy", "round-cap"}
    assert sum(summary["ended"].values()) == 12


def test_simulate_command(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["simulate", "--edition", EDITION, "--players",
                     "standard,random,random", "--games", "3", "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 3 and summary["edition"] == EDITION


def test_terminal_play_is_playable() -> None:
    """A person and two bots: menus show this edition's actions in words, and every event
    is narrated (no raw event dumps)."""
    args = argparse.Namespace(edition=EDITION, players="You,bot,bot", seed=3, option=[],
                              save=None, auto=False)
    out = io.StringIO()
    code = app.play(args, infile=io.StringIO("1\n" * 400), out=out)
    assert code == 0
    text = out.getvalue()
    assert "Roll the dice" in text
    assert "Move You" in text and "from the market" in text
    assert "Play Chance" in text or "Play Community Chest" in text
    for line in text.splitlines():
        stripped = line.strip()
        assert not (stripped.startswith("(") and ":" in stripped and "=" in stripped), line


def test_a_trade_names_no_card_of_a_hidden_hand_but_the_tradeable_ones() -> None:
    """Hands are hidden and only Get Out of Jail Free cards trade: asking for another
    player's card from a deck by its key is answered about that kind of card alone, never
    with what else they hold."""
    game = scenario.set_up({"edition": "monopoly-2.3", "players": [
        "Ann", {"name": "Bob", "hand": ["chance:chairman-of-the-board", "chance:go-to-jail"]},
        "Cy"]})
    assert isinstance(game, Monopoly23Game)
    assert game.can_trade(Trade(0, 1, give_cash=5, take_cards=("chance",))) == \
        "Bob has no Get Out of Jail Free card from chance"
    assert game.can_trade(Trade(0, 1, give_cash=5, take_cards=("chance:go-to-jail",))) == \
        "only Get Out of Jail Free cards can be traded"


@pytest.mark.parametrize("us_board", [False, True])
def test_the_deed_decks_cards_are_the_boards_deeds_in_order(us_board: bool) -> None:
    """The market turns up ``board.deeds[index]`` for the card drawn: the deed deck holds one
    card per deed, in board order, each naming its deed."""
    game = new_game(seed=5, us_board=us_board)
    cards = game.decks[DEEDS].cards
    assert [int(c.params["deed"]) for c in cards] == list(game.board.deeds)
    copy = game.clone()
    assert isinstance(copy, Monopoly23Game)
    assert [int(c.params["deed"]) for c in copy.decks[DEEDS].cards] == list(copy.board.deeds)


@pytest.mark.parametrize("seed", [3, 4])
def test_jail_changes_count_every_player_jailed_or_freed(seed: int) -> None:
    """``jail_changes`` moves whenever someone goes to jail or leaves it (bots keep what they
    work out from who is in jail while it stays)."""
    game = new_game(seed=seed)
    bots = [make_bot("standard", seed * 8 + seat) for seat in range(4)]
    moves = 0
    while not game.over:
        jailed = [p.in_jail for p in game.players]
        count = game.jail_changes
        p = game.pending[0].player
        game.act(p, bots[p].choose(game, p))
        now = [p.in_jail for p in game.players]
        changed = sum(a != b for a, b in zip(jailed, now, strict=True))
        if changed:
            assert game.jail_changes > count
        moves += changed
    assert moves >= 2


# ------------------------------------------------------------------ short cuts


def whole_game(seed: int, bot: str, *, plain: bool, listen: bool = False,
               to_win: int = 0) -> tuple[object, object, int, list[int], str]:
    """A whole four-player game's record, snapshot, player-turns, balances and end."""
    options = run_options(EDITION, (), 300)
    heard: list[Event] = []
    game = get_edition(EDITION).new_game(["A", "B", "C", "D"], seed=seed, options=options,
                                         listeners=[heard.append] if listen else ())
    assert isinstance(game, Monopoly23Game)
    if to_win:
        game.to_win = to_win
    if not plain:
        game.plain_move = False
    game.play_out([make_bot(bot, seed * 8 + seat) for seat in range(4)])
    rec = history.record(game)
    del rec["engine"]
    return rec, snapshot(game), game.turns, list(game.ledger.balances), game.end_reason


@pytest.mark.parametrize("bot", ["standard", "simple", "random"])
def test_the_written_out_move_plays_the_games_the_hooks_play(bot: str) -> None:
    """``move_player`` moves, lands, settles and goes back to the turn's player in one method
    when the class overrides none of ``PLAIN_MOVE_HOOKS`` and nobody listens: the same
    games as through the hooks (the flag set False), and as a game listened to."""
    turns = 0
    for seed in (3, 11, 29):
        short = whole_game(seed, bot, plain=True)
        assert short == whole_game(seed, bot, plain=False)
        turns += short[2]
    assert short == whole_game(29, bot, plain=True, listen=True)
    assert turns > 60
    assert new_game().plain_move


def test_a_subclass_that_changes_a_move_hook_goes_through_the_hooks() -> None:
    class Counted(Monopoly23Game):
        lands = 0

        def land(self, p: int, card: Card | None = None) -> None:
            Counted.lands += 1
            super().land(p, card)

    base = new_game()
    game = Counted(base.data, ["A", "B", "C", "D"], seed=5, rulebook=base.rulebook)
    assert not plain_move(Counted) and plain_move(Monopoly23Game) and not game.plain_move
    play(game, ["standard"] * 4, 5)
    assert Counted.lands >= game.turns // 2  # (every chosen move's landing went through it)


@pytest.mark.parametrize("seed", range(6))
def test_a_completed_group_is_the_only_change_that_asks_for_the_end_check(seed: int) -> None:
    """The end check is asked only when a change of owner completes a colour group: at every
    decision of whole games where two monopolies win (so that wins come often), nobody in
    the game has the monopolies that win while the game goes on, and the games end as
    those asking the check after every change of owner would (the win checked at once)."""
    options = run_options(EDITION, (), 300)
    game = get_edition(EDITION).new_game(["A", "B", "C", "D"], seed=seed, options=options)
    assert isinstance(game, Monopoly23Game)
    game.to_win = 2
    bots = [make_bot("standard", seed * 8 + seat) for seat in range(4)]
    while not game.over:
        p = game.pending[0].player
        game.act(p, bots[p].choose(game, p))
        counts = game.monopoly_counts()
        if not game.over:
            assert all(counts[q] < 2 for q in game.active_players())
            assert not game.end_check_due
    assert game.end_reason == "five-monopolies"


def test_the_written_out_shuffle_draws_as_random_shuffle() -> None:
    """The discards' reshuffle is written out: the same order and the same draws left."""
    for seed in range(40):
        for length in (0, 1, 2, 3, 7, 16, 33):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(length)), list(range(length))
            shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b
            assert ours.getrandbits(32) == theirs.getrandbits(32)


@pytest.mark.parametrize("double", [False, True])
def test_whom_a_roll_may_move_is_judged_as_may_move_says(double: bool) -> None:
    """The move rule's check and the roll's look for anyone to move agree with
    ``may_move`` and ``anyone_movable``: nobody in jail, bankrupt or
    (with ``no-double-move``) moved this turn may be moved, and a roll that can move
    nobody asks for the turn again."""
    from pennybags.editions.monopoly_2_3.rules import Move, move_action
    from pennybags.engine.turn import ROLL
    nobody = moves = 0
    for seed in range(1, 60):
        game = new_game(4, seed=seed, no_double_move=double)
        rng = random.Random(seed)
        p = game.current
        for q in range(4):
            r = rng.random()
            if r < 0.3:
                game.players[q].in_jail = q != p
            elif r < 0.4:
                game.players[q].bankrupt = q != p
            elif r < 0.6:
                game.moved.add(q)
        anyone = game.anyone_movable()
        game.act(p, ROLL)
        if not anyone:
            assert game.pending[0].kind == "turn"
            nobody += 1
            continue
        decision = game.pending[0]
        assert decision.kind == "move"
        for q in range(4):
            why = Move().check(game, p, move_action(q), decision)
            assert (why is None) == game.may_move(q)
            moves += why is None
    assert (nobody > 0) == double and moves > 50  # (only a moved roller can move nobody)


def test_move_decisions_shared_between_games_ask_the_roller_about_the_roll() -> None:
    """The ``move`` and ``turn`` decisions are made once per seat (and roll) and shared by
    every game (no game holds the tables): in games played side by side, an answer each in
    turn, every ``move`` decision asks the turn's player about the roll just made, every
    ``turn`` decision asks the turn's player, and a copy of the game gets a pending list of
    its own."""
    games = [new_game(4, seed) for seed in (21, 22, 23)]
    bots = [[make_bot("standard", 8 * g + seat) for seat in range(4)] for g in range(3)]
    asked = turns = 0
    for _ in range(300):
        for game, seats in zip(games, bots, strict=True):
            if game.over:
                continue
            decision = game.pending[0]
            if decision.kind == "move":
                assert decision.player == game.current
                assert decision.amount == sum(game.last_dice)
                copy_ = game.clone()
                assert copy_.pending == game.pending and copy_.pending is not game.pending
                asked += 1
            elif decision.kind == "turn":
                assert decision.player == game.current
                assert game.pending == [Decision("turn", game.current)]
                turns += 1
            p = decision.player
            game.act(p, seats[p].choose(game, p))
    assert asked > 60 and turns > 200
