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

import copy
import functools
import math
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from pennybags.editions.ultimate_banking.game import SET_BONUS
from pennybags.engine.data import EditionData, load_edition_data
from pennybags.engine.ledger import BANK, Ledger

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

MODES = ("register", "idle", "icon", "deed", "auction-ready", "auction", "auction-won",
         "event-card", "event-deed", "debt", "over")
"""What the unit can be doing."""
OVERLAYS = ("volume", "confirm-reset")
"""Modes opened over another one (the volume setting, the reset question), which the unit
goes back to afterwards."""
MOVE_KINDS = frozenset({"move_to_any_property", "all_players_to_free_parking",
                        "send_player_to_jail"})
"""Event cards that only move tokens (the unit just says so)."""
CARD_KINDS = frozenset({"pay_per_property_owned", "collect_with_chosen_player"})
"""Event cards that ask for bank cards."""
MAX_AMOUNT = 10**9
"""No single payment is larger (a state file with one is damaged)."""
MAX_OVERLAYS = 64
"""Nested overlays a saved state may hold (older versions nested them)."""


@functools.cache
def _edition_data() -> EditionData:
    """The board and the Event cards of the edition (its data file, read once)."""
    return load_edition_data(Path(__file__).with_name("ultimate_banking.json"))


class UnitError(ValueError):
    """A tap or press the unit refuses (it beeps and shows why)."""


class UltimateBankingUnit:
    """The unit's state. ``display`` is what its screen shows after each operation."""

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 set_bonus: str = "rulebook") -> None:
        if set_bonus not in SET_BONUS:
            raise ValueError(f"set-bonus takes {' or '.join(SET_BONUS)}, not '{set_bonus}'")
        self.set_bonus = set_bonus
        """The colour-set completion reading (the edition's ``set-bonus`` option)."""
        data = _edition_data()
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
        """The state as JSON values, independent of the unit (changing one does not change
        the other). The balances are written too, for people reading the file; loading
        derives them from the transactions and checks them."""
        return {
            "mode": self.mode, "players": list(self.players),
            "balances": list(self.ledger.balances), "bank": self.ledger.bank,
            "transactions": [list(t) for t in self.ledger.transactions],
            "owner": {str(k): v for k, v in self.owner.items()},
            "level": {str(k): v for k, v in self.level.items()},
            "cheap_rents": self.cheap_rents, "wait": copy.deepcopy(self.wait),
            "volume": self.volume, "undo": copy.deepcopy(self.undo_state),
            "scores": {str(k): v for k, v in self.scores.items()},
            "display": self.display, "set_bonus": self.set_bonus,
        }

    def load(self, obj: Mapping[str, Any], *, keep_undo: bool = True) -> None:
        """Take the state ``obj`` (as :meth:`to_json` writes it). ValueError, saying what is
        wrong, when it is not a state this unit can be in; the unit is unchanged then.

        The ledger is rebuilt from the transactions; the balances written beside them must
        agree. ``keep_undo=False`` restores an undo snapshot (the state before an
        operation, taken part way into it, whose waiting operation undo drops)."""
        state = _StateReader(self).read(obj, snapshot=not keep_undo)
        self.mode = state.mode
        self.players = state.players
        self.ledger = state.ledger
        self.owner = state.owner
        self.level = state.level
        self.cheap_rents = state.cheap_rents
        self.wait = state.wait
        self.volume = state.volume
        if keep_undo:
            self.undo_state = state.undo
        self.scores = state.scores
        self.display = state.display
        self.set_bonus = state.set_bonus

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
        auction timer runs out, and 5 minutes without a press send the unit to sleep.
        Time only passes forward: ``seconds`` is finite and not negative (UnitError
        otherwise, and nothing changes)."""
        if not _forward(seconds):
            raise UnitError(f"time only passes forward: {seconds} seconds cannot pass")
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
        if not _forward(seconds):
            raise UnitError(f"a button is held for a number of seconds, not {seconds}")
        if not self._awake() or seconds < HOLD_SECONDS:
            return
        key = buttons.replace(" ", "").lower()
        if key in ("check+m", "m+check"):
            self.undo()
        elif key == "x":
            self._overlay("confirm-reset")
            self.display = "RESET? CHECK = YES, X = NO"
        else:
            raise UnitError(f"holding {buttons} does nothing")

    def together(self, buttons: str) -> None:
        """Press two buttons at once: ``check+X`` opens the volume setting."""
        if not self._awake():
            return
        if buttons.replace(" ", "").lower() not in ("check+x", "x+check"):
            raise UnitError(f"pressing {buttons} together does nothing")
        self._overlay("volume")
        self.display = "VOLUME " + "o" * self.volume

    def _overlay(self, mode: str) -> None:
        """Open the volume setting or the reset question over what the unit is doing. One
        opened from the other takes its place: both go back to what the unit was doing, so
        overlays never pile up."""
        if self.mode in OVERLAYS:
            back, saved = self.wait["back"], self.wait["saved"]
        else:
            back, saved = self.mode, self.wait
        self.wait = {"back": back, "saved": saved}
        self.mode = mode

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


# ====================================================================== reading a state


def _forward(seconds: float) -> bool:
    """True for a time that can pass: finite and not negative."""
    return isinstance(seconds, int | float) and math.isfinite(seconds) and seconds >= 0


def _shown(value: Any) -> str:
    """A value as a message shows it (short)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class _State:
    """A state read and checked by :class:`_StateReader`, ready for the unit to take."""

    __slots__ = ("cheap_rents", "display", "ledger", "level", "mode", "owner", "players",
                 "scores", "set_bonus", "undo", "volume", "wait")

    mode: str
    players: list[int]
    ledger: Ledger
    owner: dict[int, int]
    level: dict[int, int]
    cheap_rents: int
    wait: dict[str, Any]
    volume: int
    undo: dict[str, Any] | None
    scores: dict[int, int]
    display: str
    set_bonus: str


class _StateReader:
    """Checks a saved state field by field against what the unit can be in; ValueError
    saying which field is wrong and how. Balances are derived from the transactions."""

    REQUIRED = ("mode", "players", "balances", "bank", "transactions", "owner", "level",
                "cheap_rents", "wait")
    OPTIONAL = ("volume", "undo", "scores", "display", "set_bonus")

    def __init__(self, unit: UltimateBankingUnit) -> None:
        self.unit = unit

    # ------------------------------------------------------------ small checks

    @staticmethod
    def number(value: Any, what: str, low: int, high: int) -> int:
        if type(value) is not int or not low <= value <= high:
            raise ValueError(f"{what} is {_shown(value)}, not a whole number from {low} to "
                             f"{high}")
        return value

    @staticmethod
    def text(value: Any, what: str, longest: int = 200) -> str:
        if not isinstance(value, str) or len(value) > longest:
            raise ValueError(f"{what} is {_shown(value)}, not a text of at most {longest} "
                             "characters")
        return value

    @staticmethod
    def mapping(value: Any, what: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise ValueError(f"{what} is {_shown(value)}, not an object")
        return value

    @staticmethod
    def sequence(value: Any, what: str) -> list[Any]:
        if not isinstance(value, list):
            raise ValueError(f"{what} is {_shown(value)}, not a list")
        return value

    @staticmethod
    def keys(obj: Mapping[str, Any], what: str, *names: str) -> None:
        if set(obj) != set(names):
            raise ValueError(f"{what} has the fields {sorted(obj)}, not {sorted(names)}")

    def deed(self, value: Any, what: str) -> int:
        return self.number(value, what, 1, len(self.unit.numbers))

    def token(self, value: Any, what: str, players: list[int]) -> int:
        t = self.number(value, what, 0, len(TOKENS) - 1)
        if t not in players:
            raise ValueError(f"{what} is the {TOKENS[t]} card, which is not in the game")
        return t

    # ------------------------------------------------------------ the state

    def read(self, obj: Any, *, snapshot: bool = False) -> _State:
        where = "the undo snapshot: " if snapshot else ""
        try:
            return self._read(obj, snapshot)
        except ValueError as e:
            raise ValueError(f"{where}{e}") from None

    def _read(self, obj: Any, snapshot: bool) -> _State:
        obj = self.mapping(obj, "the state")
        unknown = sorted(set(obj) - {*self.REQUIRED, *self.OPTIONAL})
        if unknown:
            raise ValueError(f"unknown field {unknown[0]!r} (not an Ultimate Banking unit's "
                             "state?)")
        missing = [k for k in self.REQUIRED if k not in obj]
        if missing:
            raise ValueError(f"the field {missing[0]!r} is missing")
        state = _State()
        mode = obj["mode"]
        if mode not in (*MODES, *OVERLAYS):
            raise ValueError(f"mode is {_shown(mode)}, not one of the unit's modes")
        state.mode = mode
        players: list[int] = []
        for i, value in enumerate(self.sequence(obj["players"], "players")):
            t = self.number(value, f"players[{i}]", 0, len(TOKENS) - 1)
            if t in players:
                raise ValueError(f"the {TOKENS[t]} card joined twice")
            players.append(t)
        state.players = players
        state.ledger = self.ledger(obj)
        state.owner, state.level = self.deeds(obj, players)
        most = max((int(c.params["rent_payments"]) for c in self.unit.cards.values()
                    if c.kind == "temporary_level1_rent"), default=0)
        state.cheap_rents = self.number(obj["cheap_rents"], "cheap_rents", 0, most)
        state.volume = self.number(obj.get("volume", VOLUME_DEFAULT), "volume", 0, 4)
        state.display = self.text(obj.get("display", ""), "display")
        set_bonus = obj.get("set_bonus", "rulebook")
        if set_bonus not in SET_BONUS:
            raise ValueError(f"set_bonus is {_shown(set_bonus)}, not "
                             f"{' or '.join(SET_BONUS)}")
        state.set_bonus = set_bonus
        base, base_wait = self.overlays(mode, self.mapping(obj["wait"], "wait"))
        if not snapshot:
            self.wait(base, base_wait, players, state.owner, state.ledger)
        state.wait = copy.deepcopy(obj["wait"])
        scores: dict[int, int] = {}
        for k, v in self.mapping(obj.get("scores", {}), "scores").items():
            if not (k.isascii() and k.isdigit()):
                raise ValueError(f"scores has the key {_shown(k)}, not a card number")
            scores[self.token(int(k), "a card in scores", players)] = \
                self.number(v, f"scores[{k}]", -MAX_AMOUNT, MAX_AMOUNT)
        state.scores = scores
        self.consistent(state, base, base_wait)
        undo = obj.get("undo")
        if undo is not None:
            if snapshot:
                raise ValueError("an undo snapshot holds another undo snapshot")
            self.read(undo, snapshot=True)
            undo = copy.deepcopy(undo)
        state.undo = undo
        return state

    def ledger(self, obj: Mapping[str, Any]) -> Ledger:
        """The ledger rebuilt from the transactions, checked against the balances."""
        ledger = Ledger(len(TOKENS))
        for i, t in enumerate(self.sequence(obj["transactions"], "transactions")):
            what = f"transaction {i + 1}"
            t = self.sequence(t, what)
            if len(t) != 4:
                raise ValueError(f"{what} has {len(t)} parts, not payer, payee, amount, "
                                 "reason")
            payer = self.number(t[0], f"the payer of {what}", BANK, len(TOKENS) - 1)
            payee = self.number(t[1], f"the payee of {what}", BANK, len(TOKENS) - 1)
            if payer == payee:
                raise ValueError(f"{what} pays its payer itself")
            amount = self.number(t[2], f"the amount of {what}", 1, MAX_AMOUNT)
            ledger.transfer(payer, payee, amount, self.text(t[3], f"the reason of {what}",
                                                            80))
        balances = self.sequence(obj["balances"], "balances")
        if len(balances) != len(TOKENS) or any(type(b) is not int for b in balances):
            raise ValueError(f"balances is {_shown(balances)}, not {len(TOKENS)} whole "
                             "numbers")
        if balances != list(ledger.balances) or obj["bank"] != ledger.bank \
                or type(obj["bank"]) is not int:
            raise ValueError(f"the balances {_shown(balances)} (bank {_shown(obj['bank'])}) "
                             f"are not what the transactions make: {list(ledger.balances)} (bank "
                             f"{ledger.bank})")
        return ledger

    def deeds(self, obj: Mapping[str, Any],
              players: list[int]) -> tuple[dict[int, int], dict[int, int]]:
        owner: dict[int, int] = {}
        level: dict[int, int] = {}
        for field, into in (("owner", owner), ("level", level)):
            for k, v in self.mapping(obj[field], field).items():
                if not (k.isascii() and k.isdigit()):
                    raise ValueError(f"{field} has the key {_shown(k)}, not a deed number")
                number = self.deed(int(k), f"a deed number in {field}")
                if field == "owner":
                    into[number] = self.token(v, f"the owner of deed {number}", players)
                else:
                    into[number] = self.number(v, f"the level of deed {number}", 1, 5)
        if set(owner) != set(level):
            raise ValueError("the deeds with an owner and the deeds with a rent level differ")
        return owner, level

    @staticmethod
    def overlays(mode: str, wait: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """What the unit does under the volume setting or the reset question."""
        depth = 0
        while mode in OVERLAYS:
            depth += 1
            if depth > MAX_OVERLAYS:
                raise ValueError("the volume setting and the reset question are nested "
                                 f"more than {MAX_OVERLAYS} times")
            _StateReader.keys(wait, f"the wait of mode {mode!r}", "back", "saved")
            mode = wait["back"]
            if mode not in (*MODES, *OVERLAYS):
                raise ValueError(f"the mode to go back to is {_shown(mode)}")
            wait = _StateReader.mapping(wait["saved"], "the saved wait")
        return mode, wait

    def wait(self, mode: str, wait: dict[str, Any], players: list[int],
             owner: dict[int, int], ledger: Ledger) -> None:
        """What the operation in progress waits for must fit the mode."""
        what = f"the wait of mode {mode!r}"
        cards = self.unit.cards
        if mode in ("register", "idle", "over"):
            self.keys(wait, what)
        elif mode == "icon":
            self.keys(wait, what, "icon")
            self.number(wait["icon"], "the icon", 1, 3)
        elif mode in ("deed", "auction-ready"):
            self.keys(wait, what, "number")
            number = self.deed(wait["number"], "the deed tapped")
            if mode == "auction-ready" and number in owner:
                raise ValueError(f"deed {number} is owned; it cannot be auctioned")
        elif mode in ("auction", "auction-won"):
            self.keys(wait, what, "number", "bid", "left")
            number = self.deed(wait["number"], "the deed auctioned")
            if number in owner:
                raise ValueError(f"deed {number} is owned; it cannot be auctioned")
            bid = self.number(wait["bid"], "the bid", 1 if mode == "auction-won" else 0,
                              MAX_AMOUNT)
            if bid % BID_STEP:
                raise ValueError(f"the bid {bid} is not in steps of ${BID_STEP}")
            left = wait["left"]
            if isinstance(left, bool) or not isinstance(left, int | float) \
                    or not math.isfinite(left) or left > AUCTION_SECONDS \
                    or (mode == "auction" and left < 0):
                raise ValueError(f"the auction timer is {_shown(left)}, not a number of "
                                 f"seconds up to {AUCTION_SECONDS:g}")
        elif mode in ("event-card", "event-deed"):
            self.keys(wait, what, "card", "cards" if mode == "event-card" else "deeds")
            card = cards.get(wait["card"]) if isinstance(wait["card"], str) else None
            if card is None:
                raise ValueError(f"the Event card is {_shown(wait['card'])}, not one of the "
                                 "deck's")
            asks_cards = card.kind in CARD_KINDS
            if card.kind in MOVE_KINDS or card.kind == "temporary_level1_rent" \
                    or asks_cards != (mode == "event-card"):
                raise ValueError(f"the Event card {card.id!r} does not wait in mode {mode!r}")
            if mode == "event-card":
                chosen = [self.token(t, "a card tapped", players)
                          for t in self.sequence(wait["cards"], "the cards tapped")]
            else:
                chosen = [self.deed(n, "a deed tapped")
                          for n in self.sequence(wait["deeds"], "the deeds tapped")]
                if any(n not in owner for n in chosen):
                    raise ValueError("a deed tapped for the Event card is not owned")
            if len(chosen) > 1 or len(set(chosen)) != len(chosen):
                raise ValueError("the Event card has more taps than it waits for")
        elif mode == "debt":
            self.keys(wait, what, "debtor", "creditor")
            debtor = self.token(wait["debtor"], "the debtor", players)
            creditor = self.number(wait["creditor"], "the creditor", BANK, len(TOKENS) - 1)
            if creditor != BANK:
                self.token(creditor, "the creditor", players)
            if creditor == debtor:
                raise ValueError("the debtor owes themselves")
            if ledger.balances[debtor] >= 0:
                raise ValueError(f"the debtor, the {TOKENS[debtor]} card, is not below zero "
                                 f"({self.unit.money(ledger.balances[debtor])})")

    def consistent(self, state: _State, mode: str, wait: dict[str, Any]) -> None:
        """What holds between the fields: who may hold money, who may be below zero, the
        final scores."""
        balances = state.ledger.balances
        players = state.players
        if mode == "register":
            if state.ledger.transactions or state.owner or state.scores:
                raise ValueError("cards are joining, yet there are transactions, owners or "
                                 "scores")
        elif not (1 if mode == "over" else 2) <= len(players) <= len(TOKENS):
            raise ValueError(f"a game of {len(players)} card(s) in mode {mode!r}")
        debtor = wait.get("debtor") if mode == "debt" else None
        for t, balance in enumerate(balances):
            if t not in players and balance != 0:
                raise ValueError(f"the {TOKENS[t]} card is not in the game but holds "
                                 f"{self.unit.money(balance)}")
            if balance < 0 and t != debtor:
                raise ValueError(f"the transactions leave the {TOKENS[t]} card below zero "
                                 f"({self.unit.money(balance)}) with no debt in progress")
        if mode == "over":
            worth = {t: balances[t] + sum(self.unit.price(n) for n, o in state.owner.items()
                                          if o == t) for t in players}
            if state.scores != worth:
                raise ValueError("the final scores are not the cards' cash and deeds")
        elif state.scores:
            raise ValueError("there are final scores, but the game is not over")
