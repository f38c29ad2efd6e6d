"""House rules and table options: named, typed, documented.

An edition declares its options as a frozen dataclass whose fields carry a ``help`` text in
their metadata. Options are given by their kebab-case names (``free-parking-pot=true``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def option(default: Any, help: str) -> Any:
    """A dataclass field for an option, with its help text."""
    return dataclasses.field(default=default, metadata={"help": help})


def option_name(field_name: str) -> str:
    return field_name.replace("_", "-")


def describe(cls: type[Any]) -> list[tuple[str, str, Any, str]]:
    """(name, type, default, help) for every option of an options class."""
    out = []
    for f in dataclasses.fields(cls):
        type_name = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
        out.append((option_name(f.name), str(type_name), f.default, f.metadata.get("help", "")))
    return out


def parse_options(cls: type[T], values: Mapping[str, Any]) -> T:
    """Build options from names (kebab or snake case) and values (typed or strings).

    Raises ValueError naming the bad option and the known ones.
    """
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    kwargs: dict[str, Any] = {}
    for key, value in values.items():
        name = key.replace("-", "_")
        if name not in fields:
            known = ", ".join(option_name(n) for n in fields) or "none"
            raise ValueError(f"unknown option '{key}'; this edition's options are: {known}")
        default = fields[name].default
        kwargs[name] = _coerce(key, value, type(default))
    return cls(**kwargs)


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``["free-parking-pot=true", "max-rounds=200"]`` (``-o`` on the command line) as a
    mapping; a name alone means true."""
    out = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq:
            name, value = pair, "true"
        out[name.strip()] = value.strip()
    return out


def options_dict(options: Any) -> dict[str, Any]:
    """Options as {kebab-name: value}, only those that differ from the defaults."""
    out = {}
    for f in dataclasses.fields(options):
        v = getattr(options, f.name)
        if v != f.default:
            out[option_name(f.name)] = v
    return out


def _coerce(key: str, value: Any, kind: type) -> Any:
    if kind is bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise ValueError(f"option '{key}' takes true or false, not '{value}'")
    if kind is int:
        if isinstance(value, bool):
            raise ValueError(f"option '{key}' takes a whole number, not '{value}'")
        try:
            number = int(str(value).strip())
        except ValueError:
            raise ValueError(f"option '{key}' takes a whole number, not '{value}'") from None
        if number < 0:
            raise ValueError(f"option '{key}' cannot be negative")
        return number
    if kind is str:
        return str(value)
    raise ValueError(f"option '{key}' has an unsupported type")
