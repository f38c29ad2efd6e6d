"""Exact landing odds: the Markov chain of one token's moves (``pennybags odds``).

The chain follows a single token through the rules that move it: the dice, doubles (the
third double in a turn goes to jail without moving), the Go To Jail space, the cards of
Chance and Community Chest that move the token, and the way out of jail. Money plays no
part: no player ever runs short, and the other tokens do not matter.

A state is the situation just before a roll:

* ``(square, doubles)``: the token is on ``square`` and the turn has already rolled
  ``doubles`` doubles in a row (0 at the start of a turn);
* ``jail(tries)``: the token is in jail and has failed ``tries`` rolls for doubles.

Every roll leads from one state to the next, so the long-run share of rolls that leave the
token on a square is the stationary distribution of the chain, found by solving the linear
system ``pi P = pi``, ``sum(pi) = 1`` (Gaussian elimination in plain Python: the classic
chain has 123 states). Cards are independent draws from the full
deck, each printed card equally likely.

Jail strategies:

* ``short``: leave jail at once (pay the fine or use a card before rolling); the next roll
  is an ordinary roll from the jail space.
* ``long``: roll for doubles as long as the rules allow: doubles leave and move by that roll
  (no extra roll); after the last failed try the fine is paid and the token moves by that
  roll.

"In jail" is apart from the jail space ("just visiting"): a roll that sends the token to
jail (Go To Jail, a card, the third double) and each failed roll for doubles in jail leave
the token in jail.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pennybags.engine.data import EditionData
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

_MOVING_CARDS = frozenset({"advance_to", "advance_to_nearest", "move_relative", "move_to",
                           "go_to_jail"})
_STILL_CARDS = frozenset({"collect", "pay", "pay_each_player", "collect_from_each_player",
                          "repairs", "get_out_of_jail_free"})
"""Card effects that leave the token where it is."""

_MAX_CHAIN = 16
"""How many spaces one roll may visit through cards before the model gives up (a loop)."""



@dataclass(frozen=True)
class Odds:
    """Where rolls (or turns) leave the token, in the long run.

    ``squares[i]`` is the probability for space ``i`` (just visiting, for the jail space);
    ``in_jail`` the probability that the token is in jail; together they sum to 1.
    """

    edition: str
    jail: str
    per: str
    names: tuple[str, ...]
    squares: tuple[float, ...]
    in_jail: float
    rolls_per_turn: float

    def to_json(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "jail": self.jail,
            "per": self.per,
            "squares": [{"index": i, "name": n, "probability": p}
                        for i, (n, p) in enumerate(zip(self.names, self.squares, strict=True))],
            "in_jail": self.in_jail,
            "rolls_per_turn": self.rolls_per_turn,
        }


@dataclass(frozen=True)
class IncomeRow(LevelIncome):
    """What one deed at one rent level earns from one opponent, per opponent roll."""

    @property
    def rolls_to_pay_back(self) -> float:
        """Opponent rolls until the expected rent has paid back the cost."""
        return self.pay_back()


@dataclass(frozen=True)
class _Step:
    """One way a roll from a state can go."""

    state: int
    next: int
    location: int
    arrival: Arrival
    probability: float
    total: int
    ends_turn: bool


class TokenChain:
    """The Markov chain of one token under an edition's movement rules and a jail strategy.

    Built from the edition's data: the board, the decks, the dice (``dice``, ``dice_sides``)
    and the figures ``doubles_to_jail`` and ``max_jail_turns``.
    """

    def __init__(self, data: EditionData, jail: str = "long") -> None:
        if jail not in STRATEGIES:
            raise ValueError(f"unknown jail strategy '{jail}'; choose short or long")
        self.data = data
        self.strategy = jail
        board = data.board
        self.size = board.size
        jails = board.of_kind("jail")
        if not jails:
            raise ValueError(f"the {data.name} board has no jail space")
        self.jail_square = jails[0]
        rules = data.rules
        self.dice_count: int = int(rules.get("dice", 2))
        self.dice_sides: int = int(rules.get("dice_sides", 6))
        self.doubles_to_jail: int = int(rules.get("doubles_to_jail", 3))
        self.max_jail_turns: int = int(rules.get("max_jail_turns", 3))
        self.rolls = self._dice()
        self.jail_states = self.max_jail_turns if jail == "long" else 1
        self.n_states = self.size * self.doubles_to_jail + self.jail_states
        self._resolved: dict[tuple[int, Arrival], list[tuple[int, Arrival, float]]] = {}
        self.steps = self._steps()
        self.pi = self._stationary()

    # ------------------------------------------------------------ the pieces

    def _dice(self) -> list[tuple[int, bool, float]]:
        """Each (total, double) a roll can give and its probability. A double needs two
        dice showing the same face, as in the engine."""
        counts: dict[tuple[int, bool], int] = defaultdict(int)
        faces = range(1, self.dice_sides + 1)
        for roll in itertools.product(faces, repeat=self.dice_count):
            double = len(roll) == 2 and roll[0] == roll[1]
            counts[(sum(roll), double)] += 1
        n = self.dice_sides ** self.dice_count
        return [(t, d, c / n) for (t, d), c in sorted(counts.items())]

    @property
    def mean_roll(self) -> float:
        return self.dice_count * (self.dice_sides + 1) / 2

    def state(self, square: int, doubles: int) -> int:
        return square * self.doubles_to_jail + doubles

    def jail_state(self, tries: int) -> int:
        return self.size * self.doubles_to_jail + tries

    def resolve(self, square: int, arrival: Arrival = BY_ROLL,
                depth: int = 0) -> list[tuple[int, Arrival, float]]:
        """Where a token that stops on ``square`` ends up once the space is resolved: a
        list of (location, how it arrived there, probability). Cards are drawn from the
        full deck, each card equally likely; ``JAIL`` is in jail."""
        key = (square, arrival)
        cached = self._resolved.get(key)
        if cached is not None:
            return cached
        if depth > _MAX_CHAIN:
            raise ValueError("the cards of this edition can move a token round in a loop")
        board = self.data.board
        space = board[square]
        out: dict[tuple[int, Arrival], float] = defaultdict(float)
        if space.kind == "go_to_jail":
            out[(JAIL, BY_ROLL)] = 1.0
        elif space.kind in self.data.decks:
            _, cards = self.data.decks[space.kind]
            for card in cards:
                share = 1.0 / len(cards)
                kind = card.kind
                if kind in ("advance_to", "move_to"):
                    nexts = self.resolve(int(card.params["target"]), BY_ROLL, depth + 1)
                elif kind == "advance_to_nearest":
                    target = board.nearest(square, str(card.params["space_type"]))
                    if card.get("rent_multiplier"):
                        how: Arrival = ("rent", int(card.params["rent_multiplier"]))
                    else:
                        how = ("dice", int(card.get("dice_multiplier", 10)))
                    nexts = self.resolve(target, how, depth + 1)
                elif kind == "move_relative":
                    target = (square + int(card.params["spaces"])) % self.size
                    nexts = self.resolve(target, BY_ROLL, depth + 1)
                elif kind == "go_to_jail":
                    nexts = [(JAIL, BY_ROLL, 1.0)]
                elif kind in _STILL_CARDS:
                    nexts = [(square, arrival, 1.0)]
                else:
                    raise ValueError(f"the odds model does not know whether the card "
                                     f"'{card.id}' ({kind}) moves the token")
                for loc, how_, p in nexts:
                    out[(loc, how_)] += share * p
        else:
            out[(square, arrival)] = 1.0
        result = [(loc, how, p) for (loc, how), p in out.items()]
        self._resolved[key] = result
        return result

    def _steps(self) -> list[_Step]:
        steps: list[_Step] = []
        size = self.size
        to_jail = self.jail_state(0)

        def move(state: int, start: int, total: int, p: float, double_next: int | None) -> None:
            """Move ``total`` from ``start`` and resolve; ``double_next`` is the doubles
            count of the next roll of the same turn, or None if the turn ends here."""
            for loc, how, q in self.resolve((start + total) % size):
                if loc == JAIL:
                    steps.append(_Step(state, to_jail, JAIL, how, p * q, total, True))
                elif double_next is None:
                    steps.append(_Step(state, self.state(loc, 0), loc, how, p * q, total, True))
                else:
                    steps.append(_Step(state, self.state(loc, double_next), loc, how, p * q,
                                       total, False))

        def ordinary(state: int, square: int, doubles: int) -> None:
            for total, double, p in self.rolls:
                if double and doubles + 1 >= self.doubles_to_jail:
                    steps.append(_Step(state, to_jail, JAIL, BY_ROLL, p, total, True))
                else:
                    move(state, square, total, p, doubles + 1 if double else None)

        for square in range(size):
            for doubles in range(self.doubles_to_jail):
                ordinary(self.state(square, doubles), square, doubles)
        if self.strategy == "short":
            ordinary(to_jail, self.jail_square, 0)
        else:
            for tries in range(self.jail_states):
                state = self.jail_state(tries)
                for total, double, p in self.rolls:
                    if double or tries + 1 >= self.max_jail_turns:
                        move(state, self.jail_square, total, p, None)
                    else:
                        steps.append(_Step(state, self.jail_state(tries + 1), JAIL, BY_ROLL,
                                           p, total, True))
        return steps

    def _stationary(self) -> list[float]:
        """Solve ``pi P = pi`` with ``sum(pi) = 1``: the system ``(P^T - I) pi = 0`` with its
        last equation replaced by the sum."""
        n = self.n_states
        system = [[0.0] * (n + 1) for _ in range(n)]
        for s in self.steps:
            system[s.next][s.state] += s.probability
        for i in range(n):
            system[i][i] -= 1.0
        system[-1] = [1.0] * n + [1.0]
        pi = solve(system)
        total = sum(pi)
        return [max(x, 0.0) / total for x in pi]

    # ------------------------------------------------------------ results

    def flows(self, per: str = "roll") -> tuple[list[float], float]:
        """The long-run probability of each square and of "in jail" after a roll
        (``per="roll"``) or at the end of a turn (``per="turn"``)."""
        if per not in PERS:
            raise ValueError(f"unknown unit '{per}'; choose roll or turn")
        squares = [0.0] * self.size
        jail = 0.0
        pi = self.pi
        for s in self.steps:
            if per == "turn" and not s.ends_turn:
                continue
            w = pi[s.state] * s.probability
            if s.location == JAIL:
                jail += w
            else:
                squares[s.location] += w
        total = sum(squares) + jail
        return [x / total for x in squares], jail / total

    @property
    def rolls_per_turn(self) -> float:
        """The mean number of rolls in a turn."""
        ending = sum(self.pi[s.state] * s.probability for s in self.steps if s.ends_turn)
        return 1.0 / ending

    def arrivals(self) -> dict[tuple[int, Arrival], tuple[float, float]]:
        """Per roll, for each (square, how it was reached): the probability, and the
        probability-weighted dice total of the roll (for rents that multiply the dice)."""
        out: dict[tuple[int, Arrival], list[float]] = defaultdict(lambda: [0.0, 0.0])
        for s in self.steps:
            if s.location == JAIL:
                continue
            w = self.pi[s.state] * s.probability
            acc = out[(s.location, s.arrival)]
            acc[0] += w
            acc[1] += w * s.total
        return {k: (v[0], v[1]) for k, v in out.items()}

    def odds(self, per: str = "roll") -> Odds:
        squares, jail = self.flows(per)
        return Odds(edition=self.data.id, jail=self.strategy, per=per,
                    names=tuple(s.name for s in self.data.board.spaces),
                    squares=tuple(squares), in_jail=jail, rolls_per_turn=self.rolls_per_turn)

    def income(self) -> list[IncomeRow]:
        """Per deed and rent level: the expected rent one opponent pays per roll, and the
        cost to own the deed at that level. Streets: base rent, doubled base rent for a
        complete colour group, then each building; railroads and utilities: by how many
        the owner has. A "nearest railroad" card doubles the rent (its multiplier); a
        "nearest utility" card pays its multiplier times a fresh roll."""
        data = self.data
        symbol = str(data.currency.get("symbol", "$"))
        arrivals = self.arrivals()
        by_square: dict[int, list[tuple[Arrival, float, float]]] = defaultdict(list)
        for (loc, how), (p, weighted_total) in arrivals.items():
            by_square[loc].append((how, p, weighted_total))
        rows: list[IncomeRow] = []
        rules = data.rules
        for index in data.board.deeds:
            space = data.board[index]
            seen = by_square.get(index, [])
            landing = sum(p for _, p, _ in seen)
            if space.kind == "street" and space.rents:
                levels: list[tuple[str, int, int]] = [("base", space.rents[0], space.price),
                                                      ("group", 2 * space.rents[0], space.price)]
                top = len(space.rents) - 1
                for level in range(1, len(space.rents)):
                    label = "hotel" if level == top else \
                        f"{level} house{'s' if level > 1 else ''}"
                    levels.append((label, space.rents[level],
                                   space.price + level * space.house_cost))
                for label, rent, cost in levels:
                    rows.append(IncomeRow(index, space.name, space.kind, label, rent,
                                          money_text(symbol, rent), rent * landing, cost))
            elif space.kind == "railroad" and "railroad_rents" in rules:
                factor = sum(p * (k if how == "rent" else 1) for (how, k), p, _ in seen)
                for owned, rent in enumerate(rules["railroad_rents"], start=1):
                    rows.append(IncomeRow(index, space.name, space.kind, f"{owned} owned",
                                          int(rent), money_text(symbol, int(rent)), rent * factor,
                                          space.price))
            elif space.kind == "utility" and "utility_multipliers" in rules:
                fresh = sum(p * k * self.mean_roll for (how, k), p, _ in seen if how == "dice")
                rolled = sum(t for (how, _), _, t in seen if how != "dice")
                for owned, mult in enumerate(rules["utility_multipliers"], start=1):
                    rows.append(IncomeRow(index, space.name, space.kind, f"{owned} owned",
                                          int(mult), f"{mult} x dice", mult * rolled + fresh,
                                          space.price))
        return rows


def landing_odds(edition: str = "classic", jail: str = "long", per: str = "roll") -> Odds:
    """The exact long-run landing odds of an edition under a jail strategy."""
    from pennybags.editions import get_edition

    return TokenChain(get_edition(edition).data, jail).odds(per)


# ---------------------------------------------------------------- the command


DESCRIPTION = (
    "Exact long-run odds that a roll (or a turn) leaves the token on each space, from the "
    "Markov chain of the movement rules (not a simulation). Every roll counts, including the "
    "extra rolls after doubles and the rolls in jail; 'in jail' is reported apart from the "
    "jail space (just visiting). Ultimate Monopoly's chain covers its three tracks, the speed "
    "die and what its players choose (see its options below)."
)
EPILOG = ("examples: pennybags odds --edition classic --jail long --income; "
          "pennybags odds --edition ultimate-monopoly --bus ride --subway 'Boardwalk'")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pennybags odds", description=DESCRIPTION,
                                     epilog=EPILOG)
    add_arguments(parser)
    return parser


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--edition", default="classic", help="edition id (default: classic)")
    parser.add_argument("--jail", choices=STRATEGIES, default="long",
                        help="short: leave jail at once (pay or use a card); long: roll for "
                             "doubles as long as the rules allow (default: long)")
    parser.add_argument("--per", choices=PERS, default="roll",
                        help="roll: where each roll leaves the token; turn: where the token "
                             "is when the turn ends (default: roll)")
    parser.add_argument("--income", action="store_true",
                        help="also show, per deed and rent level, the expected rent per "
                             "opponent roll and the opponent rolls to pay back the cost "
                             "(Ultimate Monopoly: per opponent turn)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    from pennybags.lab.odds_ultimate import add_policy_arguments

    add_policy_arguments(parser)


def odds_main(argv: Sequence[str]) -> int:
    """``pennybags odds``: returns the exit status (2 for a bad edition)."""
    return run(build_parser().parse_args(list(argv)))


def run(args: argparse.Namespace) -> int:
    """Run ``pennybags odds`` with parsed arguments (Ultimate Monopoly's own chain for that
    edition; its options are refused for any other)."""
    from pennybags.editions import get_edition
    from pennybags.lab import odds_ultimate

    try:
        edition = get_edition(args.edition)
        data = edition.data
        if edition.id == odds_ultimate.EDITION_ID:
            return odds_ultimate.run(args, data)
        for option in odds_ultimate.POLICY_OPTIONS:
            if getattr(args, option, None) is not None:
                raise ValueError(f"--{option} is for --edition {odds_ultimate.EDITION_ID} "
                                 f"only, not {edition.id}")
        chain = TokenChain(data, args.jail)
    except ValueError as exc:
        print(f"pennybags odds: {exc}", file=sys.stderr)
        return 2
    odds = chain.odds(args.per)
    income = chain.income() if args.income else None

    def tables() -> None:
        print_odds(
            title="Where a roll leaves the token" if odds.per == "roll" else
            "Where the token ends a turn",
            caption=f"{data.name}; jail strategy: {odds.jail}; "
                    f"{odds.rolls_per_turn:.4f} rolls per turn; "
                    f"uniform would be {100 / (len(odds.squares) + 1):.3f}%",
            columns=("Space",), rows=[(name,) for name in odds.names],
            squares=odds.squares, in_jail=odds.in_jail,
            rent_title="Expected rent from one opponent, per opponent roll",
            rent_caption="cost: the price plus the buildings bought to reach the level; "
                         "payback: opponent rolls until the expected rent equals the cost",
            per="roll", symbol=str(data.currency.get("symbol", "$")),
            income=income)

    return emit(args.json, odds, income, tables)


def main() -> None:  # pragma: no cover - for ``python -m pennybags.lab.odds``
    raise SystemExit(odds_main(sys.argv[1:]))


if __name__ == "__main__":  # pragma: no cover
    main()
