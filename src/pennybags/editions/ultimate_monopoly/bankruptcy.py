"""Bankruptcy in Ultimate Monopoly, with every kind of asset a player can hold: cash, title
deeds (mortgaged or not), buildings (houses, hotels, skyscrapers, Train Depots, Cab Stands),
shares of the Stock Exchange (mortgaged or not), Travel Vouchers, Roll Three cards and kept
Chance and Community Chest cards.

The rulebook assumes classic's rules ("these rules are assuming that the player has a working
knowledge of the rules of classic MON"); ruling 16 adds the bank's side. The readings taken:

* **Buildings first**: a bankrupt player's buildings are sold back to the bank at half their
  value, whoever the creditor is (classic: "sell all buildings to the Bank at half price";
  :func:`~pennybags.editions.ultimate_monopoly.buildings.sell_every_building`). The money
  they bring is part of the cash that goes to the creditor.
* **To a player** (rent, Squeeze Play, Birthday Gift, a card that makes one player pay
  another): everything goes to the creditor. The cash; every title deed (who receives a
  mortgaged deed pays the bank 10% at once and may lift the mortgage then for its value
  alone: classic's ``receive_mortgaged``); every share, a mortgaged share staying mortgaged
  (the creditor pays the bank 10% of its mortgage value at once, as on a deed: ruling 9,
  "Shares trade like deeds"; a share has no lift-for-its-value-alone offer, so lifting it
  later costs its value plus 10%); every Travel Voucher, Roll Three card and kept Chance or
  Community Chest card (they are the player's, face up, and pass like Get Out of Jail Free
  cards in classic).
* **To the bank** (ruling 16: "a tax, a card, bail", the debts the Pool is owed, and the
  rarer debts to the bank itself, such as the 10% on a mortgaged deed received): "the
  player's cash goes to the Pool" (the building sales included); the deeds go back to the
  bank, their mortgages cancelled, and are "auctioned at once", one after another in board
  order (classic's auction; none with the ``no-auctions`` house rule); then the shares go
  back to the bank, their mortgages cancelled, and are auctioned at once one share at a time,
  company by company (a share nobody bids for stays with the bank); "their vouchers and Roll
  Three cards go back under their piles", and so do their kept Chance and Community Chest
  cards (classic's Get Out of Jail Free cards go back under their piles).
* **Bidding** in those auctions starts with the player to the bankrupt player's left; the
  bankrupt player does not bid.
* **The end**: "The goal is to be the last player standing, with all others bankrupt": when
  one player is left, the game is over and they win (classic's rule).

The functions take the game; they never import the game module at run time (it is named for
type checkers only), so ``game.py`` may call them from its own methods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pennybags.editions.ultimate_monopoly.buildings import sell_every_building
from pennybags.engine.ledger import BANK

if TYPE_CHECKING:
    from pennybags.editions.ultimate_monopoly.game import UltimateMonopolyGame

POOL_ACCOUNT = -3
"""The Pool's ledger account (``game.POOL``; named again here so that this module does not
import the game module at run time)."""


def declare_bankruptcy(game: UltimateMonopolyGame, p: int) -> None:
    """Declare bankruptcy at ``p``'s debt decision: the player is out of the game and their
    assets go to the creditor (:func:`to_a_player`) or, owing the bank or the Pool, back to
    the bank to be auctioned (:func:`to_the_bank`). The game ends when one player is left.
    """
    creditor = game.pending[0].creditor
    game.pending = []
    game.dues = [x for x in game.dues if x[0] != p]
    player = game.players[p]
    player.bankrupt = True
    if p == game.current:
        # The bankrupt player's turn is over: drop what was left of it.
        game.drop_steps()
        game._suspended.clear()
        game.auction = None
        game.trade = None
        game.mr_monopoly_to_come = -1
        game.then(game.next_turn)
    deeds = game.deeds_of(p)
    game.lift_offer -= set(deeds)
    if game.listeners:
        game.emit("bankrupt", player=p, creditor=creditor)
    sell_every_building(game, p)
    if creditor >= 0:
        to_a_player(game, p, creditor, deeds)
    else:
        to_the_bank(game, p, deeds)
    active = game.active_players()
    if len(active) == 1:
        game.end(active[0], "bankruptcy")


def to_a_player(game: UltimateMonopolyGame, p: int, creditor: int, deeds: list[int]) -> None:
    """Bankrupt to another player: the creditor receives ``p``'s cash, deeds (10% on each
    mortgaged one, with the offer to lift it for its value alone), shares (mortgaged ones
    stay mortgaged; 10% of the mortgage value on each), Travel Vouchers, Roll Three cards and
    kept cards."""
    game.pay(p, creditor, game.cash(p), "bankruptcy")
    for deed in deeds:
        game.set_owner(deed, creditor)
    give_shares(game, p, creditor)
    cards = game.players[p].cards
    game.players[creditor].cards.extend(cards)
    if game.listeners and cards:
        game.emit("cards-given", player=p, receiver=creditor, count=len(cards))
    cards.clear()
    mortgaged = [deed for deed in deeds if game.mortgaged[deed]]
    if mortgaged:
        game.receive_mortgaged(creditor, mortgaged)


def give_shares(game: UltimateMonopolyGame, p: int, creditor: int) -> None:
    """Every share of ``p`` goes to ``creditor``; a mortgaged share stays mortgaged and the
    creditor owes the bank 10% of its mortgage value (ruling 9: "Shares trade like
    deeds")."""
    held = game.shares[p]
    mortgaged = game.shares_mortgaged[p]
    for c in range(len(game.stocks)):
        if not held[c]:
            continue
        game.shares[creditor][c] += held[c]
        game.shares_mortgaged[creditor][c] += mortgaged[c]
        if game.listeners:
            game.emit("shares-given", player=p, receiver=creditor,
                      company=game.stocks[c].id, count=held[c], mortgaged=mortgaged[c])
        for _ in range(mortgaged[c]):
            game.owe(creditor, BANK, share_interest(game, c),
                     "10% on a mortgaged share received")
        held[c] = 0
        mortgaged[c] = 0


def share_interest(game: UltimateMonopolyGame, company: int) -> int:
    """10% of a share's mortgage value (rounded down, as classic's deeds)."""
    return game.stocks[company].mortgage_value * game.interest_percent // 100


def to_the_bank(game: UltimateMonopolyGame, p: int, deeds: list[int]) -> None:
    """Bankrupt to the bank (ruling 16): the cash goes to the Pool; the deeds and shares go
    back to the bank, mortgages cancelled, and are auctioned at once (deeds first, in board
    order, then the shares one at a time); the vouchers, Roll Three cards and kept cards go
    back under their piles."""
    game.pay(p, POOL_ACCOUNT, game.cash(p), "bankruptcy")
    return_cards(game, p)
    for deed in deeds:
        game.set_owner(deed, -1)
        game.mortgaged[deed] = False
        game.count_change(deed)
    companies = return_shares(game, p)
    if game.options.no_auctions:
        return
    # Steps run last-in first-out: the shares' auctions are pushed first, to come last.
    for c in reversed(companies):
        game.then(game.start_share_auction, c, p)
    for deed in reversed(deeds):
        game.then(game.start_auction, deed, p)


def return_shares(game: UltimateMonopolyGame, p: int) -> list[int]:
    """``p``'s shares go back to the bank, their mortgages cancelled. Returns one company
    index per share returned (what is to be auctioned, in company order)."""
    returned: list[int] = []
    held = game.shares[p]
    for c in range(len(game.stocks)):
        count = held[c]
        if not count:
            continue
        game.bank_shares[c] += count
        held[c] = 0
        game.shares_mortgaged[p][c] = 0
        if game.listeners:
            game.emit("shares-returned", player=p, company=game.stocks[c].id, count=count)
        for _ in range(count):
            returned.append(c)
    return returned


def return_cards(game: UltimateMonopolyGame, p: int) -> None:
    """``p``'s Travel Vouchers, Roll Three cards and kept Chance and Community Chest cards go
    back under their piles, in the order they came."""
    cards = game.players[p].cards
    for key, index in cards:
        game.decks[key].put_bottom(index)
    cards.clear()
