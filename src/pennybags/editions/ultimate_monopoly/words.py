"""Ultimate Monopoly's words and facts for the fronts (see :mod:`pennybags.engine.words`).

Built on classic's words (:class:`~pennybags.editions.classic.words.ClassicWords`): the
question every decision of the edition's rulebook asks, in the rulebook's words and with what
the player needs to know (the track and space the token is on, whether a Travel Voucher may
be played, the companies with shares left and their par values...); the menu lines of its
actions (a space is named with its track: "Move to Pay Day (outer track)"); what stands on a
property (houses, a hotel, a skyscraper, a Train Depot, a Cab Stand); and the board's layout:
:meth:`UltimateMonopolyWords.layout` is the middle track's four sides (what a single-ring map
draws), :meth:`UltimateMonopolyWords.track_layouts` the three tracks', innermost first.

A card's decision is asked in its rule's words (its
:class:`~pennybags.engine.actions.DecisionKind`'s ``rule``), with the player, amount and
property it names; its answers in its card's words ("Steal Bob's Baltic Avenue (middle
track)", "Send Bob to jail", "Take a free share of Motion Pictures (par $100)").

What a front shows besides: every throw with the speed die's face ("6+3 (speed die: 1)",
:meth:`UltimateMonopolyWords.throw_words`); a Travel Voucher by its title, an expiring Bus
Ticket marked "(expires all others)"; a space to move to with its track, who owns it and,
for a voucher, the station ridden to reach it ("Esplanade Avenue (outer track; unowned,
$90) via Reading Railroad"); each player's vouchers, Roll Three numbers, shares and kept
cards (:meth:`UltimateMonopolyWords.holdings`, all face up) and the Pool's money
(:meth:`UltimateMonopolyWords.table_notes`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import cast

from pennybags.editions.classic.words import ClassicWords
from pennybags.editions.ultimate_monopoly import buildings
from pennybags.editions.ultimate_monopoly.game import (
    HOTEL,
    POOL,
    ROLL_THREE,
    SKYSCRAPER,
    VOUCHERS,
    ShareAuction,
    UltimateMonopolyGame,
)
from pennybags.editions.ultimate_monopoly.travel import is_expiring
from pennybags.engine.actions import Action, Decision
from pennybags.engine.dice import SPEED_BUS, SPEED_MR_MONOPOLY, SpeedDice, speed_face_name
from pennybags.engine.game import Game
from pennybags.engine.ledger import BANK
from pennybags.engine.words import asks, labels

SPEED_WORDS = {"mr_monopoly": "Mr. Monopoly", "bus": "Bus"}
"""The speed die's named faces, as told."""

CARD_DECISIONS = (
    "gps", "moving-experience", "buyers-market", "taxi-wars", "steal", "swap", "swap-give",
    "foreclose", "free-house", "hurricane", "tornado", "surrender", "house-condemned",
    "court", "district-attorney", "game-night", "finders-keepers", "losers-weepers",
    "inherit-stock", "sale-of-stock", "insider-trading", "taxes-due", "card-buy",
    "rent-due", "good-fortune", "against-pay", "against-court", "against-steal",
    "against-swap", "against-jail", "against-voucher", "against-hurricane",
    "against-deal-buster", "stock-fine", "insider-fine",
)
"""The decisions of the Chance and Community Chest cards (:mod:`.cards`)."""


def counted(titles: Sequence[str], article: bool = False, plural: bool = True) -> str:
    """Titles in the order first met, alike ones counted: "2 Travel Cards, Bus Ticket
    (expires all others)"; with ``article`` "a Travel Card and 2 Bus Tickets"; without
    ``plural`` (card titles like "Just Say 'NO'!") "2 Just Say 'NO'!"."""
    order: dict[str, int] = {}
    for t in titles:
        order[t] = order.get(t, 0) + 1
    parts = []
    for t, n in order.items():
        if n > 1 and not plural:
            parts.append(f"{n} {t}")
        elif n > 1:
            head, paren, tail = t.partition(" (")
            parts.append(f"{n} {head}s{' (' + tail if paren else ''}")
        else:
            parts.append(f"a {t}" if article else t)
    if article and len(parts) > 1:
        return ", ".join(parts[:-1]) + " and " + parts[-1]
    return ", ".join(parts)


def one_stop(text: str) -> str:
    """``text`` with no doubled full stop ("Checker Cab Co.." as "Checker Cab Co."; an
    ellipsis stays)."""
    return re.sub(r"(?<!\.)\.\.(?!\.)", ".", text)


class UltimateMonopolyWords(ClassicWords):
    """Ultimate Monopoly, for the fronts."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.um = cast(UltimateMonopolyGame, game)

    # ------------------------------------------------------------ numbers fronts show

    def total_assets(self, seat: int) -> int | None:
        """Cash, deeds, buildings at cost and shares (the game's ``total_assets``)."""
        return self.um.total_assets(seat)

    def building_stock(self) -> tuple[int, int] | None:
        """The houses and hotels the bank has left (what the map shows; skyscrapers,
        depots and cab stands are in :func:`buildings.bank_stock`)."""
        return self.um.bank_houses, self.um.bank_hotels

    def hotel_level(self) -> int:
        return HOTEL

    def holdings(self, seat: int) -> list[str]:
        """What a player holds besides cash and deeds, all face up (the rulebook: "All
        owned TRAVEL VOUCHERS will remain face up so all players can see them"): "Vouchers:
        Travel Card, Bus Ticket (expires all others)", "Roll Three: 1-2-3", "Shares: Motion
        Pictures 2 (1 mortgaged), Acme Motors 1", "Cards: Just Say 'NO'!"."""
        g = self.um
        out: list[str] = []
        vouchers = self.vouchers_words(seat)
        if vouchers:
            out.append(f"Vouchers: {vouchers}")
        numbers = [self.roll_three_numbers(i) for k, i in g.players[seat].cards
                   if k == ROLL_THREE]
        if numbers:
            out.append(f"Roll Three: {', '.join(numbers)}")
        shares = self.shares_words(seat)
        if shares:
            out.append(f"Shares: {shares}")
        kept = counted([self.card_title((k, i)) for k, i in g.players[seat].cards
                        if k not in (VOUCHERS, ROLL_THREE)], plural=False)
        if kept:
            out.append(f"Cards: {kept}")
        return out

    def holdings_short(self, seat: int) -> str:
        """The holdings counted: "2 vouchers, 1 Roll Three, 3 shares, 1 card"."""
        g = self.um
        cards = g.players[seat].cards
        counts = (
            (sum(1 for k, _ in cards if k == VOUCHERS), "voucher"),
            (sum(1 for k, _ in cards if k == ROLL_THREE), "Roll Three"),
            (sum(g.shares[seat]), "share"),
            (sum(1 for k, _ in cards if k not in (VOUCHERS, ROLL_THREE)), "card"),
        )
        return ", ".join(f"{n} {word}" + ("s" if n != 1 and word != "Roll Three" else "")
                         for n, word in counts if n)

    def roll_three_numbers(self, index: int) -> str:
        """A Roll Three card's numbers: "1-2-3"."""
        cards = self.um.decks[ROLL_THREE].cards
        if not 0 <= index < len(cards):
            return "?"
        values = cards[index].get("values")
        if isinstance(values, list) and values:
            return "-".join(str(v) for v in values)
        return str(cards[index].get("title", cards[index].id)).removeprefix("Roll Three ")

    def shares_words(self, seat: int) -> str:
        """A player's shares by company, mortgaged ones said: "Motion Pictures 2 (1
        mortgaged), Acme Motors 1"."""
        g = self.um
        parts = []
        for c in g.stocks:
            n = g.shares[seat][c.index]
            if not n:
                continue
            m = g.shares_mortgaged[seat][c.index]
            note = f" ({m} mortgaged)" if m else ""
            parts.append(f"{c.name} {n}{note}")
        return ", ".join(parts)

    def table_notes(self) -> list[str]:
        """The Pool's money, and the bank's skyscrapers, Train Depots and Cab Stands (its
        houses and hotels are :meth:`building_stock`'s)."""
        g = self.um
        return [f"The Pool holds {self.money(g.ledger.balance(POOL))}.",
                f"The bank also has {g.bank_skyscrapers} skyscrapers, {g.bank_depots} Train "
                f"Depots and {g.bank_stands} Cab Stands."]

    # ------------------------------------------------------------ title deeds

    def rent_lines(self, deed: int) -> list[tuple[str, str]]:
        """A property's rents: a street's rent, with a majority ownership (doubled, in a
        group of three or more), with a monopoly (tripled), with 1 to 4 houses, a hotel and
        a skyscraper; a railroad's or cab company's by how many the owner has, then doubled
        by a Train Depot or Cab Stand; a utility's as times the throw by how many the owner
        has."""
        g = self.um
        space = g.board.spaces[deed]
        if space.kind == "street":
            rents = space.rents
            lines = [("Rent", self.money(rents[0]))]
            if len(g.board.group_of[deed]) >= 3:
                lines.append(("With a majority ownership", self.money(rents[0] * 2)))
            lines.append(("With a monopoly", self.money(rents[0] * 3)))
            lines += [(f"With {self.buildings_words(level)}", self.money(rents[level]))
                      for level in range(1, len(rents))]
            return lines
        if space.kind in ("railroad", "cab_company"):
            rents = g.railroad_rents if space.kind == "railroad" else g.cab_rents
            building = "a Train Depot" if space.kind == "railroad" else "a Cab Stand"
            lines = [(self.group_count(deed, n), self.money(r)) for n, r in enumerate(rents, 1)]
            lines += [(f"{self.group_count(deed, n)} and {building}", self.money(r * 2))
                      for n, r in enumerate(rents, 1)]
            return lines
        if space.kind == "utility":
            return [(self.group_count(deed, n), f"{m} times the throw")
                    for n, m in enumerate(g.utility_multipliers, 1)]
        return super().rent_lines(deed)

    def rent_line(self, deed: int) -> int:
        g = self.um
        space = g.board.spaces[deed]
        owner = g.owner[deed]
        if owner < 0 or g.mortgaged[deed]:
            return -1
        level = g.houses[deed]
        if space.kind == "street":
            majority = 1 if len(g.board.group_of[deed]) >= 3 else 0
            if level:
                return 1 + majority + level
            factor = g.unimproved_factor(owner, deed)
            return {1: 0, 2: 1}.get(factor, 1 + majority)
        if space.kind in ("railroad", "cab_company"):
            count = self.owned_in_group(deed)
            size = len(g.railroad_rents if space.kind == "railroad" else g.cab_rents)
            return count - 1 + (size if level else 0)
        if space.kind == "utility":
            return self.owned_in_group(deed) - 1
        return super().rent_line(deed)

    # ------------------------------------------------------------ words

    def buildings_words(self, level: int) -> str:
        """A street's level in words: "no buildings", "1 house", "3 houses", "a hotel", "a
        skyscraper"."""
        if level >= SKYSCRAPER:
            return "a skyscraper"
        return super().buildings_words(level)

    def improvement_words(self, deed: int) -> str | None:
        """What stands on an owned property: houses, a hotel, a skyscraper, a Train Depot
        (railroad) or a Cab Stand (cab company); None for nothing."""
        g = self.um
        if not 0 <= deed < g.board.size or g.owner[deed] < 0 or not g.houses[deed]:
            return None
        return buildings.improvement_words(g, deed)

    def where(self, space: int) -> str:
        """A space with its track: "Pay Day (outer track)"."""
        g = self.um
        if not 0 <= space < g.board.size:
            return "a space"
        return f"{g.board.spaces[space].name} ({g.tracks.track_of(space)} track)"

    def account(self, account: int) -> str:
        """Who is paid: a player's name, "the Pool" or "the bank"."""
        if account == POOL:
            return "the Pool"
        if account == BANK or account < 0:
            return "the bank"
        return self.um.name(account)

    def company_words(self, company: int) -> str:
        """A company with its par value: "Motors (par $100)"."""
        g = self.um
        if not 0 <= company < len(g.stocks):
            return "a company"
        c = g.stocks[company]
        return f"{c.name} (par {self.money(c.par)})"

    def voucher_title(self, index: int) -> str:
        """A Travel Voucher's title, with "(expires all others)" on the Bus Tickets that
        expire every other owned voucher when played (the rulebook's "Some TRAVEL VOUCHERS
        'Expire' all other owned TRAVEL VOUCHERS when played"): "Travel Card", "Bus
        Ticket (expires all others)"."""
        cards = self.um.decks[VOUCHERS].cards
        if not 0 <= index < len(cards):
            return "Travel Voucher"
        card = cards[index]
        title = str(card.get("title", card.id))
        return f"{title} (expires all others)" if is_expiring(self.um, index) else title

    def card_words(self, card: tuple[str, int]) -> str:
        """A held card in words: a Travel Voucher as :meth:`voucher_title`, any other by
        its title."""
        if card[0] == VOUCHERS:
            return self.voucher_title(card[1])
        return self.card_title(card)

    def vouchers_words(self, seat: int) -> str:
        """The Travel Vouchers a player holds: "Travel Card, Bus Ticket (expires all
        others)" (alike ones counted: "2 Travel Cards")."""
        titles = [self.voucher_title(i) for k, i in self.um.players[seat].cards
                  if k == VOUCHERS]
        return counted(titles)

    def card_title(self, card: tuple[str, int] | None) -> str:
        """A held card's title."""
        if card is None or card[0] not in self.um.decks:
            return "a card"
        cards = self.um.decks[card[0]].cards
        if not 0 <= card[1] < len(cards):
            return "a card"
        return str(cards[card[1]].get("title", cards[card[1]].id))

    def voucher_note(self, seat: int) -> str:
        """" You may play a Travel Voucher (one a turn; you hold a Travel Card)." when
        ``seat`` may play one now, else ""."""
        if not self.um.may_play_voucher(seat):
            return ""
        return (" You may play a Travel Voucher (one a turn; you hold "
                f"{self.vouchers_held_words(seat)}).")

    def vouchers_held_words(self, seat: int) -> str:
        """"a Travel Card", "2 Travel Cards", "a Travel Card and a Bus Ticket (expires all
        others)"."""
        titles = [self.voucher_title(i) for k, i in self.um.players[seat].cards
                  if k == VOUCHERS]
        return counted(titles, article=True) or "none"

    def framed(self, seat: int, words: str) -> str:
        """The common frame, with one full stop after a name that ends in one ("Checker
        Cab Co.")."""
        return one_stop(super().framed(seat, words))

    def here(self, seat: int) -> str:
        return self.where(self.um.players[seat].position)

    def speed_face(self) -> int:
        dice = self.um.dice
        return dice.speed if isinstance(dice, SpeedDice) else 0

    def last_throw(self) -> str | None:
        """The turn's last throw in words ("1+1 (speed die: 1)"; not a card's throw);
        None before the first."""
        last = self.um.last_dice
        if not last:
            return None
        shown: list[int | str] = [*last[:2], *(speed_face_name(f) for f in last[2:3])]
        return self.throw_words(shown)

    def thrown(self) -> str:
        """The turn's last throw for a question ("the dice" before any)."""
        return self.last_throw() or "the dice"

    def deed_at(self, space: int) -> int:
        """The deed a space stands for: a transit station's twin stands for its railroad's
        (:meth:`UltimateMonopolyBoard.deed_at`)."""
        return self.um.tracks.deed_at(space) if 0 <= space < self.um.board.size else -1

    def throw_words(self, dice: Sequence[int | str]) -> str | None:
        """A throw in words, the speed die's face named: "6+3 (speed die: 1)", "4+2 (speed
        die: Mr. Monopoly)", "2+2 (speed die: Bus)"; two dice (in jail, Squeeze Play) as
        "3+4"."""
        regular = [str(x) for x in dice[:2]]
        words = "+".join(regular) or "the dice"
        if len(dice) < 3:
            return words
        face = dice[2]
        named = SPEED_WORDS.get(str(face), str(face).replace("_", " "))
        return f"{words} (speed die: {named})"

    # ------------------------------------------------------------ questions: the turn

    @asks("roll")
    def ask_um_roll(self, seat: int, d: Decision) -> str:
        """The turn: roll the dice (again after doubles), or first play a Travel Voucher."""
        g = self.um
        again = " again (doubles)" if g.doubles else ""
        backwards = " This throw moves backwards (Reverse Direction)." \
            if g.reverse_next[seat] else ""
        return self.framed(seat, f"your roll{again}: you are on {self.here(seat)}."
                                 f"{backwards}{self.voucher_note(seat)}")

    @asks("jail")
    def ask_um_jail(self, seat: int, d: Decision) -> str:
        """Jail: roll the regular dice for doubles, pay the fine or use a card."""
        g = self.um
        return self.framed(seat, (
            f"you are in Jail (failed tries so far: {g.players[seat].jail_turns} of "
            f"{g.max_jail_turns}): roll the two regular dice for doubles, pay the "
            f"{self.money(g.jail_fine)} fine, or use a Get Out of Jail Free card."))

    @asks("end-turn")
    def ask_um_end_turn(self, seat: int, d: Decision) -> str:
        """The turn ends; a Travel Voucher may still be played after the last throw."""
        return self.framed(seat, f"your turn is done on {self.here(seat)}."
                                 f"{self.voucher_note(seat)}")

    @asks("triples")
    def ask_triples(self, seat: int, d: Decision) -> str:
        """Triples: move to any space of any track; no more movement this turn."""
        return self.framed(seat, (
            f"you threw triples, {self.thrown()}! Move to any space of any track (you "
            f"are on {self.here(seat)}); no more movement this turn."))

    @asks("subway")
    def ask_subway(self, seat: int, d: Decision) -> str:
        """Subway: the next movement is a direct move to any space of any track."""
        note = ""
        if self.um.may_play_voucher(seat):
            note = (" A Travel Voucher played now is that move, and your throw is still to "
                    f"come (you hold {self.vouchers_held_words(seat)}).")
        return self.framed(seat, (
            f"you are on {self.here(seat)}: your movement is a direct move to any space of any "
            f"track (no salary for passing a pay corner).{note}"))

    @asks("bonus-move")
    def ask_bonus_move(self, seat: int, d: Decision) -> str:
        """MOVEMENT ORDER: before the speed die's bonus move, play a Travel Voucher or go
        on."""
        face = self.speed_face()
        if face == SPEED_MR_MONOPOLY:
            what = "Mr. Monopoly's bonus move (on to the next unowned property ahead, or " \
                "the next one you pay rent on when all are owned)"
        elif face == SPEED_BUS:
            what = "the Bus's bonus move (take a Travel Voucher or ride to the nearest " \
                "Chance/Community Chest ahead)"
        else:
            what = "the speed die's bonus move"
        return self.framed(seat, (
            f"after your throw of {self.thrown()} you are on {self.here(seat)}; {what} "
            "comes next. Play a Travel Voucher first (one a turn; you hold "
            f"{self.vouchers_held_words(seat)}), or go on."))

    @asks("bus")
    def ask_bus(self, seat: int, d: Decision) -> str:
        """The Bus on the speed die: take a Travel Voucher, or ride to the nearest Chance or
        Community Chest ahead."""
        return self.framed(seat, (
            f"you threw {self.thrown()} and are on {self.here(seat)}: the Bus lets you "
            "take a Travel Voucher or ride to the nearest Chance/Community Chest ahead."))

    @asks("taxi")
    def ask_taxi(self, seat: int, d: Decision) -> str:
        """Taxi ride: pay the fare to go to Free Parking, another cab company or a transit
        station, or stay."""
        cab = self.um.board.spaces[d.deed].name if d.deed >= 0 else "the cab company"
        return self.framed(seat, (
            f"you are on {cab}: take a taxi for {self.money(d.amount)} (paid to "
            f"{self.account(d.creditor)}) to Free Parking, another cab company or a transit "
            "station, or stay."))

    @asks("birthday-gift")
    def ask_birthday_gift(self, seat: int, d: Decision) -> str:
        """Birthday Gift: from the player named, collect $100 or take one of their Travel
        Vouchers; the recipient's choice."""
        g = self.um
        giver = d.creditor
        held = ""
        if 0 <= giver < len(g.players):
            titles = sorted({self.voucher_title(i) for k, i in g.players[giver].cards
                             if k == VOUCHERS})
            if titles:
                held = f" ({', '.join(titles)})"
        return self.framed(seat, (
            f"Birthday Gift from {self.account(giver)}: collect {self.money(d.amount)} or "
            f"take one of their Travel Vouchers{held}; your choice."))

    @asks("auction-space")
    def ask_auction_space(self, seat: int, d: Decision) -> str:
        """Auction: pick an unowned property for the bank to auction off."""
        g = self.um
        left = sum(1 for x in g.board.deeds if g.owner[x] < 0)
        return self.framed(seat, (
            f"Auction: pick an unowned property for the bank to auction off ({left} "
            "left); every player may bid."))

    def companies_left_words(self) -> str:
        g = self.um
        return "; ".join(f"{c.name} {self.money(c.par)} ({g.bank_shares[c.index]} left)"
                         for c in g.stocks if g.bank_shares[c.index] > 0) or "none"

    @asks("stock-exchange")
    def ask_stock_exchange(self, seat: int, d: Decision) -> str:
        """Stock Exchange: buy one share of any company at its par value, or decline (a
        share is then auctioned)."""
        return self.framed(seat, (
            "Stock Exchange: buy one share of any company at its par value, or decline (a "
            f"share is then auctioned). Shares left, at par: {self.companies_left_words()}."))

    @asks("name-share")
    def ask_name_share(self, seat: int, d: Decision) -> str:
        """Stock Exchange, declined: name the company whose share the bank auctions."""
        return self.framed(seat, (
            "you declined the share: name the company whose share the bank auctions "
            f"({self.companies_left_words()})."))

    @asks("buy")
    def ask_um_buy(self, seat: int, d: Decision) -> str | None:
        """Buying property: bought at its printed price or auctioned; the track said."""
        words = self.ask_buy(seat, d)
        if d.deed < 0:
            return words
        name = self.um.board.spaces[d.deed].name
        track = self.um.tracks.track_of(self.um.players[d.player].position)
        return words.replace(name, f"{name} ({track} track)", 1)

    @asks("bid")
    def ask_um_bid(self, seat: int, d: Decision) -> str | None:
        """Auctions: a share's auction names the company and its par value."""
        g = self.um
        a = g.auction
        if d.deed >= 0 or not isinstance(a, ShareAuction):
            return None
        high = (f"the high bid is {self.money(d.amount)} by {g.name(d.high_bidder)}"
                if d.high_bidder >= 0 else "no bids yet")
        return self.framed(seat, f"auction of a share of {self.company_words(a.company)}; "
                                 f"{high}.")

    @asks("debt")
    def ask_um_debt(self, seat: int, d: Decision) -> str:
        """Debt: raise the cash or declare bankruptcy (owed to a player, the bank or the
        Pool)."""
        return self.framed(seat, (
            f"you owe {self.account(d.creditor)} {self.money(d.amount)}. Raise the cash "
            "(sell buildings, mortgage deeds or shares, trade) or declare bankruptcy."))

    # ------------------------------------------------------------ questions: the cards

    @asks(*CARD_DECISIONS)
    def ask_card(self, seat: int, d: Decision) -> str | None:
        """A card's decision, in its rule's words, with the player, amount and property it
        names."""
        g = self.um
        kind = g.rulebook.vocabulary.decisions.get(d.kind)
        rule = kind.rule if kind is not None else d.kind
        who = self.account(d.creditor)
        deed = g.board.spaces[d.deed].name if 0 <= d.deed < g.board.size else ""
        extra = ""
        k = d.kind
        if k == "rent-due":
            extra = f"You owe {who} {self.money(d.amount)} rent on {deed}."
        elif k == "card-buy":
            extra = f"Buy {deed} for {self.money(d.amount)}, or it is auctioned."
        elif k == "good-fortune":
            extra = (f"{who} won {self.money(d.amount)} at Roll Three: take half "
                     f"({self.money((d.amount + 1) // 2)}) or keep your card.")
        elif k in ("against-pay", "against-court"):
            extra = f"{who} would take {self.money(d.amount)} from you."
        elif k == "against-steal":
            extra = f"{who} would take your {deed}."
        elif k == "against-swap":
            mine = g.board.spaces[d.amount].name if 0 <= d.amount < g.board.size else "?"
            extra = f"{who} would take your {deed} for their {mine}."
        elif k == "against-jail":
            extra = f"{who} would send you to jail."
        elif k == "against-voucher":
            extra = f"{who} would take your {self.voucher_title(d.amount)}."
        elif k == "against-hurricane":
            extra = f"{who}'s Hurricane would strike your {deed} group."
        elif k == "against-deal-buster":
            extra = f"{who} would buy {deed} for {self.money(d.amount)} in your place."
        elif k in ("stock-fine", "insider-fine"):
            extra = f"The fine is {self.money(d.amount)}."
        elif k == "gps":
            extra = f"Choose where {who}'s token goes."
        elif k == "swap-give":
            extra = f"You take {deed}; choose what you give for it."
        if k.startswith("against-") or k in ("stock-fine", "insider-fine"):
            extra += " Play your card to cancel it, or let it happen."
        return self.framed(seat, f"{rule}. {extra}".rstrip() if extra else f"{rule}.")

    # ------------------------------------------------------------ menu lines

    def where_owned(self, space: int, seat: int) -> str:
        """A space to move to, with its track and who owns the property it stands for:
        "Baltic Avenue (middle track; unowned, $60)", "Boardwalk (middle track; Bob's)",
        "Park Place (middle track; yours, mortgaged)", "Chance (outer track)"."""
        g = self.um
        if not 0 <= space < g.board.size:
            return "a space"
        name = g.board.spaces[space].name
        track = g.tracks.track_of(space)
        deed = g.tracks.deed_at(space)
        if deed < 0:
            return f"{name} ({track} track)"
        owner = g.owner[deed]
        if owner < 0:
            return f"{name} ({track} track; unowned, {self.money(g.board.spaces[deed].price)})"
        whose = "yours" if owner == seat else f"{g.name(owner)}'s"
        mortgaged = ", mortgaged" if g.mortgaged[deed] else ""
        return f"{name} ({track} track; {whose}{mortgaged})"

    def seat_of(self, d: Decision | None) -> int:
        d = self.asked(d)
        return d.player if d is not None else -1

    @labels("move-to")
    def move_to_label(self, a: Action, d: Decision | None) -> str | None:
        if not 0 <= a.space < self.um.board.size:
            return None
        return f"Move to {self.where_owned(a.space, self.seat_of(d))}"

    @labels("choose-space")
    def choose_space_label(self, a: Action, d: Decision | None) -> str | None:
        g = self.um
        if not 0 <= a.space < g.board.size:
            return None
        d = self.asked(d)
        if d is not None and d.kind == "gps":
            return f"Move {self.account(d.creditor)} to " \
                   f"{self.where_owned(a.space, d.player)}"
        if d is not None and d.kind == "buyers-market":
            deed = g.tracks.deed_at(a.space)
            price = g.board.spaces[deed if deed >= 0 else a.space].price
            return f"Move to {self.where(a.space)} and buy it for half price " \
                   f"({self.money((price + 1) // 2)})"
        return f"Move to {self.where_owned(a.space, self.seat_of(d))}"

    @labels("play-voucher")
    def play_voucher_label(self, a: Action, d: Decision | None) -> str | None:
        if a.card is None or not 0 <= a.space < self.um.board.size:
            return None
        seat = self.seat_of(d)
        return f"Play your {self.voucher_title(a.card[1])} to " \
               f"{self.where_owned(a.space, seat)}{self.via(seat, a.space)}"

    def via(self, seat: int, target: int) -> str:
        """" via Reading Railroad" when a Travel Voucher's move to ``target`` rides a
        transit station to another track ("" when it stays on the track, or with a Subway
        ride due, a direct move)."""
        g = self.um
        if not 0 <= seat < len(g.players) or g.subway_next[seat]:
            return ""
        try:
            walk = g.tracks.voucher_walk(g.players[seat].position, target)
        except ValueError:
            return ""
        names = [g.board.spaces[g.tracks.deed_at(r) if g.tracks.deed_at(r) >= 0 else r].name
                 for r in walk.rides]
        return f" via {' and '.join(names)}" if names else ""

    @labels("take-taxi")
    def take_taxi_label(self, a: Action, d: Decision | None) -> str | None:
        d = self.asked(d)
        if d is None or d.kind != "taxi" or not 0 <= a.space < self.um.board.size:
            return None
        return f"Take a taxi to {self.where_owned(a.space, d.player)} for " \
               f"{self.money(d.amount)} (to {self.account(d.creditor)})"

    @labels("no-taxi")
    def no_taxi_label(self, a: Action, d: Decision | None) -> str:
        d = self.asked(d)
        if d is None or not 0 <= d.player < len(self.um.players):
            return "No taxi ride: stay here"
        return f"No taxi ride: stay on {self.here(d.player)}"

    @labels("go-on")
    def go_on_label(self, a: Action, d: Decision | None) -> str:
        face = self.speed_face()
        if face == SPEED_MR_MONOPOLY:
            return "Go on with Mr. Monopoly's bonus move"
        if face == SPEED_BUS:
            return "Go on with the Bus's bonus move"
        return "Go on with the bonus move"

    @labels("build")
    def um_build_label(self, a: Action, d: Decision | None) -> str | None:
        if not 0 <= a.deed < self.um.board.size:
            return None
        return buildings.build_label(self.um, a.deed)

    @labels("sell-building")
    def um_sell_label(self, a: Action, d: Decision | None) -> str | None:
        g = self.um
        if not 0 <= a.deed < g.board.size or not g.houses[a.deed]:
            return None
        return buildings.sell_label(g, a.deed)

    @labels("sell-down")
    def sell_down_label(self, a: Action, d: Decision | None) -> str:
        return buildings.sell_down_label(self.um, a.deed)

    @labels("buy-share")
    def buy_share_label(self, a: Action, d: Decision | None) -> str | None:
        g = self.um
        if not 0 <= a.company < len(g.stocks):
            return None
        return f"Buy a share of {g.stocks[a.company].name} for " \
               f"{self.money(g.stocks[a.company].par)} (par)"

    @labels("auction-share")
    def auction_share_label(self, a: Action, d: Decision | None) -> str | None:
        if not 0 <= a.company < len(self.um.stocks):
            return None
        return f"Auction a share of {self.company_words(a.company)}"

    @labels("mortgage-share")
    def mortgage_share_label(self, a: Action, d: Decision | None) -> str | None:
        g = self.um
        if not 0 <= a.company < len(g.stocks):
            return None
        c = g.stocks[a.company]
        return f"Mortgage a share of {c.name} (+{self.money(c.mortgage_value)})"

    @labels("unmortgage-share")
    def unmortgage_share_label(self, a: Action, d: Decision | None) -> str | None:
        g = self.um
        if not 0 <= a.company < len(g.stocks):
            return None
        c = g.stocks[a.company]
        cost = c.mortgage_value + c.mortgage_value * g.interest_percent // 100
        return f"Lift the mortgage on a share of {c.name} (-{self.money(cost)})"

    @labels("choose-company")
    def choose_company_label(self, a: Action, d: Decision | None) -> str | None:
        """A card's company, in its card's words: Inherit Stock "Take a free share of
        Motors (par $100)", Sale of Stock Bonus "Sell a share of Motors for $150 (par $100
        + $50)", Insider Trading "Buy a share of Motors for $50 (half par)"."""
        g = self.um
        if not 0 <= a.company < len(g.stocks):
            return None
        stock = g.stocks[a.company]
        d = self.asked(d)
        kind = d.kind if d is not None else ""
        if kind == "inherit-stock":
            return f"Take a free share of {self.company_words(a.company)}"
        if kind == "sale-of-stock" and d is not None:
            return (f"Sell a share of {stock.name} for {self.money(stock.par + d.amount)} "
                    f"(par {self.money(stock.par)} + {self.money(d.amount)})")
        if kind == "insider-trading":
            return (f"Buy a share of {stock.name} for {self.money((stock.par + 1) // 2)} "
                    "(half par)")
        return f"Choose {self.company_words(a.company)}"

    def whose_where(self, deed: int, seat: int) -> str:
        """A property with its owner and track: "Bob's Baltic Avenue (middle track)",
        "your Baltic Avenue (middle track)", "Baltic Avenue (middle track, unowned)",
        "Bob's Pacific Avenue (middle track, mortgaged)"."""
        g = self.um
        owner = g.owner[deed]
        name = g.board.spaces[deed].name
        track = g.tracks.track_of(deed)
        if owner < 0:
            return f"{name} ({track} track, unowned)"
        whose = "your" if owner == seat else f"{g.name(owner)}'s"
        mortgaged = ", mortgaged" if g.mortgaged[deed] else ""
        return f"{whose} {name} ({track} track{mortgaged})"

    @labels("choose-deed")
    def choose_deed_label(self, a: Action, d: Decision | None) -> str | None:
        """A card's property, in its card's words: Slick Move "Steal Bob's Baltic Avenue
        (middle track)", Strong-armed Deal "Take ..." and "Give your ...", Foreclosed
        Property Sale! "Claim ... for $30 (its mortgage value)", Zero Dollars Down! "Build a
        free house on ...", Hurricane and Tornado "Strike ...'s Orange group (one building
        off each property)", Assets Seized! "Surrender ...", HOUSE CONDEMNED "Sell back a house
        on ...", Taxi Wars "Take ... and advance to it"."""
        g = self.um
        x = a.deed
        if not 0 <= x < g.board.size:
            return None
        d = self.asked(d)
        kind = d.kind if d is not None else ""
        seat = d.player if d is not None else -1
        space = g.board.spaces[x]
        owner = g.owner[x]
        what = self.whose_where(x, seat)
        built = buildings.improvement_words(g, x) if owner >= 0 else "no buildings"
        if kind == "taxi-wars":
            if owner < 0:
                return f"Advance to {self.where(x)} (buy it or it is auctioned)"
            if owner == seat:
                return f"Advance to {what}"
            return f"Take {what} and advance to it"
        if kind == "steal":
            return f"Steal {what}"
        if kind == "swap":
            return f"Take {what}"
        if kind == "swap-give":
            return f"Give {what}"
        if kind == "foreclose":
            return f"Claim {what} for {self.money(space.mortgage)} (its mortgage value)"
        if kind == "free-house":
            return f"Build a free house on {self.where(x)} (has {built})"
        if kind in ("hurricane", "tornado"):
            whose = "your" if owner == seat else f"{g.name(owner)}'s"
            if space.kind != "street":
                return f"Remove {whose} {built.removeprefix('a ')} from {self.where(x)}"
            return (f"Strike {whose} {self.group_title(space.group)} group (one building "
                    "off each property)")
        if kind == "surrender":
            if g.houses[x]:
                return f"Surrender a building of {self.where(x)} (has {built})"
            return f"Surrender {self.where(x)} to the bank"
        if kind == "house-condemned":
            return buildings.sell_label(g, x)
        level = f", {built}" if g.houses[x] and owner >= 0 else ""
        return f"Choose {what}{level}"

    @labels("choose-player")
    def choose_player_label(self, a: Action, d: Decision | None) -> str | None:
        """A card's player, in its card's words: "Take $250 from Bob", "Send Bob to jail",
        "Roll against Bob ($200 to the higher roller)"."""
        g = self.um
        if not 0 <= a.target < len(g.players):
            return None
        d = self.asked(d)
        kind = d.kind if d is not None else ""
        name = g.name(a.target)
        if kind == "court" and d is not None:
            return f"Take {self.money(d.amount)} from {name}"
        if kind == "district-attorney":
            return f"Send {name} to jail"
        if kind == "game-night" and d is not None:
            return f"Roll against {name} ({self.money(d.amount)} to the higher roller)"
        return None

    @labels("choose-card")
    def choose_card_label(self, a: Action, d: Decision | None) -> str | None:
        if a.card is None:
            return None
        title = self.voucher_title(a.card[1])
        d = self.asked(d)
        if d is not None and d.kind == "losers-weepers":
            return f"Put back your {title}"
        if a.target >= 0:
            return f"Take {self.um.name(a.target)}'s {title}"
        return f"Choose the {title}"

    @labels("play-card")
    def play_card_label(self, a: Action, d: Decision | None) -> str | None:
        """A kept card played, with what it does in its own words: "Play Slick Move: steal
        a property card from a player of your choice (not part of a monopoly)"; against
        another player's action "Play Just Say 'NO'!: cancel it"; Share in their Good
        Fortune with the amount it takes."""
        if a.card is None:
            return None
        title = self.card_title(a.card)
        d = self.asked(d)
        kind = d.kind if d is not None else ""
        if d is not None and kind == "good-fortune":
            return (f"Play {title}: take {self.money((d.amount + 1) // 2)} (half of "
                    f"{self.account(d.creditor)}'s Roll Three winnings)")
        if kind.startswith("against-") or kind in ("stock-fine", "insider-fine"):
            return f"Play {title}: cancel it"
        deck = self.um.decks.get(a.card[0])
        if deck is None or not 0 <= a.card[1] < len(deck.cards):
            return f"Play {title}"
        text = deck.cards[a.card[1]].text.removeprefix("Keep; ").removesuffix(".")
        text = text.replace("; tradeable", "")
        return f"Play {title}: {text}" if text else f"Play {title}"

    @labels("collect-gift")
    def collect_gift_label(self, a: Action, d: Decision | None) -> str | None:
        d = self.asked(d)
        if d is None or d.kind != "birthday-gift":
            return None
        return f"Collect {self.money(d.amount)} from {self.account(d.creditor)}"

    @labels("take-voucher-gift")
    def take_voucher_gift_label(self, a: Action, d: Decision | None) -> str | None:
        d = self.asked(d)
        if a.card is None:
            return None
        giver = a.target if a.target >= 0 else d.creditor if d is not None else -1
        return f"Take {self.account(giver)}'s {self.voucher_title(a.card[1])}"

    @labels("put-up-for-auction")
    def put_up_label(self, a: Action, d: Decision | None) -> str | None:
        g = self.um
        if not 0 <= a.deed < g.board.size:
            return None
        return f"Put {self.where(a.deed)} up for auction (printed price " \
               f"{self.money(g.board.spaces[a.deed].price)})"

    # ------------------------------------------------------------ the board map

    def improvement_mark(self, deed: int) -> str:
        """Houses as "1h" to "4h", a hotel "H", a skyscraper "S", a Train Depot "D", a Cab
        Stand "C" ("" for none)."""
        g = self.um
        level = g.houses[deed]
        if not level or g.owner[deed] < 0:
            return ""
        kind = g.board.spaces[deed].kind
        if kind == "railroad":
            return "D"
        if kind == "cab_company":
            return "C"
        if level >= SKYSCRAPER:
            return "S"
        return "H" if level == HOTEL else f"{level}h"

    def improvement_legend(self) -> str:
        return "2h houses, H hotel, S skyscraper, D depot, C cab stand"

    def layout(self) -> list[list[int]]:
        """The middle track's four sides (global indices 0-39, from GO clockwise): what a
        single-ring board map draws."""
        return self.um.tracks.sides("middle")

    def track_layouts(self) -> dict[str, list[list[int]]]:
        """Every track's four sides (from the corner lining up with GO, clockwise, each
        starting with its corner), innermost track first: inner, middle, outer."""
        return self.um.tracks.layouts()
