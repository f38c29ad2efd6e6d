"""Ultimate Monopoly: three concentric tracks joined by transit stations (in progress; the
edition is not registered yet)."""
