"""Scenario files: set up a position, script dice and answers, state what must follow.

A scenario is a YAML (or JSON) mapping; docs/scenarios.md documents every field. Rule tests
are scenarios, and rules lawyers write their own::

    edition: classic
    players:
      - {name: Ann, cash: 1500, at: Illinois Avenue, owns: [Boardwalk]}
      - {name: Bob, cash: 200, in_jail: true}
    turn: Bob
    dice: [[6, 6]]
    decks: {chance: [go-to-jail]}
    actions:
      - {player: Bob, do: pay-bail}
      - {player: Bob, do: roll}
    expect:
      players: {Bob: {cash: 150, at: Jail, in_jail: true}}

An action may say it must be refused (``refused: true`` or ``refused: "part of the
reason"``): the engine must refuse it and change nothing, and the run goes on. An action may
also carry its own ``expect:``, checked right after it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from pennybags.editions import get_edition
from pennybags.engine.actions import IllegalAction
from pennybags.engine.game import Game
from pennybags.engine.ledger import BANK
from pennybags.engine.notation import action_from_json, action_to_json
from pennybags.engine.snapshot import snapshot

SETUP_KEYS = {"edition", "options", "seed", "players", "turn", "dice", "decks", "round"}
ALL_KEYS = SETUP_KEYS | {"actions", "expect", "name", "description", "rule"}
PLAYER_KEYS = {"name", "cash", "at", "owns", "in_jail", "jail_turns", "cards", "bankrupt"}
DEED_KEYS = {"deed", "houses", "hotel", "mortgaged"}


class ScenarioError(Exception):
    """A scenario that cannot be set up or played, with a readable reason."""


@dataclass
class Outcome:
    """What playing a scenario gave: the game, its snapshot, and unmet expectations."""

    game: Game
    snapshot: dict[str, Any]
    failures: list[str] = field(default_factory=list)


def load(path: Path) -> dict[str, Any]:
    """Read a scenario file (YAML or JSON)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ScenarioError(f"cannot read {path}: {e.strerror}") from None
    try:
        data = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    except (yaml.YAMLError, json.JSONDecodeError) as e:
        raise ScenarioError(f"{path} is not valid {'JSON' if path.suffix == '.json' else 'YAML'}:"
                            f" {e}") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{path} should hold a mapping (edition, players, ...)")
    return data


def set_up(spec: Mapping[str, Any]) -> Game:
    """Build the game position a scenario describes (before its actions)."""
    unknown = set(spec) - ALL_KEYS
    if unknown:
        raise ScenarioError(f"unknown scenario field(s): {', '.join(sorted(unknown))}; "
                            f"known: {', '.join(sorted(ALL_KEYS))}")
    try:
        return _set_up(spec)
    except (ValueError, KeyError, TypeError) as e:
        raise ScenarioError(f"cannot set up the scenario: {_reason(e)}") from None


def _reason(e: Exception) -> str:
    return str(e.args[0]) if isinstance(e, KeyError) and e.args else str(e)


def _set_up(spec: Mapping[str, Any]) -> Game:
    edition = get_edition(str(spec.get("edition", "classic")))
    players = spec.get("players")
    if not isinstance(players, list) or not players:
        raise ValueError("'players' must be a list of players, each with at least a name")
    entries = [p if isinstance(p, Mapping) else {"name": str(p)} for p in players]
    for entry in entries:
        bad = set(entry) - PLAYER_KEYS
        if bad:
            raise ValueError(f"unknown player field(s) {', '.join(sorted(bad))}; known: "
                             f"{', '.join(sorted(PLAYER_KEYS))}")
        if "name" not in entry:
            raise ValueError("every player needs a name")
    game = edition.new_game([str(e["name"]) for e in entries], seed=spec.get("seed", 0),
                            options=spec.get("options") or {}, decide_order=False, start=False)
    board = game.board
    for seat, entry in enumerate(entries):
        player = game.players[seat]
        if "cash" in entry:
            cash = int(entry["cash"])
            if cash < 0:
                raise ValueError(f"{player.name}'s cash cannot be negative")
            diff = cash - game.cash(seat)
            if diff > 0:
                game.ledger.transfer(BANK, seat, diff, "scenario set-up")
            elif diff < 0:
                game.ledger.transfer(seat, BANK, -diff, "scenario set-up")
        if "at" in entry:
            player.position = board.find(entry["at"])
        player.in_jail = bool(entry.get("in_jail", False))
        if player.in_jail:
            player.position = board.find("Jail")
        player.jail_turns = int(entry.get("jail_turns", 0))
        player.bankrupt = bool(entry.get("bankrupt", False))
        for owned in entry.get("owns", []) or []:
            item = owned if isinstance(owned, Mapping) else {"deed": owned}
            bad = set(item) - DEED_KEYS
            if bad:
                raise ValueError(f"unknown deed field(s) {', '.join(sorted(bad))}; known: "
                                 f"{', '.join(sorted(DEED_KEYS))}")
            deed = board.find_deed(item["deed"])
            if game.owner[deed] >= 0:
                raise ValueError(f"{board[deed].name} is owned twice")
            game.set_owner(deed, seat)
            houses = item.get("houses", 0)
            if item.get("hotel") or houses == "hotel":
                houses = 5
            game.houses[deed] = int(houses)
            game.mortgaged[deed] = bool(item.get("mortgaged", False))
        for key in entry.get("cards", []) or []:
            deck = game.decks.get(str(key))
            if deck is None:
                raise ValueError(f"no deck '{key}'; the decks are {', '.join(game.decks)}")
            index = next((i for i in deck.order
                          if deck.cards[i].kind == "get_out_of_jail_free"), None)
            if index is None:
                raise ValueError(f"no Get Out of Jail Free card left in {deck.name}")
            deck.order.remove(index)
            player.cards.append((deck.key, index))
    game.setup_done()
    turn = game.seat_of(spec["turn"]) if "turn" in spec else 0
    game.current = game.first = turn
    if "round" in spec:
        game.round = int(spec["round"])
    game.dice.script(spec.get("dice", []) or [])
    for key, ids in (spec.get("decks") or {}).items():
        if key not in game.decks:
            raise ValueError(f"no deck '{key}'; the decks are {', '.join(game.decks)}")
        game.decks[key].stack([str(i) for i in ids])
    game.begin_turn()
    game.run()
    return game


def play_actions(game: Game, actions: list[Any]) -> list[str]:
    """Answer the scripted actions in order and return what went against the script.

    An entry marked ``refused: true`` (or ``refused: "words of the reason"``) must be refused
    by the engine and change nothing; the run goes on after it. An entry with ``expect:`` is
    followed by a check of those expectations. An unmarked action that is not legal stops the
    run with a :class:`ScenarioError` naming it, the pending decision and the legal actions.
    A marked action that the engine accepts is a failure, and stops the run: what follows
    was written for a different position.
    """
    failures: list[str] = []
    for number, raw in enumerate(actions or [], start=1):
        if not isinstance(raw, (Mapping, str)):
            raise ScenarioError(
                f"action {number} should be a mapping like {{player: Ann, do: roll}}")
        obj = dict(raw) if isinstance(raw, Mapping) else {"do": raw}
        odd = [k for k in obj if not isinstance(k, str)]
        if odd:
            raise ScenarioError(f"action {number} has a field named {odd[0]!r}: field names are "
                                "words (in YAML, quote values that hold a comma)")
        refused = obj.pop("refused", None)
        expect = obj.pop("expect", None)
        label = f"action {number} ({_short(obj)})"
        if expect is not None and not isinstance(expect, Mapping):
            raise ScenarioError(f"{label}: 'expect' should be a mapping of expectations")
        if refused is not None and not isinstance(refused, (bool, str)):
            raise ScenarioError(f"{label}: 'refused' should be true or part of the reason")
        try:
            if "player" in obj:
                seat = game.seat_of(obj.pop("player"))
            elif game.pending:
                seat = game.pending[0].player
            else:
                raise ValueError("nobody is asked to act")
            action = action_from_json(game, seat, obj)
        except ValueError as e:
            raise ScenarioError(_illegal_message(game, number, raw, e)) from None
        if refused is None or refused is False:
            try:
                game.act(seat, action)
            except IllegalAction as e:
                raise ScenarioError(_illegal_message(game, number, raw, e)) from None
        else:
            before = snapshot(game)
            try:
                game.act(seat, action)
            except IllegalAction as e:
                reason = str(e)
                if isinstance(refused, str) and refused.lower() not in reason.lower():
                    failures.append(f"{label}: refused for another reason: expected a reason "
                                    f"containing {refused!r}, got {reason!r}")
                after = snapshot(game)
                if after != before:
                    changed = sorted(k for k in before if before[k] != after.get(k))
                    failures.append(f"{label}: refused but the state changed "
                                    f"({', '.join(changed)})")
            else:
                left = len(actions) - number
                failures.append(f"{label}: should have been refused but was accepted"
                                + (f"; the {left} action(s) after it were not played"
                                   if left else ""))
                return failures
        if expect:
            failures.extend(f"after {label}: {f}"
                            for f in check(game, snapshot(game), expect))
    return failures


def _illegal_message(game: Game, number: int, raw: Any, e: Exception) -> str:
    lines = [f"action {number} ({_short(raw)}) was refused: {e}"]
    if game.over:
        lines.append("the game is over")
    for d in game.pending:
        legal = ", ".join(_short(action_to_json(game, a)) for a in game.legal_actions(d.player))
        lines.append(f"pending: {game.name(d.player)} must answer '{d.kind}'; legal: {legal}")
    return "\n".join(lines)


def _short(obj: Any) -> str:
    if isinstance(obj, Mapping):
        return " ".join(f"{k}={v}" if k != "do" else str(v) for k, v in obj.items())
    return str(obj)


def run(spec: Mapping[str, Any], *,
        watch: Callable[[Game], None] | None = None) -> Outcome:
    """Set up, play the actions and check the expectations. ``watch`` is called with the
    game once it is set up, before the actions (to attach listeners, e.g. a narrator)."""
    game = set_up(spec)
    if watch is not None:
        watch(game)
    failures = play_actions(game, spec.get("actions") or [])
    snap = snapshot(game)
    if not any("should have been refused" in f for f in failures):
        failures.extend(check(game, snap, spec.get("expect") or {}))
    return Outcome(game, snap, failures)


# ------------------------------------------------------------------------ expectations

def check(game: Game, snap: Mapping[str, Any], expect: Mapping[str, Any]) -> list[str]:
    """Every expectation that the snapshot does not meet, as 'where: expected X, got Y'."""
    failures: list[str] = []

    def compare(where: str, want: Any, got: Any) -> None:
        if want != got:
            failures.append(f"{where}: expected {want!r}, got {got!r}")

    for key, want in expect.items():
        if key == "players":
            for name, fields in want.items():
                try:
                    seat = game.seat_of(name)
                except ValueError as e:
                    failures.append(f"players.{name}: {e}")
                    continue
                got = snap["players"][seat]
                for f, v in fields.items():
                    where = f"players.{name}.{f}"
                    if f == "at":
                        try:
                            want_at = game.board.find(v)
                        except ValueError as e:
                            failures.append(f"{where}: {e}")
                            continue
                        if want_at != got["position"]:
                            failures.append(f"{where}: expected {game.board[want_at].name!r}, "
                                            f"got {got['at']!r}")
                    elif f == "cards":
                        compare(where, sorted(v), sorted(c.split("@")[0] for c in got["cards"]))
                    elif f in got:
                        compare(where, v, got[f])
                    else:
                        failures.append(f"{where}: players have no field '{f}'")
        elif key == "deeds":
            for name, fields in want.items():
                try:
                    deed = game.board.find_deed(name)
                except ValueError as e:
                    failures.append(f"deeds.{name}: {e}")
                    continue
                got = snap["deeds"][game.board[deed].name]
                for f, v in fields.items():
                    where = f"deeds.{name}.{f}"
                    if f == "hotel":
                        compare(where, bool(v), got["houses"] == 5)
                    elif f == "houses" and v == "hotel":
                        compare(where, 5, got["houses"])
                    elif f in got:
                        compare(where, v, got[f])
                    else:
                        failures.append(f"{where}: deeds have no field '{f}'")
        elif key == "pending":
            got_pending = snap["pending"]
            want_list = want if isinstance(want, list) else [want]
            if len(want_list) != len(got_pending):
                failures.append(f"pending: expected {len(want_list)} decision(s), got "
                                f"{[(d['player'], d['kind']) for d in got_pending]}")
                continue
            for i, (w, g) in enumerate(zip(want_list, got_pending, strict=True)):
                for f, v in w.items():
                    compare(f"pending[{i}].{f}", v, g.get(f))
        elif key == "decks" and isinstance(want, Mapping):
            for deck_key, w in want.items():
                order = snap["decks"].get(deck_key)
                if order is None:
                    failures.append(f"decks.{deck_key}: no such deck; the decks are "
                                    f"{', '.join(snap['decks'])}")
                elif isinstance(w, Mapping):
                    for end, cards in w.items():
                        if end not in ("top", "bottom"):
                            failures.append(f"decks.{deck_key}.{end}: say 'top' or 'bottom'")
                            continue
                        ids = [str(c) for c in (cards if isinstance(cards, list) else [cards])]
                        part = order[:len(ids)] if end == "top" else order[len(order) - len(ids):]
                        compare(f"decks.{deck_key}.{end}", ids, part)
                else:
                    compare(f"decks.{deck_key}", list(w), order)
        elif isinstance(want, Mapping) and isinstance(snap.get(key), Mapping):
            for f, v in want.items():
                got_part = snap[key]
                if f in got_part:
                    compare(f"{key}.{f}", v, got_part[f])
                else:
                    failures.append(f"{key}.{f}: the snapshot's {key} has no field '{f}'")
        elif key in snap:
            compare(key, want, snap[key])
        else:
            failures.append(f"{key}: the snapshot has no field '{key}'")
    return failures
