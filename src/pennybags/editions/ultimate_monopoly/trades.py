"""Trades in Ultimate Monopoly: deeds, cash, shares, Travel Vouchers, Roll Three cards and
kept Chance and Community Chest cards.

The rulebook assumes classic's trading ("these rules are assuming that the player has a
working knowledge of the rules of classic MON"): an offer of deeds without buildings, cash
and cards, accepted, rejected or answered with a counter-offer (classic's ``propose-trade``,
``accept``, ``reject``, ``counter``). What Ultimate Monopoly adds, in its words and ours:

* **Shares**: stock "can be sold to any player as a private transaction for any amount that
  the owner can get"; "Shares trade like deeds" (ruling 9). An offer names each share by its
  company's id (``acme-motors``; ``acme-motors:mortgaged`` for a mortgaged one; repeated for
  several). The side handing them over must hold that many unmortgaged and that many
  mortgaged shares of the company. A mortgaged share stays mortgaged and its receiver pays
  the bank 10% of its mortgage value at once, as on a deed (the reading bankruptcy takes for
  shares: :func:`~pennybags.editions.ultimate_monopoly.bankruptcy.share_interest`; a share
  has no lift-for-its-value-alone offer, so lifting it later costs its value plus 10%).
* **Cards**: Travel Vouchers ("All owned TRAVEL VOUCHERS will remain face up"), Roll Three
  cards ("Roll Three cards may be bought, sold, or traded among players") and kept Chance
  and Community Chest cards ("Keep ... tradeable") may all change hands. A card is named
  ``deck:card-id`` (``travel_vouchers:travel-card``, ``roll_three:roll-three-1-2-3``,
  ``chance:just-say-no``; copies of one id are alike, the first received goes),
  ``deck:#index`` (exactly that card) or by its bare deck key, which names the side's card
  from that deck only when all they hold from it are alike (``roll_three`` when they hold
  one Roll Three card) and is refused as ambiguous otherwise (classic's rule,
  :meth:`~pennybags.editions.classic.game.ClassicGame.trade_cards`). An expiring Bus Ticket
  is a card like any other: it expires the others only when played.
* **Buildings**: a property with a building, or a street of a group where its owner has
  buildings, cannot be traded (the building rule of :mod:`.buildings`, through classic's
  ``buildings_block`` hook).
* **Mr. Monopoly**: "An opponent can't build or trade until your MR. MONOPOLY move is
  completed". A trade always has an opponent in it: while a Mr. Monopoly move is to come,
  nobody proposes, counters or accepts an offer
  (:func:`~pennybags.editions.ultimate_monopoly.buildings.mr_monopoly_waits`).

The functions take the game; they never import the game module at run time (it is named for
type checkers only), so ``game.py`` may call them from its own methods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pennybags.editions.ultimate_monopoly.bankruptcy import share_interest
from pennybags.editions.ultimate_monopoly.buildings import mr_monopoly_waits
from pennybags.engine.actions import Trade
from pennybags.engine.ledger import BANK
from pennybags.engine.notation import MORTGAGED_SHARE

if TYPE_CHECKING:
    from pennybags.editions.ultimate_monopoly.game import UltimateMonopolyGame

MORTGAGED_SHARE_FEE = "10% on a mortgaged share received"
"""The reason of the 10% a receiver of a mortgaged share pays the bank."""


def mr_monopoly_blocks(game: UltimateMonopolyGame) -> str | None:
    """Why no trade may be offered, countered or accepted now: a Mr. Monopoly move is to
    come ("An opponent can't build or trade until your MR. MONOPOLY move is completed").
    None when none is."""
    return mr_monopoly_waits(game, -1, "trade", opponents_only=False)


def read_share(game: UltimateMonopolyGame, entry: object) -> tuple[int, bool] | str:
    """The company (its index) and whether mortgaged, of one share a trade names
    (``company-id`` or ``company-id:mortgaged``); or why the entry names none."""
    if not isinstance(entry, str):
        return f"a share in a trade is named by its company's id, not {entry!r}"
    mortgaged = entry.endswith(MORTGAGED_SHARE)
    company = entry[:len(entry) - len(MORTGAGED_SHARE)] if mortgaged else entry
    for stock in game.stocks:
        if stock.id == company:
            return stock.index, mortgaged
    known = ", ".join(stock.id for stock in game.stocks)
    return f"no company '{company}' for a share; the companies are {known}"


def share_counts(game: UltimateMonopolyGame, entries: object) -> list[list[int]] | str:
    """How many unmortgaged and mortgaged shares of each company (``[plain, mortgaged]`` by
    company index) a trade's share entries name; or why they name none."""
    if not isinstance(entries, tuple):
        return "shares in a trade are a tuple of company ids"
    counts = [[0, 0] for _ in game.stocks]
    for entry in entries:
        share = read_share(game, entry)
        if isinstance(share, str):
            return share
        company, mortgaged = share
        counts[company][1 if mortgaged else 0] += 1
    return counts


def cannot_trade_shares(game: UltimateMonopolyGame, t: Trade) -> str | None:
    """Why the shares of an offer cannot change hands (None if they can): each side holds
    as many unmortgaged and mortgaged shares of each company as it hands over."""
    for entries, side in ((t.give_shares, t.proposer), (t.take_shares, t.recipient)):
        if not entries:
            continue
        counts = share_counts(game, entries)
        if isinstance(counts, str):
            return counts
        held = game.shares[side]
        pledged = game.shares_mortgaged[side]
        for stock in game.stocks:
            plain, mortgaged = counts[stock.index]
            c = stock.index
            if mortgaged > pledged[c]:
                return (f"{game.name(side)} has {_shares(pledged[c], 'mortgaged share')} "
                        f"of {stock.name}")
            if plain > held[c] - pledged[c]:
                return (f"{game.name(side)} has "
                        f"{_shares(held[c] - pledged[c], 'unmortgaged share')} of {stock.name}")
    return None


def _shares(count: int, what: str) -> str:
    if count == 0:
        return f"no {what}s"
    return f"only {count} {what}" + ("" if count == 1 else "s")


def exchange_shares(game: UltimateMonopolyGame, t: Trade) -> None:
    """The shares of an accepted offer change hands: each mortgaged one stays mortgaged and
    its receiver owes the bank 10% of its mortgage value, at once."""
    for entries, giver, receiver in ((t.give_shares, t.proposer, t.recipient),
                                     (t.take_shares, t.recipient, t.proposer)):
        for entry in entries:
            share = read_share(game, entry)
            assert not isinstance(share, str), share
            hand_over_share(game, giver, receiver, *share)


def hand_over_share(game: UltimateMonopolyGame, giver: int, receiver: int, company: int,
                    mortgaged: bool) -> None:
    """One share of ``company`` passes from ``giver`` to ``receiver``; a mortgaged one stays
    so, and the receiver owes the bank 10% of its mortgage value."""
    game.shares[giver][company] -= 1
    game.shares[receiver][company] += 1
    if mortgaged:
        game.shares_mortgaged[giver][company] -= 1
        game.shares_mortgaged[receiver][company] += 1
        game.owe(receiver, BANK, share_interest(game, company), MORTGAGED_SHARE_FEE)


__all__ = ["MORTGAGED_SHARE_FEE", "cannot_trade_shares", "exchange_shares", "hand_over_share",
           "mr_monopoly_blocks", "read_share", "share_counts"]
