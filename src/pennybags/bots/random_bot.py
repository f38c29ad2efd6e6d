"""``random``: picks uniformly among the legal actions (a fuzzing partner for tests)."""

from __future__ import annotations

import random

from pennybags.bots.registry import no_more_params, register_bot
from pennybags.engine.actions import Action
from pennybags.engine.game import Game


class RandomBot:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game, player: int) -> Action:
        actions = game.legal_actions(player)
        action = self.rng.choice(actions)
        if action.do == "bid":
            low = action.amount
            high = min(game.cash(player), low + 200)
            action = Action("bid", amount=self.rng.randint(low, max(low, high)))
        return action


def _make(seed: int, params: dict[str, str]) -> RandomBot:
    no_more_params("random", params)
    return RandomBot(random.Random(seed))


register_bot("random", _make)
