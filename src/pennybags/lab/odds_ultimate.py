"""Exact landing odds for Ultimate Monopoly: the Markov chain of one token on three tracks.

``pennybags odds --edition ultimate-monopoly`` (see :mod:`pennybags.lab.odds` for the classic
chain). The chain follows one token through every rule that moves it, with the edition's own
board graph (:mod:`pennybags.editions.ultimate_monopoly.board`: ``walk``, ``first_forward``,
``card_walk``, ``tunnel_twin``, ``deed_at``) and the data's decks:

* **the throw** (THE DICE): two regular dice and the speed die (1, 2, 3, Mr. Monopoly twice,
  the Bus); the throw's number moves the token, an even number riding every transit station
  it passes; "the third double in a row" goes to jail without moving; **triples** move the
  token directly to a space the player chooses (``triples`` policy), which ends the turn's
  movement;
* **MOVEMENT ORDER**: the pips' space, then the bonus move (Mr. Monopoly: "on to the next
  unowned property", with the regular dice's parity; the Bus: a Travel Voucher or the ride
  to the nearest Chance or Community Chest ahead, ``bus`` policy), then that space, then
  doubles throw again;
* **spaces that move the token**: Go To Jail; Holland Tunnel ("directly to the other
  tunnel"); Subway (the next movement is a direct move to any space, ``subway`` policy;
  ruling 13: a bonus move or a doubles throw still to come in the turn is that ride, else
  the next turn's movement is); Reverse Direction (the next throw moves backwards, its Mr.
  Monopoly move too); Chance and Community Chest (every card that moves a token, by the
  edition's rule for it: ``card_walk`` through the next closest transit station, "nearest",
  "directly", N spaces, Changing Lanes, Be Kind Rewind's backwards throw, jail...);
* **jail** as in classic: ``short`` pays the bail at once and throws all three dice;
  ``long`` throws the two regular dice for doubles up to three times (doubles: out, move by
  that throw, no more movement; the third failure: pay and move by that throw).

A state is the moment before a movement of the token: a throw (the token's space, the
doubles thrown so far this turn, whether Reverse Direction turns the throw backwards), a
Subway ride that is a whole turn (the token landed on Subway at the end of its turn), or a
throw in jail (the tries so far). One step of the chain runs the rules from there to the
next such moment, so a step is one roll of the dice (or one turn-long Subway ride, which is
no roll). The long-run share of rolls that leave the token on each space is the stationary
distribution of the chain, weighed by the steps that are rolls.

What the players choose is a policy (:class:`Policies`), each with a default:

* ``triples``: ``pips`` (default): the space the throw would have reached (backwards after
  Reverse Direction), so triples keep the dice's odds; or any space by name;
* ``bus``: ``voucher`` (default, what the edition's bot does) or ``ride``;
* ``subway``: the space of the ride (default Pay Day: "ending a direct move on a pay corner
  pays its highest landing amount", $400, the most a move can earn when nothing is owned);
* ``gps`` (GPS is not working: the player on your left moves your token directly to any
  space): default Go To Jail, the most harm an opponent can do on a board nobody owns;
* ``jail``: ``short`` or ``long`` (default) as in classic;
* ``players`` (default 4): the other players' Mardi Gras! ("All players move directly to
  Canal Street") moves this token too, out of jail, between two of its turns.

Fixed readings of the other choices (the cross-check's bots answer the same): April 15,
Taxes Due!: pay the tax; A Moving Experience and Taxi Wars are not Fare!: the nearest
railroad or cab company (the cards' "nearest": first ahead on the token's track, else the
fewest steps of a card's walk); Discount Travel: not bought; Bonus move decision: go on; no
Travel Voucher is ever played and no taxi taken; kept cards are never played. Where a policy's
space is the one the token stands on (a move must go elsewhere) it takes the next space of
its track.

Assumptions, as in an early game: **nobody owns anything**: no deed, no share, no kept card
(a player buys nothing, and auctions find no bidder), so Mr. Monopoly always goes to the
next property, Assets Seized! ("if you own no property go directly to Jail") jails, Caught
Insider Trading! does not. **Cards are independent draws** from the full pile, each printed
card equally likely (a kept card drawn does nothing); cards that send the token from one
card space to another and back are solved as a chain of their own. **The other players play
as this token does**: the chance that one of their turns draws Mardi Gras! is this chain's
own, so the chain is solved again until it agrees with itself. A turn lost to Vehicle
Impounded! is not a turn played: ``per="turn"`` is per turn played.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Final

from pennybags.editions.ultimate_monopoly.board import (
    UltimateMonopolyBoard,
    board_from_data,
)
from pennybags.engine.data import EditionData
from pennybags.engine.decks import Card
from pennybags.engine.dice import SPEED_BUS, SPEED_MR_MONOPOLY, speed_faces
from pennybags.lab.markov import (
    BY_ROLL,
    JAIL,
    PERS,
    STRATEGIES,
    Arrival,
    LevelIncome,
    emit,
    money_text,
    print_odds,
    solve,
)

EDITION_ID: Final = "ultimate-monopoly"

PIPS: Final = -1
"""The ``triples`` policy "the pips' space" (any other policy is a space index)."""
BUS_POLICIES: Final = ("voucher", "ride")
POLICY_OPTIONS: Final = ("triples", "bus", "subway", "gps", "players")
"""The edition's own options of ``pennybags odds`` (``--triples`` ...)."""

BONUS: Final[Arrival] = ("bonus", 1)
"""Reached by a Mr. Monopoly bonus move ("on to the next unowned property")."""
EVERYONE: Final = -2
"""The "space" of a card drawn that moves every token (Mardi Gras!): its ``how`` is
``("everyone", target)``, counted with the deeds landed on."""
UNOWNED: Final[Arrival] = ("unowned", 1)
"""Reached by a card that goes to an unowned (or any other player's) property: Discount
Travel, Taxi Wars are not Fare!."""

ACTION_DECKS: Final = ("chance", "community_chest")
DEED_KINDS: Final = ("street", "railroad", "transit", "utility", "cab_company")
STILL_SPACES: Final = frozenset({
    "go", "bonus", "pay_day", "jail", "free_parking", "tax", "tax_refund", "stock_exchange",
    "squeeze_play", "roll_three", "bus_ticket", "birthday_gift", "auction"})
"""Spaces where the token stays (with nothing owned, the Auction space only auctions)."""
STILL_CARDS: Final = frozenset({
    "pay", "collect", "pay_each_player", "pay_each_player_if_owns", "pay_each_player_who_owns",
    "collect_from_each_player", "pay_per_property", "repairs", "by_track", "roll_off",
    "downgrade_color_group", "forced_house_sale", "draw_travel_voucher",
    "steal_travel_voucher", "return_travel_voucher", "stock_crash_half", "halve_dividends",
    "pay_dividends_now", "dividend_fine", "free_share", "lap_current_track_collect_pay_corner",
    "insider_trading_fine_and_jail"})
"""Card effects that leave the token where it is (a ``then`` effect may still move it).
Win the Marathon! laps the track back to its space without obeying it again; Caught Insider
Trading! jails only a player who holds shares."""

_ROLL: Final = 0
_RIDE: Final = 1
_IN_JAIL: Final = 2
"""The kinds of state: a throw is next, a turn-long Subway ride is next, a throw in jail."""

_MAX_SWEEPS: Final = 200
"""How many sweeps of the card spaces' chain may run before the model gives up (a loop
that keeps a token moving for ever)."""

SAME: Final = -1
"""A landing's throw that is the incoming one (only Be Kind, Rewind throws anew)."""

_Sit = tuple[int, bool, bool, int]
"""The token within a turn: its space (``JAIL``: in jail), whether a Subway ride is due,
whether the next throw goes backwards, the number of the last throw (a utility's rent;
``SAME`` in a landing's result: unchanged)."""
_State = tuple[int, int, int, bool]
"""(kind, space, doubles or jail tries, backwards next)."""
_Arr = tuple[int, Arrival, float, float, float]
"""A landing on a deed in a result: space, how, probability, and the probability times the
throw's number as ``known + coefficient * incoming throw``."""
_Res = tuple[tuple[tuple[_Sit, float], ...], tuple[_Arr, ...]]
"""Where a landing ends (its flags to add to the token's) and the deeds landed on."""
_Arrivals = dict[tuple[int, Arrival], list[float]]
"""(space, how) -> [probability, known part, coefficient] (see ``_Arr``)."""
_NOTHING: Final[_Res] = ((), ())


@dataclass(frozen=True)
class Policies:
    """What the player chooses where the rules give a choice (see the module's docstring).
    Spaces are global indices; ``triples`` may be ``PIPS``."""

    jail: str = "long"
    triples: int = PIPS
    bus: str = "voucher"
    subway: int = 68
    gps: int = 30
    players: int = 4
    """Players at the table: the other players' Mardi Gras! moves this token too."""

    def describe(self, board: UltimateMonopolyBoard) -> dict[str, Any]:
        """Each policy in words (for captions and JSON)."""
        def space(i: int) -> str:
            return f"{board.spaces[i].name} ({board.label(i)})"

        return {"jail": self.jail,
                "triples": "pips" if self.triples == PIPS else space(self.triples),
                "bus": self.bus, "subway": space(self.subway), "gps": space(self.gps),
                "players": self.players}


def default_policies(data: EditionData) -> Policies:
    """The default policies on this edition's board: triples by the pips, the Bus's voucher,
    the Subway to Pay Day, GPS to Go To Jail, the long stay in jail."""
    board = data.board
    return Policies(subway=board.of_kind("pay_day")[0], gps=board.of_kind("go_to_jail")[0])


def parse_space(board: UltimateMonopolyBoard, text: str, *, pips: bool = False) -> int:
    """A policy's space from its name, alias (``outer:7``) or index; ``pips`` for the
    triples policy "the pips' space" (ValueError otherwise)."""
    if pips and text.strip().lower() in ("pips", "the pips", "pips-space"):
        return PIPS
    return board.find(text.strip())


@dataclass(frozen=True)
class UltimateOdds:
    """Where rolls (or turns) leave the token, in the long run: ``squares[i]`` for global
    space ``i`` (just visiting, for the jail space), ``in_jail`` apart; together 1."""

    edition: str
    policies: Mapping[str, Any]
    per: str
    names: tuple[str, ...]
    labels: tuple[str, ...]
    """Each space's track and number (``outer:7``)."""
    squares: tuple[float, ...]
    in_jail: float
    rolls_per_turn: float

    def to_json(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "jail": self.policies["jail"],
            "per": self.per,
            "policies": dict(self.policies),
            "squares": [{"index": i, "space": label, "name": n, "probability": p}
                        for i, (n, label, p) in enumerate(zip(self.names, self.labels,
                                                              self.squares, strict=True))],
            "in_jail": self.in_jail,
            "rolls_per_turn": self.rolls_per_turn,
        }


@dataclass(frozen=True)
class RentRow(LevelIncome):
    """What one deed at one rent level earns from one opponent, per opponent turn (the
    cost counts a Train Depot or Cab Stand as a building)."""

    PAY_BACK_KEY: ClassVar[str] = "turns_to_pay_back"

    @property
    def turns_to_pay_back(self) -> float:
        """Opponent turns until the expected rent has paid back the cost."""
        return self.pay_back()


@dataclass
class _Acc:
    """The steps from one state: (next state, where the step leaves the token, whether the
    turn ends) -> probability; and the deeds landed on during the step."""

    moves: dict[tuple[_State, int, bool], float] = field(default_factory=dict)
    arrivals: _Arrivals = field(default_factory=dict)

    def go(self, state: _State, location: int, ends: bool, p: float) -> None:
        key = (state, location, ends)
        self.moves[key] = self.moves.get(key, 0.0) + p


@dataclass(frozen=True)
class _Throw:
    """A kind of throw and its probability: the throw's number, doubles, triples, the speed
    die (0: pips; ``SPEED_MR_MONOPOLY``, ``SPEED_BUS``), the regular dice's parity."""

    total: int
    double: bool
    triple: bool
    speed: int
    regular_even: bool
    p: float


class UltimateChain:
    """The Markov chain of one Ultimate Monopoly token under a set of :class:`Policies`."""

    def __init__(self, data: EditionData, policies: Policies | None = None) -> None:
        self.data = data
        self.policies = policies if policies is not None else default_policies(data)
        pol = self.policies
        if pol.jail not in STRATEGIES:
            raise ValueError(f"unknown jail strategy '{pol.jail}'; choose short or long")
        if pol.bus not in BUS_POLICIES:
            raise ValueError(f"unknown Bus policy '{pol.bus}'; choose voucher or ride")
        low, high = (int(n) for n in data.raw.get("players", (2, 12)))
        if not low <= pol.players <= high:
            raise ValueError(f"{pol.players} players: {data.name} is for {low} to {high}")
        board = board_from_data(data)
        self.board = board
        self.size = board.size
        for name, space in (("triples", pol.triples), ("subway", pol.subway),
                            ("gps", pol.gps)):
            if not (0 <= space < self.size or (name == "triples" and space == PIPS)):
                raise ValueError(f"the {name} policy's space {space} is not on the board")
        self.kinds: tuple[str, ...] = tuple(s.kind for s in board.spaces)
        self.jail_square = board.of_kind("jail")[0]
        rules = data.rules
        self.sides: int = int(rules.get("dice_sides", 6))
        self.doubles_to_jail: int = int(rules.get("doubles_to_jail", 3))
        self.max_jail_turns: int = int(rules.get("max_jail_turns", 3))
        self.throws = self._throws(speed_faces(rules["speed_die"]))
        self.regular = self._regular()
        self.ride_throw = 7 + sum(max(f, 0) for f in speed_faces(rules["speed_die"])) / \
            len(rules["speed_die"])
        """The mean throw: what a utility's rent counts after a Subway ride that is a whole
        turn (the last throw was another player's)."""
        self.decks: dict[str, list[tuple[Card, float]]] = {}
        for key in ACTION_DECKS:
            _, cards = data.decks[key]
            counts: dict[str, list[Any]] = {}
            for card in cards:
                entry = counts.setdefault(card.id, [card, 0])
                entry[1] += 1
            self.decks[key] = [(c, n / len(cards)) for c, n in counts.values()]
        self.everyone = sorted({int(c.params["target"]) for key in ACTION_DECKS
                                for c, _ in self.decks[key]
                                if c.kind == "all_players_move_directly"})
        """Where the cards that move every token send them (Canal Street)."""
        self.moved: dict[int, float] = {}
        """The chance that the other players' turns between two of this token's turns move
        it to each of ``everyone`` (the token out of jail)."""
        self._memo: dict[tuple[int, Arrival], _Res] = {}
        self._ahead_memo: dict[tuple[int, bool, bool, bool], int] = {}
        self._cards: dict[int, _Res] = {}
        self._settle_cards()
        self.states: list[_State] = []
        self.index: dict[_State, int] = {}
        self.steps: list[_Acc] = []
        self._explore()
        self.pi = self._stationary()

    # ------------------------------------------------------------ the dice

    def _throws(self, faces: tuple[int, ...]) -> list[_Throw]:
        """The throws of two regular dice and the speed die, grouped by what the rules look
        at. Triples: both regular dice and the speed die on the same number."""
        groups: dict[tuple[int, bool, bool, int, bool], float] = {}
        share = 1.0 / (self.sides * self.sides * len(faces))
        for a in range(1, self.sides + 1):
            for b in range(1, self.sides + 1):
                for face in faces:
                    pips = face if face > 0 else 0
                    key = (a + b + pips, a == b, a == b and face == a,
                           face if face < 0 else 0, (a + b) % 2 == 0)
                    groups[key] = groups.get(key, 0.0) + share
        return [_Throw(t, d, tr, s, e, p) for (t, d, tr, s, e), p in sorted(groups.items())]

    def _regular(self) -> list[tuple[int, bool, float]]:
        """The throws of the two regular dice alone (in jail, Be Kind Rewind)."""
        out: dict[tuple[int, bool], float] = {}
        for a in range(1, self.sides + 1):
            for b in range(1, self.sides + 1):
                key = (a + b, a == b)
                out[key] = out.get(key, 0.0) + 1.0 / (self.sides * self.sides)
        return [(t, d, p) for (t, d), p in sorted(out.items())]

    # ------------------------------------------------------------ landing

    def resolve(self, space: int, how: Arrival = BY_ROLL) -> dict[int, float]:
        """Where a token that stops on ``space`` ends up once the space is obeyed (cards
        drawn, tunnels taken): space (``JAIL``: in jail) -> probability."""
        out: dict[int, float] = {}
        for sit, p in self._resolve(space, how)[0]:
            out[sit[0]] = out.get(sit[0], 0.0) + p
        return out

    def _resolve(self, pos: int, how: Arrival) -> _Res:
        """Obey the space the token stopped on (reached ``how``): the situations it can end
        in and the deeds it lands on, for a token with no flag and the incoming throw."""
        kind = self.kinds[pos]
        if kind in ACTION_DECKS:
            return self._cards.get(pos, _NOTHING)
        key = (pos, how)
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        arrivals: tuple[_Arr, ...] = ()
        if kind in DEED_KINDS:
            end: _Sit = (pos, False, False, SAME)
            arrivals = ((pos, how, 1.0, 0.0, 1.0),)
        elif kind == "go_to_jail":
            end = (JAIL, False, False, SAME)
        elif kind == "holland_tunnel":  # directly to the other tunnel, not obeyed there
            end = (self.board.tunnel_twin(pos), False, False, SAME)
        elif kind == "subway":
            end = (pos, True, False, SAME)
        elif kind == "reverse_direction":
            end = (pos, False, True, SAME)
        elif kind in STILL_SPACES:
            end = (pos, False, False, SAME)
        else:
            raise ValueError(f"the odds model does not know what the space "
                             f"'{self.board.spaces[pos].name}' ({kind}) does to a token")
        result: _Res = (((end, 1.0),), arrivals)
        self._memo[key] = result
        return result

    def _settle_cards(self) -> None:
        """The Chance and Community Chest spaces: what drawing there leads to. A card can
        move the token to another of them (back 3 spaces, Be Kind Rewind, Changing Lanes...)
        and round again, so their results are the fixed point of sweeps over all of them,
        until a sweep adds less than 1e-16 to any of them."""
        spaces = [i for i in range(self.size) if self.kinds[i] in ACTION_DECKS]
        self._cards = {i: _NOTHING for i in spaces}
        masses = [0.0] * len(spaces)
        for _ in range(_MAX_SWEEPS):
            change = 0.0
            for n, i in enumerate(spaces):
                out: dict[_Sit, float] = {}
                arr: _Arrivals = {}
                for card, share in self.decks[self.kinds[i]]:
                    _add(self._obey(i, card), share, False, False, SAME, out, arr)
                self._cards[i] = _freeze(out, arr)
                mass = sum(out.values())
                change = max(change, mass - masses[n])
                masses[n] = mass
            if change < 1e-16:
                if min(masses) > 1 - 1e-12:
                    return
                break
        raise ValueError("the cards of this edition can move a token round in a loop")

    def _obey(self, pos: int, card: Card) -> _Res:
        """A card drawn on ``pos``: where it can lead (the edition's rule for each card
        that moves a token; see the module's docstring for the choices)."""
        board = self.board
        kind = card.kind
        if card.get("keep_until_used"):
            res: _Res = ((((pos, False, False, SAME), 1.0),), ())
        elif kind == "advance_to" or kind == "advance_to_track_pay_corner":
            if kind == "advance_to":
                target = int(card.params["target"])
            else:
                target = next(c for c in board.corners(board.track_of(pos))
                              if board.is_pay_corner(c))
            res = self._card_land(board.card_walk(pos, target).end, card)
        elif kind == "advance_to_nearest":
            kinds = _kinds_of(str(card.params["space_type"]))
            target = self.nearest(pos, lambda s: self.kinds[s] in kinds)
            res = self._card_land(board.card_walk(pos, target).end, card)
        elif kind == "take_cab_company_and_advance" or kind == "advance_to_nearest_unowned" \
                or kind == "move_to_any":
            # Taxi Wars: the nearest cab company; Discount Travel: the nearest railroad or
            # cab company, not bought; A Moving Experience: the nearest railroad or cab
            # company. Nothing is owned, so nothing is taken.
            if kind == "take_cab_company_and_advance":
                kinds = ("cab_company",)
            else:
                kinds = ("railroad", "transit", "cab_company")
            target = self.nearest(pos, lambda s: self.kinds[s] in kinds)
            end = board.card_walk(pos, target).end
            if kind == "advance_to_nearest_unowned":
                res = ((((end, False, False, SAME), 1.0),), ((end, UNOWNED, 1.0, 0.0, 1.0),))
            else:
                res = self._resolve(end, BY_ROLL if kind == "move_to_any" else UNOWNED)
        elif kind == "move_directly":
            # April 15, Taxes Due!: pay the tax (directly to Income Tax)
            res = self._resolve(int(card.params["target"]), BY_ROLL)
        elif kind == "all_players_move_directly":  # counted: it moves the others too
            target = int(card.params["target"])
            here = self._resolve(target, BY_ROLL)
            res = (here[0], (*here[1], (EVERYONE, ("everyone", target), 1.0, 0.0, 0.0)))
        elif kind == "move_directly_to_nearest":
            kinds = _kinds_of(str(card.params["space_type"]))
            res = self._card_land(self.nearest(pos, lambda s: self.kinds[s] in kinds), card)
        elif kind == "change_track":
            lane = board.spaces[pos].extra.get(str(card.params["direction"]))
            res = ((((pos, False, False, SAME), 1.0),), ()) if lane is None else \
                self._resolve(int(lane), BY_ROLL)
        elif kind == "left_player_places_token":
            res = self._resolve(self.elsewhere(self.policies.gps, pos), BY_ROLL)
        elif kind == "go_to_jail" or kind == "surrender_asset":
            # Assets Seized!: "if you own no property go directly to Jail"
            res = ((((JAIL, False, False, SAME), 1.0),), ())
        elif kind == "move_relative":
            steps = int(card.params["spaces"])
            res = self._card_land(board.walk(pos, abs(steps), False, backwards=steps < 0).end,
                                  card)
        elif kind == "roll_and_move_backwards":  # two regular dice, a backwards throw
            out: dict[_Sit, float] = {}
            arr: _Arrivals = {}
            for total, _, p in self.regular:
                walk = board.walk(pos, total, total % 2 == 0, backwards=True)
                _add(self._card_land(walk.end, card), p, False, False, total, out, arr)
            res = _freeze(out, arr)
        elif kind in STILL_CARDS:
            res = ((((pos, False, False, SAME), 1.0),), ())
        else:
            raise ValueError(f"the odds model does not know whether the card '{card.id}' "
                             f"({kind}) moves the token")
        then = card.get("then")
        if not then:
            return res
        # the card's second effect, once the first is settled
        sub = Card(card.id, card.text, str(then["kind"]), dict(then))
        out = {}
        arr = {}
        for space, how, w, known, coefficient in res[1]:
            arr[(space, how)] = [w, known, coefficient]
        for sit, p in res[0]:
            if sit[0] == JAIL:
                if sub.kind not in STILL_CARDS:
                    raise ValueError(f"the card '{card.id}' would move a jailed token")
                out[sit] = out.get(sit, 0.0) + p
                continue
            _add(self._obey(sit[0], sub), p, sit[1], sit[2], sit[3], out, arr)
        return _freeze(out, arr)

    def _card_land(self, pos: int, card: Card) -> _Res:
        """The space a card's move ended on, with what the card adds: on a property "pay
        twice the rent" (``rent_multiplier``), "roll 2 dice and pay 10x"
        (``dice_multiplier``), "cannot buy" (nothing moves on); otherwise the space."""
        factor = int(card.get("rent_multiplier", 1))
        dice = int(card.get("dice_multiplier", 0) or card.get("utility_dice_multiplier", 0))
        may_buy = bool(card.get("may_buy", True))
        deed = self.board.deed_at(pos)
        if deed >= 0 and (factor != 1 or dice or not may_buy):
            if dice and self.kinds[deed] == "utility":
                how: Arrival = ("dice", dice)
            else:
                how = ("rent", factor) if factor != 1 else BY_ROLL
            return ((((pos, False, False, SAME), 1.0),), ((pos, how, 1.0, 0.0, 1.0),))
        return self._resolve(pos, BY_ROLL)

    def nearest(self, start: int, wanted: Callable[[int], bool]) -> int:
        """The cards' "nearest" (the edition's own rule, ``card_nearest``); ValueError when
        no space is wanted."""
        best = self.board.card_nearest(start, wanted)
        if best < 0:
            raise ValueError("no such space on the board")
        return best

    def elsewhere(self, target: int, pos: int) -> int:
        """Where a policy's move to ``target`` goes from ``pos``: there, or to the next space
        of its track when the token already stands on it (a move must go elsewhere)."""
        return self.board.next_space(target) if target == pos else target

    # ------------------------------------------------------------ the steps

    def _take(self, res: _Res, w: float, sit: _Sit,
              acc: _Acc) -> list[tuple[_Sit, float]]:
        """A landing by the token in ``sit`` (probability ``w`` of getting there): record
        its deeds, and return where it ends with the token's flags and throw."""
        throw = sit[3]
        for space, how, a, known, coefficient in res[1]:
            entry = acc.arrivals.get((space, how))
            wt = w * (known + coefficient * throw)
            if entry is None:
                acc.arrivals[(space, how)] = [w * a, wt]
            else:
                entry[0] += w * a
                entry[1] += wt
        return [((o[0], o[1] or sit[1], o[2] or sit[2], throw if o[3] == SAME else o[3]), q)
                for o, q in res[0]]

    def _end_turn(self, sit: _Sit, w: float, acc: _Acc) -> None:
        pos, subway, reverse, _ = sit
        if pos == JAIL:
            if subway:
                raise ValueError("a token went to jail with a Subway ride to come")
            acc.go((_IN_JAIL, JAIL, 0, reverse), JAIL, True, w)
        elif subway:
            acc.go((_RIDE, pos, 0, reverse), pos, True, w)
        else:
            acc.go((_ROLL, pos, 0, reverse), pos, True, w)

    def _ride(self, sit: _Sit, w: float, acc: _Acc) -> list[tuple[_Sit, float]]:
        """The Subway ride: directly to the policy's space, then that space."""
        target = self.elsewhere(self.policies.subway, sit[0])
        return self._take(self._resolve(target, BY_ROLL), w, (target, False, sit[2], sit[3]),
                          acc)

    def _after_roll(self, sit: _Sit, double: bool, doubles: int, w: float, acc: _Acc) -> None:
        """After a throw's movement: doubles move again (a Subway ride when one is due,
        which ends the turn), otherwise the turn ends. Jail ends it at once."""
        pos = sit[0]
        if pos == JAIL or not double:
            self._end_turn(sit, w, acc)
        elif sit[1]:
            for o, q in self._ride(sit, w, acc):
                self._end_turn(o, w * q, acc)
        else:
            acc.go((_ROLL, pos, doubles, sit[2]), pos, False, w)

    def _bonus(self, sit: _Sit, speed: int, regular_even: bool, double: bool,
               backwards: bool, w: float, acc: _Acc,
               after: dict[tuple[_Sit, bool], float]) -> None:
        """MOVEMENT ORDER after the pips' space: the speed die's bonus move (or the Subway
        ride in its place) and its space; where the token is then goes into ``after``, for
        doubles to throw again."""
        pos = sit[0]
        if pos == JAIL or speed == 0 or (speed == SPEED_BUS and backwards and not sit[1]):
            # no bonus move ("missed the bus" on a backwards throw)
            outcomes: list[tuple[_Sit, float]] = [(sit, 1.0)]
        elif sit[1]:  # the pips landed on Subway: the bonus move is the ride
            outcomes = self._ride(sit, w, acc)
        elif speed == SPEED_MR_MONOPOLY:
            reverse_now = not backwards and sit[2]
            end = self._ahead(pos, regular_even, backwards or reverse_now, True)
            if end < 0:
                outcomes = [(sit, 1.0)]
            else:
                if reverse_now:  # the backwards bonus move uses Reverse Direction up
                    sit = (sit[0], sit[1], False, sit[3])
                outcomes = self._take(self._resolve(end, BONUS), w, sit, acc)
        elif self.policies.bus == "voucher":
            outcomes = [(sit, 1.0)]
        else:
            end = self._ahead(pos, sit[3] % 2 == 0, False, False)
            outcomes = [(sit, 1.0)] if end < 0 else \
                self._take(self._resolve(end, BY_ROLL), w, sit, acc)
        for o, q in outcomes:
            key = (o, double)
            after[key] = after.get(key, 0.0) + w * q

    def _ahead(self, pos: int, even: bool, backwards: bool, deed: bool) -> int:
        """Where a bonus move goes (-1: it stays, ruling 10): Mr. Monopoly (``deed``) to
        the first property ahead (behind, ``backwards``), nobody owning any; the Bus to the
        first Chance or Community Chest ahead; with the throw's parity."""
        key = (pos, even, backwards, deed)
        end = self._ahead_memo.get(key)
        if end is None:
            board = self.board
            if deed:
                walk = board.first_forward(pos, even, lambda i: board.deed_at(i) >= 0,
                                           backwards)
            else:
                walk = board.first_forward(pos, even,
                                           lambda i: self.kinds[i] in ACTION_DECKS, backwards)
            end = self._ahead_memo[key] = -1 if walk is None else walk.end
        return end

    def _throw(self, pos: int, doubles: int, reverse: bool, acc: _Acc) -> None:
        """Every throw from a space, the turn having thrown ``doubles`` doubles so far.
        Throws that leave the token alike are gathered before each next part of the
        movement (the bonus move, then doubles)."""
        board = self.board
        bonus: dict[tuple[_Sit, int, bool, bool], float] = {}
        for t in self.throws:
            w = t.p
            if t.triple:  # a direct move to the policy's space; the turn's movement ends
                if self.policies.triples == PIPS:
                    target = board.walk(pos, t.total, t.total % 2 == 0, reverse).end
                else:
                    target = self.elsewhere(self.policies.triples, pos)
                for o, q in self._take(self._resolve(target, BY_ROLL), w,
                                       (target, False, False, t.total), acc):
                    self._end_turn(o, w * q, acc)
                continue
            if t.double and doubles + 1 >= self.doubles_to_jail:
                acc.go((_IN_JAIL, JAIL, 0, False), JAIL, True, w)
                continue
            walk = board.walk(pos, t.total, t.total % 2 == 0, reverse)
            even = t.regular_even if t.speed == SPEED_MR_MONOPOLY else False
            for o, q in self._take(self._resolve(walk.end, BY_ROLL), w,
                                   (walk.end, False, False, t.total), acc):
                key = (o, t.speed, even, t.double)
                bonus[key] = bonus.get(key, 0.0) + w * q
        after: dict[tuple[_Sit, bool], float] = {}
        for (o, speed, even, double), w in bonus.items():
            self._bonus(o, speed, even, double, reverse, w, acc, after)
        for (o, double), w in after.items():
            self._after_roll(o, double, doubles + 1, w, acc)

    def _jail_throw(self, tries: int, reverse: bool, acc: _Acc) -> None:
        """A throw of the regular dice in jail: doubles leave and move by the throw (no more
        movement this turn); the last failed try pays the fine and moves too."""
        for total, double, p in self.regular:
            if not double and tries + 1 < self.max_jail_turns:
                acc.go((_IN_JAIL, JAIL, tries + 1, reverse), JAIL, True, p)
                continue
            walk = self.board.walk(self.jail_square, total, total % 2 == 0)
            for o, q in self._take(self._resolve(walk.end, BY_ROLL), p,
                                   (walk.end, False, reverse, total), acc):
                self._end_turn(o, p * q, acc)

    def _step(self, state: _State) -> _Acc:
        kind, pos, n, reverse = state
        acc = _Acc()
        if kind == _ROLL:
            self._throw(pos, n, reverse, acc)
        elif kind == _RIDE:
            for o, q in self._ride((pos, True, reverse, round(self.ride_throw)), 1.0, acc):
                self._end_turn(o, q, acc)
        elif self.policies.jail == "short":  # pay the bail, throw as usual
            self._throw(self.jail_square, 0, reverse, acc)
        else:
            self._jail_throw(n, reverse, acc)
        return acc

    def _explore(self) -> None:
        """Every state reachable from the start (GO, a fresh turn), and its steps."""
        start: _State = (_ROLL, 0, 0, False)
        self.states.append(start)
        self.index[start] = 0
        i = 0
        while i < len(self.states):
            acc = self._step(self.states[i])
            self.steps.append(acc)
            for state, _, ends in list(acc.moves):
                after = [state]
                if ends and state[0] != _IN_JAIL and self.policies.players > 1:
                    after.extend((state[0], t, 0, state[3]) for t in self.everyone)
                for there in after:
                    if there not in self.index:
                        self.index[there] = len(self.states)
                        self.states.append(there)
            i += 1

    def _stationary(self) -> list[float]:
        """Solve ``pi P = pi`` with ``sum(pi) = 1`` (NumPy when installed, else plain
        Gaussian elimination). With other players, a turn that ends out of jail is
        followed by theirs, whose Mardi Gras! may move the token: the chance of that
        depends on ``pi`` (the others play as this token does), so the chain is solved
        again with the chance the last solution gives. Each solve shrinks the error some
        ten thousand times: it stops once the chance is off by less than 1e-11 (its next
        change, from the last two, would be smaller)."""
        moved: dict[int, float] = {}
        pi = self._solve(moved)
        last = 1.0
        for _ in range(20):
            if not self.everyone:
                break
            self.pi = pi
            rates = {t: self.card_rate(t) for t in self.everyone}
            total = sum(rates.values())
            others = self.policies.players - 1
            again = {t: (1 - (1 - total) ** others) * r / total if total > 0 else 0.0
                     for t, r in rates.items()}
            change = max(abs(again[t] - moved.get(t, 0.0)) for t in again)
            moved = again
            pi = self._solve(moved)
            if change == 0.0 or change * change / last < 1e-11:
                break
            last = change
        self.moved = moved
        return pi

    def _solve(self, moved: Mapping[int, float]) -> list[float]:
        n = len(self.states)
        edges: list[tuple[int, int, float]] = []
        stay = 1.0 - sum(moved.values())
        for s, acc in enumerate(self.steps):
            for (state, _, ends), p in acc.moves.items():
                if ends and moved and state[0] != _IN_JAIL:
                    edges.append((self.index[state], s, p * stay))
                    for target, g in moved.items():
                        edges.append((self.index[(state[0], target, 0, state[3])], s, p * g))
                else:
                    edges.append((self.index[state], s, p))
        pi = _solve_numpy(n, edges)
        if pi is None:
            system = [[0.0] * (n + 1) for _ in range(n)]
            for to, frm, p in edges:
                system[to][frm] += p
            for i in range(n):
                system[i][i] -= 1.0
            system[-1] = [1.0] * n + [1.0]
            pi = solve(system)
        total = sum(max(x, 0.0) for x in pi)
        return [max(x, 0.0) / total for x in pi]

    def card_rate(self, target: int) -> float:
        """How often a turn played draws a card that moves every token to ``target``."""
        key = (EVERYONE, ("everyone", target))
        drawn = sum(self.pi[s] * acc.arrivals[key][0] for s, acc in enumerate(self.steps)
                    if key in acc.arrivals)
        return drawn / self.turn_rate

    # ------------------------------------------------------------ results

    def is_roll(self, s: int) -> bool:
        """Whether the steps from state ``s`` are rolls (a turn-long Subway ride is not)."""
        return self.states[s][0] != _RIDE

    @property
    def roll_rate(self) -> float:
        """The share of steps that are rolls."""
        return sum(self.pi[s] for s in range(len(self.states)) if self.is_roll(s))

    @property
    def turn_rate(self) -> float:
        """The share of steps that end a turn."""
        return sum(self.pi[s] * p for s, acc in enumerate(self.steps)
                   for (_, _, ends), p in acc.moves.items() if ends)

    @property
    def rolls_per_turn(self) -> float:
        return self.roll_rate / self.turn_rate

    def flows(self, per: str = "roll") -> tuple[list[float], float]:
        """The long-run probability of each space and of "in jail" after a roll
        (``per="roll"``) or at the end of a turn played (``per="turn"``)."""
        if per not in PERS:
            raise ValueError(f"unknown unit '{per}'; choose roll or turn")
        squares = [0.0] * self.size
        jail = 0.0
        for s, acc in enumerate(self.steps):
            if per == "roll" and not self.is_roll(s):
                continue
            for (_, location, ends), p in acc.moves.items():
                if per == "turn" and not ends:
                    continue
                w = self.pi[s] * p
                if location == JAIL:
                    jail += w
                else:
                    squares[location] += w
        total = sum(squares) + jail
        return [x / total for x in squares], jail / total

    def odds(self, per: str = "roll") -> UltimateOdds:
        squares, jail = self.flows(per)
        board = self.board
        return UltimateOdds(
            edition=self.data.id, policies=self.policies.describe(board), per=per,
            names=tuple(s.name for s in board.spaces),
            labels=tuple(board.label(i) for i in range(self.size)),
            squares=tuple(squares), in_jail=jail, rolls_per_turn=self.rolls_per_turn)

    def arrivals(self) -> dict[tuple[int, Arrival], tuple[float, float]]:
        """Per turn played, for each deed space and how it was reached: the expected number
        of landings, and that times the throw's number (for a utility's rent). Every
        landing counts: the pips' space, the bonus move's, a card's, each throw of a turn."""
        out: dict[tuple[int, Arrival], list[float]] = {}
        for s, acc in enumerate(self.steps):
            for key, (w, wt) in acc.arrivals.items():
                if key[0] == EVERYONE:
                    continue
                entry = out.setdefault(key, [0.0, 0.0])
                entry[0] += self.pi[s] * w
                entry[1] += self.pi[s] * wt
        rate = self.turn_rate
        return {k: (v[0] / rate, v[1] / rate) for k, v in out.items()}

    def income(self) -> list[RentRow]:
        """Per deed and rent level, the expected rent one opponent pays per turn, and the
        cost of owning the deed at that level (see :func:`rent_levels`)."""
        board = self.board
        symbol = str(self.data.currency.get("symbol", "$"))
        fresh = self.sides + 1
        landings: dict[int, list[float]] = {}
        """deed -> [landings paying its rent (times the card's factor), the same times the
        throw's number, a fresh throw's rent weight]."""
        for (at, (how, k)), (w, wt) in self.arrivals().items():
            entry = landings.setdefault(board.deed_at(at), [0.0, 0.0, 0.0])
            if how == "roll" or how == "rent":
                entry[0] += k * w
                entry[1] += k * wt
            elif how == "dice":
                entry[2] += k * fresh * w
        rows: list[RentRow] = []
        for deed, levels in rent_levels(self.data):
            space = board.spaces[deed]
            n, nt, dice = landings.get(deed, [0.0, 0.0, 0.0])
            for label, rent, cost in levels:
                if space.kind == "utility":
                    rows.append(RentRow(deed, space.name, space.kind, label, rent,
                                        f"{rent} x dice", rent * nt + dice, cost))
                else:
                    rows.append(RentRow(deed, space.name, space.kind, label, rent,
                                        money_text(symbol, rent), rent * n, cost))
        return rows


def _kinds_of(space_type: str) -> tuple[str, ...]:
    """A card's space type as space kinds ("railroad": a transit station on any track)."""
    return ("railroad", "transit") if space_type == "railroad" else (space_type,)


def _add(res: _Res, weight: float, subway: bool, reverse: bool, throw: int,
         out: dict[_Sit, float], arr: _Arrivals) -> None:
    """Add a landing's result, reached with probability ``weight`` by a token with those
    flags and throw (``SAME``: still the incoming one), to ``out`` and ``arr``."""
    for o, q in res[0]:
        key = (o[0], o[1] or subway, o[2] or reverse, throw if o[3] == SAME else o[3])
        out[key] = out.get(key, 0.0) + weight * q
    for space, how, w, known, coefficient in res[1]:
        if throw != SAME:
            known += coefficient * throw
            coefficient = 0.0
        entry = arr.get((space, how))
        if entry is None:
            arr[(space, how)] = [weight * w, weight * known, weight * coefficient]
        else:
            entry[0] += weight * w
            entry[1] += weight * known
            entry[2] += weight * coefficient


def _freeze(out: dict[_Sit, float], arr: _Arrivals) -> _Res:
    return (tuple(out.items()), tuple((s, h, v[0], v[1], v[2]) for (s, h), v in arr.items()))


def _solve_numpy(n: int, edges: list[tuple[int, int, float]]) -> list[float] | None:
    """The stationary distribution by NumPy (None when NumPy is not installed): Gaussian
    elimination with partial pivoting written with array operations (LAPACK's solver
    would start BLAS threads, which are slow for a system this small on a busy machine)."""
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - the lab extra brings NumPy
        return None
    a = np.zeros((n, n + 1))
    for to, frm, p in edges:
        a[to, frm] += p
    a[:, :n] -= np.eye(n)
    a[-1, :] = 1.0
    for col in range(n):
        pivot = col + int(np.argmax(np.abs(a[col:, col])))
        if abs(a[pivot, col]) < 1e-14:
            raise ValueError("the chain has no single long-run distribution")
        if pivot != col:
            a[[col, pivot]] = a[[pivot, col]]
        below = a[col + 1:, col]
        if below.any():
            a[col + 1:, col:] -= np.outer(below / a[col, col], a[col, col:])
    x = [0.0] * n
    solved = np.zeros(n)
    for r in range(n - 1, -1, -1):
        solved[r] = x[r] = (float(a[r, n]) - float(np.dot(a[r, r + 1:n], solved[r + 1:]))) \
            / float(a[r, r])
    return x


# ---------------------------------------------------------------- rents, by the edition


def rent_levels(data: EditionData) -> list[tuple[int, list[tuple[str, int, int]]]]:
    """Each deed's rent levels as (label, rent, cost), from the edition's own rent function
    on a game where one player owns what the level needs: streets unimproved, with a
    majority ownership (groups of three or more), with a monopoly, then 1-4 houses, a hotel
    and a skyscraper; railroads and cab companies by how many the owner has, without and
    with a Train Depot or Cab Stand; utilities by how many (the rent is that number times
    the dice). The cost is the deed's price plus the buildings (each building costs the
    deed's building cost) or the Depot or Stand."""
    from pennybags.editions import get_edition
    from pennybags.editions.ultimate_monopoly.buildings import building_cost
    from pennybags.editions.ultimate_monopoly.game import SKYSCRAPER, UltimateMonopolyGame

    game = get_edition(EDITION_ID).game_class(
        data, ["A", "B"], 0, get_edition(EDITION_ID).options(None),
        rulebook=get_edition(EDITION_ID).rulebook)
    assert isinstance(game, UltimateMonopolyGame)
    board = game.tracks
    majority = int(data.rules.get("majority_min_group", 3))

    def rent(deed: int, owned: list[int], level: int = 0) -> int:
        for d in board.deeds:
            game.owner[d] = -1
            game.houses[d] = 0
        for d in owned:
            game.owner[d] = 0
        game.houses[deed] = level
        game.throw_total = 1
        return game.rent(deed)

    out: list[tuple[int, list[tuple[str, int, int]]]] = []
    for deed in board.deeds:
        space = board.spaces[deed]
        group = [d for d in board.group_of[deed]]
        others = [d for d in group if d != deed]
        price = space.price
        levels: list[tuple[str, int, int]] = []
        if space.kind == "street":
            step = building_cost(game, deed)
            levels.append(("unimproved", rent(deed, [deed]), price))
            if len(group) >= majority:
                levels.append(("majority", rent(deed, [deed, *others[1:]]), price))
            levels.append(("monopoly", rent(deed, group), price))
            for level in range(1, SKYSCRAPER + 1):
                label = {5: "hotel", 6: "skyscraper"}.get(
                    level, f"{level} house{'s' if level > 1 else ''}")
                levels.append((label, rent(deed, group, level), price + level * step))
        elif space.kind in ("railroad", "cab_company"):
            extra = building_cost(game, deed)
            word = "depot" if space.kind == "railroad" else "stand"
            for n in range(1, len(group) + 1):
                owned = [deed, *others[:n - 1]]
                levels.append((f"{n} owned", rent(deed, owned), price))
                levels.append((f"{n} + {word}", rent(deed, owned, 1), price + extra))
        elif space.kind == "utility":
            for n in range(1, len(group) + 1):
                levels.append((f"{n} owned", rent(deed, [deed, *others[:n - 1]]), price))
        out.append((deed, levels))
    return out


# ---------------------------------------------------------------- for the bots


@lru_cache(maxsize=32)
def cached_chain(policies: Policies | None = None) -> UltimateChain:
    """The solved chain of the registered edition under ``policies`` (the defaults when
    None), kept: asking again for the same policies costs nothing."""
    from pennybags.editions import get_edition

    return UltimateChain(get_edition(EDITION_ID).data, policies)


def landing_probabilities(per: str = "turn", policies: Policies | None = None) -> list[float]:
    """The long-run probability of each of the 120 spaces (global index) after a roll
    (``per="roll"``) or at the end of a turn played (``per="turn"``), with the default
    policies unless given; "in jail" is left out, so they sum to one less its share. The
    solved chain is kept, so calling again is cheap."""
    return list(cached_chain(policies).flows(per)[0])


def landing_odds(per: str = "roll", policies: Policies | None = None) -> UltimateOdds:
    """The exact long-run landing odds of Ultimate Monopoly under ``policies``."""
    return cached_chain(policies).odds(per)


# ---------------------------------------------------------------- the command


def add_policy_arguments(parser: argparse.ArgumentParser) -> None:
    """The Ultimate Monopoly options of ``pennybags odds`` (refused for other editions)."""
    group = parser.add_argument_group(
        "Ultimate Monopoly", "what the player chooses (only with --edition ultimate-monopoly)")
    group.add_argument("--triples", metavar="SPACE",
                       help="where triples take the token: 'pips' (the space the throw would "
                            "have reached: default) or a space by name or track:index")
    group.add_argument("--bus", choices=BUS_POLICIES,
                       help="the Bus on the speed die: take a Travel Voucher (default) or "
                            "ride to the nearest Chance or Community Chest ahead")
    group.add_argument("--subway", metavar="SPACE",
                       help="where a Subway ride goes (default: Pay Day, $400)")
    group.add_argument("--gps", metavar="SPACE",
                       help="where the player on your left sends your token when you draw "
                            "'GPS is not working' (default: Go To Jail)")
    group.add_argument("--players", type=int, metavar="N",
                       help="players at the table, whose Mardi Gras! moves every token "
                            "(default: 4)")


def policies_from_args(args: argparse.Namespace, data: EditionData) -> Policies:
    """The policies the command line asks for (ValueError for a space not on the board)."""
    board = board_from_data(data)
    base = default_policies(data)
    triples = parse_space(board, args.triples, pips=True) if args.triples else base.triples
    subway = parse_space(board, args.subway) if args.subway else base.subway
    gps = parse_space(board, args.gps) if args.gps else base.gps
    players = base.players if args.players is None else int(args.players)
    return Policies(jail=args.jail, triples=triples, bus=args.bus or base.bus,
                    subway=subway, gps=gps, players=players)


def run(args: argparse.Namespace, data: EditionData) -> int:
    """``pennybags odds --edition ultimate-monopoly``: print the tables (or JSON)."""
    import sys

    from pennybags.editions import get_edition

    try:
        policies = policies_from_args(args, data)
        chain = cached_chain(policies) if data is get_edition(EDITION_ID).data else \
            UltimateChain(data, policies)
    except ValueError as exc:
        print(f"pennybags odds: {exc}", file=sys.stderr)
        return 2
    odds = chain.odds(args.per)
    income = chain.income() if args.income else None
    return emit(args.json, odds, income,
                lambda: print_tables(odds, income, data.name,
                                     str(data.currency.get("symbol", "$"))))


def print_tables(odds: UltimateOdds, income: list[RentRow] | None, edition_name: str,
                 symbol: str) -> None:
    """The landing table (every space, its track and rank) and the rent table."""
    pol = odds.policies
    print_odds(
        title="Where a roll leaves the token" if odds.per == "roll" else
        "Where the token ends a turn",
        caption=f"{edition_name}; jail: {pol['jail']}; triples: {pol['triples']}; "
                f"bus: {pol['bus']}; subway: {pol['subway']}; GPS: {pol['gps']}; "
                f"{pol['players']} players; {odds.rolls_per_turn:.4f} rolls per turn; "
                f"uniform would be {100 / (len(odds.squares) + 1):.3f}%",
        columns=("Track", "Space"),
        rows=[(label.replace(":", " "), name) for name, label in zip(odds.names, odds.labels,
                                                                     strict=True)],
        squares=odds.squares, in_jail=odds.in_jail,
        rent_title="Expected rent from one opponent, per opponent turn",
        rent_caption="cost: the price plus the buildings (or Train Depot, Cab Stand) of the "
                     "level; payback: opponent turns until the expected rent equals the cost",
        per="turn", symbol=symbol, deed_width=20,
        income=income)
