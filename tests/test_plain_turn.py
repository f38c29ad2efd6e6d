"""The short cuts of a roll and of payments play the same games as the hooks they stand for.

``TurnGame.plain_turn``: a roll moves, lands and passes the turn on in one method when the
game's class overrides none of the turn's hooks and nobody listens. ``Game.plain_pay``: the
rules pay through the ledger without ``pay``'s call when that is all ``pay`` would do.
Each is compared with the hooks (the flags set False) over whole games of several bots."""

from __future__ import annotations

from typing import Any

import pytest

from pennybags import history
from pennybags.bots import make_bot
from pennybags.editions import get_edition
from pennybags.editions.classic.game import ClassicGame
from pennybags.engine.game import Event
from pennybags.engine.snapshot import snapshot
from pennybags.engine.turn import TurnGame, plain_turn
from pennybags.lab.simulate import run_options

NAMES = ["A", "B", "C", "D"]


def play(edition: str, bot: str, seed: int, *, plain: bool,
         listen: bool = False) -> tuple[Any, Any, int, list[int]]:
    """A whole game's record, snapshot, player-turns and balances."""
    options = run_options(edition, (), 300)
    heard: list[Event] = []
    game = get_edition(edition).new_game(NAMES, seed=seed, options=options,
                                         listeners=[heard.append] if listen else ())
    assert isinstance(game, TurnGame)
    if not plain:
        game.plain_turn = False
        game.plain_pay = False
    game.play_out([make_bot(bot, seed * 8 + seat) for seat in range(4)])
    rec = history.record(game)
    del rec["engine"]
    return rec, snapshot(game), game.turns, list(game.ledger.balances)


@pytest.mark.parametrize("edition", ["classic", "electronic-banking", "ultimate-banking"])
@pytest.mark.parametrize("bot", ["standard", "simple", "random"])
def test_the_short_cuts_play_the_games_the_hooks_play(edition: str, bot: str) -> None:
    turns = 0
    for seed in (3, 11, 29):
        short = play(edition, bot, seed, plain=True)
        hooks = play(edition, bot, seed, plain=False)
        assert short == hooks
        turns += short[2]
    assert turns > 30  # (whole games, with rolls through every kind of space)


def test_a_game_listened_to_takes_the_hooks_and_plays_the_same_game() -> None:
    for seed in (4, 7):
        assert play("classic", "standard", seed, plain=True, listen=True) == \
            play("classic", "standard", seed, plain=True)


def test_the_editions_that_take_their_own_turn_go_through_their_hooks() -> None:
    assert plain_turn(ClassicGame)
    game = get_edition("electronic-banking").new_game(NAMES, seed=1)
    assert isinstance(game, TurnGame) and game.plain_turn and game.plain_pay
    for edition in ("monopoly-2.3", "ultimate-monopoly"):
        other = get_edition(edition).new_game(NAMES, seed=1)
        assert isinstance(other, TurnGame) and not other.plain_turn


class Counted(ClassicGame):
    """A classic game whose landings are counted: an override of a turn hook."""

    lands = 0

    def land(self, p: int, card: Any = None) -> None:
        Counted.lands += 1
        super().land(p, card)


class Paid(ClassicGame):
    """A classic game whose payments are counted: an override of ``pay``."""

    paid = 0

    def pay(self, payer: int, payee: int, amount: int, reason: str) -> None:
        if amount > 0:
            Paid.paid += 1
        super().pay(payer, payee, amount, reason)


def test_an_override_of_a_hook_or_of_pay_is_called() -> None:
    edition = get_edition("classic")
    base = edition.new_game(NAMES, seed=8)
    assert isinstance(base, ClassicGame)
    for kind in (Counted, Paid):
        game = kind(base.data, NAMES, seed=8, rulebook=base.rulebook)
        game.play_out([make_bot("standard", seat) for seat in range(4)], until_round=30)
        assert game.turns > 30
    assert not plain_turn(Counted) and plain_turn(Paid)
    assert Counted.lands > 30  # every roll's landing went through the override
    assert Paid.paid > 30  # rents, salaries, purchases went through it too


def test_each_game_has_the_space_rules_of_its_own_rulebook_and_board() -> None:
    """The rule of each space is worked out once for a rulebook and a board
    (``landing_rules``), and made again when either is another: games of every edition made
    in turn have the rules their own rulebook gives their own board's spaces, each in a list
    of its own."""
    from pennybags.editions import all_editions

    games = []
    for _ in range(2):
        for edition in all_editions():
            game = edition.new_game(["a", "b", "c", "d"], seed=3)
            assert isinstance(game, TurnGame)
            spaces = edition.rulebook.spaces
            assert game.landing == [spaces.get(s.kind) for s in game.board.spaces], edition.id
            games.append(game)
    first, again = games[0], games[len(games) // 2]
    assert first.landing == again.landing and first.landing is not again.landing


def test_dice_of_a_copy_roll_as_the_original() -> None:
    """The dice call their generator's ``random`` bound once: a copy of the game (its own
    generator, in the same state) rolls what the original rolls, and the original's rolls
    do not move the copy's generator."""
    game = get_edition("classic").new_game(["a", "b", "c", "d"], seed=11)
    copy = game.clone()
    state = copy.rng.getstate()
    first = [game.dice.roll() for _ in range(25)]
    assert copy.rng.getstate() == state  # (the copy's generator has not moved)
    assert [copy.dice.roll() for _ in range(25)] == first
    assert [copy.dice.roll() for _ in range(9)] == [game.dice.roll() for _ in range(9)]
