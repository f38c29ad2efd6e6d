"""The search bot (``search``): what it may know, determinism, its knobs, choices in known
positions, and whole games in every edition."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pennybags.bots import make_bot
from pennybags.bots.search import SearchBot, evaluate
from pennybags.editions import all_editions, get_edition
from pennybags.engine.actions import Action, Trade
from pennybags.engine.game import Game
from pennybags.engine.snapshot import snapshot
from pennybags.scenario import set_up

EDITIONS = [e.id for e in all_editions()]
QUICK = "search?playouts=3&horizon=2"
"""A small budget: enough to search, cheap enough for tests."""


def new_game(edition: str, seed: int, players: int = 4) -> Game:
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    return get_edition(edition).new_game(names, seed=seed, options={"max-rounds": 200})


def play(game: Game, steps: int, seed: int) -> None:
    bots = [make_bot("standard", seed, edition=game.edition_id) for _ in game.players]
    for _ in range(steps):
        if game.over:
            return
        p = game.pending[0].player
        game.act(p, bots[p].choose(game, p))


def searched_positions(edition: str, wanted: int) -> list[Game]:
    """Positions (from standard bots' games) where the search bot searches: its candidate
    answers differ."""
    out: list[Game] = []
    for seed in range(40):
        fewest = get_edition(edition).data.min_players
        game = new_game(edition, seed, players=max(fewest, 2 + seed % 3))
        play(game, 10 + 37 * (seed % 7), seed)
        if game.over:
            continue
        bot = make_bot(QUICK, 1, edition=edition)
        assert isinstance(bot, SearchBot)
        p = game.pending[0].player
        standard = make_bot("standard", 1, edition=edition).choose(game, p)
        if len(bot.candidates(game, p, standard)) >= 2:
            out.append(game)
            if len(out) == wanted:
                break
    return out


# ------------------------------------------------------------------ hidden information

@pytest.mark.parametrize("edition", EDITIONS)
def test_games_differing_only_in_hidden_information_determinize_alike(edition: str) -> None:
    """``determinize`` depends only on what the seat sees: a game and a copy of it with
    other hidden information (deck order, hands, dice to come) give equal copies."""
    for seed in range(4):
        game = new_game(edition, seed, players=3 + seed % 2)
        play(game, 25 + 60 * seed, seed)
        for seat in range(len(game.players)):
            other = game.determinize(seat, random.Random(100 + seed))
            a = game.determinize(seat, random.Random(7))
            b = other.determinize(seat, random.Random(7))
            assert snapshot(a) == snapshot(b), (edition, seed, seat)


def test_determinizing_draws_the_hidden_part_and_keeps_the_seen_part() -> None:
    """The comparison above can fail: different draws give different copies, and what is
    seen going under a deck stays where it is."""
    game = new_game("classic", 3)
    deck = game.decks["chance"]
    card = deck.draw()
    deck.put_bottom(card)
    copies = [game.determinize(0, random.Random(s)) for s in range(6)]
    assert len({tuple(c.decks["chance"].order) for c in copies}) > 1
    assert all(c.decks["chance"].order[-1] == card for c in copies)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_search_decides_alike_whatever_it_cannot_see(edition: str) -> None:
    """In two games that differ only in hidden information, the search bot with the same
    seed makes the same choice, at positions where it really searches."""
    positions = searched_positions(edition, 3)
    assert positions, edition
    rng = random.Random(11)
    for game in positions:
        p = game.pending[0].player
        other = game.determinize(p, rng)
        for spec in (QUICK, QUICK + "&trades=1"):  # (its own offers too)
            first = make_bot(spec, 5, edition=edition)
            second = make_bot(spec, 5, edition=edition)
            assert first.choose(game, p) == second.choose(other, p)
            assert isinstance(first, SearchBot) and first.searched == 1


class PeekingSearch(SearchBot):
    """A search bot that cheats: it plays out the true game, not determinized copies."""

    def search(self, game: Game, seat: int, candidates: list[Action]) -> Action:
        scores = []
        for action in candidates:
            copy = game.clone()
            copy.act(seat, action)
            agents: list[Any] = [make_bot("standard", 0, edition=game.edition_id)
                                 for _ in copy.players]
            copy.play_out(agents, until_round=copy.round + self.horizon)
            scores.append(evaluate(copy, seat))
        return candidates[scores.index(max(scores))]


def test_a_search_that_peeks_is_caught() -> None:
    """The comparison can fail: a search that plays out the true dice chooses differently
    in games that differ only in what it cannot see."""
    rng = random.Random(2)
    differ = 0
    for game in searched_positions("classic", 12):
        p = game.pending[0].player
        other = game.determinize(p, rng)
        bot = PeekingSearch(1, horizon=8)
        bot.for_edition("classic")
        twin = PeekingSearch(1, horizon=8)
        twin.for_edition("classic")
        differ += bot.choose(game, p) != twin.choose(other, p)
    assert differ >= 1


# ------------------------------------------------------------------ determinism, knobs

def test_a_game_with_a_playout_budget_and_a_seed_is_played_alike_twice() -> None:
    histories = []
    for _ in range(2):
        game = get_edition("classic").new_game(["Ann", "Bob"], seed=4,
                                               options={"max-rounds": 30})
        bots = [make_bot(QUICK, 9, edition="classic"), make_bot("standard", 0)]
        game.play_out(bots)
        histories.append(list(game.history))
        assert isinstance(bots[0], SearchBot) and bots[0].searched > 0
    assert histories[0] == histories[1]


def test_another_seed_draws_other_copies() -> None:
    game = searched_positions("classic", 1)[0]
    p = game.pending[0].player
    a = make_bot(QUICK, 1, edition="classic")
    b = make_bot(QUICK, 2, edition="classic")
    assert isinstance(a, SearchBot) and isinstance(b, SearchBot)
    assert a.rng.getstate() != b.rng.getstate()
    a.choose(game, p)
    b.choose(game, p)
    assert a.rng.getstate() != b.rng.getstate()


@pytest.mark.parametrize("spec, message", [
    ("search?playouts=0", "playouts takes 1 to 100000"),
    ("search?playouts=many", "playouts takes a whole number"),
    ("search?time=0", "time takes seconds above 0"),
    ("search?time=soon", "time takes seconds, such as 0.5"),
    ("search?horizon=0", "horizon takes 1 to 1000"),
    ("search?z=-1", "z takes 0 to 100"),
    ("search?extend=0", "extend takes 1 to 16"),
    ("search?depth=3", "no parameter"),
    ("search?sharp=0", "sharp takes 1 to 100"),
    ("search?only=+", "only takes decision kinds joined by"),
    ("search?trades=3", "trades takes 0, 1 or 2"),
    ("search?few=0", "few takes 1 to 1000"),
    ("search?ending=-1", "ending takes 0 to 100"),
    ("search?waive=2", "waive takes 0 or 1"),
])
def test_bad_knobs_are_refused_with_the_reason(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec)


def test_only_names_decisions_of_the_edition() -> None:
    with pytest.raises(ValueError, match=r"only: sell-house is no decision of classic; its "
                                         r"decisions are .*buy"):
        make_bot("search?only=buy+sell-house", 1, edition="classic")


@pytest.mark.parametrize("edition", ["classic", "ultimate-banking"])
def test_only_searches_the_kinds_named_and_plays_the_standard_answer_elsewhere(
        edition: str) -> None:
    """``only=buy`` searches buying decisions alone. In Ultimate Banking ``only=end-turn``
    searches nothing (an end of turn has one answer there, and no building or trading at
    any time): the game is the standard bot's, move for move (the control of
    experiments/search-ultimate-banking.toml)."""
    def game_of(spec: str) -> tuple[Game, Any]:
        game = new_game(edition, 4, players=3)
        bots = [make_bot(spec, 9, edition=edition),
                make_bot("standard", 1, edition=edition),
                make_bot("standard", 2, edition=edition)]
        game.play_out(bots, until_round=12)
        return game, bots[0]

    if edition == "ultimate-banking":
        plain, _ = game_of("standard")
        same, none = game_of("search?only=end-turn")
        assert isinstance(none, SearchBot) and none.searched == 0
        assert snapshot(same) == snapshot(plain)
    _, buying = game_of(QUICK + "&only=buy")
    assert isinstance(buying, SearchBot) and buying.searched > 0
    assert set(buying.searched_kinds) == {"buy"}
    assert set(buying.overruled_kinds) <= {"buy"}


def test_trades_offer_the_least_cash_a_standard_bot_would_accept_once_a_turn() -> None:
    """With ``trades=1``: Ann holds Park Place, Bob Boardwalk; at the start of Ann's turn
    the candidates include $800 for Boardwalk (twice its price: the least that a standard
    bot, valuing the completed group at three times its price, accepts); not again in the
    same turn; never with ``trades=0``."""
    game = new_game("classic", 1, players=2)
    seat = game.pending[0].player
    other = 1 - seat
    game.set_owner(37, seat)
    game.set_owner(39, other)
    bot = make_bot("search?trades=1", 1, edition="classic")
    assert isinstance(bot, SearchBot)
    offers = bot.offers(game, seat)
    assert offers == [Action("propose-trade",
                             trade=Trade(seat, other, take=(39,), give_cash=800))]
    assert bot.offers(game, seat) == []
    plain = make_bot("search?trades=0", 1, edition="classic")
    assert isinstance(plain, SearchBot)
    standard = make_bot("standard", 1, edition="classic").choose(game, seat)
    assert not any(a.do == "propose-trade" and a.trade is not None and
                   a.trade.give_cash == 800 for a in plain.candidates(game, seat, standard))
    game.houses[37] = 1  # (no offers on a group with buildings)
    assert make_bot("search?trades=1", 1, edition="classic").offers(  # type: ignore[attr-defined]
        game, seat) == []


def test_trades_2_also_pays_with_a_spare_deed_and_less_cash() -> None:
    """With ``trades=2``: Ann holds Park Place and Oriental Avenue (Cy holds Vermont
    Avenue, so Ann cannot complete the light blues from the bank), Bob Boardwalk and
    Baltic Avenue, Ann Mediterranean Avenue. Besides $800 for Boardwalk, the candidates
    include Oriental Avenue and $700 (the deed counted at its price of $100: the least a
    standard bot accepts); never Mediterranean Avenue, which would complete Bob's group."""
    game = new_game("classic", 1, players=3)
    seat = game.pending[0].player
    bob, cy = (seat + 1) % 3, (seat + 2) % 3
    for deed, who in ((37, seat), (6, seat), (1, seat), (8, cy), (39, bob), (3, bob)):
        game.set_owner(deed, who)
    bot = make_bot("search?trades=2", 1, edition="classic")
    assert isinstance(bot, SearchBot)
    assert bot.spare_deeds(game, seat, bob, (39,)) == [6]
    offers = bot.offers(game, seat)
    assert Action("propose-trade", trade=Trade(seat, bob, take=(39,), give_cash=800)) in offers
    assert Action("propose-trade", trade=Trade(seat, bob, take=(39,), give=(6,),
                                               give_cash=700)) in offers
    assert not any(a.trade is not None and 1 in a.trade.give for a in offers)
    cash_only = make_bot("search?trades=1", 1, edition="classic")
    assert isinstance(cash_only, SearchBot)
    assert not any(a.trade is not None and a.trade.give for a in cash_only.offers(game, seat))


def test_more_copies_are_played_only_while_a_candidate_looks_better_but_not_clearly() -> None:
    bot = SearchBot(1, z=2.0)
    assert bot.undecided([[], [0.1, 0.3, 0.2, -0.1]])  # mean 0.125, error 0.085
    assert not bot.undecided([[], [0.1, 0.3, 0.2, 0.2]])  # clearly better (mean > 2 errors)
    assert not bot.undecided([[], [-0.1, 0.1, -0.2, 0.1]])  # not better
    assert not bot.undecided([[], [0.0, 0.0, 0.0]])  # the same playouts


def copies_made(spec: str) -> int:
    """How many determinized copies the search bot makes at a searched position."""
    game = searched_positions("classic", 1)[0]
    p = game.pending[0].player
    bot = make_bot(spec, 3, edition="classic")
    made: list[int] = []
    real = game.determinize

    def counting(seat: int | None, rng: random.Random) -> Game:
        made.append(1)
        return real(seat, rng)

    game.determinize = counting  # type: ignore[method-assign]
    bot.choose(game, p)
    return len(made)


def test_extend_plays_more_copies_where_undecided() -> None:
    assert copies_made("search?playouts=4&horizon=3&z=30") == 4
    more = copies_made("search?playouts=4&horizon=3&z=30&extend=4")
    assert 4 <= more <= 16 and more % 4 == 0


def test_a_time_budget_keeps_a_decision_near_it() -> None:
    import time

    game = searched_positions("classic", 1)[0]
    p = game.pending[0].player
    bot = make_bot("search?time=0.2", 1, edition="classic")
    start = time.perf_counter()
    action = bot.choose(game, p)
    took = time.perf_counter() - start
    assert action in game.legal_actions(p)
    assert took < 2.0  # the budget plus one round of playouts, even on a busy machine


# ------------------------------------------------------------------ known positions

def classic_position(players: list[Any], turn: str = "Ann") -> Game:
    return set_up({"edition": "classic", "players": players, "turn": turn})


def test_buys_the_deed_that_completes_its_colour_group() -> None:
    game = classic_position([{"name": "Ann", "at": "Short Line", "owns": ["Park Place"]},
                             "Bob", "Cy"])
    game.dice.script([[1, 3]])
    game.act(0, Action("roll"))
    assert game.pending[0].kind == "buy"
    assert make_bot("search?playouts=8&horizon=4", 1, edition="classic").choose(game, 0) \
        == Action("buy")


def test_refuses_an_offer_that_hands_an_opponent_a_colour_group_for_nothing() -> None:
    game = classic_position([{"name": "Ann", "owns": ["Park Place"]},
                             {"name": "Bob", "owns": ["Boardwalk"], "cash": 3000}], turn="Bob")
    park_place = game.board.index("Park Place") if hasattr(game.board, "index") else \
        next(d for d in game.board.deeds if game.board.spaces[d].name == "Park Place")
    offer = Trade(1, 0, take=(park_place,), give_cash=10)
    game.act(1, Action("propose-trade", trade=offer))
    assert game.pending[0].kind == "trade" and game.pending[0].player == 0
    bot = make_bot("search?playouts=8&horizon=6", 1, edition="classic")
    assert bot.choose(game, 0) == Action("reject")


def test_the_evaluation_scores_wins_losses_and_shares() -> None:
    game = new_game("classic", 1, players=2)
    assert evaluate(game, 0) == pytest.approx(0.5)
    game.players[1].bankrupt = True
    assert evaluate(game, 1) == 0.0
    game.over, game.winner = True, 0
    assert evaluate(game, 0) == 1.0 and evaluate(game, 1) == 0.0


def test_a_sharper_evaluation_gives_the_leader_more_than_its_share_of_worth() -> None:
    game = new_game("classic", 1, players=3)
    game.pay(1, 0, 700, "a test")  # Ann 2,200, Bob 800, Cy 1,500
    shares = [evaluate(game, p) for p in range(3)]
    sharp = [evaluate(game, p, sharp=3.0) for p in range(3)]
    assert sum(shares) == pytest.approx(1.0) and sum(sharp) == pytest.approx(1.0)
    leader = max(range(3), key=lambda p: shares[p])
    assert sharp[leader] > shares[leader]
    assert all(sharp[p] < shares[p] for p in range(3) if shares[p] < shares[leader])


def ultimate_banking_pair() -> Game:
    """A two-player Ultimate Banking game after the setup, every property unowned."""
    game = new_game("ultimate-banking", 1, players=2)
    play(game, 1, 1)
    return game


def test_the_ending_score_is_the_share_of_worth_while_nobody_can_be_bankrupted() -> None:
    from pennybags.bots.search import ending_score

    game = ultimate_banking_pair()
    assert not game.over and all(o < 0 for o in game.owner)
    game.pay(1, 0, 300, "a test")
    share = game.worth(0) / (game.worth(0) + game.worth(1))
    assert share > 0.5
    assert ending_score(game, 0, 4) == pytest.approx(share)
    assert ending_score(game, 1, 4) == pytest.approx(1 - share)


def test_the_ending_score_counts_the_chance_of_bankrupting_the_poorer() -> None:
    """A property whose rent is more than all of the other player's worth: the game may end
    in the next rounds, and then its owner wins; the longer the window, the more it
    counts. The same property owned by the poorer player against the richer counts for
    nothing when its rent is less than the richer's worth."""
    from pennybags.bots.search import LANDING, ending_score

    game = ultimate_banking_pair()
    dear = max(game.streets, key=lambda d: game.board.spaces[d].rents[-1])
    game.take(0, dear, level=5)
    game.pay(1, 0, game.cash(1) - 10, "a test")  # Bob keeps $10
    assert game.rent(dear) > game.worth(1)
    share = game.worth(0) / (game.worth(0) + game.worth(1))
    risk = LANDING * 4
    assert ending_score(game, 0, 4) == pytest.approx(risk + (1 - risk) * share)
    assert ending_score(game, 1, 4) == pytest.approx((1 - risk) * (1 - share))
    assert ending_score(game, 0, 8) > ending_score(game, 0, 4) > share
    bot = make_bot("search?ending=4", 1, edition="ultimate-banking")
    assert isinstance(bot, SearchBot) and bot.ending == 4
    assert evaluate(game, 0, 1.0, 4) == pytest.approx(ending_score(game, 0, 4))


def test_ending_is_refused_where_a_bankruptcy_does_not_end_the_game() -> None:
    with pytest.raises(ValueError, match=r"ending is for games that end at the first "
                                         r"bankruptcy \(ultimate-banking\), not classic"):
        make_bot("search?ending=4", 1, edition="classic")


def test_few_puts_every_answer_of_a_larger_decision_among_the_candidates() -> None:
    """With ``few=40`` a decision with more than six answers of its own (a Location space's
    destinations, properties to give up in debt) has all of them searched."""
    def wide_position() -> tuple[Game, int, list[Action]]:
        for seed in range(20):
            game = new_game("ultimate-banking", seed, players=3)
            bots = [make_bot("standard", seed, edition=game.edition_id)
                    for _ in game.players]
            while not game.over:
                p = game.pending[0].player
                decision = game.decision_for(p)
                assert decision is not None
                answers = game.rulebook.decisions[decision.kind].answers
                own = [a for a in game.legal_actions(p) if a.do in answers]
                if 6 < len(own) <= 40:
                    return game, p, own
                game.act(p, bots[p].choose(game, p))
        raise AssertionError("no decision with seven to forty answers in 20 games")

    game, p, own = wide_position()
    standard = make_bot("standard", 1, edition="ultimate-banking").choose(game, p)
    narrow = make_bot(QUICK, 1, edition="ultimate-banking")
    wide = make_bot(QUICK + "&few=40", 1, edition="ultimate-banking")
    assert isinstance(narrow, SearchBot) and isinstance(wide, SearchBot)
    narrow.for_edition("ultimate-banking")
    wide.for_edition("ultimate-banking")
    assert set(own) <= set(wide.candidates(game, p, standard))
    assert not set(own) <= set(narrow.candidates(game, p, standard))


def test_waive_asks_for_each_rent_anew_and_weighs_waiving_it() -> None:
    """With ``waive=1`` the search bot never answers "always collect" (the standard bot's
    answer), so that each later rent is asked of it again: asking for it this once and
    waiving it are its candidates. Without it, "always collect" is the standard answer."""
    for seed in range(20):
        game = new_game("ultimate-banking", seed, players=3)
        bots = [make_bot("standard", seed, edition=game.edition_id) for _ in game.players]
        while not game.over and game.pending[0].kind != "rent":
            p = game.pending[0].player
            game.act(p, bots[p].choose(game, p))
        if not game.over:
            break
    else:
        raise AssertionError("no rent asked in 20 games")
    owner = game.pending[0].player
    plain = make_bot(QUICK, 1, edition="ultimate-banking")
    asking = make_bot(QUICK + "&waive=1", 1, edition="ultimate-banking")
    assert isinstance(plain, SearchBot) and isinstance(asking, SearchBot)
    standard = make_bot("standard", 1, edition="ultimate-banking").choose(game, owner)
    assert standard.do == "always-collect-rent"
    assert standard in plain.candidates(game, owner, standard)
    choice = asking.choose(game, owner)
    assert asking.searched == 1 and choice.do in ("collect-rent", "waive-rent")
    kinds = {a.do for a in asking.candidates(game, owner, Action("collect-rent"))}
    assert kinds == {"collect-rent", "waive-rent"}
    with pytest.raises(ValueError, match="waive is for games that end at the first"):
        make_bot("search?waive=1", 1, edition="classic")


# ------------------------------------------------------------------ whole games

@pytest.mark.parametrize("edition", EDITIONS)
def test_a_search_bot_game_runs_to_the_end(edition: str) -> None:
    game = get_edition(edition).new_game(["Ann", "Bob", "Cy"], seed=3,
                                         options={"max-rounds": 60})
    bots = [make_bot("standard", 0, edition=edition), make_bot(QUICK, 7, edition=edition),
            make_bot("standard", 1, edition=edition)]
    game.play_out(bots)
    assert game.over
    search = bots[1]
    assert isinstance(search, SearchBot) and search.searched > 0


# ------------------------------------------------------------------ the benchmark

def test_bench_search_prints_seconds_per_searched_decision() -> None:
    import re
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_search.py"
    done = subprocess.run([sys.executable, str(script), "--games", "1", "--editions",
                           "classic", "--players", "2", "--bot", QUICK],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    line = re.search(r"^classic: players=2 decisions=(\d+) searched=(\d+) mean=[\d.]+s "
                     r"median=[\d.]+s p95=[\d.]+s max=[\d.]+s over_1s=[\d.]+%$",
                     done.stdout, re.M)
    assert line is not None, done.stdout
    assert 0 < int(line.group(2)) < int(line.group(1))
    assert re.search(r"^bot=\S+ games=1 players=2 build=(compiled|pure)$", done.stdout, re.M)
    refused = subprocess.run([sys.executable, str(script), "--bot", "standard"],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "spec of the search bot" in refused.stderr


def test_the_default_budget_is_smaller_where_turns_cost_more() -> None:
    budgets = {}
    for edition in EDITIONS:
        bot = make_bot("search", 1, edition=edition)
        assert isinstance(bot, SearchBot)
        budgets[edition] = (bot.playouts, bot.horizon)
    assert budgets["classic"] == (16, 8)
    trades = {e: make_bot("search", 1, edition=e).trades  # type: ignore[attr-defined]
              for e in EDITIONS}
    assert trades == {e: e in ("classic", "electronic-banking") for e in EDITIONS}
    pay_deeds = {e: make_bot("search", 1, edition=e).pay_deeds  # type: ignore[attr-defined]
                 for e in EDITIONS}
    assert pay_deeds == trades  # (trades=2 where trades are on by default)
    assert not make_bot("search?trades=1", 1, edition="classic").pay_deeds  # type: ignore[attr-defined]
    assert not make_bot("search?trades=0", 1, edition="classic").trades  # type: ignore[attr-defined]
    assert make_bot("search?trades=1", 1, edition="ultimate-monopoly").trades  # type: ignore[attr-defined]
    assert budgets["monopoly-2.3"] == budgets["ultimate-monopoly"] == (8, 4)
    given = make_bot("search?playouts=3&horizon=2", 1, edition="ultimate-monopoly")
    assert isinstance(given, SearchBot) and (given.playouts, given.horizon) == (3, 2)


def test_the_compiled_build_gets_more_playouts_by_default(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """In the compiled build (its playouts several times faster) the default budget is
    larger; a given budget is kept whatever the build."""
    from pennybags.bots import search

    monkeypatch.setattr(search, "is_compiled", lambda: True)
    budgets = {}
    for edition in EDITIONS:
        bot = make_bot("search", 1, edition=edition)
        assert isinstance(bot, SearchBot)
        budgets[edition] = (bot.playouts, bot.horizon)
    assert budgets["classic"] == search.COMPILED_BUDGET
    assert budgets["classic"][0] > 16
    assert budgets["monopoly-2.3"] == search.COMPILED_EDITIONS["monopoly-2.3"]
    assert budgets["ultimate-banking"] == (16, 8)
    given = make_bot("search?playouts=3&horizon=2", 1, edition="classic")
    assert isinstance(given, SearchBot) and (given.playouts, given.horizon) == (3, 2)


def test_few_is_40_in_ultimate_banking_in_the_compiled_build_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The default ``few`` (answers searched all) is 40 in Ultimate Banking in the compiled
    build, 15 in Monopoly 2.3 and Ultimate Monopoly there, 6 elsewhere and in pure Python;
    a given ``few`` is kept in either build."""
    from pennybags.bots import search

    for compiled, edition, spec, few in ((True, "ultimate-banking", "search", 40),
                                         (False, "ultimate-banking", "search", 6),
                                         (True, "classic", "search", 6),
                                         (True, "monopoly-2.3", "search", 15),
                                         (False, "monopoly-2.3", "search", 6),
                                         (True, "ultimate-monopoly", "search", 15),
                                         (False, "ultimate-monopoly", "search", 6),
                                         (True, "ultimate-banking", "search?few=6", 6),
                                         (False, "ultimate-banking", "search?few=40", 40)):
        monkeypatch.setattr(search, "is_compiled", lambda compiled=compiled: compiled)
        bot = make_bot(spec, 1, edition=edition)
        assert isinstance(bot, SearchBot)
        bot.for_edition(edition)
        assert bot.few == few, (compiled, edition, spec)


def test_tuned_variants_in_ultimate_banking() -> None:
    """``tuned=1`` gives Ultimate Banking variants around its own standard bot's defaults
    (a bolder bidder than the standard bot's 200%, shorter and longer rent counts); the
    other editions keep theirs."""
    from pennybags.bots.search import ULTIMATE_BANKING_VARIANTS, VARIANTS

    for edition, spec, count in (("ultimate-banking", "search?tuned=1",
                                  len(ULTIMATE_BANKING_VARIANTS)),
                                 ("ultimate-banking", "search", len(VARIANTS)),
                                 ("classic", "search?tuned=1", len(VARIANTS))):
        bot = make_bot(spec, 1, edition=edition)
        assert isinstance(bot, SearchBot)
        bot.for_edition(edition)
        assert len(bot.variants) == count
    assert "aggression=300" in ULTIMATE_BANKING_VARIANTS
    with pytest.raises(ValueError, match="tuned takes 0 or 1"):
        make_bot("search?tuned=2")


# ------------------------------------------------------------------ the experiment files

def test_the_search_experiments_load_and_name_their_question() -> None:
    """The search bot's experiment files (too slow for test_lab's small runs of every
    example) load, name their question and say how to reproduce them."""
    from pathlib import Path

    from pennybags.lab.experiment import load_experiment

    root = Path(__file__).resolve().parent.parent / "experiments"
    files = sorted(root.glob("search-*.toml"))
    assert {p.stem for p in files} >= {"search-bot", "search-bot-ultimate-monopoly",
                                        "search-bot-2.3", "search-ladder",
                                        "search-ladder-2.3", "search-bot-knobs"}
    for path in files:
        exp = load_experiment(path)
        assert exp.question.endswith("?")
        assert f"pennybags lab run experiments/{path.name}" in path.read_text()
        assert all(len(lineup.bots) >= 2 for lineup in exp.lineups)
