"""The state snapshot: a documented JSON view of a game (see docs/snapshot.md).

Shared by ``scenario run``, ``replay`` and the fronts. It is a view: a game is rebuilt from
its record (edition, options, seed, actions), never from a snapshot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pennybags.engine.actions import Decision, Trade
from pennybags.engine.notation import action_to_json, companies, trade_words
from pennybags.engine.options import options_dict

if TYPE_CHECKING:
    from pennybags.engine.game import Game

SNAPSHOT_VERSION = 1
"""Bumped only when a field changes meaning or goes away; new fields may be added freely."""


def trade_to_json(game: Game, t: Trade) -> dict[str, Any]:
    """A trade offer as JSON: who offers to whom, and what each side hands over."""
    out: dict[str, Any] = {
        "from": game.name(t.proposer),
        "to": game.name(t.recipient),
        "give": game.board.names(t.give),
        "take": game.board.names(t.take),
        "give_cash": t.give_cash,
        "take_cash": t.take_cash,
        "give_cards": list(t.give_cards),
        "take_cards": list(t.take_cards),
    }
    if companies(game):  # an edition with a stock exchange
        out["give_shares"] = list(t.give_shares)
        out["take_shares"] = list(t.take_shares)
    return out


def player_json(game: Game, seat: int) -> dict[str, Any]:
    """A player's public state: name, seat, cash, where they are, jail, bankruptcy."""
    p = game.players[seat]
    entry: dict[str, Any] = {
        "name": p.name,
        "seat": p.seat,
        "cash": game.cash(p.seat),
        "position": p.position,
        "at": game.board[p.position].name,
        "in_jail": p.in_jail,
        "jail_turns": p.jail_turns,
        "bankrupt": p.bankrupt,
    }
    entry.update(game.player_extra(seat))
    return entry


def deeds_json(game: Game) -> dict[str, Any]:
    """Every title deed by name: its board index, owner, buildings and mortgage."""
    board = game.board
    deeds = {}
    for d in board.deeds:
        deeds[board[d].name] = {
            "index": d,
            "owner": game.name(game.owner[d]) if game.owner[d] >= 0 else None,
            "houses": game.houses[d],
            "mortgaged": game.mortgaged[d],
        }
    return deeds


def decision_json(game: Game, decision: Decision) -> dict[str, Any]:
    """A pending decision: who must answer, its kind and its context (not the actions)."""
    board = game.board
    entry: dict[str, Any] = {"player": game.name(decision.player), "kind": decision.kind}
    if decision.deed >= 0:
        entry["deed"] = board[decision.deed].name
    if decision.amount:
        entry["amount"] = decision.amount
    if decision.kind == "debt":
        entry["creditor"] = game.name(decision.creditor)
    if decision.high_bidder >= 0:
        entry["high_bidder"] = game.name(decision.high_bidder)
    if decision.trade is not None:
        entry["offer"] = trade_words(game, decision.trade)
        entry["trade"] = trade_to_json(game, decision.trade)
    return entry


def snapshot(game: Game) -> dict[str, Any]:
    """The game's state as a JSON-able dict; docs/snapshot.md documents every field."""
    players = []
    for p in game.players:
        entry = player_json(game, p.seat)
        entry["cards"] = [game.decks[k].cards[i].id + "@" + k for k, i in p.cards]
        players.append(entry)
    pending = []
    for decision in game.pending:
        entry = decision_json(game, decision)
        # (the actions come right after the kind, as they always have in snapshots)
        entry = {"player": entry.pop("player"), "kind": entry.pop("kind"),
                 "actions": [action_to_json(game, a)
                             for a in game.legal_actions(decision.player)], **entry}
        pending.append(entry)
    out: dict[str, Any] = {
        "snapshot": SNAPSHOT_VERSION,
        "edition": game.edition_id,
        "options": options_dict(game.options),
        "seed": game.seed,
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
        "decks": {k: [d.cards[i].id for i in d.order] for k, d in game.decks.items()},
    }
    out.update(game.snapshot_extra())
    return out
