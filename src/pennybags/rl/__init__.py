"""Learning environments: every edition as a PettingZoo AEC environment
(:func:`env`, :class:`MonopolyEnv`) and as a Gymnasium single-agent environment where bots
play the other seats (:class:`SingleAgentEnv`); a trained policy plays as a bot
(:class:`PolicyBot`). docs/rl.md describes the spaces, the
rewards and how to train.

Needs the ``test`` or ``rl`` extra (NumPy, Gymnasium, PettingZoo).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pettingzoo.utils import wrappers

from pennybags.rl.actions import (
    BID_LEVELS,
    MAX_OFFERS_PER_TURN,
    OFFER_MULTIPLES,
    ActionTable,
    OfferCount,
)
from pennybags.rl.aec import MAX_STEPS, MonopolyEnv, net_worth
from pennybags.rl.observation import Observer
from pennybags.rl.policy import Policy, PolicyBot
from pennybags.rl.single import SingleAgentEnv


def env(edition: str = "classic", players: int | None = None,
        options: Mapping[str, Any] | None = None, shaping: float = 0.0,
        max_steps: int = MAX_STEPS, render_mode: str | None = None,
        max_offers_per_turn: int | None = MAX_OFFERS_PER_TURN) -> Any:
    """The AEC environment of ``edition`` (see :class:`MonopolyEnv`), wrapped as
    PettingZoo's own games are: calls out of order (a step before reset) are refused with
    a clear error."""
    raw = MonopolyEnv(edition, players, options, shaping, max_steps, render_mode,
                      max_offers_per_turn)
    return wrappers.OrderEnforcingWrapper(raw)


__all__ = ["BID_LEVELS", "MAX_OFFERS_PER_TURN", "MAX_STEPS", "OFFER_MULTIPLES", "ActionTable",
           "MonopolyEnv", "Observer", "OfferCount", "Policy", "PolicyBot", "SingleAgentEnv",
           "env", "net_worth"]
