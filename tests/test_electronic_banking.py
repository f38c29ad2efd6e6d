"""The electronic-banking edition: its data, K/M money, the unit's narration of every
payment, bots playing it to the end, and the terminal showing K and M everywhere.

The rules themselves are tested by the named scenarios in
tests/scenarios/electronic-banking/.
"""

from __future__ import annotations

import io
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from pennybags import cli, history, scenario
from pennybags.bots import make_bot
from pennybags.editions import get_edition
from pennybags.editions.electronic_banking.amounts import format_km
from pennybags.editions.electronic_banking.game import ElectronicBankingGame
from pennybags.editions.electronic_banking.narration import card_accounts
from pennybags.editions.electronic_banking.unit import ERRORS, ElectronicBankingUnit
from pennybags.engine.game import Event, Game
from pennybags.engine.ledger import BANK, FREE_PARKING_POT, Ledger
from pennybags.engine.snapshot import snapshot
from pennybags.terminal.narrate import Narrator

REFERENCE = Path(__file__).resolve().parents[1] / "reference" / "electronic_banking_uk.json"
MONEY = re.compile(r"\$|£")


def new_game(names: list[str] | None = None, seed: int = 1,
             options: dict[str, Any] | None = None) -> ElectronicBankingGame:
    game = get_edition("electronic-banking").new_game(names or ["Ann", "Bob", "Cy"],
                                                      seed=seed, options=options or {})
    assert isinstance(game, ElectronicBankingGame)
    return game


def play(game: Game, seed: int = 0, max_actions: int = 60_000) -> Game:
    bots = [make_bot("standard", seed + i) for i in range(len(game.players))]
    for _ in range(max_actions):
        if game.over:
            break
        d = game.pending[0]
        game.act(d.player, bots[d.player].choose(game, d.player))
    return game


# ------------------------------------------------------------------ data


def test_every_amount_is_the_reference_in_k() -> None:
    ref = json.loads(REFERENCE.read_text())
    data = get_edition("electronic-banking").data
    board = data.board
    for r in ref["spaces"]:
        space = board[r["index"]]
        assert space.name == r["name"] or r["type"] == "jail"
        for key in ("price", "mortgage", "house_cost", "amount"):
            if key in r:
                assert getattr(space, key) * 1000 == r[key], (space.name, key)
        if "rents" in r:
            assert [x * 1000 for x in space.rents] == r["rents"], space.name
    rules = data.rules
    assert rules["starting_cash"] * 1000 == ref["rules"]["starting_cash"] == 15_000_000
    assert rules["go_salary"] * 1000 == ref["rules"]["go_salary"]
    assert rules["jail_fine"] * 1000 == ref["rules"]["jail_fine"]
    assert [x * 1000 for x in rules["railroad_rents"]] == \
        ref["rules"]["station_rents_by_count_owned"]
    for key, deck in (("chance", ref["chance"]), ("community_chest", ref["community_chest"])):
        cards = data.decks[key][1]
        assert len(cards) == len(deck) == 16
        for card, r in zip(cards, deck, strict=True):
            assert card.kind == r["effect"]["kind"]
            for field in ("amount", "per_house", "per_hotel"):
                if field in r["effect"]:
                    assert card.params[field] * 1000 == r["effect"][field]


def test_edition_is_registered_with_classic_decision_kinds() -> None:
    edition = get_edition("electronic-banking")
    assert edition.players == (2, 6)
    # Classic's house rules (whatever classic offers) and the unit's own option.
    classic = {name for name, *_ in get_edition("classic").describe_options()}
    assert {name for name, *_ in edition.describe_options()} == classic | {"unit-narration"}
    game = new_game()
    assert game.pending[0].kind == "roll"
    assert game.board.find("Boardwalk") == game.board.find("Mayfair") == 39


def test_money_in_k_and_m() -> None:
    game = new_game()
    assert game.money(600) == "600K"
    assert game.money(15000) == "15M"
    assert game.money(1750) == "1.75M"
    assert game.parse_money("2.2M") == 2200
    assert snapshot(game)["cards"] == {"Ann": "15M", "Bob": "15M", "Cy": "15M"}


def test_at_most_six_players_and_five_with_the_pot_card() -> None:
    with pytest.raises(ValueError, match="2 to 6 players"):
        new_game([f"P{i}" for i in range(7)])
    with pytest.raises(ValueError, match="bank cards"):
        new_game([f"P{i}" for i in range(6)], options={"free-parking-pot": True})
    game = new_game([f"P{i}" for i in range(5)], options={"free-parking-pot": True})
    assert "Free Parking" in snapshot(game)["cards"]


# ------------------------------------------------------------------ the unit's narration


def check_unit_events(game: ElectronicBankingGame, events: list[Event]) -> int:
    """Every payment has exactly one unit event, told after it; replaying the steps on a
    unit over a copy of the ledger moves the same money and shows the same displays."""
    paid = [e for e in events if e.kind == "paid"]
    told = [e for e in events if e.kind == "unit"]
    assert len(paid) == len(told)
    for p, u in zip(paid, told, strict=True):
        for key in ("payer", "payee", "amount", "reason"):
            assert p.data[key] == u.data[key]
        assert events.index(u) > events.index(p)
        assert not set(u.data["steps"]) & {"hold:C:5"}
        assert not ERRORS & set(u.data["words"].split("; display: ")[-1:])
    return len(told)


def test_every_payment_is_told_as_a_unit_operation_that_the_unit_accepts() -> None:
    game = new_game(["Ann", "Bob", "Cy", "Di"], seed=11)
    events: list[Event] = []
    shadow = Ledger(4)
    for seat in range(4):
        shadow.transfer(BANK, seat, 15000, "starting money")
    unit = ElectronicBankingUnit(shadow, card_accounts(4, False), start=15000, go=2000)

    def listen(ev: Event) -> None:
        events.append(ev)
        if ev.kind == "unit":
            shown = unit.run(ev.data["steps"])
            assert not ERRORS & set(shown), ev.data
            assert shadow.balances == game.ledger.balances
            assert ev.data["display"] in shown
            assert ev.data["words"].endswith(f"display: {ev.data['display']}.")

    game.listeners.append(listen)
    play(game, seed=3)
    assert game.over
    assert check_unit_events(game, events) > 100
    kinds = {s for e in events if e.kind == "unit" for s in e.data["steps"]}
    assert {"GO", "+", "-", "T"} <= kinds


def test_narration_lines() -> None:
    spec = {"edition": "electronic-banking",
            "players": [{"name": "Ann", "at": 2}, "Bob", "Cy"],
            "dice": [[2, 3]], "decks": {"chance": ["chairman-of-the-board"]}}
    game = scenario.set_up(spec)
    narrator = Narrator(game)
    game.listeners.append(narrator)
    scenario.play_actions(game, [{"player": "Ann", "do": "roll"}])
    assert narrator.take()[2:] == [
        "Ann pays Bob 500K.",
        "  Banking unit: Ann inserts their card, keys 500K, presses transfer (display: "
        "14.5M) and takes it out; Bob inserts their card and presses transfer; display: "
        "15.5M.",
        "Ann pays Cy 500K.",
        "  Banking unit: Ann inserts their card, keys 500K, presses transfer (display: "
        "14M) and takes it out; Cy inserts their card and presses transfer; display: "
        "15.5M.",
    ]


def test_purchase_is_told_before_its_unit_operation() -> None:
    spec = {"edition": "electronic-banking",
            "players": [{"name": "Ann", "at": "Super Tax"}, "Bob"], "dice": [[1, 2]]}
    game = scenario.set_up(spec)
    narrator = Narrator(game)
    game.listeners.append(narrator)
    scenario.play_actions(game, [{"player": "Ann", "do": "roll"},
                                 {"player": "Ann", "do": "buy"}])
    assert narrator.take() == [
        "Ann rolls 1+2 and moves to Old Kent Road.",
        "Ann collects 2M for passing GO.",
        "  Banking unit: Ann inserts their card and presses the GO arrow; display: 17M.",
        "Ann buys Old Kent Road for 600K.",
        "  Banking unit: Ann inserts their card, keys 600K, presses -; display: 16.4M.",
    ]


def test_trade_and_mortgage_are_told_after_their_sentence() -> None:
    spec = {"edition": "electronic-banking",
            "players": ["Ann", {"name": "Bob", "owns": ["Mayfair"]}]}
    game = scenario.set_up(spec)
    narrator = Narrator(game)
    game.listeners.append(narrator)
    scenario.play_actions(game, [
        {"player": "Ann", "do": "propose-trade", "to": "Bob", "give_cash": 4500,
         "take": ["Mayfair"]},
        {"player": "Bob", "do": "accept"},
        {"player": "Ann", "do": "mortgage", "deed": "Mayfair"},
    ])
    lines = narrator.take()
    accepted = next(i for i, line in enumerate(lines) if "accepts the offer" in line)
    assert "4.5M" in lines[accepted]
    assert lines[accepted + 1].startswith("  Banking unit: Ann inserts their card, keys "
                                          "4.5M, presses transfer (display: 10.5M)")
    assert lines[-2] == "Ann mortgages Mayfair for 2M."
    assert lines[-1] == ("  Banking unit: Ann inserts their card, keys 2M, presses +; "
                         "display: 12.5M.")


def test_free_parking_card_narration() -> None:
    spec = {"edition": "electronic-banking", "options": {"free-parking-pot": True},
            "players": ["Ann", {"name": "Bob", "at": 16}], "dice": [[1, 3], [1, 3]]}
    game = scenario.set_up(spec)
    narrator = Narrator(game)
    game.listeners.append(narrator)
    scenario.play_actions(game, [{"player": "Ann", "do": "roll"},
                                 {"player": "Ann", "do": "end-turn"},
                                 {"player": "Bob", "do": "roll"}])
    text = "\n".join(narrator.take())
    assert ("Ann inserts their card, keys 2M, presses transfer (display: 13M) and takes it "
            "out; Ann inserts the Free Parking card and presses transfer; display: 2M.") in text
    assert ("Bob inserts the Free Parking card, keys 2M, presses transfer (display: 0K) and "
            "takes it out; Bob inserts their card and presses transfer; display: 17M.") in text


def test_double_go_is_the_arrow_twice() -> None:
    spec = {"edition": "electronic-banking", "options": {"double-go": True},
            "players": [{"name": "Ann", "at": "Liverpool St. Station"}, "Bob"],
            "dice": [[2, 3]]}
    game = scenario.set_up(spec)
    narrator = Narrator(game)
    game.listeners.append(narrator)
    scenario.play_actions(game, [{"player": "Ann", "do": "roll"}])
    assert ("  Banking unit: Ann inserts their card and presses the GO arrow twice; "
            "display: 19M.") in narrator.take()


def test_unit_narration_can_be_turned_off_and_costs_nothing_unheard(
        monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[Event] = []
    game = new_game(seed=4, options={"unit-narration": False})
    game.listeners.append(events.append)
    play(game, seed=1, max_actions=400)
    assert not [e for e in events if e.kind == "unit"]

    def boom(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the unit was asked with nobody listening")

    monkeypatch.setattr("pennybags.editions.electronic_banking.game.tell_payment", boom)
    play(new_game(seed=5), seed=2, max_actions=400)


def test_classic_narration_has_no_unit() -> None:
    events: list[Event] = []
    game = get_edition("classic").new_game(["Ann", "Bob"], seed=2)
    game.listeners.append(events.append)
    play(game, seed=1, max_actions=300)
    assert not [e for e in events if e.kind == "unit"]


# ------------------------------------------------------------------ bots and properties


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bots_play_to_the_end_with_money_conserved_and_replay(seed: int) -> None:
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    options = {"free-parking-pot": players <= 5 and rng.random() < 0.5,
               "max-rounds": 400}
    game = new_game([f"P{i}" for i in range(players)], seed=seed, options=options)
    checked = [0]

    def each(ev: Event) -> None:
        if ev.kind == "turn":
            assert game.ledger.conserved()
            assert all(game.cash(p.seat) >= 0 for p in game.players)
            checked[0] += 1

    game.listeners.append(each)
    play(game, seed=seed)
    assert game.over
    assert checked[0] > 10
    rec = json.loads(json.dumps(history.record(game)))
    again = history.replay(rec)
    assert again.ledger.transactions == game.ledger.transactions
    assert snapshot(again) == snapshot(game)


def test_standard_bot_reserve_scales_with_the_starting_cash() -> None:
    """The classic strategy's reserve is at classic scale times starting cash / 1500: the
    bots keep a few hundred K, not a few hundred pounds, and games end as classic's do."""
    from pennybags.bots.standard import ClassicStrategy

    game = new_game()
    strategy = ClassicStrategy(reserve=150, aggression=100, trade=100)
    assert strategy.scale(game) == pytest.approx(10)
    assert strategy.reserve(game, 0) >= 1500


def test_simulate_command(monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["simulate", "--edition", "electronic-banking", "--players",
                     "standard,standard,standard", "--games", "12", "--seed", "3", "--json"])
    out = capsys.readouterr().out
    assert code == 0
    result = json.loads(out)
    assert result["games"] == 12
    assert result["edition"] == "electronic-banking"
    assert sum(result["ended"].values()) == 12
    assert result["ended"].get("bankruptcy", 0) >= 9


def test_play_shows_k_and_m_everywhere(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """A person at the terminal: the narration, the menus, the prompts and the tables all
    show K and M, and no pound or dollar sign."""
    answers = "".join(["1\n"] * 120)
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    code = cli.main(["play", "--edition", "electronic-banking", "--players", "Ann,bot,bot",
                     "--seed", "2068", "-o", "max-rounds=6"])
    out = capsys.readouterr().out
    assert code == 0
    assert not MONEY.search(out)
    for phrase in ("15M", "Buy Euston Road for 1M", "is for sale for 1M", "Rent 60K",
                   "Banking unit: Ann inserts their card, keys 1M, presses -; display: 14M.",
                   "pays Ann 60K rent."):
        assert phrase in out, phrase
    amounts = re.findall(r"\b\d+(?:\.\d+)?[KM]\b", out)
    assert len(amounts) > 50
    assert format_km(15000) in amounts


def test_pot_account_is_the_spare_card() -> None:
    assert card_accounts(3, True) == {1: 0, 2: 1, 3: 2, 4: FREE_PARKING_POT}
