"""Title deeds as the browser's panels show them (``Words.rent_lines`` and
``Words.rent_line``, sent by ``pennybags.web.panels``): the line marked as due is the rent
the game charges, in every edition, at many positions of seeded random games."""

from __future__ import annotations

import random

import pytest

from pennybags.editions import all_editions, get_edition, words_for
from pennybags.engine.game import Game
from pennybags.web.panels import board_panels, state_panels

QUIET = frozenset({"propose-trade", "mortgage", "unmortgage", "mortgage-share",
                   "unmortgage-share", "sell-building", "sell-down"})
"""Actions a random player here leaves alone (the game moves on and buildings go up)."""


def play(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.over:
            return
        seat = game.pending[0].player
        actions = [a for a in game.legal_actions(seat) if a.do not in QUIET] or \
            game.legal_actions(seat)
        builds = [a for a in actions if a.do in ("build", "buy")]
        game.act(seat, rng.choice(builds) if builds and rng.random() < 0.7
                 else rng.choice(actions))


def check_rents(game: Game) -> int:
    """Every owned deed's marked line against the rent the game charges; how many were
    checked."""
    words = words_for(game)
    checked = 0
    for deed in game.board.deeds:
        space = game.board.spaces[deed]
        lines = words.rent_lines(deed)
        line = words.rent_line(deed)
        if game.owner[deed] < 0 or game.mortgaged[deed]:
            assert line == -1, space.name
            continue
        assert 0 <= line < len(lines), (space.name, line, lines)
        if space.kind == "utility":
            count = sum(1 for d in game.board.group_of[deed] if game.owner[d] == game.owner[deed])
            multiplier = game.utility_multipliers[count - 1]  # type: ignore[attr-defined]
            assert lines[line][1].startswith(f"{multiplier} times"), (space.name, lines[line])
        else:
            assert lines[line][1] == words.money(game.rent(deed)), (  # type: ignore[attr-defined]
                space.name, game.houses[deed], lines[line])
        checked += 1
    return checked


@pytest.mark.parametrize("edition", [e.id for e in all_editions()])
def test_the_marked_rent_line_is_the_rent_the_game_charges(edition: str) -> None:
    checked = 0
    for seed in range(3):
        game = get_edition(edition).new_game(["Ann", "Bob", "Cy"], seed=seed)
        rng = random.Random(seed)
        for _ in range(12):
            play(game, rng, 40)
            checked += check_rents(game)
            built = state_panels(game, words_for(game))["buildings"]
            assert set(built) == {str(d) for d in game.board.deeds
                                  if game.owner[d] >= 0 and game.houses[d]}
            assert all(built.values())
    assert checked > 100, "owned deeds were checked"


def test_title_deed_cards_print_the_rulebook_rents() -> None:
    game = get_edition("classic").new_game(["Ann", "Bob"], seed=1)
    words = words_for(game)
    boardwalk = game.board.find("Boardwalk")
    assert words.rent_lines(boardwalk) == [
        ("Rent", "$50"), ("With the whole colour group", "$100"), ("With 1 house", "$200"),
        ("With 2 houses", "$600"), ("With 3 houses", "$1,400"), ("With 4 houses", "$1,700"),
        ("With a hotel", "$2,000")]
    reading = game.board.find("Reading Railroad")
    assert [amount for _, amount in words.rent_lines(reading)] == ["$25", "$50", "$100", "$200"]
    facts = board_panels(game, words)
    assert facts["title_deeds"][str(boardwalk)]["mortgage"] == "$200"
    assert facts["title_deeds"][str(boardwalk)]["building_cost"] == "$200"
    assert facts["trading"] is True
    assert facts["card_titles"]["chance"]["get-out-of-jail-free"]


def test_panel_facts_hold_nothing_hidden_and_scores_come_at_the_end() -> None:
    """The decks' titles come sorted by id (not in the shuffled order), and the totals only
    once the game is over: Ultimate Banking's final scores, classic's total assets."""
    game = get_edition("monopoly-2.3").new_game(["Ann", "Bob", "Cy"], seed=4)
    facts = board_panels(game, words_for(game))
    for key, titles in facts["card_titles"].items():
        assert list(titles) == sorted(titles), key
        assert set(titles) == {c.id for c in game.decks[key].cards}
    assert facts["trading"] is False
    for edition, heading in (("ultimate-banking", "Final scores"), ("classic", "Total assets")):
        game = get_edition(edition).new_game(["Ann", "Bob", "Cy"], seed=2,
                                             options={"max-rounds": 3})
        assert state_panels(game, words_for(game))["totals"] is None
        play(game, random.Random(2), 5000)
        assert game.over
        totals = state_panels(game, words_for(game))["totals"]
        assert totals["heading"] == heading
        assert totals["players"], totals
        if game.winner is not None:
            assert totals["players"][0]["name"] == game.name(game.winner)
