"""The edition-agnostic game: players, ledger, dice, decks, decisions, the answering of
actions through the edition's rulebook, and the machinery rules are written with.

An edition subclasses :class:`Game` (usually through ``engine.turn.TurnGame``, the shared
turn) and gives a :class:`~pennybags.engine.rules.Rulebook`. The base class gives:

* ``act(player, action)``: the one entry point for every answer. It looks up the action
  kind's rule, checks the action's fields against the kind's schema, works out whether it
  answers the player's pending decision or is taken "at any time", asks the rule whether it
  is legal now (refusing it with the reason if not, changing nothing), records it in the
  history (unless the game keeps no record) and applies it;
* ``why_illegal`` and ``legal_actions``, made from the same rulebook;
* dues (:meth:`Game.owe`): payments that are settled in order, each either paid at once or
  turned into a decision for a payer who is short of cash;
* steps (:meth:`Game.then`): what the rules do next once the current decision is answered,
  so a rule reads in the order of the rulebook even when a player must answer in between;
* events (:meth:`Game.emit`), which cost nothing when nobody listens;
* :meth:`Game.clone` (an independent copy, its own dice included), :meth:`Game.view` (what
  one seat may know) and :meth:`Game.determinize` (a copy with what a seat cannot see drawn
  afresh).
"""

from __future__ import annotations

import _random
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final, Protocol

from librt.vecs import vec
from mypy_extensions import i64

from pennybags.engine.actions import (
    AMOUNT_BIT,
    CARD_BIT,
    DEED_BIT,
    TARGET_BIT,
    Action,
    CardRef,
    Decision,
    IllegalAction,
    Pose,
    Trade,
    kinds_table,
)
from pennybags.engine.arrays import copied_flags, copied_ints, filled_flags, filled_ints
from pennybags.engine.board import Board
from pennybags.engine.data import EditionData
from pennybags.engine.decks import Deck
from pennybags.engine.dice import Dice, make_dice
from pennybags.engine.ledger import BANK, Ledger
from pennybags.engine.rules import Entry, Rulebook


class Step(ABC):
    """Something the rules do next, once what is under way is settled (see
    :meth:`Game.then`). Most steps are a call of a rules method (:class:`CallStep`); a step
    on the hot path can be a class of its own, whose ``run`` the compiled loop calls
    directly."""

    __slots__ = ()

    @abstractmethod
    def run(self, game: Game) -> None:
        """Do the step in ``game``."""

    def copy_for(self, original: Game, copy: Game) -> Step:
        """This step for ``copy``, a clone of ``original`` (a step holds no game state of
        its own unless it says so)."""
        return self


class CallStep(Step):
    """A step that calls ``call(*args)``: a method of the game and plain values."""

    __slots__ = ("args", "call")

    def __init__(self, call: Callable[..., None], args: tuple[Any, ...]) -> None:
        self.call = call
        self.args = args

    def run(self, game: Game) -> None:
        self.call(*self.args)

    def copy_for(self, original: Game, copy: Game) -> Step:
        """The same call on ``copy`` (the method looked up by name, so an edition's
        override is the one called)."""
        bound = getattr(self.call, "__self__", None)
        if bound is original:
            return CallStep(getattr(copy, self.call.__name__), self.args)
        return self


class NoStep(Step):
    """What an empty place of the steps' stack holds (see ``Game._steps``): never run."""

    __slots__ = ()

    def run(self, game: Game) -> None:
        raise RuntimeError("an empty place of the steps' stack was run")


NO_STEP: Final = NoStep()


NOTHING_TO_DO: Final = "the game has nothing to do and nobody to ask"

CHECK_TYPES: Final = __file__.endswith(".py")
"""Whether the engine checks the types of a player and of an action's fields itself: in
pure Python (anything can be passed); not in the compiled build, where an ``Action`` with
a field of the wrong type cannot even be made (mypyc raises TypeError when it is built)."""

PURE: Final = CHECK_TYPES
"""Whether this module runs as pure Python (not compiled): where the two builds' fastest
ways differ (``in`` on a tuple is one operation in pure Python, a call through the generic
sequence protocol compiled), the hot path takes each build's own."""


class Agent(Protocol):
    """Anything that answers a seat's decisions: a bot, a scripted player, a policy."""

    def choose(self, game: Any, player: int) -> Action:
        """The action for ``player`` at their pending decision."""


class CompiledAgent(ABC):
    """A base for agents that are part of pennybags (the standard bot). ``play_out`` calls
    their ``choose`` directly in the compiled build, without a generic call. Any other
    object with a ``choose`` method works as an :class:`Agent` all the same (and code
    outside pennybags should write one: the compiled build allows no other subclasses)."""

    @abstractmethod
    def choose(self, game: Game, player: int) -> Action:
        """The action for ``player`` at their pending decision."""


class Event:
    """Something that happened: ``kind`` (such as ``"rolled"``) and its data."""

    __slots__ = ("data", "kind")

    def __init__(self, kind: str, data: dict[str, Any]) -> None:
        self.kind = kind
        self.data = data

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.data!r})"


class Player:
    """One player's state apart from money, which lives in the ledger."""

    __slots__ = ("bankrupt", "cards", "in_jail", "jail_turns", "name", "position", "seat")

    def __init__(self, seat: int, name: str) -> None:
        self.seat = seat
        self.name = name
        self.position = 0
        self.in_jail = False
        self.jail_turns = 0
        self.bankrupt = False
        self.cards: list[tuple[str, int]] = []
        """Cards held: (deck key, card index) — kept Get Out of Jail Free cards, or a
        Monopoly 2.3 hand."""

    def clone(self) -> Player:
        copy = Player(self.seat, self.name)
        copy.position = self.position
        copy.in_jail = self.in_jail
        copy.jail_turns = self.jail_turns
        copy.bankrupt = self.bankrupt
        copy.cards = list(self.cards)
        return copy


class Seats:
    """The agents of a game's seats as :meth:`Game.play_seats` calls them: each one that
    is compiled (a :class:`CompiledAgent`, called directly in the compiled build), or else
    its bound ``choose`` method."""

    __slots__ = ("choose", "compiled")

    def __init__(self, agents: Sequence[Agent]) -> None:
        self.compiled: list[CompiledAgent | None] = []
        self.choose: list[Callable[[Any, int], Action] | None] = []
        for a in agents:
            if isinstance(a, CompiledAgent):
                self.compiled.append(a)
                self.choose.append(None)
            else:
                self.compiled.append(None)
                self.choose.append(a.choose)


def seeded_random(seed: int) -> random.Random:
    """``random.Random(seed)`` for a whole-number seed: the same generator in the same state,
    made without running ``Random.__init__`` and ``Random.seed``, which are Python code (for
    a number they only pass it to the C generator's ``seed`` and clear ``gauss_next``; the
    compiled build makes one generator a game)."""
    rng = random.Random.__new__(random.Random)
    _random.Random.seed(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # (set by Random.__init__; not in the stubs)
    return rng


def copy_random(rng: random.Random) -> random.Random:
    """A generator in the same state as ``rng`` that draws independently of it."""
    copy = random.Random.__new__(random.Random)
    copy.setstate(rng.getstate())
    return copy


class Game(ABC):
    """A game in progress. Subclasses implement an edition's rules."""

    edition_id: ClassVar[str] = ""
    options_class: ClassVar[type[Any]]
    hidden_hands: ClassVar[bool] = False
    """Whether the cards a player holds are hidden from the other players (Monopoly 2.3's
    hands); kept Get Out of Jail Free cards lie face up."""

    def __init__(
        self,
        data: EditionData,
        names: Sequence[str],
        seed: int | None = None,
        options: Any = None,
        *,
        rulebook: Rulebook,
        record: bool = True,
        listeners: Sequence[Callable[[Event], None]] = (),
        clone_of: Game | None = None,
    ) -> None:
        self.data = data
        self.board: Board = data.board
        self.options = options if options is not None else self.options_class()
        self.rulebook = rulebook
        """The edition's handlers and vocabulary (see :mod:`pennybags.engine.rules`),
        given by the edition that makes the game (``Edition.new_game``)."""
        self._entries: dict[str, Entry] = rulebook.entries
        self._numbered: list[Entry | None] = rulebook.numbered
        self._anytime: tuple[str, ...] = rulebook.anytime
        self.managing_kinds: frozenset[str] = rulebook.managing_kinds
        """The decision kinds during which players may act at any time (the rulebook's)."""
        self._self_clearing: tuple[str, ...] = tuple(sorted(type(self).self_clearing))
        """The kinds of ``self_clearing`` (a tuple: looked through faster than a set, as
        there are one or two)."""
        self._clearing_table: vec[bool] = kinds_table(self._self_clearing)
        """The same kinds as a table by their numbers (``Decision.number``; the compiled
        build's test: see :func:`~pennybags.engine.actions.kinds_table`)."""
        self._managing_table: vec[bool] = rulebook.managing_table
        """``managing_kinds`` as a table by their numbers (the compiled build's test)."""
        self.plain_pay: bool = type(self).pay is Game.pay
        """Whether, while nobody listens, :meth:`pay` of an amount above 0 is the ledger's
        ``transfer`` and nothing more (this class does not override ``pay``, or says its
        override adds only what listeners hear): the rules' hot paths then call the ledger
        themselves when ``listeners`` is empty (money still moves only through it)."""
        self._listing = -1
        self._listed_deeds: list[int] | None = None
        """While :meth:`legal_actions` lists a player's actions: that player, and their deeds
        once :meth:`deeds_of` has worked them out (nothing changes while actions are
        listed, and most rules' candidates start from the player's deeds)."""
        if clone_of is not None:
            self._copy_state(clone_of)
            return
        if not data.min_players <= len(names) <= data.max_players:
            raise ValueError(
                f"{data.name} is for {data.min_players} to {data.max_players} players, "
                f"not {len(names)}"
            )
        seen = set()
        for name in names:
            key = name.strip().lower()
            if not key:
                raise ValueError("a player's name cannot be empty")
            if key in seen:
                raise ValueError(f"two players are called '{name}': names must differ")
            seen.add(key)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError(f"a seed is a whole number, not {seed!r}")
        self.seed: int = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self.rng = seeded_random(self.seed)
        game_rules = data.rules
        self.dice: Dice = make_dice(self.rng, game_rules)
        """The game's dice, from its rules (``dice``, ``dice_sides``; ``speed_die``: the
        engine's SpeedDice)."""
        self.players = [Player(i, n.strip()) for i, n in enumerate(names)]
        self.recording = record
        """Whether the game keeps its history of answers and the ledger its transactions
        (simulations turn both off: they replay a game from its seed if they need it)."""
        self.ledger = Ledger(len(names), recording=record)
        size = self.board.size
        self.owner: vec[i64] = filled_ints(-1, size)
        """Owner seat of each space's deed, -1 for the bank (or no deed). This array and
        the two below are made by :mod:`pennybags.engine.arrays`: packed arrays of machine
        integers in the compiled build, lists in pure Python (take ``list(game.owner)``
        for a list)."""
        self.houses: vec[i64] = filled_ints(0, size)
        """Improvement level of each deed (edition-defined: houses, or a rent level)."""
        self.mortgaged: vec[bool] = filled_flags(False, size)
        self.changes: i64 = 0
        """Counts changes to deeds (owner, buildings, mortgages), so bots and fronts can
        cache what they work out from them. (This count, ``transfers`` and
        ``turns`` are ``i64``: plain machine integers in the compiled build, read and
        compared on every answer; Python ints in pure Python.)"""
        self.transfers: i64 = 0
        """Counts changes of owner alone (see :meth:`set_owner`)."""
        self.changed: list[int] = []
        """The deed of each change counted in ``changes``, in order, where the rules log it
        (changes of owner always; the classic rules' buildings and mortgages too): a view
        kept from the deeds can bring up to date only the deeds that changed. Not every
        change is logged (an edition's own rules may only count theirs): a reader must check
        that the entries it has not read are as many as the changes it has not seen, and
        look at every deed again when they are not. A copy starts with none."""
        self.decks: dict[str, Deck] = {
            key: Deck(key, name, cards) for key, (name, cards) in data.decks.items()
        }
        self.pending: list[Decision] = []
        """The decisions the game waits on. The list is replaced, never changed in place
        (an edition may hand out the same list again, like a seat's roll decision)."""
        self.history: list[tuple[int, Action]] = []
        """Every answer given, in order, as (seat, action): with the seed, the whole game
        (empty when the game was made with ``record=False``)."""
        self.listeners: list[Callable[[Event], None]] = list(listeners)
        """Called with every event; given at construction to hear the first ones too."""
        self.current = 0
        self.first = 0
        self.round: i64 = 1
        """The round being played (an ``i64`` too: compared at every answer of
        :meth:`play_seats`)."""
        self.turns: i64 = 0
        self.over = False
        self.winner: int | None = None
        self.end_reason = ""
        self.end_check_due = False
        """Set by the rules when a change may have won the game (see :meth:`check_end`)."""
        self.dues: list[tuple[int, int, int, str]] = []
        """Payments queued by the rules, settled in order before the next step (see
        :meth:`owe`): (payer, payee, amount, reason)."""
        self._steps: list[Step] = []
        """The steps waiting (see :meth:`then`), bottom first: the first ``_depth`` items.
        The list is a stack that keeps its storage: a step taken off leaves ``NO_STEP`` in
        its place and the list never shrinks (emptied and filled again, a list frees its
        storage and allocates it anew, at every roll that asks something)."""
        self._depth: i64 = 0
        """How many steps wait: the stack's height (see :meth:`step_depth`)."""

    # ----------------------------------------------------------------- copies

    def _copy_state(self, other: Game) -> None:
        """Take a copy of ``other``'s state (see :meth:`clone`): shared only what never
        changes (the edition's data, board and options, decisions, actions, cards)."""
        self.board = other.board
        self.seed = other.seed
        self.rng = copy_random(other.rng)
        self.dice = other.dice.clone(self.rng)
        self.players = [p.clone() for p in other.players]
        self.recording = other.recording
        self.ledger = other.ledger.clone()
        self.owner = copied_ints(other.owner)
        self.houses = copied_ints(other.houses)
        self.mortgaged = copied_flags(other.mortgaged)
        self.changes = other.changes
        self.transfers = other.transfers
        self.changed = []  # (a copy's views start afresh: its log starts empty)
        self.decks = {key: deck.clone() for key, deck in other.decks.items()}
        self.pending = list(other.pending)
        self.history = list(other.history)
        self.listeners = []
        self.current = other.current
        self.first = other.first
        self.round = other.round
        self.turns = other.turns
        self.over = other.over
        self.winner = other.winner
        self.end_reason = other.end_reason
        self.end_check_due = other.end_check_due
        self.dues = list(other.dues)
        self._steps = [other._steps[i].copy_for(other, self) for i in range(other._depth)]
        self._depth = other._depth

    def clone(self) -> Game:
        """An independent copy: answered alike, the copy and the original play on
        identically (the copy has its own dice and decks in the same state); answered
        differently, neither affects the other. The copy has no listeners. What never
        changes (the edition's data, the board, the options) is shared."""
        return type(self)(self.data, [p.name for p in self.players], self.seed,
                          self.options, rulebook=self.rulebook, record=self.recording,
                          clone_of=self)

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.clone()

    def __copy__(self) -> Game:
        return self.clone()

    def determinize(self, seat: int | None, rng: random.Random) -> Game:
        """A clone in which everything ``seat`` cannot see (None: a spectator) is drawn
        afresh with ``rng``, consistently with what it can see: the unseen part of every
        deck is shuffled, other players' hidden hands are dealt again from the cards they
        could be (keeping how many each holds from each deck), and the dice draw from a new
        stream. Search bots play out such copies instead of the true game.

        The copy depends only on what ``seat`` can see and on ``rng``: two games that differ
        only in what ``seat`` cannot see give equal copies for equal ``rng`` states (the
        unseen cards are put in index order before they are shuffled)."""
        copy = self.clone()
        copy.rng.seed(rng.getrandbits(64))
        copy.dice.scripted.clear()
        copy.dice.forget_pool()
        if self.hidden_hands:
            copy._redeal_hidden(seat, rng)
        for deck in copy.decks.values():
            deck.shuffle_unseen(rng)
        return copy

    def _redeal_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Pool the hands ``seat`` cannot see with the unseen cards of their decks, shuffle,
        and deal back the same number from each deck to each hand."""
        for key, deck in self.decks.items():
            holders = [(p, [c for c in p.cards if c[0] == key]) for p in self.players
                       if p.seat != seat]
            hidden = [index for _, held in holders for _, index in held]
            if not hidden:
                continue
            pool = sorted(hidden + deck.unseen())  # (in index order: see Deck.shuffle_unseen)
            rng.shuffle(pool)
            for p, held in holders:
                if not held:
                    continue
                dealt = [(key, pool.pop()) for _ in held]
                p.cards = [c for c in p.cards if c[0] != key] + dealt
            deck.replace_unseen(pool)

    # ----------------------------------------------------------------- answering

    def act(self, player: int, action: Action) -> None:
        """Answer for ``player``. Raises :class:`IllegalAction` (changing nothing) if the
        rules do not allow it now."""
        entry: Entry | None = None
        if type(action) is Action:
            try:
                entry = self._numbered[action.number]
            except IndexError:  # a kind this edition does not have
                entry = None
        answered: Decision | None = None
        if entry is not None and (not CHECK_TYPES or type(player) is int):
            # (what _answered does, written out: the hot path; a player that is no seat,
            # such as 1.0, which equals seat 1, is left to _judge to name)
            for decision in self.pending:
                if decision.player == player:
                    if PURE:  # (``in`` on the tuple: one operation in pure Python)
                        if decision.kind in entry.answering:
                            answered = decision
                        break
                    # (compiled, the kind's number in the entry's table: ``in`` on a tuple
                    # goes through the generic protocol, and words compare slower)
                    number = decision.number
                    table = entry.answer_table
                    if number < len(table) and table[number]:
                        answered = decision
                    break
            if answered is not None and entry.conditional and \
                    not entry.rule.answers(self, player, action, answered):
                answered = None
        if answered is not None and entry is not None:
            # An answer to a pending decision (a pending decision means the game is not over
            # and the player is a seat), judged as _judge would, without its call when the
            # action's fields fit its kind: none (the most common answers), or only an
            # amount (a bid), a deed, a player (whom a roll moves), or a card (and a player).
            present = action.present
            if present == 0:
                fits = True
            elif present == AMOUNT_BIT:  # (_answer_fits, written out for a bid)
                fits = entry.fields & AMOUNT_BIT != 0 and \
                    (not CHECK_TYPES or type(action.amount) is int) and action.amount > 0
            else:
                fits = self._answer_fits(action, entry.fields)
            if fits:
                reason = entry.rule.check(self, player, action, answered) if entry.checked \
                    else None
            else:
                reason = self._judge(player, action, entry, answered)
        elif answered is None and entry is not None and entry.anytime and \
                action.present == DEED_BIT and entry.fields & DEED_BIT and not self.over and \
                (not CHECK_TYPES or (type(player) is int and type(action.deed) is int)) and \
                0 <= player < len(self.players) and 0 <= action.deed < self.board.size and \
                self.may_manage(player):
            # Building, mortgaging...: an action taken at any time naming only a deed, of a
            # seat that may take such actions now, judged as _judge would (the shape fits).
            reason = entry.rule.check(self, player, action, None)
        else:
            reason = self._judge(player, action, entry, answered)
        if reason is not None:
            raise IllegalAction(reason)
        assert entry is not None
        if self.recording:
            self.history.append((player, action))
        entry.rule.apply(self, player, action, answered)
        # run(), without its call or settle's when there is nothing to settle (the usual
        # case): a decision is pending that does not answer itself, in a game not over
        # with no end to check (settle would return False at once).
        if self.over:
            return
        pending = self.pending
        if PURE:
            if pending and not self.end_check_due and \
                    pending[0].kind not in self._self_clearing:
                return
        elif pending and not self.end_check_due:
            # (the same by the kind's number: the compiled build does ``in`` on a tuple
            # through the generic sequence protocol, about 150 instructions an answer)
            number = pending[0].number
            clearing = self._clearing_table
            if number >= len(clearing) or not clearing[number]:
                return
        if self.settle(0):
            raise RuntimeError(NOTHING_TO_DO)

    def apply(self, player: int, action: Action) -> None:
        """Carry out an action already known to be legal (``act`` without the check)."""
        entry = self._entries[action.do]
        entry.rule.apply(self, player, action, self._answered(player, action, entry))

    def why_illegal(self, player: int, action: Action) -> str | None:
        """Why ``action`` is not allowed for ``player`` now, or None if it is. Never
        raises: an action of the wrong shape gets a reason too."""
        entry = self._entries.get(action.do) if isinstance(action, Action) and \
            isinstance(action.do, str) else None
        return self._judge(player, action, entry, self._answered(player, action, entry))

    def can(self, player: int, action: Action) -> bool:
        return self.why_illegal(player, action) is None

    def answers(self, player: int, action: Action) -> bool:
        """Whether ``action`` would answer ``player``'s pending decision (rather than being
        taken at any time, like building between turns)."""
        entry = self._entries.get(action.do) if isinstance(action, Action) else None
        return self._answered(player, action, entry) is not None

    def _answered(self, player: int, action: Action, entry: Entry | None) -> Decision | None:
        """The pending decision of ``player`` that ``action`` answers, or None (no such
        decision, or the action is taken at any time)."""
        if entry is None:
            return None
        for decision in self.pending:
            if decision.player == player:
                number = decision.number
                table = entry.answer_table
                if number < len(table) and table[number]:
                    if entry.conditional and \
                            not entry.rule.answers(self, player, action, decision):
                        return None
                    return decision
                return None
        return None

    def _judge(self, player: int, action: Action, entry: Entry | None,
               answered: Decision | None) -> str | None:
        """Why ``action`` is not legal (None if it is). ``answered`` is the decision it
        answers, if any (see :meth:`_answered`).

        An answer to a decision the game offered that has no field, or one deed, amount or
        player (a purchase, a bid, a building, whom a card moves), is judged directly: that
        field in range, then the rule's own check. A decision pending for the player means
        the game is not over and the player is a seat. Anything else goes through every
        check below, which words the reason for a refusal."""
        if answered is not None and entry is not None and \
                (not CHECK_TYPES or type(player) is int) and \
                self._answer_fits(action, entry.fields) and not self.over:
            return entry.rule.check(self, player, action, answered) if entry.checked else None
        if self.over:
            return "the game is over"
        if (CHECK_TYPES and type(player) is not int) or not 0 <= player < len(self.players):
            return f"there is no player {player!r}"
        if entry is None:
            if not isinstance(action, Action):
                return f"{action!r} is not an action"
            return self._unknown(player, action, self.decision_for(player))
        if action.present:
            problem = self._field_problem(entry.fields, action)
            if problem is not None:
                return problem
        if answered is not None:
            return entry.rule.check(self, player, action, answered) if entry.checked else None
        do = action.do
        if entry.anytime:
            if not self.may_manage(player):
                if self.players[player].bankrupt:
                    return f"{self.name(player)} is out of the game"
                return f"'{do}' is not allowed while the game waits on " + self.waiting()
            return entry.rule.check(self, player, action, None)
        decision = self.decision_for(player)
        if decision is None:
            return f"it is not {self.name(player)}'s turn to act; the game waits on " \
                   + self.waiting()
        return self._not_an_answer(player, do, decision, "")

    def _answer_fits(self, action: Action, fields: int) -> bool:
        """Whether an answer's fields fit its kind (``fields``: the fields it takes, as
        bits), for the answers judged directly (see :meth:`_judge`): no field, or only a
        deed, an amount or a player, or a card with or without a player; each of a kind
        that takes it, and in range. False for any other shape (which :meth:`_judge`
        words a reason for, through :meth:`_field_problem`)."""
        present = action.present
        if present == 0:
            return True
        if present == DEED_BIT:
            deed = action.deed
            return fields & DEED_BIT != 0 and (not CHECK_TYPES or type(deed) is int) and \
                0 <= deed < self.board.size
        if present == AMOUNT_BIT:
            amount = action.amount
            return fields & AMOUNT_BIT != 0 and (not CHECK_TYPES or type(amount) is int) and \
                amount > 0
        if present == TARGET_BIT:
            target = action.target
            return fields & TARGET_BIT != 0 and (not CHECK_TYPES or type(target) is int) and \
                0 <= target < len(self.players)
        if present == CARD_BIT | TARGET_BIT:
            target = action.target
            card = action.card
            return fields & (CARD_BIT | TARGET_BIT) == CARD_BIT | TARGET_BIT and \
                (not CHECK_TYPES or type(target) is int) and \
                0 <= target < len(self.players) and card is not None and self._card_fits(card)
        if present == CARD_BIT:
            card = action.card
            return fields & CARD_BIT != 0 and card is not None and self._card_fits(card)
        return False

    def _card_fits(self, card: CardRef) -> bool:
        """Whether ``card`` names a card of this game (deck key, index in the deck)."""
        if not (isinstance(card, tuple) and len(card) == 2 and isinstance(card[0], str)):
            return False
        deck = self.decks.get(card[0])
        index = card[1]
        return deck is not None and type(index) is int and 0 <= index < len(deck.cards)

    def _not_an_answer(self, player: int, do: str, decision: Decision, note: str) -> str:
        options = ", ".join(self.rulebook.vocabulary.answers(decision.kind)) or "nothing"
        return f"'{do}' does not answer '{decision.kind}'; {self.name(player)} may: " \
               f"{options}{note}"

    def _unknown(self, player: int, action: Action, decision: Decision | None) -> str:
        """The reason for an action kind this edition does not have."""
        do = action.do
        if not isinstance(do, str):
            return f"an action's kind is a word, not {do!r}"
        missing = self.rulebook.absent.get(do)
        if decision is not None:
            note = f" ({missing})" if missing else \
                f" ('{do}' is not an action of {self.data.name})"
            return self._not_an_answer(player, do, decision, note)
        if missing:
            return f"'{do}' is not an action of {self.data.name}: {missing}"
        known = ", ".join(self.rulebook.actions)
        return f"'{do}' is not an action of {self.data.name}; its actions are: {known}"

    def _field_problem(self, fields: int, action: Action) -> str | None:
        """Why the action's fields do not fit its kind's schema (None if they do): fields
        the kind does not take (``fields``: its fields as bits, see ``engine.rules``) must
        be empty, and those it takes must hold a value of their type (a missing deed,
        space, player, card or trade is left to the rule)."""
        do = action.do
        deed = action.deed
        if deed != -1:
            if CHECK_TYPES and type(deed) is not int:
                return f"a deed is a board index, not {deed!r}"
            if not 0 <= deed < self.board.size:
                return f"there is no space {deed}"
            if not fields & 1:
                return f"'{do}' takes no deed"
        amount = action.amount
        if amount != 0:
            if CHECK_TYPES and type(amount) is not int:
                return f"an amount must be a whole number, not {amount!r}"
            if amount < 0:
                return "an amount cannot be negative"
            if not fields & 2:
                return f"'{do}' takes no amount"
        if action.trade is not None:
            if not fields & 4:
                return f"'{do}' takes no trade"
            if CHECK_TYPES:
                problem = self._trade_shape(action.trade)
                if problem is not None:
                    return problem
        target = action.target
        if target != -1:
            if (CHECK_TYPES and type(target) is not int) or \
                    not 0 <= target < len(self.players):
                return f"there is no player {target!r}"
            if not fields & 8:
                return f"'{do}' names no player"
        card = action.card
        if card is not None:
            if not fields & 16:
                return f"'{do}' takes no card"
            if not self._card_fits(card):
                return f"there is no card {card!r}"
        space = action.space
        if space != -1:
            if (CHECK_TYPES and type(space) is not int) or not 0 <= space < self.board.size:
                return f"there is no space {space!r}"
            if not fields & 32:
                return f"'{do}' takes no space"
        company = action.company
        if company != -1:
            if (CHECK_TYPES and type(company) is not int) or \
                    not 0 <= company < len(self.data.raw.get("stocks", ())):
                return f"there is no company {company!r}"
            if not fields & 64:
                return f"'{do}' takes no company"
        return None

    def _trade_shape(self, t: Trade) -> str | None:
        """Why a trade offer's fields are not of their types (None if they are)."""
        if not isinstance(t, Trade):
            return f"{t!r} is not a trade offer"
        for side in (t.proposer, t.recipient):
            if type(side) is not int:
                return f"a trade is between players (seats), not {side!r}"
        for cash in (t.give_cash, t.take_cash):
            if type(cash) is not int:
                return f"cash in a trade is a whole amount, not {cash!r}"
        # (loops rather than any(): every offer a bot makes is judged here in pure Python)
        for deeds in (t.give, t.take):
            if type(deeds) is not tuple and not isinstance(deeds, tuple):
                return "deeds in a trade are board indices"
            for d in deeds:
                if type(d) is not int:
                    return "deeds in a trade are board indices"
        for cards in (t.give_cards, t.take_cards):
            if type(cards) is not tuple and not isinstance(cards, tuple):
                return "cards in a trade are named deck:card-id or by their deck"
            for c in cards:
                if type(c) is not str and not isinstance(c, str):
                    return "cards in a trade are named deck:card-id or by their deck"
        for shares in (t.give_shares, t.take_shares):
            if type(shares) is not tuple and not isinstance(shares, tuple):
                return "shares in a trade are named by their company's id"
            for c in shares:
                if type(c) is not str and not isinstance(c, str):
                    return "shares in a trade are named by their company's id"
        return None

    def may_manage(self, player: int) -> bool:
        """Hook: whether ``player`` may take the edition's "at any time" actions now
        (none in the base game)."""
        return False

    def waiting(self) -> str:
        """Who the game waits on, in words: "Ann (roll), Bob (bid)"."""
        if not self.pending:
            return "nobody"
        return ", ".join(f"{self.name(d.player)} ({d.kind})" for d in self.pending)

    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now: the answers to their decision, then what
        they may do at any time. Actions with a free amount (a bid) appear once with the
        smallest legal amount; trade offers are not listed.

        Each action listed is one ``why_illegal`` allows (its rule's candidates, judged by
        the rule; candidates always fit their kind's schema, so the shape check is not
        repeated)."""
        if self.over or type(player) is not int or not 0 <= player < len(self.players):
            return []
        listing, listed = self._listing, self._listed_deeds
        self._listing, self._listed_deeds = player, None
        try:
            return self._legal_actions(player)
        finally:
            self._listing, self._listed_deeds = listing, listed

    def _legal_actions(self, player: int) -> list[Action]:
        """:meth:`legal_actions` of a seat of a game not over."""
        out: list[Action] = []
        decision = self.decision_for(player)
        entries = self._entries
        if decision is not None:
            for entry in self.rulebook.answer_entries.get(decision.kind, ()):
                if entry.plain is not None:  # legal whenever its decision is open
                    out.append(entry.plain)
                    continue
                rule = entry.rule
                if entry.judged:  # (the rule judges its candidates together)
                    out.extend(rule.legal_answers(self, player, decision))
                elif entry.conditional:
                    for a in rule.candidates(self, player, decision):
                        if self._allows(player, a, entry):
                            out.append(a)
                elif entry.checked:
                    # (what _allows does, written out: an entry that answers the decision's
                    # kind without narrowing it answers the decision)
                    for a in rule.candidates(self, player, decision):
                        if rule.check(self, player, a, decision) is None:
                            out.append(a)
                else:
                    out.extend(rule.candidates(self, player, decision))
        if self._anytime and self.may_manage(player):
            # The answers listed, as a set: made only when an action taken at any time also
            # answers the decision (only then can one of its candidates be among them).
            listed: set[Action] | None = None
            extra: list[Action] = []
            for do in self._anytime:
                entry = entries[do]
                rule = entry.rule
                answers = decision is not None and decision.kind in entry.answering
                if answers and listed is None:
                    listed = set(out)
                for a in rule.candidates(self, player, None):
                    if answers:  # (it may answer the decision: judged as an answer then)
                        assert listed is not None
                        if a not in listed and self._allows(player, a, entry):
                            extra.append(a)
                    elif not entry.checked or rule.check(self, player, a, None) is None:
                        extra.append(a)
            extra.sort(key=_by_deed)
            out.extend(extra)
        return out

    def _allows(self, player: int, action: Action, entry: Entry) -> bool:
        """Whether a rule's own candidate is legal (what ``why_illegal`` says of it)."""
        answered = self._answered(player, action, entry)
        if answered is not None:
            return not entry.checked or entry.rule.check(self, player, action, answered) is None
        return self._judge(player, action, entry, None) is None

    def play_out(self, agents: Sequence[Agent], until_round: int = 0) -> None:
        """Ask ``agents[seat]`` for every answer of that seat, through :meth:`act`, until
        the game is over (or, with ``until_round``, until that round begins). The loop that
        bot-only games run; an illegal choice raises :class:`IllegalAction` as ``act``
        does."""
        self.play_seats(Seats(agents), until_round)

    def play_seats(self, seats: Seats, until_round: i64 = 0) -> None:
        """:meth:`play_out` with the agents sorted once (for a loop that plays a game a
        round at a time, as simulations do)."""
        compiled = seats.compiled
        choose = seats.choose
        while not self.over and self.round != until_round:
            p = self.pending[0].player
            agent = compiled[p]
            if agent is not None:
                self.act(p, agent.choose(self, p))
            else:
                other = choose[p]
                assert other is not None  # (an agent that is not compiled has its method)
                self.act(p, other(self, p))

    def deciders(self) -> list[int]:
        """The players the game is waiting on."""
        return [d.player for d in self.pending]

    def decision_for(self, player: int) -> Decision | None:
        for d in self.pending:
            if d.player == player:
                return d
        return None

    # ----------------------------------------------------------------- the loop

    def owe(self, payer: int, payee: int, amount: int, reason: str) -> None:
        """Queue a payment; it is settled before the next step."""
        if amount > 0:
            self.dues.append((payer, payee, amount, reason))

    def then(self, step: Callable[..., None], *args: Any) -> None:
        """Do ``step(*args)`` once what is already under way has been settled. Steps run
        last-in first-out: push the later one first. ``step`` is a method of the game and
        ``args`` plain values (so a clone can take the step over)."""
        self.push_step(CallStep(step, args))

    def push_step(self, step: Step) -> None:
        """:meth:`then` for a step made as a :class:`Step` of its own."""
        steps = self._steps
        n = self._depth
        if n < len(steps):
            steps[n] = step
        else:
            steps.append(step)
        self._depth = n + 1

    def drop_steps(self) -> None:
        """Drop every step waiting (a turn given up: a bankruptcy, the game's end)."""
        steps = self._steps
        for i in range(self._depth):
            steps[i] = NO_STEP
        self._depth = 0

    def run(self) -> None:
        """Carry the game forward until someone must decide or it is over."""
        if self.settle():
            raise RuntimeError(NOTHING_TO_DO)

    def settle(self, depth: int = 0) -> bool:
        """Carry the game forward until someone must decide, the game is over, or only the
        ``depth`` steps at the bottom of the stack are left. True in the last case: all
        that happened since the stack had ``depth`` steps is settled.

        A rule that must go on once what it started is settled can settle it at once, and
        go on directly when nothing was left for a player to decide; the step through
        :meth:`then_under` is needed only when something was (see :meth:`step_depth`)."""
        steps = self._steps
        clearing = self._clearing_table
        while not self.over:
            if self.end_check_due:
                self.end_check_due = False
                if self.check_end():
                    return False
            if self.pending:
                number = self.pending[0].number  # (a kind of self_clearing?)
                if number >= len(clearing) or not clearing[number]:
                    return False
                if not self.resume_after_decision():
                    return False
                continue
            if self.dues:
                self.settle_dues()
                continue
            n = self._depth
            if n > depth:
                # (the top step taken off, its place kept for the next: see ``_steps``)
                n -= 1
                step = steps[n]
                steps[n] = NO_STEP
                self._depth = n
                step.run(self)
                continue
            return True
        return False

    def step_depth(self) -> int:
        """How many steps wait on the stack (a mark for :meth:`settle` and
        :meth:`then_under`)."""
        return self._depth

    def then_under(self, depth: int, step: Callable[..., None], *args: Any) -> None:
        """:meth:`then`, for a step that belongs under everything pushed since the stack
        had ``depth`` steps (so it runs once those are done)."""
        self.step_under(depth, CallStep(step, args))

    def step_under(self, depth: int, step: Step) -> None:
        """:meth:`then_under` for a step made as a :class:`Step` of its own."""
        steps = self._steps
        n = self._depth
        if n == len(steps):
            steps.append(NO_STEP)
        # the steps from ``depth`` up moved one place up (none, usually: nothing above)
        i = n
        while i > depth:
            steps[i] = steps[i - 1]
            i -= 1
        steps[depth] = step
        self._depth = n + 1

    def check_end(self) -> bool:
        """Hook: end the game if a winning condition now holds (set ``end_check_due`` to
        have the loop ask before it goes on). Returns True if the game ended."""
        return False

    self_clearing: ClassVar[frozenset[str]] = frozenset()
    """Decision kinds that may answer themselves (see :meth:`resume_after_decision`)."""

    def resume_after_decision(self) -> bool:
        """Hook: clear a decision of a ``self_clearing`` kind that answered itself (e.g. a
        debt now covered). Returns True if the loop may continue."""
        return False

    @abstractmethod
    def settle_dues(self) -> None:
        """Pay the first due, or ask its payer to settle a shortfall."""

    # ----------------------------------------------------------------- money

    def cash(self, player: int) -> int:
        return self.ledger.balances[player]

    def pay(self, payer: int, payee: int, amount: int, reason: str) -> None:
        """Move money now (the caller has checked it can be paid) and tell listeners."""
        if amount <= 0:
            return
        self.ledger.transfer(payer, payee, amount, reason)
        if self.listeners:
            self.emit("paid", payer=payer, payee=payee, amount=amount, reason=reason)

    def parse_money(self, text: str) -> int | None:
        """An amount typed by a person ("120", "$1,200"), or None if it is not one."""
        cleaned = text.strip().replace(",", "").replace("_", "")
        negative = cleaned.startswith("-")
        cleaned = cleaned.removeprefix("-").strip()
        symbol = str(self.data.currency.get("symbol", "$"))
        cleaned = cleaned.removeprefix(symbol).strip()
        if not cleaned.isascii() or not cleaned.isdigit() or len(cleaned) > 18:
            return None
        return -int(cleaned) if negative else int(cleaned)

    def money(self, amount: int) -> str:
        """An amount as the edition prints it ("$1,500")."""
        symbol = self.data.currency.get("symbol", "$")
        if 0 <= amount < 1000:  # nothing to separate (the common case, made quick)
            return f"{symbol}{amount}"
        sign = "-" if amount < 0 else ""
        return f"{sign}{symbol}{abs(amount):,}"

    # ----------------------------------------------------------------- events

    def emit(self, kind: str, **data: Any) -> None:
        if self.listeners:
            event = Event(kind, data)
            for listener in self.listeners:
                listener(event)

    # ----------------------------------------------------------------- queries

    def active_players(self) -> list[int]:
        return [p.seat for p in self.players if not p.bankrupt]

    def name(self, account: int) -> str:
        if account >= 0:
            return self.players[account].name
        return "the bank" if account == BANK else "the pot"

    def seat_of(self, name: str | int) -> int:
        """A player's seat by name (case-insensitive) or seat number."""
        if isinstance(name, int) and not isinstance(name, bool):
            if 0 <= name < len(self.players):
                return name
        else:
            key = str(name).strip().lower()
            for p in self.players:
                if p.name.lower() == key:
                    return p.seat
        names = ", ".join(p.name for p in self.players)
        raise ValueError(f"no player '{name}'; the players are {names}")

    def set_owner(self, deed: int, seat: int) -> None:
        """Make ``seat`` the owner of ``deed`` (-1: back to the bank). Every change of owner
        goes through here, so ``transfers`` counts them (and ``changes`` too)."""
        self.owner[deed] = seat
        self.changes += 1
        self.transfers += 1
        self.changed.append(deed)

    def deeds_of(self, player: int) -> list[int]:
        """The deeds ``player`` owns, in board order (a new list; worked out once while
        :meth:`legal_actions` lists that player's actions)."""
        owner = self.owner
        if player == self._listing:
            deeds = self._listed_deeds
            if deeds is None:
                deeds = self._listed_deeds = [d for d in self.board.deeds if owner[d] == player]
            return list(deeds)
        return [d for d in self.board.deeds if owner[d] == player]

    @abstractmethod
    def begin_turn(self) -> None:
        """Start the current player's turn (asking for their first decision)."""

    def setup_done(self) -> None:
        """Hook: a scenario has placed deeds and buildings by hand; bring derived state (such
        as the bank's building stock) in line, or raise ValueError if the position is
        impossible."""
        return None

    def hands_given(self) -> None:
        """Hook: a scenario has given the players their cards; an edition that deals hands
        at the start of the game deals none then."""
        return None

    def keeps_card(self, key: str, index: int) -> bool:
        """Whether a player may hold this card (a scenario's hand): any card where hands are
        hidden, otherwise only Get Out of Jail Free cards (an edition that keeps other
        cards says which)."""
        return self.hidden_hands or \
            self.decks[key].cards[index].kind == "get_out_of_jail_free"

    def card_tradeable(self, card: tuple[str, int]) -> bool:
        """Whether a held card (deck key, index) may change hands in a trade: none may in
        an edition without trades of cards."""
        return False

    def player_extra(self, seat: int) -> dict[str, Any]:
        """Edition-specific public parts of a player's entry in the snapshot and the views
        (see engine.snapshot)."""
        return {}

    def set_building_stock(self, houses: int | None, hotels: int | None) -> None:
        """Hook: a scenario sets the bank's stock of houses and hotels (None: as it is).
        Raises ValueError in an edition without a limited stock, or for more than the bank
        has left once the position's buildings are placed."""
        raise ValueError(f"{self.data.name} has no stock of houses and hotels")

    def pose(self, pose: Pose) -> None:
        """Put a decision before a player (a scenario's ``pending:``), in place of the one
        the turn asked, with what it needs set up (an auction, a debt, an offer...); once
        it is answered the game goes on as if it had come up in play. The rulebook holds
        the set-up of each decision kind (:data:`~pennybags.engine.rules.PoseSetUp`).
        Raises ValueError naming what is wrong, for a decision the position cannot have."""
        if pose.kind not in self.rulebook.decisions:
            known = ", ".join(self.rulebook.decisions)
            raise ValueError(f"{self.data.name} asks no '{pose.kind}'; its decisions are: "
                             f"{known}")
        if not 0 <= pose.player < len(self.players) or self.players[pose.player].bankrupt:
            raise ValueError("a decision is put to a player still in the game")
        set_up = self.rulebook.poses.get(pose.kind)
        if set_up is None:
            raise ValueError(f"a '{pose.kind}' decision cannot be set up by a scenario in "
                             f"{self.data.name}: reach it with the scenario's actions")
        set_up(self, pose)

    def check_high_bid(self, pose: Pose) -> None:
        """An auction set up by a scenario: its high bid (``amount``) and high bidder go
        together, the high bidder is another player still in the game, and can pay it."""
        high, bidder = pose.amount, pose.high_bidder
        if (high > 0) != (bidder >= 0) or bidder == pose.player:
            raise ValueError("an auction's high bid (amount:) and high bidder "
                             "(high_bidder:, not the player asked) go together")
        if bidder >= 0:
            if self.players[bidder].bankrupt:
                raise ValueError(f"{self.name(bidder)} is bankrupt and bids no more")
            if high > self.cash(bidder):
                raise ValueError(f"{self.name(bidder)} has {self.money(self.cash(bidder))}: "
                                 f"a high bid of {self.money(high)} is more than they can pay")

    def snapshot_extra(self) -> dict[str, Any]:
        """Edition-specific parts of the state snapshot (see engine.snapshot)."""
        return {}

    def view_extra(self, seat: int | None) -> dict[str, Any]:
        """Edition-specific parts of a seat's view (see engine.view): by default what
        :meth:`snapshot_extra` shows, which must then hold nothing hidden."""
        return self.snapshot_extra()

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may know by the rules (None: a spectator), as JSON: no deck order
        beyond the cards seen going under, no other player's hidden hand, no seed or future
        dice (see :mod:`pennybags.engine.view`)."""
        from pennybags.engine.view import seat_view

        view: dict[str, Any] = seat_view(self, seat)
        return view


def _by_deed(action: Action) -> int:
    return action.deed


__all__ = ["NOTHING_TO_DO", "Agent", "CallStep", "CompiledAgent", "Event", "Game",
           "IllegalAction", "Player", "Seats", "Step"]
