"""The observation vector: what one seat may know (``Game.view(seat)``), as numbers.

The vector has a fixed length for an edition and a number of seats. Seats are counted
relative to the observer (0 is the observer, 1 the next seat round the table, ...), so a
policy learnt in one seat plays in any other. Money is divided by the edition's starting
cash. Every value is clipped to [:data:`LOW`, :data:`HIGH`]. docs/rl.md lists the sections.

Only the view is read: no deck order, no other player's hidden hand, no seed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from pennybags.engine.game import Game

LOW: Final = -100.0
HIGH: Final = 100.0


class Observer:
    """Turns seat views of one edition's games with a number of seats into vectors."""

    def __init__(self, game: Game) -> None:
        board = game.board
        self.players = n = len(game.players)
        self.spaces = board.size
        self.deeds: tuple[int, ...] = tuple(board.deeds)
        self.deed_position = {d: i for i, d in enumerate(self.deeds)}
        self.space_of = {board[i].name: i for i in range(board.size)}
        self.space_of.update({board[d].name: d for d in self.deeds})
        """Spaces by name; a name on several spaces (a transit station on two tracks)
        stands for the one with the title deed."""
        self.decisions = list(game.rulebook.vocabulary.decisions)
        self.decision_position = {k: i for i, k in enumerate(self.decisions)}
        self.decks = list(game.decks)
        self.deck_position = {k: i for i, k in enumerate(self.decks)}
        stocks = game.data.raw.get("stocks", ())
        self.companies = [str(s["id"]) for s in stocks]
        self.company_position = {c: i for i, c in enumerate(self.companies)}
        cards: list[tuple[str, str]] = []
        for key, deck in game.decks.items():
            for index, card in enumerate(deck.cards):
                if game.keeps_card(key, index) and (key, card.id) not in cards:
                    cards.append((key, card.id))
        self.cards = cards
        self.card_position = {f"{c}@{k}": i for i, (k, c) in enumerate(cards)}
        self.money = float(game.data.rules.get("starting_cash", 1500)) or 1.0
        self.player_width = 1 + self.spaces + 3 + len(self.decks) + len(self.companies)
        sections = [
            ("game", 2),
            ("decision", len(self.decisions)),
            ("decision deed", self.spaces),
            ("decision amount", 1),
            ("high bidder", n),
            ("offer deeds", len(self.deeds)),
            ("offer cash", 1),
            ("deciding", n),
            ("players", n * self.player_width),
            ("deeds", len(self.deeds) * (n + 3)),
            ("own cards", len(cards)),
        ]
        self.sections: list[tuple[str, int, int]] = []
        start = 0
        for name, size in sections:
            self.sections.append((name, start, size))
            start += size
        self.size = start
        self.offset = {name: s for name, s, _ in self.sections}

    def vector(self, view: dict[str, Any]) -> npt.NDArray[np.float32]:
        """The vector of a seat's view (``Game.view(seat)``)."""
        n = self.players
        out = np.zeros(self.size, dtype=np.float32)
        seat_of = {p["name"]: p["seat"] for p in view["players"]}
        me = seat_of[view["seat"]]

        def rel(name: str | None) -> int:
            return (seat_of[name] - me) % n if name is not None else -1

        o = self.offset
        out[o["game"]] = view["round"] / 100
        out[o["game"] + 1] = 1.0 if view["turn"] == view["seat"] else 0.0
        money = self.money
        for item in view["pending"]:
            who = rel(item["player"])
            out[o["deciding"] + who] = 1.0
            if who != 0:
                continue
            kind = self.decision_position.get(item["kind"])
            if kind is not None:
                out[o["decision"] + kind] = 1.0
            deed = item.get("deed")
            if deed is not None:
                out[o["decision deed"] + self.space_of[deed]] = 1.0
            out[o["decision amount"]] = item.get("amount", 0) / money
            high = item.get("high_bidder")
            if high is not None:
                out[o["high bidder"] + rel(high)] = 1.0
            trade = item.get("trade")
            if trade is not None:
                sign = 1.0 if trade["to"] == view["seat"] else -1.0
                for name in trade["give"]:
                    pos = self.deed_position[self.space_of[name]]
                    out[o["offer deeds"] + pos] = sign
                for name in trade["take"]:
                    pos = self.deed_position[self.space_of[name]]
                    out[o["offer deeds"] + pos] = -sign
                out[o["offer cash"]] = sign * (trade["give_cash"] - trade["take_cash"]) / money
        width = self.player_width
        for p in view["players"]:
            base = o["players"] + rel(p["name"]) * width
            out[base] = p["cash"] / money
            out[base + 1 + p["position"]] = 1.0
            at = base + 1 + self.spaces
            out[at] = 1.0 if p["in_jail"] else 0.0
            out[at + 1] = p["jail_turns"] / 3
            out[at + 2] = 1.0 if p["bankrupt"] else 0.0
            at += 3
            hand = p.get("hand")
            if hand is not None:
                for key, count in hand.items():
                    out[at + self.deck_position[key]] += count
            else:
                for card in p.get("cards", ()):
                    out[at + self.deck_position[card.rpartition("@")[2]]] += 1
            at += len(self.decks)
            for company, held in p.get("shares", {}).items():
                out[at + self.company_position[company]] = held["held"]
        deed_width = n + 3
        for info in view["deeds"].values():
            base = o["deeds"] + self.deed_position[info["index"]] * deed_width
            owner = info["owner"]
            out[base + (0 if owner is None else 1 + rel(owner))] = 1.0
            out[base + n + 1] = info["houses"] / 5
            out[base + n + 2] = 1.0 if info["mortgaged"] else 0.0
        mine = view["players"][me]
        for card in mine.get("cards", ()):
            held = self.card_position.get(card)
            if held is not None:
                out[o["own cards"] + held] += 1
        np.clip(out, LOW, HIGH, out=out)
        return out
