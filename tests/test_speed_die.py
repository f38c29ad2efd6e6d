"""Ultimate Monopoly's Speed Die, in the engine's dice (``pennybags.engine.dice.SpeedDice``).

The rulebook's THE DICE and Doubles & Triples, ROLL THREE and SQUEEZE PLAY, and the rulings
(Ultimate Monopoly 2 and 11): the speed die shows 1, 2, 3, Mr. Monopoly, Mr. Monopoly and the
Bus; Mr. Monopoly and the Bus count 0 in a throw's number; doubles are the two regular dice
alike; triples are both regular dice and the speed die on the same 1, 2 or 3. In jail, at
Squeeze Play and for the nearest-utility card only the two regular dice are thrown; at Roll
Three three regular dice. Every throw comes from the game's one seeded generator, and the
plain dice of the other editions draw exactly the numbers they always drew.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pennybags import scenario
from pennybags.editions import all_editions, get_edition
from pennybags.engine.actions import Action
from pennybags.engine.data import load_edition_data
from pennybags.engine.dice import (
    SPEED_BUS,
    SPEED_FACES,
    SPEED_MR_MONOPOLY,
    SPEED_NONE,
    Dice,
    ScriptedRollError,
    SpeedDice,
    make_dice,
    speed_face_name,
    speed_face_named,
    speed_faces,
    speed_pips,
)
from pennybags.engine.game import Game, copy_random
from pennybags.engine.snapshot import snapshot
from pennybags.engine.turn import TurnGame

ROOT = Path(__file__).resolve().parents[1]
ULTIMATE_DATA = ROOT / "src" / "pennybags" / "editions" / "ultimate_monopoly" / \
    "ultimate_monopoly.json"
THROWS = 60_000
MR, BUS = SPEED_MR_MONOPOLY, SPEED_BUS


def speed_game(seed: int = 1) -> Game:
    """A classic game whose rules carry the speed die (rules ``speed_die``, as Ultimate
    Monopoly's data has it): the engine makes its dice SpeedDice."""
    edition = get_edition("classic")
    data = edition.data
    rules = {**data.rules, "speed_die": ["1", "2", "3", "mr_monopoly", "mr_monopoly", "bus"]}
    return edition.game_class(dataclasses.replace(data, rules=rules), ["Ann", "Bob", "Cy"],
                              seed, edition.options({"max-rounds": 60}),
                              rulebook=edition.rulebook)


def speed_dice_of(game: Game) -> SpeedDice:
    dice = game.dice
    assert isinstance(dice, SpeedDice)
    return dice


def scripted(*rolls: list[Any]) -> SpeedDice:
    dice = SpeedDice(random.Random(0))
    dice.script(rolls)
    return dice


def within(count: int, expected: float, slack: float = 0.05) -> bool:
    """``count`` within ``slack`` (a share of ``expected``) of ``expected``: generous bounds,
    many standard deviations wide at these numbers of throws."""
    return abs(count - expected) <= slack * expected


# ------------------------------------------------------------------ the faces (ruling 2)

def test_the_speed_die_shows_1_2_3_mr_monopoly_twice_and_the_bus() -> None:
    assert SPEED_FACES == (1, 2, 3, MR, MR, BUS)
    assert [speed_face_name(f) for f in SPEED_FACES] == \
        ["1", "2", "3", "mr_monopoly", "mr_monopoly", "bus"]
    dice = SpeedDice(random.Random(2024))
    faces = Counter(dice.roll()[2] for _ in range(THROWS))
    assert set(faces) == {1, 2, 3, MR, BUS}
    sixth = THROWS / 6
    for face in (1, 2, 3, BUS):
        assert within(faces[face], sixth), faces
    assert within(faces[MR], 2 * sixth), faces


def test_the_regular_dice_are_fair_and_independent_of_the_speed_die() -> None:
    dice = SpeedDice(random.Random(7))
    firsts: Counter[int] = Counter()
    seconds: Counter[int] = Counter()
    doubles = triples = 0
    for _ in range(THROWS):
        first, second, _ = dice.roll()
        firsts[first] += 1
        seconds[second] += 1
        doubles += dice.double
        triples += dice.triple
    for counts in (firsts, seconds):
        assert set(counts) == set(range(1, 7))
        assert all(within(counts[v], THROWS / 6) for v in range(1, 7)), counts
    assert within(doubles, THROWS / 6)
    assert within(triples, THROWS * 3 / 216, slack=0.25)  # 1-1-1, 2-2-2, 3-3-3


def test_the_engine_makes_the_speed_die_from_the_ultimate_monopoly_data() -> None:
    rules = load_edition_data(ULTIMATE_DATA).rules
    assert speed_faces(rules["speed_die"]) == SPEED_FACES
    dice = make_dice(random.Random(1), rules)
    assert isinstance(dice, SpeedDice) and dice.faces == SPEED_FACES
    assert (dice.count, dice.sides) == (2, 6)


# ------------------------------------------------------------------ a throw's number (ruling 11)

def test_a_throws_number_counts_the_speed_dies_pips_and_mr_monopoly_and_the_bus_as_0() -> None:
    dice = scripted([3, 4, 2], [3, 4, "mr_monopoly"], [3, 4, "bus"], [6, 6, 3])
    assert dice.roll() == (3, 4, 2)
    assert (dice.total, dice.regular_total, dice.speed) == (9, 7, 2)
    assert dice.roll() == (3, 4, MR)
    assert (dice.total, dice.regular_total, dice.speed) == (7, 7, MR)
    assert dice.roll() == (3, 4, BUS)
    assert (dice.total, dice.regular_total, dice.speed) == (7, 7, BUS)
    assert dice.roll() == (6, 6, 3) and dice.total == 15
    assert [speed_pips(f) for f in SPEED_FACES] == [1, 2, 3, 0, 0, 0]


def test_seeded_throws_move_the_regular_dice_plus_the_speed_pips() -> None:
    dice = SpeedDice(random.Random(3))
    totals = set()
    for _ in range(5000):
        first, second, face = dice.roll()
        assert dice.regular_total == first + second
        assert dice.total == first + second + speed_pips(face)
        assert dice.speed == face
        totals.add(dice.total)
    # the alternative Squeeze Play table reads throws with the speed die: 2 to 15
    assert totals == set(range(2, 16))


# ------------------------------------------------------------------ doubles and triples

def test_doubles_look_at_the_regular_dice_only() -> None:
    dice = scripted([4, 4, "bus"], [3, 4, 3], [2, 2, 3], [5, 5, "Mr. Monopoly"], [1, 2, 1])
    assert dice.roll() and dice.double and not dice.triple
    assert dice.roll() and not dice.double  # the speed die matching one die is no double
    assert dice.roll() and dice.double and not dice.triple
    assert dice.roll() and dice.double and not dice.triple
    assert dice.roll() and not dice.double


def test_triples_are_both_regular_dice_and_the_speed_die_on_1_2_or_3() -> None:
    dice = scripted([1, 1, 1], [2, 2, 2], [3, 3, 3], [2, 2, "mr_monopoly"], [3, 3, "bus"],
                    [3, 3, 2])
    for number in (1, 2, 3):
        assert dice.roll() == (number, number, number)
        assert dice.triple and dice.double and dice.total == 3 * number
    for _ in range(3):
        dice.roll()
        assert dice.double and not dice.triple
    seeded = SpeedDice(random.Random(5))
    seen = set()
    for _ in range(20000):
        first, second, face = seeded.roll()
        assert seeded.triple == (first == second == face)
        if seeded.triple:
            seen.add(face)
    assert seen == {1, 2, 3}


# ------------------------------------------------------------------ throws of other shapes

def test_in_jail_and_at_squeeze_play_only_the_two_regular_dice_are_thrown() -> None:
    dice = SpeedDice(random.Random(11))
    dice.roll()
    totals: Counter[int] = Counter()
    for _ in range(THROWS):
        throw = dice.roll_regular()
        assert len(throw) == 2 and dice.last == throw
        assert dice.total == dice.regular_total == throw[0] + throw[1]
        assert dice.double == (throw[0] == throw[1])
        assert dice.speed == SPEED_NONE and not dice.triple
        assert dice.last_json() == list(throw)
        totals[dice.total] += 1
    # the standard Squeeze Play table reads two dice: 2 to 12, 7 the likeliest
    assert set(totals) == set(range(2, 13))
    assert within(totals[7], THROWS / 6) and within(totals[2], THROWS / 36, slack=0.2)


def test_roll_three_throws_three_regular_dice() -> None:
    dice = SpeedDice(random.Random(13))
    faces: Counter[int] = Counter()
    for _ in range(THROWS // 3):
        throw = dice.roll_three()
        assert len(throw) == 3 and dice.last == throw
        assert dice.total == dice.regular_total == sum(throw)
        assert dice.speed == SPEED_NONE and not dice.double and not dice.triple
        faces.update(throw)
    assert set(faces) == set(range(1, 7))  # six-sided: not the speed die's faces
    assert all(within(faces[v], THROWS / 6) for v in range(1, 7)), faces


def test_every_kind_of_throw_draws_from_the_one_generator_eight_dice_a_draw() -> None:
    """Each die is the next base-6 digit of a draw of the game's generator (eight a draw):
    the regular dice first, then the speed die or the third die. Pinned, as replays of
    Ultimate Monopoly games depend on it."""
    rng = random.Random(99)
    dice = SpeedDice(rng)
    throws = [dice.roll(), dice.roll_regular(), dice.roll_three(), dice.roll(),
              dice.roll_regular(), dice.roll(), dice.roll_three()]
    reference = random.Random(99)
    digits: list[int] = []
    while len(digits) < 19:
        pool = int(reference.random() * 6 ** 8)
        for _ in range(8):
            digits.append(pool % 6)
            pool //= 6
    it = iter(digits)

    def die() -> int:
        return next(it) + 1

    expected = []
    for shape in ("speed", "regular", "three", "speed", "regular", "speed", "three"):
        first, second = die(), die()
        if shape == "regular":
            expected.append((first, second))
        elif shape == "three":
            expected.append((first, second, die()))
        else:
            expected.append((first, second, SPEED_FACES[next(it)]))
    assert throws == expected
    assert rng.getstate() == reference.getstate()  # three draws, nothing more


# ------------------------------------------------------------------ scripts

@pytest.mark.parametrize("name", ["mr_monopoly", "mr-monopoly", "Mr. Monopoly", "MR. MONOPOLY",
                                  "mr monopoly"])
def test_scripted_throws_name_mr_monopoly(name: str) -> None:
    dice = scripted([3, 4, name])
    assert dice.roll() == (3, 4, MR)
    assert dice.last_json() == [3, 4, "mr_monopoly"]
    assert speed_face_named(name) == MR


def test_scripted_throws_name_the_bus() -> None:
    dice = scripted([3, 4, "bus"], [2, 5, "Bus"], [1, 1, 3])
    assert dice.roll() == (3, 4, BUS) and dice.last_json() == [3, 4, "bus"]
    assert dice.roll() == (2, 5, BUS)
    assert dice.roll() == (1, 1, 3) and dice.last_json() == [1, 1, 3]


def test_a_scripted_roll_is_used_by_the_next_throw_of_any_kind() -> None:
    dice = scripted([3, 4], [1, 3, 6], [2, 5, "bus"], [3, 4, 2], [3, 4, 2], [6, 6])
    assert dice.roll_regular() == (3, 4)  # in jail
    assert dice.roll_three() == (1, 3, 6)  # Roll Three
    assert dice.roll() == (2, 5, BUS)  # a turn's throw
    assert dice.roll() == (3, 4, 2) and dice.total == 9  # [3, 4, 2] fits both shapes...
    assert dice.roll_three() == (3, 4, 2) and dice.total == 9  # ...of three dice
    assert dice.roll_regular() == (6, 6) and dice.double
    assert dice.scripted == []
    dice.roll()  # then the seeded dice
    assert len(dice.last) == 3 and dice.last[2] in SPEED_FACES


@pytest.mark.parametrize(("roll", "throw", "expected"), [
    ([3, 4], "roll", "two regular dice and the speed die"),
    ([1, 3, 6], "roll", "two regular dice and the speed die"),
    ([3, 4, 5], "roll", "the speed die shows 1, 2, 3, mr_monopoly or bus"),
    ([3, 4, 2], "roll_regular", "two regular dice, like [3, 4]"),
    ([3, 4, "bus"], "roll_regular", "two regular dice, like [3, 4]"),
    ([3, 4, "mr_monopoly"], "roll_three", "three regular dice, like [1, 3, 6]"),
    ([3, 4], "roll_three", "three regular dice, like [1, 3, 6]"),
])
def test_a_scripted_roll_of_the_wrong_shape_is_refused_when_thrown_and_stays(
        roll: list[Any], throw: str, expected: str) -> None:
    dice = scripted(roll, [1, 2])
    before = list(dice.scripted)
    with pytest.raises(ScriptedRollError) as e:
        getattr(dice, throw)()
    assert isinstance(e.value, ValueError)
    assert expected in str(e.value) and "the next scripted roll" in str(e.value)
    assert json.dumps(roll) in str(e.value)  # the roll as it was scripted
    assert dice.scripted == before and dice.last == ()


@pytest.mark.parametrize("bad", [7, "banana", [1], True, [True, 1], [3, 4, "banana"],
                                 [3, "bus", 4], ["bus", 3, 4], [7, 1], [0, 1], [3, 4, 0],
                                 [3, 4, 7], [3, 4, -1], ["3", 4], [1, 2, 3, 4], [3, 4, None],
                                 [1.0, 2]])
def test_bad_scripts_are_refused_and_change_nothing(bad: Any) -> None:
    dice = scripted([2, 2])
    with pytest.raises(ValueError) as e:
        dice.script([[1, 2, 3], bad])
    message = str(e.value)
    assert message.startswith("roll 2 must be two regular dice like [3, 4]")
    assert '[3, 4, "mr_monopoly"] or [3, 4, "bus"]' in message and "[1, 3, 6]" in message
    assert "a regular die shows 1 to 6, the speed die 1, 2, 3, mr_monopoly or bus" in message
    assert message.endswith(f"got {bad!r}") or message.endswith(f"got {list(bad)!r}")
    assert dice.scripted == [(2, 2)]


def test_plain_dice_take_numbers_only() -> None:
    dice = Dice(random.Random(0))
    with pytest.raises(ValueError, match="roll 1 must be 2 whole numbers from 1 to 6"):
        dice.script([[3, "bus"]])
    assert dice.scripted == []


# ------------------------------------------------------------------ copies

def test_a_clone_continues_identically_and_independently() -> None:
    rng = random.Random(21)
    dice = SpeedDice(rng)
    for _ in range(3):  # part-way through a draw
        dice.roll()
    dice.script([[3, 4, "bus"]])
    twin = dice.clone(copy_random(rng))
    assert isinstance(twin, SpeedDice)
    assert (twin.last, twin.total, twin.regular_total, twin.speed, twin.double,
            twin.triple) == (dice.last, dice.total, dice.regular_total, dice.speed,
                             dice.double, dice.triple)

    def mixed(d: SpeedDice) -> list[tuple[int, ...]]:
        return [d.roll(), d.roll_three(), d.roll_regular(), *(d.roll() for _ in range(30))]

    ours = mixed(dice)
    assert ours[0] == (3, 4, BUS)
    assert mixed(twin) == ours
    twin.script([[1, 1, 1]])
    assert dice.scripted == []  # the twin's script is its own
    rng.random()  # and its generator
    assert twin.roll() == (1, 1, 1) and twin.triple


def test_a_game_with_the_speed_die_rule_throws_speed_dice() -> None:
    game = speed_game(seed=4)
    dice = speed_dice_of(game)
    assert dice.faces == SPEED_FACES
    assert dice._rng is game.rng  # the game's one generator
    game.act(game.current, Action("roll"))  # a turn's throw goes through SpeedDice.roll
    assert len(dice.last) == 3 and dice.last[2] in SPEED_FACES


def test_a_clone_of_a_speed_die_game_has_its_own_speed_dice_in_the_same_state() -> None:
    game = speed_game(seed=6)
    dice = speed_dice_of(game)
    dice.script([[2, 2, "mr_monopoly"]])
    dice.roll()
    dice.roll_three()
    dice.script([[3, 4, "bus"], [5, 6]])
    twin = game.clone()
    twin_dice = speed_dice_of(twin)
    assert twin_dice is not dice and twin_dice.scripted == dice.scripted
    assert twin_dice.last == dice.last and twin_dice.total == dice.total
    assert snapshot(twin) == snapshot(game)
    throws = [dice.roll(), dice.roll_regular(), dice.roll_three(),
              *(dice.roll() for _ in range(20))]
    assert [twin_dice.roll(), twin_dice.roll_regular(), twin_dice.roll_three(),
            *(twin_dice.roll() for _ in range(20))] == throws


def test_a_determinized_speed_die_game_throws_other_dice_and_no_script() -> None:
    game = speed_game(seed=8)
    speed_dice_of(game).script([[3, 4, "bus"]])
    copies = [game.determinize(0, random.Random(s)) for s in range(4)]
    for c in copies:
        assert speed_dice_of(c).scripted == []
    assert len({tuple(speed_dice_of(c).roll() for _ in range(5)) for c in copies}) > 1
    assert speed_dice_of(game).scripted == [(3, 4, BUS)]


def test_the_snapshot_and_the_view_name_the_speed_face() -> None:
    game = speed_game(seed=9)
    dice = speed_dice_of(game)
    dice.script([[3, 4, "mr_monopoly"]])
    dice.roll()
    assert snapshot(game)["dice"] == [3, 4, "mr_monopoly"]
    assert game.view(0)["dice"] == [3, 4, "mr_monopoly"]
    dice.script([[2, 6, "bus"]])
    dice.roll()
    assert json.loads(json.dumps(snapshot(game)))["dice"] == [2, 6, "bus"]
    dice.roll_three()
    assert snapshot(game)["dice"] == list(dice.last)


def test_a_scenario_scripts_speed_die_faces_and_names_a_roll_of_the_wrong_shape() -> None:
    game = speed_game(seed=10)
    speed_dice_of(game).script([[1, 2, "bus"]])
    assert scenario.play_actions(game, [{"do": "roll"}]) == []
    assert game.dice.last == (1, 2, BUS)
    game = speed_game(seed=10)
    game.dice.script([[1, 2]])
    with pytest.raises(scenario.ScenarioError, match=r"action 1 \(roll\): the next scripted "
                       r"roll, \[1, 2\], is not a throw of two regular dice and the speed"):
        scenario.play_actions(game, [{"do": "roll"}])


def test_the_order_of_play_counts_a_throws_number() -> None:
    """The order-of-play rolls read the dice's ``total`` (a speed die's named faces are
    negative codes: never summed)."""
    game = speed_game(seed=12)
    assert isinstance(game, TurnGame)
    game.dice.script([[6, 6, "bus"], [5, 5, 1], [1, 1, "mr_monopoly"]])
    game.decide_order()
    assert game.first == 0  # 12 against 11 and 2


# ------------------------------------------------------------------ bad data

@pytest.mark.parametrize(("rules", "message"), [
    ({"speed_die": ["1", "2", "banana", "mr_monopoly", "mr_monopoly", "bus"]}, "'banana'"),
    ({"speed_die": [1, 2, 3, 0, "bus", "bus"]}, "got 0"),
    ({"speed_die": "123"}, "a list of faces"),
    ({"speed_die": ["1", "2", "3", "bus"]}, "has 6 faces"),
    ({"speed_die": [1, 2, 3, 4, 5, 7]}, "has 6 faces"),
    ({"dice": 3, "speed_die": list(map(speed_face_name, SPEED_FACES))}, "two regular dice"),
])
def test_a_bad_speed_die_in_the_data_is_refused(rules: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_dice(random.Random(0), rules)


# ------------------------------------------------------------------ the other editions

CLASSIC_2024 = (
    "42236435635622535646642555646462143654333253555216534224365356235614245653556436646565"
    "33262122533232516533161626453531525613524131612653254366666535342262311454622262355363"
    "41525166326233253116434246221461563351551413526243314162663363643515634354535244355415"
    "61123316413431535123221416323436153326123452221451236212642323653535126162142314215211"
    "51431662535432615252362663444365223665553551163414221215213146611625614466612523534556"
    "66446516323622262231325436321515611124141642636432211416311226616412646566224453356313"
    "152134361252341411621412652645163522545552516166411411243261334416111624341632213152")
"""300 rolls of classic's two dice with seed 2024, read from the dice before the speed die
was added."""
THREE_DICE_7 = (
    "21414314131135124643616211252443411253243255244652613513155462544366341546523513211512"
    "36134656233661222342133465445165653314112131111316412331663311325116414146652325452256"
    "65552431122563666322224663451465532525633652116515643411644636522224231633463644413215"
    "235424451422544563444534365662466113121556")
"""100 rolls of three six-sided dice with seed 7, from the dice before the speed die."""
FOUR_SIDED_7 = (
    "34234313221143322313331433233313343113123244133231414232422211324243112124431231223232"
    "32112314114423111343121244311424122142334123324133144224123444121423133214244432113311"
    "4232134411423414324241312223")
"""100 rolls of two four-sided dice with seed 7, from the dice before the speed die."""


def rolled(dice: Dice, rolls: int) -> str:
    return "".join("".join(map(str, dice.roll())) for _ in range(rolls))


def test_the_plain_dice_draw_the_numbers_they_always_drew() -> None:
    assert rolled(Dice(random.Random(2024)), 300) == CLASSIC_2024
    assert rolled(Dice(random.Random(7), 3, 6), 100) == THREE_DICE_7
    assert rolled(Dice(random.Random(7), 2, 4), 100) == FOUR_SIDED_7


@pytest.mark.parametrize("seed", [0, 1, 42, 2**40 + 3])
def test_two_plain_dice_read_four_rolls_from_each_draw(seed: int) -> None:
    """Two six-sided dice: a draw of the generator is four base-36 digits, one roll each."""
    dice = Dice(random.Random(seed))
    rng = random.Random(seed)
    expected: list[tuple[int, ...]] = []
    while len(expected) < 400:
        pool = int(rng.random() * 36 ** 4)
        for _ in range(4):
            v = pool % 36
            pool //= 36
            expected.append((v // 6 + 1, v % 6 + 1))
    assert [dice.roll() for _ in range(400)] == expected
    assert dice.total == sum(expected[-1]) and dice.double == (expected[-1][0] ==
                                                                expected[-1][1])


@pytest.mark.parametrize("edition", [e.id for e in all_editions()
                                     if "speed_die" not in e.data.rules])
def test_the_other_editions_keep_their_plain_dice(edition: str) -> None:
    game = get_edition(edition).new_game(["Ann", "Bob", "Cy"], seed=3)
    assert type(game.dice) is Dice
    assert type(game.clone().dice) is Dice
    assert snapshot(game)["dice"] == list(game.dice.last)
