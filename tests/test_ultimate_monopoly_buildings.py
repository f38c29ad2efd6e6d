"""Ultimate Monopoly's buildings (editions/ultimate_monopoly/buildings.py): majority
ownerships, monopolies and skyscrapers, Train Depots and Cab Stands, selling back, the bank's
stock, mortgages, the Mr. Monopoly wait and the Hurricane and Tornado helpers, each test named
after the rule it checks.

The games are made from the edition's ``EDITION`` (not registered yet), whose rulebook has
the module's actions and whose game delegates classic's building methods to the module.
"""

from __future__ import annotations

import random

import pytest

from pennybags.bots import make_bot
from pennybags.editions.ultimate_monopoly import buildings as b
from pennybags.editions.ultimate_monopoly.game import UltimateMonopolyGame
from pennybags.engine.actions import Action, IllegalAction, Trade
from pennybags.engine.snapshot import snapshot
from um_helpers import at, new_game, own, throw


def levels(game: UltimateMonopolyGame, **by_name: int) -> None:
    """Put buildings on the board (names with _ for spaces) and take them from the stock."""
    for name, level in by_name.items():
        game.houses[at(game, name.replace("_", " "))] = level
    b.take_stock(game)


def level_of(game: UltimateMonopolyGame, name: str) -> int:
    return game.houses[at(game, name)]


def act(game: UltimateMonopolyGame, seat: int, do: str, name: str) -> None:
    game.act(seat, Action(do, at(game, name)))


def refused(game: UltimateMonopolyGame, seat: int, do: str, name: str) -> str:
    before = snapshot(game)
    with pytest.raises(IllegalAction) as e:
        act(game, seat, do, name)
    assert snapshot(game) == before
    return str(e.value)


LIGHT_BLUE = ("Oriental Avenue", "Vermont Avenue", "Connecticut Avenue")


# ==================================================================== where to build

def test_majority_ownership_allows_houses_and_hotels() -> None:
    """"If a color group has more than two properties, you may build houses and hotels once
    you own all but one property in that color group": Ann with Oriental and Vermont builds
    a $50 house; Bob, with Connecticut alone, may not."""
    game = new_game()
    own(game, 0, "Oriental Avenue", "Vermont Avenue")
    own(game, 1, "Connecticut Avenue")
    act(game, 0, "build", "Oriental Avenue")
    assert level_of(game, "Oriental Avenue") == 1
    assert game.cash(0) == 3200 - 50
    assert game.bank_houses == 80
    assert "majority ownership" in refused(game, 1, "build", "Connecticut Avenue")
    assert game.rent(at(game, "Oriental Avenue")) == 30


def test_one_property_of_three_is_not_a_majority() -> None:
    game = new_game()
    own(game, 0, "Oriental Avenue")
    assert "majority ownership" in refused(game, 0, "build", "Oriental Avenue")


def test_four_property_group_majority_is_three() -> None:
    """A group of four: three make a majority ownership, two do not."""
    game = new_game()
    own(game, 0, "Esplanade Avenue", "Canal Street")
    assert "majority ownership" in refused(game, 0, "build", "Canal Street")
    own(game, 0, "Magazine Street")
    act(game, 0, "build", "Canal Street")
    assert level_of(game, "Canal Street") == 1


def test_two_property_group_needs_both() -> None:
    """A group of two has no majority ownership: Park Place alone cannot be built on."""
    game = new_game()
    own(game, 0, "Park Place")
    assert "needs both" in refused(game, 0, "build", "Park Place")
    own(game, 0, "Boardwalk")
    act(game, 0, "build", "Park Place")
    assert game.cash(0) == 3200 - 200


def test_nothing_is_built_on_a_utility_or_another_players_property() -> None:
    game = new_game()
    own(game, 0, "Electric Company")
    own(game, 1, "Oriental Avenue", "Vermont Avenue")
    assert "nothing can be built" in refused(game, 0, "build", "Electric Company")
    assert "does not own" in refused(game, 0, "build", "Oriental Avenue")


def test_no_building_with_a_mortgaged_property_of_ones_own_in_the_group() -> None:
    """Classic's rule, on the builder's own properties: Ann's mortgaged Vermont stops her;
    Bob's mortgaged Connecticut does not."""
    game = new_game()
    own(game, 0, "Oriental Avenue", "Vermont Avenue")
    own(game, 1, "Connecticut Avenue")
    game.mortgaged[at(game, "Connecticut Avenue")] = True
    act(game, 0, "build", "Oriental Avenue")
    game.mortgaged[at(game, "Vermont Avenue")] = True
    assert "mortgaged" in refused(game, 0, "build", "Oriental Avenue")


# ==================================================================== evenly

def test_build_evenly_across_the_properties_owned() -> None:
    """Building evenly across the properties of the group the player owns: a second house on
    Oriental waits for Vermont's first; Bob's Connecticut does not count."""
    game = new_game()
    own(game, 0, "Oriental Avenue", "Vermont Avenue")
    own(game, 1, "Connecticut Avenue")
    act(game, 0, "build", "Oriental Avenue")
    assert "build evenly: Vermont Avenue needs a house first" in \
        refused(game, 0, "build", "Oriental Avenue")
    act(game, 0, "build", "Vermont Avenue")
    act(game, 0, "build", "Oriental Avenue")
    assert (level_of(game, "Oriental Avenue"), level_of(game, "Vermont Avenue")) == (2, 1)


def test_sell_evenly_from_the_highest_property() -> None:
    """"You must always sell back buildings evenly": from the property with the most
    buildings first, at half the cost ($25 for a $50 house)."""
    game = new_game()
    own(game, 0, "Oriental Avenue", "Vermont Avenue")
    levels(game, Oriental_Avenue=3, Vermont_Avenue=2)
    assert "sell evenly: sell from Oriental Avenue (3 houses) first" in \
        refused(game, 0, "sell-building", "Vermont Avenue")
    act(game, 0, "sell-building", "Oriental Avenue")
    assert level_of(game, "Oriental Avenue") == 2
    assert game.cash(0) == 3200 + 25
    assert game.bank_houses == 81 - 4


def test_hotel_after_four_houses_returns_four_houses() -> None:
    """A hotel after four houses on every property owned; the four houses go back."""
    game = new_game()
    own(game, 0, "Oriental Avenue", "Vermont Avenue")
    levels(game, Oriental_Avenue=4, Vermont_Avenue=3)
    assert "needs a house first" in refused(game, 0, "build", "Oriental Avenue")
    act(game, 0, "build", "Vermont Avenue")
    houses = game.bank_houses
    act(game, 0, "build", "Oriental Avenue")
    assert level_of(game, "Oriental Avenue") == 5
    assert (game.bank_houses, game.bank_hotels) == (houses + 4, 30)
    assert game.cash(0) == 3200 - 100
    assert game.rent(at(game, "Oriental Avenue")) == 550


def test_skyscraper_needs_a_monopoly_with_hotels_on_every_property() -> None:
    """"If you own all of the properties of a color group ... and have built hotels on each,
    you may then build Skyscrapers": not on a majority with hotels; not before the last
    hotel; then one returns its hotel to the bank."""
    game = new_game()
    own(game, 0, "Oriental Avenue", "Vermont Avenue")
    own(game, 1, "Connecticut Avenue")
    levels(game, Oriental_Avenue=5, Vermont_Avenue=5)
    assert "a skyscraper needs a monopoly" in refused(game, 0, "build", "Oriental Avenue")
    own(game, 0, "Connecticut Avenue")
    levels(game, Connecticut_Avenue=4)
    assert "hotels on every property" in refused(game, 0, "build", "Oriental Avenue")
    act(game, 0, "build", "Connecticut Avenue")
    hotels = game.bank_hotels
    act(game, 0, "build", "Oriental Avenue")
    assert level_of(game, "Oriental Avenue") == 6
    assert (game.bank_hotels, game.bank_skyscrapers) == (hotels + 1, 15)
    assert game.rent(at(game, "Oriental Avenue")) == 1050
    assert "already has a skyscraper" in refused(game, 0, "build", "Oriental Avenue")


def test_catch_up_after_acquiring_the_last_property() -> None:
    """Ann improves her majority to three houses each, then buys Connecticut, landing on it
    (from Income Tax, 1 + 2 + 2 = 5, odd: past Reading Railroad on the middle track). Until
    Connecticut has three houses no other property of the group may be improved."""
    game = new_game()
    own(game, 0, "Oriental Avenue", "Vermont Avenue")
    levels(game, Oriental_Avenue=3, Vermont_Avenue=3)
    game.players[0].position = at(game, "Income Tax")
    throw(game, 1, 2, 2)
    assert game.players[0].position == at(game, "Connecticut Avenue")
    game.act(0, Action("buy"))
    reason = refused(game, 0, "build", "Oriental Avenue")
    assert "Connecticut Avenue must first be improved to the level of the rest" in reason
    for _ in range(2):
        act(game, 0, "build", "Connecticut Avenue")
        assert "Connecticut Avenue" in refused(game, 0, "build", "Vermont Avenue")
    act(game, 0, "build", "Connecticut Avenue")
    act(game, 0, "build", "Vermont Avenue")
    assert [level_of(game, n) for n in LIGHT_BLUE] == [3, 4, 3]


# ==================================================================== depots and stands

def test_train_depot_doubles_the_rent_and_sells_back_for_half() -> None:
    """A Train Depot costs $100 and needs no other railroad; it doubles that railroad's rent
    (Ann's two railroads: $50, $100 with the depot); one per railroad; sold back for $50."""
    game = new_game()
    own(game, 0, "Reading Railroad")
    act(game, 0, "build", "Reading Railroad")
    reading = at(game, "Reading Railroad")
    assert (game.houses[reading], game.bank_depots, game.cash(0)) == (1, 3, 3100)
    assert game.rent(reading) == 50
    own(game, 0, "Pennsylvania Railroad")
    assert game.rent(reading) == 100
    assert game.rent(at(game, "Pennsylvania Railroad")) == 50
    assert "already has a Train Depot" in refused(game, 0, "build", "Reading Railroad")
    act(game, 0, "sell-building", "Reading Railroad")
    assert (game.houses[reading], game.bank_depots, game.cash(0)) == (0, 4, 3150)
    assert game.rent(reading) == 50


def test_rent_on_a_railroad_with_a_depot_is_paid_on_its_transit_twin() -> None:
    """Bob lands on the outer track's twin of Reading Railroad (outer 3 + 4): $25 doubled."""
    game = new_game()
    own(game, 1, "Reading Railroad")
    act(game, 1, "build", "Reading Railroad")
    game.players[0].position = at(game, "outer 3")
    throw(game, 1, 2, 1)
    assert game.cash(1) == 3200 - 100 + 50


def test_cab_stand_doubles_the_rent_and_sells_back_for_75() -> None:
    game = new_game()
    own(game, 0, "Checker Cab Co.")
    cab = at(game, "Checker Cab Co.")
    act(game, 0, "build", "Checker Cab Co.")
    assert (game.houses[cab], game.bank_stands, game.cash(0)) == (1, 3, 3200 - 150)
    assert game.rent(cab) == 60
    act(game, 0, "sell-building", "Checker Cab Co.")
    assert (game.houses[cab], game.bank_stands, game.cash(0)) == (0, 4, 3200 - 75)


# ==================================================================== selling back

def test_selling_a_skyscraper_returns_a_hotel() -> None:
    """"If you sell back a Skyscraper for which you paid $100, you get $50 dollars from the
    Bank, and your property now has a Hotel. If you sell back that Hotel, you get $50 from
    the Bank, and your property now has 4 Houses." (Boardwalk's buildings cost $200.)"""
    game = new_game()
    own(game, 0, "Park Place", "Boardwalk")
    levels(game, Park_Place=6, Boardwalk=6)
    act(game, 0, "sell-building", "Boardwalk")
    assert level_of(game, "Boardwalk") == 5
    assert (game.bank_skyscrapers, game.bank_hotels, game.cash(0)) == (15, 30, 3300)
    act(game, 0, "sell-building", "Park Place")
    act(game, 0, "sell-building", "Boardwalk")
    assert level_of(game, "Boardwalk") == 4
    assert (game.bank_hotels, game.bank_houses, game.cash(0)) == (30, 77, 3500)


def test_selling_refused_when_the_bank_lacks_the_lower_buildings() -> None:
    """"If there are not enough Buildings left in the Bank to replace the lower level
    buildings, then you have to either not sell back anything, or sell back everything until
    the Bank is able to supply you": a hotel needs four houses back, a skyscraper a hotel."""
    game = new_game()
    own(game, 0, *LIGHT_BLUE)
    levels(game, Oriental_Avenue=5, Vermont_Avenue=5, Connecticut_Avenue=5)
    game.bank_houses = 3
    assert "not the 4 that replace the hotel" in \
        refused(game, 0, "sell-building", "Oriental Avenue")
    assert Action("sell-down", at(game, "Oriental Avenue")) in game.legal_actions(0)
    game.bank_houses = 4
    assert "sell one building" in refused(game, 0, "sell-down", "Oriental Avenue")
    own(game, 0, "Park Place", "Boardwalk")
    levels(game, Park_Place=6, Boardwalk=6)
    game.bank_hotels = 0
    assert "no hotel to put back" in refused(game, 0, "sell-building", "Boardwalk")


def test_sell_down_sells_until_the_bank_can_supply_the_rest() -> None:
    """Three hotels, the bank with 3 houses: the hotels come down evenly, one building at a
    time, until the bank's houses can stand in for what is left: one house each. Twelve
    buildings sold at $25."""
    game = new_game()
    own(game, 0, *LIGHT_BLUE)
    levels(game, Oriental_Avenue=5, Vermont_Avenue=5, Connecticut_Avenue=5)
    game.bank_houses = 3
    act(game, 0, "sell-down", "Oriental Avenue")
    assert [level_of(game, n) for n in LIGHT_BLUE] == [1, 1, 1]
    assert (game.bank_houses, game.bank_hotels, game.cash(0)) == (0, 31, 3200 + 12 * 25)


def test_sell_down_sells_everything_when_the_bank_has_no_houses() -> None:
    """Three hotels and no house in the bank: nothing short of selling everything back lets
    the bank supply the rest."""
    game = new_game()
    own(game, 0, *LIGHT_BLUE)
    levels(game, Oriental_Avenue=5, Vermont_Avenue=5, Connecticut_Avenue=5)
    game.bank_houses = 0
    act(game, 0, "sell-down", "Vermont Avenue")
    assert [level_of(game, n) for n in LIGHT_BLUE] == [0, 0, 0]
    assert game.cash(0) == 3200 + 15 * 25
    assert (game.bank_houses, game.bank_hotels) == (0, 31)


def test_sell_down_counts_the_houses_it_gives_back() -> None:
    """Two hotels and four houses, no house in the bank: the four houses given back are
    enough for one house, one house and two houses (evenly, from the highest; the street
    named first among equals)."""
    game = new_game()
    own(game, 0, *LIGHT_BLUE)
    levels(game, Oriental_Avenue=5, Vermont_Avenue=5, Connecticut_Avenue=4)
    game.bank_houses = 0
    act(game, 0, "sell-down", "Vermont Avenue")
    assert [level_of(game, n) for n in LIGHT_BLUE] == [1, 1, 2]
    assert game.cash(0) == 3200 + 10 * 25
    assert (game.bank_houses, game.bank_hotels) == (0, 31)


def test_sell_down_skyscrapers_with_no_hotel_left_to_four_houses() -> None:
    """Two skyscrapers, no hotel in the bank, plenty of houses: both come down to four houses
    (the skyscraper and the hotel under it sold, $100 each)."""
    game = new_game()
    own(game, 0, "Park Place", "Boardwalk")
    levels(game, Park_Place=6, Boardwalk=6)
    game.bank_hotels = 0
    houses = game.bank_houses
    act(game, 0, "sell-down", "Boardwalk")
    assert (level_of(game, "Park Place"), level_of(game, "Boardwalk")) == (4, 4)
    assert (game.bank_houses, game.bank_hotels, game.bank_skyscrapers) == \
        (houses - 8, 0, 16)
    assert game.cash(0) == 3200 + 4 * 100


def test_bankruptcy_sale_takes_every_building_even_when_houses_are_short() -> None:
    """Everything sold (a bankruptcy): every building is paid for at half its value, and
    what stands meanwhile is only what the bank could give."""
    game = new_game()
    own(game, 0, *LIGHT_BLUE, "Reading Railroad")
    levels(game, Oriental_Avenue=6, Vermont_Avenue=6, Connecticut_Avenue=6,
           Reading_Railroad=1)
    game.bank_hotels = 0
    game.bank_houses = 2
    b.sell_every_building(game, 0)
    assert all(game.houses[d] == 0 for d in game.board.deeds)
    assert game.cash(0) == 3200 + 18 * 25 + 50
    assert game.bank_skyscrapers == 16 and game.bank_depots == 4


# ==================================================================== the stock

def test_building_shortage_refuses_the_build_with_the_reason() -> None:
    """The bank's stock (81 houses, 31 hotels, 16 skyscrapers, 4 depots, 4 stands): with none
    of a kind left, that building cannot be bought."""
    game = new_game()
    assert b.bank_stock(game) == (81, 31, 16, 4, 4)
    own(game, 0, *LIGHT_BLUE, "Reading Railroad", "Checker Cab Co.", "Park Place",
        "Boardwalk")
    levels(game, Park_Place=4, Boardwalk=4)
    game.bank_houses = game.bank_hotels = game.bank_depots = game.bank_stands = 0
    assert "the bank has no houses left" in refused(game, 0, "build", "Oriental Avenue")
    assert "the bank has no hotels left" in refused(game, 0, "build", "Park Place")
    assert "no Train Depots left" in refused(game, 0, "build", "Reading Railroad")
    assert "no Cab Stands left" in refused(game, 0, "build", "Checker Cab Co.")
    levels(game, Park_Place=5, Boardwalk=5)
    game.bank_skyscrapers = 0
    assert "no skyscrapers left" in refused(game, 0, "build", "Park Place")


def test_building_needs_the_cash() -> None:
    game = new_game()
    own(game, 0, "Park Place", "Boardwalk")
    game.pay(0, -1, 3200 - 199, "test")
    assert "costs $200" in refused(game, 0, "build", "Park Place")


def test_the_stock_is_the_box_less_the_board() -> None:
    game = new_game()
    own(game, 0, *LIGHT_BLUE, "Short Line")
    levels(game, Oriental_Avenue=6, Vermont_Avenue=5, Connecticut_Avenue=5, Short_Line=1)
    assert b.bank_stock(game) == (81, 29, 15, 3, 4)
    assert b.stock_conserved(game)
    game.houses[at(game, "Short Line")] = 2
    with pytest.raises(ValueError, match="cannot have 2"):
        b.take_stock(game)


# ==================================================================== mortgages and trades

def test_no_mortgage_with_buildings_in_the_owners_group() -> None:
    """A property with buildings, or one whose owner has buildings on the group, cannot be
    mortgaged; Bob's Connecticut (of Ann's majority) can; a depot stops only its railroad."""
    game = new_game()
    own(game, 0, "Oriental Avenue", "Vermont Avenue", "Reading Railroad",
        "Pennsylvania Railroad")
    own(game, 1, "Connecticut Avenue")
    levels(game, Oriental_Avenue=1, Reading_Railroad=1)
    assert "sell 1 house on Oriental Avenue" in refused(game, 0, "mortgage", "Oriental Avenue")
    assert "sell the buildings of the Light blue group" in \
        refused(game, 0, "mortgage", "Vermont Avenue")
    assert "sell a Train Depot on Reading Railroad" in \
        refused(game, 0, "mortgage", "Reading Railroad")
    act(game, 0, "mortgage", "Pennsylvania Railroad")
    act(game, 1, "mortgage", "Connecticut Avenue")
    assert game.cash(0) == 3300 and game.cash(1) == 3260


def test_no_trade_of_a_property_with_buildings_in_the_owners_group() -> None:
    game = new_game()
    own(game, 0, "Oriental Avenue", "Vermont Avenue", "Reading Railroad",
        "Pennsylvania Railroad")
    own(game, 1, "Connecticut Avenue")
    levels(game, Oriental_Avenue=1, Reading_Railroad=1)
    vermont, reading, penn, conn = (at(game, n) for n in (
        "Vermont Avenue", "Reading Railroad", "Pennsylvania Railroad", "Connecticut Avenue"))
    assert "Light blue" in str(game.can_trade(Trade(0, 1, give=(vermont,))))
    assert "Train Depot" in str(game.can_trade(Trade(0, 1, give=(reading,))))
    assert game.can_trade(Trade(0, 1, give=(penn,))) is None
    assert game.can_trade(Trade(0, 1, take=(conn,), give_cash=100)) is None


# ==================================================================== when

def test_opponent_cannot_build_or_trade_until_the_mr_monopoly_move_is_completed() -> None:
    """"An opponent can't build or trade until your MR. MONOPOLY move is completed": Ann
    throws 1 + 2 and Mr. Monopoly and is asked to buy Baltic Avenue; Bob may not build nor
    offer a trade (Ann may build); once the bonus move has taken Ann on to Reading Railroad,
    Bob may."""
    game = new_game()
    own(game, 0, "Park Place", "Boardwalk")
    own(game, 1, "Oriental Avenue", "Vermont Avenue")
    throw(game, 1, 2, "mr_monopoly")
    assert [d.kind for d in game.pending] == ["buy"]
    assert b.mr_monopoly_mover(game) == 0
    assert "until Ann's Mr. Monopoly move is completed" in \
        refused(game, 1, "build", "Oriental Avenue")
    offer = Trade(1, 0, give_cash=10, take=(at(game, "Park Place"),))
    assert "until Ann's Mr. Monopoly move" in str(game.why_illegal(1, Action(
        "propose-trade", trade=offer)))
    act(game, 0, "build", "Park Place")
    game.act(0, Action("buy"))
    assert b.mr_monopoly_mover(game) == 0  # (still, at the Travel Voucher's moment)
    game.act(0, Action("go-on"))
    assert game.players[0].position == at(game, "Reading Railroad")
    assert b.mr_monopoly_mover(game) == -1
    act(game, 1, "build", "Oriental Avenue")
    assert level_of(game, "Oriental Avenue") == 1


# ==================================================================== Hurricane, Tornado, repairs

def test_hurricane_removes_one_level_from_each_property_of_a_group() -> None:
    """"One house is removed from each property of that property group. Hotels are replaced
    by four Houses each. Skyscrapers are replaced by one Hotel each." Nothing is paid."""
    game = new_game()
    own(game, 1, *LIGHT_BLUE)
    levels(game, Oriental_Avenue=6, Vermont_Avenue=5, Connecticut_Avenue=5)
    struck = b.remove_one_level(game, "light_blue")
    assert struck == [at(game, n) for n in LIGHT_BLUE]
    assert [level_of(game, n) for n in LIGHT_BLUE] == [5, 4, 4]
    assert b.bank_stock(game)[:3] == (81 - 8, 31 - 1, 16)
    assert b.stock_conserved(game)
    assert game.cash(1) == 3200
    b.remove_one_level(game, "light_blue")
    assert [level_of(game, n) for n in LIGHT_BLUE] == [4, 3, 3]


def test_hurricane_removes_only_one_depot_of_the_railroads() -> None:
    """"Only one RAILROAD/CAB COMPANY space that has a Depot/Cab Stand has that Depot/Cab
    Stand removed", even with several owners' depots; the card's player may name it."""
    game = new_game(("Ann", "Bob", "Cy"))
    own(game, 0, "Reading Railroad")
    own(game, 1, "Pennsylvania Railroad", "B&O Railroad")
    levels(game, Reading_Railroad=1, Pennsylvania_Railroad=1)
    game.houses[at(game, "B&O Railroad")] = 1
    b.take_stock(game)
    assert b.remove_one_level(game, "railroad", owner=1) == [at(game, "Pennsylvania Railroad")]
    assert game.bank_depots == 2
    assert b.remove_one_level(game, "railroad", deed=at(game, "B&O Railroad")) == \
        [at(game, "B&O Railroad")]
    assert level_of(game, "Reading Railroad") == 1
    assert b.remove_one_level(game, "railroad", owner=2) == []


def test_groups_with_buildings_of_a_player_or_anyone() -> None:
    """"Only a property group that has any buildings on it at all": Ann's light blues and
    cab stand, Bob's depot."""
    game = new_game()
    own(game, 0, *LIGHT_BLUE, "Checker Cab Co.", "Park Place", "Boardwalk")
    own(game, 1, "Reading Railroad")
    levels(game, Oriental_Avenue=1, Checker_Cab_Co=0, Reading_Railroad=1)
    game.houses[at(game, "Checker Cab Co.")] = 1
    b.take_stock(game)
    assert b.groups_with_buildings(game, 0) == ["light_blue", "cab_company"]
    assert b.groups_with_buildings(game, 1) == ["railroad"]
    assert b.groups_with_buildings(game, None) == ["railroad", "light_blue", "cab_company"]


def test_count_buildings_for_the_repairs_cards() -> None:
    """Houses, hotels, skyscrapers, depots and stands of a player ("Pay 25 per house, cab
    stand and train depot; 100 per hotel and skyscraper")."""
    game = new_game()
    own(game, 0, *LIGHT_BLUE, "Reading Railroad")
    own(game, 1, "Park Place", "Boardwalk")
    levels(game, Oriental_Avenue=6, Vermont_Avenue=5, Connecticut_Avenue=5,
           Reading_Railroad=1, Park_Place=3, Boardwalk=2)
    assert b.count_buildings(game, 0) == (0, 2, 1, 1, 0)
    assert b.count_buildings(game, 1) == (5, 0, 0, 0, 0)
    assert game.building_counts(0) == (0, 3)
    assert b.total_assets(game, 0) == 3200 + 100 * 2 + 120 + 200 + 50 * 16 + 100


# ==================================================================== words

def test_menu_lines_in_the_rulebooks_words() -> None:
    game = new_game()
    own(game, 0, "Park Place", "Boardwalk", "Reading Railroad")
    levels(game, Park_Place=4, Boardwalk=5)
    assert b.build_label(game, at(game, "Park Place")) == \
        "Build a hotel on Park Place ($200; returns 4 houses)"
    assert b.build_label(game, at(game, "Reading Railroad")) == \
        "Build a Train Depot on Reading Railroad ($100)"
    assert b.sell_label(game, at(game, "Boardwalk")) == \
        "Sell back the hotel on Boardwalk (+$100; 4 houses remain)"
    assert b.improvement_words(game, at(game, "Boardwalk")) == "a hotel"
    words = [rule.kind.label for rule in b.ACTIONS]
    assert words[0] == "Improve {deed}"


# ==================================================================== random play

def stock_whole(game: UltimateMonopolyGame) -> bool:
    return b.stock_conserved(game) and all(
        n >= 0 for n in b.bank_stock(game))


def build_up(game: UltimateMonopolyGame, rng: random.Random) -> None:
    """Improve whole holdings, in random order, to four houses or as high as they may go (a
    majority to a hotel, a monopoly to a skyscraper), as far as the box's buildings allow,
    so that the bank runs short."""
    start = b.starting_stock(game)
    groups = list(game.board.groups.values())
    rng.shuffle(groups)
    for members in groups:
        first = members[0]
        if game.board.spaces[first].kind != "street":
            continue
        for q in range(len(game.players)):
            if not b.may_improve_group(game, q, first):
                continue
            mine = [d for d in members if game.owner[d] == q]
            top = rng.choice((4, 6 if len(mine) == len(members) else 5))
            for level in range(top, -1, -1):
                for d in mine:
                    game.houses[d] = level
                counts = b.count_buildings(game)
                if all(counts[i] <= start[i] for i in range(3)):
                    break
    b.take_stock(game)


@pytest.mark.parametrize("seed", range(8))
def test_random_play_keeps_money_and_the_building_stock_whole(seed: int) -> None:
    """Random legal play with the building rules, properties dealt out at the start so that
    groups get built on, and now and then another player taking a managing action: money and
    the building stock (board + bank = the box) are conserved after every action, and a
    clone answered alike stays identical."""
    game = new_game(("Ann", "Bob", "Cy"), seed=seed)
    rng = random.Random(seed)
    for d in game.board.deeds:
        if seed % 2:  # Ann and Bob share everything: majorities everywhere
            game.set_owner(d, rng.randrange(2))
        elif rng.random() < 0.6:
            game.set_owner(d, rng.randrange(3))
    if seed % 2:
        build_up(game, rng)
    bots = [make_bot("random", seed * 10 + i) for i in range(3)]
    copy = game.clone()
    built = 0
    for _ in range(2500):
        if game.over:
            break
        seat = game.pending[0].player
        other = rng.randrange(3)
        if other != seat and game.may_manage(other) and rng.random() < 0.3:
            extra = [a for a in game.legal_actions(other) if a.do in b.ANYTIME]
            if extra:
                seat = other
                action = rng.choice(extra)
            else:
                action = bots[seat].choose(game, seat)
        else:
            action = bots[seat].choose(game, seat)
        game.act(seat, action)
        copy.act(seat, action)
        built += action.do == "build"
        assert game.ledger.conserved()
        assert stock_whole(game)
    assert built > 0
    assert snapshot(copy) == snapshot(game)
