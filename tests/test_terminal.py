"""The terminal front, driven as a person would drive it: menus answered by number, bad
input, saving and resuming, trades, bot-only games and command-line errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from pennybags import cli, history, scenario
from pennybags.engine.game import Game
from pennybags.engine.snapshot import snapshot
from pennybags.terminal.app import Seat, Session, bot_seed, parse_seats
from pennybags.terminal.narrate import Narrator

PENNYBAGS = str(Path(sys.executable).parent / "pennybags")
"""The installed command."""

ANN_FIRST = 2068
"""A seed where Ann (first seat of three) goes first and her first roll lands on Vermont
Avenue, which is for sale."""


def run_cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
            argv: list[str], text: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def lines(*answers: str) -> str:
    return "".join(a + "\n" for a in answers)


def session(spec: dict[str, Any], seats: list[Seat], text: str,
            save: Path | None = None) -> tuple[Session, io.StringIO]:
    game = scenario.set_up(spec)
    out = io.StringIO()
    s = Session(game, seats, console=Console(file=out, no_color=True, width=100),
                infile=io.StringIO(text), save_path=save, setup=spec)
    return s, out


def recorded(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


# ------------------------------------------------------------------ (a) a person and bots


def test_person_plays_a_few_turns_then_quits_with_save(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    save = tmp_path / "ann.json"
    # roll, buy Vermont Avenue, end the turn; next turn roll, buy, end; then quit.
    code, out, err = run_cli(monkeypatch, capsys,
                             ["play", "--players", "Ann,bot:simple,bot:simple",
                              "--seed", str(ANN_FIRST), "--save", str(save)],
                             lines("1", "1", "1", "1", "1", "1", "q"))
    assert code == 0, err
    assert err == ""
    assert "Ann goes first" in out
    assert "1. Roll the dice" in out
    assert "Ann rolls 6+2 and moves to Vermont Avenue." in out
    assert "1. Buy Vermont Avenue for $100" in out
    assert "Ann buys Vermont Avenue for $100." in out
    assert "Bot 1 rolls" in out and "Bot 2 rolls" in out
    assert "Ann buys Tennessee Avenue for $180." in out
    # The board view at the start of Ann's turn: standings and deeds.
    assert "Round 2: Ann's turn" in out and "Light blue" in out
    assert f"The game is saved in {save}" in out
    assert f"pennybags resume {save}" in out
    rec = recorded(save)
    assert rec["players"] == ["Ann", "Bot 1", "Bot 2"]
    assert rec["extra"]["seats"] == [
        {"name": "Ann", "kind": "person"},
        {"name": "Bot 1", "kind": "bot", "bot": "simple"},
        {"name": "Bot 2", "kind": "bot", "bot": "simple"},
    ]
    ann = [a["do"] for a in rec["actions"] if a["player"] == "Ann"]
    assert ann == ["roll", "buy", "end-turn", "roll", "buy", "end-turn"]
    assert rec["final"]["deeds"]["Vermont Avenue"]["owner"] == "Ann"
    assert rec["final"]["pending"][0]["player"] == "Ann"
    assert history.verify(rec) == []


def test_end_of_input_saves_and_exits_cleanly(tmp_path: Path) -> None:
    save = tmp_path / "eof.json"
    proc = subprocess.run(
        [PENNYBAGS, "play", "--players", "Ann,bot", "--seed", "1", "--save", str(save)],
        input="1\n", capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert f"Input ended. The game is saved in {save}" in proc.stdout
    assert recorded(save)["actions"]


def test_ctrl_c_saves_and_exits_130(tmp_path: Path) -> None:
    class Interrupting(io.StringIO):
        def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
            raise KeyboardInterrupt

    spec = {"players": ["Ann", "Bob"], "dice": [[3, 4]]}
    game = scenario.set_up(spec)
    out = io.StringIO()
    save = tmp_path / "int.json"
    s = Session(game, [Seat("Ann"), Seat("Bob", "simple")],
                console=Console(file=out, no_color=True), infile=Interrupting(),
                save_path=save, setup=spec)
    assert s.run() == 130
    assert "Interrupted. The game is saved in" in out.getvalue()
    assert history.verify(recorded(save)) == []


def test_quit_without_a_save_file_offers_to_save(tmp_path: Path) -> None:
    target = tmp_path / "later.json"
    s, out = session({"players": ["Ann", "Bob"], "dice": [[3, 4]]},
                     [Seat("Ann"), Seat("Bob", "simple")], lines("1", "q", str(target)))
    assert s.run() == 0
    assert "Save the game before quitting?" in out.getvalue()
    rec = recorded(target)
    assert [a["do"] for a in rec["actions"]] == ["roll"]
    assert rec["setup"]["dice"] == [[3, 4]]


def test_save_command_asks_for_a_file_and_keeps_saving(tmp_path: Path) -> None:
    target = tmp_path / "s.json"
    s, out = session({"players": ["Ann", "Bob"], "dice": [[3, 4], [1, 2]]},
                     [Seat("Ann"), Seat("Bob", "simple")],
                     lines("s", str(target), "1", "1"))
    assert s.run() == 0  # input ends after the end-turn
    text = out.getvalue()
    assert f"Saved to {target}. From now on" in text
    rec = recorded(target)
    assert [a["do"] for a in rec["actions"]][:2] == ["roll", "end-turn"]


# ------------------------------------------------------------------ (b) bad input


def _auction_inputs(bad: bool) -> str:
    # Ann rolls to Vermont Avenue and declines it; the bots bid $10 and $11; Ann is asked.
    answers = ["1", "2"]
    if bad:
        answers += ["x", "0", "99", "-1"]  # at the bid menu: letters, 0, out of range
    answers += ["2"]  # Bid...
    if bad:
        answers += ["abc", "-5", "11", "2000"]  # not a number, negative, too low, over cash
    answers += ["20"]
    answers += ["q"]
    return lines(*answers)


def test_bad_input_is_refused_with_a_reason_and_changes_nothing(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    good_save, bad_save = tmp_path / "good.json", tmp_path / "bad.json"
    argv = ["play", "--players", "Ann,bot:simple,bot:simple", "--seed", str(ANN_FIRST), "--save"]
    code, _, _ = run_cli(monkeypatch, capsys, [*argv, str(good_save)], _auction_inputs(False))
    assert code == 0
    code, out, err = run_cli(monkeypatch, capsys, [*argv, str(bad_save)],
                             _auction_inputs(True))
    assert code == 0 and err == ""
    assert "Bot 1 bids $10 for Vermont Avenue." in out
    assert "auction of Vermont Avenue (printed price $100); the high bid is $11 by Bot 2" in out
    assert "'x' is not a number: type a number from 1 to 2" in out
    assert "There is no choice 0: type a number from 1 to 2." in out
    assert "There is no choice 99" in out
    assert "There is no choice -1" in out
    assert "'abc' is not an amount" in out
    assert "A bid must be more than $11." in out
    assert "Ann has only $1,500." in out
    # Each refusal is followed by the same prompt again.
    prompt = "Your bid (more than $11 by Bot 2; you have $1,500; Enter to go back): "
    assert out.count(prompt) == 5
    assert "Ann bids $20 for Vermont Avenue." in out
    good, bad = recorded(good_save), recorded(bad_save)
    assert bad["actions"] == good["actions"]
    assert bad["final"] == good["final"]


def test_bad_input_in_the_session_leaves_the_game_untouched() -> None:
    spec = {"players": ["Ann", "Bob"], "dice": [[3, 4]]}
    s, out = session(spec, [Seat("Ann"), Seat("Bob", "simple")],
                     lines("hello", "", "3.5", "7"))
    before = snapshot(s.game)
    assert s.run() == 0  # the input ends: nothing was answered
    assert snapshot(s.game) == before
    assert s.game.history == []
    text = out.getvalue()
    assert "'hello' is not a number" in text
    assert "Type a number from 1 to 2." in text
    assert "'3.5' is not a number" in text
    assert "There is no choice 7" in text


# ------------------------------------------------------------------ (c) save and resume


def test_resume_continues_exactly_where_the_game_stood(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    argv = ["play", "--players", "Ann,bot:random,bot", "--seed", "11", "-o", "max-rounds=30",
            "--save"]
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    answers = ["1"] * 24
    code, _, _ = run_cli(monkeypatch, capsys, [*argv, str(whole)], lines(*answers, "q"))
    assert code == 0
    code, _, _ = run_cli(monkeypatch, capsys, [*argv, str(part)], lines(*answers[:9], "q"))
    assert code == 0
    paused = recorded(part)
    # Resuming and quitting at once changes nothing.
    code, out, _ = run_cli(monkeypatch, capsys, ["resume", str(part)], lines("q"))
    assert code == 0
    assert "Resuming" in out
    assert recorded(part)["final"] == paused["final"]
    assert recorded(part)["actions"] == paused["actions"]
    # Resuming and answering the rest gives the same game as never stopping, bots included.
    code, out, _ = run_cli(monkeypatch, capsys, ["resume", str(part)],
                           lines(*answers[9:], "q"))
    assert code == 0
    a, b = recorded(whole), recorded(part)
    assert len(a["actions"]) > len(paused["actions"])
    assert b["actions"] == a["actions"]
    assert b["final"] == a["final"]
    assert b["extra"] == a["extra"]


def test_resume_of_a_finished_game_shows_the_result(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    save = tmp_path / "done.json"
    code, _, _ = run_cli(monkeypatch, capsys,
                         ["play", "--players", "bot,bot", "--seed", "2", "-o", "max-rounds=5",
                          "--save", str(save)], "")
    assert code == 0
    code, out, _ = run_cli(monkeypatch, capsys, ["resume", str(save)], "")
    assert code == 0
    assert "Winner:" in out or "without a winner" in out


@pytest.mark.parametrize(("content", "message"), [
    (None, "cannot read"),
    ("{not json", "is not valid JSON"),
    ('{"format": "something-else"}', "not a pennybags record"),
])
def test_resume_refuses_bad_files(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                  content: str | None, message: str) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    code, out, err = run_cli(monkeypatch, capsys, ["resume", str(path)], "")
    assert code == 2 and out == ""
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_resume_refuses_a_record_that_does_not_replay(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    run_cli(monkeypatch, capsys, ["play", "--players", "Ann,bot", "--seed", "1", "--save",
                                  str(save)], lines("1", "q"))
    rec = recorded(save)
    rec["actions"].append({"player": "Bot 1", "do": "buy"})
    save.write_text(json.dumps(rec))
    code, _, err = run_cli(monkeypatch, capsys, ["resume", str(save)], "")
    assert code == 2
    assert "cannot be replayed" in err


# ------------------------------------------------------------------ (d) bots only


def test_bot_only_game_finishes_with_a_winner_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(monkeypatch, capsys,
                             ["play", "--players", "bot,bot,bot:random", "--seed", "3",
                              "-o", "max-rounds=300"], "")
    assert code == 0, err
    assert "Game over: " in out
    assert "Winner: Bot " in out
    assert "Choose" not in out  # no prompts at all


def test_bot_only_game_without_a_cap_gets_one(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    code, out, _ = run_cli(monkeypatch, capsys,
                           ["play", "--players", "bot,bot", "--seed", "2", "--save", str(save)],
                           "")
    assert code == 0
    assert "Only bots play: the game ends after 1000 rounds at most" in out
    rec = recorded(save)
    assert rec["options"] == {"max-rounds": 1000}
    assert rec["final"]["over"] is True
    assert history.verify(rec) == []


def test_auto_lets_bots_play_every_seat(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(monkeypatch, capsys,
                           ["play", "--players", "Ann,Bob", "--auto", "--seed", "4",
                            "-o", "max-rounds=40"], "")
    assert code == 0
    assert "Ann (standard), Bob (standard)" in out
    assert "Choose" not in out
    assert "Winner: " in out or "without a winner" in out


# ------------------------------------------------------------------ (e) narration


def test_narration_of_a_known_seed(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(monkeypatch, capsys,
                           ["play", "--players", "bot,bot,bot", "--seed", "3",
                            "-o", "max-rounds=300"], "")
    assert code == 0
    for phrase in ("goes first", "--- Round 1: ", " rolls ", " and moves to ", " buys ",
                   " rent.", "collects $200 for passing GO.", " draws ", " builds a house on ",
                   "is bankrupt!", "wins, the last player standing."):
        assert phrase in out, phrase


def _narrate(spec: dict[str, Any], *answers: dict[str, Any]) -> list[str]:
    from pennybags.engine.notation import action_from_json

    game = scenario.set_up(spec)
    narrator = Narrator(game)
    game.listeners.append(narrator)
    for obj in answers:
        entry = dict(obj)
        seat = game.seat_of(entry.pop("player"))
        game.act(seat, action_from_json(game, seat, entry))
    return narrator.take()


def test_narration_of_a_card_and_rent() -> None:
    told = _narrate({"players": ["Ann", {"name": "Bob", "owns": ["Illinois Avenue"]}],
                     "dice": [[3, 4]], "decks": {"chance": ["advance-to-illinois-avenue"]}},
                    {"player": "Ann", "do": "roll"})
    assert told == [
        "Ann rolls 3+4 and moves to Chance.",
        "Ann draws Chance: 'Advance to Illinois Avenue; collect salary if you pass GO'.",
        "Ann moves to Illinois Avenue.",
        "Ann pays Bob $20 rent.",
    ]


def test_narration_of_buildings_mortgages_jail_and_auctions() -> None:
    told = _narrate(
        {"players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue",
                                              "Reading Railroad"]},
                     {"name": "Bob", "at": "Free Parking"}],
         "dice": [[1, 2], [6, 4], [2, 3], [4, 6]]},
        {"player": "Ann", "do": "build", "deed": "Baltic Avenue"},
        {"player": "Ann", "do": "sell-building", "deed": "Baltic Avenue"},
        {"player": "Ann", "do": "mortgage", "deed": "Reading Railroad"},
        {"player": "Ann", "do": "unmortgage", "deed": "Reading Railroad"},
        {"player": "Ann", "do": "roll"},
        {"player": "Ann", "do": "end-turn"},
        {"player": "Bob", "do": "roll"},
        {"player": "Bob", "do": "end-turn"},
        {"player": "Ann", "do": "roll"},
        {"player": "Ann", "do": "auction"},
        {"player": "Bob", "do": "bid", "amount": 10},
        {"player": "Ann", "do": "bid", "amount": 11},
        {"player": "Bob", "do": "pass"},
        {"player": "Ann", "do": "end-turn"},
        {"player": "Bob", "do": "pay-bail"},
        {"player": "Bob", "do": "roll"},
    )
    assert told == [
        "Ann builds a house on Baltic Avenue for $50 (now 1 house).",
        "Ann sells a house on Baltic Avenue for $25 (now no buildings).",
        "Ann mortgages Reading Railroad for $100.",
        "Ann lifts the mortgage on Reading Railroad for $110.",
        "Ann rolls 1+2 and moves to Baltic Avenue.",
        "--- Round 1: Bob's turn ---",
        "Bob rolls 6+4 and moves to Go To Jail.",
        "Bob goes to Jail.",
        "--- Round 2: Ann's turn ---",
        "Ann rolls 2+3 and moves to Vermont Avenue.",
        "Ann does not buy Vermont Avenue.",
        "Vermont Avenue goes to auction.",
        "Bob bids $10 for Vermont Avenue.",
        "Ann bids $11 for Vermont Avenue.",
        "Bob passes (out of the auction for Vermont Avenue).",
        "Ann wins Vermont Avenue at auction for $11.",
        "--- Round 2: Bob's turn ---",
        "Bob pays $50 to the bank (the jail fine).",
        "Bob leaves Jail by paying the fine.",
        "Bob rolls 4+6 and moves to Free Parking.",
    ]


def test_narration_of_taxes_and_speeding() -> None:
    told = _narrate({"players": ["Ann", "Bob"], "dice": [[2, 2], [3, 3], [5, 5]]},
                    {"player": "Ann", "do": "roll"}, {"player": "Ann", "do": "roll"},
                    {"player": "Ann", "do": "roll"})
    assert told == [
        "Ann rolls 2+2 (doubles) and moves to Income Tax.",
        "Ann pays $200 to the bank (Income Tax).",
        "Ann rolls 3+3 (doubles) and moves to Jail (just visiting).",
        "Ann rolls 5+5 (doubles).",
        "Ann rolls doubles three times in a row: speeding!",
        "Ann goes to Jail.",
    ]


def test_narration_of_an_auction_and_bankruptcy() -> None:
    told = _narrate(
        {"players": [{"name": "Ann", "cash": 30, "at": "Park Place"},
                     {"name": "Bob", "owns": [{"deed": "Park Place", "houses": 1},
                                                {"deed": "Boardwalk", "houses": 1}]}],
         "dice": [[1, 1], [2, 1]]},
        {"player": "Ann", "do": "roll"},   # 1+1: Boardwalk, rent $200
        {"player": "Ann", "do": "declare-bankruptcy"},
    )
    text = "\n".join(told)
    assert "Ann rolls 1+1 (doubles) and moves to Boardwalk." in text
    assert "Ann owes Bob $200 (rent) but has only $30" in text
    assert "Ann is bankrupt! Everything Ann had goes to Bob." in text
    assert "Game over: Bob wins, the last player standing." in text

    told = _narrate(
        {"players": [{"name": "Ann", "at": "Park Place"}, {"name": "Bob"}],
         "dice": [[2, 2]]},
        {"player": "Ann", "do": "roll"},
    )
    assert told == ["Ann rolls 2+2 (doubles) and moves to Mediterranean Avenue.",
                    "Ann collects $200 for passing GO."]


# ------------------------------------------------------------------ (f) trades


def _trade_spec() -> dict[str, Any]:
    return {"players": [{"name": "Ann", "owns": ["Oriental Avenue"]},
                        {"name": "Bob", "owns": ["Vermont Avenue", "Reading Railroad"]}],
            "dice": [[3, 4]]}


def test_person_proposes_a_trade_to_a_bot_through_the_dialog() -> None:
    # Menu: 1 roll, 2 manage (mortgage), 3 propose a trade. Bob is the only other player.
    answers = ["3", "1",       # propose, to Bob
               "",             # Ann gives no deeds
               "9", "x y", "1",  # bad picks, then Reading Railroad
               "-3", "5000", "400",  # cash Ann gives: negative, too much, then $400
               "",             # cash Ann asks: none
               "y"]
    s, out = session(_trade_spec(), [Seat("Ann"), Seat("Bob", "simple")], lines(*answers))
    assert s.run() == 0
    text = out.getvalue()
    assert "Trade with whom?" in text
    assert "There is no 9 in the list" in text
    assert "'x' is not a number" in text
    assert "Cash in a trade cannot be negative." in text
    assert "You have only $1,500." in text
    assert "Ann offers Bob a trade: Ann gives $400 for Bob's Reading Railroad." in text
    assert "Bob accepts the offer" in text
    game = s.game
    rr = game.board.find("Reading Railroad")
    assert game.owner[rr] == 0
    assert game.cash(0) == 1100
    assert game.pending[0].kind == "roll" and game.pending[0].player == 0


def test_an_offer_the_rules_refuse_is_not_made() -> None:
    spec = {"players": [{"name": "Ann", "owns": ["Oriental Avenue"]},
                        {"name": "Bob", "owns": [{"deed": "Mediterranean Avenue", "houses": 1},
                                                 "Baltic Avenue"]}],
            "dice": [[3, 4]]}
    # Bob's brown deeds have a house in the group: none of them can be asked for. An empty
    # offer is refused by the rules.
    s, out = session(spec, [Seat("Ann"), Seat("Bob", "simple")],
                     lines("3", "1", "", "", "", "1"))
    assert s.run() == 0
    text = out.getvalue()
    assert "Bob's deeds you could ask for: none." in text
    assert "That offer cannot be made: the offer is empty. Nothing was offered." in text
    assert [a.do for _, a in s.game.history] == ["roll"]


def test_person_answers_a_bot_offer_with_a_counter() -> None:
    # Bob (simple) owns Mediterranean Avenue and offers cash for Ann's Baltic Avenue.
    spec = {"players": [{"name": "Ann", "owns": ["Baltic Avenue"]},
                        {"name": "Bob", "owns": ["Mediterranean Avenue"]}],
            "turn": "Bob", "dice": [[3, 4]]}
    # Ann: counter (3) giving Baltic Avenue (1), nothing asked, no cash given, $1,000 asked.
    s, out = session(spec, [Seat("Ann"), Seat("Bob", "simple")],
                     lines("3", "1", "", "", "1000", "y"))
    assert s.run() == 0
    text = out.getvalue()
    assert "Bob offers Ann a trade: Bob gives $120 for Ann's Baltic Avenue." in text
    assert "1. Accept the offer" in text and "2. Reject the offer" in text
    assert "3. Make a counter-offer..." in text
    assert "Ann makes a counter-offer to Bob: Ann gives Baltic Avenue for Bob's $1,000." in text
    assert "Bob rejects the offer." in text
    assert "Bob rolls 3+4" in text  # Bob's turn goes on
    assert s.game.owner[s.game.board.find("Baltic Avenue")] == 0


# ------------------------------------------------------------------ managing


def test_manage_between_turns_and_on_your_turn() -> None:
    spec = {"players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"]},
                        {"name": "Bob"}],
            "turn": "Bob", "dice": [[6, 6], [1, 3]]}
    s, out = session(spec, [Seat("Ann"), Seat("Bob", "simple")], "")
    s.start_of_turn(1)  # as when Bob's turn begins during play
    s.prompter.infile = io.StringIO(lines(
        "2",            # manage before Bob's turn
        "2", "1",       # build on Baltic (list: build Med, build Baltic, mortgage...); then Med
        "",             # back
        "",             # continue
    ))
    assert s.run() == 0
    text = out.getvalue()
    assert "Ann, before Bob's turn you could build or lift a mortgage ($1,500 in cash)." in text
    assert "Build a house on Baltic Avenue ($50; has no buildings)" in text
    assert "Ann builds a house on Baltic Avenue for $50 (now 1 house)." in text
    assert "Ann builds a house on Mediterranean Avenue for $50 (now 1 house)." in text
    game = s.game
    assert game.houses[1] == 1 and game.houses[3] == 1
    # After Ann continued, Bob took his turn: his double, then his second roll.
    assert "Bob rolls 6+6 (doubles) and moves to" in text
    assert text.index("Ann builds") < text.index("Bob rolls 6+6")


def test_debt_menu_offers_selling_and_mortgaging() -> None:
    spec = {"players": [{"name": "Ann", "cash": 10, "at": "Park Place",
                         "owns": ["Reading Railroad"]},
                        {"name": "Bob", "owns": [{"deed": "Park Place", "houses": 1},
                                                {"deed": "Boardwalk", "houses": 1}]}],
            "dice": [[1, 1]]}
    # Ann rolls onto Boardwalk ($200 rent); she mortgages Reading Railroad (+$100), still
    # short, then declares bankruptcy.
    s, out = session(spec, [Seat("Ann"), Seat("Bob", "simple")], lines("1", "2", "1"))
    assert s.run() == 0
    text = out.getvalue()
    assert "Ann, you owe Bob $200 but have $10." in text
    assert "2. Mortgage Reading Railroad (+$100)" in text
    assert "Ann mortgages Reading Railroad for $100." in text
    assert "Ann is bankrupt!" in text
    assert "Winner: Bob (the last player standing)." in text


# ------------------------------------------------------------------ (g) command-line errors


@pytest.mark.parametrize(("players", "message"), [
    ("Ann,bot:genius", "unknown bot 'genius'"),
    ("Ann,bot:simple?speed=3", "no parameter"),
    ("Ann," + ",".join(["bot"] * 8), "is for 2 to 8 players; --players gives 9"),
    ("Ann", "is for 2 to 8 players; --players gives 1"),
    ("Ann,,bot", "--players needs comma-separated names"),
    ("Ann,ann", "two players are called"),
])
def test_players_errors_exit_2_with_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        players: str, message: str) -> None:
    code, out, err = run_cli(monkeypatch, capsys, ["play", "--players", players], "")
    assert code == 2
    assert out == ""
    assert err.startswith("pennybags: ") and err.count("\n") == 1
    assert message in err


def test_unknown_edition_and_option_exit_2(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(monkeypatch, capsys, ["play", "--edition", "nope"], "")
    assert code == 2 and "unknown edition 'nope'" in err
    code, _, err = run_cli(monkeypatch, capsys, ["play", "-o", "turbo=1"], "")
    assert code == 2 and "unknown option 'turbo'" in err


def test_players_command_line_error_through_the_real_command() -> None:
    proc = subprocess.run(
        [PENNYBAGS, "play", "--players", "Ann,bot:nobody"],
        capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1
    assert "unknown bot 'nobody'" in proc.stderr


# ------------------------------------------------------------------ seats and bots


def test_seats_are_named_and_bots_seeded_by_seat() -> None:
    seats = parse_seats("Ann, bot, Bot 2, bot:random, bot:simple?reserve=300")
    assert [s.name for s in seats] == ["Ann", "Bot 1", "Bot 2", "Bot 3", "Bot 4"]
    assert [s.bot for s in seats] == [None, "standard", None, "random", "simple?reserve=300"]
    assert [s.bot for s in parse_seats("Ann,bot", auto=True)] == ["standard", "standard"]
    assert bot_seed(7, 1) == bot_seed(7, 1)
    assert len({bot_seed(7, 1), bot_seed(7, 2), bot_seed(8, 1)}) == 3


def test_board_view_lists_players_deeds_and_bank() -> None:
    spec = {"players": [{"name": "Ann", "in_jail": True, "cards": ["chance"],
                         "owns": [{"deed": "Park Place", "houses": 5}, "Boardwalk",
                                  {"deed": "Reading Railroad", "mortgaged": True}]},
                        {"name": "Bob"}]}
    game: Game = scenario.set_up(spec)
    out = io.StringIO()
    s = Session(game, [Seat("Ann"), Seat("Bob", "random")],
                console=Console(file=out, no_color=True, width=120), infile=io.StringIO(""))
    s.show_board()
    text = out.getvalue()
    assert "In Jail" in text and "Chance" in text and "(random)" in text
    assert "a hotel" in text and "mortgaged" in text and "Dark blue" in text
    assert "The bank has 32 houses and 11 hotels." in text


def test_hot_seat_trade_with_cards_and_a_mortgaged_deed() -> None:
    spec = {"players": [{"name": "Ann", "cards": ["chance"], "owns": ["Boardwalk"]},
                        {"name": "Bob", "cards": ["community_chest"],
                         "owns": [{"deed": "Park Place", "mortgaged": True}]}],
            "dice": [[3, 4]]}
    answers = ["3", "1", "", "1", "", "", "1", "1", "y",   # Ann's offer, both cards
               "3", "", "", "", "", "", "",              # Bob counters with nothing
               "1",                                      # ... so Bob accepts
               "1"]                                      # Ann lifts the mortgage at once
    s, out = session(spec, [Seat("Ann"), Seat("Bob")], lines(*answers))
    assert s.run() == 0
    text = out.getvalue()
    assert "Your cards that can be traded:" in text
    assert "Bob's cards that can be traded:" in text
    assert ("Ann offers Bob a trade: Ann gives a Get Out of Jail Free card (Chance) for "
            "Bob's Park Place and a Get Out of Jail Free card (Community Chest).") in text
    assert "Bob, Ann offers: " in text
    assert "That offer cannot be made: the offer is empty." in text
    assert "Ann pays $17 (10% interest on a mortgaged deed received)." in text
    assert "1. Lift the mortgage on Park Place (-$175)" in text
    assert "Ann lifts the mortgage on Park Place for $175." in text
    game = s.game
    park = game.board.find("Park Place")
    assert game.owner[park] == 0 and not game.mortgaged[park]
    assert [k for k, _ in game.players[0].cards] == ["community_chest"]
    assert [k for k, _ in game.players[1].cards] == ["chance"]
    assert game.cash(0) == 1500 - 17 - 175
