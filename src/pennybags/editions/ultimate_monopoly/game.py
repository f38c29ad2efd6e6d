"""Ultimate Monopoly: the turn on three tracks with the speed die.

This module holds the state and the longer rules of the edition; when each action is legal
is in :mod:`pennybags.editions.ultimate_monopoly.rules`. What is here, by the rulebook's
words:

* **The dice** (THE DICE, Doubles & Triples): two regular dice and the speed die. The throw's
  number (the regular dice plus the speed die's pips; Mr. Monopoly and the Bus count 0,
  ruling 11) moves the token along the board graph with the transit rule (an even number
  rides the stations it passes). Doubles count the regular dice only; the third double in a
  row goes to jail. Triples (1s, 2s, 3s): move to any space, no more movement this turn, no
  jail for the doubles before. In jail only the regular dice are thrown.
* **MOVEMENT ORDER**: the pips, the space, the bonus move (Mr. Monopoly: on to the next
  unowned property, or with none left the next property where rent is owed, with the
  regular dice's parity; ruling 10: stay when none is reached; the Bus: a Travel Voucher or
  on to the nearest Chance or Community Chest ahead), the space, then doubles roll again.
  Going to jail ends the turn at once.
* **PAY CORNERS**: GO $200; Bonus $250 passing, $300 landing; Pay Day $300 on an odd throw,
  $400 on an even one. Moves the dice did not make pay the highest amounts (ruling 12);
  direct moves (Subway, Holland Tunnel, triples) pay only for landing.
* **Spaces**: title deeds (streets, railroads on either track of their station, cab
  companies, utilities) are bought or auctioned, or charge rent; landing exactly on a
  transit station draws a Travel Voucher; taxes go to the Pool; Tax Refund pays half the
  Pool (rounded up); Holland Tunnel moves directly to the other tunnel; Subway makes the
  next movement a direct move to any space (ruling 13); Reverse Direction makes the next
  throw move backwards ("missed the bus": a Bus on it costs a voucher); the Bus Ticket space
  draws a voucher.

The rest of the rules are in their own modules, which the rulebook (:mod:`.rules`) gathers:
improving property (:mod:`.buildings`), Squeeze Play, Roll Three, Birthday Gift, the Auction
space and the Stock Exchange (:mod:`.spaces`), Travel Vouchers and taxi rides
(:mod:`.travel`), Chance and Community Chest (:mod:`.cards`, whose ``CardGame`` is the
edition's game), bankruptcy with every kind of asset (:mod:`.bankruptcy`, ruling 16).

Its scenario fields are in :mod:`.scenarios`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar, Final, cast

from pennybags.editions.classic.game import Auction, ClassicGame
from pennybags.editions.ultimate_monopoly import bankruptcy, buildings, trades
from pennybags.editions.ultimate_monopoly.board import (
    DIRECT,
    LAND,
    PASS,
    UltimateMonopolyBoard,
    Walk,
    board_from_data,
)
from pennybags.editions.ultimate_monopoly.options import UltimateMonopolyOptions
from pennybags.engine.actions import CardRef, Decision, Trade, kind_number
from pennybags.engine.data import EditionData
from pennybags.engine.dice import SPEED_BUS, SPEED_MR_MONOPOLY, SpeedDice
from pennybags.engine.game import Event, Game, Step
from pennybags.engine.ledger import BANK
from pennybags.engine.rules import Rulebook
from pennybags.engine.turn import JAIL_ASKS, NO_DECISIONS, ROLL_ASKS

POOL: Final = -3
"""The ledger account of the Pool: every card, tax and bail payment to the bank goes there
(ruling 8); Tax Refund pays half of it."""

VOUCHERS: Final = "travel_vouchers"
ROLL_THREE: Final = "roll_three"
"""The keys of the Travel Voucher and Roll Three piles."""

BONUS_RIDE: Final = 2
"""A ``subway`` decision's amount when the ride takes the place of the speed die's bonus
move (3: and the throw was doubles, so the player throws again after it)."""

BUS_VOUCHER: Final = "bus"
STATION_VOUCHER: Final = "station"
BUS_TICKET_VOUCHER: Final = "bus-ticket"
CARD_VOUCHER: Final = "card"
VOUCHER_REASONS: Final = (BUS_VOUCHER, STATION_VOUCHER, BUS_TICKET_VOUCHER, CARD_VOUCHER)
"""Why a player draws a Travel Voucher (the ``reason`` of a ``voucher`` event): the Bus on
the speed die, landing exactly on a transit station, the Bus Ticket space, a card. (Vouchers
handed from player to player, as at Birthday Gift, are ``voucher-given`` events.)"""

MR_MONOPOLY_MOVE: Final = "mr-monopoly"
BUS_MOVE: Final = "bus"
"""The speed die's bonus moves (the ``bonus`` of a ``moved`` event): Mr. Monopoly's, and
the Bus ride to the nearest Chance or Community Chest."""

SUBWAY_NUMBER: Final = kind_number("subway")
TRIPLES_NUMBER: Final = kind_number("triples")
BUS_NUMBER: Final = kind_number("bus")
"""The throw's own decisions' numbers (``Decision.number``), given when one is made."""

HOTEL: Final = 5
SKYSCRAPER: Final = 6
"""Improvement levels of a street: 1-4 houses, 5 a hotel, 6 a skyscraper."""


def factor_for(size: int, mine: int) -> int:
    """What an owner of ``mine`` streets of a group of ``size`` has their unimproved rent
    multiplied by: 3 with a monopoly, 2 with a majority ownership (all but one of a group of
    three or more), 1 otherwise."""
    if mine == size:
        return 3
    if size >= 3 and mine == size - 1:
        return 2
    return 1


class Stock:
    """A company of the Stock Exchange: its par value, mortgage value, number of shares and
    the dividend per share held by how many of its shares a player holds."""

    __slots__ = ("dividends", "id", "index", "mortgage_value", "name", "par", "shares")

    def __init__(self, index: int, id: str, name: str, par: int, mortgage_value: int,
                 shares: int, dividends: tuple[int, ...]) -> None:
        self.index = index
        self.id = id
        self.name = name
        self.par = par
        self.mortgage_value = mortgage_value
        self.shares = shares
        self.dividends = dividends
        """The dividend of a holder of 1, 2, ... shares (the certificate's table)."""


class ShareAuction(Auction):
    """An auction of one share of a company at the Stock Exchange (``deed`` is -1)."""

    __slots__ = ("company",)

    def __init__(self, company: int, bidders: list[int], high: int = 0,
                 high_bidder: int = -1) -> None:
        super().__init__(-1, bidders, high, high_bidder)
        self.company = company
        """The company whose share is on sale (its index in ``stocks``)."""

    def clone(self) -> ShareAuction:
        copy = ShareAuction(self.company, list(self.bidders), self.high, self.high_bidder)
        copy.next = self.next
        return copy


_BOARDS: dict[tuple[int, bool], tuple[EditionData, UltimateMonopolyBoard]] = {}


def _board(data: EditionData, ride_backwards: bool) -> UltimateMonopolyBoard:
    """The board graph of the edition's data, made once per data and option (it holds no
    game state)."""
    key = (id(data), ride_backwards)
    made = _BOARDS.get(key)
    if made is None or made[0] is not data:
        made = _BOARDS[key] = (data, board_from_data(data, ride_backwards=ride_backwards))
    return made[1]


class UltimateMonopolyGame(ClassicGame):
    """Ultimate Monopoly's state and turn (see the module's docstring)."""

    edition_id = "ultimate-monopoly"
    options_class: ClassVar[type[Any]] = UltimateMonopolyOptions
    self_clearing = frozenset({"debt"})

    def __init__(self, data: EditionData, names: Sequence[str], seed: int | None = None,
                 options: Any = None, *, rulebook: Rulebook, record: bool = True,
                 listeners: Sequence[Callable[[Event], None]] = (),
                 decide_order: bool = True, start: bool = True,
                 clone_of: UltimateMonopolyGame | None = None) -> None:
        super().__init__(data, names, seed, options, rulebook=rulebook, record=record,
                         listeners=listeners, decide_order=False, start=False,
                         clone_of=clone_of)
        opts: UltimateMonopolyOptions = self.options
        if not 0 <= opts.expiring_vouchers <= 16:
            raise ValueError("option 'expiring-vouchers' is a number of Bus Tickets, 0 to 16")
        tracks = _board(data, opts.ride_backwards)
        self.board = tracks
        self.tracks: UltimateMonopolyBoard = tracks
        """The board as the three-track graph (the same object as ``board``): walks,
        station and tunnel twins, the deed a space stands for."""
        r = data.rules
        self.cab_rents: tuple[int, ...] = tuple(r["cab_rents"])
        self.fee_payee = POOL
        self.refund_percent: int = r["tax_refund_percent"]
        self.stocks: tuple[Stock, ...] = tuple(
            Stock(i, c["id"], c["company"], c["par_value"], c["mortgage_value"], c["shares"],
                  tuple(c["dividends_by_shares_held"]))
            for i, c in enumerate(data.raw["stocks"]))
        """The Stock Exchange's companies (what never changes about them)."""
        self.expiring_voucher_cards: tuple[int, ...] | None = None
        """The Travel Vouchers that expire the others, once worked out (see
        :func:`~pennybags.editions.ultimate_monopoly.travel.expiring_vouchers`)."""
        self.holdings: list[int] = [0] * len(self.players)
        """Per player, how many times a deed came to or went from them (every change of
        owner goes through :meth:`set_owner`): a bot's kept work from its own deeds holds
        while its count is the same."""
        self.group_transfers: list[int] = [0] * tracks.size
        """Per group (at the space of its first deed), how many times a deed of the group
        changed owner."""
        self.group_changes: list[int] = [0] * tracks.size
        """Per group (at the space of its first deed), how many times a deed of the group
        changed owner, buildings or mortgage (:meth:`count_change`): a deed's rent holds
        while its group's count is the same. The rules never read it."""
        self._bonus_asks: list[list[Decision]] = [
            [Decision("bonus-move", s)] for s in range(len(self.players))]
        """Each seat's ``bonus-move`` decision, made once (decisions are values)."""
        if clone_of is not None:
            self.holdings = list(clone_of.holdings)
            self.group_transfers = list(clone_of.group_transfers)
            self.group_changes = list(clone_of.group_changes)
            self.building_figures: buildings.Figures = clone_of.building_figures
            self.expiring_voucher_cards = clone_of.expiring_voucher_cards
            self.shares: list[list[int]] = [list(row) for row in clone_of.shares]
            self.shares_mortgaged: list[list[int]] = [
                list(row) for row in clone_of.shares_mortgaged]
            self.bank_shares: list[int] = list(clone_of.bank_shares)
            self.bank_skyscrapers: int = clone_of.bank_skyscrapers
            self.bank_depots: int = clone_of.bank_depots
            self.bank_stands: int = clone_of.bank_stands
            self.subway_next: list[bool] = list(clone_of.subway_next)
            self.reverse_next: list[bool] = list(clone_of.reverse_next)
            self.throw_total: int = clone_of.throw_total
            self.voucher_closed: bool = clone_of.voucher_closed
            self.mr_monopoly_to_come: int = clone_of.mr_monopoly_to_come
            self.lose_turns: list[int] = list(clone_of.lose_turns)
            self.pay_back: list[bool] = list(clone_of.pay_back)
            self.halved_payouts: list[int] = list(clone_of.halved_payouts)
            return
        self.building_figures = buildings.Figures.read(tracks, r)
        """The costs of buildings and what they sell back for, by space (see
        :class:`~pennybags.editions.ultimate_monopoly.buildings.Figures`)."""
        n = len(self.players)
        self.shares = [[0] * len(self.stocks) for _ in range(n)]
        """Shares each player holds, by company (``stocks`` order), mortgaged ones included."""
        self.shares_mortgaged = [[0] * len(self.stocks) for _ in range(n)]
        """How many of each player's shares of each company are mortgaged."""
        self.bank_shares = [c.shares for c in self.stocks]
        """Shares of each company still with the bank."""
        self.bank_skyscrapers = r["skyscrapers"]
        self.bank_depots = r["train_depots"]
        self.bank_stands = r["cab_stands"]
        self.subway_next = [False] * n
        """Players whose next movement is a Subway ride (they landed on Subway)."""
        self.reverse_next = [False] * n
        """Players whose next throw moves backwards (they landed on Reverse Direction)."""
        self.throw_total = 0
        """The number of the last throw that moved a token (what a utility's rent counts)."""
        self.voucher_closed = False
        """No Travel Voucher may be played for the rest of this turn: one was (one a turn),
        or triples ended the movement. Reset when a turn begins."""
        self.mr_monopoly_to_come = -1
        """The player whose Mr. Monopoly bonus move is still to come in this throw (-1:
        none): "an opponent can't build or trade until your MR. MONOPOLY move is
        completed"."""
        self.lose_turns = [0] * n
        """Turns each player is still to lose (the Vehicle Impounded! card)."""
        self.pay_back = [False] * n
        """Players in jail by the Pay Back! card: rent due to them goes to the Pool."""
        self.halved_payouts = [0] * len(self.stocks)
        """Per company: how many of its next dividend payouts are halved, rounded up (the
        Video Killed the Radio Star! card)."""
        for p in self.players:  # one Travel Voucher and one Roll Three card each, face up
            for key in (VOUCHERS, ROLL_THREE):
                deck = self.decks[key]
                if deck.order:
                    p.cards.append((key, deck.draw()))
        if start:
            if decide_order:
                self.decide_order()
            self.begin_turn()

    def set_owner(self, deed: int, seat: int) -> None:
        """Make ``seat`` the owner of ``deed``, counted in ``holdings`` for the player it
        leaves and the one it goes to, and in ``group_transfers`` for its group."""
        was = self.owner[deed]
        super().set_owner(deed, seat)
        # (each count read and written back, not ``+=`` on the item: the compiled build
        # adds in place through the generic number protocol)
        holdings = self.holdings
        if was >= 0:
            holdings[was] = holdings[was] + 1
        if seat >= 0:
            holdings[seat] = holdings[seat] + 1
        group = self.board.group_of[deed]
        first = group[0] if group else deed
        transfers = self.group_transfers
        transfers[first] = transfers[first] + 1
        changes = self.group_changes
        changes[first] = changes[first] + 1

    def count_change(self, deed: int) -> None:
        """Count a change of ``deed``'s buildings or mortgage in ``group_changes``."""
        group = self.board.group_of[deed]
        first = group[0] if group else deed
        changes = self.group_changes
        changes[first] = changes[first] + 1

    def make_dice(self) -> SpeedDice:
        """The speed dice the edition's data asks for."""
        assert isinstance(self.dice, SpeedDice)
        return self.dice

    # ================================================================ the throw

    def begin_turn(self) -> None:
        """A turn begins: its one Travel Voucher may be played. A player with a turn to lose
        (Vehicle Impounded!) loses it: play passes on to the left at once."""
        p = self.current
        if self.lose_turns[p] > 0:
            self.lose_turns[p] -= 1
            if self.listeners:
                self.emit("loses-turn", player=p)
            self.next_turn()
            return
        self.voucher_closed = False
        self.mr_monopoly_to_come = -1
        # TurnGame.begin_turn, with this game's ask_roll, written out (every turn's path)
        self.doubles = 0
        self.turns += 1
        if self.listeners:
            self.emit("turn", player=p, round=self.round)
        if self.players[p].in_jail:
            self.pending = JAIL_ASKS[p]
        elif self.subway_next[p]:
            self.pending = [Decision("subway", p, number=SUBWAY_NUMBER)]
        else:
            self.pending = ROLL_ASKS[p]

    def leave_jail(self, p: int, how: str) -> None:
        """Pay Back! lasts while its player is in jail."""
        self.pay_back[p] = False
        super().leave_jail(p, how)

    def charge_rent(self, p: int, owner: int, deed: int, rent: int) -> None:
        """Every rent a landing charges comes here: owed to the owner (the cards' hooks,
        such as Comped Room or Pay Back!, refine it in the edition's game)."""
        self.owe(p, owner, rent, "rent")

    def roll_three_won(self, winner: int, prize: int) -> None:
        """Hook: a player has won ``prize`` at Roll Three (Share in their Good Fortune takes
        half of it in the edition's game)."""
        return None

    def may_play_voucher(self, p: int) -> bool:
        """Whether ``p`` may play a Travel Voucher now (at a moment of the movement the
        turn offers it): it is their turn, they hold one, none was played this turn, no
        triples were thrown, they are not in jail (going to jail ends the turn) and the
        next move is not the backwards one after landing on Reverse Direction."""
        player = self.players[p]
        if self.voucher_closed or p != self.current or player.in_jail or player.bankrupt \
                or self.reverse_next[p] or self.over:
            return False
        for key, _ in player.cards:  # noqa: SIM110  (a loop is faster than any())
            if key == VOUCHERS:
                return True
        return False

    def ask_roll(self) -> None:
        """The turn's next movement: a throw, in jail a try, after landing on Subway a
        direct move to any space (ruling 13)."""
        p = self.current
        if self.subway_next[p] and not self.players[p].in_jail:
            self.pending = [Decision("subway", p, number=SUBWAY_NUMBER)]
            return
        super().ask_roll()

    def roll(self, p: int) -> None:
        """Throw and move in the rulebook's MOVEMENT ORDER (see the module's docstring)."""
        dice = self.make_dice()
        player = self.players[p]
        self.pending = NO_DECISIONS
        if player.in_jail:
            thrown = dice.roll_regular()
            self.last_dice = thrown
            self.throw_total = dice.total
            if self.listeners:
                self.emit("rolled", player=p, dice=dice.last_json(), double=dice.double)
            self.roll_in_jail(p, dice.total, dice.double)
            return
        dice.roll()
        self.last_dice = dice.last
        self.throw_total = dice.total
        if self.listeners:
            self.emit("rolled", player=p, dice=dice.last_json(), double=dice.double,
                      triple=dice.triple)
        if dice.triple:  # the move after landing on Reverse Direction, made directly
            self.doubles = 0
            self.reverse_next[p] = False
            self.pending = [Decision("triples", p, amount=dice.total,
                                     number=TRIPLES_NUMBER)]
            return
        double = dice.double
        if double:
            self.doubles += 1
            if self.doubles >= self.doubles_to_jail:
                self.reverse_next[p] = False  # the throw that ends the turn was the move
                if self.listeners:
                    self.emit("speeding", player=p)
                self.send_to_jail(p)
                self.after_roll(p, False)
                return
        backwards = self.reverse_next[p]
        self.reverse_next[p] = False
        speed = dice.speed
        if speed == SPEED_MR_MONOPOLY:
            self.mr_monopoly_to_come = p
        even = dice.regular_total % 2 == 0
        # The bonus move comes once the pips' space is settled: at once when nobody had to
        # decide anything there, else as a step under what the landing started.
        depth = self._depth  # (step_depth(), without the call: a throw's hot path)
        self.dice_move(p, dice.total, backwards)
        # settle(depth), called only when there is something to settle (as TurnGame.roll)
        if (self.pending or self.dues or self.end_check_due or self.over or
                self._depth > depth) and not self.settle(depth):
            if not self.over:
                self.step_under(depth, bonus_move_step(p, double, speed, even, backwards,
                                                       False))
            return
        self.bonus_move(p, double, speed, even, backwards)

    def move(self, p: int, steps: int) -> None:
        """A move by a throw's number (in jail, leaving by doubles or after the last try):
        the dice's walk with their parity."""
        self.dice_move(p, steps, False)

    def dice_move(self, p: int, steps: int, backwards: bool) -> None:
        """Move by a throw of ``steps`` (its parity decides the stations), and land."""
        walk = self.tracks.walk(self.players[p].position, steps, steps % 2 == 0, backwards)
        self.follow(p, walk, by_dice=True, even=steps % 2 == 0)

    def follow(self, p: int, walk: Walk, *, by_dice: bool, even: bool,
               bonus: str = "") -> None:
        """Move along ``walk``, collecting the pay corners passed (forward only) and landed
        on, then resolve the space. ``by_dice``: a move the dice made (Pay Day pays by the
        throw's parity); otherwise the highest amounts (ruling 12). ``bonus``: the speed
        die's bonus move this is (``BONUS_MOVES``), told in the ``moved`` event."""
        player = self.players[p]
        start = player.position
        end = walk.end
        player.position = end
        if self.listeners:
            count = len(walk.steps)
            if bonus:
                self.emit("moved", player=p, start=start, to=end,
                          steps=-count if walk.backwards else count, bonus=bonus)
            else:
                self.emit("moved", player=p, start=start, to=end,
                          steps=-count if walk.backwards else count)
        plain = self.plain_pay and not self.listeners  # (pay is the ledger's transfer)
        if not walk.backwards:
            for corner in walk.passed:
                self.pay_corner(p, corner, PASS, even, by_dice, plain)
        landed = walk.landed
        if landed >= 0:
            self.pay_corner(p, landed, LAND, even, by_dice, plain)
        self.land(p)

    def pay_corner(self, p: int, corner: int, how: str, even: bool, by_dice: bool,
                       plain: bool) -> None:
        """Pay ``p`` the salary of the pay corner ``corner`` passed or landed on (``how``);
        ``plain``: ``pay`` would only be the ledger's transfer, made here directly."""
        tracks = self.tracks
        amount = tracks.corner_salary(corner, how, even, by_dice)
        if not plain:
            self.pay(BANK, p, amount, tracks.salary_reasons[corner])
        elif amount > 0:
            self.ledger.transfer(BANK, p, amount, tracks.salary_reasons[corner])

    def move_directly(self, p: int, target: int) -> None:
        """A direct move (Subway, Holland Tunnel, triples): nothing for passing a pay
        corner; ending on one pays its highest landing amount (ruling 12)."""
        player = self.players[p]
        start = player.position
        player.position = target
        if self.listeners:
            self.emit("moved", player=p, start=start, to=target, steps=0)
        tracks = self.tracks
        if tracks.is_pay_corner(target):
            self.pay(BANK, p, tracks.corner_salary(target, DIRECT, True, False),
                     tracks.salary_reasons[target])
        self.land(p)

    def bonus_move(self, p: int, double: bool, speed: int, even: bool,
                   backwards: bool) -> None:
        """MOVEMENT ORDER: between the pips' move (its space settled) and the Mr. Monopoly
        or Bus bonus move, a Travel Voucher may be played (``bonus-move`` decision); the
        bonus move then starts where the token is."""
        if speed in (SPEED_MR_MONOPOLY, SPEED_BUS) and not backwards \
                and self.may_play_voucher(p):
            self.step_under(self._depth, bonus_move_step(p, double, speed, even, backwards, True))
            self.pending = self._bonus_asks[p]
            return
        self.take_bonus_move(p, double, speed, even, backwards)

    def take_bonus_move(self, p: int, double: bool, speed: int, even: bool,
                        backwards: bool) -> None:
        """Step 3 of the MOVEMENT ORDER: the speed die's bonus move, after the pips' space
        is settled (unless that sent the player to jail: the turn is over)."""
        self.mr_monopoly_to_come = -1
        player = self.players[p]
        if player.bankrupt or player.in_jail or self.over:
            self.after_roll(p, False)
            return
        if self.subway_next[p] and speed in (SPEED_MR_MONOPOLY, SPEED_BUS):
            # The pips landed on Subway: the bonus move is the Subway ride (ruling 13);
            # doubles still throw again after it.
            self.pending = [Decision("subway", p, amount=BONUS_RIDE + int(double),
                                     number=SUBWAY_NUMBER)]
            return
        if speed == SPEED_MR_MONOPOLY:
            depth = self._depth
            if not backwards and self.reverse_next[p]:
                # The pips landed on Reverse Direction: the bonus move goes backwards now,
                # and uses the reversal up unless it stays where it is.
                if self.mr_monopoly(p, even, True):
                    self.reverse_next[p] = False
            else:
                self.mr_monopoly(p, even, backwards)
            # Step 5 once the bonus move's space is settled (at once when nobody had to
            # decide anything there).
            if self.settle(depth):
                self.after_roll_unless_jailed(p, double)
            elif not self.over:
                self.step_under(depth, after_bonus_move_step(p, double))
            return
        if speed == SPEED_BUS:
            if backwards:
                self.missed_the_bus(p)
            else:
                self.step_under(self.step_depth(), after_bonus_move_step(p, double))
                self.pending = [Decision("bus", p, number=BUS_NUMBER)]
                return
        self.after_roll(p, double)

    def after_roll_unless_jailed(self, p: int, double: bool) -> None:
        """Step 5: doubles roll again, unless the bonus move's space sent the player to
        jail (the turn is over at once)."""
        self.after_roll(p, double and not self.players[p].in_jail)

    def mr_monopoly(self, p: int, even: bool, backwards: bool) -> bool:
        """Mr. Monopoly: on to the next unowned property, or, with none left, the next
        property on which the player owes rent; stay when none comes before the bonus move
        would return to its start (ruling 10). Passing a pay corner pays its highest amount.
        Backwards (a Reverse Direction move, or the pips landed on Reverse Direction): to
        the previous such property. Returns whether the token moved."""
        board = self.tracks
        owner = self.owner
        mortgaged = self.mortgaged
        unowned = False
        for d in board.deeds:
            if owner[d] < 0:
                unowned = True
                break
        start = self.players[p].position
        steps = 0
        n = 0
        for deed in board.orbit_deeds(start, even, backwards):
            n += 1
            if deed < 0:
                continue
            if (owner[deed] < 0) if unowned else (owner[deed] != p and not mortgaged[deed]):
                steps = n
                break
        if not steps:
            if self.listeners:
                self.emit("bonus-stays", player=p)
            return False
        self.follow(p, board.walk(start, steps, even, backwards), by_dice=False, even=even,
                    bonus=MR_MONOPOLY_MOVE)
        return True

    def bus_move(self, p: int) -> None:
        """The Bus: on to the nearest Chance or Community Chest ahead (the regular dice's
        parity decides the stations: the throw's number has the same parity)."""
        even = self.throw_total % 2 == 0
        spaces = self.board.spaces
        walk = self.tracks.first_forward(
            self.players[p].position, even,
            lambda i: spaces[i].kind in ("chance", "community_chest"))
        if walk is not None:
            self.follow(p, walk, by_dice=False, even=even, bonus=BUS_MOVE)

    def take_voucher(self, p: int, reason: str) -> None:
        """Draw a Travel Voucher, for a ``reason`` of ``VOUCHER_REASONS``: the Bus thrown on
        the speed die ("take a Travel Voucher"), landing exactly on a transit station, the
        Bus Ticket space or a card. The ``voucher`` event (``no-voucher-left`` when the pile
        is empty) says why, and where the token stands for a landing."""
        deck = self.decks[VOUCHERS]
        if not deck.order:
            if self.listeners:
                self.emit("no-voucher-left", player=p, reason=reason)
            return
        index = deck.draw()
        self.players[p].cards.append((VOUCHERS, index))
        if self.listeners:
            if reason in (STATION_VOUCHER, BUS_TICKET_VOUCHER):
                self.emit("voucher", player=p, card=deck.cards[index].id, reason=reason,
                          space=self.players[p].position)
            else:
                self.emit("voucher", player=p, card=deck.cards[index].id, reason=reason)

    def missed_the_bus(self, p: int) -> None:
        """A Bus thrown on a Reverse Direction move: no voucher, and one of the player's
        vouchers expires (it leaves the game)."""
        cards = self.players[p].cards
        for i, (key, index) in enumerate(cards):
            if key == VOUCHERS:
                del cards[i]
                if self.listeners:
                    self.emit("missed-the-bus", player=p,
                              card=self.decks[VOUCHERS].cards[index].id)
                return

    def after_roll(self, p: int, double: bool) -> None:
        """After a throw's movement: doubles move again (a Subway ride after landing on
        Subway, ruling 13), otherwise the turn may end."""
        player = self.players[p]
        if double and not player.bankrupt and not player.in_jail and self.subway_next[p]:
            self.pending = [Decision("subway", p, number=SUBWAY_NUMBER)]
            return
        super().after_roll(p, double)

    def through_tunnel(self, p: int, twin: int) -> None:
        """Holland Tunnel: directly to the other tunnel, which does nothing on arrival."""
        player = self.players[p]
        start = player.position
        player.position = twin
        if self.listeners:
            self.emit("moved", player=p, start=start, to=twin, steps=0)

    def triples_move(self, p: int, target: int) -> None:
        """Triples: a direct move to any space, which ends the movement of the turn (no
        Travel Voucher after it)."""
        self.voucher_closed = True
        self.pending = NO_DECISIONS
        self.then(self.after_roll, p, False)
        self.move_directly(p, target)

    def subway_move(self, p: int, target: int, ride: int = 0) -> None:
        """Subway: the movement is a direct move to any space; the turn goes on as a throw's
        would (the next turn's throw, or this turn's extra move, ruling 13). ``ride`` is
        the ``subway`` decision's amount: ``BONUS_RIDE`` (+1 after doubles) when the ride is
        the throw's bonus move."""
        self.subway_next[p] = False
        self.pending = NO_DECISIONS
        self.then(self.after_roll_unless_jailed, p, ride == BONUS_RIDE + 1)
        self.move_directly(p, target)

    # ================================================================ rent

    def rent(self, deed: int, card: Any = None) -> int:
        """The rent due on a deed: streets by their buildings (unimproved: double with a
        majority ownership, triple with a monopoly); railroads 25/50/100/200 and cab companies
        30/60/120/240 by how many the owner has, doubled by a depot or a cab stand;
        utilities by how many the owner has (4x to 150x) times the throw's number
        (:meth:`rent_for` the deeds of its group its owner has)."""
        board = self.board
        space = board.spaces[deed]
        level = self.houses[deed]
        if level and space.kind == "street":
            return space.rents[level]
        owners = self.owner
        owner = owners[deed]
        count = 0
        for d in board.group_of[deed]:
            if owners[d] == owner:
                count += 1
        return self.rent_for(deed, count, self.throw_total)

    def rent_for(self, deed: int, count: int, thrown: int) -> int:
        """The rent due on a deed whose owner has ``count`` deeds of its group, at a throw
        of ``thrown`` (what a utility's rent multiplies): see :meth:`rent`."""
        space = self.board.spaces[deed]
        level = self.houses[deed]
        kind = space.kind
        if kind == "street":
            if level:
                return space.rents[level]
            return space.rents[0] * factor_for(len(self.board.group_of[deed]), count)
        if kind == "railroad":
            return self.railroad_rents[count - 1] * (2 if level else 1)
        if kind == "cab_company":
            return self.cab_rents[count - 1] * (2 if level else 1)
        return self.utility_multipliers[count - 1] * thrown

    def unimproved_factor(self, owner: int, deed: int) -> int:
        """3 with a monopoly, 2 with a majority ownership (all but one of a group of three or
        more), 1 otherwise (:func:`factor_for`)."""
        group = self.board.group_of[deed]
        owners = self.owner
        mine = 0
        for d in group:
            if owners[d] == owner:
                mine += 1
        return factor_for(len(group), mine)

    # ================================================================ buildings
    # (the rules of improving property are in :mod:`.buildings`)

    def can_build(self, p: int, deed: int, *, check_cash: bool = True) -> str | None:
        return buildings.can_build(self, p, deed, check_cash=check_cash)

    def build(self, p: int, deed: int) -> None:
        buildings.build(self, p, deed)

    def stock_problem(self, level: int) -> str | None:
        return buildings.street_stock_problem(self, level)

    def can_sell_building(self, p: int, deed: int) -> str | None:
        return buildings.can_sell_building(self, p, deed)

    def sell_building(self, p: int, deed: int) -> None:
        buildings.sell_building(self, p, deed)

    def can_mortgage(self, p: int, deed: int) -> str | None:
        return buildings.can_mortgage(self, p, deed)

    def mortgage(self, p: int, deed: int) -> None:
        self.count_change(deed)
        super().mortgage(p, deed)

    def unmortgage(self, p: int, deed: int) -> None:
        self.count_change(deed)
        super().unmortgage(p, deed)

    def buildings_block(self, p: int, deed: int) -> str | None:
        return buildings.buildings_block(self, p, deed)

    def building_counts(self, p: int) -> tuple[int, int]:
        return buildings.building_counts(self, p)

    def total_assets(self, p: int) -> int:
        """Cash, deeds, buildings and shares (what a capped game is decided by)."""
        return buildings.total_assets(self, p) + self.share_value(p)

    # ================================================================ the Stock Exchange
    # (its rules are in :mod:`.spaces`)

    def close_auction(self) -> None:
        """A share won at the Stock Exchange's auction goes to the highest bidder, who pays
        the bank their bid (:meth:`auction_price`; with no bid it stays with the bank); a
        deed as in classic."""
        a = self.auction
        if not isinstance(a, ShareAuction):
            super().close_auction()
            return
        self.auction = None
        self.pending = []
        stock = self.stocks[a.company]
        winner = a.high_bidder
        if winner < 0:
            if self.listeners:
                self.emit("share-unsold", company=stock.id)
            return
        price = self.auction_price(winner, a.high)
        self.pay(winner, BANK, price, "share auction")
        self.bank_shares[a.company] -= 1
        self.shares[winner][a.company] += 1
        if self.listeners:
            if price == a.high:
                self.emit("share-auction-won", player=winner, company=stock.id,
                          amount=a.high)
            else:
                self.emit("share-auction-won", player=winner, company=stock.id,
                          amount=a.high, paid=price)

    def start_share_auction(self, company: int, after: int) -> None:
        """One share of ``company`` is auctioned from the bank, bidding from the player
        after ``after`` round the table (classic's auction, for a share); nothing when the
        bank has none left or the game is over."""
        if self.bank_shares[company] <= 0 or self.over:
            return
        n = len(self.players)
        bidders = [s for s in ((after + 1 + i) % n for i in range(n))
                   if not self.players[s].bankrupt]
        self.auction = ShareAuction(company, bidders)
        if self.listeners:
            self.emit("share-auction", company=self.stocks[company].id)
        self.ask_bid()

    def share_value(self, p: int) -> int:
        """What ``p``'s shares count in their total assets: par for each share, par less the
        mortgage value (half par) for a mortgaged one, as mortgaged deeds count."""
        total = 0
        for c in self.stocks:
            total += self.shares[p][c.index] * c.par
            total -= self.shares_mortgaged[p][c.index] * c.mortgage_value
        return total

    # ================================================================ bankruptcy
    # (its rules are in :mod:`.bankruptcy`)

    def declare_bankruptcy(self, p: int) -> None:
        bankruptcy.declare_bankruptcy(self, p)

    # ================================================================ trades
    # (their rules are in :mod:`.trades`; classic's otherwise)

    traded_cards: ClassVar[str] = "card"

    def can_trade(self, t: Trade) -> str | None:
        return trades.mr_monopoly_blocks(self) or super().can_trade(t)

    def cannot_trade_card(self, card: CardRef) -> str | None:
        """Travel Vouchers, Roll Three cards and kept Chance and Community Chest cards: every
        card a player holds may be traded."""
        return None

    def cannot_trade_shares(self, t: Trade) -> str | None:
        return trades.cannot_trade_shares(self, t)

    def accept_trade(self, p: int) -> None:
        t = self.trade
        super().accept_trade(p)
        if t is not None:
            trades.exchange_shares(self, t)

    # ================================================================ the Pool

    def tax_refund(self, p: int) -> None:
        """Tax Refund: half the Pool, rounded up to the dollar (ruling 8)."""
        pool = self.ledger.balance(POOL)
        amount = (pool * self.refund_percent + 99) // 100
        if amount > 0:
            self.pay(POOL, p, amount, "Tax Refund")

    # ================================================================ scenarios and views

    def setup_done(self) -> None:
        """A scenario's buildings come out of the bank's stock (every kind of building of
        this edition, where each may stand)."""
        buildings.take_stock(self)

    def keeps_card(self, key: str, index: int) -> bool:
        """Travel Vouchers, Roll Three cards and the Chance and Community Chest cards marked
        "keep until used" are held face up."""
        return key in (VOUCHERS, ROLL_THREE) or \
            bool(self.decks[key].cards[index].get("keep_until_used"))

    def player_extra(self, seat: int) -> dict[str, Any]:
        """A player's Travel Vouchers and Roll Three cards (ids, in the order received) and
        shares by company (held, mortgaged among them), all face up."""
        vouchers = []
        roll_three = []
        for key, index in self.players[seat].cards:
            if key == VOUCHERS:
                vouchers.append(self.decks[key].cards[index].id)
            elif key == ROLL_THREE:
                roll_three.append(self.decks[key].cards[index].id)
        held, mortgaged = self.shares[seat], self.shares_mortgaged[seat]
        return {"vouchers": vouchers, "roll_three": roll_three,
                "shares": {c.id: {"held": held[c.index], "mortgaged": mortgaged[c.index]}
                           for c in self.stocks if held[c.index]}}

    # ================================================================ snapshot

    def snapshot_extra(self) -> dict[str, Any]:
        extra = super().snapshot_extra()
        auction = self.auction
        if isinstance(auction, ShareAuction) and extra.get("auction") is not None:
            extra["auction"]["company"] = self.stocks[auction.company].id
        bank = dict(extra.get("bank", {}))
        bank.update(skyscrapers=self.bank_skyscrapers, train_depots=self.bank_depots,
                    cab_stands=self.bank_stands)
        extra["bank"] = bank
        extra["pot"] = None
        extra["pool"] = self.ledger.balance(POOL)
        extra["shares"] = {
            self.name(p): {c.id: {"held": held[c.index], "mortgaged": mortgaged[c.index]}
                           for c in self.stocks if held[c.index]}
            for p, (held, mortgaged) in enumerate(zip(self.shares, self.shares_mortgaged,
                                                      strict=True))}
        extra["bank_shares"] = {c.id: self.bank_shares[c.index] for c in self.stocks}
        extra["subway_next"] = [self.name(p) for p, on in enumerate(self.subway_next) if on]
        extra["reverse_next"] = [self.name(p) for p, on in enumerate(self.reverse_next)
                                 if on]
        extra["voucher_closed"] = self.voucher_closed
        extra["lose_turns"] = {self.name(p): n for p, n in enumerate(self.lose_turns) if n}
        extra["pay_back"] = [self.name(p) for p, on in enumerate(self.pay_back) if on]
        extra["halved_payouts"] = {c.id: self.halved_payouts[c.index] for c in self.stocks
                                   if self.halved_payouts[c.index]}
        extra["mr_monopoly_to_come"] = None if self.mr_monopoly_to_come < 0 \
            else self.name(self.mr_monopoly_to_come)
        return extra


DATA_PATH: Final = Path(__file__).with_name("ultimate_monopoly.json")
"""The edition's data file."""


class BonusMove(Step):
    """A throw's bonus move once the pips' space is settled (MOVEMENT ORDER step 3):
    :meth:`UltimateMonopolyGame.bonus_move`, or, once a Travel Voucher was offered before
    it (``offered``), :meth:`UltimateMonopolyGame.take_bonus_move`. A step class of its own:
    it comes on most throws. Its fields are plain values, never changed: one step for each
    set of them serves every game (:func:`bonus_move_step`)."""

    __slots__ = ("backwards", "double", "even", "offered", "player", "speed")

    def __init__(self, player: int, double: bool, speed: int, even: bool, backwards: bool,
                 offered: bool) -> None:
        self.player: Final = player
        self.double: Final = double
        self.speed: Final = speed
        self.even: Final = even
        self.backwards: Final = backwards
        self.offered: Final = offered

    def copy_for(self, original: Game, copy: Game) -> Step:
        """A copy of its own for a clone (a clone shares no step object with its
        original, though the step never changes)."""
        return BonusMove(self.player, self.double, self.speed, self.even, self.backwards,
                         self.offered)

    def run(self, game: Game) -> None:
        g = cast(UltimateMonopolyGame, game)
        if self.offered:
            g.take_bonus_move(self.player, self.double, self.speed, self.even, self.backwards)
        else:
            g.bonus_move(self.player, self.double, self.speed, self.even, self.backwards)


class AfterBonusMove(Step):
    """Step 5 once the bonus move's space is settled:
    :meth:`UltimateMonopolyGame.after_roll_unless_jailed`. One for each seat and doubles
    serves every game (:func:`after_bonus_move_step`)."""

    __slots__ = ("double", "player")

    def __init__(self, player: int, double: bool) -> None:
        self.player: Final = player
        self.double: Final = double

    def copy_for(self, original: Game, copy: Game) -> Step:
        """A copy of its own for a clone (as :class:`BonusMove`'s)."""
        return AfterBonusMove(self.player, self.double)

    def run(self, game: Game) -> None:
        cast(UltimateMonopolyGame, game).after_roll_unless_jailed(self.player, self.double)


_BONUS_MOVES: Final[list[BonusMove | None]] = []
"""The :class:`BonusMove` steps made so far, by :func:`bonus_move_step`'s index."""
_AFTER_BONUS_MOVES: Final[list[AfterBonusMove]] = []
"""The :class:`AfterBonusMove` steps made so far, by seat and doubles
(``2 * seat + double``)."""


def bonus_move_step(player: int, double: bool, speed: int, even: bool, backwards: bool,
                    offered: bool) -> BonusMove:
    """The :class:`BonusMove` step of these values, made once for the process rather than
    at every throw whose landing asked something (the speed die's faces are -2 to 3)."""
    i = 2 * (2 * (2 * (6 * (2 * player + (1 if double else 0)) + speed + 2)
                  + (1 if even else 0)) + (1 if backwards else 0)) + (1 if offered else 0)
    steps = _BONUS_MOVES
    while len(steps) <= i:
        steps.append(None)
    step = steps[i]
    if step is None:
        step = steps[i] = BonusMove(player, double, speed, even, backwards, offered)
    return step


def after_bonus_move_step(player: int, double: bool) -> AfterBonusMove:
    """The :class:`AfterBonusMove` step of ``player`` (``double``: the throw was doubles),
    made once for the process."""
    steps = _AFTER_BONUS_MOVES
    i = 2 * player + 1 if double else 2 * player
    while len(steps) <= i:
        n = len(steps)
        steps.append(AfterBonusMove(n // 2, n % 2 == 1))
    return steps[i]
