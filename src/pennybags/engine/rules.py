"""Rules as handlers: one object per action kind, space kind and card effect.

An edition's :class:`Rulebook` holds

* an :class:`ActionRule` per action kind: when the action is legal (:meth:`ActionRule.check`)
  and what it does (:meth:`ActionRule.apply`), side by side, with the kind's schema
  (:class:`~pennybags.engine.actions.ActionKind`);
* the decision kinds it asks (:class:`~pennybags.engine.actions.DecisionKind`) and the
  actions allowed at any time during a "managing" decision;
* a :class:`SpaceRule` per kind of space: what landing there does;
* a :class:`CardRule` per card effect: what obeying the card does;
* a set-up per decision kind that a scenario may start at (:data:`PoseSetUp`: what
  ``Game.pose`` does to put that decision before a player).

An edition builds its rulebook from another's by adding or replacing single handlers
(:meth:`Rulebook.extended`); the engine's ``Game.act``, ``why_illegal`` and
``legal_actions`` work from the rulebook and are never replaced.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Generic, TypeVar

from librt.vecs import vec

from pennybags.engine.actions import (
    FIELD_BITS,
    Action,
    ActionKind,
    Decision,
    DecisionKind,
    Pose,
    Vocabulary,
    kind_number,
    kinds_table,
)
from pennybags.engine.decks import Card

G = TypeVar("G")
"""The game class a rule is written for (an edition's game)."""


class ActionRule(Generic[G]):
    """The rule of one action kind. Subclasses set ``kind`` and write :meth:`check` and
    :meth:`apply` (and :meth:`candidates` when the kind takes a field).

    The engine has already checked, before :meth:`check` is called, that the game is not
    over, that the player exists, that the action's fields have the types its kind declares
    and no others, and whether the action answers the player's pending decision (then
    ``decision`` is that decision) or is taken "at any time" while players manage (then
    ``decision`` is None).
    """

    kind: ClassVar[ActionKind]
    narrows_answers: ClassVar[bool] = False
    """True for a rule whose :meth:`answers` is written (it answers only some of the
    decisions that list it)."""

    def __init__(self) -> None:
        kind = type(self).kind
        self.name: str = kind.name
        """The action kind's name (``Action.do``)."""
        self.plain: Action | None = Action(kind.name) if not kind.fields else None
        """The kind's one action, when it takes no field."""

    def answers(self, game: G, player: int, action: Action, decision: Decision) -> bool:
        """Whether ``action`` answers ``decision`` (whose kind lists this action) rather than
        being taken at any time. Almost always True; a rule that is both an answer and an
        any-time action narrows it, and sets ``narrows_answers`` (classic: lifting the
        mortgage of a deed just received answers ``mortgaged-deeds``; lifting another one
        is managing)."""
        return True

    def check(self, game: G, player: int, action: Action, decision: Decision | None
              ) -> str | None:
        """Why the action is not allowed now (None if it is), once the engine's checks
        have passed."""
        return None

    def apply(self, game: G, player: int, action: Action, decision: Decision | None) -> None:
        """Carry out the action (already known to be legal)."""
        raise NotImplementedError(f"'{self.kind.name}' has no effect written")

    def candidates(self, game: G, player: int, decision: Decision | None) -> list[Action]:
        """The actions of this kind worth checking for ``legal_actions``: the kind's action
        itself when it takes no field. Kinds with a field list the values that could be
        legal (a bid: the smallest; a deed: the deeds it could be); trade offers are not
        listed."""
        plain = self.plain
        return [plain] if plain is not None else []

    def legal_answers(self, game: G, player: int, decision: Decision) -> list[Action]:
        """Hook for ``legal_actions``: the answers of this kind to ``decision`` that
        :meth:`check` allows, in :meth:`candidates`' order, judged at once. Written only by
        a rule whose candidates share their conditions, so that judging them together is
        cheaper than one by one (and never by one that narrows its answers); the engine
        otherwise judges each candidate with :meth:`check`."""
        return [a for a in self.candidates(game, player, decision)
                if self.check(game, player, a, decision) is None]


class Entry:
    """A rule as one rulebook uses it (made by :class:`Rulebook`): the rule, the decision
    kinds it answers there, whether it may also be taken at any time, and its fields as
    bits. The engine looks an action up once and finds all it needs here."""

    __slots__ = ("answer_table", "answering", "anytime", "checked", "conditional", "fields",
                 "judged", "plain", "rule")

    def __init__(self, rule: ActionRule[Any], answering: tuple[str, ...], anytime: bool
                 ) -> None:
        self.rule = rule
        self.answering = answering
        """The decision kinds this action answers in this rulebook."""
        self.answer_table: vec[bool] = kinds_table(answering)
        """The same kinds as a table by their numbers (``Decision.number``, see
        :func:`~pennybags.engine.actions.kinds_table`)."""
        self.anytime = anytime
        """Whether it may be taken at any time while players manage."""
        self.checked = type(rule).check is not ActionRule.check
        """Whether the rule has conditions of its own (:meth:`ActionRule.check`): a rule
        without them is legal whenever the engine's checks pass."""
        self.conditional = rule.narrows_answers
        """Whether the rule narrows which decisions it answers (:meth:`ActionRule.answers`)."""
        self.judged = type(rule).legal_answers is not ActionRule.legal_answers and \
            not self.conditional
        """Whether the rule lists its legal answers itself (:meth:`ActionRule.legal_answers`)."""
        bits = 0
        for f in rule.kind.fields:
            bits |= FIELD_BITS[f.name]
        self.fields = bits
        simple = not self.checked and not self.conditional and \
            type(rule).candidates is ActionRule.candidates
        self.plain: Action | None = rule.plain if simple else None
        """The kind's one action when it is legal whenever a decision it answers is open
        (no fields, no conditions): listed without being judged."""


class SpaceRule(Generic[G]):
    """What landing on one kind of space does."""

    def land(self, game: G, player: int, space: int, card: Card | None) -> None:
        """``player``'s token stopped on ``space`` (sent there by ``card``, if any)."""
        raise NotImplementedError


class CardRule(Generic[G]):
    """What obeying one kind of card does."""

    def obey(self, game: G, player: int, card: Card) -> None:
        raise NotImplementedError


PoseSetUp = Callable[[Any, Pose], None]
"""How a scenario puts one decision kind before a player: ``set_up(game, pose)`` sets up
what the decision needs (an auction, a debt, an offer...) and asks it, or raises
ValueError naming why the position cannot have it."""


class Rulebook:
    """An edition's handlers and vocabulary.

    Made once per edition, shared by all its games (it holds no game state)."""

    def __init__(self, decisions: Iterable[DecisionKind], actions: Iterable[ActionRule[Any]],
                 anytime: Iterable[str] = (),
                 spaces: dict[str, SpaceRule[Any]] | None = None,
                 cards: dict[str, CardRule[Any]] | None = None,
                 absent: dict[str, str] | None = None,
                 poses: dict[str, PoseSetUp] | None = None) -> None:
        self.actions: dict[str, ActionRule[Any]] = {}
        for rule in actions:
            self.actions[rule.kind.name] = rule
        self.decisions: dict[str, DecisionKind] = {d.name: d for d in decisions}
        self.anytime: tuple[str, ...] = tuple(anytime)
        self.spaces: dict[str, SpaceRule[Any]] = dict(spaces or {})
        self.cards: dict[str, CardRule[Any]] = dict(cards or {})
        self.absent: dict[str, str] = dict(absent or {})
        """Why an action kind of other editions is not in this one ("there is no trading
        in Ultimate Banking"), for refusals."""
        self.poses: dict[str, PoseSetUp] = {k: f for k, f in (poses or {}).items()
                                            if k in self.decisions}
        """The set-up of each decision kind a scenario may start at (``Game.pose``)."""
        self.vocabulary = Vocabulary(self.decisions.values(),
                                     (r.kind for r in self.actions.values()), self.anytime)
        self.answer_sets: dict[str, frozenset[str]] = {
            d.name: frozenset(d.answers) for d in self.decisions.values()}
        """Each decision kind's answers, as a set."""
        self.managing_kinds: frozenset[str] = frozenset(
            d.name for d in self.decisions.values() if d.managing)
        self.managing_table: vec[bool] = kinds_table(sorted(self.managing_kinds))
        """The same kinds as a table by their numbers (``Decision.number``)."""
        self.entries: dict[str, Entry] = {
            name: Entry(rule, tuple(d.name for d in self.decisions.values()
                                    if name in d.answers), name in self.anytime)
            for name, rule in self.actions.items()}
        """Each action kind's rule as this rulebook uses it (see :class:`Entry`)."""
        self.answer_entries: dict[str, list[Entry]] = {
            d.name: [self.entries[a] for a in d.answers if a in self.entries]
            for d in self.decisions.values()}
        """Each decision kind's answers, as entries, in order."""
        numbered: list[Entry | None] = []
        for name, entry in self.entries.items():
            number = kind_number(name)
            while len(numbered) <= number:
                numbered.append(None)
            numbered[number] = entry
        self.numbered: list[Entry | None] = numbered
        """The entries by the kinds' numbers (``Action.number``, see
        :func:`~pennybags.engine.actions.kind_number`), None for kinds it does not have."""

    def extended(self, *, decisions: Iterable[DecisionKind] = (),
                 actions: Iterable[ActionRule[Any]] = (), without: Iterable[str] = (),
                 anytime: Iterable[str] | None = None,
                 spaces: dict[str, SpaceRule[Any]] | None = None,
                 cards: dict[str, CardRule[Any]] | None = None,
                 without_decisions: Iterable[str] = (),
                 absent: dict[str, str] | None = None,
                 poses: dict[str, PoseSetUp] | None = None) -> Rulebook:
        """A rulebook that is this one with handlers added or replaced (by kind name),
        action and decision kinds left out (with their set-ups), and the any-time actions
        replaced."""
        gone = set(without)
        dropped = set(without_decisions)
        rules = {name: r for name, r in self.actions.items() if name not in gone}
        for r in actions:
            rules[r.kind.name] = r
        given = list(decisions)
        kinds = {d.name: d for d in given}  # the kinds given first, in their order
        for name, d in self.decisions.items():
            if name not in dropped and name not in kinds:
                kinds[name] = d
        space_rules = dict(self.spaces)
        space_rules.update(spaces or {})
        card_rules = dict(self.cards)
        card_rules.update(cards or {})
        why_absent = dict(self.absent)
        why_absent.update(absent or {})
        set_ups = {k: f for k, f in self.poses.items() if k not in dropped}
        set_ups.update(poses or {})
        return Rulebook(kinds.values(), rules.values(),
                        self.anytime if anytime is None else anytime,
                        space_rules, card_rules, why_absent, set_ups)
