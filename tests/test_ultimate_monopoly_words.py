"""Ultimate Monopoly's words for the fronts: a question for every decision, a menu line for
every action, and the board's layouts (see ``editions/ultimate_monopoly/words.py``)."""

from __future__ import annotations

import pytest

import um_helpers as um
from pennybags.bots import make_bot
from pennybags.editions.ultimate_monopoly import EDITION, buildings
from pennybags.editions.ultimate_monopoly.game import VOUCHERS, UltimateMonopolyGame
from pennybags.editions.ultimate_monopoly.travel import is_expiring
from pennybags.editions.ultimate_monopoly.words import UltimateMonopolyWords
from pennybags.engine.actions import Action, Decision
from um_helpers import at, throw


def new_game(seed: int = 1) -> UltimateMonopolyGame:
    return um.new_game(seed=seed)


def words(game: UltimateMonopolyGame) -> UltimateMonopolyWords:
    w = EDITION.words(game)
    assert isinstance(w, UltimateMonopolyWords)
    return w


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_every_decision_has_a_question_and_every_action_a_label_in_random_games(
        seed: int) -> None:
    game = EDITION.new_game(["Ann", "Bob", "Cat"], seed=seed, decide_order=False)
    w = EDITION.words(game)
    bots = [make_bot("random", seed * 10 + i) for i in range(3)]
    for _ in range(1500):
        if game.over or not game.pending:
            break
        for d in game.pending:
            question = w.question(d.player, d)
            assert not question.startswith(f"{game.name(d.player)}: {d.kind} ("), d.kind
            assert "{" not in question
            for a in game.legal_actions(d.player):
                label = w.action_label(a, d)
                assert label and "{" not in label, (a.do, label)
        d = game.pending[0]
        game.act(d.player, bots[d.player].choose(game, d.player))


def test_every_decision_kind_of_the_rulebook_has_a_question_rule() -> None:
    missing = [k for k in EDITION.rulebook.decisions
               if k not in UltimateMonopolyWords.decision_words]
    assert missing == []


def test_roll_question_names_track_space_and_voucher() -> None:
    game = new_game()
    q = words(game).question(0, game.pending[0])
    assert "GO (middle track)" in q
    assert "Travel Voucher" in q


def test_triples_question_and_move_to_label_name_the_track() -> None:
    game = new_game()
    throw(game, 1, 1, 1)
    d = game.pending[0]
    assert d.kind == "triples"
    w = words(game)
    assert "move to any space of any track" in w.question(0, d).lower()
    pay_day = at(game, "Pay Day")
    assert w.action_label(Action("move-to", space=pay_day), d) == \
        "Move to Pay Day (outer track)"


def test_bus_question_offers_a_voucher_or_the_ride() -> None:
    game = new_game()
    game.owner[at(game, "Baltic Avenue")] = 1  # 3: Bob's Baltic Avenue (rent), then the Bus
    throw(game, 1, 2, "bus")
    if game.pending and game.pending[0].kind == "bonus-move":
        game.act(0, Action("go-on"))
    d = game.pending[0]
    assert d.kind == "bus"
    assert "take a Travel Voucher or ride to the nearest Chance/Community Chest" in \
        words(game).question(0, d)


def test_stock_exchange_question_lists_companies_and_par() -> None:
    game = new_game()
    game.bank_shares[0] = 0
    d = Decision("stock-exchange", 0)
    q = words(game).question(0, d)
    first, second = game.stocks[0], game.stocks[1]
    assert first.name not in q
    assert f"{second.name} {game.money(second.par)}" in q
    label = words(game).action_label(Action("buy-share", company=1), d)
    assert label == f"Buy a share of {second.name} for {game.money(second.par)} (par)"


def test_play_voucher_label_names_voucher_and_destination() -> None:
    game = new_game()
    key, index = next(c for c in game.players[0].cards if c[0] == VOUCHERS)
    title = str(game.decks[VOUCHERS].cards[index].get("title"))
    if is_expiring(game, index):
        title += " (expires all others)"
    space = at(game, "Baltic Avenue")
    label = words(game).action_label(
        Action("play-voucher", card=(key, index), space=space), game.pending[0])
    assert label == f"Play your {title} to Baltic Avenue (middle track; unowned, $60)"


def test_take_taxi_label_names_destination_and_fare() -> None:
    game = new_game()
    cab = next(s.index for s in game.board.spaces if s.kind == "cab_company")
    game.owner[cab] = 1
    d = Decision("taxi", 0, deed=cab, amount=50, creditor=1)
    game.pending = [d]
    parking = at(game, "Free Parking")
    w = words(game)
    assert w.action_label(Action("take-taxi", space=parking), d) == \
        "Take a taxi to Free Parking (middle track) for $50 (to Bob)"
    assert "$50" in w.question(0, d) and "Bob" in w.question(0, d)


def test_build_and_sell_labels_and_improvement_words_use_buildings() -> None:
    game = new_game()
    reading = at(game, "Reading Railroad")
    game.owner[reading] = 0
    w = words(game)
    assert w.action_label(Action("build", deed=reading)) == \
        buildings.build_label(game, reading)
    game.houses[reading] = 1
    assert w.improvement_words(reading) == "a Train Depot"
    assert w.improvement_mark(reading) == "D"
    assert w.action_label(Action("sell-building", deed=reading)) == \
        buildings.sell_label(game, reading)
    boardwalk = at(game, "Boardwalk")
    game.owner[boardwalk] = 0
    game.houses[boardwalk] = 6
    assert w.improvement_words(boardwalk) == "a skyscraper"
    assert w.improvement_mark(boardwalk) == "S"


def test_numbers_money_stock_assets_hotel_level() -> None:
    game = new_game()
    w = words(game)
    assert w.money(1500) == "$1,500"
    assert w.building_stock() == (game.bank_houses, game.bank_hotels)
    assert w.total_assets(0) == game.total_assets(0)
    assert w.hotel_level() == 5


def test_layout_is_the_middle_track() -> None:
    game = new_game()
    sides = words(game).layout()
    assert len(sides) == 4
    assert sorted(s for side in sides for s in side) == list(range(40))
    assert sides[0][0] == at(game, "GO")


def test_track_layouts_innermost_first_every_space_once() -> None:
    game = new_game()
    layouts = words(game).track_layouts()
    assert list(layouts) == ["inner", "middle", "outer"]
    seen: list[int] = []
    for track, sides in layouts.items():
        assert len(sides) == 4
        spaces = [s for side in sides for s in side]
        assert len(spaces) == len(set(spaces)) == game.tracks.track_size(track)
        assert all(game.tracks.track_of(s) == track for s in spaces)
        seen += spaces
    assert sorted(seen) == list(range(game.board.size))
