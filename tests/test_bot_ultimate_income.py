"""The standard bot of Ultimate Monopoly that values deeds by their expected income
(:mod:`pennybags.bots.ultimate_income`): its valuation, the judgements made with it, and its
strength in seeded games with the seats rotated (against random bots and against the
previous strategy, ``standard?value=price``).
"""

from __future__ import annotations

from typing import Any

import pytest

from pennybags.bots import make_bot
from pennybags.bots.ultimate_income import DECAY, HORIZON, IncomeStrategy, standard_strategy
from pennybags.bots.ultimate_monopoly import UltimateMonopolyStrategy, bid_toward
from pennybags.editions.classic.game import Auction
from pennybags.editions.ultimate_monopoly.game import VOUCHERS
from pennybags.engine.actions import Action, Pose, Trade
from pennybags.engine.turn import ROLL
from pennybags.lab.simulate import Setup, play_one
from test_bot_ultimate_monopoly import (
    at,
    at_stock_exchange,
    build,
    kind,
    new_game,
    own,
    set_cash,
)


def income() -> IncomeStrategy:
    return IncomeStrategy(150, 100, 100)


def standard(seed: int = 0) -> Any:
    return make_bot("standard", seed)


# ==================================================================== the knob

def test_value_knob_picks_the_strategy_and_refuses_other_values() -> None:
    assert type(standard_strategy({})) is IncomeStrategy
    assert type(standard_strategy({"value": "price"})) is UltimateMonopolyStrategy
    with pytest.raises(ValueError, match="value takes income or price"):
        standard_strategy({"value": "vibes"})
    with pytest.raises(ValueError, match="value takes income or price"):
        make_bot("standard?value=vibes", 0).choose(new_game(), 0)


def test_plan_knob_picks_when_the_bot_plans_and_refuses_other_values() -> None:
    """``plan=turn`` (the default) plans once a turn with a horizon moving every five
    rounds; ``plan=answer`` works everything out at every answer, the horizon moving every
    round."""
    turn = standard_strategy({})
    answer = standard_strategy({"plan": "answer"})
    assert isinstance(turn, IncomeStrategy) and isinstance(answer, IncomeStrategy)
    assert turn.plan_turn and not answer.plan_turn
    game = new_game()
    game.round = 7
    turn.settle(game)
    answer.settle(game)
    assert turn._horizon == HORIZON - 5 * DECAY
    assert answer._horizon == HORIZON - 7 * DECAY
    with pytest.raises(ValueError, match="plan takes turn or answer"):
        standard_strategy({"plan": "never"})
    with pytest.raises(ValueError, match="plan takes turn or answer"):
        make_bot("standard?plan=never", 0).choose(new_game(), 0)


def test_look_knob_takes_rounds_from_one_to_twelve_and_refuses_others() -> None:
    """``look=N``: rounds between the turns where lifts, a mortgage for a building and
    offers are looked for (3, the default; 1: every turn)."""
    default = standard_strategy({})
    assert isinstance(default, IncomeStrategy) and default.look == 3
    four = standard_strategy({"look": "4"})
    assert isinstance(four, IncomeStrategy) and four.look == 4
    for wrong in ("0", "13", "-1", "often", "2.5"):
        with pytest.raises(ValueError, match="look takes a whole number of rounds"):
            standard_strategy({"look": wrong})
    with pytest.raises(ValueError, match="look takes a whole number of rounds"):
        make_bot("standard?look=never", 0).choose(new_game(), 0)


@pytest.mark.parametrize("look", [1, 3])
def test_look_knob_lifts_a_mortgage_only_every_n_rounds(look: int) -> None:
    """With ``look=3`` a mortgage the bot would lift is lifted at its first turn, not at
    its turns of the next two rounds, and again three rounds after the first; with
    ``look=1`` at every turn."""
    game = new_game()
    game.players[0].cards.clear()
    own(game, 0, "Park Place", "Boardwalk")
    game.mortgaged[at(game, "Park Place")] = True
    bot = make_bot(f"standard?look={look}", 0)
    lift = Action("unmortgage", at(game, "Park Place"))
    seen: list[bool] = []
    for _ in range(4):
        first = bot.choose(game, 0)
        seen.append(first == lift)
        assert bot.choose(game, 0) == first  # (the rest of the turn: the same look)
        game.turns += 4  # (the seat's next turn, a round later)
        game.round += 1
    assert seen == ([True, True, True, True] if look == 1 else [True, False, False, True])


def test_a_bid_limit_is_worked_out_at_the_first_bid_of_an_auction() -> None:
    """The limit (the deed's worth, keeping a quarter of the reserve) is kept for the
    auction's next bids while our cash is the same; a new auction, or other cash, works
    it out again."""
    game = new_game()
    bot = income()
    boardwalk = at(game, "Boardwalk")
    game.auction = Auction(boardwalk, [0, 1])
    bot.bid(game, 0, boardwalk, 0)
    kept = bot._bid_limit
    own(game, 0, "Park Place")  # (Boardwalk would now complete a monopoly: worth more)
    assert bot.bid(game, 0, boardwalk, 100) == bid_toward(100, kept, 10)
    assert bot._bid_limit == kept
    game.auction = Auction(boardwalk, [0, 1])
    bot.bid(game, 0, boardwalk, 0)
    assert bot._bid_limit > kept
    more = bot._bid_limit
    set_cash(game, 0, 100)
    bot.bid(game, 0, boardwalk, 0)
    assert bot._bid_limit < more


# ==================================================================== valuation

def test_a_deed_completing_a_monopoly_is_worth_more_than_a_lone_one() -> None:
    game = new_game()
    own(game, 0, "Park Place")
    bot = income()
    boardwalk = at(game, "Boardwalk")
    # The same deed: to the owner of Park Place, and to a player with nothing of the group.
    assert bot.gain_of(game, 0, boardwalk) > 3 * bot.gain_of(game, 1, boardwalk) > 0
    # ... and more than its price, which a lone deed is not.
    assert bot.worth(game, 0, boardwalk) > game.board.spaces[boardwalk].price
    assert bot.gain_of(game, 1, boardwalk) < game.board.spaces[boardwalk].price


def test_a_deed_giving_a_majority_ownership_is_worth_more_than_a_lone_one() -> None:
    game = new_game()
    own(game, 0, "Oriental Avenue")
    bot = income()
    vermont = at(game, "Vermont Avenue")
    assert bot.gain_of(game, 0, vermont) > 3 * bot.gain_of(game, 1, vermont)


def test_a_deed_that_would_give_an_opponent_a_group_is_worth_blocking() -> None:
    game = new_game()
    own(game, 1, "Park Place")
    bot = income()
    boardwalk = at(game, "Boardwalk")
    assert bot.worth(game, 0, boardwalk) > bot.gain_of(game, 0, boardwalk) + \
        bot.gain_of(game, 1, boardwalk) / 4


def test_income_counts_the_landing_odds() -> None:
    """Two deeds of the same rents earn by how often they are landed on."""
    game = new_game()
    bot = income()
    bot.fresh(game, 0)
    oriental, vermont = at(game, "Oriental Avenue"), at(game, "Vermont Avenue")
    from pennybags.bots.ultimate_odds import RENT_LANDINGS
    assert game.board.spaces[oriental].rents == game.board.spaces[vermont].rents
    ratio = bot.rate(game, oriental, 100) / bot.rate(game, vermont, 100)
    assert ratio == pytest.approx(RENT_LANDINGS[oriental] / RENT_LANDINGS[vermont])


# ==================================================================== building

def test_a_skyscraper_on_the_best_group_before_a_house_elsewhere() -> None:
    game = new_game()
    own(game, 0, "Park Place", "Boardwalk", "Oriental Avenue", "Vermont Avenue")
    build(game, {"Park Place": 5, "Boardwalk": 5})
    set_cash(game, 0, 5000)
    action = standard().choose(game, 0)
    assert action.do == "build"
    assert action.deed in (at(game, "Park Place"), at(game, "Boardwalk"))
    game.act(0, action)
    assert game.houses[action.deed] == 6


def test_a_house_on_a_majority_ownership_and_none_on_a_lone_street() -> None:
    game = new_game()
    own(game, 0, "Oriental Avenue", "Vermont Avenue", "Boardwalk")
    action = standard().choose(game, 0)
    assert action.do == "build"
    assert action.deed in (at(game, "Oriental Avenue"), at(game, "Vermont Avenue"))


def test_building_keeps_a_quarter_of_the_reserve() -> None:
    game = new_game()
    game.players[0].cards.clear()  # no Travel Voucher to play first
    own(game, 0, "Park Place", "Boardwalk")
    set_cash(game, 0, 250)  # a $200 house would leave $50, under a quarter of the reserve
    assert standard().choose(game, 0) == ROLL
    set_cash(game, 0, 600)
    assert standard().choose(game, 0).do == "build"


def test_surplus_cash_builds_what_does_not_pay_back_within_the_horizon() -> None:
    """Late in a game between two players a house on Mediterranean and Baltic does not pay
    back within the bot's horizon; with a little cash it keeps it, with far more than its
    reserve it builds anyway (idle cash earns nothing: rich players who never build make a
    game that never ends)."""
    game = new_game()
    game.players[0].cards.clear()  # no Travel Voucher to play first
    game.round = 300
    own(game, 0, "Mediterranean Avenue", "Baltic Avenue")
    bot = income()
    set_cash(game, 0, 2000)
    assert bot.build_candidates(game, 0) == []  # nothing pays back within the horizon
    assert bot.choose(game, 0) == ROLL
    set_cash(game, 0, 20_000)
    action = standard().choose(game, 0)
    assert action.do == "build"
    assert action.deed in (at(game, "Mediterranean Avenue"), at(game, "Baltic Avenue"))


def test_a_train_depot_where_the_railroads_earn_enough_not_on_a_lone_one() -> None:
    game = new_game()
    game.players[0].cards.clear()  # no Travel Voucher to play first
    own(game, 0, "Reading Railroad")
    assert standard().choose(game, 0) == ROLL  # $25 rent: a $100 depot does not pay back
    game = new_game()
    own(game, 0, "Reading Railroad", "Pennsylvania Railroad", "B&O Railroad",
        "Short Line")
    action = standard().choose(game, 0)
    assert action.do == "build" and game.board.spaces[action.deed].kind == "railroad"


def test_mortgages_a_lone_deed_to_pay_for_a_building_that_earns_more() -> None:
    game = new_game(4)
    game.players[0].cards.clear()
    own(game, 0, "Park Place", "Boardwalk", "Mediterranean Avenue", "Baltic Avenue",
        "Oriental Avenue")
    game.set_owner(at(game, "Baltic Avenue"), 1)  # Mediterranean and Oriental stand alone
    set_cash(game, 0, 200)  # not enough for a $200 house and a quarter of the reserve
    bot = standard()
    action = bot.choose(game, 0)
    assert action.do == "mortgage"
    assert action.deed in (at(game, "Mediterranean Avenue"), at(game, "Oriental Avenue"))
    game.act(0, action)
    while (action := bot.choose(game, 0)).do == "mortgage":
        game.act(0, action)
    assert action.do == "build"
    assert action.deed in (at(game, "Park Place"), at(game, "Boardwalk"))


def test_lifts_a_mortgage_that_stops_building_on_a_group_first() -> None:
    game = new_game()
    game.players[0].cards.clear()
    own(game, 0, "Park Place", "Boardwalk")
    game.mortgaged[at(game, "Park Place")] = True
    action = standard().choose(game, 0)
    assert action == Action("unmortgage", at(game, "Park Place"))


# ==================================================================== moving

def test_a_voucher_goes_to_the_deed_that_completes_a_group() -> None:
    game = new_game()
    # From GO: the outer track's first side; Ann owns Mediterranean Avenue, so Baltic
    # Avenue (a monopoly) beats every other unowned deed of the side.
    own(game, 0, "Mediterranean Avenue")
    assert any(ref[0] == VOUCHERS for ref in game.players[0].cards)
    action = standard().choose(game, 0)
    assert action.do == "play-voucher"
    assert action.space == at(game, "Baltic Avenue")


def test_no_voucher_is_looked_for_while_the_board_read_has_no_unowned_deed() -> None:
    """The unowned deeds are those of the board read for the danger (once a round): a deed
    back with the bank within the round is not looked for until the next round's read."""
    game = new_game()
    for d in game.board.deeds:
        game.set_owner(d, 1)
    own(game, 0, "Mediterranean Avenue")
    bot = income()
    assert bot.voucher(game, 0) is None
    game.set_owner(at(game, "Baltic Avenue"), -1)
    assert bot.voucher(game, 0) is None
    game.round += 1
    action = bot.voucher(game, 0)
    assert action is not None and action.space == at(game, "Baltic Avenue")


# ==================================================================== shares

def test_a_share_where_the_dividend_per_dollar_rises_most() -> None:
    game = at_stock_exchange()
    # 3 shares of Motion Pictures: a 4th raises its dividend from 90 to 160 ($70 for a $100
    # share); 1 of Acme Motors: a 2nd, from 15 to 60 ($45 for $150).
    game.shares[0][0] = 3
    game.bank_shares[0] -= 3
    game.shares[0][5] = 1
    game.bank_shares[5] -= 1
    assert standard().choose(game, 0) == Action("buy-share", company=0)


def test_no_share_when_the_dividends_do_not_pay_it_back() -> None:
    game = at_stock_exchange()
    set_cash(game, 0, 20_000)
    assert standard().choose(game, 0) == Action("decline-share")


# ==================================================================== trades

def test_offers_cash_for_the_deed_that_gives_it_a_majority_ownership() -> None:
    game = new_game()
    own(game, 0, "Oriental Avenue")
    own(game, 1, "Vermont Avenue")
    action = standard().choose(game, 0)
    assert action.do == "propose-trade" and action.trade is not None
    assert action.trade.take == (at(game, "Vermont Avenue"),)
    assert action.trade.give_cash > game.board.spaces[at(game, "Vermont Avenue")].price


def test_refuses_to_sell_an_opponent_a_monopoly_for_twice_its_price() -> None:
    game = new_game(4)
    own(game, 0, "Boardwalk")
    own(game, 1, "Park Place")
    game.pose(Pose("trade", 0, trade=Trade(1, 0, take=(at(game, "Boardwalk"),),
                                           give_cash=800)))
    assert kind(game) == "trade"
    assert standard().choose(game, 0) == Action("reject")


def test_accepts_cash_well_above_what_a_lone_deed_earns() -> None:
    game = new_game()
    own(game, 0, "Mediterranean Avenue")
    game.pose(Pose("trade", 0, trade=Trade(1, 0, take=(at(game, "Mediterranean Avenue"),),
                                           give_cash=150)))
    assert standard().choose(game, 0) == Action("accept")


# ==================================================================== debt

def test_debt_mortgages_a_lone_deed_before_selling_a_house() -> None:
    game = new_game()
    own(game, 0, "Oriental Avenue", "Vermont Avenue", "Mediterranean Avenue")
    build(game, {"Oriental Avenue": 2, "Vermont Avenue": 2})
    set_cash(game, 0, 0)
    game.pose(Pose("debt", 0, amount=20, creditor=1))
    assert standard().choose(game, 0) == Action("mortgage", at(game, "Mediterranean Avenue"))


# ==================================================================== strength

def wins(bots: list[str], games: int, seed: int) -> int:
    """Games won by seat 0's bot in ``games`` seeded games, its seat rotated."""
    won = 0
    for i in range(games):
        seat = i % len(bots)
        line = bots[1:]
        line.insert(seat, bots[0])
        result = play_one(Setup("ultimate-monopoly", tuple(line), seed, 1000), i)
        won += result.winner == seat
    return won


def test_beats_three_random_bots_in_nearly_every_game() -> None:
    assert wins(["standard", "random", "random", "random"], 16, 11) >= 15


def test_beats_three_bots_of_the_previous_strategy_more_than_its_share() -> None:
    # A fair share would be 4 of 16; the strategy wins about half of its games.
    assert wins(["standard"] + ["standard?value=price"] * 3, 16, 11) >= 7
