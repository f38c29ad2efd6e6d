"""The standard bot's strategy for Ultimate Monopoly: deeds valued by their expected income
on this board (``standard`` on ``--edition ultimate-monopoly``; the knob ``value=income``,
the default).

It answers every decision as the previous strategy does
(:class:`~pennybags.bots.ultimate_monopoly.UltimateMonopolyStrategy`, still played by
``standard?value=price``) except where money is weighed; there it reckons with the exact odds
of the 120 spaces (:mod:`pennybags.bots.ultimate_odds`, written from the lab's Markov chain
by tools/make_ultimate_odds.py, since a bot may not import the lab):

* **what a deed is worth** to a player: the rent it and the rest of its colour group would
  bring in: per opponent turn, the landings on the deed (from the odds) times the rent,
  times the number of opponents, over a horizon of turns that shortens as the game goes on
  (60 turns at the start, half a turn less a round, 15 at the least; with ``plan=turn``,
  the default, it moves every five rounds). A group earns at
  the best level its owner can reach, net of the buildings still to pay for: unimproved
  (double rent with a **majority ownership**, all but one property of a group of three or
  more; triple with a **monopoly**), houses and a hotel on a majority ownership or monopoly,
  a **skyscraper** on a monopoly; railroads by how many the owner has, with a **Train
  Depot**; cab companies likewise, with a **Cab Stand**; utilities by how many, times the
  throw's number. A deed is worth what the group earns with it less without it, plus a
  chance of completing the group later, plus half of what it would add for an opponent
  (blocking); never less than 60% of its price (it can be mortgaged or traded).
* **buying and bidding**: buys what classic's reserve allows, and down to a quarter of the
  reserve a deed worth its price; bids up to its worth.
* **building**: the building with the best marginal rent per dollar (the rent it adds, times
  the landings and the opponents, over its cost) wherever building is allowed, houses,
  hotels, skyscrapers, Train Depots and Cab Stands alike, when it pays back within the
  horizon, keeping only a quarter of the reserve; it mortgages a deed that earns much less
  per dollar to pay for it, and lifts first a mortgage that stops building on a group. With
  surplus cash (four reserves left after it, and no deed left to buy) it builds even what
  does not pay back: idle cash earns nothing, and rich players who stop building make games
  that never end.
* **trades**: offers cash for the deeds that give it a majority ownership or a monopoly
  (what a bot judging by printed prices accepts, never more than the gain); accepts an offer
  only when its own gain in expected income is positive and at least the proposer's.
* **moving, Travel Vouchers, taxi rides** (triples, Subway, the cards): the previous
  strategy's choice of spaces, a wanted unowned deed scoring by its new worth.
* **shares**: buys (and bids for) a share only when its dividend, paid at every landing on
  the Stock Exchange by any player (from the odds), pays back its price within the horizon.
* **raising cash**: shares first (they earn least), then whichever loses least per dollar
  raised over the horizon: mortgaging a deed (its rent, and the 10% to lift it) or selling
  a building (the rent it adds, and the half of its cost the bank keeps); the rest last.

**Planning once a turn** (``plan=turn``, the default): the buildings of a turn are
planned at its first answer and followed through its answers, then mortgages lifted or
taken, or an offer made, until nothing is left to do that turn; a debt's mortgages are
planned at its first mortgage; the danger that sets the cash reserve is ranked once a round
for every seat (see :meth:`IncomeStrategy.manage`). ``plan=answer`` works everything out at
every answer, with the horizon moving every round (the play before 2026-11-28).

What it works out is kept for as long as what it reads stays the same: the worth of deeds
until the board changes (``game.changes``); what raising cash on a deed would lose while
the owners of its group, its buildings and mortgage are the same; the danger on the board
(its cash reserve) until the next round (from the
:class:`~pennybags.bots.ultimate_monopoly.Estate` the game's bots share); its groups,
railroads and cab companies until its own deeds change (looked at when the game counts a
deed coming to or going from it, ``game.holdings``); the deeds it could ask for until an
owner of its street groups changes (``game.group_transfers``); its building candidates,
group by group, until the buildings or mortgages of those deeds change; a bid's limit for
the rest of the auction while its cash is the same. No Travel Voucher is looked for while
the board read for the danger has no unowned deed, and no offer while the cash to spare is
below the least any ask of ours could offer (kept with our deeds). An answer looks only at
its own deeds and the groups in question, never at the whole board
(tests/test_bot_ultimate_caches.py checks the kept work against fresh work).
"""

from __future__ import annotations

from typing import Final, cast

from librt.vecs import vec
from mypy_extensions import i64

from pennybags.bots.standard import (
    allow_params,
    classic_params,
    register_strategy,
)
from pennybags.bots.ultimate_monopoly import (
    DECLINE_SHARE,
    UltimateMonopolyStrategy,
    bid_toward,
    ultimate_monopoly_strategy,
)
from pennybags.bots.ultimate_odds import FRESH_THROW, RENT_LANDINGS, THROWN, VISITS
from pennybags.editions.classic.game import ClassicGame
from pennybags.editions.classic.rules import ACCEPT, DECLARE_BANKRUPTCY, PASS, REJECT
from pennybags.editions.ultimate_monopoly.buildings import (
    building_cost,
    built_in_group,
    can_sell_down,
    majority_size,
    sale_price,
)
from pennybags.editions.ultimate_monopoly.cards import CardGame
from pennybags.editions.ultimate_monopoly.game import HOTEL, SKYSCRAPER
from pennybags.engine.actions import Action, Trade, deed_action
from pennybags.engine.arrays import filled_flags, filled_ints, flags, ints
from pennybags.engine.board import Board

HORIZON: Final = 60.0
"""Opponent turns over which a deed's rent is counted at the start of the game."""
SHORTEST: Final = 15.0
DECAY: Final = 0.5
"""Turns the horizon shortens by each round."""
"""The horizon never falls below this many turns."""
STEP: Final = 5
"""Rounds between moves of the horizon when the bot plans once a turn (``plan=turn``):
it moves by ``STEP * DECAY`` turns at once, so that what reads it (the best levels of
streets, the buildings that pay back, what raising cash loses) is kept across rounds."""
PLANS: Final = ("turn", "answer")
"""When the bot works out what to build, lift, fund and offer: once a turn, followed
through its answers (with a horizon moving every :data:`STEP` rounds), or afresh at every
answer (with a horizon moving every round: the play before 2026-11-28)."""
LOOK: Final = 3
"""Rounds between the turns where the bot looks for a mortgage to lift, a deed to mortgage
for a building and an offer to propose (``look=N``, with ``plan=turn``; 1: every turn, the
play before 2026-11-28, afternoon; as strong at 3, weaker against the previous strategy
at 5: docs/lab.md). Building is planned every turn whatever it is."""
LOOK_MOST: Final = 12
"""The most rounds between those looks the ``look`` knob takes."""
BLOCK: Final = 0.5
"""The share of an opponent's gain counted when a deed would give them a group."""
OFFER_MAJORITY: Final = 1.0
"""Cash offered for the deeds that give a majority ownership, times their printed prices
(a bot judging by printed prices takes at least that much; ten dollars more are added)."""
OFFER_MONOPOLY: Final = 2.0
"""The same for deeds that give a monopoly (such a bot asks twice the prices)."""
OFFER_GAIN: Final = 1.2
"""An offer is made only when the group gains at least this many times the cash."""
SURPLUS: Final = 4
"""Reserves of cash left after a building that does not pay back within the horizon."""
RICH: Final = 5_000
"""Cash left after such a building while deeds are still unowned (at the edition's
scale)."""
BUILD_RESERVE: Final = 0.25
"""The share of the cash reserve kept back when building."""
FUND_BUILDING: Final = 1
"""Whether deeds that earn little are mortgaged to pay for buildings (1) or not (0)."""
PLAN_LONGEST: Final = 40
"""The most buildings planned for one turn."""
FLOOR: Final = 0.6
"""A deed is worth at least this share of its price (its mortgage value is half)."""
PROSPECT: Final = 0.2
"""The share of a buildable group's worth counted per deed still missing (halved for each
further one) when the missing deeds are the bank's or one other player's."""


INFINITE: Final = float("inf")
"""No sale to compare with (made once: the compiled build reads ``float("inf")`` from its
text at every call)."""

Building = tuple[float, int, float, float]
"""A building the bot could put up: (expected rent added per dollar, deed, expected rent
added per turn, the least that must come back within the horizon)."""


def street_reach(size: int, count: int, majority: int) -> tuple[int, int]:
    """The highest level an owner of ``count`` streets of a group of ``size`` may build
    to, and the factor of their unimproved rent: a monopoly (a skyscraper, triple rent), a
    majority ownership (all but one of a group of at least ``majority``: a hotel, double
    rent), else nothing (the printed rent)."""
    if count == size:
        return SKYSCRAPER, 3
    if size >= majority and count == size - 1:
        return HOTEL, 2
    return 0, 1


class Groups:
    """What never changes on the board, in the shape the strategy reads: each deed's group
    and kind, the street groups, and where the Stock Exchange is."""

    __slots__ = ("board", "deeds", "exchange", "kinds", "landed", "least_asks", "prospects",
                 "street_groups", "takes")

    def __init__(self, board: Board) -> None:
        self.board = board
        codes = {"street": 1, "railroad": 2, "cab_company": 3, "utility": 4}
        kinds = [0] * board.size
        for d in board.deeds:
            kinds[d] = codes.get(board.spaces[d].kind, 0)
        self.kinds: vec[i64] = ints(kinds)
        """0: no deed; 1 a street; 2 a railroad; 3 a cab company; 4 a utility."""
        self.deeds: vec[i64] = ints(board.deeds)
        """The board's deeds, in board order."""
        self.street_groups: list[tuple[int, ...]] = [
            g for g in board.groups.values() if g and board.spaces[g[0]].kind == "street"]
        self.exchange = -1
        for i, s in enumerate(board.spaces):
            if s.kind == "stock_exchange":
                self.exchange = i
        self.landed: dict[int, list[int]] = {}
        """Each street group (by its first deed), the most landed on first (the first of
        equals first)."""
        for group in self.street_groups:
            ranked: list[int] = []
            for t in group:
                at = 0
                while at < len(ranked) and RENT_LANDINGS[ranked[at]] >= RENT_LANDINGS[t]:
                    at += 1
                ranked.insert(at, t)
            self.landed[group[0]] = ranked
        self.least_asks: dict[int, int] = {}
        """The least cash an ask for a street group could offer (see
        :meth:`IncomeStrategy.least_ask`), by the group, the deeds of it we hold and the
        size of a majority ownership (:func:`ask_key`), filled as they are first asked for:
        it reads the printed prices alone."""
        self.takes: dict[int, float] = {}
        """What taking deeds of a street group from another player would gain a player
        (:meth:`IncomeStrategy.wishes`), by the state of the group it reads, the horizon
        and the opponents (:func:`take_key`), likewise (see :attr:`prospects`)."""
        self.prospects: dict[int, float] = {}
        """The chance a deed gives of a group later (:meth:`IncomeStrategy.prospect`), by the
        state of the group it reads, the horizon and the opponents (:func:`prospect_key`),
        filled as they are first worked out: every bot of every game on this board reads the
        same figure for the same state."""


def settle_key(key: i64, game: CardGame, horizon: float, opponents: int) -> i64:
    """``key`` followed by the horizon (in half turns), the opponents and the size of a
    majority ownership (-1: one of them out of the range a key holds). (Keys are machine
    integers: the compiled build multiplies an ``int`` of more than 31 bits through
    Python's own numbers.)"""
    half = int(horizon * 2.0)
    majority = majority_size(game)
    if half != horizon * 2.0 or not 0 <= half < 1024 or not 0 <= opponents < 16 or \
            not 0 <= majority < 16:
        return -1
    return ((key * 1024 + half) * 16 + opponents) * 16 + majority


def prospect_key(game: CardGame, p: int, deed: int, horizon: float, opponents: int) -> i64:
    """The key of :attr:`Groups.prospects` for ``deed``'s prospect to ``p`` (once it is
    known that the deeds missing are the bank's or one other player's): the deed, then for
    each deed of its group whether it is ``deed`` or ``p``'s, and its buildings, then
    :func:`settle_key`'s (-1: out of range)."""
    owner = game.owner
    houses = game.houses
    group = game.board.group_of[deed]
    if not 0 <= deed < 4096 or len(group) > 6:
        return -1  # (the key would not fit in 63 bits: 12 + 5 a deed + 18)
    key: i64 = deed
    for d in group:
        level = houses[d]
        if not 0 <= level < 16:
            return -1
        key = key * 32 + (16 if d == deed or owner[d] == p else 0) + level
    return settle_key(key, game, horizon, opponents)


def take_key(game: CardGame, p: int, group: tuple[int, ...], take: tuple[int, ...],
             horizon: float, opponents: int) -> i64:
    """The key of :attr:`Groups.takes` for what taking the deeds ``take`` of ``group`` would
    gain ``p``: the group's first deed, then for each deed of it whether it is ``p``'s,
    one taken or neither, and its buildings, then :func:`settle_key`'s (-1: out of
    range)."""
    owner = game.owner
    houses = game.houses
    first = group[0]
    if not 0 <= first < 4096 or len(group) > 5:
        return -1  # (the key would not fit in 63 bits: 12 + 6 a deed + 18)
    key: i64 = first
    for d in group:
        level = houses[d]
        if not 0 <= level < 16:
            return -1
        code = 1 if owner[d] == p else 0
        for t in take:
            if t == d:
                code = 2
        key = key * 64 + code * 16 + level
    return settle_key(key, game, horizon, opponents)


def ask_key(first: int, mask: int, majority: int) -> int:
    """The key of :attr:`Groups.least_asks`: the group's first deed, the deeds of it we hold
    (bit ``i`` for its ``i``-th deed) and the size of a majority ownership."""
    return (first * 4096 + mask) * 256 + majority


_last_groups: Groups | None = None


def groups_of(board: Board) -> Groups:
    global _last_groups
    found = _last_groups
    if found is None or found.board is not board:
        found = _last_groups = Groups(board)
    return found


def best_net(game: CardGame, d: int, level: int, top: int, factor: int, opponents: int,
             horizon: float) -> float:
    """The best net income over ``horizon`` turns of ``opponents`` of street ``d`` at
    ``level`` in a group where its owner may build up to ``top`` (unimproved rent times
    ``factor``): the rent at each level from ``level`` to ``top``, times the landings,
    less the buildings still to pay for."""
    rents = game.board.spaces[d].rents
    cost = building_cost(game, d)
    reach = RENT_LANDINGS[d] * opponents * horizon  # rent -> income
    best = -1e18
    for k in range(level, top + 1):
        rent = rents[k] if k else rents[0] * factor
        net = rent * reach - (k - level) * cost
        if net > best:
            best = net
    return best


class BestNets:
    """What the income strategy works out that reads nothing of the bot's own, shared by
    the bots of one game: the best net income of each street at each highest level allowed
    (:func:`best_net`: it reads the street, its level, the highest level allowed, the
    horizon and the opponents), and what each player's part of a group gains with each of
    its deeds (:meth:`IncomeStrategy.gain_of`: it reads the owners, buildings and mortgages
    of the group, the horizon and the opponents). Kept for one horizon and number of
    opponents at a time (a bot that reads others starts a new generation: the kept ones no
    longer hold)."""

    __slots__ = (
        "gain_marks",
        "gains",
        "game",
        "generation",
        "horizon",
        "marks",
        "nets",
        "opponents",
    )

    def __init__(self, game: CardGame) -> None:
        self.game = game
        size = 3 * game.board.size
        self.marks: vec[i64] = filled_ints(-1, size)
        """For each street and highest level allowed (three per deed: no building, up to a
        hotel, up to a skyscraper), the generation (times 8) plus the street's level its
        net in ``nets`` holds for."""
        self.nets: list[float] = [0.0] * size
        size = len(game.players) * game.board.size
        self.gain_marks: vec[i64] = filled_ints(-1, size)
        """For each player and deed (at ``player * board size + deed``), the generation
        (times ``1 << 32``) plus the count of changes of the deed's group
        (``group_changes``) its gain in ``gains`` holds for."""
        self.gains: list[float] = [0.0] * size
        self.horizon = -1.0
        self.opponents = -1
        """The horizon and opponents of this generation."""
        self.generation = 0

    def settle(self, horizon: float, opponents: int) -> None:
        """A new generation when the horizon or the opponents are not this one's."""
        if self.horizon != horizon or self.opponents != opponents:
            self.generation += 1
            self.horizon = horizon
            self.opponents = opponents


_last_bests: BestNets | None = None


def bests_of(game: CardGame) -> BestNets:
    """The best nets shared by the bots of ``game``."""
    global _last_bests
    found = _last_bests
    if found is None or found.game is not game:
        found = _last_bests = BestNets(game)
    return found


def group_least_ask(game: CardGame, group: tuple[int, ...], mask: int, majority: int) -> int:
    """The least cash an ask for more of ``group`` could offer when we hold the deeds of
    ``mask`` (bit ``i``: its ``i``-th deed): the deeds missing for a majority ownership or a
    monopoly at the cheapest printed prices of those not ours, at the group's rate, and ten
    dollars (1 << 30: nothing to ask for)."""
    spaces = game.board.spaces
    size = len(group)
    mine = 0
    prices: list[int] = []
    for i in range(size):
        if mask >> i & 1:
            mine += 1
        else:
            prices.append(spaces[group[i]].price)
    target = size - 1 if size >= majority and mine < size - 1 else size
    missing = target - mine
    if missing <= 0:
        return 1 << 30
    prices.sort()
    price = 0
    for k in range(missing):
        price += prices[k]
    return int(price * (OFFER_MONOPOLY if mine + missing == size else OFFER_MAJORITY)) + 10


def place_building(found: list[Building], gone: int, new: Building | None) -> None:
    """Take the building on deed ``gone`` (if any) out of ``found`` (best first), and put
    ``new`` (if any) where sorting them again would: by (score, deed), best first (no two
    have the same deed). The list is changed in place; the others in it are not made
    again (the compiled build would box each again)."""
    if gone >= 0:
        for j in range(len(found)):
            if found[j][1] == gone:
                del found[j]
                break
    if new is not None:
        score = new[0]
        deed = new[1]
        i = 0
        end = len(found)
        while i < end:
            there = found[i]
            if there[0] > score or (there[0] == score and there[1] > deed):
                i += 1
            else:
                break
        found.insert(i, new)


class Wish:
    """Deeds of another player that would give us a group, and what they are worth."""

    __slots__ = ("gain", "key", "other", "pay", "take")

    def __init__(self, other: int, take: tuple[int, ...], key: int, gain: float,
                 pay: int) -> None:
        self.other = other
        self.take = take
        self.key = key
        """The other player and the group, as one number (offers are remembered by it)."""
        self.gain = gain
        """What the group would gain us over the horizon."""
        self.pay = pay
        """The cash we would offer."""


class Ask:
    """Deeds of another player we could ask for: the ones that would give us a majority
    ownership or a monopoly of a street group, and the cash we would offer (worked out
    from the owners alone, so kept until an owner changes)."""

    __slots__ = ("group", "key", "other", "pay", "take", "theirs")

    def __init__(self, group: tuple[int, ...], other: int, theirs: tuple[int, ...],
                 take: tuple[int, ...], pay: int) -> None:
        self.group = group
        self.other = other
        self.theirs = theirs
        """All of ``other``'s deeds of the group (none may have buildings or a mortgage)."""
        self.take = take
        self.key = other * 1000 + group[0]
        """The other player and the group, as one number (offers are remembered by it)."""
        self.pay = pay


class IncomeStrategy(UltimateMonopolyStrategy):
    """How the standard bot plays Ultimate Monopoly, valuing deeds by expected income."""

    def __init__(self, reserve: int, aggression: int, trade: int, jail: str = "auto",
                 plan: str = "turn", look: int = LOOK) -> None:
        super().__init__(reserve, aggression, trade, jail)
        if plan not in PLANS:
            raise ValueError(f"bot parameter plan takes turn or answer, not '{plan}'")
        if not 1 <= look <= LOOK_MOST:
            raise ValueError(f"bot parameter look takes a whole number of rounds from 1 to "
                             f"{LOOK_MOST}, not {look}")
        self.plan_turn = plan == "turn"
        """Whether the bot plans once a turn (see :data:`PLANS`)."""
        self.look = look
        """Rounds between the turns where what comes after building is looked for
        (:data:`LOOK`; with ``plan=turn`` only)."""
        self._look_round = -1 << 30
        self._look_turn = -1
        self._look_game: ClassicGame | None = None
        """The round and the game's turn when what comes after building was last looked
        for, and the game."""
        self._step = STEP if self.plan_turn else 1
        """Rounds between moves of the horizon."""
        self._groups_facts: Groups | None = None
        self._round = -1
        self._round_seat = -1
        """The round and seat when the danger on the board was last worked out."""
        self._reserve_kept = -1
        """The cash reserve for that danger (-1: not worked out since)."""
        self._board_changes = -1
        self._worth_changes = -1
        self._worth_seat = -1
        """The game's changes count and the seat the settle and the losses below hold for."""
        self._worth_game: ClassicGame | None = None
        self._worths: list[float] = []
        self._worth_marks: vec[i64] = ints([])
        self._worth_settles: vec[i64] = ints([])
        """Each deed's worth (:meth:`worth`), with its group's count of changes of owner,
        buildings and mortgage and the settle (``_settles``; -1: none worked out for this
        seat) it was worked out with: it reads nothing else, so it is kept while both are
        the same (for this seat)."""
        self._loss_marks: vec[i64] = ints([])
        self._loss_settles: vec[i64] = ints([])
        self._losses: list[float] = []
        """What raising cash on each deed loses: at ``2 * deed`` its mortgage's
        (:meth:`mortgage_loss`), at ``2 * deed + 1`` a building's sale
        (:meth:`sale_loss_rate`); with the state of the deed's group it was worked out for
        and the settle (``_settles``; -1: none worked out for this seat)."""
        self._settled = -1
        """The game's changes count when the opponents and horizon were worked out."""
        self._settles = 0
        """How many times the opponents and horizon were worked out (what the kept worths,
        losses and gains of asks hold for)."""
        self._bests: BestNets | None = None
        """The best net income of each street at each level allowed, shared by the game's
        bots (:class:`BestNets`, set by :meth:`settle`)."""
        self._build_seat = -1
        self._build_horizon = -1.0
        self._build_opponents = -1
        """The seat, the horizon and the opponents the building candidates hold for: they
        depend on the seat's own deeds alone (see :meth:`build_candidates`)."""
        self._build_changes = -1
        self._build_held = -1
        self._build_levels: vec[i64] = ints([])
        self._build_firsts: vec[i64] = ints([])
        self._build_marks: vec[i64] = ints([])
        """The first deed of each part's group, and the game's count of changes of owner,
        buildings or mortgage of that group (``group_changes``) when the part was last
        looked at: a part's levels are read again only when its group's count moved."""
        """The game's changes count, the holdings (:meth:`hold`) and the levels of the
        deeds that matter (:meth:`levels`) when the building candidates were last checked."""
        self._held_holdings = -1
        self._held_seat = -1
        self._held_game: ClassicGame | None = None
        self._held_version = 0
        self._held_deeds: list[int] = []
        """Our deeds when what follows from them was last worked out (a copy)."""
        self._buildable: list[tuple[int, ...]] = []
        """Our deeds of each street group where we hold a monopoly or majority ownership."""
        self._buildable_deeds: vec[bool] = flags([])
        """Whether each space is a deed of ``_buildable`` (by board index)."""
        self._least_cost = 1 << 30
        """The least building cost of our deeds where a building might go (those of
        ``_buildable`` and ``_transit``): below it plus what is kept, nothing is built."""
        self._transit: list[int] = []
        """Our railroads and cab companies."""
        self._least_ask = 1 << 30
        self._least_ask_version = -1
        """The least cash any ask of ours could offer (:meth:`least_ask`), and the version
        of our deeds (``_held_version``) it was worked out for."""
        self._groups: list[tuple[int, ...]] = []
        self._counts: list[int] = []
        """Our street groups (by our first deed of each) and how many of each we own."""
        self._masks: list[int] = []
        """Which deeds of each of our street groups we own (bit ``i``: its ``i``-th deed)."""
        self._asks: list[Ask] = []
        self._asked_version = -1
        self._asked_seat = -1
        self._asked_game: ClassicGame | None = None
        self._group_asks: dict[int, tuple[int, list[Ask]]] = {}
        self._mine: list[int] = []
        self._mine_holdings = -1
        self._mine_seat = -1
        self._mine_game: ClassicGame | None = None
        """Our deeds (:meth:`mine`) and the ``holdings`` count, seat and game they are of."""
        self._asked_counts: list[int] = []
        """The ``group_transfers`` count of each of our groups (``_groups``' order) when
        :meth:`asks` last looked."""
        self._ask_gains: dict[int, tuple[int, int, float]] = {}
        self._gains_game: ClassicGame | None = None
        self._gains_seat = -1
        """What each ask (by its key) would gain us (:meth:`wishes`), with the ask's group's
        count of changes of owner, buildings and mortgage and the settle (``_settles``: the
        horizon and opponents) it was worked out with: it reads nothing else."""
        """The asks of each street group we own part of (by its first deed), with the
        game's count of changes of owner in the group when they were worked out: they read
        the group's owners alone, so they are kept while we gain or lose deeds elsewhere."""
        self._build_game: ClassicGame | None = None
        self._build_candidates: list[Building] = []
        self._build_parts: list[Building | None] = []
        """The next building of each part of :meth:`buildings` (our street groups where we
        may build, then our railroads and cab companies), None where none may go."""
        self._buildings: list[Building] = []
        self._build_surplus: list[Building] = []
        """Buildings that raise a rent but do not pay back within the horizon: built only
        with surplus cash (:meth:`build_best`)."""
        self._offer_mark: tuple[int, int, float, int, int] | None = None
        self._offer_spare = 0
        self._offer_until = 0
        self._offer_game: ClassicGame | None = None
        """When :meth:`offer` last found no offer to make (``plan=turn``): what it read
        (:meth:`offer_mark`), the least cash to spare that would have let it make one
        more of the offers it could not pay, and the round from which an offer made before
        may be made again."""
        self._wish_until = 0
        self._wish_pay = 0
        """The round from which the first offer :meth:`wishes` left out as made too
        recently may be made again, and the least cash of an offer it left out for want of
        cash."""
        self._plan_game: ClassicGame | None = None
        self._plan_seat = -1
        self._plan_turn = -1
        self._plan_round = -1
        self._plan_holdings = -1
        self._plan_cash = -1
        """The game, seat, turn, round, ``holdings`` count and the least cash the plan
        needs at the next answer, for which the plan of the turn holds (None: no plan)."""
        self._plan_lifted = False
        """Whether the plan (empty) was kept after a lift that cannot open a building
        (:meth:`lift_opens`): the next answer plays a kept card first, as a new plan would."""
        self._debt_game: ClassicGame | None = None
        self._debt_seat = -1
        self._debt_turn = -1
        self._debt_holdings = -1
        self._debt_cash = -1
        """The game, seat, turn, ``holdings`` count and the cash expected at the next
        answer, for which the plan of mortgages to raise cash holds (None: no plan)."""
        self._debt_plan: list[int] = []
        self._debt_losses: list[float] = []
        self._debt_next = 0
        self._debt_sale_loss = 0.0
        """The planned mortgages (deeds, in order), what each loses per dollar, the next
        one, and the least a building's sale would lose."""
        self._plan_mortgage_ok = False
        self._plan_builds: list[int] = []
        self._plan_next = 0
        self._plan_done = False
        """The plan's buildings (deeds, in order), the next one to put up, and whether
        nothing is left to do after them this turn."""
        self._opponents = 0
        self._horizon = HORIZON
        self._trade_offers: dict[int, int] = {}
        """When (the round) each offer, keyed by other player and group, was last made."""
        self._bid_auction: object | None = None
        self._bid_cash = 0
        self._bid_limit = 0
        """The auction of a deed we last bid in, our cash then and our limit (see
        :meth:`bid`)."""

    # ---------------------------------------------------------------- the board, cached

    def facts(self, game: CardGame) -> Groups:
        facts = self._groups_facts
        if facts is None or facts.board is not game.board:
            facts = self._groups_facts = groups_of(game.board)
        return facts

    def know_board(self, game: CardGame, p: int) -> None:
        """The danger on the board (the highest rent an opponent's deed charges now) and the
        unowned deeds, worked out again at most once a round, when the deeds have changed,
        as a person reads the board when play comes round."""
        if game.round == self._round and p == self._round_seat and \
                game is self._danger_game:
            return
        self._round = game.round
        self._round_seat = p
        if game is self._danger_game and p == self._danger_seat and \
                game.changes == self._board_changes:
            return
        self._board_changes = game.changes
        self._reserve_kept = -1
        if not self.plan_turn:
            super().know_board(game, p)
            return
        estate = self.estate(game)
        estate.rank_once_a_round()
        self._danger_seat = p
        self._danger_game = game
        self._um_danger = estate.danger(p)
        self._um_unowned = estate.unowned

    def reserve(self, game: ClassicGame, p: int) -> int:
        """The cash reserve (the previous strategy's, from the danger): kept while
        :meth:`know_board` would keep the danger (the same round and seat)."""
        if game.round == self._round and p == self._round_seat and \
                game is self._danger_game and self._reserve_kept >= 0:
            return self._reserve_kept
        kept = super().reserve(game, p)
        self._reserve_kept = kept
        return kept

    def mine(self, game: ClassicGame, p: int) -> list[int]:
        """The bot's deeds, in board order, kept while the game's count of changes of
        ``p``'s deeds (``holdings``) is the same (not looked up again for every seat after
        any transfer, as the shared board view does; classic's groups and wants, which
        this strategy does not read, are not worked out). A new list whenever they
        change: never change it."""
        g = cast(CardGame, game)
        holdings = g.holdings[p]
        if holdings == self._mine_holdings and p == self._mine_seat and g is self._mine_game:
            return self._mine
        owner = g.owner
        deeds: list[int] = []
        board_deeds = self.facts(g).deeds
        for i in range(len(board_deeds)):
            d = board_deeds[i]
            if owner[d] == p:
                deeds.append(d)
        self._mine = deeds
        self._mine_holdings = holdings
        self._mine_seat = p
        self._mine_game = g
        return deeds

    def hold(self, game: CardGame, p: int) -> None:
        """What follows from our deeds alone: our street groups (and how many of each we
        own), those with a monopoly or majority ownership, our railroads and cab companies.
        Looked at again when a deed came to or went from us (the game's ``holdings`` count),
        and worked out again (``_held_version``) only when our deeds are not what they were."""
        holdings = game.holdings[p]
        if holdings == self._held_holdings and p == self._held_seat and \
                game is self._held_game:
            return
        self._held_holdings = holdings
        deeds = self.mine(game, p)
        if p == self._held_seat and game is self._held_game and deeds == self._held_deeds:
            return
        self._held_deeds = deeds  # (a new list whenever they change)
        self._held_seat = p
        self._held_game = game
        self._held_version += 1
        kinds = self.facts(game).kinds
        owner = game.owner
        group_of = game.board.group_of
        majority = majority_size(game)
        groups: list[tuple[int, ...]] = []
        counts: list[int] = []
        masks: list[int] = []
        buildable: list[tuple[int, ...]] = []
        transit: list[int] = []
        buildable_deeds = filled_flags(False, game.board.size)
        seen = filled_flags(False, game.board.size)  # the groups looked at, by first deed
        for d in deeds:
            kind = kinds[d]
            if kind == 2 or kind == 3:
                transit.append(d)
                continue
            if kind != 1:
                continue
            group = group_of[d]
            # Each group once, at our first street of it (ours are in board order).
            if seen[group[0]]:
                continue
            seen[group[0]] = True
            mine = 0
            mask = 0
            for i in range(len(group)):
                if owner[group[i]] == p:
                    mine += 1
                    mask |= 1 << i
            size = len(group)
            groups.append(group)
            counts.append(mine)
            masks.append(mask)
            if mine == size or (size >= majority and mine == size - 1):
                ours: list[int] = []
                for g in group:
                    if owner[g] == p:
                        ours.append(g)
                buildable.append(tuple(ours))
                for g in ours:
                    buildable_deeds[g] = True
        least = 1 << 30
        costs = game.building_figures.costs
        for d in transit:
            if costs[d] < least:
                least = costs[d]
        for ours_built in buildable:
            for d in ours_built:
                if costs[d] < least:
                    least = costs[d]
        self._least_cost = least
        self._groups = groups
        self._buildable_deeds = buildable_deeds
        self._counts = counts
        self._masks = masks
        self._buildable = buildable
        self._transit = transit

    def least_ask(self, game: CardGame, p: int) -> int:
        """The least cash any ask of ours (:meth:`group_asks`) could offer, whoever holds the
        deeds we miss (after :meth:`hold`): for each street group we hold part of and could
        ask for more of, the deeds missing at the cheapest printed prices of those not ours,
        at the group's rate, and ten dollars (an ask offers the printed prices of the deeds
        it takes from one other player). It reads our deeds alone: kept while they are the
        same (``_held_version``); each group's figure reads the printed prices and which of
        its deeds we hold alone: kept for the board (:attr:`Groups.least_asks`). With less
        cash to spare no offer is paid for, and none is looked for (:meth:`offer`)."""
        if self._least_ask_version == self._held_version:
            return self._least_ask
        groups = self._groups
        masks = self._masks
        majority = majority_size(game)
        table = self.facts(game).least_asks
        least = 1 << 30
        for i in range(len(groups)):
            group = groups[i]
            key = ask_key(group[0], masks[i], majority)
            pay = table.get(key, -1)
            if pay < 0:
                pay = table[key] = group_least_ask(game, group, masks[i], majority)
            if pay < least:
                least = pay
        self._least_ask = least
        self._least_ask_version = self._held_version
        return least

    def asks(self, game: CardGame, p: int) -> list[Ask]:
        """The deeds of other players we could ask for (:class:`Ask`), after :meth:`hold`;
        kept group by group until an owner of a deed of that group changes (the game's
        ``group_transfers``), whatever else we gain or lose."""
        groups = self._groups
        group_transfers = game.group_transfers
        if p != self._asked_seat or game is not self._asked_game:
            self._asked_seat = p
            self._asked_game = game
            self._group_asks = {}
            self._asked_version = -1
        elif self._asked_version == self._held_version:
            # (the usual answer: no owner of our groups changed since the last)
            was = self._asked_counts
            for i, group in enumerate(groups):
                if group_transfers[group[0]] != was[i]:
                    break
            else:
                return self._asks
        changed = self._asked_version != self._held_version
        self._asked_version = self._held_version
        kept = self._group_asks
        counts: list[int] = []
        for i, group in enumerate(groups):
            first = group[0]
            count = group_transfers[first]
            counts.append(count)
            found = kept.get(first)
            if found is None or found[0] != count:
                kept[first] = (count, self.group_asks(game, p, i))
                changed = True
        self._asked_counts = counts
        if changed:
            asks: list[Ask] = []
            for group in groups:
                asks.extend(kept[group[0]][1])
            self._asks = asks
        return self._asks

    def group_asks(self, game: CardGame, p: int, i: int) -> list[Ask]:
        """The asks of our ``i``-th street group (see :meth:`asks`)."""
        group = self._groups[i]
        mine = self._counts[i]
        size = len(group)
        majority = majority_size(game)
        target = size - 1 if size >= majority and mine < size - 1 else size
        missing = target - mine
        asks: list[Ask] = []
        if missing <= 0:
            return asks
        owner = game.owner
        spaces = game.board.spaces
        landed = self.facts(game).landed
        completes = mine + missing == size
        seen = 0  # the other players already looked at, as bits (1 << seat)
        for g in group:
            other = owner[g]
            if other < 0 or other == p or seen >> other & 1:
                continue  # (each other player once, from their first deed)
            seen |= 1 << other
            theirs: list[int] = []
            for t in group:
                if owner[t] == other:
                    theirs.append(t)
            if len(theirs) < missing:
                continue
            # The most landed on first (the first of equals first).
            taken: list[int] = []
            price = 0
            for t in landed[group[0]]:
                if owner[t] == other:
                    taken.append(t)
                    price += spaces[t].price
                    if len(taken) == missing:
                        break
            take = tuple(taken)
            pay = int(price * (OFFER_MONOPOLY if completes else OFFER_MAJORITY)) + 10
            asks.append(Ask(group, other, tuple(theirs), take, pay))
        return asks

    def levels(self, game: CardGame) -> list[int]:
        """What the building candidates read of our deeds beyond their owners (after
        :meth:`hold`), one number per part of :meth:`buildings`: for each street group
        where we may build, the buildings on our streets (a digit in base 8 each); for each
        railroad and cab company of ours, its building and mortgage."""
        houses = game.houses
        mortgaged = game.mortgaged
        levels: list[int] = []
        for ours in self._buildable:
            level = 0
            for d in ours:
                level = level * 8 + houses[d]
            levels.append(level)
        for d in self._transit:
            levels.append(houses[d] * 2 + (1 if mortgaged[d] else 0))
        return levels

    def renew_buildings(self, game: CardGame) -> None:
        """For each part whose group's count of changes (``group_changes``) moved, compare
        its :meth:`levels` with the kept ones and work out again the next building of the
        parts that changed (the others read nothing that did), put in its place among the
        kept buildings (:meth:`replace_building`)."""
        moved = game.group_changes
        marks = self._build_marks
        firsts = self._build_firsts
        houses = game.houses
        kept = self._build_levels
        parts = self._build_parts
        buildable = self._buildable
        streets = len(buildable)
        for i in range(len(firsts)):
            count = moved[firsts[i]]
            if count == marks[i]:
                continue
            marks[i] = count
            if i < streets:
                ours = buildable[i]
                level = 0
                for d in ours:
                    level = level * 8 + houses[d]
                if level != kept[i]:
                    kept[i] = level
                    building = self.street_building(game, ours)
                    self.replace_building(parts[i], building)
                    parts[i] = building
            else:
                d = self._transit[i - streets]
                level = houses[d] * 2 + (1 if game.mortgaged[d] else 0)
                if level != kept[i]:
                    kept[i] = level
                    building = self.transit_building(game, d)
                    self.replace_building(parts[i], building)
                    parts[i] = building

    def replace_building(self, old: Building | None, new: Building | None) -> None:
        """Take a part's ``old`` building out of the kept buildings (best first) and put its
        ``new`` one where sorting them again would (no two are equal: one per deed); the
        same in the kept split of them by the horizon (:meth:`build_candidates`), when
        there is one: what splitting them again for that horizon would give."""
        gone = old[1] if old is not None else -1
        place_building(self._buildings, gone, new)
        horizon = self._build_horizon
        if horizon < 0:
            return  # (no split kept: made at the next look)
        pays = False
        more = False
        if new is not None:
            added = new[2]
            pays = added * horizon >= new[3]
            more = not pays and added > 0
        place_building(self._build_candidates, gone, new if pays else None)
        place_building(self._build_surplus, gone, new if more else None)

    def fresh(self, game: CardGame, p: int) -> None:
        """Forget the worths when the board has changed (or another seat asks)."""
        if game.changes != self._worth_changes or p != self._worth_seat or \
                game is not self._worth_game:
            if p != self._worth_seat or game is not self._worth_game:
                self._loss_settles = filled_ints(-1, 2 * game.board.size)
                self._loss_marks = filled_ints(0, 2 * game.board.size)
                self._losses = [0.0] * (2 * game.board.size)
                self._worth_settles = filled_ints(-1, game.board.size)
                self._worth_marks = filled_ints(0, game.board.size)
                self._worths = [0.0] * game.board.size
            self._worth_changes = game.changes
            self._worth_seat = p
            self.settle(game)

    def settle(self, game: CardGame) -> None:
        """The number of opponents and the horizon, for the board as it is now."""
        if game is not self._worth_game or game.changes != self._settled:
            active = 0  # (counted: a list of the players still in is not needed)
            for player in game.players:
                if not player.bankrupt:
                    active += 1
            opponents = max(1, active - 1)
            step = self._step
            horizon = max(SHORTEST, HORIZON - float(game.round - game.round % step) * DECAY)
            # The kept worths, losses and gains read the horizon and opponents (and the
            # game's figures): they last until one of those moves, not merely the board.
            if game is not self._worth_game or opponents != self._opponents or \
                    horizon != self._horizon:
                self._settles += 1
            if game is not self._worth_game:
                self._bests = bests_of(game)
            self._worth_game = game
            self._settled = game.changes
            self._opponents = opponents
            self._horizon = horizon

    # ---------------------------------------------------------------- income

    def rate(self, game: CardGame, deed: int, rent: int) -> float:
        """Expected rent per turn of all opponents together for ``rent`` charged on
        ``deed`` (for a utility, ``rent`` is the multiplier of the throw)."""
        if self.facts(game).kinds[deed] == 4:
            return (rent * THROWN[deed] + FRESH_THROW[deed]) * self._opponents
        return rent * RENT_LANDINGS[deed] * self._opponents

    def group_value(self, game: CardGame, who: int, group: tuple[int, ...],
                    gets: tuple[int, ...] = (), gives: tuple[int, ...] = ()) -> float:
        """What ``who``'s deeds of ``group`` bring in over the horizon, each at the best
        level reachable net of the buildings still to pay for, as if ``who`` had received
        the deeds ``gets`` and handed over ``gives``."""
        self.settle(game)
        owner = game.owner
        ours: list[int] = []
        for d in group:
            held = owner[d] == who
            if held and gives:
                for g in gives:
                    if g == d:
                        held = False
            if not held and gets:
                for g in gets:
                    if g == d:
                        held = True
            if held:
                ours.append(d)
        count = len(ours)
        if count == 0:
            return 0.0
        kind = self.facts(game).kinds[group[0]]
        horizon = self._horizon
        houses = game.houses
        total = 0.0
        if kind == 1:
            top, factor = street_reach(len(group), count, majority_size(game))
            for d in ours:
                total += self.street_best(game, d, top, factor)
            return total
        if kind == 4:
            multiplier = game.utility_multipliers[count - 1]
            for d in ours:
                total += self.rate(game, d, multiplier) * horizon
            return total
        table = game.railroad_rents if kind == 2 else game.cab_rents
        rent = table[count - 1]
        for d in ours:
            plain = self.rate(game, d, rent) * horizon
            if houses[d]:
                total += 2 * plain
            else:
                total += max(plain, 2 * plain - building_cost(game, d))
        return total

    def street_best(self, game: CardGame, d: int, top: int, factor: int) -> float:
        """The best net income over the horizon of street ``d`` of a group where the owner
        may build up to ``top`` (unimproved rent times ``factor``), from its level now (after
        :meth:`settle`): :func:`best_net`. It depends on the street, its level, the highest
        level allowed and the horizon and opponents alone: kept, for every bot of the game
        (:class:`BestNets`), until one of those moves (a deed's worth asks for its group
        with and without it, for each owner)."""
        bests = self._bests
        assert bests is not None
        horizon = self._horizon
        opponents = self._opponents
        bests.settle(horizon, opponents)
        level = min(game.houses[d], top)
        slot = d * 3 + factor - 1
        mark = bests.generation * 8 + level
        if bests.marks[slot] == mark:
            return bests.nets[slot]
        best = best_net(game, d, level, top, factor, opponents, horizon)
        bests.marks[slot] = mark
        bests.nets[slot] = best
        return best

    def gain_of(self, game: CardGame, who: int, deed: int) -> float:
        """How much more ``who``'s part of ``deed``'s group brings in with ``deed`` than
        without it (its own rent and what it does to the rest of the group): the two
        :meth:`group_value` calls, for a street worked out in one pass over its group
        (:meth:`gain_afresh`). It reads the group's owners, buildings and mortgages, the
        horizon and the opponents alone: kept, for every bot of the game
        (:class:`BestNets`), while the group's count of changes and those are the same."""
        self.settle(game)
        bests = self._bests
        assert bests is not None
        bests.settle(self._horizon, self._opponents)
        slot = who * game.board.size + deed
        mark = (bests.generation << 32) + game.group_changes[game.board.group_of[deed][0]]
        if bests.gain_marks[slot] == mark:
            return bests.gains[slot]
        gain = self.gain_afresh(game, who, deed)
        bests.gain_marks[slot] = mark
        bests.gains[slot] = gain
        return gain

    def gain_afresh(self, game: CardGame, who: int, deed: int) -> float:
        """:meth:`gain_of`, worked out (after :meth:`settle`)."""
        group = game.board.group_of[deed]
        if self.facts(game).kinds[deed] != 1:
            return self.group_value(game, who, group, (deed,), ()) - \
                self.group_value(game, who, group, (), (deed,))
        owner = game.owner
        count = 1  # ``who``'s deeds of the group with ``deed``
        for d in group:
            if d != deed and owner[d] == who:
                count += 1
        size = len(group)
        majority = majority_size(game)
        with_top, with_factor = street_reach(size, count, majority)
        without_top, without_factor = street_reach(size, count - 1, majority)
        # Summed in the group's order, as group_value sums (the same floats).
        with_total = 0.0
        without_total = 0.0
        for d in group:
            if d == deed:
                with_total += self.street_best(game, d, with_top, with_factor)
            elif owner[d] == who:
                with_total += self.street_best(game, d, with_top, with_factor)
                without_total += self.street_best(game, d, without_top, without_factor)
        return with_total - without_total

    def prospect(self, game: CardGame, p: int, deed: int) -> float:
        """The chance that ``deed`` leads to a majority ownership or monopoly later: part of
        what the buildable group would be worth, when the deeds still missing are the
        bank's or one other player's."""
        if self.facts(game).kinds[deed] != 1:
            return 0.0
        group = game.board.group_of[deed]
        owner = game.owner
        size = len(group)
        need = size - 1 if size >= majority_size(game) else size
        mine = 0
        other = -1
        for d in group:
            o = owner[d]
            if d == deed or o == p:
                mine += 1
            elif o >= 0:
                if other >= 0 and o != other:
                    return 0.0
                other = o
        missing = need - mine
        if missing <= 0:
            return 0.0
        self.settle(game)
        key = prospect_key(game, p, deed, self._horizon, self._opponents)
        table = self.facts(game).prospects
        found = table.get(key) if key >= 0 else None
        if found is not None:
            return found
        value = self.prospect_afresh(game, p, deed, group, need, missing)
        if key >= 0:
            table[key] = value
        return value

    def prospect_afresh(self, game: CardGame, p: int, deed: int, group: tuple[int, ...],
                        need: int, missing: int) -> float:
        """:meth:`prospect` worked out, with ``missing`` of the ``need`` deeds of ``group``
        still to come."""
        owner = game.owner
        gets = [deed]
        for d in group:
            if missing > len(gets) - 1 and d != deed and owner[d] != p:
                gets.append(d)
        whole = self.group_value(game, p, group, tuple(gets), ())
        return whole * PROSPECT * 0.5 ** (missing - 1) / need

    def worth(self, game: CardGame, p: int, deed: int) -> float:
        """What ``deed`` is worth to ``p``: what it adds to ``p``'s group, a chance of more,
        and half of what it would add to an opponent it completes a group for."""
        self.fresh(game, p)
        group = game.board.group_of[deed]
        count = game.group_changes[group[0]] if group else -1
        settles = self._settles
        if self._worth_settles[deed] == settles and self._worth_marks[deed] == count:
            return self._worths[deed]
        value = self.gain_of(game, p, deed) + self.prospect(game, p, deed)
        block = 0.0
        owner = game.owner
        seen = 0  # the opponents already looked at, as bits (1 << seat)
        for d in game.board.group_of[deed]:
            o = owner[d]
            if d != deed and o >= 0 and o != p and not seen >> o & 1:
                seen |= 1 << o
                gain = self.gain_of(game, o, deed)
                if gain > block:
                    block = gain
        price = game.board.spaces[deed].price
        # A deed is never worth less than a little above its mortgage value: it can be
        # mortgaged, and it is something to trade.
        value = max(value + block * BLOCK, price * FLOOR)
        self._worth_settles[deed] = settles
        self._worth_marks[deed] = count
        self._worths[deed] = value
        return value

    # ---------------------------------------------------------------- buying, bidding

    def value(self, game: ClassicGame, p: int, deed: int) -> float:
        return self.worth(cast(CardGame, game), p, deed) * self.aggression

    def wants(self, game: ClassicGame, p: int, deed: int, price: int) -> bool:
        cash = game.cash(p)
        if cash < price:
            return False
        reserve = self.reserve(game, p)
        left = cash - price
        # The worth decides only between a quarter and a half of the reserve (fresh, which
        # it would call first, still settles the horizon now).
        if left >= reserve // 2 or left < reserve // 4:
            self.fresh(cast(CardGame, game), p)
            return left >= reserve // 2
        if self.worth(cast(CardGame, game), p, deed) >= price:
            return left >= reserve // 4
        return left >= reserve // 2

    def bid(self, game: ClassicGame, p: int, deed: int, high: int) -> Action:
        """Up to the deed's worth, keeping a quarter of the reserve: the limit worked out
        at our first bid of an auction and kept for its next ones while our cash is the
        same (nothing else it reads changes while bids go round)."""
        if deed < 0:
            return super().bid(game, p, deed, high)
        cash = game.cash(p)
        auction = game.auction
        if auction is not None and auction is self._bid_auction and cash == self._bid_cash:
            return bid_toward(high, self._bid_limit, 10)
        limit = min(int(self.value(game, p, deed)), cash - self.reserve(game, p) // 4)
        self._bid_auction = auction
        self._bid_cash = cash
        self._bid_limit = limit
        return bid_toward(high, limit, 10)

    def keep_value(self, game: CardGame, p: int, deed: int) -> float:
        """What holding ``deed`` is worth to ``p``: what its group loses without it, plus
        the buildings on it (at the cost of the building)."""
        self.fresh(game, p)
        return max(self.gain_of(game, p, deed), game.board.spaces[deed].price * 0.5) + \
            int(game.houses[deed]) * building_cost(game, deed)

    # ---------------------------------------------------------------- the board's choices

    def voucher(self, game: CardGame, p: int) -> Action | None:
        """A Travel Voucher goes only to an unowned deed: none is looked for when the
        board read for the danger (:meth:`know_board`, once a round) had no deed left
        unowned."""
        if self.plan_turn:
            self.know_board(game, p)
            if not self._um_unowned:
                return None
        return super().voucher(game, p)

    # ---------------------------------------------------------------- shares

    def dividend_worth(self, game: CardGame, p: int, company: int) -> float:
        """What one more share of ``company`` brings in over the horizon: the rise in
        ``p``'s dividend, paid at each landing on the Stock Exchange by any player."""
        self.fresh(game, p)
        exchange = self.facts(game).exchange
        if exchange < 0:
            return 0.0
        stock = game.stocks[company]
        held = game.shares[p][company] - game.shares_mortgaged[p][company]
        table = stock.dividends
        now = table[min(held, len(table)) - 1] if held > 0 else 0
        after = table[min(held + 1, len(table)) - 1]
        landings = VISITS[exchange] * (self._opponents + 1)
        return (after - now) * landings * self._horizon

    def stock_exchange(self, game: CardGame, p: int) -> Action:
        """Insider Trading or a share only when the dividends pay its price back within
        the horizon (and the cash above the reserve allows); otherwise decline."""
        cash = game.cash(p)
        reserve = self.reserve(game, p)
        insider = self.kept(game, p, "half_par_stock_purchase")
        best = -1
        best_gain = 0.0
        for c in game.stocks:
            if game.bank_shares[c.index] <= 0:
                continue
            gain = self.dividend_worth(game, p, c.index) - c.par
            if best < 0 or gain > best_gain:
                best = c.index
                best_gain = gain
        if best < 0:
            return DECLINE_SHARE
        par = game.stocks[best].par
        if insider is not None and best_gain + par / 2 > 0 and cash - par // 2 >= reserve:
            return insider
        if best_gain > 0 and cash - par >= reserve:
            action = Action("buy-share", company=best)
            if game.can(p, action):
                return action
        return DECLINE_SHARE

    def share_bid(self, game: CardGame, p: int, company: int, high: int) -> Action:
        limit = min(int(self.dividend_worth(game, p, company)),
                    game.cash(p) - self.reserve(game, p))
        amount = max(high + 5, limit // 2)
        if amount > limit and high < limit:
            amount = limit
        return Action("bid", amount=amount) if high < amount <= limit else PASS

    # ---------------------------------------------------------------- building

    def buildable(self, game: CardGame, p: int, deed: int) -> bool:
        """Whether ``p`` holds a majority ownership or monopoly of ``deed``'s street group."""
        group = game.board.group_of[deed]
        owner = game.owner
        size = len(group)
        mine = 0
        for g in group:
            if owner[g] == p:
                mine += 1
        return mine == size or (size >= majority_size(game) and mine == size - 1)

    def build_candidates(self, game: CardGame, p: int) -> list[Building]:
        """Where the next building could go (:data:`Building`: expected rent added per
        dollar, deed, ...), best first; only buildings that pay back within the horizon: on
        each majority ownership or monopoly the lowest street of ours (building evenly), a
        Train Depot or Cab Stand on a railroad or cab company without one. The buildings
        are kept until our own deeds change (or the number of opponents), and split by the
        horizon again when it moves."""
        self.fresh(game, p)
        self.hold(game, p)
        same = p == self._build_seat and game is self._build_game and \
            self._opponents == self._build_opponents and \
            self._held_version == self._build_held
        if not same:
            self._build_changes = game.changes
            self._build_seat = p
            self._build_game = game
            self._build_opponents = self._opponents
            self._build_held = self._held_version
            self._build_levels = ints(self.levels(game))
            group_of = game.board.group_of
            firsts: list[int] = []
            for ours in self._buildable:
                firsts.append(group_of[ours[0]][0])
            for d in self._transit:
                firsts.append(group_of[d][0])
            self._build_firsts = ints(firsts)
            moved = game.group_changes
            self._build_marks = ints([moved[f] for f in firsts])
            parts: list[Building | None] = []
            for ours in self._buildable:
                parts.append(self.street_building(game, ours))
            for d in self._transit:
                parts.append(self.transit_building(game, d))
            self._build_parts = parts
            self.sort_buildings()
        elif game.changes != self._build_changes:
            self._build_changes = game.changes
            self.renew_buildings(game)
        horizon = self._horizon
        if horizon == self._build_horizon:
            return self._build_candidates
        self._build_horizon = horizon
        candidates: list[Building] = []
        surplus: list[Building] = []
        for building in self._buildings:  # (the kept buildings themselves: no new ones)
            added = building[2]
            if added * horizon >= building[3]:
                candidates.append(building)
            elif added > 0:
                surplus.append(building)
        self._build_candidates = candidates
        self._build_surplus = surplus
        return candidates

    def buildings(self, game: CardGame, p: int) -> list[Building]:
        """The next building of each of ``p``'s groups where one may go, as (expected rent
        added per dollar, deed, expected rent added per turn, the least that must come back
        within the horizon: 80% of its cost on a street, its cost elsewhere), best first
        (after :meth:`hold`), worked out afresh."""
        found: list[Building] = []
        for ours in self._buildable:
            building = self.street_building(game, ours)
            if building is not None:
                found.append(building)
        for d in self._transit:
            building = self.transit_building(game, d)
            if building is not None:
                found.append(building)
        found.sort(reverse=True)
        return found

    def street_building(self, game: CardGame, ours: tuple[int, ...],
                        planned: list[int] | None = None) -> Building | None:
        """The next building on our streets ``ours`` of a group where we may build (see
        :meth:`buildings`; None: the group is built up), with the buildings now and, when
        given, those ``planned`` besides (a count per space)."""
        houses = game.houses
        # The lowest of ours (the first of equals): where building evenly goes next.
        low = ours[0]
        level = int(houses[low]) if planned is None else int(houses[low]) + planned[low]
        for g in ours:
            here = int(houses[g]) if planned is None else int(houses[g]) + planned[g]
            if here < level:
                low = g
                level = here
        monopoly = len(ours) == len(game.board.group_of[low])
        if level >= (SKYSCRAPER if monopoly else HOTEL):
            return None
        rents = game.board.spaces[low].rents
        now = rents[level] if level else rents[0] * (3 if monopoly else 2)
        cost = building_cost(game, low)
        if level < 3:  # the first houses pay as steps toward three: their average
            added = self.rate(game, low, rents[3] - now) / (3 - level)
        else:
            added = self.rate(game, low, rents[level + 1] - now)
        return (added / cost, low, added, cost * 0.8)

    def transit_building(self, game: CardGame, d: int) -> Building | None:
        """A Train Depot or Cab Stand on our railroad or cab company ``d`` (see
        :meth:`buildings`; None: it has one, or is mortgaged)."""
        if game.houses[d] or game.mortgaged[d]:
            return None
        added = self.rate(game, d, game.rent(d))
        cost = building_cost(game, d)
        return (added / cost, d, added, float(cost))

    def sort_buildings(self) -> None:
        """The kept buildings of the parts, best first; split by the horizon again."""
        found: list[Building] = []
        for building in self._build_parts:
            if building is not None:
                found.append(building)
        found.sort(reverse=True)
        self._buildings = found
        self._build_horizon = -1.0

    def build_best(self, game: CardGame, p: int) -> Action | None:
        """The building with the best marginal expected rent per dollar that pays back
        within the horizon (:meth:`build_candidates`), keeping a quarter of the reserve;
        failing that, with surplus cash (more than :data:`SURPLUS` reserves left after it,
        and no deed left to buy or more than :data:`RICH` left), any building that raises
        a rent at all: cash kept idle earns nothing, and a game where the rich stop
        building never ends."""
        cash = game.cash(p)
        full = self.reserve(game, p)
        reserve = int(full * BUILD_RESERVE)
        if cash <= reserve:
            return None
        for building in self.build_candidates(game, p):
            d = building[1]
            if cash - building_cost(game, d) < reserve:
                continue
            if game.can_build(p, d) is None:
                return deed_action("build", d)
        return self.build_surplus(game, p)

    # ---------------------------------------------------------------- the plan of a turn

    def manage(self, game: ClassicGame, p: int) -> Action | None:
        """Before rolling: play a kept card that helps, build, lift mortgages, mortgage to
        pay for a building, propose a trade once a turn (None: nothing to do).

        With ``plan=turn`` the turn is planned at its first answer: the buildings, in
        order (:meth:`plan_builds`), then a mortgage to lift, a deed to mortgage for a
        building or a trade to propose (:meth:`after_building`), until none is left. The
        plan is followed through the turn's next answers while the seat's cash is at least
        what the plan expects (a throw that brought money in leaves it; what more it
        allows waits for the next turn) and its deeds, the round and the turn are the
        same. Cash below the plan's need, a deed gained or lost, a building refused, a
        mortgage lifted or taken make a new plan. With ``plan=answer`` everything is
        worked out again at every answer."""
        if not self.plan_turn:
            return super().manage(game, p)
        g = cast(CardGame, game)
        if self._plan_game is g and self._plan_seat == p and self._plan_turn == g.turns \
                and self._plan_round == g.round and g.cash(p) >= self._plan_cash and \
                self._plan_holdings == g.holdings[p]:
            if self._plan_lifted:
                # (kept after a lift: a new plan would find no building, see follow_plan)
                self._plan_lifted = False
                action = self.play_kept(g, p)
                if action is not None:
                    self._plan_game = None
                    return action
            return self.follow_plan(g, p)
        self._plan_game = None
        self._plan_lifted = False
        action = self.play_kept(g, p)
        if action is not None:
            return action
        self._plan_builds = self.plan_builds(g, p)
        self._plan_next = 0
        self._plan_done = False
        self._plan_game = g
        self._plan_seat = p
        self._plan_turn = g.turns
        self._plan_round = g.round
        self._plan_holdings = g.holdings[p]
        self._plan_cash = g.cash(p)
        if not self._plan_builds:
            action = self.build_surplus(g, p)
            if action is not None:
                self._plan_game = None
                return action
        return self.follow_plan(g, p)

    def follow_plan(self, game: CardGame, p: int) -> Action | None:
        """The plan's next building; when the plan's buildings are all up, what comes after
        building (:meth:`after_building`) until it finds nothing to do, then nothing for
        the rest of the turn. A building the game refuses ends the plan: this answer is
        worked out afresh."""
        builds = self._plan_builds
        at = self._plan_next
        if at < len(builds):
            d = builds[at]
            self._plan_next = at + 1
            if game.can_build(p, d) is None:
                self._plan_cash -= building_cost(game, d)
                return deed_action("build", d)
            self._plan_game = None
            return UltimateMonopolyStrategy.manage(self, game, p)
        if self._plan_done:
            return None
        action = self.after_building(game, p)
        if action is None:
            self._plan_done = True
        elif action.do == "unmortgage" and not builds and not self.lift_opens(game, p, action.deed):
            # A new plan after this lift would find what this one found: no building (see
            # lift_opens), and no building with surplus cash; so the plan is kept for the
            # cash the lift leaves, with a kept card looked at first, as a new plan would.
            self._plan_cash = game.cash(p) - game.unmortgage_cost(action.deed)
            self._plan_lifted = True
        elif action.do != "propose-trade":
            self._plan_game = None  # (a mortgage lifted or taken: what may be built moved)
        return action

    def lift_opens(self, game: CardGame, p: int, deed: int) -> bool:
        """Whether lifting the mortgage on our deed ``deed`` may open a building (after
        :meth:`hold`): on a railroad or cab company (its Train Depot or Cab Stand, which
        only an unmortgaged one takes), or on a street of a group where we may build (a
        majority ownership or a monopoly) with no other street of ours mortgaged, when the
        cash the lift leaves pays for one of our streets' buildings there and keeps what
        building keeps (a quarter of the reserve; building with surplus cash keeps more,
        and a plan's cash only falls).

        When it may not, a new plan made after the lift finds what the empty plan made
        before it found, nothing: the lift changes only the cash (less), the deed's
        mortgage and the game's counts of changes. The kept buildings read neither the
        cash nor a street's mortgage (nor a utility's; a railroad's and a cab company's
        are excluded), so the candidates are the same; each was left out before for
        want of cash (less now) or refused by the game, and ``can_build`` reads a mortgage
        only on the deed itself and, on a street, on our other streets of its group, which
        refuse it still (a street of a group where we may not build is refused before its
        mortgages are read; a lifted utility takes no building), or, on the group of the
        last mortgaged street of ours, are left out for want of cash now. The surplus
        buildings were refused or left out for want of cash the same way, and the reserve,
        the danger and the unowned deeds are kept for the round."""
        kind = self.facts(game).kinds[deed]
        if kind == 2 or kind == 3:
            return True
        if kind != 1 or not self._buildable_deeds[deed]:
            return False
        owner = game.owner
        mortgaged = game.mortgaged
        costs = game.building_figures.costs
        least = 1 << 30
        for d in game.board.group_of[deed]:
            if owner[d] == p:
                if d != deed and mortgaged[d]:
                    return False
                if costs[d] < least:
                    least = costs[d]
        left = game.cash(p) - game.unmortgage_cost(deed)
        return left - least >= int(self.reserve(game, p) * BUILD_RESERVE)

    def after_building(self, game: CardGame, p: int) -> Action | None:
        """What managing does once nothing (more) is to be built: lift a mortgage,
        mortgage to pay for a building, propose a trade once a turn. With ``look=N``
        (N above 1) it is looked for only in a turn at least N rounds after the last turn
        it was looked for in (all that turn's answers)."""
        if self.look > 1:
            if game is not self._look_game:
                self._look_game = game
                self._look_round = -1 << 30
                self._look_turn = -1
            if game.turns != self._look_turn:
                if game.round - self._look_round < self.look:
                    return None
                self._look_round = game.round
                self._look_turn = game.turns
        action = self.lift(game, p)
        if action is not None:
            return action
        action = self.fund_building(game, p)
        if action is not None:
            return action
        if self.willingness > 0 and self._traded_turn != game.turns:
            self._traded_turn = game.turns
            return self.offer(game, p)
        return None

    def plan_builds(self, game: CardGame, p: int) -> list[int]:
        """The buildings of the turn, in order: the first is what :meth:`build_best` would
        put up now (among those that pay back within the horizon); each next one is the
        best that pays back, among the parts' next buildings with the planned ones up
        (a part's next building worked out on those levels), while the cash left after it
        keeps a quarter of the reserve. Buildings the game refuses now (before the first)
        are left out of the rest of the plan. Empty: none of those may go up now."""
        cash = game.cash(p)
        keep = int(self.reserve(game, p) * BUILD_RESERVE)
        if cash <= keep:
            return []
        self.hold(game, p)
        if cash - self._least_cost < keep:
            return []  # (no building is paid for: the candidates need not be looked at)
        first = -1
        refused: list[int] = []
        for building in self.build_candidates(game, p):
            d = building[1]
            if cash - building_cost(game, d) < keep:
                continue
            if game.can_build(p, d) is None:
                first = d
                break
            refused.append(d)
        if first < 0:
            return []
        plan = [first]
        parts = list(self._build_parts)
        planned = [0] * game.board.size
        horizon = self._horizon
        d = first
        while len(plan) < PLAN_LONGEST:
            cash -= building_cost(game, d)
            self.plan_up(game, parts, planned, d)
            best: Building | None = None
            for b in parts:
                if b is None or b[2] * horizon < b[3] or b[1] in refused or \
                        cash - building_cost(game, b[1]) < keep:
                    continue
                if best is None or b[0] > best[0] or (b[0] == best[0] and b[1] > best[1]):
                    best = b
            if best is None:
                break
            d = best[1]
            plan.append(d)
        return plan

    def plan_up(self, game: CardGame, parts: list[Building | None], planned: list[int],
               d: int) -> None:
        """In a plan: the building on ``d`` counted in ``planned`` (the plan's buildings, a
        count per space), and the next building of its part (in ``parts``,
        :attr:`_build_parts`' order) worked out with them."""
        planned[d] += 1
        streets = len(self._buildable)
        for i in range(len(parts)):
            b = parts[i]
            if b is not None and b[1] == d:
                if i < streets:
                    parts[i] = self.street_building(game, self._buildable[i], planned)
                else:
                    parts[i] = None  # (a Train Depot or Cab Stand: one each)
                return

    def build_surplus(self, game: CardGame, p: int) -> Action | None:
        """A building with surplus cash, when none that pays back may go up
        (:meth:`build_best`'s second part; after :meth:`build_candidates`)."""
        if not self._build_surplus:
            return None
        cash = game.cash(p)
        full = self.reserve(game, p)
        keep = int(full * BUILD_RESERVE)
        if cash <= keep or cash - self._least_cost < keep:
            return None  # (the second: the kept surplus may be of deeds we held before)
        self.know_board(game, p)
        rich = RICH * self.scale(game)
        for building in self._build_surplus:
            d = building[1]
            left = cash - building_cost(game, d)
            if left < full * SURPLUS or (self._um_unowned and left < rich):
                continue
            if game.can_build(p, d) is None:
                return deed_action("build", d)
        return None

    def fund_building(self, game: CardGame, p: int) -> Action | None:
        """Mortgage a deed to pay for the best building when the deed earns much less per
        dollar than the building would: never one of a group we build on (a mortgaged
        property stops building on its group), and only when the deeds we would mortgage
        could pay for it."""
        if not FUND_BUILDING:
            return None
        candidates = self.build_candidates(game, p)
        if not candidates:
            return None
        score = candidates[0][0]
        deed = candidates[0][1]
        if game.can_build(p, deed, check_cash=False) is not None:
            return None
        cash = game.cash(p)
        short = building_cost(game, deed) + int(self.reserve(game, p) * BUILD_RESERVE) - cash
        if short <= 0:
            return None
        spaces = game.board.spaces
        horizon = self._horizon
        best = -1
        best_loss = 0.0
        raisable = 0
        for d in self.mine(game, p):
            if game.mortgaged[d] or game.houses[d] or self._buildable_deeds[d]:
                continue
            raised = spaces[d].mortgage
            loss = (self.rate(game, d, self.rent_of(game, d)) * horizon + raised * 0.1) / \
                (raised * horizon)
            if loss * 2 >= score or game.can_mortgage(p, d) is not None:
                continue
            raisable += raised
            if best < 0 or loss < best_loss:
                best = d
                best_loss = loss
        if best < 0 or raisable < short:
            return None
        return deed_action("mortgage", best)

    def lift(self, game: ClassicGame, p: int) -> Action | None:
        """Lift a mortgage on a deed of a group we build on (it stops building there) when
        the cash above a quarter of the reserve pays for it; others when nothing is left to
        build and cash is plentiful."""
        g = cast(CardGame, game)
        mortgaged = g.mortgaged
        spaces = g.board.spaces
        cash = 0
        reserve = -1  # (worked out at the first mortgaged deed)
        building = -1  # whether anything is left to build (-1: not looked at yet)
        for d in self.mine(g, p):
            if not mortgaged[d]:
                continue
            if reserve < 0:
                cash = g.cash(p)
                reserve = self.reserve(g, p)
                if cash <= reserve * BUILD_RESERVE:
                    return None  # (no lift below is paid for: each costs something)
                self.hold(g, p)
            # (lifting costs at least the mortgage value: below it, no need to ask the game)
            value = spaces[d].mortgage
            if self._buildable_deeds[d]:  # (after hold)
                if cash - value < reserve * BUILD_RESERVE or \
                        cash - g.unmortgage_cost(d) < reserve * BUILD_RESERVE:
                    continue
            else:
                if cash - value < reserve * 2 or cash - g.unmortgage_cost(d) < reserve * 2:
                    continue
                if building < 0:  # (looked at once, at the first deed that needs it)
                    building = 1 if self.build_candidates(g, p) else 0
                if building:
                    continue
            if g.can_unmortgage(p, d) is None:
                return deed_action("unmortgage", d)
        return None

    # ---------------------------------------------------------------- trades

    def wishes(self, game: CardGame, p: int, spare: int, since: int) -> list[Wish]:
        """The deeds of one other player that would give us a majority ownership or a
        monopoly (:class:`Ask`), with what the group would gain us and what we would pay:
        the printed prices (twice them for a monopoly: what a bot judging by printed prices
        asks) and ten dollars; only offers for deeds without buildings or mortgages, that
        gain at least :data:`OFFER_GAIN` times their cash, cost at most ``spare`` and were
        last made before round ``since`` (what the group would gain is worked out for those
        alone)."""
        self.fresh(game, p)
        self.hold(game, p)
        self._wish_until = 1 << 30
        self._wish_pay = 1 << 30
        wishes: list[Wish] = []
        houses = game.houses
        mortgaged = game.mortgaged
        players = game.players
        offers = self._trade_offers
        group: tuple[int, ...] = ()
        before = -1.0
        if game is not self._gains_game or p != self._gains_seat:
            self._gains_game = game
            self._gains_seat = p
            self._ask_gains = {}
        gains = self._ask_gains
        table = self.facts(game).takes
        self.settle(game)
        settles = self._settles
        group_changes = game.group_changes
        for ask in self.asks(game, p):
            if players[ask.other].bankrupt:
                continue
            free = True
            for t in ask.theirs:
                if houses[t] or mortgaged[t]:
                    free = False
            made = offers.get(ask.key, -100)
            if made > since and made + 6 < self._wish_until:
                self._wish_until = made + 6  # (the round from which it may be made again)
            if not free or made > since:
                continue
            if ask.pay > spare:
                if ask.pay < self._wish_pay:
                    self._wish_pay = ask.pay  # (the least cash that would make one more)
                continue
            count = group_changes[ask.group[0]]
            kept = gains.get(ask.key)
            if kept is not None and kept[0] == count and kept[1] == settles:
                gain = kept[2]
            else:
                key = take_key(game, p, ask.group, ask.take, self._horizon, self._opponents)
                found = table.get(key) if key >= 0 else None
                if found is not None:
                    gain = found
                else:
                    if ask.group is not group:
                        group = ask.group
                        before = self.group_value(game, p, group)
                    gain = self.group_value(game, p, group, ask.take, ()) - before
                    if key >= 0:
                        table[key] = gain
                gains[ask.key] = (count, settles, gain)
            if gain >= ask.pay * OFFER_GAIN:
                wishes.append(Wish(ask.other, ask.take, ask.key, gain, ask.pay))
        return wishes

    def offer(self, game: CardGame, p: int) -> Action | None:
        """Cash for the deeds that would give us a majority ownership or a monopoly
        (:meth:`wishes`): the offer that gains most above its cash, keeping half the
        reserve. The same offer is not made again within six rounds."""
        spare = game.cash(p) - self.reserve(game, p) // 2
        self.hold(game, p)
        if spare < self.least_ask(game, p):
            return None  # (no ask of ours is paid for: none is looked for)
        mark: tuple[int, int, float, int, int] | None = None
        if self.plan_turn:
            mark = self.offer_mark(game, p)
            if mark == self._offer_mark and spare < self._offer_spare and \
                    game.round < self._offer_until and game is self._offer_game:
                return None
        best: Wish | None = None
        for w in self.wishes(game, p, spare, game.round - 6):
            if best is None or w.gain - w.pay > best.gain - best.pay:
                best = w
        if best is None:
            if mark is not None:
                self._offer_mark = mark
                self._offer_spare = self._wish_pay
                self._offer_until = self._wish_until
                self._offer_game = game
            return None
        self._trade_offers[best.key] = game.round
        action = Action("propose-trade",
                        trade=Trade(p, best.other, take=best.take, give_cash=best.pay))
        return action if game.can(p, action) else None

    def offer_mark(self, game: CardGame, p: int) -> tuple[int, int, float, int, int]:
        """What :meth:`wishes` reads, in numbers one of which moves whenever any of it does
        (after :meth:`hold`): our deeds (``_held_version``), the changes of owner,
        buildings or mortgage of our street groups (the game's counts only grow, so their
        sum moves when one does), the horizon, the opponents and the players out. When
        it is the same, the cash to spare below the least offer left out for want of cash
        and no offer made before may be made again, no offer is found where none was
        (:meth:`offer`)."""
        self.hold(game, p)
        moved = 0
        group_changes = game.group_changes
        for group in self._groups:
            moved += group_changes[group[0]]
        out = 0
        for player in game.players:
            if player.bankrupt:
                out += 1
        return (self._held_version, moved, self._horizon, self._opponents, out)

    def trade_gain(self, game: CardGame, who: int, gets: tuple[int, ...],
                   gives: tuple[int, ...]) -> float:
        """What the deeds of a trade change in ``who``'s expected income over the horizon
        (each group touched, before and after)."""
        groups: dict[int, tuple[int, ...]] = {}
        for d in gets + gives:
            group = game.board.group_of[d]
            groups[group[0]] = group
        total = 0.0
        for group in groups.values():
            total += self.group_value(game, who, group, gets, gives) - \
                self.group_value(game, who, group)
        return total

    def answer(self, game: ClassicGame, p: int, trade: Trade | None) -> Action:
        """Accept when the trade raises our expected income (with the cash) and by at
        least as much as it raises the proposer's; never give up cards or shares."""
        if trade is None or trade.take_cards or trade.take_shares or self.willingness <= 0:
            return REJECT
        g = cast(CardGame, game)
        self.fresh(g, p)
        cash_in = trade.give_cash - trade.take_cash
        spaces = g.board.spaces
        # A deed is something to mortgage or trade too: half its price at the least.
        floor_in = sum(spaces[d].price for d in trade.give) * 0.5
        floor_out = sum(spaces[d].price for d in trade.take) * 0.5
        mine = cash_in + max(self.trade_gain(g, p, trade.give, trade.take),
                             floor_in - floor_out)
        theirs = -cash_in + self.trade_gain(g, trade.proposer, trade.take, trade.give)
        if mine > 0 and mine >= theirs and g.cash(p) + cash_in >= 0 and g.can(p, ACCEPT):
            return ACCEPT
        return REJECT

    # ---------------------------------------------------------------- debt

    def mortgage_loss(self, game: CardGame, deed: int) -> float:
        """What mortgaging our deed ``deed`` (unmortgaged, without a building on it or its
        group) loses per dollar raised over the horizon: its rent, and the mortgage's 10%
        (lifting it later). Its rent then reads only the owners of its group: kept while
        the game's count of their changes and the settle (the horizon and the opponents,
        ``_settles``) are the same (after :meth:`fresh`)."""
        group = game.board.group_of[deed]
        moved = game.group_transfers[group[0] if group else deed]
        at = 2 * deed
        if self._loss_settles[at] == self._settles and self._loss_marks[at] == moved:
            return self._losses[at]
        loss = self.mortgage_loss_afresh(game, deed)
        self._loss_settles[at] = self._settles
        self._loss_marks[at] = moved
        self._losses[at] = loss
        return loss

    def mortgage_loss_afresh(self, game: CardGame, deed: int) -> float:
        """:meth:`mortgage_loss` worked out."""
        raised = max(1, game.board.spaces[deed].mortgage)
        return (self.rate(game, deed, self.rent_of(game, deed)) * self._horizon +
                raised * 0.1) / raised

    def sale_loss_rate(self, game: CardGame, deed: int) -> float:
        """What selling a building back from our deed ``deed`` loses per dollar raised over
        the horizon: the rent it adds, and the half of its cost the bank does not pay
        back. Kept while the owners of its group (the game's count of their changes), its
        buildings and mortgage and the settle (the horizon and the opponents,
        ``_settles``) are the same (after :meth:`fresh`)."""
        group = game.board.group_of[deed]
        state = game.group_transfers[group[0] if group else deed] * 16 + \
            game.houses[deed] * 2 + (1 if game.mortgaged[deed] else 0)
        at = 2 * deed + 1
        if self._loss_settles[at] == self._settles and self._loss_marks[at] == state:
            return self._losses[at]
        loss = self.sale_loss_rate_afresh(game, deed)
        self._loss_settles[at] = self._settles
        self._loss_marks[at] = state
        self._losses[at] = loss
        return loss

    def sale_loss_rate_afresh(self, game: CardGame, deed: int) -> float:
        """:meth:`sale_loss_rate` worked out."""
        raised = max(1, sale_price(game, deed))
        return (self.rate(game, deed, self.sale_loss(game, deed)) * self._horizon +
                building_cost(game, deed) - raised) / raised

    def raise_cash(self, game: ClassicGame, p: int, owed: int) -> Action:
        """Shares first (a Sale of Stock Bonus, else mortgages: they earn least), then
        mortgage the deed that loses least expected rent per dollar, then sell the building
        that loses least rent per dollar, then mortgage the rest; bankruptcy when all of it
        could not cover the debt.

        With ``plan=turn``, when a mortgage is chosen the next ones are planned at once
        (:meth:`plan_mortgages`) and followed through the debt's next answers while the
        cash is what the plan expects and the seat's deeds and turn are the same: the same
        mortgages, in the same order, as working each answer out afresh would choose, as
        long as no sale loses less."""
        g = cast(CardGame, game)
        if self._debt_game is g and self._debt_seat == p and self._debt_turn == g.turns and \
                self._debt_cash == g.cash(p) and self._debt_holdings == g.holdings[p]:
            plan = self._debt_plan
            at = self._debt_next
            if at < len(plan):
                d = plan[at]
                if self._debt_losses[at] <= self._debt_sale_loss and not g.mortgaged[d] and \
                        built_in_group(g, p, d) < 0:
                    self._debt_next = at + 1
                    self._debt_cash = g.cash(p) + g.board.spaces[d].mortgage
                    return deed_action("mortgage", d)
        self._debt_game = None
        action = self.raise_cash_afresh(g, p, owed)
        if self.plan_turn and action.do == "mortgage" and action.deed >= 0 and \
                self._plan_mortgage_ok:
            self.plan_mortgages(g, p, action.deed)
        return action

    def plan_mortgages(self, game: CardGame, p: int, chosen: int) -> None:
        """After :meth:`raise_cash_afresh` chose to mortgage ``chosen`` (the deed that loses
        least, no sale losing less): the deeds it would mortgage next, in order (the least
        loss first, the first of equals in board order; what each loses reads its group's
        owners alone, which mortgages do not change), and the least loss of a building's
        sale now (no sale: infinite): a mortgage is followed while it loses no more."""
        mine = self.mine(game, p)
        mortgaged = game.mortgaged
        plan: list[int] = []
        losses: list[float] = []
        for d in mine:
            if d == chosen or mortgaged[d] or built_in_group(game, p, d) >= 0:
                continue
            loss = self.mortgage_loss(game, d)
            # Put in order as it comes: the least loss first, the first of equals in board
            # order (``mine``'s, which the loop follows: after every equal one so far).
            at = len(losses)
            while at > 0 and losses[at - 1] > loss:
                at -= 1
            losses.insert(at, loss)
            plan.insert(at, d)
        houses = game.houses
        owner = game.owner
        kinds = self.facts(game).kinds
        least = INFINITE
        for d in mine:
            level = houses[d]
            if not level:
                continue
            if kinds[d] == 1:
                uneven = False
                for other in game.board.group_of[d]:
                    if houses[other] > level and owner[other] == p:
                        uneven = True
                if uneven:
                    continue
            loss = self.sale_loss_rate(game, d)
            if loss < least and game.can_sell_building(p, d) is None:
                least = loss
        self._debt_plan = plan
        self._debt_losses = losses
        self._debt_sale_loss = least
        self._debt_next = 0
        self._debt_game = game
        self._debt_seat = p
        self._debt_turn = game.turns
        self._debt_holdings = game.holdings[p]
        self._debt_cash = game.cash(p) + game.board.spaces[chosen].mortgage

    def raise_cash_afresh(self, g: CardGame, p: int, owed: int) -> Action:
        """:meth:`raise_cash` worked out at this answer (``_plan_mortgage_ok``: the
        mortgage it chose, if any, was the cheapest of all, not the last resort)."""
        self._plan_mortgage_ok = False
        self.fresh(g, p)
        mine = self.mine(g, p)
        action = self.shares_first(g, p, owed, mine)
        if action is not None:
            return action
        # What each way of raising money costs per dollar raised, over the horizon.
        cheapest = -1
        cheapest_loss = 0.0
        mortgaged = g.mortgaged
        for d in mine:
            # Our deed, unmortgaged, with no building on it or its group: can_mortgage
            # allows it (and would refuse it otherwise).
            if mortgaged[d] or built_in_group(g, p, d) >= 0:
                continue
            loss = self.mortgage_loss(g, d)
            if cheapest < 0 or loss < cheapest_loss:
                cheapest = d
                cheapest_loss = loss
        sell = -1
        sell_loss = 0.0
        down = -1
        houses = g.houses
        owner = g.owner
        kinds = self.facts(g).kinds
        for d in mine:
            level = houses[d]
            if not level:
                continue
            if kinds[d] == 1:
                uneven = False  # (buildings are sold evenly: from the highest first)
                for other in g.board.group_of[d]:
                    if houses[other] > level and owner[other] == p:
                        uneven = True
                if uneven:
                    continue
            loss = self.sale_loss_rate(g, d)
            # A sale that loses no less than the best sale or mortgage found cannot be
            # chosen (and a sell-down is looked for only while neither is found).
            if (sell >= 0 and loss >= sell_loss) or (cheapest >= 0 and loss >= cheapest_loss):
                continue
            if g.can_sell_building(p, d) is None:
                sell = d
                sell_loss = loss
            elif down < 0 and can_sell_down(g, p, d) is None:
                down = d
        if cheapest >= 0 and (sell < 0 or cheapest_loss <= sell_loss):
            self._plan_mortgage_ok = True
            return deed_action("mortgage", cheapest)
        if sell >= 0:
            return deed_action("sell-building", sell)
        if down >= 0:
            return deed_action("sell-down", down)
        for d in mine:
            if not mortgaged[d] and built_in_group(g, p, d) < 0:  # (as above)
                return deed_action("mortgage", d)
        return DECLARE_BANKRUPTCY


VALUES: Final = ("income", "price")


def standard_strategy(params: dict[str, str]) -> UltimateMonopolyStrategy:
    """The standard strategy of the edition: ``value=income`` (the default) values deeds
    by their expected income; ``value=price`` is the previous strategy, by printed
    prices. ``plan=turn`` (the default) plans once a turn, ``plan=answer`` at every
    answer (:data:`PLANS`; the previous strategy takes the knob and plans at every
    answer). ``look=N`` (1 to :data:`LOOK_MOST`, default :data:`LOOK`): with
    ``plan=turn``, the rounds between the turns where lifts, a mortgage for a building
    and offers are looked for (the previous strategy and ``plan=answer`` take the knob
    and look every turn)."""
    value = params.pop("value", "income")
    if value not in VALUES:
        raise ValueError(f"bot parameter value takes income or price, not '{value}'")
    plan = params.pop("plan", "turn")
    if plan not in PLANS:
        raise ValueError(f"bot parameter plan takes turn or answer, not '{plan}'")
    look_text = params.pop("look", str(LOOK))
    try:
        look = int(look_text)
    except ValueError:
        look = 0
    if not 1 <= look <= LOOK_MOST:
        raise ValueError(f"bot parameter look takes a whole number of rounds from 1 to "
                         f"{LOOK_MOST}, not '{look_text}'")
    if value == "price":
        return ultimate_monopoly_strategy(params)
    reserve, aggression, trade, jail = classic_params(params)
    return IncomeStrategy(reserve, aggression, trade, jail, plan, look)


allow_params("value", "plan", "look")
register_strategy("ultimate-monopoly", standard_strategy)
