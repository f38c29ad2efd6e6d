"""The bot registry: bots by name, made from a spec with parameters.

Bots: players that answer decisions. Found by name (``random``, ``simple``,
``standard``) or by a spec with parameters (``standard?reserve=300&jail=long``); see
docs/simulate.md.

A bot sees the game as a person would: the public state and its own decision. It answers
with an action that is legal now.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from pennybags.engine.game import Agent


class Bot(Agent, Protocol):
    """An agent (``choose(game, player)`` gives the action for ``player``'s pending
    decision) with a name."""

    name: str


BotFactory = Callable[[int, dict[str, str]], Bot]
"""Makes a bot from its seed and its parameters. The heuristic bots are deterministic and
ignore the seed; a bot that draws random numbers seeds its own generator with it."""
_BOTS: dict[str, BotFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    _BOTS[name] = factory


def bot_names() -> list[str]:
    return sorted(_BOTS)


def make_bot(spec: str, seed: int = 0, edition: str | None = None) -> Bot:
    """A bot from a spec like ``simple`` or ``simple?reserve=300``; with ``edition`` (an
    edition id), one ready for that edition's games, its parameters checked against what
    the edition's strategy takes.

    Raises ValueError naming the known bots or the bad parameter.
    """
    return bot_factory(spec, edition)(seed)


def bot_factory(spec: str, edition: str | None = None) -> Callable[[int], Bot]:
    """What :func:`make_bot` does for ``spec`` and ``edition``, with the spec read once:
    the function returned makes a bot from its seed (for a run that makes the same bots
    for every game). The spec's name is checked now; its parameters when a bot is made, as
    :func:`make_bot` does.

    Raises ValueError naming the known bots or a parameter that is not ``name=value``.
    """
    name, _, query = spec.partition("?")
    name = name.strip().lower() or "simple"
    if name not in _BOTS:
        raise ValueError(f"unknown bot '{name}'; the bots are: {', '.join(bot_names())}")
    params: dict[str, str] = {}
    for part in filter(None, query.split("&")):
        key, eq, value = part.partition("=")
        if not eq:
            raise ValueError(f"bot parameter '{part}' should look like name=value")
        params[key.strip()] = value.strip()
    factory = _BOTS[name]

    def make(seed: int) -> Bot:
        # (a copy of the parameters each time: a factory takes out those it understands)
        bot = factory(seed, dict(params))
        if edition is not None:
            # A bot with a strategy per edition chooses it now (the standard bot).
            for_edition: Callable[[str], object] | None = getattr(bot, "for_edition", None)
            if for_edition is not None:
                for_edition(edition)
        return bot

    return make


def int_param(params: dict[str, str], key: str, default: int) -> int:
    value = params.pop(key, None)
    if value is None:
        return default
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"bot parameter {key} takes a whole number, not '{value}'") from None


def no_more_params(bot: str, params: dict[str, Any]) -> None:
    if params:
        raise ValueError(f"bot '{bot}' has no parameter(s) {', '.join(sorted(params))}")
