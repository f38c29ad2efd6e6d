"""The action schema: every action kind declares its typed fields once; the JSON and text
notation, the menus and ``pennybags actions`` come from it, and round-trip exactly. The
engine refuses an action whose fields do not fit its kind with a reason (never an
exception), changing nothing."""

from __future__ import annotations

import io
import json
import math
import random
from contextlib import redirect_stdout
from typing import Any

import pytest

from pennybags import cli
from pennybags.bots import make_bot
from pennybags.editions import all_editions, get_edition, words_for
from pennybags.engine.actions import (
    FIELD_TYPES,
    SLOT_TYPES,
    Action,
    ActionKind,
    DecisionKind,
    Field,
    IllegalAction,
    Trade,
    Vocabulary,
)
from pennybags.engine.game import Game
from pennybags.engine.notation import (
    action_from_json,
    action_from_text,
    action_to_json,
    action_to_text,
)
from pennybags.engine.snapshot import snapshot

EDITIONS = [e.id for e in all_editions()]


def new_game(edition: str, seed: int = 0, players: int = 4) -> Game:
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    return get_edition(edition).new_game(names, seed=seed, options={"max-rounds": 60})


def run_cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main(list(args))
    return code, out.getvalue()


# ------------------------------------------------------------------ pennybags actions

@pytest.mark.parametrize("edition", EDITIONS)
def test_actions_json_documents_the_whole_vocabulary(edition: str) -> None:
    code, out = run_cli("actions", "--edition", edition, "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["edition"] == edition
    actions = {a["do"]: a for a in doc["actions"]}
    assert doc["decisions"]
    for d in doc["decisions"]:
        assert d["rule"] and d["answers"]
        for name in d["answers"]:
            assert name in actions, (d["kind"], name)
    for a in actions.values():
        assert a["rule"]
        for f in a["fields"]:
            assert f["type"] in FIELD_TYPES and f["help"]
    rulebook = get_edition(edition).rulebook
    assert set(actions) == set(rulebook.actions)
    assert {d["kind"] for d in doc["decisions"]} == set(rulebook.decisions)


@pytest.mark.parametrize("edition", EDITIONS)
def test_actions_text_lists_every_decision_and_action(edition: str) -> None:
    code, out = run_cli("actions", "--edition", edition)
    assert code == 0
    rulebook = get_edition(edition).rulebook
    for kind in rulebook.decisions:
        assert f"\n{kind}: " in out
    for name in rulebook.actions:
        assert f"  {name}" in out


def test_actions_of_an_unknown_edition_is_one_line(capsys: pytest.CaptureFixture[str]
                                                  ) -> None:
    assert cli.main(["actions", "--edition", "chess"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown edition 'chess'" in err


def test_decisions_must_name_declared_actions() -> None:
    roll = ActionKind("roll", "roll")
    with pytest.raises(ValueError, match="undeclared action 'buy'"):
        Vocabulary([DecisionKind("buy", ("buy",), "buy")], [roll])
    with pytest.raises(ValueError, match="no field 'house'"):
        ActionKind("build", "build", (Field("house", "a house"),))


def test_each_field_has_one_type() -> None:
    assert set(SLOT_TYPES.values()) == set(FIELD_TYPES)
    for edition in EDITIONS:
        for kind in get_edition(edition).rulebook.vocabulary.actions.values():
            names = [f.name for f in kind.fields]
            assert len(names) == len(set(names)), kind.name


# ------------------------------------------------------------------ round trips

def actions_met(edition: str, seed: int) -> list[tuple[Game, int, Action]]:
    """Legal actions met along a random game, each with the game state it was legal in
    (copied) and its player; trade offers too."""
    game = new_game(edition, seed)
    bots = [make_bot("random", seed * 4 + s) for s in range(4)]
    rng = random.Random(seed)
    out = []
    for _ in range(150):
        if game.over:
            break
        p = game.pending[0].player
        legal = game.legal_actions(p)
        for a in rng.sample(legal, min(4, len(legal))):
            out.append((game.clone(), p, a))
        if "propose-trade" in game.rulebook.actions and game.may_manage(p):
            others = [q for q in game.active_players() if q != p]
            mine = game.deeds_of(p)
            if others and mine:
                t = Trade(p, others[0], give=(mine[0],), take_cash=1, give_cash=0)
                out.append((game.clone(), p, Action("propose-trade", trade=t)))
        game.act(p, bots[p].choose(game, p))
    return out


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_action_round_trips_through_json_and_text(edition: str) -> None:
    kinds: set[str] = set()
    for seed in range(4):
        for game, p, action in actions_met(edition, seed):
            obj = action_to_json(game, action)
            assert action_from_json(game, p, json.loads(json.dumps(obj))) == action, obj
            text = action_to_text(game, action)
            assert action_from_text(game, p, text) == action, text
            assert action_to_text(game, action_from_text(game, p, text)) == text
            assert action_to_json(game, action_from_text(game, p, text)) == obj
            label = words_for(game).action_label(action)
            assert label and "{" not in label, (action, label)
            kinds.add(action.do)
    assert len(kinds) >= 5


def test_text_notation_reads_names_with_spaces_and_lists() -> None:
    game = new_game("classic", 1)
    game.owner[37] = game.owner[39] = 0
    action = action_from_text(game, 0, "propose-trade to=Bob give='Park Place' "
                                       "give=Boardwalk take_cash=100")
    assert action.trade == Trade(0, 1, give=(37, 39), take_cash=100)
    assert action_to_text(game, action) == \
        "propose-trade to=Bob give='Park Place' give=Boardwalk take_cash=100"
    assert action_from_text(game, 0, "bid 120") == Action("bid", amount=120)
    assert action_from_text(game, 0, "build deed='Park Place'") == Action("build", 37)
    assert action_to_text(game, Action("build", 37)) == "build 'Park Place'"


def test_monopoly_2_3_cards_and_players_are_named() -> None:
    game = new_game("monopoly-2.3", 2)
    key, index = game.players[game.current].cards[0]
    card_id = game.decks[key].cards[index].id
    action = Action("play-card", card=(key, index), target=1)
    assert action_to_json(game, action) == {"do": "play-card", "card": f"{key}:{card_id}",
                                            "target": "Bob"}
    assert action_to_text(game, action) == f"play-card {key}:{card_id} Bob"
    assert action_from_json(game, game.current, {"do": "move", "target": "Cy"}) == \
        Action("move", target=2)


@pytest.mark.parametrize("text, words", [
    ("", "an empty line is not an action"),
    ("bid 1 2", "'bid' takes no more values than amount"),
    ("build 'Park", "cannot read"),
    ("bid lots", "amount must be a whole number, not 'lots'"),
    ("build Bordwalk", "did you mean 'Boardwalk'?"),
])
def test_bad_text_gives_a_clear_reason(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")
                       .replace("?", r"\?")):
        action_from_text(new_game("classic"), 0, text)


# ------------------------------------------------------------------ the engine's check

def refused(game: Game, player: int, action: Any) -> str:
    """The engine's reason; ``act`` refuses it with the same reason, changing nothing."""
    before = snapshot(game)
    reason = game.why_illegal(player, action)
    assert isinstance(reason, str), action
    with pytest.raises(IllegalAction) as e:
        game.act(player, action)
    assert str(e.value) == reason
    assert snapshot(game) == before
    return reason


def at_auction(edition: str) -> tuple[Game, int]:
    game = new_game(edition, 0)
    game.dice.script([[1, 2]])
    p = game.current
    game.act(p, Action("roll"))
    game.act(p, Action("auction"))
    return game, game.pending[0].player


@pytest.mark.parametrize("edition", ["classic", "ultimate-banking", "electronic-banking"])
@pytest.mark.parametrize("amount, words", [
    (math.inf, "an amount must be a whole number, not inf"),
    (-math.inf, "an amount must be a whole number"),
    (math.nan, "an amount must be a whole number, not nan"),
    (1.5, "an amount must be a whole number, not 1.5"),
    ("10", "an amount must be a whole number, not '10'"),
    (True, "an amount must be a whole number, not True"),
    (-5, "an amount cannot be negative"),
])
def test_a_bid_of_the_wrong_type_is_refused_with_a_reason(edition: str, amount: Any,
                                                         words: str) -> None:
    game, bidder = at_auction(edition)
    assert words in refused(game, bidder, Action("bid", amount=amount))
    assert game.ledger.conserved()


@pytest.mark.parametrize("action, words", [
    (Action("build", deed=1.5), "a deed is a board index, not 1.5"),  # type: ignore[arg-type]
    (Action("build", deed="Boardwalk"), "a deed is a board index"),  # type: ignore[arg-type]
    (Action("build", deed=40), "there is no space 40"),
    (Action("roll", deed=3), "'roll' takes no deed"),
    (Action("roll", amount=3), "'roll' takes no amount"),
    (Action("roll", target=1), "'roll' names no player"),
    (Action("roll", target=7), "there is no player 7"),
    (Action("roll", card=("chance", 0)), "'roll' takes no card"),
    (Action("roll", space=2), "'roll' takes no space"),
    (Action("roll", space=99), "there is no space 99"),
    (Action("build"), "'build' needs a deed"),
    (Action("propose-trade"), "propose-trade needs a trade"),
    (Action("propose-trade", trade=Trade(0, 1, give_cash=1.5)),  # type: ignore[arg-type]
     "cash in a trade is a whole amount"),
    (Action("propose-trade", trade=Trade(0, 1, give=[3])),  # type: ignore[arg-type]
     "deeds in a trade are board indices"),
    (Action("propose-trade", trade="Boardwalk"),  # type: ignore[arg-type]
     "is not a trade offer"),
    (Action("fly"), "'fly' is not an action of Monopoly"),
    (Action(3), "an action's kind is a word"),  # type: ignore[arg-type]
    ("roll", "'roll' is not an action"),
])
def test_actions_that_do_not_fit_the_schema_are_refused(action: Any, words: str) -> None:
    game = new_game("classic", 0)
    p = game.current
    reason = refused(game, p, action)
    assert words in reason, reason


def test_a_player_that_is_not_a_seat_gets_a_reason() -> None:
    game = new_game("classic", 0)
    for player in (-1, 4, 1.0, "Ann", None):
        assert "there is no player" in refused(game, player, Action("roll"))  # type: ignore[arg-type]


@pytest.mark.parametrize("edition", ["classic", "ultimate-monopoly"])
def test_the_seat_asked_given_as_a_float_is_no_player(edition: str) -> None:
    # 1.0 == 1 in Python: the answer of the seat asked must not be taken for the seat's
    game = new_game(edition, 0)
    p = game.pending[0].player
    assert refused(game, float(p), Action("roll")) == f"there is no player {float(p)!r}"  # type: ignore[arg-type]
    assert refused(game, float(p), Action("end-turn")) == f"there is no player {float(p)!r}"  # type: ignore[arg-type]


@pytest.mark.parametrize("edition, do, words", [
    ("ultimate-banking", "build", "there are no houses or hotels in Ultimate Banking"),
    ("ultimate-banking", "propose-trade", "there is no trading in Ultimate Banking"),
    ("monopoly-2.3", "mortgage", "there are no mortgages in Monopoly 2.3"),
    ("monopoly-2.3", "auction", "there are no auctions in Monopoly 2.3"),
])
def test_actions_of_other_editions_are_refused_with_why(edition: str, do: str,
                                                       words: str) -> None:
    game = new_game(edition, 0)
    p = game.pending[0].player
    reason = refused(game, p, Action(do))
    assert words in reason and "does not answer" in reason
    other = (p + 1) % len(game.players)
    assert words in refused(game, other, Action(do))


# An answer to the decision the game offered that names one field (a bid's amount, a deed,
# a player) is judged by the engine's short cut: the field in range, then the rule. These
# answers fit the shape badly, and are refused for it with the reason every check gives.

@pytest.mark.parametrize("action, words", [
    (Action("bid", deed=3), "'bid' takes no deed"),
    (Action("bid", deed=40), "there is no space 40"),
    (Action("bid", deed=-2), "there is no space -2"),
    (Action("bid", deed=1.0), "a deed is a board index, not 1.0"),  # type: ignore[arg-type]
    (Action("bid", target=1), "'bid' names no player"),
    (Action("bid", target=9), "there is no player 9"),
    (Action("bid", target=-3), "there is no player -3"),
])
def test_an_answer_naming_one_field_out_of_shape_is_refused(action: Any, words: str) -> None:
    game, bidder = at_auction("classic")
    assert words in refused(game, bidder, action)
    game.act(bidder, Action("bid", amount=10))  # the same field in shape: taken
    assert game.ledger.conserved()


def test_a_roll_answered_with_a_player_out_of_range_is_refused() -> None:
    game = new_game("monopoly-2.3", 0)
    game.dice.script([[1, 2]])
    while game.pending and game.pending[0].kind != "move":
        decision = game.pending[0]
        game.act(decision.player, game.legal_actions(decision.player)[0])
    p = game.pending[0].player
    for target, words in ((9, "there is no player 9"), (-2, "there is no player -2"),
                          (True, "there is no player True")):
        assert words in refused(game, p, Action("move", target=target))
    assert refused(game, p, Action("move", deed=1)) == "'move' takes no deed"
    moves = [a for a in game.legal_actions(p) if a.do == "move"]
    assert moves
    game.act(p, moves[0])


def test_a_card_played_out_of_shape_is_refused_with_every_checks_reason() -> None:
    # A card played as an answer (Monopoly 2.3's turn: a card and a player) is judged by the
    # engine's short cut too: the card one of the game's, the player a seat, then the rule.
    game = new_game("monopoly-2.3", 0)
    p = game.pending[0].player
    plays = [a for a in game.legal_actions(p) if a.do == "play-card"]
    assert plays
    held = plays[0].card
    assert held is not None
    deck = held[0]
    size = len(game.decks[deck].cards)
    for card in ((deck, size), (deck, -1), ("deeds-nowhere", 0), (deck, 1.0), (3, 0),
                 (deck,), "chance"):
        assert refused(game, p, Action("play-card", card=card, target=p)) == \
            f"there is no card {card!r}"  # type: ignore[str-bytes-safe]
    for target, words in ((9, "there is no player 9"), (-2, "there is no player -2")):
        assert refused(game, p, Action("play-card", card=held, target=target)) == words
    assert refused(game, p, Action("play-card", card=held)) == \
        "play-card needs the player it is played on (target)"
    assert refused(game, p, Action("play-card", card=held, target=p, deed=1)) == \
        "'play-card' takes no deed"
    assert "takes no card" in refused(game, p, Action("roll", card=held))
    game.act(p, plays[0])  # the same fields in shape: taken
    assert game.ledger.conserved()
