"""Dice: seeded chance, with an optional script of rolls that come first.

Chance is explicit: every random number a game uses comes from the game's one seeded
generator, so the same seed and the same answers replay the same game.

:class:`Dice` are the plain dice of most editions (two six-sided dice in classic).
:class:`SpeedDice` are Ultimate Monopoly's: two regular dice and the speed die, whose faces
are ints (see ``SPEED_FACES``: 1, 2 and 3 are pips; the named faces are negative, so no code
is ever read as pips), with throws of two and of three regular dice from the same
generator. :func:`make_dice` makes a game's dice from its edition's rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from mypy_extensions import i64


def total(roll: tuple[int, ...]) -> int:
    """The sum of a roll (a loop: cheaper than the builtin ``sum`` in the compiled build)."""
    t = 0
    for v in roll:
        t += v
    return t


_PAIRS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {}


def pairs_of(sides: int) -> tuple[tuple[int, ...], ...]:
    """Each outcome of two dice with ``sides`` sides (0 to sides*sides - 1) as the roll it
    reads as, made once per number of sides: rolls are values, so every game shares them."""
    pairs = _PAIRS.get(sides)
    if pairs is None:
        pairs = _PAIRS[sides] = tuple(
            (v // sides + 1, v % sides + 1) for v in range(sides * sides))
    return pairs


_DRAWS: Final[dict[int, tuple[int, float]]] = {}


def draws_of(sides: int) -> tuple[int, float]:
    """How two dice with ``sides`` sides roll from the generator, made once per number of
    sides: several rolls come from one draw. A draw picks one of span = (sides * sides) **
    per_draw outcomes, read as per_draw base-(sides*sides) digits, one per roll. span
    stays below 2**21, so with the generator's 53 bits every outcome is equally likely to
    within one part in 2**32. (per_draw, span as a float: it multiplies a float.)"""
    made = _DRAWS.get(sides)
    if made is None:
        outcomes = sides * sides
        per_draw = 1
        while outcomes ** (per_draw + 1) < 2 ** 21:
            per_draw += 1
        made = _DRAWS[sides] = (per_draw, float(outcomes ** per_draw))
    return made


class Dice:
    """``count`` dice with ``sides`` sides each (two six-sided dice in classic)."""

    __slots__ = ("_left", "_pairs", "_per_draw", "_pool", "_random", "_rng", "_span", "count",
                 "double", "last", "scripted", "sides", "total")

    def __init__(self, rng: random.Random, count: int = 2, sides: int = 6) -> None:
        self._rng = rng
        """The game's generator (a copy of the game gives its dice its own: see
        :meth:`clone`)."""
        self._random: Callable[[], float] = rng.random
        """``_rng.random``, looked up once (the compiled build calls a bound method
        directly; looking the method up by name at each draw cost about 300 instructions)."""
        self.count = count
        self.sides = sides
        per_draw, span = draws_of(sides)
        self._per_draw: i64 = per_draw
        self._span = span
        self._pairs = pairs_of(sides)
        self._pool: i64 = 0
        """The digits of the last draw not yet rolled. (``i64``, like the other numbers of
        a roll: a plain machine integer in the compiled build, a Python ``int`` in pure
        Python.)"""
        self._left: i64 = 0
        """How many rolls ``_pool`` still holds."""
        self.scripted: list[tuple[int, ...]] = []
        """Rolls to come before the seeded dice, first one first (a list: few and short)."""
        self.last: tuple[int, ...] = ()
        """The most recent roll, whatever it was for (empty before the first)."""
        self.total = 0
        """The sum of ``last``."""
        self.double = False
        """Whether ``last`` is two equal dice."""

    def clone(self, rng: random.Random) -> Dice:
        """These dice in the same state, drawing from ``rng`` (the copy's own generator, in
        the same state as this one's)."""
        copy = Dice(rng, self.count, self.sides)
        self.copy_state(copy)
        return copy

    def copy_state(self, copy: Dice) -> None:
        """Give ``copy`` (new dice of the same kind) this one's state: the rolls drawn and
        not yet used, the script, the last roll."""
        copy._pool = self._pool
        copy._left = self._left
        copy.scripted = list(self.scripted)
        copy.last = self.last
        copy.total = self.total
        copy.double = self.double

    def forget_pool(self) -> None:
        """Drop the rolls already drawn from the generator but not yet rolled (so the next
        roll draws afresh)."""
        self._pool = 0
        self._left = 0

    def last_json(self) -> list[int | str]:
        """The most recent roll as a snapshot shows it: one number per die."""
        out: list[int | str] = []
        for v in self.last:
            out.append(v)
        return out

    def script(self, rolls: Iterable[Iterable[int | str]]) -> None:
        """Queue rolls that will be used, in order, before seeded dice resume.

        Every roll is checked before any is queued: a bad script changes nothing and raises
        ValueError naming the bad roll. (Names are for the speed die's faces, see
        :class:`SpeedDice`; plain dice take numbers only.)
        """
        checked = [self._check(number, roll) for number, roll in enumerate(rolls, start=1)]
        self.scripted.extend(checked)

    def _check(self, number: int, roll: Any) -> tuple[int, ...]:
        want = f"roll {number} must be {self.count} whole numbers from 1 to {self.sides}"
        if isinstance(roll, (str, bytes)) or not isinstance(roll, Iterable):
            raise ValueError(f"{want}, like {[1] * self.count}; got {roll!r}")
        values = list(roll)
        if (len(values) != self.count
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in values)
                or not all(1 <= v <= self.sides for v in values)):
            raise ValueError(f"{want}; got {values!r}")
        return tuple(values)

    def roll(self) -> tuple[int, ...]:
        """Roll every die once."""
        if self.scripted:
            values = self.scripted.pop(0)
            self.total = total(values)
            self.double = len(values) == 2 and values[0] == values[1]
        else:
            if self.count == 2:
                s: i64 = self.sides
                if self._left == 0:
                    draw: float = self._random()
                    self._pool = int(draw * self._span)
                    self._left = self._per_draw
                outcomes = s * s
                v = self._pool % outcomes
                self._pool //= outcomes
                self._left -= 1
                first = v // s
                second = v % s
                values = self._pairs[v]
                self.total = first + second + 2
                self.double = first == second
            else:
                sides = self.sides
                rng = self._rng
                values = tuple(int(rng.random() * sides) + 1 for _ in range(self.count))
                self.total = total(values)
                self.double = False
        self.last = values
        return values


# ------------------------------------------------------------------ the speed die

SPEED_NONE: Final = 0
"""``SpeedDice.speed`` after a throw without the speed die (two or three regular dice)."""
SPEED_MR_MONOPOLY: Final = -1
"""The speed die's Mr. Monopoly face: a bonus move; counts 0 in a throw's number."""
SPEED_BUS: Final = -2
"""The speed die's Bus face: a Travel Voucher or a move on; counts 0 in a throw's number."""
SPEED_FACES: Final[tuple[int, ...]] = (1, 2, 3, SPEED_MR_MONOPOLY, SPEED_MR_MONOPOLY, SPEED_BUS)
"""Ultimate Monopoly's speed die, face by face (ruling 2): 1, 2, 3 pips, Mr. Monopoly twice,
the Bus. A face above 0 is its pips; the named faces are below 0."""
SPEED_NAMES: Final[dict[int, str]] = {SPEED_MR_MONOPOLY: "mr_monopoly", SPEED_BUS: "bus"}
"""The named faces' names, as scripts, data and snapshots write them."""
_NAMED_FACES: Final[dict[str, int]] = {"mr_monopoly": SPEED_MR_MONOPOLY, "bus": SPEED_BUS,
                                "bus_icon": SPEED_BUS}

SPEED_THROW: Final = 0
"""A throw of the two regular dice and the speed die (:meth:`SpeedDice.roll`)."""
REGULAR_THROW: Final = 1
"""A throw of the two regular dice alone (:meth:`SpeedDice.roll_regular`)."""
THREE_THROW: Final = 2
"""A throw of three regular dice (:meth:`SpeedDice.roll_three`)."""


class ScriptedRollError(ValueError):
    """The next scripted roll is not of the shape of the throw being made (a script of
    :class:`SpeedDice`: ``[3, 4]`` when the speed die is thrown too, ...). Nothing changed:
    the roll is still first in the script."""


def speed_pips(face: int) -> int:
    """What a speed die face counts in a throw's number: its pips; Mr. Monopoly and the Bus
    count 0 (ruling 11)."""
    return face if face > 0 else 0


def speed_face_name(face: int) -> str:
    """A speed die face as words for data and snapshots: "1", "2", "3", "mr_monopoly", "bus"."""
    name = SPEED_NAMES.get(face)
    return name if name is not None else str(face)


def speed_face_named(name: str) -> int | None:
    """The named face a name means ("mr_monopoly", "mr-monopoly", "Mr. Monopoly", "bus",
    in any case), or None."""
    key = "_".join(name.lower().replace(".", " ").replace("-", " ").replace("_", " ").split())
    return _NAMED_FACES.get(key)


def speed_faces(spec: Any) -> tuple[int, ...]:
    """A speed die's faces from an edition's data (rules ``speed_die``: ``["1", "2", "3",
    "mr_monopoly", "mr_monopoly", "bus"]``): pips as numbers or digits, the other faces by
    name. Raises ValueError naming a face it does not know."""
    if isinstance(spec, (str, bytes)) or not isinstance(spec, Iterable):
        like = [speed_face_name(f) for f in SPEED_FACES]
        raise ValueError(f"a speed die is a list of faces, like {like}; got {spec!r}")
    faces: list[int] = []
    for value in spec:
        face: int | None = None
        if isinstance(value, int) and not isinstance(value, bool):
            face = value if value > 0 else None
        elif isinstance(value, str):
            digits = value.strip()
            face = int(digits) if digits.isdigit() and int(digits) > 0 \
                else speed_face_named(value)
        if face is None:
            raise ValueError(f"a speed die face is a number of pips (1 or more), mr_monopoly "
                             f"or bus; got {value!r}")
        faces.append(face)
    return tuple(faces)


class SpeedDice(Dice):
    """Ultimate Monopoly's dice: two regular dice and the speed die (``faces``, one per side
    of the die: ``SPEED_FACES``), all from the game's one generator.

    A turn's throw is :meth:`roll` (the two regular dice and the speed die); in jail, at
    Squeeze Play and for the nearest-utility card only the two regular dice are thrown
    (:meth:`roll_regular`); at Roll Three three regular dice (:meth:`roll_three`). After any
    throw: ``last`` (the dice as thrown; the speed face last), ``total`` (the throw's number:
    what it moves, the speed die's pips included, Mr. Monopoly and the Bus 0), ``regular_total``
    (the regular dice alone), ``double`` (the two regular dice equal), ``triple`` (both
    regular dice and the speed die on the same number) and ``speed`` (the speed face,
    ``SPEED_NONE`` without the speed die). Never sum ``last`` for the number: the named faces
    are negative codes; use ``total``.

    Every die is one base-``sides`` digit of a draw of the generator (a draw holds as many
    digits as keep its span below 2**21: eight for six-sided dice), taken in order: the first
    regular die, the second, then the speed die or the third die. So each die is uniform and
    independent whatever throws are mixed, and a copy with its own generator in the same
    state goes on identically.

    A script (:meth:`script`) may mix the shapes: ``[3, 4]`` (two regular dice), ``[3, 4, 2]``,
    ``[3, 4, "mr_monopoly"]``, ``[3, 4, "bus"]`` (with the speed die; "mr-monopoly" and
    "Mr. Monopoly" read too) and ``[1, 3, 6]`` (three regular dice). Each scripted roll is used
    by the next throw of any kind; if it is not of that throw's shape the throw raises
    :class:`ScriptedRollError` (a ValueError) naming both, and the roll stays first in the
    script. (``[3, 4, 2]`` fits both a
    throw with the speed die and one of three regular dice.)
    """

    __slots__ = ("faces", "regular_total", "speed", "triple")

    def __init__(self, rng: random.Random, faces: tuple[int, ...] = SPEED_FACES,
                 sides: int = 6) -> None:
        super().__init__(rng, 2, sides)
        if len(faces) != sides or not all(1 <= f <= sides or f in SPEED_NAMES for f in faces):
            raise ValueError(f"a speed die beside {sides}-sided dice has {sides} faces, each "
                             f"1 to {sides} pips, mr_monopoly or bus; got "
                             f"{[speed_face_name(f) for f in faces]}")
        self.faces = faces
        """The speed die's faces, one per side."""
        per_draw = 1
        while sides ** (per_draw + 1) < 2 ** 21:
            per_draw += 1
        self._per_draw = per_draw
        self._span = float(sides ** per_draw)
        self.regular_total = 0
        """The regular dice of ``last`` added up (two, or three at Roll Three)."""
        self.speed = SPEED_NONE
        """The speed die's face in ``last`` (``SPEED_NONE`` if it was not thrown)."""
        self.triple = False
        """Whether ``last`` is both regular dice and the speed die on the same number."""

    def clone(self, rng: random.Random) -> SpeedDice:
        """These dice in the same state, drawing from ``rng`` (the copy's own generator, in
        the same state as this one's)."""
        copy = SpeedDice(rng, self.faces, self.sides)
        self.copy_state(copy)
        copy.regular_total = self.regular_total
        copy.speed = self.speed
        copy.triple = self.triple
        return copy

    def last_json(self) -> list[int | str]:
        """The most recent throw as a snapshot shows it: numbers, the speed die's named faces
        by name ([3, 4, "mr_monopoly"])."""
        out: list[int | str] = []
        for v in self.last:
            if v < 0:
                out.append(speed_face_name(v))
            else:
                out.append(v)
        return out

    # -------------------------------------------------------------- throws

    def roll(self) -> tuple[int, ...]:
        """Throw the two regular dice and the speed die: (first, second, speed face)."""
        if self.scripted:
            values = self._next_scripted(SPEED_THROW)
            first = values[0]
            second = values[1]
            face = values[2]
        else:
            first = self._die() + 1
            second = self._die() + 1
            face = self.faces[self._die()]
            values = (first, second, face)
        regular = first + second
        self.regular_total = regular
        self.total = regular + (face if face > 0 else 0)
        self.double = first == second
        self.triple = first == second and face == first
        self.speed = face
        self.last = values
        return values

    def roll_regular(self) -> tuple[int, ...]:
        """Throw the two regular dice alone (in jail, Squeeze Play, the nearest utility)."""
        if self.scripted:
            values = self._next_scripted(REGULAR_THROW)
            first = values[0]
            second = values[1]
        else:
            first = self._die() + 1
            second = self._die() + 1
            values = (first, second)
        self.regular_total = self.total = first + second
        self.double = first == second
        self.triple = False
        self.speed = SPEED_NONE
        self.last = values
        return values

    def roll_three(self) -> tuple[int, ...]:
        """Throw three regular dice (Roll Three), in the order thrown."""
        if self.scripted:
            values = self._next_scripted(THREE_THROW)
        else:
            first = self._die() + 1
            second = self._die() + 1
            values = (first, second, self._die() + 1)
        self.regular_total = self.total = total(values)
        self.double = False
        self.triple = False
        self.speed = SPEED_NONE
        self.last = values
        return values

    def _die(self) -> int:
        """One die: the next digit of the current draw (0 to sides - 1), drawing afresh when
        the draw is used up."""
        if self._left == 0:
            self._pool = int(self._random() * self._span)
            self._left = self._per_draw
        s: i64 = self.sides
        v = self._pool % s
        self._pool //= s
        self._left -= 1
        return v

    # -------------------------------------------------------------- the script

    def _faces_words(self) -> str:
        """The speed die's faces, each once: "1, 2, 3, mr_monopoly or bus"."""
        names: list[str] = []
        for f in self.faces:
            name = speed_face_name(f)
            if name not in names:
                names.append(name)
        return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]

    def _shape_words(self, shape: int) -> str:
        if shape == REGULAR_THROW:
            return "a throw of two regular dice, like [3, 4]"
        if shape == THREE_THROW:
            return "a throw of three regular dice, like [1, 3, 6]"
        return ('a throw of two regular dice and the speed die, like [3, 4, 2], '
                '[3, 4, "mr_monopoly"] or [3, 4, "bus"] (the speed die shows '
                f"{self._faces_words()})")

    def _check(self, number: int, roll: Any) -> tuple[int, ...]:
        s = self.sides
        want = (f"roll {number} must be two regular dice like [3, 4], two regular dice and "
                f'the speed die like [3, 4, 2], [3, 4, "mr_monopoly"] or [3, 4, "bus"], or '
                f"three regular dice like [1, 3, 6] (a regular die shows 1 to {s}, the "
                f"speed die {self._faces_words()})")
        if isinstance(roll, (str, bytes)) or not isinstance(roll, Iterable):
            raise ValueError(f"{want}; got {roll!r}")
        values = list(roll)
        if len(values) not in (2, 3):
            raise ValueError(f"{want}; got {values!r}")
        checked: list[int] = []
        for place, v in enumerate(values):
            if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= s:
                checked.append(v)
                continue
            face = speed_face_named(v) if place == 2 and isinstance(v, str) else None
            if face is None or face not in self.faces:
                raise ValueError(f"{want}; got {values!r}")
            checked.append(face)
        return tuple(checked)

    def _next_scripted(self, shape: int) -> tuple[int, ...]:
        """The first scripted roll, taken off the script, if it is of ``shape``; otherwise
        ScriptedRollError, and the script stays as it was."""
        values = self.scripted[0]
        n = len(values)
        if shape == REGULAR_THROW:
            fits = n == 2
        elif shape == THREE_THROW:
            fits = n == 3 and values[2] > 0
        else:
            fits = n == 3 and values[2] in self.faces
        if not fits:
            shown = ", ".join(f'"{speed_face_name(v)}"' if v < 0 else str(v) for v in values)
            raise ScriptedRollError(f"the next scripted roll, [{shown}], is not "
                                    f"{self._shape_words(shape)}")
        self.scripted.pop(0)
        return values


def make_dice(rng: random.Random, rules: Mapping[str, Any]) -> Dice:
    """A game's dice from its edition's rules: ``dice`` dice with ``dice_sides`` sides (two
    six-sided by default), or with ``speed_die`` (a list of faces, see :func:`speed_faces`)
    :class:`SpeedDice`: two regular dice and that speed die."""
    count = rules.get("dice", 2)
    sides = rules.get("dice_sides", 6)
    speed = rules.get("speed_die")
    if speed is None:
        return Dice(rng, count, sides)
    if count != 2:
        raise ValueError(f"a speed die is thrown with two regular dice, not {count}")
    return SpeedDice(rng, speed_faces(speed), sides)
