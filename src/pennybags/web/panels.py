"""What the game page's panels show besides a seat's view, from the edition's words
(:class:`pennybags.engine.words.Words`): nothing here is hidden from anyone.

* With the board (once per connection): each title deed's card (its rents line by line,
  its mortgage value and building cost), the title of every card of every deck by its id
  (the decks' contents are printed in the rulebook; their order is not sent), the
  companies of a Stock Exchange by id, and whether the edition has trading at all.
* With each state: which rent line of each owned deed is due now, what stands on it in
  words, the bank's building stock and the edition's notes on the table (Ultimate
  Monopoly's Pool), and once the game is over each remaining player's total (the
  edition's final scores, or its total assets) in the edition's money.
"""

from __future__ import annotations

import re
from typing import Any

from pennybags.engine.game import Game
from pennybags.engine.words import Words


def board_panels(game: Game, words: Words) -> dict[str, Any]:
    """The fixed facts of the panels, sent with the board."""
    board = game.board
    title_deeds: dict[str, Any] = {}
    for d in board.deeds:
        space = board.spaces[d]
        title_deeds[str(d)] = {
            "price": words.money(space.price) if space.price else None,
            "rents": [list(line) for line in words.rent_lines(d)],
            "mortgage": words.money(space.mortgage) if space.mortgage else None,
            "building_cost": words.money(space.house_cost) if space.house_cost else None,
        }
    card_titles: dict[str, dict[str, str]] = {}
    for key, deck in game.decks.items():
        titles: dict[str, str] = {}
        for index, card in enumerate(deck.cards):
            titles.setdefault(card.id, card_title(words, key, index))
        card_titles[key] = dict(sorted(titles.items()))
    companies = {str(stock["id"]): str(stock.get("company", stock["id"]))
                 for stock in game.data.raw.get("stocks") or ()}
    return {"title_deeds": title_deeds, "card_titles": card_titles, "companies": companies,
            "trading": "propose-trade" in game.rulebook.vocabulary.actions}


def card_title(words: Words, deck: str, index: int) -> str:
    """A card's title in the edition's words; a card with no title of its own (classic's,
    whose words fall back on the id: "Get out of jail free") by its text's first clause
    ("Get Out of Jail Free (keep until used or sold)" as "Get Out of Jail Free")."""
    title = words.card_words((deck, index))
    card = words.game.decks[deck].cards[index]
    if card.get("title") or title != card.id.replace("-", " ").capitalize():
        return title
    first = re.split(r"; |: | \(", card.text, maxsplit=1)[0].strip()
    return first or title


def state_panels(game: Game, words: Words) -> dict[str, Any]:
    """The changing facts of the panels, sent with each state."""
    board = game.board
    out: dict[str, Any] = {
        "rent_lines": {str(d): line for d in board.deeds
                       if game.owner[d] >= 0 and (line := words.rent_line(d)) >= 0},
        "buildings": {str(d): words.improvement_words(d) or words.buildings_words(game.houses[d])
                      for d in board.deeds if game.owner[d] >= 0 and game.houses[d]},
        "bank_buildings": None,
        "table_notes": words.table_notes(),
        "totals": None,
    }
    stock = words.building_stock()
    if stock is not None:
        out["bank_buildings"] = {"houses": stock[0], "hotels": stock[1]}
    if game.over:
        scores = words.final_scores()
        heading = "Final scores"
        if not scores:
            heading = "Total assets"
            scores = {p.seat: total for p in game.players if not p.bankrupt
                      if (total := words.total_assets(p.seat)) is not None}
        out["totals"] = {
            "heading": heading,
            "players": [{"name": game.name(seat), "total": words.money(total)}
                        for seat, total in sorted(scores.items(), key=lambda kv: -kv[1])],
        }
    return out


__all__ = ["board_panels", "card_title", "state_panels"]
