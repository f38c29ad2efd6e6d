"""The standard bot's shared board view and its shortcuts give what a fresh look gives: the
danger on the board, each seat's complete and wanted groups, the answers to a debt; and a
game played a round at a time through ``Game.play_seats`` is the game ``play_out`` plays."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pennybags.bots import make_bot, standard
from pennybags.bots.standard import (
    _CLASSIC_CHECKS,
    BoardView,
    ClassicStrategy,
    StandardBot,
    TopRents,
    bid_action,
    board_view,
    classic_checks,
    rank_rents,
)
from pennybags.editions import get_edition
from pennybags.editions.classic.game import ClassicGame
from pennybags.engine.actions import Action, Pose
from pennybags.engine.game import Seats
from pennybags.lab.simulate import run_options


def new_game(edition: str, seed: int) -> ClassicGame:
    options = run_options(edition, (), 1000)
    game = get_edition(edition).new_game(["A", "B", "C", "D"], seed=seed, options=options,
                                          record=False)
    assert isinstance(game, ClassicGame)
    return game


def rent_now(game: ClassicGame, deed: int) -> int:
    """The rent the view reckons a deed charges: the printed rent for its buildings (not
    doubled), a railroad's by how many its owner has, a utility's at a roll of 7."""
    space = game.board.spaces[deed]
    if space.kind == "street":
        rent: int = space.rents[game.houses[deed]]
        return rent
    owner = game.owner[deed]
    count = sum(1 for d in game.board.group_of[deed] if game.owner[d] == owner)
    if space.kind == "railroad":
        return game.railroad_rents[count - 1]
    return game.utility_multipliers[count - 1] * 7


def check_ranks(game: ClassicGame, view: BoardView) -> None:
    """The view's top rents (as brought up to date from the changed deeds) against every
    deed's rent ranked afresh: the same top rent and owner, second rent, mortgagers and
    unowned deeds."""
    rents = [-1 if game.mortgaged[d] else rent_now(game, d) for d in range(game.board.size)]
    fresh = TopRents()
    rank_rents(fresh, view.facts.rated, game.owner, rents, 0)
    assert (view.top_rent, view.top_owner, view.second_rent, view.mortgagers,
            view.unowned) == (fresh.top_rent, fresh.top_owner, fresh.second_rent,
                              fresh.mortgagers, fresh.unowned)


def check_view(game: ClassicGame, view: BoardView) -> None:
    """The view, worked out again now, against a look at every deed."""
    view.update()
    check_ranks(game, view)
    counted = view.facts.rated  # (the owners the next update compares with: every one now)
    assert [view.ranked_owner[d] for d in counted] == [game.owner[d] for d in counted]
    view.know_owners()
    for p in range(len(game.players)):
        assert view.deeds_of(p) == [d for d in game.board.deeds if game.owner[d] == p]
    rated = [d for d in game.board.deeds
             if game.board.spaces[d].kind in ("street", "railroad", "utility")]
    assert view.unowned == sum(1 for d in rated if game.owner[d] < 0)
    for p in range(len(game.players)):
        others = [rent_now(game, d) for d in rated
                  if game.owner[d] >= 0 and game.owner[d] != p and not game.mortgaged[d]]
        assert view.danger(p) == max(others, default=0)
        assert (view.mortgagers >> p & 1 == 1) == any(
            game.mortgaged[d] for d in rated if game.owner[d] == p)
        complete = []
        wanted = []
        for group in game.board.groups.values():
            if not group or game.board.spaces[group[0]].kind != "street":
                continue
            owners = {game.owner[d] for d in group}
            if owners == {p}:
                complete.append(group)
            elif len(owners) == 2 and p in owners and min(owners) >= 0:
                other = (owners - {p}).pop()
                wanted.append((group, other, tuple(d for d in group if game.owner[d] == other)))
        assert view.complete[p] == complete
        assert [(w.group, w.other, w.take) for w in view.wanted[p]] == wanted
        for w in view.wanted[p]:
            key = w.other
            for d in w.take:
                key |= 1 << (d + 8)
            assert w.key == key


@pytest.mark.parametrize("edition", ["classic", "electronic-banking"])
def test_the_view_is_what_a_fresh_look_sees(edition: str) -> None:
    checked = 0
    for seed in (3, 11):
        game = new_game(edition, seed)
        bots = [make_bot("standard", seed * 8 + seat) for seat in range(4)]
        view = board_view(game)
        changes = game.changes
        while not game.over and game.round <= 120:
            p = game.pending[0].player
            game.act(p, bots[p].choose(game, p))
            if game.changes != changes:  # (after every change of the deeds)
                changes = game.changes
                check_view(game, view)
                checked += 1
        # The classic rules log every change: the view read only the deeds that changed.
        assert len(game.changed) == game.changes
    assert checked > 80


@pytest.mark.parametrize("edition", ["classic", "electronic-banking"])
def test_the_top_rents_brought_up_to_date_at_any_time_are_a_fresh_ranking(
        edition: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The view brought up to date after a random number of answers (several changes at
    once, as once a round in play), ranked again or not, against a fresh ranking; and
    many of the updates were made without ranking every deed again."""
    rankings = 0
    mine: list[BoardView] = []

    def counted(*args: Any) -> None:
        nonlocal rankings
        if mine and args[0] is mine[-1]:
            rankings += 1
        rank_rents(*args)

    monkeypatch.setattr(standard, "rank_rents", counted)
    rng = random.Random(7)
    updates = 0
    for seed in (2, 9, 17, 23, 31):
        game = new_game(edition, seed)
        bots = [make_bot("standard", seed * 8 + seat) for seat in range(4)]
        view = BoardView(game)  # (its own: the bots bring theirs up to date once a round)
        mine.append(view)
        answers = 0
        due = rng.randint(1, 25)
        while not game.over and game.round <= 150:
            p = game.pending[0].player
            game.act(p, bots[p].choose(game, p))
            answers += 1
            if answers >= due and view.changes != game.changes:
                answers = 0
                due = rng.randint(1, 25)
                view.update()
                updates += 1
                check_ranks(game, view)
                assert list(view.ranked_owner) == list(game.owner)
                for q in range(len(game.players)):  # (several changes of owner at once)
                    assert view.deeds_of(q) == [d for d in game.board.deeds
                                                if game.owner[d] == q]
    assert updates > 100
    assert 0 < rankings < updates * 0.8


def test_a_change_the_log_does_not_hold_has_every_deed_read_again() -> None:
    game = new_game("classic", 5)
    bots = [make_bot("standard", 5 * 8 + seat) for seat in range(4)]
    view = board_view(game)
    while game.transfers < 12:
        p = game.pending[0].player
        game.act(p, bots[p].choose(game, p))
    check_view(game, view)
    owned = [d for d in game.board.deeds
             if game.owner[d] >= 0 and game.board.spaces[d].kind == "street"]
    assert owned
    # A house put down by an edition's own rule that counts the change but logs no deed.
    game.houses[owned[0]] += 1
    game.changes += 1
    check_view(game, view)
    assert view.rents[owned[0]] == game.board.spaces[owned[0]].rents[game.houses[owned[0]]] \
        or game.mortgaged[owned[0]]
    # A deed given to another player by a rule that counts the change but logs no deed:
    # the groups are all looked at again (check_view compares them with a fresh look).
    group = next(g for g in game.board.groups.values()
                 if game.board.spaces[g[0]].kind == "street" and
                 g not in view.complete[0])
    for d in group:
        game.owner[d] = 0
    game.changes += 1
    game.transfers += 1
    check_view(game, view)
    assert group in view.complete[0]


def test_classic_checks_only_where_the_game_judges_as_classic_does() -> None:
    assert classic_checks(new_game("classic", 1))
    assert classic_checks(new_game("electronic-banking", 1))
    game = get_edition("ultimate-monopoly").new_game(["A", "B", "C", "D"], seed=1)
    assert isinstance(game, ClassicGame)
    assert not classic_checks(game)  # (it overrides can_mortgage and can_sell_building)


def test_raising_cash_answers_alike_with_and_without_the_game_s_checks() -> None:
    asked = 0
    for seed in range(1, 13):
        game = new_game("classic", seed)
        bots = [make_bot("standard", seed * 8 + seat) for seat in range(4)]
        while not game.over:
            d = game.pending[0]
            if d.kind == "debt":
                bot = bots[d.player]
                assert isinstance(bot, StandardBot)
                strategy = bot.for_edition("classic")
                assert isinstance(strategy, ClassicStrategy)
                kind = type(game)
                # (the strategy keeps classic_checks' answer for a game: forgotten here, so
                # each call asks it again)
                try:
                    _CLASSIC_CHECKS[kind] = False
                    strategy._checks_game = None
                    worded = strategy.raise_cash(game, d.player, d.amount)
                    assert strategy._checks is False
                finally:
                    _CLASSIC_CHECKS[kind] = True
                    strategy._checks_game = None
                assert strategy.raise_cash(game, d.player, d.amount) == worded
                assert strategy._checks is True
                asked += 1
            game.act(d.player, bots[d.player].choose(game, d.player))
    assert asked > 50


class Scripted:
    """An agent that is not compiled: the simple bot's choices through a plain object."""

    def __init__(self, seed: int) -> None:
        self.bot = make_bot("simple", seed)

    def choose(self, game: Any, player: int) -> Any:
        return self.bot.choose(game, player)


def test_a_game_played_a_round_at_a_time_through_play_seats_is_play_out_s() -> None:
    def agents(seed: int) -> list[Any]:
        return [make_bot("standard", seed), Scripted(seed + 1), make_bot("random", seed + 2),
                make_bot("standard", seed + 3)]

    for seed in (2, 5):
        whole = get_edition("classic").new_game(["A", "B", "C", "D"], seed=seed)
        whole.play_out(agents(seed))
        by_rounds = get_edition("classic").new_game(["A", "B", "C", "D"], seed=seed)
        seats = Seats(agents(seed))
        assert seats.compiled[1] is None and seats.choose[1] is not None
        assert seats.compiled[0] is not None and seats.choose[0] is None
        while not by_rounds.over:
            by_rounds.play_seats(seats, by_rounds.round + 1)
        assert by_rounds.history == whole.history
        assert by_rounds.turns == whole.turns


def brown_whole_light_split() -> tuple[ClassicGame, BoardView, tuple[int, ...], tuple[int, ...]]:
    """A classic game whose brown group is seat 0's whole and whose light blue group is
    split, all but its last deed seat 1's and the last seat 2's; its view, checked; the two
    groups."""
    game = new_game("classic", 6)
    view = board_view(game)
    brown, light = view.facts.street_groups[0], view.facts.street_groups[1]
    for d in brown:
        game.set_owner(d, 0)
    for d in light[:-1]:
        game.set_owner(d, 1)
    game.set_owner(light[-1], 2)
    check_view(game, view)
    return game, view, brown, light


def test_a_group_no_longer_whole_or_split_in_two_leaves_the_seats_lists() -> None:
    """The seats' lists are made again only when a group looked at is, or was, whole or
    split between two players: a whole group with a deed back at the bank, and a split
    group with a third owner, leave them (each change logged, as the rules log them)."""
    game, view, brown, light = brown_whole_light_split()
    assert brown in view.complete[0]
    assert [w.group for w in view.wanted[1]] == [light]
    game.set_owner(brown[0], -1)  # back to the bank: nobody's group now
    game.set_owner(light[0], 3)  # three owners: nobody's group now
    check_view(game, view)
    assert brown not in view.complete[0]
    assert view.wanted[1] == [] and view.wanted[2] == []


def test_a_group_as_it_was_keeps_the_seats_lists_and_a_moved_deed_remakes_them() -> None:
    """A change that leaves a group whole, or split between the same two with the same
    deeds each, keeps the seats' lists as they were (the same objects); a deed passed
    between the two owners of a split group makes them again (what is asked changes)."""
    game, view, brown, light = brown_whole_light_split()
    asked = view.wanted[1][0]
    game.houses[brown[0]] = 1  # a building and a mortgage: no owner changes
    game.mortgaged[light[0]] = True
    game.changed.extend((brown[0], light[0]))
    game.changes += 2
    game.set_owner(12, 3)  # (a utility changing hands: the owners are looked at again)
    check_view(game, view)
    assert view.wanted[1][0] is asked and brown in view.complete[0]
    game.mortgaged[light[0]] = False
    game.changed.append(light[0])
    game.changes += 1
    game.set_owner(light[1], 2)  # split between 1 and 2 still, another deed asked
    check_view(game, view)
    assert [w.take for w in view.wanted[1]] == [light[1:]]
    assert [w.take for w in view.wanted[2]] == [light[:1]]


@pytest.mark.parametrize("edition", ["classic", "electronic-banking"])
def test_an_offer_skipped_as_too_recent_is_what_propose_would_skip(edition: str) -> None:
    """Where the bot's management passes over proposing (every offer for its wanted groups
    made too recently, the owners as when it last proposed nothing), proposing gives
    nothing and leaves the offers as they were."""
    skipped = 0
    for seed in range(1, 9):
        game = new_game(edition, seed)
        bots = [make_bot("standard", seed * 8 + seat) for seat in range(4)]
        while not game.over:
            d = game.pending[0]
            p = d.player
            bot = bots[p]
            assert isinstance(bot, StandardBot)
            strategy = bot.for_edition(edition)
            assert isinstance(strategy, ClassicStrategy)
            if d.kind == "roll":
                strategy.refresh(game, p)
                if strategy._wanted and game.round < strategy._quiet_until and \
                        game is strategy._quiet_game and \
                        game.transfers == strategy._quiet_transfers:
                    offers = dict(strategy._offers)
                    assert strategy.propose(game, p) is None
                    assert strategy._offers == offers
                    skipped += 1
            game.act(p, bot.choose(game, p))
    assert skipped > 100


def test_a_bid_is_made_once_for_each_amount() -> None:
    """The bot's bids are values made once per amount: each the bid of its amount."""
    for amount in (1, 10, 255, 256, 257, 1000, 4321):
        made = bid_action(amount)
        assert made == Action("bid", amount=amount) and made.amount == amount
        assert bid_action(amount) is made
    assert bid_action(300) != bid_action(301)


def test_mortgaged_deeds_received_are_lifted_lowest_first() -> None:
    """Of the mortgaged deeds just received, the bot lifts the first in board order that
    its cash above the reserve pays for (a set of deeds, whose order is not the board's:
    {8, 3} is gone through 8 first), else keeps them mortgaged."""
    for deeds, spare, lifted in (((8, 3), 1000, 3), ((3, 8), 1000, 3), ((8, 39, 1), 1000, 1),
                                 ((39, 8), 60, 8), ((39, 8), 40, -1)):
        game = new_game("classic", 3)
        bot = make_bot("standard", 1)
        assert isinstance(bot, StandardBot)
        strategy = bot.for_edition("classic")
        assert isinstance(strategy, ClassicStrategy)
        p = game.pending[0].player
        for d in deeds:
            game.set_owner(d, p)
            game.mortgaged[d] = True
        game.pose(Pose("mortgaged-deeds", p, deeds=deeds))
        assert list(game.lift_offer) != sorted(game.lift_offer) or deeds != (8, 3)
        reserve = strategy.reserve(game, p)
        game.ledger.balances[p] = reserve + spare  # (the cash above the reserve: spare)
        answer = strategy.choose(game, p)
        if lifted < 0:
            assert answer == Action("keep-mortgaged")
        else:
            assert answer == Action("unmortgage", lifted)
            assert game.unmortgage_cost(lifted) <= spare
