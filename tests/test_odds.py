"""Exact landing odds (``pennybags odds``) and the landing counter of real games.

The chain is checked against hand-computable facts (the third double, the cards), figures
published for the classic board, and real engine games counted by ``LandingCounter``.
"""

from __future__ import annotations

import dataclasses
import json
import math

import pytest

from pennybags.bots import make_bot
from pennybags.editions import get_edition
from pennybags.engine.actions import Action
from pennybags.engine.board import Board
from pennybags.engine.data import EditionData
from pennybags.engine.game import Game
from pennybags.engine.turn import END_TURN, PAY_BAIL, ROLL
from pennybags.lab.landing import LandingCounter
from pennybags.lab.odds import BY_ROLL, JAIL, TokenChain, landing_odds, odds_main

CLASSIC = get_edition("classic").data
GO, CHANCE_1, JUST_VISITING, ELECTRIC, CHANCE_2, ILLINOIS = 0, 7, 10, 12, 22, 24
READING, WATER, GO_TO_JAIL, CHEST_3, CHANCE_3, BOARDWALK = 5, 28, 30, 33, 36, 39


@pytest.fixture(scope="module")
def chains() -> dict[str, TokenChain]:
    return {j: TokenChain(CLASSIC, j) for j in ("short", "long")}


def without_jail_cards_and_go_to_jail(data: EditionData) -> EditionData:
    """The classic data with Go To Jail turned into a plain space and the jail cards gone:
    only the third double sends a token to jail."""
    spaces = [dataclasses.replace(s, kind="free_parking") if s.kind == "go_to_jail" else s
              for s in data.board.spaces]
    decks = {k: (name, tuple(c for c in cards if c.kind != "go_to_jail"))
             for k, (name, cards) in data.decks.items()}
    return dataclasses.replace(data, board=Board(spaces, data.board.group_info), decks=decks)


# ---------------------------------------------------------------- the distribution


@pytest.mark.parametrize("jail", ["short", "long"])
@pytest.mark.parametrize("per", ["roll", "turn"])
def test_probabilities_sum_to_one(chains: dict[str, TokenChain], jail: str, per: str) -> None:
    odds = chains[jail].odds(per)
    assert len(odds.squares) == 40
    assert abs(sum(odds.squares) + odds.in_jail - 1) < 1e-12
    assert all(p >= 0 for p in odds.squares)
    assert odds.squares[GO_TO_JAIL] == 0.0
    assert min(p for i, p in enumerate(odds.squares) if i != GO_TO_JAIL) > 0.005


@pytest.mark.parametrize("jail", ["short", "long"])
def test_roll_odds_are_the_stationary_distribution(chains: dict[str, TokenChain],
                                                   jail: str) -> None:
    """Every roll leads to the state before the next roll, so where rolls leave the token
    is the stationary distribution summed over the doubles counts (and the jail tries)."""
    chain = chains[jail]
    odds = chain.odds()
    for square in range(40):
        at = sum(chain.pi[chain.state(square, d)] for d in range(3))
        assert odds.squares[square] == pytest.approx(at, abs=1e-14)
    jailed = sum(chain.pi[chain.jail_state(t)] for t in range(chain.jail_states))
    assert odds.in_jail == pytest.approx(jailed, abs=1e-14)
    assert chain.jail_states == (3 if jail == "long" else 1)


def test_known_values_short_jail(chains: dict[str, TokenChain]) -> None:
    """Published per-roll figures for the short stay: GO 3.10%, Illinois 3.19%, in jail
    3.95%; Illinois is the most landed-on space."""
    odds = chains["short"].odds()
    assert odds.squares[GO] == pytest.approx(0.0310, abs=3e-4)
    assert odds.squares[ILLINOIS] == pytest.approx(0.0319, abs=3e-4)
    assert odds.in_jail == pytest.approx(0.0395, abs=3e-4)
    assert max(range(40), key=lambda i: odds.squares[i]) == ILLINOIS


def test_known_values_long_jail(chains: dict[str, TokenChain]) -> None:
    """Long stay: Illinois about 3.0%, GO about 2.9%, in jail about 9.4%, the largest
    single entry."""
    odds = chains["long"].odds()
    assert odds.squares[ILLINOIS] == pytest.approx(0.0300, abs=3e-4)
    assert odds.squares[GO] == pytest.approx(0.0292, abs=3e-4)
    assert odds.in_jail == pytest.approx(0.0939, abs=5e-4)
    assert odds.in_jail > 3 * max(odds.squares)


def test_reproducible() -> None:
    assert landing_odds("classic", "long") == landing_odds("classic", "long")
    assert landing_odds("classic", "short", "turn") == TokenChain(CLASSIC, "short").odds("turn")


def test_long_stay_spends_more_rolls_in_jail(chains: dict[str, TokenChain]) -> None:
    short, long = chains["short"].odds(), chains["long"].odds()
    assert long.in_jail > 2 * short.in_jail
    # Staying in jail takes rolls away from the board, most of all from just visiting.
    assert long.squares[JUST_VISITING] < short.squares[JUST_VISITING]
    assert long.squares[ILLINOIS] < short.squares[ILLINOIS]
    # A roll out of jail never earns another roll, so long-stay turns are shorter.
    assert chains["long"].rolls_per_turn < chains["short"].rolls_per_turn
    assert short.per == "roll" and short.jail == "short" and long.jail == "long"


def test_third_double_is_the_only_way_to_jail_without_go_to_jail_or_cards() -> None:
    """Without Go To Jail and the jail cards, a short-stay turn ends in jail exactly when
    its first three rolls are doubles: 1/6^3 = 1/216. A turn has 1 + 1/6 + 1/36 = 43/36
    rolls, so per roll it is (1/216) / (43/36) = 1/258."""
    chain = TokenChain(without_jail_cards_and_go_to_jail(CLASSIC), "short")
    assert chain.odds("turn").in_jail == pytest.approx(1 / 216, abs=1e-13)
    assert chain.odds("roll").in_jail == pytest.approx(1 / 258, abs=1e-13)
    assert chain.rolls_per_turn == pytest.approx(43 / 36, abs=1e-13)


def test_jail_at_least_the_third_double(chains: dict[str, TokenChain]) -> None:
    for chain in chains.values():
        assert chain.odds("turn").in_jail > 1 / 216


def test_cards_resolve_by_hand() -> None:
    chain = TokenChain(CLASSIC, "long")

    def dist(square: int) -> dict[int, float]:
        out: dict[int, float] = {}
        for loc, _, p in chain.resolve(square):
            out[loc] = out.get(loc, 0.0) + p
        return out

    # Chance 1: 6 of 16 cards leave the token there, one goes to jail, "go back 3" lands
    # on Income Tax.
    first = dist(CHANCE_1)
    assert first[CHANCE_1] == pytest.approx(6 / 16)
    assert first[JAIL] == pytest.approx(1 / 16)
    assert first[4] == pytest.approx(1 / 16)
    assert first[READING] == pytest.approx(1 / 16)  # the trip to Reading
    assert first[15] == pytest.approx(2 / 16)  # the nearest railroad is Pennsylvania
    assert first[ELECTRIC] == pytest.approx(1 / 16)
    # Chance 3: "go back 3" lands on Community Chest, which draws again.
    third = dist(CHANCE_3)
    assert third[JAIL] == pytest.approx(1 / 16 + 1 / 16 * 1 / 16)
    assert third[CHEST_3] == pytest.approx(1 / 16 * 14 / 16)
    assert third[GO] == pytest.approx(1 / 16 + 1 / 16 * 1 / 16)
    assert third[ELECTRIC] == pytest.approx(1 / 16)  # the nearest utility, past GO
    assert sum(third.values()) == pytest.approx(1.0)
    arrivals = {(loc, how): p for loc, how, p in chain.resolve(CHANCE_3)}
    assert arrivals[(READING, ("rent", 2))] == pytest.approx(2 / 16)
    assert arrivals[(READING, BY_ROLL)] == pytest.approx(1 / 16)
    assert arrivals[(ELECTRIC, ("dice", 10))] == pytest.approx(1 / 16)
    assert dist(CHANCE_2)[WATER] == pytest.approx(1 / 16)
    assert dist(GO_TO_JAIL) == {JAIL: 1.0}
    assert dist(BOARDWALK) == {BOARDWALK: 1.0}


def test_per_turn_is_the_end_of_turn_distribution(chains: dict[str, TokenChain]) -> None:
    for chain in chains.values():
        roll, turn = chain.odds("roll"), chain.odds("turn")
        assert abs(sum(turn.squares) + turn.in_jail - 1) < 1e-12
        # Every roll into jail ends the turn; other rolls end it only when not doubles.
        assert turn.in_jail > roll.in_jail
        assert turn.rolls_per_turn == roll.rolls_per_turn
        assert turn.in_jail == pytest.approx(roll.in_jail * roll.rolls_per_turn)


# ---------------------------------------------------------------- income


def test_income_street_by_hand(chains: dict[str, TokenChain]) -> None:
    chain = chains["long"]
    p = chain.odds().squares[BOARDWALK]
    rows = {(r.index, r.level): r for r in chain.income()}
    hotel = rows[(BOARDWALK, "hotel")]
    assert hotel.rent == 2000
    assert hotel.expected_rent == pytest.approx(2000 * p)
    assert hotel.cost == 400 + 5 * 200
    assert hotel.rolls_to_pay_back == pytest.approx(1400 / (2000 * p))
    assert rows[(BOARDWALK, "group")].expected_rent == pytest.approx(100 * p)
    assert rows[(BOARDWALK, "3 houses")].cost == 400 + 3 * 200
    assert rows[(BOARDWALK, "base")].rolls_to_pay_back == pytest.approx(400 / (50 * p))
    levels = [r.level for r in chain.income() if r.index == BOARDWALK]
    assert levels == ["base", "group", "1 house", "2 houses", "3 houses", "4 houses", "hotel"]


def test_income_railroad_and_utility_by_hand(chains: dict[str, TokenChain]) -> None:
    """Only Chance 3 sends a token to Reading by a nearest-railroad card (2 of its 16 cards)
    and it keeps the token with 6 of 16: so the card arrivals are 2/6 of the rolls that end
    on Chance 3, and they pay double. Electric Company is the nearest utility from Chance 1
    and Chance 3 (1 card in 16, 10x a fresh roll of mean 7)."""
    chain = chains["short"]
    odds = chain.odds()
    rows = {(r.index, r.level): r for r in chain.income()}
    card = odds.squares[CHANCE_3] * 2 / 6
    for owned, rent in enumerate((25, 50, 100, 200), start=1):
        row = rows[(READING, f"{owned} owned")]
        assert row.expected_rent == pytest.approx(rent * (odds.squares[READING] + card))
        assert row.cost == 200
    fresh = 70 * (odds.squares[CHANCE_1] + odds.squares[CHANCE_3]) / 6
    one, two = rows[(ELECTRIC, "1 owned")], rows[(ELECTRIC, "2 owned")]
    assert (two.expected_rent - fresh) / (one.expected_rent - fresh) == pytest.approx(10 / 4)
    by_dice = odds.squares[ELECTRIC] - (odds.squares[CHANCE_1] + odds.squares[CHANCE_3]) / 6
    # The mean dice total of the rolls that reach Electric Company: below 7, because the
    # jail two spaces before it sends many short rolls there (docs/odds.md).
    mean_total = (one.expected_rent - fresh) / 4 / by_dice
    assert mean_total == pytest.approx(6.878, abs=1e-3)
    assert one.rent_text == "4 x dice"


# ---------------------------------------------------------------- the command


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert odds_main(["--edition", "classic", "--jail", "short", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"edition", "jail", "per", "squares", "in_jail"} <= set(out)
    assert (out["edition"], out["jail"], out["per"]) == ("classic", "short", "roll")
    assert out["squares"][0] == {"index": 0, "name": "GO",
                                 "probability": pytest.approx(0.0310, abs=3e-4)}
    assert [s["index"] for s in out["squares"]] == list(range(40))
    assert out["squares"][24]["name"] == "Illinois Avenue"
    total = sum(s["probability"] for s in out["squares"]) + out["in_jail"]
    assert abs(total - 1) < 1e-12
    assert "income" not in out


def test_json_per_turn_with_income(capsys: pytest.CaptureFixture[str]) -> None:
    assert odds_main(["--jail", "long", "--per", "turn", "--income", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["per"] == "turn" and out["jail"] == "long"
    assert abs(sum(s["probability"] for s in out["squares"]) + out["in_jail"] - 1) < 1e-12
    rows = out["income"]
    assert len(rows) == 22 * 7 + 4 * 4 + 2 * 2
    row = next(r for r in rows if r["name"] == "Park Place" and r["level"] == "hotel")
    assert row["rent"] == 1500 and row["cost"] == 350 + 5 * 200
    assert row["rolls_to_pay_back"] == pytest.approx(row["cost"] / row["expected_rent"])
    assert [r["index"] for r in rows] == sorted(r["index"] for r in rows)


def test_human_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert odds_main(["--jail", "short", "--income"]) == 0
    out = capsys.readouterr().out
    assert "In jail" in out and "3.950%" in out and "Illinois Avenue" in out
    assert "3.186%" in out
    assert "Expected rent" in out and "hotel" in out and "4 x dice" in out


def test_bad_edition(capsys: pytest.CaptureFixture[str]) -> None:
    assert odds_main(["--edition", "nowhere"]) == 2
    assert "unknown edition" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        odds_main(["--jail", "forever"])


# ---------------------------------------------------------------- the landing counter


def test_counter_by_scripted_dice() -> None:
    """A roll to Chance sends the token on to an owned utility, whose fresh rent roll does
    not count; then two doubles to streets and the third double to jail."""
    game = get_edition("classic").new_game(["Ann", "Bob"], seed=3)
    counter = LandingCounter(game)
    game.listeners.append(counter)
    me, other = game.current, 1 - game.current
    game.dice.script([[3, 4], [5, 6], [1, 2], [1, 1], [2, 2], [3, 3]])
    game.owner[ELECTRIC] = other
    game.decks["chance"].stack(["nearest-utility"])

    def play_turn() -> None:
        player = game.current
        while game.current == player and not game.over:
            d = game.pending[0]
            actions = game.legal_actions(d.player)
            game.act(d.player, next(a for a in actions
                                    if a.do in ("roll", "end-turn", "auction", "pass")))

    play_turn()
    assert game.players[me].position == ELECTRIC
    assert game.cash(other) == 1500 + 10 * (5 + 6)
    assert (counter.rolls, counter.counts[ELECTRIC]) == (1, 1)
    play_turn()
    assert (counter.rolls, counter.counts[3]) == (2, 1)
    play_turn()
    assert game.players[me].in_jail
    assert (counter.rolls, counter.in_jail, counter.counts[14], counter.counts[18]) == \
           (5, 1, 1, 1)
    assert sum(counter.counts) + counter.in_jail == counter.rolls
    freqs, jail = counter.frequencies()
    assert jail == pytest.approx(1 / 5) and freqs[ELECTRIC] == pytest.approx(1 / 5)
    merged = LandingCounter(40)
    merged.merge(counter)
    merged.merge(counter)
    assert merged.rolls == 10 and merged.in_jail == 2 and merged.counts[ELECTRIC] == 2
    with pytest.raises(ValueError):
        LandingCounter(36).attach(game)


def play_and_count(jail: str, rolls: int, seed: int) -> tuple[LandingCounter, int]:
    """Four-player classic games with ``simple`` bots until ``rolls`` rolls are counted.

    The test answers the roll, end-turn and jail decisions itself (the bots buy, bid, pay
    debts and trade): in jail it pays at once (``short``) or always rolls for doubles
    (``long``). The model draws every card from the full deck, so a Get Out of Jail Free
    card a player draws is put back under its deck at once. Returns the counter and how
    many times a short-stay player could not pay and had to roll."""
    edition = get_edition("classic")
    counter = LandingCounter(edition.data.board.size)
    forced = 0
    game_no = 0
    while counter.rolls < rolls:
        game: Game = edition.new_game(["A", "B", "C", "D"], seed=seed + game_no,
                                      options={"max-rounds": 300})
        bots = [make_bot("simple", 100 * (seed + game_no) + i) for i in range(4)]
        game_no += 1
        counter.attach(game)
        while not game.over:
            for player in game.players:
                while player.cards:
                    key, index = player.cards.pop()
                    game.decks[key].put_bottom(index)
            d = game.pending[0]
            p = d.player
            action: Action
            if d.kind == "roll":
                action = ROLL
            elif d.kind == "end-turn":
                action = END_TURN
            elif d.kind == "jail":
                if jail == "long":
                    action = ROLL
                elif game.can(p, PAY_BAIL):
                    action = PAY_BAIL
                else:
                    action = ROLL
                    forced += 1
            else:
                action = bots[p].choose(game, p)
            game.act(p, action)
        counter.finish()
    return counter, forced


def chi_square(counter: LandingCounter, chain: TokenChain) -> tuple[float, float]:
    """Pearson's statistic over the spaces and "in jail", and the largest |z| of one cell."""
    odds = chain.odds()
    expected = [*odds.squares, odds.in_jail]
    observed = [*counter.counts, counter.in_jail]
    n = counter.rolls
    stat = 0.0
    worst = 0.0
    for p, o in zip(expected, observed, strict=True):
        if p == 0:
            assert o == 0
            continue
        stat += (o - n * p) ** 2 / (n * p)
        worst = max(worst, abs(o - n * p) / math.sqrt(n * p * (1 - p)))
    return stat, worst


@pytest.mark.parametrize("jail", ["short", "long"])
def test_real_games_agree_with_the_chain(chains: dict[str, TokenChain], jail: str) -> None:
    """200,000 rolls of real games against the exact odds: 40 cells (Go To Jail is never
    the end of a roll), so 39 degrees of freedom; 80 is the 1-in-10,000 level. The other
    jail strategy's odds must be rejected by the same test."""
    counter, forced = play_and_count(jail, 200_000, seed=1 if jail == "short" else 7)
    assert counter.rolls >= 200_000 and forced < 100
    assert sum(counter.counts) + counter.in_jail == counter.rolls
    stat, worst = chi_square(counter, chains[jail])
    assert stat < 80 and worst < 4.5, (stat, worst)
    other = chains["long" if jail == "short" else "short"]
    assert chi_square(counter, other)[0] > 1000
