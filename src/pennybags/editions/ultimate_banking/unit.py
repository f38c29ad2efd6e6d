"""The Ultimate Banking unit: three buttons (check, M, X) and a reader for bank cards, title
deeds and Event cards, modelled as a state machine over the ledger.

The unit knows every balance, every owner and every rent level; it does not know where the
tokens are or who is in Jail (players remember that, and undo a mistake such as collecting
rent from Jail). What it does (docs/ultimate-banking-unit.md has the sequences):

* power on with any button; tap 2-4 bank cards to join (X takes back the last one), check
  starts the game: every card holds $1,500;
* M pressed 1, 2 or 3 times shows the GO, Jail or Location icon; a bank card then collects
  $200, or pays $100;
* a title deed then a bank card: buys an unowned property (level 1), or on an owned one pays
  the owner the rent at its level and raises the level (the owner's own card: just raises
  it); a deed then M readies an auction, check starts it, each M raises the bid by $20 and
  restarts the 5-second timer, and when it runs out the winner taps their card;
* an Event card does what it says, asking for the deeds or bank cards it needs;
* a payment larger than the balance leaves it negative: the debtor taps deeds to give up
  (to the creditor, or back to the bank) until the balance is back to zero or more; when
  even every deed cannot cover it, the game ends and the final score screen shows;
* check and M held 5 s undo the most recent transaction only; X held 5 s asks to reset
  (check confirms); check and X together open the volume (check up, X down, M done);
  5 minutes without a press send it to sleep, and the next press wakes it, game kept.

The unit at the terminal for a physical board (``pennybags bank ultimate-banking``) is a
front: :mod:`pennybags.banking.ultimate` and :mod:`pennybags.banking.companion`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from pennybags.editions.ultimate_banking.game import SET_BONUS
from pennybags.engine.ledger import BANK, Ledger, Transaction

TOKENS = ("car", "helicopter", "boat", "jet")
"""The four bank cards, by the token printed on them."""

START_CASH = 1500
GO = 200
JAIL_FEE = 100
LOCATION_FEE = 100
BID_STEP = 20
AUCTION_SECONDS = 5.0
SLEEP_SECONDS = 300.0
HOLD_SECONDS = 5.0
VOLUME_DEFAULT = 4
"""Circles shown: 0 (softest, still audible) to 4 (the default, loudest)."""

ICONS = {1: "GO", 2: "JAIL", 3: "LOCATION"}


class UnitError(ValueError):
    """A tap or press the unit refuses (it beeps and shows why)."""


class UltimateBankingUnit:
    """The unit's state. ``display`` is what its screen shows after each operation."""

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 set_bonus: str = "rulebook") -> None:
        from pennybags.editions.ultimate_banking import EDITION

        if set_bonus not in SET_BONUS:
            raise ValueError(f"set-bonus takes {' or '.join(SET_BONUS)}, not '{set_bonus}'")
        self.set_bonus = set_bonus
        """The colour-set completion reading (the edition's ``set-bonus`` option)."""
        data = EDITION.data
        self.board = data.board
        self.numbers: dict[int, int] = {
            int(s.extra["property_number"]): s.index for s in data.board.spaces
            if s.kind == "street"}
        self.cards = {c.id: c for c in data.decks["events"][1]}
        self.clock = clock
        self.volume = VOLUME_DEFAULT
        self.asleep = False
        self.last_press = clock()
        self.fresh()

    # ---------------------------------------------------------------- state

    def fresh(self) -> None:
        """Power-on state of a new game (also what a confirmed reset leaves)."""
        self.mode = "register"
        self.players: list[int] = []
        """Tokens (indices into TOKENS) in the order their cards were registered."""
        self.ledger = Ledger(len(TOKENS))
        self.owner: dict[int, int] = {}
        """Property number -> token index."""
        self.level: dict[int, int] = {}
        self.cheap_rents = 0
        self.wait: dict[str, Any] = {}
        """What the current operation waits for."""
        self.undo_state: dict[str, Any] | None = None
        self.scores: dict[int, int] = {}
        self.display = "TAP BANK CARDS: " + " ".join(t.upper() for t in TOKENS)

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode, "players": self.players,
            "balances": list(self.ledger.balances), "bank": self.ledger.bank,
            "transactions": [list(t) for t in self.ledger.transactions],
            "owner": {str(k): v for k, v in self.owner.items()},
            "level": {str(k): v for k, v in self.level.items()},
            "cheap_rents": self.cheap_rents, "wait": self.wait, "volume": self.volume,
            "undo": self.undo_state, "scores": {str(k): v for k, v in self.scores.items()},
            "display": self.display, "set_bonus": self.set_bonus,
        }

    def load(self, obj: dict[str, Any], *, keep_undo: bool = True) -> None:
        self.mode = str(obj["mode"])
        self.players = [int(x) for x in obj["players"]]
        self.ledger = Ledger(len(TOKENS))
        self.ledger.balances = [int(x) for x in obj["balances"]]
        self.ledger.bank = int(obj["bank"])
        self.ledger.transactions = [Transaction(int(a), int(b), int(c), str(d))
                                    for a, b, c, d in obj["transactions"]]
        self.owner = {int(k): int(v) for k, v in obj["owner"].items()}
        self.level = {int(k): int(v) for k, v in obj["level"].items()}
        self.cheap_rents = int(obj["cheap_rents"])
        self.wait = dict(obj["wait"])
        self.volume = int(obj.get("volume", VOLUME_DEFAULT))
        if keep_undo:
            self.undo_state = obj.get("undo")
        self.scores = {int(k): int(v) for k, v in obj.get("scores", {}).items()}
        self.display = str(obj.get("display", ""))
        self.set_bonus = str(obj.get("set_bonus", "rulebook"))

    @classmethod
    def from_json(cls, obj: dict[str, Any],
                  clock: Callable[[], float] = time.monotonic) -> UltimateBankingUnit:
        unit = cls(clock)
        unit.load(obj)
        return unit

    # ---------------------------------------------------------------- queries

    def balance(self, token: str | int) -> int:
        return self.ledger.balances[self.token(token)]

    def token(self, name: str | int) -> int:
        if isinstance(name, int):
            return name
        key = name.strip().lower()
        if key not in TOKENS:
            raise UnitError(f"no bank card '{name}'; the cards are {', '.join(TOKENS)}")
        return TOKENS.index(key)

    def price(self, number: int) -> int:
        return self.board.spaces[self.numbers[number]].price

    def rent(self, number: int) -> int:
        rents = self.board.spaces[self.numbers[number]].rents
        return rents[0] if self.cheap_rents else rents[self.level[number] - 1]

    def worth(self, token: int) -> int:
        return self.ledger.balances[token] + sum(
            self.price(n) for n, o in self.owner.items() if o == token)

    def name_of(self, number: int) -> str:
        return self.board.spaces[self.numbers[number]].name

    def money(self, amount: int) -> str:
        return f"-${-amount:,}" if amount < 0 else f"${amount:,}"

    # ---------------------------------------------------------------- time

    def tick(self, seconds: float = 0.0) -> None:
        """Let time pass (the companion calls it with the real time between inputs): the
        auction timer runs out, and 5 minutes without a press send the unit to sleep."""
        if self.mode == "auction":
            self.wait["left"] = float(self.wait["left"]) - seconds
            if self.wait["left"] <= 0:
                self.time_up()
        idle = self.clock() - self.last_press
        if idle >= SLEEP_SECONDS and not self.asleep:
            self.asleep = True

    def _awake(self) -> bool:
        """A press wakes a sleeping unit (and does nothing else)."""
        self.last_press = self.clock()
        if self.asleep:
            self.asleep = False
            return False
        return True

    # ---------------------------------------------------------------- buttons

    def press(self, button: str) -> None:
        """Press ``check``, ``M`` or ``X`` once."""
        button = {"v": "check", "ok": "check", "m": "M", "x": "X"}.get(button.lower(), button)
        if button not in ("check", "M", "X"):
            raise UnitError(f"the unit has three buttons: check, M and X, not '{button}'")
        if not self._awake():
            return
        mode = self.mode
        if mode == "register":
            self._register_button(button)
        elif mode == "volume":
            if button == "check":
                self.volume = min(4, self.volume + 1)
            elif button == "X":
                self.volume = max(0, self.volume - 1)
            else:
                self._restore()
                self.display = "VOLUME SET"
                return
            self.display = "VOLUME " + "o" * self.volume
        elif mode == "confirm-reset":
            if button == "check":
                self.fresh()
            else:
                self._restore()
                self.display = "RESET CANCELLED"
        elif mode == "over":
            self.display = self.score_screen()
        elif mode == "debt":
            self.display = self.debt_screen()
        elif button == "X":
            self.mode = "idle"
            self.wait = {}
            self.display = "CANCELLED"
        elif mode == "auction":
            if button == "M":
                self.wait["bid"] = int(self.wait["bid"]) + BID_STEP
                self.wait["left"] = AUCTION_SECONDS
                self.display = f"AUCTION {self.money(self.wait['bid'])}"
        elif mode == "auction-ready" and button == "check":
            self.mode = "auction"
            self.wait.update(bid=0, left=AUCTION_SECONDS)
            self.display = "AUCTION: PRESS M TO BID $20"
        elif mode == "deed" and button == "M" and self.wait["number"] not in self.owner:
            self.mode = "auction-ready"
            self.display = f"AUCTION {self.name_of(self.wait['number'])}? PRESS CHECK"
        elif mode in ("idle", "icon") and button == "M":
            count = int(self.wait.get("icon", 0)) % 3 + 1 if mode == "icon" else 1
            self.mode = "icon"
            self.wait = {"icon": count}
            self.display = f"{ICONS[count]}: TAP BANK CARD"
        else:
            raise UnitError(f"{button} does nothing now ({self.display})")

    def _restore(self) -> None:
        """Back to what the unit was doing before the volume or the reset question."""
        self.mode = str(self.wait.get("back", "idle"))
        self.wait = dict(self.wait.get("saved", {}))

    def _register_button(self, button: str) -> None:
        if button == "X":
            if self.players:
                gone = self.players.pop()
                self.display = f"{TOKENS[gone].upper()} REMOVED"
        elif button == "check":
            if len(self.players) < 2:
                raise UnitError("at least 2 bank cards must join before the game starts")
            for t in self.players:
                self.ledger.transfer(BANK, t, START_CASH, "starting money")
            self.mode = "idle"
            self.wait = {}
            self.display = "READY"

    def hold(self, buttons: str, seconds: float = HOLD_SECONDS) -> None:
        """Hold ``check+M`` (undo the most recent transaction) or ``X`` (reset, asks for
        confirmation) for ``seconds``; shorter holds do nothing."""
        if not self._awake() or seconds < HOLD_SECONDS:
            return
        key = buttons.replace(" ", "").lower()
        if key in ("check+m", "m+check"):
            self.undo()
        elif key == "x":
            self.wait = {"back": self.mode, "saved": self.wait}
            self.mode = "confirm-reset"
            self.display = "RESET? CHECK = YES, X = NO"
        else:
            raise UnitError(f"holding {buttons} does nothing")

    def together(self, buttons: str) -> None:
        """Press two buttons at once: ``check+X`` opens the volume setting."""
        if not self._awake():
            return
        if buttons.replace(" ", "").lower() not in ("check+x", "x+check"):
            raise UnitError(f"pressing {buttons} together does nothing")
        self.wait = {"back": self.mode, "saved": self.wait}
        self.mode = "volume"
        self.display = "VOLUME " + "o" * self.volume

    # ---------------------------------------------------------------- taps

    def tap_bank(self, token: str | int) -> None:
        t = self.token(token)
        self.last_press = self.clock()
        if self.asleep:
            return
        mode = self.mode
        if mode == "register":
            if t in self.players:
                raise UnitError(f"the {TOKENS[t]} card has joined already")
            self.players.append(t)
            self.display = "JOINED: " + " ".join(TOKENS[p].upper() for p in self.players)
            return
        if t not in self.players:
            raise UnitError(f"the {TOKENS[t]} card is not in this game")
        if mode == "icon":
            icon = int(self.wait["icon"])
            self._begin()
            if icon == 1:
                self._pay(BANK, t, GO, "GO")
            else:
                self._pay(t, BANK, JAIL_FEE if icon == 2 else LOCATION_FEE, ICONS[icon].lower())
            self._done()
        elif mode == "deed":
            self._deed_and_card(int(self.wait["number"]), t)
        elif mode == "auction-won":
            self._begin()
            number = int(self.wait["number"])
            self._pay(t, BANK, int(self.wait["bid"]), "auction")
            self._acquire(t, number)
            self._done()
        elif mode == "event-card":
            self._event_card(t)
        else:
            raise UnitError(f"a bank card does nothing now ({self.display})")

    def tap_deed(self, number: int) -> None:
        if number not in self.numbers:
            raise UnitError(f"no title deed number {number}: they are 1 to {len(self.numbers)}")
        self.last_press = self.clock()
        if self.asleep:
            return
        if self.mode == "debt":
            self._give_up(number)
        elif self.mode == "idle":
            self.mode = "deed"
            self.wait = {"number": number}
            if number in self.owner:
                self.display = f"{self.name_of(number)} L{self.level[number]}: TAP BANK CARD"
            else:
                self.display = f"{self.name_of(number)} {self.money(self.price(number))}: " \
                               "TAP BANK CARD TO BUY, M TO AUCTION"
        elif self.mode == "event-deed":
            self._event_deed(number)
        else:
            raise UnitError(f"a title deed does nothing now ({self.display})")

    def tap_event(self, card_id: str) -> None:
        card = self.cards.get(card_id)
        if card is None:
            raise UnitError(f"no Event card '{card_id}'")
        self.last_press = self.clock()
        if self.asleep:
            return
        if self.mode != "idle":
            raise UnitError(f"finish what the unit is doing first ({self.display})")
        kind = card.kind
        self.wait = {"card": card.id}
        title = str(card.get("title", card.id)).upper()
        if kind in ("move_to_any_property", "all_players_to_free_parking",
                    "send_player_to_jail"):
            self.display = f"{title}: MOVE THE TOKENS"
            self.wait = {}
        elif kind == "temporary_level1_rent":
            self._begin()
            self.cheap_rents = int(card.params["rent_payments"])
            self._done()
            self.display = f"{title}: NEXT {self.cheap_rents} RENTS AT LEVEL 1"
        elif kind in ("pay_per_property_owned", "collect_with_chosen_player"):
            self.mode = "event-card"
            self.wait["cards"] = []
            self.display = f"{title}: TAP BANK CARD"
        else:
            self.mode = "event-deed"
            self.wait["deeds"] = []
            self.display = f"{title}: TAP TITLE DEED"

    # ---------------------------------------------------------------- operations

    def _begin(self) -> None:
        """Keep the state before an operation: undo restores it (one level only)."""
        snap = self.to_json()
        snap["undo"] = None
        self.undo_state = snap

    def _done(self) -> None:
        if self.mode not in ("debt", "over"):
            self.mode = "idle"
            self.wait = {}
            self.display = "DONE"

    def undo(self) -> None:
        if self.undo_state is None:
            raise UnitError("nothing to undo: only the most recent transaction can be undone")
        volume = self.volume
        self.load(self.undo_state, keep_undo=False)
        self.volume = volume
        self.undo_state = None
        self.mode = "idle" if self.mode not in ("register", "over") else self.mode
        self.wait = {}
        self.display = "UNDONE"

    def _pay(self, payer: int, payee: int, amount: int, reason: str) -> None:
        self.ledger.transfer(payer, payee, amount, reason)
        if payer >= 0 and self.ledger.balances[payer] < 0:
            self._debt(payer, payee)

    def _debt(self, debtor: int, creditor: int) -> None:
        if self.worth(debtor) < 0:
            self._bankrupt(debtor)
            return
        self.mode = "debt"
        self.wait = {"debtor": debtor, "creditor": creditor}
        self.display = self.debt_screen()

    def debt_screen(self) -> str:
        d = int(self.wait["debtor"])
        return f"{TOKENS[d].upper()} {self.money(self.ledger.balances[d])}: TAP DEEDS TO GIVE UP"

    def _give_up(self, number: int) -> None:
        debtor, creditor = int(self.wait["debtor"]), int(self.wait["creditor"])
        if self.owner.get(number) != debtor:
            raise UnitError(f"{self.name_of(number)} is not {TOKENS[debtor]}'s")
        if creditor >= 0:
            self.owner[number] = creditor
        else:
            del self.owner[number]
            del self.level[number]
        self.ledger.transfer(BANK, debtor, self.price(number), "property given up")
        if self.ledger.balances[debtor] >= 0:
            self.mode = "debt-paid"
            self._done()
        else:
            self.display = self.debt_screen()

    def _bankrupt(self, debtor: int) -> None:
        self.ledger.transfer(BANK, debtor, -self.ledger.balances[debtor], "debt made up")
        for n in [n for n, o in self.owner.items() if o == debtor]:
            del self.owner[n]
            del self.level[n]
        self.players.remove(debtor)
        self.scores = {t: self.worth(t) for t in self.players}
        self.mode = "over"
        self.wait = {}
        self.display = self.score_screen()

    def score_screen(self) -> str:
        ranked = sorted(self.scores.items(), key=lambda kv: -kv[1])
        best = ranked[0][1] if ranked else 0
        winners = [TOKENS[t].upper() for t, v in ranked if v == best]
        return "FINAL: " + " ".join(f"{TOKENS[t].upper()} {self.money(v)}" for t, v in ranked) \
            + " | WINNER " + " & ".join(winners)

    def _acquire(self, t: int, number: int) -> None:
        """A property bought or won: level 1, or the set-completion levels (by the chosen
        ``set_bonus`` reading)."""
        self.owner[number] = t
        self.level[number] = 1
        deed = self.numbers[number]
        group = [n for n, i in self.numbers.items() if i in self.board.group_of[deed]]
        if all(n in self.owner for n in group):
            sole = all(self.owner[n] == t for n in group)
            new, rise = SET_BONUS[self.set_bonus][1 if sole else 0]
            self.level[number] = new
            for n in group:
                if n != number:
                    self.level[n] = min(5, self.level[n] + rise)

    def _deed_and_card(self, number: int, t: int) -> None:
        self._begin()
        owner = self.owner.get(number)
        if owner is None:
            if self.ledger.balances[t] < self.price(number):
                self.undo_state = None
                raise UnitError(f"{TOKENS[t]} cannot afford {self.name_of(number)}: auction it")
            self._pay(t, BANK, self.price(number), "purchase")
            self._acquire(t, number)
        elif owner == t:
            self.level[number] = min(5, self.level[number] + 1)
        else:
            amount = self.rent(number)
            if self.cheap_rents:
                self.cheap_rents -= 1
            self.level[number] = min(5, self.level[number] + 1)
            self._pay(t, owner, amount, "rent")
        self._done()

    def time_up(self) -> None:
        """The auction timer ran out: the last bid stands, or nobody bid."""
        if self.wait.get("bid", 0):
            self.mode = "auction-won"
            self.display = f"SOLD {self.money(self.wait['bid'])}: WINNER TAP BANK CARD"
        else:
            self.mode = "idle"
            self.wait = {}
            self.display = "NO BIDS"

    def _event_card(self, t: int) -> None:
        card = self.cards[str(self.wait["card"])]
        if card.kind == "pay_per_property_owned":
            self._begin()
            count = sum(1 for o in self.owner.values() if o == t)
            self._pay(t, BANK, int(card.params["amount"]) * count, card.id)
            self._done()
            return
        chosen = list(self.wait["cards"])
        if t in chosen:
            raise UnitError("tap another player's card")
        chosen.append(t)
        self.wait["cards"] = chosen
        if len(chosen) < 2:
            self.display = "TAP THE OTHER PLAYER'S CARD"
            return
        self._begin()
        for c in chosen:
            self._pay(BANK, c, int(card.params["amount"]), card.id)
        self._done()

    def _event_deed(self, number: int) -> None:
        card = self.cards[str(self.wait["card"])]
        if number not in self.owner:
            raise UnitError(f"{self.name_of(number)} is not owned")
        kind = card.kind
        if kind == "swap_properties":
            chosen = [*self.wait["deeds"], number]
            if len(chosen) < 2:
                self.wait["deeds"] = chosen
                self.display = "TAP THE OTHER PLAYER'S DEED"
                return
            a, b = chosen
            if self.owner[a] == self.owner[b]:
                raise UnitError("the two deeds must belong to different players")
            self._begin()
            self.owner[a], self.owner[b] = self.owner[b], self.owner[a]
            self._done()
            return
        self._begin()
        spaces = self.board.spaces
        deed = self.numbers[number]
        by_index = {i: n for n, i in self.numbers.items()}

        def shift(n: int, by: int) -> None:
            if n in self.level:
                self.level[n] = max(1, min(5, self.level[n] + by))

        if kind == "set_rent_level":
            self.level[number] = int(card.params["level"])
        elif kind == "color_set_rent_level_delta":
            for i in self.board.group_of[deed]:
                shift(by_index[i], int(card.params["delta"]))
        elif kind == "board_side_rent_level_delta":
            side = spaces[deed].extra["board_side"]
            for n, i in self.numbers.items():
                if spaces[i].extra["board_side"] == side:
                    shift(n, int(card.params["delta"]))
        elif kind == "property_and_neighbours":
            shift(number, int(card.params["self_delta"]))
            for i in spaces[deed].extra["neighbours"]:
                shift(by_index[i], int(card.params["neighbour_delta"]))
        self._done()
