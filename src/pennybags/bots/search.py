"""``search``: a bot that looks ahead by playing the game out, for every edition.

Determinized flat Monte-Carlo search with common random numbers:

* **What it may know.** The bot never plays out the true game: each playout starts from
  ``game.determinize(seat, rng)``, a copy in which everything its seat cannot see (the order
  of the unseen cards of every deck, the other players' hidden hands in Monopoly 2.3, the
  dice to come) is drawn afresh from the bot's own random stream. Two games that differ only
  in hidden information therefore get the same decision for the same seed.
* **Which choices it searches (decisions grouped).** A decision is searched only when
  sensible players could answer it differently: the bot asks the standard bot (its own
  copy, which keeps the standard bot's memory of the game) and five variants of it
  (cautious and bold bidders, no cash reserve, a large one, no trades) what they would do,
  and adds every answer of the decision itself when there are at most six (buy or auction,
  jail, accept or reject an offer, a pass or the lowest bid...). Actions taken at any time
  (build, mortgage, propose a trade) come in only through the variants, so a turn start
  offers "build as the bold bot would" against "roll now" rather than every deed. When all
  of them agree, the standard bot's answer is played at once: that is most decisions
  (rolls, ends of turns, forced moves), so search is spent on buying, bidding, building,
  trading, raising cash, jail, and the edition's own choices (tracks, vouchers, cards).
* **How a choice is judged.** For each determinized copy, every candidate is played in a
  clone of that copy (the same dice and cards for every candidate: common random numbers),
  then the game is played on by standard bots in every seat for ``horizon`` rounds. The
  position is then scored for the bot's seat: 1 for a win, 0 for bankruptcy or another's
  win, otherwise the seat's share of the players' worth (each edition's total assets plus
  the rent its deeds charge now, weighted by how often opponents will land there).
* **The choice.** The standard bot's answer unless another candidate scores higher on
  average by more than ``z`` standard errors of the paired differences: where search
  cannot tell, the bot plays as the standard bot would.

Parameters (``search?playouts=32&horizon=8``): ``playouts`` (determinized copies per
searched decision, each playing every candidate; default 16, 8 in Monopoly 2.3 and
Ultimate Monopoly, whose turns cost many times more; in the compiled build, whose
playouts are several times faster, 64, but 16 in Monopoly 2.3, 8 in Ultimate Monopoly
and 16 in Ultimate Banking: :data:`COMPILED_BUDGET`), ``time`` (seconds per searched
decision instead of a number of copies, at least 2 copies), ``horizon`` (rounds played out
after the choice, default 8, 4 in those two editions), ``z`` (how sure the search must
be to overrule the standard bot, in tenths of a standard error, default 10), ``extend`` (while a
candidate looks better than the standard bot's answer, over half the bar but not over it,
play ``playouts`` more copies, up to ``extend`` times ``playouts`` in all; default 1: no
more), ``sharp`` (the power, in tenths, each player's worth is raised to in the evaluation:
10, the default, scores the plain share of worth; 30 favours leading, see
:func:`evaluate`), ``only`` (decision kinds joined by ``+``, such as ``only=buy+bid``: only
those are searched, the others get the standard bot's answer; for finding out which
searches help, docs/bots.md), ``trades`` (1: at the start or end of its turn, also
weigh offers of cash for an opponent's deeds of its colour groups, at the least a standard
bot in the opponent's seat would accept, see :meth:`SearchBot.offers`; 0: only the
standard bot's and its variants' offers; 2: as 1, and also offers paid with one or two
of its spare deeds and less cash, see :meth:`SearchBot.paid_with_deeds`; by default 2 in
classic and electronic banking, where it won more, 0 elsewhere), ``tuned`` (1: in
Ultimate Banking, variants around that edition's own standard bot,
:data:`ULTIMATE_BANKING_VARIANTS`; default 0), ``few`` (a decision with at most this many
answers of its own has all of them searched; default 6, but 40 in Ultimate Banking in the
compiled build, and 15 in Monopoly 2.3 and Ultimate Monopoly there:
:data:`COMPILED_FEW`), ``ending`` (rounds; Ultimate Banking: score a playout by the chance
that somebody is bankrupted soon, the richest of the others then winning, see
:func:`ending_score`; default 0, off) and
``waive`` (1, Ultimate Banking: never "always collect" a rent, so that each later rent is
searched, asked or waived; default 0). With ``playouts`` (the default) the bot is
deterministic for its seed and build; ``time`` depends on the machine's speed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Final

from pennybags.bots.registry import Bot, int_param, make_bot, no_more_params, register_bot
from pennybags.editions import get_edition
from pennybags.engine import game as engine_game
from pennybags.engine.actions import Action, Trade
from pennybags.engine.game import Agent, Game

VARIANTS: Final = ("aggression=60", "aggression=150", "reserve=0", "reserve=400", "trade=0")
"""The standard bot's variants whose answers are the search's candidates (with the
standard bot's own)."""
MONOPOLY_2_3_VARIANTS: Final = ("aggression=60", "aggression=150", "reserve=0",
                                "reserve=400")
"""Monopoly 2.3's standard strategy takes no ``trade`` (the edition has no trades)."""
ULTIMATE_BANKING_VARIANTS: Final = ("aggression=120", "aggression=300", "reserve=0",
                                    "reserve=400", "horizon=4", "horizon=16")
"""With ``tuned=1``, Ultimate Banking's variants: bidders below and above its standard
bot's own aggression (200 there, where 60 and 150 are both cautious), and shorter and
longer counts of the rents still to come (its ``horizon``, 8 by default); the edition has
no trades."""
FEW: Final = 6
"""A decision with at most this many answers of its own has all of them searched."""
LANDING: Final = 0.03
"""About how often a given space is landed on by one player in one turn (a token moves
seven spaces a turn on average round a board of forty): the weight of a deed's rent per
opponent and per round still to come."""
DEFAULT_BUDGET: Final = (16, 8)
"""The playouts and horizon when none are given..."""
SLOW_EDITIONS: Final = {"monopoly-2.3": (8, 4), "ultimate-monopoly": (8, 4)}
"""... and in the editions whose turns cost many times classic's, so that a decision takes
about a second at most (benchmarks/bench_search.py; docs/bots.md)."""
COMPILED_BUDGET: Final = (64, 8)
"""The playouts and horizon when none are given and the bot runs in the compiled build
(``pennybags.fastbuild``), whose playouts are several times faster: the same second
buys more search..."""
COMPILED_EDITIONS: Final = {"monopoly-2.3": (16, 4), "ultimate-monopoly": (8, 4),
                             "ultimate-banking": (16, 8)}
"""... and in the editions whose turns cost more, and in Ultimate Banking, where more
playouts did not win more (docs/bots.md)."""
COMPILED_FEW: Final = {"ultimate-banking": 40, "monopoly-2.3": 15, "ultimate-monopoly": 15}
"""In the compiled build, Ultimate Banking searches every answer of a decision with at most
40 (every Location destination, Event card target, property given up in debt): one
against one it won 61.3% of 300 games against 56.7% (docs/bots.md); a decision stays well
within a second there, not in pure Python, which keeps :data:`FEW`. In Monopoly 2.3, every
answer of a turn with at most 15 (the market, each card on each target, forced purchases)
at 16 playouts won 40 of 50 four-player games against 26 for 32 playouts without; in
Ultimate Monopoly, every answer of up to 15 (stations' tracks, vouchers and cards to play,
deeds given up in debt) at 8 playouts won 120 of 200 four-player games against 99 without
(docs/bots.md)."""
OFFER_MULTIPLES: Final = (1.0, 1.5, 2.0, 2.5)
"""The cash offered for an opponent's deeds, in times their printed price, cheapest first
(``trades=1``)."""
TRADE_EDITIONS: Final = frozenset({"classic", "electronic-banking"})
"""The editions whose search bot makes trade offers of its own, paid in cash or with spare
deeds (``trades=2``), unless told otherwise (measured better at a table of four there:
docs/bots.md)."""
OFFERS_TRIED: Final = 2
"""How many of an opponent's deeds (or groups' worth of them) a turn's trade candidates
ask for at most."""
ENDING_EDITIONS: Final = frozenset({"ultimate-banking"})
"""The editions that end at the first bankruptcy, won by the richest player left: the
``ending`` knob's (see :func:`ending_score`)."""
ALWAYS_COLLECT: Final = "always-collect-rent"
COLLECT: Final = Action("collect-rent")
"""Ultimate Banking's answers to a rent: asking for it from now on without being asked
again, and asking for it this once (``waive=1`` plays the second for the first)."""
ROUNDS_AHEAD: Final = 10
"""The rounds of rent a deed is credited with at the end of a playout."""


def is_compiled() -> bool:
    """Whether the engine runs compiled (a C extension: the compiled build of
    ``pennybags.fastbuild``, which bots may not import, says so the same way)."""
    return (engine_game.__file__ or "").endswith((".so", ".pyd"))


def evaluate(game: Game, seat: int, sharp: float = 1.0, ending: int = 0) -> float:
    """How good ``game`` is for ``seat``, from 0 to 1: 1 for a win, 0 for a loss (bankrupt,
    or the game won by another), 1/n for a draw among n; otherwise the seat's share of the
    worth of the players still in (total assets plus the rent their deeds charge now,
    weighted by how often the other players will land there), each worth raised to the
    power ``sharp`` first: 1 is the plain share; above 1 the richest player's share grows
    towards 1, as its chance of winning does (a game won by the richest, as Ultimate
    Banking's, rewards leading more than being rich). ``ending`` (rounds, 0: off) is for a
    game that ends at the first bankruptcy and goes to the richest (Ultimate Banking): see
    :func:`ending_score`."""
    if game.over:
        if game.winner is not None:
            return 1.0 if game.winner == seat else 0.0
        active = game.active_players()
        return 1.0 / len(active) if seat in active else 0.0
    if game.players[seat].bankrupt:
        return 0.0
    if ending:
        return ending_score(game, seat, ending)
    active = game.active_players()
    weight = LANDING * (len(active) - 1) * ROUNDS_AHEAD
    assets: Callable[[int], int] = getattr(game, "total_assets", game.cash)
    total = 0.0
    mine = 0.0
    for p in active:
        worth = max(0.0, float(assets(p)) + weight * rents(game, p))
        if sharp != 1.0:
            worth = worth ** sharp
        total += worth
        if p == seat:
            mine = worth
    return mine / total if total > 0 else 1.0 / len(active)


def ending_score(game: Game, seat: int, rounds: int) -> float:
    """How good ``game`` is for ``seat`` in a game that ends at the first bankruptcy and is
    won by the richest player left (Ultimate Banking, where the final score is the worth:
    cash plus the purchase prices), from 0 to 1. Each player still in may be bankrupted in
    the next ``rounds`` rounds by landing on another's property whose rent now is more than
    all their worth: about :data:`LANDING` a round for each such property (its owner not in
    Jail). The game ends in that time with the chance that someone is (one minus the chance
    that nobody is), and then the one bankrupted is each player in proportion to their own
    chance, and the seat wins if it is the richest of the others (a share of a tie). If the
    game goes on, the seat's share of the players' worth counts, as :func:`evaluate`'s."""
    active = game.active_players()
    assets: Callable[[int], int] = getattr(game, "total_assets", game.cash)
    worth = {p: float(assets(p)) for p in active}
    rent: Callable[[int], int] | None = getattr(game, "rent", None)
    owner = game.owner
    players = game.players
    deeds = [(owner[d], float(rent(d)) if rent is not None else 0.0)
             for d in game.board.deeds if owner[d] >= 0 and not game.mortgaged[d]]
    risk: dict[int, float] = {}
    for p in active:
        deadly = 0
        for o, charge in deeds:
            if o != p and not players[o].in_jail and charge > worth[p]:
                deadly += 1
        risk[p] = min(1.0, LANDING * rounds * deadly)
    nobody = 1.0
    for p in active:
        nobody *= 1.0 - risk[p]
    total_risk = sum(risk.values())
    total = sum(max(0.0, w) for w in worth.values())
    share = max(0.0, worth[seat]) / total if total > 0 else 1.0 / len(active)
    if total_risk <= 0:
        return share
    won = 0.0
    for p in active:
        if p == seat or risk[p] <= 0:
            continue
        best = max(worth[q] for q in active if q != p)
        if worth[seat] == best:
            tied = sum(1 for q in active if q != p and worth[q] == best)
            won += risk[p] / total_risk / tied
    return (1.0 - nobody) * won + nobody * share


def rents(game: Game, p: int) -> int:
    """The rent ``p``'s deeds charge now, summed (mortgaged ones charge none)."""
    rent: Callable[[int], int] | None = getattr(game, "rent", None)
    if rent is None:
        return 0
    owner = game.owner
    mortgaged = game.mortgaged
    out = 0
    for d in game.board.deeds:
        if owner[d] == p and not mortgaged[d]:
            out += rent(d)
    return out


class SearchBot:
    """Determinized Monte-Carlo search over the choices that matter, the standard bot
    playing everything out (see the module's description)."""

    name = "search"

    def __init__(self, seed: int, playouts: int = 0, seconds: float = 0.0,
                 horizon: int = 0, z: float = 1.0, extend: int = 1,
                 only: frozenset[str] | None = None, sharp: float = 1.0,
                 trades: bool | None = None, pay_deeds: bool | None = None,
                 tuned: bool = False, few: int = 0, ending: int = 0,
                 waive: bool = False) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        """The bot's own random stream: it draws every determinized copy."""
        self.playouts = playouts
        """Copies per searched decision (0: the edition's default, set by
        :meth:`for_edition`)."""
        self.given = (playouts, horizon)
        self.seconds = seconds
        self.horizon = horizon
        self.z = z
        self.extend = extend
        """Up to this many times ``playouts`` copies are played while a candidate looks
        better than the standard bot's answer but not clearly (see :meth:`undecided`)."""
        self.only = only
        """The decision kinds searched (None: all); the others get the standard bot's
        answer (to find out which searches help, one kind at a time)."""
        self.sharp = sharp
        """The power each player's worth is raised to in the evaluation (see
        :func:`evaluate`)."""
        self.given_trades = trades
        self.trades = bool(trades)
        """Whether to add trade offers of its own to the candidates (see :meth:`offers`);
        None given: in the editions of :data:`TRADE_EDITIONS`."""
        self.given_pay_deeds = pay_deeds
        self.pay_deeds = bool(pay_deeds)
        """Whether its offers may also be paid with its own spare deeds (``trades=2``;
        see :meth:`paid_with_deeds`); None given: as :attr:`trades`."""
        self.tuned = tuned
        """Whether to use the edition's own variants where it has them
        (:data:`ULTIMATE_BANKING_VARIANTS`)."""
        self.given_few = few
        self.few = few or FEW
        """A decision with at most this many answers of its own has all of them among the
        candidates (0 given: :data:`FEW`, or :data:`COMPILED_FEW` in the compiled build;
        more brings in every destination of a Location space, every property to give up in
        debt...)."""
        self.ending = ending
        """Rounds of the end-of-game term of the evaluation (0: off; see
        :func:`ending_score`), for Ultimate Banking only."""
        self.waive = waive
        """Whether to ask for each rent anew (Ultimate Banking): never "always collect", so
        that every later rent is a decision the search weighs, asking or waiving it (a
        rent that bankrupts the lander ends the game, won by the richest)."""
        self.offered_turn: tuple[int, int, int] = (-1, -1, -1)
        """The turn in which it last looked for offers of its own (once a turn)."""
        self.edition = ""
        self.standard: Bot | None = None
        """The bot's standard bot, which answers what is not searched and is the choice
        the search must beat; it keeps its memory of the game (offers made...)."""
        self.variants: list[Bot] = []
        self.searched = 0
        """How many decisions were searched (for benchmarks and tests)."""
        self.overruled = 0
        """How many of them ended with another answer than the standard bot's."""
        self.searched_kinds: dict[str, int] = {}
        """Searched decisions by kind..."""
        self.overruled_kinds: dict[str, int] = {}
        """... and those overruled, by kind (for the diagnostics of docs/bots.md)."""

    def for_edition(self, edition_id: str) -> None:
        """Make the standard bot and its variants for games of ``edition_id``."""
        if self.standard is not None and self.edition == edition_id:
            return
        self.edition = edition_id
        if is_compiled():
            playouts, horizon = COMPILED_EDITIONS.get(edition_id, COMPILED_BUDGET)
        else:
            playouts, horizon = SLOW_EDITIONS.get(edition_id, DEFAULT_BUDGET)
        self.playouts = self.given[0] or playouts
        self.horizon = self.given[1] or horizon
        self.few = self.given_few or (COMPILED_FEW.get(edition_id, FEW) if is_compiled()
                                      else FEW)
        self.trades = edition_id in TRADE_EDITIONS if self.given_trades is None \
            else self.given_trades
        self.pay_deeds = self.trades if self.given_pay_deeds is None \
            else self.given_pay_deeds
        for knob, value in (("ending", self.ending), ("waive", self.waive)):
            if value and edition_id not in ENDING_EDITIONS:
                raise ValueError(f"bot parameter {knob} is for games that end at the first "
                                 f"bankruptcy ({', '.join(sorted(ENDING_EDITIONS))}), "
                                 f"not {edition_id}")
        if self.only is not None:
            kinds = get_edition(edition_id).rulebook.decisions
            unknown = sorted(self.only - set(kinds))
            if unknown:
                raise ValueError(f"bot parameter only: {', '.join(unknown)} is no decision "
                                 f"of {edition_id}; its decisions are {', '.join(kinds)}")
        self.standard = make_bot("standard", self.seed, edition=edition_id)
        variants = MONOPOLY_2_3_VARIANTS if edition_id == "monopoly-2.3" else \
            ULTIMATE_BANKING_VARIANTS if self.tuned and edition_id == "ultimate-banking" \
            else VARIANTS
        self.variants = [make_bot("standard?" + v, self.seed, edition=edition_id)
                         for v in variants]

    # ---------------------------------------------------------------- the answer

    def choose(self, game: Game, player: int) -> Action:
        if self.standard is None or self.edition != game.edition_id:
            self.for_edition(game.edition_id)
        assert self.standard is not None
        decision = game.decision_for(player)
        if decision is None:
            raise ValueError("the search bot was asked to act without a decision")
        standard = self.standard.choose(game, player)
        if self.waive and standard.do == ALWAYS_COLLECT:
            standard = COLLECT
        kind = decision.kind
        if self.only is not None and kind not in self.only:
            return standard
        candidates = self.candidates(game, player, standard)
        if len(candidates) < 2:
            return standard
        self.searched += 1
        self.searched_kinds[kind] = self.searched_kinds.get(kind, 0) + 1
        choice = self.search(game, player, candidates)
        if choice != standard:
            self.overruled += 1
            self.overruled_kinds[kind] = self.overruled_kinds.get(kind, 0) + 1
        return choice

    def candidates(self, game: Game, player: int, standard: Action) -> list[Action]:
        """The answers worth comparing, the standard bot's first (see the module)."""
        out = [standard]
        for bot in self.variants:
            action = bot.choose(game, player)
            if self.waive and action.do == ALWAYS_COLLECT:
                action = COLLECT
            if action not in out:
                out.append(action)
        decision = game.decision_for(player)
        assert decision is not None
        kind = game.rulebook.decisions.get(decision.kind)
        if kind is not None:
            answers = kind.answers
            own = [a for a in game.legal_actions(player) if a.do in answers]
            if len(own) <= self.few:
                for action in own:
                    if self.waive and action.do == ALWAYS_COLLECT:
                        continue
                    if action not in out:
                        out.append(action)
        if self.trades:
            for action in self.offers(game, player):
                if action not in out:
                    out.append(action)
        return out

    def offers(self, game: Game, seat: int) -> list[Action]:
        """Trade offers the standard bot would not make, once a turn, at the start or end of
        the seat's own turn: cash for an opponent's deeds of a colour group the seat has a
        deed of (all of them at once when that opponent alone holds the rest: the group
        would be complete), as little cash as a standard bot in the opponent's seat would
        accept (:data:`OFFER_MULTIPLES` of the printed price, cheapest first; that answer is
        played in a determinized copy). At most :data:`OFFERS_TRIED` deeds or sets of them,
        those completing a group first, dearest first; none on a group with buildings."""
        decision = game.decision_for(seat)
        if decision is None or decision.kind not in ("roll", "end-turn") or \
                game.current != seat or not game.may_manage(seat) or \
                "propose-trade" not in game.rulebook.vocabulary.actions:
            return []
        turn = (game.turns, game.round, game.current)
        if turn == self.offered_turn:
            return []
        self.offered_turn = turn
        board = game.board
        owner = game.owner
        houses = game.houses
        players = game.players
        wanted: list[tuple[bool, int, int, tuple[int, ...]]] = []
        seen: set[tuple[int, ...]] = set()
        for d in board.deeds:
            other = owner[d]
            if other < 0 or other == seat or players[other].bankrupt or game.mortgaged[d]:
                continue
            space = board.spaces[d]
            group = board.group_of[d]
            if space.kind != "street" or not any(owner[g] == seat for g in group) or \
                    any(houses[g] for g in group):
                continue
            rest = tuple(g for g in group if owner[g] != seat)
            completes = all(owner[g] == other and not game.mortgaged[g] for g in rest)
            take = rest if completes else (d,)
            if take in seen:
                continue
            seen.add(take)
            price = sum(board.spaces[g].price for g in take)
            wanted.append((completes, price, other, take))
        wanted.sort(key=lambda w: (not w[0], -w[1]))
        out: list[Action] = []
        cash = game.cash(seat)
        for _completes, price, other, take in wanted[:OFFERS_TRIED]:
            for multiple in OFFER_MULTIPLES:
                amount = round(price * multiple)
                if amount > cash:
                    break
                action = Action("propose-trade",
                                trade=Trade(seat, other, take=take, give_cash=amount))
                if not game.can(seat, action):
                    break
                if self.accepted(game, seat, other, action):
                    out.append(action)
                    break
            if self.pay_deeds:
                with_deeds = self.paid_with_deeds(game, seat, other, take, price)
                if with_deeds is not None and with_deeds not in out:
                    out.append(with_deeds)
        return out

    def spare_deeds(self, game: Game, seat: int, other: int,
                    take: tuple[int, ...]) -> list[int]:
        """The seat's deeds it could pay with (``trades=2``): unmortgaged, in a group
        without buildings that another player has a deed of (so that the seat cannot
        complete it from the bank), not of the group it asks for, and not completing a
        group for ``other``; the least held by the seat first, then the dearest."""
        board = game.board
        owner = game.owner
        houses = game.houses
        wanted = set(board.group_of[take[0]])
        out: list[tuple[int, int, int]] = []
        for d in board.deeds:
            if owner[d] != seat or game.mortgaged[d] or d in wanted:
                continue
            group = board.group_of[d]
            if not group or any(houses[g] for g in group):
                continue
            if not any(owner[g] >= 0 and owner[g] != seat for g in group):
                continue
            if all(g == d or owner[g] == other for g in group):
                continue  # (it would hand ``other`` a whole group)
            held = sum(1 for g in group if owner[g] == seat)
            out.append((held, -board.spaces[d].price, d))
        out.sort()
        return [d for _held, _price, d in out]

    def paid_with_deeds(self, game: Game, seat: int, other: int, take: tuple[int, ...],
                        price: int) -> Action | None:
        """An offer for ``take`` paid with one or two of the seat's spare deeds (see
        :meth:`spare_deeds`) and as little cash as a standard bot in ``other``'s seat
        accepts on top (:data:`OFFER_MULTIPLES` of the price, the deeds counted at their
        printed price; at least $1, since a standard bot wants cash in a trade that
        completes nothing of its own), or None."""
        spare = self.spare_deeds(game, seat, other, take)
        if not spare:
            return None
        spaces = game.board.spaces
        cash = game.cash(seat)
        for multiple in OFFER_MULTIPLES:
            amount = round(price * multiple)
            give: list[int] = []
            worth = 0
            for d in spare:
                if len(give) == 2:
                    break
                if worth + spaces[d].price < amount:
                    give.append(d)
                    worth += spaces[d].price
            if not give:
                continue
            top_up = max(1, amount - worth)
            if top_up > cash:
                continue
            action = Action("propose-trade", trade=Trade(
                seat, other, take=take, give=tuple(sorted(give)), give_cash=top_up))
            if not game.can(seat, action):
                continue
            if self.accepted(game, seat, other, action):
                return action
        return None

    def accepted(self, game: Game, seat: int, other: int, offer: Action) -> bool:
        """Whether a standard bot in ``other``'s seat accepts ``offer`` (played in a
        determinized copy: the answer must not depend on what the seat cannot see)."""
        copy = game.determinize(seat, self.rng)
        copy.act(seat, offer)
        if copy.decision_for(other) is None:
            return False
        answer = make_bot("standard", 0, edition=game.edition_id).choose(copy, other)
        return answer.do == "accept"

    def search(self, game: Game, seat: int, candidates: list[Action]) -> Action:
        """The candidate that scores best over the playouts, if it beats the first (the
        standard bot's answer) clearly; otherwise the first."""
        n = len(candidates)
        diffs: list[list[float]] = [[] for _ in range(n)]
        deadline = time.perf_counter() + self.seconds if self.seconds > 0 else 0.0
        copies = 0
        edition = game.edition_id
        seats = len(game.players)
        budget = self.playouts
        while True:
            if deadline:
                if copies >= 2 and time.perf_counter() >= deadline:
                    break
            elif copies >= budget:
                if budget >= self.extend * self.playouts or not self.undecided(diffs):
                    break
                budget += self.playouts
            copies += 1
            start = self.playout_start(game, seat)
            scores = []
            for action in candidates:
                copy = start.clone()
                copy.act(seat, action)
                if not copy.over:
                    agents: list[Agent] = [make_bot("standard", 0, edition=edition)
                                           for _ in range(seats)]
                    copy.play_out(agents, until_round=copy.round + self.horizon)
                scores.append(evaluate(copy, seat, self.sharp, self.ending))
            for i in range(1, n):
                diffs[i].append(scores[i] - scores[0])
        best = 0
        best_mean = 0.0
        for i in range(1, n):
            mean, error = mean_and_error(diffs[i])
            if mean > best_mean and mean > self.z * error:
                best, best_mean = i, mean
        return candidates[best]

    def playout_start(self, game: Game, seat: int) -> Game:
        """The copy a playout starts from: the game as ``seat`` can know it, everything it
        cannot see drawn afresh (:meth:`Game.determinize`)."""
        return game.determinize(seat, self.rng)

    def undecided(self, diffs: list[list[float]]) -> bool:
        """Whether a candidate looks better than the standard bot's answer without being
        clearly so yet (its mean difference above half the bar, not above the bar): then
        the search plays more copies."""
        for values in diffs[1:]:
            mean, error = mean_and_error(values)
            if mean > 0 and self.z * error / 2 < mean <= self.z * error:
                return True
        return False


def mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (0 for fewer than two)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def _make(seed: int, params: dict[str, str]) -> SearchBot:
    playouts = int_param(params, "playouts", -1)
    horizon = int_param(params, "horizon", -1)
    z = int_param(params, "z", 10)
    extend = int_param(params, "extend", 1)
    sharp = int_param(params, "sharp", 10)
    trades = int_param(params, "trades", -1)
    tuned = int_param(params, "tuned", 0)
    few = int_param(params, "few", -1)
    ending = int_param(params, "ending", 0)
    waive = int_param(params, "waive", 0)
    only: frozenset[str] | None = None
    text = params.pop("only", None)
    if text is not None:
        only = frozenset(k.strip() for k in text.split("+") if k.strip())
        if not only:
            raise ValueError("bot parameter only takes decision kinds joined by +, such as "
                             "buy+bid")
    seconds = 0.0
    text = params.pop("time", None)
    if text is not None:
        try:
            seconds = float(text)
        except ValueError:
            raise ValueError(f"bot parameter time takes seconds, such as 0.5, "
                             f"not '{text}'") from None
        if not 0 < seconds <= 3600 or math.isnan(seconds):
            raise ValueError(f"bot parameter time takes seconds above 0 (at most 3600), "
                             f"not '{text}'")
    no_more_params("search", params)
    if playouts != -1 and not 1 <= playouts <= 100_000:
        raise ValueError(f"bot parameter playouts takes 1 to 100000, not {playouts}")
    if horizon != -1 and not 1 <= horizon <= 1000:
        raise ValueError(f"bot parameter horizon takes 1 to 1000 rounds, not {horizon}")
    if not 0 <= z <= 100:
        raise ValueError(f"bot parameter z takes 0 to 100 (tenths), not {z}")
    if not 1 <= extend <= 16:
        raise ValueError(f"bot parameter extend takes 1 to 16, not {extend}")
    if trades not in (-1, 0, 1, 2):
        raise ValueError(f"bot parameter trades takes 0, 1 or 2, not {trades}")
    if tuned not in (0, 1):
        raise ValueError(f"bot parameter tuned takes 0 or 1, not {tuned}")
    if few != -1 and not 1 <= few <= 1000:
        raise ValueError(f"bot parameter few takes 1 to 1000 answers, not {few}")
    if waive not in (0, 1):
        raise ValueError(f"bot parameter waive takes 0 or 1, not {waive}")
    if not 0 <= ending <= 100:
        raise ValueError(f"bot parameter ending takes 0 to 100 rounds, not {ending}")
    if not 1 <= sharp <= 100:
        raise ValueError(f"bot parameter sharp takes 1 to 100 (tenths), not {sharp}")
    return SearchBot(seed, playouts=max(0, playouts), seconds=seconds,
                     horizon=max(0, horizon), z=z / 10,
                     extend=extend, only=only, sharp=sharp / 10,
                     trades=None if trades == -1 else trades >= 1,
                     pay_deeds=None if trades == -1 else trades == 2,
                     tuned=tuned == 1, few=max(0, few), ending=ending,
                     waive=waive == 1)


register_bot("search", _make)
