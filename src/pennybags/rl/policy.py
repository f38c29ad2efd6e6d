"""A trained policy as a player: :class:`PolicyBot` answers the engine's decisions with a
function of the learning environments' observation and action mask, so a policy trained on
:class:`~pennybags.rl.SingleAgentEnv` or the AEC environment sits at a table with the
standard or the search bot (``game.play_out``, the lab, ``simulate`` from Python)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from pennybags.engine.actions import Action
from pennybags.engine.game import Game
from pennybags.rl.actions import MAX_OFFERS_PER_TURN, ActionTable, OfferCount
from pennybags.rl.observation import Observer

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], Any]
"""From an observation vector and the mask of legal numbers, the number of an action."""


class PolicyBot:
    """A bot whose answers come from ``policy`` (e.g. ``lambda obs, mask:
    model.predict(obs, action_masks=mask, deterministic=True)[0]`` for sb3-contrib's
    MaskablePPO). It sees what the environments show a seat: the seat's view only.

    A decision outside the action numbering (docs/rl.md: a counter-offer, a bid between
    levels) cannot be asked of a policy: when the seat's legal actions have no number, it
    takes the first legal action, as the environments never ask it.

    ``max_offers_per_turn`` limits the trade offers it proposes in one turn as the
    environments do (3 by default; None for no limit)."""

    name = "policy"

    def __init__(self, policy: Policy,
                 max_offers_per_turn: int | None = MAX_OFFERS_PER_TURN) -> None:
        self.policy = policy
        self.offers = OfferCount(max_offers_per_turn)
        self._game: Game | None = None
        self._table: ActionTable | None = None
        self._observer: Observer | None = None

    def choose(self, game: Game, player: int) -> Action:
        if self._game is not game or self._table is None or self._observer is None:
            self._game, self._table, self._observer = game, ActionTable(game), Observer(game)
            self.offers.reset()
        legal, outside = self._table.legal(game, player, self.offers.may_offer(game, player))
        if not legal:
            if not outside:
                raise ValueError(f"seat {player} has nothing to decide now")
            return outside[0]
        mask = np.zeros(self._table.size, dtype=np.bool_)
        mask[list(legal)] = True
        number = int(self.policy(self._observer.vector(game.view(player)), mask))
        if number not in legal:
            raise ValueError(f"the policy chose action number {number}, which is not legal "
                             f"now ({len(legal)} numbers are)")
        action = legal[number]
        self.offers.note(game, player, action)
        return action
