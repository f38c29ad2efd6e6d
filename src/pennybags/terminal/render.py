"""Plain-text views of a game (board and standings)."""

from __future__ import annotations

from pennybags.engine.game import Game


def describe_state(game: Game) -> str:
    """A compact standings view: players, what they own, and who must act."""
    lines = []
    board = game.board
    for p in game.players:
        where = "in Jail" if p.in_jail else f"at {board[p.position].name}"
        status = " (bankrupt)" if p.bankrupt else ""
        lines.append(f"{p.name}{status}: {game.money(game.cash(p.seat))}, {where}")
        owned = []
        for d in game.deeds_of(p.seat):
            label = board[d].name
            level = game.houses[d]
            if level == 5:
                label += " [hotel]"
            elif level:
                label += f" [{level}h]"
            if game.mortgaged[d]:
                label += " (mortgaged)"
            owned.append(label)
        if owned:
            lines.append("   owns " + ", ".join(owned))
    if game.over:
        winner = game.name(game.winner) if game.winner is not None else "nobody (a draw)"
        lines.append(f"Game over ({game.end_reason}): {winner} wins.")
    for decision in game.pending:
        lines.append(f"Waiting on {game.name(decision.player)}: {decision.kind}")
    return "\n".join(lines)
