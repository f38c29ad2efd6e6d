"""Prompts for people: numbered menus, amounts, lists of numbers, yes/no.

Every prompt understands the table commands (``b`` board, ``s`` save, ``q`` quit, ``?``
help), answers bad input with a short reason and asks again, and never changes the game:
only the caller acts on what it returns. End of input raises ``EOFError``; ``q`` raises
:class:`QuitRequested`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TextIO

from rich.console import Console
from rich.text import Text

HELP = """\
Type the number of a choice and press Enter. At any prompt you can also type:
  b   show the board map with the deeds table and the bank's unsold deeds
  s   save now (the game is saved after every answer anyway, unless --no-save)
  q   quit: the game is saved and the command that continues it is shown
  ?   this help (also h)
Where several numbers are asked for (deeds in a trade), separate them with spaces or
commas; press Enter for none. Where an amount is asked for, type a whole number; Enter
goes back (or means 0 where the prompt says so)."""


class QuitRequested(Exception):
    """The person typed ``q`` at a prompt."""


_SAVE = {"s", "save"}
_BOARD = {"b", "board"}
_HELP = {"?", "h", "help"}
_QUIT = {"q", "quit", "exit"}


class Prompter:
    """Reads answers from ``infile`` and writes prompts and reasons to ``console``.

    ``on_save`` and ``on_board`` carry out the ``s`` and ``b`` commands.
    """

    def __init__(self, console: Console, infile: TextIO, *,
                 on_save: Callable[[], None] | None = None,
                 on_board: Callable[[], None] | None = None,
                 echo: bool | None = None) -> None:
        self.console = console
        self.infile = infile
        self.on_save = on_save
        self.on_board = on_board
        if echo is None:
            isatty = getattr(infile, "isatty", None)
            echo = not (callable(isatty) and isatty())
        self.echo = echo
        """Repeat each answer after its prompt (when input is piped, so the transcript
        reads as a conversation)."""

    # ------------------------------------------------------------ output

    def say(self, text: str | Text = "", style: str | None = None) -> None:
        """Print a line: on a terminal wrapped at words to its width (read when printing);
        elsewhere (a pipe, a file) unwrapped, one line per line."""
        self.console.print(text, style=style, markup=False, highlight=False,
                           soft_wrap=not self.console.is_terminal)

    def reason(self, text: str) -> None:
        """A short reason why an answer was not taken."""
        self.say(text, style="yellow")

    # ------------------------------------------------------------ input

    def raw(self, prompt: str) -> str:
        """One line of input without the table commands (a file name)."""
        self.console.print(prompt, end="", markup=False, highlight=False,
                           soft_wrap=not self.console.is_terminal)
        self.console.file.flush()
        line = self.infile.readline()
        if not line:
            self.say()
            raise EOFError
        text = line.strip()
        if self.echo:
            self.say(text)
        return text

    def line(self, prompt: str, *, names: bool = False, help_text: str = "") -> str:
        """One line of input; the table commands are carried out here and the prompt is
        asked again. With ``names`` (a name is asked for) only their one-letter forms are
        commands: "board" is an answer (Boardwalk), "b" shows the board. ``help_text``
        comes before the commands' help on ``?``."""
        while True:
            text = self.raw(prompt)
            word = text.lower()
            if names and len(word) > 1:
                return text
            if word in _QUIT:
                raise QuitRequested
            if word in _HELP:
                if help_text:
                    self.say(help_text)
                self.say(HELP)
            elif word in _BOARD:
                if self.on_board is not None:
                    self.on_board()
            elif word in _SAVE:
                if self.on_save is not None:
                    self.on_save()
                else:
                    self.reason("This game cannot be saved.")
            else:
                return text

    def choose(self, items: Sequence[str], *, title: str | None = None,
               empty: int | None = None) -> int:
        """Show ``items`` numbered from 1 and return the index (from 0) picked.

        ``empty`` is the index that a bare Enter picks (None: Enter is not an answer).
        """
        if title:
            self.say(title, style="bold")
        width = len(str(len(items)))
        for i, item in enumerate(items, start=1):
            self.say(f"  {i:>{width}}. {item}")
        hint = f" (Enter = {empty + 1})" if empty is not None else ""
        prompt = f"Choose 1-{len(items)}{hint}, or ? for help: "
        while True:
            text = self.line(prompt)
            if not text:
                if empty is not None:
                    return empty
                self.reason(f"Type a number from 1 to {len(items)}.")
                continue
            number = parse_number(text)
            if number is None:
                self.reason(f"'{shown(text)}' is not a number: type a number from 1 to "
                            f"{len(items)} (or ? for help).")
                continue
            if not 1 <= number <= len(items):
                self.reason(f"There is no choice {number}: type a number from 1 to "
                            f"{len(items)}.")
                continue
            return number - 1

    def amount(self, prompt: str, check: Callable[[int], str | None], *,
               symbol: str = "$", default: int | None = None,
               parse: Callable[[str], int | None] | None = None,
               example: str = "120") -> int | None:
        """A whole amount that ``check`` accepts (it returns the reason for refusing one).

        Enter returns ``default`` (None: go back without an amount).
        """
        while True:
            text = self.line(prompt)
            if not text:
                return default
            number = parse(text) if parse is not None else parse_number(text, symbol)
            if number is None:
                self.reason(f"'{shown(text)}' is not an amount: type one like {example}.")
                continue
            problem = check(number)
            if problem is not None:
                self.reason(problem[0].upper() + problem[1:] + ".")
                continue
            return number

    def pick_many(self, prompt: str, count: int) -> list[int]:
        """Several numbers from 1 to ``count`` (as indices from 0); Enter for none."""
        while True:
            text = self.line(prompt)
            if not text:
                return []
            picked: list[int] = []
            problem = ""
            for token in re.split(r"[\s,]+", text.strip(" ,")):
                number = parse_number(token)
                if number is None:
                    problem = f"'{shown(token)}' is not a number"
                    break
                if not 1 <= number <= count:
                    problem = f"there is no {number} in the list (1 to {count})"
                    break
                if number - 1 not in picked:
                    picked.append(number - 1)
            if problem:
                self.reason(f"{problem[0].upper()}{problem[1:]}: type numbers from the list "
                            "separated by spaces, or press Enter for none.")
                continue
            return picked

    def yes_no(self, prompt: str, default: bool | None = None) -> bool:
        while True:
            text = self.line(prompt).lower()
            if not text and default is not None:
                return default
            if text in ("y", "yes"):
                return True
            if text in ("n", "no"):
                return False
            self.reason("Type y for yes or n for no.")


def shown(text: str, limit: int = 40) -> str:
    """What a person typed, cut short when it is long (to echo it in a reason)."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


MAX_DIGITS = 18
"""The most digits a typed number may have (more is not a number a game can use, and
Python refuses to read numbers of thousands of digits)."""


def parse_number(text: str, symbol: str = "$") -> int | None:
    """A whole number typed by a person ("120", "$1,200", "-5"); None if it is not one."""
    cleaned = text.strip().replace(",", "").replace("_", "")
    negative = cleaned.startswith("-")
    if negative:
        cleaned = cleaned[1:].strip()
    if symbol and cleaned.startswith(symbol):
        cleaned = cleaned[len(symbol):].strip()
    if not cleaned.isdigit() or not cleaned.isascii() or len(cleaned) > MAX_DIGITS:
        return None
    value = int(cleaned)
    return -value if negative else value
