"""Ultimate Monopoly's speed-ups keep the rules as they read (docs/benchmarks.md, "Ultimate
Monopoly"): the board's kept walks and orbits are the walks the parity rule makes, the
building figures read once per game are the data's, the list of legal actions leaves out
only buildings that ``can_build`` refuses, and a card's choices are listed as ``check`` judges
them."""

from __future__ import annotations

import itertools

from pennybags.bots import make_bot
from pennybags.editions import get_edition
from pennybags.editions.ultimate_monopoly import buildings, cards
from pennybags.editions.ultimate_monopoly.board import (
    THROW_MOST,
    UltimateMonopolyBoard,
    Walk,
    board_from_data,
)
from pennybags.editions.ultimate_monopoly.cards import CardGame
from pennybags.editions.ultimate_monopoly.game import (
    VOUCHERS,
    BonusMove,
    after_bonus_move_step,
    bonus_move_step,
)
from pennybags.editions.ultimate_monopoly.travel import PlayVoucher
from pennybags.engine.actions import Action, Decision
from pennybags.engine.dice import SPEED_BUS, SPEED_MR_MONOPOLY

EDITION = get_edition("ultimate-monopoly")
PLAY_VOUCHER = PlayVoucher()
PLAY_VOUCHER_ANSWERS = ("roll", "end-turn", "subway", "bonus-move")


def new_game(seed: int = 1) -> CardGame:
    game = EDITION.new_game(["A", "B", "C", "D"], seed=seed,
                            options=EDITION.options({"max-rounds": 60}), record=False)
    assert isinstance(game, CardGame)
    return game


def walk_arguments(size: int) -> list[tuple[int, int, bool, bool]]:
    return [(start, steps, even, backwards) for start in range(size) for steps in range(16)
            for even in (False, True) for backwards in (False, True)]


def test_a_throws_walk_is_worked_out_once_and_shared() -> None:
    data = new_game().data
    first, second = board_from_data(data), board_from_data(data)
    calls = walk_arguments(first.size)
    made = {args: first.walk(*args) for args in calls}
    for args in reversed(calls):  # the other board fills its table in the other order
        again = second.walk(*args)
        assert again == made[args], args
        assert second.walk(*args) is again  # kept, not made again
    assert first.walk(5, 7, False) is first.walk(5, 7, False)


def stepped_walk(board: UltimateMonopolyBoard, start: int, steps: int, even: bool,
                 backwards: bool) -> Walk:
    """The parity rule's walk, stepped out here space by space from the board's tracks and
    stations."""
    out: list[int] = []
    rides: list[int] = []
    here = start
    for _ in range(steps):
        twin = board.station_twin(here)
        if even and twin >= 0 and (board.ride_backwards or not backwards):
            rides.append(here)
            here = board.next_space(twin, backwards)
        else:
            here = board.next_space(here, backwards)
        out.append(here)
    passed = tuple(s for s in out[:-1] if board.is_pay_corner(s))
    landed = out[-1] if out and board.is_pay_corner(out[-1]) else -1
    return Walk(start, tuple(out), passed, landed, tuple(rides), backwards)


def test_every_walk_is_the_one_stepped_out() -> None:
    """The walks the board makes from its orbits (the places of their pay corners and
    rides kept), and those longer than their orbit, are the parity rule's, for throws and
    for Mr. Monopoly's longest moves."""
    for ride_backwards in (True, False):
        board = board_from_data(new_game().data, ride_backwards=ride_backwards)
        for start in range(board.size):
            for even in (False, True):
                for backwards in (False, True):
                    length = len(board.orbit(start, even, backwards))
                    # the orbit ends where the next step comes back to the start
                    assert stepped_walk(board, start, length + 1, even, backwards).end == start
                    for steps in (*range(16), length - 1, length, length + 3):
                        assert board.walk(start, steps, even, backwards) == \
                            stepped_walk(board, start, steps, even, backwards), \
                            (start, steps, even, backwards, ride_backwards)


def test_a_cards_walk_is_worked_out_once_and_shared() -> None:
    data = new_game().data
    first, second = board_from_data(data), board_from_data(data)
    pairs = [(start, target) for start in range(0, first.size, 3)
             for target in range(first.size)]
    made = {pair: first.card_walk(*pair) for pair in pairs}
    for pair in reversed(pairs):  # the other board fills its table in the other order
        again = second.card_walk(*pair)
        assert again == made[pair] and again.end == pair[1], pair
        assert again.start == pair[0], pair
        assert second.card_walk(*pair) is again  # kept, not made again


def test_an_orbits_first_spaces_are_a_walks_steps_and_its_deeds_theirs() -> None:
    board = board_from_data(new_game().data)
    for start in range(board.size):
        for even in (False, True):
            for backwards in (False, True):
                orbit = board.orbit(start, even, backwards)
                assert board.orbit(start, even, backwards) is orbit
                assert start not in orbit
                deeds = board.orbit_deeds(start, even, backwards)
                assert deeds == tuple(board.deed_at(s) for s in orbit)
                assert board.orbit_deeds(start, even, backwards) is deeds
                for steps in (1, 2, 7, len(orbit)):
                    walk = board.walk(start, steps, even, backwards)
                    assert walk.steps == orbit[:steps], (start, even, backwards, steps)


def test_building_figures_read_once_are_the_datas() -> None:
    game = new_game()
    rules = game.data.rules
    spaces = game.board.spaces
    for d in game.board.deeds:
        kind = spaces[d].kind
        cost, price = buildings.building_cost(game, d), buildings.sale_price(game, d)
        if kind == "railroad":
            assert (cost, price) == (rules["train_depot_cost"], rules["train_depot_sell"])
        elif kind == "cab_company":
            assert (cost, price) == (rules["cab_stand_cost"], rules["cab_stand_sell"])
        else:
            assert (cost, price) == (spaces[d].house_cost, spaces[d].house_cost // 2)
    assert buildings.majority_size(game) == 3
    assert game.clone().building_figures is game.building_figures


def test_build_candidates_leave_out_only_what_cannot_be_built() -> None:
    rule = buildings.Build()
    allowed = 0
    for seed in (1, 2, 3):
        game = new_game(seed)
        bots = [make_bot("standard" if seat < 2 else "random", seed * 8 + seat)
                for seat in range(4)]
        while not game.over:
            for p in range(4):
                listed = [a.deed for a in rule.candidates(game, p, None)
                          if rule.check(game, p, a, None) is None]
                every = [d for d in game.deeds_of(p)
                         if buildings.can_build(game, p, d) is None]
                assert listed == every
                allowed += len(every)
            p = game.pending[0].player
            game.act(p, bots[p].choose(game, p))
    assert allowed > 100  # buildings were possible, and listed


def test_legal_lists_hold_every_voucher_play_sale_and_mortgage_lift_allowed() -> None:
    """The candidates cut for speed leave nothing legal out: at every answer of games
    between random and standard bots, each seat's list of legal actions holds every
    ``play-voucher`` (each voucher held, each space), ``sell-down`` and ``unmortgage`` that
    ``why_illegal`` allows, and allows everything it lists."""
    checked = 0
    for seed in (1, 2):
        game = new_game(seed)
        bots = [make_bot("random" if seat % 2 else "standard", seed * 8 + seat)
                for seat in range(4)]
        for _ in range(2000):
            if game.over:
                break
            for p in range(4):
                decision = game.decision_for(p)
                if decision is not None and decision.kind in PLAY_VOUCHER_ANSWERS:
                    # (the voucher's rule lists its answers at once: what check allows)
                    assert PLAY_VOUCHER.legal_answers(game, p, decision) == [
                        a for a in PLAY_VOUCHER.candidates(game, p, decision)
                        if PLAY_VOUCHER.check(game, p, a, decision) is None]
                listed = game.legal_actions(p)
                assert all(game.why_illegal(p, a) is None for a in listed)
                wanted = [Action("unmortgage", d) for d in game.board.deeds] + \
                    [Action("sell-down", d) for d in game.board.deeds] + \
                    [Action("play-voucher", card=card, space=s)
                     for card in game.players[p].cards if card[0] == VOUCHERS
                     for s in range(game.board.size)]
                allowed = [a for a in wanted if game.why_illegal(p, a) is None]
                kept = set(listed)
                # (one voucher of each kind held is listed: the same plays)
                assert all(a in kept or (a.do == "play-voucher" and any(
                    b.do == "play-voucher" and b.space == a.space and
                    game.decks[VOUCHERS].cards[b.card[1]].id ==
                    game.decks[VOUCHERS].cards[a.card[1]].id for b in listed))
                    for a in allowed), p
                checked += len(allowed)
            p = game.pending[0].player
            game.act(p, bots[p].choose(game, p))
    assert checked > 1000


def test_a_cards_choices_are_listed_as_check_judges_them() -> None:
    """A card's choice lists its legal answers at once (the options worked out once):
    at states of games between standard and random bots, for every choice of a space, a
    deed, a player and a company and every seat, what ``check`` allows of the candidates,
    in their order."""
    rules: list[tuple[cards.ChooseRule, tuple[str, ...]]] = [
        (cards.ChooseSpace(), cards.SPACE_CHOICES), (cards.ChooseDeed(), cards.DEED_CHOICES),
        (cards.ChoosePlayer(), cards.PLAYER_CHOICES),
        (cards.ChooseCompany(), cards.COMPANY_CHOICES)]
    listed = 0
    for seed in (1, 2):
        game = new_game(seed)
        bots = [make_bot("random" if seat % 2 else "standard", seed * 8 + seat)
                for seat in range(4)]
        for answer in range(1500):
            if game.over:
                break
            if answer % 25 == 0:
                for rule, kinds in rules:
                    for kind in kinds:
                        for p in range(4):
                            decision = Decision(kind, p)
                            judged = [a for a in rule.candidates(game, p, decision)
                                      if rule.check(game, p, a, decision) is None]
                            assert rule.legal_answers(game, p, decision) == judged, kind
                            listed += len(judged)
            p = game.pending[0].player
            game.act(p, bots[p].choose(game, p))
    assert listed > 1000


def test_whether_a_choice_has_an_option_is_whether_it_lists_one() -> None:
    """``any_option`` (asked before a kept card is played: it stops at the first option)
    says what ``options`` says, and ``holds_rent_card`` (asked at every rent) what
    ``rent_cards`` says: at states of games between standard and random bots, for every
    choice, seat, deed and a low and a high rent; both answers are seen."""
    seen: set[tuple[str, bool]] = set()
    rents = 0
    for seed in (1, 2, 3):
        game = new_game(seed)
        bots = [make_bot("random" if seat % 2 else "standard", seed * 8 + seat)
                for seat in range(4)]
        for answer in range(3000):
            if game.over:
                break
            if answer % 10 == 0:
                for kind, choice in cards.CHOICES.items():
                    for p in range(4):
                        decision = Decision(kind, p, deed=game.players[p].position)
                        listed = bool(choice.options(game, decision))
                        assert choice.any_option(game, decision) == listed, (kind, p)
                        seen.add((kind, listed))
                for p in range(4):
                    for deed in game.board.deeds:
                        for rent in (20, 600):
                            held = bool(cards.rent_cards(game, p, deed, rent))
                            assert cards.holds_rent_card(game, p, deed, rent) == held
                            rents += held
            p = game.pending[0].player
            game.act(p, bots[p].choose(game, p))
    for kind in (cards.BUYERS_MARKET, cards.STEAL, cards.SWAP, cards.SWAP_GIVE,
                 cards.FORECLOSE, cards.FREE_HOUSE):
        assert (kind, True) in seen and (kind, False) in seen, kind
    assert rents > 0


def test_buyers_market_has_no_option_when_the_only_unowned_outer_deed_is_underfoot() -> None:
    """Buyer's Market sends its player to an unowned deed of the Outer track other than the
    space they stand on: with every other Outer deed owned, the one underfoot is no
    option (``options`` and ``any_option`` agree), and any other player has it as one."""
    game = new_game(1)
    board = game.tracks
    spaces = board.outer_deed_spaces
    last = spaces[-1]
    for s in spaces[:-1]:
        game.set_owner(board.deed_at(s), 3)
    choice = cards.CHOICES[cards.BUYERS_MARKET]
    game.players[0].position = last
    game.players[1].position = spaces[0]
    standing = Decision(cards.BUYERS_MARKET, 0, deed=last)
    elsewhere = Decision(cards.BUYERS_MARKET, 1, deed=spaces[0])
    assert choice.options(game, standing) == []
    assert not choice.any_option(game, standing)
    assert choice.options(game, elsewhere) == [last]
    assert choice.any_option(game, elsewhere)


def test_a_bonus_moves_step_is_made_once_for_its_values() -> None:
    """Every set of a bonus move's values (six seats, doubles, every speed die face, parity,
    direction, a voucher offered) has a step of its own holding them, the same one each
    time; its clone's copy holds them too; the step after it likewise by seat and doubles."""
    made: dict[tuple[int, bool, int, bool, bool, bool], BonusMove] = {}
    faces = (SPEED_BUS, SPEED_MR_MONOPOLY, 1, 2, 3)
    for values in itertools.product(range(6), (False, True), faces, (False, True),
                                    (False, True), (False, True)):
        step = bonus_move_step(*values)
        assert (step.player, step.double, step.speed, step.even, step.backwards,
                step.offered) == values
        made[values] = step
    assert len({id(step) for step in made.values()}) == len(made)
    for values, step in made.items():
        assert bonus_move_step(*values) is step
    game = new_game()
    copy = bonus_move_step(2, True, SPEED_BUS, False, True, True).copy_for(game, game)
    assert isinstance(copy, BonusMove)
    assert (copy.player, copy.double, copy.speed, copy.even, copy.backwards,
            copy.offered) == (2, True, SPEED_BUS, False, True, True)
    after = {(p, double): after_bonus_move_step(p, double)
             for p in range(6) for double in (False, True)}
    for (p, double), step in after.items():
        assert (step.player, step.double) == (p, double)
        assert after_bonus_move_step(p, double) is step
    assert len({id(step) for step in after.values()}) == len(after)


def test_every_throws_walk_is_made_with_the_board() -> None:
    """A board just made holds the walk of every throw (2 to ``THROW_MOST`` steps, the
    throw's parity, either way) from every space, the one stepped out; a Mr. Monopoly walk
    (odd steps, even parity) is made at first use."""
    board = board_from_data(new_game().data)
    for start in range(board.size):
        for steps in range(2, THROW_MOST + 1):
            even = steps % 2 == 0
            for backwards in (False, True):
                walks = board._walks[4 * start + (2 if even else 0) + (1 if backwards else 0)]
                made = walks[steps]
                assert made is not None, (start, steps, backwards)
                assert made == stepped_walk(board, start, steps, even, backwards)
                assert board.walk(start, steps, even, backwards) is made
    odd_even = board._walks[4 * 5 + 2]
    assert len(odd_even) <= 7 or odd_even[7] is None
