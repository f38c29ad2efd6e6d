"""Issue 15, "right behaviour": the terminal does what its words say.

Seat keys in a hot-seat live auction (no command letter shadows a person's initial), no
"buy buildings" offer in Monopoly 2.3 when nothing can be built, the deeds view in colour
groups and board order, the between-turns offer only when something changed, and the
narration's words (the property chosen, one full stop, "on themselves", one's own hand).
"""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from pennybags import scenario
from pennybags.terminal.app import Seat, Session
from test_terminal_editions import Bidder, Clock, Typed, Typing


def hot_seat_auction(names: list[str], typed: list[Typed]) -> tuple[Session, str]:
    """The first two named are people at one terminal, the third an idle bot; the first
    rolls 2+3 onto The Angel, Islington and auctions it with the 5-second timer."""
    spec: dict[str, Any] = {
        "edition": "ultimate-banking", "options": {"auction-timer": 5},
        "players": names, "turn": names[0], "dice": [[2, 3], [1, 2], [1, 2]],
    }
    game = scenario.set_up(spec)
    bots = {2: Bidder(idle=True)}
    seats = [Seat(n, "standard" if i in bots else None) for i, n in enumerate(names)]
    clock = Clock()
    out = io.StringIO()
    session = Session(game, seats, console=Console(file=out, no_color=True, width=120),
                      infile=Typing(clock, typed), bots=bots, setup=spec,  # type: ignore[arg-type]
                      clock=clock)
    session.run()
    return session, out.getvalue()


def bids(session: Session) -> list[tuple[str, int]]:
    game = session.game
    return [(game.name(p), a.amount) for p, a in game.history if a.do == "bid"]


def test_live_auction_initial_b_bids_for_bob_not_the_board() -> None:
    """Hot seat: Bob's initial is b; it bids for Bob (the board is on #)."""
    session, text = hot_seat_auction(["Ann", "Bob", "Cy"],
                                     ["1", "2", (1.0, "b"), (1.0, "#"), (30.0, "q")])
    assert bids(session) == [("Bob", 20)]
    assert "1 or A for Ann, 2 or B for Bob" in text
    assert "# shows the board" in text and "B or # shows" not in text
    game = session.game
    assert game.owner[game.board.find("The Angel, Islington")] == 1


def test_live_auction_initials_q_and_h_bid_and_symbols_still_work() -> None:
    """Quinn's q and Hal's h bid for them; ! quits, ? explains."""
    session, text = hot_seat_auction(["Quinn", "Hal", "Cy"],
                                     ["1", "2", (1.0, "q"), (1.0, "h"), (1.0, "?"),
                                      (1.0, "!")])
    assert bids(session) == [("Quinn", 20), ("Hal", 40)]
    assert "type your seat number or initial" in text  # the help, shown by ?
    assert "! quits" in text and "q or ! quits" not in text
    assert "Save the game before quitting?" in text  # ! quit at once


def test_live_auction_shared_initial_asks_for_the_seat_number() -> None:
    session, text = hot_seat_auction(["Bob", "Ben", "Cy"],
                                     ["1", "2", (1.0, "b"), (1.0, "2"), (30.0, "q")])
    assert "'b' is the initial of several people: type your seat number." in text
    assert bids(session) == [("Ben", 20)]
    assert "1 for Bob, 2 for Ben" in text  # no initial offered when two share it


def test_live_auction_letters_not_taken_are_commands() -> None:
    """With Ann and Cy at the table, b still shows the board."""
    session, text = hot_seat_auction(["Ann", "Cy", "Bot"],
                                     ["1", "2", (1.0, "b"), (30.0, "q")])
    assert bids(session) == []
    assert "B or # shows the board" in text
    assert "Standings, round 1" in text  # the board view was shown
    assert "Live auction of The Angel, Islington (price $100): each press bids $20 more and " \
        "restarts the 5-second timer; the last bidder wins when it runs out. To bid, " in text


# ------------------------------------------------------------------ Monopoly 2.3 buildings


def m23_turn_words(ann: dict[str, Any]) -> tuple[str, list[str]]:
    from pennybags.editions import words_for

    game = scenario.set_up({"edition": "monopoly-2.3", "players": [ann, "Bob", "Cy"],
                            "turn": "Ann"})
    words = words_for(game)
    d = game.pending[0]
    return words.question(0, d), [words.action_label(a, d) for a in game.legal_actions(0)]


def test_m23_offers_buildings_only_when_one_can_be_bought() -> None:
    """Monopoly 2.3: owning a monopoly is not enough to be offered buildings; the player
    must be able to buy one (here: $10 in cash, a building costs $50)."""
    poor = {"name": "Ann", "cash": 10, "owns": ["Old Kent Road", "Whitechapel Road"]}
    question, labels = m23_turn_words(poor)
    assert "buy buildings" not in question
    assert not any(line.startswith("Buy a house") for line in labels)
    rich = {"name": "Ann", "cash": 500, "owns": ["Old Kent Road", "Whitechapel Road"]}
    question, labels = m23_turn_words(rich)
    assert "buy buildings for a monopoly" in question
    assert any(line.startswith("Buy a house for the brown monopoly") for line in labels)


# ------------------------------------------------------------------ the deeds view


def test_deeds_view_keeps_groups_together_in_board_order() -> None:
    """Electric Company sits with Water Works (not among the pinks), Water Works not among
    the yellows; groups come in the order they first appear on the board."""
    from pennybags.terminal.render import deeds_table

    game = scenario.set_up({"players": [
        {"name": "Ann", "owns": ["Electric Company", "St. Charles Place", "States Avenue",
                                 "Virginia Avenue"]},
        {"name": "Bob", "owns": ["Water Works", "Marvin Gardens", "Ventnor Avenue",
                                 "Atlantic Avenue", "Reading Railroad"]}]})
    out = io.StringIO()
    Console(file=out, no_color=True, width=120).print(deeds_table(game))
    rows = [line for line in out.getvalue().splitlines()
            if any(name in line for name in ("Avenue", "Place", "Company", "Works",
                                             "Gardens", "Railroad"))]
    order = [next(n for n in ("St. Charles Place", "States Avenue", "Virginia Avenue",
                              "Electric Company", "Water Works", "Atlantic Avenue",
                              "Ventnor Avenue", "Marvin Gardens", "Reading Railroad")
                  if n in line) for line in rows]
    assert order == ["Reading Railroad", "St. Charles Place", "States Avenue",
                     "Virginia Avenue", "Electric Company", "Water Works", "Atlantic Avenue",
                     "Ventnor Avenue", "Marvin Gardens"]


# ------------------------------------------------------------------ between turns


def test_between_turns_question_is_not_repeated_for_the_same_mortgage() -> None:
    """Ann could lift the mortgage on Reading Railroad; she lets Bob's turn start. She is
    not asked again before Cy's turn, nor the next round: nothing new is possible. Once
    something new is (another mortgaged deed she could lift), she is asked again."""
    spec: dict[str, Any] = {
        "players": [{"name": "Ann", "owns": [{"deed": "Reading Railroad", "mortgaged": True},
                                            "Baltic Avenue"]},
                    "Bob", "Cy"],
        "turn": "Ann", "dice": [[4, 6]] * 6}
    game = scenario.set_up(spec)
    seats = [Seat("Ann"), Seat("Bob", "simple"), Seat("Cy", "simple")]
    out = io.StringIO()
    answers = ["1", "1",   # Ann rolls to Just Visiting, ends her turn
               "",         # before Bob's turn: Continue
               "1", "1",   # Ann's second turn: roll to Free Parking, end
               ]
    session = Session(game, seats, console=Console(file=out, no_color=True, width=120),
                      infile=io.StringIO("".join(a + "\n" for a in answers)), setup=spec)
    session.run()
    text = out.getvalue()
    assert text.count("you could build or lift a mortgage") == 1, text
    assert "Ann, before Bob's turn you could build or lift a mortgage" in text
    assert game.round >= 2
    # Something new: Baltic Avenue mortgaged too, so its mortgage could be lifted.
    baltic = game.board.find("Baltic Avenue")
    game.mortgaged[baltic] = True
    assert session.worth_asking(0)
    game.mortgaged[baltic] = False
    assert not session.worth_asking(0)


def test_auction_default_is_described_the_same_way_everywhere(
        capsys: Any) -> None:
    """Ultimate Banking's auction timer: `editions`, the edition doc and the playing doc
    say the same: 0 is turn-based (bots, scenarios, simulations), play with a person
    uses 5 unless given."""
    from pathlib import Path

    from pennybags import cli

    cli.main(["editions"])
    listing = " ".join(capsys.readouterr().out.split())
    docs = Path(__file__).parent.parent / "docs"
    edition_doc = " ".join((docs / "editions" / "ultimate-banking.md").read_text().split())
    playing_doc = " ".join((docs / "playing.md").read_text().split())
    said = "with a person at the table uses 5 (the unit's timer) unless"
    assert said in listing and said in edition_doc and said in playing_doc
    default = "0 is the turn-based auction at $20 steps, the default of bots, scenarios and " \
              "simulations"
    assert default in listing and default in edition_doc and default in playing_doc
    assert "collects every later rent of theirs automatically" in listing


# ------------------------------------------------------------------ the narration's words


def narration(spec: dict[str, Any]) -> list[str]:
    """What the terminal tells while a scenario plays."""
    from pennybags.terminal.narrate import Narrator

    narrators: list[Narrator] = []

    def watch(game: Any) -> None:
        narrators.append(Narrator(game))
        game.listeners.append(narrators[0])

    scenario.run(spec, watch=watch)
    return narrators[0].take()


def test_event_narration_names_the_property_chosen_and_ends_once() -> None:
    """Ultimate Banking, Demolished: 'Ann chooses Mayfair.', and the card's own full stop
    ends the sentence (no "'.'.")."""
    lines = narration({
        "edition": "ultimate-banking",
        "players": [{"name": "Ann", "owns": [{"deed": "Old Kent Road", "houses": 2}]},
                    {"name": "Bob", "owns": [{"deed": "Mayfair", "houses": 4}]}],
        "turn": "Ann", "dice": [[1, 3]], "decks": {"events": ["demolished"]},
        "actions": [{"player": "Ann", "do": "roll"},
                    {"player": "Ann", "do": "pick", "deed": "Mayfair"}]})
    assert "Ann draws Event: 'Choose any owned property: its rent level becomes 1.'" in lines
    assert "Ann chooses Mayfair." in lines
    assert not any(line.endswith(".'.") for line in lines)


def test_event_narration_names_the_player_chosen_and_the_only_choice() -> None:
    lines = narration({
        "edition": "ultimate-banking", "players": ["Ann", "Bob", "Cy"], "turn": "Ann",
        "dice": [[1, 3]], "decks": {"events": ["pick-your-own"]},
        "actions": [{"player": "Ann", "do": "roll"},
                    {"player": "Ann", "do": "choose-player", "target": "Cy"}]})
    assert "Ann chooses Cy." in lines and "Cy goes to Jail." in lines
    lines = narration({
        "edition": "ultimate-banking",
        "players": ["Ann", {"name": "Bob", "owns": ["Mayfair"]}], "turn": "Ann",
        "dice": [[1, 3]], "decks": {"events": ["demolished"]},
        "actions": [{"player": "Ann", "do": "roll"}]})
    assert "The card can act only on Mayfair." in lines


def test_m23_card_played_on_oneself_reads_themselves() -> None:
    lines = narration({
        "edition": "monopoly-2.3",
        "players": [{"name": "Ann", "hand": ["community_chest:bank-error"]}, "Bob", "Cy"],
        "actions": [{"player": "Ann", "do": "play-card", "card": "community_chest:bank-error",
                     "target": "Ann"}]})
    assert any("on themselves." in line for line in lines), lines
    assert not any("themself" in line for line in lines)


def test_own_hand_is_not_hidden_from_its_holder() -> None:
    from pennybags.terminal.render import standings_table

    game = scenario.set_up({"edition": "monopoly-2.3", "players": ["Ann", "Bob", "Cy"]})
    out = io.StringIO()
    Console(file=out, no_color=True, width=120).print(standings_table(game, viewer=0))
    rows = {line.split()[0]: line for line in out.getvalue().splitlines() if line.strip()}
    assert "2 in your hand" in rows["Ann"] and "hidden" not in rows["Ann"]
    assert "2 hidden" in rows["Bob"]


def test_money_in_and_out_is_coloured_in_the_narration() -> None:
    """Colour carries meaning: what the player pays in red, what they receive in green."""
    from pennybags.terminal.narrate import money_colours

    def colours(line: str) -> list[tuple[str, str]]:
        text = money_colours(line)
        return [(line[span.start:span.end], str(span.style)) for span in text.spans]

    assert colours("Bob pays Ann $20 rent.") == [("$20", "red")]
    assert colours("Ann collects $200 for passing GO.") == [("$200", "green")]
    assert colours("Ann buys Mayfair for £400.") == [("£400", "red")]
    assert colours("Cy wins 2.5M at Roll Three.") == [("2.5M", "green")]
    assert colours("Ann rolls 3+4 and moves to Chance.") == []
    out = io.StringIO()
    Console(file=out, force_terminal=True, color_system="standard").print(
        money_colours("Bob pays Ann $20 rent."))
    assert "\x1b[31m$20" in out.getvalue()
