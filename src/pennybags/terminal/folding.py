"""Long menus made short: many actions of one kind become one sub-menu line.

A decision can allow dozens of actions of one kind (Monopoly 2.3 lets the turn's player
force the sale of every deed of the others outside a monopoly, and play each card on each
player). :func:`fold_actions` keeps the decision's own answers (roll, buy, end the turn...)
as menu lines and replaces a kind with more than :data:`FOLD_OVER` actions, or whose
actions differ only by the player they are aimed at, with one :class:`Fold`; the terminal
shows it as "Play a card... (2 cards, 3 players)" and opens a second menu when it is
chosen. Nothing here changes the game: a fold only holds the legal actions it stands for.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pennybags.engine.actions import Action
from pennybags.engine.game import Game
from pennybags.engine.notation import action_to_json

FOLD_OVER = 3
"""A kind of action with more menu lines than this is folded into one line."""

PICK_OVER = 40
"""A kind with more actions than this is folded even when it is the whole menu (a numbered
list that long does not fit a screen); the terminal then asks for a place by name."""

KIND_WORDS: dict[str, tuple[str, str]] = {
    "play-card": ("Play a card", "card"),
    "force-buy": ("Force a sale", "deed"),
    "buy-deed": ("Buy from the market", "deed"),
    "buy-building": ("Buy buildings", "choice"),
    "give-deed": ("Hand over a deed", "deed"),
    "give-building": ("Hand over buildings", "choice"),
    "give-up": ("Give up a property", "deed"),
    "build": ("Build", "street"),
    "sell-building": ("Sell buildings", "street"),
    "mortgage": ("Mortgage a deed", "deed"),
    "unmortgage": ("Lift a mortgage", "deed"),
    "go-to": ("Go to a property", "space"),
    "pick": ("Pick a property", "deed"),
    "move": ("Move a player", "player"),
    "choose-player": ("Choose a player", "player"),
    "play-voucher": ("Play a Travel Voucher", "space"),
    "move-to": ("Move to a space", "space"),
    "choose-space": ("Choose a space", "space"),
    "choose-deed": ("Choose a property", "property"),
    "take-taxi": ("Take a taxi", "destination"),
    "put-up-for-auction": ("Put a property up for auction", "property"),
    "buy-share": ("Buy a share", "company"),
    "auction-share": ("Name the share to auction", "company"),
    "choose-company": ("Choose a company", "company"),
    "mortgage-share": ("Mortgage a share", "company"),
    "unmortgage-share": ("Lift a share's mortgage", "company"),
    "sell-down": ("Sell down a group", "group"),
}
"""The words of a folded line for each action kind: its title and what it counts."""


@dataclass(frozen=True)
class Fold:
    """Several legal actions of one kind, shown as one menu line.

    ``targets[i]`` is the seat ``actions[i]`` is aimed at and ``whats[i]`` what the action
    is without its target (a card), when the actions differ by the player they name
    (``targets`` is empty otherwise).
    """

    do: str
    actions: tuple[Action, ...]
    targets: tuple[int, ...] = ()
    whats: tuple[str, ...] = ()

    @property
    def targeted(self) -> bool:
        return bool(self.targets)

    def what_choices(self) -> list[Action]:
        """One action for each different thing to aim (each card), in menu order."""
        seen: dict[str, Action] = {}
        for what, action in zip(self.whats, self.actions, strict=True):
            seen.setdefault(what, action)
        return list(seen.values())

    def target_choices(self, like: Action) -> list[tuple[int, Action]]:
        """The players the thing ``like`` aims can be aimed at, each once, with the
        action that aims it at them."""
        what = self.whats[self.actions.index(like)]
        out: dict[int, Action] = {}
        for w, seat, action in zip(self.whats, self.targets, self.actions, strict=True):
            if w == what:
                out.setdefault(seat, action)
        return list(out.items())

    def title(self) -> str:
        return kind_words(self.do)[0]

    def line(self) -> str:
        """The menu line: "Force a sale... (4 deeds)", "Play a card... (2 cards,
        3 players)"."""
        noun = kind_words(self.do)[1]
        if self.targeted:
            whats = len(self.what_choices())
            players = len(set(self.targets))
            count = f"{plural(whats, noun)}, {plural(players, 'player')}"
        elif noun in ("space", "property"):
            # the places, each once (two vouchers to the same space are one space)
            places = len({a.space if a.space >= 0 else a.deed for a in self.actions})
            count = plural(places, "space") if noun == "space" else \
                f"{places} propert{'y' if places == 1 else 'ies'}"
        else:
            count = plural(len(self.actions), noun)
        return f"{self.title()}... ({count})"


def kind_words(do: str) -> tuple[str, str]:
    """The title and counted noun of a kind of action ("Force a sale", "deed"); an
    unknown kind is worded from its id."""
    known = KIND_WORDS.get(do)
    if known is not None:
        return known
    return do.replace("-", " ").capitalize(), "choice"


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def target_of(game: Game, action: Action) -> tuple[int, str] | None:
    """The seat an action is aimed at (its ``target`` field) and what it is without that
    seat (its JSON without ``target``), or None when it names no player."""
    if action.target < 0 or action.trade is not None:
        return None
    fields = action_to_json(game, action)
    rest = sorted((k, repr(v)) for k, v in fields.items() if k != "target")
    return action.target, repr(rest)


def fold_actions(game: Game, actions: Sequence[Action], *,
                 other_lines: int = 0) -> list[Action | Fold]:
    """The menu entries for ``actions``: single actions, and a :class:`Fold` in place of
    the first action of each kind that is long (more than :data:`FOLD_OVER` lines) or
    differs only by its target player. ``other_lines`` counts the menu's lines besides
    these actions: a kind is never folded when it would be the menu's only line."""
    kinds: dict[str, list[Action]] = {}
    for a in actions:
        kinds.setdefault(a.do, []).append(a)
    folds: dict[str, Fold] = {}
    for do, group in kinds.items():
        kind = game.rulebook.vocabulary.actions.get(do)
        single = kind is None or not kind.fields or kind.fields[0].name == "amount"
        if single or len(group) < 2:  # a decision's single answers are never folded
            continue
        if other_lines + len(actions) - len(group) == 0 and len(group) <= PICK_OVER:
            continue  # the whole menu: folding would only add a step
        aimed = [target_of(game, a) for a in group]
        seats = {t[0] for t in aimed if t is not None}
        if all(t is not None for t in aimed) and len(seats) > 1:
            folds[do] = Fold(do, tuple(group),
                             tuple(t[0] for t in aimed if t is not None),
                             tuple(t[1] for t in aimed if t is not None))
        elif len(group) > FOLD_OVER:
            folds[do] = Fold(do, tuple(group))
    out: list[Action | Fold] = []
    placed: set[str] = set()
    for a in actions:
        fold = folds.get(a.do)
        if fold is None:
            out.append(a)
        elif a.do not in placed:
            placed.add(a.do)
            out.append(fold)
    return out


def without_target(label: str, name: str) -> tuple[str, str]:
    """A menu line for an aimed action with the target's name taken off, and the word
    that led to it: ("Play Chance: 'Go to Jail'", "on") from "Play Chance: 'Go to Jail'
    on Bob". A label that does not end with the name says "a player" in its place."""
    if label.endswith(" " + name):
        head = label[: -len(name) - 1]
        word = head.rsplit(" ", 1)
        if len(word) == 2 and word[1] in ("on", "to", "for", "at", "with"):
            return word[0], word[1]
        return head, ""
    return label.replace(name, "a player"), ""
