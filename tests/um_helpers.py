"""Set-ups shared by the Ultimate Monopoly tests (tests/test_ultimate_monopoly_*.py): a game
as the edition makes it, with the first seat to play, and the few moves every test file
makes (place a token, give deeds and cards, throw scripted dice, read the pending decisions)
and random play that checks the game stays whole."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pennybags.bots import make_bot
from pennybags.editions.ultimate_monopoly import EDITION
from pennybags.editions.ultimate_monopoly.cards import CardGame
from pennybags.editions.ultimate_monopoly.game import VOUCHERS, UltimateMonopolyGame
from pennybags.engine.actions import Action
from pennybags.engine.data import EditionData
from pennybags.engine.game import Event
from pennybags.engine.snapshot import snapshot


def new_game(names: Sequence[str] = ("Ann", "Bob"), seed: int = 1,
             events: list[Event] | None = None, data: EditionData | None = None,
             **options: Any) -> CardGame:
    """A game of the edition (its whole rulebook; ``data``: other data, such as other Roll
    Three cards) between ``names``, the first seat to play (no order throw), at its first
    roll. ``events`` hears every event; ``options`` are table options by name."""
    listeners = [events.append] if events is not None else []
    if data is None:
        game = EDITION.new_game(list(names), seed=seed, options=options,
                                decide_order=False, listeners=listeners)
    else:
        game = EDITION.game_class(data, list(names), seed, EDITION.options(options),
                                  rulebook=EDITION.rulebook, decide_order=False,
                                  listeners=listeners)
    assert isinstance(game, CardGame)
    return game


def at(game: UltimateMonopolyGame, name: str) -> int:
    """A space by name, alias or ``track:number``."""
    return game.board.find(name)


def place(game: UltimateMonopolyGame, seat: int, name: str) -> None:
    """Put a player's token on a space (no move: nothing is paid or landed on)."""
    game.players[seat].position = at(game, name)


def own(game: UltimateMonopolyGame, seat: int, *names: str) -> None:
    """Give a player title deeds (a transit station's name gives its railroad)."""
    for name in names:
        game.set_owner(game.tracks.find_deed(name), seat)


def throw(game: UltimateMonopolyGame, *dice: int | str) -> None:
    """The player whose turn it is throws these dice (the speed die last)."""
    game.dice.script([list(dice)])
    game.act(game.current, Action("roll"))


def kinds(game: UltimateMonopolyGame) -> list[str]:
    """The kinds of the pending decisions."""
    return [d.kind for d in game.pending]


def vouchers(game: UltimateMonopolyGame, seat: int) -> int:
    """How many Travel Vouchers a player holds."""
    return sum(1 for key, _ in game.players[seat].cards if key == VOUCHERS)


def deal(game: UltimateMonopolyGame, seat: int, key: str, card_id: str) -> tuple[str, int]:
    """Give ``seat`` a card with that id from its pile (as drawing and keeping it would)."""
    deck = game.decks[key]
    index = next(i for i in deck.order if deck.cards[i].id == card_id)
    deck.remove(index)
    game.players[seat].cards.append((key, index))
    return key, index


def play_randomly(game: UltimateMonopolyGame, seed: int, answers: int,
                  check: Callable[[UltimateMonopolyGame], object] = lambda game: None
                  ) -> None:
    """Random legal play (``random`` bots seeded ``seed * 10 + seat``) for at most
    ``answers`` answers or to the end: after every answer money is conserved (bank, Pool,
    players) and ``check`` holds (it asserts, or returns False when something is wrong); a
    clone taken at the start and answered alike ends equal to the game."""
    bots = [make_bot("random", seed * 10 + i) for i in range(len(game.players))]
    copy = game.clone()
    for _ in range(answers):
        if game.over:
            break
        d = game.pending[0]
        action = bots[d.player].choose(game, d.player)
        game.act(d.player, action)
        copy.act(d.player, action)
        assert game.ledger.conserved()
        assert check(game) is not False
    assert snapshot(copy) == snapshot(game)


def hold_vouchers(game: UltimateMonopolyGame, seat: int, *indices: int) -> None:
    """``seat`` holds exactly these Travel Vouchers (card indices of the pile, taken from the
    pile or another hand; the vouchers they held and no longer do go back under the
    pile)."""
    deck = game.decks[VOUCHERS]
    for p in game.players:
        for index in indices:
            if (VOUCHERS, index) in p.cards:
                p.cards.remove((VOUCHERS, index))
    for index in indices:
        if index in deck.order:
            deck.remove(index)
    player = game.players[seat]
    for key, index in player.cards:
        if key == VOUCHERS:
            deck.put_bottom(index)
    player.cards = [c for c in player.cards if c[0] != VOUCHERS] + \
        [(VOUCHERS, i) for i in indices]
