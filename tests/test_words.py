"""The words fronts show: every decision of every edition is asked in the edition's words,
every legal action has a menu line, and an edition's words are rules per kind that fall
back to those of the edition below (no chain of ``if do == ...``)."""

from __future__ import annotations

import pytest

from pennybags.bots import make_bot
from pennybags.editions import get_edition, words_for
from pennybags.editions.classic.words import ClassicWords
from pennybags.editions.monopoly_2_3.words import Monopoly23Words
from pennybags.editions.ultimate_banking.words import UltimateBankingWords
from pennybags.engine.actions import Action, Decision
from pennybags.engine.words import Words, asks, labels

EDITIONS = {"classic": 3, "electronic-banking": 3, "monopoly-2.3": 3, "ultimate-banking": 3}


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_every_decision_is_asked_in_words_and_every_action_labelled(edition: str) -> None:
    """Random games: each question is the edition's (not the plain 'Ann: kind ($...)'),
    each legal action's menu line is filled in."""
    asked: set[str] = set()
    for seed in range(3):
        game = get_edition(edition).new_game([f"P{i}" for i in range(EDITIONS[edition])],
                                             seed=seed, options={"max-rounds": 30})
        words = words_for(game)
        bots = [make_bot("random", i) for i in range(len(game.players))]
        steps = 0
        while not game.over and steps < 3000:
            d = game.pending[0]
            question = words.question(d.player, d)
            assert not question.startswith(f"{game.name(d.player)}: {d.kind} ("), question
            asked.add(d.kind)
            for action in game.legal_actions(d.player):
                line = words.action_label(action, d)
                assert line and "{" not in line, (d.kind, action.do, line)
            game.act(d.player, bots[d.player].choose(game, d.player))
            steps += 1
    assert len(asked) >= 3


def test_edition_rules_come_first_and_fall_back_to_the_base() -> None:
    jail = Monopoly23Words.decision_words["jail"]
    assert jail[0] is Monopoly23Words.ask_jail_stay and jail[1] is ClassicWords.ask_jail
    assert UltimateBankingWords.action_words["buy"] == (UltimateBankingWords.buy_label,)
    assert ClassicWords.action_words["roll"] == (ClassicWords.roll_label,)
    assert "jail" not in Words.decision_words  # the base has no rules of its own


def test_a_rule_that_returns_none_lets_the_one_below_word_it() -> None:
    class Plain(Words):
        @labels("roll")
        def roll_line(self, action: Action, d: Decision | None) -> str:
            return "Throw"

        @asks("roll")
        def ask(self, seat: int, d: Decision) -> str:
            return "Your throw."

    class Picky(Plain):
        @labels("roll")
        def roll_line_in_jail(self, action: Action, d: Decision | None) -> str | None:
            return "Throw for doubles" if d is not None and d.kind == "jail" else None

    game = get_edition("classic").new_game(["Ann", "Bob"], seed=1)
    words = Picky(game)
    assert words.action_label(Action("roll"), Decision("jail", 0)) == "Throw for doubles"
    assert words.action_label(Action("roll"), Decision("roll", 0)) == "Throw"
    assert words.question(0, Decision("roll", 0)) == "Your throw."
    assert words.question(0, Decision("debt", 0)).startswith("Ann: debt ($")
    assert "roll" not in Words.action_words  # marking a subclass leaves the base alone


def test_always_collect_says_what_it_does() -> None:
    """Ultimate Banking: 'always' collects every later rent automatically."""
    from pennybags import scenario

    game = scenario.set_up({"edition": "ultimate-banking", "turn": "Bob",
                            "players": [{"name": "Ann", "owns": ["Mayfair"]}, "Bob"],
                            "pending": {"player": "Ann", "kind": "rent", "deed": "Mayfair",
                                        "lander": "Bob"}})
    words = words_for(game)
    lines = [words.action_label(a, game.pending[0]) for a in game.legal_actions(0)]
    assert any("collect all your rents automatically" in line for line in lines), lines
    assert "automatically" in words.question(0, game.pending[0])
