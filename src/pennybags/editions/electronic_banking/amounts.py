"""Amounts in K and M, as the banking units show and key them.

The banking editions count money in whole thousands: the integer ``600`` is 600K, ``15000``
is 15M, ``1750`` is 1.75M. :func:`format_km` writes an amount that way and
:func:`parse_km` reads what a person types ("2.2M", "600K", "600"). The keypad of a unit
registers an entry with its M or K key; :func:`keyed_amount` turns such an entry into an
amount, refusing what the unit cannot hold (a fraction of a thousand, no digits, two
decimal points).
"""

from __future__ import annotations

import re

PER_M = 1000
"""Amounts are in K; this many make 1M."""

MAX_DIGITS = 8
"""The keypad takes at most this many digits in one entry."""

_TYPED = re.compile(r"^\s*(-?)\s*(\d+(?:\.\d*)?|\.\d+)\s*([kKmM]?)\s*$")


def format_km(amount: int) -> str:
    """``600`` as "600K", ``1750`` as "1.75M", ``15000`` as "15M", ``0`` as "0K"."""
    sign = "-" if amount < 0 else ""
    a = abs(amount)
    if a < PER_M:
        return f"{sign}{a}K"
    whole, part = divmod(a, PER_M)
    if part == 0:
        return f"{sign}{whole}M"
    return f"{sign}{whole}.{part:03d}".rstrip("0") + "M"


def keyed_amount(digits: str, unit: str) -> int | None:
    """The amount keyed as ``digits`` (digits and at most one decimal point) followed by the
    ``M`` or ``K`` key, in K; None when the unit cannot take it."""
    if unit not in ("M", "K") or not digits or digits.count(".") > 1:
        return None
    whole, _, frac = digits.partition(".")
    if not (whole + frac).isdigit() or not (whole + frac).isascii():
        return None
    if len(whole + frac) > MAX_DIGITS:
        return None
    scale = PER_M if unit == "M" else 1
    # value = (whole.frac) * scale, and must be a whole number of K.
    numerator = int(whole or "0") * 10 ** len(frac) + int(frac or "0")
    value, rest = divmod(numerator * scale, 10 ** len(frac))
    return None if rest else int(value)


def parse_km(text: str) -> int | None:
    """An amount typed by a person: "2.2M", "600K", "1.75m", or a plain number of K
    ("600"); None if it is not one (or is not a whole number of K)."""
    m = _TYPED.match(text.replace(",", "").replace("_", ""))
    if m is None:
        return None
    sign, number, unit = m.groups()
    if not unit:
        if "." in number or len(number) > MAX_DIGITS:
            return None
        value: int | None = int(number)
    else:
        value = keyed_amount(number, unit.upper())
    if value is None:
        return None
    return -value if sign else value


def keys_for(amount: int) -> list[str]:
    """The keypad presses that enter ``amount`` (in K): "2.2M" is 2 . 2 M."""
    if amount <= 0:
        raise ValueError(f"the unit keys positive amounts only, not {amount}")
    return list(format_km(amount))
