"""Ultimate Monopoly's bankruptcy with every kind of asset (ruling 16 and classic's rules),
each test named after the rule it checks."""

from __future__ import annotations

import pytest

import um_helpers as um
from pennybags.editions.ultimate_monopoly import bankruptcy
from pennybags.editions.ultimate_monopoly.buildings import (
    sale_price,
    stock_conserved,
    take_stock,
)
from pennybags.editions.ultimate_monopoly.game import (
    POOL,
    ROLL_THREE,
    VOUCHERS,
    ShareAuction,
    UltimateMonopolyGame,
)
from pennybags.engine.actions import Action
from pennybags.engine.game import Event
from pennybags.engine.ledger import BANK
from um_helpers import play_randomly, throw

CHANCE = "chance"
COMMUNITY_CHEST = "community_chest"
GET_OUT_OF_JAIL = 33
"""The index of a Get Out of Jail Free! card in the Chance pile (a kept card)."""
MEDITERRANEAN, BALTIC, READING, CONNECTICUT, B_AND_O = 1, 3, 5, 9, 25


def new_game(names: tuple[str, ...] = ("Ann", "Bob", "Cy"), seed: int = 1,
             events: list[Event] | None = None) -> UltimateMonopolyGame:
    """A game of three at Ann's first roll."""
    return um.new_game(names, seed, events)


def leave_cash(game: UltimateMonopolyGame, seat: int, amount: int) -> None:
    game.ledger.transfer(seat, BANK, game.cash(seat) - amount, "test")


def rich_ann(game: UltimateMonopolyGame) -> int:
    """Ann holds one of everything: a monopoly with hotels, a railroad with a Train Depot, a
    mortgaged railroad, shares (one mortgaged), her voucher and Roll Three card and a kept
    Get Out of Jail Free! card; $1 in cash. Returns what her buildings sell for."""
    for deed in (MEDITERRANEAN, BALTIC, READING, B_AND_O):
        game.set_owner(deed, 0)
    game.houses[MEDITERRANEAN] = game.houses[BALTIC] = 5
    game.houses[B_AND_O] = 1
    game.mortgaged[READING] = True
    take_stock(game)
    game.shares[0][0] = 2
    game.shares_mortgaged[0][0] = 1
    game.shares[0][3] = 1
    game.bank_shares[0] -= 2
    game.bank_shares[3] -= 1
    game.decks[CHANCE].remove(GET_OUT_OF_JAIL)
    game.players[0].cards.append((CHANCE, GET_OUT_OF_JAIL))
    leave_cash(game, 0, 1)
    return sum(sale_price(game, d) * game.houses[d] for d in (MEDITERRANEAN, BALTIC, B_AND_O))


def card_counts(game: UltimateMonopolyGame, key: str) -> int:
    held = sum(1 for p in game.players for k, _ in p.cards if k == key)
    return len(game.decks[key].order) + held


def test_pool_account_is_the_games() -> None:
    assert bankruptcy.POOL_ACCOUNT == POOL


# ==================================================================== to the bank

def test_bankrupt_to_the_bank_cash_to_the_pool_deeds_and_shares_auctioned() -> None:
    """Ruling 16: bankrupt on a tax, the player's cash (their buildings sold back at half
    first) goes to the Pool; deeds (mortgages cancelled) and shares are auctioned at once,
    one after another; vouchers, Roll Three cards and kept cards go back under their
    piles; the bank's building stock is whole again."""
    game = new_game()
    sold = rich_ann(game)
    vouchers, roll_three = game.decks[VOUCHERS], game.decks[ROLL_THREE]
    ann_cards = list(game.players[0].cards)
    pool = game.ledger.balance(POOL)
    throw(game, 1, 2, 1)  # to Income Tax: $200 to the Pool, Ann has $1
    d = game.pending[0]
    assert (d.kind, d.player, d.creditor) == ("debt", 0, POOL)
    game.act(0, Action("declare-bankruptcy"))
    assert game.players[0].bankrupt
    assert game.ledger.balance(POOL) == pool + 1 + sold
    assert game.cash(0) == 0
    assert stock_conserved(game) and game.houses[MEDITERRANEAN] == 0
    assert game.bank_hotels == game.data.rules["hotels"]
    assert game.bank_depots == game.data.rules["train_depots"]
    for deed in (MEDITERRANEAN, BALTIC, READING, B_AND_O):
        assert game.owner[deed] == -1 and not game.mortgaged[deed]
    assert game.shares[0] == [0] * 6 and game.shares_mortgaged[0] == [0] * 6
    assert game.bank_shares == [5] * 6
    assert game.players[0].cards == []
    for key, index in ann_cards:
        assert index in game.decks[key].order
    assert vouchers.order[-1] == next(i for k, i in ann_cards if k == VOUCHERS)
    assert roll_three.order[-1] == next(i for k, i in ann_cards if k == ROLL_THREE)
    assert game.decks[CHANCE].order[-1] == GET_OUT_OF_JAIL
    # The auctions, at once: the deeds in board order, then the shares one at a time.
    auctioned: list[int] = []
    while game.pending[0].kind == "bid":
        bid = game.pending[0]
        assert bid.player in (1, 2)
        auction = game.auction
        assert auction is not None
        auctioned.append(bid.deed)
        if isinstance(auction, ShareAuction) and auction.company == 3:
            game.act(1, Action("bid", amount=10))
            game.act(2, Action("pass"))
        else:
            game.act(bid.player, Action("pass"))
            if game.pending[0].kind == "bid" and game.auction is auction:
                game.act(game.pending[0].player, Action("pass"))
    assert auctioned == [MEDITERRANEAN, BALTIC, READING, B_AND_O, -1, -1, -1]
    assert game.shares[1][3] == 1 and game.bank_shares[3] == 4
    assert game.current == 1 and game.pending[0].kind == "roll"
    assert game.ledger.conserved()


# ==================================================================== to a player

def test_bankrupt_to_a_player_everything_goes_to_the_creditor() -> None:
    """Owing rent: buildings are sold back at half first, then the creditor gets the cash,
    every deed (10% on the mortgaged one, with the offer to lift it), every share (the
    mortgaged one stays mortgaged; 10% of its mortgage value), the vouchers, Roll Three
    cards and kept cards."""
    game = new_game()
    sold = rich_ann(game)
    game.set_owner(CONNECTICUT, 1)
    ann_cards = list(game.players[0].cards)
    bob_cards = list(game.players[1].cards)
    bob = game.cash(1)
    throw(game, 3, 4, 2)  # to Connecticut Avenue (odd: past Reading Railroad): rent $8
    d = game.pending[0]
    assert (d.kind, d.player, d.creditor) == ("debt", 0, 1)
    game.act(0, Action("declare-bankruptcy"))
    interest = game.board.spaces[READING].mortgage // 10 + game.stocks[0].mortgage_value // 10
    assert game.cash(1) == bob + 1 + sold - interest
    assert stock_conserved(game)
    for deed in (MEDITERRANEAN, BALTIC, READING, B_AND_O):
        assert game.owner[deed] == 1 and game.houses[deed] == 0
    assert game.mortgaged[READING]
    assert game.shares[1][0] == 2 and game.shares_mortgaged[1][0] == 1
    assert game.shares[1][3] == 1 and game.shares[0] == [0] * 6
    assert game.players[1].cards == bob_cards + ann_cards
    assert game.players[0].cards == []
    d = game.pending[0]
    assert (d.kind, d.player) == ("mortgaged-deeds", 1)
    cash = game.cash(1)
    game.act(1, Action("unmortgage", deed=READING))
    assert game.cash(1) == cash - game.board.spaces[READING].mortgage
    assert game.current == 1 and game.pending[0].kind == "roll"
    assert game.ledger.conserved()


# ==================================================================== the end

def test_last_player_standing_wins() -> None:
    """"The goal is to be the last player standing, with all others bankrupt": with one
    player left the game is over and they win."""
    game = new_game(("Ann", "Bob"))
    leave_cash(game, 0, 1)
    throw(game, 1, 2, 1)
    game.act(0, Action("declare-bankruptcy"))
    assert game.over and game.winner == 1 and game.end_reason == "bankruptcy"
    assert game.pending == []


def test_game_goes_on_while_two_are_left() -> None:
    game = new_game()
    leave_cash(game, 0, 1)
    throw(game, 1, 2, 1)
    game.act(0, Action("declare-bankruptcy"))
    assert not game.over and game.current == 1


# ==================================================================== random play

OUT_OF_PLAY = ("voucher-played", "voucher-expired", "missed-the-bus")


def conserved(game: UltimateMonopolyGame, events: list[Event]) -> None:
    assert game.ledger.conserved()
    for c in game.stocks:
        held = sum(game.shares[p.seat][c.index] for p in game.players)
        assert game.bank_shares[c.index] + held == c.shares
        for p in game.players:
            assert 0 <= game.shares_mortgaged[p.seat][c.index] <= game.shares[p.seat][c.index]
    out = sum(1 for e in events if e.kind in OUT_OF_PLAY)
    assert card_counts(game, VOUCHERS) + out == len(game.decks[VOUCHERS].cards)
    for key in (CHANCE, COMMUNITY_CHEST, ROLL_THREE):
        assert card_counts(game, key) == len(game.decks[key].cards)
    assert stock_conserved(game)
    for p in game.players:
        if p.bankrupt:
            assert game.cash(p.seat) == 0 and not game.deeds_of(p.seat) and not p.cards
            assert sum(game.shares[p.seat]) == 0


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_bankruptcies_keep_everything_whole(seed: int) -> None:
    """Random legal play with little cash, so that players go bankrupt: money, shares,
    vouchers, Chance, Community Chest and Roll Three cards and the building stock are all
    conserved, and a clone answered alike stays equal."""
    events: list[Event] = []
    game = new_game(("Ann", "Bob", "Cy", "Dee"), seed=seed, events=events)
    for seat in range(4):
        leave_cash(game, seat, 300)
    play_randomly(game, seed, 4000, lambda game: conserved(game, events))
    assert any(e.kind == "bankrupt" for e in events)
