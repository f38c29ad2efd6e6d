"""Optional compiled build: ``PENNYBAGS_COMPILE=1 pip install --no-build-isolation .``.

The rules engine, the editions' rules and the bots are plain, fully typed Python. With
``PENNYBAGS_COMPILE=1`` those modules are also compiled to C extensions with mypyc (the
same source, so still one rules implementation) for simulations; see docs/architecture.md
(speed). Without it this file changes nothing: the package is pure Python.
"""

from __future__ import annotations

import os

from setuptools import setup

COMPILED = [
    "src/pennybags/engine/actions.py",
    "src/pennybags/engine/board.py",
    "src/pennybags/editions/ultimate_monopoly/bankruptcy.py",
    "src/pennybags/editions/ultimate_monopoly/board.py",
    "src/pennybags/editions/ultimate_monopoly/buildings.py",
    "src/pennybags/editions/ultimate_monopoly/cards.py",
    "src/pennybags/editions/ultimate_monopoly/spaces.py",
    "src/pennybags/editions/ultimate_monopoly/travel.py",
    "src/pennybags/editions/ultimate_monopoly/trades.py",
    "src/pennybags/editions/ultimate_monopoly/game.py",
    "src/pennybags/editions/ultimate_monopoly/rules.py",
    "src/pennybags/engine/decks.py",
    "src/pennybags/engine/dice.py",
    "src/pennybags/engine/game.py",
    "src/pennybags/engine/ledger.py",
    "src/pennybags/engine/rules.py",
    "src/pennybags/engine/turn.py",
    "src/pennybags/editions/classic/game.py",
    "src/pennybags/editions/classic/rules.py",
    "src/pennybags/editions/electronic_banking/game.py",
    "src/pennybags/editions/monopoly_2_3/game.py",
    "src/pennybags/editions/monopoly_2_3/rules.py",
    "src/pennybags/editions/ultimate_banking/game.py",
    "src/pennybags/editions/ultimate_banking/rules.py",
    "src/pennybags/bots/standard.py",
    "src/pennybags/bots/ultimate_monopoly.py",
    "src/pennybags/bots/ultimate_odds.py",
    "src/pennybags/bots/ultimate_income.py",
]

if os.environ.get("PENNYBAGS_COMPILE") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(COMPILED, opt_level="3"))
else:
    setup()
