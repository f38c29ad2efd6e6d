"""Independent copies (``game.clone()``, ``copy.deepcopy``), what a seat may see
(``game.view(seat)``), and games that differ only in what a seat cannot see
(``game.determinize``): for every edition.

* A clone shares nothing that changes with its original: answered alike, the two stay
  identical; answered differently, neither affects the other (dice and decks included).
* Two games that differ only in hidden information (deck order, other players' hands, the
  dice to come) give a seat equal views, and every bot chooses alike in both.
"""

from __future__ import annotations

import copy
import random
from collections import deque
from collections.abc import Iterator
from typing import Any

import pytest

from pennybags.bots import bot_names, make_bot
from pennybags.editions import all_editions, get_edition
from pennybags.engine.actions import Action, Decision, Trade
from pennybags.engine.board import Board, Space
from pennybags.engine.data import EditionData
from pennybags.engine.decks import Card
from pennybags.engine.game import Game
from pennybags.engine.rules import ActionRule, CardRule, Entry, Rulebook, SpaceRule
from pennybags.engine.snapshot import snapshot
from pennybags.engine.turn import AfterRoll

EDITIONS = [e.id for e in all_editions()]


def new_game(edition: str, seed: int, players: int = 4) -> Game:
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][:players]
    return get_edition(edition).new_game(names, seed=seed, options={"max-rounds": 120})


def play(game: Game, steps: int, seed: int, spec: str = "standard") -> None:
    """Play up to ``steps`` answers with bots."""
    bots = [make_bot(spec, seed * 10 + s) for s in range(len(game.players))]
    for _ in range(steps):
        if game.over:
            return
        p = game.pending[0].player
        game.act(p, bots[p].choose(game, p))


def positions(edition: str, count: int = 6) -> Iterator[Game]:
    """Games at different stages (the start, early, middle, late), each a fresh game."""
    for seed in range(count):
        game = new_game(edition, seed, players=3 + seed % 2)
        play(game, [0, 15, 60, 150, 300, 500][seed % 6], seed,
             "random" if seed % 3 == 2 else "standard")
        yield game


# ------------------------------------------------------------------ shared state

IMMUTABLE = (str, int, float, bool, bytes, type(None), Action, Decision, Trade, Card, Space,
             Board, EditionData, frozenset, Rulebook, Entry, ActionRule, SpaceRule, CardRule,
             AfterRoll)
"""Values, and the edition's rulebook and data: shared by every game of the edition (they
hold no game state; an ``AfterRoll`` step is a seat and a flag, shared by every game)."""


def mutable_parts(obj: Any, seen: dict[int, Any], path: str) -> Iterator[tuple[int, str]]:
    """Every mutable object reachable from ``obj`` (with where it was found)."""
    if id(obj) in seen:
        return
    seen[id(obj)] = obj
    if isinstance(obj, IMMUTABLE) or (callable(obj) and not hasattr(obj, "__self__")):
        return
    if hasattr(obj, "__self__"):  # a bound method: its object
        yield from mutable_parts(obj.__self__, seen, path + ".__self__")
        return
    if isinstance(obj, tuple):
        for i, item in enumerate(obj):
            yield from mutable_parts(item, seen, f"{path}[{i}]")
        return
    if obj.__class__.__module__.startswith(("random", "_random")):
        yield id(obj), path
        return
    if dataclass_like(obj):
        return
    yield id(obj), path
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from mutable_parts(v, seen, f"{path}[{k!r}]")
    elif isinstance(obj, (list, set, deque)):
        for i, item in enumerate(obj):
            yield from mutable_parts(item, seen, f"{path}[{i}]")
    else:
        fields = dict(getattr(obj, "__dict__", {}))
        for cls in type(obj).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(obj, name):
                    fields[name] = getattr(obj, name)
        for name, value in fields.items():
            yield from mutable_parts(value, seen, f"{path}.{name}")


def dataclass_like(obj: Any) -> bool:
    """Frozen option objects (the edition's house rules) never change."""
    params = getattr(type(obj), "__dataclass_params__", None)
    return bool(params is not None and params.frozen)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_clone_shares_nothing_that_changes(edition: str) -> None:
    for game in positions(edition):
        copy_ = game.clone()
        rulebook = {id(game.rulebook.entries): game.rulebook.entries,
                    id(game.rulebook.numbered): game.rulebook.numbered,
                    id(game.rulebook.managing_table): game.rulebook.managing_table}
        original = dict(mutable_parts(game, dict(rulebook), "game"))
        cloned = dict(mutable_parts(copy_, dict(rulebook), "clone"))
        shared = set(original) & set(cloned)
        assert not shared, [original[i] for i in shared][:5]
        assert copy_.listeners == [] and copy_.rulebook is game.rulebook


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_clone_answered_alike_stays_identical(edition: str) -> None:
    for seed, game in enumerate(positions(edition)):
        twin = game.clone()
        assert snapshot(twin) == snapshot(game)
        a_bots = [make_bot("random", seed * 7 + s) for s in range(len(game.players))]
        b_bots = [make_bot("random", seed * 7 + s) for s in range(len(game.players))]
        for _ in range(250):
            if game.over:
                break
            p = game.pending[0].player
            action = a_bots[p].choose(game, p)
            assert b_bots[p].choose(twin, p) == action
            game.act(p, action)
            twin.act(p, action)
        assert snapshot(twin) == snapshot(game)
        assert twin.ledger.transactions == game.ledger.transactions
        assert twin.history == game.history
        assert twin.rng.getstate() == game.rng.getstate()


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_clone_answered_differently_never_affects_the_original(edition: str) -> None:
    for seed, game in enumerate(positions(edition)):
        if game.over:
            continue
        before = snapshot(game)
        state = game.rng.getstate()
        twin = game.clone()
        p = twin.pending[0].player
        legal = twin.legal_actions(p)
        rng = random.Random(seed)
        for _ in range(120):  # the clone goes its own way
            if twin.over:
                break
            q = twin.pending[0].player
            twin.act(q, rng.choice(twin.legal_actions(q)))
        assert snapshot(game) == before
        assert game.rng.getstate() == state
        # ... and the original goes on untouched by the clone's future.
        other = game.clone()
        game.act(p, legal[-1])
        other.act(p, legal[-1])
        assert snapshot(game) == snapshot(other)


@pytest.mark.parametrize("edition", EDITIONS)
def test_deepcopy_is_a_clone_with_its_own_dice(edition: str) -> None:
    game = new_game(edition, 11)
    play(game, 40, 11)
    twin = copy.deepcopy(game)
    assert type(twin) is type(game) and twin is not game
    assert snapshot(twin) == snapshot(game)
    rolls = [game.dice.roll() for _ in range(20)]
    assert [twin.dice.roll() for _ in range(20)] == rolls  # the same stream, not one stream
    game.rng.random()  # drawing from one does not move the other
    assert twin.rng.getstate() != game.rng.getstate()
    assert copy.copy(game).seed == game.seed


def test_a_clone_of_a_scripted_game_keeps_its_script_to_itself() -> None:
    game = new_game("classic", 1)
    game.dice.script([[1, 2], [3, 4]])
    twin = game.clone()
    assert game.dice.roll() == (1, 2)
    assert twin.dice.roll() == (1, 2)
    assert twin.dice.roll() == (3, 4) and game.dice.scripted == [(3, 4)]


# ------------------------------------------------------------------ views

@pytest.mark.parametrize("edition", EDITIONS)
def test_games_that_differ_only_in_hidden_information_give_equal_views(edition: str) -> None:
    rng = random.Random(5)
    for game in positions(edition, count=9):
        seats: list[int | None] = [*range(len(game.players)), None]
        for seat in seats:
            other = game.determinize(seat, rng)
            assert other.view(seat) == game.view(seat), (edition, seat)
            assert snapshot(other)["players"][0]["cash"] == snapshot(game)["players"][0]["cash"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_view_shows_no_seed_no_deck_order_and_only_the_seats_actions(edition: str) -> None:
    game = new_game(edition, 2)
    play(game, 80, 2)
    for seat in range(len(game.players)):
        view = game.view(seat)
        assert "seed" not in view
        for deck in view["decks"].values():
            assert set(deck) == {"cards", "seen"}
        for d in view["pending"]:
            assert ("actions" in d) == (d["player"] == game.name(seat))
    assert all("actions" not in d for d in game.view()["pending"])


def test_a_view_hides_other_players_hands_in_monopoly_2_3() -> None:
    game = new_game("monopoly-2.3", 4)
    play(game, 30, 4)
    view = game.view(0)
    mine = view["players"][0]
    assert "cards" in mine and "hand" not in mine
    assert mine["cards"] == snapshot(game)["players"][0]["cards"]
    for p, entry in enumerate(view["players"][1:], start=1):
        assert "cards" not in entry
        assert sum(entry["hand"].values()) == len(game.players[p].cards)
    assert all("hand" in entry for entry in game.view(None)["players"])


def test_classic_views_show_kept_cards_face_up() -> None:
    game = new_game("classic", 6)
    key = "chance"
    index = next(i for i, c in enumerate(game.decks[key].cards)
                 if c.kind == "get_out_of_jail_free")
    game.decks[key].remove(index)
    game.players[1].cards.append((key, index))
    assert game.view(0)["players"][1]["cards"] == [
        game.decks[key].cards[index].id + "@chance"]


def test_cards_seen_going_under_the_deck_are_known() -> None:
    game = new_game("classic", 3)
    deck = game.decks["community_chest"]
    top = deck.draw()
    deck.put_bottom(top)
    view = game.view(0)
    assert view["decks"]["community_chest"] == {"cards": 16, "seen": [deck.cards[top].id]}
    rng = random.Random(0)
    for _ in range(20):
        other = game.determinize(0, rng)
        assert other.decks["community_chest"].order[-1] == top


def test_a_determinized_copy_draws_other_dice_and_other_cards() -> None:
    game = new_game("classic", 3)
    rng = random.Random(1)
    copies = [game.determinize(0, rng) for _ in range(8)]
    assert len({tuple(c.decks["chance"].order) for c in copies}) > 1
    assert len({tuple(c.dice.roll() for _ in range(5)) for c in copies}) > 1


def test_determinize_keeps_the_seats_own_hand_in_monopoly_2_3() -> None:
    game = new_game("monopoly-2.3", 8)
    play(game, 40, 8)
    rng = random.Random(2)
    others = [game.determinize(1, rng) for _ in range(6)]
    for other in others:
        assert other.players[1].cards == game.players[1].cards
        for p in (0, 2, 3):
            counts = sorted(k for k, _ in other.players[p].cards)
            assert counts == sorted(k for k, _ in game.players[p].cards)
    assert len({tuple(o.players[0].cards) for o in others} |
               {tuple(game.players[0].cards)}) > 1 or not game.players[0].cards


def test_a_view_of_no_seat_that_does_not_exist_is_refused() -> None:
    game = new_game("classic", 1)
    with pytest.raises(ValueError, match="no seat 9"):
        game.view(9)


# ------------------------------------------------------------------ bots

@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("bot", sorted(bot_names()))
def test_bots_choose_alike_whatever_they_cannot_see(edition: str, bot: str) -> None:
    """No bot reads what its seat may not know: in two games that differ only in hidden
    information, the same bot (same seed) makes the same choice."""
    rng = random.Random(17)
    checked = 0
    for game in positions(edition, count=12):
        if game.over:
            continue
        p = game.pending[0].player
        other = game.determinize(p, rng)
        chosen = make_bot(bot, 99).choose(game, p)
        assert make_bot(bot, 99).choose(other, p) == chosen, (edition, bot, chosen)
        checked += 1
    assert checked >= 6


class PeekingBot:
    """A bot that cheats: its choice depends on the order of the decks."""

    name = "peeking"

    def choose(self, game: Game, player: int) -> Action:
        legal = game.legal_actions(player)
        order = tuple(i for deck in game.decks.values() for i in deck.order)
        return legal[hash(order) % len(legal)]


def test_the_comparison_catches_a_bot_that_peeks() -> None:
    """The test above can fail: a bot that reads the deck order chooses differently."""
    rng = random.Random(3)
    differ = 0
    for seed in range(20):
        game = new_game("classic", seed)
        play(game, 30, seed)
        if game.over or len(game.legal_actions(game.pending[0].player)) < 2:
            continue
        p = game.pending[0].player
        other = game.determinize(p, rng)
        differ += PeekingBot().choose(game, p) != PeekingBot().choose(other, p)
    assert differ >= 3
