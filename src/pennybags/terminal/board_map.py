"""The board map: the spaces around the board as on the printed board, with the standings
(cash first) in its middle.

What it shows, for any edition, learnt only through the edition's
:class:`~pennybags.engine.words.Words` and the game's public state:

* every space in its place on a square ring (the four sides of ``Words.layout()``, GO at
  the bottom right, moving clockwise), named short (``Words.short_name``), a street's name
  on its colour group's printed colour (``Words.group_colour``);
* on a deed: its owner's mark in the owner's colour, what stands on it
  (``Words.improvement_mark``: "A 2h" two houses, "A H" a hotel, "A L3" rent level 3) and
  "m" when mortgaged ("A m"); an unsold deed shows its price instead;
* the tokens: ``@`` and the mark of each player on the space (``@AB``), each mark on its
  player's colour; in the Jail corner "in @A" are the players in Jail;
* in the middle: the round, whose turn it is, each player's mark, name, cash and place
  (then, when there is room, deeds, cards and total assets), the bank's buildings (and the
  edition's notes: Ultimate Monopoly's Pool; the front's: the last throw) and the bank's
  unsold deeds by colour group with their prices;
* what each player holds besides cash and deeds, a line per player, where the edition
  words it (``Words.holdings``: Ultimate Monopoly's Travel Vouchers, Roll Three cards,
  shares and kept cards);
* under it a one-line key.

It fits the console's width at draw time (:func:`board_map` takes it): 120 columns give
wide cells (and, on a tall screen, two-line side cells with the unsold deeds in the
middle); 80 columns give five-letter names; when a ring does not fit (under about 70
columns) the map becomes a compact view: the standings, then one line per colour group
with each deed's owner, buildings or price. Every player's cash is in every view. Without
colour (``--no-color``, ``NO_COLOR``, output that is not a terminal) the same text is
printed: the marks and the ``@`` carry the meaning, colour only adds to it.

Drawing rings, and nesting them
-------------------------------
:func:`ring` draws any closed track given as four sides (each a list of items starting
with its corner, clockwise from the bottom-right corner, as ``Words.layout()`` gives them)
around a centre block of lines, with a :class:`Geometry` (the width of the cells along the
top and bottom rows, the width of the corners and side cells, the height of the rows and of
the side cells) and a function that draws one item into a box of a given size. It knows
nothing of games: items can be anything.

A board of several concentric tracks (Ultimate Monopoly: an inner track of 24 spaces, the
middle 40 and the outer 56) is drawn from the inside out: draw the inner ring with the
standings as its centre, then pass its lines as the centre of the middle ring, and those
as the centre of the outer ring. The centre is placed in the middle of the ring's inside
(``inside_size`` gives its width and height), so an outer ring needs an inside at least as
big as the ring within: a ring of ``k`` cells per row is ``k * cell`` wide inside, and its
inside is ``side_height`` lines per side cell tall, so outer rings use taller side cells
(``side_height=2`` or more) to make room. An edition whose ``Words.track_layouts()`` gives
several tracks (innermost first) is drawn so by :func:`tracks_map`, with the standings in
the innermost ring (under the rings on a short screen); where the rings do not fit (under
about 107 columns) its compact view gives a line per track with the tokens on it, then the
standings with each player's track.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from rich.console import Group, RenderableType
from rich.text import Text

from pennybags.editions import words_for
from pennybags.engine.game import Game
from pennybags.engine.words import Words, fit_name
from pennybags.terminal.render import (
    bank_words,
    cards_words,
    deeds_table,
    mortgages_exist,
    where_words,
)

T = TypeVar("T")

PLAYER_COLOURS = ("#4FC3F7", "#FF8A65", "#AED581", "#CE93D8", "#FFD54F", "#4DB6AC",
                  "#F48FB1", "#B0BEC5")
"""Each seat's colour, in seat order (light tones: the marks are drawn in black on them)."""

MIN_CELL, MAX_CELL = 5, 12
"""The width of a cell along the top and bottom rows (one column of it is the gap)."""
MIN_CORNER, MAX_CORNER = 12, 18
"""The width of a corner and of the cells down the sides."""
ROW_HEIGHT = 3
"""Lines of a cell along the top and bottom rows: name, owner or price, tokens."""
ROOM_BELOW = 12
"""Lines kept free under the map (the key and the next question with its menu) before the
side cells are given two lines each."""


# ====================================================================== the ring


@dataclass(frozen=True, slots=True)
class Geometry:
    """The sizes of a ring's cells, in columns and lines."""

    cell: int
    """Width of a cell along the top and bottom rows, its gap included."""
    corner: int
    """Width of a corner and of a cell down the sides, its gap included."""
    row_height: int = ROW_HEIGHT
    """Lines of the top and bottom rows."""
    side_height: int = 1
    """Lines of each cell down the sides."""


Draw = Callable[[T | None, int, int, bool], list[Text]]
"""Draws one item (None: an empty place) in a box: ``(item, width, height, gap_left)`` ->
``height`` lines of exactly ``width`` columns; ``gap_left`` puts the column that separates
it from its neighbour on its left (the right-hand side of the ring) instead of its right."""


def ring_places(sides: Sequence[Sequence[T]]
                ) -> tuple[list[T | None], list[T | None], list[T | None], list[T | None]]:
    """Where the items of four sides go: the top row and the bottom row from left to right
    (corners included), the left and the right column from top to bottom. Sides are
    clockwise from the bottom-right corner, each starting with its corner; shorter opposite
    sides are padded with empty places (None)."""
    if len(sides) != 4 or any(not side for side in sides):
        raise ValueError("a ring needs four sides, each with at least its corner")
    bottom, left, top, right = sides
    inner = max(len(top), len(bottom)) - 1
    across = max(len(left), len(right)) - 1
    top_row: list[T | None] = [*top, *[None] * (inner + 1 - len(top)), right[0]]
    bottom_inner: list[T | None] = [*reversed(bottom[1:])]
    bottom_row: list[T | None] = [left[0], *[None] * (inner - len(bottom_inner)),
                                  *bottom_inner, bottom[0]]
    left_col: list[T | None] = [*[None] * (across + 1 - len(left)), *reversed(left[1:])]
    right_col: list[T | None] = [*right[1:], *[None] * (across + 1 - len(right))]
    return top_row, bottom_row, left_col, right_col


def inside_size(sides: Sequence[Sequence[T]], geometry: Geometry) -> tuple[int, int]:
    """The width and height of a ring's inside (where its centre goes)."""
    top_row, _, left_col, _ = ring_places(sides)
    return (len(top_row) - 2) * geometry.cell, len(left_col) * geometry.side_height


def ring_width(sides: Sequence[Sequence[T]], geometry: Geometry) -> int:
    return inside_size(sides, geometry)[0] + 2 * geometry.corner


def ring(sides: Sequence[Sequence[T]], draw: Draw[T], centre: Sequence[Text],
         geometry: Geometry) -> list[Text]:
    """The lines of a ring of spaces around ``centre`` (placed in the middle of the inside,
    cut to fit). Every line is exactly :func:`ring_width` columns wide."""
    top_row, bottom_row, left_col, right_col = ring_places(sides)
    g = geometry
    inside_w, inside_h = inside_size(sides, g)

    def row(items: list[T | None]) -> list[Text]:
        boxes = [draw(items[0], g.corner, g.row_height, False),
                 *(draw(item, g.cell, g.row_height, False) for item in items[1:-1]),
                 draw(items[-1], g.corner, g.row_height, True)]
        return [Text("").join(box[n] for box in boxes) for n in range(g.row_height)]

    middle = place(centre, inside_w, inside_h)
    lines = row(top_row)
    for n, (left, right) in enumerate(zip(left_col, right_col, strict=True)):
        lefts = draw(left, g.corner, g.side_height, False)
        rights = draw(right, g.corner, g.side_height, True)
        for m in range(g.side_height):
            lines.append(Text("").join((lefts[m], middle[n * g.side_height + m], rights[m])))
    lines.extend(row(bottom_row))
    for line in lines:
        line.no_wrap = True
        line.overflow = "crop"
    return lines


def place(block: Sequence[Text], width: int, height: int) -> list[Text]:
    """A block of lines in the middle of a box ``width`` x ``height`` (cut when larger)."""
    inner = max((line.cell_len for line in block), default=0)
    left = max(0, (width - inner) // 2)
    top = max(0, (height - len(block)) // 2)
    lines = [Text(" " * width) for _ in range(height)]
    for n, line in enumerate(block[:height - top]):
        lines[top + n] = fit(cat(Text(" " * left), line), width)
    return lines


def cat(*parts: Text) -> Text:
    """Texts one after the other, each keeping its own style (``a + b`` would give ``b``
    the style of ``a``)."""
    out = Text()
    for part in parts:
        out.append_text(part)
    return out


def fit(text: Text, width: int) -> Text:
    """``text`` cut or padded with spaces to exactly ``width`` columns."""
    out = text.copy()
    out.truncate(max(0, width), overflow="crop", pad=True)
    return out


# ====================================================================== spaces


@dataclass(frozen=True, slots=True)
class Cell:
    """What the map shows on one space."""

    name: str
    """The short name (``Words.short_name``)."""
    full: str
    """The whole name, used where it fits (the corners)."""
    colour: str | None
    """The colour group's printed colour, ``#RRGGBB``."""
    corner: bool
    status: Text
    """The owner's mark with buildings and mortgage ("A 2h", "A m"), the price of an unsold
    deed, or (the Jail) the tokens of the players in Jail."""
    tokens: list[int]
    """The seats whose tokens stand here (not in Jail)."""


def ink(colour: str) -> str:
    """Black or white: whichever reads better on ``colour`` (``#RRGGBB``)."""
    try:
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    except ValueError:
        return "black"
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "white"


def player_colour(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_marks(names: Sequence[str]) -> list[str]:
    """One character per player for the map: the first letter of the name when no other
    player's starts alike, else the name's last digit ("Bot 2": "2"), else another letter
    of the name, else any free letter."""
    firsts = [next((c.upper() for c in n if c.isalnum()), "") for n in names]
    used: set[str] = set()
    marks: list[str] = []
    for n, name in enumerate(names):
        options: list[str] = []
        if firsts[n] and firsts.count(firsts[n]) == 1:
            options.append(firsts[n])
        if name[-1:].isdigit():
            options.append(name[-1])
        options += [c.upper() for c in name if c.isalnum() and c.isascii()]
        options += [chr(c) for c in range(ord("A"), ord("Z") + 1)]
        options += [str(d) for d in range(10)]
        mark = next(o for o in options if o not in used)
        used.add(mark)
        marks.append(mark)
    return marks


def token_style(seat: int) -> str:
    colour = player_colour(seat)
    return f"bold {ink(colour)} on {colour}"


def owner_style(seat: int) -> str:
    return f"bold {player_colour(seat)}"


def tokens_text(seats: Sequence[int], marks: Sequence[str], width: int) -> Text:
    """``@AB``: the tokens of ``seats``, cut to ``width`` as ``@A+3``."""
    text = Text()
    if not seats or width < 2:
        return text
    shown = list(seats)
    if 1 + len(shown) > width:
        more = f"+{len(shown) - max(1, width - 3)}"
        shown = shown[:max(1, width - 1 - len(more))]
    text.append("@", style="dim")
    for seat in shown:
        text.append(marks[seat], style=token_style(seat))
    if len(shown) < len(seats):
        text.append(f"+{len(seats) - len(shown)}", style="dim")
    return text


def space_cells(game: Game, words: Words, marks: Sequence[str]) -> list[Cell]:
    """What the map shows on each space of the board, by board index."""
    board = game.board
    tracks = words.track_layouts()
    all_sides = [side for sides in tracks.values() for side in sides] if tracks else \
        words.layout()
    corners = {side[0] for side in all_sides if side}
    here: list[list[int]] = [[] for _ in range(board.size)]
    jailed: list[list[int]] = [[] for _ in range(board.size)]
    for p in game.players:
        if p.bankrupt or not 0 <= p.position < board.size:
            continue
        (jailed if p.in_jail else here)[p.position].append(p.seat)
    cells = []
    for space in board.spaces:
        i = space.index
        status = Text()
        if space.is_deed:
            owner = game.owner[i]
            if owner < 0:
                status.append(words.money(space.price), style="dim")
            else:
                mortgaged = game.mortgaged[i]
                status.append(marks[owner], style=owner_style(owner) +
                              (" dim" if mortgaged else ""))
                improvement = words.improvement_mark(i)
                if improvement:
                    status.append(" " + improvement)
                if mortgaged:
                    status.append(" m", style="dim")
        if jailed[i]:
            status.append("in ")
            status.append_text(tokens_text(jailed[i], marks, 1 + len(jailed[i])))
        cells.append(Cell(words.short_name(i), space.name, words.group_colour(space.group),
                          i in corners, status, here[i]))
    return cells


def cell_drawer(cells: Sequence[Cell], marks: Sequence[str]) -> Draw[int]:
    """The :data:`Draw` function of a board's spaces (items are board indices)."""

    def name_text(cell: Cell, width: int, band: bool) -> Text:
        name = cell.full if cell.corner and len(cell.full) <= width else \
            fit_name(cell.name, width)
        if cell.colour:
            shown = name.ljust(width) if band else name
            return Text(shown, style=f"{ink(cell.colour)} on {cell.colour}")
        return Text(name, style="bold" if cell.corner else "")

    def draw(item: int | None, width: int, height: int, gap_left: bool) -> list[Text]:
        inner = width - 1
        if item is None:
            lines = [Text() for _ in range(height)]
        else:
            cell = cells[item]
            status = cell.status
            if height >= 3:
                lines = [name_text(cell, inner, True), status,
                         tokens_text(cell.tokens, marks, inner)]
                lines += [Text() for _ in range(height - 3)]
            elif height == 2:
                tokens = tokens_text(cell.tokens, marks, max(0, inner - status.cell_len - 1))
                gap = " " if status.cell_len and tokens.cell_len else ""
                lines = [name_text(cell, inner, True), Text("").join((status, Text(gap),
                                                                       tokens))]
            else:
                tokens = tokens_text(cell.tokens, marks,
                                     max(2, inner - status.cell_len - 4))
                tail = Text(" ").join(t for t in (status, tokens) if t.cell_len)
                room = inner - tail.cell_len - (1 if tail.cell_len else 0)
                name = name_text(cell, max(0, room), False)
                lines = [cat(fit(name, room), Text(" ") if tail.cell_len else Text(), tail)]
        out = []
        for line in lines:
            line = fit(line, inner)
            out.append(cat(Text(" "), line) if gap_left else cat(line, Text(" ")))
        return out

    return draw


def choose_geometry(sides: Sequence[Sequence[int]], width: int,
                    height: int) -> Geometry | None:
    """The widest cells that fit ``width`` columns (None: no ring fits; the compact view);
    two-line side cells when ``height`` leaves room for them and the question after."""
    top_row, _, left_col, _ = ring_places(sides)
    inner = len(top_row) - 2
    for cell in range(MAX_CELL, MIN_CELL - 1, -1):
        corner = min(MAX_CORNER, (width - inner * cell) // 2)
        if corner >= max(MIN_CORNER, cell):
            tall = height >= 2 * ROW_HEIGHT + 2 * len(left_col) + ROOM_BELOW
            return Geometry(cell, corner, ROW_HEIGHT, 2 if tall else 1)
    return None


# ====================================================================== the middle


def standings_lines(game: Game, words: Words, marks: Sequence[str], width: int,
                    kinds: Sequence[str] | None = None,
                    viewer: int | None = None,
                    places: Sequence[str] | None = None,
                    with_cards: bool = True) -> list[Text] | None:
    """The round and whose turn, then one line per player: mark, name, cash, where, and
    what else fits (bot kind, deeds, total assets, cards). None when even the mark, a
    three-letter name and the cash do not fit ``width``. ``viewer`` is the seat it is
    shown to (their own hand of cards is not "hidden"); ``places`` says where each player
    is, instead of the space's name (a board of several tracks names the track);
    ``with_cards=False`` leaves out the kept cards (shown in lines of their own)."""
    if game.over:
        head = f"Standings after round {game.round}"
    else:
        head = f"Standings, round {game.round}: {game.name(game.current)}'s turn"
    seats = range(len(game.players))
    names = [game.name(s) for s in seats]
    notes = [f" ({kinds[s]})" if kinds is not None and s < len(kinds) and kinds[s] else ""
             for s in seats]
    cash = [words.money(game.cash(s)) for s in seats]
    where = list(places) if places is not None else [where_words(game, s) for s in seats]
    deeds = [f"{n} deed{'' if n == 1 else 's'}"
             for n in (len(game.deeds_of(s)) for s in seats)]
    worth = [f"worth {words.money(a)}" if a is not None else ""
             for a in (words.total_assets(s) for s in seats)]
    held = [c if c != "-" else "" for c in (cards_words(game, s, viewer) for s in seats)]
    cards = held if with_cards else ["" for _ in seats]

    def widest(column: Sequence[str]) -> int:
        return max((len(c) for c in column), default=0)

    cash_w = widest(cash)
    fixed = 6 + cash_w  # "> ", the mark, a space, two before the cash
    extras = [col for col in (deeds, worth, cards) if widest(col)]
    drop = [col for col in (cards, deeds, worth) if col in extras]
    with_notes = any(notes)

    def name_width() -> int:
        return max(len(n) + (len(k) if with_notes else 0)
                   for n, k in zip(names, notes, strict=True))

    def rest() -> int:
        return sum(2 + widest(col) for col in extras)

    while fixed + name_width() + 2 + min(widest(where), 12) + rest() > width:
        if with_notes:
            with_notes = False
        elif drop:
            extras.remove(drop.pop(0))
        else:
            break
    avail = width - fixed - rest()
    if avail < 3:
        return None
    name_w = name_width()
    where_w = widest(where)
    if name_w + 2 + where_w > avail:
        name_w = min(name_w, max(3, avail - 2 - min(where_w, 12)))
        where_w = avail - name_w - 2
        if where_w < 4:
            where_w = 0
            name_w = min(name_width(), avail)
    lines = [fit(Text(head, style="bold"), min(width, len(head)))]
    for p in game.players:
        seat = p.seat
        current = seat == game.current and not game.over
        line = Text("> " if current else "  ", style="bold")
        line.append(marks[seat], style=token_style(seat))
        line.append(" ")
        label = Text(names[seat], style="bold" if current else "")
        if with_notes:
            label.append(notes[seat], style="dim")
        line.append_text(fit(label, name_w))
        line.append("  ")
        line.append(cash[seat].rjust(cash_w), style="red" if game.cash(seat) < 0 else "green")
        if where_w:
            line.append("  " + where[seat][:where_w].ljust(where_w))
        for col in extras:
            line.append("  " + col[seat].ljust(widest(col)))
        if p.bankrupt:
            line.stylize("dim")
        line.rstrip()
        lines.append(line)
    return lines


def wrapped(text: str, width: int, style: str = "") -> list[Text]:
    """A sentence wrapped at words to ``width`` columns."""
    return [Text(line, style=style) for line in textwrap.wrap(text, max(1, width))]


def pack(head: Text, items: Sequence[Text], width: int, sep: str = ", ") -> list[Text]:
    """``head`` then ``items`` separated by ``sep``, wrapped between items to ``width``
    columns (continuation lines indented by two)."""
    lines: list[Text] = []
    line = cat(head)
    first = True
    for item in items:
        gap = "" if first else sep
        if line.cell_len + len(gap) + item.cell_len > width and line.cell_len > 2:
            line.rstrip()
            lines.append(line)
            line = Text("  ")
            gap = ""
        line.append(gap)
        line.append_text(item)
        first = False
    lines.append(line)
    return [fit(x, min(width, x.cell_len)) for x in lines]


def holdings_lines(game: Game, words: Words, marks: Sequence[str],
                   width: int) -> list[Text]:
    """What each player holds besides cash and deeds, a line (wrapped) per player who
    holds something, from ``Words.holdings`` (Ultimate Monopoly: "A Ann: Vouchers: Travel
    Card; Roll Three: 1-2-3; Shares: Motion Pictures 2 (1 mortgaged)"); [] when the edition
    leaves the kept cards to the standings."""
    lines: list[Text] = []
    for p in game.players:
        if p.bankrupt:
            continue
        items = words.holdings(p.seat)
        if not items:
            continue
        head = cat(Text(marks[p.seat], style=token_style(p.seat)),
                   Text(f" {game.name(p.seat)}: "))
        lines += pack(head, [Text(item) for item in items], width, sep="; ")
    return lines


def status_text(game: Game, notes: Sequence[str]) -> str:
    """The bank's stock and the edition's notes (:func:`bank_words`), then the front's
    ``notes`` (the last throw)."""
    return " ".join(t for t in (bank_words(game), *notes) if t)


def group_label(words: Words, group: str) -> Text:
    colour = words.group_colour(group)
    title = words.group_title(group) or "Other"
    return Text(title, style=f"{ink(colour)} on {colour}" if colour else "bold")


def deed_groups(game: Game) -> list[tuple[str, list[int]]]:
    """The deeds by colour group, groups in the order they first come on the board."""
    order: dict[str, list[int]] = {}
    for d in game.board.deeds:
        order.setdefault(game.board[d].group, []).append(d)
    return list(order.items())


def unsold_lines(game: Game, words: Words, width: int) -> list[Text]:
    """The bank's unsold deeds by colour group with their prices (and the market)."""
    board = game.board
    unsold = [d for d in board.deeds if game.owner[d] < 0]
    if not unsold:
        return []
    name_w = 15 if width >= 60 else 9

    def item(d: int) -> Text:
        return Text(f"{fit_name(words.short_name(d), name_w)} {words.money(board[d].price)}")

    lines = [Text(f"Unsold deeds at the bank ({len(unsold)}):", style="bold")]
    offer = [d for d in words.deeds_on_offer() if game.owner[d] < 0]
    if offer:
        lines += pack(Text("Market: ", style="bold"), [item(d) for d in offer], width)
    for group, deeds in deed_groups(game):
        left = [d for d in deeds if game.owner[d] < 0]
        if left:
            lines += pack(cat(group_label(words, group), Text(": ")),
                          [item(d) for d in left], width)
    return lines


def legend(game: Game, words: Words, marks: Sequence[str], width: int) -> list[Text]:
    """The key to the marks, in one line where it fits."""
    parts = [Text(f"{marks[0]} owner") if marks else Text("owner"),
             Text(words.improvement_legend())]
    if mortgages_exist(game):
        parts.append(Text("m mortgaged"))
    parts.append(Text(f"@{marks[0] if marks else 'A'} token"))
    cheapest = min((game.board[d].price for d in game.board.deeds), default=0)
    parts.append(Text(f"{words.money(cheapest)} unsold (price)"))
    return pack(Text("Key: ", style="dim"), parts, width, sep=" · ")


def compact_lines(game: Game, words: Words, cells: Sequence[Cell], marks: Sequence[str],
                  width: int) -> list[Text]:
    """One line per colour group (wrapped): each deed's short name and its owner with
    buildings, or its price; tokens standing on it."""
    lines: list[Text] = []
    name_w = 14 if width >= 60 else 8
    for group, deeds in deed_groups(game):
        items = []
        for d in deeds:
            cell = cells[d]
            entry = Text(fit_name(cell.name, name_w) + " ")
            entry.append_text(cell.status)
            if cell.tokens:
                entry.append(" ")
                entry.append_text(tokens_text(cell.tokens, marks, 1 + len(cell.tokens)))
            items.append(entry)
        lines += pack(cat(group_label(words, group), Text(": ")), items, width)
    return lines


# ====================================================================== the whole map


def board_map(game: Game, *, width: int = 80, height: int = 24,
              kinds: Sequence[str] | None = None, detail: bool = False,
              viewer: int | None = None, reserve: int = 0,
              words: Words | None = None, notes: Sequence[str] = ()) -> Group:
    """The board map for a console ``width`` columns wide and ``height`` lines tall, ready
    for ``console.print``. ``kinds`` gives a note per seat ("random" for a bot);
    ``detail`` (the ``b`` command) adds the owned deeds table and, when they are not in the
    middle of the ring, the bank's unsold deeds, above the map. ``viewer`` is the seat it
    is shown to. ``reserve`` is how many lines the caller prints after the map (the
    question and its menu): when the ring and those lines do not fit ``height``, the
    standings go under the ring, next to the question, so that the cash stays on screen.
    ``words``: the edition's words (by default those of the game's registered edition).
    ``notes``: sentences the front adds to the bank's line (the last throw)."""
    words = words if words is not None else words_for(game)
    marks = player_marks([p.name for p in game.players])
    cells = space_cells(game, words, marks)
    tracks = words.track_layouts()
    if tracks:
        return tracks_map(game, words, cells, marks, tracks, width=width, height=height,
                          kinds=kinds, detail=detail, viewer=viewer, reserve=reserve,
                          notes=notes)
    sides = words.layout()
    width = max(20, width)
    geometry = choose_geometry(sides, width, height)
    parts: list[RenderableType] = []
    if detail:
        parts.append(deeds_table(game))
    bank = status_text(game, notes)
    if geometry is None:
        if detail:
            parts += unsold_lines(game, words, width)
        parts += compact_lines(game, words, cells, marks, width)
        parts += legend(game, words, marks, width)
        parts += wrapped(bank, width)
        parts += standings_lines(game, words, marks, width, kinds, viewer) or []
        return Group(*parts)
    inside_w, inside_h = inside_size(sides, geometry)
    ring_h = 2 * geometry.row_height + inside_h
    room = inside_w - 4
    middle = standings_lines(game, words, marks, room, kinds, viewer)
    centre: list[Text] = []
    below: list[Text] = []
    if middle is not None and len(middle) <= inside_h and ring_h + 1 + reserve <= height:
        centre = list(middle)
        bank_lines = wrapped(bank, room)
        if bank_lines and len(centre) + 1 + len(bank_lines) <= inside_h:
            centre += [Text(), *bank_lines]
        else:
            below += wrapped(bank, width)
    else:
        # Under the ring, next to the question that follows, when the screen is too short
        # for the ring and what is asked after it: the cash stays in sight.
        below += wrapped(bank, width)
        below += standings_lines(game, words, marks, width, kinds, viewer) or []
    unsold = unsold_lines(game, words, room)
    if unsold and centre and len(centre) + 1 + len(unsold) <= inside_h:
        centre += [Text(), *unsold]
    elif detail:
        parts += unsold_lines(game, words, width)
    block_w = max((line.cell_len for line in centre), default=0)
    centre = [fit(line, block_w) for line in centre]
    parts += ring(sides, cell_drawer(cells, marks), centre, geometry)
    parts += legend(game, words, marks, width)
    parts += below
    return Group(*parts)


# ====================================================================== several tracks


TRACK_MIN_CELL, TRACK_MIN_CORNER = 7, 8
"""The narrowest cells of a board of several tracks (narrower: the compact view)."""
TRACK_SHAPES = ((ROW_HEIGHT, 2), (2, 1))
"""The shapes tried for nested rings, roomiest first: (lines of the top and bottom rows,
fewest lines of a side cell)."""


def track_of_spaces(tracks: dict[str, list[list[int]]]) -> dict[int, str]:
    """Each space's track, by board index."""
    return {i: name for name, sides in tracks.items() for side in sides for i in side}


def track_places(game: Game, tracks: dict[str, list[list[int]]]) -> list[str]:
    """Where each player is, with the track: "Pay Day (outer)"."""
    of = track_of_spaces(tracks)
    out = []
    for p in game.players:
        where = where_words(game, p.seat)
        track = of.get(p.position)
        out.append(where if p.bankrupt or track is None else f"{where} ({track})")
    return out


def track_geometries(rings: Sequence[Sequence[Sequence[int]]], width: int, centre_h: int,
                     row_height: int, min_side: int) -> list[Geometry] | None:
    """One geometry per ring, innermost first, each ring fitting inside the next and the
    outermost ``width`` columns, with the widest cells that fit (None: none fit); the
    innermost ring's inside is at least ``centre_h`` lines tall."""
    across = [len(ring_places(r)[0]) - 2 for r in rings]
    down = [len(ring_places(r)[2]) for r in rings]
    for cell in range(MAX_CELL, TRACK_MIN_CELL - 1, -1):
        corner = min(MAX_CORNER, (width - across[-1] * cell) // 2,
                     *((across[n + 1] - across[n]) * cell // 2
                       for n in range(len(rings) - 1)))
        if corner < TRACK_MIN_CORNER:
            continue
        geometries = []
        need = centre_h
        for n in range(len(rings)):
            side = max(min_side, -(-need // max(1, down[n])))
            geometries.append(Geometry(cell, corner, row_height, side))
            need = 2 * row_height + down[n] * side
        return geometries
    return None


def nested_rings(rings: Sequence[Sequence[Sequence[int]]], draw: Draw[int],
                 centre: Sequence[Text], geometries: Sequence[Geometry]) -> list[Text]:
    """The rings drawn from the inside out, each the centre of the next."""
    lines = list(centre)
    for sides, geometry in zip(rings, geometries, strict=True):
        lines = ring(sides, draw, lines, geometry)
    return lines


def track_lines(game: Game, tracks: dict[str, list[list[int]]], cells: Sequence[Cell],
                marks: Sequence[str], width: int) -> list[Text]:
    """One line per track (wrapped): the tokens on it and their spaces ("Outer track: @A
    Pay Day, @BC Reading RR"), the players in Jail as "in @B Jail"."""
    jailed: dict[int, list[int]] = {}
    for p in game.players:
        if p.in_jail and not p.bankrupt:
            jailed.setdefault(p.position, []).append(p.seat)
    name_w = 14 if width >= 60 else 9
    lines: list[Text] = []
    for name, sides in tracks.items():
        items = []
        for side in sides:
            for i in side:
                if cells[i].tokens:
                    items.append(cat(tokens_text(cells[i].tokens, marks,
                                                 1 + len(cells[i].tokens)),
                                     Text(" " + fit_name(cells[i].name, name_w))))
                if i in jailed:
                    items.append(cat(Text("in "), tokens_text(jailed[i], marks,
                                                              1 + len(jailed[i])),
                                     Text(" " + fit_name(cells[i].name, name_w))))
        head = Text(f"{name.capitalize()} track: ", style="bold")
        lines += pack(head, items or [Text("nobody", style="dim")], width)
    return lines


def tracks_map(game: Game, words: Words, cells: Sequence[Cell], marks: Sequence[str],
               tracks: dict[str, list[list[int]]], *, width: int, height: int,
               kinds: Sequence[str] | None, detail: bool, viewer: int | None,
               reserve: int, notes: Sequence[str] = ()) -> Group:
    """The map of a board of several concentric tracks (``tracks`` innermost first): the
    rings nested with the standings in the innermost, or under the rings when the screen
    is short; when the rings do not fit the width (or the screen is too short even for
    that), a compact view: a line per track with its tokens, then the standings, each
    player's place with its track. What each player holds (``Words.holdings``) comes under
    the standings where the screen has room for it (always with ``detail``)."""
    width = max(20, width)
    rings = list(tracks.values())
    places = track_places(game, tracks)
    draw = cell_drawer(cells, marks)
    key = legend(game, words, marks, width)
    bank = status_text(game, notes)
    held = holdings_lines(game, words, marks, width)
    parts: list[RenderableType] = []
    if detail:
        parts.append(deeds_table(game))
        parts += unsold_lines(game, words, width)
    inner_across = len(ring_places(rings[0])[0]) - 2
    choices: list[list[Text]] = [held, []] if held else [[]]
    for extra in choices:
        for row_height, min_side in TRACK_SHAPES:
            probe = track_geometries(rings, width, 1, row_height, min_side)
            if probe is None:
                break
            room = inner_across * probe[0].cell - 2
            middle = standings_lines(game, words, marks, room, kinds, viewer, places,
                                     with_cards=not extra)
            if middle is None:
                break
            centre = list(middle)
            bank_lines = wrapped(bank, room)
            with_bank = [*centre, Text(), *bank_lines]
            geometries = track_geometries(rings, width, len(with_bank), row_height,
                                          min_side)
            after = len(key) + (0 if detail else len(extra)) + reserve
            if geometries is not None and 2 * row_height + len(ring_places(rings[-1])[2]) * \
                    geometries[-1].side_height + after <= height:
                centre = with_bank
            else:
                geometries = track_geometries(rings, width, len(centre), row_height, min_side)
                bank_lines = []
            assert geometries is not None
            total = 2 * row_height + \
                len(ring_places(rings[-1])[2]) * geometries[-1].side_height
            under = [] if bank_lines else wrapped(bank, width)
            if total + after + len(under) <= height:
                block_w = max((line.cell_len for line in centre), default=0)
                centre = [fit(line, block_w) for line in centre]
                parts += nested_rings(rings, draw, centre, geometries)
                parts += key
                parts += under
                parts += extra
                return Group(*parts)
    # The rings with the standings under them, when the screen is short.
    geometries = track_geometries(rings, width, 1, *TRACK_SHAPES[-1])
    below = wrapped(bank, width) + (standings_lines(game, words, marks, width, kinds,
                                                    viewer, places, with_cards=not held) or [])
    if geometries is not None:
        total = 2 * TRACK_SHAPES[-1][0] + \
            len(ring_places(rings[-1])[2]) * geometries[-1].side_height
        if total + len(key) + len(below) + (0 if detail else len(held)) + reserve <= height:
            parts += nested_rings(rings, draw, [], geometries)
            parts += key
            parts += below
            parts += held
            return Group(*parts)
    # The compact view: the deeds by colour group when they fit the screen, then the
    # tokens by track, the standings (the cash) and what each player holds.
    tokens = track_lines(game, tracks, cells, marks, width)
    groups = compact_lines(game, words, cells, marks, width)
    if len(groups) + len(key) + len(tokens) + len(below) + len(held) + reserve <= height:
        parts += groups
        parts += key
    parts += tokens
    parts += below
    parts += held
    return Group(*parts)
