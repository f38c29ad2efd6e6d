"""pennybags: a rules engine, terminal front and laboratory for the Monopoly family."""

__version__ = "0.2.0"
