"""The game's integer arrays (src/pennybags/engine/arrays.py): lists in pure Python, packed
``vec`` arrays in the compiled build (tests/test_compiled.py checks that build's)."""

from __future__ import annotations

from pennybags.engine import arrays


def test_pure_python_makes_lists_holding_the_values_given() -> None:
    assert not arrays.NATIVE  # (this module runs from its .py file here)
    values = [-1, 0, 3, -1]
    made = arrays.ints(values)
    assert type(made) is list and list(made) == values
    made[0] = 2
    assert values == [-1, 0, 3, -1]  # (a new array, not the list given)
    flags = arrays.flags([False, True])
    assert type(flags) is list and list(flags) == [False, True]


def test_a_copy_is_independent_of_its_original() -> None:
    original = arrays.ints(range(5))
    copy = arrays.copied_ints(original)
    copy[1] = 9
    assert list(original) == [0, 1, 2, 3, 4] and list(copy) == [0, 9, 2, 3, 4]
    flags = arrays.flags([False, False])
    copied = arrays.copied_flags(flags)
    copied[0] = True
    assert list(flags) == [False, False] and list(copied) == [True, False]


def test_filled_arrays_hold_the_value_and_are_each_a_new_array() -> None:
    # (compiled, each is a copy of one array made once per value and size: a game that
    # changed its owners must not change the next game's; tests/test_compiled.py plays
    # games of every edition there against pure Python)
    first = arrays.filled_ints(-1, 40)
    assert list(first) == [-1] * 40 and len(first) == 40
    first[3] = 2
    again = arrays.filled_ints(-1, 40)
    assert list(again) == [-1] * 40
    assert list(arrays.filled_ints(0, 4)) == [0] * 4
    flags = arrays.filled_flags(False, 6)
    flags[0] = True
    assert list(arrays.filled_flags(False, 6)) == [False] * 6
    assert list(arrays.filled_flags(True, 2)) == [True, True]
