"""The Ultimate Monopoly board: three concentric tracks joined by transit stations.

Every space has one global index: the middle track (classic, 40 spaces) first, then the outer
(56) and the inner (24), each from the corner that lines up with GO, clockwise (the data
file's ``"tracks"`` table gives each track's start and size). A transit station is one space
on two tracks: the middle track's railroad (the title deed) and its twin on the outer or inner
track. The Holland Tunnel's two corners are twins too, but only for landing on them.

Everything here is a plain function of positions; what a space does is the rules'.

How a token moves (the rulebook's THE DICE, RAILROADS/TRANSIT STATIONS, TRAVEL VOUCHERS,
COMMUNITY CHEST & CHANCE; rulings 3, 5, 10-14), and the readings taken where it is silent:

* **Dice** (:meth:`UltimateMonopolyBoard.walk`). With an odd throw the token stays on its
  track. With an even throw, stepping onto a transit station that is not the throw's last
  step rides it: the station is one step and the next step is the space after its twin, on
  the linked track ("from States Avenue with a four: Virginia Avenue, Pennsylvania Railroad,
  Fifth Avenue, Madison Avenue"). Every station passed is ridden, so an even throw can change
  track more than once. A token that starts its move on a station (it landed there) leaves
  it the same way: an even throw rides to the linked track, an odd one stays (ruling 3).
* **Backwards** (Reverse Direction, counter-clockwise). The rulebook only describes clockwise
  moves. A token moving backwards rides the stations with the same parity rule, going on
  counter-clockwise on the linked track: the station is one space on both tracks whichever
  way you go, and the parity arrows are what a player looks at. A table that keeps
  backwards moves on their track builds the board with ``ride_backwards=False``. Passing a
  pay corner backwards pays nothing (salary is for going round); landing on one pays.
* **Bonus moves and "the first ... ahead"** (:meth:`~UltimateMonopolyBoard.first_forward`,
  :meth:`~UltimateMonopolyBoard.walk_to`): the same step rule, stepping on until a wanted
  space; "back to where the bonus move began" (ruling 10) is stepping onto the starting
  space again, and then there is no walk (the token stays). An even walk's step is a
  permutation of the spaces (each space has exactly one space before it), so every walk
  comes back to its start (on this board an even walk passes all 120 spaces first; an odd
  one, its own track); the search is also capped at one step per space.
* **Cards** (:meth:`~UltimateMonopolyBoard.card_walk`): "take the next closest transit
  station" is read as: forward along the current track, riding the first station (the one
  the token stands on included) whose linked track is nearer the target's track (the middle
  track links to both others; outer to inner goes through the middle), then the same on the
  next track; on the target's track, forward to the target without riding. A card to a
  space on the token's own track just goes forward (a full lap to the space it stands on).
* **Travel Vouchers** (:meth:`~UltimateMonopolyBoard.voucher_targets`, rulings 5 and 14):
  any space ahead on the side of the track where the token stands, up to and including the
  corner that ends it (a token on a corner is on the side that corner begins). A station
  passed, or the one the token stands on, may be ridden or not; after a ride the token may
  go on along the linked track at most to that track's corner ending the same side.
* **Pay corners** (:func:`pay_corners_passed`, :func:`corner_pay`): GO, Bonus and Pay Day.
  A walk lists the pay corners it passes (not the one it ends on) and the one it ends on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pennybags.engine.actions import Action
from pennybags.engine.board import Board, Space
from pennybags.engine.data import EditionData

MIDDLE = "middle"
OUTER = "outer"
INNER = "inner"

STATION_KINDS = ("railroad", "transit")
"""The two spaces of a transit station: the middle track's railroad (the title deed) and its
twin on the outer or inner track."""
DEED_KINDS = ("street", "railroad", "utility", "cab_company")
"""Spaces with a title deed of their own (a transit twin stands for its railroad's)."""
PAY_CORNER_KINDS = ("go", "bonus", "pay_day")
"""The pay corners: GO (middle), Bonus (inner), Pay Day (outer)."""
TUNNEL_KIND = "holland_tunnel"

THROW_MOST = 15
"""The most spaces a throw moves: 12 on the regular dice and 3 on the speed die (the least is
2; Mr. Monopoly and the Bus count 0). The board makes every throw's walk with itself."""

PASS = "pass"
LAND = "land"
DIRECT = "direct"

CORNER_PAY = {
    "go": {"pass": 200, "land": 200},
    "bonus": {"pass": 250, "land": 300},
    "pay_day": {"odd": 300, "even": 400, "direct": 400},
}
"""The rulebook's salaries, used only where a space's data lacks its own figure."""


class Walk:
    """A move along the board: the spaces stepped on in order (the last is where the token
    stops; none for a move of no steps), the pay corners passed (stepped on before the last
    step, in order) and the pay corner landed on (-1 if the walk does not end on one).

    A walk is a value: the board keeps the throws' walks and hands the same one out again,
    so nothing may change one; two walks are equal when all their fields are. (A plain
    class, not a dataclass: the compiled build makes a dataclass's instances slowly.)"""

    __slots__ = ("backwards", "landed", "passed", "rides", "start", "steps")

    def __init__(self, start: int, steps: tuple[int, ...], passed: tuple[int, ...] = (),
                 landed: int = -1, rides: tuple[int, ...] = (),
                 backwards: bool = False) -> None:
        self.start = start
        self.steps = steps
        self.passed = passed
        self.landed = landed
        self.rides = rides
        """The transit stations ridden (the space the token rode from), in order."""
        self.backwards = backwards

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Walk):
            return NotImplemented
        return self.start == other.start and self.steps == other.steps and \
            self.passed == other.passed and self.landed == other.landed and \
            self.rides == other.rides and self.backwards == other.backwards

    def __repr__(self) -> str:
        return f"Walk(start={self.start}, steps={self.steps}, passed={self.passed}, " \
               f"landed={self.landed}, rides={self.rides}, backwards={self.backwards})"

    @property
    def end(self) -> int:
        """Where the token stops."""
        return self.steps[-1] if self.steps else self.start


def pay_corners_passed(walk: Walk) -> tuple[int, ...]:
    """The pay corners a walk passes that pay their passing salary: those it steps over going
    forward, not the one it ends on (that one pays its landing salary). Passing one
    backwards pays nothing."""
    return () if walk.backwards else walk.passed


def corner_pay(space: Space, how: str, even: bool, *, by_dice: bool = True) -> int:
    """The salary a pay corner pays (0 for any other space).

    ``how``: ``"pass"`` (stepping over it), ``"land"`` (ending a move on it) or
    ``"direct"`` (ending a direct move on it: Subway, Holland Tunnel, triples, a card that
    says "directly"; passing on such a move pays nothing, so there is no direct pass).
    ``even``: the parity of the throw that made the move (Pay Day: odd $300, even $400).
    ``by_dice=False``: a card, a Travel Voucher or a Mr. Monopoly move, which pays the
    corner's highest amount whatever was thrown (ruling 12: Pay Day $400 passing or
    landing; Bonus still $250 passing and $300 landing). A direct landing pays the highest
    landing amount (GO $200, Bonus $300, Pay Day $400). The figures come from the space's
    data (``pass``/``land``; Pay Day ``odd``/``even``/``direct``)."""
    kind = space.kind
    if kind == "pay_day":
        if how == DIRECT or not by_dice:
            return _figure(space, "direct")
        return _figure(space, "even" if even else "odd")
    if kind == "go" or kind == "bonus":
        return _figure(space, "pass" if how == PASS else "land")
    return 0


def _figure(space: Space, key: str) -> int:
    value = space.extra.get(key)
    if value is None:
        return CORNER_PAY[space.kind][key]
    return int(value)


class UltimateMonopolyBoard(Board):
    """Three tracks of one board (see the module's docstring for how tokens move).

    ``tracks`` maps each track's name to its ``start`` (global index of its index 0) and
    ``size``; each track has four sides of ``size // 4`` spaces, split at its corners. A
    space's data gives ``twin`` (the other space of its transit station or Holland Tunnel)
    and, for a transit twin, ``deed`` (its railroad); ``track`` and ``track_index``, when
    given, must agree with the table."""

    def __init__(self, spaces: Sequence[Space], groups: Mapping[str, Mapping[str, Any]],
                 tracks: Mapping[str, Mapping[str, Any]], *,
                 ride_backwards: bool = True) -> None:
        super().__init__(spaces, groups)
        self.ride_backwards = ride_backwards
        """Whether a backwards move rides transit stations (by the same parity rule)."""
        size = self.size
        order = sorted(tracks, key=lambda name: int(tracks[name]["start"]))
        self.track_names: tuple[str, ...] = tuple(order)
        self._starts: dict[str, int] = {t: int(tracks[t]["start"]) for t in order}
        self._sizes: dict[str, int] = {t: int(tracks[t]["size"]) for t in order}
        track: list[str] = [""] * size
        index: list[int] = [0] * size
        nxt: list[int] = [0] * size
        prv: list[int] = [0] * size
        covered = 0
        for t in order:
            start, length = self._starts[t], self._sizes[t]
            if start != covered or length <= 0 or length % 4:
                raise ValueError(f"track '{t}' ({start}, {length}) does not follow on in "
                                 "four equal sides")
            covered += length
            for n in range(length):
                i = start + n
                if i >= size:
                    raise ValueError(f"track '{t}' runs past the last space ({size - 1})")
                track[i] = t
                index[i] = n
                nxt[i] = start + (n + 1) % length
                prv[i] = start + (n - 1) % length
        if covered != size:
            raise ValueError(f"the tracks cover {covered} spaces, the board has {size}")
        for s in self.spaces:
            if "track" in s.extra and (s.extra["track"] != track[s.index]
                                       or int(s.extra["track_index"]) != index[s.index]):
                raise ValueError(f"'{s.name}' ({s.index}) says it is {s.extra['track']} "
                                 f"{s.extra['track_index']}, the tracks put it at "
                                 f"{track[s.index]} {index[s.index]}")
        self._track: tuple[str, ...] = tuple(track)
        self._index: tuple[int, ...] = tuple(index)
        self._next: tuple[int, ...] = tuple(nxt)
        self._prev: tuple[int, ...] = tuple(prv)
        self._twin: tuple[int, ...] = self._twins(STATION_KINDS)
        self._tunnel: tuple[int, ...] = self._twins((TUNNEL_KIND,))
        self._ride_next: tuple[int, ...] = tuple(
            nxt[self._twin[i]] if self._twin[i] >= 0 else nxt[i] for i in range(size))
        self._ride_prev: tuple[int, ...] = tuple(
            prv[self._twin[i]] if self._twin[i] >= 0 else prv[i] for i in range(size))
        self._pay: tuple[bool, ...] = tuple(s.kind in PAY_CORNER_KINDS for s in self.spaces)
        salaries: list[int] = []
        for s in self.spaces:
            for how in (PASS, LAND, DIRECT):
                for even in (False, True):
                    for by_dice in (False, True):
                        salaries.append(corner_pay(s, how, even, by_dice=by_dice))
        self._salaries: tuple[int, ...] = tuple(salaries)
        """What each space pays as a pay corner (:func:`corner_pay`), twelve a space: by
        how (passing, landing, a direct landing), the throw's parity and whether the dice
        made the move (see :meth:`corner_salary`)."""
        self.salary_reasons: tuple[str, ...] = tuple(f"{s.name} salary" for s in self.spaces)
        """The reason a pay corner's salary is paid for, by space (the ledger's words)."""
        deed: list[int] = []
        for s in self.spaces:
            if s.kind == "transit":
                deed.append(int(s.extra.get("deed", self._twin[s.index])))
            else:
                deed.append(s.index if s.kind in DEED_KINDS else -1)
        self._deed: tuple[int, ...] = tuple(deed)
        self.outer_deed_spaces: tuple[int, ...] = tuple(
            i for i in range(size) if deed[i] >= 0 and track[i] == "outer")
        """The spaces of the Outer track that stand for a title deed, in board order (where
        Buyer's Market! may send a player)."""
        # Deeds and colour groups count each title deed once (a transit twin is its
        # railroad); a space's group_of is the group of the deed it stands for.
        self.deeds = tuple(i for i in range(size) if deed[i] == i)
        members: dict[str, list[int]] = {g: [] for g in groups}
        for i in self.deeds:
            g = self.spaces[i].group
            if g:
                members.setdefault(g, []).append(i)
        self.groups = {g: tuple(v) for g, v in members.items()}
        self.group_of = tuple(
            self.groups[self.spaces[d].group] if d >= 0 and self.spaces[d].group else ()
            for d in deed)
        self._distance: dict[str, dict[str, int]] = self._track_distances()
        self._vouchers: tuple[dict[int, tuple[int, ...]], ...] = tuple(
            self._voucher_paths(i) for i in range(size))
        self._voucher_targets: tuple[tuple[int, ...], ...] = tuple(
            tuple(paths) for paths in self._vouchers)
        self._anywhere_but: tuple[tuple[int, ...], ...] = tuple(
            tuple(s for s in range(size) if s != i) for i in range(size))
        self.voucher_plays: dict[int, list[Action]] = {}
        """The ``play-voucher`` actions of one voucher from one space, made once (kept by
        :func:`~pennybags.editions.ultimate_monopoly.travel.voucher_plays`)."""
        orbits: list[tuple[int, ...]] = []
        orbit_deeds: list[tuple[int, ...]] = []
        orbit_pays: list[tuple[int, ...]] = []
        orbit_rides: list[tuple[int, ...]] = []
        pay = self._pay
        for start in range(size):
            for even in (False, True):
                for backwards in (False, True):  # (in the order of a move's key)
                    orbit = self._make_orbit(start, even, backwards)
                    adjacent = prv if backwards else nxt
                    orbits.append(orbit)
                    orbit_deeds.append(tuple([deed[s] for s in orbit]))
                    orbit_pays.append(tuple([n for n in range(len(orbit)) if pay[orbit[n]]]))
                    orbit_rides.append(tuple(
                        [n for n in range(len(orbit))
                         if orbit[n] != adjacent[orbit[n - 1] if n else start]]))
        self._orbits: tuple[tuple[int, ...], ...] = tuple(orbits)
        self._orbit_deeds: tuple[tuple[int, ...], ...] = tuple(orbit_deeds)
        self._orbit_pays: tuple[tuple[int, ...], ...] = tuple(orbit_pays)
        self._orbit_rides: tuple[tuple[int, ...], ...] = tuple(orbit_rides)
        """Every orbit (:meth:`orbit`), the deeds along it (:meth:`orbit_deeds`) and the
        places in it of its pay corners and of its rides (the steps that ride a station), by
        a move's key: ``4 * start + 2 * even + backwards``. Made with the board (480 orbits
        on this one: a walk, a bonus move and the Auction space read them)."""
        self._walks: list[list[Walk | None]] = [[] for _ in range(4 * size)]
        self._card_walks: list[Walk | None] = [None] * (size * size)
        """The throws' walks and the cards' walks made so far (see :meth:`walk` and
        :meth:`card_walk`): they depend only on the board, so each one is worked out once
        and shared. The throws' are by a move's key, then by their steps; the cards' by
        start and target. Every walk a throw of the dice makes (2 to ``THROW_MOST`` steps
        with their parity, either way: 3,360 on this board) is made with the board, the
        rest (Mr. Monopoly's, ...) at first use."""
        for start in range(size):  # every walk a throw makes, made with the board
            for steps in range(2, THROW_MOST + 1):
                for backwards in (False, True):
                    self.walk(start, steps, steps % 2 == 0, backwards)

    def _twins(self, kinds: tuple[str, ...]) -> tuple[int, ...]:
        twins = [-1] * self.size
        for s in self.spaces:
            if s.kind in kinds and s.extra.get("twin") is not None:
                twins[s.index] = int(s.extra["twin"])
        for i, j in enumerate(twins):
            if j < 0:
                continue
            if not 0 <= j < self.size or twins[j] != i or self._track[j] == self._track[i]:
                raise ValueError(f"'{self.spaces[i].name}' ({i}) and its twin {j} are not "
                                 "each other's twins on two tracks")
        return tuple(twins)

    def _track_distances(self) -> dict[str, dict[str, int]]:
        """How many station rides apart each pair of tracks is."""
        links: dict[str, set[str]] = {t: set() for t in self.track_names}
        for i, j in enumerate(self._twin):
            if j >= 0:
                links[self._track[i]].add(self._track[j])
        far = len(self.track_names)
        out: dict[str, dict[str, int]] = {}
        for t in self.track_names:
            dist = {u: far for u in self.track_names}
            dist[t] = 0
            frontier = [t]
            while frontier:
                ahead: list[str] = []
                for u in frontier:
                    for v in sorted(links[u]):
                        if dist[v] > dist[u] + 1:
                            dist[v] = dist[u] + 1
                            ahead.append(v)
                frontier = ahead
            out[t] = dist
        return out

    # -- where a space is -------------------------------------------------------------

    def track_of(self, i: int) -> str:
        """The name of the track the space is on (``"middle"``, ``"outer"``, ``"inner"``)."""
        return self._track[i]

    def track_index(self, i: int) -> int:
        """The space's index on its own track (0 = the corner lining up with GO)."""
        return self._index[i]

    def index_of(self, track: str, n: int) -> int:
        """The global index of a track's space ``n`` (counted round the track)."""
        return self._starts[track] + n % self._sizes[track]

    def track_size(self, track: str) -> int:
        return self._sizes[track]

    def side_length(self, track: str) -> int:
        """Spaces from one corner of the track to the next (10 middle, 14 outer, 6 inner)."""
        return self._sizes[track] // 4

    def side_of(self, i: int) -> int:
        """Which side of the board the space is on: 0 (GO's corner to Jail's, along the
        bottom) to 3; a corner is on the side it begins."""
        return self._index[i] // (self._sizes[self._track[i]] // 4)

    def corners(self, track: str) -> tuple[int, ...]:
        """The four corners of a track, from the one lining up with GO, clockwise."""
        side = self._sizes[track] // 4
        return tuple(self._starts[track] + k * side for k in range(4))

    def next_space(self, i: int, backwards: bool = False) -> int:
        """The next space along the space's own track (clockwise, or counter-clockwise
        ``backwards``), round the corner from the last to the first."""
        return self._prev[i] if backwards else self._next[i]

    def station_twin(self, i: int) -> int:
        """The other space of the transit station ``i`` is on, -1 if it is not a station."""
        return self._twin[i]

    def is_station(self, i: int) -> bool:
        return self._twin[i] >= 0

    def tunnel_twin(self, i: int) -> int:
        """The other Holland Tunnel, -1 if ``i`` is not a Holland Tunnel."""
        return self._tunnel[i]

    def deed_at(self, i: int) -> int:
        """The title deed the space stands for: itself for a street, railroad, utility or
        cab company, its railroad for a transit twin, -1 for a space without one."""
        return self._deed[i]

    def is_pay_corner(self, i: int) -> bool:
        return self._pay[i]

    # -- the board map ----------------------------------------------------------------

    def sides(self, track: str) -> list[list[int]]:
        """The spaces along each side of a track as ``Words.layout()`` gives them: four
        sides from the corner lining up with GO, clockwise, each starting with its corner."""
        start, side = self._starts[track], self._sizes[track] // 4
        return [[start + k * side + j for j in range(side)] for k in range(4)]

    def layouts(self) -> dict[str, list[list[int]]]:
        """Every track's :meth:`sides`, innermost (smallest) first, as a board map of rings
        drawn from the inside out wants them."""
        ordered = sorted(self.track_names, key=lambda t: self._sizes[t])
        return {t: self.sides(t) for t in ordered}

    # -- moves ------------------------------------------------------------------------

    def _table(self, ride: bool, backwards: bool) -> tuple[int, ...]:
        """Where one step leads from each space."""
        if backwards:
            return self._ride_prev if ride and self.ride_backwards else self._prev
        return self._ride_next if ride else self._next

    def _walk(self, start: int, steps: list[int], backwards: bool) -> Walk:
        pay = self._pay
        adjacent = self._prev if backwards else self._next
        rides: list[int] = []
        passed: list[int] = []
        here = start
        last = len(steps) - 1
        for n, there in enumerate(steps):
            if there != adjacent[here]:
                rides.append(here)
            if n < last and pay[there]:
                passed.append(there)
            here = there
        landed = steps[-1] if steps and pay[steps[-1]] else -1
        return Walk(start, tuple(steps), tuple(passed), landed, tuple(rides), backwards)

    def walk(self, start: int, steps: int, even: bool, backwards: bool = False) -> Walk:
        """The move a throw makes: ``steps`` spaces from ``start`` (clockwise, or
        counter-clockwise ``backwards``), riding every transit station stepped on (or
        started on) before the last step when ``even``, staying on the track when odd."""
        if steps < 0:
            raise ValueError(f"a walk has no negative steps ({steps}): walk backwards")
        if not 0 <= start < self.size:
            return self._make_walk(start, steps, even, backwards)
        # (a table of lists by number, not a dict: the compiled build would make an object
        # of each key to look it up)
        key = start * 4 + (2 if even else 0) + (1 if backwards else 0)
        walks = self._walks[key]
        if steps < len(walks):
            made = walks[steps]
            if made is not None:
                return made
        else:
            walks.extend([None] * (steps + 1 - len(walks)))
        orbit = self._orbits[key]
        if steps <= len(orbit):
            made = self._orbit_walk(key, start, orbit, steps, backwards)
        else:  # (round past its start again: an odd throw round the inner track)
            made = self._make_walk(start, steps, even, backwards)
        walks[steps] = made
        return made

    def _orbit_walk(self, key: int, start: int, orbit: tuple[int, ...], steps: int,
                    backwards: bool) -> Walk:
        """The walk of the first ``steps`` spaces of ``orbit`` (of the move's ``key``), from
        the places in the orbit of its pay corners and of its rides: what :meth:`_walk`
        finds stepping along it."""
        last = steps - 1
        passed = tuple([orbit[n] for n in self._orbit_pays[key] if n < last])
        landed = orbit[last] if last >= 0 and self._pay[orbit[last]] else -1
        ridden = tuple([orbit[n - 1] if n else start for n in self._orbit_rides[key]
                        if n < steps])
        return Walk(start, orbit[:steps], passed, landed, ridden, backwards)

    def _make_walk(self, start: int, steps: int, even: bool, backwards: bool) -> Walk:
        table = self._table(even, backwards)
        out: list[int] = []
        here = start
        for _ in range(steps):
            here = table[here]
            out.append(here)
        return self._walk(start, out, backwards)

    def _search(self, start: int, even: bool, backwards: bool, target: int,
                wanted: Callable[[int], bool] | None) -> Walk | None:
        table = self._table(even, backwards)
        out: list[int] = []
        here = start
        for _ in range(self.size):
            here = table[here]
            if here == start:
                return None
            out.append(here)
            if here == target or (wanted is not None and wanted(here)):
                return self._walk(start, out, backwards)
        return None

    def walk_to(self, start: int, target: int, even: bool,
                backwards: bool = False) -> Walk | None:
        """The walk forward (or ``backwards``) to exactly ``target`` under the parity rule
        (even: ride every station stepped on or started on; odd: stay on the track), None
        if it comes back to ``start`` first (or ``target`` is ``start``). To stop on either
        space of a station, use :meth:`first_forward` with :meth:`deed_at`."""
        return self._search(start, even, backwards, target, None)

    def first_forward(self, start: int, even: bool, wanted: Callable[[int], bool],
                      backwards: bool = False) -> Walk | None:
        """The walk to the first space ahead (behind, ``backwards``) for which ``wanted``
        is true, under the parity rule; None if the walk comes back to ``start`` before
        finding one (the token stays: ruling 10). ``start`` itself is never wanted.
        Mr. Monopoly: ``wanted`` is "an unowned deed" or "a deed I owe rent on" (through
        :meth:`deed_at`); the Bus: "a Chance or Community Chest space"."""
        return self._search(start, even, backwards, -1, wanted)

    def orbit(self, start: int, even: bool, backwards: bool = False) -> tuple[int, ...]:
        """Every space a walk from ``start`` reaches under the parity rule, in order, until
        it comes back to ``start`` (not included): what a bonus move or the Auction space's
        "highest rent you can reach" can choose from. (Its first ``n`` spaces are the steps of
        ``walk(start, n, even, backwards)``.)"""
        if 0 <= start < self.size:
            return self._orbits[start * 4 + (2 if even else 0) + (1 if backwards else 0)]
        return self._make_orbit(start, even, backwards)

    def _make_orbit(self, start: int, even: bool, backwards: bool) -> tuple[int, ...]:
        table = self._table(even, backwards)
        out: list[int] = []
        here = table[start]
        while here != start and len(out) < self.size:
            out.append(here)
            here = table[here]
        return tuple(out)

    def orbit_deeds(self, start: int, even: bool, backwards: bool = False) -> tuple[int, ...]:
        """The title deed each space of :meth:`orbit` stands for (:meth:`deed_at`: -1 for a
        space without one), in the orbit's order: what Mr. Monopoly looks along."""
        if 0 <= start < self.size:
            return self._orbit_deeds[start * 4 + (2 if even else 0) + (1 if backwards else 0)]
        deed = self._deed
        return tuple([deed[s] for s in self._make_orbit(start, even, backwards)])

    def card_walk(self, start: int, target: int) -> Walk:
        """The way a card's "advance to" goes (see the module's docstring): forward along
        the token's track, riding the first station that leads nearer the target's track,
        until on the target's track, then forward to the target. The same track: forward,
        no rides (a full lap to the space the token stands on). Kept once made, as the throws'
        walks are."""
        size = self.size
        if not (0 <= start < size and 0 <= target < size):
            return self._make_card_walk(start, target)
        key = start * size + target
        made = self._card_walks[key]
        if made is None:
            made = self._card_walks[key] = self._make_card_walk(start, target)
        return made

    def _make_card_walk(self, start: int, target: int) -> Walk:
        goal = self._track[target]
        distance = self._distance
        out: list[int] = []
        here = start
        for _ in range(4 * self.size):
            if self._track[here] == goal:
                break
            twin = self._twin[here]
            if twin >= 0 and distance[self._track[twin]][goal] < distance[self._track[here]][goal]:
                if twin == target:
                    out.append(target)
                    return self._walk(start, out, False)
                here = self._next[twin]
            else:
                here = self._next[here]
            out.append(here)
            if here == target:
                return self._walk(start, out, False)
        else:
            raise ValueError(f"no way from {start} to the {goal} track")
        for _ in range(self.size):
            here = self._next[here]
            out.append(here)
            if here == target:
                return self._walk(start, out, False)
        raise ValueError(f"{target} is not on the {goal} track")

    # -- travel vouchers --------------------------------------------------------------

    def _voucher_paths(self, start: int) -> dict[int, tuple[int, ...]]:
        out: dict[int, tuple[int, ...]] = {}
        self._voucher_explore(start, start, self._to_corner(start), (), out)
        return out

    def _to_corner(self, i: int) -> int:
        """Steps from ``i`` to the corner that ends its side, along its track."""
        side = self._sizes[self._track[i]] // 4
        n = self._index[i]
        return (n // side + 1) * side - n

    def _voucher_explore(self, start: int, here: int, left: int, path: tuple[int, ...],
                         out: dict[int, tuple[int, ...]]) -> None:
        if len(path) > self.size:
            return
        if left > 0:
            there = self._next[here]
            way = (*path, there)
            if there != start and there not in out:
                out[there] = way
            self._voucher_explore(start, there, left - 1, way, out)
        twin = self._twin[here]
        if twin >= 0:
            left = self._to_corner(twin)
            there = self._next[twin]
            way = (*path, there)
            if there != start and there not in out:
                out[there] = way
            self._voucher_explore(start, there, left - 1, way, out)

    def voucher_targets(self, start: int) -> tuple[int, ...]:
        """Where a Travel Voucher can take a token on ``start`` (rulings 5 and 14): every
        space ahead on its side of its track up to the corner ending it, and, riding a
        station passed (or the one it stands on), the spaces after the station's twin up to
        the linked track's corner ending the same side. The track's own spaces first, in
        order, then those after each ride."""
        return self._voucher_targets[start]

    def is_voucher_target(self, start: int, target: int) -> bool:
        """Whether a Travel Voucher can take a token on ``start`` to ``target`` (one of
        :meth:`voucher_targets`)."""
        return target in self._vouchers[start]

    def anywhere_but(self, start: int) -> tuple[int, ...]:
        """Every space but ``start``, in board order (a direct move to any other space)."""
        return self._anywhere_but[start]

    def voucher_walk(self, start: int, target: int) -> Walk:
        """The voucher move from ``start`` to one of its :meth:`voucher_targets`
        (ValueError for any other space)."""
        path = self._vouchers[start].get(target)
        if path is None:
            raise ValueError(f"a Travel Voucher does not take {self.spaces[start].name} "
                             f"({start}) to {self.spaces[target].name} ({target})")
        return self._walk(start, list(path), False)

    # -- pay corners ------------------------------------------------------------------

    def corner_salary(self, i: int, how: str, even: bool, by_dice: bool) -> int:
        """What space ``i`` pays as a pay corner (0 for any other space):
        :func:`corner_pay`, read from the table the board made of it."""
        at = 12 * i + (2 if even else 0) + (1 if by_dice else 0)
        if how == LAND:
            at += 4
        elif how != PASS:
            at += 8
        return self._salaries[at]

    def salary(self, walk: Walk, even: bool, by_dice: bool = True) -> int:
        """What a walk's pay corners pay together: passing ones (forward only) and the one
        it ends on. ``by_dice=False`` for a card, voucher or Mr. Monopoly move (ruling 12:
        the highest amounts). Cards that print their own amount leave this aside."""
        total = 0
        for c in pay_corners_passed(walk):
            total += self.corner_salary(c, PASS, even, by_dice)
        if walk.landed >= 0:
            total += self.corner_salary(walk.landed, LAND, even, by_dice)
        return total

    # -- the single-track Board API -----------------------------------------------------

    def advance(self, position: int, steps: int) -> tuple[int, bool]:
        """Where a throw of ``steps`` leads (its parity rides the stations; negative:
        backwards) and whether GO was passed or landed on going forward."""
        if steps < 0:
            return self.walk(position, -steps, steps % 2 == 0, backwards=True).end, False
        w = self.walk(position, steps, steps % 2 == 0)
        go = any(self.spaces[c].kind == "go" for c in w.passed) or \
            (w.landed >= 0 and self.spaces[w.landed].kind == "go")
        return w.end, go

    def nearest(self, position: int, kind: str) -> int:
        """The first space of ``kind`` ahead along the token's own track (not counting
        ``position``); if its track has none, the first one an even walk reaches."""
        spaces = self.spaces
        for even in (False, True):
            w = self.first_forward(position, even, lambda i: spaces[i].kind == kind)
            if w is not None:
                return w.end
        raise ValueError(f"no {kind} on the board")

    def card_nearest(self, start: int, wanted: Callable[[int], bool]) -> int:
        """The cards' "nearest" space for which ``wanted`` is true: the first ahead on the
        token's own track, or, with none there, the one a card's walk reaches in the fewest
        steps (-1: none at all)."""
        here = self.next_space(start)
        while here != start:
            if wanted(here):
                return here
            here = self.next_space(here)
        best = -1
        best_steps = 0
        for s in range(self.size):
            if s != start and wanted(s):
                steps = len(self.card_walk(start, s).steps)
                if best < 0 or steps < best_steps:
                    best = s
                    best_steps = steps
        return best

    def find_deed(self, name: str | int) -> int:
        """The title deed a space stands for, by name, alias or index (a transit twin gives
        its railroad); ValueError for a space without one."""
        i = self.find(name)
        d = self._deed[i]
        if d < 0:
            raise ValueError(f"'{self.spaces[i].name}' has no title deed")
        return d


def board_from_data(data: EditionData, ride_backwards: bool = True) -> UltimateMonopolyBoard:
    """The edition's board from its loaded data (``load_edition_data`` builds a plain
    :class:`Board`): the same spaces and groups with the data file's ``"tracks"`` table."""
    groups: Mapping[str, Mapping[str, Any]] = data.raw.get("groups", {})
    return UltimateMonopolyBoard(data.board.spaces, groups, data.raw["tracks"],
                                 ride_backwards=ride_backwards)
