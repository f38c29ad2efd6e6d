"""Ultimate Monopoly's own fields in scenario files (docs/scenarios.md, "Ultimate Monopoly").

A player may hold ``vouchers`` (Travel Voucher ids: ``travel-card``, ``bus-ticket``,
``bus-ticket-expiring``), ``roll_three`` cards (``1-2-3`` or ``roll-three-1-2-3``),
``shares`` (``{company: count}`` or ``{company: {held: 2, mortgaged: 1}}``) and
``lose_turns``; kept Chance and Community Chest cards are the common ``hand:``
(``chance:just-say-no``) and ``cards:`` (a Get Out of Jail Free card by deck). A scenario's
players hold only what it gives them: the voucher and Roll Three card each player is dealt
at the start go back under their piles first.

An owned deed may have a ``skyscraper`` (a street), a ``depot`` (a railroad's Train Depot)
or a ``stand`` (a cab company's Cab Stand). The bank's stock adds ``skyscrapers``,
``depots`` and ``stands`` to the houses and hotels every edition has; the top level adds the
``pool``. A player who starts the turn on Subway rides it (the movement is a direct move to
any space), one on Reverse Direction throws backwards, as if they had landed there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from pennybags.editions.registry import Path_, Reader
from pennybags.editions.ultimate_monopoly.game import (
    POOL,
    ROLL_THREE,
    SKYSCRAPER,
    VOUCHERS,
    UltimateMonopolyGame,
)
from pennybags.engine.decks import Card
from pennybags.engine.game import Game
from pennybags.engine.ledger import BANK

MAX_POOL: Final = 10**9


def _game(game: Game) -> UltimateMonopolyGame:
    assert isinstance(game, UltimateMonopolyGame)
    return game


def add_example_card(game: UltimateMonopolyGame, card_id: str) -> None:
    """Ruling 6: the rulebook's example Roll Three cards with a repeated value (4-4-5,
    1-3-3) are valid cards in scenarios. A card ``roll-three-a-b-c`` of three values 1-6 in
    order that the pile does not print is added to this game's pile (and held at once)."""
    deck = game.decks[ROLL_THREE]
    if any(c.id == card_id for c in deck.cards):
        return
    parts = card_id.removeprefix("roll-three-").split("-")
    if len(parts) != 3 or not all(len(x) == 1 and x in "123456" for x in parts) \
            or parts != sorted(parts):
        return  # not such a card: giving it is refused as for any unknown card
    values = [int(x) for x in parts]
    title = "Roll Three " + "-".join(parts)
    template = deck.cards[0]
    deck.cards = (*deck.cards, Card(card_id, template.text.replace(
        template.get("title", ""), title), template.kind,
        {**template.params, "title": title, "values": values}))
    deck.order.append(len(deck.cards) - 1)


class UltimateMonopolyFields:
    """The scenario fields of Ultimate Monopoly (see the module's docstring)."""

    player_keys: frozenset[str] = frozenset({"vouchers", "roll_three", "shares", "lose_turns"})
    deed_keys: frozenset[str] = frozenset({"skyscraper", "depot", "stand"})
    bank_keys: frozenset[str] = frozenset({"skyscrapers", "depots", "stands"})
    top_keys: frozenset[str] = frozenset({"pool"})

    def begin(self, game: Game) -> None:
        """The cards dealt at the start go back under their piles: a scenario's players
        hold what it gives them."""
        for player in game.players:
            for key, index in player.cards:
                game.decks[key].put_bottom(index)
            player.cards.clear()

    def player(self, game: Game, seat: int, entry: Mapping[str, Any], path: Path_,
               r: Reader) -> None:
        um = _game(game)
        for n, card in enumerate(r.items(entry.get("vouchers"), (*path, "vouchers"),
                                         "vouchers is a list of Travel Voucher ids")):
            text = r.word(card, (*path, "vouchers", n), "a Travel Voucher id")
            r.give_card(game, seat, f"{VOUCHERS}:{text}", (*path, "vouchers", n))
        for n, card in enumerate(r.items(entry.get("roll_three"), (*path, "roll_three"),
                                         "roll_three is a list of Roll Three cards")):
            text = str(r.name_or_index(card, (*path, "roll_three", n), "a Roll Three card"))
            if not text.startswith("roll-three-"):
                text = "roll-three-" + text
            add_example_card(um, text)
            r.give_card(game, seat, f"{ROLL_THREE}:{text}", (*path, "roll_three", n))
        if "shares" in entry:
            self._shares(um, seat, entry["shares"], (*path, "shares"), r)
        if "lose_turns" in entry:
            um.lose_turns[seat] = r.whole(entry["lose_turns"], (*path, "lose_turns"),
                                          "lose_turns", 0, 10)

    def _shares(self, game: UltimateMonopolyGame, seat: int, value: Any, path: Path_,
                r: Reader) -> None:
        shares = r.mapping(value, path, "shares is a mapping of companies to a count or "
                           "{held: N, mortgaged: M}")
        for name, count in shares.items():
            where: Path_ = (*path, str(name))
            company = self.company(game, name)
            if company < 0:
                raise r.error(where, f"no company '{name}'; the companies are "
                              + ", ".join(c.id for c in game.stocks))
            if isinstance(count, Mapping):
                r.keys(count, where, {"held", "mortgaged"}, "shares")
                held = r.whole(count.get("held", 0), (*where, "held"), "held", 0)
                mortgaged = r.whole(count.get("mortgaged", 0), (*where, "mortgaged"),
                                    "mortgaged", 0, held)
            else:
                held = r.whole(count, where, "a count of shares", 0)
                mortgaged = 0
            stock = game.stocks[company]
            left = game.bank_shares[company] + game.shares[seat][company]
            if held > left:
                raise r.error(where, f"{stock.name} has {stock.shares} shares; only {left} "
                              "are left for this player")
            game.bank_shares[company] = left - held
            game.shares[seat][company] = held
            game.shares_mortgaged[seat][company] = mortgaged

    @staticmethod
    def company(game: UltimateMonopolyGame, name: Any) -> int:
        """A company of the Stock Exchange by id or name (-1: none)."""
        key = str(name).strip().lower().replace(" ", "-")
        for c in game.stocks:
            if key in (c.id, c.name.lower().replace(" ", "-")):
                return c.index
        return -1

    def deed(self, game: Game, deed: int, item: Mapping[str, Any], path: Path_,
             r: Reader) -> None:
        kind = game.board.spaces[deed].kind
        for key, wanted, level in (("skyscraper", "street", SKYSCRAPER),
                                   ("depot", "railroad", 1), ("stand", "cab_company", 1)):
            if key not in item or not r.flag(item[key], (*path, key), key):
                continue
            if kind != wanted:
                raise r.error((*path, key), f"a {key} stands on a {wanted.replace('_', ' ')}, "
                              f"not on {game.board.spaces[deed].name}")
            game.houses[deed] = level

    @staticmethod
    def _stock(bank: Mapping[str, Any], key: str, left: int, r: Reader) -> int:
        """The bank's stock of one kind of building: what is left once the position's are
        placed, or fewer (a shortage)."""
        if key not in bank:
            return left
        count = r.whole(bank[key], ("bank", key), key, 0)
        if count > left:
            raise r.error(("bank", key), f"the bank has {left} {key} left once the position's "
                          f"buildings are placed: it cannot have {count}")
        return count

    def finish(self, game: Game, spec: Mapping[str, Any], r: Reader) -> None:
        um = _game(game)
        bank = spec.get("bank")
        if isinstance(bank, Mapping):
            um.bank_skyscrapers = self._stock(bank, "skyscrapers", um.bank_skyscrapers, r)
            um.bank_depots = self._stock(bank, "depots", um.bank_depots, r)
            um.bank_stands = self._stock(bank, "stands", um.bank_stands, r)
        if "pool" in spec:
            pool = r.whole(spec["pool"], ("pool",), "the Pool", 0, MAX_POOL)
            if pool:
                um.ledger.transfer(BANK, POOL, pool, "scenario set-up")
        spaces = um.board.spaces
        for p in um.players:
            if p.in_jail or p.bankrupt:
                continue
            kind = spaces[p.position].kind
            um.subway_next[p.seat] = kind == "subway"
            um.reverse_next[p.seat] = kind == "reverse_direction"


FIELDS: Final = UltimateMonopolyFields()
