"""Ultimate Monopoly on the terminal: the board map draws its three tracks as nested rings
(inner, middle, outer) with the standings inside, or a compact view naming each token's track
on narrow screens; the narration tells the edition's own events in plain sentences."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from pennybags.bots import make_bot
from pennybags.editions.ultimate_monopoly import EDITION
from pennybags.engine.game import Event, Game
from pennybags.terminal.board_map import board_map
from pennybags.terminal.narrate import Narrator


def new_game(seed: int = 1) -> Game:
    return EDITION.new_game(["Ann", "Bob", "Cy"], seed=seed)


def draw(game: Game, width: int, height: int, reserve: int = 0) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, force_terminal=False,
                      color_system=None, highlight=False)
    console.print(board_map(game, width=width, height=height, reserve=reserve))
    return out.getvalue()


def played(seed: int, actions: int = 200) -> Game:
    game = new_game(seed)
    bots = [make_bot("random", seed * 10 + i) for i in range(3)]
    for _ in range(actions):
        if game.over or not game.pending:
            break
        d = game.pending[0]
        game.act(d.player, bots[d.player].choose(game, d.player))
    return game


def test_three_rings_with_tokens_and_cash_at_120x40() -> None:
    game = new_game()
    text = draw(game, 120, 40)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 120
    assert len(lines) <= 40
    for space in ("Squeeze", "Embarca", "Pay Day", "Stock E", "Randolp", "Kentuck", "GO"):
        assert space in text  # inner, outer and middle tracks
    assert "@ABC" in text  # every token on GO
    for p in game.players:
        assert game.money(game.cash(p.seat)) in text and p.name in text
    # the rings nest: the middle track's GO row lies between the outer track's rows
    go_row = next(n for n, line in enumerate(lines) if " GO " in line)
    pay_day_row = next(n for n, line in enumerate(lines) if "Pay Day" in line)
    stock_row = next(n for n, line in enumerate(lines) if "Stock E" in line)
    assert pay_day_row < go_row < stock_row


def test_owners_and_buildings_show_on_the_rings() -> None:
    game = played(3, 400)
    text = draw(game, 120, 40)
    assert max(len(line) for line in text.splitlines()) <= 120
    owned = [d for d in game.board.deeds if game.owner[d] >= 0]
    assert owned
    assert re.search(r"\b[ABC]( \S+)?\b", text)
    for p in game.players:
        assert game.money(game.cash(p.seat)) in text


@pytest.mark.parametrize("width", [80, 60, 40])
def test_narrow_screens_keep_every_players_cash_and_track(width: int) -> None:
    for seed in (1, 2, 5):
        game = played(seed)
        text = draw(game, width, 24)
        assert max(len(line) for line in text.splitlines()) <= width
        for p in game.players:
            if not p.bankrupt:
                assert game.money(game.cash(p.seat)) in text, (seed, p.name)
        if width >= 60:
            assert "Outer track:" in text and "Inner track:" in text


def test_a_short_screen_keeps_the_rings_and_the_cash() -> None:
    game = new_game()
    for height, reserve in ((24, 0), (40, 10)):
        text = draw(game, 120, height, reserve)
        assert "Stock E" in text and "Squeeze" in text
        for p in game.players:
            assert game.money(game.cash(p.seat)) in text


# ------------------------------------------------------------------ narration


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_games_are_told_in_plain_sentences(seed: int) -> None:
    game = new_game(seed)
    narrator = Narrator(game)
    game.listeners.append(narrator)
    bots = [make_bot("random", seed * 10 + i) for i in range(3)]
    lines: list[str] = []
    for _ in range(1000):
        if game.over or not game.pending:
            break
        d = game.pending[0]
        game.act(d.player, bots[d.player].choose(game, d.player))
        lines += narrator.take()
    assert lines
    for line in lines:
        assert "{" not in line and "None" not in line, line
        assert not line.startswith("("), line  # an event without words of its own
        assert ".." not in line, line


def tell(game: Game, kind: str, **data: object) -> str:
    narrator = Narrator(game)
    narrator(Event(kind, dict(data)))
    return " ".join(narrator.take())


def test_targeted_sentences() -> None:
    game = new_game()
    money = game.money
    assert tell(game, "rolled", player=0, dice=[3, 4, "mr_monopoly"], double=False,
                triple=False) == "Ann rolls 3+4 (speed die: Mr. Monopoly)."
    assert tell(game, "rolled", player=1, dice=[2, 2, "bus"], double=True,
                triple=False) == "Bob rolls 2+2 (speed die: Bus; doubles)."
    assert tell(game, "rolled", player=2, dice=[3, 3, 3], double=True,
                triple=True) == "Cy rolls 3+3 (speed die: 3; triples)."
    reading = [s.index for s in game.board.spaces if s.name == "Reading Railroad"]
    outer = next(i for i in reading if game.tracks.track_of(i) == "outer")  # type: ignore[attr-defined]
    assert tell(game, "moved", player=0, start=0, to=outer, steps=0) == \
        "Ann moves to Reading Railroad (outer track)."
    assert tell(game, "paid", payer=-1, payee=0, amount=300, reason="Pay Day salary") == \
        f"Ann collects a Pay Day salary of {money(300)}."
    assert "from the Pool" in tell(game, "paid", payer=-3, payee=1, amount=200,
                                   reason="Tax Refund")
    assert "into the Pool" in tell(game, "paid", payer=1, payee=-3, amount=75,
                                   reason="Luxury Tax")
    assert tell(game, "voucher-played", player=0, card="bus-ticket", to=outer).startswith(
        "Ann plays a Bus Ticket and goes to Reading Railroad (outer track)")
    assert tell(game, "squeeze-play", player=1, dice=[2, 2], total=4, amount=100,
                voucher=False) == (f"Squeeze Play: Bob rolls 2+2 (total 4): every other "
                                   f"player pays Bob {money(100)}.")
    assert tell(game, "loses-turn", player=2) == "Cy loses this turn."
    assert tell(game, "share-declined", player=2) == "Cy does not buy a share."
    assert "taxi" in tell(game, "moved", player=0, start=0, to=outer, steps=0, taxi=True)
    # an event nobody has words for yet is still told, not a crash
    assert tell(game, "something-new", player=0, x=1).startswith("(something-new")
