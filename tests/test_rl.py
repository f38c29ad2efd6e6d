"""The learning environments (pennybags.rl): PettingZoo's and Gymnasium's own checkers for
every edition, seeding, the numbering of actions and its mask, views without hidden
information, and random masked play that always ends legally."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import pennybags.rl as rl
from pennybags.editions import all_editions, get_edition
from pennybags.rl.aec import default_players

EDITIONS = [e.id for e in all_editions()]


def test_every_edition_is_covered() -> None:
    assert set(EDITIONS) >= {"classic", "electronic-banking", "ultimate-banking",
                             "monopoly-2.3", "ultimate-monopoly"}


@pytest.mark.parametrize("edition", EDITIONS)
def test_pettingzoo_api_test(edition: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (its notes: "observation is all zeros" and such)
        api_test(rl.env(edition), num_cycles=200)


@pytest.mark.parametrize("edition", EDITIONS)
def test_pettingzoo_seed_test(edition: str) -> None:
    seed_test(lambda: rl.env(edition), num_cycles=100)


@pytest.mark.parametrize("edition", EDITIONS)
def test_gymnasium_check_env(edition: str) -> None:
    opponents = ["random"] * (default_players(edition) - 1)
    check_env(rl.SingleAgentEnv(edition, opponents), skip_render_check=True)


def aec_episode(edition: str, seed: int, players: int | None = None,
                check_numbers: bool = False) -> tuple[list[Any], dict[str, float]]:
    """Random masked play through the AEC environment to the end: the trace (agent,
    action, observation sum, rewards) and each agent's total reward."""
    env = rl.env(edition, players=players)
    raw = env.unwrapped
    env.reset(seed=seed)
    rng = random.Random(seed)
    trace: list[Any] = []
    totals: dict[str, float] = {a: 0.0 for a in raw.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask)
        assert len(legal) > 0, f"{agent} is asked with no legal action"
        seat = raw.agent_seat[agent]
        if check_numbers:
            numbers, outside = raw.table.legal(raw.game, seat)
            # every legal engine action has a number (counter-offers are never listed)
            assert outside == []
            for action in numbers.values():  # every number masked in is a legal action
                assert raw.game.why_illegal(seat, action) is None
        action = int(rng.choice(list(legal)))
        trace.append((agent, action, float(obs["observation"].sum())))
        env.step(action)
    assert raw.agents == []
    return trace, totals


@settings(max_examples=4, deadline=None, derandomize=True, phases=[Phase.generate])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 6))
def test_random_masked_play_is_legal_and_ends(seed: int, players: int) -> None:
    for edition in EDITIONS:
        low, high = get_edition(edition).players
        n = min(max(players, low), high)
        _, totals = aec_episode(edition, seed, n, check_numbers=True)
        # rewards on game end: +1 the winner, -1 every other seat (or 0 if truncated)
        values = sorted(totals.values())
        assert values in ([-1.0] * (n - 1) + [1.0], [0.0] * n, [-1.0] * n), values


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_seed_replays_the_episode(edition: str) -> None:
    first, _ = aec_episode(edition, 7)
    again, _ = aec_episode(edition, 7)
    other, _ = aec_episode(edition, 8)
    assert first == again
    assert first != other


@pytest.mark.parametrize("edition", ["classic", "monopoly-2.3"])
def test_a_seed_replays_the_single_agent_episode(edition: str) -> None:
    def episode(seed: int) -> list[tuple[int, float, float]]:
        opponents = ["random"] * (default_players(edition) - 1)
        env = rl.SingleAgentEnv(edition, opponents)
        obs, _ = env.reset(seed=seed)
        rng = random.Random(seed)
        out = []
        done = False
        while not done:
            action = int(rng.choice(list(np.flatnonzero(env.action_masks()))))
            obs, reward, terminated, truncated, _ = env.step(action)
            out.append((action, float(obs.sum()), reward))
            done = terminated or truncated
        return out

    assert episode(3) == episode(3)
    assert episode(3) != episode(4)


def test_the_observation_holds_nothing_hidden() -> None:
    """Monopoly 2.3 hides hands and every edition hides deck order: a copy of the game with
    all that drawn afresh gives the seat the same observation (and the same mask)."""
    for edition in ("monopoly-2.3", "classic", "ultimate-monopoly"):
        env = rl.MonopolyEnv(edition)
        env.reset(seed=5)
        rng = random.Random(1)
        for _ in range(60):
            agent = env.agent_selection
            seat = env.agent_seat[agent]
            game = env.game
            before = env.observe(agent)
            copy = game.determinize(seat, random.Random(rng.random()))
            vector = env.observer.vector(copy.view(seat))
            assert np.array_equal(before["observation"], vector)
            numbers, _ = env.table.legal(copy, seat, env.offers.may_offer(game, seat))
            assert sorted(numbers) == sorted(np.flatnonzero(before["action_mask"]))
            env.step(int(rng.choice(list(np.flatnonzero(before["action_mask"])))))
            if env.game.over:
                break


def test_observations_have_a_fixed_length_per_edition_and_seats() -> None:
    for edition in EDITIONS:
        low, high = get_edition(edition).players
        sizes = {n: rl.MonopolyEnv(edition, players=n).observer.size
                 for n in (low, min(high, low + 1))}
        env = rl.MonopolyEnv(edition, players=low)
        env.reset(seed=1)
        for agent in env.agents:
            assert env.observe(agent)["observation"].shape == (sizes[low],)
        if len(sizes) == 2:
            assert sizes[low] != sizes[min(high, low + 1)]


def test_the_numbering_follows_the_schema() -> None:
    env = rl.MonopolyEnv("classic")
    table = env.table
    kinds = [b.kind for b in table.blocks]
    assert kinds == list(env.game.rulebook.vocabulary.actions)
    starts = [b.start for b in table.blocks]
    assert starts == sorted(starts) and starts[0] == 0
    assert table.describe(table.block_of["roll"].start) == "roll"
    assert table.describe(table.block_of["buy"].start) == "buy"
    assert table.block_of["build"].size == 28  # one per title deed
    assert table.block_of["bid"].size == len(rl.BID_LEVELS)
    assert table.block_of["propose-trade"].size == 28 * len(rl.OFFER_MULTIPLES)
    assert table.block_of["counter"].size == 0  # outside the space (documented)
    assert table.size == sum(b.size for b in table.blocks)
    with pytest.raises(ValueError, match="no action number"):
        table.describe(table.size)


def boardwalk_for_sale(env: rl.MonopolyEnv) -> tuple[str, int, int, int]:
    """A two-player classic game where the other seat owns Boardwalk (space 39): the agent
    to act, its seat, the other seat, and the number of offering its price for it."""
    env.reset(seed=3)
    agent = env.agent_selection
    seat = env.agent_seat[agent]
    env.game.set_owner(39, 1 - seat)
    block = env.table.block_of["propose-trade"]
    offer = block.start + env.table.deed_position[39] * len(rl.OFFER_MULTIPLES)  # 1x price
    env._legal = {}
    return agent, seat, 1 - seat, offer


def test_a_trade_offer_hands_the_turn_to_its_recipient() -> None:
    env = rl.MonopolyEnv("classic", players=2)
    agent, seat, other, offer = boardwalk_for_sale(env)
    game = env.game
    mask = env.observe(agent)["action_mask"]
    assert mask[offer] == 1
    env.step(offer)
    assert env.agent_selection == f"player_{other}"
    answers = {env.table.describe(int(n)) for n in
               np.flatnonzero(env.observe(env.agent_selection)["action_mask"])}
    assert answers == {"accept", "reject"}
    env.step(env.table.block_of["accept"].start)
    assert game.owner[39] == seat and game.cash(seat) == 1500 - 400


def test_bid_levels_are_fractions_of_the_price() -> None:
    env = rl.MonopolyEnv("classic", players=2)
    env.reset(seed=11)
    game = env.game
    rng = random.Random(2)
    seen_bid = False
    for _ in range(3000):
        agent = env.agent_selection
        seat = env.agent_seat[agent]
        decision = game.decision_for(seat)
        legal = env.legal(agent)
        if decision is not None and decision.kind == "bid":
            seen_bid = True
            price = game.board[decision.deed].price
            start = env.table.block_of["bid"].start
            for level, fraction in enumerate(rl.BID_LEVELS):
                action = legal.get(start + level)
                if level and action is not None:
                    assert action.amount == round(price * fraction)
                    assert action.amount <= game.cash(seat)
        env.step(rng.choice(sorted(legal)))
        if game.over:
            break
    assert seen_bid


def test_bad_input_gets_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown edition"):
        rl.env("monopoly-junior")
    with pytest.raises(ValueError, match="3 to 6 players"):
        rl.env("monopoly-2.3", players=2)
    with pytest.raises(ValueError, match="unknown bot"):
        rl.SingleAgentEnv("classic", ["nobody"])
    with pytest.raises(ValueError, match="opponents"):
        rl.SingleAgentEnv("classic", [])
    with pytest.raises(ValueError):
        rl.env("classic", options={"no-such-option": 1})
    env = rl.MonopolyEnv("classic")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)
    with pytest.raises(ValueError, match="must act"):
        env.step(None)
    single = rl.SingleAgentEnv("classic", ["random"], illegal="raise")
    single.reset(seed=1)
    wrong = int(np.flatnonzero(~single.action_masks())[0])
    with pytest.raises(ValueError, match="not legal"):
        single.step(wrong)
    losing = rl.SingleAgentEnv("classic", ["random"])
    losing.reset(seed=1)
    _, reward, terminated, _, info = losing.step(wrong)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)
    with pytest.raises(ValueError, match="over"):
        losing.step(wrong)


def test_shaping_rewards_net_worth_changes() -> None:
    plain = rl.SingleAgentEnv("classic", ["random"], seat=0)
    shaped = rl.SingleAgentEnv("classic", ["random"], seat=0, shaping=1.0)
    rewards: list[list[float]] = [[], []]
    for i, env in enumerate((plain, shaped)):
        env.reset(seed=2)
        rng = random.Random(2)
        for _ in range(200):
            _, reward, terminated, truncated, _ = env.step(
                int(rng.choice(list(np.flatnonzero(env.action_masks())))))
            rewards[i].append(reward)
            if terminated or truncated:
                break
    assert all(r in (0.0, 1.0, -1.0) for r in rewards[0])
    assert any(r not in (0.0, 1.0, -1.0) for r in rewards[1])


def test_truncation_after_max_steps() -> None:
    env = rl.MonopolyEnv("classic", max_steps=10)
    env.reset(seed=1)
    steps = 0
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not env.game.over
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 10


def test_nothing_imports_the_learning_environments() -> None:
    from test_architecture import GRAPH, area

    for module, targets in GRAPH.items():
        if area(module) == "rl":
            assert {area(t) for t in targets} <= {"engine", "editions", "bots", "rl"}, module
        else:
            assert not any(area(t) == "rl" for t in targets), f"{module} imports rl"


def test_a_seat_gone_bankrupt_is_asked_nothing() -> None:
    """Found by random masked play: in Ultimate Monopoly, a player deciding whether to lift
    the mortgages of deeds it had received proposed an offer for a mortgaged deed, which was
    accepted; it could not pay the 10% on that deed and went bankrupt, and the decision set
    aside for the offer came back, put to the bankrupt player (classic's
    restore_decisions, which Ultimate Monopoly shares, now drops it)."""
    env = rl.MonopolyEnv("ultimate-monopoly", players=6)
    env.reset(seed=2**31 - 1)
    rng = random.Random(2**31 - 1)
    game = env.game
    for agent in env.agent_iter():
        assert not any(game.players[d.player].bankrupt for d in game.pending), game.pending
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        env.step(rng.choice(sorted(env.legal(agent))))
    assert game.over


# ---------------------------------------------------------------- a policy as a bot

@pytest.mark.parametrize("edition", EDITIONS)
def test_a_policy_plays_as_a_bot_at_a_table_of_standard_bots(edition: str) -> None:
    """PolicyBot: a policy of observation and mask (here: a seeded draw among the legal
    numbers) takes a seat among standard bots and the game plays to its end with legal
    answers only."""
    from pennybags.bots import make_bot

    seen: list[int] = []
    draw = random.Random(7)

    def policy(obs: Any, mask: Any) -> int:
        assert obs.dtype == np.float32 and mask.dtype == np.bool_ and mask.any()
        seen.append(int(obs.shape[0]))
        return int(draw.choice(np.flatnonzero(mask)))

    n = default_players(edition)
    game = get_edition(edition).new_game([f"P{i}" for i in range(n)], seed=3,
                                         options={"max-rounds": 60})
    bots = [rl.PolicyBot(policy)] + [make_bot("standard", s, edition) for s in range(1, n)]
    for _ in range(200_000):  # (a cap, so that a fault shows as a failure, not a hang)
        if game.over:
            break
        p = game.pending[0].player
        game.act(p, bots[p].choose(game, p))
    assert game.over and seen and len(set(seen)) == 1


def test_a_policy_that_chooses_an_illegal_number_is_refused_with_the_reason() -> None:
    game = get_edition("classic").new_game(["A", "B"], seed=1)
    bot = rl.PolicyBot(lambda obs, mask: int(np.flatnonzero(~mask)[0]))
    first = game.pending[0].player
    with pytest.raises(ValueError, match=r"the policy chose action number \d+, which is not "
                                         r"legal now"):
        bot.choose(game, first)
    with pytest.raises(ValueError, match=f"seat {1 - first} has nothing to decide now"):
        bot.choose(game, 1 - first)


# ---------------------------------------------------------------- the limit on offers

def _highest(mask: Any) -> int:
    return int(np.flatnonzero(mask).max())


@pytest.mark.parametrize(("edition", "limit"), [("classic", 3), ("classic", 1),
                                                ("ultimate-monopoly", 3)])
def test_a_policy_of_the_highest_number_finishes_a_game(edition: str, limit: int) -> None:
    """The highest number is a trade offer whenever one may be made: without a limit such
    a policy offers without end in the first turn; with ``max_offers_per_turn`` the game
    goes on and ends."""
    env = rl.MonopolyEnv(edition, max_offers_per_turn=limit)
    env.reset(seed=1)
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(_highest(obs["action_mask"]))
    assert env.game.over and env.steps < rl.MAX_STEPS


def test_without_the_limit_the_highest_number_offers_without_end() -> None:
    env = rl.MonopolyEnv("classic", max_steps=3000, max_offers_per_turn=None)
    env.reset(seed=1)
    offers = 0
    offer = env.table.block_of["propose-trade"]
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        number = _highest(obs["action_mask"])
        offers += offer.start <= number < offer.start + offer.size
        env.step(number)
    assert not env.game.over and env.steps == 3000 and env.game.round == 1 and offers > 500


def test_offers_are_masked_out_after_the_limit_until_the_next_turn() -> None:
    env = rl.MonopolyEnv("classic", players=2, max_offers_per_turn=2)
    agent, seat, other, offer = boardwalk_for_sale(env)
    game = env.game
    block = env.table.block_of["propose-trade"]
    reject = env.table.block_of["reject"].start
    for _ in range(2):
        assert env.observe(agent)["action_mask"][offer] == 1
        env.step(offer)
        assert env.agent_selection == f"player_{other}"
        env.step(reject)
        assert env.agent_selection == agent
    mask = env.observe(agent)["action_mask"]
    assert not mask[block.start:block.start + block.size].any()
    assert mask.any()  # (the turn goes on: a roll)
    turn = game.turns
    while game.turns == turn or game.pending[0].player != seat:
        a = env.agent_selection
        legal = sorted(env.legal(a))
        env.step(next((n for n in legal if not block.start <= n < block.start + block.size),
                      legal[0]))
    assert env.observe(agent)["action_mask"][offer] == 1


@pytest.mark.parametrize(("limit", "ends"), [(3, True), (None, False)])
def test_the_single_agent_environment_limits_the_learners_offers(limit: int | None,
                                                                  ends: bool) -> None:
    """The learner (the highest number) among standard bots: with the limit, at most three
    offers a turn and its game ends (it bids itself bankrupt); without, it offers until the
    episode is cut short."""
    env = rl.SingleAgentEnv("classic", opponents=["standard"] * 3, seat=0,
                            max_offers_per_turn=limit, max_steps=5000)
    env.reset(seed=3)
    block = env.table.block_of["propose-trade"]
    per_turn: dict[tuple[int, int, int], int] = {}
    for _ in range(6000):
        number = _highest(env.action_masks())
        if block.start <= number < block.start + block.size:
            turn = (env.game.turns, env.game.round, env.game.current)
            per_turn[turn] = per_turn.get(turn, 0) + 1
        _, _, terminated, truncated, _ = env.step(number)
        if terminated or truncated:
            break
    assert terminated is ends and truncated is not ends
    if ends:
        assert max(per_turn.values()) <= 3 and len(per_turn) > 1
    else:
        assert max(per_turn.values()) > 1000


@pytest.mark.parametrize(("limit", "ends"), [(3, True), (None, False)])
def test_a_policy_bot_of_the_highest_number_finishes_a_game(limit: int | None,
                                                            ends: bool) -> None:
    """PolicyBot keeps the same limit: its game goes on to its end (the highest number
    bids it bankrupt in the end); without the limit it offers without end."""
    from pennybags.bots import make_bot

    game = get_edition("classic").new_game([f"P{i}" for i in range(4)], seed=2)
    offers = 0

    def policy(obs: Any, mask: Any) -> int:
        nonlocal offers
        number = _highest(mask)
        offers += table.describe(number).startswith("propose-trade")
        return number

    table = rl.ActionTable(game)
    bots = [rl.PolicyBot(policy, max_offers_per_turn=limit)] + \
        [make_bot("standard", s, "classic") for s in range(1, 4)]
    for _ in range(20_000):
        if game.over or game.players[0].bankrupt:
            break
        p = game.pending[0].player
        game.act(p, bots[p].choose(game, p))
    assert game.players[0].bankrupt is ends
    if ends:
        assert 0 < offers <= 3 * game.turns
    else:
        assert offers > 5000


@pytest.mark.parametrize("limit", [-1, 1.5, True, "3"])
def test_a_bad_limit_on_offers_is_refused(limit: Any) -> None:
    for make in (lambda: rl.MonopolyEnv("classic", max_offers_per_turn=limit),
                 lambda: rl.SingleAgentEnv("classic", max_offers_per_turn=limit),
                 lambda: rl.PolicyBot(lambda obs, mask: 0, max_offers_per_turn=limit)):
        with pytest.raises(ValueError, match="max_offers_per_turn is a whole number"):
            make()
