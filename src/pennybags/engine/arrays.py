"""The game's arrays of small integers and flags: each deed's owner, buildings and
mortgage, each seat's balance (with Monopoly 2.3's counts of changes by group), and the
standard bots' own tables by deed.

In the compiled build each is a ``librt.vecs.vec`` (``vec[i64]``, ``vec[bool]``), which
mypyc compiles to a packed array of machine integers: reading an element is a bounds check
and a load, with no reference count and no boxing, where a list's element is a call that
takes a reference to an object. In pure Python each is a plain ``list``: there a ``vec``'s
element is read through the generic protocol, more than twice the time of a list's.

Every such array is made here (:func:`ints`, :func:`flags`, :func:`copied`), and typed as
the ``vec`` everywhere, so that mypy rejects what a ``vec`` cannot do in either build
(``.index``, ``.copy``, ``.count``, ``+``, comparing with a list). A reader that needs a
list (a snapshot, JSON, a test comparing with one) takes ``list(array)``. In the compiled
build a list where the code expects one of these arrays is a TypeError: nothing else can
make them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, cast

from librt.vecs import vec
from mypy_extensions import i64

NATIVE: Final = not __file__.endswith(".py")
"""Whether this module is compiled, and so makes ``vec`` arrays (else lists)."""


def ints(values: Iterable[int]) -> vec[i64]:
    """An array of integers holding ``values`` in order."""
    if NATIVE:
        return vec[i64](values)
    return cast(vec[i64], list(values))


def flags(values: Iterable[bool]) -> vec[bool]:
    """An array of flags holding ``values`` in order."""
    if NATIVE:
        return vec[bool](values)
    return cast(vec[bool], list(values))


_FILLED_INTS: Final[dict[tuple[int, int], vec[i64]]] = {}
_FILLED_FLAGS: Final[dict[tuple[bool, int], vec[bool]]] = {}


def filled_ints(value: int, size: int) -> vec[i64]:
    """An array of ``size`` integers, each ``value`` (``ints([value] * size)``). Compiled, a
    copy of one made once per value and size: a copy is one block of memory copied, where
    ``ints`` converts each item of a list (every game makes several such arrays)."""
    if not NATIVE:
        return cast(vec[i64], [value] * size)
    key = (value, size)
    made = _FILLED_INTS.get(key)
    if made is None:
        made = _FILLED_INTS[key] = vec[i64]([value] * size)
    return made[:]


def filled_flags(value: bool, size: int) -> vec[bool]:
    """An array of ``size`` flags, each ``value`` (``flags([value] * size)``), made as
    :func:`filled_ints` makes its arrays."""
    if not NATIVE:
        return cast(vec[bool], [value] * size)
    key = (value, size)
    made = _FILLED_FLAGS.get(key)
    if made is None:
        made = _FILLED_FLAGS[key] = vec[bool]([value] * size)
    return made[:]


def copied_ints(array: vec[i64]) -> vec[i64]:
    """An independent copy of ``array``."""
    return array[:]


def copied_flags(array: vec[bool]) -> vec[bool]:
    """An independent copy of ``array``."""
    return array[:]
