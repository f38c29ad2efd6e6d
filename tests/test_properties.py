"""Property tests: random classic games keep the rules' invariants and replay bit for bit.

A test-only fuzz policy plays alongside the bots: it proposes random trades (often legal,
sometimes not), bids odd amounts and throws random, mostly illegal actions at the engine.
Every refused action must raise IllegalAction and change nothing; after every accepted one
the invariants of ``check_invariants`` (conftest.py) must hold.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import HOTEL, check_invariants
from pennybags import history, scenario
from pennybags.bots import Bot, make_bot
from pennybags.editions import get_edition
from pennybags.engine.actions import Action, IllegalAction, Trade
from pennybags.engine.game import Event, Game
from pennybags.engine.snapshot import snapshot

BOT_SPECS = ("random", "simple", "simple?reserve=0", "simple?reserve=400")
ACTION_IDS = ("roll", "end-turn", "buy", "auction", "pass", "pay-bail", "use-card",
              "declare-bankruptcy", "accept", "reject", "counter", "keep-mortgaged", "build",
              "sell-building", "mortgage", "unmortgage", "bid", "propose-trade", "fly-away")

SETTINGS = settings(max_examples=30, deadline=None, derandomize=False,
                    suppress_health_check=[HealthCheck.too_slow])

house_rules = st.fixed_dictionaries(
    {"max-rounds": st.integers(30, 80)},
    optional={"free-parking-pot": st.booleans(), "no-auctions": st.booleans(),
              "double-go": st.booleans()},
)


def fingerprint(game: Game) -> Any:
    """Everything an action could change, public or internal."""
    ledger = game.ledger
    inner = {k: repr(getattr(game, k, None))
             for k in ("auction", "trade", "lift_offer", "_suspended", "last_dice", "doubles",
                       "bank_houses", "bank_hotels", "current", "round", "turns")}
    return (snapshot(game), list(ledger.transactions), list(ledger.balances), ledger.bank,
            dict(ledger.pots), list(game.history), game.rng.getstate(),
            list(game.dice.scripted), repr(game.pending), list(game.dues), game.step_depth(),
            [list(p.cards) for p in game.players], inner)


def random_trade(game: Game, rng: random.Random, proposer: int) -> Trade:
    """A trade that is often legal: deeds and cards each side holds, cash it may have."""
    n = len(game.players)
    others = [q for q in range(n) if q != proposer]
    recipient = rng.choice(others) if rng.random() < 0.95 else rng.choice([proposer, n, -1])

    def deeds(side: int) -> tuple[int, ...]:
        own = game.deeds_of(side) if 0 <= side < n else []
        picked = rng.sample(own, min(len(own), rng.randint(0, 2)))
        if rng.random() < 0.08:
            picked.append(rng.randrange(game.board.size))
        return tuple(picked)

    def cards(side: int) -> tuple[str, ...]:
        held = [k for k, _ in game.players[side].cards] if 0 <= side < n else []
        picked = held[:rng.randint(0, len(held))]
        if rng.random() < 0.05:
            picked.append("chance")
        return tuple(picked)

    def cash(side: int) -> int:
        have = game.cash(side) if 0 <= side < n else 0
        return rng.choice([0, 0, rng.randint(0, max(0, have)), have + 1, -10])

    return Trade(proposer, recipient, deeds(proposer), deeds(recipient), cash(proposer),
                 cash(recipient), cards(proposer), cards(recipient))


def random_action(game: Game, rng: random.Random) -> tuple[int, Action]:
    """Any player (sometimes no real one), any action id, any argument."""
    n = len(game.players)
    if game.pending and rng.random() < 0.5:
        player = rng.choice(game.pending).player
    else:
        player = rng.randrange(n) if rng.random() < 0.95 else rng.choice([-1, n])
    do = rng.choice(ACTION_IDS)
    deed = rng.choice([-1, -7, rng.randrange(game.board.size), rng.choice(game.board.deeds),
                       game.board.size, 1000])
    amount = rng.choice([0, 1, -1, rng.randint(0, 700), 10**7])
    trade = random_trade(game, rng, player) if do in ("propose-trade", "counter") and \
        0 <= player < n else None
    if trade is None and rng.random() < 0.03:
        trade = Trade(0, 1, give_cash=1)
    return player, Action(do, deed, amount, trade)


def try_action(game: Game, player: int, action: Action) -> bool:
    """Act; a refusal must raise IllegalAction, agree with why_illegal and change nothing."""
    reason = game.why_illegal(player, action)
    if reason is None:
        game.act(player, action)  # an IllegalAction here fails the test
        return True
    assert reason, "an empty reason"
    before = fingerprint(game)
    try:
        game.act(player, action)
    except IllegalAction as e:
        assert str(e) == reason, "act and why_illegal disagree"
    else:
        raise AssertionError(f"{action} was accepted although why_illegal says {reason!r}")
    assert fingerprint(game) == before, f"refused {action} for {player} changed the game"
    return False


def fuzz_step(game: Game, bots: list[Bot], rng: random.Random) -> None:
    """One step of the fuzz policy: mostly bots, some chaos."""
    x = rng.random()
    if x < 0.12:
        try_action(game, *random_action(game, rng))
        return
    if x < 0.20:
        active = game.active_players()
        proposer = rng.choice(active)
        try_action(game, proposer, Action("propose-trade", trade=random_trade(game, rng,
                                                                               proposer)))
        return
    if x < 0.25:
        player = rng.randrange(len(game.players))
        legal = game.legal_actions(player)
        if legal:
            assert try_action(game, player, rng.choice(legal))
        return
    decision = rng.choice(game.pending)
    if decision.kind == "bid" and rng.random() < 0.3:
        odd = Action("bid", amount=decision.amount + rng.choice([1, 3, 7, 99, 10**6]))
        try_action(game, decision.player, odd)
        return
    action = bots[decision.player].choose(game, decision.player)
    assert try_action(game, decision.player, action), f"a bot's {action} was refused"


def play_fuzzed(game: Game, bot_specs: list[str], rng: random.Random,
                max_steps: int = 20_000) -> None:
    bots = [make_bot(spec, rng.randrange(2**30)) for spec in bot_specs]
    check_invariants(game)
    for step in range(max_steps):
        if game.over:
            check_invariants(game)
            return
        fuzz_step(game, bots, rng)
        check_invariants(game, thorough=step % 8 == 0)
    raise AssertionError(f"no end after {max_steps} steps")


def replay_matches(game: Game, setup: Mapping[str, Any] | None = None) -> None:
    """The record, through JSON, replays to the same game bit for bit."""
    rec = json.loads(json.dumps(history.record(game, setup)))
    again = history.replay(rec)
    assert again.history == game.history
    assert again.ledger.transactions == game.ledger.transactions
    assert snapshot(again) == snapshot(game)
    assert again.rng.getstate() == game.rng.getstate()


@SETTINGS
@given(seed=st.integers(0, 2**40), players=st.integers(2, 6),
       specs=st.lists(st.sampled_from(BOT_SPECS), min_size=6, max_size=6),
       options=house_rules, fuzz=st.integers(0, 2**32))
def test_random_games_keep_the_invariants_and_replay(
        seed: int, players: int, specs: list[str], options: dict[str, Any],
        fuzz: int) -> None:
    rng = random.Random(fuzz)
    game = get_edition("classic").new_game([f"P{i}" for i in range(players)], seed=seed,
                                           options=options)
    play_fuzzed(game, specs[:players], rng)
    assert game.over
    if game.end_reason == "round-cap":
        assert game.round == options["max-rounds"]  # the last round played
    else:
        assert game.end_reason == "bankruptcy"
        assert game.winner is not None and len(game.active_players()) == 1
    replay_matches(game)


def random_position(rng: random.Random, players: int) -> dict[str, Any]:
    """A scenario spec for a random mid-game position: deeds spread over the players, whole
    groups built up (often close to the bank's 32 houses), mortgages, cards and jail."""
    board = get_edition("classic").data.board
    owners: dict[int, int] = {}
    for d in board.deeds:
        if rng.random() < 0.8:
            owners[d] = rng.randrange(players)
    for group in board.groups.values():  # make whole groups common
        if group and rng.random() < 0.5:
            who = rng.randrange(players)
            for d in group:
                owners[d] = who
    levels: dict[int, int] = {}
    houses_left, hotels_left = 32, 12
    for group in board.groups.values():
        if not group or board[group[0]].kind != "street":
            continue
        who = owners.get(group[0], -1)
        if who < 0 or any(owners.get(d, -1) != who for d in group) or rng.random() < 0.2:
            continue
        base = rng.randint(0, HOTEL)
        for d in group:
            level = min(HOTEL, base + (1 if base < HOTEL - 1 and rng.random() < 0.3 else 0))
            if level == HOTEL and hotels_left:
                hotels_left -= 1
            elif level < HOTEL and level <= houses_left:
                houses_left -= level
            else:
                level = 0
            levels[d] = level
    spec_players: list[dict[str, Any]] = []
    cards = ["chance", "community_chest"]
    rng.shuffle(cards)
    for seat in range(players):
        owns: list[Any] = []
        for d, who in owners.items():
            if who != seat:
                continue
            group = board.group_of[d]
            built = any(levels.get(g, 0) for g in group)
            if levels.get(d):
                owns.append({"deed": board[d].name, "houses": levels[d]})
            elif not built and rng.random() < 0.25:
                owns.append({"deed": board[d].name, "mortgaged": True})
            else:
                owns.append(board[d].name)
        entry: dict[str, Any] = {"name": f"P{seat}", "cash": rng.choice([0, 20, 150, 600, 2000]),
                                 "at": rng.randrange(board.size), "owns": owns}
        if rng.random() < 0.2:
            entry["in_jail"] = True
            entry["jail_turns"] = rng.randint(0, 2)
        if cards and rng.random() < 0.3:
            entry["cards"] = [cards.pop()]
        spec_players.append(entry)
    return {"edition": "classic", "seed": rng.randrange(2**31), "players": spec_players,
            "turn": f"P{rng.randrange(players)}",
            "options": {"max-rounds": rng.randint(3, 12),
                        "free-parking-pot": rng.random() < 0.3}}


@SETTINGS
@given(players=st.integers(2, 6), specs=st.lists(st.sampled_from(BOT_SPECS), min_size=6,
                                                  max_size=6),
       fuzz=st.integers(0, 2**32))
def test_random_positions_keep_the_invariants_and_replay(
        players: int, specs: list[str], fuzz: int) -> None:
    rng = random.Random(fuzz)
    spec = random_position(rng, players)
    game = scenario.set_up(spec)
    play_fuzzed(game, specs[:players], rng)
    replay_matches(game, setup=spec)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(2, 6),
       specs=st.lists(st.sampled_from(BOT_SPECS), min_size=6, max_size=6),
       options=house_rules, bot_seed=st.integers(0, 2**20))
def test_same_seed_and_answers_give_the_same_game(
        seed: int, players: int, specs: list[str], options: dict[str, Any],
        bot_seed: int) -> None:
    runs = []
    for _ in range(2):
        game = get_edition("classic").new_game([f"P{i}" for i in range(players)], seed=seed,
                                               options=options)
        events: list[tuple[str, str]] = []

        def listen(ev: Event, log: list[tuple[str, str]] = events) -> None:
            log.append((ev.kind, repr(ev.data)))

        game.listeners.append(listen)
        bots = [make_bot(s, bot_seed + i) for i, s in enumerate(specs[:players])]
        while not game.over:
            d = game.pending[0]
            game.act(d.player, bots[d.player].choose(game, d.player))
        runs.append((game.history, game.ledger.transactions, snapshot(game), events))
    assert runs[0] == runs[1]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**40), cut=st.floats(0, 1))
def test_replaying_a_prefix_is_the_game_at_that_point(seed: int, cut: float) -> None:
    """Undo is replay minus the last answers: the prefix replays to the state seen then."""

    def play(stop: int | None = None) -> tuple[Game, dict[str, Any] | None]:
        game = get_edition("classic").new_game(["Ann", "Bob", "Cy"], seed=seed,
                                               options={"max-rounds": 30})
        bots = [make_bot("random", seed + i) for i in range(3)]
        seen = snapshot(game) if stop == 0 else None
        while not game.over:
            d = game.pending[0]
            game.act(d.player, bots[d.player].choose(game, d.player))
            if len(game.history) == stop:
                seen = snapshot(game)
        return game, seen

    whole, _ = play()
    rec = history.record(whole)
    upto = int(cut * len(rec["actions"]))
    _, then = play(stop=upto)
    assert then is not None
    assert snapshot(history.replay(rec, upto=upto)) == then


def test_events_cost_nothing_and_change_nothing_when_listened_to() -> None:
    """A listener only watches: the same game with and without one is identical."""
    quiet = get_edition("classic").new_game(["Ann", "Bob"], seed=7, options={"max-rounds": 40})
    loud = get_edition("classic").new_game(["Ann", "Bob"], seed=7, options={"max-rounds": 40})
    kinds: list[str] = []
    loud.listeners.append(lambda ev: kinds.append(ev.kind))
    for game in (quiet, loud):
        bots = [make_bot("simple", 3), make_bot("random", 4)]
        while not game.over:
            d = game.pending[0]
            game.act(d.player, bots[d.player].choose(game, d.player))
    assert snapshot(quiet) == snapshot(loud)
    assert "rolled" in kinds and "game-over" in kinds


@pytest.mark.parametrize("edition", ["classic", "electronic-banking", "monopoly-2.3",
                                     "ultimate-banking"])
def test_every_change_of_owner_is_counted(edition: str) -> None:
    """Bots cache what they read from the owners until ``transfers`` moves: every change of
    owner, in every edition, goes through ``set_owner`` and is counted."""
    for seed in range(4):
        game = get_edition(edition).new_game(["A", "B", "C"], seed=seed,
                                             options={"max-rounds": 60})
        bots = [make_bot("random" if seat == 1 else "standard", seed * 8 + seat)
                for seat in range(3)]
        owner, transfers, changes = list(game.owner), game.transfers, game.changes
        moved = 0
        while not game.over:
            p = game.pending[0].player
            game.act(p, bots[p].choose(game, p))
            if game.owner != owner:
                moved += 1
                assert game.transfers > transfers, "an owner changed without set_owner"
                assert game.changes > changes
            owner, transfers, changes = list(game.owner), game.transfers, game.changes
        assert moved > 0
