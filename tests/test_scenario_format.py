"""The scenario format can say everything, and refuses what it cannot read in one line.

A scenario states a Monopoly 2.3 hand (any card; no deal when hands are given), the bank's
building stock, and any pending decision of every edition (``pending:``); an unknown key or
a field of the wrong type is refused with the file, the line and the field. The review's
findings on scenario files (alias bombs, non-UTF-8 files, deep nesting, wrong types,
nonsense positions) each have a test here.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from pennybags import cli, history, scenario
from pennybags.engine.ledger import BANK
from pennybags.engine.notation import action_to_json
from pennybags.engine.snapshot import snapshot


def _write(tmp_path: Path, text: str, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _refusal(tmp_path: Path, text: str) -> str:
    """The one-line reason a scenario file is refused for (set up and played)."""
    path = _write(tmp_path, text)
    with pytest.raises(scenario.ScenarioError) as info:
        scenario.run(scenario.load(path))
    return str(info.value)


def _money_total(game: Any) -> int:
    ledger = game.ledger
    return sum(ledger.balance(p) for p in range(len(game.players))) + ledger.balance(BANK)


# ------------------------------------------------------------------ Monopoly 2.3 hands


def test_monopoly_2_3_hand_holds_any_card_and_replaces_the_deal() -> None:
    """Monopoly 2.3: a scenario gives a hand of any cards; nobody is dealt others, and the
    market of deeds is still turned up."""
    game = scenario.set_up({
        "edition": "monopoly-2.3",
        "players": [{"name": "Ann", "hand": ["chance:go-to-jail", "community_chest:birthday"]},
                    "Bob", "Cy"],
    })
    snap = snapshot(game)
    assert snap["players"][0]["cards"] == ["go-to-jail@chance", "birthday@community_chest"]
    assert snap["players"][1]["cards"] == [] and snap["players"][2]["cards"] == []
    assert len(snap["market"]) == 4
    plays = [action_to_json(game, a) for a in game.legal_actions(0)
             if a.do == "play-card"]
    assert {"do": "play-card", "card": "chance:go-to-jail", "target": "Bob"} in plays


def test_monopoly_2_3_without_hands_deals_as_the_rules_say() -> None:
    """Monopoly 2.3: with no hand given, every player is dealt one Chance and one Community
    Chest card."""
    game = scenario.set_up({"edition": "monopoly-2.3", "players": ["Ann", "Bob", "Cy"]})
    for p in snapshot(game)["players"]:
        assert sorted(c.split("@")[1] for c in p["cards"]) == ["chance", "community_chest"]


def test_hand_card_played_on_an_opponent(tmp_path: Path) -> None:
    """Monopoly 2.3: a card of the hand played on another player acts on them."""
    outcome = scenario.run(scenario.load(_write(tmp_path, """
edition: monopoly-2.3
players:
  - {name: Ann, hand: [chance:go-to-jail]}
  - Bob
  - Cy
actions:
  - {player: Ann, do: play-card, card: "chance:go-to-jail", target: Bob}
expect:
  players:
    Bob: {in_jail: true, at: Jail}
    Ann: {cards: []}
""")))
    assert outcome.failures == []


def test_hand_card_that_is_not_in_the_deck_any_more_is_refused(tmp_path: Path) -> None:
    message = _refusal(tmp_path, """
edition: monopoly-2.3
players:
  - {name: Ann, hand: [chance:go-to-jail]}
  - {name: Bob, hand: [chance:go-to-jail]}
  - Cy
""")
    assert "line 5" in message and "players[1].hand[0]" in message
    assert "no card 'go-to-jail' left" in message


def test_a_classic_player_keeps_only_get_out_of_jail_free_cards(tmp_path: Path) -> None:
    message = _refusal(tmp_path, """
edition: classic
players:
  - {name: Ann, hand: [chance:go-to-jail]}
  - Bob
""")
    assert "players[0].hand[0]" in message
    assert "keeps only Get Out of Jail Free cards" in message


def test_a_classic_hand_of_get_out_of_jail_free() -> None:
    """Classic: a Get Out of Jail Free card is kept until used; a scenario may give one."""
    game = scenario.set_up({"players": [
        {"name": "Ann", "hand": ["community_chest:get-out-of-jail-free"]}, "Bob"]})
    assert snapshot(game)["players"][0]["cards"] == ["get-out-of-jail-free@community_chest"]
    assert "get-out-of-jail-free" not in snapshot(game)["decks"]["community_chest"]


def test_unknown_card_names_the_field(tmp_path: Path) -> None:
    message = _refusal(tmp_path, """
edition: monopoly-2.3
players:
  - Ann
  - {name: Bob, hand: [chance:free-money]}
  - Cy
""")
    assert "players[1].hand[0]" in message and "free-money" in message


# ------------------------------------------------------------------ the bank's stock


@pytest.mark.parametrize("edition", ["classic", "electronic-banking", "monopoly-2.3"])
def test_bank_building_stock_can_be_set(edition: str) -> None:
    """Building shortage: the bank's stock of houses and hotels is what a scenario says."""
    game = scenario.set_up({"edition": edition, "players": ["Ann", "Bob", "Cy"],
                            "bank": {"houses": 3, "hotels": 1}})
    assert snapshot(game)["bank"] == {"houses": 3, "hotels": 1}


def test_bank_with_no_houses_left_refuses_a_house(tmp_path: Path) -> None:
    """Building shortage: with no houses left in the bank, nobody can build one."""
    outcome = scenario.run(scenario.load(_write(tmp_path, """
rule: "Building shortage: no house can be built when the bank has none left"
edition: classic
players:
  - {name: Ann, owns: [Mediterranean Avenue, Baltic Avenue]}
  - Bob
bank: {houses: 0}
actions:
  - {player: Ann, do: build, deed: Baltic Avenue, refused: "no houses left"}
expect:
  bank: {houses: 0, hotels: 12}
""")))
    assert outcome.failures == []


def test_bank_stock_counts_what_stands_on_the_board(tmp_path: Path) -> None:
    message = _refusal(tmp_path, """
edition: classic
players:
  - {name: Ann, owns: [{deed: Mediterranean Avenue, houses: 4}, {deed: Baltic Avenue, houses: 4}]}
  - Bob
bank: {houses: 30}
""")
    assert "bank" in message and "24 houses left" in message


def test_bank_stock_is_refused_where_there_is_none(tmp_path: Path) -> None:
    """Ultimate Banking has rent levels, not a stock of houses and hotels."""
    message = _refusal(tmp_path, """
edition: ultimate-banking
players: [Ann, Bob]
bank: {houses: 3}
""")
    assert "line 4" in message and "has no stock of houses and hotels" in message


def test_bank_stock_fields_are_checked(tmp_path: Path) -> None:
    message = _refusal(tmp_path, "players: [Ann, Bob]\nbank: {houses: 3, castles: 1}\n")
    assert "bank.castles" in message and "unknown bank field" in message
    message = _refusal(tmp_path, "players: [Ann, Bob]\nbank: {houses: -1}\n")
    assert "bank.houses" in message and "at least 0" in message


# ------------------------------------------------------------------ pending decisions

PENDING: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("classic", {"players": [{"name": "Ann", "at": "Boardwalk"}, "Bob"], "turn": "Ann"},
     {"player": "Ann", "kind": "buy", "deed": "Boardwalk"}),
    ("classic", {"players": ["Ann", "Bob", "Cy"]},
     {"player": "Bob", "kind": "bid", "deed": "Park Place", "amount": 50,
      "high_bidder": "Cy"}),
    ("classic", {"players": [{"name": "Ann", "cash": 20, "owns": ["Baltic Avenue"]}, "Bob"]},
     {"player": "Ann", "kind": "debt", "amount": 100, "creditor": "Bob"}),
    ("classic", {"players": [{"name": "Ann", "owns": ["Baltic Avenue"]}, "Bob"]},
     {"player": "Bob", "kind": "trade",
      "offer": {"from": "Ann", "give": ["Baltic Avenue"], "take_cash": 80}}),
    ("classic", {"players": [{"name": "Ann", "owns": [
        {"deed": "Baltic Avenue", "mortgaged": True}]}, "Bob"]},
     {"player": "Ann", "kind": "mortgaged-deeds", "deeds": ["Baltic Avenue"]}),
    ("classic", {"players": [{"name": "Ann", "owns": [
        "Mediterranean Avenue", "Baltic Avenue"]}, "Bob"]},
     {"player": "Ann", "kind": "place-house"}),
    ("classic", {"players": [{"name": "Ann", "in_jail": True}, "Bob"]},
     {"player": "Ann", "kind": "jail"}),
    ("electronic-banking", {"players": [{"name": "Ann", "at": "Mayfair"}, "Bob"]},
     {"player": "Ann", "kind": "buy", "deed": "Mayfair"}),
    ("electronic-banking", {"players": [{"name": "Ann", "cash": 100_000}, "Bob"]},
     {"player": "Ann", "kind": "debt", "amount": 200_000}),
    ("monopoly-2.3", {"players": ["Ann", "Bob", "Cy"]},
     {"player": "Ann", "kind": "move", "amount": 7}),
    ("monopoly-2.3", {"players": [{"name": "Ann", "cash": 10, "owns": ["Whitechapel Road"]},
                                  "Bob", "Cy"]},
     {"player": "Ann", "kind": "pay", "amount": 40, "creditor": "Bob"}),
    ("monopoly-2.3", {"players": ["Ann", "Bob", "Cy"]},
     {"player": "Ann", "kind": "buy", "deed": "Mayfair"}),
    ("ultimate-banking", {"players": ["Ann", "Bob", "Cy"]},
     {"player": "Cy", "kind": "bid", "deed": "Mayfair", "amount": 100,
      "high_bidder": "Bob"}),
    ("ultimate-banking", {"players": [{"name": "Ann", "owns": ["Mayfair"]}, "Bob"],
                          "turn": "Bob"},
     {"player": "Ann", "kind": "rent", "deed": "Mayfair", "lander": "Bob"}),
    ("ultimate-banking", {"players": ["Ann", {"name": "Bob", "owns": ["Mayfair", "Park Lane"]}]},
     {"player": "Ann", "kind": "event-deed", "card": "events:demolished"}),
]


@pytest.mark.parametrize(("edition", "position", "pending"), PENDING,
                         ids=[f"{e}-{p['kind']}" for e, _, p in PENDING])
def test_any_pending_decision_can_be_set_up(edition: str, position: dict[str, Any],
                                            pending: dict[str, Any]) -> None:
    """A scenario's ``pending:`` puts the decision before the player; answered, the game
    goes on as if it had come up in play (money conserved, the answer legal)."""
    spec = {"edition": edition, **position, "pending": pending}
    try:
        game = scenario.set_up(spec)
    except scenario.ScenarioError as e:  # a name of the wrong board: say which
        pytest.fail(str(e))
    asked = game.pending[0]
    assert asked.kind == pending["kind"]
    assert game.name(asked.player) == pending["player"]
    total = _money_total(game)
    legal = game.legal_actions(asked.player)
    assert legal, "a decision with no legal answer"
    for action in legal:  # every answer leaves a consistent game
        copy = game.clone()
        copy.act(asked.player, action)
        assert _money_total(copy) == total


def test_pending_bid_keeps_the_high_bid() -> None:
    game = scenario.set_up({"players": ["Ann", "Bob", "Cy"], "pending": {
        "player": "Bob", "kind": "bid", "deed": "Park Place", "amount": 50,
        "high_bidder": "Cy"}})
    auction = snapshot(game)["auction"]
    assert auction["high_bid"] == 50 and auction["high_bidder"] == "Cy"
    bids = [a.amount for a in game.legal_actions(1) if a.do == "bid"]
    assert bids and min(bids) == 51


def test_pending_trade_is_answered_like_an_offer_in_play(tmp_path: Path) -> None:
    """A trade offer set up by a scenario, accepted: deeds and cash change hands."""
    outcome = scenario.run(scenario.load(_write(tmp_path, """
edition: classic
players:
  - {name: Ann, owns: [Baltic Avenue]}
  - Bob
pending: {player: Bob, kind: trade, offer: {from: Ann, give: [Baltic Avenue], take_cash: 80}}
actions:
  - {player: Bob, do: accept}
expect:
  players: {Ann: {cash: 1580}, Bob: {cash: 1420}}
  deeds: {Baltic Avenue: {owner: Bob}}
""")))
    assert outcome.failures == []


@pytest.mark.parametrize(("text", "words"), [
    ("pending: {player: Ann, kind: fly}", "asks no 'fly'"),
    ("pending: {player: Ann}", "pending needs 'kind'"),
    ("pending: {player: Zed, kind: roll}", "pending.player"),
    ("pending: {player: Ann, kind: buy, deed: Atlantis}", "pending.deed"),
    ("pending: {player: Ann, kind: buy, deed: Boardwalk, colour: red}",
     "unknown pending field"),
    ("pending: {player: Bob, kind: roll}", "whose turn it is"),
    ("pending: {player: Ann, kind: debt, amount: 10}", "more than the $1,500"),
    ("pending: {player: Ann, kind: bid, deed: Boardwalk, amount: 1600, high_bidder: Bob}",
     "more than they can pay"),
    ("pending: {player: Ann, kind: bid, deed: Boardwalk, amount: 100}", "go together"),
    ("pending: [1, 2]", "pending is a mapping"),
])
def test_pending_decision_that_cannot_be_is_refused(tmp_path: Path, text: str,
                                                    words: str) -> None:
    message = _refusal(tmp_path, f"players: [Ann, Bob]\n{text}\n")
    assert "line 2" in message and words in message


# ------------------------------------------------------------------ types, with file and line


@pytest.mark.parametrize(("text", "line", "words"), [
    # the review's findings: wrong types that gave tracebacks or were silently accepted
    ("players:\n  - {name: Ann, cash: .inf}\n  - Bob\n", 2, "players[0].cash"),
    ("players:\n  - {name: Ann, cash: 12.7}\n  - Bob\n", 2, "whole number, not 12.7"),
    ("players: [Ann, Bob]\ndecks: [1, 2]\n", 2, "decks are a mapping"),
    ("players: [Ann, Bob]\nexpect: [1]\n", 2, "expect is a mapping"),
    ("players: {Ann: 5}\n", 1, "a list of players"),
    ("players: [Ann, Bob]\noptions: [1, 2]\n", 2, "options are a mapping"),
    ("players: [Ann, Bob]\nseed: abc\n", 2, "the seed is a whole number"),
    ("players: [Ann, Bob]\nround: -1\n", 2, "the round is at least 1"),
    ("players:\n  - Ann\n  - {name: Bob, in_jail: true, jail_turns: -1}\n", 3,
     "players[1].jail_turns"),
    ("players:\n  - Ann\n  - {name: Bob, jail_turns: 3}\n", 3, "at most 2"),
    # unknown keys
    ("players: [Ann, Bob]\ncolour: red\n", 2, "unknown scenario field"),
    ("players:\n  - Ann\n  - {name: Bob, age: 9}\n", 3, "players[1].age: unknown player field"),
    ("players:\n  - {name: Ann, owns: [{deed: Boardwalk, hotels: 1}]}\n  - Bob\n", 2,
     "players[0].owns[0].hotels"),
    # other wrong types
    ("players:\n  - {name: Ann, in_jail: yes please}\n  - Bob\n", 2, "in_jail is true or false"),
    ("players:\n  - {name: Ann, owns: [{deed: Boardwalk, houses: 7}]}\n  - Bob\n", 2,
     "houses is at most 5"),
    ("players:\n  - {name: Ann, at: [1]}\n  - Bob\n", 2, "players[0].at"),
    ("players: [Ann, Bob]\ndice: 7\n", 2, "dice"),
    ("players: [Ann, Bob]\nturn: [Ann]\n", 2, "the turn is a name or a number"),
    ("players: [Ann, Bob]\nactions: {do: roll}\n", 2, "actions are a list"),
    ("players: [Ann, Bob]\nactions:\n  - 5\n", 3, "action 1 should be a mapping"),
])
def test_wrong_field_is_named_with_file_and_line(tmp_path: Path, text: str, line: int,
                                                 words: str) -> None:
    message = _refusal(tmp_path, text)
    assert message.startswith(str(tmp_path / "s.yaml")), message
    assert f"line {line}" in message, message
    assert words in message, message
    assert "\n" not in message


def test_owns_a_single_deed_without_a_list() -> None:
    """``owns: Boardwalk`` is one deed (it used to be read letter by letter)."""
    game = scenario.set_up({"players": [{"name": "Ann", "owns": "Boardwalk"}, "Bob"]})
    assert snapshot(game)["deeds"]["Boardwalk"]["owner"] == "Ann"


def test_cash_written_as_a_whole_float_is_accepted() -> None:
    game = scenario.set_up({"players": [{"name": "Ann", "cash": 12.0}, "Bob"]})
    assert game.cash(0) == 12


# ------------------------------------------------------------------ nonsense positions


def test_two_bankrupt_players_of_two_is_no_game(tmp_path: Path) -> None:
    message = _refusal(tmp_path, """
players:
  - {name: Ann, bankrupt: true, cash: 0}
  - {name: Bob, bankrupt: true, cash: 0}
""")
    assert "at least two players still in it" in message


def test_a_bankrupt_player_never_has_the_turn(tmp_path: Path) -> None:
    message = _refusal(tmp_path, """
players:
  - {name: Ann, bankrupt: true, cash: 0}
  - Bob
  - Cy
turn: Ann
""")
    assert "line 6" in message and "Ann is bankrupt" in message


def test_a_bankrupt_player_holds_nothing(tmp_path: Path) -> None:
    message = _refusal(tmp_path, """
players:
  - {name: Ann, bankrupt: true, cash: 0, owns: [Boardwalk]}
  - Bob
  - Cy
""")
    assert "Ann is bankrupt: no cash, deeds or cards" in message


def test_a_bankrupt_player_is_skipped_in_play() -> None:
    game = scenario.set_up({"players": [{"name": "Ann", "bankrupt": True, "cash": 0}, "Bob",
                                        "Cy"], "turn": "Bob", "dice": [[1, 2]]})
    bob = game.seat_of("Bob")
    game.act(bob, game.legal_actions(bob)[0])
    while game.pending and game.pending[0].player == bob:
        ends = [a for a in game.legal_actions(bob) if a.do == "end-turn"]
        game.act(bob, ends[0] if ends else game.legal_actions(bob)[0])
    assert game.pending[0].player == game.seat_of("Cy")


# ------------------------------------------------------------------ files that are not scenarios


def test_alias_bomb_is_refused_at_once_in_one_short_line(tmp_path: Path) -> None:
    """Review finding 4: a few hundred bytes of nested aliases would expand to gigabytes."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    text = "edition: classic\nplayers: [Ann, Bob]\noptions:\n" + "\n".join(
        "  " + line for line in lines) + "\n"
    assert len(text.encode()) < 1000
    path = _write(tmp_path, text)
    start = time.process_time()
    with pytest.raises(scenario.ScenarioError) as info:
        scenario.load(path)
    assert time.process_time() - start < 5  # a guard against hanging, not a speed test
    assert len(str(info.value)) < 300 and "holds too much" in str(info.value)


def test_merge_keys_are_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "base: &b {name: Ann}\nplayers:\n  - {<<: *b}\n  - Bob\n")
    with pytest.raises(scenario.ScenarioError, match="merge keys"):
        scenario.load(path)


def test_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin.yaml"
    path.write_bytes("players: [Ann, Bj\xf6rn]\n".encode("latin-1"))
    with pytest.raises(scenario.ScenarioError, match="not UTF-8 text"):
        scenario.load(path)


@pytest.mark.parametrize(("name", "text"), [
    ("deep.yaml", "players: " + "[" * 5000 + "]" * 5000 + "\n"),
    ("deep.json", '{"players": ' + "[" * 5000 + "]" * 5000 + "}"),
])
def test_deep_nesting_is_refused(tmp_path: Path, name: str, text: str) -> None:
    path = _write(tmp_path, text, name)
    with pytest.raises(scenario.ScenarioError) as info:
        scenario.load(path)
    assert len(str(info.value)) < 300


def test_json_constants_are_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, '{"players": [{"name": "Ann", "cash": NaN}, "Bob"]}',
                  "nan.json")
    with pytest.raises(scenario.ScenarioError, match="NaN is not a number"):
        scenario.load(path)


def test_a_file_too_large_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "#" * (scenario.MAX_BYTES + 10))
    with pytest.raises(scenario.ScenarioError, match="larger than"):
        scenario.load(path)


@pytest.mark.parametrize("content", [
    b"\xff\xfe not text",
    ("players: " + "[" * 3000 + "]" * 3000).encode(),
    b"players:\n  - {name: Ann, cash: .inf}\n  - Bob\n",
    b"[1, 2]",
])
def test_scenario_run_command_says_one_line(tmp_path: Path, content: bytes,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """``pennybags scenario run`` on a file that is not a scenario: exit 2, one line."""
    path = tmp_path / "bad.yaml"
    path.write_bytes(content)
    code = cli.main(["scenario", "run", str(path)])
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert err.startswith("pennybags:") and "\n" not in err and "Traceback" not in err


def test_yaml_still_reads_plain_scenarios(tmp_path: Path) -> None:
    """The line-noting reader gives the same data as PyYAML's safe loader."""
    text = (Path(__file__).parent / "scenarios" / "classic" /
            "auction-bidding-order.yaml").read_text(encoding="utf-8")
    loaded = scenario.load(_write(tmp_path, text))
    assert dict(loaded) == yaml.safe_load(text)
    assert loaded.lines[("players",)] == 6


@pytest.mark.parametrize("edition", ["classic", "electronic-banking", "monopoly-2.3",
                                     "ultimate-banking", "ultimate-monopoly"])
def test_every_decision_kind_can_be_posed(edition: str) -> None:
    """Each decision kind of an edition has its set-up in the rulebook (``pending:``), but
    for those Ultimate Monopoly lists as reached by a scenario's actions only (its
    ``poses.REACHED_BY_ACTIONS``, each with how): never both."""
    from pennybags.editions import get_edition
    from pennybags.editions.ultimate_monopoly.poses import REACHED_BY_ACTIONS

    rulebook = get_edition(edition).new_game(["A", "B", "C"], seed=1).rulebook
    exceptions = set(REACHED_BY_ACTIONS) if edition == "ultimate-monopoly" else set()
    assert set(rulebook.poses) | exceptions == set(rulebook.decisions)
    assert not set(rulebook.poses) & exceptions


@pytest.mark.parametrize(("edition", "roll"), [
    ("classic", [3, 3]), ("electronic-banking", [3, 3]), ("ultimate-banking", [3, 3]),
    ("ultimate-monopoly", [2, 2, 1])])
def test_doubles_thrown_so_far_this_turn_can_be_set_up(edition: str, roll: list[int]) -> None:
    """``doubles: N`` starts the turn with N doubles thrown: one more double throws again,
    two more (the third) go to jail, in every edition that counts doubles."""
    for before, jailed in ((1, False), (2, True)):
        game = scenario.set_up({"edition": edition, "players": ["Ann", "Bob"],
                                "doubles": before, "dice": [roll]})
        assert snapshot(game)["doubles"] == before
        game.act(0, scenario.action_from_json(game, 0, {"do": "roll"}))
        assert game.players[0].in_jail is jailed
        assert game.doubles == (0 if jailed else 2)


@pytest.mark.parametrize(("text", "words"), [
    ("players: [Ann, Bob]\ndoubles: 3\n", "doubles thrown so far this turn is at most 2"),
    ("players: [Ann, Bob]\ndoubles: -1\n", "is at least 0"),
    ("players: [{name: Ann, in_jail: true}, Bob]\ndoubles: 1\n", "Ann is in jail"),
    ("edition: monopoly-2.3\nplayers: [Ann, Bob, Cy]\ndoubles: 1\n", "counts no doubles"),
])
def test_doubles_that_cannot_be_are_refused(tmp_path: Path, text: str, words: str) -> None:
    assert words in _refusal(tmp_path, text)


def test_a_game_started_with_doubles_thrown_replays_from_its_record() -> None:
    spec = {"edition": "classic", "players": ["Ann", "Bob"], "doubles": 2, "dice": [[3, 3]]}
    game = scenario.set_up(spec)
    game.act(0, scenario.action_from_json(game, 0, {"do": "roll"}))
    assert game.players[0].in_jail
    again = history.replay(history.record(game, setup=spec))
    assert snapshot(again) == snapshot(game)
