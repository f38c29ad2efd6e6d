"""Electronic Banking's table options: classic's house rules and the banking unit's narration."""

from __future__ import annotations

from dataclasses import dataclass

from pennybags.editions.classic.options import ClassicOptions
from pennybags.engine.options import option


@dataclass(frozen=True)
class ElectronicBankingOptions(ClassicOptions):
    """Classic's house rules, and how the banking unit is told."""

    free_parking_pot: bool = option(
        False,
        "taxes, fines and fees go into a pot kept on a spare bank card; landing on Free "
        "Parking collects it (the spare card limits the game to 5 players)",
    )
    unit_narration: bool = option(
        True,
        "tell every payment as the banking unit operation that makes it (the 'unit' "
        "events)",
    )
