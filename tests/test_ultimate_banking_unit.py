"""The Ultimate Banking unit (three buttons and a card reader) and its companion mode, driven
as a person would: buttons, taps, mistakes, undo, reset, volume, sleep, and a session that
is killed and reopened."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pennybags.banking.ultimate import apply_line, run_companion
from pennybags.editions.ultimate_banking.unit import UltimateBankingUnit, UnitError


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def started(*tokens: str, clock: Clock | None = None) -> UltimateBankingUnit:
    unit = UltimateBankingUnit(clock or Clock())
    for t in tokens or ("car", "boat"):
        unit.tap_bank(t)
    unit.press("check")
    return unit


def test_registration_x_undoes_a_wrong_card_and_check_starts() -> None:
    unit = UltimateBankingUnit(Clock())
    unit.tap_bank("car")
    with pytest.raises(UnitError, match="at least 2"):
        unit.press("check")
    unit.tap_bank("jet")
    unit.press("X")
    assert unit.players == [0]
    unit.tap_bank("boat")
    unit.press("check")
    assert unit.mode == "idle"
    assert unit.balance("car") == 1500 and unit.balance("boat") == 1500
    with pytest.raises(UnitError, match="not in this game"):
        unit.tap_bank("jet")


def test_m_icons_go_jail_location() -> None:
    unit = started()
    unit.press("M")
    assert unit.display.startswith("GO")
    unit.tap_bank("car")
    assert unit.balance("car") == 1700
    unit.press("M")
    unit.press("M")
    assert unit.display.startswith("JAIL")
    unit.tap_bank("boat")
    assert unit.balance("boat") == 1400
    for _ in range(3):
        unit.press("M")
    assert unit.display.startswith("LOCATION")
    unit.tap_bank("boat")
    assert unit.balance("boat") == 1300
    assert unit.ledger.conserved()


def test_buy_rent_and_own_level() -> None:
    unit = started()
    unit.tap_deed(12)  # Strand
    unit.tap_bank("boat")
    assert unit.owner[12] == 2 and unit.level[12] == 1 and unit.balance("boat") == 1280
    unit.tap_deed(12)
    unit.tap_bank("car")  # rent at level 1, then level 2
    assert unit.balance("car") == 1330 and unit.balance("boat") == 1450
    assert unit.level[12] == 2
    unit.tap_deed(12)
    unit.tap_bank("boat")  # the owner's own card: the level rises, no money
    assert unit.level[12] == 3 and unit.balance("boat") == 1450


def test_set_completion_rulebook() -> None:
    unit = started()
    unit.tap_deed(1)
    unit.tap_bank("car")
    unit.tap_deed(2)
    unit.tap_bank("car")
    assert unit.level == {1: 4, 2: 3}


def test_set_completion_unit_reading() -> None:
    """The reading of the real unit's owners (set-bonus=unit): the new property starts at
    3 for a sole owner and the rest rise by 2."""
    unit = UltimateBankingUnit(Clock(), set_bonus="unit")
    for t in ("car", "boat"):
        unit.tap_bank(t)
    unit.press("check")
    unit.tap_deed(1)
    unit.tap_bank("car")
    unit.tap_deed(2)
    unit.tap_bank("car")
    assert unit.level == {1: 3, 2: 3}
    with pytest.raises(ValueError, match="set-bonus takes rulebook or unit"):
        UltimateBankingUnit(Clock(), set_bonus="house")


def test_auction_timer_and_winner_tap() -> None:
    unit = started()
    unit.tap_deed(22)  # Mayfair
    unit.press("M")
    unit.press("check")
    unit.press("M")
    unit.tick(3)
    unit.press("M")  # the timer restarts
    unit.tick(4)
    assert unit.mode == "auction"
    unit.tick(1.5)
    assert unit.mode == "auction-won" and "$40" in unit.display
    unit.tap_bank("boat")
    assert unit.owner[22] == 2 and unit.balance("boat") == 1460


def test_auction_without_bids() -> None:
    unit = started()
    unit.tap_deed(22)
    unit.press("M")
    unit.press("check")
    unit.tick(5)
    assert unit.mode == "idle" and 22 not in unit.owner and unit.display == "NO BIDS"


def test_undo_only_the_most_recent_transaction() -> None:
    unit = started()
    unit.press("M")
    unit.tap_bank("car")
    unit.press("M")
    unit.press("M")
    unit.tap_bank("car")  # jail by mistake
    unit.hold("check+M", 2)  # not long enough
    assert unit.balance("car") == 1600
    unit.hold("check+M")
    assert unit.balance("car") == 1700
    with pytest.raises(UnitError, match="most recent"):
        unit.hold("check+M")
    assert unit.ledger.conserved()


def test_debt_to_player_and_bankruptcy_final_scores() -> None:
    unit = started("car", "boat", "jet")
    unit.tap_deed(22)
    unit.tap_bank("boat")  # Mayfair $400
    unit.level[22] = 5
    unit.tap_deed(4)
    unit.tap_bank("car")  # Euston Road $100
    unit.tap_deed(22)
    unit.tap_bank("car")  # rent $1,600: car at -200 with Euston worth 100... bankrupt
    assert unit.mode == "over"
    assert unit.scores == {2: 3100, 3: 1500}
    assert "WINNER BOAT" in unit.display
    assert unit.ledger.conserved()


def test_debt_give_up_to_bank() -> None:
    unit = started()
    unit.tap_deed(21)
    unit.tap_bank("car")  # Park Lane $350
    unit.ledger.transfer(0, -1, 1100, "test")  # car down to $50
    unit.tap_event("highway-tax")
    unit.tap_bank("car")  # $50 for one property: 0, not negative
    assert unit.mode == "idle" and unit.balance("car") == 0
    unit.press("M")
    unit.press("M")
    unit.tap_bank("car")  # jail $100: -100
    assert unit.mode == "debt"
    with pytest.raises(UnitError):
        unit.tap_deed(1)
    unit.tap_deed(21)
    assert unit.mode == "idle" and unit.balance("car") == 250 and 21 not in unit.owner


def test_event_cards() -> None:
    unit = started()
    unit.tap_deed(1)
    unit.tap_bank("car")
    unit.tap_deed(22)
    unit.tap_bank("boat")
    unit.tap_event("grand-designs")
    unit.tap_deed(1)
    assert unit.level[1] == 5
    unit.tap_event("house-party")
    unit.tap_deed(1)  # Old Kent Road +1 (stays 5), Mayfair -1 (stays 1)
    assert unit.level == {1: 5, 22: 1}
    unit.tap_event("haunted-house")
    unit.tap_deed(1)
    unit.tap_deed(22)
    assert unit.owner == {1: 2, 22: 0}
    unit.tap_event("love-is-in-the-air")
    unit.tap_bank("car")
    unit.tap_bank("boat")
    assert unit.balance("car") == 1640 and unit.balance("boat") == 1300
    unit.tap_event("on-the-run")
    assert unit.cheap_rents == 2
    unit.tap_event("boom-town")
    assert "MOVE" in unit.display


def test_reset_asks_first_and_volume_and_sleep() -> None:
    clock = Clock()
    unit = started(clock=clock)
    unit.hold("X")
    unit.press("X")
    assert unit.mode == "idle" and unit.balance("car") == 1500
    unit.together("check+X")
    unit.press("X")
    unit.press("X")
    unit.press("check")
    unit.press("M")
    assert unit.volume == 3 and unit.mode == "idle"
    for _ in range(6):
        unit.together("check+X")
        unit.press("X")
        unit.press("M")
    assert unit.volume == 0  # the softest level, never mute
    clock.now += 301
    unit.tick()
    assert unit.asleep
    unit.press("M")  # wakes only
    assert not unit.asleep and unit.mode == "idle" and unit.balance("car") == 1500
    unit.hold("X")
    unit.press("check")
    assert unit.mode == "register" and unit.players == []


def test_companion_persists_and_resumes(tmp_path: Path) -> None:
    state = tmp_path / "unit.json"
    out = io.StringIO()
    run_companion(state, io.StringIO("car\nboat\nv\nm\ncar\nOld Kent Road\nboat\n"), out,
                  clock=Clock())
    assert "[ DONE ]" in out.getvalue()
    # Killed without 'q': the state on disk is the last operation's.
    out = io.StringIO()
    run_companion(state, io.StringIO("h\nbogus\nq\n"), out, clock=Clock())
    text = out.getvalue()
    assert "(resumed)" in text
    assert "balances: car $1,700, boat $1,440" in text
    assert "(beep)" in text


def test_apply_line_maps_words() -> None:
    unit = started()
    apply_line(unit, "12")
    assert unit.mode == "deed"
    apply_line(unit, "x")
    apply_line(unit, "event Highway Tax")
    assert unit.mode == "event-card"
    with pytest.raises(UnitError):
        apply_line(unit, "wait soon")


def test_undo_after_a_bankruptcy_brings_the_card_back() -> None:
    """Undo restores the state before the operation: the undo snapshot is a copy, so the
    bankruptcy (which takes the card out of the game) does not change it."""
    unit = started("car", "boat", "jet")
    unit.tap_deed(22)
    unit.tap_bank("boat")
    unit.level[22] = 5
    unit.tap_deed(4)
    unit.tap_bank("car")
    unit.tap_deed(22)
    unit.tap_bank("car")  # rent $1,600: car is bankrupt, the game is over
    assert unit.mode == "over" and unit.players == [2, 3]
    unit.hold("check+M")
    assert unit.mode == "idle" and unit.players == [0, 2, 3]
    assert unit.balance("car") == 1400 and unit.owner == {22: 2, 4: 0}
    assert unit.ledger.conserved()


def test_every_state_the_unit_reaches_loads_again() -> None:
    """The saved state of every mode the unit reaches in random play (debts and game over
    included) is read back as it was: the checks on loading refuse only damage."""
    import contextlib
    import json
    import random

    clock = Clock()
    cards = list(UltimateBankingUnit(clock).cards)
    words = ["v", "m", "x", "car", "helicopter", "boat", "jet", *map(str, range(1, 23)),
             *[f"event {c}" for c in cards], "undo", "reset", "volume", "wait 2", "wait 6"]
    weights = [6, 8, 3, 5, 5, 5, 5, *[1] * 22, *[0.3] * len(cards), 1, 0.5, 0.5, 1, 1]
    seen = set()
    for seed in range(4):
        rng = random.Random(seed)
        unit = UltimateBankingUnit(clock)
        for _ in range(1500):
            with contextlib.suppress(UnitError):
                apply_line(unit, rng.choices(words, weights)[0])
            seen.add(unit.mode)
            saved = json.dumps(unit.to_json())
            again = UltimateBankingUnit.from_json(json.loads(saved), clock)
            assert json.dumps(again.to_json()) == saved
    assert seen >= {"register", "idle", "deed", "auction", "auction-won", "event-card",
                    "event-deed", "debt", "over", "volume", "confirm-reset"}
