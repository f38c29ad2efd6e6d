"""The room service: rooms of people and bots playing one game, kept in a :class:`Store`.

A room's game is rebuilt from what is stored (edition, options, seed, the seats' names and
the accepted actions, replayed in order: history is the truth) and kept in memory as a
cache. An action from a seat is read from its JSON, judged by the engine for that seat
(``why_illegal``), carried out, and stored under the next index before anyone hears of
it; bots in bot seats then answer their decisions the same way, each answer stored like a
person's. A refused action changes nothing and comes back with the engine's reason.

Before judging an action the room catches up with the store (actions another server
process stored), and storing under an index already taken (another process was quicker)
drops the cached game, so the next call rebuilds it from the store.

The live auction (Ultimate Banking's ``auction-timer`` above 0) runs on the server's clock:
bots do not answer it at once; :meth:`RoomService.auction_clock` tells the server what
each bot in the auction means to do (press or pass), and :meth:`RoomService.clock_act`
carries out a bot's press or pass, or the ``time-up`` when the timer ran out with no
press, each refused if the game has moved on since the clock read it. People press with
the ``bid`` button; ``time-up`` is the clock's alone.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import secrets
import threading
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pennybags.bots import Bot, make_bot
from pennybags.editions import get_edition, words_for
from pennybags.engine.actions import Action, IllegalAction
from pennybags.engine.game import Game
from pennybags.engine.notation import action_from_json, action_to_json
from pennybags.engine.options import options_dict
from pennybags.engine.words import Words
from pennybags.narration import Narrator
from pennybags.web.panels import board_panels, state_panels
from pennybags.web.store import (
    LOBBY,
    OVER,
    PAUSED,
    PLAYING,
    IndexTaken,
    Retention,
    RoomRow,
    SeatRow,
    Store,
)

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Room codes use letters and digits that cannot be mistaken for each other (no I, O, 0, 1)."""
CODE_LENGTH = 6
NAME_LIMIT = 24
"""The longest player name, in characters."""
LOG_KEPT = 400
"""Lines of narration a room keeps in memory (the whole log can be told again by replay)."""
LOG_SENT = 40
"""Lines of narration sent with each state (as many as the page shows)."""
STATE_LEAD = ("type", "index", "status")
"""The members a state's JSON text begins with, in this order (then the seat's own part,
its choices first)."""
CLOCK_ACTIONS = ("bid", "pass", "time-up")
"""What the server's clock does in a live auction: a bot's press or pass, or the time-up."""
ROOMS_KEPT = 1000
"""Rooms whose games a service keeps in memory; the least recently used beyond these are
let go (and rebuilt from the store when they are wanted again)."""
ACTIONS_KEPT = 2000
"""Actions a room keeps written in the notation (a classic game lists a few hundred
different ones)."""
BOT_ANSWERS_LIMIT = 200_000
"""Bot answers in a row after which the room stops to let others in (a guard: bots finish
their decisions long before)."""


class RoomError(Exception):
    """A request about a room that cannot be met; the message is the reason, for the user."""


class NoSuchRoom(RoomError):
    """No room has this code."""


class NotHost(RoomError):
    """A host's request without the host's token."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """An unguessable token (192 random bits)."""
    return secrets.token_urlsafe(24)


def bot_seed(game_seed: int, seat: int) -> int:
    """A bot's seed, fixed by the game's seed and its seat (a rebuilt room's bots are the
    same bots)."""
    digest = hashlib.sha256(f"pennybags-web-bot/{game_seed}/{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def clean_name(value: Any, what: str = "a name") -> str:
    """A player's name as given, checked: text, 1 to :data:`NAME_LIMIT` characters, no
    control characters. (Fronts still escape it wherever they show it.)"""
    if not isinstance(value, str):
        raise RoomError(f"{what} is text, not {type(value).__name__}")
    name = " ".join(value.split())
    if not name:
        raise RoomError(f"{what} cannot be empty")
    if len(name) > NAME_LIMIT:
        raise RoomError(f"{what} is at most {NAME_LIMIT} characters")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise RoomError(f"{what} cannot hold control characters")
    return name


def live_auction(game: Game) -> bool:
    """Whether the game waits on a timed auction (its bid decisions take ``time-up``)."""
    pending = game.pending
    if game.over or not pending or pending[0].kind != "bid":
        return False
    return any(a.do == "time-up" for a in game.legal_actions(pending[0].player))


@dataclass(frozen=True)
class AuctionClock:
    """A live auction as the server's clock sees it."""

    index: int
    """The number of actions when it was read (the clock's actions are refused once the
    game has moved on)."""
    seconds: float
    """The timer: every press restarts it; when it runs out the last bidder wins."""
    bots: dict[int, str]
    """What each bot in the auction means to do: ``bid`` (press) or ``pass``."""


def check_bot(spec: Any, edition: str) -> str:
    """A bot's spec, checked for games of ``edition`` (RoomError naming what is wrong)."""
    if not isinstance(spec, str) or not spec.strip() or len(spec) > 200:
        raise RoomError("a bot is given by its spec, such as 'standard' or "
                        "'standard?reserve=300'")
    try:
        make_bot(spec.strip(), 0, edition)
    except ValueError as e:
        raise RoomError(str(e)) from None
    return spec.strip()


@dataclass(frozen=True)
class Shown:
    """A room's states as sent to its connections after a change."""

    signature: tuple[Any, ...]
    """The room's :meth:`Store.signature` that these states show."""
    texts: dict[int | None, str]
    """Each seat's state (None: a spectator's) as JSON text."""
    auction: bool
    """Whether the room waits on a live auction (its clock runs)."""
    bot_due: bool = False
    """Whether the room waits on a bot paced by the service's ``bot_delay`` (the server
    asks for its answer after that delay: :meth:`RoomService.bot_step`)."""


@dataclass(frozen=True)
class Outcome:
    """What became of an action: accepted (with the index it was stored under) or refused
    with a reason."""

    accepted: bool
    reason: str = ""
    index: int = -1


_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
"""A value as compact JSON text (one encoder made once: ``json.dumps`` with these
arguments makes a new one at every call)."""


_names: dict[str, str] = {}
"""Each member's name as JSON text with its colon (a state's parts have a few dozen
names)."""


def _name(key: str) -> str:
    name = _names[key] = _dumps(key) + ":"
    return name


class JsonParts:
    """A room's states written as JSON text part by part, each part that holds a list or
    an object kept as text while it stays equal to what it was (comparing is far quicker
    than writing): the deeds of a view are written once for every seat and again only
    when a deed changes hands or houses. Each part is compared with the latest one of its
    name (whichever seat it was written for: most parts are alike from seat to seat), then
    with the one last written for the same seat (a seat's choices, its own hand: alike
    from change to change). The values given must be built afresh for each call (a value
    changed in place after it was kept would be taken for the same)."""

    KEPT = 40
    """Parts kept at most under one name (``where`` and seat; a room has a dozen)."""

    def __init__(self) -> None:
        self._latest: dict[str, dict[str, tuple[Any, str]]] = {}
        """By ``where``, then by key: the latest value and its member's text."""
        self._seats: dict[tuple[str, int | None], dict[str, tuple[Any, str]]] = {}
        """By ``where`` and seat, then by key: the value last written for that seat."""
        self._small: dict[str, dict[tuple[tuple[str, Any, type], ...], str]] = {}
        """By ``where``: the members that are neither lists nor objects, by their keys,
        values and types, as text."""

    def members(self, obj: Mapping[str, Any], where: str = "",
                seat: int | None = None) -> str:
        """The members of the JSON object ``obj``, without its braces (an object's keys
        come in any order): its lists and objects from what is kept under ``where`` (for
        ``seat``), the rest written in one go."""
        latest = self._latest.get(where)
        if latest is None:
            latest = self._latest[where] = {}
        own = self._seats.get((where, seat))
        if own is None:
            own = self._seats[(where, seat)] = {}
        parts = []
        small = []
        for key, value in obj.items():
            if not isinstance(value, (dict, list)):
                small.append((key, value, type(value)))
                continue
            if not value:
                name = _names.get(key) or _name(key)
                parts.append(name + ("{}" if type(value) is dict else "[]"))
                continue
            old = latest.get(key)
            # (the seats' views share their alike parts: the same object, no comparing)
            if old is None or (old[0] is not value and old[0] != value):
                old = own.get(key)
                if old is None or (old[0] is not value and old[0] != value):
                    name = _names.get(key) or _name(key)
                    old = (value, name + _dumps(value))
                    if len(own) >= self.KEPT:
                        own.clear()
                    own[key] = old
                if len(latest) >= self.KEPT:
                    latest.clear()
                latest[key] = old
            parts.append(old[1])
        if small:
            # (the members that are neither lists nor objects, as one text kept by their
            # values and types: True is not 1 in JSON)
            key_ = tuple(small)
            smalls = self._small.get(where)
            if smalls is None:
                smalls = self._small[where] = {}
            try:
                text = smalls.get(key_)
            except TypeError:  # (a value that cannot be hashed)
                text = _dumps({k: v for k, v, _ in small})[1:-1]
            else:
                if text is None:
                    if len(smalls) >= self.KEPT:
                        smalls.clear()
                    text = smalls[key_] = _dumps({k: v for k, v, _ in small})[1:-1]
            parts.append(text)
        return ",".join(parts)


class Views:
    """The seats' views of a game as :meth:`Game.view` gives them, made together: the
    spectator's view is made once, and each seat's is that view with the seat's own
    parts put in (its name, its own hand where hands are hidden, its legal actions with
    its decision), sharing every other part with it (the same objects, which
    :class:`JsonParts` writes once). Each seat's legal actions are listed once, for its
    view and its choices alike. An edition whose views differ from seat to seat beyond
    these (its own ``view_extra``) has each seat's view made by the engine.
    ``tests/test_web_views.py`` compares them with :meth:`Game.view` in every edition."""

    def __init__(self, game: Game, seats: Iterable[int | None],
                 written: dict[Action, dict[str, Any]] | None = None) -> None:
        self.game = game
        self._written = {} if written is None else written
        """Actions in the notation by action (``written``: kept with the game, whose
        actions are written alike from change to change: the names of spaces, players
        and cards do not change)."""
        self._listed: dict[int, tuple[list[Action], list[dict[str, Any]]]] = {}
        self._own_views = type(game).view_extra is not Game.view_extra
        self._base: dict[str, Any] | None = None
        if not self._own_views:
            self._base = game.view(None)
        self._own_keys = ("seat", "pending", "players") if game.hidden_hands else \
            ("seat", "pending")

    def legal(self, seat: int) -> tuple[list[Action], list[dict[str, Any]]]:
        """The seat's legal actions (:meth:`Game.legal_actions`) and each in the action
        notation (as its view lists them with its decision), listed once."""
        listed = self._listed.get(seat)
        if listed is None:
            game = self.game
            legal = game.legal_actions(seat)
            kept = self._written
            if len(kept) > ACTIONS_KEPT:
                kept.clear()
            written = []
            for a in legal:
                w = kept.get(a)
                if w is None:
                    w = action_to_json(game, a)
                    if a.trade is None:  # (a trade's parts are written afresh)
                        kept[a] = w
                written.append(w)
            listed = self._listed[seat] = (legal, written)
        return listed

    def common(self) -> dict[str, Any]:
        """The members every seat's view has alike (empty when each seat's view is the
        engine's own)."""
        base = self._base
        if base is None:
            return {}
        own = self._own_keys
        return {k: v for k, v in base.items() if k not in own}

    def own_part(self, seat: int | None) -> dict[str, Any]:
        """The members of the seat's view that are not :meth:`common` (the seat's name,
        the pending decisions with its legal actions, the players where hands are
        hidden)."""
        view = self.view(seat)
        if self._base is None:
            return view
        return {k: view[k] for k in self._own_keys if k in view}

    def view(self, seat: int | None) -> dict[str, Any]:
        """What :meth:`Game.view` gives for ``seat`` (None: a spectator); the parts seats
        see alike are shared between the views given (not to be changed in place)."""
        base = self._base
        game = self.game
        if base is None:
            return game.view(seat)
        if seat is None:
            return base
        if not 0 <= seat < len(game.players):
            raise ValueError(f"there is no seat {seat}")
        out = dict(base)
        out["seat"] = game.name(seat)
        if game.hidden_hands:
            players = list(base["players"])
            entry = {k: v for k, v in players[seat].items() if k != "hand"}
            entry["cards"] = [game.decks[k].cards[i].id + "@" + k
                              for k, i in game.players[seat].cards]
            players[seat] = entry
            out["players"] = players
        pending = None
        for i, decision in enumerate(game.pending):
            if decision.player == seat:
                if pending is None:
                    pending = out["pending"] = list(base["pending"])
                item = dict(pending[i])
                item["actions"] = self.legal(seat)[1]
                pending[i] = item
        return out


@dataclass
class LiveRoom:
    """A room's game in memory, rebuilt from the store."""

    row: RoomRow
    game: Game | None = None
    bots: dict[int, Bot] = field(default_factory=dict)
    narrator: Narrator | None = None
    log: list[str] = field(default_factory=list)
    applied: int = 0
    """How many stored actions the game has applied."""
    version: int | None = None
    """The store's :meth:`~Store.version` when the room was last read from it (None: read
    it every time)."""
    lock: threading.RLock = field(default_factory=threading.RLock)
    texts: JsonParts = field(default_factory=JsonParts)
    """The parts of its states kept as JSON text."""
    words: Words | None = None
    """The edition's words for the game (made once: they read the game as it stands)."""
    written: dict[Action, dict[str, Any]] = field(default_factory=dict)
    """The game's legal actions in the notation, by action (:class:`Views`; not to be
    changed in place)."""

    log_texts: list[str] = field(default_factory=list)
    """Each line of :attr:`log` as JSON text (written once, not at every state)."""

    def tell(self) -> None:
        if self.narrator is not None:
            lines = self.narrator.take()
            if lines:
                self.log.extend(lines)
                self.log_texts.extend(map(_dumps, lines))
                del self.log[:-LOG_KEPT]
                del self.log_texts[:-LOG_KEPT]

    def log_text(self) -> str:
        """The last :data:`LOG_SENT` lines of the log as JSON text."""
        return "[" + ",".join(self.log_texts[-LOG_SENT:]) + "]"


class RoomService:
    """Rooms kept in a store, their games rebuilt on demand."""

    def __init__(self, store: Store, bot_delay: float = 0.0) -> None:
        if not 0 <= bot_delay <= 60:
            raise ValueError(f"a bot's delay is from 0 to 60 seconds, not {bot_delay}")
        self.store = store
        self.bot_delay = bot_delay
        """Seconds the bots take for each answer. 0: they answer at once, all in a row,
        when the game comes to them; above 0 they answer one at a time, when the server
        asks (:meth:`bot_step`, after this delay), so that people can follow."""
        self._rooms: OrderedDict[str, LiveRoom] = OrderedDict()
        """The rooms in memory, the least recently used first (at most
        :data:`ROOMS_KEPT`)."""
        self._lock = threading.Lock()

    # ------------------------------------------------------------ rooms

    def create(self, spec: Mapping[str, Any]) -> tuple[str, str]:
        """Create a room from its request (``edition``, ``options``, ``seats``: a list of
        ``{"name": ...}`` for a person, ``{"bot": "standard", "name": ...}`` for a bot; a
        person's name may be left to whoever joins; ``seed`` to play a known game, random
        when left out). Returns the room code and the host's
        token. Raises RoomError with the reason."""
        unknown = sorted(str(k) for k in spec if k not in ("edition", "options", "seats",
                                                            "seed"))
        if unknown:
            raise RoomError(f"unknown field(s): {', '.join(unknown)[:80]}; a room has "
                            "edition, options, seats and seed")
        edition_id = spec.get("edition", "classic")
        if not isinstance(edition_id, str):
            raise RoomError("'edition' is an edition's id, such as 'classic'")
        try:
            edition = get_edition(edition_id)
        except ValueError as e:
            raise RoomError(str(e)) from None
        options = spec.get("options") or {}
        if not isinstance(options, Mapping):
            raise RoomError("'options' maps option names to values")
        try:
            parsed = edition.options(options)
        except ValueError as e:
            raise RoomError(str(e)) from None
        seats_in = spec.get("seats")
        low, high = edition.players
        if not isinstance(seats_in, list) or not low <= len(seats_in) <= high:
            raise RoomError(f"{edition.name} is for {low} to {high} players: 'seats' is a "
                            f"list of {low} to {high} seats")
        seats: list[SeatRow] = []
        bots = 0
        for i, entry in enumerate(seats_in):
            if not isinstance(entry, Mapping):
                raise RoomError(f"seat {i + 1} should be {{\"name\": ...}} or "
                                "{\"bot\": \"standard\"}")
            unknown = sorted(str(k) for k in entry if k not in ("name", "bot"))
            if unknown:
                raise RoomError(f"seat {i + 1} has unknown field(s): {', '.join(unknown)}")
            bot = check_bot(entry["bot"], edition.id) if entry.get("bot") is not None \
                else None
            name = clean_name(entry["name"], f"the name of seat {i + 1}") \
                if entry.get("name") else ""
            if bot is not None and not name:
                bots += 1
                name = f"Bot {bots}"
            seats.append(SeatRow(seat=i, name=name, bot=bot))
        self._check_names(seats)
        seed = spec.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**63)
        elif type(seed) is not int or not 0 <= seed < 2**63:
            raise RoomError("'seed' is a whole number from 0 to 2**63 - 1 (leave it out for "
                            "a random game)")
        row = RoomRow(code="", edition=edition.id, options=options_dict(parsed),
                      seed=seed, state=LOBBY, seats=seats,
                      created=time.time())
        host = new_token()
        for _ in range(20):
            row.code = new_code()
            if self.store.room(row.code) is None:
                self.store.create_room(row, host)
                return row.code, host
        raise RoomError("no free room code was found; try again")

    @staticmethod
    def _check_names(seats: Sequence[SeatRow]) -> None:
        seen: set[str] = set()
        for s in seats:
            key = s.name.casefold()
            if not key:
                continue
            if key in seen:
                raise RoomError(f"two seats are called '{s.name}': names must differ")
            seen.add(key)

    def row(self, code: str) -> RoomRow:
        row = self.store.room(code.upper()) if isinstance(code, str) and \
            len(code) <= 16 else None
        if row is None:
            raise NoSuchRoom("there is no such room")
        return row

    def info(self, code: str) -> dict[str, Any]:
        """What anyone may know of a room: its edition, state and seats (no tokens)."""
        row = self.row(code)
        edition = get_edition(row.edition)
        return {
            "room": row.code,
            "edition": row.edition,
            "edition_name": edition.name,
            "options": row.options,
            "state": row.state,
            "seats": [{"seat": s.seat, "name": s.name or None,
                       "kind": "bot" if s.is_bot else "person", "bot": s.bot,
                       "taken": s.taken} for s in row.seats],
            "actions": self.store.action_count(row.code),
        }

    def join(self, code: str, seat: Any, name: Any = None) -> str:
        """Take a free person's seat: the seat's token (keep it: it is the seat)."""
        row = self.row(code)
        if type(seat) is not int or not 0 <= seat < len(row.seats):
            raise RoomError(f"there is no seat {seat!r}: the seats are 0 to "
                            f"{len(row.seats) - 1}")
        s = row.seats[seat]
        if s.is_bot:
            raise RoomError(f"seat {seat} is a bot's")
        if s.taken:
            raise RoomError(f"seat {seat} is taken")
        if row.state == LOBBY:
            if name is None or name == "":
                if not s.name:
                    raise RoomError("give your name to take this seat")
                chosen = s.name
            else:
                chosen = clean_name(name, "your name")
            others = [o for o in row.seats if o.seat != seat]
            self._check_names([*others, SeatRow(seat=seat, name=chosen)])
        else:
            chosen = s.name  # the game has started: its names are fixed
        token = new_token()
        if not self.store.take_seat(row.code, seat, chosen, token):
            raise RoomError(f"seat {seat} was taken meanwhile")
        self._forget(row.code)
        return token

    def seat_of(self, code: str, token: Any) -> int:
        """The seat a token holds (RoomError: none)."""
        row = self.row(code)
        seat = self.store.seat_of_token(row.code, token) \
            if isinstance(token, str) and 0 < len(token) <= 100 else None
        if seat is None:
            raise RoomError("this token holds no seat in this room")
        return seat

    def _host(self, code: str, token: Any) -> RoomRow:
        row = self.row(code)
        if not isinstance(token, str) or not self.store.is_host(row.code, token):
            raise NotHost("only the room's host may do that (the host token is wrong)")
        return row

    def start(self, code: str, host_token: Any) -> None:
        """The host starts the game: every person's seat must be taken (or given to a
        bot)."""
        row = self._host(code, host_token)
        if row.state != LOBBY:
            raise RoomError("the game has started already")
        free = [s.seat for s in row.seats if not s.is_bot and not s.taken]
        if free:
            raise RoomError(f"seat(s) {', '.join(map(str, free))} have nobody: wait for "
                            "players to join or give the seats to bots")
        self.store.set_state(row.code, PLAYING)
        self._forget(row.code)
        live = self._live(row.code)
        with live.lock:
            self._run_bots(live)

    def pause(self, code: str, host_token: Any, paused: bool) -> None:
        """The host pauses the game (no action is taken, bots wait) or plays on."""
        row = self._host(code, host_token)
        if row.state not in (PLAYING, PAUSED):
            raise RoomError("only a game in play can be paused or resumed")
        self.store.set_state(row.code, PAUSED if paused else PLAYING)
        self._forget(row.code)
        if not paused:
            live = self._live(row.code)
            with live.lock:
                self._run_bots(live)

    def set_bot(self, code: str, host_token: Any, seat: Any, bot: Any) -> None:
        """The host gives a seat to a bot (``bot``: its spec), or gives a bot's seat back
        to the person who holds its token (``bot`` None). In the lobby a free seat given
        to a bot is named after it unless it has a name."""
        row = self._host(code, host_token)
        if type(seat) is not int or not 0 <= seat < len(row.seats):
            raise RoomError(f"there is no seat {seat!r}")
        s = row.seats[seat]
        if bot is None:
            if not s.is_bot:
                raise RoomError(f"seat {seat} is a person's already")
            if row.state == LOBBY and not s.taken:
                self.store.set_bot(row.code, seat, None, "")
            else:
                self.store.set_bot(row.code, seat, None)
        else:
            spec = check_bot(bot, row.edition)
            name = None
            if not s.name:
                number = sum(1 for o in row.seats if o.is_bot) + 1
                taken = {o.name.casefold() for o in row.seats}
                while f"bot {number}" in taken:
                    number += 1
                name = f"Bot {number}"
            self.store.set_bot(row.code, seat, spec, name)
        self._forget(row.code)
        if row.state == PLAYING:
            live = self._live(row.code)
            with live.lock:
                self._run_bots(live)

    def sweep(self, retention: Retention, now: float, batch: int = 100) -> list[str]:
        """Delete what ``retention`` no longer keeps at ``now``: finished games and idle
        rooms (their games let go from memory too). The codes deleted."""
        finished_before, idle_before = retention.cutoffs(now)
        deleted: list[str] = []
        while True:
            codes = self.store.sweep(finished_before, idle_before, batch)
            for code in codes:
                self._forget(code)
            deleted += codes
            if len(codes) < batch:
                return deleted

    # ------------------------------------------------------------ the game

    def _forget(self, code: str) -> None:
        with self._lock:
            self._rooms.pop(code, None)

    def _live(self, code: str) -> LiveRoom:
        """The room's game in memory, rebuilt from the store if need be, caught up with
        every action stored since. When the store tells that nobody else has written
        to it since the room was last read (:meth:`Store.version`), the room in memory is
        the room as stored: it is not read again."""
        version = self.store.version()
        if version is not None and isinstance(code, str):
            with self._lock:
                cached = self._rooms.get(code.upper())
                if cached is not None:
                    self._rooms.move_to_end(cached.row.code)
            if cached is not None and cached.version == version:
                return cached
        row = self.row(code)
        with self._lock:
            live = self._rooms.get(row.code)
            if live is not None and _seating(live.row) != _seating(row):
                live = None  # seats changed (in another process): build again
            if live is None:
                live = LiveRoom(row=row)
                self._rooms[row.code] = live
                while len(self._rooms) > ROOMS_KEPT:  # (rebuilt from the store if needed)
                    self._rooms.popitem(last=False)
            else:
                live.row = row  # (the same seating: who has taken a seat may differ)
            self._rooms.move_to_end(row.code)
        with live.lock:
            built = False
            if live.row.state != LOBBY and live.game is None:
                self._build(live)
                built = True
            self._catch_up(live)
            if built:
                # (a server stopped between a person's answer and the bots' answers: they
                # answer now)
                self._run_bots(live)
            live.version = version
        return live

    def _build(self, live: LiveRoom) -> None:
        row = live.row
        edition = get_edition(row.edition)
        game = edition.new_game([s.name for s in row.seats], seed=row.seed,
                                options=row.options)
        live.game = game
        live.words = words_for(game)
        live.narrator = Narrator(game)
        game.listeners.append(live.narrator)
        live.bots = {s.seat: make_bot(s.bot, bot_seed(row.seed, s.seat))
                     for s in row.seats if s.bot is not None}
        live.applied = 0
        live.log = []
        live.log_texts = []
        live.written = {}

    def _catch_up(self, live: LiveRoom) -> None:
        game = live.game
        if game is None:
            return
        for stored in self.store.actions(live.row.code, live.applied):
            seat = stored.seat
            bot = live.bots.get(seat)
            if bot is not None and game.decision_for(seat) is not None:
                # only warming the bot's own state (what it has offered, its random
                # numbers): its answer is the stored one
                with contextlib.suppress(Exception):
                    bot.choose(game, seat)
            try:
                game.act(seat, action_from_json(game, seat, stored.action))
            except (IllegalAction, ValueError) as e:
                raise RoomError(f"room {live.row.code} cannot be replayed: action "
                                f"{stored.index} is refused ({e})") from None
            live.applied += 1
        live.tell()

    def act(self, code: str, seat: int, obj: Any, seen: int | None = None) -> Outcome:
        """An action of ``seat`` (its JSON). Refused with a reason, changing nothing,
        unless the room is playing, the action reads and the engine allows it; with
        ``seen`` (the number of actions the sender's state showed), refused too when the
        game has moved on since. Accepted actions are stored, then the bots answer."""
        return self.act_and_show(code, seat, obj, seen)[0]

    def act_and_show(self, code: str, seat: int, obj: Any, seen: int | None = None,
                     seats: Iterable[int | None] = ()) -> tuple[Outcome, Shown | None]:
        """:meth:`act`, and when the action is accepted the room's states for ``seats``
        as :meth:`show` gives them, built from the game as it stands after the action (and
        the bots' answers) with no second look at the store."""
        live = self._live(code)
        with live.lock:
            outcome = self._act(live, seat, obj, seen)
            if not outcome.accepted:
                return outcome, None
            if self._cached(live):
                return outcome, self._show(live, seats)
        # (another writer was quicker with a bot's answer: the room is rebuilt)
        return outcome, self.show(code, seats)

    def _cached(self, live: LiveRoom) -> bool:
        """Whether ``live`` is still the room's game in memory (not dropped because
        another writer stored an index first)."""
        with self._lock:
            return self._rooms.get(live.row.code) is live

    def _act(self, live: LiveRoom, seat: int, obj: Any, seen: int | None) -> Outcome:
        game = live.game
        if live.row.state == LOBBY or game is None:
            return Outcome(False, "the game has not started")
        if live.row.state == PAUSED:
            return Outcome(False, "the game is paused by the host")
        if game.over:
            return Outcome(False, "the game is over")
        if seen is not None and seen != live.applied:
            return Outcome(False, f"the game has moved on (your state shows {seen} "
                                  f"actions, the game has {live.applied}): look again")
        seat_row = live.row.seats[seat]
        if seat_row.is_bot:
            return Outcome(False, "a bot plays this seat now; the host can give it "
                                  "back to you")
        if isinstance(obj, Mapping) and "player" in obj:
            who = obj["player"]
            if isinstance(who, bool) or who not in (seat_row.name, seat):
                return Outcome(False, f"you play seat {seat} ({seat_row.name}): you "
                                      f"cannot act for {str(who)[:40]}")
        try:
            action = action_from_json(game, seat, obj)
        except ValueError as e:
            return Outcome(False, str(e))
        if action.do == "time-up":
            return Outcome(False, "the server's clock ends a live auction: press to "
                                  "bid, or pass")
        reason = game.why_illegal(seat, action)
        if reason is not None:
            return Outcome(False, reason)
        index = live.applied
        if not self._commit(live, seat, action):
            return Outcome(False, "another action was taken at the same moment: look "
                                  "again")
        self._run_bots(live)
        return Outcome(True, index=index)

    def _commit(self, live: LiveRoom, seat: int, action: Action) -> bool:
        """Carry out a legal action and store it; False (the cached game dropped, to be
        rebuilt from the store) when another writer stored this index first."""
        game = live.game
        assert game is not None
        entry = action_to_json(game, action)
        try:
            game.act(seat, action)
            self.store.append_action(live.row.code, live.applied, seat, entry)
        except IndexTaken:
            self._forget(live.row.code)
            return False
        except BaseException:
            self._forget(live.row.code)
            raise
        live.applied += 1
        if game.over and live.row.state != OVER:
            self.store.set_state(live.row.code, OVER)
            live.row.state = OVER
        return True

    def _run_bots(self, live: LiveRoom) -> None:
        """Let the bots answer their decisions, each answer stored, until the game waits
        on a person (or is over, or paused); with a :attr:`bot_delay` they wait for the
        server to ask for each answer (:meth:`bot_step`)."""
        if self.bot_delay == 0:
            for _ in range(BOT_ANSWERS_LIMIT):
                seat = self._bot_due(live)
                if seat is None or not self._bot_answer(live, seat):
                    break
        live.tell()

    @staticmethod
    def _bot_due(live: LiveRoom) -> int | None:
        """The bot whose answer the game waits for (None: none, or the game is over or
        paused, or in a live auction, whose bots answer on the server's clock)."""
        game = live.game
        if game is None or game.over or live.row.state != PLAYING or live_auction(game):
            return None
        return next((d.player for d in game.pending if d.player in live.bots), None)

    def _bot_answer(self, live: LiveRoom, seat: int) -> bool:
        """The bot's answer to its decision, carried out and stored (False: no answer
        could be given, or another writer stored this index first)."""
        game = live.game
        assert game is not None
        try:
            action: Action | None = live.bots[seat].choose(game, seat)
        except Exception:  # a bot's failure must not stop the room: play a legal move
            action = None
        if action is None or game.why_illegal(seat, action) is not None:
            legal = game.legal_actions(seat)
            if not legal:
                return False
            action = legal[0]
        return self._commit(live, seat, action)

    def bot_step(self, code: str, seen: int,
                 seats: Iterable[int | None] = ()) -> tuple[Outcome, Shown | None]:
        """One bot's answer (bots paced by :attr:`bot_delay`), refused if the game has
        moved on since ``seen`` or waits on no bot; when it is accepted, the room's states
        for ``seats`` as :meth:`show` gives them."""
        live = self._live(code)
        with live.lock:
            if live.applied != seen:
                return Outcome(False, "the game has moved on"), None
            seat = self._bot_due(live)
            if seat is None:
                return Outcome(False, "the game waits on no bot"), None
            index = live.applied
            if not self._bot_answer(live, seat):
                return Outcome(False, "another action was taken at the same moment"), None
            live.tell()
            return Outcome(True, index=index), self._show(live, seats)

    # ------------------------------------------------------------ the live auction

    def timed_rooms(self) -> list[str]:
        """The rooms in play whose house rules time auctions (``auction-timer`` above 0):
        those that may wait on a live auction, whose clock a starting server winds."""
        codes = []
        for code in self.store.room_codes(PLAYING):
            row = self.store.room(code)
            timer = row.options.get("auction-timer") if row is not None else None
            if isinstance(timer, (int, float)) and timer > 0:
                codes.append(code)
        return codes

    def auction_clock(self, code: str) -> AuctionClock | None:
        """The live auction the room waits on (None: none), with what each of its bots
        means to do."""
        live = self._live(code)
        with live.lock:
            game = live.game
            if game is None or live.row.state != PLAYING or not live_auction(game):
                return None
            plans: dict[int, str] = {}
            for decision in game.pending:
                bot = live.bots.get(decision.player)
                if bot is None:
                    continue
                try:
                    choice: Action | None = bot.choose(game, decision.player)
                except Exception:  # a failing bot stays out of the auction
                    choice = None
                if choice is None or choice.do not in ("bid", "pass") or \
                        game.why_illegal(decision.player, choice) is not None:
                    plans[decision.player] = "pass"
                else:
                    plans[decision.player] = choice.do
            seconds = float(words_for(game).auction_timer() or 5)
            return AuctionClock(index=live.applied, seconds=seconds, bots=plans)

    def clock_act(self, code: str, seat: int | None, what: str, seen: int) -> Outcome:
        """The server's clock in a live auction: a bot's press (``bid``) or ``pass``, or
        (``seat`` None) ``time-up``. Refused, changing nothing, when the game has moved on
        since the clock read it (``seen``), or the room waits on no live auction."""
        if what not in CLOCK_ACTIONS:
            raise ValueError(f"the clock does {', '.join(CLOCK_ACTIONS)}, not {what!r}")
        live = self._live(code)
        with live.lock:
            game = live.game
            if game is None or live.row.state != PLAYING or not live_auction(game):
                return Outcome(False, "the room waits on no live auction")
            if live.applied != seen:
                return Outcome(False, "the game has moved on")
            if what == "time-up":
                seat = game.pending[0].player
            elif seat is None or seat not in live.bots or game.decision_for(seat) is None:
                return Outcome(False, f"seat {seat} is no bot of this auction")
            action = next((a for a in game.legal_actions(seat) if a.do == what), None)
            if action is None:
                return Outcome(False, f"{what} is not possible now")
            index = live.applied
            if not self._commit(live, seat, action):
                return Outcome(False, "another action was taken at the same moment")
            self._run_bots(live)
            return Outcome(True, index=index)

    # ------------------------------------------------------------ what a seat sees

    def state(self, code: str, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is shown: the room, the seat's view of the
        game, the question put to it and its legal actions as labelled choices, and the
        latest lines of the narration."""
        live = self._live(code)
        with live.lock:
            return self._state(live, seat)

    def show(self, code: str, seats: Iterable[int | None]) -> Shown:
        """The room's state for each of ``seats`` (None: a spectator) as JSON text, each
        built once however many connections share a seat, caught up with the store."""
        live = self._live(code)
        with live.lock:
            return self._show(live, seats)

    def _show(self, live: LiveRoom, seats: Iterable[int | None]) -> Shown:
        # What every seat is shown alike (the log, the money, the seats) is written as
        # JSON once; each seat's own part (its view, question and choices) is put before
        # it. The seats' views are made together (:func:`seat_views`: what they show alike
        # made once), and the parts that stay the same from seat to seat and from change
        # to change (the deeds, the players, the decks of a view) are written once and
        # kept as text. A state's text begins with its type, index and status, then the
        # seat's own part with its choices (docs/serve.md: a client may read just these).
        texts = live.texts
        shared_parts = self._shared(live)
        lead = _dumps({key: shared_parts.pop(key) for key in STATE_LEAD})[1:-1]
        told = shared_parts.pop("log", None) is not None  # (its lines written once each)
        shared = texts.members(shared_parts)
        if told:
            shared = f'{shared},"log":{live.log_text()}' if shared else \
                f'"log":{live.log_text()}'
        wanted = set(seats)
        game = live.game
        views = Views(game, wanted, live.written) if game is not None else None
        # (a view's members alike for every seat written once, its own ones per seat)
        common = texts.members(views.common(), "view.") if views is not None else ""
        built = {}
        for seat in wanted:
            pieces = [lead, texts.members(self._own(live, seat, views, False), "", seat),
                      shared]
            if views is not None:
                mine = texts.members(views.own_part(seat), "view.", seat)
                pieces.append('"view":{' + (f"{common},{mine}" if common and mine else
                                            common or mine) + "}")
            built[seat] = "{" + ",".join(p for p in pieces if p) + "}"
        auction = game is not None and live.row.state == PLAYING and live_auction(game)
        return Shown(signature=_signature(live), texts=built, auction=auction,
                     bot_due=self.bot_delay > 0 and self._bot_due(live) is not None)

    def _state(self, live: LiveRoom, seat: int | None) -> dict[str, Any]:
        views = Views(live.game, (seat,), live.written) if live.game is not None else None
        return {**self._shared(live), **self._own(live, seat, views)}

    def _shared(self, live: LiveRoom) -> dict[str, Any]:
        """The part of a state that is the same for every seat."""
        row = live.row
        out: dict[str, Any] = {
            "type": "state",
            "room": row.code,
            "status": row.state,
            "index": live.applied,
            "seats": [{"seat": s.seat, "name": s.name or None,
                       "kind": "bot" if s.is_bot else "person", "taken": s.taken}
                      for s in row.seats],
        }
        game = live.game
        if game is None:
            return out
        words = _words(live, game)
        out["log"] = live.log[-LOG_SENT:]
        out["money"] = [words.money(game.cash(p.seat)) for p in game.players]
        out["marks"] = {str(d): mark for d in game.board.deeds
                        if (mark := words.improvement_mark(d))}
        out.update(state_panels(game, words))
        out["auction"] = None
        if row.state == PLAYING and live_auction(game):
            out["auction"] = {"seconds": float(words.auction_timer() or 5)}
        return out

    def _own(self, live: LiveRoom, seat: int | None, views: Views | None,
             with_view: bool = True) -> dict[str, Any]:
        """The part of a state that is the seat's own: its view (unless not
        ``with_view``), question and choices (``views``: the game's views, made for this
        seat among others)."""
        out: dict[str, Any] = {"seat": seat}
        game = live.game
        if game is None or views is None:
            return out
        row = live.row
        words = _words(live, game)
        if with_view:
            out["view"] = views.view(seat)
        out["question"] = None
        out["choices"] = []
        if seat is not None and row.state == PLAYING and not game.over and \
                not row.seats[seat].is_bot:
            decision = game.decision_for(seat)
            if decision is not None:
                out["question"] = words.question(seat, decision)
            legal, written = views.legal(seat)
            out["choices"] = [
                {"label": words.action_label(
                    a, decision if game.answers(seat, a) else None),
                 "action": w}
                for a, w in zip(legal, written, strict=True) if a.do != "time-up"]
        return out

    def board(self, code: str) -> dict[str, Any]:
        """The board as the edition lays it out, for drawing: each space's name, short
        name, kind, colour group and its printed colour, and the sides of each track."""
        row = self.row(code)
        edition = get_edition(row.edition)
        live = self._live(row.code)
        game = live.game if live.game is not None else edition.new_game(
            [f"Seat {s.seat + 1}" for s in row.seats], seed=0, options=row.options)
        words = words_for(game)
        spaces = []
        for space in game.board.spaces:
            spaces.append({
                "index": space.index, "name": space.name,
                "short": words.short_name(space.index), "kind": space.kind,
                "group": space.group or None,
                "colour": words.group_colour(space.group) if space.group else None,
                "price": space.price or None,
            })
        tracks = words.track_layouts()
        return {"type": "board", "edition": row.edition, "name": edition.name,
                "spaces": spaces, "layout": words.layout(), "tracks": tracks,
                "legend": words.improvement_legend(), **board_panels(game, words)}


def _words(live: LiveRoom, game: Game) -> Words:
    """The words of the room's game (kept with it)."""
    words = live.words
    if words is None or words.game is not game:
        words = live.words = words_for(game)
    return words


def _seating(row: RoomRow) -> list[tuple[str, str | None]]:
    return [(s.name, s.bot) for s in row.seats]


def _signature(live: LiveRoom) -> tuple[Any, ...]:
    """The room's signature as :meth:`Store.signature` reads it from the store."""
    row = live.row
    return (row.state, tuple((s.name, s.bot, s.taken) for s in row.seats), live.applied)


__all__ = ["AuctionClock", "NoSuchRoom", "NotHost", "Outcome", "RoomError", "RoomService",
           "Shown", "Views",
           "bot_seed", "clean_name", "live_auction", "new_code", "new_token"]
