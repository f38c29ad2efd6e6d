"""The standard bot's strategy for Ultimate Monopoly (``standard`` on ``--edition
ultimate-monopoly``).

It plays classic's way where the rules are classic's (buying, auctions of deeds, trades of
deeds, lifting mortgages received: :class:`~pennybags.bots.standard.ClassicStrategy`) and
answers every decision the edition adds, always with an action the game lists or accepts:

* **danger and reserve**: the cash it keeps back grows with the highest rent an opponent
  charges now (majority ownerships and monopolies, skyscrapers, depots and cab stands
  counted); it buys a deed that completes a group, gives it a majority ownership or blocks
  an opponent's down to half that reserve;
* **buildings**: builds where the next building raises the rent most for its cost (houses up
  to three first), on majority ownerships and monopolies, toward hotels and skyscrapers, and
  Train Depots and Cab Stands, keeping the reserve;
* **moving where it likes** (triples, Subway, A Moving Experience, a taxi ride, a Travel
  Voucher): scores every space it may go to: an unowned deed it wants (more for one that
  completes or gives it a majority), a pay corner's salary, Birthday Gift, Squeeze Play...;
  an opponent's rent counts against a space. A taxi and a voucher are taken only to reach
  an unowned deed it wants; the speed die's Bus takes a Travel Voucher;
* **cards**: plays kept cards when they help (See You In Court! on the richest opponent,
  stealing or foreclosing the deed worth most to it, a free house, a District Attorney on
  the leader, Bargain Business on a deed it wants, rent cards on big rents, "Just Say NO!"
  against any action but a small fine); aims Hurricanes where opponents lose most rent,
  Tornadoes and surrenders where it loses least;
* **stocks**: buys a share at the Stock Exchange when rich (where its dividend grows most;
  with Insider Trading at half par), bids up to the par value above its reserve;
* **debt**: sells a share with Sale of Stock Bonus, mortgages shares, then deeds outside its
  groups, then sells buildings where they bring least rent, then mortgages the rest;
  declares bankruptcy only when all of that could not cover the debt.

Parameters: classic's (``reserve``, ``aggression``, ``trade``, ``jail``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, cast

from librt.vecs import vec
from mypy_extensions import i64

from pennybags.bots.standard import (
    ClassicStrategy,
    TopRents,
    classic_params,
    rank_rents,
    register_strategy,
)
from pennybags.editions.classic.game import ClassicGame
from pennybags.editions.classic.rules import (
    ACCEPT,
    AUCTION,
    BUY,
    DECLARE_BANKRUPTCY,
    PASS,
    REJECT,
)
from pennybags.editions.ultimate_monopoly.board import corner_pay
from pennybags.editions.ultimate_monopoly.buildings import (
    building_cost,
    can_sell_down,
    majority_size,
    sale_price,
)
from pennybags.editions.ultimate_monopoly.cards import ACTION_DECKS, CardGame, has_target
from pennybags.editions.ultimate_monopoly.game import (
    HOTEL,
    POOL,
    SKYSCRAPER,
    VOUCHERS,
    ShareAuction,
)
from pennybags.editions.ultimate_monopoly.travel import (
    expiring_vouchers,
    taxi_destinations,
    voucher_destinations,
)
from pennybags.engine.actions import Action, Decision, Trade, deed_action
from pennybags.engine.arrays import ints
from pennybags.engine.turn import END_TURN, PAY_BAIL, ROLL, USE_CARD

GO_ON: Final = Action("go-on")
NO_TAXI: Final = Action("no-taxi")
TAKE_VOUCHER: Final = Action("take-voucher")
PAY_RENT: Final = Action("pay-rent")
ALLOW: Final = Action("allow")
KEEP_CARD: Final = Action("keep-card")
PAY_TAX: Final = Action("pay-tax")
GO_TO_JAIL: Final = Action("go-to-jail")
BUY_FOR: Final = Action("buy-for")
DECLINE_SHARE: Final = Action("decline-share")

SPACE_CHOICES: Final = ("gps", "moving-experience", "buyers-market")
DEED_CHOICES: Final = ("taxi-wars", "steal", "swap", "swap-give", "foreclose", "free-house",
                       "hurricane", "tornado", "surrender", "house-condemned")
PLAYER_CHOICES: Final = ("court", "district-attorney", "game-night")
COMPANY_CHOICES: Final = ("inherit-stock", "sale-of-stock", "insider-trading")
VOUCHER_CHOICES: Final = ("finders-keepers", "losers-weepers")
AGAINST: Final = ("against-pay", "against-court", "against-steal", "against-swap",
                  "against-jail", "against-voucher", "against-hurricane",
                  "against-deal-buster", "stock-fine", "insider-fine")

KNOWN_DECISIONS: Final = frozenset({
    "roll", "end-turn", "jail", "buy", "bid", "debt", "trade", "mortgaged-deeds",
    "triples", "subway", "bonus-move", "bus", "taxi", "birthday-gift", "auction-space",
    "stock-exchange", "name-share", "taxes-due", "card-buy", "rent-due", "good-fortune",
    *SPACE_CHOICES, *DEED_CHOICES, *PLAYER_CHOICES, *COMPANY_CHOICES, *VOUCHER_CHOICES,
    *AGAINST})
"""Every decision kind the strategy answers (a test checks it covers the rulebook's)."""

TURN_CARDS: Final = ("take_from_player", "steal_property", "send_player_to_jail",
                     "foreclose_mortgaged_property", "free_house", "swap_property",
                     "move_to_unowned_outer_property_half_price", "advance_to")
"""Kept cards the bot plays on its own turn when they help (see :meth:`play_kept`)."""
TURN_CARD_KINDS: Final = frozenset(TURN_CARDS)
"""The same, looked up by hash (a tuple is searched word by word)."""
SPACE_WORTH: Final[dict[str, int]] = {
    "chance": 10, "community_chest": 10, "bus_ticket": 15, "roll_three": 40,
    "squeeze_play": 60, "birthday_gift": 80, "subway": 60, "auction": 10,
    "stock_exchange": 10, "go_to_jail": -60, "reverse_direction": -5}
"""What the bot reckons a visit to a special space is worth to itself, per other player for
Squeeze Play and Birthday Gift (pay corners, taxes, Tax Refund and deeds are worked out)."""


def among(index: int, indexes: tuple[int, ...]) -> bool:
    """Whether ``index`` is one of ``indexes`` (a loop: the compiled build looks a number up
    in a tuple through the generic sequence protocol)."""
    for i in indexes:  # noqa: SIM110  (a loop is faster than any())
        if i == index:
            return True
    return False


def rent_now(game: CardGame, deed: int) -> int:
    """The rent a lander owes on ``deed`` now (0: unowned or mortgaged; a utility at a
    throw of 7)."""
    owner = game.owner
    o = owner[deed]
    if o < 0 or game.mortgaged[deed]:
        return 0
    count = 0
    for g in game.board.group_of[deed]:
        if owner[g] == o:
            count += 1
    return game.rent_for(deed, count, 7)


class Estate(TopRents):
    """The danger on the board as the bots of one game read it, shared by them and kept up
    to date from the deeds that changed (rather than worked out again over the whole board):
    each deed's rent now, and the two highest rents of different owners.

    Each group keeps its own leaders (its highest rent's deed, and the highest of another
    owner's) and its unowned deeds, worked out again when the game's count of changes of
    its owners, buildings or mortgages moves; the board's danger is ranked over those
    leaders, two a group, rather than over every deed. The highest rent of the board and
    the highest of any other owner are the same either way (only which of two owners with
    the same highest rent counts as the top one may differ, and the danger is then that
    rent for everyone)."""

    __slots__ = ("active", "changes", "firsts", "game", "group_changes", "leaders", "leads",
                 "nothing", "out", "place", "ranked", "ranked_round", "rents", "unowned_in",
                 "unowned_now")

    def __init__(self, game: CardGame) -> None:
        super().__init__()
        self.game = game
        size = game.board.size
        self.changes = game.changes
        """The game's ``changes`` count when the groups' counts were last compared."""
        firsts: list[int] = []
        for d in game.board.deeds:
            first = game.board.group_of[d][0]
            if first not in firsts:
                firsts.append(first)
        self.firsts = firsts
        """The first deed of each group (where ``group_changes`` counts)."""
        self.group_changes: vec[i64] = ints(game.group_changes)
        """A copy of the game's changes of owner, buildings and mortgage per group, when
        last compared."""
        self.rents: vec[i64] = ints([0] * size)
        """Each deed's rent now (:func:`rent_now`)."""
        self.leads: vec[i64] = ints([-1] * (2 * size))
        """For each group (at ``2 * first`` and the next), the deed of its highest rent
        and the deed of the highest rent of any other owner (-1: none), players out of the
        game passed over."""
        self.unowned_in: vec[i64] = ints([0] * size)
        """Each group's deeds nobody owns (at its first deed)."""
        self.unowned_now = 0
        """The deeds nobody owns: the sum of ``unowned_in``."""
        self.place: vec[i64] = ints([0] * size)
        """Each group's place in ``firsts`` (at its first deed)."""
        for i, first in enumerate(firsts):
            self.place[first] = i
        nothing = 0
        while game.board.spaces[nothing].is_deed:
            nothing += 1
        self.nothing = nothing
        """A space with no deed: its rent is always 0, which ranks as no deed at all."""
        self.leaders: list[int] = [nothing] * (2 * len(firsts))
        """The leaders of each group, two places a group in the order of ``firsts`` (its
        ``leads``; ``nothing`` where it has none): what the danger is ranked over, kept in
        place as the groups change rather than made again at each ranking."""
        self.out = 0
        """The players out of the game (bits, 1 << seat) the leaders were found without."""
        for first in firsts:
            self.rent_group(first)
        self.ranked = -1
        self.active = -1
        """The ``changes`` count and the players still in when the danger was ranked."""
        self.ranked_round = -1
        """The round when :meth:`rank_once_a_round` last ranked the danger."""

    def update(self) -> None:
        """When the game's ``changes`` count moved, work out again the rents of each group
        whose count of changes (owner, buildings, mortgage; ``group_changes``) moved."""
        game = self.game
        if self.changes == game.changes:
            return
        self.changes = game.changes
        moved = game.group_changes
        moved_was = self.group_changes
        for first in self.firsts:
            if moved[first] != moved_was[first]:
                moved_was[first] = moved[first]
                self.rent_group(first)

    def rent_group(self, deed: int) -> None:
        """Work out again the rents of ``deed``'s group, its leaders and unowned deeds."""
        game = self.game
        rents = self.rents
        owner = game.owner
        out = self.out
        mortgaged = game.mortgaged
        group = game.board.group_of[deed]
        top = -1
        second = -1
        unowned = 0
        for g in group:
            o = owner[g]
            # (rent_now, written out: the group and its owners are at hand)
            rent = 0
            if o >= 0 and not mortgaged[g]:
                count = 0
                for h in group:
                    if owner[h] == o:
                        count += 1
                rent = game.rent_for(g, count, 7)
            rents[g] = rent
            if o < 0:
                unowned += 1
                continue
            if out and out >> o & 1:
                continue
            if top < 0:
                top = g
            elif o == owner[top]:
                if rent > rents[top]:
                    top = g
            elif rent > rents[top]:
                second = top
                top = g
            elif second < 0 or rent > rents[second]:
                second = g
        first = group[0]
        self.leads[2 * first] = top
        self.leads[2 * first + 1] = second
        self.unowned_now += unowned - self.unowned_in[first]
        self.unowned_in[first] = unowned
        at = 2 * self.place[first]
        nothing = self.nothing
        self.leaders[at] = top if top >= 0 else nothing
        self.leaders[at + 1] = second if top >= 0 and second >= 0 else nothing

    def rank(self) -> None:
        """The danger and the unowned deeds, up to date."""
        self.update()
        game = self.game
        players = game.players
        active = 0
        for player in players:
            if not player.bankrupt:
                active += 1
        if self.ranked == self.changes and self.active == active:
            return
        self.ranked = self.changes
        self.active = active
        out = 0
        if active < len(players):
            for seat, player in enumerate(players):
                if player.bankrupt:
                    out |= 1 << seat
        if out != self.out:
            self.out = out
            for first in self.firsts:
                self.rent_group(first)
        # (a mortgaged deed's rent now is 0, which ranks as no deed at all, as does the
        # space with no deed in place of a group's missing leader: neither moves the top
        # rent, its owner or the second, whatever its owner; the leaders are of players
        # still in, and owned. The unowned deeds rank_rents counts are not these.)
        rank_rents(self, self.leaders, game.owner, self.rents, 0)
        self.unowned = self.unowned_now

    def rank_once_a_round(self) -> None:
        """The danger and the unowned deeds as :meth:`rank` finds them at the first call of
        each round (the bots that plan once a turn read the board when play comes round;
        one ranking a round serves every seat): ranked again within the round only when a
        player went out."""
        game = self.game
        if self.ranked_round == game.round:
            active = 0
            for player in game.players:
                if not player.bankrupt:
                    active += 1
            if active == self.active:
                return
        self.ranked_round = game.round
        self.rank()


_last_estate: Estate | None = None


def estate_of(game: CardGame) -> Estate:
    """The estate shared by the bots of ``game``."""
    global _last_estate
    found = _last_estate
    if found is None or found.game is not game:
        found = _last_estate = Estate(game)
    return found


def bid_toward(high: int, limit: int, least_step: int) -> Action:
    """A bid toward ``limit``: a tenth above the high bid (at least ``least_step``), or
    half the limit at once if that is more, or the limit itself when the step would pass
    it; a pass when the high bid has reached the limit."""
    amount = max(high + max(least_step, high // 10), limit // 2)
    if amount > limit and high < limit:
        amount = limit
    return Action("bid", amount=amount) if high < amount <= limit else PASS


class UltimateMonopolyStrategy(ClassicStrategy):
    """How the standard bot plays Ultimate Monopoly."""

    def __init__(self, reserve: int, aggression: int, trade: int, jail: str = "auto") -> None:
        super().__init__(reserve, aggression, trade, jail)
        self._managed_turn = -1
        self._managed_changes = -1
        self._managed_cash = -1
        self._managed_seat = -1
        """The turn, game changes, cash and seat when managing last found nothing to do."""
        self._estate: Estate | None = None
        self._danger_seat = -1
        self._danger_game: ClassicGame | None = None
        self._um_danger = 0
        self._um_unowned = 0
        self._no_market = (-1, -1)
        self._no_market_game: ClassicGame | None = None
        self._no_market_seat = -1
        """The game's count of changes of owner and the seat's position when a Buyer's
        Market card was last refused before a throw of the seat's turn in that game: while
        both are the same, it would be refused again."""
        self._idle_cards: list[tuple[str, int]] | None = None
        self._idle_game: ClassicGame | None = None
        self._idle_seat = -1
        """A copy of the cards of the seat when :meth:`play_kept` last found none of the
        kinds it plays (:data:`TURN_CARDS`) among them: while they are the same, there is
        none to look at."""
        self._no_sale_debt: Decision | None = None
        """The debt (the pending decision itself) whose answers found no Sale of Stock
        Bonus among the seat's cards: none comes to them while it is pending (its answers
        mortgage, sell buildings or mortgage shares; only a Sale of Stock Bonus held is
        played)."""

    # ---------------------------------------------------------------- the answer

    def choose(self, game: ClassicGame, p: int) -> Action:
        g = cast(CardGame, game)
        d = g.decision_for(p)
        if d is None:
            raise ValueError("the bot was asked to act without a decision")
        kind = d.kind
        if kind == "roll" or kind == "end-turn" or kind == "jail":
            if g.turns != self._managed_turn or g.changes != self._managed_changes or \
                    g.cash(p) != self._managed_cash or p != self._managed_seat:
                action = self.manage(g, p)
                if action is not None:
                    return action
                self._managed_turn = g.turns
                self._managed_changes = g.changes
                self._managed_cash = g.cash(p)
                self._managed_seat = p
            if kind == "jail":
                return self.jail(g, p)
            voucher = self.voucher(g, p)
            if voucher is not None:
                return voucher
            return ROLL if kind == "roll" else END_TURN
        if kind == "buy":
            bargain = self.kept(g, p, "buy_landed_property_for")
            if bargain is not None and self.wants(g, p, d.deed, min(d.amount, 100)):
                return bargain
            return BUY if self.wants(g, p, d.deed, d.amount) else AUCTION
        if kind == "bid":
            if isinstance(g.auction, ShareAuction):
                return self.share_bid(g, p, g.auction.company, d.amount)
            return self.bid(g, p, d.deed, d.amount)
        if kind == "debt":
            return self.raise_cash(g, p, d.amount)
        if kind == "trade":
            return self.answer(g, p, d.trade)
        if kind == "mortgaged-deeds":
            return self.lift_received(g, p)
        if kind == "triples" or kind == "subway":
            return self.move_to(g, p)
        if kind == "bonus-move":
            return GO_ON
        if kind == "bus":
            return TAKE_VOUCHER
        if kind == "taxi":
            return self.taxi(g, p, d)
        if kind == "birthday-gift":
            return Action("collect-gift", target=d.creditor)
        if kind == "auction-space":
            return self.put_up(g, p)
        if kind == "stock-exchange":
            return self.stock_exchange(g, p)
        if kind == "name-share":
            return self.pick(g, p, "auction-share",
                             lambda a: self.dividend_gain(g, p, a.company))
        if kind == "taxes-due":
            return self.taxes_due(g, p)
        if kind == "card-buy":
            return BUY_FOR if self.wants(g, p, d.deed, d.amount) else AUCTION
        if kind == "rent-due":
            return self.rent_due(g, p, d)
        if kind == "good-fortune":
            return self.first(g, p, "play-card") or KEEP_CARD
        if kind in AGAINST:
            if kind == "against-pay" and d.amount < 100:
                return ALLOW
            return self.first(g, p, "play-card") or ALLOW
        if kind in SPACE_CHOICES:
            return self.choose_space(g, p, d)
        if kind in DEED_CHOICES:
            return self.choose_deed(g, p, d)
        if kind in PLAYER_CHOICES:
            return self.choose_player(g, p, d)
        if kind in COMPANY_CHOICES:
            return self.choose_company(g, p, d)
        if kind in VOUCHER_CHOICES:
            return self.pick(g, p, "choose-card", lambda a: 0.0)
        raise ValueError(f"the standard bot does not know the decision '{kind}'")

    # ---------------------------------------------------------------- legal answers

    def kept(self, game: CardGame, p: int, card_kind: str) -> Action | None:
        """Playing the kept card of that effect, if we keep one and may play it now."""
        for ref in game.players[p].cards:
            if ref[0] in ACTION_DECKS and game.decks[ref[0]].cards[ref[1]].kind == card_kind:
                action = Action("play-card", card=ref)
                return action if game.can(p, action) else None
        return None

    def first(self, game: CardGame, p: int, do: str) -> Action | None:
        """The first legal action of kind ``do`` (None: none is legal now)."""
        for a in game.legal_actions(p):
            if a.do == do:
                return a
        return None

    def pick(self, game: CardGame, p: int, do: str,
             score: Callable[[Action], float]) -> Action:
        """The legal action of kind ``do`` with the highest score (the first of equals).
        ValueError when none is legal: the decision offers it, so that is a bug."""
        best: Action | None = None
        best_score = 0.0
        for a in game.legal_actions(p):
            if a.do != do:
                continue
            s = score(a)
            if best is None or s > best_score:
                best = a
                best_score = s
        if best is None:
            raise ValueError(f"no legal '{do}' for the decision "
                             f"'{game.pending[0].kind if game.pending else None}'")
        return best

    # ---------------------------------------------------------------- judgement

    def danger(self, game: ClassicGame, p: int) -> int:
        """The highest rent an opponent's deed would charge now (utilities at a throw of 7)."""
        self.know_board(cast(CardGame, game), p)
        return self._um_danger

    def reserve(self, game: ClassicGame, p: int) -> int:
        """Cash kept back: the base reserve (at the edition's scale), more when the board is
        dangerous."""
        scale = self.scale(game)
        return int(max(self.base_reserve * scale, min(self.danger(game, p) * 0.35,
                                                      600 * scale)))

    def estate(self, game: CardGame) -> Estate:
        """The estate of ``game``, shared with the other bots."""
        found = self._estate
        if found is None or found.game is not game:
            found = self._estate = estate_of(game)
        return found

    def know_board(self, game: CardGame, p: int) -> None:
        """The danger on the board (the highest rent an opponent's deed charges now) and the
        unowned deeds."""
        estate = self.estate(game)
        estate.rank()
        self._danger_seat = p
        self._danger_game = game
        self._um_danger = estate.danger(p)
        self._um_unowned = estate.unowned

    def rent_of(self, game: CardGame, deed: int) -> int:
        """The rent a lander owes on ``deed`` now (0: unowned or mortgaged; a utility at a
        throw of 7)."""
        return rent_now(game, deed)

    def owned_after(self, game: CardGame, p: int, deed: int) -> int:
        """How many deeds of ``deed``'s group ``p`` would own with it."""
        count = 0
        for g in game.board.group_of[deed]:
            if g == deed or game.owner[g] == p:
                count += 1
        return count

    def gains_majority(self, game: CardGame, p: int, deed: int) -> bool:
        """Whether owning ``deed`` would give ``p`` a majority ownership (all but one of a
        street group of three or more) it does not have."""
        group = game.board.group_of[deed]
        if game.board.spaces[deed].kind != "street" or len(group) < majority_size(game):
            return False
        return self.owned_after(game, p, deed) == len(group) - 1 and game.owner[deed] != p

    def value(self, game: ClassicGame, p: int, deed: int) -> float:
        """What a deed is worth to ``p``: its price, more when it completes a group of ours,
        gives us a majority ownership or blocks an opponent."""
        g = cast(CardGame, game)
        price: int = game.board.spaces[deed].price
        bonus = 1.0
        if self.completes(game, p, deed):
            bonus += 0.8
        elif self.gains_majority(g, p, deed):
            bonus += 0.6
        elif self.blocks(game, p, deed):
            bonus += 0.4
        return price * bonus * self.aggression

    def wants(self, game: ClassicGame, p: int, deed: int, price: int) -> bool:
        cash = game.cash(p)
        if cash < price:
            return False
        g = cast(CardGame, game)
        reserve = self.reserve(game, p)
        if self.completes(game, p, deed) or self.gains_majority(g, p, deed) or \
                self.blocks(game, p, deed):
            return cash - price >= reserve // 4
        return cash - price >= reserve // 2

    def share_bid(self, game: CardGame, p: int, company: int, high: int) -> Action:
        """A share at auction: worth its par value to us, above the reserve."""
        par = game.stocks[company].par
        limit = min(int(par * self.aggression), game.cash(p) - self.reserve(game, p))
        return bid_toward(high, limit, 5)

    def dividend_gain(self, game: CardGame, p: int, company: int) -> float:
        """How much one more share of ``company`` adds to ``p``'s dividend (per par)."""
        stock = game.stocks[company]
        held = game.shares[p][company] - game.shares_mortgaged[p][company]
        table = stock.dividends
        now = table[min(held, len(table)) - 1] if held > 0 else 0
        after = table[min(held + 1, len(table)) - 1]
        return (after - now) / stock.par

    # ---------------------------------------------------------------- spaces

    def space_score(self, game: CardGame, p: int, space: int, *, rent: bool = True) -> float:
        """What ending a direct move on ``space`` is worth to ``p`` (money, roughly): an
        unowned deed it wants, a pay corner's landing salary, the special spaces; an
        opponent's rent against it (``rent=False``: none is charged, a taxi ride)."""
        board = game.tracks
        deed = board.deed_at(space)
        if deed >= 0:
            o = game.owner[deed]
            if o < 0:
                price = board.spaces[deed].price
                if self.wants(game, p, deed, price):
                    return 100 + self.value(game, p, deed) / 2
                return 5.0
            if o == p or not rent:
                return 0.0
            return -float(self.rent_of(game, deed))
        s = board.spaces[space]
        kind = s.kind
        if board.is_pay_corner(space):
            return float(corner_pay(s, "direct", True, by_dice=False)) / 2
        if kind == "tax":
            return -100.0
        if kind == "tax_refund":
            return game.ledger.balance(POOL) / 2
        worth = SPACE_WORTH.get(kind, 0)
        if kind in ("squeeze_play", "birthday_gift"):
            worth *= len(game.active_players()) - 1
        return float(worth)

    def move_to(self, game: CardGame, p: int) -> Action:
        """Triples or Subway: the best space of the board to go to."""
        here = game.players[p].position
        best = -1
        best_score = 0.0
        for s in range(game.board.size):
            if s == here:
                continue
            score = self.space_score(game, p, s)
            if best < 0 or score > best_score:
                best = s
                best_score = score
        return Action("move-to", space=best)

    def taxi(self, game: CardGame, p: int, d: Decision) -> Action:
        """A taxi ride only to an unowned deed we want (no rent is charged there)."""
        if game.cash(p) - d.amount < self.reserve(game, p) // 2:
            return NO_TAXI
        best = -1
        best_score = 100.0
        for s in taxi_destinations(game, d.deed):
            score = self.space_score(game, p, s, rent=False)
            if score > best_score:
                best = s
                best_score = score
        if best < 0:
            return NO_TAXI
        action = Action("take-taxi", space=best)
        return action if game.can(p, action) else NO_TAXI

    def voucher(self, game: CardGame, p: int) -> Action | None:
        """A Travel Voucher to an unowned deed we want on our side of the board (before the
        throw, or after the last one); a plain voucher before one that expires the others."""
        if not game.may_play_voucher(p):
            return None
        expiring = expiring_vouchers(game)
        card = -1
        # The first voucher held, or the first plain one after it if it expires the others
        # (no later one is looked at once a plain one is found).
        for key, index in game.players[p].cards:
            if key != VOUCHERS:
                continue
            if card < 0:
                card = index
            elif not among(index, expiring):
                card = index
                break
            if not among(card, expiring):
                break
        if card < 0:
            return None
        best = -1
        best_score = 100.0
        owner = game.owner
        for s in voucher_destinations(game, p):
            # Only an unowned deed scores above 100 (an owned one, nothing or its rent).
            deed = game.tracks.deed_at(s)
            if deed < 0 or owner[deed] >= 0:
                continue
            score = self.space_score(game, p, s)
            if score > best_score:
                best = s
                best_score = score
        if best < 0:
            return None
        action = Action("play-voucher", card=(VOUCHERS, card), space=best)
        return action if game.can(p, action) else None

    # ---------------------------------------------------------------- between turns

    def manage(self, game: ClassicGame, p: int) -> Action | None:
        """Before rolling or ending the turn: play a kept card that helps, build, lift
        mortgages, mortgage to pay for a building, propose a trade once a turn (None:
        nothing to do)."""
        g = cast(CardGame, game)
        action = self.play_kept(g, p)
        if action is not None:
            return action
        action = self.build_best(g, p)
        if action is not None:
            return action
        action = self.lift(g, p)
        if action is not None:
            return action
        action = self.fund_building(g, p)
        if action is not None:
            return action
        if self.willingness > 0 and self._traded_turn != g.turns:
            self._traded_turn = g.turns
            return self.offer(g, p)
        return None

    def fund_building(self, game: CardGame, p: int) -> Action | None:
        """A mortgage to pay for a building (this strategy builds from cash only)."""
        return None

    def offer(self, game: CardGame, p: int) -> Action | None:
        """A trade to propose: classic's, for the group it wants (None: none)."""
        self.refresh(game, p)
        return self.propose(game, p) if self._wanted else None

    def play_kept(self, game: CardGame, p: int) -> Action | None:
        """A kept card worth playing now (on our own turn; ``game.can`` says when)."""
        if p != game.current:
            return None
        cards = game.players[p].cards
        if p == self._idle_seat and game is self._idle_game and cards == self._idle_cards:
            return None
        cash = 0
        reserve = -1  # (worked out at the first card played on the bot's own turn)
        for ref in cards:
            if ref[0] not in ACTION_DECKS:
                continue
            card = game.decks[ref[0]].cards[ref[1]]
            kind = card.kind
            if kind not in TURN_CARD_KINDS:
                continue
            if reserve < 0:
                cash = game.cash(p)
                reserve = self.reserve(game, p)
            if kind == "foreclose_mortgaged_property" and cash < reserve:
                continue
            if kind == "move_to_unowned_outer_property_half_price" and cash < reserve:
                continue
            if kind == "advance_to" and game.ledger.balance(POOL) < 300:
                continue
            if kind == "swap_property" and not self.swap_helps(game, p):
                continue
            buyers_market = kind == "move_to_unowned_outer_property_half_price"
            if buyers_market and self._no_market == (game.transfers, game.players[p].position) \
                    and game is self._no_market_game and p == self._no_market_seat:
                continue  # (refused before the throw: no unowned outer deed elsewhere)
            # (a card with nothing to act on is refused: the rules' own question, asked
            # without the rest of ``game.can``'s checks; the same answer)
            if has_target(game, p, card):
                action = Action("play-card", card=ref)
                if game.can(p, action):
                    return action
            if buyers_market and game.pending and game.pending[0].kind == "roll" and \
                    not game.players[p].in_jail:
                # Refused at the moment it is played: for want of an unowned outer deed
                # other than where the player stands, which only a change of owner or a
                # move changes.
                self._no_market = (game.transfers, game.players[p].position)
                self._no_market_game = game
                self._no_market_seat = p
        if reserve < 0:  # (no card of those kinds: none until the cards change)
            self._idle_cards = list(cards)
            self._idle_game = game
            self._idle_seat = p
        return None

    def swap_helps(self, game: CardGame, p: int) -> bool:
        """Whether a Strong-armed Deal would gain us something: the best deed we could take
        is worth more to us than the least one we would give."""
        take = [d for d in game.board.deeds if game.owner[d] >= 0 and game.owner[d] != p
                and not game.owns_group(game.owner[d], d)]
        give = [d for d in game.deeds_of(p) if not game.owns_group(p, d)]
        if not take or not give:
            return False
        return max(self.value(game, p, d) for d in take) > \
            min(self.keep_value(game, p, d) for d in give) * 1.2

    def keep_value(self, game: CardGame, p: int, deed: int) -> float:
        """What holding a deed is worth to ``p``: its price, more in a group where it builds
        (monopoly or majority ownership), plus what stands on it."""
        price = game.board.spaces[deed].price
        group = game.board.group_of[deed]
        mine = sum(1 for d in group if game.owner[d] == p)
        bonus = 1.0
        if mine == len(group):
            bonus = 2.0
        elif len(group) >= majority_size(game) and mine == len(group) - 1:
            bonus = 1.6
        return price * bonus + int(game.houses[deed]) * building_cost(game, deed)

    def building_gain(self, game: CardGame, deed: int) -> int:
        """How much the next building on ``deed`` raises its rent."""
        space = game.board.spaces[deed]
        if space.kind != "street":
            return self.rent_of(game, deed) or space.price // 8
        level = game.houses[deed]
        rents = space.rents
        if level:
            return rents[level + 1] - rents[level]
        return rents[1] - rents[0] * game.unimproved_factor(game.owner[deed], deed)

    def build_best(self, game: CardGame, p: int) -> Action | None:
        """The building that raises the rent most for its cost, keeping the reserve (houses
        up to three first: the best return)."""
        cash = game.cash(p)
        reserve = self.reserve(game, p)
        spaces = game.board.spaces
        best = -1
        best_score = 0.0
        for d in game.deeds_of(p):
            space = spaces[d]
            kind = space.kind
            if kind == "street":
                if game.houses[d] >= SKYSCRAPER:
                    continue
            elif kind not in ("railroad", "cab_company") or game.houses[d]:
                continue
            cost = building_cost(game, d)
            if cash - cost < reserve or game.can_build(p, d) is not None:
                continue
            score = self.building_gain(game, d) / cost
            if kind == "street" and game.houses[d] < 3:
                score += 5.0
            if best < 0 or score > best_score:
                best = d
                best_score = score
        return deed_action("build", best) if best >= 0 else None

    def lift(self, game: ClassicGame, p: int) -> Action | None:
        """Lift mortgages on deeds, then on shares, when cash is plentiful."""
        g = cast(CardGame, game)
        cash = g.cash(p)
        reserve = self.reserve(g, p)
        if cash < reserve * 2:
            return None
        for d in g.deeds_of(p):
            if g.mortgaged[d] and cash - g.unmortgage_cost(d) >= reserve * 2 and \
                    g.can_unmortgage(p, d) is None:
                return Action("unmortgage", d)
        for c in g.stocks:
            if g.shares_mortgaged[p][c.index] and cash - c.par >= reserve * 2:
                action = Action("unmortgage-share", company=c.index)
                if g.can(p, action):
                    return action
        return None

    def jail(self, game: ClassicGame, p: int) -> Action:
        """Leave early (a Get Out of Jail Free card, else the fine), stay late."""
        if self.jail_plan == "long":
            late = True
        elif self.jail_plan == "short":
            late = False
        else:
            g = cast(CardGame, game)
            self.know_board(g, p)
            late = self._um_danger >= 400 * self.scale(game) and self._um_unowned < 10
        if not late:
            if game.jail_card(p) >= 0 and game.can(p, USE_CARD):
                return USE_CARD
            if game.can(p, PAY_BAIL) and (self.jail_plan == "short" or game.cash(p) -
                                          game.jail_fine >= self.reserve(game, p) // 2):
                return PAY_BAIL
        return ROLL

    # ---------------------------------------------------------------- the spaces' choices

    def put_up(self, game: CardGame, p: int) -> Action:
        """Auction: the unowned deed worth most to us, if we could win it; else the cheapest
        (the others pay little for it)."""
        cash = game.cash(p) - self.reserve(game, p) // 3

        def score(a: Action) -> float:
            price = game.board.spaces[a.deed].price
            if price <= cash:
                return self.value(game, p, a.deed) + 10_000
            return -price

        return self.pick(game, p, "put-up-for-auction", score)

    def stock_exchange(self, game: CardGame, p: int) -> Action:
        """Insider Trading (a share at half par) when we keep it and have the cash above
        the reserve; else buy a share (where the dividend grows most) when rich; otherwise
        decline."""
        cash = game.cash(p)
        reserve = self.reserve(game, p)
        insider = self.kept(game, p, "half_par_stock_purchase")
        if insider is not None and cash - 75 >= reserve:
            return insider
        best = -1
        best_gain = 0.0
        for c in game.stocks:
            if game.bank_shares[c.index] <= 0 or cash - c.par < reserve * 2:
                continue
            gain = self.dividend_gain(game, p, c.index)
            if best < 0 or gain > best_gain:
                best = c.index
                best_gain = gain
        if best >= 0:
            action = Action("buy-share", company=best)
            if game.can(p, action):
                return action
        return DECLINE_SHARE

    def taxes_due(self, game: CardGame, p: int) -> Action:
        """April 15: pay the tax unless it would eat into the reserve or the board is so
        dangerous that jail is the safer place."""
        self.know_board(game, p)
        dangerous = self._um_danger >= 400 * self.scale(game) and self._um_unowned < 10
        if dangerous or game.cash(p) - 200 < self.reserve(game, p) // 2:
            return GO_TO_JAIL
        return PAY_TAX

    def rent_due(self, game: CardGame, p: int, d: Decision) -> Action:
        """Play a rent card on a big rent (or one we cannot comfortably pay)."""
        if d.amount >= 150 or game.cash(p) - d.amount < self.reserve(game, p):
            card = self.first(game, p, "play-card")
            if card is not None:
                return card
        return PAY_RENT

    # ---------------------------------------------------------------- the cards' choices

    def choose_space(self, game: CardGame, p: int, d: Decision) -> Action:
        if d.kind == "gps":  # another player's token: where it hurts them and helps us
            def harm(a: Action) -> float:
                space = a.space
                deed = game.tracks.deed_at(space)
                s = game.board.spaces[space]
                if deed >= 0:
                    o = game.owner[deed]
                    if o == p:
                        return float(self.rent_of(game, deed)) + 1
                    if o < 0:
                        return -float(s.price) / 10
                    return 0.0
                if game.tracks.is_pay_corner(space):
                    return -float(corner_pay(s, "direct", True, by_dice=False))
                if s.kind == "tax":
                    return 50.0
                if s.kind == "go_to_jail":
                    return 40.0
                return -float(SPACE_WORTH.get(s.kind, 0))

            return self.pick(game, p, "choose-space", harm)
        return self.pick(game, p, "choose-space",
                         lambda a: self.space_score(game, p, a.space))

    def choose_deed(self, game: CardGame, p: int, d: Decision) -> Action:
        kind = d.kind
        if kind in ("steal", "swap", "foreclose", "taxi-wars"):
            return self.pick(game, p, "choose-deed", lambda a: self.value(game, p, a.deed))
        if kind == "swap-give" or kind == "surrender":
            def loss(a: Action) -> float:
                deed = a.deed
                if kind == "surrender" and game.houses[deed]:
                    return -float(building_cost(game, deed))
                return -self.keep_value(game, p, deed)

            return self.pick(game, p, "choose-deed", loss)
        if kind == "free-house":
            return self.pick(game, p, "choose-deed",
                             lambda a: float(self.building_gain(game, a.deed)))
        if kind == "hurricane":
            return self.pick(game, p, "choose-deed",
                             lambda a: float(self.strike_loss(game, a.deed)))
        if kind == "tornado" or kind == "house-condemned":
            return self.pick(game, p, "choose-deed",
                             lambda a: -float(self.strike_loss(game, a.deed)))
        raise ValueError(f"the standard bot does not know the decision '{kind}'")

    def strike_loss(self, game: CardGame, deed: int) -> int:
        """The rent its owner loses when one building comes off ``deed`` (and, for a street,
        off each of the owner's built streets of its group, as a Hurricane strikes)."""
        space = game.board.spaces[deed]
        if space.kind != "street":
            return self.rent_of(game, deed) // 2
        owner = game.owner[deed]
        total = 0
        for d in game.board.group_of[deed]:
            level = game.houses[d]
            if game.owner[d] != owner or not level:
                continue
            rents = game.board.spaces[d].rents
            lower = HOTEL if level == SKYSCRAPER else min(level - 1, HOTEL - 1)
            below = rents[lower] if lower else rents[0] * game.unimproved_factor(owner, d)
            total += rents[level] - below
        return total

    def sale_loss(self, game: CardGame, deed: int) -> int:
        """The rent ``deed`` loses when one building is sold back from it."""
        space = game.board.spaces[deed]
        if space.kind != "street":
            return self.rent_of(game, deed) // 2
        level = game.houses[deed]
        rents = space.rents
        lower = HOTEL if level == SKYSCRAPER else min(level - 1, HOTEL - 1)
        below = rents[lower] if lower else \
            rents[0] * game.unimproved_factor(game.owner[deed], deed)
        return rents[level] - below

    def choose_player(self, game: CardGame, p: int, d: Decision) -> Action:
        if d.kind == "court":  # the richest in cash pays
            return self.pick(game, p, "choose-player", lambda a: float(game.cash(a.target)))
        if d.kind == "district-attorney":  # the leader goes to jail
            return self.pick(game, p, "choose-player",
                             lambda a: float(game.total_assets(a.target)))
        return self.pick(game, p, "choose-player", lambda a: 0.0)

    def choose_company(self, game: CardGame, p: int, d: Decision) -> Action:
        if d.kind == "sale-of-stock":  # sell where the dividend falls least
            def fall(a: Action) -> float:
                stock = game.stocks[a.company]
                held = game.shares[p][a.company] - game.shares_mortgaged[p][a.company]
                table = stock.dividends
                after = table[min(held - 1, len(table)) - 1] if held > 1 else 0
                return -float(table[min(held, len(table)) - 1] - after)

            return self.pick(game, p, "choose-company", fall)
        return self.pick(game, p, "choose-company",
                         lambda a: self.dividend_gain(game, p, a.company))

    # ---------------------------------------------------------------- trades

    def answer(self, game: ClassicGame, p: int, trade: Trade | None) -> Action:
        """Classic's judgement of deeds and cash; an offer asking for our cards or shares
        is refused."""
        if trade is None or trade.take_cards or trade.take_shares:
            return REJECT
        action = super().answer(game, p, trade)
        return ACCEPT if action == ACCEPT else REJECT

    # ---------------------------------------------------------------- debt

    def shares_first(self, g: CardGame, p: int, owed: int,
                     mine: list[int]) -> Action | None:
        """The start of raising cash: bankruptcy when everything (cash, ``mine``'s
        buildings sold back and mortgages, shares mortgaged or one sold with a Sale of
        Stock Bonus) could not cover ``owed``; else the Sale of Stock Bonus we keep and may
        play, else a share's mortgage (shares earn least). None: no share is left to
        raise money on."""
        sale: Action | None = None  # Sale of Stock Bonus, if we keep it and may play it
        bonus = 0
        debt = g.decision_for(p)
        if debt is None or debt is not self._no_sale_debt:
            held = False
            for ref in g.players[p].cards:
                if ref[0] in ACTION_DECKS and \
                        g.decks[ref[0]].cards[ref[1]].kind == "sell_stock_bonus":
                    held = True
                    action = Action("play-card", card=ref)
                    if g.can(p, action):
                        sale = action
                        bonus = int(g.decks[ref[0]].cards[ref[1]].get("bonus", 0))
            if not held and debt is not None and debt.kind == "debt":
                self._no_sale_debt = debt  # (none held: none to look for at its next answers)
        # Every part of what could be raised is positive or nothing: the sum is looked at
        # only until it covers the debt.
        raisable = g.cash(p)
        if raisable < owed:
            houses = g.houses
            mortgaged = g.mortgaged
            spaces = g.board.spaces
            for d in mine:
                level = houses[d]
                if level:
                    raisable += sale_price(g, d) * level
                if not mortgaged[d]:
                    raisable += spaces[d].mortgage
                if raisable >= owed:
                    break
        if raisable < owed:
            best_sale = 0
            for c in g.stocks:
                free = g.shares[p][c.index] - g.shares_mortgaged[p][c.index]
                raisable += free * c.mortgage_value
                if free and sale is not None:
                    best_sale = max(best_sale, c.par + bonus - c.mortgage_value)
            if raisable + best_sale < owed:
                return DECLARE_BANKRUPTCY
        if sale is not None:
            return sale
        for c in g.stocks:
            if g.shares[p][c.index] > g.shares_mortgaged[p][c.index]:
                return Action("mortgage-share", company=c.index)
        return None

    def raise_cash(self, game: ClassicGame, p: int, owed: int) -> Action:
        """Sell a share with Sale of Stock Bonus, mortgage shares, then deeds outside our
        groups (cheapest first), then sell the buildings that bring least rent, then
        mortgage the rest; bankruptcy when all of it could not cover the debt."""
        g = cast(CardGame, game)
        spaces = g.board.spaces
        mine = g.deeds_of(p)
        action = self.shares_first(g, p, owed, mine)
        if action is not None:
            return action
        lone = -1
        for d in mine:
            if g.mortgaged[d] or g.can_mortgage(p, d) is not None:
                continue
            if self.keep_value(g, p, d) > spaces[d].price:
                continue  # a deed of a group we build on: later
            if lone < 0 or spaces[d].price < spaces[lone].price:
                lone = d
        if lone >= 0:
            return deed_action("mortgage", lone)
        sell = -1
        sell_score = 0.0
        down = -1
        for d in mine:
            if not g.houses[d]:
                continue
            if g.can_sell_building(p, d) is None:
                score = self.sale_loss(g, d) / max(1, sale_price(g, d))
                if sell < 0 or score < sell_score:
                    sell = d
                    sell_score = score
            elif down < 0 and can_sell_down(g, p, d) is None:
                down = d
        if sell >= 0:
            return deed_action("sell-building", sell)
        if down >= 0:
            return deed_action("sell-down", down)
        rest = -1
        for d in mine:
            if not g.mortgaged[d] and g.can_mortgage(p, d) is None and \
                    (rest < 0 or spaces[d].price < spaces[rest].price):
                rest = d
        if rest >= 0:
            return deed_action("mortgage", rest)
        return DECLARE_BANKRUPTCY


def ultimate_monopoly_strategy(params: dict[str, str]) -> UltimateMonopolyStrategy:
    reserve, aggression, trade, jail = classic_params(params)
    return UltimateMonopolyStrategy(reserve, aggression, trade, jail)


register_strategy("ultimate-monopoly", ultimate_monopoly_strategy)
