"""The narration as the terminal prints it: the sentences of
:class:`pennybags.narration.Narrator`, with amounts coloured by the way the money goes."""

from __future__ import annotations

import re

from rich.text import Text

from pennybags.narration import Narrator, sentence

MONEY = re.compile(r"[$£]\d[\d,]*|\b\d+(?:\.\d+)?[KM]\b")
"""An amount of money as the editions write it ($1,500, £200, 2.5M, 600K)."""
MONEY_OUT = (" pays ", " buys ", " bids ", " gives ", " loses ", " builds ", " lifts ")
MONEY_IN = (" collects ", " receives ", " wins ", " gets ", " is paid ", " mortgages ",
            " sells ")


def money_colours(line: str) -> Text:
    """A told line with its amounts coloured by the way the money goes for the player the
    sentence is about: red when they pay (pays, buys, bids...), green when they receive
    (collects, receives, wins...); other lines are left plain."""
    text = Text(line)
    padded = f" {line} "
    first_out = min((padded.find(w) for w in MONEY_OUT if w in padded), default=-1)
    first_in = min((padded.find(w) for w in MONEY_IN if w in padded), default=-1)
    if first_out < 0 and first_in < 0:
        return text
    paying = first_in < 0 or 0 <= first_out < first_in
    for match in MONEY.finditer(line):
        text.stylize("red" if paying else "green", match.start(), match.end())
    return text


__all__ = ["MONEY", "MONEY_IN", "MONEY_OUT", "Narrator", "money_colours", "sentence"]
