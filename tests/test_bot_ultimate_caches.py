"""What the Ultimate Monopoly bots keep between answers, for speed (docs/benchmarks.md), is
what working it out afresh gives: the danger and each deed's rent in the shared
:class:`Estate` (ranked over each group's leaders, also checked on random boards), the
cards a seat holds none of the kinds it plays on its turn among, and the income strategy's
building candidates, what follows from its deeds (kept while its deeds are the same,
whoever else trades), the deeds it could ask for (kept per street group while the group's
owners are the same), the best income of each street at each level allowed (kept once for
the game's bots while the horizon and opponents are the same), a deed's gain (one pass for
both sums), the cash reserve (kept for the round's danger) and what raising cash on each of
its deeds would lose (kept while the owners of the deed's group, its buildings and mortgage
are the same), what an ask would gain and what a deed is worth (kept while its group and
the horizon are the same), checked before every answer of whole bot games; the plan of a
turn (``plan=turn``): where an answer follows it, its next building and a debt's next
mortgage are what working the answer out afresh finds, where it follows an empty plan kept
after a lift a new plan finds no building (nor one with surplus cash), and where it finds
no offer without looking, looking finds none; the least cash an ask could offer, kept with
the deeds, bounds every ask's (below it to spare, no offer is found); a debt kept as
holding no Sale of Stock Bonus holds none; and that the game's counts of changes of owner
per player and per group, and of changes of owner, buildings or mortgage per group (which
those caches read) move whenever that player's deeds or the group's owners, buildings or
mortgages change.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pennybags.bots import make_bot
from pennybags.bots.ultimate_income import (
    BUILD_RESERVE,
    BestNets,
    IncomeStrategy,
    best_net,
    take_key,
)
from pennybags.bots.ultimate_monopoly import (
    TURN_CARDS,
    Estate,
    UltimateMonopolyStrategy,
    rent_now,
)
from pennybags.editions import get_edition
from pennybags.editions.ultimate_monopoly.buildings import built_in_group
from pennybags.editions.ultimate_monopoly.cards import ACTION_DECKS, CardGame
from pennybags.editions.ultimate_monopoly.game import HOTEL, SKYSCRAPER
from pennybags.engine.actions import Action
from pennybags.engine.arrays import filled_ints
from pennybags.lab.simulate import run_options


def danger_afresh(game: CardGame, p: int) -> tuple[int, int]:
    """The highest rent of a deed of an opponent of ``p`` still in the game, and the deeds
    nobody owns, worked out over the whole board."""
    worst = 0
    unowned = 0
    for d in game.board.deeds:
        o = game.owner[d]
        if o < 0:
            unowned += 1
        elif o != p and not game.players[o].bankrupt:
            worst = max(worst, rent_now(game, d))
    return worst, unowned


def rent_by_the_rulebook(game: CardGame, d: int) -> int:
    """The rent a lander owes on deed ``d`` now, read off its space and the edition's
    tables (0: unowned or mortgaged; a utility at a throw of 7)."""
    o = game.owner[d]
    if o < 0 or game.mortgaged[d]:
        return 0
    space = game.board.spaces[d]
    group = game.board.group_of[d]
    count = sum(1 for g in group if game.owner[g] == o)
    level = game.houses[d]
    if space.kind == "street":
        if level:
            return space.rents[level]
        if count == len(group):
            return space.rents[0] * 3
        return space.rents[0] * (2 if len(group) >= 3 and count == len(group) - 1 else 1)
    if space.kind == "utility":
        return game.utility_multipliers[count - 1] * 7
    table = game.railroad_rents if space.kind == "railroad" else game.cab_rents
    return table[count - 1] * (2 if level else 1)


def afresh_like(kept: IncomeStrategy, game: CardGame, p: int) -> IncomeStrategy:
    """A new income strategy that has worked out nothing yet, with ``kept``'s horizon and
    opponents (which depend on when they were last settled)."""
    fresh = IncomeStrategy(150, 100, 100)
    fresh._worth_game = game
    fresh._settled = game.changes
    fresh._worth_changes = game.changes
    fresh._worth_seat = p
    fresh._horizon = kept._horizon
    fresh._opponents = kept._opponents
    fresh._bests = BestNets(game)  # (its own: nothing the game's bots kept)
    fresh._worth_settles = filled_ints(-1, game.board.size)  # (nothing kept yet, as fresh() makes)
    fresh._worth_marks = filled_ints(0, game.board.size)
    fresh._worths = [0.0] * game.board.size
    fresh._loss_settles = filled_ints(-1, 2 * game.board.size)
    fresh._loss_marks = filled_ints(0, 2 * game.board.size)
    fresh._losses = [0.0] * (2 * game.board.size)
    return fresh


class Checking:
    """An agent that checks its strategy's caches against fresh work before answering."""

    def __init__(self, strategy: UltimateMonopolyStrategy) -> None:
        self.strategy = strategy
        self.checked = 0
        self.builds_followed = 0
        self.bounded = 0
        self.mortgages_followed = 0
        self.lifts_followed = 0
        self.no_sales = 0
        self.offers_skipped = 0
        self.asks_unpaid = 0
        self.asks_at_least = 0
        """Answers where the plan of the turn was followed and checked."""
        self.gains_kept = 0
        """Kept gains of asks checked against fresh work."""
        self.seen: dict[int, tuple[int, tuple[int, ...]]] = {}
        """Each player's ``holdings`` count and deeds, and each group's ``group_transfers``
        count and owners (keyed by minus one minus its first deed), when last looked at."""

    def counted(self, key: int, count: int, now: tuple[int, ...]) -> None:
        """The deeds (or owners) ``now`` are what they were while the count is the same."""
        was = self.seen.get(key)
        if was is not None and was[0] == count:
            assert was[1] == now
        self.seen[key] = (count, now)

    def choose(self, game: Any, p: int) -> Action:
        for seat in range(len(game.players)):
            self.counted(seat, game.holdings[seat],
                         tuple(d for d in game.board.deeds if game.owner[d] == seat))
        for group in game.board.groups.values():
            if group and game.board.spaces[group[0]].is_deed:
                self.counted(-1 - group[0], game.group_transfers[group[0]],
                             tuple(game.owner[d] for d in group))
                self.counted(-1000 - group[0], game.group_changes[group[0]],
                             tuple((game.owner[d], game.houses[d], game.mortgaged[d])
                                   for d in group))
        s = self.strategy
        estate = s.estate(game)
        estate.rank()
        assert (estate.danger(p), estate.unowned) == danger_afresh(game, p)
        assert estate.rents == [rent_now(game, d) if game.board.spaces[d].is_deed else 0
                                for d in range(game.board.size)]
        # Cards kept as holding none that play_kept plays hold none.
        if s._idle_seat == p and s._idle_game is game and \
                game.players[p].cards == s._idle_cards:
            assert not [ref for ref in game.players[p].cards if ref[0] in ACTION_DECKS and
                        game.decks[ref[0]].cards[ref[1]].kind in TURN_CARDS]
        if isinstance(s, IncomeStrategy):
            kept = list(s.build_candidates(game, p))
            surplus = list(s._build_surplus)
            fresh = afresh_like(s, game, p)
            assert kept == fresh.build_candidates(game, p)
            assert surplus == fresh._build_surplus
            # Our deeds, kept while our holdings count is the same.
            assert s.mine(game, p) == [d for d in game.board.deeds if game.owner[d] == p]
            s.hold(game, p)
            fresh.hold(game, p)
            assert s._buildable == fresh._buildable and s._transit == fresh._transit
            assert s._groups == fresh._groups and s._counts == fresh._counts
            assert s._buildable_deeds == fresh._buildable_deeds
            # ... and what they are: each street group we hold part of once, in the order
            # of our first street of it on the board, with how many of it we own; those
            # with a monopoly or a majority ownership (our streets of them).
            streets = [d for d in s.mine(game, p) if game.board.spaces[d].kind == "street"]
            groups: list[tuple[int, ...]] = []
            for d in streets:
                if game.board.group_of[d] not in groups:
                    groups.append(game.board.group_of[d])
            assert s._groups == groups
            assert s._counts == [sum(1 for d in g if game.owner[d] == p) for g in groups]
            majority = game.building_figures.majority
            assert s._buildable == [tuple(d for d in g if game.owner[d] == p) for g in groups
                                    if sum(1 for d in g if game.owner[d] != p) == 0 or
                                    (len(g) >= majority and
                                     sum(1 for d in g if game.owner[d] != p) == 1)]
            asked = [(a.group, a.other, a.theirs, a.take, a.pay) for a in s.asks(game, p)]
            assert asked == [(a.group, a.other, a.theirs, a.take, a.pay)
                             for a in fresh.asks(game, p)]
            # Each deed's worth, kept while its group and the settle are the same, is what
            # working it out afresh gives.
            anew = afresh_like(s, game, p)
            for d in game.board.deeds:
                assert s.worth(game, p, d) == anew.worth(game, p, d)
            # The offers wishes finds, with what each ask would gain kept while its group
            # and the settle are the same, are what working them out afresh finds.
            spare = game.cash(p) - s.reserve(game, p) // 2
            s.settle(game)
            for a in s.asks(game, p):
                gain = s._ask_gains.get(a.key)
                if s._gains_game is game and s._gains_seat == p and gain is not None and \
                        gain[0] == game.group_changes[a.group[0]] and gain[1] == s._settles:
                    self.gains_kept += 1
            anew = afresh_like(s, game, p)
            anew._trade_offers = dict(s._trade_offers)
            assert [(w.other, w.take, w.key, w.gain, w.pay)
                    for w in s.wishes(game, p, spare, game.round - 6)] == \
                [(w.other, w.take, w.key, w.gain, w.pay)
                 for w in anew.wishes(game, p, spare, game.round - 6)]
            # The worth of deeds: each group's income with and without each of its deeds,
            # for every player, read from the best levels kept in this settle.
            # (``afresh`` keeps nothing between calls.)
            afresh = afresh_like(s, game, p)
            for group in s.facts(game).street_groups:
                for who in (p, (p + 1) % len(game.players)):
                    afresh._bests = BestNets(game)
                    assert s.group_value(game, who, group) == \
                        afresh.group_value(game, who, group)
                    for d in group:
                        # gain_of sums a street group in one pass: the two group_value
                        # calls it stands for, worked out afresh, to the last bit.
                        afresh._bests = BestNets(game)
                        with_it = afresh.group_value(game, who, group, (d,), ())
                        afresh._bests = BestNets(game)
                        without = afresh.group_value(game, who, group, (), (d,))
                        assert s.gain_of(game, who, d) == with_it - without
            # The reserve kept for the round is what reading the danger again gives (the
            # danger read first, as jail and April 15 do, which moves to a new round).
            s.know_board(game, p)
            assert s.reserve(game, p) == UltimateMonopolyStrategy.reserve(s, game, p)
            # What raising cash on each of its deeds would lose, kept with the owners of the
            # deed's group (and its buildings) it read.
            for d in s.mine(game, p):
                if not game.mortgaged[d] and built_in_group(game, p, d) < 0:
                    assert s.mortgage_loss(game, d) == fresh.mortgage_loss_afresh(game, d)
                if game.houses[d]:
                    assert s.sale_loss_rate(game, d) == fresh.sale_loss_rate_afresh(game, d)
            # The least building cost kept with its deeds bounds every candidate's: when
            # the cash less it is below what building keeps, no candidate is paid for.
            s.hold(game, p)
            costs = game.building_figures.costs
            where = [d for ours in s._buildable for d in ours] + s._transit
            assert s._least_cost == min((costs[d] for d in where), default=1 << 30)
            keep = int(s.reserve(game, p) * BUILD_RESERVE)
            if game.cash(p) - s._least_cost < keep:
                s.build_candidates(game, p)
                for _, d, _, _ in s._build_candidates + s._build_surplus:
                    assert game.cash(p) - costs[d] < keep
                self.bounded += 1
            self.planned(s, game, p)
        self.checked += 1
        return s.choose(game, p)

    def planned(self, s: IncomeStrategy, game: Any, p: int) -> None:
        """The plan of the turn, where the next answer follows it, gives what working the
        answer out afresh gives: the next building of the turn's plan is what
        ``build_best`` finds now, the next mortgage of a debt's plan what
        ``raise_cash_afresh`` finds now."""
        d = game.decision_for(p)
        if d is None:
            return
        # Where offer() finds no offer without looking (nothing it reads moved since it
        # found none), looking finds none either.
        spare = game.cash(p) - s.reserve(game, p) // 2
        if s._offer_game is game and s.offer_mark(game, p) == s._offer_mark and \
                spare < s._offer_spare and game.round < s._offer_until:
            assert s.wishes(game, p, spare, game.round - 6) == []
            self.offers_skipped += 1
        # The least ask kept with our deeds bounds every ask's cash, whoever holds the
        # deeds we miss; below it to spare, offer() does not look, and looking finds none.
        s.hold(game, p)
        fresh = afresh_like(s, game, p)
        fresh.hold(game, p)
        least = s.least_ask(game, p)
        assert least == fresh.least_ask(game, p)
        for a in fresh.asks(game, p):
            assert a.pay >= least
            if a.pay == least:
                self.asks_at_least += 1
        if spare < least:
            assert fresh.wishes(game, p, spare, game.round - 6) == []
            self.asks_unpaid += 1
        if d.kind == "roll" and s._plan_game is game and s._plan_seat == p and \
                s._plan_turn == game.turns and s._plan_round == game.round and \
                s._plan_cash == game.cash(p) and s._plan_holdings == game.holdings[p] and \
                s._plan_next < len(s._plan_builds):
            deed = s._plan_builds[s._plan_next]
            if game.can_build(p, deed) is None:
                fresh = s.build_best(game, p)
                assert fresh is not None and fresh.deed == deed
                self.builds_followed += 1
        # A plan kept after a lift that cannot open a building (the next answer, as
        # manage follows it): a new plan would find no building, and none with surplus cash.
        if d.kind in ("roll", "end-turn", "jail") and s._plan_lifted and \
                s._plan_game is game and s._plan_seat == p and s._plan_turn == game.turns \
                and s._plan_round == game.round and s._plan_cash == game.cash(p) and \
                s._plan_holdings == game.holdings[p]:
            assert s._plan_builds == [] and not s._plan_done
            assert s.plan_builds(game, p) == []
            assert s.build_surplus(game, p) is None
            self.lifts_followed += 1
        # A debt whose answers found no Sale of Stock Bonus among the cards: none is held.
        if d.kind == "debt" and s._no_sale_debt is d:
            assert not [ref for ref in game.players[p].cards if ref[0] in ACTION_DECKS and
                        game.decks[ref[0]].cards[ref[1]].kind == "sell_stock_bonus"]
            self.no_sales += 1
        if d.kind == "debt" and s._debt_game is game and s._debt_seat == p and \
                s._debt_turn == game.turns and s._debt_cash == game.cash(p) and \
                s._debt_holdings == game.holdings[p] and s._debt_next < len(s._debt_plan) \
                and s._debt_losses[s._debt_next] <= s._debt_sale_loss:
            deed = s._debt_plan[s._debt_next]
            fresh_action = s.raise_cash_afresh(game, p, d.amount)
            assert fresh_action.do == "mortgage" and fresh_action.deed == deed
            self.mortgages_followed += 1


@pytest.mark.parametrize("bots", [("standard",) * 4,
                                  ("standard", "standard?value=price") * 2])
def test_kept_work_is_what_fresh_work_gives(bots: tuple[str, ...]) -> None:
    edition = get_edition("ultimate-monopoly")
    builds = mortgages = skipped = gains = bounded = lifts = no_sales = 0
    unpaid = at_least = 0
    for seed in (3, 4):
        game = edition.new_game(["A", "B", "C", "D"], seed=seed,
                                options=run_options("ultimate-monopoly", (), 1000))
        agents = [Checking(make_bot(b, seed * 8 + i).for_edition("ultimate-monopoly"))
                  for i, b in enumerate(bots)]
        game.play_out(agents)
        assert game.over
        assert sum(a.checked for a in agents) > 500
        builds += sum(a.builds_followed for a in agents)
        mortgages += sum(a.mortgages_followed for a in agents)
        skipped += sum(a.offers_skipped for a in agents)
        gains += sum(a.gains_kept for a in agents)
        bounded += sum(a.bounded for a in agents)
        lifts += sum(a.lifts_followed for a in agents)
        no_sales += sum(a.no_sales for a in agents)
        unpaid += sum(a.asks_unpaid for a in agents)
        at_least += sum(a.asks_at_least for a in agents)
    # (the plans were followed, and checked, often enough to mean something)
    assert builds > 20 and mortgages > 10 and skipped > 10 and gains > 10 and bounded > 20
    assert lifts > 20 and no_sales > 20
    assert unpaid > 100 and at_least > 20


def test_estate_ranks_the_leaders_of_each_group_as_the_whole_board() -> None:
    """The Estate ranks two leaders a group (its highest rent and the highest of another
    owner) instead of every deed: on random boards (owners, buildings, mortgages, a player
    out now and then), kept up to date from the game's counts or made afresh, every seat's
    danger and the unowned deeds are what the whole board gives, and each deed's rent what
    the rulebook's tables give."""
    game = get_edition("ultimate-monopoly").new_game(
        ["A", "B", "C", "D"], seed=1, options=run_options("ultimate-monopoly", (), 1000))
    assert isinstance(game, CardGame)
    rng = random.Random(17)
    kept = Estate(game)
    deeds = list(game.board.deeds)
    for _ in range(400):
        for d in deeds:
            if rng.random() < 0.2:
                game.set_owner(d, rng.randrange(-1, 4))
            if game.owner[d] >= 0 and rng.random() < 0.1:
                if game.board.spaces[d].kind == "street":
                    game.houses[d] = rng.randrange(0, SKYSCRAPER + 1)
                elif game.board.spaces[d].kind in ("railroad", "cab_company"):
                    game.houses[d] = rng.randrange(0, 2)  # a Train Depot or Cab Stand
                game.mortgaged[d] = rng.random() < 0.2
                game.count_change(d)
        game.players[3].bankrupt = rng.random() < 0.2
        kept.rank()
        fresh = Estate(game)
        fresh.rank()
        for p in range(4):
            worst, unowned = danger_afresh(game, p)
            assert kept.danger(p) == fresh.danger(p) == worst
            assert kept.unowned == fresh.unowned == unowned
        for d in deeds:
            assert kept.rents[d] == fresh.rents[d] == rent_by_the_rulebook(game, d)


def test_best_nets_shared_by_the_bots_of_a_game_are_each_bots_own() -> None:
    """The best net income of a street at each level allowed, and what each player's part
    of a group gains with each of its deeds, are kept once for every bot of a game
    (:class:`BestNets`): asked in turn by bots whose horizons differ (a plan once a turn
    moves it every five rounds, a plan at every answer every round), as players go out
    (fewer opponents), as deeds change hands and buildings and mortgages come and go, each
    bot gets what working it out afresh gives for its own horizon and opponents."""
    game = get_edition("ultimate-monopoly").new_game(
        ["A", "B", "C", "D"], seed=1, options=run_options("ultimate-monopoly", (), 1000))
    assert isinstance(game, CardGame)
    turn = IncomeStrategy(150, 100, 100)
    answer = IncomeStrategy(150, 100, 100, plan="answer")
    rng = random.Random(5)
    deeds = list(game.board.deeds)
    streets = [d for d in deeds if game.board.spaces[d].kind == "street"]
    horizons = set()
    gains = 0
    for step in range(60):
        game.round = step
        game.changes += 1  # (what settles the horizon again)
        game.players[3].bankrupt = step % 7 == 3
        for d in rng.sample(deeds, 12):
            game.set_owner(d, rng.randrange(-1, 4))
            if game.owner[d] >= 0 and game.board.spaces[d].kind == "street":
                game.houses[d] = rng.randrange(0, SKYSCRAPER + 1)
                game.count_change(d)
        for s in (turn, answer, turn):
            s.settle(game)
            horizons.add(s._horizon)
            fresh = afresh_like(s, game, 0)
            for d in rng.sample(deeds, 20):
                for who in range(4):
                    fresh._bests = BestNets(game)
                    assert s.gain_of(game, who, d) == fresh.gain_afresh(game, who, d)
                    gains += 1
            for d in streets:
                for top, factor in ((0, 1), (HOTEL, 2), (SKYSCRAPER, 3)):
                    level = min(game.houses[d], top)
                    assert s.street_best(game, d, top, factor) == \
                        best_net(game, d, level, top, factor, s._opponents, s._horizon)
    assert turn._bests is answer._bests
    assert len(horizons) > 10 and gains > 10000


def test_tables_kept_for_the_board_are_what_fresh_work_gives() -> None:
    """The chance a deed gives of a group later, the least cash an ask for a group could
    offer and what taking an ask's deeds would gain are kept for the board, by the state
    of the group they read (``Groups.prospects``, ``least_asks``, ``takes``), and
    shared by every bot of every game on it: read back for random states of the board (owners,
    buildings, mortgages, players out, horizons), each is what working it out afresh, with
    the table emptied, gives. (A key that leaves out what they read fails: the buildings of
    the group, whose deeds are whose, the horizon or the opponents.)"""
    game = get_edition("ultimate-monopoly").new_game(
        ["A", "B", "C", "D"], seed=2, options=run_options("ultimate-monopoly", (), 1000))
    assert isinstance(game, CardGame)
    bots = [IncomeStrategy(150, 100, 100), IncomeStrategy(150, 100, 100, plan="answer")]
    facts = bots[0].facts(game)
    rng = random.Random(11)
    deeds = list(game.board.deeds)
    read = {"looks": 0, "prospects": 0, "asks": 0, "takes kept": 0}
    for step in range(80):
        game.round = step * 2
        game.changes += 1
        game.players[3].bankrupt = step % 9 == 4
        for d in rng.sample(deeds, 16):
            game.set_owner(d, rng.randrange(-1, 4))
            kind = game.board.spaces[d].kind
            if game.owner[d] >= 0 and kind == "street":
                game.houses[d] = rng.choice((0, 0, 1, 3, HOTEL, SKYSCRAPER))
            elif game.owner[d] >= 0 and kind in ("railroad", "cab_company"):
                game.houses[d] = rng.randrange(0, 2)
            else:
                game.houses[d] = 0
            game.count_change(d)
        for s in bots:
            s.settle(game)
            for d in rng.sample(deeds, 25):
                who = rng.randrange(4)
                s._bests = BestNets(game)  # (nothing kept for the game: the board's tables)
                prospect = s.prospect(game, who, d)
                read["looks"] += 1
                saved_prospects = dict(facts.prospects)
                facts.prospects.clear()
                s._bests = BestNets(game)
                fresh_prospect = s.prospect(game, who, d)
                assert prospect == fresh_prospect
                if fresh_prospect:
                    read["prospects"] += 1
                facts.prospects.update(saved_prospects)
            p = rng.randrange(4)
            s.hold(game, p)
            kept_ask = s.least_ask(game, p)
            saved_asks = dict(facts.least_asks)
            facts.least_asks.clear()
            s._least_ask_version = -1
            assert kept_ask == s.least_ask(game, p)
            facts.least_asks.update(saved_asks)
            if kept_ask < 1 << 30:
                read["asks"] += 1
            # What taking an ask's deeds would gain (``Groups.takes``), read back after
            # wishes filled it, for states seen before and new ones.
            s._ask_gains = {}
            s._gains_game = game
            s._gains_seat = p
            s._trade_offers = {}
            kept_before = {}
            for a in s.asks(game, p):
                key = take_key(game, p, a.group, a.take, s._horizon, s._opponents)
                if key in facts.takes:
                    kept_before[key] = facts.takes[key]
            s.wishes(game, p, 1 << 30, -100)
            for a in s.asks(game, p):
                if game.players[a.other].bankrupt or \
                        any(game.houses[t] or game.mortgaged[t] for t in a.theirs):
                    continue
                key = take_key(game, p, a.group, a.take, s._horizon, s._opponents)
                s._bests = BestNets(game)
                fresh_gain = s.group_value(game, p, a.group, a.take, ()) - \
                    s.group_value(game, p, a.group)
                assert facts.takes[key] == fresh_gain
                if key in kept_before:
                    read["takes kept"] += 1
    assert read["looks"] > 3000 and read["prospects"] > 300 and read["asks"] > 50
    assert read["takes kept"] > 20 and len(facts.prospects) > 100


def test_table_keys_fit_in_63_bits_or_are_not_given() -> None:
    """A key of the board tables is a machine integer (``i64``): a group too long for one
    gets no key (-1, worked out afresh) rather than a key that overflows and could stand
    for another group's state. ``take_key`` holds groups of up to five deeds,
    ``prospect_key`` up to six, with the largest horizon and counts a key takes."""
    game = get_edition("ultimate-monopoly").new_game(["A", "B", "C", "D"], seed=1)
    deeds = [d for d in game.board.deeds if d < 4096]
    last = deeds[-6:]
    for d in last:
        game.houses[d] = 15
    horizon, opponents = 511.5, 15
    five = take_key(game, 0, tuple(last[:5]), tuple(last[:5]), horizon, opponents)
    assert 0 <= five < 1 << 63
    assert take_key(game, 0, tuple(last), (), horizon, opponents) == -1
