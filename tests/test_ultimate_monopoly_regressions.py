"""Regressions in Ultimate Monopoly's rules found by bot games (the benchmark
``benchmarks/ultimate_monopoly_games.py`` and the property tests), one test each, named after
what must hold.
"""

from __future__ import annotations

import json

from pennybags import history
from pennybags.bots import make_bot
from pennybags.editions.ultimate_monopoly import EDITION
from pennybags.editions.ultimate_monopoly.cards import CardGame
from pennybags.editions.ultimate_monopoly.game import VOUCHERS
from pennybags.engine.actions import Action
from pennybags.engine.notation import action_from_json, action_to_json
from pennybags.engine.snapshot import snapshot
from um_helpers import hold_vouchers


def new_game(players: int = 3) -> CardGame:
    """A game as the edition makes it (its record replays), started by whoever the order
    throw picked."""
    game = EDITION.new_game(["Ann", "Bob", "Cy"][:players], seed=1)
    assert isinstance(game, CardGame)
    return game


def test_finders_keepers_answers_read_back_from_the_notation_as_the_same_copy() -> None:
    """Finders Keepers lists another player's voucher by their copy's index; the notation
    wrote a voucher by its id alone and read back the chooser's copy or the pile's first, so
    a game's record replayed to another action (found by the property tests: ``again.history
    == game.history`` failed). Every answer now reads back as itself, and does the same."""
    game = new_game()
    ann = game.current
    bob, cy = (ann + 1) % 3, (ann + 2) % 3
    deck = game.decks[VOUCHERS]
    tickets = [i for i, c in enumerate(deck.cards) if c.id == "bus-ticket"]
    cards = [i for i, c in enumerate(deck.cards) if c.id == "travel-card"]
    hold_vouchers(game, ann, tickets[7])  # Ann's own bus ticket is another copy
    hold_vouchers(game, bob, tickets[3])  # not the pile's first bus ticket
    hold_vouchers(game, cy, cards[5])
    game.decks["community_chest"].stack(["finders-keepers"])
    game.players[ann].position = 12
    game.dice.script([[1, 2, 2]])
    game.act(ann, Action("roll"))  # 5: Community Chest
    assert game.pending[0].kind == "finders-keepers"
    answers = [a for a in game.legal_actions(ann) if a.do == "choose-card"]
    assert len(answers) == 2
    for a in answers:
        again = action_from_json(game, ann, action_to_json(game, a))
        assert again == a, a
        one, other = game.clone(), game.clone()
        one.act(ann, a)
        other.act(ann, again)
        assert snapshot(one) == snapshot(other)
    game.act(ann, next(a for a in answers if a.target == bob))
    assert (VOUCHERS, tickets[3]) in game.players[ann].cards
    assert (VOUCHERS, tickets[7]) in game.players[ann].cards


def test_a_record_of_a_random_game_with_voucher_choices_replays_alike() -> None:
    """As the property test found it: a random game where vouchers are taken by Finders
    Keepers and Birthday Gifts and played replays from its record to the same history. (The
    game was found with the standard bot's previous strategy, now ``standard?value=price``.)"""
    game = EDITION.new_game(["A", "B", "C"], seed=102, options={"max-rounds": 25})
    bots = [make_bot(spec, 7 + i) for i, spec in
            enumerate(["random", "simple", "standard?value=price"])]
    while not game.over:
        seat = game.pending[0].player
        game.act(seat, bots[seat].choose(game, seat))
    assert {"choose-card", "take-voucher-gift", "play-voucher"} <= {a.do for _, a in
                                                                     game.history}
    rec = json.loads(json.dumps(history.record(game)))
    again = history.replay(rec)
    assert again.history == game.history
    assert snapshot(again) == snapshot(game)
