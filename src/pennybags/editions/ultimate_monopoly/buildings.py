"""Improving property in Ultimate Monopoly: houses, hotels and skyscrapers on a majority
ownership or a monopoly, Train Depots and Cab Stands, selling back, the bank's building
stock, and what the Hurricane, Tornado and repairs cards need.

The rulebook's words (MAJORITY OWNERSHIPS, MONOPOLIES, & SKYSCRAPERS; Improving & Mortgaging
Properties; RAILROADS/TRANSIT STATIONS; CAB COMPANIES; EQUIPMENT), and the readings taken:

* **Where**: "If a color group has more than two properties, you may build houses and hotels
  once you own all but one property in that color group" (a *majority ownership*); a group of
  two needs both (a *monopoly*). None of the builder's own properties of the group may be
  mortgaged (classic's rule; a property of the group that another player owns does not
  count). "If you own all of the properties of a color group ... and have built hotels on
  each, you may then build Skyscrapers."
* **Evenly**, across the properties of the group the builder owns: a building goes on a
  property with no more buildings than any other of them; four houses before a hotel (which
  returns the four houses to the bank), a hotel before a skyscraper (which returns the
  hotel). Street levels: 1-4 houses, 5 a hotel, 6 a skyscraper (``houses[deed]``).
* **Catching up**: "If you have improved properties on a Majority Ownership and then acquire
  the final property in that color group to have a Monopoly, then you cannot improve any
  other properties in that color group until the new property is improved to the same
  level." Building evenly says exactly this (only the lowest property may be built on), so
  it is the evenness rule, with its own reason when the group is more than one level apart.
* **Costs**: the deed's building cost is the cost of a house, a hotel and a skyscraper alike
  (the data's ``house_cost``; the generator checks the three printed costs agree). A Train
  Depot costs $100 on a railroad, a Cab Stand $150 on a cab company; neither needs more than
  the one property, each doubles that property's rent (``houses[deed] == 1``; ``game.rent``
  doubles it), and one is the most a property can have.
* **Selling back**: "The Bank will pay you half of the value of that building", evenly (from
  a property with no fewer buildings than the others of the group), a skyscraper back to a
  hotel, a hotel back to four houses; a depot for $50, a stand for $75. "If there are not
  enough Buildings left in the Bank to replace the lower level buildings, then you have to
  either not sell back anything, or sell back everything until the Bank is able to supply
  you with enough buildings to evenly replace what you had before": ``sell-building`` sells
  one building and is refused when the bank lacks the lower ones; ``sell-down`` is then
  offered: it sells the group's buildings one at a time, evenly from the highest, until the
  bank can supply what is left (all of them, if it never can), at half the cost of every
  building sold.
* **Stock** (EQUIPMENT): 81 houses, 31 hotels, 16 skyscrapers, 4 Train Depots, 4 Cab Stands.
  A building the bank has none of left cannot be built ("the bank has no hotels left"). The
  rulebook has no housing-shortage auction: first come, first served (classic's auction of
  the last houses would be a table option; it is not built).
* **Mortgages**: a property with a building, or a street whose owner has buildings on another
  street of the group, cannot be mortgaged (classic: sell the group's buildings first); a
  depot or stand must be sold before its own property is mortgaged, and does not stop the
  owner's other railroads or cab companies. The same holds for trading a property away.
* **When**: at any time while players manage (classic's rule), except that "an opponent
  can't build or trade until your MR. MONOPOLY move is completed": while a throw's
  Mr. Monopoly bonus move is still to come, no other player may build, and nobody may offer a
  trade (a trade always has an opponent in it: ``game.can_trade`` refuses it, through
  :func:`~pennybags.editions.ultimate_monopoly.trades.mr_monopoly_blocks`).
* **Hurricane & Tornado**: one house off each property of a group (a hotel back to four
  houses, a skyscraper back to a hotel); on the railroads or cab companies, one depot or
  stand only (:func:`remove_one_level`, :func:`groups_with_buildings`).

The functions take the game; they never import the game module at run time (it is named for
type checkers only), so ``game.py`` may call them from its own methods.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from pennybags.editions.classic.game import HOTEL
from pennybags.editions.classic.rules import needs_deed
from pennybags.engine.actions import Action, ActionKind, Decision, deed_actions, deed_field
from pennybags.engine.board import Board
from pennybags.engine.ledger import BANK
from pennybags.engine.rules import ActionRule
from pennybags.engine.words import group_title

if TYPE_CHECKING:
    from pennybags.editions.ultimate_monopoly.game import UltimateMonopolyGame

SKYSCRAPER: Final = 6
"""A street's level with a skyscraper (1-4 houses, 5 a hotel)."""
HOUSES_FOR_HOTEL: Final = HOTEL - 1
"""The houses a hotel replaces (four)."""
IMPROVABLE: Final = ("street", "railroad", "cab_company")
"""The kinds of property that can have buildings: streets (houses, hotels, skyscrapers),
railroads (a Train Depot) and cab companies (a Cab Stand)."""
BUILDING_KINDS: Final = ("houses", "hotels", "skyscrapers", "train depots", "cab stands")
"""The five kinds of building, in the order of :func:`count_buildings` and the stock
tuples."""

Stock = tuple[int, int, int, int, int]
"""Houses, hotels, skyscrapers, Train Depots, Cab Stands."""


# ==================================================================== the figures

@dataclass(frozen=True, slots=True)
class Figures:
    """The figures of improving property, read from the edition's data once per game (the
    rules and the bots ask them at every decision): by space, the cost of the next building
    and what the bank pays for one sold back (see :func:`building_cost` and
    :func:`sale_price`), and the smallest group with majority ownerships. Frozen: clones of
    a game share them."""

    costs: tuple[int, ...]
    sale_prices: tuple[int, ...]
    majority: int
    """"If a color group has more than two properties" (3; :func:`majority_size`)."""

    @classmethod
    def read(cls, board: Board, rules: Mapping[str, Any]) -> Figures:
        """The figures of ``board`` under the edition's ``rules``."""
        costs: list[int] = []
        prices: list[int] = []
        percent = int(rules.get("building_sell_percent", 50))
        for space in board.spaces:
            if space.kind == "railroad":
                costs.append(int(rules["train_depot_cost"]))
                prices.append(int(rules["train_depot_sell"]))
            elif space.kind == "cab_company":
                costs.append(int(rules["cab_stand_cost"]))
                prices.append(int(rules["cab_stand_sell"]))
            else:
                costs.append(space.house_cost)
                prices.append(space.house_cost * percent // 100)
        return cls(tuple(costs), tuple(prices), int(rules.get("majority_min_group", 3)))


# ==================================================================== ownership

_GROUP_WORDS: dict[str, str] = {}
""":func:`group_words` of each group, made once (refusals name groups often)."""


def group_words(game: UltimateMonopolyGame, deed: int) -> str:
    """"the Light blue group" (the railroads, the cab companies)."""
    group = game.board.spaces[deed].group
    words = _GROUP_WORDS.get(group)
    if words is None:
        words = _GROUP_WORDS[group] = f"the {group_title(group)} group"
    return words


def own_streets(game: UltimateMonopolyGame, p: int, deed: int) -> list[int]:
    """The streets of ``deed``'s colour group that ``p`` owns, in board order."""
    owner = game.owner
    return [d for d in game.board.group_of[deed] if owner[d] == p]


def majority_size(game: UltimateMonopolyGame) -> int:
    """The smallest group with majority ownerships ("more than two properties": 3)."""
    return game.building_figures.majority


def has_monopoly(game: UltimateMonopolyGame, p: int, deed: int) -> bool:
    """A MONOPOLY: ``p`` owns every property of ``deed``'s colour group."""
    return game.owns_group(p, deed)


def is_majority(game: UltimateMonopolyGame, owned: int, size: int) -> bool:
    """Whether owning ``owned`` properties of a group of ``size`` is a majority ownership:
    all but one, in a group of more than two properties."""
    return size >= game.building_figures.majority and owned == size - 1


def has_majority(game: UltimateMonopolyGame, p: int, deed: int) -> bool:
    """A MAJORITY OWNERSHIP: in a group of more than two properties, ``p`` owns all but one."""
    group = game.board.group_of[deed]
    owner = game.owner
    owned = 0
    for d in group:
        if owner[d] == p:
            owned += 1
    return is_majority(game, owned, len(group))


def may_improve_group(game: UltimateMonopolyGame, p: int, deed: int) -> bool:
    """Houses and hotels may go on ``p``'s streets of the group: a majority ownership or a
    monopoly."""
    return has_monopoly(game, p, deed) or has_majority(game, p, deed)


# ==================================================================== figures

def building_cost(game: UltimateMonopolyGame, deed: int) -> int:
    """The cost of the next building on ``deed``: the deed's building cost on a street (a
    house, hotel or skyscraper alike), $100 for a Train Depot, $150 for a Cab Stand (from
    the game's :class:`Figures`)."""
    return game.building_figures.costs[deed]


def sale_price(game: UltimateMonopolyGame, deed: int) -> int:
    """What the bank pays for one building sold back from ``deed``: "half of the value of
    that building" (a Train Depot $50, a Cab Stand $75; from the game's :class:`Figures`)."""
    return game.building_figures.sale_prices[deed]


def street_buildings(level: int) -> tuple[int, int, int]:
    """The houses, hotels and skyscrapers standing on a street at ``level``."""
    if level == SKYSCRAPER:
        return 0, 0, 1
    if level == HOTEL:
        return 0, 1, 0
    return level, 0, 0


def improvement_words(game: UltimateMonopolyGame, deed: int) -> str:
    """What stands on a property, in words: "3 houses", "a hotel", "a skyscraper", "a Train
    Depot", "a Cab Stand", "no buildings"."""
    level = game.houses[deed]
    kind = game.board.spaces[deed].kind
    if not level:
        return "no buildings"
    if kind == "railroad":
        return "a Train Depot"
    if kind == "cab_company":
        return "a Cab Stand"
    if level == SKYSCRAPER:
        return "a skyscraper"
    if level == HOTEL:
        return "a hotel"
    return "1 house" if level == 1 else f"{level} houses"


def next_building_words(game: UltimateMonopolyGame, deed: int) -> str:
    """The building that would go on ``deed`` next: "a house", "a hotel", "a skyscraper", "a
    Train Depot", "a Cab Stand"."""
    kind = game.board.spaces[deed].kind
    if kind == "railroad":
        return "a Train Depot"
    if kind == "cab_company":
        return "a Cab Stand"
    level = game.houses[deed]
    if level == HOTEL:
        return "a skyscraper"
    return "a hotel" if level == HOUSES_FOR_HOTEL else "a house"


# ==================================================================== the bank's stock

def starting_stock(game: UltimateMonopolyGame) -> Stock:
    """The box's buildings (EQUIPMENT): 81 houses, 31 hotels, 16 skyscrapers, 4 Train Depots,
    4 Cab Stands."""
    r = game.data.rules
    return (int(r["houses"]), int(r["hotels"]), int(r["skyscrapers"]),
            int(r["train_depots"]), int(r["cab_stands"]))


def bank_stock(game: UltimateMonopolyGame) -> Stock:
    """The buildings the bank has left."""
    return (game.bank_houses, game.bank_hotels, game.bank_skyscrapers, game.bank_depots,
            game.bank_stands)


def count_buildings(game: UltimateMonopolyGame, p: int | None = None) -> Stock:
    """The houses, hotels, skyscrapers, Train Depots and Cab Stands standing on ``p``'s
    properties (on the whole board for None): what the repairs cards charge for."""
    houses = hotels = skyscrapers = depots = stands = 0
    spaces = game.board.spaces
    owner = game.owner
    for d in game.board.deeds:
        level = game.houses[d]
        if not level or (p is not None and owner[d] != p):
            continue
        kind = spaces[d].kind
        if kind == "railroad":
            depots += 1
        elif kind == "cab_company":
            stands += 1
        elif level == SKYSCRAPER:
            skyscrapers += 1
        elif level == HOTEL:
            hotels += 1
        else:
            houses += level
    return houses, hotels, skyscrapers, depots, stands


def building_counts(game: UltimateMonopolyGame, p: int) -> tuple[int, int]:
    """Classic's ``building_counts``: houses and hotels (a skyscraper counts as a hotel, a
    depot or stand as nothing), for a repairs card written for classic."""
    houses, hotels, skyscrapers, _, _ = count_buildings(game, p)
    return houses, hotels + skyscrapers


def stock_conserved(game: UltimateMonopolyGame) -> bool:
    """The buildings on the board plus the bank's are the box's, kind by kind."""
    board = count_buildings(game)
    bank = bank_stock(game)
    start = starting_stock(game)
    return all(board[i] + bank[i] == start[i] for i in range(5))


def exchange(game: UltimateMonopolyGame, deed: int, level: int) -> None:
    """Set a street's level, the bank taking back what stood there and handing out what
    stands there now (the caller has checked the bank has it)."""
    old_h, old_t, old_s = street_buildings(game.houses[deed])
    new_h, new_t, new_s = street_buildings(level)
    game.bank_houses += old_h - new_h
    game.bank_hotels += old_t - new_t
    game.bank_skyscrapers += old_s - new_s
    game.houses[deed] = level
    game.changes += 1
    game.count_change(deed)


def street_stock_problem(game: UltimateMonopolyGame, level: int) -> str | None:
    """Why the bank cannot supply the next building for a street at ``level`` (a hotel after
    four houses, a skyscraper after a hotel), or None if it can."""
    if level == SKYSCRAPER:
        return "a skyscraper is the last building"
    if level == HOTEL:
        return None if game.bank_skyscrapers >= 1 else "the bank has no skyscrapers left"
    if level == HOUSES_FOR_HOTEL:
        return None if game.bank_hotels >= 1 else "the bank has no hotels left"
    return None if game.bank_houses >= 1 else "the bank has no houses left"


def stock_problem(game: UltimateMonopolyGame, deed: int) -> str | None:
    """Why the bank cannot supply the next building for ``deed`` (None if it can)."""
    kind = game.board.spaces[deed].kind
    if kind == "railroad":
        return None if game.bank_depots >= 1 else "the bank has no Train Depots left"
    if kind == "cab_company":
        return None if game.bank_stands >= 1 else "the bank has no Cab Stands left"
    return street_stock_problem(game, game.houses[deed])


def take_stock(game: UltimateMonopolyGame) -> None:
    """The bank's stock as the box less what stands on the board (a scenario's position);
    ValueError when the board holds more of a kind than the box, or a building stands where
    none may (an unowned or mortgaged property, a street without a majority ownership or a
    monopoly, a level a property cannot have)."""
    spaces = game.board.spaces
    for d in game.board.deeds:
        level = game.houses[d]
        if not level:
            continue
        space = spaces[d]
        top = SKYSCRAPER if space.kind == "street" else 1 if space.kind in IMPROVABLE else 0
        owner = game.owner[d]
        if level > top or owner < 0:
            raise ValueError(f"{space.name} cannot have {level} buildings")
        if game.mortgaged[d]:
            raise ValueError(f"{space.name} has buildings and is mortgaged")
        if space.kind == "street" and not may_improve_group(game, owner, d):
            raise ValueError(f"{space.name} has buildings but its owner has neither a "
                             f"majority ownership nor a monopoly of {group_words(game, d)}")
        if level == SKYSCRAPER and not has_monopoly(game, owner, d):
            raise ValueError(f"{space.name} has a skyscraper without a monopoly")
    on_board = count_buildings(game)
    start = starting_stock(game)
    for i, what in enumerate(BUILDING_KINDS):
        if on_board[i] > start[i]:
            raise ValueError(f"the position uses {on_board[i]} {what}; the bank has only "
                             f"{start[i]}")
    (game.bank_houses, game.bank_hotels, game.bank_skyscrapers, game.bank_depots,
     game.bank_stands) = (start[0] - on_board[0], start[1] - on_board[1],
                          start[2] - on_board[2], start[3] - on_board[3],
                          start[4] - on_board[4])
    game.changes += 1
    for d in game.board.deeds:
        game.count_change(d)


# ==================================================================== Mr. Monopoly first

def mr_monopoly_mover(game: UltimateMonopolyGame) -> int:
    """The player whose Mr. Monopoly bonus move is still to come in this throw (-1: none):
    from the throw until the bonus move sets off (MOVEMENT ORDER step 3)."""
    return game.mr_monopoly_to_come


def mr_monopoly_waits(game: UltimateMonopolyGame, p: int, doing: str,
                      *, opponents_only: bool = True) -> str | None:
    """Why ``p`` may not ``doing`` now: "An opponent can't build or trade until your MR.
    MONOPOLY move is completed" (None when no such move is under way, or ``p`` makes it and
    ``opponents_only``)."""
    mover = mr_monopoly_mover(game)
    if mover < 0 or (opponents_only and mover == p):
        return None
    who = f"nobody but {game.name(mover)}" if opponents_only else "nobody"
    return f"{who} may {doing} until {game.name(mover)}'s Mr. Monopoly move is completed"


# ==================================================================== building

def can_build(game: UltimateMonopolyGame, p: int, deed: int, *,
              check_cash: bool = True) -> str | None:
    """Why ``p`` may not build on ``deed`` now (None if they may): a house, hotel or
    skyscraper on a street (a majority ownership or a monopoly, evenly, hotels everywhere
    and a monopoly before a skyscraper, the last property acquired catching up first), a
    Train Depot on a railroad or a Cab Stand on a cab company (one each), unmortgaged, with a
    building from the bank's stock, not while another player's Mr. Monopoly move is to come.
    ``check_cash=False`` for a free building (a card)."""
    space = game.board.spaces[deed]
    kind = space.kind
    if kind not in IMPROVABLE:
        return f"nothing can be built on {space.name}"
    if game.owner[deed] != p:
        return f"{game.name(p)} does not own {space.name}"
    if game.mr_monopoly_to_come >= 0:
        waits = mr_monopoly_waits(game, p, "build")
        if waits is not None:
            return waits
    if game.mortgaged[deed]:
        return f"{space.name} is mortgaged"
    if kind != "street":
        if game.houses[deed]:
            return f"{space.name} already has {improvement_words(game, deed)}"
    else:
        problem = street_problem(game, p, deed)
        if problem is not None:
            return problem
    cost = building_cost(game, deed)
    if check_cash and game.cash(p) < cost:
        return f"{game.name(p)} has {game.money(game.cash(p))}; " \
               f"{next_building_words(game, deed)} costs {game.money(cost)}"
    return stock_problem(game, deed)


def street_problem(game: UltimateMonopolyGame, p: int, deed: int) -> str | None:
    """Why the next building cannot go on street ``deed`` of ``p``'s by the rules of
    ownership and evenness (None if it can)."""
    space = game.board.spaces[deed]
    group = game.board.group_of[deed]
    owner = game.owner
    houses = game.houses
    mortgaged = game.mortgaged
    # One pass over p's streets of the group: how many, the first mortgaged one, and the
    # lowest (first of equals) and highest levels.
    mine = 0
    blocked = -1
    lowest = SKYSCRAPER
    highest = 0
    low_deed = deed
    for d in group:
        if owner[d] != p:
            continue
        mine += 1
        if mortgaged[d] and blocked < 0:
            blocked = d
        level = houses[d]
        if level < lowest:
            lowest = level
            low_deed = d
        if level > highest:
            highest = level
    monopoly = mine == len(group)
    if not monopoly and not is_majority(game, mine, len(group)):
        if len(group) < majority_size(game):
            return f"building on {group_words(game, deed)} needs both of its properties"
        return f"building needs a majority ownership (all but one property) or a monopoly " \
               f"of {group_words(game, deed)}"
    if blocked >= 0:
        return f"{game.board.spaces[blocked].name} of {group_words(game, deed)} is mortgaged"
    level = houses[deed]
    if level >= SKYSCRAPER:
        return f"{space.name} already has a skyscraper"
    if level == HOTEL and not monopoly:
        return f"a skyscraper needs a monopoly of {group_words(game, deed)}"
    if level > lowest:
        low_name = game.board.spaces[low_deed].name
        if level == HOTEL:
            return f"a skyscraper needs hotels on every property of {group_words(game, deed)}" \
                   f" first ({low_name} has {improvement_words(game, low_deed)})"
        if highest - lowest > 1:
            return f"{low_name} must first be improved to the level of the rest of " \
                   f"{group_words(game, deed)} (the last property acquired catches up)"
        return f"build evenly: {low_name} needs {next_building_words(game, low_deed)} first"
    return None


def place_building(game: UltimateMonopolyGame, p: int, deed: int) -> None:
    """Put the next building on ``deed`` from the bank's stock (a hotel takes back four
    houses, a skyscraper takes back the hotel), without paying for it (:func:`build` pays;
    a card's free house does not)."""
    kind = game.board.spaces[deed].kind
    if kind == "railroad":
        game.bank_depots -= 1
        game.houses[deed] = 1
        game.changes += 1
        game.count_change(deed)
    elif kind == "cab_company":
        game.bank_stands -= 1
        game.houses[deed] = 1
        game.changes += 1
        game.count_change(deed)
    else:
        exchange(game, deed, game.houses[deed] + 1)
    if game.listeners:
        game.emit("built", player=p, deed=deed, level=game.houses[deed])


def build(game: UltimateMonopolyGame, p: int, deed: int) -> None:
    """Buy the next building for ``deed`` from the bank at its cost, first come first
    served (no housing-shortage auction)."""
    game.pay(p, BANK, building_cost(game, deed), "building")
    place_building(game, p, deed)


# ==================================================================== selling back

def lower_level(game: UltimateMonopolyGame, level: int) -> int:
    """A street's level once one building is sold or removed: a skyscraper back to a hotel,
    a hotel back to four houses, a house less; when the bank lacks the hotel or houses that
    go back, the street keeps only what the bank can give (a skyscraper with no hotel left
    becomes as many houses as the bank has, at most four)."""
    if level == SKYSCRAPER and game.bank_hotels >= 1:
        return HOTEL
    if level >= HOTEL:
        return min(HOUSES_FOR_HOTEL, game.bank_houses)
    return max(0, level - 1)


def lower_stock_problem(game: UltimateMonopolyGame, level: int) -> str | None:
    """Why the bank cannot supply the lower buildings that come back when one building is
    sold from a street at ``level`` (None if it can)."""
    if level == SKYSCRAPER and game.bank_hotels < 1:
        return "the bank has no hotel to put back for the skyscraper"
    if level == HOTEL and game.bank_houses < HOUSES_FOR_HOTEL:
        return f"the bank has {game.bank_houses} houses, not the {HOUSES_FOR_HOTEL} that " \
               "replace the hotel"
    return None


def sale_problem(game: UltimateMonopolyGame, p: int, deed: int) -> str | None:
    """Why ``p`` may not sell anything back from ``deed`` (None if they may): "You can sell
    any building back to the bank at any time on your turn" (or to pay a debt they owe),
    from their property with buildings, evenly (from a street with no fewer buildings than
    their others of the group)."""
    space = game.board.spaces[deed]
    if space.kind not in IMPROVABLE:
        return f"there are no buildings on {space.name}"
    if game.owner[deed] != p:
        return f"{game.name(p)} does not own {space.name}"
    level = game.houses[deed]
    if not level:
        return f"{space.name} has no buildings"
    if p != game.current and not any(d.player == p and d.kind == "debt"
                                     for d in game.pending):
        return "buildings are sold back to the bank on your own turn (or to pay a debt)"
    if space.kind == "street":
        for d in own_streets(game, p, deed):
            if game.houses[d] > level:
                return f"sell evenly: sell from {game.board.spaces[d].name} " \
                       f"({improvement_words(game, d)}) first"
    return None


def can_sell_building(game: UltimateMonopolyGame, p: int, deed: int) -> str | None:
    """Why ``p`` may not sell one building back from ``deed`` (None if they may): evenly,
    and the bank must have the lower buildings that replace it (otherwise ``sell-down``)."""
    problem = sale_problem(game, p, deed)
    if problem is not None:
        return problem
    if game.board.spaces[deed].kind != "street":
        return None
    short = lower_stock_problem(game, game.houses[deed])
    if short is not None:
        return f"{short}: sell nothing, or sell back the group's buildings until the bank " \
               "can supply the rest (sell-down)"
    return None


def sell_building(game: UltimateMonopolyGame, p: int, deed: int) -> None:
    """Sell one building back to the bank at half its value: a depot or stand, a house, a
    hotel (four houses come back) or a skyscraper (the hotel comes back). Where the bank
    lacks the lower buildings (only in a bankruptcy: the action is refused then), the street
    goes down to what the bank can give and every building gone is paid for."""
    level = game.houses[deed]
    if game.board.spaces[deed].kind != "street":
        if game.board.spaces[deed].kind == "railroad":
            game.bank_depots += 1
        else:
            game.bank_stands += 1
        game.houses[deed] = 0
        game.changes += 1
        game.count_change(deed)
        sold = 1
    else:
        new = lower_level(game, level)
        exchange(game, deed, new)
        sold = level - new
    game.pay(BANK, p, sale_price(game, deed) * sold, "building sold")
    if game.listeners:
        game.emit("sold-building", player=p, deed=deed, level=game.houses[deed])


def can_sell_down(game: UltimateMonopolyGame, p: int, deed: int) -> str | None:
    """Why ``p`` may not sell down ``deed``'s group (None if they may): only when one
    building cannot be sold because the bank lacks the lower buildings that replace it."""
    problem = sale_problem(game, p, deed)
    if problem is not None:
        return problem
    space = game.board.spaces[deed]
    if space.kind != "street" or lower_stock_problem(game, game.houses[deed]) is None:
        return f"the bank can supply the lower buildings: sell one building from " \
               f"{space.name} at a time"
    return None


def sell_down_levels(game: UltimateMonopolyGame, p: int, deed: int) -> dict[int, int]:
    """The levels ``p``'s streets of ``deed``'s group come down to: buildings sold one at a
    time, evenly (from the highest street; ``deed`` first among equals), until the bank can
    supply the lower buildings of what is left ("sell back everything until the Bank is
    able to supply you with enough buildings to evenly replace what you had before")."""
    mine = own_streets(game, p, deed)
    levels = {d: game.houses[d] for d in mine}
    before = [0, 0, 0]
    for d in mine:
        for i, n in enumerate(street_buildings(levels[d])):
            before[i] += n
    bank = (game.bank_houses, game.bank_hotels)
    while True:
        top = deed
        for d in mine:
            if levels[d] > levels[top]:
                top = d
        if not levels[top]:
            return levels
        levels[top] -= 1
        after = [0, 0, 0]
        for d in mine:
            for i, n in enumerate(street_buildings(levels[d])):
                after[i] += n
        if bank[0] + before[0] - after[0] >= 0 and bank[1] + before[1] - after[1] >= 0:
            return levels


def sell_down(game: UltimateMonopolyGame, p: int, deed: int) -> None:
    """Sell back the group's buildings until the bank can supply the rest (see
    :func:`sell_down_levels`), at half the cost of each building sold."""
    levels = sell_down_levels(game, p, deed)
    sold = 0
    changed: list[int] = []
    for d, level in levels.items():
        if level != game.houses[d]:
            sold += game.houses[d] - level
            changed.append(d)
    # What goes back first, then what comes out: the checks made the totals possible.
    for d in changed:
        exchange(game, d, 0)
    for d in changed:
        exchange(game, d, levels[d])
    game.pay(BANK, p, sale_price(game, deed) * sold, "building sold")
    if game.listeners:
        for d in changed:
            game.emit("sold-building", player=p, deed=d, level=game.houses[d])


def sell_every_building(game: UltimateMonopolyGame, p: int) -> None:
    """Sell all of ``p``'s buildings back to the bank at half their value (a bankruptcy)."""
    for d in game.deeds_of(p):
        while game.houses[d]:
            sell_building(game, p, d)


# ==================================================================== mortgages, trades

def built_in_group(game: UltimateMonopolyGame, p: int, deed: int) -> int:
    """A property that stops ``p`` mortgaging or trading ``deed``: ``deed`` itself with a
    building, or for a street another of ``p``'s streets of the group with buildings (-1:
    none)."""
    houses = game.houses
    if houses[deed]:
        return deed
    if game.board.spaces[deed].kind == "street":
        owner = game.owner
        for d in game.board.group_of[deed]:
            if houses[d] and owner[d] == p:
                return d
    return -1


def can_mortgage(game: UltimateMonopolyGame, p: int, deed: int) -> str | None:
    """Why ``p`` may not mortgage ``deed`` (None if they may): their title deed, not
    mortgaged, with no buildings on it nor on their other streets of its group (a depot or
    stand stops only its own property)."""
    space = game.board.spaces[deed]
    if not space.is_deed:
        return f"{space.name} has no title deed"
    if game.owner[deed] != p:
        return f"{game.name(p)} does not own {space.name}"
    if game.mortgaged[deed]:
        return f"{space.name} is already mortgaged"
    built = built_in_group(game, p, deed)
    if built == deed:
        return f"sell {improvement_words(game, deed)} on {space.name} before mortgaging"
    if built >= 0:
        return f"sell the buildings of {group_words(game, deed)} before mortgaging"
    return None


def buildings_block(game: UltimateMonopolyGame, p: int, deed: int) -> str | None:
    """Why buildings stop ``p`` from trading ``deed`` away (None if they do not): a building
    on it, or on their other streets of its group (a depot or stand stops only its own
    property)."""
    board = game.board
    built = built_in_group(game, p, deed)
    if built == deed and board.spaces[deed].kind != "street":
        return f"sell {improvement_words(game, deed)} on {board.spaces[deed].name} first"
    if built >= 0:
        return f"sell the buildings of {group_words(game, deed)} first"
    return None


# ==================================================================== assets

def buildings_value(game: UltimateMonopolyGame, p: int) -> int:
    """What ``p``'s buildings cost: a hotel counts as the four houses turned in for it plus
    its own cost, a skyscraper as the hotel's five plus its own."""
    total = 0
    for d in game.deeds_of(p):
        level = game.houses[d]
        if level:
            total += building_cost(game, d) * level
    return total


def total_assets(game: UltimateMonopolyGame, p: int) -> int:
    """Cash, deeds at their printed price (half when mortgaged) and buildings at cost (shares
    and cards are left to their own modules)."""
    total = game.cash(p)
    for d in game.deeds_of(p):
        space = game.board.spaces[d]
        total += space.price // 2 if game.mortgaged[d] else space.price
    return total + buildings_value(game, p)


# ==================================================================== Hurricane and Tornado

def groups_with_buildings(game: UltimateMonopolyGame, owner: int | None) -> list[str]:
    """The property groups with any building at all (house, hotel, skyscraper, depot or
    stand) of ``owner``'s (anyone's for None), in board order: what a Hurricane (another
    player's group) or a Tornado (your own) may strike."""
    out: list[str] = []
    spaces = game.board.spaces
    for d in game.board.deeds:
        if game.houses[d] and (owner is None or game.owner[d] == owner):
            group = spaces[d].group
            if group not in out:
                out.append(group)
    return out


def remove_one_level(game: UltimateMonopolyGame, group: str, owner: int | None = None,
                     deed: int = -1) -> list[int]:
    """Hurricane & Tornado: "one house is removed from each property of that property group.
    Hotels are replaced by four Houses each. Skyscrapers are replaced by one Hotel each." On
    the railroads or cab companies "only one RAILROAD/CAB COMPANY space that has a
    Depot/Cab Stand has that Depot/Cab Stand removed": ``deed`` if given, else the first
    in board order (of ``owner``'s, if given). The buildings go back to the bank, nothing is
    paid; where the bank lacks the houses or hotel that replace a building, the property
    keeps what the bank can give (see :func:`lower_level`). Returns the properties struck."""
    members = game.board.groups.get(group, ())
    built = [d for d in members if game.houses[d] and (owner is None or game.owner[d] == owner)]
    if not built:
        return []
    kind = game.board.spaces[built[0]].kind
    if kind != "street":
        target = deed if deed in built else built[0]
        if kind == "railroad":
            game.bank_depots += 1
        else:
            game.bank_stands += 1
        game.houses[target] = 0
        game.changes += 1
        game.count_change(target)
        struck = [target]
    else:
        struck = built
        for d in built:
            exchange(game, d, lower_level(game, game.houses[d]))
    if game.listeners:
        for d in struck:
            game.emit("building-removed", player=game.owner[d], deed=d, level=game.houses[d])
    return struck


# ==================================================================== words for the fronts

def build_label(game: UltimateMonopolyGame, deed: int) -> str:
    """A menu line: "Build a hotel on Boardwalk ($200; returns 4 houses)"."""
    space = game.board.spaces[deed]
    what = next_building_words(game, deed)
    cost = game.money(building_cost(game, deed))
    level = game.houses[deed]
    if space.kind == "street" and level == HOUSES_FOR_HOTEL:
        return f"Build {what} on {space.name} ({cost}; returns 4 houses)"
    if space.kind == "street" and level == HOTEL:
        return f"Build {what} on {space.name} ({cost}; returns the hotel)"
    if space.kind == "street":
        return f"Build {what} on {space.name} ({cost}; has {improvement_words(game, deed)})"
    return f"Build {what} on {space.name} ({cost})"


def sell_label(game: UltimateMonopolyGame, deed: int) -> str:
    """A menu line: "Sell back the skyscraper on Boardwalk (+$100; a hotel remains)"."""
    space = game.board.spaces[deed]
    price = game.money(sale_price(game, deed))
    level = game.houses[deed]
    if space.kind != "street":
        return f"Sell back {improvement_words(game, deed)} on {space.name} (+{price})"
    if level == SKYSCRAPER:
        return f"Sell back the skyscraper on {space.name} (+{price}; a hotel remains)"
    if level == HOTEL:
        return f"Sell back the hotel on {space.name} (+{price}; 4 houses remain)"
    return f"Sell back a house on {space.name} (+{price})"


def sell_down_label(game: UltimateMonopolyGame, deed: int) -> str:
    """A menu line: "Sell back buildings on the Dark blue group until the bank can supply the
    rest (+$700)"."""
    if not 0 <= deed < game.board.size or game.owner[deed] < 0:
        return "Sell back buildings until the bank can supply the rest"
    p = game.owner[deed]
    levels = sell_down_levels(game, p, deed)
    sold = sum(game.houses[d] - level for d, level in levels.items())
    return f"Sell back buildings on {group_words(game, deed)} until the bank can supply the " \
           f"rest (+{game.money(sale_price(game, deed) * sold)})"


# ==================================================================== actions

class Build(ActionRule["UltimateMonopolyGame"]):
    """Improving property: the next house, hotel or skyscraper on a street of a majority
    ownership or a monopoly (evenly), a Train Depot on a railroad, a Cab Stand on a cab
    company, bought from the bank at any time while players manage."""

    kind = ActionKind("build", "Improve a property: a house, hotel or skyscraper on a majority "
                      "ownership or monopoly (evenly), a Train Depot on a railroad, a Cab "
                      "Stand on a cab company", (deed_field("the property"),),
                      label="Improve {deed}")

    def check(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        return needs_deed(action) or can_build(game, player, action.deed)

    def candidates(self, game: UltimateMonopolyGame, player: int,
                   decision: Decision | None) -> list[Action]:
        """The player's unmortgaged properties that could take a building they have the cash
        for (:func:`can_build` has the last word): a street below a skyscraper in a majority
        ownership or a monopoly, a railroad or cab company without its depot or stand."""
        made = deed_actions("build", game.board.size)
        spaces = game.board.spaces
        houses = game.houses
        mortgaged = game.mortgaged
        cash = game.cash(player)
        out: list[Action] = []
        for d in game.deeds_of(player):
            if mortgaged[d] or building_cost(game, d) > cash:
                continue
            kind = spaces[d].kind
            if kind == "street":
                if houses[d] < SKYSCRAPER and may_improve_group(game, player, d):
                    out.append(made[d])
            elif kind in IMPROVABLE and not houses[d]:
                out.append(made[d])
        return out

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        build(game, player, action.deed)


class SellBuilding(ActionRule["UltimateMonopolyGame"]):
    """Selling back: one building at half its value, evenly; a skyscraper leaves a hotel, a
    hotel four houses, when the bank has them."""

    kind = ActionKind("sell-building", "Sell back one building to the Bank at half its value, "
                      "evenly (a skyscraper leaves a hotel, a hotel four houses)",
                      (deed_field("the property"),),
                      label="Sell back a building on {deed}")

    def check(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        return needs_deed(action) or can_sell_building(game, player, action.deed)

    def candidates(self, game: UltimateMonopolyGame, player: int,
                   decision: Decision | None) -> list[Action]:
        made = deed_actions("sell-building", game.board.size)
        houses = game.houses
        return [made[d] for d in game.deeds_of(player) if houses[d]]

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        sell_building(game, player, action.deed)


class SellDown(ActionRule["UltimateMonopolyGame"]):
    """Selling back when the bank lacks the lower buildings: sell back the group's buildings,
    evenly, until the bank can supply the rest."""

    kind = ActionKind("sell-down", "When the Bank lacks the lower buildings: sell back the "
                      "group's buildings evenly until the Bank can supply the rest",
                      (deed_field("a street of the group"),),
                      label="Sell back buildings on {deed}'s group until the Bank can "
                            "supply the rest")

    def check(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        return needs_deed(action) or can_sell_down(game, player, action.deed)

    def candidates(self, game: UltimateMonopolyGame, player: int,
                   decision: Decision | None) -> list[Action]:
        made = deed_actions("sell-down", game.board.size)
        out: list[Action] = []
        seen: set[str] = set()
        spaces = game.board.spaces
        houses = game.houses
        for d in game.deeds_of(player):
            if not houses[d]:  # (most deeds: looked at first)
                continue
            group = spaces[d].group
            if spaces[d].kind == "street" and group not in seen:
                seen.add(group)
                top = max(own_streets(game, player, d), key=lambda s: game.houses[s])
                out.append(made[top])
        return out

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        sell_down(game, player, action.deed)


ACTIONS: Final[tuple[ActionRule[Any], ...]] = (Build(), SellBuilding(), SellDown())
"""The building actions (``build`` and ``sell-building`` replace classic's)."""
ANYTIME: Final[tuple[str, ...]] = ("build", "sell-building", "sell-down")
"""Taken at any time while players manage (add them to the rulebook's ``anytime``)."""
