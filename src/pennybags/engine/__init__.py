"""The edition-agnostic core of pennybags."""

from pennybags.engine.actions import Action, Decision, IllegalAction, Trade
from pennybags.engine.game import Event, Game, Player
from pennybags.engine.ledger import BANK, Ledger

__all__ = ["BANK", "Action", "Decision", "Event", "Game", "IllegalAction", "Ledger", "Player",
           "Trade"]
