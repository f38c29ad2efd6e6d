"""Ultimate Monopoly's special spaces: Squeeze Play, Roll Three, Birthday Gift, the Auction
space and the Stock Exchange (shares, dividends, share auctions and share mortgages).

Each space is a :class:`~pennybags.engine.rules.SpaceRule`; its decisions and actions are
declared here and exported as :data:`DECISIONS`, :data:`ACTIONS`, :data:`ANYTIME`,
:data:`SPACES` and :data:`POSES` for the edition's rulebook. The rules, in the rulebook's
words, and the readings taken where it and our rulings are silent:

* **SQUEEZE PLAY**: "roll two regular dice to determine how much money you will collect from
  the other players": $50 on 5-9, $100 on 3, 4, 10 or 11, $200 on 2 or 12 (the data's
  ``squeeze_play`` tables). With the table option ``alternative-squeeze-play``, the two
  regular dice and the speed die: $50 on 6-11, $100 on 3-5 and 12-14, $200 on 2 or 15
  (Mr. Monopoly and the Bus count 0, ruling 11, so 2 is both regular dice on 1 with a named
  face); "on a MR. MONOPOLY or BUS ICON ... in addition to the money, you collect 1 TRAVEL
  VOUCHER from each of the other players" who has one. Reading: the voucher each gives is
  their oldest (the first they received), so no one has to choose. The other players pay in
  turn from the lander's left; one who cannot pay owes it (raise the cash or go bankrupt to
  the lander). The vouchers change hands before the money.
* **ROLL THREE**: "they first pick up a ROLL THREE CARD from the center pile" (none when the
  pile is empty) "then roll three REGULAR dice". Every Roll Three card held by any player
  pays its holder separately, by how many of the dice match its numbers counted as a
  multiset (ruling 6: card 1-3-3 against dice 1-3-6 is two matches): one $50, two $200,
  three $1,000; the roller's own card matching all three $1,500 instead. The bank pays.
* **GIFT FROM OTHERS (BIRTHDAY GIFT)**: "Either collect $100, or take a TRAVEL VOUCHER. It
  is the recipient's choice. If the other player does not have a TRAVEL VOUCHER, then you
  must take $100." (ruling 4: the voucher is chosen by the recipient from those the giver
  holds). The other players give in turn from the lander's left; for each one who holds a
  voucher the lander is asked (``birthday-gift``: ``collect-gift`` or ``take-voucher-gift``);
  one without gives $100 unasked. A giver who cannot pay $100 owes it.
* **AUCTION**: "pick an unowned property for the Banker to auction off" (``auction-space``:
  ``put-up-for-auction``; classic's auction, every player bidding from the lander's left).
  With none left, "move ahead to the highest-rent property that you can reach and must pay
  rent within the TRANSIT STATION rules": forward, riding every station with an even throw
  and staying on the track with an odd one, to the property with the highest rent the lander
  would owe (not their own, not mortgaged; the nearest of equal rents), where they pay it;
  none: they stay. The throw is the last one that moved a token (``throw_total``: after a
  bonus move, a card or a voucher it is still the turn's throw, whose parity a Mr. Monopoly
  or Bus move also takes, ruling 11). The move is not one the dice made: pay corners pay
  their highest amounts (ruling 12).
* **STOCK EXCHANGE** (rulings 9 and 15): on any token's landing the bank first pays every
  holder, for each company, the certificate's dividend for the number of that company's
  shares they hold unmortgaged (reading: mortgaged shares pay nothing and do not count
  toward the number held). Then the lander may buy one share of any company with shares left
  in the bank at its par value (``stock-exchange``: ``buy-share`` or ``decline-share``); a
  lander who declines names the company whose share is auctioned (``name-share``:
  ``auction-share``; asked only when more than one company has shares left) and one share of
  it goes to the highest bidder (classic's bidding; no bid: it stays with the bank). With no
  share left in the bank, only the dividends are paid. "Stock can be mortgaged at one-half
  the Par Value price" (the data's ``mortgage_value``): ``mortgage-share`` and
  ``unmortgage-share`` (the mortgage value plus 10%, classic's interest) may be taken at any
  time while players manage.

The giver a ``birthday-gift`` decision is about is its ``creditor`` (the player who owes
the gift, as Ultimate Banking's ``rent`` decision names the lander there). A company is an
action's ``company`` field (its index in the data's ``stocks``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from pennybags.editions.ultimate_monopoly.game import (
    ROLL_THREE,
    VOUCHERS,
    UltimateMonopolyGame,
)
from pennybags.editions.ultimate_monopoly.options import UltimateMonopolyOptions
from pennybags.engine.actions import (
    Action,
    ActionKind,
    Decision,
    DecisionKind,
    Pose,
    card_field,
    company_field,
    deed_actions,
    deed_field,
    target_field,
)
from pennybags.engine.decks import Card
from pennybags.engine.dice import speed_face_named
from pennybags.engine.game import Game, Step
from pennybags.engine.ledger import BANK
from pennybags.engine.rules import ActionRule, PoseSetUp, SpaceRule

# ==================================================================== helpers


def others_from_left(game: UltimateMonopolyGame, p: int) -> list[int]:
    """The other players still in the game, from ``p``'s left round the table."""
    n = len(game.players)
    out: list[int] = []
    for i in range(1, n):
        q = (p + i) % n
        if not game.players[q].bankrupt:
            out.append(q)
    return out


def voucher_cards(game: UltimateMonopolyGame, p: int) -> list[tuple[str, int]]:
    """The Travel Vouchers ``p`` holds, oldest first."""
    return [c for c in game.players[p].cards if c[0] == VOUCHERS]


def give_card(game: UltimateMonopolyGame, giver: int, receiver: int,
              card: tuple[str, int]) -> None:
    """Hand one held card from ``giver`` to ``receiver``."""
    game.players[giver].cards.remove(card)
    game.players[receiver].cards.append(card)
    if game.listeners:
        game.emit("card-given", player=giver, to=receiver, deck=card[0],
                  card=game.decks[card[0]].cards[card[1]].id)


# ==================================================================== Squeeze Play


def squeeze_play_amount(table: Mapping[str, Sequence[int]], total: int) -> int:
    """What each other player pays at Squeeze Play for a throw of ``total``, by one of the
    data's ``squeeze_play`` tables (amount: the totals that collect it); 0 off the table."""
    for amount, totals in table.items():
        if total in totals:
            return int(amount)
    return 0


def squeeze_play(game: UltimateMonopolyGame, p: int) -> None:
    """SQUEEZE PLAY: roll two regular dice (the alternative rule: and the speed die) and
    collect the table's amount from each other player; with the alternative rule, a Mr.
    Monopoly or Bus also takes a Travel Voucher (their oldest) from each who has one."""
    opts: UltimateMonopolyOptions = game.options
    rules: Mapping[str, Any] = game.data.rules["squeeze_play"]
    dice = game.make_dice()
    voucher = False
    if opts.alternative_squeeze_play:
        dice.roll()
        table: Mapping[str, Sequence[int]] = rules["speed_die"]
        for name in rules.get("speed_die_voucher_faces", ()):
            if speed_face_named(str(name)) == dice.speed:
                voucher = True
    else:
        dice.roll_regular()
        table = rules["regular"]
    amount = squeeze_play_amount(table, dice.total)
    if game.listeners:
        game.emit("squeeze-play", player=p, dice=dice.last_json(), total=dice.total,
                  amount=amount, voucher=voucher)
    for q in others_from_left(game, p):
        if voucher:
            held = voucher_cards(game, q)
            if held:
                give_card(game, q, p, held[0])
        game.owe(q, p, amount, "Squeeze Play")


# ==================================================================== Roll Three


def roll_three_matches(card_values: Sequence[int], dice: Sequence[int]) -> int:
    """How many of the dice match a Roll Three card's numbers, counted as a multiset (ruling
    6: card 1-3-3 against dice 1-3-6 is two matches, card 4-4-5 against 4-4-4 two)."""
    left = list(card_values)
    matches = 0
    for die in dice:
        if die in left:
            left.remove(die)
            matches += 1
    return matches


def roll_three_prize(game: UltimateMonopolyGame, matches: int, own: bool) -> int:
    """A Roll Three card's winnings for ``matches`` matching dice (the data's ``roll_three``:
    $50, $200, $1,000); the roller's own card matching all three dice wins $1,500."""
    table: Mapping[str, int] = game.data.rules["roll_three"]
    if own and matches == 3 and "own_exact" in table:
        return int(table["own_exact"])
    return int(table.get(str(matches), 0))


def roll_three(game: UltimateMonopolyGame, p: int) -> None:
    """ROLL THREE: draw a Roll Three card (kept, face up), roll three regular dice; every
    card held by any player pays its holder by its matches."""
    deck = game.decks[ROLL_THREE]
    if deck.order:
        index = deck.draw()
        game.players[p].cards.append((ROLL_THREE, index))
        if game.listeners:
            card = deck.cards[index]
            game.emit("drew", player=p, deck=ROLL_THREE, card=card.id, text=card.text)
    dice = game.make_dice().roll_three()
    if game.listeners:
        game.emit("roll-three", player=p, dice=list(dice))
    for q, player in enumerate(game.players):
        if player.bankrupt:
            continue
        for key, index in player.cards:
            if key != ROLL_THREE:
                continue
            card = deck.cards[index]
            values: Sequence[int] = card.params.get("values", ())
            prize = roll_three_prize(game, roll_three_matches(values, dice), q == p)
            if prize:
                game.pay(BANK, q, prize, f"Roll Three ({card.id})")
                game.roll_three_won(q, prize)


# ==================================================================== Birthday Gift


def birthday_gift(game: UltimateMonopolyGame, p: int) -> None:
    """GIFT FROM OTHERS: each other player in turn, from the lander's left, gives the
    lander $100 or one of their Travel Vouchers, as the lander chooses."""
    if game.listeners:
        game.emit("birthday-gift", player=p)
    givers = others_from_left(game, p)
    for q in reversed(givers):  # steps run last-in first-out
        game.step_under(game.step_depth(), AskBirthdayGift(p, q))


class AskBirthdayGift(Step):
    """Birthday Gift, one giver: ask the receiver to choose (the giver holds a voucher) or
    take the $100 (they hold none)."""

    __slots__ = ("giver", "receiver")

    def __init__(self, receiver: int, giver: int) -> None:
        self.receiver = receiver
        self.giver = giver

    def run(self, game: Game) -> None:
        ask_birthday_gift(cast(UltimateMonopolyGame, game), self.receiver, self.giver)


def ask_birthday_gift(game: UltimateMonopolyGame, p: int, giver: int) -> None:
    """The receiver's choice for one giver (who may have gone bankrupt meanwhile: then
    nothing)."""
    if game.players[giver].bankrupt or game.players[p].bankrupt:
        return
    gift: int = game.data.rules["birthday_gift"]
    if not voucher_cards(game, giver):
        game.owe(giver, p, gift, "Birthday Gift")
        return
    game.pending = [Decision("birthday-gift", p, amount=gift, creditor=giver)]


# ==================================================================== the Auction space


def auction_space(game: UltimateMonopolyGame, p: int) -> None:
    """AUCTION: the lander picks an unowned property for the bank to auction; with none
    left, they move ahead to the highest rent they can reach and pay it."""
    owner = game.owner
    for d in game.tracks.deeds:
        if owner[d] < 0:
            game.pending = [Decision("auction-space", p)]
            return
    auction_space_move(game, p)


def highest_rent_ahead(game: UltimateMonopolyGame, p: int, even: bool) -> int:
    """The space ahead, within the transit rules of an ``even`` or odd throw, of the
    property with the highest rent ``p`` would owe there (not their own, not mortgaged); the
    nearest of equal rents; -1 for none."""
    board = game.tracks
    best = -1
    best_rent = 0
    for s in board.orbit(game.players[p].position, even):
        deed = board.deed_at(s)
        if deed < 0:
            continue
        owner = game.owner[deed]
        if owner < 0 or owner == p or game.mortgaged[deed]:
            continue
        rent = game.rent(deed)
        if rent > best_rent:
            best = s
            best_rent = rent
    return best


def auction_space_move(game: UltimateMonopolyGame, p: int) -> None:
    """No unowned property left: move ahead to the highest-rent property reachable by the
    throw's parity (``throw_total``) and pay its rent; stay when there is none."""
    even = game.throw_total % 2 == 0
    target = highest_rent_ahead(game, p, even)
    if target < 0:
        if game.listeners:
            game.emit("auction-space-stays", player=p)
        return
    walk = game.tracks.walk_to(game.players[p].position, target, even)
    assert walk is not None
    game.follow(p, walk, by_dice=False, even=even)


# ==================================================================== the Stock Exchange


def dividend(game: UltimateMonopolyGame, player: int, company: int) -> int:
    """The dividend the bank pays ``player`` for ``company`` at a landing on the Stock
    Exchange: the certificate's figure for the number of its shares they hold unmortgaged
    (mortgaged shares pay nothing, ruling 9); 0 for none."""
    held = game.shares[player][company] - game.shares_mortgaged[player][company]
    if held <= 0:
        return 0
    table = game.stocks[company].dividends
    return table[min(held, len(table)) - 1]


def pay_dividends(game: UltimateMonopolyGame) -> None:
    """Dividends: the bank pays every shareholder still in the game, company by company
    (halved, rounded up, for a company whose next payouts a card halved; a payout that pays
    some holder uses one of those up)."""
    for c in game.stocks:
        halved = game.halved_payouts[c.index]
        paid = False
        for q, player in enumerate(game.players):
            if player.bankrupt:
                continue
            amount = dividend(game, q, c.index)
            if amount and halved:
                amount = (amount + 1) // 2
            if amount:
                game.pay(BANK, q, amount, f"{c.name} dividend")
                paid = True
        if paid and halved:
            game.halved_payouts[c.index] -= 1


def companies_left(game: UltimateMonopolyGame) -> list[int]:
    """The companies with a share left in the bank."""
    return [c.index for c in game.stocks if game.bank_shares[c.index] > 0]


def stock_exchange(game: UltimateMonopolyGame, p: int) -> None:
    """STOCK EXCHANGE: dividends to every holder, then the lander may buy one share (when
    the bank has any left)."""
    pay_dividends(game)
    if companies_left(game):
        game.pending = [Decision("stock-exchange", p)]


def company_problem(game: UltimateMonopolyGame, action: Action) -> str | None:
    """Why an action's company is none of the Stock Exchange's (None if it is one)."""
    c = action.company
    if c == -1:
        return f"'{action.do}' needs a company"
    if type(c) is not int or not 0 <= c < len(game.stocks):
        return f"there is no company {c!r}"
    return None


def buy_share(game: UltimateMonopolyGame, p: int, company: int) -> None:
    """Buy one share from the bank at its par value."""
    stock = game.stocks[company]
    game.pay(p, BANK, stock.par, "share")
    game.bank_shares[company] -= 1
    game.shares[p][company] += 1
    if game.listeners:
        game.emit("share-bought", player=p, company=stock.id, price=stock.par)


def decline_share(game: UltimateMonopolyGame, p: int) -> None:
    """The lander declines to buy: they name the company whose share is auctioned (asked
    only when more than one company has shares left)."""
    left = companies_left(game)
    if game.listeners:
        game.emit("share-declined", player=p)
    if len(left) == 1:
        game.start_share_auction(left[0], p)
    else:
        game.pending = [Decision("name-share", p)]


def share_value(game: UltimateMonopolyGame, player: int) -> int:
    """What ``player``'s shares count in their total assets (see the game's
    ``share_value``)."""
    return game.share_value(player)


def share_interest(game: UltimateMonopolyGame, company: int) -> int:
    """10% of a share's mortgage value (rounded down, as classic's deeds)."""
    return game.stocks[company].mortgage_value * game.interest_percent // 100


def mortgage_share(game: UltimateMonopolyGame, p: int, company: int) -> None:
    """Mortgage one share: the bank lends its mortgage value (half par)."""
    game.shares_mortgaged[p][company] += 1
    stock = game.stocks[company]
    game.pay(BANK, p, stock.mortgage_value, "share mortgage")
    if game.listeners:
        game.emit("share-mortgaged", player=p, company=stock.id)


def unmortgage_share(game: UltimateMonopolyGame, p: int, company: int) -> None:
    """Lift a share's mortgage: its value plus 10%."""
    stock = game.stocks[company]
    game.pay(p, BANK, stock.mortgage_value + share_interest(game, company),
             "share mortgage lifted")
    game.shares_mortgaged[p][company] -= 1
    if game.listeners:
        game.emit("share-unmortgaged", player=p, company=stock.id)


# ==================================================================== decisions

BIRTHDAY_GIFT_DECISION: Final = DecisionKind(
    "birthday-gift", ("collect-gift", "take-voucher-gift"),
    "Birthday Gift: from the player named (the decision's creditor), collect $100 or take one "
    "of their Travel Vouchers; the recipient's choice")
AUCTION_SPACE_DECISION: Final = DecisionKind(
    "auction-space", ("put-up-for-auction",),
    "Auction: pick an unowned property for the bank to auction off", managing=True)
STOCK_EXCHANGE_DECISION: Final = DecisionKind(
    "stock-exchange", ("buy-share", "decline-share"),
    "Stock Exchange: buy one share of any company at its par value, or decline (a share is "
    "then auctioned)", managing=True)
NAME_SHARE_DECISION: Final = DecisionKind(
    "name-share", ("auction-share",),
    "Stock Exchange, declined: name the company whose share the bank auctions")


# ==================================================================== actions


def giver_problem(game: UltimateMonopolyGame, action: Action,
                  decision: Decision | None) -> str | None:
    """Why an answer to ``birthday-gift`` does not name the player who gives now."""
    assert decision is not None
    giver = decision.creditor
    if action.target == -1:
        return f"'{action.do}' names the player who gives ({game.name(giver)})"
    if action.target != giver:
        return f"the gift now is {game.name(giver)}'s, not {game.name(action.target)}'s"
    return None


class CollectGift(ActionRule[UltimateMonopolyGame]):
    """Birthday Gift: collect $100 from the player giving (owed, if they are short)."""

    kind = ActionKind("collect-gift", "Birthday Gift: collect $100 from the player giving",
                      (target_field("the player who gives"),),
                      label="Collect {price} from {target}")

    def check(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        return giver_problem(game, action, decision)

    def candidates(self, game: UltimateMonopolyGame, player: int,
                   decision: Decision | None) -> list[Action]:
        if decision is None:
            return []
        return [Action("collect-gift", target=decision.creditor)]

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None
        game.pending = []
        game.owe(decision.creditor, player, decision.amount, "Birthday Gift")


class TakeVoucherGift(ActionRule[UltimateMonopolyGame]):
    """Birthday Gift: take one of the giver's Travel Vouchers, chosen by the receiver (any
    copy of a voucher names the same card: copies are alike)."""

    kind = ActionKind("take-voucher-gift", "Birthday Gift: take one of the giving player's "
                      "Travel Vouchers", (target_field("the player who gives"),
                                          card_field("one of their Travel Vouchers")),
                      label="Take {target}'s {card}")

    def check(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        problem = giver_problem(game, action, decision)
        if problem is not None:
            return problem
        assert decision is not None
        if action.card is None:
            return "'take-voucher-gift' needs one of the giver's Travel Vouchers"
        if self.held_copy(game, decision.creditor, action.card) is None:
            return f"{game.name(decision.creditor)} holds no such Travel Voucher"
        return None

    @staticmethod
    def held_copy(game: UltimateMonopolyGame, giver: int,
                  card: tuple[str, int]) -> tuple[str, int] | None:
        """The giver's copy of the voucher ``card`` names (the first, if several)."""
        key, index = card
        if key != VOUCHERS:
            return None
        cards = game.decks[VOUCHERS].cards
        wanted = cards[index].id
        for held in voucher_cards(game, giver):
            if cards[held[1]].id == wanted:
                return held
        return None

    def candidates(self, game: UltimateMonopolyGame, player: int,
                   decision: Decision | None) -> list[Action]:
        if decision is None:
            return []
        giver = decision.creditor
        cards = game.decks[VOUCHERS].cards
        out: list[Action] = []
        seen: list[str] = []
        for _, index in voucher_cards(game, giver):
            card_id = cards[index].id
            if card_id in seen:
                continue
            seen.append(card_id)
            out.append(Action("take-voucher-gift", target=giver, card=(VOUCHERS, index)))
        return out

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None and action.card is not None
        game.pending = []
        held = self.held_copy(game, decision.creditor, action.card)
        assert held is not None
        give_card(game, decision.creditor, player, held)


class PutUpForAuction(ActionRule[UltimateMonopolyGame]):
    """Auction: the property picked (any unowned one, on any track) is auctioned by the
    bank, every player bidding from the lander's left."""

    kind = ActionKind("put-up-for-auction", "Auction: pick an unowned property for the bank "
                      "to auction", (deed_field("an unowned property"),),
                      label="Put {deed} up for auction")

    def check(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        deed = action.deed
        if deed < 0:
            return "'put-up-for-auction' needs a deed"
        if game.tracks.deed_at(deed) != deed:
            return f"{game.board.spaces[deed].name} is not a title deed"
        if game.owner[deed] >= 0:
            return f"{game.board.spaces[deed].name} is owned by {game.name(game.owner[deed])}"
        return None

    def candidates(self, game: UltimateMonopolyGame, player: int,
                   decision: Decision | None) -> list[Action]:
        made = deed_actions("put-up-for-auction", game.board.size)
        return [made[d] for d in game.tracks.deeds if game.owner[d] < 0]

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.pending = []
        game.start_auction(action.deed, after=player)


def company_actions(do: str, game: UltimateMonopolyGame) -> list[Action]:
    """An action of kind ``do`` for each company (the candidates a rule then judges)."""
    return [Action(do, company=c.index) for c in game.stocks]


class BuyShare(ActionRule[UltimateMonopolyGame]):
    """Stock Exchange: buy one share of a company from the bank at its par value."""

    kind = ActionKind("buy-share", "Stock Exchange: buy one share of a company at its par "
                      "value", (company_field("a company with shares left in the bank"),),
                      label="Buy a share of {company}")

    def check(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        problem = company_problem(game, action)
        if problem is not None:
            return problem
        stock = game.stocks[action.company]
        if game.bank_shares[stock.index] <= 0:
            return f"the bank has no {stock.name} share left"
        cash = game.cash(player)
        if cash < stock.par:
            return f"a {stock.name} share costs {game.money(stock.par)}; " \
                   f"{game.name(player)} has {game.money(cash)}"
        return None

    def candidates(self, game: UltimateMonopolyGame, player: int,
                   decision: Decision | None) -> list[Action]:
        return company_actions("buy-share", game)

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.pending = []
        buy_share(game, player, action.company)


class DeclineShare(ActionRule[UltimateMonopolyGame]):
    """Stock Exchange: decline to buy; a share is auctioned (of a company the lander names)."""

    kind = ActionKind("decline-share", "Stock Exchange: decline to buy; a share of the "
                      "company you name goes to auction", label="Don't buy a share")

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.pending = []
        decline_share(game, player)


class AuctionShare(ActionRule[UltimateMonopolyGame]):
    """Stock Exchange, declined: the company named has one share auctioned (ruling 15)."""

    kind = ActionKind("auction-share", "Stock Exchange: name the company whose share is "
                      "auctioned", (company_field("a company with shares left in the bank"),),
                      label="Auction a share of {company}")

    def check(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        problem = company_problem(game, action)
        if problem is not None:
            return problem
        if game.bank_shares[action.company] <= 0:
            return f"the bank has no {game.stocks[action.company].name} share left"
        return None

    def candidates(self, game: UltimateMonopolyGame, player: int,
                   decision: Decision | None) -> list[Action]:
        return company_actions("auction-share", game)

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.pending = []
        game.start_share_auction(action.company, player)


class MortgageShare(ActionRule[UltimateMonopolyGame]):
    """Share mortgages: the bank lends a share's mortgage value (half its par value)."""

    kind = ActionKind("mortgage-share", "Mortgage a share for its mortgage value (half par)",
                      (company_field("a company you hold an unmortgaged share of"),),
                      label="Mortgage a share of {company}")

    def check(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        problem = company_problem(game, action)
        if problem is not None:
            return problem
        c = action.company
        if game.shares[player][c] - game.shares_mortgaged[player][c] <= 0:
            return f"{game.name(player)} holds no unmortgaged {game.stocks[c].name} share"
        return None

    def candidates(self, game: UltimateMonopolyGame, player: int,
                   decision: Decision | None) -> list[Action]:
        return [Action("mortgage-share", company=c.index) for c in game.stocks
                if game.shares[player][c.index]]

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        mortgage_share(game, player, action.company)


class UnmortgageShare(ActionRule[UltimateMonopolyGame]):
    """Share mortgages: lift one for its mortgage value plus 10%."""

    kind = ActionKind("unmortgage-share", "Lift a share's mortgage: its value plus 10%",
                      (company_field("a company you hold a mortgaged share of"),),
                      label="Lift the mortgage on a share of {company}")

    def check(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        problem = company_problem(game, action)
        if problem is not None:
            return problem
        c = action.company
        stock = game.stocks[c]
        if game.shares_mortgaged[player][c] <= 0:
            return f"{game.name(player)} holds no mortgaged {stock.name} share"
        cost = stock.mortgage_value + share_interest(game, c)
        if game.cash(player) < cost:
            return f"lifting the mortgage costs {game.money(cost)}; " \
                   f"{game.name(player)} has {game.money(game.cash(player))}"
        return None

    def candidates(self, game: UltimateMonopolyGame, player: int,
                   decision: Decision | None) -> list[Action]:
        return [Action("unmortgage-share", company=c.index) for c in game.stocks
                if game.shares_mortgaged[player][c.index]]

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        unmortgage_share(game, player, action.company)


# ==================================================================== spaces


class SqueezePlay(SpaceRule[UltimateMonopolyGame]):
    """SQUEEZE PLAY: roll and collect from each other player (see :func:`squeeze_play`)."""

    def land(self, game: UltimateMonopolyGame, player: int, space: int,
             card: Card | None) -> None:
        squeeze_play(game, player)


class RollThree(SpaceRule[UltimateMonopolyGame]):
    """ROLL THREE: draw a card, roll three dice, every card pays (see :func:`roll_three`)."""

    def land(self, game: UltimateMonopolyGame, player: int, space: int,
             card: Card | None) -> None:
        roll_three(game, player)


class BirthdayGift(SpaceRule[UltimateMonopolyGame]):
    """GIFT FROM OTHERS: $100 or a voucher from each other player (see
    :func:`birthday_gift`)."""

    def land(self, game: UltimateMonopolyGame, player: int, space: int,
             card: Card | None) -> None:
        birthday_gift(game, player)


class AuctionSpace(SpaceRule[UltimateMonopolyGame]):
    """AUCTION: pick a property to auction, or move on to the highest rent (see
    :func:`auction_space`)."""

    def land(self, game: UltimateMonopolyGame, player: int, space: int,
             card: Card | None) -> None:
        auction_space(game, player)


class StockExchange(SpaceRule[UltimateMonopolyGame]):
    """STOCK EXCHANGE: dividends, then a share to buy or auction (see
    :func:`stock_exchange`)."""

    def land(self, game: UltimateMonopolyGame, player: int, space: int,
             card: Card | None) -> None:
        stock_exchange(game, player)


# ==================================================================== scenarios


def pose_auction_space(game: UltimateMonopolyGame, pose: Pose) -> None:
    """A landing on the Auction space with unowned property left."""
    game.check_landing(pose)
    if all(game.owner[d] >= 0 for d in game.tracks.deeds):
        raise ValueError("'auction-space' needs an unowned property left")
    game.pending = [Decision("auction-space", pose.player)]
    game.after_the_landing()


def pose_stock_exchange(game: UltimateMonopolyGame, pose: Pose) -> None:
    """A landing on the Stock Exchange (its dividends paid) with shares left in the bank."""
    game.check_landing(pose)
    if not companies_left(game):
        raise ValueError(f"'{pose.kind}' needs a share left in the bank")
    game.pending = [Decision(pose.kind, pose.player)]
    game.after_the_landing()


# ==================================================================== for the rulebook

DECISIONS: Final[tuple[DecisionKind, ...]] = (
    BIRTHDAY_GIFT_DECISION, AUCTION_SPACE_DECISION, STOCK_EXCHANGE_DECISION, NAME_SHARE_DECISION)
ACTIONS: Final[tuple[ActionRule[Any], ...]] = (
    CollectGift(), TakeVoucherGift(), PutUpForAuction(), BuyShare(), DeclineShare(),
    AuctionShare(), MortgageShare(), UnmortgageShare())
ANYTIME: Final[tuple[str, ...]] = ("mortgage-share", "unmortgage-share")
"""Actions allowed at any time while players manage (add them to the rulebook's)."""
SPACES: Final[dict[str, SpaceRule[Any]]] = {
    "squeeze_play": SqueezePlay(), "roll_three": RollThree(),
    "birthday_gift": BirthdayGift(), "auction": AuctionSpace(),
    "stock_exchange": StockExchange()}
POSES: Final[dict[str, PoseSetUp]] = {
    "auction-space": pose_auction_space, "stock-exchange": pose_stock_exchange,
    "name-share": pose_stock_exchange}
