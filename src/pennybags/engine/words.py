"""What fronts (the terminal, the browser) learn from an edition, through one typed
interface: :class:`Words`.

Each edition implements it in its own folder (``editions/<edition>/words.py``) and names the
class in its registry entry; a front asks ``pennybags.editions.words_for(game)`` and never
probes the game's attributes. It gives:

* numbers a front shows that only some editions have (total assets, final scores, the
  bank's building stock, auction presses and timers), what a player holds besides cash and
  deeds, notes on the table (a pot) and how a throw reads (a speed die's face);
* the words: money, menu lines for actions, the question a decision asks, what stands on a
  deed, group names;
* the board's layout: which spaces run along each side, for a board map.

This base class gives the common defaults; nothing here knows any edition.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from pennybags.engine.actions import Action, Decision

if TYPE_CHECKING:
    from pennybags.engine.game import Game

ActionWords = Callable[[Any, Action, "Decision | None"], "str | None"]
"""A menu line for an action: ``(words, action, decision) -> line`` (None: let the rule
of the edition below, or the schema's label, word it)."""
DecisionWords = Callable[[Any, int, Decision], "str | None"]
"""The question a decision asks a seat: ``(words, seat, decision) -> question`` (None: let
the rule of the edition below, or the plain question, word it)."""

F = TypeVar("F", bound=Callable[..., Any])

_MARKED: dict[Callable[..., Any], tuple[str, tuple[str, ...]]] = {}
"""Methods marked by :func:`labels` or :func:`asks`, with what they word."""


def labels(*kinds: str) -> Callable[[F], F]:
    """Mark a :class:`Words` method as the menu line of these action kinds."""
    def mark(method: F) -> F:
        _MARKED[method] = ("action", kinds)
        return method
    return mark


def asks(*kinds: str) -> Callable[[F], F]:
    """Mark a :class:`Words` method as the question these decision kinds ask."""
    def mark(method: F) -> F:
        _MARKED[method] = ("decision", kinds)
        return method
    return mark

def group_title(group: str) -> str:
    """``light_blue`` as "Light blue"."""
    return group.replace("_", " ").replace("-", " ").capitalize() if group else ""


class Words:
    """An edition's words and the facts fronts show, for one game."""

    improvement_heading: ClassVar[str] = "Buildings"
    """The title of the column that shows what stands on each deed."""
    ends_with_scores: ClassVar[bool] = False
    """Whether a game ends with every remaining player's final score (the lab reports the
    winner's margin)."""

    action_words: ClassVar[dict[str, tuple[ActionWords, ...]]] = {}
    """The menu-line rules of each action kind, this edition's first, then those of the
    editions it is built on (made from the methods marked with :func:`labels`)."""
    decision_words: ClassVar[dict[str, tuple[DecisionWords, ...]]] = {}
    """The question rules of each decision kind, likewise (marked with :func:`asks`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        actions = dict(cls.action_words)
        decisions = dict(cls.decision_words)
        for value in vars(cls).values():
            mark = _MARKED.get(value) if callable(value) else None
            if mark is None:
                continue
            table: dict[str, Any] = actions if mark[0] == "action" else decisions
            for kind in mark[1]:
                table[kind] = (value, *table.get(kind, ()))
        cls.action_words = actions
        cls.decision_words = decisions

    def __init__(self, game: Game) -> None:
        self.game = game

    # ------------------------------------------------------------ numbers fronts show

    def total_assets(self, seat: int) -> int | None:
        """What a player is worth by the edition's measure (None: the edition has none)."""
        return None

    def final_scores(self) -> dict[int, int]:
        """The final score of each remaining seat, in editions that end with scores."""
        return {}

    def building_stock(self) -> tuple[int, int] | None:
        """The houses and hotels the bank still has (None: no stock to show)."""
        return None

    def shows_mortgages(self) -> bool:
        """Whether the edition has mortgages (a column for them)."""
        game = self.game
        return any(game.board.spaces[d].mortgage for d in game.board.deeds) or \
            any(game.mortgaged)

    def bid_step(self) -> int | None:
        """When bids are presses of a fixed step (Ultimate Banking's M button): the step;
        None when a bid is any amount."""
        return None

    def next_bid(self) -> int | None:
        """The amount the next press bids, during an auction of presses."""
        return None

    def auction_timer(self) -> int:
        """Seconds of an auction's timer (0: no timer; players pass instead)."""
        return 0

    def jail_tries(self) -> int:
        """How many tries for doubles a player has in jail."""
        return int(self.game.data.rules.get("max_jail_turns", 3))

    def doubles(self) -> int:
        """Doubles rolled in a row in this turn."""
        return 0

    def lift_offer(self) -> list[int]:
        """Mortgaged deeds just received whose mortgage may be lifted now at its value."""
        return []

    def unmortgage_cost(self, deed: int) -> int | None:
        """What lifting the mortgage of ``deed`` costs now (None: no mortgages)."""
        return None

    def declined_deeds_stay(self) -> bool:
        """Whether a deed the lander does not buy stays with the bank (no auction)."""
        return False

    def holdings(self, seat: int) -> list[str] | None:
        """What a player holds besides cash and deeds, item by item in words, for the
        player's panel ("Travel Card", "Motion Pictures: 2 shares (1 mortgaged)"); None:
        the front words the kept cards itself (Get Out of Jail Free cards, a hidden
        hand)."""
        return None

    def holdings_short(self, seat: int) -> str | None:
        """:meth:`holdings` counted in a few words for a standings column ("2 vouchers,
        3 shares"; "" for nothing); None: the front's own words for the kept cards."""
        return None

    def table_notes(self) -> list[str]:
        """Sentences about the table besides the bank's buildings, for a board map's
        status (Ultimate Monopoly: the Pool's money); [] when there is nothing more."""
        return []

    def last_throw(self) -> str | None:
        """The last throw of a turn in words (as :meth:`throw_words`), for a board map's
        status line; None: the map shows no last throw."""
        return None

    def deed_at(self, space: int) -> int:
        """The title deed a space stands for (-1: none): the space's own (Ultimate
        Monopoly: a transit station's twin stands for its railroad's)."""
        board = self.game.board
        return space if 0 <= space < board.size and board.spaces[space].is_deed else -1

    def throw_words(self, dice: Sequence[int | str]) -> str | None:
        """A throw's dice (as events give them: numbers, the speed die's named faces) in
        words for the narration and a board map's "last throw" ("6+3, speed die 1");
        None: the front says "6+3" and shows no last throw."""
        return None

    # ------------------------------------------------------------ words

    def money(self, amount: int) -> str:
        return self.game.money(amount)

    def account(self, account: int) -> str:
        """Who pays or is paid, in words: a player's name, or the account of the bank or a
        pot of the edition's ("the bank"; Ultimate Monopoly: "the Pool")."""
        if account >= 0:
            return self.game.name(account)
        return "the bank"

    def company_name(self, company: str) -> str:
        """A company of the edition's stock exchange by its id ("acme-motors": "Acme
        Motors"); the id in words when the edition has no such company."""
        for stock in self.game.data.raw.get("stocks") or ():
            if stock.get("id") == company:
                return str(stock.get("company", company))
        return company.replace("-", " ").title()

    def group_title(self, group: str) -> str:
        return group_title(group)

    def hotel_level(self) -> int:
        """The improvement level that is a hotel (0: the edition has no hotels)."""
        return 0

    def buildings_words(self, level: int) -> str:
        """An improvement level in words ("level 2"; classic: "2 houses", "a hotel")."""
        return f"level {level}" if level else "nothing"

    def improvement_words(self, deed: int) -> str | None:
        """What stands on an owned deed, in the edition's words (None: the front calls
        ``houses[deed]`` houses or a hotel)."""
        return None

    def question(self, seat: int, decision: Decision) -> str:
        """The whole question put to ``seat``, with what they need to know: the edition's
        rule for the decision's kind (:func:`asks`), or the plain question."""
        for rule in self.decision_words.get(decision.kind, ()):
            words = rule(self, seat, decision)
            if words is not None:
                return words
        game = self.game
        return f"{game.name(seat)}: {decision.kind} ({self.money(game.cash(seat))})."

    def framed(self, seat: int, words: str) -> str:
        """A question in the common frame: "Ann, <words> You have $1,500."."""
        return f"{self.game.name(seat)}, {words} You have {self.money(self.game.cash(seat))}."

    def action_label(self, action: Action, decision: Decision | None = None) -> str:
        """A menu line for an action: the edition's rule for its kind (:func:`labels`),
        or the kind's label in the schema."""
        for rule in self.action_words.get(action.do, ()):
            words = rule(self, action, decision)
            if words is not None:
                return words
        return self.schema_label(action, decision)

    def card_words(self, card: tuple[str, int]) -> str:
        """A held card (deck key, index) in words: its title ("Bus Ticket"); an edition
        adds what tells alike titles apart (Ultimate Monopoly: "Bus Ticket (expires all
        others)")."""
        deck = self.game.decks.get(card[0])
        if deck is None or not 0 <= card[1] < len(deck.cards):
            return "a card"
        c = deck.cards[card[1]]
        return str(c.get("title", "") or c.id.replace("-", " ").capitalize())

    def asked(self, decision: Decision | None) -> Decision | None:
        """The decision an action answers: the one given, else the first pending."""
        if decision is not None:
            return decision
        return self.game.pending[0] if self.game.pending else None

    def schema_label(self, action: Action, decision: Decision | None = None) -> str:
        """A menu line for an action from its kind's label in the schema."""
        game = self.game
        kind = game.rulebook.vocabulary.actions.get(action.do)
        template = kind.label if kind is not None and kind.label else action.do
        board = game.board
        if decision is None and game.pending:
            decision = game.pending[0]
        deed = action.deed if action.deed >= 0 else (
            decision.deed if decision is not None else -1)
        space = board.spaces[deed] if 0 <= deed < board.size else None
        stocks = game.data.raw.get("stocks") or []
        card = action.card
        fields = {
            "deed": space.name if space is not None else "it",
            "price": self.money(decision.amount) if decision is not None else "",
            "fine": self.money(int(game.data.rules.get("jail_fine", 0))),
            "cost": self.money(space.house_cost) if space is not None else "",
            "half": self.money(space.house_cost // 2) if space is not None else "",
            "mortgage": self.money(space.mortgage) if space is not None else "",
            "amount": self.money(max(0, action.amount - 1)),
            "target": game.name(action.target) if action.target >= 0 else "a player",
            "company": str(stocks[action.company]["company"])
            if 0 <= action.company < len(stocks) else "a company",
            "card": str(game.decks[card[0]].cards[card[1]].get(
                "title", game.decks[card[0]].cards[card[1]].id)) if card is not None
            else "a card",
            "space": board.spaces[action.space].name if 0 <= action.space < board.size
            else "a space",
        }
        return template.format(**fields)

    # ------------------------------------------------------------ title deeds

    def rent_lines(self, deed: int) -> list[tuple[str, str]]:
        """A title deed's rents as its card prints them, for a deed panel: each line's
        condition and its rent in words (here one line per rent level, "Level 2": "$130";
        [] for a deed without a rent table)."""
        rents = self.game.board.spaces[deed].rents
        return [(f"Level {i + 1}", self.money(r)) for i, r in enumerate(rents)]

    def rent_line(self, deed: int) -> int:
        """Which line of :meth:`rent_lines` an owned deed's rent is now (-1: unowned,
        mortgaged, or no line applies); here its level's."""
        game = self.game
        lines = len(game.board.spaces[deed].rents)
        if game.owner[deed] < 0 or game.mortgaged[deed] or not lines:
            return -1
        return min(max(game.houses[deed] - 1, 0), lines - 1)

    # ------------------------------------------------------------ the board

    def layout(self) -> list[list[int]]:
        """The spaces along each side of the board, from GO clockwise (four sides, each
        starting with its corner)."""
        size = self.game.board.size
        side = max(1, size // 4)
        return [list(range(i, min(size, i + side))) for i in range(0, size, side)]

    def track_layouts(self) -> dict[str, list[list[int]]] | None:
        """A board of several concentric tracks: each track's four sides (as
        :meth:`layout`), innermost track first (None: one track, :meth:`layout`)."""
        return None

    def group_colour(self, group: str) -> str | None:
        """The printed colour of a colour group as ``#RRGGBB`` (None: the group has no
        colour, such as the railroads; or the space has no group)."""
        colour = self.game.board.group_info.get(group, {}).get("color") if group else None
        return str(colour) if colour else None

    def short_name(self, space: int) -> str:
        """A space's name short enough for a board map: the generic words dropped
        ("Kentucky Avenue" as "Kentucky", "Reading Railroad" as "Reading RR", "Community
        Chest" as "Chest", "Free Parking" as "Parking"). A map cuts it further to fit with
        :func:`fit_name`."""
        return short_name(self.game.board.spaces[space].name)

    def improvement_mark(self, deed: int) -> str:
        """What stands on an owned deed in a few characters for a board map ("" for
        nothing; here a level as "L2"; classic: "2h" for two houses, "H" for a hotel)."""
        level = self.game.houses[deed]
        return f"L{level}" if level and self.game.owner[deed] >= 0 else ""

    def improvement_legend(self) -> str:
        """What the marks of :meth:`improvement_mark` mean, for a map's legend."""
        return "L2 level"

    def deeds_on_offer(self) -> list[int]:
        """Unowned deeds turned face up for anyone to buy now, not only by landing on them
        (Monopoly 2.3's market); [] when the edition has none."""
        return []


_GENERIC_WORDS = frozenset({"avenue", "place", "street", "road", "square", "station",
                            "gardens", "company", "the"})
"""Words a board map leaves out of a space's name ("Kentucky Avenue": "Kentucky")."""
_SHORT_FORMS = {"community chest": "Chest", "free parking": "Parking"}
"""Names a board map shortens as a whole."""


def short_name(name: str) -> str:
    """A space's name without its generic words, for a board map: "Kentucky Avenue" as
    "Kentucky", "Pennsylvania Railroad" as "Pennsylvania RR", "Fenchurch St. Station" as
    "Fenchurch", "B. & O. Railroad" as "B.&O. RR", "Community Chest" as "Chest", "Free
    Parking" as "Parking"; a name that is nothing but generic words stays whole."""
    if name.lower() in _SHORT_FORMS:
        return _SHORT_FORMS[name.lower()]
    words: list[str] = []
    for n, word in enumerate(name.replace(",", " ").replace(" & ", "&").split()):
        low = word.lower()
        if low == "railroad":
            words.append("RR")
        elif low in _GENERIC_WORDS or (n > 0 and low == "st."):
            continue
        else:
            words.append(word)
    return " ".join(words) if words else name


def fit_name(name: str, width: int) -> str:
    """A (short) name cut to ``width`` characters, keeping a short last word that tells
    spaces apart ("Pennsylvania RR" in 9 as "Pennsy RR", in 5 as "P RR")."""
    if len(name) <= width:
        return name
    if width <= 0:
        return ""
    head, _, last = name.rpartition(" ")
    if head and len(last) <= 3 and width >= len(last) + 2:
        return head[:width - len(last) - 1].rstrip(". ") + " " + last
    return name[:width].rstrip(". ")
