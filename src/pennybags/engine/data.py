"""Edition data files: the board, its groups, the decks and the rule figures.

An edition's JSON file is the single place its printed facts live. This module turns it into
engine objects; it knows nothing about any particular edition.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pennybags.engine.board import Board, Space
from pennybags.engine.decks import Card

_SPACE_FIELDS = {"name", "kind", "group", "price", "mortgage", "rents", "house_cost", "amount",
                 "aliases"}


@dataclass(frozen=True)
class EditionData:
    """Everything printed in the box: figures, board and cards."""

    id: str
    name: str
    min_players: int
    max_players: int
    currency: Mapping[str, Any]
    rules: Mapping[str, Any]
    board: Board
    decks: Mapping[str, tuple[str, tuple[Card, ...]]]
    raw: Mapping[str, Any]

    def rule(self, key: str) -> Any:
        return self.rules[key]


def load_edition_data(path: Path) -> EditionData:
    """Read an edition's JSON data file."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    spaces = []
    for i, s in enumerate(raw["spaces"]):
        spaces.append(
            Space(
                index=i,
                name=s["name"],
                kind=sys.intern(s["kind"]),  # interned: the rules compare kinds often
                group=sys.intern(s.get("group", "")),
                price=s.get("price", 0),
                mortgage=s.get("mortgage", 0),
                rents=tuple(s.get("rents", ())),
                house_cost=s.get("house_cost", 0),
                amount=s.get("amount", 0),
                aliases=tuple(s.get("aliases", ())) + ((s["name_uk"],) if "name_uk" in s else ()),
                extra={k: v for k, v in s.items() if k not in _SPACE_FIELDS},
            )
        )
    board = Board(spaces, raw.get("groups", {}))
    decks: dict[str, tuple[str, tuple[Card, ...]]] = {}
    for key, deck in raw.get("decks", {}).items():
        cards = tuple(
            Card(
                id=c["id"],
                text=c["text"],
                kind=sys.intern(c["kind"]),
                params={k: v for k, v in c.items() if k not in ("id", "text", "kind")},
            )
            for c in deck["cards"]
        )
        decks[key] = (deck["name"], cards)
    lo, hi = raw["players"]
    return EditionData(
        id=raw["id"],
        name=raw["name"],
        min_players=lo,
        max_players=hi,
        currency=raw.get("currency", {"symbol": "$", "style": "prefix"}),
        rules=raw["rules"],
        board=board,
        decks=decks,
        raw=raw,
    )
