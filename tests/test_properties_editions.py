"""Property tests for every edition: random games played by bots, with random legal and
illegal actions thrown in through ``act``.

* every illegal action is refused with a reason, and refusing it changes nothing at all
  (compared field by field with a clone taken before);
* money is conserved and so are buildings and cards (each card is in its deck, in one hand
  or on the discard pile, exactly once);
* a clone taken at any point, and a replay of the record, agree with the original.
"""

from __future__ import annotations

import json
import math
import random
from collections import deque
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pennybags import history
from pennybags.bots import Bot, make_bot
from pennybags.editions import all_editions, get_edition
from pennybags.editions.classic.game import HOTEL, ClassicGame
from pennybags.editions.monopoly_2_3.game import Monopoly23Game
from pennybags.editions.ultimate_banking.game import UltimateBankingGame
from pennybags.editions.ultimate_monopoly import buildings as um_buildings
from pennybags.editions.ultimate_monopoly.game import VOUCHERS, UltimateMonopolyGame
from pennybags.engine.actions import Action, IllegalAction, Trade
from pennybags.engine.game import CallStep, Game
from pennybags.engine.snapshot import snapshot

EDITIONS = [e.id for e in all_editions()]
SKIPPED = {"listeners", "rulebook", "data", "board", "tracks", "building_figures", "_entries",
           "landing", "options", "_anytime", "_self_clearing",
           "_clearing_table", "_managing_table", "changed"}
"""What never changes in a game (or is the edition's, shared by its games: Ultimate
Monopoly's ``tracks`` is its board, whose kept walks and orbits grow as games are played),
and ``changed``, the log of changed deeds kept for the bots' views, which a copy starts
empty by design (the deeds themselves are compared)."""


LOGS = {"history", "transactions"}
"""The game's record and the ledger's transactions: lists that only grow, compared by
:func:`try_action` as lists (a clone shares their entries) rather than walked as values at
each refused action (in a long game, nearly all of this test's time)."""


def state_of(obj: Any, depth: int = 0, logs: bool = True) -> Any:
    """Everything a game holds, as plain values that compare equal when the states are
    (without :data:`LOGS` unless ``logs``)."""
    if depth > 12:
        return "..."
    if isinstance(obj, (str, int, float, bool, type(None))):
        return obj
    if isinstance(obj, (list, tuple, deque)):
        return [type(obj).__name__, [state_of(x, depth + 1, logs) for x in obj]]
    if isinstance(obj, (set, frozenset)):
        return ["set", sorted(repr(state_of(x, depth + 1, logs)) for x in obj)]
    if isinstance(obj, dict):
        return ["dict", {repr(k): state_of(v, depth + 1, logs) for k, v in obj.items()}]
    if isinstance(obj, random.Random):
        return ["random", obj.getstate()]
    if isinstance(obj, CallStep):
        return ["step", obj.call.__name__, state_of(obj.args, depth + 1, logs)]
    if isinstance(obj, (Action, Trade)):
        return repr(obj)
    fields = dict(getattr(obj, "__dict__", {}))
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name):
                fields[name] = getattr(obj, name)
    if isinstance(obj, Game):  # (the steps waiting: the stack's places above are empty)
        fields["_steps"] = obj._steps[:obj.step_depth()]
    return [type(obj).__name__, {k: state_of(v, depth + 1, logs)
                                 for k, v in sorted(fields.items())
                                 if k not in SKIPPED and not callable(v)
                                 and (logs or k not in LOGS)}]


# ------------------------------------------------------------------ invariants

def check_invariants(game: Game) -> None:
    """What holds in every edition after every accepted action."""
    n = len(game.players)
    assert game.ledger.conserved(), f"money not conserved: total {game.ledger.total()}"
    debtors = {d.player for d in game.pending if d.kind in ("debt", "pay")}
    for p in game.players:
        cash = game.cash(p.seat)
        if isinstance(game, UltimateBankingGame):
            assert cash >= 0 or p.seat in debtors or game.over, f"{p.name} has {cash}"
        else:
            assert cash >= 0, f"{p.name} has {cash}"
        if p.bankrupt:
            assert not game.deeds_of(p.seat), f"bankrupt {p.name} still owns deeds"
            assert not p.cards, f"bankrupt {p.name} still holds cards"
        assert 0 <= p.position < game.board.size, f"{p.name} is off the board: {p.position}"
    board = game.board
    for i, space in enumerate(board.spaces):
        owner = game.owner[i]
        assert -1 <= owner < n
        if not space.is_deed:
            assert owner == -1 and game.houses[i] == 0 and not game.mortgaged[i], space.name
        if game.mortgaged[i]:
            assert owner >= 0
    check_buildings(game)
    check_cards(game)
    if game.over:
        assert not game.pending
        assert all(not game.legal_actions(p) for p in range(n))
    else:
        assert game.pending, "the game is not over but waits on nobody"
        for d in game.pending:
            assert not game.players[d.player].bankrupt
            legal = game.legal_actions(d.player)
            assert legal, f"{d.kind} for {d.player} has no legal action"
            for a in legal:
                assert game.why_illegal(d.player, a) is None, a


def check_buildings(game: Game) -> None:
    """Houses and hotels are conserved (bank + board = the box); Ultimate Banking's levels
    are 1-5 on owned properties and 0 on unowned ones; Ultimate Monopoly's as
    :func:`check_ultimate_monopoly_buildings` says."""
    if isinstance(game, UltimateMonopolyGame):
        check_ultimate_monopoly_buildings(game)
        return
    if isinstance(game, UltimateBankingGame):
        for d in game.board.deeds:
            level = game.houses[d]
            assert (1 <= level <= 5) if game.owner[d] >= 0 else level == 0
        return
    assert isinstance(game, ClassicGame)
    rules = game.data.rules
    houses = hotels = 0
    for p in range(len(game.players)):
        h, t = game.building_counts(p)
        houses, hotels = houses + h, hotels + t
    assert houses + game.bank_houses == rules["houses"]
    assert hotels + game.bank_hotels == rules["hotels"]
    for d in game.board.deeds:
        level = game.houses[d]
        assert 0 <= level <= HOTEL
        if level:
            assert game.board.spaces[d].kind == "street"
            assert game.owns_group(game.owner[d], d)
            assert not any(game.mortgaged[g] for g in game.board.group_of[d])


def check_ultimate_monopoly_buildings(game: UltimateMonopolyGame) -> None:
    """Ultimate Monopoly: houses, hotels, skyscrapers, Train Depots and Cab Stands are
    conserved (bank + board = the data's totals, kind by kind); a street's level is 0-6 and
    stands on a majority ownership or a monopoly (a skyscraper: a monopoly); a railroad or cab
    company has level 0 or 1 (a depot or stand); a property with buildings is not mortgaged
    (another street of its group may be: a mortgaged deed received by trade or bankruptcy
    joins the buildings of a majority ownership); nothing else is built on."""
    rules = game.data.rules
    on_board = um_buildings.count_buildings(game)
    bank = (game.bank_houses, game.bank_hotels, game.bank_skyscrapers, game.bank_depots,
            game.bank_stands)
    totals = (rules["houses"], rules["hotels"], rules["skyscrapers"], rules["train_depots"],
              rules["cab_stands"])
    for what, here, left, total in zip(um_buildings.BUILDING_KINDS, on_board, bank, totals,
                                       strict=True):
        assert here + left == total, f"{what}: {here} on the board + {left} in the bank"
        assert left >= 0, f"the bank has {left} {what}"
    spaces = game.board.spaces
    for d in game.board.deeds:
        level = game.houses[d]
        kind = spaces[d].kind
        top = um_buildings.SKYSCRAPER if kind == "street" else \
            1 if kind in ("railroad", "cab_company") else 0
        assert 0 <= level <= top, f"{spaces[d].name} at level {level}"
        if not level:
            continue
        owner = game.owner[d]
        assert owner >= 0 and not game.mortgaged[d], spaces[d].name
        if kind == "street":
            assert um_buildings.may_improve_group(game, owner, d), \
                f"{spaces[d].name} is built on without a majority ownership or a monopoly"
            if level == um_buildings.SKYSCRAPER:
                assert game.owns_group(owner, d), f"a skyscraper on {spaces[d].name}"


def check_cards(game: Game) -> None:
    """Each card is in its deck, in one player's hand or on the discard pile, once. Ultimate
    Monopoly's Travel Vouchers played or expired are out of play for the rest of the game
    (the rulebook): the others are in the pile or one hand, once."""
    discards: dict[str, list[int]] = game.discards if isinstance(game, Monopoly23Game) else {}
    for key, deck in game.decks.items():
        held = [i for p in game.players for k, i in p.cards if k == key]
        where = sorted([*deck.order, *held, *discards.get(key, [])])
        if isinstance(game, Monopoly23Game) and key == "deeds":
            owned = {d for d in game.board.deeds if game.owner[d] >= 0}
            where = sorted([*where, *[i for i, c in enumerate(deck.cards)
                                      if c.params["deed"] in owned or
                                      c.params["deed"] in game.market]])
        if isinstance(game, UltimateMonopolyGame) and key == VOUCHERS:
            assert len(set(where)) == len(where), f"the {key} cards are doubled"
            assert all(0 <= i < len(deck.cards) for i in where)
        else:
            assert where == list(range(len(deck.cards))), \
                f"the {key} cards are lost or doubled"
        assert 0 <= deck.seen <= len(deck.order)


# ------------------------------------------------------------------ chaos

WEIRD = [math.inf, math.nan, -1, 1.5, "Bob", None, True, 10**30]


def random_action(game: Game, rng: random.Random) -> tuple[Any, Action]:
    """Any player (sometimes not a player), any action kind of any edition, any field,
    sometimes of the wrong type."""
    n = len(game.players)
    player: Any = rng.choice(game.pending).player if game.pending and rng.random() < 0.5 \
        else rng.randrange(n)
    if rng.random() < 0.03:
        player = rng.choice([-1, n, 1.0, "Ann"])
    kinds = sorted({k for e in all_editions() for k in e.rulebook.actions} | {"fly"})
    do = rng.choice(kinds)

    def value(good: Any) -> Any:
        return rng.choice(WEIRD) if rng.random() < 0.05 else good

    deed = value(rng.choice([-1, rng.randrange(game.board.size), rng.choice(game.board.deeds),
                             game.board.size]))
    amount = value(rng.choice([0, 1, -1, rng.randint(0, 700), 10**7]))
    target = value(rng.choice([-1, -1, rng.randrange(n), n]))
    keys = list(game.decks)
    card = None
    if rng.random() < 0.3 and keys:
        key = rng.choice(keys)
        card = value((key, rng.randrange(len(game.decks[key].cards))))
    space = value(rng.choice([-1, -1, -1, rng.randrange(game.board.size)]))
    trade = None
    if do in ("propose-trade", "counter") and isinstance(player, int) and 0 <= player < n:
        others = [q for q in range(n) if q != player] or [player]
        mine = game.deeds_of(player)
        trade = Trade(player, rng.choice(others), tuple(rng.sample(mine, min(1, len(mine)))),
                      (), value(rng.choice([0, 1, 50])), 0)
    return player, Action(do, deed, amount, trade, target=target, card=card, space=space)


def try_action(game: Game, player: Any, action: Action) -> bool:
    """Act; a refusal raises IllegalAction with why_illegal's reason and changes nothing."""
    reason = game.why_illegal(player, action)
    if reason is None:
        game.act(player, action)
        return True
    assert isinstance(reason, str) and reason
    before = game.clone()
    try:
        game.act(player, action)
    except IllegalAction as e:
        assert str(e) == reason
    else:
        raise AssertionError(f"{action} accepted although why_illegal says {reason!r}")
    assert state_of(game, logs=False) == state_of(before, logs=False), \
        f"refused {action} changed the game"
    assert game.history == before.history, f"refused {action} changed the record"
    assert game.ledger.transactions == before.ledger.transactions, \
        f"refused {action} changed the ledger's transactions"
    return False


def fuzz_step(game: Game, bots: list[Bot], rng: random.Random) -> None:
    x = rng.random()
    if x < 0.15:
        try_action(game, *random_action(game, rng))
        return
    if x < 0.22:
        player = rng.randrange(len(game.players))
        legal = game.legal_actions(player)
        if legal:
            assert try_action(game, player, rng.choice(legal))
        return
    decision = rng.choice(game.pending)
    action = bots[decision.player].choose(game, decision.player)
    assert try_action(game, decision.player, action), f"a bot's {action} was refused"


def replay_matches(game: Game) -> None:
    rec = json.loads(json.dumps(history.record(game)))
    again = history.replay(rec)
    assert again.history == game.history
    assert again.ledger.transactions == game.ledger.transactions
    assert snapshot(again) == snapshot(game)
    assert again.rng.getstate() == game.rng.getstate()


SETTINGS = settings(max_examples=40, deadline=None, derandomize=False,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(edition=st.sampled_from(EDITIONS), seed=st.integers(0, 2**40),
       players=st.integers(2, 6), fuzz=st.integers(0, 2**32),
       specs=st.lists(st.sampled_from(["random", "simple", "standard"]), min_size=6,
                      max_size=6))
def test_random_games_of_every_edition_keep_their_invariants(
        edition: str, seed: int, players: int, fuzz: int, specs: list[str]) -> None:
    e = get_edition(edition)
    low, high = e.players
    players = max(low, min(high, players))
    rng = random.Random(fuzz)
    game = e.new_game([f"P{i}" for i in range(players)], seed=seed,
                      options={"max-rounds": 25})
    bots = [make_bot(spec, rng.randrange(2**30)) for spec in specs[:players]]
    check_invariants(game)
    twin: Game | None = None
    twin_from = 0
    for _ in range(6000):
        if game.over:
            break
        if twin is None and rng.random() < 0.01:
            twin, twin_from = game.clone(), len(game.history)
        fuzz_step(game, bots, rng)
        check_invariants(game)
    assert game.over
    replay_matches(game)
    if twin is not None:  # the clone, given the same answers, ends the same
        for p, action in game.history[twin_from:]:
            twin.act(p, action)
        assert snapshot(twin) == snapshot(game)
        assert state_of(twin) == state_of(game)
