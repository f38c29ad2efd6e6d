"""Ultimate Monopoly's words and facts for the fronts (see :mod:`pennybags.engine.words`).

Built on classic's words (:class:`~pennybags.editions.classic.words.ClassicWords`): the
question every decision of the edition's rulebook asks, in the rulebook's words and with what
the player needs to know (the track and space the token is on, whether a Travel Voucher may
be played, the companies with shares left and their par values...); the menu lines of its
actions (a space is named with its track: "Move to Pay Day (outer track)"); what stands on a
property (houses, a hotel, a skyscraper, a Train Depot, a Cab Stand); and the board's layout:
:meth:`UltimateMonopolyWords.layout` is the middle track's four sides (what a single-ring map
draws), :meth:`UltimateMonopolyWords.track_layouts` the three tracks', innermost first.

A card's decision without a question of its own here is asked in its rule's words (its
:class:`~pennybags.engine.actions.DecisionKind`'s ``rule``), with the player, amount and
property it names.
"""

from __future__ import annotations

from typing import cast

from pennybags.editions.classic.words import ClassicWords
from pennybags.editions.ultimate_monopoly import buildings
from pennybags.editions.ultimate_monopoly.game import (
    HOTEL,
    POOL,
    SKYSCRAPER,
    VOUCHERS,
    ShareAuction,
    UltimateMonopolyGame,
)
from pennybags.engine.actions import Action, Decision
from pennybags.engine.dice import SPEED_BUS, SPEED_MR_MONOPOLY, SpeedDice
from pennybags.engine.game import Game
from pennybags.engine.ledger import BANK
from pennybags.engine.words import asks, labels

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

    # ------------------------------------------------------------ words

    def buildings_words(self, level: int) -> str:
        """A street's level in words: "no buildings", "1 house", "3 houses", "a hotel", "a
        skyscraper"."""
        if level >= SKYSCRAPER:
            return "a skyscraper"
        return super().buildings_words(level)

    def improvement_words(self, deed: int) -> str | None:
        """What stands on an owned property: houses, a hotel, a skyscraper, a Train Depot
        (railroad) or a Cab Stand (cab company)."""
        g = self.um
        if not 0 <= deed < g.board.size or g.owner[deed] < 0:
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
        """A Travel Voucher's title ("Bus Ticket")."""
        cards = self.um.decks[VOUCHERS].cards
        return str(cards[index].get("title", cards[index].id)) \
            if 0 <= index < len(cards) else "Travel Voucher"

    def card_title(self, card: tuple[str, int] | None) -> str:
        """A held card's title."""
        if card is None or card[0] not in self.um.decks:
            return "a card"
        cards = self.um.decks[card[0]].cards
        if not 0 <= card[1] < len(cards):
            return "a card"
        return str(cards[card[1]].get("title", cards[card[1]].id))

    def vouchers_held(self, seat: int) -> int:
        return sum(1 for key, _ in self.um.players[seat].cards if key == VOUCHERS)

    def voucher_note(self, seat: int) -> str:
        """" You may first play a Travel Voucher (you hold 2; one a turn)." when ``seat``
        may play one now, else ""."""
        if not self.um.may_play_voucher(seat):
            return ""
        n = self.vouchers_held(seat)
        return f" You may play a Travel Voucher (you hold {n}; one a turn)."

    def here(self, seat: int) -> str:
        return self.where(self.um.players[seat].position)

    def speed_face(self) -> int:
        dice = self.um.dice
        return dice.speed if isinstance(dice, SpeedDice) else 0

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
            f"triples! Move to any space of any track (you are on {self.here(seat)}); no "
            "more movement this turn."))

    @asks("subway")
    def ask_subway(self, seat: int, d: Decision) -> str:
        """Subway: the next movement is a direct move to any space of any track."""
        note = ""
        if self.um.may_play_voucher(seat):
            note = (" A Travel Voucher played now is that move, and your throw is still to "
                    f"come (you hold {self.vouchers_held(seat)}).")
        return self.framed(seat, (
            f"you are on {self.here(seat)}: your movement is a direct move to any space of any "
            f"track (no salary for passing a pay corner).{note}"))

    @asks("bonus-move")
    def ask_bonus_move(self, seat: int, d: Decision) -> str:
        """MOVEMENT ORDER: before the speed die's bonus move, play a Travel Voucher or go
        on."""
        face = self.speed_face()
        what = "Mr. Monopoly" if face == SPEED_MR_MONOPOLY else \
            "the Bus" if face == SPEED_BUS else "the speed die"
        return self.framed(seat, (
            f"you are on {self.here(seat)}; {what}'s bonus move comes next: play a Travel "
            f"Voucher first (you hold {self.vouchers_held(seat)}; one a turn), or go on."))

    @asks("bus")
    def ask_bus(self, seat: int, d: Decision) -> str:
        """The Bus on the speed die: take a Travel Voucher, or ride to the nearest Chance or
        Community Chest ahead."""
        return self.framed(seat, (
            f"the speed die shows the Bus (you are on {self.here(seat)}): take a Travel "
            "Voucher or ride to the nearest Chance/Community Chest ahead."))

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

    @labels("move-to")
    def move_to_label(self, a: Action, d: Decision | None) -> str | None:
        return f"Move to {self.where(a.space)}" if 0 <= a.space < self.um.board.size else None

    @labels("choose-space")
    def choose_space_label(self, a: Action, d: Decision | None) -> str | None:
        g = self.um
        if not 0 <= a.space < g.board.size:
            return None
        d = self.asked(d)
        if d is not None and d.kind == "gps":
            return f"Move {self.account(d.creditor)} to {self.where(a.space)}"
        if d is not None and d.kind == "buyers-market":
            price = g.board.spaces[a.space].price
            return f"Move to {self.where(a.space)} and buy it for half price " \
                   f"({self.money(price // 2)})"
        return f"Move to {self.where(a.space)}"

    @labels("play-voucher")
    def play_voucher_label(self, a: Action, d: Decision | None) -> str | None:
        if a.card is None or not 0 <= a.space < self.um.board.size:
            return None
        return f"Play your {self.voucher_title(a.card[1])} to {self.where(a.space)}"

    @labels("take-taxi")
    def take_taxi_label(self, a: Action, d: Decision | None) -> str | None:
        d = self.asked(d)
        if d is None or d.kind != "taxi" or not 0 <= a.space < self.um.board.size:
            return None
        return f"Take a taxi to {self.where(a.space)} ({self.money(d.amount)} to " \
               f"{self.account(d.creditor)})"

    @labels("no-taxi")
    def no_taxi_label(self, a: Action, d: Decision | None) -> str:
        return "No taxi ride: stay here"

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
        if not 0 <= a.company < len(self.um.stocks):
            return None
        return f"Choose {self.company_words(a.company)}"

    @labels("choose-deed")
    def choose_deed_label(self, a: Action, d: Decision | None) -> str | None:
        g = self.um
        if not 0 <= a.deed < g.board.size:
            return None
        owner = g.owner[a.deed]
        whose = f"{g.name(owner)}'s" if owner >= 0 else "unowned"
        level = g.houses[a.deed]
        built = f", {buildings.improvement_words(g, a.deed)}" if level and owner >= 0 else ""
        return f"Choose {self.where(a.deed)} ({whose}{built})"

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
        return f"Play {self.card_title(a.card)}" if a.card is not None else None

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
