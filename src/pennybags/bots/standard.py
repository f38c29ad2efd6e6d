"""``standard``: the heuristic bot, playing like a sound human.

One name for every edition: :class:`StandardBot` picks the strategy written for the game's
edition. The classic strategy (also used by editions that play classic rules):

* buys what it can afford above a cash reserve that grows with the danger on the board
  (the highest rent an opponent can charge now); always buys a deed that completes or
  blocks a colour group when it has the cash;
* bids in auctions up to a value it computes: the price, more for a deed that completes its
  own group or blocks an opponent's;
* builds toward three houses quickly, evenly, on its best groups first; keeps four houses
  instead of a hotel while houses are short and opponents could build;
* leaves jail early in the game and stays late, when the board is dangerous;
* raises cash in a sensible order: mortgages lone deeds, then sells houses from its weakest
  group, then mortgages group deeds; declares bankruptcy only when nothing is left;
* proposes trades that complete its groups (a swap that completes one for each side, or
  cash) and accepts only trades that do not hand an opponent the game.

Parameters (``bot:standard?reserve=300&aggression=120&trade=50``): ``reserve`` (base cash
reserve at classic scale, default 150), ``aggression`` (percent of its computed value it
bids and pays, default 100), ``trade`` (willingness to trade in percent, 0 = never,
default 100), ``jail`` (``auto``: leave early, stay late, the default; ``short``: always
leave at once; ``long``: always roll for doubles).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Protocol, cast

from librt.vecs import vec
from mypy_extensions import i64

from pennybags.bots.registry import int_param, no_more_params, register_bot
from pennybags.editions.classic.game import (
    BID_NUMBER,
    BUY_NUMBER,
    DEBT_NUMBER,
    HOTEL,
    TRADE_NUMBER,
    ClassicGame,
)
from pennybags.editions.classic.rules import (
    ACCEPT,
    AUCTION,
    BUY,
    DECLARE_BANKRUPTCY,
    KEEP_MORTGAGED,
    PASS,
    REJECT,
)
from pennybags.engine.actions import Action, Trade, deed_action, deed_actions
from pennybags.engine.arrays import copied_ints, filled_ints, ints
from pennybags.engine.board import Board
from pennybags.engine.game import CompiledAgent, Game
from pennybags.engine.turn import (
    END_TURN,
    END_TURN_NUMBER,
    JAIL_NUMBER,
    PAY_BAIL,
    ROLL,
    ROLL_NUMBER,
    USE_CARD,
)

NO_RENT: Final = 0
STREET_RENT: Final = 1
RAILROAD_RENT: Final = 2
UTILITY_RENT: Final = 3


class TopRents:
    """The danger on a board: the two highest rents of different owners (see
    :func:`rank_rents`), with the unowned deeds and who has a mortgage."""

    __slots__ = ("mortgagers", "second_rent", "top_owner", "top_rent", "unowned")

    def __init__(self) -> None:
        self.top_rent = 0
        """The highest rent any deed charges now, and its owner (-1: none)."""
        self.top_owner = -1
        self.second_rent = 0
        """The highest rent a deed of anyone but ``top_owner`` charges now."""
        self.mortgagers = 0
        """The seats with a mortgaged deed, as bits (1 << seat)."""
        self.unowned = 0
        """The deeds the bank still has."""

    def danger(self, p: int) -> int:
        """The highest rent a deed of an opponent of ``p`` charges now."""
        return self.second_rent if p == self.top_owner else self.top_rent


def rank_rents(ranked: TopRents, deeds: list[int], owner: vec[i64], rents: vec[i64],
               out: int) -> None:
    """Rank the rents of ``deeds`` (``rents`` by deed, -1: mortgaged) into ``ranked``: the
    highest rent and its owner, and the highest of any other owner. Deeds are taken in the
    order given (it decides the top owner between equal rents); an owner below 0 is the
    bank (counted in ``unowned``); the deeds of the seats in ``out`` (bits, 1 << seat:
    players out of the game) are passed over. The one place the standard strategies rank
    rents: the classic board view and, through it, the editions' own views."""
    top = 0
    top_owner = -1
    second = 0
    mortgagers = 0
    unowned = 0
    for d in deeds:
        o = owner[d]
        if o < 0:
            unowned += 1
            continue
        if out and out >> o & 1:
            continue
        rent = rents[d]
        if rent < 0:
            mortgagers |= 1 << o
            continue
        if o == top_owner:
            if rent > top:
                top = rent
        elif rent > top:
            second = top
            top = rent
            top_owner = o
        elif rent > second:
            second = rent
    ranked.top_rent = top
    ranked.top_owner = top_owner
    ranked.second_rent = second
    ranked.mortgagers = mortgagers
    ranked.unowned = unowned


class BoardFacts:
    """What never changes on a board, in the shape the strategy reads fastest."""

    __slots__ = ("board", "build_actions", "house_scores", "mortgage_actions", "printed_rents",
                 "rated", "rent_kind", "sell_actions", "street_bits", "street_group_of",
                 "street_groups", "streets")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.street_groups: list[tuple[int, ...]] = [
            group for group in board.groups.values()
            if group and board.spaces[group[0]].kind == "street"
        ]
        self.streets: list[int] = [d for d in board.deeds if board.spaces[d].kind == "street"]
        street_group_of = [-1] * board.size
        for g, group in enumerate(self.street_groups):
            for d in group:
                street_group_of[d] = g
        self.street_group_of: vec[i64] = ints(street_group_of)
        """Each deed's place in ``street_groups`` (-1: not a street of a colour group)."""
        others = [d for group in board.groups.values() for d in group
                  if board.spaces[d].kind in ("railroad", "utility")]
        self.rated: list[int] = self.streets + others
        """The deeds that charge rent: ``streets`` first, then the railroads and utilities."""
        rent_kind = [NO_RENT] * board.size
        self.printed_rents: list[tuple[int, ...]] = [() for _ in range(board.size)]
        """The printed rents of each street, by improvement level (empty for the rest)."""
        for d in self.rated:
            kind = board.spaces[d].kind
            if kind == "street":
                rent_kind[d] = STREET_RENT
                self.printed_rents[d] = board.spaces[d].rents
            else:
                rent_kind[d] = RAILROAD_RENT if kind == "railroad" else UTILITY_RENT
        self.rent_kind: vec[i64] = ints(rent_kind)
        """How each space's deed charges rent (``STREET_RENT``, ``RAILROAD_RENT``,
        ``UTILITY_RENT``; ``NO_RENT``: no deed, or one that charges none)."""
        spaces = board.spaces
        self.street_bits = 0
        """The streets (of a colour group or not), as bits (1 << space)."""
        for d in self.streets:
            self.street_bits |= 1 << d
        self.house_scores: list[tuple[float, ...]] = [() for _ in range(board.size)]
        """For each street of a colour group, by its buildings (below a hotel): how good
        the next house is there, as the strategy scores it when the group is whole: the
        rent it adds for each unit of house cost, and 5 more toward three houses (see
        ``ClassicStrategy.house_candidates``; empty for the rest)."""
        for group in self.street_groups:
            cost = spaces[group[0]].house_cost
            if cost <= 0:
                continue  # (no houses are built there)
            for d in group:
                rents = spaces[d].rents
                scores: list[float] = []
                for low in range(min(HOTEL, len(rents) - 1)):
                    gain = rents[low + 1] - (rents[low] if low else rents[0] * 2)
                    scores.append(gain / cost + (5.0 if low < 3 else 0.0))
                self.house_scores[d] = tuple(scores)
        self.build_actions = deed_actions("build", board.size)
        self.sell_actions = deed_actions("sell-building", board.size)
        self.mortgage_actions = deed_actions("mortgage", board.size)
        """``Action(kind, deed)`` by deed, for the actions the strategy takes most often."""

    def __deepcopy__(self, memo: dict[int, Any]) -> BoardFacts:
        """Nothing here changes (one is shared by every strategy on the board): a deep copy
        of a strategy, with all it keeps, shares it too."""
        return self


class LastMade:
    """The board facts and the board view made last (most processes play one board, one
    game at a time). One object, never rebound (``Final``): the compiled build reads a
    module's variable that is rebound by a look-up in the module's dictionary, about 130
    instructions, and a ``Final`` one, or an attribute of it, directly."""

    __slots__ = ("facts", "view")

    def __init__(self) -> None:
        self.facts: BoardFacts | None = None
        self.view: BoardView | None = None


LAST: Final = LastMade()


def board_facts(board: Board) -> BoardFacts:
    facts = LAST.facts
    if facts is None or facts.board is not board:
        facts = LAST.facts = BoardFacts(board)
    return facts


class BoardView(TopRents):
    """What every standard bot of a game derives from the deeds, shared by the bots of that
    game. The danger on the board and who has a mortgage are brought up to date after the
    deeds change, at most once a round: the bots read the board afresh each time play comes
    round, as a person does, not after every house. (Reading it every turn cost whole
    simulations a few percent more: about 900 instructions per player-turn, measured
    together with a smaller change.) Each deed's rent is kept and worked out again only for
    the deeds the game's log says changed (``Game.changed``); all of them when the log
    does not account for every change. Each seat's groups, wants and deeds are worked out
    again after every change of owner (see :meth:`know_owners`)."""

    __slots__ = ("changes", "complete", "deeds", "deeds_transfers", "facts", "game",
                 "group_owner", "logged", "owners_changes", "owners_logged", "ranked_owner",
                 "rents", "round", "split_other", "split_owner", "transfers", "wanted")

    def __init__(self, game: ClassicGame) -> None:
        super().__init__()
        self.game = game
        self.facts = board_facts(game.board)
        self.rents: vec[i64] = filled_ints(0, game.board.size)
        """The rent each owned deed charges now, by deed (-1: mortgaged)."""
        self.ranked_owner: vec[i64] = copied_ints(game.owner)
        """The owner of each deed when the rents were last ranked (what the top rents
        count); every deed's owner after each update (the deeds the log names brought up
        to date one by one, the rest unchanged), so ranking needs no copy then."""
        self.changes: i64 = -1
        self.logged: i64 = 0
        """The game's ``changes`` count and the length of its log of changed deeds when
        ``rents`` were last brought up to date. (The counts kept here are ``i64``, as the
        game's are: see ``Game.changes``.)"""
        self.round = -1
        self.update()
        seats = len(game.players)
        self.transfers: i64 = -1
        """The game's ``transfers`` count when ``complete`` and ``wanted`` were worked out
        (see :meth:`know_owners`)."""
        self.complete: list[list[tuple[int, ...]]] = [[] for _ in range(seats)]
        """Each seat's complete colour groups."""
        self.wanted: list[list[Wanted]] = [[] for _ in range(seats)]
        """Each seat's colour groups that one other player owns the rest of."""
        self.deeds_transfers: i64 = -1
        self.deeds: list[list[int]] = [[] for _ in range(seats)]
        """Each seat's deeds in board order (see :meth:`deeds_of`)."""
        groups = len(self.facts.street_groups)
        self.group_owner: vec[i64] = filled_ints(-1, groups)
        """Who owns each colour group whole (-1: nobody)."""
        self.split_owner: list[Wanted | None] = [None] * groups
        self.split_other: list[Wanted | None] = [None] * groups
        """Each colour group split between two players: the first player's :class:`Wanted`
        and the other's (None: not so split)."""
        self.owners_changes: i64 = -1
        self.owners_logged: i64 = 0
        """The game's ``changes`` count and the length of its log when the groups above
        were last brought up to date."""

    def fresh(self) -> BoardView:
        """This view, brought up to date first if the deeds changed in an earlier round."""
        game = self.game
        if self.changes != game.changes and self.round != game.round:
            self.update()
        return self

    def update(self) -> None:
        """Bring the rents up to date from the deeds that changed, and the top rents with
        them: ranked again over every deed unless each change only raised a street's rent
        or brought a street from the bank, which :func:`rank_rents` would rank as
        :meth:`raise_rent` does."""
        game = self.game
        log = game.changed
        logged = self.logged
        length = len(log)
        owner = game.owner
        rank = True
        copied = False  # whether ranked_owner is every deed's owner now
        if length >= logged and length - logged == game.changes - self.changes:
            rank = False
            copied = True  # (each deed logged is brought up to date below, the rest stand)
            facts = self.facts
            kinds = facts.rent_kind
            rents = self.rents
            ranked_owner = self.ranked_owner
            mortgaged = game.mortgaged
            for k in range(logged, length):
                d = log[k]
                kind = kinds[d]
                if kind == STREET_RENT:  # (most changes: the same as rent_of, without a call)
                    before = rents[d]
                    rent = -1 if mortgaged[d] else facts.printed_rents[d][game.houses[d]]
                    rents[d] = rent
                    o = owner[d]
                    was = ranked_owner[d]
                    ranked_owner[d] = o
                    if rank:
                        continue
                    if o == was and rent == before:
                        continue  # (the deed's change was ranked already: logged twice)
                    if o < 0 or rent < 0 or \
                            (was >= 0 and (was != o or before < 0 or rent < before)):
                        rank = True  # a rent lowered, a mortgage, a deed changing hands
                        continue
                    if was < 0:  # bought from the bank
                        self.unowned -= 1
                    rank = not self.raise_rent(o, rent)
                elif kind != NO_RENT:
                    ranked_owner[d] = owner[d]
                    self.rent_of(d)
                    rank = True  # (the group's rents changed too)
        else:  # changes the log does not say: every deed again
            for d in self.facts.rated:
                self.rent_of(d)
        self.logged = length
        self.changes = game.changes
        self.round = game.round
        if rank:
            if not copied:
                # (a copy rather than ``[:] =``: the compiled build assigns a slice through
                # the generic protocol, about twice the instructions of a copy; the slice
                # is the array's own copy in both builds, without copied_ints' call)
                self.ranked_owner = owner[:]
            rank_rents(self, self.facts.rated, owner, self.rents, 0)

    def raise_rent(self, o: int, rent: int) -> bool:
        """The top rents with a deed of seat ``o`` charging ``rent``, up from a lower rent of
        the same owner or from not counting (the bank's): what :func:`rank_rents` would
        give, as it takes the first deed of the highest rent for ``top_owner`` and the
        highest rent of any other owner for ``second_rent``. False (nothing changed) when
        ``rent`` equals the top rent of another owner: then the order of the deeds
        decides, and they must be ranked again."""
        top = self.top_rent
        if o == self.top_owner:
            if rent > top:
                self.top_rent = rent
        elif rent > top:
            self.second_rent = top
            self.top_rent = rent
            self.top_owner = o
        elif rent == top:
            return False
        elif rent > self.second_rent:
            self.second_rent = rent
        return True

    def rent_of(self, deed: int) -> None:
        """Work out again the rent of ``deed`` (with its group's, for a railroad or a
        utility: theirs depend on how many of the group the owner has). A street's printed
        rent for its buildings; a utility's at the average roll of 7."""
        facts = self.facts
        kind = facts.rent_kind[deed]
        if kind == NO_RENT:
            return
        game = self.game
        mortgaged = game.mortgaged
        rents = self.rents
        if kind == STREET_RENT:
            if mortgaged[deed]:
                rents[deed] = -1
            else:
                rents[deed] = facts.printed_rents[deed][game.houses[deed]]
            return
        owner = game.owner
        group = game.board.group_of[deed]
        for d in group:
            o = owner[d]
            if o < 0:
                continue
            if mortgaged[d]:
                rents[d] = -1
                continue
            count = 0
            for g in group:
                if owner[g] == o:
                    count += 1
            if facts.rent_kind[d] == RAILROAD_RENT:
                rents[d] = game.railroad_rents[count - 1]
            else:
                rents[d] = game.utility_multipliers[count - 1] * 7

    def know_owners(self) -> None:
        """Bring ``complete`` and ``wanted`` up to date if owners have changed since (every
        change, not once a round: a bot builds on a group it has just completed): the
        groups with a deed the game's log names are looked at again (all of them when the
        log does not account for every change), and each seat's lists made again from the
        groups in board order. The lists are updated in place, so a bot that holds its own
        sees the change once any bot has asked."""
        game = self.game
        if self.transfers == game.transfers:
            return
        self.transfers = game.transfers
        facts = self.facts
        groups = facts.street_groups
        log = game.changed
        logged = self.owners_logged
        length = len(log)
        looked = 0  # the groups to look at again, as bits (1 << place in groups)
        if length >= logged and length - logged == game.changes - self.owners_changes:
            group_of = facts.street_group_of
            for k in range(logged, length):
                g = group_of[log[k]]
                if g >= 0:
                    looked |= 1 << g
        else:
            looked = (1 << len(groups)) - 1
        self.owners_logged = length
        self.owners_changes = game.changes
        if looked == 0:
            return  # (railroads or utilities changed hands)
        owner = game.owner
        group_owner = self.group_owner
        split_owner = self.split_owner
        split_other = self.split_other
        moved = False  # whether a group looked at became, or is no longer, whole or split
        g = -1
        for group in groups:
            g += 1
            if not looked >> g & 1:
                continue
            a = -2  # the owners met in the group (-1: the bank, -2: none yet)
            b = -2
            for d in group:
                o = owner[d]
                if o == a or o == b:  # noqa: SIM109  (two compares: faster compiled)
                    continue
                if a == -2:
                    a = o
                elif b == -2:
                    b = o
                else:
                    a = -1  # three owners: nobody's group
                    break
            whole = group_owner[g]
            first = split_owner[g]
            if a >= 0 and b == -2:  # a's whole
                if whole == a:
                    continue  # (as it was: only its buildings or mortgages changed)
                group_owner[g] = a
                split_owner[g] = None
                split_other[g] = None
                moved = True
                continue
            if a < 0 or b < 0:  # the bank's in part, or three owners': nobody's or split
                if whole >= 0 or first is not None:
                    group_owner[g] = -1
                    split_owner[g] = None
                    split_other[g] = None
                    moved = True
                continue
            second = split_other[g]
            if first is not None and first.other == b and second is not None and \
                    second.other == a:
                # Split between the same two as before: as it was if b still has just the
                # deeds asked of b (and a the rest).
                take = first.take
                k = 0
                for d in group:
                    if owner[d] == b:
                        if k == len(take) or take[k] != d:
                            k = -1
                            break
                        k += 1
                if k == len(take):
                    continue
            group_owner[g] = -1
            split_owner[g] = Wanted(group, b, a, owner)
            split_other[g] = Wanted(group, a, b, owner)
            moved = True
        if not moved:
            return  # (no group's whole owner or split moved: the seats' lists stand)
        complete = self.complete
        wanted = self.wanted
        for seat_groups in complete:
            if seat_groups:
                seat_groups.clear()
        for seat_wanted in wanted:
            if seat_wanted:
                seat_wanted.clear()
        g = -1
        for group in groups:
            g += 1
            whole = group_owner[g]
            if whole >= 0:
                complete[whole].append(group)
                continue
            first = split_owner[g]
            if first is not None:
                second = split_other[g]
                assert second is not None  # (made together)
                wanted[second.other].append(first)
                wanted[first.other].append(second)

    def deeds_of(self, p: int) -> list[int]:
        """The deeds of seat ``p`` in board order, looked up for every seat at once after
        owners change."""
        game = self.game
        if self.deeds_transfers != game.transfers:
            self.deeds_transfers = game.transfers
            owner = game.owner
            deeds = self.deeds
            for mine in deeds:
                if mine:
                    mine.clear()
            for d in game.board.deeds:
                o = owner[d]
                if o >= 0:
                    deeds[o].append(d)
        return self.deeds[p]


def highest_level(houses: vec[i64], group: tuple[int, ...]) -> int:
    """The most buildings on any street of ``group`` (what ``ClassicGame.highest_level``
    says of a deed of the group)."""
    high = 0
    for d in group:
        level = houses[d]
        if level > high:
            high = level
    return high


_CLASSIC_CHECKS: Final[dict[type, bool]] = {}


def classic_checks(game: ClassicGame) -> bool:
    """Whether ``game`` judges selling buildings and mortgaging as classic does (its class
    overrides none of ``can_sell_building``, ``can_mortgage`` and ``highest_level``): then
    the strategy asks the same questions without the game's calls, which word a reason for
    every refusal. (For a deed of the player's own: a building may be sold from a street
    with the most buildings of its group, and a deed mortgaged, if not mortgaged already,
    when its group has no buildings.)"""
    kind = type(game)
    plain = _CLASSIC_CHECKS.get(kind)
    if plain is None:
        plain = True
        for name in ("can_sell_building", "can_mortgage", "highest_level"):
            if getattr(kind, name) is not getattr(ClassicGame, name):
                plain = False
        _CLASSIC_CHECKS[kind] = plain
    return plain


_BIDS: Final[dict[int, Action]] = {}


def bid_action(amount: int) -> Action:
    """``Action("bid", amount=amount)``, made once per amount (actions are values, as
    :func:`~pennybags.engine.actions.deed_action`'s are): a bid is made at most landings,
    and making an action (its kind's word looked up among them) costs several times the
    look-up of the amount."""
    action = _BIDS.get(amount)
    if action is None:
        action = _BIDS[amount] = Action("bid", amount=amount)
    return action


def board_view(game: ClassicGame) -> BoardView:
    """The view shared by the bots of ``game``, up to date."""
    view = LAST.view
    if view is None or view.game is not game:
        view = LAST.view = BoardView(game)
        return view
    return view.fresh()


class Wanted:
    """A colour group the bot owns part of and one other player owns the rest of."""

    __slots__ = ("group", "key", "other", "take")

    def __init__(self, group: tuple[int, ...], other: int, p: int, owner: vec[i64]) -> None:
        self.group = group
        self.other = other
        self.take = tuple([d for d in group if owner[d] != p])
        """The deeds to ask ``other`` for."""
        key = other
        for d in self.take:
            key |= 1 << (d + 8)
        self.key: object = key
        """The other player and the deeds asked for, as one number (offers are
        remembered by it; kept as a Python int, made once, for the dictionary)."""


class ClassicStrategy:
    """The standard strategy for classic rules (houses, mortgages, trades, auctions).

    (The bot's cash is read from the ledger, ``game.ledger.balances[p]``, as ``game.cash``
    does, without a call on every answer.)"""

    def __init__(self, reserve: int, aggression: int, trade: int, jail: str = "auto") -> None:
        self.jail_plan = jail
        self.base_reserve = reserve
        self.aggression = aggression / 100
        self.willingness = trade / 100
        self._settled_turn: i64 = -1
        self._traded_turn: i64 = -1
        self._offers: dict[object, int] = {}
        """When each offer was last made (by round), so it is not made again too soon."""
        self._quiet_until = 0
        self._quiet_transfers: i64 = -1
        self._quiet_game: ClassicGame | None = None
        """The round from which :meth:`propose` may offer again, when it last offered
        nothing: the first round an offer for one of ``_wanted`` is due, while the game
        and its ``transfers`` count (so the groups wanted) are the same."""
        # The game, its changes and transfers counts and the seat when the cached views
        # below were worked out.
        self._seen_game: ClassicGame | None = None
        self._seen_changes: i64 = -1
        self._seen_seat = -1
        self._seen_transfers: i64 = -1
        self._view: BoardView | None = None
        """The board view of the game (shared with the other bots)."""
        self._seen_view: i64 = -1
        """The changes count of the board view when the danger below was worked out."""
        self._danger = 0
        self._reserve = 0
        self._groups: list[tuple[int, ...]] = []
        self._mortgaged = False
        self._unowned = 0
        self._wanted: list[Wanted] = []
        self._cheapest_house = 0
        """The lowest house cost among ``_groups`` (0: no groups)."""
        self._grouped = 0
        """The streets of ``_groups``, as bits (1 << street)."""
        self._scale = 1.0
        self._scale_game: ClassicGame | None = None
        self._checks = True
        self._checks_game: ClassicGame | None = None
        """Whether ``_checks_game`` judges selling and mortgaging as classic does
        (:func:`classic_checks`, a look-up by the game's class)."""

    # ---------------------------------------------------------------- the answer

    def choose(self, game: ClassicGame, p: int) -> Action:
        pending = game.pending
        # (The seat asked first is nearly always the one asked: decision_for without a call.)
        decision = pending[0] if pending and pending[0].player == p else game.decision_for(p)
        if decision is None:
            raise ValueError("the bot was asked to act without a decision")
        # The kind by its number (``Decision.number``): compiled, each comparison of words
        # is a call. (Not ``in`` a tuple of the three: mypyc compiles that alike, but pure
        # Python builds the tuple on every answer.)
        number = decision.number
        if number == ROLL_NUMBER or number == END_TURN_NUMBER or number == JAIL_NUMBER:  # noqa: SIM109
            if self._settled_turn != game.turns:
                action = self.manage(game, p)
                if action is not None:
                    return action
                self._settled_turn = game.turns
            if number == ROLL_NUMBER:
                return ROLL
            if number == END_TURN_NUMBER:
                return END_TURN
            return self.jail(game, p)
        if number == BUY_NUMBER:
            return BUY if self.wants(game, p, decision.deed, decision.amount) else AUCTION
        if number == BID_NUMBER:
            return self.bid(game, p, decision.deed, decision.amount)
        if number == DEBT_NUMBER:
            return self.raise_cash(game, p, decision.amount)
        if number == TRADE_NUMBER:
            return self.answer(game, p, decision.trade)
        kind = decision.kind
        if kind == "mortgaged-deeds":
            return self.lift_received(game, p)
        if kind == "place-house":
            return self.place_house(game, p)
        raise ValueError(f"the standard bot does not know the decision '{kind}'")

    # ---------------------------------------------------------------- judgement

    def lift_received(self, game: ClassicGame, p: int) -> Action:
        """Mortgaged deeds just received: lift each one the cash above the reserve pays for,
        keep the rest mortgaged."""
        offer = game.lift_offer
        if not offer:
            return KEEP_MORTGAGED
        cash = game.ledger.balances[p]
        reserve = self.reserve(game, p)
        # The first such deed in board order: the lowest of those the cash pays for (found
        # without sorting the set, a new list each time).
        first = -1
        for deed in offer:
            if (first < 0 or deed < first) and cash - game.unmortgage_cost(deed) >= reserve \
                    and game.can_unmortgage(p, deed) is None:
                first = deed
        return deed_action("unmortgage", first) if first >= 0 else KEEP_MORTGAGED

    def scale(self, game: ClassicGame) -> float:
        if self._scale_game is not game:
            start: int = game.data.rules["starting_cash"]
            self._scale = start / 1500
            self._scale_game = game
        return self._scale

    def view(self, game: ClassicGame) -> BoardView:
        """The board view of ``game``, up to date."""
        view = self._view
        if view is None or view.game is not game:
            view = self._view = board_view(game)
            return view
        return view.fresh()

    def refresh(self, game: ClassicGame, p: int) -> None:
        """Work out again what depends only on the deeds, when they have changed."""
        changes = game.changes
        if changes == self._seen_changes and p == self._seen_seat and \
                game is self._seen_game:
            return
        self._seen_changes = changes
        # (view(), danger() and scale() written out: refresh runs on most answers)
        view = self._view
        if view is None or view.game is not game:
            view = self._view = board_view(game)
        elif view.changes != changes and view.round != game.round:
            view.update()
        same_seat = p == self._seen_seat and game is self._seen_game
        if view.changes != self._seen_view or not same_seat:
            self._seen_view = view.changes
            worst = view.second_rent if p == view.top_owner else view.top_rent
            self._danger = worst
            self._unowned = view.unowned
            self._mortgaged = view.mortgagers >> p & 1 == 1
            scale = self._scale if self._scale_game is game else self.scale(game)
            # The reserve: a share of the danger, at most 600, at least the base reserve.
            reserve = worst * 0.35
            cap = 600 * scale
            if reserve > cap:
                reserve = cap
            base = self.base_reserve * scale
            if base > reserve:
                reserve = base
            self._reserve = int(reserve)
        if same_seat and game.transfers == self._seen_transfers:
            return  # the same owners: the same groups
        self._seen_seat = p
        self._seen_game = game
        self._seen_transfers = game.transfers
        view.know_owners()
        self._groups = view.complete[p]
        self._wanted = view.wanted[p]
        spaces = game.board.spaces
        cheapest = 0
        grouped = 0
        for group in self._groups:
            cost = spaces[group[0]].house_cost
            if cheapest == 0 or cost < cheapest:
                cheapest = cost
            for d in group:
                grouped |= 1 << d
        self._cheapest_house = cheapest
        self._grouped = grouped

    def mine(self, game: ClassicGame, p: int) -> list[int]:
        """The bot's deeds, in board order."""
        if game.changes != self._seen_changes or p != self._seen_seat or \
                game is not self._seen_game:  # (refresh's own first test, without the call)
            self.refresh(game, p)
        view = self._view
        assert view is not None  # refresh has set it
        return view.deeds_of(p)

    def danger(self, game: ClassicGame, p: int) -> int:
        """The highest rent an opponent's deed would charge now."""
        if game.changes != self._seen_changes or p != self._seen_seat or \
                game is not self._seen_game:  # (refresh's own first test, without the call)
            self.refresh(game, p)
        return self._danger

    def reserve(self, game: ClassicGame, p: int) -> int:
        """Cash kept back: the base reserve, more when the board is dangerous."""
        if game.changes != self._seen_changes or p != self._seen_seat or \
                game is not self._seen_game:  # (refresh's own first test, without the call)
            self.refresh(game, p)
        return self._reserve

    def completes(self, game: ClassicGame, p: int, deed: int) -> bool:
        owner = game.owner
        for d in game.board.group_of[deed]:  # noqa: SIM110  (a loop is faster than all())
            if d != deed and owner[d] != p:
                return False
        return True

    def blocks(self, game: ClassicGame, p: int, deed: int) -> bool:
        """Whether the deed is the last one an opponent needs for a group."""
        owner = game.owner
        other = -2
        for d in game.board.group_of[deed]:
            if d == deed:
                continue
            o = owner[d]
            if o < 0 or o == p or (other != -2 and o != other):
                return False
            other = o
        return other != -2

    def value(self, game: ClassicGame, p: int, deed: int) -> float:
        price: int = game.board.spaces[deed].price
        bonus = 1.0
        if self.completes(game, p, deed):
            bonus += 0.8
        elif self.blocks(game, p, deed):
            bonus += 0.4
        return price * bonus * self.aggression

    def wants(self, game: ClassicGame, p: int, deed: int, price: int) -> bool:
        cash: int = game.ledger.balances[p]
        if cash < price:
            return False
        if self.completes(game, p, deed) or self.blocks(game, p, deed):
            return True
        return cash - price >= self.reserve(game, p) // 2

    def bid(self, game: ClassicGame, p: int, deed: int, high: int) -> Action:
        cash = game.ledger.balances[p]
        scale = self._scale if self._scale_game is game else self.scale(game)
        # (min and max written out: a bid is asked on most landings)
        if deed < 0:  # a house during a housing shortage
            limit = cash - self.reserve(game, p)
            most = int(400 * scale)
        else:
            limit = int(self.value(game, p, deed))
            most = cash - self.reserve(game, p) // 3
        if most < limit:
            limit = most
        # Open at half the limit, then raise by a tenth: auctions end in a few rounds.
        step = int(10 * scale)
        if step < 1:
            step = 1
        if high // 10 > step:
            step = high // 10
        amount = high + step
        if limit // 2 > amount:
            amount = limit // 2
        if amount > limit and high < limit:
            amount = limit
        return bid_action(amount) if amount <= limit and amount > high else PASS

    def jail(self, game: ClassicGame, p: int) -> Action:
        """Leave early (while deeds are for sale and the board is safe); stay late."""
        if self.jail_plan == "long":
            late = True
        elif self.jail_plan == "short":
            late = False
        else:
            late = self.danger(game, p) >= 400 * self.scale(game) and self._unowned < 6
        if not late:
            if game.players[p].cards:
                return USE_CARD
            if game.can(p, PAY_BAIL) and (self.jail_plan == "short" or game.cash(p) -
                                          game.jail_fine >= self.reserve(game, p) // 2):
                return PAY_BAIL
        return ROLL

    # ---------------------------------------------------------------- between turns

    def manage(self, game: ClassicGame, p: int) -> Action | None:
        """What to do before rolling or ending the turn (None: nothing). Only asked at
        the bot's own roll, jail and end-turn decisions, where managing is allowed."""
        if game.changes != self._seen_changes or p != self._seen_seat or \
                game is not self._seen_game:  # (refresh's own first test, without the call)
            self.refresh(game, p)
        # A house is looked for only when the cheapest is affordable above the reserve
        # (house_candidates' first test, without two calls: most turns none is).
        if self._groups and \
                game.ledger.balances[p] - self._cheapest_house >= self._reserve:
            action = self.build(game, p)
            if action is not None:
                return action
        if self._mortgaged:
            action = self.lift(game, p)
            if action is not None:
                return action
        if self._wanted and self.willingness > 0 and self._traded_turn != game.turns:
            self._traded_turn = game.turns
            if game.round < self._quiet_until and game is self._quiet_game and \
                    game.transfers == self._quiet_transfers:
                return None  # (every offer made too recently: propose would pass them all)
            return self.propose(game, p)
        return None

    def build(self, game: ClassicGame, p: int) -> Action | None:
        """The best house to build now: three houses first (the best return on a house),
        evenly, keeping the reserve; no hotels while houses are short."""
        best = self.house_candidates(game, p, None)
        if best < 0:
            return None
        # The best street is on a complete group of ours, unmortgaged, the lowest of its
        # group, below a hotel and affordable (house_candidates checked): the bank's stock
        # is all can_build would still look at.
        if game.stock_problem(game.houses[best]) is None:  # nearly always: skip the rest
            view = self._view
            assert view is not None  # (manage has refreshed it)
            return view.facts.build_actions[best]
        candidates: list[tuple[float, int]] = []
        self.house_candidates(game, p, candidates)
        for _, deed in sorted(candidates, reverse=True):
            if game.can_build(p, deed) is None:
                return deed_action("build", deed)
        return None

    def house_candidates(self, game: ClassicGame, p: int,
                         out: list[tuple[float, int]] | None) -> int:
        """The street of each complete group where the next house would go, scored; the
        best one (-1 if none), and all of them as (score, street) in ``out`` if given."""
        cash = game.ledger.balances[p]
        reserve = self._reserve  # (manage has refreshed it)
        if cash - self._cheapest_house < reserve and out is None:
            return -1  # no house is affordable (the usual answer)
        shortage = game.bank_houses <= 8
        houses = game.houses
        mortgaged = game.mortgaged
        spaces = game.board.spaces
        view = self._view
        assert view is not None  # (manage has refreshed it)
        scores = view.facts.house_scores
        best_score = -1.0  # below every score: a house always raises the rent
        best = -1
        for group in self._groups:
            cost = spaces[group[0]].house_cost
            if cash - cost < reserve:
                continue
            low = HOTEL + 1
            deed = -1
            for d in group:
                if mortgaged[d]:
                    deed = -2
                    break
                level = houses[d]
                if level < low or (level == low and d > deed):
                    low = level
                    deed = d
            if deed < 0 or low >= HOTEL or (shortage and low >= HOTEL - 1):
                continue
            # (made once a board: the rent the house adds for each unit of its cost, and 5
            # more toward three houses)
            score = scores[deed][low]
            if out is not None:
                out.append((score, deed))
            if score > best_score or (score == best_score and deed > best):
                best_score = score
                best = deed
        return best

    def lift(self, game: ClassicGame, p: int) -> Action | None:
        cash = game.ledger.balances[p]
        reserve = self._reserve  # (manage has refreshed it)
        if cash < reserve * 2:
            return None
        mortgaged = game.mortgaged
        for d in self.mine(game, p):
            if mortgaged[d] and cash - game.unmortgage_cost(d) >= reserve * 2 and \
                    game.can_unmortgage(p, d) is None:
                return deed_action("unmortgage", d)
        return None

    def place_house(self, game: ClassicGame, p: int) -> Action:
        self.refresh(game, p)
        for group in self._groups:
            for d in sorted(group, key=lambda d: game.houses[d]):
                if game.houses[d] < HOTEL - 1 and game.can_build(p, d, check_cash=False) is None:
                    return deed_action("build", d)
        raise ValueError("no place for the house won at auction")

    # ---------------------------------------------------------------- debt

    def raise_cash(self, game: ClassicGame, p: int, owed: int) -> Action:
        """Mortgage lone deeds, then sell houses from the weakest group, then mortgage group
        deeds; bankruptcy when nothing is left (or nothing could cover the debt)."""
        mine = self.mine(game, p)
        view = self._view
        assert view is not None  # (mine has refreshed it)
        facts = view.facts
        streets = facts.street_bits
        spaces = game.board.spaces
        houses = game.houses
        mortgaged = game.mortgaged
        group_of = game.board.group_of
        if game is not self._checks_game:  # (classic_checks once a game, not per debt)
            self._checks = classic_checks(game)
            self._checks_game = game
        plain = self._checks
        raisable = game.ledger.balances[p]
        # The cheapest lone deed to mortgage, else the cheapest building to sell, else the
        # cheapest group deed to mortgage (the first of equals, in board order).
        lone = -1
        built = -1
        for d in mine:
            space = spaces[d]
            level = houses[d]
            if level:
                raisable += space.house_cost // 2 * (level + (3 if level == HOTEL else 0))
                if (built < 0 or space.house_cost < spaces[built].house_cost) and (
                        level >= highest_level(houses, group_of[d]) if plain
                        else game.can_sell_building(p, d) is None):
                    built = d
            if not mortgaged[d]:
                raisable += space.mortgage
                if lone < 0 or space.price < spaces[lone].price:
                    # (A street's group is whole when it is one of ours: _grouped says so.)
                    whole = self._grouped >> d & 1 == 1 if streets >> d & 1 \
                        else game.owns_group(p, d)
                    if not whole and (highest_level(houses, group_of[d]) == 0 if plain
                                      else game.can_mortgage(p, d) is None):
                        lone = d
        if raisable < owed:
            return DECLARE_BANKRUPTCY
        if lone >= 0:
            return facts.mortgage_actions[lone]
        if built >= 0:
            return facts.sell_actions[built]
        rest = -1
        for d in mine:
            if (rest < 0 or spaces[d].price < spaces[rest].price) and (
                    not mortgaged[d] and highest_level(houses, group_of[d]) == 0 if plain
                    else game.can_mortgage(p, d) is None):
                rest = d
        if rest >= 0:
            return facts.mortgage_actions[rest]
        return DECLARE_BANKRUPTCY

    # ---------------------------------------------------------------- trades

    def gain(self, game: ClassicGame, side: int, get: tuple[int, ...], give: tuple[int, ...],
             cash: int) -> float:
        """What a trade is worth to ``side``: deeds valued with the group each completes."""
        owner = game.owner[:]  # (a copy of the array as it is: no boxed list compiled)
        for d in give:
            owner[d] = -2
        for d in get:
            owner[d] = side
        total = float(cash)
        for d in get:
            group = game.board.group_of[d]
            space = game.board.spaces[d]
            price = space.price
            complete = space.kind == "street"
            for g in group:  # (a loop, not all(): no generator made for each deed)
                if owner[g] != side:
                    complete = False
                    break
            total += price * (3.0 if complete else 1.0)
        for d in give:
            total -= game.board.spaces[d].price
        return total

    def answer(self, game: ClassicGame, p: int, trade: Trade | None) -> Action:
        if trade is None or self.willingness <= 0:
            return REJECT
        cash_in = trade.give_cash - trade.take_cash
        mine = self.gain(game, p, trade.give, trade.take, cash_in)
        theirs = self.gain(game, trade.proposer, trade.take, trade.give, -cash_in)
        margin = 1.1 - 0.1 * self.willingness
        given = 0
        for d in trade.give:
            given += game.board.spaces[d].price
        completes_mine = mine > 2 * given + cash_in
        worthwhile = completes_mine or cash_in > 0
        if worthwhile and mine > 0 and mine >= theirs * margin and game.can(p, ACCEPT):
            return ACCEPT
        return REJECT

    def propose(self, game: ClassicGame, p: int) -> Action | None:
        """Offer for the deeds that complete one of our groups: a swap that completes one of
        theirs too, or cash. The same offer is not made again within eight rounds; one it
        cannot pay for is looked at again after two."""
        spaces = game.board.spaces
        cash = game.ledger.balances[p]
        due = -1  # the first round an offer passed over is due again (-1: none passed)
        for w in self._wanted:  # (a split group has no buildings: nothing to sell first)
            key = w.key
            made = self._offers.get(key, -100)
            if made > game.round - 8:
                if due < 0 or made + 8 < due:
                    due = made + 8
                continue
            group = w.group
            other = w.other
            take = w.take
            give = self.swap_for(game, p, other, group)
            price = 0
            for d in take:
                price += spaces[d].price
            if give:
                give_value = 0
                for d in give:
                    give_value += spaces[d].price
                give_cash = max(0, price - give_value)
            else:
                give_cash = int(price * (1.6 + 0.6 * self.willingness))
            give_cash = min(give_cash, max(0, cash - self.reserve(game, p)))
            if not give and give_cash < price:
                self._offers[key] = game.round - 6  # look again in two rounds
                if due < 0 or game.round + 2 < due:
                    due = game.round + 2
                continue
            self._offers[key] = game.round
            trade = Trade(p, other, give=give, take=take, give_cash=give_cash)
            action = Action("propose-trade", trade=trade)
            if game.can(p, action):
                return action
            if due < 0 or game.round + 8 < due:
                due = game.round + 8
        if due >= 0:
            self._quiet_until = due
            self._quiet_game = game
            self._quiet_transfers = game.transfers
        return None

    def swap_for(self, game: ClassicGame, p: int, other: int,
                 wanted: tuple[int, ...]) -> tuple[int, ...]:
        """Deeds of ours that would complete another group (not ``wanted``) for ``other``:
        the first group, in board order, that ``other`` wants from us (split between the
        two of us alone, with no buildings)."""
        self.refresh(game, p)  # the view's wants are up to date
        view = self._view
        assert view is not None  # refresh has set it
        houses = game.houses
        for w in view.wanted[other]:
            if w.other != p or w.group[0] == wanted[0]:  # (groups share no deed)
                continue
            built = False
            for d in w.group:
                if houses[d]:
                    built = True
            if not built:
                return w.take  # what other asks us for: our deeds of the group
        return ()


class Strategy(Protocol):
    """How the standard bot plays one edition."""

    def choose(self, game: Any, p: int) -> Action:
        ...


class EditionStrategy:
    """The base of an edition's own strategy, one that does not build on classic's (a
    strategy that does subclasses :class:`ClassicStrategy`). In the compiled build both are
    native classes, so the standard bot calls their ``choose`` directly rather than through
    Python's attribute lookup and call."""

    def choose(self, game: Any, p: int) -> Action:
        """The answer of seat ``p`` to its decision in ``game``."""
        raise NotImplementedError(f"{type(self).__name__} does not say how to choose")


StrategyFactory = Callable[[dict[str, str]], Strategy]
"""Makes a strategy from the bot's parameters (it pops those it knows)."""

_STRATEGIES: Final[dict[str, StrategyFactory]] = {}


def register_strategy(edition_id: str, factory: StrategyFactory) -> None:
    """Give the standard bot its strategy for an edition (editions without one that play
    classic rules use the classic strategy)."""
    _STRATEGIES[edition_id] = factory


def classic_params(params: dict[str, str]) -> tuple[int, int, int, str]:
    """The classic strategy's parameters (popped from ``params``), checked: reserve,
    aggression, trade and jail. Raises ValueError naming a bad value."""
    reserve = int_param(params, "reserve", 150)
    aggression = int_param(params, "aggression", 100)
    trade = int_param(params, "trade", 100)
    jail = params.pop("jail", "auto")
    if jail not in ("auto", "short", "long"):
        raise ValueError(f"bot parameter jail takes auto, short or long, not '{jail}'")
    return reserve, aggression, trade, jail


DEFAULTS: Final = classic_params({})
"""The classic strategy's parameters when none are given."""


def classic_strategy(params: dict[str, str]) -> ClassicStrategy:
    reserve, aggression, trade, jail = classic_params(params)
    return ClassicStrategy(reserve, aggression, trade, jail)


register_strategy("classic", classic_strategy)


class StandardBot(CompiledAgent):
    """The heuristic bot; the strategy is chosen by the game's edition."""

    name = "standard"

    def __init__(self, params: dict[str, str] | None = None) -> None:
        self.params = dict(params or {})
        # The values, checked now (a bot with no parameters, the usual one, has the
        # defaults).
        self._values = classic_params(dict(self.params)) if self.params else DEFAULTS
        self._strategy: Strategy | None = None
        self._classic: ClassicStrategy | None = None
        """The strategy again when it is the classic one, to call it directly (faster in
        the compiled build)."""
        self._edition: EditionStrategy | None = None
        """The strategy again when it is an edition's own, for the same reason."""
        self._game: ClassicGame | None = None
        """The game last played, as the classic game it is (its type checked once, not on
        every answer)."""

    def choose(self, game: Game, player: int) -> Action:
        classic = self._classic
        if classic is not None:
            typed = self._game
            if typed is not game:
                typed = self._game = cast(ClassicGame, game)
            return classic.choose(typed, player)
        edition = self._edition
        if edition is not None:
            return edition.choose(game, player)
        strategy = self._strategy
        if strategy is None:
            strategy = self.for_edition(game.edition_id)
            if self._classic is not None or self._edition is not None:
                return self.choose(game, player)
        return strategy.choose(game, player)

    def for_edition(self, edition_id: str) -> Strategy:
        """The strategy for games of ``edition_id``, made once from the bot's parameters.
        Raises ValueError naming a parameter that edition's strategy does not take (an
        edition without its own strategy plays classic's)."""
        if self._strategy is not None:
            return self._strategy
        factory = _STRATEGIES.get(edition_id, classic_strategy)
        strategy: Strategy
        if factory is classic_strategy:  # the values are checked already
            unknown = set(self.params) - CLASSIC_PARAMS
            strategy = ClassicStrategy(*self._values)
        else:
            params = dict(self.params)
            strategy = factory(params)  # it takes out the parameters it understands
            unknown = set(params)
        if unknown:
            raise ValueError(f"the standard bot has no parameter(s) "
                             f"{', '.join(sorted(unknown))} in {edition_id}")
        self._strategy = strategy
        if isinstance(strategy, ClassicStrategy):
            self._classic = strategy
        elif isinstance(strategy, EditionStrategy):
            self._edition = strategy
        return strategy


CLASSIC_PARAMS: Final = frozenset({"reserve", "aggression", "trade", "jail"})
_EXTRA_PARAMS: Final[set[str]] = set()


def allow_params(*names: str) -> None:
    """Parameters an edition's strategy understands beyond the classic ones (a game of
    another edition refuses them: its strategy leaves them untaken)."""
    _EXTRA_PARAMS.update(names)


def _make(seed: int, params: dict[str, str]) -> StandardBot:
    if not params:
        return StandardBot()
    unknown = set(params) - CLASSIC_PARAMS - _EXTRA_PARAMS
    if unknown:
        no_more_params("standard", {k: params[k] for k in unknown})
    bot = StandardBot(params)
    params.clear()
    return bot


register_bot("standard", _make)
