"""The board map (``pennybags.terminal.board_map``): spaces in their places with tokens,
owners, buildings or rent levels, mortgages and the bank's unsold deeds, in every edition;
widths from 120 to 40 columns without cutting anybody's cash; colour only when wanted
(``--no-color``, ``NO_COLOR``); and a real 80x24 terminal driven through tmux."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from pennybags import cli, scenario
from pennybags.editions import words_for
from pennybags.engine.game import Game
from pennybags.engine.words import fit_name, short_name
from pennybags.terminal import app
from pennybags.terminal.board_map import (
    Geometry,
    board_map,
    choose_geometry,
    inside_size,
    player_marks,
    ring,
    ring_places,
    ring_width,
)
from pennybags.terminal.menus import HELP, Prompter

PENNYBAGS = str(Path(sys.executable).parent / "pennybags")

POSITIONS: dict[str, dict[str, Any]] = {
    "classic": {"edition": "classic", "players": [
        {"name": "Ann", "cash": 1230, "at": "Kentucky Avenue",
         "owns": [{"deed": "Park Place", "houses": 5}, {"deed": "Boardwalk", "houses": 4},
                  {"deed": "Reading Railroad", "mortgaged": True}]},
        {"name": "Bob", "cash": 845, "in_jail": True,
         "owns": [{"deed": "Baltic Avenue", "houses": 2},
                  {"deed": "Mediterranean Avenue", "houses": 3}]},
        {"name": "Cy", "cash": 17, "at": "Kentucky Avenue", "owns": ["Illinois Avenue"]}]},
    "electronic-banking": {"edition": "electronic-banking", "players": [
        {"name": "Ann", "cash": 9800, "at": "Mayfair",
         "owns": [{"deed": "Mayfair", "houses": 3}, {"deed": "Park Lane", "houses": 3}]},
        {"name": "Bob", "cash": 12400, "at": "Strand",
         "owns": [{"deed": "Strand", "mortgaged": True}]}]},
    "ultimate-banking": {"edition": "ultimate-banking", "players": [
        {"name": "Ann", "cash": 1310, "at": "Mayfair",
         "owns": [{"deed": "Mayfair", "houses": 3}, "Park Lane"]},
        {"name": "Bob", "cash": 980, "at": "Strand", "owns": [{"deed": "Strand", "houses": 4}]},
        {"name": "Cy", "cash": 1650, "at": "Strand"}]},
    "monopoly-2.3": {"edition": "monopoly-2.3", "players": [
        {"name": "Ann", "cash": 640, "at": "Pall Mall",
         "owns": [{"deed": "Old Kent Road", "houses": 2},
                  {"deed": "Whitechapel Road", "houses": 2}]},
        {"name": "Bob", "cash": 1120, "at": "Strand", "owns": ["Strand"]},
        {"name": "Cy", "cash": 905, "in_jail": True, "owns": ["Mayfair"]}]},
}
"""Per edition: (space, what its box must show) is in EXPECT."""

EXPECT: dict[str, list[tuple[str, str]]] = {
    "classic": [("Kentucky Avenue", "@AC"), ("Kentucky Avenue", "$220"),
                ("Park Place", "A H"), ("Boardwalk", "A 4h"), ("Reading Railroad", "A m"),
                ("Baltic Avenue", "B 2h"), ("Mediterranean Avenue", "B 3h"),
                ("Jail", "in @B"), ("Illinois Avenue", "C"), ("Ventnor Avenue", "$260")],
    "electronic-banking": [("Mayfair", "A 3h"), ("Mayfair", "@A"), ("Park Lane", "A 3h"),
                           ("Strand", "B m"), ("Strand", "@B"), ("Old Kent Road", "600K"),
                           ("Bond Street", "3.2M")],
    "ultimate-banking": [("Mayfair", "A L3"), ("Mayfair", "@A"), ("Park Lane", "A L1"),
                         ("Strand", "B L4"), ("Strand", "@BC"), ("Fleet Street", "$220")],
    "monopoly-2.3": [("Old Kent Road", "A 2h"), ("Whitechapel Road", "A 2h"),
                     ("Pall Mall", "@A"), ("Strand", "B"), ("Strand", "@B"),
                     ("Mayfair", "C"), ("Jail", "in @C"), ("Fleet Street", "£220")],
}


def draw(game: Game, width: int, height: int = 24, *, detail: bool = False,
         colour: bool = False, kinds: list[str] | None = None) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, force_terminal=colour,
                      color_system="truecolor" if colour else None, highlight=False)
    console.print(board_map(game, width=width, height=height, kinds=kinds, detail=detail))
    return out.getvalue()


def box(text: str, game: Game, space: str, width: int, height: int = 24) -> str:
    """What the map (drawn from its first line) shows in the box of ``space``: found from
    the space's place on the ring (its row or column and the cells' sizes)."""
    index = game.board.find(space)
    layout = words_for(game).layout()
    g = choose_geometry(layout, width, height)
    assert g is not None
    top, bottom, left, right = ring_places(layout)
    inner = len(top) - 2
    lines = text.splitlines()

    def x_of(j: int) -> tuple[int, int]:  # a row's j-th place: where it starts, its width
        if j == 0:
            return 0, g.corner
        if j == inner + 1:
            return g.corner + inner * g.cell, g.corner
        return g.corner + (j - 1) * g.cell, g.cell

    bottom_y = g.row_height + len(left) * g.side_height
    if index in top or index in bottom:
        y = 0 if index in top else bottom_y
        x, w = x_of((top if index in top else bottom).index(index))
        rows = range(y, y + g.row_height)
    else:
        column = left if index in left else right
        y = g.row_height + column.index(index) * g.side_height
        x, w = (0 if column is left else g.corner + inner * g.cell), g.corner
        rows = range(y, y + g.side_height)
    return "\n".join(lines[r][x:x + w] for r in rows)


@pytest.mark.parametrize("edition", sorted(POSITIONS))
def test_map_shows_tokens_owners_buildings_and_prices(edition: str) -> None:
    game = scenario.set_up(POSITIONS[edition])
    for width in (120, 80):
        text = draw(game, width)
        for space, shown in EXPECT[edition]:
            assert shown in box(text, game, space, width), (width, space, shown, text)


@pytest.mark.parametrize("edition", sorted(POSITIONS))
@pytest.mark.parametrize("width", [120, 80, 60, 40])
def test_every_players_cash_at_every_width_and_no_line_too_long(edition: str,
                                                                width: int) -> None:
    game = scenario.set_up(POSITIONS[edition])
    for detail in (False, True):
        text = draw(game, width, detail=detail, kinds=["", "standard", "random"])
        assert max(len(line) for line in text.splitlines()) <= width, text
        for p in game.players:
            assert re.search(rf"{p.name}\b.*{re.escape(game.money(game.cash(p.seat)))}",
                             text), (p.name, text)


def test_compact_view_lists_spaces_with_owners_and_prices() -> None:
    game = scenario.set_up(POSITIONS["classic"])
    text = draw(game, 60)
    assert choose_geometry(words_for(game).layout(), 60, 24) is None
    assert "Brown: Mediterranean B 3h, Baltic B 2h" in text
    assert "Red: Kentucky $220 @AC, Indiana $220, Illinois C" in text
    assert "Dark blue: Park A H, Boardwalk A 4h" in text
    assert "Reading RR A m" in text
    assert "> A Ann  $1,230  Kentucky Avenue" in text
    narrow = draw(game, 40)
    assert "  B Bob    $845  In Jail" in narrow and "  C Cy      $17" in narrow


def test_unsold_deeds_by_group_with_prices() -> None:
    game = scenario.set_up(POSITIONS["classic"])
    tall = draw(game, 120, 40)  # in the middle of the ring
    assert "Unsold deeds at the bank (22):" in tall
    assert re.search(r"Green\s*: Pacific \$300, North Carolina \$300, Pennsylvania \$320",
                     tall)
    assert "Dark blue:" not in tall and "Brown:" not in tall  # all sold
    short = draw(game, 80, 24)
    assert "Unsold deeds" not in short  # the prices on the spaces say it
    detail = draw(game, 80, 24, detail=True)  # b: above the map, with the deeds table
    assert detail.index("Unsold deeds at the bank (22):") < detail.index("Free Parking")
    assert "Deeds" in detail and "a hotel" in detail
    market = scenario.set_up(POSITIONS["monopoly-2.3"])
    offer = ", ".join(f"{words_for(market).short_name(d)}"
                      for d in words_for(market).deeds_on_offer())
    assert offer and "Market: " in draw(market, 120, 40)


def test_the_middle_holds_standings_and_the_bank() -> None:
    game = scenario.set_up(POSITIONS["classic"])
    text = draw(game, 80, kinds=["", "random", ""])
    lines = text.splitlines()
    row = next(n for n, line in enumerate(lines) if "Standings, round 1: Ann's turn" in line)
    assert 3 <= row < 12  # inside the ring
    assert "> A Ann  $1,230  Kentucky Avenue" in lines[row + 1]
    assert "The bank has" in text
    assert lines[-1].startswith("Key: A owner · 2h houses, H hotel · m mortgaged · @A token")
    # A short screen with a long question after the map: the standings go under the ring.
    low = io.StringIO()
    Console(file=low, width=80, color_system=None).print(
        board_map(game, width=80, height=24, reserve=12))
    low_lines = low.getvalue().splitlines()
    assert "Standings" in low_lines[-4] and low_lines[-1].startswith("  C Cy")


def test_editions_words_for_the_map() -> None:
    classic = scenario.set_up(POSITIONS["classic"])
    words = words_for(classic)
    assert words.group_colour("brown") == "#955436"
    assert words.group_colour("railroad") is None
    assert words.improvement_mark(classic.board.find("Park Place")) == "H"
    assert words.improvement_mark(classic.board.find("Boardwalk")) == "4h"
    ub = scenario.set_up(POSITIONS["ultimate-banking"])
    assert words_for(ub).improvement_mark(ub.board.find("Mayfair")) == "L3"
    assert words_for(ub).improvement_legend() == "L3 rent level"
    assert [len(side) for side in words_for(ub).layout()] == [9, 9, 9, 9]
    assert [len(side) for side in words.layout()] == [10, 10, 10, 10]
    assert short_name("Pennsylvania Railroad") == "Pennsylvania RR"
    assert short_name("Fenchurch St. Station") == "Fenchurch"
    assert fit_name("Pennsylvania RR", 9) == "Pennsy RR"
    assert player_marks(["Ann", "Bot 1", "Bot 2"]) == ["A", "1", "2"]
    assert player_marks(["Bob", "Bea"]) == ["B", "E"]


def test_rings_nest_for_three_tracks() -> None:
    """Ultimate Monopoly's tracks (24, 40, 56 spaces): each ring is the centre of the next."""

    def sides(n: int) -> list[list[int]]:
        side = n // 4
        return [list(range(i, i + side)) for i in range(0, n, side)]

    def item(index: int | None, width: int, height: int, gap_left: bool) -> list[Text]:
        label = "" if index is None else str(index)
        return [Text((label if n == 0 else "").ljust(width)[:width]) for n in range(height)]

    lines = ring(sides(24), item, [Text("middle")], Geometry(4, 6, 1, 1))
    for n, side_height in ((40, 1), (56, 2)):
        geometry = Geometry(4, 6, 1, side_height)
        inside = inside_size(sides(n), geometry)
        assert inside[0] >= len(lines[0]) and inside[1] >= len(lines)
        lines = ring(sides(n), item, lines, geometry)
        assert {len(line) for line in lines} == {ring_width(sides(n), geometry)}
    text = "\n".join(line.plain for line in lines)
    assert "middle" in text and " 55 " in text and " 23 " in text


# ------------------------------------------------------------------ colour


def test_colour_gives_group_and_player_colours() -> None:
    game = scenario.set_up(POSITIONS["classic"])
    text = draw(game, 80, colour=True)
    assert "\x1b[" in text
    assert "48;2;149;84;54" in text  # brown, #955436, behind Mediterranean's name
    assert "48;2;0;114;187" in text  # dark blue, #0072BB
    assert "48;2;79;195;247" in text  # Ann's token colour


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def play_args(**extra: Any) -> Any:
    return app.argparse.Namespace(edition="classic", players="Ann,Bob", seed=2, option=[],
                                  save=None, no_save=True, auto=False, **extra)


@pytest.mark.parametrize("how", ["no-color", "NO_COLOR", "colour"])
def test_no_color_and_NO_COLOR_write_no_escape_codes(how: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLORTERM", "truecolor")
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    monkeypatch.delenv("NO_COLOR", raising=False)
    if how == "NO_COLOR":
        monkeypatch.setenv("NO_COLOR", "1")
    out = FakeTerminal()
    args = play_args(no_color=how == "no-color")
    assert app.play(args, infile=io.StringIO("b\nq\n\n"), out=out) == 0
    text = out.getvalue()
    assert "Standings, round 1" in text and "$1,500" in text
    if how == "colour":
        assert "\x1b[" in text and "48;2;149;84;54" in text
    else:
        assert "\x1b" not in text


def test_piped_output_has_no_escape_codes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    out = io.StringIO()
    assert app.play(play_args(), infile=io.StringIO("q\n\n"), out=out) == 0
    assert "\x1b" not in out.getvalue() and "Free Parking" in out.getvalue()


def test_no_color_option_of_play_and_resume() -> None:
    parser = cli.build_parser()
    assert parser.parse_args(["play", "--no-color"]).no_color is True
    assert parser.parse_args(["resume", "x.json", "--no-color"]).no_color is True
    assert parser.parse_args(["play"]).no_color is False


def test_prompts_wrap_at_words_on_a_terminal() -> None:
    out = io.StringIO()
    console = Console(file=out, width=40, force_terminal=True, color_system=None)
    prompter = Prompter(console, io.StringIO("1\n"))
    question = ("Ann, Kentucky Avenue is for sale for $220. You have $1,500. Rent $18. "
                "Red group: you own 0 of 3.")
    assert prompter.choose(["Buy Kentucky Avenue for $220", "Don't buy it"],
                           title=question) == 0
    prompter.say(HELP)
    lines = out.getvalue().splitlines()
    assert max(len(line) for line in lines) <= 40
    words = set(" ".join(lines).split())
    for word in (question + " " + HELP).split():
        assert word in words, word  # never cut in the middle
    piped = io.StringIO()
    Prompter(Console(file=piped, width=40), io.StringIO()).say(question)
    assert piped.getvalue() == question + "\n"  # a pipe keeps whole lines


# ------------------------------------------------------------------ a real terminal


@pytest.fixture
def tmux() -> Iterator[tuple[str, str]]:
    """A tmux server of this test's own (its own socket), killed afterwards."""
    binary = shutil.which("tmux")
    if binary is None:
        pytest.skip("tmux is not installed")
    socket = f"pennybags-test-{uuid.uuid4().hex[:8]}"
    yield binary, socket
    subprocess.run([binary, "-L", socket, "kill-server"], capture_output=True, check=False)


def wait_for(binary: str, socket: str, pattern: str, after: str = "",
             timeout: float = 10.0) -> str:
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = subprocess.run([binary, "-L", socket, "capture-pane", "-p", "-t", "s"],
                                capture_output=True, text=True, check=False).stdout
        if re.search(pattern, screen) and after in screen:
            return screen
        time.sleep(0.1)
    raise AssertionError(f"'{pattern}' did not appear:\n{screen}")


def test_an_80x24_terminal_shows_the_whole_map_and_all_cash(tmux: tuple[str, str],
                                                            tmp_path: Path) -> None:
    binary, socket = tmux
    env = {k: v for k, v in os.environ.items()
           if k not in ("NO_COLOR", "COLUMNS", "LINES", "TMUX")}
    env["XDG_DATA_HOME"] = str(tmp_path)
    command = (f"'{PENNYBAGS}' play --edition classic --players 'Ann,bot' --seed 1 "
               "--no-save")
    subprocess.run([binary, "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", "s",
                    "-x", "80", "-y", "24", command], env=env, check=True)
    screen = wait_for(binary, socket, r"Choose 1-\d")
    lines = screen.splitlines()
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
    # The whole ring is on the screen, each row on one line (nothing wrapped or cut) ...
    top = next(line for line in lines if line.startswith("Free Parking"))
    assert top.rstrip().endswith("Go To Jail")
    bottom = next(line for line in lines if line.startswith("Jail"))
    assert bottom.rstrip().endswith("GO")
    assert lines.index(top) < lines.index(bottom)
    # ... with every player's cash, the key and the question under it.
    assert re.search(r"> A Ann +\$[\d,]+ ", screen)
    assert re.search(r"B Bot 1 +\$[\d,]+ ", screen)
    assert "Key: A owner" in screen and "Ann, your roll" in screen
    # b shows the board again, the map last (on screen), then the prompt.
    subprocess.run([binary, "-L", socket, "send-keys", "-t", "s", "b", "Enter"], check=True)
    again = wait_for(binary, socket, r"Key: A owner(.|\n)*Choose 1-\d",
                     after="Dark blue: Park $350")  # the end of the unsold deeds
    tail = again.split("Dark blue: Park $350", 1)[1]
    assert "Free Parking" in tail and re.search(r"B Bot 1 +\$[\d,]+ ", tail)
    subprocess.run([binary, "-L", socket, "send-keys", "-t", "s", "q", "Enter"], check=True)
    # A prompt longer than the terminal is wrapped between words.
    wait_for(binary, socket, r"press Enter to quit without\s+saving:")
    subprocess.run([binary, "-L", socket, "send-keys", "-t", "s", "Enter"], check=True)
