"""Monopoly Electronic Banking (UK board, money in K and M on bank cards)."""

from pathlib import Path

from pennybags.editions.classic.rules import RULEBOOK
from pennybags.editions.classic.words import ClassicWords
from pennybags.editions.electronic_banking.game import (
    ElectronicBankingGame,
    ElectronicBankingOptions,
)
from pennybags.editions.electronic_banking.unit import ElectronicBankingUnit
from pennybags.editions.registry import Edition, register

EDITION = Edition(
    id="electronic-banking",
    game_class=ElectronicBankingGame,
    data_path=Path(__file__).with_name("electronic_banking.json"),
    rulebook=RULEBOOK,
    words=ClassicWords,
    summary="Classic rules on the UK board with money in K and M on bank cards; every "
            "payment is told as the banking unit operation ('pennybags bank' is the unit "
            "for a physical board).",
    unit=ElectronicBankingUnit,
)
register(EDITION)

__all__ = ["EDITION", "ElectronicBankingGame", "ElectronicBankingOptions"]
