"""The edition-agnostic game: players, ledger, dice, decks, decisions and the turn loop's
machinery.

An edition subclasses :class:`Game` and writes its rules as methods. The base class gives:

* ``act(player, action)``: the one entry point for every answer, which asks the edition
  whether the action is legal (:meth:`Game.why_illegal`), refuses it with the reason if not
  (changing nothing), and otherwise records it in the history (unless the game keeps no
  record) and applies it;
* dues (:meth:`Game.owe`): payments that are settled in order, each either paid at once or
  turned into a decision for a payer who is short of cash;
* steps (:meth:`Game.then`): what the rules do next once the current decision is answered,
  so a rule reads in the order of the rulebook even when a player must answer in between;
* events (:meth:`Game.emit`), which cost nothing when nobody listens.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final, Protocol

from pennybags.engine.actions import Action, Decision, IllegalAction
from pennybags.engine.board import Board
from pennybags.engine.data import EditionData
from pennybags.engine.decks import Deck
from pennybags.engine.dice import Dice
from pennybags.engine.ledger import BANK, Ledger


class Step(ABC):
    """Something the rules do next, once what is under way is settled (see
    :meth:`Game.then`). Most steps are a call of a rules method (:class:`CallStep`); a step
    on the hot path can be a class of its own, whose ``run`` the compiled loop calls
    directly."""

    __slots__ = ()

    @abstractmethod
    def run(self, game: Game) -> None:
        """Do the step in ``game``."""


class CallStep(Step):
    """A step that calls ``call(*args)``."""

    __slots__ = ("args", "call")

    def __init__(self, call: Callable[..., None], args: tuple[Any, ...]) -> None:
        self.call = call
        self.args = args

    def run(self, game: Game) -> None:
        self.call(*self.args)

NOTHING_TO_DO: Final = "the game has nothing to do and nobody to ask"


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
        """Kept cards (Get Out of Jail Free) as (deck key, card index)."""


class Game(ABC):
    """A game in progress. Subclasses implement an edition's rules."""

    edition_id: ClassVar[str] = ""
    options_class: ClassVar[type[Any]]

    def __init__(
        self,
        data: EditionData,
        names: Sequence[str],
        seed: int | None = None,
        options: Any = None,
        *,
        record: bool = True,
        listeners: Sequence[Callable[[Event], None]] = (),
    ) -> None:
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
        self.data = data
        self.board: Board = data.board
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self.rng = random.Random(self.seed)
        self.options = options if options is not None else self.options_class()
        rules = data.rules
        self.dice = Dice(self.rng, rules.get("dice", 2), rules.get("dice_sides", 6))
        self.players = [Player(i, n.strip()) for i, n in enumerate(names)]
        self.recording = record
        """Whether the game keeps its history of answers and the ledger its transactions
        (simulations turn both off: they replay a game from its seed if they need it)."""
        self.ledger = Ledger(len(names), recording=record)
        size = self.board.size
        self.owner: list[int] = [-1] * size
        """Owner seat of each space's deed, -1 for the bank (or no deed)."""
        self.houses: list[int] = [0] * size
        """Improvement level of each deed (edition-defined: houses, or a rent level)."""
        self.mortgaged: list[bool] = [False] * size
        self.changes = 0
        """Counts changes to deeds (owner, buildings, mortgages), so bots and fronts can
        cache what they work out from them."""
        self.transfers = 0
        """Counts changes of owner alone (see :meth:`set_owner`)."""
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
        self.round = 1
        self.turns = 0
        self.over = False
        self.winner: int | None = None
        self.end_reason = ""
        self.end_check_due = False
        """Set by the rules when a change may have won the game (see :meth:`check_end`)."""
        self._dues: list[tuple[int, int, int, str]] = []
        self._steps: list[Step] = []
        self._self_clearing: tuple[str, ...] = tuple(sorted(type(self).self_clearing))
        """The kinds of ``self_clearing`` (a tuple: looked through faster than a set, as
        there are one or two)."""

    # ----------------------------------------------------------------- answering

    def act(self, player: int, action: Action) -> None:
        """Answer for ``player``. Raises :class:`IllegalAction` (changing nothing) if the
        rules do not allow it now."""
        reason = self.why_illegal(player, action)
        if reason is not None:
            raise IllegalAction(reason)
        if self.recording:
            self.history.append((player, action))
        self.apply(player, action)
        if self.settle(0):  # run(), without the extra call on every answer
            raise RuntimeError(NOTHING_TO_DO)

    def play_out(self, agents: Sequence[Agent], until_round: int = 0) -> None:
        """Ask ``agents[seat]`` for every answer of that seat, through :meth:`act`, until
        the game is over (or, with ``until_round``, until that round begins). The loop that
        bot-only games run; an illegal choice raises :class:`IllegalAction` as ``act``
        does."""
        choose: list[Callable[[Any, int], Action]] = [a.choose for a in agents]
        compiled: list[CompiledAgent | None] = [
            a if isinstance(a, CompiledAgent) else None for a in agents]
        while not self.over and self.round != until_round:
            p = self.pending[0].player
            agent = compiled[p]
            self.act(p, agent.choose(self, p) if agent is not None else choose[p](self, p))

    def can(self, player: int, action: Action) -> bool:
        return self.why_illegal(player, action) is None

    @abstractmethod
    def why_illegal(self, player: int, action: Action) -> str | None:
        """Why ``action`` is not allowed for ``player`` now, or None if it is."""

    @abstractmethod
    def apply(self, player: int, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now. Actions with a free amount (a bid) appear
        once with the smallest legal amount; trade offers are not listed."""

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
            self._dues.append((payer, payee, amount, reason))

    def then(self, step: Callable[..., None], *args: Any) -> None:
        """Do ``step(*args)`` once what is already under way has been settled. Steps run
        last-in first-out: push the later one first."""
        self._steps.append(CallStep(step, args))

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
        while not self.over:
            if self.end_check_due:
                self.end_check_due = False
                if self.check_end():
                    return False
            if self.pending:
                kind = self.pending[0].kind
                for clearing in self._self_clearing:
                    if kind == clearing:
                        break
                else:
                    return False
                if not self.resume_after_decision():
                    return False
                continue
            if self._dues:
                self.settle_dues()
                continue
            if len(steps) > depth:
                steps.pop().run(self)
                continue
            return True
        return False

    def step_depth(self) -> int:
        """How many steps wait on the stack (a mark for :meth:`settle` and
        :meth:`then_under`)."""
        return len(self._steps)

    def then_under(self, depth: int, step: Callable[..., None], *args: Any) -> None:
        """:meth:`then`, for a step that belongs under everything pushed since the stack
        had ``depth`` steps (so it runs once those are done)."""
        self._steps.insert(depth, CallStep(step, args))

    def step_under(self, depth: int, step: Step) -> None:
        """:meth:`then_under` for a step made as a :class:`Step` of its own."""
        self._steps.insert(depth, step)

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
        if not cleaned.isascii() or not cleaned.isdigit():
            return None
        return -int(cleaned) if negative else int(cleaned)

    def describe_decision(self, decision: Decision) -> str | None:
        """Hook: an edition's own question for one of its decisions, in words, for the
        fronts ("whom does your roll of 7 move?"); None lets the front word it."""
        return None

    def improvement_words(self, deed: int) -> str | None:
        """Hook: what stands on an owned deed in the edition's words ("level 3"), for the
        fronts; None lets the front call ``houses[deed]`` houses or a hotel."""
        return None

    def money(self, amount: int) -> str:
        """An amount as the edition prints it ("$1,500")."""
        symbol = self.data.currency.get("symbol", "$")
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

    def deeds_of(self, player: int) -> list[int]:
        owner = self.owner
        return [d for d in self.board.deeds if owner[d] == player]

    @abstractmethod
    def begin_turn(self) -> None:
        """Start the current player's turn (asking for their first decision)."""

    def setup_done(self) -> None:
        """Hook: a scenario has placed deeds and buildings by hand; bring derived state (such
        as the bank's building stock) in line, or raise ValueError if the position is
        impossible."""
        return None

    def snapshot_extra(self) -> dict[str, Any]:
        """Edition-specific parts of the state snapshot (see engine.snapshot)."""
        return {}
