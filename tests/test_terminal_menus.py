"""Long menus folded into sub-menus: many actions of one kind (Monopoly 2.3's forced
sales, market deeds and card plays; classic mortgages in the debt menu) become one line
that opens a second numbered menu with Back. Driven as a person would drive it."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from pennybags import scenario
from pennybags.engine.actions import Action
from pennybags.engine.game import Game
from pennybags.engine.notation import action_to_json
from pennybags.engine.snapshot import snapshot
from pennybags.terminal.app import Seat, Session
from pennybags.terminal.folding import Fold, fold_actions, target_of, without_target

M23: dict[str, Any] = {
    "edition": "monopoly-2.3",
    "players": ["Ann",
                {"name": "Bob", "owns": ["King's Cross Station", "Old Kent Road",
                                         "Water Works"]},
                {"name": "Cy", "owns": ["Mayfair", "Vine Street"]}],
    "decks": {"chance": ["go-back-3", "bank-dividend", "go-to-jail"],
              "community_chest": ["doctors-fee", "sale-of-stock", "holiday-fund"],
              "deeds": ["strand", "bond-street", "fleet-street", "pall-mall", "bow-street"]},
    "turn": "Ann",
}
"""Ann to play: 4 market deeds, 5 deeds of the others outside a monopoly, 2 cards that
can each be played on any of the 3 players."""

MAIN = "Choose 1-4, or ? for help: "
"""The prompt of Ann's folded turn menu (roll and three folded lines)."""


def lines(*answers: str) -> str:
    return "".join(a + "\n" for a in answers)


def run(spec: dict[str, Any], *answers: str) -> tuple[Session, str]:
    """Every seat a person; the session runs until the answers run out."""
    game = scenario.set_up(spec)
    out = io.StringIO()
    s = Session(game, [Seat(p.name) for p in game.players],
                console=Console(file=out, no_color=True, width=200),
                infile=io.StringIO(lines(*answers)), setup=spec)
    assert s.run() == 0
    return s, out.getvalue()


def menu_lines(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if ln.startswith("  ") and ". " in ln]


def fresh() -> Game:
    return scenario.set_up(M23)


# ====================================================================== grouped lines


def test_a_long_2_3_turn_menu_shows_grouped_lines() -> None:
    game = fresh()
    flat = game.legal_actions(0)
    assert [a.do for a in flat].count("force-buy") == 5
    assert [a.do for a in flat].count("play-card") == 6
    assert [a.do for a in flat].count("buy-deed") == 4
    _, text = run(M23)
    assert menu_lines(text) == [
        "1. Roll the dice",
        "2. Buy from the market... (4 deeds)",
        "3. Force a sale... (5 deeds)",
        "4. Play a card... (2 cards, 3 players)",
    ]
    assert "Force Bob to sell" not in text and "Play Chance" not in text


def test_short_kinds_and_decision_answers_stay_on_the_first_menu() -> None:
    spec = {**M23, "players": ["Ann", {"name": "Bob", "owns": ["Water Works"]}, "Cy"]}
    game = scenario.set_up(spec)
    # Cards aimed at players fold even when few; a single forced sale does not.
    entries = fold_actions(game, game.legal_actions(0))
    shown = [e.do if isinstance(e, Action) else f"fold:{e.do}" for e in entries]
    assert shown[:2] == ["roll", "fold:buy-deed"]
    assert "force-buy" in shown and "fold:play-card" in shown
    assert "fold:force-buy" not in shown
    # The move decision is all "move" actions aimed at players: folding it would only add
    # a step, so it stays flat.
    game.act(0, Action("roll"))
    d = game.pending[0]
    assert d.kind == "move"
    moves = game.legal_actions(0)
    assert fold_actions(game, moves) == moves
    # With another line on the menu the same actions do fold.
    folded = fold_actions(game, moves, other_lines=1)
    assert len(folded) == 1 and isinstance(folded[0], Fold) and folded[0].targeted


def test_answers_are_never_folded_and_short_kinds_stay() -> None:
    game = fresh()
    roll = Action("roll")
    many_rolls = [roll] * 6
    assert fold_actions(game, many_rolls, other_lines=1) == many_rolls
    three = [a for a in game.legal_actions(0) if a.do == "buy-deed"][:3]
    assert fold_actions(game, [roll, *three]) == [roll, *three]
    four = [a for a in game.legal_actions(0) if a.do == "buy-deed"]
    folded = fold_actions(game, [roll, *four])
    assert folded[0] == roll and isinstance(folded[1], Fold) and len(folded) == 2
    assert folded[1].line() == "Buy from the market... (4 deeds)"


def test_target_words() -> None:
    game = fresh()
    card = next(a for a in game.legal_actions(0) if a.do == "play-card")
    aimed = target_of(game, card)
    assert aimed is not None
    seat, what = aimed
    assert seat == 0 and "chance:go-back-3" in what
    assert target_of(game, Action("roll")) is None
    assert without_target("Play Chance: 'Go back' on Bob", "Bob") == \
        ("Play Chance: 'Go back'", "on")
    assert without_target("Give Bob", "Bob") == ("Give", "")
    assert without_target("Bob pays", "Bob") == ("a player pays", "")


# ====================================================================== same action as flat


def flat_paths() -> list[tuple[Action, list[str]]]:
    """Each flat action of Ann's turn (other than the roll) with the answers that reach it
    through the folded menus: 2 market, 3 forced sale, 4 cards (card, then target; the
    legal list has each card on every player in seat order)."""
    flat = fresh().legal_actions(0)
    out: list[tuple[Action, list[str]]] = []
    for line, do in (("2", "buy-deed"), ("3", "force-buy")):
        same = [a for a in flat if a.do == do]
        out += [(a, [line, str(i + 1)]) for i, a in enumerate(same)]
    cards = [a for a in flat if a.do == "play-card"]
    out += [(a, ["4", str(i // 3 + 1), str(i % 3 + 1)]) for i, a in enumerate(cards)]
    return out


@pytest.mark.parametrize(("expected", "answers"), flat_paths(),
                         ids=lambda v: str(v) if isinstance(v, list) else "")
def test_choosing_through_sub_menus_records_the_flat_action(
        expected: Action, answers: list[str]) -> None:
    s, text = run(M23, *answers)
    assert s.game.history == [(0, expected)]
    direct = fresh()
    direct.act(0, expected)
    assert action_to_json(s.game, s.game.history[0][1]) == action_to_json(direct, expected)
    assert snapshot(s.game) == snapshot(direct)
    assert "Traceback" not in text


def test_sub_menus_show_the_editions_words() -> None:
    _, text = run(M23, "3", "5")
    assert "Force a sale (Ann has £1,500):" in text
    assert "1. Force Bob to sell Old Kent Road (£90)" in text
    assert "2. Force Bob to sell King's Cross Station (£300)" in text
    assert "6. Back" in text
    assert "Ann makes Cy sell Mayfair for £600." in text
    _, text = run(M23, "4", "2", "2")
    assert "Play a card (Ann has £1,500):" in text
    assert "1. Play Chance: 'Go back 3 spaces'\n" in text
    assert "2. Play Community Chest: 'Doctor's fee: pay £50'\n" in text
    assert "3. Back" in text
    assert "Play Community Chest: 'Doctor's fee: pay £50' on whom?" in text
    assert "1. Ann (you): £1,500, on GO" in text and "2. Bob: £1,500, on GO" in text
    assert "Ann plays Community Chest 'Doctor's fee: pay £50' on Bob." in text
    assert "4. Play a card... (1 card, 3 players)" in text  # one card left


# ====================================================================== Back and bad input


def test_back_returns_without_changing_anything() -> None:
    before = snapshot(fresh())
    # Market: Back by number; forced sale: Back by Enter; cards: a card, Back to the cards
    # (Enter), Back to the turn menu (its number).
    s, text = run(M23, "2", "5", "3", "", "4", "1", "", "3")
    assert s.game.history == []
    assert snapshot(s.game) == before
    assert text.count(MAIN) == 4  # the turn menu, and again after each Back
    assert text.count("Play a card (Ann has £1,500):") == 2
    assert text.count("on whom?") == 1
    assert text.count("Choose 1-5 (Enter = 5), or ? for help: ") == 1
    assert text.count("Choose 1-6 (Enter = 6), or ? for help: ") == 1


def test_bad_input_in_a_sub_menu_gets_a_reason_and_the_same_prompt() -> None:
    s, text = run(M23, "3", "x", "0", "9", "?", "2")
    prompt = "Choose 1-6 (Enter = 6), or ? for help: "
    assert text.count(prompt) == 5
    assert "'x' is not a number: type a number from 1 to 6" in text
    assert "There is no choice 0: type a number from 1 to 6." in text
    assert "There is no choice 9: type a number from 1 to 6." in text
    assert "Type the number of a choice" in text  # the help
    assert [a for _, a in s.game.history] == [Action("force-buy", s.game.board.find(
        "King's Cross Station"))]
    # In the target menu too.
    s, text = run(M23, "4", "1", "4x", "5", "3")
    assert "'4x' is not a number: type a number from 1 to 4" in text
    assert "There is no choice 5: type a number from 1 to 4." in text
    assert text.count("on whom?") == 1
    assert len(s.game.history) == 1 and s.game.history[0][1].do == "play-card"
    assert "on Cy" in text


# ====================================================================== other editions


def test_classic_debt_menu_folds_many_mortgages() -> None:
    rails = ["Reading Railroad", "Pennsylvania Railroad", "B. & O. Railroad",
             "Short Line", "Electric Company"]
    spec = {"players": [{"name": "Ann", "cash": 10, "at": "Park Place", "owns": rails},
                        {"name": "Bob", "owns": [{"deed": "Park Place", "houses": 1},
                                                {"deed": "Boardwalk", "houses": 1}]}],
            "dice": [[1, 1]]}
    s, text = run(spec, "1", "2", "5")
    assert "Ann, you owe Bob $200 but have $10." in text
    debt_menu = text[text.index("Ann, you owe Bob"):]
    assert "1. Declare bankruptcy" in debt_menu
    assert "2. Mortgage a deed... (5 deeds)" in debt_menu
    assert "Mortgage a deed (Ann has $10):" in text
    assert "5. Mortgage Short Line (+$100)" in text and "6. Back" in text
    assert "2. Mortgage a deed... (4 deeds)" in text  # the debt menu again, one fewer
    game = s.game
    assert [a.do for _, a in game.history] == ["roll", "mortgage"]
    assert game.history[-1][1].deed == game.board.find("Short Line")
    assert game.mortgaged[game.board.find("Short Line")]


def test_classic_turn_menu_is_unchanged() -> None:
    spec = {"players": [{"name": "Ann", "owns": ["Oriental Avenue"]}, {"name": "Bob"}],
            "dice": [[3, 4]]}
    _, text = run(spec)
    assert menu_lines(text) == ["1. Roll the dice", "2. Manage properties... (mortgage)",
                                "3. Propose a trade..."]


def test_a_single_card_goes_straight_to_its_targets() -> None:
    # Ann plays her Community Chest card on Bob; with one card left, "Play a card..." asks
    # at once whom to play it on, and Back there returns to the turn menu.
    s, text = run(M23, "4", "2", "2", "4", "")
    assert "4. Play a card... (1 card, 3 players)" in text
    after = text[text.index("(1 card, 3 players)"):]
    assert "Play a card (Ann has" not in after
    assert after.count("Play Chance: 'Go back 3 spaces' on whom?") == 1
    assert after.count(MAIN) == 2  # answered "4", then shown again after Back
    assert len(s.game.history) == 1
