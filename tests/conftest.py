"""Shared helpers for the engine, history, property and CLI tests.

The helpers are plain functions handed out by session-scoped fixtures, so Hypothesis tests
can use them too.
"""

from __future__ import annotations

import importlib.util
import os
import random
import signal
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from pennybags.bots import make_bot
from pennybags.editions import get_edition
from pennybags.engine.actions import Action
from pennybags.engine.game import Game

# simulate and lab run go on in the compiled build by themselves (--build auto); the tests
# run what they import, pure Python, unless a test asks for the build (tests/test_compiled.py).
os.environ.setdefault("PENNYBAGS_BUILD", "pure")

# The browser tests' fixtures (a Chromium, a real server), defined with their set-up.
pytest_plugins = ["chromium"]

HOTEL = 5
HOUSES = 32
HOTELS = 12
MANAGEMENT = frozenset({"build", "sell-building", "mortgage", "unmortgage", "propose-trade"})
ANSWERS = ("roll", "end-turn", "buy", "auction", "pass", "pay-bail", "use-card",
           "declare-bankruptcy", "accept", "reject", "keep-mortgaged", "bid")


def load_script(path: Path) -> ModuleType:
    """A script of the repository (tools/, benchmarks/) loaded as a module, to test its
    functions: they are not part of the installed package."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(path.stem, module)  # (a dataclass of it looks its module up)
    spec.loader.exec_module(module)
    return module


def new_classic(names: list[str] | int = 3, seed: int = 1,
                options: Mapping[str, Any] | None = None) -> Game:
    """A fresh classic game; ``names`` may be a count (players P0, P1, ...)."""
    if isinstance(names, int):
        names = [f"P{i}" for i in range(names)]
    return get_edition("classic").new_game(names, seed=seed, options=dict(options or {}))


def play_bots(game: Game, bots: list[str] | str = "simple", seed: int = 0,
              max_actions: int = 100_000,
              each: Callable[[Game], None] | None = None) -> Game:
    """Let bots answer every decision until the game ends (or ``max_actions`` answers)."""
    specs = [bots] * len(game.players) if isinstance(bots, str) else bots
    players = [make_bot(spec, seed + i) for i, spec in enumerate(specs)]
    rng = random.Random(seed)
    for _ in range(max_actions):
        if game.over:
            break
        decision = rng.choice(game.pending)
        game.act(decision.player, players[decision.player].choose(game, decision.player))
        if each is not None:
            each(game)
    return game


def check_invariants(game: Game, thorough: bool = True) -> None:
    """The rules' invariants for a classic game; an AssertionError names the broken one.

    ``thorough=False`` skips the costlier legality cross-checks (every listed action passes
    why_illegal; every answer is refused to players who are not asked) but for one sample.
    """
    n = len(game.players)
    board = game.board
    assert game.ledger.conserved(), f"money not conserved: total {game.ledger.total()}"
    for p in game.players:
        cash = game.cash(p.seat)
        assert cash >= 0, f"{p.name} has {cash}"
        if p.bankrupt:
            assert cash == 0, f"bankrupt {p.name} still has {cash}"
            assert not game.deeds_of(p.seat), f"bankrupt {p.name} still owns deeds"
            assert not p.cards, f"bankrupt {p.name} still holds cards"
    for i, space in enumerate(board.spaces):
        owner = game.owner[i]
        assert -1 <= owner < n, f"{space.name} has owner {owner}"
        if not space.is_deed:
            assert owner == -1 and game.houses[i] == 0 and not game.mortgaged[i], space.name
        if game.mortgaged[i]:
            assert owner >= 0, f"{space.name} is mortgaged but belongs to the bank"
        level = game.houses[i]
        assert 0 <= level <= HOTEL, f"{space.name} has level {level}"
        if level:
            assert space.kind == "street", f"buildings on {space.name}"
            group = board.group_of[i]
            assert all(game.owner[d] == owner for d in group), \
                f"buildings on {space.name}, whose group is not wholly owned"
            assert not any(game.mortgaged[d] for d in group), \
                f"buildings in the {space.group} group, which has a mortgaged deed"
    houses = sum(h for h in game.houses if h < HOTEL)
    hotels = sum(1 for h in game.houses if h == HOTEL)
    bank_houses: int = getattr(game, "bank_houses")  # noqa: B009
    bank_hotels: int = getattr(game, "bank_hotels")  # noqa: B009
    assert houses + bank_houses == HOUSES, f"{houses} houses out + {bank_houses} in the bank"
    assert hotels + bank_hotels == HOTELS, f"{hotels} hotels out + {bank_hotels} in the bank"
    assert bank_houses >= 0 and bank_hotels >= 0
    for key, deck in game.decks.items():
        held = [i for p in game.players for k, i in p.cards if k == key]
        everywhere = sorted([*deck.order, *held])
        assert everywhere == list(range(len(deck.cards))), \
            f"the {key} cards are not each in the deck or with exactly one player"
        for i in held:
            assert deck.cards[i].kind == "get_out_of_jail_free"
    if game.over:
        assert not game.pending, "decisions pending after the game ended"
        assert all(not game.legal_actions(p) for p in range(n))
        return
    assert game.pending, "the game is not over but waits on nobody"
    deciders = set(game.deciders())
    for d in game.pending:
        assert not game.players[d.player].bankrupt, "a bankrupt player is asked to decide"
        legal = game.legal_actions(d.player)
        assert legal, f"{d.kind} for {d.player} has no legal action"
        for a in legal if thorough else [a for a in legal if a.do not in MANAGEMENT]:
            reason = game.why_illegal(d.player, a)
            assert reason is None, f"listed action {a} is refused: {reason}"
        if d.kind == "debt":
            assert game.cash(d.player) < d.amount, "a debt decision for a debt that is covered"
    if thorough:
        check_listing(game, len(game.history) % n)
    for d in game.pending:
        if d.kind in ("place-house", "mortgaged-deeds"):  # rare, so always checked
            check_listing(game, d.player)
    for seat in range(n):
        if seat in deciders:
            continue
        for a in game.legal_actions(seat):
            assert a.do in MANAGEMENT, f"{seat} is not asked but may {a}"
            assert not game.players[seat].bankrupt
        sample = (ANSWERS[(len(game.history) + seat) % len(ANSWERS)],)
        for do in ANSWERS if thorough else sample:
            assert game.why_illegal(seat, Action(do, amount=10**9 if do == "bid" else 0)) \
                is not None, f"player {seat} may '{do}' without being asked"


def check_listing(game: Game, seat: int) -> None:
    """``legal_actions`` lists exactly the actions ``why_illegal`` allows (bids apart, which
    are listed once at their smallest amount, and trade offers, which are not listed)."""
    listed = set(game.legal_actions(seat))
    candidates = [Action(do) for do in ANSWERS if do != "bid"]
    candidates += [Action(do, deed) for do in ("build", "sell-building", "mortgage",
                                                "unmortgage") for deed in game.board.deeds]
    for action in candidates:
        allowed = game.why_illegal(seat, action) is None
        assert allowed == (action in listed), \
            f"{action} for {seat}: allowed {allowed} but listed {action in listed}"
    decision = game.decision_for(seat)
    if decision is not None and decision.kind == "bid":
        smallest = Action("bid", amount=decision.amount + 1)
        assert (game.why_illegal(seat, smallest) is None) == (smallest in listed)


@pytest.fixture(scope="session")
def invariants() -> Callable[[Game], None]:
    return check_invariants


@pytest.fixture(scope="session")
def classic() -> Callable[..., Game]:
    return new_classic


@pytest.fixture(scope="session")
def bots() -> Callable[..., Game]:
    return play_bots


@pytest.fixture(scope="session", autouse=True)
def _data_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Games the tests play are saved in a temporary data folder, never in the home
    directory (``pennybags play`` saves every game by default), and the ``play`` script's
    settings of the environment running the tests do not apply."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data-home")))
        for name in ("PENNYBAGS_LAUNCHER", "PENNYBAGS_EDITION", "PENNYBAGS_PLAYERS"):
            mp.delenv(name, raising=False)
        yield


@pytest.fixture(scope="session", autouse=True)
def _ctrl_c_as_on_a_terminal() -> Iterator[None]:
    """Ctrl-C (SIGINT) handled as Python handles it when started from a terminal. A shell
    starts a background job (``nohup ./test &``) with SIGINT ignored, which every process
    it starts inherits: the tests of what Ctrl-C does (in this process, in ``lab run``
    children and on a pseudo-terminal) would then see nothing happen. A handler of this
    process's own is not inherited: its children start with the default again."""
    previous = signal.getsignal(signal.SIGINT)
    if previous is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    if previous is signal.SIG_IGN:
        signal.signal(signal.SIGINT, previous)


# ------------------------------------------------------------------------ the order of files

LONGEST_FIRST = (
    "test_lab.py", "test_web_browser.py", "test_odds_ultimate_monopoly.py",
    "test_web_processes.py", "test_rl.py", "test_benchmarks.py", "test_bots.py",
    "test_bot_ultimate_caches.py", "test_properties_editions.py", "test_web_panels.py",
    "test_bench_serve.py", "test_web_rooms.py", "test_banking_reliability.py",
    "test_web_bank.py", "test_rl_train.py", "test_properties.py", "test_web_bank_browser.py",
    "test_ultimate_monopoly_speed.py", "test_lab_ray.py", "test_web_serve.py",
)
"""The test files that take longest, the longest first (each file run alone, one after the
other, by the wall clock, with Python's bytecode kept as ``./test`` keeps it). ``./test``
hands whole files to its processes in the order they are collected (``--dist loadfile
--no-loadscope-reorder``): with the long ones first, the last files handed out are short
and the processes finish together. A file not listed keeps its place after them; a stale
list costs only that balance."""
LAST = "test_compiled.py"
"""Its tests wait for the compiled build ``./test`` starts before ruff and mypy (see
tests/compiled_build.py): handed out last, it finds the build made."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}

    def place(item: pytest.Item) -> int:
        name = item.path.name
        return len(rank) + 1 if name == LAST else rank.get(name, len(rank))

    items.sort(key=place)  # (stable: the tests of a file, and the files not listed, in order)
