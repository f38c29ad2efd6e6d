"""The seats' views made together for a room's states (:class:`pennybags.web.rooms.Views`)
are the views the engine gives each seat (:meth:`Game.view`), at every step of games of
every edition: the parts seats see alike made once must not let one seat's hidden hand or
legal actions into another's view."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from pennybags.editions import all_editions
from pennybags.engine.actions import Action
from pennybags.engine.notation import action_to_json
from pennybags.web.db import open_store
from pennybags.web.rooms import RoomService, Views

STEPS = 400


@pytest.mark.parametrize("edition", [e.id for e in all_editions()])
def test_views_made_together_are_the_engines(edition: str) -> None:
    chosen = next(e for e in all_editions() if e.id == edition)
    low, high = chosen.players
    count = min(4, high)
    rng = random.Random(edition)
    game = chosen.new_game([f"P{s + 1}" for s in range(max(low, count))], seed=7)
    seats: list[int | None] = [None, *range(len(game.players))]
    held = 0  # (steps at which a seat held a card: the hidden hands were compared)
    kept: dict[Action, dict[str, Any]] = {}  # (kept from step to step, as a room does)
    for _ in range(STEPS):
        if game.over or not game.pending:
            break
        views = Views(game, seats, kept)
        for seat in seats:
            assert views.view(seat) == game.view(seat), (edition, seat, game.round)
            if seat is not None:
                legal, written = views.legal(seat)
                assert legal == game.legal_actions(seat)
                assert written == [action_to_json(game, a) for a in legal]
        held += any(p.cards for p in game.players)
        player = game.pending[0].player
        game.act(player, rng.choice(game.legal_actions(player)))
    if game.hidden_hands:
        assert held, "no card was held: the hidden hands were never compared"


def test_a_seat_sees_its_own_hand_only() -> None:
    """In Monopoly 2.3 (hidden hands) a seat's view made together with the others holds
    its own cards and only counts of the others'."""
    edition = next(e for e in all_editions() if e.id == "monopoly-2.3")
    game = edition.new_game(["Ann", "Bob", "Cy"], seed=3)
    rng = random.Random(3)
    while not any(p.cards for p in game.players):
        assert not game.over
        player = game.pending[0].player
        game.act(player, rng.choice(game.legal_actions(player)))
    holder = next(p.seat for p in game.players if p.cards)
    views = Views(game, [None, 0, 1, 2])
    for seat in (None, 0, 1, 2):
        entry = views.view(seat)["players"][holder]
        if seat == holder:
            assert entry["cards"] and "hand" not in entry
        else:
            assert "cards" not in entry and sum(entry["hand"].values()) == \
                len(game.players[holder].cards)


def test_no_such_seat() -> None:
    game = next(e for e in all_editions() if e.id == "classic").new_game(["Ann", "Bob"], seed=1)
    with pytest.raises(ValueError, match="no seat 5"):
        Views(game, [5]).view(5)


@pytest.mark.parametrize("edition", ["classic", "monopoly-2.3"])
def test_each_seats_state_holds_the_engines_view(tmp_path: Path, edition: str) -> None:
    """Through the room service: each state's ``view``, written part by part (the parts
    alike for every seat once), parsed, is the engine's view of that seat, and its
    choices are the seat's legal actions."""
    service = RoomService(open_store(str(tmp_path / "rooms.sqlite3")))
    try:
        code, host = service.create({"edition": edition, "seed": 11, "seats": [
            {"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]})
        for person in range(3):
            service.join(code, person)
        service.start(code, host)
        game = service._live(code).game
        assert game is not None
        rng = random.Random(11)
        held = 0
        for _ in range(150):
            shown = service.show(code, [None, 0, 1, 2])
            states = {seat: json.loads(text) for seat, text in shown.texts.items()}
            for seat, state in states.items():
                assert state["view"] == game.view(seat)
                if seat is not None:
                    assert [c["action"] for c in state["choices"]] == \
                        [action_to_json(game, a) for a in game.legal_actions(seat)]
            held += any(p.cards for p in game.players)
            mover = next((s for s in range(3) if states[s]["question"]), None)
            if mover is None or game.over:
                break
            choice = rng.choice(states[mover]["choices"])["action"]
            assert service.act(code, mover, choice, states[mover]["index"]).accepted
        if game.hidden_hands:
            assert held, "no card was held: the hidden hands were never compared"
    finally:
        service.store.close()
