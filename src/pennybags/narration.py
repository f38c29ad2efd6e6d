"""Narration: the engine's events told as plain sentences, for every front (the terminal
prints them, the browser shows them as the game's log).

A :class:`Narrator` listens to a game (``game.listeners.append(narrator)``) and collects
lines such as "Ann rolls 3+4 and moves to Chance." A few events come in pairs (a payment
followed by the event that explains it, a roll followed by the move it makes); the narrator
joins those into one sentence, so call :meth:`Narrator.flush` once the game has stopped to
wait for an answer and then take the lines with :meth:`Narrator.take`.

Amounts are written with ``game.money`` (editions print money differently) and spaces by
their names on ``game.board``.
"""

from __future__ import annotations

from typing import Any

from pennybags.editions import words_for
from pennybags.engine.actions import Trade
from pennybags.engine.game import Event, Game
from pennybags.engine.ledger import BANK, FREE_PARKING_POT
from pennybags.engine.notation import trade_words
from pennybags.engine.words import Words, group_title

_EXPLAINED_BY_NEXT = {
    "purchase": "bought",
    "auction": "auction-won",
    "house auction": "auction-won",
    "building": "built",
    "building sold": "sold-building",
    "mortgage": "mortgaged",
    "mortgage lifted": "unmortgaged",
    "trade": "trade-accepted",
}
"""Payment reasons that the event right after them tells in full."""

_LEFT_JAIL = {
    "doubles": "by rolling doubles",
    "paid the fine": "by paying the fine",
    "used a Get Out of Jail Free card": "with a Get Out of Jail Free card",
    "fine after the third try": "after the third try, paying the fine",
}

_END_REASONS = {
    "bankruptcy": "the last player standing",
    "round-cap": "the richest player when the round limit was reached",
}


def sentence(text: str) -> str:
    """``text`` ended with one full stop: none is added after a quotation that ends a
    sentence of its own ("draws Event: 'Go to Jail.'", not "'Go to Jail.'.")."""
    bare = text.rstrip("'\"")
    return text if bare.endswith((".", "!", "?")) else text + "."


class Narrator:
    """Turns a game's events into sentences."""

    def __init__(self, game: Game, words: Words | None = None) -> None:
        self.game = game
        self.words = words if words is not None else words_for(game)
        """The edition's words."""
        self.lines: list[str] = []
        self._roll: tuple[int, str] | None = None
        """A roll not yet told, waiting for the move it makes: (player, words)."""
        self._payments: list[Event] = []
        """Payments waiting for the event that explains them."""
        self._card_text = ""
        self._last_move_to = -1
        self._voucher_to: tuple[int, int] | None = None
        """A Travel Voucher just played: (player, space), whose move is told already."""
        tracks = self.words.track_layouts() or {}
        self._tracks = {i: name for name, sides in tracks.items() for side in sides
                        for i in side}
        """Each space's track, on a board of several tracks."""
        self._names = [space.name for space in game.board.spaces]

    # ------------------------------------------------------------ listening

    def __call__(self, event: Event) -> None:
        kind = event.kind
        data = event.data
        if kind == "paid" and data.get("reason") in _EXPLAINED_BY_NEXT:
            self._payments.append(event)
            return
        if kind == "moved" and self._roll is not None and data.get("steps", 0) > 0 \
                and self._roll[0] == data["player"] and not data.get("bonus"):
            words = self._roll[1]
            self._roll = None
            self._flush_payments()
            self.lines.append(sentence(
                f"{words} and moves to {self._arrival(data['to'], data.get('start'))}"))
            self._last_move_to = data["to"]
            self._voucher_to = None
            return
        self._flush_roll()
        explained = self._take_payments(kind)
        line = self.describe(event, explained)
        self._flush_payments()
        if kind == "rolled" and not data.get("for_rent"):
            self._roll = (data["player"], line)
            return
        if line:
            self.lines.append(line)

    def flush(self) -> None:
        """Tell whatever is still held back (call when the game waits for an answer)."""
        self._flush_roll()
        self._flush_payments()

    def take(self) -> list[str]:
        """The lines told since the last call, and forget them."""
        self.flush()
        out = self.lines
        self.lines = []
        return out

    def _flush_roll(self) -> None:
        if self._roll is not None:
            self.lines.append(self._roll[1] + ".")
            self._roll = None

    def _take_payments(self, kind: str) -> int:
        """The amount of held payments that ``kind`` explains (removing them)."""
        total = 0
        keep = []
        for ev in self._payments:
            if _EXPLAINED_BY_NEXT.get(ev.data.get("reason", "")) == kind:
                total += int(ev.data.get("amount", 0))
            else:
                keep.append(ev)
        self._payments = keep
        return total

    def _flush_payments(self) -> None:
        held = self._payments
        self._payments = []
        for ev in held:
            line = self.describe(ev, 0)
            if line:
                self.lines.append(line)

    # ------------------------------------------------------------ words

    def _who(self, account: Any) -> str:
        if not isinstance(account, int):
            return str(account)
        return self.game.name(account)

    def _arrival(self, index: int, start: Any = None) -> str:
        """Where a move ends, in words ("Jail (just visiting)"); on a board of several
        tracks, with the track when the move changed track ("Magazine Street (outer
        track)": an even throw rode a transit station)."""
        name = self._space(index)
        if 0 <= index < self.game.board.size and self.game.board[index].kind == "jail":
            return f"{name} (just visiting)"
        track = self._tracks.get(index)
        if track is not None and isinstance(start, int) and \
                self._tracks.get(start, track) != track and not name.endswith(" track)"):
            return f"{name} ({track} track)"
        return name

    def _space(self, index: Any) -> str:
        """A space's name; on a board of several tracks, with its track when the name is on
        more than one ("Reading Railroad (outer track)")."""
        if isinstance(index, int) and 0 <= index < self.game.board.size:
            name = self.game.board[index].name
            track = self._tracks.get(index)
            if track is not None and self._names.count(name) > 1:
                return f"{name} ({track} track)"
            return name
        return "a house" if index == -1 else str(index)

    def _account(self, account: Any) -> str:
        """Who pays or is paid: a player, the bank, the pot, or an edition's own account
        (Ultimate Monopoly's Pool), in the edition's words when it has them."""
        if isinstance(account, int) and account < 0 \
                and account not in (BANK, FREE_PARKING_POT):
            return self.words.account(account)
        return self._who(account)

    def _card(self, card: Any, deck: Any = None) -> str:
        """A card's title from its id ("travel-card": "Travel Card")."""
        decks = [self.game.decks[deck]] if deck in self.game.decks else \
            list(self.game.decks.values())
        for pile in decks:
            for c in pile.cards:
                if c.id == card:
                    return str(c.get("title", "") or c.id.replace("-", " ").title())
        return str(card).replace("-", " ").replace("_", " ").title() if card else "a card"

    def _company(self, company: Any) -> str:
        """A company's name from its id ("acme-motors": "Acme Motors")."""
        return self.words.company_name(str(company))

    def _dice(self, dice: Any) -> str:
        """Dice as told: "3+4", with the speed die's named faces after them ("3+4 and Mr.
        Monopoly", "2+2 and the Bus")."""
        faces = list(dice) if isinstance(dice, (list, tuple)) else []
        numbers = "+".join(str(x) for x in faces if isinstance(x, int))
        named = [_SPEED_FACES.get(str(x), str(x).replace("_", " ")) for x in faces
                 if not isinstance(x, int)]
        return " and ".join(t for t in (numbers, *named) if t) or "the dice"

    def _money(self, amount: Any) -> str:
        return self.game.money(int(amount))

    def _trade(self, trade: Any) -> str:
        return trade_words(self.game, trade) if isinstance(trade, Trade) else "a trade"

    def describe(self, event: Event, explained: int = 0) -> str:
        """One event as a sentence ("" for events not worth telling). ``explained`` is the
        amount of the payments this event explains (a purchase price, a building's cost)."""
        d = event.data
        kind = event.kind
        who = self._who(d.get("player", d.get("winner")))
        handler = getattr(self, "_on_" + kind.replace("-", "_"), None)
        if handler is not None:
            text: str = handler(d, who, explained)
            if text.endswith("..") and not text.endswith("..."):
                text = text[:-1]  # a name ending in a full stop ("Checker Cab Co.")
            return text
        fields = ", ".join(f"{k}={v}" for k, v in d.items())
        return f"({kind}: {fields})" if fields else f"({kind})"

    def _on_order_roll(self, d: dict[str, Any], who: str, paid: int) -> str:
        totals = d.get("totals", {})
        parts = [f"{self._who(p)} {t}" for p, t in totals.items()]
        return "Rolling for the order of play: " + ", ".join(parts) + "."

    def _on_order(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{self._who(d['first'])} goes first."

    def _on_turn(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"--- Round {d.get('round', '?')}: {who}'s turn ---"

    def _on_rolled(self, d: dict[str, Any], who: str, paid: int) -> str:
        dice = d.get("dice", ())
        shown = self._dice(dice)
        if d.get("for_rent"):
            return f"{who} rolls {shown} for the rent"
        thrown = self.words.throw_words(list(dice)) if isinstance(dice, (list, tuple)) \
            and not d.get("for_card") else None
        note = "triples" if d.get("triple") else "doubles" if d.get("double") else ""
        if thrown is not None and thrown.endswith(")"):
            # "6+3 (speed die: 1)": the note joins the speed die's parenthesis
            return f"{who} rolls {thrown[:-1]}{'; ' + note if note else ''})"
        words = f"{who} rolls {thrown if thrown is not None else shown}"
        return words + (f" ({note})" if note else "")

    def _on_moved(self, d: dict[str, Any], who: str, paid: int) -> str:
        self._last_move_to = d["to"]
        told, self._voucher_to = self._voucher_to, None
        if told == (d.get("player"), d["to"]):
            return ""  # the Travel Voucher's sentence said where it goes
        to = self._arrival(d["to"], d.get("start"))
        if d.get("taxi"):
            return sentence(f"{who} takes a taxi to {to}")
        steps = d.get("steps", 0)
        bonus = d.get("bonus")
        if bonus == "bus":
            return sentence(f"{who} rides the Bus on to {to}")
        if bonus == "mr-monopoly":
            return sentence(f"Mr. Monopoly takes {who} {'back' if steps < 0 else 'on'} to {to}")
        if steps < 0:
            return f"{who} goes back {-steps} spaces to {to}."
        return sentence(f"{who} moves to {to}")

    def _on_paid(self, d: dict[str, Any], who: str, paid: int) -> str:
        payer, payee = d["payer"], d["payee"]
        amount = self._money(d["amount"])
        reason = str(d.get("reason", ""))
        if reason == "rent":
            return f"{self._who(payer)} pays {self._who(payee)} {amount} rent."
        if reason == "GO salary":
            where = "landing on" if self._last_move_to == 0 else "passing"
            return f"{self._who(payee)} collects {amount} for {where} GO."
        if reason == "Free Parking pot":
            return f"{self._who(payee)} collects the Free Parking pot: {amount}."
        if reason == "bankruptcy":
            return f"{self._who(payer)}'s last {amount} goes to {self._who(payee)}."
        if payer < 0 and payee >= 0 and (reason.endswith((" salary", " dividend"))):
            return f"{self._who(payee)} collects a {reason} of {amount}."
        if payer < 0 and payee >= 0 and reason.startswith("Roll Three"):
            return f"{self._who(payee)} wins {amount} at Roll Three."
        if payer < 0 and payer not in (BANK, FREE_PARKING_POT) and payee >= 0:
            return f"{self._who(payee)} collects {amount} from {self._account(payer)}" \
                   f"{'' if not reason or reason == self._card_text else f' ({reason})'}."
        if payee < 0 and payee not in (BANK, FREE_PARKING_POT) and payer >= 0:
            return f"{self._who(payer)} pays {amount} into {self._account(payee)}" \
                   f"{'' if not reason or reason == self._card_text else f' ({reason})'}."
        if reason == "taxi fare":
            return f"{self._who(payer)} pays {self._account(payee)} {amount} for the taxi."
        if reason.startswith("10% on a mortgaged deed"):
            return f"{self._who(payer)} pays {amount} (10% interest on a mortgaged deed " \
                   "received)."
        note = "" if reason == self._card_text or not reason else f" ({reason})"
        if reason == "jail fine":
            note = " (the jail fine)"
        if payer >= 0 and payee == BANK:
            return f"{self._who(payer)} pays {amount} to the bank{note}."
        if payer >= 0 and payee == FREE_PARKING_POT:
            return f"{self._who(payer)} pays {amount} into the Free Parking pot{note}."
        if payer < 0 and payee >= 0:
            return f"{self._who(payee)} collects {amount}{note}."
        return f"{self._who(payer)} pays {self._who(payee)} {amount}{note}."

    def _on_bought(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} buys {self._space(d['deed'])} for {self._money(d['price'])}."

    def _on_declined(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} does not buy {self._space(d['deed'])}."

    def _on_auction(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{self._space(d['deed'])} goes to auction."

    def _on_bid(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} bids {self._money(d['amount'])} for {self._space(d.get('deed', -1))}."

    def _on_bid_pass(self, d: dict[str, Any], who: str, paid: int) -> str:
        if self.words.bid_step() is not None:  # Ultimate Banking: a pass is not final
            return f"{who} lets the bid stand."
        return f"{who} passes (out of the auction for {self._space(d.get('deed', -1))})."

    def _on_unsold(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"Nobody bids: {self._space(d['deed'])} stays with the bank."

    def _on_auction_won(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} wins {self._space(d.get('deed', -1))} at auction for " \
               f"{self._money(d['amount'])}{self._paid_less(d, who)}."

    def _paid_less(self, d: dict[str, Any], who: str) -> str:
        """After an auction won: what the winner paid, when the bank paid part of the bid
        (Ultimate Monopoly's Always Bank on Family)."""
        if "paid" not in d:
            return ""
        return f"; the bank adds {self._money(d['amount'] - d['paid'])}, so {who} pays " \
               f"{self._money(d['paid'])}"

    def _on_house_auction(self, d: dict[str, Any], who: str, paid: int) -> str:
        return (f"Houses are short: {who} wants one for {self._space(d['deed'])}, so a house "
                f"is auctioned among the players who could build, opening at "
                f"{self._money(d['amount'])}.")

    def _on_drew(self, d: dict[str, Any], who: str, paid: int) -> str:
        deck = self.game.decks.get(d.get("deck", ""))
        deck_name = deck.name if deck is not None else str(d.get("deck", "a card"))
        self._card_text = str(d.get("text", ""))
        return sentence(f"{who} draws {deck_name}: '{self._card_text}'")

    def _on_jailed(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} goes to Jail."

    def _on_left_jail(self, d: dict[str, Any], who: str, paid: int) -> str:
        how = str(d.get("how", ""))
        return f"{who} leaves Jail {_LEFT_JAIL.get(how, '(' + how + ')')}."

    def _on_stays_in_jail(self, d: dict[str, Any], who: str, paid: int) -> str:
        tries = d.get("tries", 0)
        limit = self.words.jail_tries()
        return f"{who} stays in Jail (failed try {tries} of {limit})."

    def _on_speeding(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} rolls doubles three times in a row: speeding!"

    def _street(self, deed: Any) -> bool:
        board = self.game.board
        return not isinstance(deed, int) or not 0 <= deed < board.size or \
            board[deed].kind == "street"

    def _on_built(self, d: dict[str, Any], who: str, paid: int) -> str:
        level = int(d.get("level", 0))
        deed = d["deed"]
        cost = f" for {self._money(paid)}" if paid else ""
        if not self._street(deed):  # a Train Depot, a Cab Stand (Ultimate Monopoly)
            what = self.words.improvement_words(deed) or "a building"
            return f"{who} builds {what} on {self._space(deed)}{cost}."
        hotel = self.words.hotel_level()
        what = "a hotel" if level == hotel else "a house" if not hotel or level < hotel \
            else self.words.buildings_words(level)
        return f"{who} builds {what} on {self._space(deed)}{cost} " \
               f"(now {self.words.buildings_words(level)})."

    def _on_sold_building(self, d: dict[str, Any], who: str, paid: int) -> str:
        gain = f" for {self._money(paid)}" if paid else ""
        level = int(d.get("level", 0))
        deed = d["deed"]
        hotel = self.words.hotel_level()
        if not self._street(deed):
            what = _STANDS.get(self.game.board[deed].kind, "the building")
            return f"{who} sells {what} on {self._space(deed)} back{gain}."
        if hotel and level == hotel:  # a skyscraper sold: a hotel remains
            return f"{who} sells the skyscraper on {self._space(deed)}{gain} (now a hotel)."
        if level == hotel - 1:
            return f"{who} sells the hotel on {self._space(deed)}{gain} (now 4 houses)."
        return f"{who} sells a house on {self._space(deed)}{gain} " \
               f"(now {self.words.buildings_words(level)})."

    def _on_mortgaged(self, d: dict[str, Any], who: str, paid: int) -> str:
        gain = f" for {self._money(paid)}" if paid else ""
        return f"{who} mortgages {self._space(d['deed'])}{gain}."

    def _on_unmortgaged(self, d: dict[str, Any], who: str, paid: int) -> str:
        cost = f" for {self._money(paid)}" if paid else ""
        return f"{who} lifts the mortgage on {self._space(d['deed'])}{cost}."

    def _on_trade_offer(self, d: dict[str, Any], who: str, paid: int) -> str:
        trade = d.get("trade")
        if not isinstance(trade, Trade):
            return "A trade is offered."
        proposer = self._who(trade.proposer)
        recipient = self._who(trade.recipient)
        if d.get("counter"):
            return f"{proposer} makes a counter-offer to {recipient}: {self._trade(trade)}."
        return f"{proposer} offers {recipient} a trade: {self._trade(trade)}."

    def _on_trade_rejected(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} rejects the offer."

    def _on_trade_accepted(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} accepts the offer: {self._trade(d.get('trade'))}."

    def _on_debt(self, d: dict[str, Any], who: str, paid: int) -> str:
        player = d["player"]
        reason = str(d.get("reason", ""))
        because = f" ({reason})" if reason and reason != self._card_text else ""
        return (f"{who} owes {self._who(d['creditor'])} {self._money(d['amount'])}{because} "
                f"but has only {self._money(self.game.cash(player))}: they must raise the "
                "cash or go bankrupt.")

    def _on_bankrupt(self, d: dict[str, Any], who: str, paid: int) -> str:
        creditor = d.get("creditor", BANK)
        if isinstance(creditor, int) and creditor >= 0:
            return f"{who} is bankrupt! Everything {who} had goes to {self._who(creditor)}."
        return f"{who} is bankrupt! {who}'s deeds go back to the bank."

    def _on_game_over(self, d: dict[str, Any], who: str, paid: int) -> str:
        reason = str(d.get("reason", ""))
        why = _END_REASONS.get(reason, reason)
        winner = d.get("winner")
        if winner is None:
            if reason == "round-cap":
                return ("Game over: the round limit was reached and the richest players are "
                        "tied, so nobody wins (a draw).")
            return f"Game over: nobody wins ({why})."
        name = self._who(winner)
        if reason == "round-cap":
            assets = self.words.total_assets(winner)
            worth = f" with {self._money(assets)} in total assets" \
                if assets is not None else ""
            return (f"Game over: the round limit was reached. {name} wins as the richest "
                    f"player{worth}.")
        return f"Game over: {name} wins, {why}."

    # ------------------------------------------------------------ electronic-banking
    # Editions with a banking unit emit a 'unit' event after each payment (or after the
    # event that tells it): the unit operation a player would have made, in words.

    def _on_unit(self, d: dict[str, Any], who: str, paid: int) -> str:
        words = str(d.get("words", ""))
        return f"  Banking unit: {words}" if words else ""

    # ------------------------------------------------------------ monopoly-2.3
    # The market of deeds, whom the roll moves, cards played on players, buildings per
    # monopoly, forced purchases and paying with property.

    def _on_market(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{self._space(d['deed'])} is turned up in the market."

    def _on_move_chosen(self, d: dict[str, Any], who: str, paid: int) -> str:
        target = self._who(d["target"])
        whom = "themselves" if d["target"] == d["player"] else target
        return f"{who} moves {whom} {d.get('steps', 0)} spaces."

    def _on_no_move(self, d: dict[str, Any], who: str, paid: int) -> str:
        return "Nobody can be moved: the roll moves nobody."

    def _on_turn_ends(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} went to Jail during their own turn: the turn ends."

    def _on_no_rent(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{self._who(d['owner'])} is in Jail and collects no rent for " \
               f"{self._space(d['deed'])}."

    def _on_drew_card(self, d: dict[str, Any], who: str, paid: int) -> str:
        deck = self.game.decks.get(str(d.get("deck", "")))
        return f"{who} draws a {deck.name if deck is not None else 'card'} card."

    def _on_reshuffled(self, d: dict[str, Any], who: str, paid: int) -> str:
        deck = self.game.decks.get(str(d.get("deck", "")))
        return f"The {deck.name if deck is not None else 'card'} discards are shuffled " \
               "back in."

    def _on_played_card(self, d: dict[str, Any], who: str, paid: int) -> str:
        deck = self.game.decks.get(str(d.get("deck", "")))
        self._card_text = str(d.get("text", ""))
        target = d.get("target")
        on = "themselves" if target == d.get("player") else self._who(target)
        name = deck.name if deck is not None else "a card"
        return f"{who} plays {name} '{self._card_text}' on {on}."

    def _on_no_effect(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"The card does not move {who}, who is in Jail."

    def _on_built_monopoly(self, d: dict[str, Any], who: str, paid: int) -> str:
        level = int(d.get("level", 0))
        what = "a hotel" if level == self.words.hotel_level() else "a house"
        cost = f" for {self._money(paid)}" if paid else ""
        where = f"the {group_title(str(d.get('group', '')))} monopoly" if d.get("whole") \
            else self._space(d["deed"])
        return f"{who} buys {what} for {where}{cost} (now " \
               f"{self.words.buildings_words(level)})."

    def _on_forced_purchase(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} makes {self._who(d['seller'])} sell {self._space(d['deed'])} for " \
               f"{self._money(d['price'])}."

    def _on_must_pay(self, d: dict[str, Any], who: str, paid: int) -> str:
        return (f"{who} owes {self._who(d['creditor'])} {self._money(d['amount'])} but has "
                f"only {self._money(d.get('cash', 0))} in cash: {who} pays with property.")

    def _on_cannot_pay(self, d: dict[str, Any], who: str, paid: int) -> str:
        return (f"{who} owes {self._who(d['creditor'])} {self._money(d['amount'])} and has "
                f"only {self._money(d.get('worth', 0))} in all.")

    def _on_gave_deed(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} hands over {self._space(d['deed'])} (worth " \
               f"{self._money(d['value'])}) to {self._who(d['creditor'])}."

    def _on_gave_building(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} hands over buildings of {self._space(d['deed'])} worth " \
               f"{self._money(d['value'])} to {self._who(d['creditor'])} " \
               f"(now {self.words.buildings_words(int(d.get('level', 0)))})."

    def _on_overpaid(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} overpays by {self._money(d['amount'])} (no change for property)."

    # ------------------------------------------------------------ ultimate-banking

    def _on_rent_level(self, d: dict[str, Any], who: str, paid: int) -> str:
        level, before = int(d.get("level", 0)), int(d.get("before", 0))
        way = "up" if level > before else "down"
        why = str(d.get("why", ""))
        card = self.game.decks.get("events")
        titles = {c.id: str(c.get("title", c.id)) for c in card.cards} if card else {}
        because = {"landed": "", "set completed": " (colour set completed)"}.get(
            why, f" ({titles.get(why, why)})")
        return f"{self._space(d['deed'])} ({who}'s) goes {way} to rent level {level}{because}."

    def _on_location(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} is on a Location space ({self._money(d['fee'])} to go to any " \
               "property space)."

    def _on_rent_due(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{self._who(d['lander'])} lands on {who}'s {self._space(d['deed'])} (rent " \
               f"level {d['level']}): {who} may ask for {self._money(d['amount'])}."

    def _on_rent_waived(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} does not ask {self._who(d['lander'])} for rent."

    def _on_owner_in_jail(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} is in Jail: no rent for {self._space(d['deed'])}, and its level stays."

    def _on_set_completed(self, d: dict[str, Any], who: str, paid: int) -> str:
        how = "all by " + who if d.get("sole") else "split between players"
        return f"The {group_title(str(d.get('group', '')))} set is complete ({how}): its " \
               "rent levels rise."

    def _on_time_up(self, d: dict[str, Any], who: str, paid: int) -> str:
        return "The auction timer runs out."

    def _on_event_choice(self, d: dict[str, Any], who: str, paid: int) -> str:
        """The drawer's choice for an Event card: the property or the player it acts on."""
        if d.get("stage") == "move":
            return ""  # the move that follows names the space
        choice = d.get("choice", -1)
        chosen = self._who(choice) if d.get("stage") == "player" else self._space(choice)
        if d.get("only"):
            return f"The card can act only on {chosen}."
        return f"{who} chooses {chosen}."

    def _on_event_no_effect(self, d: dict[str, Any], who: str, paid: int) -> str:
        return "The card has nothing to act on: no effect."

    def _on_swapped(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} swaps {self._space(d['gave'])} for {self._who(d['other'])}'s " \
               f"{self._space(d['got'])} (rent levels stay)."

    def _on_gave_up(self, d: dict[str, Any], who: str, paid: int) -> str:
        creditor = d.get("creditor", BANK)
        to = f"to {self._who(creditor)}, keeping its rent level" if isinstance(
            creditor, int) and creditor >= 0 else "back to the bank (unowned again)"
        cash = self.game.cash(int(d["player"]))
        left = f"{self._money(cash)} left" if cash >= 0 else f"still {self._money(-cash)} short"
        return f"{who} gives up {self._space(d['deed'])} {to}, worth " \
               f"{self._money(d['value'])} ({left})."

    def _on_insolvent(self, d: dict[str, Any], who: str, paid: int) -> str:
        creditor = d.get("creditor", BANK)
        made_up = f"; the bank makes up what {who} could not pay" if isinstance(
            creditor, int) and creditor >= 0 else ""
        return f"{who} owes {self._money(d['owed'])} and even every property cannot cover " \
               f"it: {who} is bankrupt{made_up}. The game ends."

    def _on_final_scores(self, d: dict[str, Any], who: str, paid: int) -> str:
        scores = d.get("scores", {})
        ranked = sorted(scores.items(), key=lambda kv: -int(kv[1]))
        parts = ", ".join(f"{self._who(p)} {self._money(v)}" for p, v in ranked)
        return f"Final scores (cash + properties at purchase price): {parts}."


    # ------------------------------------------------------------ Ultimate Monopoly

    def _on_bonus_stays(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} has no property ahead to move to for the bonus: the token stays."

    def _on_auction_space_stays(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} has no owned property ahead to move to from Auction: the token stays."

    def _on_voucher(self, d: dict[str, Any], who: str, paid: int) -> str:
        """A Travel Voucher drawn, with the event's reason: the Bus on the speed die,
        landing on a transit station or the Bus Ticket space, a card."""
        card = self._card(d.get("card"))
        if str(d.get("card", "")).endswith("-expiring"):
            card += " (expires all others)"
        return f"{who} takes a Travel Voucher{self._voucher_reason(d)}: {card}."

    def _voucher_reason(self, d: dict[str, Any]) -> str:
        """Why a Travel Voucher is drawn, as words after "takes a Travel Voucher"."""
        reason = d.get("reason")
        where = d.get("space")
        if reason in ("station", "bus-ticket") and isinstance(where, int) and \
                0 <= where < self.game.board.size:
            return f" for landing on {self._space(where)}"
        if reason == "bus":
            return " for the Bus"
        if reason == "card":
            return " as the card says"
        return ""

    def _on_voucher_played(self, d: dict[str, Any], who: str, paid: int) -> str:
        to = d.get("to")
        if isinstance(to, int):
            self._voucher_to = (d.get("player", -1), to)
        card = str(d.get("card", ""))
        expiring = " that expires every other Travel Voucher" \
            if card.endswith("-expiring") else ""
        return sentence(f"{who} plays a {self._card(card)}{expiring} and goes to "
                        f"{self._space(to)}")

    def _on_voucher_expired(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who}'s {self._card(d.get('card'))} expires (out of the game)."

    def _on_voucher_given(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} gives a {self._card(d.get('card'))} to {self._who(d.get('to'))}."

    def _on_voucher_returned(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who}'s {self._card(d.get('card'))} goes back to the pile."

    def _on_missed_the_bus(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} misses the Bus: no voucher, and a {self._card(d.get('card'))} is " \
               "given up."

    def _on_no_voucher_left(self, d: dict[str, Any], who: str, paid: int) -> str:
        if d.get("reason") == "bus":
            return f"{who} throws the Bus, but no Travel Voucher is left to take."
        return f"No Travel Voucher is left for {who} to take{self._voucher_reason(d)}."

    def _on_squeeze_play(self, d: dict[str, Any], who: str, paid: int) -> str:
        each = self._money(d.get("amount", 0))
        tail = " and takes a Travel Voucher" if d.get("voucher") else ""
        return f"Squeeze Play: {who} rolls {self._dice(d.get('dice', ()))} (total " \
               f"{d.get('total', '?')}): every other player pays {who} {each}{tail}."

    def _on_roll_three(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"Roll Three: {who} rolls {self._dice(d.get('dice', ()))}."

    def _on_birthday_gift(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"It is {who}'s birthday: every other player gives a gift."

    def _on_card_given(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} gives {self._card(d.get('card'), d.get('deck'))} to " \
               f"{self._who(d.get('to'))}."

    def _on_cards_given(self, d: dict[str, Any], who: str, paid: int) -> str:
        count = int(d.get("count", 0))
        return f"{who}'s {count} card{'' if count == 1 else 's'} go to " \
               f"{self._who(d.get('receiver'))}."

    def _on_card_used(self, d: dict[str, Any], who: str, paid: int) -> str:
        amount = d.get("amount")
        gain = f" and collects {self._money(amount)}" if amount else ""
        return sentence(f"{who} uses {self._card(d.get('card'), d.get('deck'))}{gain}")

    def _on_card_no_choice(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who}'s card has nothing to act on: no effect."

    def _on_said_no(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} says \"Just Say No!\" to {self._who(d.get('to'))}."

    def _on_loses_turn(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} loses this turn."

    def _on_roll_off(self, d: dict[str, Any], who: str, paid: int) -> str:
        totals = d.get("totals", [0, 0])
        return f"{who} rolls {totals[0]} against {self._who(d.get('other'))}'s {totals[1]}."

    def _on_deed_taken(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} takes {self._space(d.get('deed'))}."

    def _on_deeds_swapped(self, d: dict[str, Any], who: str, paid: int) -> str:
        mine, theirs = [*d.get("deeds", []), -1, -1][:2]
        return f"{who} swaps {self._space(mine)} for {self._who(d.get('other'))}'s " \
               f"{self._space(theirs)}."

    def _on_surrendered(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} gives {self._space(d.get('deed'))} back to the bank."

    def _on_building_removed(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"A building is removed from {self._space(d.get('deed'))} " \
               f"(now {self.words.buildings_words(int(d.get('level', 0)))})."

    def _on_share_bought(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} buys a share of {self._company(d.get('company'))} for " \
               f"{self._money(d.get('price', paid))}."

    def _on_share_sold(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} sells a share of {self._company(d.get('company'))} for " \
               f"{self._money(d.get('price', paid))}."

    def _on_share_declined(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} does not buy a share."

    def _on_share_auction(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"A share of {self._company(d.get('company'))} goes to auction."

    def _on_share_auction_won(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"{who} wins a share of {self._company(d.get('company'))} at auction for " \
               f"{self._money(d.get('amount', paid))}{self._paid_less(d, who)}."

    def _on_share_unsold(self, d: dict[str, Any], who: str, paid: int) -> str:
        return f"Nobody bids: the share of {self._company(d.get('company'))} stays with " \
               "the bank."

    def _on_share_mortgaged(self, d: dict[str, Any], who: str, paid: int) -> str:
        gain = f" for {self._money(paid)}" if paid else ""
        return f"{who} mortgages a share of {self._company(d.get('company'))}{gain}."

    def _on_share_unmortgaged(self, d: dict[str, Any], who: str, paid: int) -> str:
        cost = f" for {self._money(paid)}" if paid else ""
        return f"{who} lifts the mortgage on a share of " \
               f"{self._company(d.get('company'))}{cost}."

    def _on_shares_given(self, d: dict[str, Any], who: str, paid: int) -> str:
        count = int(d.get("count", 0))
        return f"{who}'s {count} share{'' if count == 1 else 's'} of " \
               f"{self._company(d.get('company'))} go to {self._who(d.get('receiver'))}."

    def _on_shares_returned(self, d: dict[str, Any], who: str, paid: int) -> str:
        count = int(d.get("count", 0))
        return f"{who}'s {count} share{'' if count == 1 else 's'} of " \
               f"{self._company(d.get('company'))} go back to the bank."


_EXPLAINED_BY_NEXT.update({"monopoly building": "built-monopoly",
                           "forced purchase": "forced-purchase"})
_LEFT_JAIL.update({"matching dice": "by rolling a match (Just Visiting)",
                   "second turn in jail": "after a second turn there (Just Visiting)"})
_END_REASONS.update({"five-monopolies": "owning five monopolies"})
_EXPLAINED_BY_NEXT.update({"property given up": "gave-up",
                           "debt made up by the bank": "insolvent"})
_END_REASONS.update({"final-scores": "with the highest final score"})


_SPEED_FACES = {"mr_monopoly": "Mr. Monopoly", "bus": "the Bus"}
"""The speed die's named faces, as told."""
_STANDS = {"railroad": "the Train Depot", "cab_company": "the Cab Stand"}
"""What stands on a property that is not a street (Ultimate Monopoly), by its kind."""

_EXPLAINED_BY_NEXT.update({"share": "share-bought", "share auction": "share-auction-won",
                           "share mortgage": "share-mortgaged",
                           "share mortgage lifted": "share-unmortgaged"})

