"""A Gymnasium single-agent environment: one seat learns, bots play the others.

The learner's observations, numbering and rewards are those of the AEC environment
(:mod:`pennybags.rl.aec`); between two of its decisions the bots answer every decision of
theirs. ``action_masks()`` gives the legal-action mask, as sb3-contrib's MaskablePPO asks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from pennybags.bots import make_bot
from pennybags.bots.registry import Bot
from pennybags.editions import get_edition
from pennybags.engine.actions import Action
from pennybags.engine.game import Game
from pennybags.rl.actions import MAX_OFFERS_PER_TURN, ActionTable, OfferCount
from pennybags.rl.aec import MAX_STEPS, net_worth
from pennybags.rl.observation import HIGH, LOW, Observer


class SingleAgentEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One learning seat against bots.

    ``opponents``: a bot spec per other seat (``make_bot`` specs such as ``"standard"`` or
    ``"random"``); their number fixes the number of seats. ``seat``: the learner's seat, or
    None to draw it afresh each episode (from the episode's seed). ``options``, ``shaping``,
    ``max_steps`` and ``max_offers_per_turn`` are as in
    :class:`~pennybags.rl.aec.MonopolyEnv`; ``max_steps`` counts the learner's actions, and
    the limit on offers holds for the learner (the bots make their own choices).
    ``illegal``: what a number that is not legal now does: ``"lose"`` (the default, as
    PettingZoo's ``TerminateIllegalWrapper`` does for its classic games) ends the episode
    with a reward of -1 and ``info["illegal"]`` set; ``"raise"`` raises ValueError naming
    the legal numbers.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(self, edition: str = "classic", opponents: Sequence[str] = ("random",),
                 seat: int | None = None, options: Mapping[str, Any] | None = None,
                 shaping: float = 0.0, max_steps: int = MAX_STEPS,
                 render_mode: str | None = None, illegal: str = "lose",
                 max_offers_per_turn: int | None = MAX_OFFERS_PER_TURN) -> None:
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal is 'lose' or 'raise', not {illegal!r}")
        self.illegal = illegal
        self.offers = OfferCount(max_offers_per_turn)
        self.edition = get_edition(edition)
        if isinstance(opponents, str):
            raise ValueError("opponents is a list of bot specs, one per other seat")
        self.opponent_specs = list(opponents)
        n = len(self.opponent_specs) + 1
        low, high = self.edition.players
        if not low <= n <= high:
            raise ValueError(f"{self.edition.name} is for {low} to {high} players: give "
                             f"{low - 1} to {high - 1} opponents, not {n - 1}")
        for spec in self.opponent_specs:
            make_bot(spec, 0, self.edition.id)  # a bad spec fails now, with the bot's words
        if seat is not None and not (type(seat) is int and 0 <= seat < n):
            raise ValueError(f"seat is 0 to {n - 1} or None, not {seat!r}")
        if max_steps < 1:
            raise ValueError(f"max_steps must be 1 or more, not {max_steps}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']}, "
                             f"not {render_mode!r}")
        self.render_mode = render_mode
        self.fixed_seat = seat
        self.game_options = self.edition.options(options)
        self.shaping = float(shaping)
        self.max_steps = max_steps
        self.names = [f"player_{i}" for i in range(n)]
        self.game: Game = self._new_game(0)
        self.table = ActionTable(self.game)
        self.observer = Observer(self.game)
        self.observation_space = gymnasium.spaces.Box(LOW, HIGH, (self.observer.size,),
                                                      np.float32)
        self.action_space = gymnasium.spaces.Discrete(self.table.size)
        self.seat = 0 if seat is None else seat
        self.bots: list[Bot | None] = []
        self.steps = 0
        self._legal: dict[int, Action] = {}
        self._worth = 0

    def _new_game(self, seed: int) -> Game:
        return self.edition.new_game(self.names, seed=seed, options=self.game_options,
                                     record=False)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """A new game (its dice, decks, the learner's seat when not fixed, and the bots'
        own random numbers all drawn from the episode's stream, which ``seed`` seeds), played
        by the bots up to the learner's first decision."""
        super().reset(seed=seed)
        draw = random.Random(int(self.np_random.integers(2**63)))
        self.game = self._new_game(draw.getrandbits(63))
        n = len(self.names)
        self.seat = draw.randrange(n) if self.fixed_seat is None else self.fixed_seat
        specs = iter(self.opponent_specs)
        self.bots = [None if s == self.seat else
                     make_bot(next(specs), draw.getrandbits(32), self.edition.id)
                     for s in range(n)]
        self.steps = 0
        self.offers.reset()
        self._worth = net_worth(self.game, self.seat)
        self._play_bots()
        return self._observe(), self._info()

    def _play_bots(self) -> None:
        """Let the bots answer until the learner must decide or the game is over."""
        game = self.game
        bots = self.bots
        learner = game.players[self.seat]
        while not game.over and not learner.bankrupt:
            p = game.pending[0].player
            bot = bots[p]
            if bot is None:
                break
            game.act(p, bot.choose(game, p))
        self._legal = self.table.legal(
            game, self.seat, self.offers.may_offer(game, self.seat))[0] \
            if self._learner_to_act() else {}

    def _learner_to_act(self) -> bool:
        game = self.game
        return not game.over and not game.players[self.seat].bankrupt and \
            game.pending[0].player == self.seat

    def _observe(self) -> npt.NDArray[np.float32]:
        return self.observer.vector(self.game.view(self.seat))

    def _info(self) -> dict[str, Any]:
        return {"seat": self.seat, "winner": self.game.winner, "round": self.game.round}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal numbers of the learner now (all False once the episode is over)."""
        mask = np.zeros(self.table.size, dtype=np.bool_)
        if self._legal:
            mask[list(self._legal)] = True
        return mask

    def step(self, action: np.int64 | int) -> tuple[npt.NDArray[np.float32], float, bool, bool,
                                         dict[str, Any]]:
        if not self._legal:
            raise ValueError("the episode is over: call reset()")
        try:
            number = int(action)
        except (TypeError, ValueError):
            raise ValueError(f"an action is a whole number, not {action!r}") from None
        chosen = self._legal.get(number)
        if chosen is None and self.illegal == "lose":
            self._legal = {}
            info = self._info()
            info["illegal"] = True
            return self._observe(), -1.0, True, False, info
        if chosen is None:
            what = self.table.describe(number) if 0 <= number < self.table.size else "nothing"
            raise ValueError(f"action {number} ({what}) is not legal now; the legal numbers "
                             f"are {sorted(self._legal)}")
        game = self.game
        self.offers.note(game, self.seat, chosen)
        game.act(self.seat, chosen)
        self.steps += 1
        self._play_bots()
        reward = 0.0
        if self.shaping:
            worth = net_worth(game, self.seat)
            reward += self.shaping * (worth - self._worth) / self.observer.money
            self._worth = worth
        terminated = game.over or game.players[self.seat].bankrupt
        if terminated:
            if game.players[self.seat].bankrupt:
                reward -= 1.0
            elif game.winner is not None:
                reward += 1.0 if game.winner == self.seat else -1.0
            self._legal = {}
        truncated = not terminated and self.steps >= self.max_steps
        if truncated:
            self._legal = {}
        return self._observe(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        game = self.game
        lines = [f"{game.data.name}, round {game.round}; learner is {self.names[self.seat]}"]
        for p in game.players:
            state = "bankrupt" if p.bankrupt else game.money(game.cash(p.seat))
            lines.append(f"  {p.name}: {state} at {game.board[p.position].name}")
        return "\n".join(lines)
