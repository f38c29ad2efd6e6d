"""The Electronic Banking unit: every button and sequence of the rulebook, and the mistakes
(cancel mid-entry, wrong card, amount too large, reset), over a real ledger."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pennybags.editions.electronic_banking.amounts import (
    format_km,
    keyed_amount,
    keys_for,
    parse_km,
)
from pennybags.editions.electronic_banking.unit import (
    CARD_IN,
    ERROR,
    NO_CARD,
    NO_FUNDS,
    READY,
    SAME_CARD,
    ElectronicBankingUnit,
)
from pennybags.engine.ledger import BANK, Ledger


def new_unit(cards: int = 6) -> ElectronicBankingUnit:
    unit = ElectronicBankingUnit(Ledger(cards), {c: c - 1 for c in range(1, cards + 1)},
                                 start=15000, go=2000)
    unit.reset()
    return unit


def run(unit: ElectronicBankingUnit, script: str) -> list[str]:
    return unit.run(script.split())


def unchanged(unit: ElectronicBankingUnit) -> bool:
    return all(v == 15000 for v in unit.balances().values()) and unit.ledger.conserved()


# ------------------------------------------------------------------ amounts


@pytest.mark.parametrize(("amount", "shown"), [
    (600, "600K"), (15000, "15M"), (1750, "1.75M"), (2200, "2.2M"), (1234, "1.234M"),
    (0, "0K"), (5, "5K"), (1001, "1.001M"), (-600, "-600K"), (100000, "100M"),
])
def test_format_km(amount: int, shown: str) -> None:
    assert format_km(amount) == shown
    if amount > 0:
        assert parse_km(shown) == amount
        assert "".join(keys_for(amount)) == shown


@pytest.mark.parametrize(("digits", "unit", "value"), [
    ("2.2", "M", 2200), ("600", "K", 600), ("1.75", "M", 1750), (".5", "M", 500),
    ("15", "M", 15000), ("1.2345", "M", None), ("2.5", "K", None), ("", "M", None),
    ("1.2.3", "M", None), ("123456789", "K", None), ("2", "X", None),
])
def test_keyed_amount(digits: str, unit: str, value: int | None) -> None:
    assert keyed_amount(digits, unit) == value


def test_parse_km_typed() -> None:
    assert parse_km("600") == 600
    assert parse_km(" 2.2m ") == 2200
    assert parse_km("1,500K") == 1500
    assert parse_km("-1M") == -1000
    assert parse_km("1.5") is None
    assert parse_km("lots") is None
    with pytest.raises(ValueError):
        keys_for(0)


# ------------------------------------------------------------------ the buttons


def test_reset_gives_every_card_15m() -> None:
    unit = new_unit()
    assert unit.balances() == {c: 15000 for c in range(1, 7)}
    assert [t.reason for t in unit.ledger.transactions] == ["starting money"] * 6
    assert unit.display == READY


def test_insert_shows_balance_and_remove_shows_ready() -> None:
    unit = new_unit()
    assert unit.insert(3) == "15M"
    assert unit.card == 3
    assert unit.remove() == READY
    assert unit.card is None


def test_keypad_shows_entry_and_m_k_register() -> None:
    unit = new_unit()
    assert run(unit, "in:1 2 . 2 M") == ["15M", "2", "2.", "2.2", "2.2M"]
    assert unit.keypad.amount == 2200
    assert run(unit, "6 0 0 K") == ["6", "60", "600", "600K"]
    assert unit.keypad.amount == 600


def test_credit_bank_pays_the_card() -> None:
    unit = new_unit()
    assert run(unit, "in:2 1 . 5 M +")[-1] == "16.5M"
    assert unit.balance(2) == 16500
    t = unit.ledger.transactions[-1]
    assert (t.payer, t.payee, t.amount, t.reason) == (BANK, 1, 1500, "credit")


def test_debit_card_pays_the_bank() -> None:
    unit = new_unit()
    assert run(unit, "in:1 6 0 0 K -")[-1] == "14.4M"
    assert unit.balance(1) == 14400
    assert unit.ledger.conserved()


def test_go_arrow_adds_2m() -> None:
    unit = new_unit()
    assert run(unit, "in:4 GO")[-1] == "17M"
    assert run(unit, "GO")[-1] == "19M"
    assert unit.ledger.transactions[-1].reason == "GO"


def test_transfer_between_two_cards() -> None:
    """Insert the payer's card, key the amount, press transfer, remove it; the payee
    inserts theirs and presses transfer."""
    unit = new_unit()
    shown = run(unit, "in:1 2 . 2 M T")
    assert shown[-1] == "12.8M"          # the payer's balance once the amount goes
    assert unit.balance(1) == 15000      # nothing has moved yet
    assert unit.remove() == "PAY 2.2M"
    assert unit.insert(2) == "15M"
    assert unit.press("T") == "17.2M"
    assert (unit.balance(1), unit.balance(2)) == (12800, 17200)
    assert unit.waiting is None
    assert unit.ledger.conserved()


def test_volume_held_decimal_point_without_card() -> None:
    unit = new_unit()
    assert unit.volume == 2
    assert unit.hold(".", 1) == "VOL 3"
    assert unit.hold(".", 2) == "VOL 1"  # two levels: 3 -> 0 -> 1
    assert unit.step("hold:.:1") == "VOL 2"
    assert unchanged(unit)


def test_held_decimal_point_with_card_is_a_decimal_point() -> None:
    unit = new_unit()
    run(unit, "in:1 1")
    assert unit.hold(".", 3) == "1."
    assert unit.volume == 2


# ------------------------------------------------------------------ mistakes


def test_cancel_mid_entry_then_key_the_right_amount() -> None:
    unit = new_unit()
    run(unit, "in:1 5 0 0")
    assert unit.press("C") == "15M"
    assert unit.keypad.digits == ""
    assert run(unit, "5 0 K -")[-1] == "14.95M"
    assert unit.balance(1) == 14950


def test_cancel_after_registering_the_amount() -> None:
    unit = new_unit()
    run(unit, "in:1 9 M")
    assert unit.press("C") == "15M"
    assert unit.press("-") == ERROR     # nothing registered any more
    assert unchanged(unit)


def test_amount_too_large_is_refused_and_nothing_moves() -> None:
    unit = new_unit()
    assert run(unit, "in:1 2 0 M -")[-1] == NO_FUNDS
    assert unit.sound == "error"
    assert unit.keypad.amount is None
    assert run(unit, "1 5 . 0 0 1 M T")[-1] == NO_FUNDS
    assert unit.waiting is None
    assert unchanged(unit)
    # The whole balance can be paid.
    assert run(unit, "1 5 M -")[-1] == "0K"


def test_transfer_to_the_same_card_is_refused_and_waits() -> None:
    unit = new_unit()
    run(unit, "in:1 1 M T")
    assert unit.press("T") == SAME_CARD       # the payer presses again without removing
    run(unit, "out in:1")
    assert unit.press("T") == SAME_CARD       # the payer's card again
    assert unit.waiting == (1, 1000)
    run(unit, "out in:3 T")
    assert (unit.balance(1), unit.balance(3)) == (14000, 16000)


def test_wrong_payee_card_taken_out_before_pressing() -> None:
    """The wrong player's card goes in; it comes out again and the right one goes in."""
    unit = new_unit()
    run(unit, "in:1 3 M T out in:5")
    assert unit.remove() == "PAY 3M"
    run(unit, "in:2 T")
    assert (unit.balance(1), unit.balance(2), unit.balance(5)) == (12000, 18000, 15000)


def test_second_card_while_one_is_in() -> None:
    unit = new_unit()
    unit.insert(1)
    assert unit.insert(2) == CARD_IN
    assert unit.card == 1


def test_unknown_card() -> None:
    unit = new_unit()
    assert unit.insert(9) == ERROR
    assert unit.card is None


def test_buttons_without_a_card() -> None:
    unit = new_unit()
    for key in ("+", "-", "T", "GO", "5", ".", "M", "K"):
        assert unit.press(key) == NO_CARD, key
    assert unit.remove() == NO_CARD
    assert unchanged(unit)


def test_keying_mistakes_show_error_and_clear_the_entry() -> None:
    unit = new_unit()
    run(unit, "in:1 1 . 5")
    assert unit.press(".") == ERROR            # a second decimal point
    assert unit.keypad.digits == ""
    assert unit.press("M") == ERROR            # M without digits
    assert run(unit, "2 . 5 K")[-1] == ERROR   # half a thousand
    assert run(unit, "1 . 2 3 4 5 M")[-1] == ERROR
    assert run(unit, "0 M")[-1] == ERROR       # nothing to pay
    assert run(unit, "5 +")[-1] == ERROR       # digits not registered with M or K
    assert run(unit, "1 2 3 4 5 6 7 8")[-1] == "12345678"
    assert unit.press("9") == ERROR            # too many digits
    assert unchanged(unit)


def test_other_buttons_refused_while_a_transfer_waits() -> None:
    unit = new_unit()
    run(unit, "in:1 1 M T out in:2")
    for key in ("+", "-", "GO", "5", "M"):
        assert unit.press(key) == ERROR
    assert unit.waiting == (1, 1000)
    assert unchanged(unit)


def test_c_cancels_a_waiting_transfer_with_or_without_a_card() -> None:
    unit = new_unit()
    run(unit, "in:1 1 M T")
    assert unit.press("C") == "15M"            # the payer changes their mind
    assert unit.waiting is None
    run(unit, "1 M T out")
    assert unit.press("C") == READY            # cancelled with no card in
    assert unit.waiting is None
    run(unit, "in:2")
    assert unit.press("T") == ERROR            # nothing waits and nothing keyed
    assert unchanged(unit)


def test_reset_held_5_seconds_without_card() -> None:
    unit = new_unit()
    run(unit, "in:1 5 M - out in:2 3 M + out")
    assert unit.hold("C", 4.9) == READY        # too short: just a C
    assert unit.balance(1) == 10000
    assert unit.hold("C", 5) == "RESET"
    assert unit.sound == "long beep"
    assert unit.balances() == {c: 15000 for c in range(1, 7)}
    assert len(unit.ledger.transactions) == 6
    assert unit.ledger.conserved()


def test_held_c_with_a_card_in_only_cancels() -> None:
    unit = new_unit()
    run(unit, "in:1 5 M - 7")
    assert unit.step("hold:C:6") == "10M"
    assert unit.balance(1) == 10000


def test_reset_drops_a_waiting_transfer() -> None:
    unit = new_unit()
    run(unit, "in:1 4 M T out")
    unit.hold("C", 5)
    assert unit.waiting is None
    assert unit.balance(1) == 15000


def test_bad_steps_are_reported() -> None:
    unit = new_unit()
    for step in ("in:x", "hold:C:long", "Z"):
        with pytest.raises(ValueError):
            unit.step(step)
    with pytest.raises(ValueError):
        unit.press("Q")
    with pytest.raises(ValueError):
        unit.hold("C", -1)


def test_state_round_trip() -> None:
    unit = new_unit()
    run(unit, "in:1 2 M T out")
    saved = unit.to_json()
    other = ElectronicBankingUnit(unit.ledger, unit.accounts, start=15000, go=2000)
    other.load(saved)
    assert other.to_json() == saved
    assert other.run(["in:2", "T"])[-1] == "17M"


def test_money_is_never_lost_in_random_sequences() -> None:
    """Random key mashing: the ledger stays conserved and no card goes below zero."""
    import random

    steps = [*"0123456789.", "M", "K", "+", "-", "T", "GO", "C", "out", "hold:C:5",
             "hold:.:1", *(f"in:{c}" for c in range(1, 8))]
    rng = random.Random(7)
    unit = new_unit()
    for _ in range(5000):
        unit.step(rng.choice(steps))
        assert unit.ledger.conserved()
        assert min(unit.balances().values()) >= 0


# ------------------------------------------------------------------ layering

SRC = Path(__file__).resolve().parents[1] / "src" / "pennybags"


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at the top or inside a function (absolute names)."""
    package = ".".join(path.relative_to(SRC.parent).with_suffix("").parts)
    if path.name == "__init__.py":
        package += ".__init__"
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level)[0]
                base = f"{parent}.{base}" if base else parent
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return {n for n in names if n == "pennybags" or n.startswith("pennybags.")}


def test_arrows_point_inward_editions_import_no_front() -> None:
    """Design rule (arrows inward): a module under editions/ imports only the engine, the
    edition registry, its own package and (for derived editions) classic; never banking/,
    terminal/, cli, lab/ or bots/."""
    wrong: list[str] = []
    for path in sorted((SRC / "editions").rglob("*.py")):
        parts = path.relative_to(SRC / "editions").parts
        own = f"pennybags.editions.{parts[0]}" if len(parts) > 1 else "pennybags.editions"
        for name in imported_modules(path):
            allowed = (name.startswith("pennybags.engine")
                       or name in ("pennybags.editions", "pennybags.editions.Edition",
                                   "pennybags.editions.register")
                       or name.startswith("pennybags.editions.registry")
                       or name == own or name.startswith(own + ".")
                       or name == "pennybags.editions.classic"
                       or name.startswith("pennybags.editions.classic."))
            if not allowed:
                wrong.append(f"{path.relative_to(SRC)} imports {name}")
    assert wrong == []


def test_arrows_point_inward_banking_front_imports_no_other_front() -> None:
    """Design rule (arrows inward): the banking front (companion, stores) imports editions
    and the engine, never the terminal front or the cli (no import circle with them)."""
    wrong = [f"{path.relative_to(SRC)} imports {name}"
             for path in sorted((SRC / "banking").rglob("*.py"))
             for name in imported_modules(path)
             if name.startswith(("pennybags.terminal", "pennybags.cli", "pennybags.lab",
                                 "pennybags.bots"))]
    assert wrong == []


def test_units_are_found_through_the_edition_registry() -> None:
    """Design rule (an edition is found through the registry): each banking edition names
    its unit model; classic has none."""
    from pennybags.editions import get_edition

    assert get_edition("electronic-banking").unit is ElectronicBankingUnit
    assert get_edition("ultimate-banking").unit.__name__ == "UltimateBankingUnit"
    assert get_edition("classic").unit is None
