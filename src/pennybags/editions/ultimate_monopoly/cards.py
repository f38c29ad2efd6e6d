"""Ultimate Monopoly: the Chance and Community Chest cards.

The decks are the data file's Ultimate Monopoly Action Card sets (ruling 7: 71 Chance and 70
Community Chest cards, copies included); each card's ``kind`` names its effect and its other
fields are the effect's figures. :data:`CARDS` holds one :class:`CardRule` per kind (58), and
:data:`SPACES` the Chance and Community Chest spaces (:class:`DrawCard`). The rulebook's
words, our rulings and the readings taken where both are silent:

**Drawing** (:func:`draw_card`). The top card is obeyed at once and goes back under its pile;
a card the data marks ``keep_until_used`` goes to the player (``player.cards``, face up,
tradeable) and goes back under its pile once used.

**Moving** (COMMUNITY CHEST & CHANCE ACTION CARDS; rulings 7, 8, 12). "If you're on the one
track and the card directs you to a property on another track, then you must also take the
next closest TRANSIT STATION while advancing on your way" (:meth:`card_walk`); "If that causes
you to pass PAY DAY, GO or BONUS, then collect your salary": a card's move pays a pay corner's
highest amount (GO $200, Bonus $250 passing and $300 landing, Pay Day $400) unless the card
prints its own ("Advance to the Stock Exchange; collect 300 if you pass Pay Day"). "Cards that
specify that the travel is 'direct' such as 'Go DIRECTLY to Jail'" move directly: nothing for
passing a pay corner, its highest landing amount for ending on one (``move_directly``). A card
that moves "forward/back N spaces" stays on its track (no station to take without a target
on another track). "Nearest" is the first such space ahead on the token's own track, or, when
its track has none (the cab companies are all on the outer track), the one a card's walk
reaches in the fewest steps. Landing obeys the space (buy or auction, rent, a Travel Voucher
on a transit station landed on exactly, Tax Refund, ...), with what the card adds: "pay twice
the rent due", "roll 2 dice and pay 10x", "cannot buy or auction", "buy it at half price".

**Money**. Money a card makes a player pay "to the bank" or "to the Pool" goes to the Pool
(ruling 8: ``game.fee_payee``); money collected "from the bank" comes from the bank. Buying a
property or a share, and claiming a foreclosed property, pay the bank (ruling 8: purchases
and unmortgaging pay the bank).

**Choices**. A card that asks for a choice puts a decision to the player who chooses, in the
rulebook's words (``choose-space``, ``choose-deed``, ``choose-player``, ``choose-card``,
``choose-company``); a choice with one possible answer is made at once; a card with nothing
to choose from does nothing (Tornado without buildings, Losers Weepers without a voucher...).

**Kept cards** ("Keep ... until used"). Each is used at its moment, through ``play-card``:

* on your own turn, at your ``roll``, ``jail`` or ``end-turn`` decision (the card's effect,
  then the same decision again): Strong-armed Deal, See You In Court!, Slick Move, Hostile
  Takeover, Foreclosed Property Sale!, Elected District Attorney;
* before a throw of your own turn (``roll``, not in jail; the throw is still to come once the
  card's move is settled): Buyer's Market!, Excellent Accounting;
* whenever you may manage (build, mortgage...): Zero Dollars Down! (a building is built at
  those times) and Sale of Stock Bonus;
* at your own ``buy`` decision: Bargain Business! (buy it for $100);
* at another player's ``buy`` decision: Deal Buster (you buy it from the bank at its price;
  "when another player is about to buy a property");
* at your own ``stock-exchange`` decision: Insider Trading (one share at half par; "not at
  auction");
* when you owe rent (a ``rent-due`` decision, asked only of a lander who holds one that
  applies): Comped Room (no rent), Special Online Pricing (half a railroad's rent, rounded
  up), Reverse Rent! (the owner pays you the rent), The Rent is Too Darn High! (only $50,
  offered when the rent is more);
* "Just Say 'NO'!": "play at any time to cancel another player's action against you". Read
  as: a card another player obeys or plays that takes something from you (money: See You In
  Court!, the "collect from each player" cards, Share in their Good Fortune; a property: Slick
  Move, Hostile Takeover, Strong-armed Deal, Foreclosed Property Sale!, Taxi Wars are not
  Fare!, Deal Buster; a Travel Voucher: Finders Keepers) or does something to you (Elected
  District Attorney, Hurricane). The victim who holds one is asked before it happens
  (``against-*`` decisions: ``play-card`` or ``allow``); the card cancels that one action
  only (the rest of the card goes on: the taxi still advances, the other players still pay);
  a "NO" cannot itself be refused. Rent, spaces and a card's effect on everyone alike (Mardi
  Gras) are not actions against you;
* Lawyer on Retainer: "avoid stock fine penalties, 'See You In Court!' and 'Caught Insider
  Trading!'": offered like a "NO" when one of those hits its holder;
* used by itself when it applies (nobody would refuse it): Renovation Success (the next rent
  paid to you carries $50 more), Always Bank on Family (the next auction you win, deed or
  share, the bank pays $100 of your bid: :meth:`CardGame.auction_price`);
* Share in their Good Fortune: offered to its holder when another player wins at Roll Three
  (``game.roll_three_won``, which ``spaces.roll_three`` calls after each prize); the
  winner may say "NO" to it;
* Get Out of Jail Free!: classic's ``use-card`` at the ``jail`` decision.

The state the cards need (a lost turn, Pay Back!, halved dividends) and the game's hooks
(``begin_turn``, ``leave_jail``, ``close_auction``, ``charge_rent``, ``roll_three_won``)
live in :class:`CardGame` until the lead moves them into :class:`UltimateMonopolyGame`
(then ``CardGame = UltimateMonopolyGame``). The rules of other modules reach the cards only
through those game methods, so this module may import them (``game``, ``buildings``,
``spaces``, ``travel``) and none of them imports this one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Final, cast

from pennybags.editions.classic.game import BUY_NUMBER, HOTEL, ClassicGame
from pennybags.editions.classic.rules import Buy, pay_or_owe
from pennybags.editions.ultimate_monopoly.board import DIRECT, LAND, PASS, Walk
from pennybags.editions.ultimate_monopoly.buildings import (
    built_in_group,
    can_build,
    count_buildings,
    exchange,
    groups_with_buildings,
    has_monopoly,
    lower_level,
    place_building,
    remove_one_level,
    sale_problem,
    sell_building,
)
from pennybags.editions.ultimate_monopoly.game import (
    CARD_VOUCHER,
    POOL,
    STATION_VOUCHER,
    VOUCHERS,
    UltimateMonopolyGame,
)
from pennybags.editions.ultimate_monopoly.spaces import dividend, others_from_left
from pennybags.editions.ultimate_monopoly.travel import (
    AskTaxi,
    ResumeRoll,
    give_voucher,
    return_voucher,
)
from pennybags.engine.actions import (
    Action,
    ActionKind,
    CardRef,
    Decision,
    DecisionKind,
    card_field,
    company_field,
    deed_field,
    kind_number,
    space_field,
    target_field,
)
from pennybags.engine.decks import Card
from pennybags.engine.game import Game, Step
from pennybags.engine.ledger import BANK
from pennybags.engine.rules import ActionRule, CardRule, SpaceRule

CHANCE: Final = "chance"
COMMUNITY_CHEST: Final = "community_chest"
ACTION_DECKS: Final = (CHANCE, COMMUNITY_CHEST)
"""The two piles of action cards."""


# ==================================================================== the state (for the lead)

class CardGame(UltimateMonopolyGame):
    """The edition's game: :class:`UltimateMonopolyGame` with the hooks its cards refine
    (kept here, as the core game cannot import this module): every rent goes through
    :func:`charge_rent` (Comped Room, Reverse Rent!, Pay Back!, Renovation Success, ...), a
    Roll Three win through :func:`roll_three_won` (Share in their Good Fortune), and a won
    auction gets Always Bank on Family's discount."""

    def auction_price(self, winner: int, bid: int) -> int:
        """Always Bank on Family: "the bank adds $100 to your final bid in your next
        auction": the holder who wins an auction (a deed or a share) pays the bank the bid
        less $100 (the card is then used). The ``auction-won`` event tells the bid and what
        was paid."""
        if bid > 0:
            return bid - self.family_discount(winner, bid)
        return bid

    def family_discount(self, p: int, price: int) -> int:
        """Always Bank on Family, when ``p`` wins an auction at ``price``: the card goes back
        under its pile and the bank pays its amount ($100, at most the price); 0 without
        the card."""
        cards = self.players[p].cards
        for i, (key, index) in enumerate(cards):
            if key not in ACTION_DECKS:  # (a Travel Voucher or a Roll Three card)
                continue
            card = self.decks[key].cards[index]
            if card.kind == "auction_bid_bonus":
                del cards[i]
                self.decks[key].put_bottom(index)
                if self.listeners:  # (the auction-won event tells what the bank paid)
                    self.emit("card-used", player=p, deck=key, card=card.id)
                return min(price, int(card.get("amount", 0)))
        return 0

    def charge_rent(self, p: int, owner: int, deed: int, rent: int) -> None:
        """The rent hook (see :func:`charge_rent`)."""
        charge_rent(self, p, owner, deed, rent)

    def roll_three_won(self, winner: int, prize: int) -> None:
        """The Roll Three hook (see :func:`roll_three_won`)."""
        roll_three_won(self, winner, prize)


# ==================================================================== decision kinds

GPS: Final = "gps"
MOVING_EXPERIENCE: Final = "moving-experience"
BUYERS_MARKET: Final = "buyers-market"
TAXI_WARS: Final = "taxi-wars"
STEAL: Final = "steal"
SWAP: Final = "swap"
SWAP_GIVE: Final = "swap-give"
FORECLOSE: Final = "foreclose"
FREE_HOUSE: Final = "free-house"
HURRICANE: Final = "hurricane"
TORNADO: Final = "tornado"
SURRENDER: Final = "surrender"
HOUSE_CONDEMNED: Final = "house-condemned"
COURT: Final = "court"
DISTRICT_ATTORNEY: Final = "district-attorney"
GAME_NIGHT: Final = "game-night"
FINDERS_KEEPERS: Final = "finders-keepers"
LOSERS_WEEPERS: Final = "losers-weepers"
INHERIT_STOCK: Final = "inherit-stock"
SALE_OF_STOCK: Final = "sale-of-stock"
INSIDER_TRADING: Final = "insider-trading"
TAXES_DUE: Final = "taxes-due"
CARD_BUY: Final = "card-buy"
RENT_DUE: Final = "rent-due"
GOOD_FORTUNE: Final = "good-fortune"
RENT_DUE_NUMBER: Final = kind_number(RENT_DUE)
"""``rent-due``'s number (``Decision.number``), given when one is made: it comes at many
rents."""

AGAINST_PAY: Final = "against-pay"
AGAINST_COURT: Final = "against-court"
AGAINST_STEAL: Final = "against-steal"
AGAINST_SWAP: Final = "against-swap"
AGAINST_JAIL: Final = "against-jail"
AGAINST_VOUCHER: Final = "against-voucher"
AGAINST_HURRICANE: Final = "against-hurricane"
AGAINST_DEAL_BUSTER: Final = "against-deal-buster"
STOCK_FINE: Final = "stock-fine"
INSIDER_FINE: Final = "insider-fine"

AGAINST_YOU: Final = (AGAINST_PAY, AGAINST_COURT, AGAINST_STEAL, AGAINST_SWAP, AGAINST_JAIL,
                      AGAINST_VOUCHER, AGAINST_HURRICANE, AGAINST_DEAL_BUSTER)
"""Another player's action against you: what "Just Say 'NO'!" cancels."""
LAWYER_COVERS: Final[dict[str, str]] = {AGAINST_COURT: "See You In Court!",
                                        STOCK_FINE: "stock_fines",
                                        INSIDER_FINE: "Caught Insider Trading!"}
"""What Lawyer on Retainer avoids, by decision kind (as its ``against`` list names it)."""
CANCELLABLE: Final = (*AGAINST_YOU, STOCK_FINE, INSIDER_FINE)


# ==================================================================== small helpers

def push(game: Game, step: Step) -> None:
    """Do ``step`` once what is under way is settled (on top of the step stack)."""
    game.step_under(game.step_depth(), step)


def title(card: Card) -> str:
    return str(card.get("title", card.id))


def held_cards(game: CardGame, p: int) -> list[CardRef]:
    """The Chance and Community Chest cards ``p`` keeps, one per card id (copies are
    alike), in the order they came."""
    out: list[CardRef] = []
    seen: list[str] = []
    for key, index in game.players[p].cards:
        if key in ACTION_DECKS:
            card_id = game.decks[key].cards[index].id
            if card_id not in seen:
                seen.append(card_id)
                out.append((key, index))
    return out


def card_of(game: Game, ref: CardRef) -> Card:
    return game.decks[ref[0]].cards[ref[1]]


def held_kind(game: CardGame, p: int, kind: str) -> CardRef | None:
    """The first kept card of that effect ``p`` holds, or None."""
    decks = game.decks
    for ref in game.players[p].cards:
        key = ref[0]
        if key in ACTION_DECKS and decks[key].cards[ref[1]].kind == kind:
            return ref
    return None


def use_card(game: CardGame, p: int, ref: CardRef) -> None:
    """A kept card is used: out of ``p``'s hand, back under its pile."""
    game.players[p].cards.remove(ref)
    game.decks[ref[0]].put_bottom(ref[1])
    if game.listeners:
        game.emit("card-used", player=p, deck=ref[0], card=card_of(game, ref).id)


def sub_card(card: Card, effect: Any) -> Card:
    """A second effect printed on a card (its ``then``, a track's effect) as a card of its
    own, with the printed card's id and text."""
    params = dict(effect)
    params["title"] = title(card)
    return Card(card.id, card.text, str(params["kind"]), params)


def then_later(game: CardGame, p: int, card: Card) -> None:
    """The card's second effect (``then``), once its first is settled."""
    effect = card.get("then")
    if effect:
        push(game, ObeyLater(p, sub_card(card, effect)))


def left_of(game: CardGame, p: int) -> int:
    """The player on ``p``'s left still in the game (-1: none)."""
    others = others_from_left(game, p)
    return others[0] if others else -1


def company_index(game: CardGame, name: str) -> int:
    """A company of the Stock Exchange by its name or id (-1: none)."""
    for stock in game.stocks:
        if stock.name == name or stock.id == name:
            return stock.index
    return -1


def holds_shares(game: CardGame, p: int) -> bool:
    for n in game.shares[p]:  # noqa: SIM110  (a loop is faster than any())
        if n:
            return True
    return False


def collect_pool(game: CardGame, p: int, percent: int) -> None:
    """Collect ``percent`` of the Pool, rounded up to the dollar."""
    amount = (game.ledger.balance(POOL) * percent + 99) // 100
    if amount > 0:
        game.pay(POOL, p, amount, "Tax Refund")


# ==================================================================== steps

class ObeyLater(Step):
    """A card's second effect, once its first is settled (not for a player gone bankrupt)."""

    __slots__ = ("card", "player")

    def __init__(self, player: int, card: Card) -> None:
        self.player = player
        self.card = card

    def run(self, game: Game) -> None:
        g = cast(CardGame, game)
        if not g.over and not g.players[self.player].bankrupt:
            g.obey(self.player, self.card)


class Threaten(Step):
    """Another player's action against ``decision.player``, in its turn (see
    :func:`threaten`)."""

    __slots__ = ("decision",)

    def __init__(self, decision: Decision) -> None:
        self.decision = decision

    def run(self, game: Game) -> None:
        threaten(cast(CardGame, game), self.decision)


class Resume(Step):
    """After a kept card played while another decision was open: that decision again (not
    for a player gone bankrupt; a player jailed before a throw ends their turn instead)."""

    __slots__ = ("decisions",)

    def __init__(self, decisions: tuple[Decision, ...]) -> None:
        self.decisions = decisions

    def run(self, game: Game) -> None:
        g = cast(CardGame, game)
        if g.over:
            return
        out: list[Decision] = []
        for d in self.decisions:
            player = g.players[d.player]
            if player.bankrupt:
                continue
            if d.kind == "roll" and player.in_jail:
                g.after_roll(d.player, False)
                return
            out.append(d)
        g.pending = out


class AdvanceLater(Step):
    """Taxi Wars are not Fare!: advance to the cab company, once it is taken."""

    __slots__ = ("player", "target")

    def __init__(self, player: int, target: int) -> None:
        self.player = player
        self.target = target

    def run(self, game: Game) -> None:
        g = cast(CardGame, game)
        if not g.over and not g.players[self.player].bankrupt:
            card_advance(g, self.player, self.target, None)


class AskGoodFortune(Step):
    """Share in their Good Fortune: offer the next holder the half of a Roll Three win."""

    __slots__ = ("after", "prize", "winner")

    def __init__(self, winner: int, prize: int, after: int) -> None:
        self.winner = winner
        self.prize = prize
        self.after = after

    def run(self, game: Game) -> None:
        ask_good_fortune(cast(CardGame, game), self.winner, self.prize, self.after)


# ==================================================================== drawing

def draw_card(game: CardGame, p: int, key: str) -> None:
    """CHANCE and COMMUNITY CHEST: draw the top card of that pile. A card marked "keep until
    used" goes to the player (face up); any other is obeyed at once and goes back under its
    pile."""
    deck = game.decks[key]
    if not deck.order:
        return
    index = deck.draw()
    card = deck.cards[index]
    if game.listeners:
        game.emit("drew", player=p, deck=key, card=card.id, text=card.text)
    if card.get("keep_until_used"):
        game.players[p].cards.append((key, index))
        return
    deck.put_bottom(index)
    game.obey(p, card)


class DrawCard(SpaceRule[CardGame]):
    """Chance and Community Chest: draw the top card of that deck (:func:`draw_card`)."""

    def land(self, game: CardGame, player: int, space: int, card: Card | None) -> None:
        draw_card(game, player, game.board.spaces[space].kind)


# ==================================================================== moving

def nearest(game: CardGame, start: int, wanted: Callable[[int], bool]) -> int:
    """The cards' nearest space for which ``wanted`` is true (-1: none at all; see
    :meth:`~pennybags.editions.ultimate_monopoly.board.UltimateMonopolyBoard.card_nearest`)."""
    return game.tracks.card_nearest(start, wanted)


def card_follow(game: CardGame, p: int, walk: Walk, card: Card | None, *,
                by_dice: bool = False, even: bool = True, land: bool = True) -> None:
    """Move along a card's walk: the pay corners passed (going forward) and landed on pay
    their highest amounts (ruling 12), or what the card prints ("collect 300 if you pass Pay
    Day"); then the space is obeyed with what the card adds (:func:`card_land`).
    ``by_dice``: a move a throw of the card made (Be Kind, Rewind), paid by its parity."""
    player = game.players[p]
    start = player.position
    player.position = walk.end
    if game.listeners:
        count = len(walk.steps)
        game.emit("moved", player=p, start=start, to=walk.end,
                  steps=-count if walk.backwards else count)
    spaces = game.board.spaces
    tracks = game.tracks
    printed = int(card.get("pass_pay_day_amount", 0)) if card is not None else 0
    if not walk.backwards:
        for c in walk.passed:
            amount = printed if printed and spaces[c].kind == "pay_day" else \
                tracks.corner_salary(c, PASS, even, by_dice)
            game.pay(BANK, p, amount, tracks.salary_reasons[c])
    landed = walk.landed
    if landed >= 0:
        game.pay(BANK, p, tracks.corner_salary(landed, LAND, even, by_dice),
                 tracks.salary_reasons[landed])
    if land:
        card_land(game, p, card)


def card_advance(game: CardGame, p: int, target: int, card: Card | None) -> None:
    """"Advance to ...": along the card's walk to ``target`` (taking the next closest transit
    station toward another track), then the space."""
    walk = game.tracks.card_walk(game.players[p].position, target)
    card_follow(game, p, walk, card)


def direct_move(game: CardGame, p: int, target: int, card: Card | None) -> None:
    """A card's direct move with what the card adds on landing (``move_directly`` for a
    card that adds nothing)."""
    player = game.players[p]
    start = player.position
    player.position = target
    if game.listeners:
        game.emit("moved", player=p, start=start, to=target, steps=0)
    tracks = game.tracks
    if tracks.is_pay_corner(target):
        game.pay(BANK, p, tracks.corner_salary(target, DIRECT, True, False),
                 tracks.salary_reasons[target])
    card_land(game, p, card)


def card_land(game: CardGame, p: int, card: Card | None) -> None:
    """Obey the space a card's move ended on, with what the card adds: on a property, "pay
    twice the rent due" (``rent_multiplier``), "roll 2 dice and pay 10x" on a utility
    (``dice_multiplier``, ``utility_dice_multiplier``), "cannot buy or auction"
    (``may_buy: false``), and an owned cab company's taxi ride as always; on Tax Refund, the
    share of the Pool it names (``pool_share``); otherwise the space's own rule."""
    position = game.players[p].position
    if card is not None:
        deed = game.tracks.deed_at(position)
        factor = int(card.get("rent_multiplier", 1))
        dice = int(card.get("dice_multiplier", 0) or card.get("utility_dice_multiplier", 0))
        may_buy = bool(card.get("may_buy", True))
        if deed >= 0 and (factor != 1 or dice or not may_buy):
            land_on_property(game, p, position, rent_factor=factor, dice_multiplier=dice,
                             may_buy=may_buy)
            if game.board.spaces[position].kind == "cab_company" and game.owner[deed] >= 0:
                # an owned cab company still offers its taxi ride once the rent is settled
                game.step_under(game.step_depth(), AskTaxi(p, position))
            return
        share = card.get("pool_share")
        if share and game.board.spaces[position].kind == "tax_refund":
            collect_pool(game, p, round(float(share) * 100))
            return
    game.land(p, card)


def land_on_property(game: CardGame, p: int, space: int, *, rent_factor: int = 1,
                     dice_multiplier: int = 0, may_buy: bool = True, price: int = -1) -> None:
    """A property landed on (a transit station on either track stands for its railroad):
    landing exactly on a station first draws a Travel Voucher; unowned, the lander buys it
    (at ``price`` when a card sets one: ``card-buy``) or it is auctioned (nothing with
    ``may_buy=False``); another player's and not mortgaged, the lander owes the rent
    (times ``rent_factor``; a utility with ``dice_multiplier``: that times two regular dice
    thrown now), through :func:`charge_rent`."""
    board = game.tracks
    if board.is_station(space):
        game.take_voucher(p, STATION_VOUCHER)
    deed = board.deed_at(space)
    owner = game.owner[deed]
    if owner < 0:
        if not may_buy:
            return
        if price >= 0:
            game.pending = [Decision(CARD_BUY, p, deed=deed, amount=price)]
        else:
            game.pending = [Decision("buy", p, deed=deed, amount=board.spaces[deed].price,
                                     number=BUY_NUMBER)]
        return
    if owner == p or game.mortgaged[deed]:
        return
    if dice_multiplier and board.spaces[deed].kind == "utility":
        dice = game.make_dice()
        thrown = dice.roll_regular()
        if game.listeners:
            game.emit("rolled", player=p, dice=list(thrown), double=False, for_rent=True)
        rent = dice_multiplier * dice.total
    else:
        rent = game.rent(deed) * rent_factor
    charge_rent(game, p, owner, deed, rent)


# ==================================================================== rent

def rent_payee(game: CardGame, owner: int) -> int:
    """Who is paid a rent due to ``owner``: the owner, or the Pool while Pay Back! keeps them
    in jail ("while there, rent due to you goes to the Pool")."""
    if game.pay_back[owner] and game.players[owner].in_jail:
        return POOL
    return owner


def charge_rent(game: CardGame, p: int, owner: int, deed: int, rent: int) -> None:
    """The rent ``p`` owes on ``owner``'s ``deed`` (every rent goes through here): to the
    owner (the Pool under Pay Back!); a lander who keeps a rent card that applies is asked
    first (``rent-due``: ``pay-rent`` or ``play-card``)."""
    if rent <= 0:
        return
    payee = rent_payee(game, owner)
    if holds_rent_card(game, p, deed, rent):
        game.pending = [Decision(RENT_DUE, p, deed=deed, amount=rent, creditor=payee,
                                 number=RENT_DUE_NUMBER)]
        return
    pay_rent(game, p, payee, rent)


def pay_rent(game: CardGame, p: int, payee: int, rent: int) -> None:
    """Pay a rent (owed, if short, or when something else is to be settled first: classic's
    :func:`~pennybags.editions.classic.rules.pay_or_owe`); an owner who keeps Renovation
    Success collects its $50 extra rent with it (the card is then used)."""
    pay_or_owe(game, p, payee, rent, "rent")
    if payee >= 0:
        ref = held_kind(game, payee, "extra_rent_once")
        if ref is not None:
            extra = int(card_of(game, ref).get("amount", 0))
            use_card(game, payee, ref)
            game.owe(p, payee, extra, "Renovation Success")


def rent_card_applies(game: CardGame, card: Card, deed: int, rent: int) -> bool:
    """Whether a kept card may be played on this rent."""
    kind = card.kind
    if kind == "skip_next_rent" or kind == "reverse_rent_once":
        return True
    if kind == "half_railroad_rent_once":
        return game.board.spaces[deed].kind == "railroad"
    if kind == "cap_rent_once":
        return rent > int(card.get("amount", 0))
    return False


def holds_rent_card(game: CardGame, p: int, deed: int, rent: int) -> bool:
    """Whether ``p`` keeps a rent card that may be played on this rent (what
    :func:`rent_cards` finds, without listing them: asked at every rent)."""
    decks = game.decks
    for key, index in game.players[p].cards:
        if key in ACTION_DECKS and \
                rent_card_applies(game, decks[key].cards[index], deed, rent):
            return True
    return False


def rent_cards(game: CardGame, p: int, deed: int, rent: int) -> list[CardRef]:
    """The rent cards ``p`` keeps that may be played on this rent."""
    return [ref for ref in held_cards(game, p)
            if rent_card_applies(game, card_of(game, ref), deed, rent)]


def play_rent_card(game: CardGame, d: Decision, card: Card) -> None:
    """A rent card played on the rent of ``d`` (the card is already used): Comped Room pays
    nothing, Reverse Rent! has the owner pay the lander, Special Online Pricing pays half
    (rounded up), The Rent is Too Darn High! pays $50."""
    p = d.player
    rent = d.amount
    kind = card.kind
    if kind == "skip_next_rent":
        return
    if kind == "reverse_rent_once":
        game.owe(game.owner[d.deed], p, rent, "Reverse Rent!")
        return
    if kind == "half_railroad_rent_once":
        pay_rent(game, p, d.creditor, (rent + 1) // 2)
        return
    pay_rent(game, p, d.creditor, min(rent, int(card.get("amount", 0))))


# ==================================================================== actions against you

def cancels(card: Card, kind: str) -> bool:
    """Whether a kept card cancels a threat of that kind: "Just Say 'NO'!" another player's
    action against you; Lawyer on Retainer what its ``against`` list names."""
    if card.kind == "just_say_no":
        return kind in AGAINST_YOU
    if card.kind == "immunity":
        covers = LAWYER_COVERS.get(kind)
        return covers is not None and covers in card.get("against", ())
    return False


def cancellers(game: CardGame, p: int, kind: str) -> list[CardRef]:
    """The kept cards with which ``p`` may cancel a threat of that kind."""
    return [ref for ref in held_cards(game, p) if cancels(card_of(game, ref), kind)]


def threaten(game: CardGame, d: Decision) -> None:
    """An action against ``d.player`` (by ``d.creditor``; see :func:`carry_out`): asked first
    when they keep a card that cancels it (``play-card`` or ``allow``), done at once
    otherwise. Nothing when either side has left the game."""
    if game.over or game.players[d.player].bankrupt or \
            (d.creditor >= 0 and game.players[d.creditor].bankrupt):
        return
    if cancellers(game, d.player, d.kind):
        game.pending = [d]
        return
    carry_out(game, d)


def carry_out(game: CardGame, d: Decision) -> None:
    """Do what a threat says: ``against-pay``/``against-court`` the victim pays ``amount``
    to ``creditor``; ``against-steal`` ``deed`` goes to ``creditor`` (who pays ``amount``, a
    foreclosure's mortgage value, to the bank); ``against-swap`` ``deed`` and the creditor's
    deed ``amount`` change hands; ``against-jail`` the victim goes to jail;
    ``against-voucher`` their voucher (card index ``amount``) goes to ``creditor``;
    ``against-hurricane`` their buildings of ``deed``'s group lose a level;
    ``against-deal-buster`` ``creditor`` buys ``deed`` at ``amount``; ``stock-fine`` the
    victim pays ``amount`` to the Pool; ``insider-fine`` that, and jail."""
    kind = d.kind
    victim = d.player
    by = d.creditor
    if kind in (AGAINST_PAY, AGAINST_COURT):
        game.owe(victim, by, d.amount, "See You In Court!" if kind == AGAINST_COURT
                 else "card")
    elif kind == AGAINST_STEAL:
        take_deed(game, by, d.deed, d.amount)
    elif kind == AGAINST_SWAP:
        swap_deeds(game, by, d.amount, victim, d.deed)
    elif kind == AGAINST_JAIL:
        game.send_to_jail(victim)
    elif kind == AGAINST_VOUCHER:
        give_voucher(game, victim, by, d.amount)
    elif kind == AGAINST_HURRICANE:
        remove_one_level(game, game.board.spaces[d.deed].group, victim, d.deed)
    elif kind == AGAINST_DEAL_BUSTER:
        buy_for(game, by, d.deed, d.amount)
    elif kind == STOCK_FINE:
        game.owe(victim, POOL, d.amount, "stock fine")
    elif kind == INSIDER_FINE:
        game.send_to_jail(victim)
        game.owe(victim, POOL, d.amount, "Caught Insider Trading!")


def call_off(game: CardGame, d: Decision) -> None:
    """A threat cancelled (the card that did it is already used): nothing happens, except
    that the buyer whose purchase Deal Buster tried to take is asked again."""
    if game.listeners:
        game.emit("said-no", player=d.player, to=d.creditor, what=d.kind)
    if d.kind == AGAINST_DEAL_BUSTER:
        # the purchase as it was offered: at the printed price, or a card's bargain
        kind = "buy" if d.amount == game.board.spaces[d.deed].price else CARD_BUY
        game.pending = [Decision(kind, d.player, deed=d.deed, amount=d.amount)]


def take_deed(game: CardGame, to: int, deed: int, price: int) -> None:
    """A property changes hands by a card: to ``to``, with its mortgage (10% now and the
    offer to lift it, as for a traded one); a foreclosure (``price`` > 0) is paid to the
    bank and lifts the mortgage."""
    game.set_owner(deed, to)
    if game.listeners:
        game.emit("deed-taken", player=to, deed=deed)
    if price > 0:
        game.pay(to, BANK, price, "foreclosure")
        game.mortgaged[deed] = False
        game.changes += 1
        game.count_change(deed)
    elif game.mortgaged[deed]:
        game.receive_mortgaged(to, [deed])


def swap_deeds(game: CardGame, p: int, mine: int, q: int, theirs: int) -> None:
    """Strong-armed Deal: ``mine`` goes to ``q``, ``theirs`` to ``p``, each with its
    mortgage (received as a traded one)."""
    game.set_owner(theirs, p)
    game.set_owner(mine, q)
    if game.listeners:
        game.emit("deeds-swapped", player=p, other=q, deeds=[mine, theirs])
    if game.mortgaged[theirs]:
        game.receive_mortgaged(p, [theirs])
    if game.mortgaged[mine]:
        game.receive_mortgaged(q, [mine])


def buy_for(game: UltimateMonopolyGame, p: int, deed: int, price: int) -> None:
    """``p`` buys ``deed`` from the bank at ``price`` (checked affordable)."""
    game.pay(p, BANK, price, "purchase")
    game.set_owner(deed, p)
    if game.listeners:
        game.emit("bought", player=p, deed=deed, price=price)


# ==================================================================== choices

class Choice(ABC):
    """One card's choice: what may be chosen (board indices, seats or companies) and what
    the choice does. ``options`` lists one of each alike answer for menus; ``valid`` accepts
    any answer that does the same."""

    @abstractmethod
    def options(self, game: CardGame, d: Decision) -> list[int]:
        """What may be chosen now."""

    def valid(self, game: CardGame, d: Decision, value: int) -> bool:
        return value in self.options(game, d)

    def any_option(self, game: CardGame, d: Decision) -> bool:
        """Whether anything may be chosen now (``options`` is not empty; the choices asked
        about before a kept card is played stop at the first option)."""
        return bool(self.options(game, d))

    @abstractmethod
    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        """Carry out the choice of ``value``."""


def ask(game: CardGame, d: Decision) -> None:
    """Put a card's choice to its player; with one possible answer it is made at once, with
    none nothing happens."""
    choice = CHOICES[d.kind]
    options = choice.options(game, d)
    if not options:
        if game.listeners:
            game.emit("card-no-choice", player=d.player, what=d.kind)
        return
    if len(options) == 1:
        choice.choose(game, d, options[0])
        return
    game.pending = [d]


def is_deed(game: CardGame, d: int) -> bool:
    return 0 <= d < game.board.size and game.tracks.deed_at(d) == d


def may_change_hands(game: CardGame, deed: int) -> bool:
    """A property a card may take or swap: owned, "not part of a monopoly" (its owner does
    not hold its whole group) and with no building on it nor on its owner's other streets of
    its group (as for trading)."""
    owner = game.owner[deed]
    return owner >= 0 and not has_monopoly(game, owner, deed) and \
        built_in_group(game, owner, deed) < 0


def other_owner(game: CardGame, p: int, deed: int) -> bool:
    """Whether ``deed`` is held by a player other than ``p`` still in the game (the deeds
    :func:`others_deeds` looks at)."""
    owner = game.owner[deed]
    return owner >= 0 and owner != p and not game.players[owner].bankrupt


def any_changing_hands(game: CardGame, p: int) -> bool:
    """Whether another player holds a deed that may change hands (what the steal and the
    swap choose from)."""
    for x in game.tracks.deeds:  # noqa: SIM110  (a loop is faster than any())
        if other_owner(game, p, x) and may_change_hands(game, x):
            return True
    return False


def others_deeds(game: CardGame, p: int, wanted: Callable[[int], bool]) -> list[int]:
    owner = game.owner
    return [d for d in game.tracks.deeds if owner[d] >= 0 and owner[d] != p
            and not game.players[owner[d]].bankrupt and wanted(d)]


class GpsChoice(Choice):
    """GPS is not working: the player on the drawer's left (``d.player``) moves the drawer's
    token (``d.creditor``) directly to any other space; the drawer obeys it."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        here = game.players[d.creditor].position
        return [s for s in range(game.board.size) if s != here]

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        game.move_directly(d.creditor, value)


class MovingExperienceChoice(Choice):
    """A Moving Experience: move to any railroad (a transit station, either track) or cab
    company; bought or auctioned if unowned, rent if owned."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        here = game.players[d.player].position
        spaces = game.board.spaces
        return [s.index for s in spaces if s.index != here and
                s.kind in ("railroad", "transit", "cab_company")]

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        card_advance(game, d.player, value, None)


class BuyersMarketChoice(Choice):
    """Buyer's Market!: move to any unowned Outer-track property and buy it for half price
    (or it is auctioned)."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        board = game.tracks
        here = game.players[d.player].position
        owner = game.owner
        out: list[int] = []
        for s in board.outer_deed_spaces:
            if s != here and owner[board.deed_at(s)] < 0:
                out.append(s)
        return out

    def any_option(self, game: CardGame, d: Decision) -> bool:
        board = game.tracks
        here = game.players[d.player].position
        owner = game.owner
        for s in board.outer_deed_spaces:  # noqa: SIM110  (a loop is faster than any())
            if s != here and owner[board.deed_at(s)] < 0:
                return True
        return False

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        p = d.player
        walk = game.tracks.card_walk(game.players[p].position, value)
        card_follow(game, p, walk, None, land=False)
        deed = game.tracks.deed_at(value)
        land_on_property(game, p, value, price=(game.board.spaces[deed].price + 1) // 2)


class TaxiWarsChoice(Choice):
    """Taxi Wars are not Fare!: take any one cab company from any player (if none is owned
    by another player, one of your choice: unowned ones are bought or auctioned on arrival)
    and advance to it."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        cabs = [s.index for s in game.board.spaces if s.kind == "cab_company"]
        p = d.player
        taken = [c for c in cabs if game.owner[c] >= 0 and game.owner[c] != p
                 and not game.players[game.owner[c]].bankrupt]
        return taken if taken else cabs

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        p = d.player
        push(game, AdvanceLater(p, value))
        owner = game.owner[value]
        if owner >= 0 and owner != p:
            threaten(game, Decision(AGAINST_STEAL, owner, deed=value, creditor=p))


class StealChoice(Choice):
    """Slick Move, Hostile Takeover: steal a property from a player of your choice (not part
    of a monopoly)."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        return others_deeds(game, d.player, lambda x: may_change_hands(game, x))

    def any_option(self, game: CardGame, d: Decision) -> bool:
        return any_changing_hands(game, d.player)

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        threaten(game, Decision(AGAINST_STEAL, game.owner[value], deed=value,
                                creditor=d.player))


class SwapChoice(Choice):
    """Strong-armed Deal, first: the other player's property taken in the swap."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        return others_deeds(game, d.player, lambda x: may_change_hands(game, x))

    def any_option(self, game: CardGame, d: Decision) -> bool:
        return any_changing_hands(game, d.player)

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        ask(game, Decision(SWAP_GIVE, d.player, deed=value))


class SwapGiveChoice(Choice):
    """Strong-armed Deal, then: your property given for it (not part of a monopoly)."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        p = d.player
        return [x for x in game.deeds_of(p) if may_change_hands(game, x)]

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        threaten(game, Decision(AGAINST_SWAP, game.owner[d.deed], deed=d.deed, amount=value,
                                creditor=d.player))


class ForecloseChoice(Choice):
    """Foreclosed Property Sale!: claim any opponent's mortgaged property by paying its
    mortgage value to the bank (the mortgage is lifted)."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        cash = game.cash(d.player)
        spaces = game.board.spaces
        return others_deeds(game, d.player, lambda x: game.mortgaged[x] and
                            spaces[x].mortgage <= cash)

    def any_option(self, game: CardGame, d: Decision) -> bool:
        p = d.player
        cash = game.cash(p)
        spaces = game.board.spaces
        mortgaged = game.mortgaged
        for x in game.tracks.deeds:
            if mortgaged[x] and other_owner(game, p, x) and spaces[x].mortgage <= cash:
                return True
        return False

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        threaten(game, Decision(AGAINST_STEAL, game.owner[value], deed=value,
                                amount=game.board.spaces[value].mortgage, creditor=d.player))


class FreeHouseChoice(Choice):
    """Zero Dollars Down!: build one free house on a property of a monopoly you own (where a
    house may be built now: evenly, from the bank's stock)."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        p = d.player
        spaces = game.board.spaces
        return [x for x in game.deeds_of(p) if spaces[x].kind == "street"
                and has_monopoly(game, p, x) and game.houses[x] < HOTEL - 1
                and can_build(game, p, x, check_cash=False) is None]

    def any_option(self, game: CardGame, d: Decision) -> bool:
        p = d.player
        spaces = game.board.spaces
        houses = game.houses
        for x in game.deeds_of(p):  # (kept while the legal actions are listed)
            if spaces[x].kind == "street" and houses[x] < HOTEL - 1 and \
                    has_monopoly(game, p, x) and can_build(game, p, x, check_cash=False) is None:
                return True
        return False

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        place_building(game, d.player, value)


def built_groups(game: CardGame, owners: Callable[[int], bool]) -> list[int]:
    """For Hurricane and Tornado: one property per (group, owner) whose buildings may be
    struck (streets: the owner's first built street of the group; railroads and cab
    companies: each with a depot or stand)."""
    spaces = game.board.spaces
    out: list[int] = []
    seen: list[tuple[str, int]] = []
    for group in groups_with_buildings(game, None):
        for x in game.board.groups[group]:
            owner = game.owner[x]
            if not game.houses[x] or owner < 0 or not owners(owner):
                continue
            if spaces[x].kind == "street":
                if (group, owner) in seen:
                    continue
                seen.append((group, owner))
            out.append(x)
    return out


class HurricaneChoice(Choice):
    """Hurricane makes landfall!: remove one house from each property of one colour group of
    ANOTHER player (a hotel back to four houses, a skyscraper back to a hotel; of the
    railroads or cab companies, the one depot or stand chosen)."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        p = d.player
        return built_groups(game, lambda q: q != p and not game.players[q].bankrupt)

    def valid(self, game: CardGame, d: Decision, value: int) -> bool:
        if not is_deed(game, value) or not game.houses[value]:
            return False
        owner = game.owner[value]
        return owner >= 0 and owner != d.player

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        threaten(game, Decision(AGAINST_HURRICANE, game.owner[value], deed=value,
                                creditor=d.player))


class TornadoChoice(Choice):
    """Tornado Hits!: the same to one of YOUR OWN groups (it must be used if you have any
    buildings)."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        p = d.player
        return built_groups(game, lambda q: q == p)

    def valid(self, game: CardGame, d: Decision, value: int) -> bool:
        return is_deed(game, value) and bool(game.houses[value]) and \
            game.owner[value] == d.player

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        remove_one_level(game, game.board.spaces[value].group, d.player, value)


def surrender(game: CardGame, p: int, deed: int) -> None:
    """Assets Seized!: an undeveloped property goes back to the bank; from a property with
    buildings, one building does (a street goes down one level, as a Hurricane strikes it;
    a depot or stand is removed). Nothing is paid."""
    level = game.houses[deed]
    kind = game.board.spaces[deed].kind
    if not level:
        game.set_owner(deed, -1)
        game.mortgaged[deed] = False
        game.count_change(deed)
    elif kind == "street":
        exchange(game, deed, lower_level(game, level))
    else:
        if kind == "railroad":
            game.bank_depots += 1
        else:
            game.bank_stands += 1
        game.houses[deed] = 0
        game.changes += 1
        game.count_change(deed)
    if game.listeners:
        game.emit("surrendered", player=p, deed=deed, level=game.houses[deed])


class SurrenderChoice(Choice):
    """Assets Seized!: surrender one undeveloped, unmortgaged property (no building on its
    group) or one building (evenly, from the most built of your properties of its group) to
    the bank."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        p = d.player
        out: list[int] = []
        for x in game.deeds_of(p):
            if game.houses[x]:
                if sale_problem(game, p, x) is None:
                    out.append(x)
            elif not game.mortgaged[x] and built_in_group(game, p, x) < 0:
                out.append(x)
        return out

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        surrender(game, d.player, value)


class HouseCondemnedChoice(Choice):
    """HOUSE CONDEMNED: sell one of your houses back to the bank at half price (houses only:
    a street with one to four houses, evenly)."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        p = d.player
        spaces = game.board.spaces
        return [x for x in game.deeds_of(p) if spaces[x].kind == "street"
                and 0 < game.houses[x] < HOTEL and sale_problem(game, p, x) is None]

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        sell_building(game, d.player, value)


def other_players(game: CardGame, d: Decision) -> list[int]:
    return others_from_left(game, d.player)


class CourtChoice(Choice):
    """See You In Court!: take $250 from any player of your choice."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        return other_players(game, d)

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        threaten(game, Decision(AGAINST_COURT, value, amount=d.amount, creditor=d.player))


class DistrictAttorneyChoice(Choice):
    """Elected District Attorney: send any other player (not in jail) directly to jail."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        return [q for q in other_players(game, d) if not game.players[q].in_jail]

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        threaten(game, Decision(AGAINST_JAIL, value, creditor=d.player))


class GameNightChoice(Choice):
    """Game Night!: pick an opponent; both roll the two regular dice (the drawer first; a
    tie rolls again); the higher roller collects $200 from the bank."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        return other_players(game, d)

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        dice = game.make_dice()
        p = d.player
        while True:
            dice.roll_regular()
            mine = dice.total
            dice.roll_regular()
            theirs = dice.total
            if game.listeners:
                game.emit("roll-off", player=p, other=value, totals=[mine, theirs])
            if mine != theirs:
                break
        game.pay(BANK, p if mine > theirs else value, d.amount, "Game Night!")


class InheritStockChoice(Choice):
    """Inherit Stock: take any one unpurchased share (of a company with shares left in the
    bank) free."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        return [c.index for c in game.stocks if game.bank_shares[c.index] > 0]

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        take_share(game, d.player, value, 0)


class SaleOfStockChoice(Choice):
    """Sale of Stock Bonus: sell one (unmortgaged) share back to the bank for its par value
    plus $50."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        p = d.player
        return [c.index for c in game.stocks
                if game.shares[p][c.index] > game.shares_mortgaged[p][c.index]]

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        p = d.player
        stock = game.stocks[value]
        game.shares[p][value] -= 1
        game.bank_shares[value] += 1
        game.pay(BANK, p, stock.par + d.amount, "Sale of Stock Bonus")
        if game.listeners:
            game.emit("share-sold", player=p, company=stock.id, price=stock.par + d.amount)


def half_par(game: CardGame, company: int) -> int:
    return (game.stocks[company].par + 1) // 2


class InsiderTradingChoice(Choice):
    """Insider Trading: the share bought at the Stock Exchange costs half its par value."""

    def options(self, game: CardGame, d: Decision) -> list[int]:
        cash = game.cash(d.player)
        return [c.index for c in game.stocks
                if game.bank_shares[c.index] > 0 and half_par(game, c.index) <= cash]

    def choose(self, game: CardGame, d: Decision, value: int) -> None:
        take_share(game, d.player, value, half_par(game, value))


def take_share(game: CardGame, p: int, company: int, price: int) -> None:
    """One share of ``company`` from the bank to ``p`` for ``price`` (0: free)."""
    stock = game.stocks[company]
    game.pay(p, BANK, price, "share")
    game.bank_shares[company] -= 1
    game.shares[p][company] += 1
    if game.listeners:
        game.emit("share-bought", player=p, company=stock.id, price=price)


CHOICES: Final[dict[str, Choice]] = {
    GPS: GpsChoice(), MOVING_EXPERIENCE: MovingExperienceChoice(),
    BUYERS_MARKET: BuyersMarketChoice(), TAXI_WARS: TaxiWarsChoice(), STEAL: StealChoice(),
    SWAP: SwapChoice(), SWAP_GIVE: SwapGiveChoice(), FORECLOSE: ForecloseChoice(),
    FREE_HOUSE: FreeHouseChoice(), HURRICANE: HurricaneChoice(), TORNADO: TornadoChoice(),
    SURRENDER: SurrenderChoice(), HOUSE_CONDEMNED: HouseCondemnedChoice(),
    COURT: CourtChoice(), DISTRICT_ATTORNEY: DistrictAttorneyChoice(),
    GAME_NIGHT: GameNightChoice(), INHERIT_STOCK: InheritStockChoice(),
    SALE_OF_STOCK: SaleOfStockChoice(), INSIDER_TRADING: InsiderTradingChoice(),
}
"""Each choice decision's :class:`Choice` (the Travel Voucher choices are ``choose-card``'s
own)."""
SPACE_CHOICES: Final = (GPS, MOVING_EXPERIENCE, BUYERS_MARKET)
DEED_CHOICES: Final = (TAXI_WARS, STEAL, SWAP, SWAP_GIVE, FORECLOSE, FREE_HOUSE, HURRICANE,
                       TORNADO, SURRENDER, HOUSE_CONDEMNED)
PLAYER_CHOICES: Final = (COURT, DISTRICT_ATTORNEY, GAME_NIGHT)
COMPANY_CHOICES: Final = (INHERIT_STOCK, SALE_OF_STOCK, INSIDER_TRADING)
VOUCHER_CHOICES: Final = (FINDERS_KEEPERS, LOSERS_WEEPERS)


# -------------------------------------------------------------------- Travel Voucher choices

def voucher_options(game: CardGame, d: Decision) -> list[tuple[int, int]]:
    """(holder, voucher card index) to choose from, one per holder and voucher id: Finders
    Keepers the other players' vouchers, Losers Weepers the player's own."""
    cards = game.decks[VOUCHERS].cards
    holders = others_from_left(game, d.player) if d.kind == FINDERS_KEEPERS else [d.player]
    out: list[tuple[int, int]] = []
    for q in holders:
        seen: list[str] = []
        for key, index in game.players[q].cards:
            if key == VOUCHERS and cards[index].id not in seen:
                seen.append(cards[index].id)
                out.append((q, index))
    return out


def voucher_held(game: CardGame, holder: int, index: int) -> int:
    """``holder``'s copy of the voucher card ``index`` names (the same id), -1: none."""
    cards = game.decks[VOUCHERS].cards
    wanted = cards[index].id
    for key, held in game.players[holder].cards:
        if key == VOUCHERS and cards[held].id == wanted:
            return held
    return -1


def choose_voucher(game: CardGame, d: Decision, holder: int, index: int) -> None:
    """Finders Keepers: take that voucher (another player's action against its holder);
    Losers Weepers: put it back under the voucher pile."""
    if d.kind == FINDERS_KEEPERS:
        threaten(game, Decision(AGAINST_VOUCHER, holder, amount=index, creditor=d.player))
    else:
        return_voucher(game, d.player, index)


def ask_voucher(game: CardGame, d: Decision) -> None:
    """:func:`ask`, for a Travel Voucher choice."""
    options = voucher_options(game, d)
    if not options:
        return
    if len(options) == 1:
        choose_voucher(game, d, options[0][0], options[0][1])
        return
    game.pending = [d]


# ==================================================================== card rules

class Kept(CardRule[CardGame]):
    """A card kept until used (see the module's docstring for when each is played): drawing it
    does nothing more (:func:`draw_card` gives it to the player)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        return None


class AdvanceTo(CardRule[CardGame]):
    """"Advance to ..." (a property, the Stock Exchange, Roll Three, Squeeze Play, Bonus, Tax
    Refund...): along the card's walk, taking the next closest transit station toward another
    track; pay corners pay their highest amounts unless the card prints one (the Stock
    Exchange: $300 passing Pay Day); then the space ("buy/auction if unowned, else pay normal
    rent"; Garbage Day: a utility's rent is two dice thrown now times 10; Excellent
    Accounting: ALL of the Pool on Tax Refund). A second effect (Advance to Tax Refund: "then
    pay each player 50") follows."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        then_later(game, player, card)
        card_advance(game, player, int(card.params["target"]), card)


class AdvanceToTrackPayCorner(CardRule[CardGame]):
    """Advance to the pay corner of the track you are on (GO, Pay Day or Bonus) and collect
    its landing income (GO $200, Pay Day $400, Bonus $300)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        board = game.tracks
        for corner in board.corners(board.track_of(game.players[player].position)):
            if board.is_pay_corner(corner):
                card_advance(game, player, corner, card)
                return


def kinds_of(space_type: str) -> tuple[str, ...]:
    """A card's space type as space kinds ("railroad": a transit station on any track)."""
    return ("railroad", "transit") if space_type == "railroad" else (space_type,)


class AdvanceToNearest(CardRule[CardGame]):
    """"Advance to the nearest utility / railroad": if unowned buy or auction; a utility's
    owner is paid two regular dice thrown now times 10, a railroad's twice the rent due."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        kinds = kinds_of(str(card.params["space_type"]))
        spaces = game.board.spaces
        target = nearest(game, game.players[player].position,
                         lambda s: spaces[s].kind in kinds)
        if target >= 0:
            card_advance(game, player, target, card)


class TakeCabCompanyAndAdvance(CardRule[CardGame]):
    """Taxi Wars are not Fare!: take any one cab company from any player (if none is owned,
    buy one of your choice from the bank) and advance to it (see :class:`TaxiWarsChoice`)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        ask(game, Decision(TAXI_WARS, player))


class MoveDirectly(CardRule[CardGame]):
    """"Move directly to ..." / "Go directly to ...": a direct move (nothing for passing a
    pay corner), then the space. April 15, Taxes Due!: Income Tax (paid to the Pool) or
    directly to jail, the player's choice. Vehicle Impounded!: "lose 1 turn". A second
    effect (Shopping Spree: "and pay 150 to the Pool") follows."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        target = int(card.params["target"])
        if card.get("alternative") == "go_to_jail":
            game.pending = [Decision(TAXES_DUE, player, deed=target)]
            return
        then_later(game, player, card)
        lose = int(card.get("lose_turns", 0))
        if lose:
            game.lose_turns[player] += lose
        game.move_directly(player, target)


class AllPlayersMoveDirectly(CardRule[CardGame]):
    """Mardi Gras!: all players move directly to Canal Street. Reading: the other players'
    tokens are put there (they obey nothing, off their turn; a jailed player stays in jail);
    the drawer obeys the space."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        target = int(card.params["target"])
        for q in others_from_left(game, player):
            token = game.players[q]
            if token.in_jail:
                continue
            start = token.position
            token.position = target
            if game.listeners:
                game.emit("moved", player=q, start=start, to=target, steps=0)
        game.move_directly(player, target)


class MoveDirectlyToNearest(CardRule[CardGame]):
    """Get Taken for a Ride: go directly to the nearest cab company; if another player owns
    it pay double rent; if unowned nothing happens (it cannot be bought or auctioned)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        kinds = kinds_of(str(card.params["space_type"]))
        spaces = game.board.spaces
        target = nearest(game, game.players[player].position,
                         lambda s: spaces[s].kind in kinds)
        if target >= 0:
            direct_move(game, player, target, card)


class ChangeTrack(CardRule[CardGame]):
    """Changing Lanes: move directly to the space beside yours one track out ("below") or in
    ("above"); on the outermost (innermost) track nothing happens."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        here = game.board.spaces[game.players[player].position]
        target = here.extra.get(str(card.params["direction"]))
        if target is not None:
            game.move_directly(player, int(target))


class LeftPlayerPlacesToken(CardRule[CardGame]):
    """GPS is not working: the player on your left moves your token directly to any space of
    their choice (see :class:`GpsChoice`)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        left = left_of(game, player)
        if left >= 0:
            ask(game, Decision(GPS, left, creditor=player))


class GoToJailCard(CardRule[CardGame]):
    """Go to Jail!: directly, no pay corner passed, nothing collected; the turn is over. Pay
    Back!: the same, and while there, rent due to you goes to the Pool."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        game.send_to_jail(player)
        if card.get("rent_while_jailed_to") == "pool":
            game.pay_back[player] = True


class PlayBuyersMarket(CardRule[CardGame]):
    """Buyer's Market! (kept; played before a throw): move to any unowned Outer-track
    property and buy it for half price (see :class:`BuyersMarketChoice`)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        ask(game, Decision(BUYERS_MARKET, player))


class SwapProperty(CardRule[CardGame]):
    """Strong-armed Deal (kept; played on your turn): swap a property with a player of your
    choice, neither part of a monopoly."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        ask(game, Decision(SWAP, player))


class TakeFromPlayer(CardRule[CardGame]):
    """See You In Court! (kept; played on your turn): take $250 from any player of your
    choice (owed, if they are short)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        ask(game, Decision(COURT, player, amount=int(card.params["amount"])))


class StealProperty(CardRule[CardGame]):
    """Slick Move, Hostile Takeover (kept; played on your turn): steal a property from a
    player of your choice (not part of a monopoly, no buildings in its group; a mortgaged
    one comes with its mortgage, as in a trade)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        ask(game, Decision(STEAL, player))


class ForecloseMortgagedProperty(CardRule[CardGame]):
    """Foreclosed Property Sale! (kept; played on your turn): claim any opponent's mortgaged
    property by paying its mortgage value to the bank."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        ask(game, Decision(FORECLOSE, player))


class FreeHouse(CardRule[CardGame]):
    """Zero Dollars Down! (kept; played when you may build): one free house on a property in
    a monopoly you own."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        ask(game, Decision(FREE_HOUSE, player))


class SendPlayerToJail(CardRule[CardGame]):
    """Elected District Attorney (kept; played on your turn): send any other player directly
    to jail."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        ask(game, Decision(DISTRICT_ATTORNEY, player))


class SellStockBonus(CardRule[CardGame]):
    """Sale of Stock Bonus (kept; played when you may manage): sell one share back to the
    bank for its value plus $50."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        ask(game, Decision(SALE_OF_STOCK, player, amount=int(card.params["bonus"])))


class Pay(CardRule[CardGame]):
    """"Pay $N to the Pool" (owed, if short). Vehicle Impounded!: then move directly to Just
    Visiting and lose 1 turn."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        then_later(game, player, card)
        game.owe(player, game.fee_payee, int(card.params["amount"]), title(card))


class Collect(CardRule[CardGame]):
    """"Collect $N" from the bank."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        game.pay(BANK, player, int(card.params["amount"]), title(card))


class LapCurrentTrack(CardRule[CardGame]):
    """Win the Marathon!: take a lap around your current track and collect its pay corner's
    income (its highest passing amount: GO $200, Pay Day $400, Bonus $250). Reading: the lap
    ends where it began and that space is not obeyed again."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        here = game.players[player].position
        card_follow(game, player, game.tracks.card_walk(here, here), card, land=False)


class PayEachPlayer(CardRule[CardGame]):
    """"Pay each (other) player $N" (owed, if short)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        amount = int(card.params["amount"])
        for q in others_from_left(game, player):
            game.owe(player, q, amount, title(card))


class PayEachPlayerIfOwns(CardRule[CardGame]):
    """Shouldn't the Train be here already?: if you own any railroad or United Railways
    stock, pay each player $50."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        spaces = game.board.spaces
        owns = any(spaces[d].kind == "railroad" for d in game.deeds_of(player))
        company = company_index(game, "United Railways")
        if owns or (company >= 0 and game.shares[player][company] > 0):
            PayEachPlayer().obey(game, player, card)


class MoveRelative(CardRule[CardGame]):
    """Go Back Three (3) Spaces, Forward Thinker: move that many spaces along your track
    (no transit station is taken: there is no other track to head for); forward, a pay
    corner passed pays its highest amount."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        steps = int(card.params["spaces"])
        here = game.players[player].position
        walk = game.tracks.walk(here, abs(steps), False, backwards=steps < 0)
        card_follow(game, player, walk, card)


class StockCrashHalf(CardRule[CardGame]):
    """Stock Market CRASH!: every stockholder returns half (rounded up) of their shares in
    each company to the bank. Reading: mortgaged shares go back first, their mortgage with
    them (the bank takes back its security)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        for q in range(len(game.players)):
            held = game.shares[q]
            mortgaged = game.shares_mortgaged[q]
            for c in range(len(game.stocks)):
                back = (held[c] + 1) // 2
                if not back:
                    continue
                mortgaged[c] -= min(back, mortgaged[c])
                held[c] -= back
                game.bank_shares[c] += back
                if game.listeners:
                    game.emit("shares-returned", player=q, company=game.stocks[c].id,
                              count=back)


class HalveDividends(CardRule[CardGame]):
    """Video Killed the Radio Star!: General Radio dividends are halved (rounded up) for the
    next 2 payouts (a payout: a landing on the Stock Exchange or a "collect dividends now"
    card that pays a holder of the company)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        payouts = int(card.params["payouts"])
        for name in card.params["companies"]:
            c = company_index(game, str(name))
            if c >= 0:
                game.halved_payouts[c] = max(game.halved_payouts[c], payouts)


def paid_dividend(game: CardGame, q: int, company: int) -> int:
    """The dividend ``q`` is paid for ``company`` at a payout: the certificate's figure
    (``spaces.dividend``), halved (rounded up) while Video Killed the Radio Star! lasts."""
    amount = dividend(game, q, company)
    if amount and game.halved_payouts[company]:
        amount = (amount + 1) // 2
    return amount


class PayDividendsNow(CardRule[CardGame]):
    """Entertainment Rocks!, Travel is all the Rage!, Electric Car Shocking Success!: the
    holders of those companies collect their dividends now from the bank (halved while Video
    Killed the Radio Star! lasts); the Electric Company's owner collects triple."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        multiplier = int(card.get("electric_company_owner_multiplier", 1))
        electric = game.board.find("Electric Company") if multiplier != 1 else -1
        triple = game.owner[electric] if electric >= 0 else -1
        for name in card.params["companies"]:
            c = company_index(game, str(name))
            if c < 0:
                continue
            paid = False
            for q in range(len(game.players)):
                if game.players[q].bankrupt:
                    continue
                amount = paid_dividend(game, q, c)
                if amount:
                    if q == triple:
                        amount *= multiplier
                    game.pay(BANK, q, amount, f"{game.stocks[c].name} dividend")
                    paid = True
            if paid and game.halved_payouts[c]:
                game.halved_payouts[c] -= 1


class InsiderTradingFineAndJail(CardRule[CardGame]):
    """Caught Insider Trading!: pay the Pool a fine equal to the dividends on all your stock
    and go directly to jail; no stock, no fine and no jail. Lawyer on Retainer avoids it."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        if not holds_shares(game, player):
            return
        fine = 0
        for c in game.stocks:
            fine += dividend(game, player, c.index)
        threaten(game, Decision(INSIDER_FINE, player, amount=fine, creditor=POOL))


class DrawTravelVoucher(CardRule[CardGame]):
    """Business Trip: take one (two) Travel Voucher(s)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        for _ in range(int(card.get("count", 1))):
            game.take_voucher(player, CARD_VOUCHER)


class DowngradeColorGroup(CardRule[CardGame]):
    """Hurricane makes landfall! (another player's group) and Tornado Hits! (one of your own):
    "remove one house from each property in a property group ... Hotels are replaced by four
    Houses each. Skyscrapers are replaced by one Hotel each"; of the railroads or cab
    companies "only one ... has that Depot/Cab Stand removed"; "Only a property group that has
    any buildings on it at all". Used at once; nothing without such a group."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        kind = HURRICANE if card.get("whose") == "other_player" else TORNADO
        ask(game, Decision(kind, player))


class Repairs(CardRule[CardGame]):
    """Make General Repairs, Assessed for Street Repairs: so much per house, hotel,
    skyscraper, train depot and cab stand you have, to the Pool."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        houses, hotels, skyscrapers, depots, stands = count_buildings(game, player)
        get = card.get
        amount = (houses * int(get("per_house", 0)) + hotels * int(get("per_hotel", 0))
                  + skyscrapers * int(get("per_skyscraper", 0))
                  + depots * int(get("per_depot", 0)) + stands * int(get("per_cab_stand", 0)))
        game.owe(player, game.fee_payee, amount, title(card))


class PayPerProperty(CardRule[CardGame]):
    """Property Taxes: pay $25 to the Pool for each unmortgaged property you own."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        count = sum(1 for d in game.deeds_of(player) if not game.mortgaged[d])
        game.owe(player, game.fee_payee, count * int(card.params["amount"]), title(card))


class SurrenderAsset(CardRule[CardGame]):
    """Assets Seized!: surrender one undeveloped, unmortgaged property or one building to the
    bank (your choice); if you own no property, go directly to jail."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        if not game.deeds_of(player):
            game.send_to_jail(player)
            return
        ask(game, Decision(SURRENDER, player))


class AdvanceToNearestUnowned(CardRule[CardGame]):
    """Discount Travel: advance to the nearest unowned transit property (a railroad on either
    track of its station, or a cab company) and buy it at half price, or it is auctioned;
    with none left unowned, nothing happens."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        kinds: list[str] = []
        for space_type in card.params["space_types"]:
            kinds.extend(kinds_of(str(space_type)))
        board = game.tracks
        spaces = board.spaces
        target = nearest(game, game.players[player].position,
                         lambda s: spaces[s].kind in kinds and game.owner[board.deed_at(s)] < 0)
        if target < 0:
            return
        walk = board.card_walk(game.players[player].position, target)
        card_follow(game, player, walk, card, land=False)
        price = spaces[board.deed_at(target)].price
        factor = round(float(card.get("price_factor", 1)) * 100)
        land_on_property(game, player, target, price=(price * factor + 99) // 100)


class MoveToAny(CardRule[CardGame]):
    """A Moving Experience: move to any railroad or cab company (see
    :class:`MovingExperienceChoice`)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        ask(game, Decision(MOVING_EXPERIENCE, player))


class ByTrack(CardRule[CardGame]):
    """The Insider's Edge: by the track you are on (inner: collect $250; outer: pay $50 to
    the Pool; middle: nothing)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        effect = card.get(game.tracks.track_of(game.players[player].position))
        if effect:
            game.obey(player, sub_card(card, effect))


class CollectFromEachPlayer(CardRule[CardGame]):
    """"Collect $N from each player" (each in turn from your left; an action against each,
    which a "NO" cancels; owed if short). Happy Birthday!: then move directly to Birthday
    Gift and follow it."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        then_later(game, player, card)
        amount = int(card.params["amount"])
        for q in reversed(others_from_left(game, player)):
            push(game, Threaten(Decision(AGAINST_PAY, q, amount=amount, creditor=player)))


class PayEachPlayerWhoOwns(CardRule[CardGame]):
    """Always Tip your Driver: pay $50 to every other player who owns a cab company."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        kind = str(card.params["space_type"])
        spaces = game.board.spaces
        amount = int(card.params["amount"])
        for q in others_from_left(game, player):
            if any(spaces[d].kind == kind for d in game.deeds_of(q)):
                game.owe(player, q, amount, title(card))


class RollOff(CardRule[CardGame]):
    """Game Night!: pick an opponent; both roll; the higher roller collects $200 from the
    bank (see :class:`GameNightChoice`)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        ask(game, Decision(GAME_NIGHT, player, amount=int(card.params["amount"])))


class RollAndMoveBackwards(CardRule[CardGame]):
    """Be Kind, Rewind: roll again (the two regular dice) and move BACKWARDS that many spaces
    (riding transit stations by the throw's parity, as a Reverse Direction throw does); pay
    double rent if you land on an owned property."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        dice = game.make_dice()
        thrown = dice.roll_regular()
        steps = dice.total
        game.last_dice = thrown
        game.throw_total = steps
        if game.listeners:
            game.emit("rolled", player=player, dice=list(thrown), double=False, for_card=True)
        even = steps % 2 == 0
        walk = game.tracks.walk(game.players[player].position, steps, even, backwards=True)
        card_follow(game, player, walk, card, by_dice=True, even=even)


class FreeShare(CardRule[CardGame]):
    """Inherit Stock: take any one unpurchased share free (see :class:`InheritStockChoice`)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        ask(game, Decision(INHERIT_STOCK, player))


class DividendFine(CardRule[CardGame]):
    """Utility Regulation, Scandal in Hollywood!, Unions on Strike: the holders of those
    companies pay the Pool a fine equal to their dividends (the drawer first, then each in
    turn from the drawer's left; Lawyer on Retainer avoids it; owed if short)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        companies = [company_index(game, str(n)) for n in card.params["companies"]]
        n = len(game.players)
        for i in reversed(range(n)):
            q = (player + i) % n
            if game.players[q].bankrupt:
                continue
            fine = 0
            for c in companies:
                if c >= 0:
                    fine += dividend(game, q, c)
            if fine:
                push(game, Threaten(Decision(STOCK_FINE, q, amount=fine, creditor=POOL)))


class StealTravelVoucher(CardRule[CardGame]):
    """Finders Keepers: take a Travel Voucher from any player (yours to choose; an action
    against its holder)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        ask_voucher(game, Decision(FINDERS_KEEPERS, player))


class ReturnTravelVoucher(CardRule[CardGame]):
    """Losers Weepers: put one of your Travel Vouchers (your choice) back under the pile."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        ask_voucher(game, Decision(LOSERS_WEEPERS, player))


class ForcedHouseSale(CardRule[CardGame]):
    """HOUSE CONDEMNED: sell one of your houses back to the bank at half price (see
    :class:`HouseCondemnedChoice`)."""

    def obey(self, game: CardGame, player: int, card: Card) -> None:
        ask(game, Decision(HOUSE_CONDEMNED, player))


KEPT: Final = Kept()

CARDS: Final[dict[str, CardRule[Any]]] = {
    # moves
    "advance_to": AdvanceTo(),
    "advance_to_track_pay_corner": AdvanceToTrackPayCorner(),
    "advance_to_nearest": AdvanceToNearest(),
    "take_cab_company_and_advance": TakeCabCompanyAndAdvance(),
    "move_directly": MoveDirectly(),
    "all_players_move_directly": AllPlayersMoveDirectly(),
    "move_directly_to_nearest": MoveDirectlyToNearest(),
    "change_track": ChangeTrack(),
    "left_player_places_token": LeftPlayerPlacesToken(),
    "go_to_jail": GoToJailCard(),
    "move_relative": MoveRelative(),
    "lap_current_track_collect_pay_corner": LapCurrentTrack(),
    "advance_to_nearest_unowned": AdvanceToNearestUnowned(),
    "move_to_any": MoveToAny(),
    "roll_and_move_backwards": RollAndMoveBackwards(),
    # money
    "pay": Pay(),
    "collect": Collect(),
    "pay_each_player": PayEachPlayer(),
    "pay_each_player_if_owns": PayEachPlayerIfOwns(),
    "pay_each_player_who_owns": PayEachPlayerWhoOwns(),
    "collect_from_each_player": CollectFromEachPlayer(),
    "pay_per_property": PayPerProperty(),
    "repairs": Repairs(),
    "by_track": ByTrack(),
    "roll_off": RollOff(),
    # buildings
    "downgrade_color_group": DowngradeColorGroup(),
    "surrender_asset": SurrenderAsset(),
    "forced_house_sale": ForcedHouseSale(),
    # travel vouchers
    "draw_travel_voucher": DrawTravelVoucher(),
    "steal_travel_voucher": StealTravelVoucher(),
    "return_travel_voucher": ReturnTravelVoucher(),
    # stocks
    "stock_crash_half": StockCrashHalf(),
    "halve_dividends": HalveDividends(),
    "pay_dividends_now": PayDividendsNow(),
    "insider_trading_fine_and_jail": InsiderTradingFineAndJail(),
    "dividend_fine": DividendFine(),
    "free_share": FreeShare(),
    # kept, played on their own (``play-card``)
    "move_to_unowned_outer_property_half_price": PlayBuyersMarket(),
    "swap_property": SwapProperty(),
    "take_from_player": TakeFromPlayer(),
    "steal_property": StealProperty(),
    "foreclose_mortgaged_property": ForecloseMortgagedProperty(),
    "free_house": FreeHouse(),
    "send_player_to_jail": SendPlayerToJail(),
    "sell_stock_bonus": SellStockBonus(),
    # kept, played at a moment of someone else's rule (see PlayCard)
    "get_out_of_jail_free": KEPT,
    "just_say_no": KEPT,
    "immunity": KEPT,
    "skip_next_rent": KEPT,
    "half_railroad_rent_once": KEPT,
    "reverse_rent_once": KEPT,
    "cap_rent_once": KEPT,
    "extra_rent_once": KEPT,
    "auction_bid_bonus": KEPT,
    "preempt_purchase": KEPT,
    "buy_landed_property_for": KEPT,
    "half_par_stock_purchase": KEPT,
    "take_half_roll_three_winnings": KEPT,
}
"""The rule of every card effect of the two decks (58 kinds)."""


# ==================================================================== playing a kept card

TURN_PLAYS: Final = ("swap_property", "take_from_player", "steal_property",
                     "foreclose_mortgaged_property", "send_player_to_jail")
"""Kept cards played on the holder's own turn (at their roll, jail or end-turn decision)."""
MOVE_PLAYS: Final = ("move_to_unowned_outer_property_half_price", "advance_to")
"""Kept cards that move the holder: before a throw of their own turn."""
MANAGE_PLAYS: Final = ("free_house", "sell_stock_bonus")
"""Kept cards played whenever the holder may manage (build, mortgage...)."""


def play_problem(game: CardGame, p: int, card: Card) -> str | None:
    """Why ``p`` may not play the kept ``card`` now, on its own (None if they may)."""
    kind = card.kind
    name = title(card)
    pending = game.pending
    first = pending[0] if pending else None
    mine = first is not None and first.player == p
    own_turn = mine and p == game.current
    if kind in MOVE_PLAYS:
        if not own_turn or first is None or first.kind != "roll" or game.players[p].in_jail:
            return f"{name} is played before a throw of your own turn"
    elif kind in TURN_PLAYS:
        if not own_turn or first is None or first.kind not in ("roll", "jail", "end-turn"):
            return f"{name} is played on your own turn (before a throw or at its end)"
    elif kind == "buy_landed_property_for":
        if first is None or first.kind not in ("buy", CARD_BUY) or not mine:
            return f"{name} is played when you land on an unowned property"
        if game.cash(p) < min(int(card.get("amount", 0)), first.amount):
            return f"{game.name(p)} has {game.money(game.cash(p))}"
        return None
    elif kind == "preempt_purchase":
        if first is None or first.kind not in ("buy", CARD_BUY) or mine:
            return f"{name} is played when another player is about to buy a property"
        if game.cash(p) < first.amount:
            return f"{game.board.spaces[first.deed].name} costs {game.money(first.amount)}; " \
                   f"{game.name(p)} has {game.money(game.cash(p))}"
        return None
    elif kind == "half_par_stock_purchase":
        if first is None or first.kind != "stock-exchange" or not mine:
            return f"{name} is played when you may buy a share at the Stock Exchange"
        if not CHOICES[INSIDER_TRADING].options(game, Decision(INSIDER_TRADING, p)):
            return f"{game.name(p)} cannot pay half par for any share left"
        return None
    elif kind not in MANAGE_PLAYS:
        return f"{name} is not played on its own: it is used when it applies"
    if not has_target(game, p, card):
        return f"{name} has nothing to act on now"
    return None


PLAY_DECISIONS: Final[dict[str, str]] = {
    "move_to_unowned_outer_property_half_price": BUYERS_MARKET, "swap_property": SWAP,
    "take_from_player": COURT, "steal_property": STEAL,
    "foreclose_mortgaged_property": FORECLOSE, "free_house": FREE_HOUSE,
    "send_player_to_jail": DISTRICT_ATTORNEY, "sell_stock_bonus": SALE_OF_STOCK}
"""The choice each kept card asks once played."""


def has_target(game: CardGame, p: int, card: Card) -> bool:
    """Whether a kept card played now would find something to act on."""
    kind = card.kind
    decision = PLAY_DECISIONS.get(kind)
    if decision is None:
        return True  # Excellent Accounting
    if not CHOICES[decision].any_option(game, Decision(decision, p)):
        return False
    if kind == "swap_property":
        return CHOICES[SWAP_GIVE].any_option(game, Decision(SWAP_GIVE, p))
    return True


def answer_problem(game: CardGame, p: int, card: Card, d: Decision) -> str | None:
    """Why the kept ``card`` does not answer ``d`` (None if it does)."""
    name = title(card)
    if d.kind == RENT_DUE:
        if rent_card_applies(game, card, d.deed, d.amount):
            return None
        return f"{name} does not apply to this rent"
    if d.kind == GOOD_FORTUNE:
        if card.kind == "take_half_roll_three_winnings":
            return None
        return f"{name} does not take a share of Roll Three winnings"
    if cancels(card, d.kind):
        return None
    return f"{name} does not cancel this"


def play_at_decision(game: CardGame, p: int, card: Card, d: Decision) -> None:
    """A kept card played as the answer to ``d`` (the card is already used)."""
    game.pending = []
    if d.kind == RENT_DUE:
        play_rent_card(game, d, card)
    elif d.kind == GOOD_FORTUNE:
        threaten(game, Decision(AGAINST_PAY, d.creditor, amount=(d.amount + 1) // 2,
                                creditor=p))
    else:
        call_off(game, d)


def play_on_its_own(game: CardGame, p: int, card: Card) -> None:
    """A kept card played on its own (the card is already used): its effect, then the
    decision that was open (a move's throw still to come)."""
    kind = card.kind
    first = game.pending[0]
    if kind == "buy_landed_property_for":
        game.pending = []
        buy_for(game, p, first.deed, min(int(card.get("amount", 0)), first.amount))
    elif kind == "preempt_purchase":
        game.pending = []
        threaten(game, Decision(AGAINST_DEAL_BUSTER, first.player, deed=first.deed,
                                amount=first.amount, creditor=p))
    elif kind == "half_par_stock_purchase":
        game.pending = []
        ask(game, Decision(INSIDER_TRADING, p))
    elif kind in MOVE_PLAYS:
        game.pending = []
        push(game, ResumeRoll(p))
        game.obey(p, card)
    else:
        push(game, Resume(tuple(game.pending)))
        game.pending = []
        game.obey(p, card)


def ask_good_fortune(game: CardGame, winner: int, prize: int, after: int) -> None:
    """Share in their Good Fortune: the next player after ``after`` (from the winner's
    left) who keeps the card is offered half of ``winner``'s Roll Three ``prize``."""
    if game.over or game.players[winner].bankrupt:
        return
    order = others_from_left(game, winner)
    start = order.index(after) + 1 if after in order else 0
    for q in order[start:]:
        if held_kind(game, q, "take_half_roll_three_winnings") is not None:
            game.pending = [Decision(GOOD_FORTUNE, q, amount=prize, creditor=winner)]
            return


def roll_three_won(game: CardGame, winner: int, prize: int) -> None:
    """The hook for ``spaces.roll_three``: ``winner`` was just paid ``prize``; a player who
    keeps Share in their Good Fortune may take half of it (once the Roll Three is over)."""
    if prize > 0:
        push(game, AskGoodFortune(winner, prize, -1))


# ==================================================================== actions

def held_problem(game: CardGame, p: int, action: Action) -> tuple[Card | None, str | None]:
    """The card an action names, if ``p`` keeps it (else why not)."""
    ref = action.card
    if ref is None:
        return None, f"'{action.do}' needs one of your kept cards (chance:... or " \
                     "community_chest:...)"
    key, index = ref
    if key in ACTION_DECKS:
        # (a loop, not ``in`` on the hand: the compiled build compares tuples through the
        # generic protocol)
        for held_key, held_index in game.players[p].cards:
            if held_index == index and held_key == key:
                return game.decks[key].cards[index], None
    return None, f"{game.name(p)} does not keep that card"


class PlayCard(ActionRule[CardGame]):
    """Play a card kept until used, at its moment (see the module's docstring): on its own
    (at any time while players manage, when its moment has come), or as the answer to a rent
    due, an action against you, a fine, or another player's Roll Three win."""

    kind = ActionKind("play-card", "Play a Chance or Community Chest card you kept, when its "
                      "moment has come", (card_field("a card you kept"),),
                      label="Play a kept card")

    def check(self, game: CardGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        card, problem = held_problem(game, player, action)
        if card is None:
            return problem
        if decision is not None:
            return answer_problem(game, player, card, decision)
        return play_problem(game, player, card)

    def candidates(self, game: CardGame, player: int,
                   decision: Decision | None) -> list[Action]:
        return [Action("play-card", card=ref) for ref in held_cards(game, player)]

    def apply(self, game: CardGame, player: int, action: Action,
              decision: Decision | None) -> None:
        ref = action.card
        assert ref is not None
        card = card_of(game, ref)
        use_card(game, player, ref)
        if decision is not None:
            play_at_decision(game, player, card, decision)
        else:
            play_on_its_own(game, player, card)


class Allow(ActionRule[CardGame]):
    """Let the action against you (or the fine) happen, keeping your card."""

    kind = ActionKind("allow", "Let the action against you happen (keep your card)",
                      label="Let it happen")

    def apply(self, game: CardGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None
        game.pending = []
        carry_out(game, decision)


class KeepCard(ActionRule[CardGame]):
    """Share in their Good Fortune: do not take a share of this win (keep the card)."""

    kind = ActionKind("keep-card", "Keep your card for another time", label="Keep the card")

    def apply(self, game: CardGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None
        game.pending = []
        ask_good_fortune(game, decision.creditor, decision.amount, player)


class PayRent(ActionRule[CardGame]):
    """Pay the rent due (keep your rent cards)."""

    kind = ActionKind("pay-rent", "Pay the rent due and keep your rent cards",
                      label="Pay the rent")

    def apply(self, game: CardGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None
        game.pending = []
        pay_rent(game, player, decision.creditor, decision.amount)


class ChooseRule(ActionRule[CardGame]):
    """A card's choice (see :data:`CHOICES`): the field's value must be one of its options."""

    field_name = ""

    @abstractmethod
    def value(self, action: Action) -> int:
        """The chosen value an action carries (in its kind's field)."""

    @abstractmethod
    def make(self, value: int) -> Action:
        """The action that chooses ``value``."""

    def check(self, game: CardGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        assert decision is not None
        value = self.value(action)
        if value == -1:
            return f"'{action.do}' needs a {self.field_name}"
        if not CHOICES[decision.kind].valid(game, decision, value):
            return f"that {self.field_name} is not one the card allows"
        return None

    def candidates(self, game: CardGame, player: int,
                   decision: Decision | None) -> list[Action]:
        if decision is None:
            return []
        return [self.make(v) for v in CHOICES[decision.kind].options(game, decision)]

    def legal_answers(self, game: CardGame, player: int,
                      decision: Decision) -> list[Action]:
        """The options, worked out once (judging each candidate with :meth:`check` would
        work them out again for each): every option is a valid choice, unless its choice
        judges values more narrowly (:meth:`Choice.valid` written), which then judges each
        option."""
        choice = CHOICES[decision.kind]
        options = choice.options(game, decision)
        if type(choice).valid is Choice.valid:  # (valid: one of the options)
            return [self.make(v) for v in options if v != -1]
        return [self.make(v) for v in options
                if v != -1 and choice.valid(game, decision, v)]

    def apply(self, game: CardGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None
        game.pending = []
        CHOICES[decision.kind].choose(game, decision, self.value(action))


class ChooseSpace(ChooseRule):
    """A card's choice of a space (GPS is not working, A Moving Experience, Buyer's
    Market!)."""

    kind = ActionKind("choose-space", "A card's choice: the space it sends the token to",
                      (space_field("a space the card allows"),), label="Choose a space")
    field_name = "space"

    def value(self, action: Action) -> int:
        return action.space

    def make(self, value: int) -> Action:
        return Action("choose-space", space=value)


class ChooseDeed(ChooseRule):
    """A card's choice of a property (Taxi Wars, Slick Move, Strong-armed Deal, Foreclosed
    Property Sale!, Zero Dollars Down!, Hurricane, Tornado, Assets Seized!, HOUSE
    CONDEMNED)."""

    kind = ActionKind("choose-deed", "A card's choice: the property it acts on",
                      (deed_field("a property the card allows"),), label="Choose {deed}")
    field_name = "deed"

    def value(self, action: Action) -> int:
        return action.deed

    def make(self, value: int) -> Action:
        return Action("choose-deed", value)


class ChoosePlayer(ChooseRule):
    """A card's choice of a player (See You In Court!, Elected District Attorney, Game
    Night!)."""

    kind = ActionKind("choose-player", "A card's choice: the player it acts on",
                      (target_field("a player the card allows"),), label="Choose {target}")
    field_name = "player"

    def value(self, action: Action) -> int:
        return action.target

    def make(self, value: int) -> Action:
        return Action("choose-player", target=value)


class ChooseCompany(ChooseRule):
    """A card's choice of a company (Inherit Stock, Sale of Stock Bonus, Insider Trading)."""

    kind = ActionKind("choose-company", "A card's choice: the company whose share it takes, "
                      "sells or buys", (company_field("a company the card allows"),),
                      label="Choose a company")
    field_name = "company"

    def value(self, action: Action) -> int:
        return action.company

    def make(self, value: int) -> Action:
        return Action("choose-company", company=value)


class ChooseCard(ActionRule[CardGame]):
    """A card's choice of a Travel Voucher: Finders Keepers (another player's, named with its
    holder), Losers Weepers (one of yours)."""

    kind = ActionKind("choose-card", "A card's choice: a Travel Voucher (Finders Keepers: "
                      "another player's, naming its holder; Losers Weepers: one of yours)",
                      (card_field("a Travel Voucher"),
                       target_field("its holder (Finders Keepers)")),
                      label="Choose a Travel Voucher")

    def check(self, game: CardGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        assert decision is not None
        ref = action.card
        if ref is None or ref[0] != VOUCHERS:
            return "'choose-card' needs a Travel Voucher (travel_vouchers:...)"
        if decision.kind == FINDERS_KEEPERS:
            holder = action.target
            if holder == -1 or holder == player or not 0 <= holder < len(game.players) \
                    or game.players[holder].bankrupt:
                return "Finders Keepers names the other player whose voucher you take"
        else:
            if action.target not in (-1, player):
                return "Losers Weepers puts back one of your own vouchers"
            holder = player
        if voucher_held(game, holder, ref[1]) < 0:
            return f"{game.name(holder)} holds no such Travel Voucher"
        return None

    def candidates(self, game: CardGame, player: int,
                   decision: Decision | None) -> list[Action]:
        """One answer per holder and voucher, naming the holder's very copy (the notation
        writes it ``travel_vouchers:card-id#index``, so a record replays exactly)."""
        if decision is None:
            return []
        return [Action("choose-card", card=(VOUCHERS, index),
                       target=holder if decision.kind == FINDERS_KEEPERS else -1)
                for holder, index in voucher_options(game, decision)]

    def apply(self, game: CardGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None and action.card is not None
        game.pending = []
        holder = action.target if decision.kind == FINDERS_KEEPERS else player
        choose_voucher(game, decision, holder, voucher_held(game, holder, action.card[1]))


class PayTax(ActionRule[CardGame]):
    """April 15, Taxes Due!: move directly to Income Tax (no salary) and pay it."""

    kind = ActionKind("pay-tax", "April 15: move directly to Income Tax and pay it",
                      label="Go to Income Tax and pay it")

    def apply(self, game: CardGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None
        game.pending = []
        game.move_directly(player, decision.deed)


class GoToJailInstead(ActionRule[CardGame]):
    """April 15, Taxes Due!: go directly to jail instead."""

    kind = ActionKind("go-to-jail", "April 15: go directly to jail instead of paying",
                      label="Go directly to jail")

    def apply(self, game: CardGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.pending = []
        game.send_to_jail(player)


class BuyFor(Buy):
    """Discount Travel, Buyer's Market!: buy the property at the card's price (the
    decision's amount; classic's purchase check: the cash to pay it)."""

    kind = ActionKind("buy-for", "Buy the property at the price the card sets",
                      label="Buy {deed} for {price}")

    def apply(self, game: ClassicGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None
        game.pending = []
        buy_for(cast(UltimateMonopolyGame, game), player, decision.deed, decision.amount)


# ==================================================================== decisions

def choice(name: str, answer: str, rule: str) -> DecisionKind:
    return DecisionKind(name, (answer,), rule)


def against(name: str, rule: str) -> DecisionKind:
    return DecisionKind(name, ("play-card", "allow"), rule)


DECISION_KINDS: Final[tuple[DecisionKind, ...]] = (
    choice(GPS, "choose-space", "GPS is not working: move the token of the player on your "
           "right directly to any space of your choice"),
    choice(MOVING_EXPERIENCE, "choose-space", "A Moving Experience: move to any railroad or "
           "cab company"),
    choice(BUYERS_MARKET, "choose-space", "Buyer's Market!: move to any unowned Outer-track "
           "property and buy it for half price"),
    choice(TAXI_WARS, "choose-deed", "Taxi Wars are not Fare!: take any one cab company from "
           "any player (none owned: one of your choice) and advance to it"),
    choice(STEAL, "choose-deed", "Slick Move / Hostile Takeover: steal a property from a "
           "player of your choice (not part of a monopoly)"),
    choice(SWAP, "choose-deed", "Strong-armed Deal: the other player's property you take in "
           "the swap (not part of a monopoly)"),
    choice(SWAP_GIVE, "choose-deed", "Strong-armed Deal: your property you give for it (not "
           "part of a monopoly)"),
    choice(FORECLOSE, "choose-deed", "Foreclosed Property Sale!: claim an opponent's "
           "mortgaged property by paying its mortgage value to the bank"),
    choice(FREE_HOUSE, "choose-deed", "Zero Dollars Down!: build one free house on a "
           "property in a monopoly you own"),
    choice(HURRICANE, "choose-deed", "Hurricane makes landfall!: remove one house from each "
           "property of one colour group of another player"),
    choice(TORNADO, "choose-deed", "Tornado Hits!: remove one house from each property in "
           "one of your own colour groups"),
    choice(SURRENDER, "choose-deed", "Assets Seized!: surrender one undeveloped, unmortgaged "
           "property or one building to the bank"),
    choice(HOUSE_CONDEMNED, "choose-deed", "HOUSE CONDEMNED: sell one of your houses back to "
           "the bank at half price"),
    choice(COURT, "choose-player", "See You In Court!: take $250 from any player of your "
           "choice"),
    choice(DISTRICT_ATTORNEY, "choose-player", "Elected District Attorney: send any other "
           "player directly to jail"),
    choice(GAME_NIGHT, "choose-player", "Game Night!: pick an opponent; both roll; the higher "
           "roller collects $200 from the bank"),
    choice(FINDERS_KEEPERS, "choose-card", "Finders Keepers: take a Travel Voucher from any "
           "player"),
    choice(LOSERS_WEEPERS, "choose-card", "Losers Weepers: put one of your Travel Vouchers "
           "back on the deck"),
    choice(INHERIT_STOCK, "choose-company", "Inherit Stock: take any one unpurchased share "
           "free"),
    choice(SALE_OF_STOCK, "choose-company", "Sale of Stock Bonus: sell one share back to the "
           "bank for its value plus $50"),
    choice(INSIDER_TRADING, "choose-company", "Insider Trading: buy one share at half its "
           "par value"),
    DecisionKind(TAXES_DUE, ("pay-tax", "go-to-jail"), "April 15, Taxes Due!: move directly "
                 "to Income Tax and pay it, or go directly to jail"),
    DecisionKind(CARD_BUY, ("buy-for", "auction"), "A card's bargain: buy the property at "
                 "the card's price, or it is auctioned", managing=True),
    DecisionKind(RENT_DUE, ("pay-rent", "play-card"), "Rent is due: pay it, or play a rent "
                 "card you kept (Comped Room, Special Online Pricing, Reverse Rent!, The Rent "
                 "is Too Darn High!)"),
    DecisionKind(GOOD_FORTUNE, ("play-card", "keep-card"), "Share in their Good Fortune: "
                 "take half of another player's Roll Three winnings, or keep the card"),
    against(AGAINST_PAY, "Just Say 'NO'!: another player's card takes money from you"),
    against(AGAINST_COURT, "Just Say 'NO'! or Lawyer on Retainer: See You In Court! takes "
            "$250 from you"),
    against(AGAINST_STEAL, "Just Say 'NO'!: another player's card takes a property of "
            "yours"),
    against(AGAINST_SWAP, "Just Say 'NO'!: another player's Strong-armed Deal swaps a "
            "property with you"),
    against(AGAINST_JAIL, "Just Say 'NO'!: Elected District Attorney sends you to jail"),
    against(AGAINST_VOUCHER, "Just Say 'NO'!: Finders Keepers takes a Travel Voucher of "
            "yours"),
    against(AGAINST_HURRICANE, "Just Say 'NO'!: a Hurricane strikes one of your colour "
            "groups"),
    against(AGAINST_DEAL_BUSTER, "Just Say 'NO'!: Deal Buster buys the property you were "
            "about to buy"),
    against(STOCK_FINE, "Lawyer on Retainer: avoid a stock fine"),
    against(INSIDER_FINE, "Lawyer on Retainer: avoid Caught Insider Trading!"),
)

ACTIONS: Final[tuple[ActionRule[Any], ...]] = (
    PlayCard(), Allow(), KeepCard(), PayRent(), ChooseSpace(), ChooseDeed(), ChoosePlayer(),
    ChooseCompany(), ChooseCard(), PayTax(), GoToJailInstead(), BuyFor())
"""Actions to add to the edition's rulebook (classic's ``auction`` also answers
``card-buy``)."""
DECISIONS: Final[tuple[DecisionKind, ...]] = DECISION_KINDS
"""Decisions to add to the edition's rulebook."""
ANYTIME: Final[tuple[str, ...]] = ("play-card",)
"""Actions allowed at any time while players manage (add them to the rulebook's)."""
DRAW_CARD: Final = DrawCard()
SPACES: Final[dict[str, SpaceRule[Any]]] = {"chance": DRAW_CARD, "community_chest": DRAW_CARD}
"""Space rules to put in place of ``NOTHING_YET``."""

__all__ = ["ACTIONS", "ANYTIME", "CARDS", "CHOICES", "DECISIONS",
           "SPACES", "CardGame", "DrawCard", "PlayCard", "card_advance",
           "card_follow", "charge_rent", "draw_card", "land_on_property", "nearest",
           "paid_dividend", "roll_three_won", "threaten"]
