"""Typed input a person should never see a traceback for (reliability review, finding 6):
numbers of thousands of digits at a prompt (Python refuses to read more than 4,300 digits),
and amounts too large for any game."""

from __future__ import annotations

import io
import sys

import pytest

from pennybags import cli
from pennybags.editions import get_edition
from pennybags.editions.electronic_banking.amounts import parse_km
from pennybags.terminal.menus import parse_number

HUGE = "9" * 5000


@pytest.mark.parametrize("edition", ["classic", "electronic-banking", "ultimate-banking",
                                     "monopoly-2.3"])
def test_thousands_of_digits_at_a_play_prompt_get_a_reason(
        edition: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    players = "Ann,bot,bot" if edition == "monopoly-2.3" else "Ann,bot"
    monkeypatch.setattr(sys, "stdin", io.StringIO(HUGE + "\n" + HUGE + "\n"))
    code = cli.main(["play", "--edition", edition, "--players", players, "--seed", "1"])
    out, err = capsys.readouterr()
    assert code == 0 and "Traceback" not in out + err
    assert "...' is not a number" in out  # the reason quotes the input cut short


def test_typed_numbers_and_amounts_have_a_sane_size() -> None:
    assert parse_number(HUGE) is None
    assert parse_number("9" * 18) == int("9" * 18)
    assert parse_km(HUGE) is None
    assert parse_km("9" * 4400 + "K") is None
    game = get_edition("classic").new_game(["Ann", "Bob"], seed=1)
    assert game.parse_money(HUGE) is None
    assert game.parse_money("$1,200") == 1200
