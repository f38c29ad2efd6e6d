"""What the exact odds of every edition share: where a token is, how it got there, the
jail strategies and the two ways of counting (per roll, per turn), and the solver of a
chain's long-run distribution (:mod:`pennybags.lab.odds` for the 40-space editions,
:mod:`pennybags.lab.odds_ultimate` for Ultimate Monopoly's three tracks)."""

from __future__ import annotations

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
