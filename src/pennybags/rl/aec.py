"""A PettingZoo AEC environment for every edition (see docs/rl.md).

One agent per seat (``player_0``, ``player_1``, ...). The agent selected is the seat the
engine waits on; when it waits on several at once (answers to a trade offer, bids of a
timed auction, Monopoly 2.3's card plays) it is the first of its pending list, as the
engine's own ``play_out`` loop does: the others are asked in turn if their decisions are
still open once it has answered.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

from pennybags.editions import get_edition
from pennybags.engine.game import Game
from pennybags.rl.actions import MAX_OFFERS_PER_TURN, ActionTable, OfferCount
from pennybags.rl.observation import HIGH, LOW, Observer

MAX_STEPS: Final = 20_000
"""Actions after which an episode is cut short (truncated) by default."""


def default_players(edition: str) -> int:
    """Four seats, or as near as the edition allows."""
    low, high = get_edition(edition).players
    return min(max(4, low), high)


def net_worth(game: Game, seat: int) -> int:
    """Cash, plus each deed the seat owns at its printed price (half when mortgaged) and its
    buildings at their cost: the measure the optional shaping rewards changes of."""
    board = game.board
    total = game.cash(seat)
    for d in board.deeds:
        if game.owner[d] == seat:
            space = board[d]
            total += space.price // 2 if game.mortgaged[d] else space.price
            total += game.houses[d] * space.house_cost
    return total


class MonopolyEnv(AECEnv[str, dict[str, npt.NDArray[Any]], int]):  # type: ignore[misc]
    """A game of one edition as a PettingZoo AEC environment.

    ``edition``: an edition id; ``players``: the number of seats (default 4, or the nearest
    the edition allows); ``options``: the edition's options by name (as ``pennybags
    simulate --option`` takes them); ``shaping``: the weight of the net-worth shaping (0,
    the default, gives rewards only when a seat's game ends); ``max_steps``: actions after
    which the episode is truncated; ``max_offers_per_turn``: the trade offers a seat may
    propose in one turn (3 by default; None for no limit), after which its offers are
    masked out until the next turn (the rules set no limit; without one a policy may offer
    without end, since offers do not bring the round cap nearer).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's own attribute)
        "render_modes": ["ansi", "human"], "name": "pennybags_v0", "is_parallelizable": False}

    def __init__(self, edition: str = "classic", players: int | None = None,
                 options: Mapping[str, Any] | None = None, shaping: float = 0.0,
                 max_steps: int = MAX_STEPS, render_mode: str | None = None,
                 max_offers_per_turn: int | None = MAX_OFFERS_PER_TURN) -> None:
        super().__init__()
        self.offers = OfferCount(max_offers_per_turn)
        self.edition = get_edition(edition)
        n = default_players(self.edition.id) if players is None else players
        low, high = self.edition.players
        if isinstance(n, bool) or not isinstance(n, int) or not low <= n <= high:
            raise ValueError(f"{self.edition.name} is for {low} to {high} players, not {n!r}")
        if max_steps < 1:
            raise ValueError(f"max_steps must be 1 or more, not {max_steps}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']}, "
                             f"not {render_mode!r}")
        self.game_options = self.edition.options(options)
        self.shaping = float(shaping)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.game: Game = self._new_game(0)
        self.table = ActionTable(self.game)
        self.observer = Observer(self.game)
        self.metadata = dict(self.metadata, name=f"pennybags_{self.edition.id}_v0")
        observation = gymnasium.spaces.Box(LOW, HIGH, (self.observer.size,), np.float32)
        mask = gymnasium.spaces.Box(0, 1, (self.table.size,), np.int8)
        self._observation_spaces = {
            a: gymnasium.spaces.Dict({"observation": observation, "action_mask": mask})
            for a in self.possible_agents}
        self._action_spaces = {a: gymnasium.spaces.Discrete(self.table.size)
                               for a in self.possible_agents}
        self._rng = random.Random()
        self._legal: dict[int, tuple[int, dict[int, Any]]] = {}
        self.steps = 0
        self._worth: list[int] = []

    def _new_game(self, seed: int) -> Game:
        return self.edition.new_game(self.possible_agents, seed=seed,
                                     options=self.game_options, record=False)

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_spaces[agent]

    # ------------------------------------------------------------------ the episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. With ``seed``, the game (dice, decks) and everything after it are
        drawn from that seed, so the same answers replay the same episode; without, from
        the environment's own stream (seeded once, by the first seed given)."""
        if seed is not None:
            self._rng.seed(seed)
        self.game = self._new_game(self._rng.getrandbits(63))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self._legal = {}
        self.offers.reset()
        self._worth = [net_worth(self.game, s) for s in range(len(self.agents))]
        self.agent_selection = self._selected()

    def _selected(self) -> str:
        """The agent to act next: the first seat still in the episode that the engine waits
        on (the first of the live agents once the game is over)."""
        game = self.game
        if not game.over:
            for decision in game.pending:
                agent = self.possible_agents[decision.player]
                if agent in self.terminations and not self.terminations[agent]:
                    return agent
        live = [a for a in self.agents if not self.terminations[a]]
        return live[0] if live else self.agents[0]

    def legal(self, agent: str) -> dict[int, Any]:
        """The legal numbers of ``agent`` now, with the engine action each stands for."""
        seat = self.agent_seat[agent]
        stamp = self.steps
        cached = self._legal.get(seat)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        legal = {} if self.terminations.get(agent) or self.truncations.get(agent) else \
            self.table.legal(self.game, seat, self.offers.may_offer(self.game, seat))[0]
        self._legal[seat] = (stamp, legal)
        return legal

    def action_mask(self, agent: str) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.table.size, dtype=np.int8)
        legal = self.legal(agent)
        if legal:
            mask[list(legal)] = 1
        return mask

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self.agent_seat[agent]
        return {"observation": self.observer.vector(self.game.view(seat)),
                "action_mask": self.action_mask(agent)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self.legal(agent)
        if action is None or isinstance(action, bool):
            raise ValueError(f"{agent} must act: give one of the legal numbers "
                             f"{sorted(legal)}")
        try:
            number = int(action)
        except (TypeError, ValueError):
            raise ValueError(f"an action is a whole number, not {action!r}") from None
        chosen = legal.get(number)
        if chosen is None:
            what = self.table.describe(number) if 0 <= number < self.table.size else "nothing"
            raise ValueError(f"action {number} ({what}) is not legal for {agent} now; the "
                             f"legal numbers are {sorted(legal)}")
        self._cumulative_rewards[agent] = 0.0
        game = self.game
        self.offers.note(game, self.agent_seat[agent], chosen)
        game.act(self.agent_seat[agent], chosen)
        self.steps += 1
        self.rewards = {a: 0.0 for a in self.agents}
        if self.shaping:
            scale = self.observer.money
            for a in self.agents:
                seat = self.agent_seat[a]
                worth = net_worth(game, seat)
                self.rewards[a] += self.shaping * (worth - self._worth[seat]) / scale
                self._worth[seat] = worth
        for a in self.agents:
            seat = self.agent_seat[a]
            if self.terminations[a]:
                continue
            if game.over:
                self.terminations[a] = True
                if game.winner is not None:
                    self.rewards[a] += 1.0 if game.winner == seat else -1.0
            elif game.players[seat].bankrupt:
                self.terminations[a] = True
                self.rewards[a] -= 1.0
        if not game.over and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        self._accumulate_rewards()
        self.agent_selection = self._selected()
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table in words: each seat's cash, position and deeds, and who must act."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        game = self.game
        lines = [f"{game.data.name}, round {game.round}: waiting on {game.waiting()}"]
        for p in game.players:
            deeds = ", ".join(game.board[d].name for d in game.deeds_of(p.seat))
            state = "bankrupt" if p.bankrupt else game.money(game.cash(p.seat))
            lines.append(f"  {p.name}: {state} at {game.board[p.position].name}; "
                         f"{deeds or 'no deeds'}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (the game lives in memory)."""
