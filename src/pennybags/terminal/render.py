"""Views of a game: a plain-text summary and Rich tables for the terminal.

:func:`describe_state` is plain text (used by ``scenario run`` and ``replay``).
:func:`board_view` is what ``play`` shows at the start of a person's turn and on ``b``: a
standings table (cash, where each player is, jail, cards, total assets), the owned deeds by
colour group (owner, buildings, mortgages) and the bank's buildings. Rich prints it without
colour when the output is not a terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from pennybags.editions import words_for
from pennybags.engine.game import Game
from pennybags.engine.ledger import FREE_PARKING_POT
from pennybags.engine.words import group_title


def describe_state(game: Game) -> str:
    """A compact standings view: players, what they own, and who must act."""
    lines = []
    board = game.board
    words = words_for(game)
    tracks = words.track_layouts() or {}
    track_of = {i: name for name, sides in tracks.items() for side in sides for i in side}
    for p in game.players:
        track = f" ({track_of[p.position]} track)" if p.position in track_of else ""
        where = "in Jail" if p.in_jail else f"at {board[p.position].name}{track}"
        status = " (bankrupt)" if p.bankrupt else ""
        lines.append(f"{p.name}{status}: {game.money(game.cash(p.seat))}, {where}")
        owned = []
        for d in game.deeds_of(p.seat):
            label = board[d].name
            level = game.houses[d]
            built = words.improvement_words(d)
            if built is not None:
                label += f" [{built}]"
            elif level and level == words_for(game).hotel_level():
                label += " [hotel]"
            elif level:
                label += f" [{level}h]"
            if game.mortgaged[d]:
                label += " (mortgaged)"
            owned.append(label)
        if owned:
            lines.append("   owns " + ", ".join(owned))
        held = words.holdings(p.seat)
        if held and not p.bankrupt:
            lines.append("   holds " + "; ".join(held))
    lines += words.table_notes()
    if game.over:
        winner = game.name(game.winner) if game.winner is not None else "nobody (a draw)"
        lines.append(f"Game over ({game.end_reason}): {winner} wins.")
    for decision in game.pending:
        lines.append(f"Waiting on {game.name(decision.player)}: {decision.kind}")
    return "\n".join(lines)


def where_words(game: Game, seat: int) -> str:
    """Where a player stands, in words ("In Jail (1 failed try)", "Just visiting Jail")."""
    p = game.players[seat]
    if p.bankrupt:
        return "out (bankrupt)"
    space = game.board[p.position]
    if p.in_jail:
        tries = p.jail_turns
        return "In Jail" + (f" ({tries} {'try' if tries == 1 else 'tries'})" if tries else "")
    if space.kind == "jail":
        return f"Just visiting {space.name}"
    return space.name


def total_assets(game: Game, seat: int) -> int | None:
    """The edition's total assets of a player (the round-cap measure), if it has one."""
    return words_for(game).total_assets(seat)


def cards_words(game: Game, seat: int, viewer: int | None = None) -> str:
    """A player's kept cards: Get Out of Jail Free cards by deck ("Chance"); a hand of
    hidden cards (Monopoly 2.3) only by their number, except to the ``viewer`` who holds
    it ("3 in your hand": their menus name the cards); what the edition counts itself
    (``Words.holdings_short``: Ultimate Monopoly's "2 vouchers, 1 Roll Three, 3
    shares")."""
    short = words_for(game).holdings_short(seat)
    if short is not None:
        return short or "-"
    held = game.players[seat].cards
    if not held:
        return "-"
    if all(game.decks[k].cards[i].kind == "get_out_of_jail_free" for k, i in held):
        return ", ".join(f"{game.decks[k].name} (jail)" for k, _ in held)
    if seat == viewer:
        return f"{len(held)} in your hand"
    return f"{len(held)} hidden"


def standings_table(game: Game, kinds: Sequence[str] | None = None,
                    viewer: int | None = None) -> Table:
    """Players with cash, position, jail, kept cards, deeds and total assets.

    ``kinds`` gives a short note per seat (such as "bot: simple") shown after the name;
    ``viewer`` is the seat the table is shown to (their own hand is not "hidden").
    """
    title = f"Standings after round {game.round}" if game.over else \
        f"Standings, round {game.round}"
    table = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("Player", no_wrap=True)
    table.add_column("Cash", justify="right", no_wrap=True)
    table.add_column("Where", no_wrap=True)
    table.add_column("Deeds", justify="right")
    words = words_for(game)
    # An edition that words its holdings itself has them in lines of their own
    # (``board_map.holdings_lines``), not in a narrow column.
    holds = bool(game.players) and words.holdings_short(0) is not None
    if not holds:
        table.add_column("Cards", justify="right")
    tracks = words.track_layouts() or {}
    track_of = {i: name for name, sides in tracks.items() for side in sides for i in side}
    show_assets = bool(game.players) and total_assets(game, 0) is not None
    if show_assets:
        table.add_column("Assets", justify="right")
    for p in game.players:
        name = Text(p.name, style="bold" if p.seat == game.current and not game.over else "")
        if kinds is not None and p.seat < len(kinds) and kinds[p.seat]:
            name.append(f" ({kinds[p.seat]})", style="dim")
        row: list[RenderableType] = [
            name,
            game.money(game.cash(p.seat)),
            where_words(game, p.seat) + (f" ({track_of[p.position]})" if p.position in
                                         track_of and not p.bankrupt else ""),
            str(len(game.deeds_of(p.seat))),
        ]
        if not holds:
            row.append(cards_words(game, p.seat, viewer))
        if show_assets:
            assets = total_assets(game, p.seat)
            row.append(game.money(assets) if assets is not None else "-")
        table.add_row(*row, style="dim" if p.bankrupt else "")
    return table


def deeds_table(game: Game) -> Table | Text:
    """The owned deeds with their colour group, owner and buildings: each group together,
    the groups in the order they first appear on the board, each group's deeds in board
    order (Electric Company with Water Works, not among the pinks)."""
    board = game.board
    owned = sorted((d for d in board.deeds if game.owner[d] >= 0),
                   key=lambda d: (min(board.group_of[d], default=d), d))
    if not owned:
        return Text("No deeds have been bought yet.")
    show_mortgages = mortgages_exist(game)
    table = Table(title="Deeds", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("Group")
    table.add_column("Deed")
    table.add_column("Owner")
    words = words_for(game)
    table.add_column(words.improvement_heading)
    if show_mortgages:
        table.add_column("Mortgaged")
    last_group = None
    for d in owned:
        space = board[d]
        colour = board.group_info.get(space.group, {}).get("color")
        group_text = Text("" if space.group == last_group else group_title(space.group),
                          style=str(colour) if colour else "")
        last_group = space.group
        whole = all(game.owner[x] == game.owner[d] for x in board.group_of[d])
        level = game.houses[d]
        improvement = words.improvement_words(d)
        if improvement is not None:
            buildings = improvement
        else:
            buildings = words.buildings_words(level) if level else (
                "-" if space.kind == "street" else "")
        owner = game.name(game.owner[d]) + (" (whole group)" if whole and len(
            board.group_of[d]) > 1 else "")
        row: list[RenderableType] = [group_text, space.name, owner, buildings]
        if show_mortgages:
            row.append("mortgaged" if game.mortgaged[d] else "")
        table.add_row(*row)
    unowned = len(board.deeds) - len(owned)
    table.caption = f"{unowned} deed{'s' if unowned != 1 else ''} still with the bank"
    table.caption_justify = "left"
    return table


def mortgages_exist(game: Game) -> bool:
    """Whether the edition has mortgages (or, whatever it says, a deed is mortgaged)."""
    return words_for(game).shows_mortgages() or any(game.mortgaged)


def bank_words(game: Game) -> str:
    """The bank's building stock and the Free Parking pot, when the edition has them, then
    the edition's other notes on the table (``Words.table_notes``: Ultimate Monopoly's
    Pool)."""
    parts = []
    stock = words_for(game).building_stock()
    if stock is not None:
        houses, hotels = stock
        parts.append(f"the bank has {houses} houses and {hotels} hotels")
    pot = game.ledger.balance(FREE_PARKING_POT)
    if pot:
        parts.append(f"the Free Parking pot holds {game.money(pot)}")
    notes = words_for(game).table_notes()
    if not parts:
        return " ".join(notes)
    text = "; ".join(parts) + "."
    return " ".join([text[0].upper() + text[1:], *notes])


def board_view(game: Game, kinds: Sequence[str] | None = None,
               viewer: int | None = None) -> Group:
    """Standings, deeds and the bank, ready for ``console.print`` (shown to ``viewer``)."""
    parts: list[RenderableType] = [standings_table(game, kinds, viewer), deeds_table(game)]
    bank = bank_words(game)
    if bank:
        parts.append(Text(bank))
    return Group(*parts)
