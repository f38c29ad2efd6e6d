"""The editions, found by id: ``get_edition("classic")``, ``all_editions()``,
``words_for(game)`` (see :mod:`pennybags.editions.registry`).

Importing this package registers every edition.
"""

from pennybags.editions import classic as _classic  # noqa: F401  (registers itself)
from pennybags.editions import electronic_banking as _electronic_banking  # noqa: F401
from pennybags.editions import monopoly_2_3 as _monopoly_2_3  # noqa: F401
from pennybags.editions import ultimate_banking as _ultimate_banking  # noqa: F401
from pennybags.editions import ultimate_monopoly as _ultimate_monopoly  # noqa: F401
from pennybags.editions.registry import Edition, all_editions, get_edition, register, words_for

__all__ = ["Edition", "all_editions", "get_edition", "register", "words_for"]
