"""What the exact odds of every edition share: where a token is, how it got there, the
jail strategies and the two ways of counting (per roll, per turn), and the solver of a
chain's long-run distribution (:mod:`pennybags.lab.odds` for the 40-space editions,
:mod:`pennybags.lab.odds_ultimate` for Ultimate Monopoly's three tracks)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

JAIL = -1
"""The location "in jail" (as opposed to the jail space, where the token is just visiting)."""

STRATEGIES = ("short", "long")
PERS = ("roll", "turn")

Arrival = tuple[str, int]
"""How the token reached a space, for rent: ``("roll", 1)`` by the dice or a plain move;
``("rent", k)`` by a card that multiplies the rent by ``k`` (nearest railroad);
``("dice", k)`` by a card after which ``k`` times a fresh roll is paid (nearest utility)."""

BY_ROLL: Arrival = ("roll", 1)


def solve(system: list[list[float]]) -> list[float]:
    """Solve a linear system given as augmented rows (Gaussian elimination with partial
    pivoting). The rows are modified."""
    n = len(system)
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(system[r][col]))
        if abs(system[pivot][col]) < 1e-14:
            raise ValueError("the chain has no single long-run distribution")
        system[col], system[pivot] = system[pivot], system[col]
        top = system[col]
        inv = 1.0 / top[col]
        for r in range(col + 1, n):
            row = system[r]
            factor = row[col] * inv
            if factor:
                for c in range(col, n + 1):
                    row[c] -= factor * top[c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        row = system[r]
        acc = row[n] - sum(row[c] * x[c] for c in range(r + 1, n))
        x[r] = acc / row[r]
    return x


def money_text(symbol: str, amount: int) -> str:
    """An amount with its symbol and thousands separated ("$1,500")."""
    return f"{symbol}{amount:,}"


# ---------------------------------------------------------------- the command's output


class Row(Protocol):
    """What the command prints of a landing table or a rent row: its JSON."""

    def to_json(self) -> dict[str, Any]:
        ...


@dataclass(frozen=True)
class LevelIncome:
    """What one deed at one rent level earns from one opponent, per opponent move: a roll
    on the classic boards (:class:`IncomeRow`), a turn on Ultimate Monopoly's."""

    index: int
    name: str
    kind: str
    level: str
    rent: int
    """The printed rent (for a utility: the number the dice are multiplied by)."""
    rent_text: str
    expected_rent: float
    cost: int
    """The deed's price plus the buildings bought to reach this level."""

    PAY_BACK_KEY: ClassVar[str] = "rolls_to_pay_back"
    """The JSON key of :meth:`pay_back`, which names the opponent's move counted."""

    def pay_back(self) -> float:
        """Opponent moves until the expected rent has paid back the cost."""
        return self.cost / self.expected_rent if self.expected_rent > 0 else math.inf

    def to_json(self) -> dict[str, Any]:
        payback = self.pay_back()
        return {"index": self.index, "name": self.name, "kind": self.kind,
                "level": self.level, "rent": self.rent, "rent_text": self.rent_text,
                "expected_rent": self.expected_rent, "cost": self.cost,
                self.PAY_BACK_KEY: None if math.isinf(payback) else payback}


def emit(as_json: bool, odds: Row, income: Sequence[Row] | None,
         tables: Callable[[], None]) -> int:
    """The command's output: one JSON object (the odds, with ``income`` when asked), or the
    tables ``tables`` prints. Returns the exit status."""
    if as_json:
        out = odds.to_json()
        if income is not None:
            out["income"] = [row.to_json() for row in income]
        print(json.dumps(out, indent=1))
        return 0
    tables()
    return 0


def print_odds(*, title: str, caption: str, columns: Sequence[str],
               rows: Sequence[Sequence[str]], squares: Sequence[float], in_jail: float,
               rent_title: str, rent_caption: str, per: str, symbol: str,
               income: Sequence[LevelIncome] | None, deed_width: int | None = None) -> None:
    """The landing table (the ``columns`` of each space's ``rows``, its probability and
    rank, then "In jail") and, with ``income``, the rent table (expected rent ``per`` roll
    or turn, cost and payback)."""
    from rich import box
    from rich.console import Console
    from rich.table import Table

    console = Console()
    everything = [*squares, in_jail]
    ranks = {i: r for r, i in enumerate(sorted(range(len(everything)),
                                               key=lambda i: -everything[i]), start=1)}
    table = Table(title=title, box=box.SIMPLE_HEAD, caption=caption)
    table.add_column("#", justify="right")
    for heading in columns:
        table.add_column(heading)
    table.add_column("Probability", justify="right")
    table.add_column("Rank", justify="right")
    for i, (cells, p) in enumerate(zip(rows, squares, strict=True)):
        table.add_row(str(i), *cells, f"{100 * p:.3f}%", str(ranks[i]))
    table.add_row("", *([""] * (len(columns) - 1)), "In jail", f"{100 * in_jail:.3f}%",
                  str(ranks[len(squares)]), style="bold")
    console.print(table)
    if income is None:
        return
    rent = Table(title=rent_title, box=box.SIMPLE_HEAD, caption=rent_caption,
                 pad_edge=deed_width is None)
    # a long name wraps when the deed column has a width, the figures never
    rent.add_column("Deed", no_wrap=deed_width is None, max_width=deed_width)
    rent.add_column("Level", no_wrap=True)
    for heading in ("Rent", f"Per {per}", "Cost", "Payback"):
        rent.add_column(heading, justify="right", no_wrap=True)
    last = -1
    for line in income:
        payback = line.pay_back()
        rent.add_row(line.name if line.index != last else "", line.level, line.rent_text,
                     f"{line.expected_rent:.3f}", money_text(symbol, line.cost),
                     "never" if math.isinf(payback) else f"{payback:,.0f}")
        last = line.index
    console.print(rent)
