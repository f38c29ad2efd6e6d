"""What one seat may know: the view a front or a learning agent is given.

A view is a JSON object like the full snapshot (``engine.snapshot``, docs/snapshot.md),
without what the seat may not know by the rules:

* no seed and no future dice (the last roll is public);
* no deck order: each deck shows how many cards it holds and the cards seen going under it,
  in order (``seen``, top to bottom), since every player saw those;
* no other player's hidden hand (Monopoly 2.3): only how many cards they hold from each deck;
  kept Get Out of Jail Free cards lie face up and are shown;
* the legal actions only for the seat's own decisions.

The spectator view (``seat`` None) hides every hand. docs/snapshot.md documents the fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pennybags.engine.notation import action_to_json, trade_words
from pennybags.engine.options import options_dict
from pennybags.engine.snapshot import decision_json, deeds_json, player_json, trade_to_json

if TYPE_CHECKING:
    from pennybags.engine.game import Game

VIEW_VERSION = 1
"""Bumped only when a field changes meaning or goes away."""


def seat_view(game: Game, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know of ``game`` (None: a spectator)."""
    if seat is not None and not 0 <= seat < len(game.players):
        raise ValueError(f"there is no seat {seat}")
    players = []
    for p in game.players:
        entry = player_json(game, p.seat)
        if game.hidden_hands and p.seat != seat:
            counts: dict[str, int] = {}
            for key, _ in p.cards:
                counts[key] = counts.get(key, 0) + 1
            entry["hand"] = counts
        else:
            entry["cards"] = [game.decks[k].cards[i].id + "@" + k for k, i in p.cards]
        players.append(entry)
    pending = []
    for decision in game.pending:
        item = decision_json(game, decision)
        if decision.player == seat:
            item["actions"] = [action_to_json(game, a) for a in game.legal_actions(seat)]
        pending.append(item)
    decks = {}
    for key, deck in game.decks.items():
        order = deck.order
        decks[key] = {
            "cards": len(order),
            "seen": [deck.cards[order[i]].id for i in range(len(order) - deck.seen, len(order))],
        }
    out: dict[str, Any] = {
        "view": VIEW_VERSION,
        "seat": game.name(seat) if seat is not None else None,
        "edition": game.edition_id,
        "options": options_dict(game.options),
        "round": game.round,
        "turns": game.turns,
        "turn": game.name(game.current),
        "dice": game.dice.last_json(),
        "players": players,
        "deeds": deeds_json(game),
        "pending": pending,
        "over": game.over,
        "winner": game.name(game.winner) if game.winner is not None else None,
        "end_reason": game.end_reason or None,
        "decks": decks,
    }
    out.update(game.view_extra(seat))
    return out


__all__ = ["VIEW_VERSION", "seat_view", "trade_to_json", "trade_words"]
