"""The shared turn: throw the dice, move, resolve the space, doubles, jail, end of turn.

:class:`TurnGame` is the turn every edition of the family plays, written once:

* the order of play is decided by a throw of the dice (the highest total goes first);
* a turn asks for a roll (``roll``, or ``jail`` for a player in jail), throws the dice
  (:meth:`TurnGame.roll`), moves the token (:meth:`TurnGame.move`) and resolves the space
  it stops on through the edition's space rules (:meth:`TurnGame.land`);
* doubles roll again; the third double in a row goes to jail;
* in jail a player tries for doubles (a double frees them and moves them by that roll),
  pays the fine (``pay-bail``) or uses a Get Out of Jail Free card (``use-card``); after the
  last failed try they pay the fine and move by that roll;
* the turn ends (``end-turn``) and play passes to the left; a round ends when it comes
  back to the first player; a ``max-rounds`` cap ends the game.

An edition gives the figures (GO salary, jail fine, tries) in its data file and overrides
the hooks where its rulebook differs: what a throw does (:meth:`TurnGame.roll`), how a
token moves (:meth:`TurnGame.move`), what passing GO pays
(:meth:`TurnGame.collect_salary`), what a space does (its rulebook's
:class:`~pennybags.engine.rules.SpaceRule` handlers), what ends the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol, cast

from pennybags.engine.actions import Action, ActionKind, Decision, DecisionKind, Pose, kind_number
from pennybags.engine.board import Board
from pennybags.engine.data import EditionData
from pennybags.engine.decks import Card
from pennybags.engine.game import PURE, Event, Game, Step
from pennybags.engine.ledger import BANK
from pennybags.engine.rules import ActionRule, PoseSetUp, Rulebook, SpaceRule

ROLL_NUMBER: Final = kind_number("roll")
JAIL_NUMBER: Final = kind_number("jail")
END_TURN_NUMBER: Final = kind_number("end-turn")

"""The turn's decision kinds' numbers (``Decision.number``), given when one is made."""

ROLL_ASKS: Final[list[list[Decision]]] = []
"""Each seat's ``roll`` decision as a pending list (``JAIL_ASKS``: the ``jail`` one), made
once and shared by every game, as this module's own table: decisions are values and a game
replaces its pending list, never changes it, so one list serves every game (no game holds
the table, only its pending list, which a copy of the game copies). Made per game, they
were eight lists and eight decisions a game."""
JAIL_ASKS: Final[list[list[Decision]]] = []
NO_DECISIONS: Final[list[Decision]] = []
"""An empty pending list, shared: pending lists are replaced, never changed in place (see
``Game.pending``), and the most common answers leave nothing pending for a moment."""


class TurnOptions(Protocol):
    """The table options every edition's turn reads."""

    @property
    def max_rounds(self) -> int:
        """End the game after this many rounds (0: no cap)."""

    @property
    def auto_end_turn(self) -> bool:
        """The turn passes on as soon as its last roll is resolved."""


class AfterRoll(Step):
    """The step after a roll whose landing asked somebody something: doubles roll again,
    otherwise the turn may end (:meth:`TurnGame.after_roll`). A step class of its own, as
    it comes on most purchases."""

    __slots__ = ("double", "player")

    def __init__(self, player: int, double: bool) -> None:
        self.player: Final = player
        self.double: Final = double

    def run(self, game: Game) -> None:
        if PURE:  # (typing's cast is a call of a Python function in pure Python)
            game.after_roll(self.player, self.double)  # type: ignore[attr-defined]
        else:
            cast(TurnGame, game).after_roll(self.player, self.double)

    def copy_for(self, original: Game, copy: Game) -> Step:
        return self  # (it holds no game state, and is never changed: see after_roll_step)


_AFTER_ROLLS: Final[list[AfterRoll]] = []
"""The :class:`AfterRoll` steps made so far, by seat and doubles (``2 * seat + double``):
they hold nothing but those two values and never change, so every game shares them."""


def after_roll_step(player: int, double: bool) -> AfterRoll:
    """The step after ``player``'s roll (``double``: the roll was a double), made once for
    the process rather than at every roll whose landing asked something."""
    steps = _AFTER_ROLLS
    i = 2 * player + 1 if double else 2 * player
    while len(steps) <= i:
        n = len(steps)
        steps.append(AfterRoll(n // 2, n % 2 == 1))
    return steps[i]


PLAIN_TURN_HOOKS: Final = ("move_then_after_roll", "move", "land", "after_roll", "next_turn",
                           "begin_turn", "ask_roll", "settle", "step_under")
"""The hooks a roll goes through after the dice are thrown: when a game's class overrides
none of them (and its board moves a token as :class:`Board` does), :meth:`TurnGame.roll`
does their work itself for a game nobody listens to (see :func:`plain_turn`)."""

_PLAIN_TURNS: Final[dict[type, bool]] = {}


def plain_turn(kind: type) -> bool:
    """Whether a game class takes the turn as :class:`TurnGame` writes it: overrides none of
    :data:`PLAIN_TURN_HOOKS` (looked at once per class)."""
    plain = _PLAIN_TURNS.get(kind)
    if plain is None:
        plain = True
        for name in PLAIN_TURN_HOOKS:
            if getattr(kind, name) is not getattr(TurnGame, name):
                plain = False
        _PLAIN_TURNS[kind] = plain
    return plain


class LastLanding:
    """The space rules worked out last, for a rulebook's spaces and a board (one ``Final``
    holder: the compiled build reads a module variable that is rebound from the module's
    dictionary)."""

    __slots__ = ("board", "rules", "spaces")

    def __init__(self) -> None:
        self.spaces: dict[str, SpaceRule[Any]] | None = None
        self.board: Board | None = None
        self.rules: tuple[SpaceRule[Any] | None, ...] = ()


LAST_LANDING: Final = LastLanding()


def landing_rules(rulebook: Rulebook, board: Board) -> tuple[SpaceRule[Any] | None, ...]:
    """The rule of each space of ``board`` in ``rulebook`` (None: nothing happens there),
    worked out once for the same rules and board (every game of a run has them)."""
    last = LAST_LANDING
    spaces = rulebook.spaces
    if last.spaces is not spaces or last.board is not board:
        last.rules = tuple(spaces.get(s.kind) for s in board.spaces)
        last.spaces = spaces
        last.board = board
    return last.rules


class TurnGame(Game):
    """A game played in turns of dice throws around the board (see the module's
    docstring)."""

    def __init__(self, data: EditionData, names: Sequence[str], seed: int | None = None,
                 options: Any = None, *, rulebook: Rulebook, record: bool = True,
                 listeners: Sequence[Callable[[Event], None]] = (),
                 clone_of: TurnGame | None = None) -> None:
        super().__init__(data, names, seed, options, rulebook=rulebook, record=record,
                         listeners=listeners, clone_of=clone_of)
        r = data.rules
        self.go_salary: int = r["go_salary"]
        self.jail_fine: int = r["jail_fine"]
        self.max_jail_turns: int = r["max_jail_turns"]
        self.doubles_to_jail: int = r.get("doubles_to_jail", 3)
        jails = self.board.of_kind("jail")
        self.jail: int = jails[0] if jails else 0
        table = cast(TurnOptions, self.options)
        self.max_rounds: int = table.max_rounds
        self.auto_end_turn: bool = table.auto_end_turn
        self.fee_payee = BANK
        """Who receives fines and fees (the bank; a pot with a house rule)."""
        self.landing: list[SpaceRule[Any] | None] = list(landing_rules(rulebook, self.board))
        """What each space of the board does when a token stops on it (this game's own
        list, made from the rules of the board's spaces worked out once)."""
        while len(ROLL_ASKS) < len(self.players):  # (the turn's decisions: see ROLL_ASKS)
            seat = len(ROLL_ASKS)
            ROLL_ASKS.append([Decision("roll", seat, number=ROLL_NUMBER)])
            JAIL_ASKS.append([Decision("jail", seat, number=JAIL_NUMBER)])

        self.plain_turn: bool = plain_turn(type(self)) and \
            type(self.board).advance is Board.advance
        """Whether a roll may move, land and pass the turn on in one method (:meth:`roll`)
        when nobody listens: this game's class and board take the turn as written here
        (see :func:`plain_turn`). Setting it False makes every roll go through the hooks;
        the games are the same either way."""
        if clone_of is not None:
            self.doubles: int = clone_of.doubles
            self.last_dice: tuple[int, ...] = clone_of.last_dice
            return
        self.doubles = 0
        """Doubles rolled in a row this turn."""
        self.last_dice = ()
        """The last throw that moved a token (what a utility's rent multiplies)."""

    # ================================================================ setup

    def decide_order(self) -> None:
        """Order of play: each player rolls; the highest total goes first (ties roll again)."""
        contenders = [p.seat for p in self.players]
        dice = self.dice
        while len(contenders) > 1:
            # (lists rather than a dict of totals: made for every game of a simulation)
            thrown: list[int] = []
            best = -1
            for _ in contenders:
                dice.roll()
                total = dice.total  # a throw's number (a speed die's named faces: 0)
                thrown.append(total)
                if total > best:
                    best = total
            if self.listeners:
                self.emit("order-roll", totals=dict(zip(contenders, thrown, strict=True)))
            contenders = [contenders[i] for i in range(len(thrown)) if thrown[i] == best]
        self.first = self.current = contenders[0]
        if self.listeners:
            self.emit("order", first=self.first)

    # ================================================================ the turn

    def begin_turn(self) -> None:
        self.doubles = 0
        self.turns += 1
        if self.listeners:
            self.emit("turn", player=self.current, round=self.round)
        self.ask_roll()

    def ask_roll(self) -> None:
        p = self.current
        self.pending = JAIL_ASKS[p] if self.players[p].in_jail else ROLL_ASKS[p]

    def roll(self, p: int) -> None:
        """Throw the dice and move, or try for doubles in jail."""
        dice = self.dice.roll()
        self.last_dice = dice
        total = self.dice.total
        double = self.dice.double
        self.pending = NO_DECISIONS
        player = self.players[p]
        if self.listeners:
            self.emit("rolled", player=p, dice=dice, double=double)
        if player.in_jail:
            self.roll_in_jail(p, total, double)
            return
        if double:
            self.doubles += 1
            if self.doubles >= self.doubles_to_jail:
                if self.listeners:
                    self.emit("speeding", player=p)
                self.send_to_jail(p)
                self.after_roll(p, False)
                return
        if not self.plain_turn or self.listeners:
            self.move_then_after_roll(p, total, double)
            return
        # What move_then_after_roll, move, Board.advance, land, after_roll, next_turn,
        # begin_turn and ask_roll do, in one method (a roll's hot path: this class's own
        # hooks, none overridden, and no events to tell).
        depth = self._depth
        start = player.position
        size = self.board.size
        target = (start + total) % size
        player.position = target
        if total > 0 and start + total >= size:  # passing GO, or landing on it
            self.collect_salary(p, landed=target == 0)
        position = player.position
        rule = self.landing[position]
        if rule is not None:
            rule.land(self, p, position, None)
        # settle(depth), called only when there is something to settle
        if (self.pending or self.dues or self.end_check_due or self.over or
                self._depth > depth) and not self.settle(depth):
            if not self.over:
                self.step_under(depth, after_roll_step(p, double))
            return
        # after_roll: doubles roll again, otherwise the turn may end
        if player.bankrupt:
            self.next_turn()
        elif double and not player.in_jail:
            self.pending = ROLL_ASKS[p]
        elif self.auto_end_turn:
            self.next_turn()
        else:
            self.pending = [Decision("end-turn", p, number=END_TURN_NUMBER)]

    def move_then_after_roll(self, p: int, steps: int, double: bool) -> None:
        """Move, and once all the landing brings is settled, go on with :meth:`after_roll`
        (at once when nobody had to decide anything on the way)."""
        depth = self._depth  # (step_depth(), without the call: a roll's hot path)
        self.move(p, steps)
        if self.settle(depth):
            self.after_roll(p, double)
        elif not self.over:
            self.step_under(depth, after_roll_step(p, double))

    def after_roll(self, p: int, double: bool) -> None:
        """After a roll is resolved: doubles roll again, otherwise the turn may end."""
        player = self.players[p]
        if player.bankrupt:
            self.next_turn()
            return
        if double and not player.in_jail:
            self.pending = ROLL_ASKS[p]
        elif self.auto_end_turn:
            self.next_turn()
        else:
            self.pending = [Decision("end-turn", p, number=END_TURN_NUMBER)]

    def next_turn(self) -> None:
        """Play passes to the left; a round ends when it comes back to the first player."""
        n = len(self.players)
        s = self.current
        while True:
            s = (s + 1) % n
            if s == self.first:
                self.round += 1
            if not self.players[s].bankrupt:
                break
        self.current = s
        cap = self.max_rounds
        if cap and self.round > cap:
            self.round = cap  # the last round played
            self.end_by_round_cap()
            return
        if self.plain_turn and not self.listeners:
            # begin_turn and ask_roll, written out (see plain_turn): no event to tell
            self.doubles = 0
            self.turns += 1
            self.pending = JAIL_ASKS[s] if self.players[s].in_jail else ROLL_ASKS[s]
            return
        self.begin_turn()

    # ================================================================ moving and GO

    def move(self, p: int, steps: int) -> None:
        """Move ``steps`` spaces and resolve the space landed on."""
        player = self.players[p]
        start = player.position
        target, passed_go = self.board.advance(start, steps)
        player.position = target
        if self.listeners:
            self.emit("moved", player=p, start=start, to=target, steps=steps)
        if passed_go:
            self.collect_salary(p, landed=target == 0)
        self.land(p)

    def move_back(self, p: int, steps: int) -> None:
        """Move ``steps`` spaces backwards (no salary) and resolve the space."""
        player = self.players[p]
        start = player.position
        target, _ = self.board.advance(start, -steps)
        player.position = target
        if self.listeners:
            self.emit("moved", player=p, start=start, to=target, steps=-steps)
        self.land(p)

    def move_to(self, p: int, target: int, collect_go: bool, card: Card | None = None) -> None:
        """Move forward to ``target`` (a card's "advance to"), collecting salary if GO is
        passed and the card allows it, then resolve the space."""
        player = self.players[p]
        start = player.position
        player.position = target
        if self.listeners:
            self.emit("moved", player=p, start=start, to=target, steps=0)
        if collect_go and target <= start:
            self.collect_salary(p, landed=target == 0)
        self.land(p, card)

    def collect_salary(self, p: int, landed: bool) -> None:
        """GO: collect the salary when passing or landing on it."""
        self.pay(BANK, p, self.go_salary, "GO salary")

    def land(self, p: int, card: Card | None = None) -> None:
        """Resolve the space a player's token stopped on (sent there by ``card``, if any),
        through the rulebook's rule for that kind of space (no rule: nothing happens)."""
        position = self.players[p].position
        rule = self.landing[position]
        if rule is not None:
            rule.land(self, p, position, card)

    # ================================================================ jail

    def send_to_jail(self, p: int) -> None:
        """Go directly to Jail: do not pass GO, do not collect salary; the turn ends."""
        player = self.players[p]
        player.position = self.jail
        player.in_jail = True
        player.jail_turns = 0
        if p == self.current:
            self.doubles = 0
        if self.listeners:
            self.emit("jailed", player=p)

    def leave_jail(self, p: int, how: str) -> None:
        player = self.players[p]
        player.in_jail = False
        player.jail_turns = 0
        if self.listeners:
            self.emit("left-jail", player=p, how=how)

    def roll_in_jail(self, p: int, total: int, double: bool) -> None:
        """Doubles free the player, who moves by that roll without rolling again. After the
        last failed try the player pays the fine and moves by that roll."""
        player = self.players[p]
        if double:
            self.leave_jail(p, "doubles")
            self.move_then_after_roll(p, total, False)
            return
        player.jail_turns += 1
        if player.jail_turns < self.max_jail_turns:
            if self.listeners:
                self.emit("stays-in-jail", player=p, tries=player.jail_turns)
            self.after_roll(p, False)
            return
        self.leave_jail(p, "fine after the third try")
        self.then(self.after_roll, p, False)
        self.then(self.move_unless_bankrupt, p, total)
        self.owe(p, self.fee_payee, self.jail_fine, "jail fine")

    def move_unless_bankrupt(self, p: int, steps: int) -> None:
        if not self.players[p].bankrupt:
            self.move(p, steps)

    def pay_bail(self, p: int) -> None:
        """Pay the fine before rolling, leave jail, roll as usual."""
        if self.plain_pay and not self.listeners:  # (pay without its call)
            self.ledger.transfer(p, self.fee_payee, self.jail_fine, "jail fine")
        else:
            self.pay(p, self.fee_payee, self.jail_fine, "jail fine")
        self.leave_jail(p, "paid the fine")
        self.pending = ROLL_ASKS[p]

    def jail_card(self, p: int) -> int:
        """Which of ``p``'s cards is a Get Out of Jail Free card (its place in
        ``cards``), or -1."""
        for i, (key, index) in enumerate(self.players[p].cards):
            if self.decks[key].cards[index].kind == "get_out_of_jail_free":
                return i
        return -1

    def use_card(self, p: int) -> None:
        """Use a Get Out of Jail Free card; it goes back to the bottom of its deck."""
        key, index = self.players[p].cards.pop(self.jail_card(p))
        self.decks[key].put_bottom(index)
        self.leave_jail(p, "used a Get Out of Jail Free card")
        self.pending = ROLL_ASKS[p]

    # ================================================================ scenarios

    def pose_turn_decision(self, pose: Pose) -> None:
        """The turn's own decisions: ``roll``, ``jail`` (in Jail) and ``end-turn``, asked of
        the player whose turn it is."""
        p = pose.player
        kind = pose.kind
        if kind in ("roll", "jail", "end-turn"):
            if p != self.current:
                raise ValueError(f"'{kind}' is asked of the player whose turn it is "
                                 f"({self.name(self.current)}): give turn: {self.name(p)}")
            if (kind == "jail") != self.players[p].in_jail:
                raise ValueError(f"'jail' is asked of a player in Jail and 'roll' of one who "
                                 f"is not: {self.name(p)} "
                                 f"{'is' if self.players[p].in_jail else 'is not'} in Jail")
            self.pending = [Decision("end-turn", p)] if kind == "end-turn" else \
                list(JAIL_ASKS[p] if kind == "jail" else ROLL_ASKS[p])
            return
        raise ValueError(f"'{kind}' is not a decision of the turn")

    def check_landing(self, pose: Pose) -> None:
        """A decision a landing asks is the player's whose turn it is."""
        if pose.player != self.current:
            raise ValueError(f"'{pose.kind}' is asked of the player whose turn it is "
                             f"({self.name(self.current)}): give turn: {self.name(pose.player)}")

    def after_the_landing(self) -> None:
        """For a decision set up as if a landing had asked it: once it is answered, the roll
        ends as rolls do (the turn may end, no doubles)."""
        self.step_under(0, after_roll_step(self.current, False))

    # ================================================================ the end

    def end(self, winner: int | None, reason: str) -> None:
        self.over = True
        self.winner = winner
        self.end_reason = reason
        self.pending = []
        self.drop_steps()
        self.dues.clear()
        if self.listeners:
            self.emit("game-over", winner=winner, reason=reason)

    def total_assets(self, p: int) -> int:
        """Hook: what ``p`` is worth when a capped game is decided (cash here)."""
        return self.cash(p)

    def end_by_round_cap(self) -> None:
        """With the ``max-rounds`` table option the richest player wins; equal totals draw."""
        totals = {p: self.total_assets(p) for p in self.active_players()}
        best = max(totals.values())
        leaders = [p for p, v in totals.items() if v == best]
        self.end(leaders[0] if len(leaders) == 1 else None, "round-cap")


# ==================================================================== the turn's decisions

ROLL_DECISION: Final = DecisionKind(
    "roll", ("roll",), "The turn: roll the dice (again after doubles)", managing=True)
JAIL_DECISION: Final = DecisionKind(
    "jail", ("roll", "pay-bail", "use-card"),
    "Jail: roll for doubles, pay the fine or use a Get Out of Jail Free card",
    managing=True)
END_TURN_DECISION: Final = DecisionKind(
    "end-turn", ("end-turn",), "The turn ends; play passes to the left", managing=True)

TURN_POSES: Final[dict[str, PoseSetUp]] = {
    "roll": TurnGame.pose_turn_decision,
    "jail": TurnGame.pose_turn_decision,
    "end-turn": TurnGame.pose_turn_decision,
}
"""How a scenario starts at one of the turn's decisions (see ``Game.pose``)."""


# ==================================================================== the turn's actions

class Roll(ActionRule[TurnGame]):
    """Roll the dice: move by the total (or, in jail, try for doubles)."""

    kind = ActionKind("roll", "Roll the dice and move by their total (in jail: try for "
                      "doubles)", label="Roll the dice")

    def apply(self, game: TurnGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.roll(player)


class EndTurn(ActionRule[TurnGame]):
    """End the turn: play passes to the left."""

    kind = ActionKind("end-turn", "End the turn; play passes to the left",
                      label="End the turn")

    def apply(self, game: TurnGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.pending = NO_DECISIONS
        game.next_turn()


class PayBail(ActionRule[TurnGame]):
    """Jail: pay the fine before rolling, then roll as usual."""

    kind = ActionKind("pay-bail", "Jail: pay the fine before rolling, then roll as usual",
                      label="Pay the {fine} fine and leave jail")

    def check(self, game: TurnGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        cash = game.cash(player)
        if cash < game.jail_fine:
            return f"the fine is {game.money(game.jail_fine)}; " \
                   f"{game.name(player)} has {game.money(cash)}"
        return None

    def apply(self, game: TurnGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.pay_bail(player)


class UseCard(ActionRule[TurnGame]):
    """Jail: use a Get Out of Jail Free card, then roll as usual."""

    kind = ActionKind("use-card", "Jail: use a Get Out of Jail Free card, then roll as "
                      "usual", label="Use a Get Out of Jail Free card")

    def check(self, game: TurnGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        if game.jail_card(player) < 0:
            return f"{game.name(player)} has no Get Out of Jail Free card"
        return None

    def apply(self, game: TurnGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.use_card(player)


ROLL: Final = Action("roll")
END_TURN: Final = Action("end-turn")
PAY_BAIL: Final = Action("pay-bail")
USE_CARD: Final = Action("use-card")


class NoSpaceRule(SpaceRule[TurnGame]):
    """A space where nothing happens (GO, Just Visiting, Free Parking)."""

    def land(self, game: TurnGame, player: int, space: int, card: Card | None) -> None:
        return None


class GoToJail(SpaceRule[TurnGame]):
    """Go To Jail: straight to jail."""

    def land(self, game: TurnGame, player: int, space: int, card: Card | None) -> None:
        game.send_to_jail(player)


TURN_DECISIONS: Final = (ROLL_DECISION, JAIL_DECISION, END_TURN_DECISION)
TURN_ACTIONS: Final = (Roll(), EndTurn(), PayBail(), UseCard())
"""The turn's rules, for an edition's rulebook."""

__all__ = ["END_TURN", "NO_DECISIONS", "PAY_BAIL", "PLAIN_TURN_HOOKS", "ROLL", "USE_CARD",
           "AfterRoll", "EndTurn", "GoToJail", "NoSpaceRule", "PayBail", "Roll", "TurnGame",
           "UseCard", "after_roll_step", "plain_turn"]
