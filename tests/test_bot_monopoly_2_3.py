"""Monopoly 2.3's standard bot: what it keeps between answers is what it would work out afresh.

The bot keeps a view of the deeds (each deed's rent estimate, each seat's top rent, income,
monopolies and property, the deeds it could force the sale of) shared by the bots of a game
and worked out again after the deeds change, and the scores of the market's deeds between
the decisions of a turn. These tests play whole games and compare, before every answer,
what the bot keeps with what a fresh view says, and the estimates with the rules' own.
"""

from __future__ import annotations

import pytest

from pennybags.bots import make_bot
from pennybags.bots.monopoly_2_3 import (
    NO_ONE,
    CardFacts,
    DeedView,
    Monopoly23Strategy,
    deed_tables,
    deed_view,
)
from pennybags.editions import get_edition
from pennybags.editions.classic.game import HOTEL, ClassicGame
from pennybags.editions.monopoly_2_3.game import Monopoly23Game
from pennybags.engine.actions import Action, Decision
from pennybags.lab.simulate import run_options

EDITION = "monopoly-2.3"


def new_game(seed: int, **options: object) -> Monopoly23Game:
    opts = run_options(EDITION, tuple((k.replace("_", "-"), v) for k, v in options.items()),
                       300)
    game = get_edition(EDITION).new_game(["A", "B", "C", "D"], seed=seed, options=opts,
                                         record=False)
    assert isinstance(game, Monopoly23Game)
    return game


def same_view(kept: DeedView, fresh: DeedView) -> None:
    game = kept.game
    assert kept.changes == game.changes == fresh.changes
    assert [row.owner for row in kept.rows] == game.owner
    assert [row.level for row in kept.rows] == game.houses
    assert kept.seen_changes == game.group_changes
    for d in game.board.deeds:
        row = kept.rows[d]
        assert row.deed == d
        assert row.rent == fresh.rows[d].rent, game.board.spaces[d].name
        assert row.worth == fresh.rows[d].worth, game.board.spaces[d].name
    assert [row.deed for row in kept.deed_rows] == list(game.board.deeds)
    assert kept.full == fresh.full
    for q in range(len(game.players)):
        seat = kept.seats[q]
        assert seat.wholes == [i for i, o in enumerate(fresh.full) if o == q]
        assert (seat.houses, seat.hotels) == game.building_counts(q)
        assert seat.top == fresh.seats[q].top
        assert seat.monopolies == fresh.seats[q].monopolies
        assert seat.property == fresh.seats[q].property == game.property_value(q)
        assert not seat.lowered
    assert not kept.any_lowered
    assert kept.incomes() == fresh.incomes()
    for p in range(len(game.players)):
        assert kept.force_targets(p) == fresh.force_targets(p) == targets_afresh(game, p)
        assert kept.building_units(p) == game.building_units(p)
    for group in game.streets_groups:
        for d in group:
            if game.houses[d] < HOTEL:
                assert kept.building_score(d) == building_score_afresh(game, d), d


def targets_afresh(game: Monopoly23Game, p: int) -> list[int]:
    """The deeds ``p`` could want to force the sale of, from the owners alone: a street
    that is the only deed of its colour group (of two or more) held by anyone but ``p``."""
    found = []
    for group in game.streets_groups:
        held = [d for d in group if game.owner[d] >= 0 and game.owner[d] != p]
        if len(group) > 1 and len(held) == 1:
            found.append(held[0])
    return sorted(found)


def building_score_afresh(game: Monopoly23Game, deed: int) -> float:
    """The standard bot's score of the next building on ``deed`` (below a hotel)."""
    spaces = game.board.spaces
    level = game.houses[deed]
    gain = sum(spaces[d].rents[level + 1] - spaces[d].rents[level]
               for d in game.unit_of(deed))
    return gain / game.building_cost[deed] + (3.0 if level < 3 else 0.0) + \
        spaces[deed].price / 1000


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_the_kept_view_is_the_fresh_one_before_every_answer(seed: int) -> None:
    game = new_game(seed)
    bots = [make_bot("standard", seed * 8 + seat) for seat in range(4)]
    answers = 0
    while not game.over:
        p = game.pending[0].player
        kept = deed_view(game)
        same_view(kept, DeedView(game))
        game.act(p, bots[p].choose(game, p))
        answers += 1
    assert answers > 20


@pytest.mark.parametrize(("bot", "to_win", "seed", "per_property"), [
    ("standard", 2, 31, False), ("standard", 3, 32, True), ("random", 2, 33, False),
    ("standard", 5, 34, False), ("random", 3, 35, True), ("simple", 2, 36, False)])
def test_the_end_check_ends_the_game_as_the_full_count_says(
        bot: str, to_win: int, seed: int, per_property: bool) -> None:
    """The end check counts only the monopolies of the seats that completed a colour
    group since it last looked: after every answer of whole games (fewer monopolies to
    win, so that they end that way), the game is over by monopolies exactly when the full
    count of every seat still in the game says so."""
    game = new_game(seed, per_property_buildings=per_property)
    game.to_win = to_win
    bots = [make_bot(bot, seed * 8 + seat) for seat in range(4)]
    answers = 0
    while not game.over:
        p = game.pending[0].player
        game.act(p, bots[p].choose(game, p))
        answers += 1
        counts = game.monopoly_counts()
        enough = any(counts[q.seat] >= to_win for q in game.players if not q.bankrupt)
        if game.over:
            assert enough == (game.end_reason == "five-monopolies")
        else:
            assert not enough
    assert answers > 20


def test_monopolies_set_by_hand_are_counted_at_the_next_end_check() -> None:
    """A position set by hand (owners given, then ``setup_done``) with enough monopolies
    for one seat ends the game at the first end check."""
    game = new_game(5)
    for group in game.streets_groups[:game.to_win]:
        for d in group:
            game.owner[d] = 2
    game.setup_done()
    game.end_check_due = True
    assert game.check_end()
    assert game.over and game.winner == 2 and game.end_reason == "five-monopolies"


@pytest.mark.parametrize("seed", [7, 8, 9])
def test_per_property_buildings_keep_the_view_right(seed: int) -> None:
    game = new_game(seed, per_property_buildings=True)
    bots = [make_bot("standard", seed * 8 + seat) for seat in range(4)]
    while not game.over:
        p = game.pending[0].player
        same_view(deed_view(game), DeedView(game))
        game.act(p, bots[p].choose(game, p))
    assert game.over


@pytest.mark.parametrize(("bot", "seed", "per_property"), [
    ("random", 21, False), ("random", 22, False), ("random", 23, True),
    ("standard", 24, False), ("standard", 25, True)])
def test_a_view_kept_over_many_changes_at_once_is_the_fresh_one(
        bot: str, seed: int, per_property: bool) -> None:
    """Views brought up to date every answer, every third answer and every tenth (several
    changes at once: purchases, buildings, deeds and buildings handed over, bankruptcies)
    agree with a view worked out afresh, under every kind of bot."""
    game = new_game(seed, per_property_buildings=per_property)
    bots = [make_bot(bot, seed * 8 + seat) for seat in range(4)]
    views = {every: DeedView(game) for every in (1, 3, 10)}
    answers = 0
    updates = 0
    while not game.over:
        for every, view in views.items():
            if answers % every == 0:
                if view.changes != game.changes:
                    updates += 1
                same_view(view.fresh(), DeedView(game))
        p = game.pending[0].player
        game.act(p, bots[p].choose(game, p))
        answers += 1
    for view in views.values():
        same_view(view.fresh(), DeedView(game))
    assert updates > 30


def test_the_view_follows_a_position_set_by_hand() -> None:
    """Owners and buildings a scenario writes directly count as changes of every group once
    its set-up is done (``setup_done``); then changes by the rules count group by group."""
    game = new_game(31)
    view = DeedView(game)
    first = game.streets_groups[0]
    for d in first:
        game.owner[d] = 2
        game.houses[d] = 3
    game.owner[5] = game.owner[15] = 1
    game.setup_done()
    same_view(view.fresh(), DeedView(game))
    assert view.seats[2].monopolies == 1 and view.seats[1].top == 50
    assert view.seats[2].top == game.board.spaces[first[-1]].rents[3]
    game.lower_building(first[0])
    game.set_owner(15, -1)
    same_view(view.fresh(), DeedView(game))
    assert view.seats[2].monopolies == 1 and view.seats[1].top == 25
    assert view.seats[2].top == game.board.spaces[first[-1]].rents[2]
    while game.houses[first[0]]:
        game.lower_building(first[0])
    game.set_owner(first[0], 0)
    same_view(view.fresh(), DeedView(game))
    assert view.seats[2].monopolies == 0
    assert view.seats[0].top == game.board.spaces[first[0]].rents[0]


@pytest.mark.parametrize(("bot", "seed", "per_property"), [
    ("standard", 51, False), ("random", 52, True), ("random", 53, False)])
def test_every_change_of_the_deeds_is_logged(bot: str, seed: int, per_property: bool) -> None:
    """The rules log the deed of every change they count (owners, buildings bought and
    handed over or sold back), so the view and the end check read only the groups of the
    logged deeds, never every group."""
    game = new_game(seed, per_property_buildings=per_property)
    bots = [make_bot(bot, seed * 8 + seat) for seat in range(4)]
    built = 0
    while not game.over:
        assert len(game.changed) == game.changes
        p = game.pending[0].player
        houses = sum(game.houses)
        game.act(p, bots[p].choose(game, p))
        built += sum(game.houses) != houses
    assert len(game.changed) == game.changes
    assert built > 0


def test_changes_counted_but_not_logged_are_read_from_every_group() -> None:
    """A change counted but not logged (as a rule of another edition might make) has the
    view look at every group again."""
    game = new_game(61)
    view = DeedView(game)
    game.play_out([make_bot("standard", 488 + seat) for seat in range(4)], until_round=6)
    view.fresh()
    first = game.streets_groups[0]
    for d in first:  # a whole group handed to seat 3, counted but not logged
        game.owner[d] = 3
    game.changes += 1
    game.group_changes[game.group_number[first[0]]] += 1
    same_view(view.fresh(), DeedView(game))
    assert view.full[0] == 3


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rent_estimates_of_streets_and_railroads_are_the_rules_rents(seed: int) -> None:
    """The estimate is classic's rent before Monopoly 2.3 rounds it (utilities, which
    depend on the dice, are estimated at 28 and 70)."""
    game = new_game(seed)
    bots = [make_bot("standard", seed * 8 + seat) for seat in range(4)]
    checked = 0
    while not game.over:
        view = deed_view(game)
        for d in game.board.deeds:
            kind = game.board.spaces[d].kind
            if game.owner[d] >= 0 and kind in ("street", "railroad"):
                assert view.rows[d].rent == ClassicGame.rent(game, d)
                checked += 1
        p = game.pending[0].player
        game.act(p, bots[p].choose(game, p))
    assert checked > 100


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_force_targets_hold_every_deed_worth_forcing(seed: int) -> None:
    """Only the force targets are looked at for a forced purchase: every deed of another
    player that scores 250 or more (what the strategy could force) must be among them."""
    game = new_game(seed)
    bots = [make_bot("standard", seed * 8 + seat) for seat in range(4)]
    judge = Monopoly23Strategy()
    while not game.over:
        view = deed_view(game)
        for p in range(4):
            for d in game.board.deeds:
                if 0 <= game.owner[d] != p and judge.deed_score(game, p, d) >= 250:
                    assert d in view.force_targets(p)
        p = game.pending[0].player
        game.act(p, bots[p].choose(game, p))


def test_a_clone_played_apart_gets_its_own_view() -> None:
    game = new_game(11)
    bots = [make_bot("standard", 88 + seat) for seat in range(4)]
    game.play_out(bots, until_round=8)
    copy = game.clone()
    assert isinstance(copy, Monopoly23Game)
    other = [make_bot("random", 99 + seat) for seat in range(4)]
    copy.play_out(other, until_round=14)
    for g in (game, copy):
        while not g.over and g.round < 20:
            p = g.pending[0].player
            same_view(deed_view(g), DeedView(g))
            g.act(p, bots[p].choose(g, p))


@pytest.mark.parametrize("seed", [41, 42, 43])
def test_kept_deed_scores_answer_as_scores_worked_out_afresh(seed: int) -> None:
    """A deed's score is kept (in the view, for each seat) while its group's count of
    changes stays: the bots answer every decision as a bot made afresh for that decision,
    and after every answer each score kept for its group's count now is the score now."""
    game = new_game(seed)
    bots = [Monopoly23Strategy() for _ in range(4)]
    judge = Monopoly23Strategy()
    kept = 0
    while not game.over:
        p = game.pending[0].player
        answer = bots[p].choose(game, p)
        assert answer == Monopoly23Strategy().choose(game, p)
        game.act(p, answer)
        view = deed_view(game)
        for q in range(4):
            for d in game.board.deeds:
                row = view.seats[q].scores[d]
                if row.at == game.group_changes[game.group_number[d]]:
                    assert row.score == judge.deed_score(game, q, d)
                    kept += 1
    assert kept > 100


def reserve_afresh(game: Monopoly23Game, p: int, base: int = 100) -> int:
    """The reserve worked out from a fresh view: 0.3 of the highest rent of a player not
    in jail other than ``p``, at least the base."""
    seats = DeedView(game).seats
    worst = max([seats[q.seat].top for q in game.players if q.seat != p and not q.in_jail],
                default=0)
    return max(base, int(worst * 0.3))


def move_afresh(bot: Monopoly23Strategy, game: Monopoly23Game, p: int, steps: int) -> int:
    """Whom the roll should move by ``landing_value`` asked of every movable player."""
    best = -1
    best_score = 0.0
    for q in game.movable():
        space, passed = game.board.advance(game.players[q].position, steps)
        score = bot.landing_value(game, p, q, space, passed) + (5 if q == p else 0)
        if best < 0 or score > best_score:
            best, best_score = q, score
    return best


@pytest.mark.parametrize(("seed", "per_property"), [(71, False), (72, True), (73, False)])
def test_the_kept_reserve_and_the_moves_are_those_worked_out_afresh(
        seed: int, per_property: bool) -> None:
    """The reserve is kept while the deeds and who is in jail stay; whom to move is worked
    out with each landing written out: at every decision both are what a fresh view and
    ``landing_value`` say."""
    game = new_game(seed, per_property_buildings=per_property)
    bots = [Monopoly23Strategy() for _ in range(4)]
    kept = moves = 0
    while not game.over:
        p = game.pending[0].player
        decision = game.pending[0]
        bot = bots[p]
        view = deed_view(game)
        if view.danger_tops == view.top_moves and view.danger_jail == game.jail_changes:
            kept += 1  # (the dangers of an earlier answer stand)
        answer = bot.choose(game, p)
        assert bot.reserve(game, p) == reserve_afresh(game, p)
        if decision.kind == "move":
            assert answer.target == move_afresh(bot, game, p, decision.amount)
            moves += 1
        game.act(p, answer)
    assert kept > 50 and moves > 20


@pytest.mark.parametrize("seed", [81, 82])
def test_card_values_of_moves_are_those_of_landing_value(seed: int) -> None:
    """``card_value`` of a moving card: for every moving card in the hand of the player
    asked, on every player not in jail, it is ``landing_value`` of where the card sends
    them (a quarter of the deed's score more for a card that lets its player buy)."""
    game = new_game(seed)
    bots = [Monopoly23Strategy() for _ in range(4)]
    checked = 0
    while not game.over:
        p = game.pending[0].player
        bot = bots[p]
        answer = bot.choose(game, p)
        leader = bot.leader(game, p)
        for key, index in game.players[p].cards:
            card = game.decks[key].cards[index]
            facts = CardFacts(card, game)
            if card.kind not in ("advance_to", "move_to", "advance_to_nearest",
                                 "move_relative"):
                continue
            for target in range(4):
                player = game.players[target]
                if player.bankrupt or player.in_jail:
                    continue
                position = player.position
                if card.kind == "advance_to_nearest":
                    space = game.board.nearest(position, facts.space_type)
                    passes = space <= position
                elif card.kind == "move_relative":
                    space, passes = game.board.advance(position, facts.spaces)
                else:
                    space = facts.target
                    passes = space <= position and facts.collect_go
                value = bot.landing_value(game, p, target, space, passes)
                if target == p and facts.may_buy and game.board.spaces[space].is_deed and \
                        game.owner[space] < 0:
                    value += bot.deed_score(game, p, space) / 4
                assert bot.card_value(game, p, facts, target, leader) == value
                checked += 1
        game.act(p, answer)
    assert checked > 50


@pytest.mark.parametrize(("seed", "per_property"), [(91, False), (92, True)])
def test_a_view_started_again_for_the_next_game_is_a_fresh_one(
        seed: int, per_property: bool) -> None:
    """Once a game is over, the view its bots shared is started again for the next game on
    the same board (its rows kept): at every decision of the next games it is what a view
    made afresh says; a game with other building costs gets a view of its own."""
    view = None
    for g in range(3):
        game = new_game(seed + 10 * g, per_property_buildings=per_property)
        bots = [make_bot("standard", (seed + g) * 8 + seat) for seat in range(4)]
        answers = 0
        while not game.over:
            kept = deed_view(game)
            if view is not None and answers == 0:
                assert kept is view  # (the last game's view, started again)
            same_view(kept, DeedView(game))
            p = game.pending[0].player
            game.act(p, bots[p].choose(game, p))
            answers += 1
        view = deed_view(game)
        assert answers > 20
    other = new_game(seed, per_property_buildings=not per_property)
    assert deed_view(other) is not view
    same_view(deed_view(other), DeedView(other))


def test_bots_kept_from_game_to_game_answer_as_bots_made_afresh() -> None:
    """The same four strategies play one game after another (the view is started again
    for each): what they keep between answers (deed scores, the reserve) is kept with the
    game the view serves (the dangers the reserve is worked out from are kept in the view,
    started again with it), so every answer is a fresh strategy's, even when the counts
    what was kept hangs on start where the last game's left off."""
    bots = [Monopoly23Strategy() for _ in range(4)]
    judge = Monopoly23Strategy()
    answers = kept = 0
    for seed in range(101, 105):
        game = new_game(seed)
        while not game.over:
            p = game.pending[0].player
            bot = bots[p]
            turn = game.pending[0].kind == "turn"
            answer = bot.choose(game, p)
            assert answer == Monopoly23Strategy().choose(game, p)
            view = deed_view(game)
            if turn:  # (the turn reads the reserve and the deed scores)
                assert (view.danger_tops, view.danger_jail) == (view.top_moves,
                                                                game.jail_changes)
                assert bot.reserve(game, p) == reserve_afresh(game, p)
                for d in game.board.deeds:
                    row = view.seats[p].scores[d]
                    if row.at == game.group_changes[game.group_number[d]]:
                        assert row.score == judge.deed_score(game, p, d)
                        kept += 1
            game.act(p, answer)
            answers += 1
        view = deed_view(game)  # what the next game's counts will start at, values far off
        view.danger_tops = view.danger_jail = 0
        for seat in view.seats:
            seat.danger = 10 ** 6
            for row in seat.scores:
                row.at = 0
                row.score = -1.0
    assert answers > 100 and kept > 100


def test_games_played_in_turn_keep_views_of_their_own() -> None:
    """Two games played an answer each in turn: neither is over, so neither's view is
    taken over by the other; both stay what a fresh view says."""
    games = [new_game(111), new_game(112)]
    bots = [[make_bot("standard", 900 + 8 * g + seat) for seat in range(4)] for g in range(2)]
    answers = 0
    while not any(game.over for game in games):
        for game, seats in zip(games, bots, strict=True):
            p = game.pending[0].player
            game.act(p, seats[p].choose(game, p))
            same_view(deed_view(game), DeedView(game))
            answers += 1
    assert answers > 40


def give_afresh(game: Monopoly23Game, p: int, owed: int, creditor: int) -> tuple[str, int]:
    """What ``Monopoly23Strategy.what_to_give`` should hand over, worked out from the game
    alone as its docstring says (deeds in board order, then buildings; the lowest cost)."""
    judge = Monopoly23Strategy()
    cash = game.ledger.balances[p]
    best: tuple[str, int] | None = None
    best_score = 0.0
    for d in game.board.deeds:
        if game.owner[d] != p or game.houses[d]:
            continue
        value = float(game.board.spaces[d].price)
        cost = value + judge.deed_score(game, p, d) * 0.8
        if game.board.spaces[d].kind == "street":
            if game.owns_group(p, d):
                cost += 800
            if creditor >= 0 and all(game.owner[g] == creditor
                                     for g in game.board.group_of[d] if g != d):
                cost += 2000
        score = cost + max(0.0, value - owed) * 1.5 - (30 if value >= owed - cash else 0)
        if best is None or score < best_score:
            best, best_score = ("give-deed", d), score
    for d in game.building_units(p):
        value = float(game.building_cost[d])
        score = value * 1.3 + max(0.0, value - owed) * 1.5 - (30 if value >= owed - cash else 0)
        if best is None or score < best_score:
            best, best_score = ("give-building", d), score
    assert best is not None
    return best


@pytest.mark.parametrize(("seed", "per_property"), [(121, False), (122, True), (123, False)])
def test_what_is_handed_over_is_what_the_rule_says(seed: int, per_property: bool) -> None:
    """At every payment with property in whole games, the bot hands over what its rule,
    worked out from the game alone, says."""
    paid = 0
    for g in range(4):
        game = new_game(seed + 10 * g, per_property_buildings=per_property)
        bots = [make_bot("standard", (seed + g) * 8 + seat) for seat in range(4)]
        while not game.over:
            decision = game.pending[0]
            p = decision.player
            answer = bots[p].choose(game, p)
            if decision.kind == "pay":
                assert (answer.do, answer.deed) == give_afresh(game, p, decision.amount,
                                                               decision.creditor)
                paid += 1
            game.act(p, answer)
    assert paid > 20


def test_a_bot_without_parameters_plays_with_the_defaults() -> None:
    """The strategy of a standard bot given no parameters (made without reading any) is
    the one given the defaults by name."""
    from pennybags.bots.standard import StandardBot
    plain = StandardBot().for_edition("monopoly-2.3")
    named = make_bot("standard?reserve=100&aggression=100").for_edition(  # type: ignore[attr-defined]
        "monopoly-2.3")
    assert isinstance(plain, Monopoly23Strategy) and isinstance(named, Monopoly23Strategy)
    assert (plain.base_reserve, plain.aggression) == (named.base_reserve, named.aggression)
    assert (plain.base_reserve, plain.aggression) == (100, 1.0)


@pytest.mark.parametrize(("seed", "options"), [
    (111, {}), (112, {"per_property_buildings": True}),
    (113, {"one_building_per_turn": True}), (114, {"no_double_move": True}),
    (115, {"card_limit": 2})])
def test_a_turn_kept_as_nothing_to_buy_answers_as_one_worked_out_afresh(
        seed: int, options: dict[str, object]) -> None:
    """When the turn's decision has found nothing to buy, that is kept while the game, the
    seat, the turn, the deeds (``game.changes``) and the reserve stay and the seat's cash
    does not grow: every answer is the answer of a bot made afresh for it, and the kept
    finding is used often (a key missing one of these makes some answer differ)."""
    kept = 0
    for game_seed in range(seed, seed + 1000, 100):
        game = new_game(game_seed, **options)
        bots = [Monopoly23Strategy() for _ in range(4)]
        while not game.over:
            decision = game.pending[0]
            p = decision.player
            bot = bots[p]
            if decision.kind == "turn" and bot._none_turns == game.turns and \
                    bot._none_changes == game.changes and \
                    bot._none_cash >= game.ledger.balances[p]:
                kept += 1
            answer = bot.choose(game, p)
            assert answer == Monopoly23Strategy().choose(game, p)
            game.act(p, answer)
    assert kept > 300


def test_nothing_to_buy_is_worked_out_again_after_each_thing_it_hangs_on() -> None:
    """Each input of the kept "nothing to buy" moves the answer: more cash, a change of
    the deeds, another game, another turn and a lower reserve each turn it into a market
    purchase."""
    game = new_game(5)
    p = game.current
    assert game.pending[0].kind == "turn" and not game.bought_from_market
    deed = game.market[0]
    price = game.board.spaces[deed].price
    bot = Monopoly23Strategy()

    def nothing_kept() -> None:
        game.ledger.balances[p] = price  # (cash below price + reserve: nothing to buy)
        assert bot.choose(game, p).do == "roll"

    # more cash
    nothing_kept()
    game.ledger.balances[p] = price + 1000
    assert bot.choose(game, p).do == "buy-deed"
    # another game, alike in all of these, whose market holds a deed cheap enough
    nothing_kept()
    other = new_game(5)
    assert (other.current, other.turns, other.changes) == (p, game.turns, game.changes)
    cheap = min((d for d in other.board.deeds if d not in other.market),
                key=lambda d: other.board.spaces[d].price)
    assert other.board.spaces[cheap].price + 100 <= price
    other.market[0] = cheap  # (a market of another game)
    other.ledger.balances[p] = price
    assert bot.choose(other, p) == Monopoly23Strategy().choose(other, p)
    assert bot.choose(other, p).do == "buy-deed"
    # a change of the deeds: the rest of the deed's group given to p (a deed that
    # completes a group is bought below the reserve)
    nothing_kept()
    for d in game.board.group_of[deed]:
        if d != deed:
            game.set_owner(d, p)
    game.ledger.balances[p] = price
    assert bot.choose(game, p).do == "buy-deed"
    for d in game.board.group_of[deed]:
        if d != deed:
            game.set_owner(d, -1)
    # another turn (the same cash, deeds and reserve)
    nothing_kept()
    game.turns += 1
    game.ledger.balances[p] = price + 1000
    bot._none_cash = price + 1000  # (only the turn differs from what is kept)
    assert bot.choose(game, p).do == "buy-deed"
    # a lower reserve
    nothing_kept()
    bot.base_reserve = 0
    bot._none_cash = price
    assert bot.choose(game, p).do == "buy-deed"


def card_afresh(bot: Monopoly23Strategy, game: Monopoly23Game, p: int) -> Action | None:
    """The card play worth most (at least 25; the first such by card, then by player),
    every value from ``card_value``."""
    best: Action | None = None
    best_score = 0.0
    leader = bot.leader(game, p)
    for ref in game.players[p].cards:
        card = game.decks[ref[0]].cards[ref[1]]
        if card.kind == "get_out_of_jail_free":
            continue
        facts = CardFacts(card, game)
        for target in range(4):
            if game.players[target].bankrupt or game.why_not_play(p, ref, target) is not None:
                continue
            score = bot.card_value(game, p, facts, target, leader)
            if score >= 25 and (best is None or score > best_score):
                best = Action("play-card", card=ref, target=target)
                best_score = score
    return best


@pytest.mark.parametrize(("seed", "options"), [
    (131, {}), (132, {"no_double_move": True}), (133, {"card_limit": 2}),
    (134, {"per_property_buildings": True, "one_building_per_turn": True})])
def test_the_building_and_the_card_chosen_are_those_worked_out_apart(
        seed: int, options: dict[str, object]) -> None:
    """The turn's decision writes out ``building`` and, for movement cards, ``card_value``:
    at every turn decision, the building bought is ``building``'s (and none when a card,
    the roll or the end of the turn is chosen), and with cards in hand the play the card
    scan picks is the best by ``card_value`` on every player."""
    checked = plays = builds = 0
    for game_seed in range(seed, seed + 500, 100):
        game = new_game(game_seed, **options)
        bots = [Monopoly23Strategy() for _ in range(4)]
        while not game.over:
            decision = game.pending[0]
            p = decision.player
            bot = bots[p]
            answer = bot.choose(game, p)
            if decision.kind == "turn" and answer.do in ("buy-building", "play-card", "roll",
                                                         "end-turn"):
                build = bot.building(game, p, bot.reserve(game, p))
                assert build == (answer if answer.do == "buy-building" else None)
                builds += answer.do == "buy-building"
            if decision.kind == "turn" and game.players[p].cards:
                chosen = bot.card(game, p)
                assert chosen == card_afresh(bot, game, p)
                checked += 1
                plays += chosen is not None
            game.act(p, answer)
    assert checked > 200 and plays > 50 and builds > 50


def leader_position() -> tuple[Monopoly23Game, Monopoly23Strategy]:
    """Seat 0's bot in a game where seat 1 leads (two monopolies, the most cash) and seat 3
    holds the dark blue monopoly with a house (Mayfair's rent 200), the reds (Trafalgar
    Square's rent 40) and two stations (King's Cross's rent 50); nobody has moved the
    bot's view or leader yet."""
    game = new_game(5)
    for d in (37, 39):
        game.houses[d] = 1  # (before the owners: the view reads both with the group)
    for seat, deeds in ((1, (1, 3, 11, 13, 14)), (3, (37, 39, 21, 23, 24, 5, 15))):
        for d in deeds:
            game.set_owner(d, seat)
    game.ledger.balances[1] = 5000
    bot = Monopoly23Strategy()
    bot._cur = deed_view(game)
    bot._leader = NO_ONE
    assert bot.leader(game, 0) == 1
    bot._leader = NO_ONE
    return game, bot


def test_a_move_worth_more_only_on_the_leader_is_chosen() -> None:
    """Whom to move works out the leader only for a move that could beat the best so far:
    the bot's own move past GO onto King's Cross is worth 155, the leader's onto Mayfair
    156 (0.6 x 200 x 1.3) though on anyone else it would be worth 120."""
    game, bot = leader_position()
    for seat, position in enumerate((37, 31, 0, 2)):  # (onto 5, 39, 8, 10 with 8)
        game.players[seat].position = position
    assert bot.landing_value(game, 0, 0, 5, True) + 5 == 155
    assert bot.whom_to_move(game, 0, 8).target == 1 == move_afresh(bot, game, 0, 8)


def test_a_card_worth_25_only_on_the_leader_is_played_on_the_leader() -> None:
    """The card scan works out the leader only for a play that could count: Advance to
    Trafalgar Square (rent 40) is worth 31.2 on the leader and 24 (below 25) on anyone
    else."""
    game, bot = leader_position()
    for seat, position in enumerate((12, 10, 6, 20)):  # (none passes GO on the way)
        game.players[seat].position = position
    game.players[0].cards = [("chance", 2)]
    assert game.decks["chance"].cards[2].params["target"] == 24
    chosen = bot.card(game, 0)
    assert chosen == Action("play-card", card=("chance", 2), target=1)
    assert chosen == card_afresh(bot, game, 0)


@pytest.mark.parametrize("options", [{}, {"us_board": True},
                                     {"per_property_buildings": True}])
def test_the_tables_group_numbers_are_the_games(options: dict[str, object]) -> None:
    """The bot's tables hold each deed's group number (``game.group_number``, the place in
    ``game.deed_groups``) in an array of their own: the same numbers for every space, on
    every board the tables serve, and each deed is in the group its number names."""
    for seed in (7, 8):  # (the second game's board: the first's, or its own with US names)
        game = new_game(seed, **options)
        tables = deed_tables(game)
        assert list(tables.group_number) == list(game.group_number)
        for d in game.board.deeds:
            assert d in game.deed_groups[tables.group_number[d]]


def test_the_decisions_are_told_apart_by_their_numbers() -> None:
    """The strategy tells its decisions apart by their numbers (``Decision.number``): each
    of its numbers is that of the decision it names, and no two are the same."""
    from pennybags.bots import monopoly_2_3 as bot
    numbers = {"turn": bot.TURN_KIND, "move": bot.MOVE_KIND, "pay": bot.PAY_KIND,
               "buy": bot.BUY_KIND, "jail": bot.JAIL_KIND}
    for kind, number in numbers.items():
        assert Decision(kind, 0).number == number
    assert len(set(numbers.values())) == len(numbers)


def test_the_bot_answers_its_own_decision_wherever_it_is_pending() -> None:
    """The bot answers the first pending decision of its seat, first in the list or not,
    and refuses to answer when none of the pending decisions is its seat's."""
    game = new_game(9)
    p = game.current
    other = (p + 1) % 4
    alone = Monopoly23Strategy().choose(game, p)
    assert game.pending == [Decision("turn", p)]
    game.pending = [Decision("move", other, amount=7), Decision("turn", p)]
    assert Monopoly23Strategy().choose(game, p) == alone
    game.pending = [Decision("move", other, amount=7)]
    with pytest.raises(ValueError, match="without a decision"):
        Monopoly23Strategy().choose(game, p)
    game.pending = []
    with pytest.raises(ValueError, match="without a decision"):
        Monopoly23Strategy().choose(game, p)
