"""The bots in Ultimate Monopoly: the standard bot's strategies for the edition (the default,
valuing deeds by expected income, :mod:`pennybags.bots.ultimate_income`, and the previous one,
``standard?value=price``, :mod:`pennybags.bots.ultimate_monopoly`) and the simple bot's legal
play. Where the two strategies judge differently (building, shares), the tests here check the
previous one; tests/test_bot_ultimate_income.py checks the default's judgement.

Every decision kind of the edition is reached by hand (tokens placed, dice scripted, piles
stacked, cards given, as the edition's own tests do) and answered by each bot; the standard
bot's judgement is checked where it matters (jail, debt, building, where it moves, the
cards it aims); a seeded batch of four standard bots ends its games by bankruptcy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pennybags.bots import make_bot
from pennybags.bots.simple import SimpleBot
from pennybags.bots.ultimate_monopoly import KNOWN_DECISIONS, UltimateMonopolyStrategy
from pennybags.editions.ultimate_monopoly import EDITION
from pennybags.editions.ultimate_monopoly.cards import CardGame
from pennybags.editions.ultimate_monopoly.game import POOL, ROLL_THREE, VOUCHERS
from pennybags.editions.ultimate_monopoly.rules import RULEBOOK
from pennybags.engine.actions import Action, CardRef, Pose, Trade
from pennybags.engine.ledger import BANK
from pennybags.engine.turn import PAY_BAIL, ROLL, USE_CARD
from pennybags.lab.simulate import Setup, play_one

Game = CardGame


# ==================================================================== helpers

def new_game(players: int = 2, seed: int = 1, **options: Any) -> Game:
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"][:players]
    return Game(EDITION.data, names, seed, EDITION.options(options), rulebook=RULEBOOK,
                decide_order=False)


def at(game: Game, name: str) -> int:
    return game.board.find(name)


def own(game: Game, seat: int, *names: str) -> None:
    for name in names:
        game.set_owner(at(game, name), seat)


def build(game: Game, levels: dict[str, int]) -> None:
    """Put buildings on properties (their owners set already) and take the bank's stock."""
    from pennybags.editions.ultimate_monopoly.buildings import take_stock
    for name, level in levels.items():
        game.houses[at(game, name)] = level
    take_stock(game)


def set_cash(game: Game, seat: int, cash: int) -> None:
    have = game.cash(seat)
    if have > cash:
        game.pay(seat, BANK, have - cash, "test")
    else:
        game.pay(BANK, seat, cash - have, "test")


def give(game: Game, seat: int, deck: str, card_id: str) -> CardRef:
    """Give a player a copy of a card from its pile (as if drawn and kept)."""
    pile = game.decks[deck]
    index = next(i for i in pile.order if pile.cards[i].id == card_id)
    pile.remove(index)
    ref = (deck, index)
    game.players[seat].cards.append(ref)
    return ref


def throw(game: Game, *dice: int | str, seat: int = 0) -> None:
    game.dice.script([list(dice)])
    game.act(seat, Action("roll"))


def land(game: Game, name: str, *more: list[int | str]) -> None:
    """Ann (seat 0, whose turn it is) throws an odd 5 (1, 2, speed 2) along her track from
    five spaces before ``name``; ``more``: the throws the space makes."""
    board = game.tracks
    s = at(game, name)
    game.players[0].position = board.index_of(board.track_of(s), board.track_index(s) - 5)
    game.dice.script([[1, 2, 2], *more])
    game.act(0, Action("roll"))


def draw(game: Game, card_id: str, space: int = 7) -> None:
    """Ann draws ``card_id`` landing on ``space`` (7: Chance, 17: Community Chest)."""
    board = game.tracks
    game.decks[board.spaces[space].kind].stack([card_id])
    game.players[0].position = board.index_of(board.track_of(space),
                                              board.track_index(space) - 5)
    game.dice.script([[1, 2, 2]])
    game.act(0, Action("roll"))


def play(game: Game, seat: int, ref: CardRef) -> None:
    game.act(seat, Action("play-card", card=ref))


def kind(game: Game) -> str:
    return game.pending[0].kind


def standard(seed: int = 0) -> Any:
    return make_bot("standard", seed)


def previous(seed: int = 0) -> Any:
    """The previous strategy (deeds valued by printed prices)."""
    return make_bot("standard?value=price", seed)


def strategy() -> UltimateMonopolyStrategy:
    return UltimateMonopolyStrategy(150, 100, 100)


def vouchers(game: Game, seat: int) -> list[tuple[str, int]]:
    return [c for c in game.players[seat].cards if c[0] == VOUCHERS]


def give_vouchers(game: Game, seat: int, *ids: str) -> None:
    """``seat`` holds exactly these vouchers (the old ones go back under the pile)."""
    deck = game.decks[VOUCHERS]
    for card in vouchers(game, seat):
        game.players[seat].cards.remove(card)
        deck.put_bottom(card[1])
    for card_id in ids:
        index = next(i for i in deck.order if deck.cards[i].id == card_id)
        deck.remove(index)
        game.players[seat].cards.append((VOUCHERS, index))


def no_vouchers(game: Game) -> None:
    for seat in range(len(game.players)):
        give_vouchers(game, seat)


# ==================================================================== every decision

def at_roll() -> Game:
    return new_game()


def at_end_turn() -> Game:
    game = new_game()
    game.pose(Pose("end-turn", 0))
    return game


def at_jail() -> Game:
    game = new_game()
    game.send_to_jail(0)
    game.pose(Pose("jail", 0))
    return game


def at_buy() -> Game:
    game = new_game()
    game.pose(Pose("buy", 0, deed=at(game, "Boardwalk")))
    return game


def at_bid() -> Game:
    game = new_game()
    game.pose(Pose("bid", 0, deed=at(game, "Boardwalk")))
    return game


def at_debt() -> Game:
    game = new_game()
    own(game, 0, "Baltic Avenue")
    set_cash(game, 0, 10)
    game.pose(Pose("debt", 0, amount=40, creditor=1))
    return game


def at_trade() -> Game:
    game = new_game()
    own(game, 0, "Baltic Avenue")
    own(game, 1, "Mediterranean Avenue")
    game.pose(Pose("trade", 0, trade=Trade(1, 0, take=(at(game, "Baltic Avenue"),),
                                           give_cash=500)))
    return game


def at_mortgaged_deeds() -> Game:
    game = new_game()
    own(game, 0, "Baltic Avenue")
    game.mortgaged[at(game, "Baltic Avenue")] = True
    game.pose(Pose("mortgaged-deeds", 0, deeds=(at(game, "Baltic Avenue"),)))
    return game


def at_triples() -> Game:
    game = new_game()
    throw(game, 2, 2, 2)
    return game


def at_subway() -> Game:
    game = new_game()
    land(game, "Subway")  # the next movement is the Subway ride
    game.act(0, Action("end-turn"))
    throw(game, 1, 2, 2, seat=1)
    game.act(1, Action("auction"))
    game.act(0, Action("pass"))
    game.act(1, Action("pass"))
    game.act(1, Action("end-turn"))
    return game


def at_bonus_move() -> Game:
    game = new_game()
    game.players[0].position = at(game, "Baltic Avenue")
    own(game, 0, "Reading Railroad")
    throw(game, 1, 1, "mr_monopoly")  # doubles 2: Reading, Ann's own; Mr. Monopoly next
    return game


def at_bus() -> Game:
    game = at_bonus_move_bus()
    game.act(0, Action("go-on"))
    return game


def at_bonus_move_bus() -> Game:
    game = new_game()
    game.players[0].position = at(game, "Baltic Avenue")
    own(game, 0, "Reading Railroad")
    throw(game, 1, 1, "bus")
    return game


def at_taxi() -> Game:
    game = new_game()
    own(game, 1, "Checker Cab Co.")
    land(game, "Checker Cab Co.")
    return game


def at_birthday_gift() -> Game:
    game = new_game(3)
    land(game, "Birthday Gift")
    return game


def at_auction_space() -> Game:
    game = new_game()
    game.players[0].position = at(game, "Auction")
    game.pose(Pose("auction-space", 0))
    return game


def at_stock_exchange() -> Game:
    game = new_game()
    game.players[0].position = at(game, "Stock Exchange")
    game.pose(Pose("stock-exchange", 0))
    return game


def at_name_share() -> Game:
    game = at_stock_exchange()
    game.act(0, Action("decline-share"))
    return game


def at_taxes_due() -> Game:
    game = new_game()
    draw(game, "april-15-taxes-due", 17)
    return game


def at_card_buy() -> Game:
    game = new_game()
    draw(game, "discount-travel", 17)
    return game


def at_rent_due() -> Game:
    game = new_game()
    own(game, 1, "Oriental Avenue")
    game.houses[at(game, "Oriental Avenue")] = 0
    give(game, 0, "chance", "comped-room")
    land(game, "Oriental Avenue")
    return game


def at_good_fortune() -> Game:
    game = new_game()
    give(game, 1, "community_chest", "share-in-their-good-fortune")
    for seat in (0, 1):
        game.players[seat].cards = [c for c in game.players[seat].cards
                                    if c[0] != ROLL_THREE]
    game.decks[ROLL_THREE].stack(["roll-three-1-3-6"])
    game.players[0].position = at(game, "Roll Three") - 5
    game.dice.script([[1, 2, 2], [1, 3, 6]])
    game.act(0, Action("roll"))
    return game


def at_against_pay() -> Game:
    game = new_game()
    give(game, 1, "chance", "just-say-no")
    draw(game, "opening-night-tickets", 17)
    return game


def at_against_court() -> Game:
    game = new_game()
    ref = give(game, 0, "chance", "see-you-in-court")
    give(game, 1, "community_chest", "lawyer-on-retainer")
    play(game, 0, ref)
    return game


def at_against_steal() -> Game:
    game = new_game()
    own(game, 1, "Oriental Avenue")
    give(game, 1, "chance", "just-say-no")
    play(game, 0, give(game, 0, "chance", "slick-move"))
    return game


def at_against_swap() -> Game:
    game = new_game()
    own(game, 0, "Baltic Avenue")
    own(game, 1, "Oriental Avenue")
    give(game, 1, "chance", "just-say-no")
    play(game, 0, give(game, 0, "chance", "strong-armed-deal"))
    return game


def at_against_jail() -> Game:
    game = new_game()
    give(game, 1, "community_chest", "just-say-no")
    play(game, 0, give(game, 0, "community_chest", "elected-district-attorney"))
    return game


def at_against_voucher() -> Game:
    game = new_game()
    give_vouchers(game, 0)
    give(game, 1, "chance", "just-say-no")
    draw(game, "finders-keepers", 17)
    return game


def at_against_hurricane() -> Game:
    game = new_game()
    own(game, 1, "Mediterranean Avenue", "Baltic Avenue")
    build(game, {"Baltic Avenue": 1})
    give(game, 1, "chance", "just-say-no")
    draw(game, "hurricane-makes-landfall")
    return game


def at_against_deal_buster() -> Game:
    game = new_game()
    give(game, 1, "community_chest", "deal-buster")
    give(game, 0, "chance", "just-say-no")
    land(game, "Oriental Avenue")
    play(game, 1, ("community_chest", next(
        i for k, i in game.players[1].cards if k == "community_chest")))
    return game


def at_stock_fine() -> Game:
    game = new_game()
    game.shares[1][2] = 1
    game.bank_shares[2] -= 1
    give(game, 1, "community_chest", "lawyer-on-retainer")
    draw(game, "utility-regulation", 17)
    return game


def at_insider_fine() -> Game:
    game = new_game()
    game.shares[0][0] = 2
    game.bank_shares[0] -= 2
    give(game, 0, "community_chest", "lawyer-on-retainer")
    draw(game, "caught-insider-trading")
    return game


def at_gps() -> Game:
    game = new_game()
    own(game, 1, "Boardwalk")
    draw(game, "gps-is-not-working")
    return game


def at_moving_experience() -> Game:
    game = new_game()
    draw(game, "a-moving-experience", 17)
    return game


def at_buyers_market() -> Game:
    game = new_game()
    play(game, 0, give(game, 0, "chance", "buyers-market"))
    return game


def at_taxi_wars() -> Game:
    game = new_game()
    draw(game, "taxi-wars-are-not-fare")
    return game


def at_steal() -> Game:
    game = new_game()
    own(game, 1, "Oriental Avenue", "Boardwalk")
    play(game, 0, give(game, 0, "chance", "slick-move"))
    return game


def at_swap() -> Game:
    game = new_game()
    own(game, 0, "Baltic Avenue", "States Avenue")
    own(game, 1, "Oriental Avenue", "Boardwalk")
    play(game, 0, give(game, 0, "chance", "strong-armed-deal"))
    return game


def at_swap_give() -> Game:
    game = at_swap()
    game.act(0, Action("choose-deed", at(game, "Boardwalk")))
    return game


def at_foreclose() -> Game:
    game = new_game()
    own(game, 1, "Oriental Avenue", "Boardwalk")
    game.mortgaged[at(game, "Oriental Avenue")] = True
    game.mortgaged[at(game, "Boardwalk")] = True
    play(game, 0, give(game, 0, "chance", "foreclosed-property-sale"))
    return game


def at_free_house() -> Game:
    game = new_game()
    own(game, 0, "Mediterranean Avenue", "Baltic Avenue")
    play(game, 0, give(game, 0, "chance", "zero-dollars-down"))
    return game


def at_hurricane() -> Game:
    game = new_game(3)
    own(game, 1, "Mediterranean Avenue", "Baltic Avenue")
    own(game, 2, "Park Place", "Boardwalk")
    build(game, {"Baltic Avenue": 1, "Boardwalk": 2, "Park Place": 2})
    draw(game, "hurricane-makes-landfall")
    return game


def at_tornado() -> Game:
    game = new_game()
    own(game, 0, "Mediterranean Avenue", "Baltic Avenue", "Park Place", "Boardwalk")
    build(game, {"Baltic Avenue": 1, "Boardwalk": 3, "Park Place": 3})
    draw(game, "tornado-hits", 17)
    return game


def at_surrender() -> Game:
    game = new_game()
    own(game, 0, "Baltic Avenue", "Boardwalk")
    draw(game, "assets-seized")
    return game


def at_house_condemned() -> Game:
    game = new_game()
    own(game, 0, "Mediterranean Avenue", "Baltic Avenue", "Park Place", "Boardwalk")
    build(game, {"Baltic Avenue": 1, "Boardwalk": 2, "Park Place": 2})
    draw(game, "house-condemned", 17)
    return game


def at_court() -> Game:
    game = new_game(3)
    play(game, 0, give(game, 0, "chance", "see-you-in-court"))
    return game


def at_district_attorney() -> Game:
    game = new_game(3)
    play(game, 0, give(game, 0, "community_chest", "elected-district-attorney"))
    return game


def at_game_night() -> Game:
    game = new_game(3)
    draw(game, "game-night", 17)
    return game


def at_finders_keepers() -> Game:
    game = new_game(3)
    draw(game, "finders-keepers", 17)
    return game


def at_losers_weepers() -> Game:
    game = new_game()
    give_vouchers(game, 0, "bus-ticket", "travel-card")
    draw(game, "losers-weepers", 17)
    return game


def at_inherit_stock() -> Game:
    game = new_game()
    draw(game, "inherit-stock", 17)
    return game


def at_sale_of_stock() -> Game:
    game = new_game()
    for company in (0, 3):
        game.shares[0][company] = 1
        game.bank_shares[company] -= 1
    play(game, 0, give(game, 0, "community_chest", "sale-of-stock-bonus"))
    return game


def at_insider_trading() -> Game:
    game = new_game()
    ref = give(game, 0, "community_chest", "insider-trading")
    game.players[0].position = at(game, "Birthday Gift")
    throw(game, 1, 2, 2)  # 5: the Stock Exchange
    play(game, 0, ref)
    return game


SETUPS: dict[str, Callable[[], Game]] = {
    "roll": at_roll, "end-turn": at_end_turn, "jail": at_jail, "buy": at_buy, "bid": at_bid,
    "debt": at_debt, "trade": at_trade, "mortgaged-deeds": at_mortgaged_deeds,
    "triples": at_triples, "subway": at_subway, "bonus-move": at_bonus_move, "bus": at_bus,
    "taxi": at_taxi, "birthday-gift": at_birthday_gift, "auction-space": at_auction_space,
    "stock-exchange": at_stock_exchange, "name-share": at_name_share,
    "taxes-due": at_taxes_due, "card-buy": at_card_buy, "rent-due": at_rent_due,
    "good-fortune": at_good_fortune, "against-pay": at_against_pay,
    "against-court": at_against_court, "against-steal": at_against_steal,
    "against-swap": at_against_swap, "against-jail": at_against_jail,
    "against-voucher": at_against_voucher, "against-hurricane": at_against_hurricane,
    "against-deal-buster": at_against_deal_buster, "stock-fine": at_stock_fine,
    "insider-fine": at_insider_fine, "gps": at_gps, "moving-experience": at_moving_experience,
    "buyers-market": at_buyers_market, "taxi-wars": at_taxi_wars, "steal": at_steal,
    "swap": at_swap, "swap-give": at_swap_give, "foreclose": at_foreclose,
    "free-house": at_free_house, "hurricane": at_hurricane, "tornado": at_tornado,
    "surrender": at_surrender, "house-condemned": at_house_condemned, "court": at_court,
    "district-attorney": at_district_attorney, "game-night": at_game_night,
    "finders-keepers": at_finders_keepers, "losers-weepers": at_losers_weepers,
    "inherit-stock": at_inherit_stock, "sale-of-stock": at_sale_of_stock,
    "insider-trading": at_insider_trading,
}
"""A position at each decision kind of the edition."""


def test_every_decision_kind_of_the_edition_has_a_position_and_a_standard_answer() -> None:
    assert set(SETUPS) == set(RULEBOOK.decisions)
    assert set(KNOWN_DECISIONS) == set(RULEBOOK.decisions)


@pytest.mark.parametrize("decision", sorted(SETUPS))
@pytest.mark.parametrize("spec", ["standard", "standard?value=price"])
def test_the_standard_bot_answers_each_decision_kind_legally(decision: str, spec: str) -> None:
    """The standard bot (either strategy) answers (managing first, perhaps) until the
    decision is answered; every action it takes is legal."""
    game = SETUPS[decision]()
    assert kind(game) == decision
    seat = game.pending[0].player
    bot = make_bot(spec, 0)
    for _ in range(40):
        action = bot.choose(game, seat)
        assert game.why_illegal(seat, action) is None, (decision, action)
        answered = game.answers(seat, action)
        game.act(seat, action)
        if answered:
            return
    raise AssertionError(f"the standard bot never answered '{decision}'")


@pytest.mark.parametrize("decision", sorted(SETUPS))
@pytest.mark.parametrize("spec", ["simple", "random", "standard?jail=long&trade=0"])
def test_the_other_bots_answer_each_decision_kind_legally(decision: str, spec: str) -> None:
    game = SETUPS[decision]()
    seat = game.pending[0].player
    for seed in range(3):
        action = make_bot(spec, seed).choose(game, seat)
        assert game.why_illegal(seat, action) is None, (decision, spec, action)


# ==================================================================== jail

def test_jail_with_vouchers_and_roll_three_cards_but_no_get_out_of_jail_free_card() -> None:
    """player.cards holds a Travel Voucher and a Roll Three card: no use-card."""
    game = at_jail()
    assert game.players[0].cards
    for spec in ("standard", "standard?jail=short", "simple"):
        bot = make_bot(spec, 0)
        action = bot.choose(game, 0)
        assert action != USE_CARD and game.can(0, action)
        if isinstance(bot, SimpleBot):
            assert bot.fallbacks == 0


def test_jail_with_a_get_out_of_jail_free_card_uses_it_early_or_pays() -> None:
    game = at_jail()
    give(game, 0, "chance", "get-out-of-jail-free")
    assert standard().choose(game, 0) == USE_CARD
    assert make_bot("simple", 0).choose(game, 0) == USE_CARD
    assert make_bot("standard?jail=long", 0).choose(game, 0) == ROLL
    game = at_jail()
    assert standard().choose(game, 0) == PAY_BAIL


# ==================================================================== debt

def test_debt_raises_cash_from_share_mortgages_before_bankruptcy() -> None:
    game = new_game()
    for company in (0, 5):
        game.shares[0][company] = 2
        game.bank_shares[company] -= 2
    set_cash(game, 0, 20)
    game.pose(Pose("debt", 0, amount=200, creditor=1))  # shares: 2 x 50 + 2 x 75 = 250
    bot = standard()
    for _ in range(10):
        if not game.pending or kind(game) != "debt":
            break
        action = bot.choose(game, 0)
        assert action.do == "mortgage-share", action
        game.act(0, action)
    assert not game.players[0].bankrupt and game.cash(1) == 3200 + 200
    assert sum(game.shares_mortgaged[0]) >= 2


def test_debt_sells_buildings_and_mortgages_deeds_and_shares_before_bankruptcy() -> None:
    game = new_game()
    own(game, 0, "Mediterranean Avenue", "Baltic Avenue", "Reading Railroad", "Boardwalk")
    build(game, {"Mediterranean Avenue": 2, "Baltic Avenue": 2, "Reading Railroad": 1})
    game.shares[0][1] = 1
    game.bank_shares[1] -= 1
    set_cash(game, 0, 0)
    # deeds 30+30+100+200, buildings 4 x 25 + 50, a share 55: 565 in all
    game.pose(Pose("debt", 0, amount=560, creditor=1))
    bot = standard()
    done: set[str] = set()
    while game.pending and kind(game) == "debt":
        action = bot.choose(game, 0)
        assert action.do != "declare-bankruptcy", done
        done.add(action.do)
        game.act(0, action)
    assert not game.players[0].bankrupt and game.cash(1) == 3200 + 560
    assert {"mortgage", "sell-building", "mortgage-share"} <= done


def test_debt_declares_bankruptcy_when_everything_cannot_cover_it() -> None:
    game = new_game()
    own(game, 0, "Baltic Avenue")
    game.shares[0][0] = 1
    game.bank_shares[0] -= 1
    set_cash(game, 0, 0)
    game.pose(Pose("debt", 0, amount=200, creditor=1))  # 30 + 50 < 200
    assert standard().choose(game, 0) == Action("declare-bankruptcy")


def test_debt_plays_sale_of_stock_bonus_first() -> None:
    game = new_game()
    game.shares[0][0] = 1
    game.bank_shares[0] -= 1
    ref = give(game, 0, "community_chest", "sale-of-stock-bonus")
    set_cash(game, 0, 0)
    game.pose(Pose("debt", 0, amount=120, creditor=1))
    assert standard().choose(game, 0) == Action("play-card", card=ref)


# ==================================================================== building

def test_builds_houses_on_a_majority_ownership() -> None:
    game = new_game()
    own(game, 0, "Oriental Avenue", "Vermont Avenue")  # 2 of the 3 light blues
    action = standard().choose(game, 0)
    assert action.do == "build" and action.deed in (at(game, "Oriental Avenue"),
                                                    at(game, "Vermont Avenue"))


def test_builds_a_skyscraper_on_a_monopoly_of_hotels() -> None:
    game = new_game()
    own(game, 0, "Park Place", "Boardwalk")
    build(game, {"Park Place": 5, "Boardwalk": 5})
    action = standard().choose(game, 0)
    assert action == Action("build", at(game, "Park Place")) or \
        action == Action("build", at(game, "Boardwalk"))
    game.act(0, action)
    assert game.houses[action.deed] == 6


def test_builds_a_train_depot_and_a_cab_stand() -> None:
    game = new_game()
    own(game, 0, "Reading Railroad", "Checker Cab Co.")
    bot = previous()
    built: set[str] = set()
    for _ in range(4):
        action = bot.choose(game, 0)
        if action.do != "build":
            break
        game.act(0, action)
        built.add(game.board.spaces[action.deed].kind)
    assert built == {"railroad", "cab_company"}
    assert game.bank_depots == game.data.rules["train_depots"] - 1
    assert game.bank_stands == game.data.rules["cab_stands"] - 1


def test_building_keeps_the_reserve() -> None:
    game = new_game()
    own(game, 0, "Park Place", "Boardwalk")
    set_cash(game, 0, 500)  # a $200 house would leave less than the reserve
    assert previous().choose(game, 0).do != "build"


def test_builds_evenly_toward_hotels_and_skyscrapers_when_rich() -> None:
    game = new_game()
    own(game, 0, "Mediterranean Avenue", "Baltic Avenue")
    set_cash(game, 0, 20_000)
    bot = previous()
    for _ in range(20):
        action = bot.choose(game, 0)
        if action.do != "build":
            break
        game.act(0, action)
    assert game.houses[at(game, "Mediterranean Avenue")] == 6
    assert game.houses[at(game, "Baltic Avenue")] == 6


# ==================================================================== where it goes

def test_triples_moves_to_an_unowned_deed_it_wants_rather_than_an_opponents_rent() -> None:
    game = new_game()
    own(game, 1, *(game.board.spaces[d].name for d in game.board.deeds
                   if game.board.spaces[d].name not in ("Rodeo Drive", "Mediterranean Avenue",
                                                        "Baltic Avenue")))
    own(game, 0, "Mediterranean Avenue", "Baltic Avenue")  # (Rodeo Drive is left)
    throw(game, 2, 2, 2)
    assert kind(game) == "triples"
    action = standard().choose(game, 0)
    assert action == Action("move-to", space=at(game, "Rodeo Drive"))


def test_triples_with_nothing_to_buy_goes_to_a_pay_corner_not_to_a_rent() -> None:
    game = new_game()
    for d in game.board.deeds:
        game.set_owner(d, 1)
    throw(game, 2, 2, 2)
    action = standard().choose(game, 0)
    space = game.board.spaces[action.space]
    assert space.kind in ("pay_day", "bonus", "go"), space.name


def test_a_taxi_ride_only_to_an_unowned_deed_it_wants() -> None:
    game = at_taxi()
    action = standard().choose(game, 0)
    assert action.do == "take-taxi"
    deed = game.tracks.deed_at(action.space)
    assert deed >= 0 and game.owner[deed] < 0
    game = at_taxi()
    for d in game.board.deeds:
        if game.owner[d] < 0:
            game.set_owner(d, 1)
    assert standard().choose(game, 0) == Action("no-taxi")


def test_plays_a_voucher_before_the_throw_to_an_unowned_deed_it_wants() -> None:
    game = new_game()
    action = standard().choose(game, 0)  # from GO: the deeds of its side are unowned
    assert action.do == "play-voucher"
    assert game.owner[game.tracks.deed_at(action.space)] < 0
    game.act(0, action)
    assert kind(game) == "buy"


def test_no_voucher_with_nothing_worth_reaching() -> None:
    game = new_game()
    for d in game.board.deeds:
        game.set_owner(d, 1)
    assert standard().choose(game, 0) == ROLL


# ==================================================================== cards

def test_hurricane_strikes_where_an_opponent_loses_most_rent() -> None:
    game = at_hurricane()
    action = standard().choose(game, 0)
    assert action.do == "choose-deed"
    assert game.owner[action.deed] == 2  # the dark blues' houses, not a purple house


def test_tornado_strikes_where_it_loses_least_rent() -> None:
    game = at_tornado()
    action = standard().choose(game, 0)
    assert action == Action("choose-deed", at(game, "Baltic Avenue"))


def test_see_you_in_court_takes_from_the_richest() -> None:
    game = new_game(3)
    set_cash(game, 2, 5000)
    ref = give(game, 0, "chance", "see-you-in-court")
    assert standard().choose(game, 0) == Action("play-card", card=ref)
    play(game, 0, ref)
    assert standard().choose(game, 0) == Action("choose-player", target=2)


def test_steal_takes_the_deed_worth_most() -> None:
    game = at_steal()
    assert standard().choose(game, 0) == Action("choose-deed", at(game, "Boardwalk"))


def test_swap_gives_the_deed_worth_least() -> None:
    game = at_swap_give()
    assert standard().choose(game, 0) == Action("choose-deed", at(game, "Baltic Avenue"))


def test_just_say_no_against_a_big_action_and_not_a_small_fine() -> None:
    game = at_against_jail()
    assert standard().choose(game, 1).do == "play-card"
    game = at_against_pay()  # $50 from each player
    assert standard().choose(game, 1) == Action("allow")


def test_a_rent_card_on_a_small_rent_is_kept() -> None:
    game = at_rent_due()  # $6 on Oriental Avenue
    assert standard().choose(game, 0) == Action("pay-rent")


def test_birthday_gift_collects_the_money() -> None:
    game = at_birthday_gift()
    d = game.pending[0]
    assert standard().choose(game, 0) == Action("collect-gift", target=d.creditor)


def test_stock_exchange_buys_a_share_when_rich_and_declines_when_poor() -> None:
    game = at_stock_exchange()
    assert previous().choose(game, 0).do == "buy-share"
    game = at_stock_exchange()
    set_cash(game, 0, 300)
    assert previous().choose(game, 0) == Action("decline-share")


# ==================================================================== the simple bot

def test_simple_plays_ultimate_monopoly_games_to_their_end_without_looping() -> None:
    """Its unknown decisions take the first legal action; no decision comes back forever
    (a cap on the answers of each game)."""
    for seed in range(3):
        game = EDITION.new_game([f"P{i}" for i in range(4)], seed=seed,
                                options={"max-rounds": 300})
        bots = [make_bot("simple", seed * 4 + i) for i in range(4)]
        for _ in range(200_000):
            if game.over:
                break
            seat = game.pending[0].player
            action = bots[seat].choose(game, seat)
            assert game.why_illegal(seat, action) is None
            game.act(seat, action)
        assert game.over


# ==================================================================== whole games

def test_a_seeded_batch_of_four_standard_bots_ends_by_bankruptcy() -> None:
    """The edition's bar: four standard bots end at least 90% of their games by bankruptcy,
    not the round cap. 40 seeded games with a 300-round cap (a game that stalls, rich
    players no longer building, reaches it): all ended by bankruptcy when written (a
    strategy that stopped building late in a game left one game in nine at the cap)."""
    setup = Setup("ultimate-monopoly", ("standard",) * 4, 5, 300)
    results = [play_one(setup, i) for i in range(40)]
    bankrupt = sum(1 for r in results if r.end_reason == "bankruptcy")
    assert bankrupt >= 36, [r.end_reason for r in results]
    assert all(r.winner is not None for r in results)


def test_money_is_conserved_pool_bank_and_players_in_random_games() -> None:
    """After every action: the players' cash, the Pool and the bank add up to nothing (the
    bank issues money), the Pool is never negative and is the only pot, and the record of
    transactions adds up to every balance."""
    for seed in range(3):
        game = EDITION.new_game(["A", "B", "C", "D"], seed=seed, options={"max-rounds": 60})
        bots = [make_bot(spec, seed + i) for i, spec in
                enumerate(["random", "standard", "simple", "random"])]
        while not game.over:
            seat = game.pending[0].player
            game.act(seat, bots[seat].choose(game, seat))
            ledger = game.ledger
            pool = ledger.balance(POOL)
            assert pool >= 0
            assert set(ledger.pots) <= {POOL}
            assert sum(ledger.balances) + pool + ledger.bank == 0
        balances: dict[int, int] = {}
        for t in game.ledger.transactions:
            balances[t.payer] = balances.get(t.payer, 0) - t.amount
            balances[t.payee] = balances.get(t.payee, 0) + t.amount
        for seat in range(4):
            assert balances.get(seat, 0) == game.cash(seat)
        assert balances.get(POOL, 0) == game.ledger.balance(POOL)
        assert balances.get(BANK, 0) == game.ledger.bank


def test_an_offer_asking_for_shares_or_cards_is_refused() -> None:
    """The bots value deeds and cash: an offer for their shares or cards is refused, however
    much cash comes with it."""
    game = new_game()
    card = f"{VOUCHERS}:{game.decks[VOUCHERS].cards[vouchers(game, 0)[0][1]].id}"
    for offer in (Trade(1, 0, give_cash=2000, take_shares=("motion-pictures",)),
                  Trade(1, 0, give_cash=2000, take_cards=(card,))):
        game = new_game()
        game.shares[0][0] = 1
        game.bank_shares[0] -= 1
        game.pose(Pose("trade", 0, trade=offer))
        assert standard().choose(game, 0) == Action("reject"), offer
    game = new_game()
    game.shares[0][0] = 1
    game.bank_shares[0] -= 1
    game.pose(Pose("trade", 0, trade=Trade(1, 0, take_shares=("motion-pictures",))))
    assert make_bot("simple", 0).choose(game, 0) == Action("reject")


def test_bargain_business_on_a_deed_it_wants_and_insider_trading_at_the_stock_exchange() -> None:
    game = new_game()
    ref = give(game, 0, "community_chest", "bargain-business")
    land(game, "Boardwalk")
    assert kind(game) == "buy"
    assert previous().choose(game, 0) == Action("play-card", card=ref)
    game = at_stock_exchange()
    ref = give(game, 0, "community_chest", "insider-trading")
    assert previous().choose(game, 0) == Action("play-card", card=ref)
