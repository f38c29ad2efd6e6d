"""Unit tests of the engine's parts: ledger, dice, decks, board, options, notation, snapshot."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import dataclass
from typing import Any

import pytest

from pennybags.editions import get_edition, words_for
from pennybags.editions.classic.game import ClassicGame
from pennybags.editions.classic.options import ClassicOptions
from pennybags.engine.actions import Action, IllegalAction, Trade
from pennybags.engine.board import Board
from pennybags.engine.decks import Card, Deck
from pennybags.engine.dice import Dice
from pennybags.engine.game import Game, seeded_random
from pennybags.engine.ledger import BANK, FREE_PARKING_POT, Ledger, Transaction
from pennybags.engine.notation import action_from_json, action_to_json
from pennybags.engine.options import describe, option, options_dict, parse_options
from pennybags.engine.snapshot import snapshot


def board() -> Board:
    return get_edition("classic").data.board


def game(names: tuple[str, ...] = ("Ann", "Bob", "Cy"), seed: int = 5) -> Game:
    return get_edition("classic").new_game(list(names), seed=seed)


# ------------------------------------------------------------------------- ledger

def test_ledger_transfers_between_players_bank_and_pots() -> None:
    ledger = Ledger(2)
    ledger.transfer(BANK, 0, 1500, "starting money")
    ledger.transfer(BANK, 1, 1500, "starting money")
    ledger.transfer(0, 1, 200, "rent")
    ledger.transfer(1, FREE_PARKING_POT, 50, "jail fine")
    assert ledger.balance(0) == 1300
    assert ledger.balance(1) == 1650
    assert ledger.balance(BANK) == -3000
    assert ledger.balance(FREE_PARKING_POT) == 50
    assert ledger.balance(-3) == 0
    assert ledger.total() == 0 and ledger.conserved()
    assert ledger.transactions[2] == Transaction(0, 1, 200, "rent")
    assert len(ledger.transactions) == 4


def test_ledger_undo_last_reverses_exactly_one_transaction() -> None:
    ledger = Ledger(2)
    ledger.transfer(BANK, 0, 100, "a")
    ledger.transfer(0, 1, 30, "b")
    undone = ledger.undo_last()
    assert undone == Transaction(0, 1, 30, "b")
    assert (ledger.balance(0), ledger.balance(1), ledger.bank) == (100, 0, -100)
    assert ledger.undo_last() == Transaction(BANK, 0, 100, "a")
    assert (ledger.balance(0), ledger.bank) == (0, 0)
    assert ledger.undo_last() is None
    assert ledger.conserved()


def test_ledger_refuses_negative_transfers_and_skips_zero() -> None:
    ledger = Ledger(2)
    with pytest.raises(ValueError, match="negative transfer of -5 for rent"):
        ledger.transfer(0, 1, -5, "rent")
    ledger.transfer(0, 1, 0, "nothing")
    assert ledger.transactions == [] and ledger.balances == [0, 0]


def test_ledger_without_recording_still_keeps_balances() -> None:
    ledger = Ledger(1, recording=False)
    ledger.transfer(BANK, 0, 10, "x")
    assert ledger.balance(0) == 10 and ledger.transactions == [] and ledger.conserved()


def test_ledger_notices_money_made_from_nothing() -> None:
    ledger = Ledger(1)
    ledger.balances[0] += 5  # bypassing transfers breaks conservation
    assert not ledger.conserved() and ledger.total() == 5


# ------------------------------------------------------------------------- dice

def test_scripted_rolls_come_first_then_seeded_dice() -> None:
    dice = Dice(random.Random(3))
    dice.script([[6, 6], (1, 2)])
    assert dice.roll() == (6, 6)
    assert dice.last == (6, 6)
    assert dice.roll() == (1, 2)
    seeded = Dice(random.Random(3))
    for _ in range(20):
        roll = dice.roll()
        assert roll == seeded.roll() and all(1 <= v <= 6 for v in roll)


def test_same_seed_same_rolls() -> None:
    a, b = Dice(random.Random(99)), Dice(random.Random(99))
    assert [a.roll() for _ in range(50)] == [b.roll() for _ in range(50)]
    three = Dice(random.Random(1), count=3, sides=8)
    assert all(len(r) == 3 and all(1 <= v <= 8 for v in r) for r in
               (three.roll() for _ in range(50)))


def test_two_dice_give_every_pair_equally_often() -> None:
    """Two dice draw four rolls at a time from the generator: over 72,000 rolls each of the
    36 ordered pairs comes up about 2,000 times (a chi-square test at the 0.1% level, on a
    fixed seed), and the total and doubles are those of the pair."""
    dice = Dice(random.Random(2026))
    counts: dict[tuple[int, ...], int] = {}
    for _ in range(72_000):
        roll = dice.roll()
        counts[roll] = counts.get(roll, 0) + 1
        assert dice.total == roll[0] + roll[1]
        assert dice.double == (roll[0] == roll[1])
    assert sorted(counts) == [(a, b) for a in range(1, 7) for b in range(1, 7)]
    chi_square = sum((n - 2000) ** 2 / 2000 for n in counts.values())
    assert chi_square < 66.6  # 35 degrees of freedom


def test_rolls_in_a_row_are_independent() -> None:
    """The four rolls of one draw do not depend on each other: the pairs of consecutive
    totals match the product of the single totals' frequencies (chi-square, 0.1% level)."""
    dice = Dice(random.Random(7))
    totals = [dice.roll() and dice.total for _ in range(200_001)]
    ways = {t: 6 - abs(t - 7) for t in range(2, 13)}
    pairs: dict[tuple[int, int], int] = {}
    for first, second in itertools.pairwise(totals):
        pairs[first, second] = pairs.get((first, second), 0) + 1
    n = len(totals) - 1
    chi_square = sum((pairs.get((a, b), 0) - n * ways[a] * ways[b] / 1296) ** 2
                     / (n * ways[a] * ways[b] / 1296) for a in ways for b in ways)
    assert chi_square < 173.6  # 120 degrees of freedom


def test_scripted_rolls_set_the_total_and_doubles_too() -> None:
    dice = Dice(random.Random(1))
    dice.script([[3, 3], [2, 5]])
    assert dice.roll() == (3, 3) and dice.total == 6 and dice.double
    assert dice.roll() == (2, 5) and dice.total == 7 and not dice.double


@pytest.mark.parametrize("rolls, words", [
    ([[7, 1]], "roll 1 must be 2 whole numbers from 1 to 6; got [7, 1]"),
    ([[1, 1], [0, 3]], "roll 2 must be 2 whole numbers from 1 to 6; got [0, 3]"),
    ([[1, 2, 3]], "got [1, 2, 3]"),
    ([[6]], "got [6]"),
    ([8], "like [1, 1]; got 8"),
    (["66"], "got '66'"),
    ([["6", "6"]], "got ['6', '6']"),
    ([[True, 1]], "got [True, 1]"),
])
def test_bad_scripts_are_refused_with_the_roll_named(rolls: Any, words: str) -> None:
    dice = Dice(random.Random(0))
    with pytest.raises(ValueError) as info:
        dice.script(rolls)
    assert words in str(info.value)
    assert not dice.scripted  # nothing of a bad script is queued


# ------------------------------------------------------------------------- decks

def deck() -> Deck:
    cards = [Card("a", "A", "collect", {"amount": 1}), Card("b", "B", "pay"),
             Card("twin", "T1", "pay"), Card("c", "C", "pay"), Card("twin", "T2", "pay")]
    return Deck("test", "Test", cards)


def test_draw_from_top_and_return_to_bottom() -> None:
    d = deck()
    top = d.draw()
    assert top == 0 and list(d.order) == [1, 2, 3, 4]
    d.put_bottom(top)
    assert list(d.order) == [1, 2, 3, 4, 0]
    assert d.cards[0].get("amount") == 1 and d.cards[1].get("amount", 7) == 7


def test_shuffle_is_seeded() -> None:
    a, b = deck(), deck()
    a.shuffle(random.Random(4))
    b.shuffle(random.Random(4))
    assert a.order == b.order and sorted(a.order) == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("size", [1, 2, 5, 16, 40])
def test_shuffle_draws_as_random_shuffle(size: int) -> None:
    """Decks shuffle with the same draws as ``random.shuffle``: saved games replay."""
    for seed in range(25):
        d = Deck("d", "D", [Card(str(i), "", "collect") for i in range(size)])
        d.shuffle(random.Random(seed))
        expected = list(range(size))
        random.Random(seed).shuffle(expected)
        assert list(d.order) == expected


def test_shuffle_leaves_the_generator_as_random_shuffle_does() -> None:
    """The words drawn at once are never more than ``random.shuffle`` draws, redraws
    included (sizes just above a power of two are redrawn most): the same order, and the
    generator left in the same state for the game's next draws."""
    for seed in range(300):
        for size in (2, 3, 5, 9, 16, 17, 28, 33, 65):
            d = Deck("d", "D", [Card(str(i), "", "collect") for i in range(size)])
            ours, theirs = random.Random(seed), random.Random(seed)
            d.shuffle(ours)
            expected = list(range(size))
            theirs.shuffle(expected)
            assert list(d.order) == expected
            assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("seed", [0, 1, 7, 2**31, 2**63 - 1, 2**80 + 5, -12])
def test_seeded_random_is_random_random(seed: int) -> None:
    """A game's generator, made without ``Random.__init__``, is ``random.Random(seed)``:
    the same state (with ``gauss_next``), the same draws after."""
    ours, theirs = seeded_random(seed), random.Random(seed)
    assert type(ours) is random.Random
    assert ours.getstate() == theirs.getstate()
    assert [ours.random() for _ in range(5)] == [theirs.random() for _ in range(5)]
    assert ours.gauss(0, 1) == theirs.gauss(0, 1) and ours.getstate() == theirs.getstate()


def test_stack_puts_cards_on_top_in_order() -> None:
    d = deck()
    d.stack(["c", "a"])
    assert [d.cards[i].id for i in d.order] == ["c", "a", "b", "twin", "twin"]
    assert d.cards[d.draw()].id == "c"


def test_stack_takes_every_copy_of_a_repeated_card() -> None:
    d = deck()
    d.stack(["twin", "b", "twin"])
    assert [d.cards[i].text for i in list(d.order)[:3]] == ["T1", "B", "T2"]
    with pytest.raises(ValueError, match="no card 'twin' left in the Test deck"):
        d.stack(["twin", "twin", "twin"])


def test_stack_unknown_id_lists_the_cards() -> None:
    d = deck()
    before = list(d.order)
    with pytest.raises(ValueError) as info:
        d.stack(["a", "nope"])
    assert str(info.value) == "no card 'nope' in the Test deck; its cards are: a, b, c, twin"
    assert list(d.order) == before


def test_stack_of_a_card_held_by_a_player() -> None:
    d = deck()
    d.order.remove(3)  # card "c" is out of the deck (kept by someone)
    with pytest.raises(ValueError, match="no card 'c' left"):
        d.stack(["c"])
    assert d.index_of("c") == 3
    with pytest.raises(ValueError, match="no card 'zz' in the Test deck"):
        d.index_of("zz")


def test_classic_decks_can_stack_both_nearest_railroad_cards() -> None:
    g = game()
    g.decks["chance"].stack(["nearest-railroad", "nearest-railroad", "go-to-jail"])
    order = g.decks["chance"].order
    ids = [g.decks["chance"].cards[i].id for i in order]
    assert ids[:3] == ["nearest-railroad", "nearest-railroad", "go-to-jail"]
    assert len(set(list(order)[:2])) == 2


# ------------------------------------------------------------------------- board

@pytest.mark.parametrize("name, index", [
    ("Boardwalk", 39), ("boardwalk", 39), ("  BOARDWALK ", 39), ("Mayfair", 39),
    ("Old Kent Road", 1), ("St. Charles Place", 11), ("st charles place", 11),
    ("King's Cross Station", 5), ("kings cross station", 5), ("Just Visiting", 10),
    ("In Jail", 10), ("GO", 0), ("Go", 0), (39, 39), (0, 0), ("12", 12),
])
def test_find_by_name_alias_uk_name_and_index(name: str | int, index: int) -> None:
    assert board().find(name) == index


@pytest.mark.parametrize("name, words", [
    ("Bordwalk", "there is no space called 'Bordwalk'; did you mean 'Boardwalk'?"),
    ("Old Kent Rd", "did you mean 'Old Kent Road'?"),
    ("Nowhere Street", "there is no space called 'Nowhere Street'"),
    (40, "there is no space 40: the board has 0..39"),
    (-1, "there is no space -1: the board has 0..39"),
    ("40", "there is no space called '40'"),
])
def test_find_errors_name_the_problem(name: str | int, words: str) -> None:
    with pytest.raises(ValueError) as info:
        board().find(name)
    assert words in str(info.value)


def test_find_deed_and_groups() -> None:
    b = board()
    assert b.find_deed("Park Place") == 37
    with pytest.raises(ValueError, match="'Chance' has no title deed"):
        b.find_deed("Chance")
    assert b.group_of[39] == (37, 39)
    assert b.group_of[0] == ()
    assert len(b.deeds) == 28 and b.size == 40
    assert b.of_kind("railroad") == (5, 15, 25, 35)
    assert b.nearest(36, "railroad") == 5 and b.nearest(7, "utility") == 12
    assert b.advance(38, 3) == (1, True)
    assert b.advance(10, -3) == (7, False)
    assert b.advance(35, 5) == (0, True)
    assert b.names([1, 3]) == ["Mediterranean Avenue", "Baltic Avenue"]


# ------------------------------------------------------------------------- options

@dataclass(frozen=True)
class Opts:
    pot: bool = option(False, "a pot")
    max_rounds: int = option(0, "a cap")
    label: str = option("x", "a label")


@pytest.mark.parametrize("raw, value", [
    ("true", True), ("Yes", True), ("on", True), ("1", True), (True, True),
    ("false", False), ("no", False), ("OFF", False), ("0", False), (False, False),
])
def test_bool_options_accept_words(raw: Any, value: bool) -> None:
    assert parse_options(Opts, {"pot": raw}).pot is value


def test_int_and_str_options_and_both_spellings() -> None:
    opts = parse_options(Opts, {"max-rounds": "200", "label": 5})
    assert opts.max_rounds == 200 and opts.label == "5"
    assert parse_options(Opts, {"max_rounds": 7}).max_rounds == 7
    assert options_dict(parse_options(Opts, {"max-rounds": 7, "pot": "no"})) == {
        "max-rounds": 7}


@pytest.mark.parametrize("values, words", [
    ({"pot": "maybe"}, "option 'pot' takes true or false, not 'maybe'"),
    ({"max-rounds": "lots"}, "option 'max-rounds' takes a whole number, not 'lots'"),
    ({"max-rounds": True}, "option 'max-rounds' takes a whole number, not 'True'"),
    ({"max-rounds": -3}, "option 'max-rounds' cannot be negative"),
    ({"speed-die": True},
     "unknown option 'speed-die'; this edition's options are: pot, max-rounds, label"),
])
def test_bad_options_are_refused_clearly(values: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_options(Opts, values)
    assert str(info.value) == words


def test_classic_options_are_described() -> None:
    names = [name for name, *_ in describe(ClassicOptions)]
    assert names == ["free-parking-pot", "no-auctions", "double-go", "max-rounds",
                     "auto-end-turn"]
    assert all(help_text for *_, help_text in describe(ClassicOptions))
    with pytest.raises(ValueError, match="free-parking-pot, no-auctions, double-go"):
        get_edition("classic").new_game(["A", "B"], options={"free-parking": True})


# ------------------------------------------------------------------------- games

def test_player_count_and_names_are_checked() -> None:
    edition = get_edition("classic")
    with pytest.raises(ValueError, match="for 2 to 8 players, not 1"):
        edition.new_game(["Ann"])
    with pytest.raises(ValueError, match="two players are called 'ann'"):
        edition.new_game(["Ann", "ann"])
    with pytest.raises(ValueError, match="cannot be empty"):
        edition.new_game(["Ann", " "])
    with pytest.raises(ValueError, match=r"unknown edition 'chess'; the editions are: .*classic"):
        get_edition("chess")


def test_seat_of_by_name_or_number() -> None:
    g = game()
    assert g.seat_of("bob") == 1 and g.seat_of(2) == 2
    with pytest.raises(ValueError, match="no player 'Dan'; the players are Ann, Bob, Cy"):
        g.seat_of("Dan")
    with pytest.raises(ValueError, match="no player '5'"):
        g.seat_of(5)


def test_refused_action_names_the_reason_and_changes_nothing() -> None:
    g = game()
    before = snapshot(g)
    other = (g.current + 1) % 3
    with pytest.raises(IllegalAction, match=r"it is not .* turn to act"):
        g.act(other, Action("roll"))
    with pytest.raises(IllegalAction, match="there is no space 77"):
        g.act(g.current, Action("roll", deed=77))
    with pytest.raises(IllegalAction, match="an amount cannot be negative"):
        g.act(g.current, Action("roll", amount=-1))
    with pytest.raises(IllegalAction, match="'roll' takes no trade"):
        g.act(g.current, Action("roll", trade=Trade(0, 1, give_cash=1)))
    assert snapshot(g) == before and g.history == []


# ------------------------------------------------------------------------- notation

def trades(g: Game) -> list[Trade]:
    g.owner[39] = 0
    g.owner[5] = 1
    g.players[1].cards.append(("chance", g.decks["chance"].index_of("get-out-of-jail-free")))
    return [
        Trade(0, 1, give=(39,), take=(5,), give_cash=10, take_cash=0),
        Trade(0, 2, give_cash=100),
        Trade(0, 1, take=(5,), take_cards=("chance",), give_cards=()),
        Trade(0, 1, give=(39,), take_cash=300, give_cards=("community_chest",)),
    ]


def test_actions_round_trip_through_json() -> None:
    g = game()
    actions = [Action("roll"), Action("bid", amount=37), Action("build", 39),
               Action("mortgage", 5), Action("unmortgage", 12), Action("end-turn"),
               Action("roll", deed=7), Action("roll", deed=33), Action("roll", deed=36)]
    actions += [Action("propose-trade", trade=t) for t in trades(g)]
    for a in actions:
        obj = json.loads(json.dumps(action_to_json(g, a)))
        assert action_from_json(g, 0, obj) == a, obj


def test_action_json_is_readable() -> None:
    g = game()
    t = trades(g)[0]
    assert action_to_json(g, Action("propose-trade", trade=t)) == {
        "do": "propose-trade", "to": "Bob", "give": ["Boardwalk"], "take": ["Reading Railroad"],
        "give_cash": 10}
    assert action_to_json(g, Action("build", 39)) == {"do": "build", "deed": "Boardwalk"}
    assert action_to_json(g, Action("roll", deed=22)) == {"do": "roll", "deed": 22}
    assert action_from_json(g, 1, "roll") == Action("roll")
    assert action_from_json(g, 1, {"do": "build", "deed": "mayfair"}) == Action("build", 39)
    assert action_from_json(g, 1, {"do": "build", "deed": 39}) == Action("build", 39)
    one = action_from_json(g, 0, {"do": "propose-trade", "to": "bob", "give": "Boardwalk",
                                  "take_cards": "chance"})
    assert one.trade == Trade(0, 1, give=(39,), take_cards=("chance",))


def test_counter_goes_back_to_the_proposer() -> None:
    g = game()
    seat = g.current
    other = (seat + 1) % 3
    g.owner[39] = seat
    g.act(seat, Action("propose-trade", trade=Trade(seat, other, give=(39,), take_cash=500)))
    counter = action_from_json(g, other, {"do": "counter", "take": ["Boardwalk"],
                                          "give_cash": 300})
    assert counter.trade == Trade(other, seat, take=(39,), give_cash=300)
    g.act(other, counter)
    assert g.pending[0].player == seat and g.pending[0].kind == "trade"


@pytest.mark.parametrize("obj, words", [
    ({"deed": "Boardwalk"}, "an action needs a 'do' field"),
    ({"do": "build", "deed": "Bordwalk"}, "did you mean 'Boardwalk'?"),
    ({"do": "build", "deed": "Park Place", "house": 1},
     "unknown field(s) in action 'build': house"),
    ({"do": "bid", "amount": "lots"}, "amount must be a whole number, not 'lots'"),
    ({"do": "bid", "amount": 2.5}, "amount must be a whole number, not 2.5"),
    ({"do": "bid", "amount": True}, "amount must be a whole number, not True"),
    ({"do": "propose-trade", "give": ["Boardwalk"]}, "a trade offer needs 'to'"),
    ({"do": "propose-trade", "to": "Dan"}, "no player 'Dan'; the players are Ann, Bob, Cy"),
    ({"do": "propose-trade", "to": "Bob", "give": ["Chance"]}, "'Chance' has no title deed"),
    ({"do": "propose-trade", "to": "Bob", "take": ["Nowhere"]}, "no space called 'Nowhere'"),
    ({"do": "propose-trade", "to": "Bob", "give": {"a": 1}}, "'give' should be a list"),
    ({"do": "propose-trade", "to": "Bob", "give_cards": ["jokers"]},
     "no deck 'jokers' for a Get Out of Jail Free card; the decks are chance, community_chest"),
    ({"do": "propose-trade", "to": "Bob", "give_cash": "x"}, "give_cash must be a whole number"),
    ({"do": "counter", "give_cash": 5}, "there is no offer to counter"),
    ({"do": "roll", "to": "Bob"}, "'roll' is not a trade offer: it takes no to"),
])
def test_bad_action_json_gives_a_clear_reason(obj: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError) as info:
        action_from_json(game(), 0, obj)
    assert words in str(info.value)


def test_action_labels() -> None:
    g = game()
    words = words_for(g)
    assert words.action_label(Action("roll")) == "Roll the dice"
    assert words.action_label(Action("mortgage", 39)) == "Mortgage Boardwalk (+$200)"
    assert words.action_label(Action("bid", amount=11)) == "Bid (more than $10)"


# ------------------------------------------------------------------------- snapshot

def test_snapshot_fields() -> None:
    g = game(seed=11)
    g.act(g.current, Action("roll"))
    snap = json.loads(json.dumps(snapshot(g)))
    assert snap["snapshot"] == 1 and snap["edition"] == "classic" and snap["seed"] == 11
    assert set(snap) >= {"options", "round", "turns", "turn", "dice", "players", "deeds",
                         "pending", "over", "winner", "end_reason", "decks", "bank", "pot",
                         "doubles", "auction"}
    assert len(snap["dice"]) == 2 and snap["dice"] == list(g.dice.last)
    assert [p["seat"] for p in snap["players"]] == [0, 1, 2]
    assert snap["deeds"]["Boardwalk"] == {"index": 39, "owner": None, "houses": 0,
                                          "mortgaged": False}
    assert snap["bank"] == {"houses": 32, "hotels": 12} and snap["pot"] == 0
    assert sum(len(v) for v in snap["decks"].values()) == 32
    assert snap["pending"][0]["player"] == snap["turn"]


def test_snapshot_shows_an_offer_and_its_terms() -> None:
    g = game()
    seat = g.current
    other = (seat + 1) % 3
    g.owner[39] = seat
    g.act(seat, Action("propose-trade", trade=Trade(seat, other, give=(39,), take_cash=5)))
    entry = snapshot(g)["pending"][0]
    assert entry["kind"] == "trade" and entry["player"] == g.name(other)
    assert entry["trade"] == {"from": g.name(seat), "to": g.name(other), "give": ["Boardwalk"],
                              "take": [], "give_cash": 0, "take_cash": 5, "give_cards": [],
                              "take_cards": []}
    assert entry["offer"] == f"{g.name(seat)} gives Boardwalk for {g.name(other)}'s $5"


# ------------------------------------------------------------------------- classic fixes

def test_a_house_won_at_auction_cannot_become_a_hotel() -> None:
    """In a housing shortage the auctioned item is a house: the winner places it on a street
    with fewer than four houses, never turns four houses into a hotel with it."""
    from pennybags import scenario

    game = scenario.set_up({"players": [
        {"name": "Ann", "cash": 2000, "owns": [
            "Baltic Avenue", "Mediterranean Avenue", {"deed": "Park Place", "houses": 4},
            {"deed": "Boardwalk", "houses": 4}]},
        {"name": "Bob", "cash": 2000, "owns": [
            {"deed": d, "houses": 4} for d in ("Illinois Avenue", "Indiana Avenue",
                                               "Kentucky Avenue", "Pacific Avenue",
                                               "North Carolina Avenue")
        ] + [{"deed": "Pennsylvania Avenue", "houses": 3}]},
    ], "turn": "Ann"})
    assert getattr(game, "bank_houses") == 1  # noqa: B009
    game.act(0, Action("build", 1))  # two players could build: the last house is auctioned
    game.act(1, Action("bid", amount=200))
    game.act(0, Action("pass"))
    assert game.pending[0].kind == "place-house"
    assert game.legal_actions(1) == [Action("build", 34)]
    with pytest.raises(IllegalAction, match="fewer than 4 houses, not on Kentucky Avenue"):
        game.act(1, Action("build", 21))
    game.act(1, Action("build", 34))
    assert game.houses[34] == 4 and getattr(game, "bank_houses") == 0  # noqa: B009


def _words_of_old_can_build(g: Any, p: int, deed: int, check_cash: bool) -> str | None:
    """Classic's building rules judged and worded as ``can_build`` did before
    ``build_refusal`` (the reference the judging by numbers is held to)."""
    from pennybags.editions.classic.game import HOTEL

    space = g.board.spaces[deed]
    if space.kind != "street":
        return f"nothing can be built on {space.name}"
    if g.owner[deed] != p:
        return f"{g.name(p)} does not own {space.name}"
    group = g.board.group_of[deed]
    if any(g.owner[d] != p for d in group):
        return f"{g.name(p)} does not own the whole {space.group} group"
    if any(g.mortgaged[d] for d in group):
        return f"a deed of the {space.group} group is mortgaged"
    level = g.houses[deed]
    if level >= HOTEL:
        return f"{space.name} already has a hotel"
    if level > min(g.houses[d] for d in group):
        return f"build evenly: the other streets of the {space.group} group need a house first"
    if check_cash and g.cash(p) < space.house_cost:
        return f"{g.name(p)} has {g.money(g.cash(p))}, a building costs " \
               f"{g.money(space.house_cost)}"
    return g.stock_problem(level)


def test_buildings_are_judged_by_number_as_in_words() -> None:
    """``build_refusal`` (a number, no words: what ``house_builders`` asks) and
    ``can_build`` (its words) agree with the rules judged directly, for every seat, deed and
    cash check, at every round's end of games with buildings, mortgages and a short stock
    of houses."""
    from pennybags.bots import make_bot
    from pennybags.editions.classic.game import BUILD_ALLOWED, HOTEL, ClassicGame

    checked = refused = shortages = 0
    for seed in range(6):
        g = get_edition("classic").new_game(["a", "b", "c", "d"], seed=seed,
                                            options={"max-rounds": 120}, record=False)
        assert isinstance(g, ClassicGame) and g.plain_build
        if seed % 2:
            g.set_building_stock(8, 3)  # (a short stock: housing shortages come early)
        bots = [make_bot(spec, seed * 8 + i)
                for i, spec in enumerate(("standard", "random", "standard", "simple"))]
        while not g.over:
            g.play_out(bots, until_round=g.round + 1)
            for p in range(4):
                for deed in g.board.deeds:
                    for check_cash in (True, False):
                        words = _words_of_old_can_build(g, p, deed, check_cash)
                        assert g.can_build(p, deed, check_cash=check_cash) == words
                        assert (g.build_refusal(p, deed, check_cash) == BUILD_ALLOWED) == \
                            (words is None)
                        checked += 1
                        refused += words is not None
            builders = []
            for q in g.active_players():
                for deeds in g.board.groups.values():
                    if g.board.spaces[deeds[0]].kind != "street":
                        continue
                    lowest = min(deeds, key=lambda d: g.houses[d])
                    if g.houses[lowest] < HOTEL - 1 and \
                            _words_of_old_can_build(g, q, lowest, True) is None and \
                            q not in builders:
                        builders.append(q)
            assert g.house_builders() == builders
            shortages += g.bank_houses < 4 and len(builders) > 0
    assert refused < checked and shortages > 0


def test_a_bid_is_judged_in_act_as_the_full_judging_words_it() -> None:
    """``act`` judges an answer naming only an amount (a bid) itself: it allows and refuses
    exactly the bids ``why_illegal`` (the full judging, which words every refusal) does, with
    the same reasons, and a refused bid changes nothing."""
    from pennybags.engine.actions import Pose

    amounts: tuple[Any, ...] = (-5, 0, 1, 60, 61, 61.0, True, 1499, 1500, 1501, 10**6)
    for amount in amounts:
        g = get_edition("classic").new_game(["a", "b", "c"], seed=3, record=False)
        g.pose(Pose("bid", 1, deed=39, amount=60, high_bidder=2))
        action = Action("bid", amount=amount)
        reason = g.why_illegal(1, action)
        before = snapshot(g)
        if reason is None:
            g.act(1, action)
            assert getattr(g, "auction").high == amount  # noqa: B009
        else:
            with pytest.raises(IllegalAction) as refused:
                g.act(1, action)
            assert str(refused.value) == reason and snapshot(g) == before
    g = get_edition("classic").new_game(["a", "b", "c"], seed=3, record=False)
    g.pose(Pose("bid", 1, deed=39, amount=60, high_bidder=2))
    with pytest.raises(IllegalAction, match="an amount cannot be negative"):
        g.act(1, Action("bid", amount=-5))
    with pytest.raises(IllegalAction, match="a bid must be more than"):
        g.act(1, Action("bid", amount=60))
    with pytest.raises(IllegalAction, match="has only"):
        g.act(1, Action("bid", amount=1501))
    with pytest.raises(IllegalAction, match="takes no amount"):
        g.act(1, Action("pass", amount=70))
    g.act(1, Action("bid", amount=61))
    assert getattr(g, "auction").high == 61 and g.pending[0].player != 1  # noqa: B009


# ------------------------------------------------------------------------- steps

def test_the_steps_stack_runs_last_in_first_out_and_keeps_its_storage() -> None:
    """Steps pushed with ``then`` run last first; one put under with ``step_under`` runs
    after everything above its mark; a copy takes over only the steps waiting, and the
    stack's storage is kept (never shrinks) as steps are taken off and pushed again."""
    from pennybags.engine.game import NO_STEP, CallStep

    g = game()
    ran: list[str] = []
    g.pending = []  # (nothing asked: settle runs the steps)

    def note(word: str) -> None:
        ran.append(word)

    storage = g._steps
    assert g.step_depth() == 0
    g.then(note, "c")
    mark = g.step_depth()
    g.then(note, "b")
    g.then(note, "a")
    g.step_under(mark, CallStep(note, ("under",)))  # after a and b, before c
    g.step_under(0, CallStep(note, ("bottom",)))
    g.then_under(g.step_depth(), note, "top")  # under nothing: the next to run
    assert g.step_depth() == 6
    copy = g.clone()
    assert copy.step_depth() == 6
    assert g.settle(0)
    assert ran == ["top", "a", "b", "under", "c", "bottom"]
    assert g.step_depth() == 0
    assert g._steps is storage and len(storage) == 6  # kept, every place emptied
    assert all(s is NO_STEP for s in storage)
    g.then(note, "again")
    g.step_under(0, CallStep(note, ("first-pushed-last-run",)))
    assert len(storage) == 6
    g.drop_steps()
    assert g.step_depth() == 0 and all(s is NO_STEP for s in storage)
    assert g.settle(0)
    assert ran == ["top", "a", "b", "under", "c", "bottom"]
    # the copy's steps are its own, still waiting there, in the same order
    copy.pending = []
    assert copy.settle(0)
    assert copy.step_depth() == 0
    assert ran == ["top", "a", "b", "under", "c", "bottom"] * 2


# ------------------------------------------------------------------------- decision kinds

def test_decision_kinds_are_tested_by_number_as_by_name() -> None:
    """Every edition's tables by kind number (``Entry.answer_table``, the rulebook's
    ``managing_table``, a game's self-clearing table) say of every decision kind what
    the words say; a kind first named after a table was made is in none of them."""
    from pennybags.editions import all_editions
    from pennybags.engine.actions import Decision

    def listed(number: int, table: Any) -> bool:  # (an array of flags: engine.arrays)
        return number < len(table) and bool(table[number])

    for edition in all_editions():
        rulebook = edition.rulebook
        g = edition.new_game(["Ann", "Bob", "Cy"][:max(2, edition.data.min_players)], seed=3)
        kinds = [*rulebook.decisions, "a kind nobody has named before " + edition.id]
        for kind in kinds:
            d = Decision(kind, 0)
            assert d.number == Decision(kind, 1, deed=3).number
            assert listed(d.number, rulebook.managing_table) == \
                (kind in rulebook.managing_kinds), (edition.id, kind)
            assert listed(d.number, g._managing_table) == (kind in g.managing_kinds)
            assert listed(d.number, g._clearing_table) == (kind in type(g).self_clearing)
            for name, entry in rulebook.entries.items():
                assert listed(d.number, entry.answer_table) == (kind in entry.answering), \
                    (edition.id, kind, name)
            g.pending = [d]
            if kind in rulebook.decisions:  # (what _answered finds, as the words say)
                for name, entry in rulebook.entries.items():
                    if not entry.conditional:
                        found = g._answered(0, Action(name), entry)
                        assert (found is d) == (kind in entry.answering), (kind, name)
        numbers = {Decision(kind, 0).number for kind in kinds}
        assert len(numbers) == len(kinds)  # (each kind its own number)


@pytest.mark.parametrize("edition", ["classic", "electronic-banking", "monopoly-2.3",
                                     "ultimate-banking", "ultimate-monopoly"])
def test_every_decision_asked_carries_its_kinds_number(edition: str) -> None:
    """The rules give the number of the decision kinds they ask on the hot path
    (``Decision(..., number=...)``, a constant of their module) rather than have it looked
    up from the word: every decision asked in whole games, answered by standard, random
    and simple bots, has its word's number, as a decision made from the word alone has."""
    from pennybags.bots import make_bot
    from pennybags.engine.actions import Decision, kind_number

    kinds: set[str] = set()
    for seed, spec in enumerate(("standard", "random", "simple")):
        g = get_edition(edition).new_game(["Ann", "Bob", "Cy", "Di"], seed=seed,
                                          options={"max-rounds": 60})
        bots = [make_bot(spec, seed * 8 + s) for s in range(4)]
        while not g.over:
            for d in g.pending:
                assert d.number == kind_number(d.kind) == Decision(d.kind, 0).number, \
                    (edition, d)
                kinds.add(d.kind)
            p = g.pending[0].player
            g.act(p, bots[p].choose(g, p))
    assert len(kinds) >= 3  # (whole games: several kinds asked)


# ------------------------------------------------------------------------- dues

def test_a_tax_is_paid_at_once_only_where_settling_its_due_would_pay_it() -> None:
    """Income Tax landed on is paid at once when the cash covers it and nothing else is
    owed or asked (what settling its due would do next); otherwise it is owed as before:
    after another due, after a pending decision, or as a debt when the cash is short."""
    from pennybags.engine.actions import Decision

    g = game()
    assert isinstance(g, ClassicGame)
    tax = next(s for s in range(g.board.size) if g.board.spaces[s].kind == "tax")
    amount = g.board.spaces[tax].amount
    rule = g.rulebook.spaces["tax"]
    g.pending = []
    cash = g.cash(0)
    rule.land(g, 0, tax, None)
    assert g.cash(0) == cash - amount and g.dues == []  # paid at once
    g.owe(0, 1, 10, "rent")
    rule.land(g, 0, tax, None)  # owed after the rent, as it would be settled
    assert g.cash(0) == cash - amount and len(g.dues) == 2
    g.dues = []
    g.pending = [Decision("end-turn", 1)]
    rule.land(g, 0, tax, None)  # owed: a decision waits first
    assert g.cash(0) == cash - amount and len(g.dues) == 1
    g.dues = []
    g.pending = []
    g.ledger.transfer(0, BANK, g.cash(0) - (amount - 1), "spent")
    rule.land(g, 0, tax, None)  # short: owed, and asked as a debt once settled
    assert g.cash(0) == amount - 1 and g.dues == [(0, g.fee_payee, amount, "Income Tax")]
    g.settle(0)
    assert g.pending[0].kind == "debt" and g.pending[0].amount == amount


def test_the_step_after_a_roll_is_made_once_for_each_seat_and_doubles() -> None:
    """``after_roll_step`` gives the step for that seat and that roll (a double or not),
    the same object each time it is asked for (it holds nothing else, and every game
    shares it: a clone takes it over as it is)."""
    from pennybags.engine.turn import AfterRoll, after_roll_step

    for p in (3, 0, 5, 1):
        for double in (False, True):
            step = after_roll_step(p, double)
            assert isinstance(step, AfterRoll)
            assert (step.player, step.double) == (p, double)
            assert after_roll_step(p, double) is step
            assert step.copy_for(game(), game()) is step
    assert after_roll_step(2, True) is not after_roll_step(2, False)
