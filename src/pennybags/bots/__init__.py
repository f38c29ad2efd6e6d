"""Bots: players that answer decisions. Found by name (``random``, ``simple``,
``standard``, ``search``) or by a spec with parameters (``standard?reserve=300&jail=long``); see
docs/simulate.md and :mod:`pennybags.bots.registry`.

A bot sees the game as a person would: the public state and its own decision. It answers
with an action that is legal now. Importing this package registers every bot.
"""

from pennybags.bots import monopoly_2_3 as _monopoly_2_3  # noqa: F401  (registers itself)
from pennybags.bots import random_bot as _random_bot  # noqa: F401
from pennybags.bots import search as _search  # noqa: F401  (after standard, which it plays)
from pennybags.bots import simple as _simple  # noqa: F401
from pennybags.bots import standard as _standard  # noqa: F401
from pennybags.bots import ultimate_banking as _ultimate_banking  # noqa: F401
from pennybags.bots import ultimate_income as _ultimate_income  # noqa: F401  (after the line above)
from pennybags.bots import ultimate_monopoly as _ultimate_monopoly  # noqa: F401
from pennybags.bots.registry import (
    Bot,
    BotFactory,
    bot_factory,
    bot_names,
    int_param,
    make_bot,
    no_more_params,
    register_bot,
)

__all__ = ["Bot", "BotFactory", "bot_factory", "bot_names", "int_param", "make_bot",
           "no_more_params", "register_bot"]
