"""The standard bot's tables made once a board (the streets, the score of the next house on
each street) give the answers a look at the board's spaces gives: the figures themselves,
and the house to build and the cash to raise at every such decision of random games."""

from __future__ import annotations

import copy

import pytest

from pennybags.bots import make_bot
from pennybags.bots.standard import (
    BoardFacts,
    ClassicStrategy,
    StandardBot,
    board_facts,
    classic_checks,
    highest_level,
)
from pennybags.editions import get_edition
from pennybags.editions.classic.game import HOTEL, ClassicGame
from pennybags.editions.classic.rules import DECLARE_BANKRUPTCY
from pennybags.engine.actions import Action
from pennybags.lab.simulate import run_options

EDITIONS = ("classic", "electronic-banking")


def new_game(edition: str, seed: int) -> ClassicGame:
    options = run_options(edition, (), 1000)
    game = get_edition(edition).new_game(["A", "B", "C", "D"], seed=seed, options=options,
                                          record=False)
    assert isinstance(game, ClassicGame)
    return game


def next_house_score(game: ClassicGame, deed: int, low: int) -> float:
    """The score of a house on ``deed`` at ``low`` buildings, from its printed rents."""
    space = game.board.spaces[deed]
    rents = space.rents
    gain = rents[low + 1] - (rents[low] if low else rents[0] * 2)
    return gain / space.house_cost + (5.0 if low < 3 else 0.0)


def candidates_from_spaces(strategy: ClassicStrategy, game: ClassicGame,
                           p: int) -> list[tuple[float, int]]:
    """Each of the bot's complete groups' street for the next house, scored from the spaces
    (the strategy's rules: affordable above the reserve, none mortgaged, the lowest street,
    the last of equals, below a hotel, below four houses while houses are short)."""
    cash = game.ledger.balances[p]
    out: list[tuple[float, int]] = []
    for group in strategy._groups:
        cost = game.board.spaces[group[0]].house_cost
        if cash - cost < strategy._reserve or any(game.mortgaged[d] for d in group):
            continue
        low = min(game.houses[d] for d in group)
        deed = max(d for d in group if game.houses[d] == low)
        if low >= HOTEL or (game.bank_houses <= 8 and low >= HOTEL - 1):
            continue
        out.append((next_house_score(game, deed, low), deed))
    return out


def cash_from_spaces(strategy: ClassicStrategy, game: ClassicGame, p: int,
                     owed: int) -> Action:
    """The answer to a debt from the spaces (classic's checks): the cheapest lone deed to
    mortgage, else the cheapest building to sell, else the cheapest deed to mortgage;
    bankruptcy when all of it would not cover the debt."""
    spaces = game.board.spaces
    mine = [d for d in game.board.deeds if game.owner[d] == p]
    raisable = game.ledger.balances[p]
    for d in mine:
        level = game.houses[d]
        raisable += spaces[d].house_cost // 2 * (level + (3 if level == HOTEL else 0))
        if not game.mortgaged[d]:
            raisable += spaces[d].mortgage
    if raisable < owed:
        return DECLARE_BANKRUPTCY

    def cheapest(deeds: list[int], key: str) -> int:
        found = -1
        for d in deeds:
            if found < 0 or getattr(spaces[d], key) < getattr(spaces[found], key):
                found = d
        return found

    def group_level(d: int) -> int:
        return highest_level(game.houses, game.board.group_of[d])

    lone = cheapest([d for d in mine if not game.mortgaged[d] and group_level(d) == 0 and not (
        game.owns_group(p, d))], "price")
    if lone >= 0:
        return Action("mortgage", lone)
    built = cheapest([d for d in mine if game.houses[d] and game.houses[d] >= group_level(d)],
                     "house_cost")
    if built >= 0:
        return Action("sell-building", built)
    rest = cheapest([d for d in mine if not game.mortgaged[d] and group_level(d) == 0],
                    "price")
    return Action("mortgage", rest) if rest >= 0 else DECLARE_BANKRUPTCY


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_tables_are_the_printed_streets_and_scores(edition: str) -> None:
    game = new_game(edition, 1)
    facts = board_facts(game.board)
    assert isinstance(facts, BoardFacts)
    spaces = game.board.spaces
    assert [d for d in range(game.board.size) if facts.street_bits >> d & 1] == \
        [s.index for s in spaces if s.kind == "street"]
    scored = 0
    for d, scores in enumerate(facts.house_scores):
        if spaces[d].kind != "street" or not spaces[d].group:
            assert scores == ()
            continue
        assert scores == tuple(next_house_score(game, d, low) for low in range(HOTEL))
        scored += 1
    assert scored == 22


def test_a_deep_copy_of_a_bot_shares_the_board_facts_and_nothing_it_keeps() -> None:
    """The facts never change (one for the board, shared): a copy of a bot with all it
    keeps (as tests make to ask a twin) shares them; its view of the game is its own."""
    game = new_game("classic", 1)
    bot = make_bot("standard", 1)
    for _ in range(40):
        d = game.pending[0]
        game.act(d.player, bot.choose(game, d.player))
    twin = copy.deepcopy(bot, {id(game): game})
    view, twin_view = bot._classic._view, twin._classic._view  # type: ignore[attr-defined]
    assert view is not None and twin_view is not None and twin_view is not view
    assert twin_view.facts is view.facts is board_facts(game.board)
    assert twin_view.game is game and list(twin_view.rents) == list(view.rents)
    assert twin_view.rents is not view.rents


@pytest.mark.parametrize("edition", EDITIONS)
def test_houses_and_cash_are_chosen_as_from_the_spaces(edition: str) -> None:
    """At every roll, end of turn and jail decision of a standard bot, the houses it could
    build (scored) and the best of them; at every debt, the way it raises the cash."""
    builds = 0
    debts = 0
    for seed in range(1, 9):
        game = new_game(edition, seed)
        assert classic_checks(game)
        bots = [make_bot("standard", seed * 8 + seat) for seat in range(4)]
        while not game.over:
            d = game.pending[0]
            p = d.player
            bot = bots[p]
            assert isinstance(bot, StandardBot)
            strategy = bot.for_edition(edition)
            assert isinstance(strategy, ClassicStrategy)
            if d.kind in ("roll", "end-turn", "jail"):
                strategy.refresh(game, p)
                expected = candidates_from_spaces(strategy, game, p)
                out: list[tuple[float, int]] = []
                best = strategy.house_candidates(game, p, out)
                assert out == expected
                if expected:
                    top = max(expected)
                    assert best == top[1]
                    builds += 1
                else:
                    assert best == -1
            elif d.kind == "debt":
                assert strategy.raise_cash(game, p, d.amount) == \
                    cash_from_spaces(strategy, game, p, d.amount)
                debts += 1
            game.act(p, bot.choose(game, p))
    assert builds > 100
    assert debts > 30
