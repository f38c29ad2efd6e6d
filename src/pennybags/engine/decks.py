"""Card decks: shuffled once, drawn from the top, returned to the bottom.

A card that is kept (Get Out of Jail Free) is simply not returned until it is used.

What players know of a deck: after the shuffle, nothing of its order; every card that is
drawn and put back under the deck is seen going there, so the bottom ``seen`` cards of the
deck are known, in order. A seat's view shows those and hides the rest.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card: a stable id, its text, the effect kind and the effect's figures."""

    id: str
    text: str
    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)


def shuffle(rng: random.Random, items: list[int]) -> None:
    """``rng.shuffle(items)`` with the same draws (Fisher-Yates, each index drawn with
    ``getrandbits`` and drawn again when out of range), written out so that it compiles to
    native code."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = 0  # n.bit_length(), in plain arithmetic (cheaper compiled)
        m = n
        while m:
            k += 1
            m >>= 1
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


class Deck:
    """A pile of cards, identified by index into ``cards``; ``order[0]`` is the top."""

    __slots__ = ("cards", "key", "name", "order", "seen")

    def __init__(self, key: str, name: str, cards: Iterable[Card]) -> None:
        self.key = key
        self.name = name
        self.cards: tuple[Card, ...] = tuple(cards)
        self.order: deque[int] = deque(range(len(self.cards)))
        self.seen = 0
        """How many cards at the bottom of ``order`` every player has seen put there."""

    def clone(self) -> Deck:
        """An independent copy (the printed cards are shared: they never change)."""
        copy = Deck(self.key, self.name, ())
        copy.cards = self.cards
        copy.order = deque(self.order)
        copy.seen = self.seen
        return copy

    def unseen(self) -> list[int]:
        """The cards of the deck nobody has seen placed, top first."""
        order = self.order
        return [order[i] for i in range(len(order) - self.seen)]

    def replace_unseen(self, cards: list[int]) -> None:
        """Put ``cards`` (as many as :meth:`unseen` gives) in place of the unseen part."""
        seen = [self.order[i] for i in range(len(self.order) - self.seen, len(self.order))]
        self.order = deque(cards + seen)

    def shuffle_unseen(self, rng: random.Random) -> None:
        """Shuffle the part of the deck nobody has seen placed. The cards are put in index
        order first, so the new order depends on ``rng`` and on which cards are unseen,
        never on the order they lay in (a search bot's copies are then the same whatever
        the true order was)."""
        cards = sorted(self.unseen())
        rng.shuffle(cards)
        self.replace_unseen(cards)

    def shuffle(self, rng: random.Random) -> None:
        """Shuffle with the same draws as ``rng.shuffle`` (see :func:`shuffle`), so that the
        order depends on the seed alone."""
        order = list(self.order)
        shuffle(rng, order)
        self.order = deque(order)
        self.seen = 0

    def draw(self) -> int:
        """Take the top card (its index). The caller returns it with :meth:`put_bottom`."""
        order = self.order
        if self.seen >= len(order):
            self.seen = len(order) - 1
        return order.popleft()

    def remove(self, card: int) -> None:
        """Take a card out of the deck from wherever it lies."""
        order = self.order
        at = order.index(card)
        if at >= len(order) - self.seen:
            self.seen -= 1
        del order[at]

    def put_bottom(self, card: int) -> None:
        """Put a card under the deck, where everyone sees it go."""
        self.order.append(card)
        self.seen += 1

    def stack(self, ids: Iterable[str]) -> None:
        """Put the cards with these ids on top, in the order given (for scenarios).

        An id printed on several cards (classic's two "nearest railroad" cards) may be named
        as many times as there are copies left in the deck.
        """
        chosen: list[int] = []
        for card_id in ids:
            for i in self.order:
                if self.cards[i].id == card_id and i not in chosen:
                    chosen.append(i)
                    break
            else:
                known = sorted({c.id for c in self.cards})
                if any(c.id == card_id for c in self.cards):
                    raise ValueError(f"no card '{card_id}' left in the {self.name} deck "
                                     "(all its copies are stacked already or held by a player)")
                raise ValueError(
                    f"no card '{card_id}' in the {self.name} deck; its cards are: "
                    + ", ".join(known)
                )
        rest = [i for i in self.order if i not in chosen]
        self.order = deque(chosen + rest)
        self.seen = 0

    def copy_named(self, name: str) -> int | None:
        """The card that a name after ``deck:`` picks out exactly: ``#index``, or
        ``card-id#index`` as the notation writes one of several printed copies. Its index;
        -1 when the deck has no such card (an index off the deck, or of another card); None
        when the name is a bare card id (any copy of it)."""
        printed, hash_, number = name.partition("#")
        if not hash_ or not number.isascii() or not number.isdigit():
            return None
        index = int(number)
        if index < len(self.cards) and printed in ("", self.cards[index].id):
            return index
        return -1

    def index_of(self, card_id: str) -> int:
        for i, c in enumerate(self.cards):
            if c.id == card_id:
                return i
        raise ValueError(f"no card '{card_id}' in the {self.name} deck")
