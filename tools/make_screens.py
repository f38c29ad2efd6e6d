"""Make the board-map screenshots of docs/images/ (board-<edition>-<W>x<H>.png).

For each edition a mid-game position (owners, buildings or rent levels, a mortgage,
tokens) is played by the terminal's session at 80x24 and 120x40 up to the first question
(the board map at the start of the person's turn, the question and its menu), recorded by
Rich as SVG and turned into PNG by headless Chromium (a tool for the docs only, not a
dependency of pennybags):

    apt-get install -y chromium fonts-dejavu-core      # once
    .venv/bin/python tools/make_screens.py             # writes docs/images/board-*.png

``--svg`` keeps the SVG files beside the PNG files; ``--only EDITION`` makes one edition's.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.terminal_theme import MONOKAI

from pennybags import scenario
from pennybags.editions.ultimate_monopoly.game import POOL, UltimateMonopolyGame
from pennybags.engine.game import Game
from pennybags.terminal.app import Seat, Session

IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"
SIZES = ((80, 24), (120, 40))

POSITIONS: dict[str, dict[str, Any]] = {
    "classic": {"edition": "classic", "round": 9, "turn": "Ann", "players": [
        {"name": "Ann", "cash": 1230, "at": "Kentucky Avenue",
         "owns": [{"deed": "Park Place", "houses": 5}, {"deed": "Boardwalk", "houses": 4},
                  {"deed": "Reading Railroad", "mortgaged": True}, "Electric Company"]},
        {"name": "Bob", "cash": 845, "in_jail": True,
         "owns": [{"deed": "Oriental Avenue", "houses": 2},
                  {"deed": "Vermont Avenue", "houses": 2},
                  {"deed": "Connecticut Avenue", "houses": 3}, "Short Line"]},
        {"name": "Cy", "cash": 310, "at": "Kentucky Avenue",
         "owns": ["Illinois Avenue", "Marvin Gardens", {"deed": "Water Works",
                                                        "mortgaged": True}]},
        {"name": "Dee", "cash": 1525, "at": "Chance"}]},
    "electronic-banking": {"edition": "electronic-banking", "round": 7, "turn": "Ann",
                           "players": [
        {"name": "Ann", "cash": 9800, "at": "Mayfair",
         "owns": [{"deed": "Mayfair", "houses": 3}, {"deed": "Park Lane", "houses": 3},
                  "King's Cross Station"]},
        {"name": "Bob", "cash": 12400, "at": "Strand",
         "owns": [{"deed": "Strand", "mortgaged": True}, "Pall Mall", "Whitehall"]},
        {"name": "Cy", "cash": 6350, "at": "Go To Jail", "owns": ["Water Works"]}]},
    "ultimate-banking": {"edition": "ultimate-banking", "round": 6, "turn": "Ann",
                         "players": [
        {"name": "Ann", "cash": 1310, "at": "Mayfair",
         "owns": [{"deed": "Mayfair", "houses": 3}, {"deed": "Park Lane", "houses": 2},
                  "Old Kent Road"]},
        {"name": "Bob", "cash": 980, "at": "Strand",
         "owns": [{"deed": "Strand", "houses": 4}, "Fleet Street", "Pall Mall"]},
        {"name": "Cy", "cash": 1650, "at": "Location", "owns": ["Bond Street"]}]},
    "monopoly-2.3": {"edition": "monopoly-2.3", "round": 5, "turn": "Ann", "players": [
        {"name": "Ann", "cash": 640, "at": "Pall Mall",
         "owns": [{"deed": "Old Kent Road", "houses": 2},
                  {"deed": "Whitechapel Road", "houses": 2}, "Bow Street"]},
        {"name": "Bob", "cash": 1120, "at": "Strand", "owns": ["Strand", "Fleet Street"]},
        {"name": "Cy", "cash": 905, "in_jail": True, "owns": ["Mayfair"]}]},
    "ultimate-monopoly": {"edition": "ultimate-monopoly", "round": 6, "turn": "Ann",
                          "dice": [[2, 3, "mr_monopoly"]], "players": [
        {"name": "Ann", "cash": 1940, "at": "outer:7",
         "owns": [{"deed": "Park Place", "houses": 3}, {"deed": "Boardwalk", "houses": 3},
                  "Reading Railroad", "Lake Street", "Nicollet Avenue"]},
        {"name": "Bob", "cash": 1575, "at": "Kirby Drive",
         "owns": [{"deed": "Katy Freeway", "mortgaged": True}, "Westheimer Road",
                  "Kirby Drive", "Checker Cab Co.", "Pennsylvania Railroad"]},
        {"name": "Cy", "cash": 2460, "at": "Wall Street",
         "owns": ["Wall Street", "Fifth Avenue", "Madison Avenue", "Telephone Company"]}]},
}

HOLDINGS: dict[str, list[tuple[str, list[str], dict[int, int]]]] = {
    "ultimate-monopoly": [
        ("Ann", ["travel_vouchers:travel-card", "travel_vouchers:bus-ticket-expiring",
                 "roll_three:roll-three-1-2-3"], {0: 2}),
        ("Bob", ["travel_vouchers:bus-ticket", "roll_three:roll-three-2-4-6",
                 "chance:just-say-no"], {5: 1}),
        ("Cy", ["roll_three:roll-three-3-5-6"], {2: 3}),
    ],
}
"""What each player holds besides deeds in an edition's position that scenarios do not set
up (Ultimate Monopoly's Travel Vouchers, Roll Three cards, kept cards and shares): cards as
``deck:card-id`` and shares as {company index: count}."""
POOL_MONEY = {"ultimate-monopoly": 350}
"""Money in Ultimate Monopoly's Pool, paid in by the player whose turn it is."""


class _Stop(Exception):
    """The screen is drawn: the person is being asked."""


class _Asked(io.StringIO):
    """Input that stops the session at its first question."""

    def readline(self, size: int | None = -1) -> str:
        raise _Stop


def screen(edition: str, width: int, height: int) -> Console:
    """What a person sees at the start of their turn in ``edition``'s position (the board
    map, the question and its menu), recorded by a console of ``width`` x ``height``."""
    spec = POSITIONS[edition]
    game = scenario.set_up(spec)
    hold(game, edition)
    console = Console(record=True, width=width, height=height, force_terminal=True,
                      color_system="truecolor", highlight=False, file=io.StringIO())
    seats = [Seat(p["name"], None if n == 0 else "standard")
             for n, p in enumerate(spec["players"])]
    session = Session(game, seats, console=console, infile=_Asked(), setup=spec)
    session.turn_started = game.current
    with contextlib.suppress(_Stop):
        session.run()
    return console


def hold(game: Game, edition: str) -> None:
    """Give the players of ``edition``'s position what :data:`HOLDINGS` lists (each card
    taken from its deck, each share from the bank) and fill the Pool."""
    for name, cards, shares in HOLDINGS.get(edition, []):
        seat = game.seat_of(name)
        for ref in cards:
            key, card_id = ref.split(":")
            deck = game.decks[key]
            index = next(i for i in deck.order if deck.cards[i].id == card_id)
            deck.remove(index)
            game.players[seat].cards.append((key, index))
        if isinstance(game, UltimateMonopolyGame):
            for company, count in shares.items():
                game.shares[seat][company] += count
                game.bank_shares[company] -= count
    if isinstance(game, UltimateMonopolyGame) and edition in POOL_MONEY:
        game.pay(game.current, POOL, POOL_MONEY[edition], "Pool")


def svg_size(svg: str) -> tuple[int, int]:
    match = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    if match is None:
        raise ValueError("no viewBox in the SVG")
    return round(float(match.group(1))), round(float(match.group(2)))


def to_png(svg_path: Path, png_path: Path, size: tuple[int, int]) -> None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        sys.exit("needs chromium: apt-get install -y chromium fonts-dejavu-core")
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                        "--hide-scrollbars", f"--user-data-dir={profile}",
                        f"--window-size={size[0]},{size[1]}",
                        f"--screenshot={png_path}", svg_path.as_uri()],
                       check=True, capture_output=True, timeout=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--svg", action="store_true", help="keep the SVG files")
    parser.add_argument("--only", choices=sorted(POSITIONS), help="one edition")
    args = parser.parse_args()
    IMAGES.mkdir(parents=True, exist_ok=True)
    for edition in [args.only] if args.only else list(POSITIONS):
        for width, height in SIZES:
            name = f"board-{edition}-{width}x{height}"
            console = screen(edition, width, height)
            svg = console.export_svg(title=f"pennybags play --edition {edition}  "
                                           f"({width}x{height})", theme=MONOKAI)
            svg_path = IMAGES / f"{name}.svg"
            svg_path.write_text(svg, encoding="utf-8")
            png_path = IMAGES / f"{name}.png"
            to_png(svg_path, png_path, svg_size(svg))
            if not args.svg:
                svg_path.unlink()
            print(f"{png_path.relative_to(IMAGES.parent.parent)}: "
                  f"{png_path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
