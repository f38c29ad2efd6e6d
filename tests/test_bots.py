"""The bots: legal answers only, bot specs and their parameters, determinism, the public view,
and the quality bar of issue 3 (``standard`` ends games and beats weaker bots).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from pennybags.bots import Bot, bot_names, make_bot
from pennybags.bots.random_bot import RandomBot
from pennybags.bots.simple import SimpleBot
from pennybags.bots.standard import ClassicStrategy, EditionStrategy, StandardBot
from pennybags.editions import all_editions, get_edition
from pennybags.editions.classic.rules import AUCTION
from pennybags.engine.actions import Action, Trade
from pennybags.engine.game import Event, Game
from pennybags.engine.turn import PAY_BAIL, ROLL, USE_CARD
from pennybags.lab.simulate import Setup, run_games
from pennybags.scenario import set_up

# ------------------------------------------------------------------------------ helpers


def new_game(players: int, seed: int, max_rounds: int = 0) -> Game:
    options: dict[str, Any] = {"max-rounds": max_rounds} if max_rounds else {}
    return get_edition("classic").new_game([f"P{i}" for i in range(players)], seed=seed,
                                           options=options)


def play_checked(game: Game, bots: list[Bot], max_actions: int = 200_000,
                 before: Callable[[Game, int, Bot], None] | None = None) -> list[Action]:
    """Let the bots answer every decision, checking each answer is legal before it is made
    (``act`` would refuse it anyway; this says which bot and which decision). Returns the
    answers in order."""
    answers: list[Action] = []
    for _ in range(max_actions):
        if game.over:
            return answers
        decision = game.pending[0]
        seat = decision.player
        if before is not None:
            before(game, seat, bots[seat])
        action = bots[seat].choose(game, seat)
        reason = game.why_illegal(seat, action)
        assert reason is None, (f"{bots[seat].name} bot at seat {seat} answered "
                                f"{decision.kind} with {action}: {reason}")
        game.act(seat, action)
        answers.append(action)
    raise AssertionError(f"the game did not end within {max_actions} answers")


# ------------------------------------------------------------------------------ legality

LINE_UPS = [
    ["standard", "standard"],
    ["random", "simple", "standard"],
    ["standard", "standard?jail=long&trade=0", "random", "simple"],
    ["standard?aggression=160&reserve=20", "standard?reserve=400&trade=40", "simple",
     "random", "standard?jail=short"],
    ["random", "random", "standard", "simple", "standard", "random"],
    ["standard"] * 7,
    ["simple", "standard", "random", "standard?aggression=50", "simple?reserve=0",
     "standard?trade=200", "random", "standard?jail=long"],
]


@pytest.mark.parametrize("specs", LINE_UPS, ids=lambda s: f"{len(s)}p")
def test_bots_answer_only_with_legal_actions(specs: list[str]) -> None:
    kinds: set[str] = set()
    for seed in range(3):
        game = new_game(len(specs), seed=100 + seed, max_rounds=120)
        bots = [make_bot(spec, seed * 10 + i) for i, spec in enumerate(specs)]

        def note(g: Game, seat: int, bot: Bot) -> None:
            kinds.add(g.pending[0].kind)

        play_checked(game, bots, before=note)
        assert game.over and game.end_reason in ("bankruptcy", "round-cap")
        # The simple bot never needed its fallback for decisions it does not know.
        assert all(bot.fallbacks == 0 for bot in bots if isinstance(bot, SimpleBot))
    # The games reached the decisions that matter, not just rolls.
    assert {"roll", "buy", "end-turn", "jail"} <= kinds


def test_bots_answer_legally_in_crowded_random_games() -> None:
    """Eight-player games where most seats are random: many auctions, debts, mortgages and
    trade answers for the other bots."""
    kinds: set[str] = set()
    for seed in range(4):
        specs = ["random"] * 8
        specs[seed] = "standard"
        specs[(seed + 3) % 8] = "simple"
        game = new_game(8, seed=seed, max_rounds=60)
        bots = [make_bot(spec, seed + i) for i, spec in enumerate(specs)]
        play_checked(game, bots,
                     before=lambda g, seat, bot: kinds.add(g.pending[0].kind))
    assert {"debt", "bid", "trade", "mortgaged-deeds"} <= kinds


@pytest.mark.parametrize("edition", [e.id for e in all_editions()])
def test_bots_answer_legally_in_every_edition(edition: str) -> None:
    lo, hi = get_edition(edition).players
    specs = ["standard", "random", "simple", "standard?trade=0", "standard?jail=long"]
    specs = specs[:max(lo, min(hi, 4))]
    for seed in range(2):
        game = get_edition(edition).new_game([f"P{i}" for i in range(len(specs))], seed=seed,
                                             options={"max-rounds": 80})
        play_checked(game, [make_bot(spec, seed + i) for i, spec in enumerate(specs)])


# ------------------------------------------------------------------------------ specs


def test_bot_names() -> None:
    assert {"random", "simple", "standard"} <= set(bot_names())


def test_spec_with_every_standard_parameter() -> None:
    bot = make_bot("standard?reserve=300&aggression=120&trade=0&jail=long", 5)
    assert isinstance(bot, StandardBot) and bot.name == "standard"
    # jail=long: rolls for doubles even early in the game, where the default leaves at once.
    assert bot.choose(early_jail_position(card=False), 0) == ROLL
    assert make_bot("standard").choose(early_jail_position(card=False), 0) == PAY_BAIL


def test_a_parameter_of_another_editions_strategy_is_refused() -> None:
    """The standard bot's knobs are per edition: Ultimate Monopoly's value=, Ultimate
    Banking's horizon= and bar= are refused in an edition whose strategy does not take
    them (not silently ignored), when the bot is made for it or first plays it."""
    assert make_bot("standard?value=price", 0, "ultimate-monopoly").name == "standard"
    assert make_bot("standard?horizon=5&bar=80", 0, "ultimate-banking").name == "standard"
    for spec, edition in [("standard?value=price", "classic"),
                          ("standard?value=price", "ultimate-banking"),
                          ("standard?horizon=5", "classic"),
                          ("standard?bar=80", "monopoly-2.3"),
                          ("standard?horizon=5", "ultimate-monopoly")]:
        with pytest.raises(ValueError, match=f"has no parameter.* in {edition}"):
            make_bot(spec, 0, edition)
    bot = make_bot("standard?value=price", 0)  # made for no edition: refused at play
    with pytest.raises(ValueError, match=r"has no parameter.*value in classic"):
        bot.choose(early_jail_position(card=False), 0)


def test_every_editions_strategy_is_called_directly() -> None:
    """Each edition's standard strategy is a ClassicStrategy or an EditionStrategy (native
    classes in the compiled build, called directly), and a strategy registered that is
    neither (only the Strategy protocol) still plays, through Python."""
    for edition in all_editions():
        strategy = StandardBot().for_edition(edition.id)
        assert isinstance(strategy, (ClassicStrategy, EditionStrategy)), edition.id

    class Passing:
        def __init__(self) -> None:
            self.asked = 0

        def choose(self, game: Any, p: int) -> Action:
            self.asked += 1
            return ROLL

    passing = Passing()
    bot = StandardBot()
    bot._strategy = passing  # as for_edition keeps a protocol-only strategy
    game = new_game(2, 1)
    assert bot.choose(game, 0) == ROLL and passing.asked == 1
    with pytest.raises(NotImplementedError, match="does not say how to choose"):
        EditionStrategy().choose(game, 0)


def test_spec_spelling() -> None:
    spaced = make_bot(" Standard ? reserve = 80 & jail = long ")
    assert isinstance(spaced, StandardBot)
    assert spaced.choose(early_jail_position(card=False), 0) == ROLL
    simple = make_bot("simple?reserve=300")
    assert isinstance(simple, SimpleBot) and simple.reserve == 300
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("simple?"), SimpleBot)


@pytest.mark.parametrize(("spec", "words"), [
    ("standard?reserve=x", ["reserve", "'x'", "whole number"]),
    ("standard?aggression=1.5", ["aggression", "1.5"]),
    ("standard?color=red", ["standard", "color"]),
    ("standard?jail=sometimes", ["jail", "sometimes"]),
    ("standard?reserve", ["reserve", "name=value"]),
    ("nosuchbot", ["nosuchbot", "random", "simple", "standard"]),
    ("nosuchbot?reserve=3", ["nosuchbot"]),
    ("simple?trade=0", ["simple", "trade"]),
    ("random?reserve=1", ["random", "reserve"]),
])
def test_bad_specs_name_the_problem(spec: str, words: list[str]) -> None:
    with pytest.raises(ValueError) as info:
        make_bot(spec)
    message = str(info.value)
    assert "\n" not in message
    for word in words:
        assert word in message, f"{message!r} should mention {word!r}"


# ------------------------------------------------------------------------------ parameters


def events_of(game: Game, kinds: set[str]) -> list[Event]:
    seen: list[Event] = []
    game.listeners.append(lambda ev: seen.append(ev) if ev.kind in kinds else None)
    return seen


def test_trade_zero_never_proposes_nor_accepts() -> None:
    for seed in range(3):
        game = new_game(4, seed=seed, max_rounds=300)
        seen = events_of(game, {"trade-offer", "trade-accepted"})
        specs = ["standard?trade=0", "standard", "standard?trade=0", "standard"]
        play_checked(game, [make_bot(s, seed + i) for i, s in enumerate(specs)])
        offers = [ev.data["trade"] for ev in seen if ev.kind == "trade-offer"]
        assert offers, "the willing bots should have offered trades"
        assert all(t.proposer in (1, 3) for t in offers)
        accepted = [ev for ev in seen if ev.kind == "trade-accepted"]
        assert all(ev.data["player"] in (1, 3) for ev in accepted)


def jail_position(card: bool, cash: int = 1500) -> Game:
    """Ann in jail at her turn, late in a game: Bob owns every deed, with hotels on the
    dark blues and four houses on the reds."""
    ann: dict[str, Any] = {"name": "Ann", "cash": cash, "in_jail": True}
    if card:
        ann["cards"] = ["chance"]
    board = get_edition("classic").data.board
    levels = {"Park Place": 5, "Boardwalk": 5, "Illinois Avenue": 4, "Indiana Avenue": 4,
              "Kentucky Avenue": 4}
    owns = [{"deed": board[d].name, "houses": levels.get(board[d].name, 0)}
            for d in board.deeds]
    return set_up({"players": [ann, {"name": "Bob", "owns": owns}], "turn": "Ann"})


def early_jail_position(card: bool) -> Game:
    """Ann in jail at her turn at the start of a game."""
    ann: dict[str, Any] = {"name": "Ann", "in_jail": True}
    if card:
        ann["cards"] = ["community_chest"]
    return set_up({"players": [ann, "Bob"], "turn": "Ann"})


@pytest.mark.parametrize("card", [False, True])
def test_jail_plans(card: bool) -> None:
    leave = USE_CARD if card else PAY_BAIL
    for plan, early, late in (("auto", leave, ROLL), ("short", leave, leave),
                              ("long", ROLL, ROLL)):
        game = jail_position(card)
        assert game.pending[0].kind == "jail"
        assert make_bot(f"standard?jail={plan}").choose(game, 0) == late, plan
        game = early_jail_position(card)
        assert game.pending[0].kind == "jail"
        assert make_bot(f"standard?jail={plan}").choose(game, 0) == early, plan


def test_short_jail_rolls_when_it_cannot_pay() -> None:
    game = jail_position(card=False, cash=30)
    assert make_bot("standard?jail=short").choose(game, 0) == ROLL


def buy_position(cash: int) -> Game:
    """Ann rolls 1+2 from GO onto Baltic Avenue ($60) and must decide."""
    game = set_up({"players": [{"name": "Ann", "cash": cash}, "Bob"], "turn": "Ann",
                   "dice": [[1, 2]]})
    game.act(0, ROLL)
    decision = game.pending[0]
    assert decision.kind == "buy" and decision.deed == game.board.find("Baltic Avenue")
    return game


def test_reserve_decides_buying() -> None:
    assert make_bot("standard?reserve=100").choose(buy_position(500), 0).do == "buy"
    assert make_bot("standard?reserve=2000").choose(buy_position(500), 0) == AUCTION
    assert make_bot("simple?reserve=100").choose(buy_position(500), 0).do == "buy"
    assert make_bot("simple?reserve=480").choose(buy_position(500), 0) == AUCTION


def test_aggression_raises_bids() -> None:
    def top_bid(spec: str) -> int:
        game = buy_position(1500)
        game.act(0, AUCTION)
        decision = game.decision_for(1)
        assert decision is not None and decision.kind == "bid"
        bot = make_bot(spec)
        high = 0
        while True:  # bid against a rival who always raises by one
            action = bot.choose(game, 1) if game.decision_for(1) else None
            if action is None or action.do != "bid":
                return high
            high = action.amount
            game.act(1, action)
            rival = game.decision_for(0)
            assert rival is not None
            game.act(0, Action("bid", amount=high + 1))
            if game.decision_for(1) is None:
                return high

    timid, plain, bold = (top_bid(f"standard?aggression={a}") for a in (50, 100, 200))
    assert timid < plain < bold
    assert plain <= 60 < bold  # up to its value: the price, scaled by aggression


# ------------------------------------------------------------------------------ determinism


@pytest.mark.parametrize("spec", ["random", "simple", "standard", "standard?trade=50"])
def test_same_seed_same_choices(spec: str) -> None:
    histories = []
    for _ in range(2):
        game = new_game(3, seed=7, max_rounds=80)
        play_checked(game, [make_bot(spec, 40 + i) for i in range(3)])
        histories.append(list(game.history))
    assert histories[0] == histories[1]


def test_random_bot_seed_matters() -> None:
    histories = []
    for bot_seed in (1, 2):
        game = new_game(3, seed=7, max_rounds=30)
        play_checked(game, [make_bot("random", bot_seed + i) for i in range(3)])
        histories.append(list(game.history))
    assert histories[0] != histories[1]


# ------------------------------------------------------------------------------ public view

SPECS = ["standard", "standard?jail=long", "simple", "random"]


def hide_the_future(game: Game, seed: int) -> None:
    """Change everything a person cannot see: the dice to come, the generator, the order of
    the cards in every deck."""
    rng = random.Random(seed)
    game.dice.scripted.clear()
    game.dice.script([[rng.randint(1, 6), rng.randint(1, 6)] for _ in range(12)])
    game.rng.seed(seed)
    for deck in game.decks.values():
        order = list(deck.order)
        rng.shuffle(order)
        deck.order.clear()
        deck.order.extend(order)


def positions() -> list[tuple[str, Game]]:
    """Decisions of every kind a bot meets, set up from scenarios."""
    out: list[tuple[str, Game]] = [("buy", buy_position(400))]
    game = buy_position(1500)
    game.act(0, AUCTION)
    out.append(("bid", game))
    out.append(("jail, late", jail_position(card=True)))
    out.append(("jail, early", early_jail_position(card=False)))
    owe = set_up({"players": [
        {"name": "Ann", "cash": 20, "at": "Pennsylvania Avenue",
         "owns": ["Baltic Avenue", {"deed": "Oriental Avenue", "houses": 1},
                  {"deed": "Vermont Avenue", "houses": 1},
                  {"deed": "Connecticut Avenue", "houses": 1}, "Reading Railroad"]},
        {"name": "Bob", "owns": ["Boardwalk", "Park Place"]}],
        "turn": "Ann", "dice": [[1, 2]]})
    owe.act(0, ROLL)  # Pennsylvania Avenue (34) + 3 = Park Place (37): rent owed
    assert owe.pending[0].kind == "debt"
    out.append(("debt", owe))
    trade = set_up({"players": [
        {"name": "Ann", "owns": ["Mediterranean Avenue", "St. James Place"]},
        {"name": "Bob", "owns": ["Baltic Avenue", "Tennessee Avenue", "New York Avenue"]}],
        "turn": "Bob"})
    offer = Trade(1, 0, give=(trade.board.find("Baltic Avenue"),),
                  take=(trade.board.find("St. James Place"),), give_cash=200)
    trade.act(1, Action("propose-trade", trade=offer))
    assert trade.pending[0].kind == "trade"
    out.append(("trade", trade))
    build = set_up({"players": [
        {"name": "Ann", "cash": 1500, "owns": ["Oriental Avenue", "Vermont Avenue",
                                               "Connecticut Avenue"]},
        {"name": "Bob", "owns": ["Boardwalk"]}], "turn": "Ann"})
    out.append(("roll, may build", build))
    return out


def test_positions_cover_the_decisions() -> None:
    kinds = {game.pending[0].kind for _, game in positions()}
    assert {"buy", "bid", "jail", "debt", "trade", "roll"} <= kinds


@pytest.mark.parametrize("spec", SPECS)
def test_bots_do_not_see_dice_or_decks(spec: str) -> None:
    for label, game in positions():
        seat = game.pending[0].player
        seen = make_bot(spec, 3).choose(game, seat)
        for variant in range(3):
            hide_the_future(game, variant)
            again = make_bot(spec, 3).choose(game, seat)
            assert again == seen, f"{spec} at '{label}' chose {again}, before {seen}"


@pytest.mark.parametrize("spec", ["standard", "standard?jail=short", "simple", "random"])
def test_bots_do_not_see_dice_or_decks_during_games(spec: str) -> None:
    """At every decision of whole games, a copy of the bot (with all it keeps, watching the
    same game) asked after the hidden state has changed answers as the bot then does."""
    checked: list[tuple[str, Action]] = []

    def ask_a_twin(game: Game, seat: int, bot: Bot) -> None:
        twin = copy.deepcopy(bot, {id(game): game})  # (the game is watched, not owned)
        saved = (copy.copy(game.dice.scripted), game.rng.getstate(),
                 {k: copy.copy(d.order) for k, d in game.decks.items()})
        hide_the_future(game, len(checked))
        checked.append((str(game.pending[0]), twin.choose(game, seat)))
        game.dice.scripted = saved[0]
        game.rng.setstate(saved[1])
        for k, d in game.decks.items():
            d.order = saved[2][k]

    for seed in range(2):
        game = new_game(3, seed=seed, max_rounds=60 if spec == "random" else 200)
        start = len(checked)
        answers = play_checked(game, [make_bot(spec, seed + i) for i in range(3)],
                               before=ask_a_twin)
        for (decision, changed), expected in zip(checked[start:], answers, strict=True):
            assert changed == expected, f"at {decision}: {changed} vs {expected}"
    assert len(checked) > 300


# ------------------------------------------------------------------------------ quality bar


def test_standard_bots_finish_their_games() -> None:
    """Issue 3: 4-player games of standard bots with a 1,000-round cap end with a single
    winner by bankruptcy at least 90% of the time (measured: 100 of 100 for seeds 1-3).
    (How fast they play is benchmarks/bench_bots.py's to say, not a test's.)"""
    setup = Setup("classic", ("standard",) * 4, seed=1, max_rounds=1000)
    results = run_games(setup, 100)
    by_bankruptcy = [r for r in results if r.end_reason == "bankruptcy"]
    assert len(by_bankruptcy) >= 90, [r.end_reason for r in results]
    assert all(r.winner is not None for r in by_bankruptcy)


def test_standard_beats_random_bots() -> None:
    """A standard bot against three random bots wins nearly every game, from any seat."""
    wins = games = 0
    for seat in range(4):
        specs = ["random"] * 4
        specs[seat] = "standard"
        setup = Setup("classic", tuple(specs), seed=seat + 1, max_rounds=1000)
        results = run_games(setup, 25)
        games += len(results)
        wins += sum(1 for r in results if r.winner == seat)
    assert wins >= 90 * games // 100, f"standard won {wins} of {games}"


def test_standard_beats_simple_bots_more_than_its_share() -> None:
    """A standard bot against three simple bots wins more than its seat share (a quarter) of
    200 games from rotating seats. Measured: 67 of these 200 (34%); 639 of 2,000 (32%), 500
    from each seat with a 1,000-round cap. The edge over ``simple`` is real but modest."""
    wins = games = 0
    for seat in range(4):
        specs = ["simple"] * 4
        specs[seat] = "standard"
        results = run_games(Setup("classic", tuple(specs), seed=seat + 11, max_rounds=300), 50)
        games += len(results)
        wins += sum(1 for r in results if r.winner == seat)
    assert wins > games // 4, f"standard won {wins} of {games}"
