"""Scenario files: set up a position, script dice and answers, state what must follow.

A scenario is a YAML (or JSON) mapping; docs/scenarios.md documents every field. Rule tests
are scenarios, and rules lawyers write their own::

    edition: classic
    players:
      - {name: Ann, cash: 1500, at: Illinois Avenue, owns: [Boardwalk]}
      - {name: Bob, cash: 200, in_jail: true}
    turn: Bob
    dice: [[6, 6]]
    decks: {chance: [go-to-jail]}
    actions:
      - {player: Bob, do: pay-bail}
      - {player: Bob, do: roll}
    expect:
      players: {Bob: {cash: 150, at: Jail, in_jail: true}}

An action may say it must be refused (``refused: true`` or ``refused: "part of the
reason"``): the engine must refuse it and change nothing, and the run goes on. An action may
also carry its own ``expect:``, checked right after it.

Every field is checked for its type; a wrong one is refused with the file, the line and the
field (``my.yaml, line 7: players[1].cash: a whole number of dollars, not 12.7``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from pennybags.editions import get_edition
from pennybags.editions.registry import Path_, ScenarioFields
from pennybags.editions.registry import Reader as FieldReader
from pennybags.engine.actions import IllegalAction, Pose, Trade
from pennybags.engine.dice import ScriptedRollError
from pennybags.engine.game import Game
from pennybags.engine.ledger import BANK
from pennybags.engine.notation import action_from_json, action_to_json, read_card
from pennybags.engine.snapshot import snapshot
from pennybags.engine.turn import TurnGame

SETUP_KEYS = {"edition", "options", "seed", "players", "turn", "dice", "decks", "round",
              "bank", "pending", "doubles"}
ALL_KEYS = SETUP_KEYS | {"actions", "expect", "name", "description", "rule"}
PLAYER_KEYS = {"name", "cash", "at", "owns", "in_jail", "jail_turns", "cards", "hand",
               "bankrupt"}
DEED_KEYS = {"deed", "houses", "hotel", "mortgaged"}
PENDING_KEYS = {"player", "kind", "deed", "amount", "creditor", "high_bidder", "offer",
                "deeds", "card", "lander"}
OFFER_KEYS = {"from", "give", "take", "give_cash", "take_cash", "give_cards", "take_cards",
              "give_shares", "take_shares"}

MAX_BYTES = 1_000_000
"""The largest scenario file read (scenarios are a few hundred bytes)."""
MAX_NODES = 50_000
"""The most values a scenario may hold once its YAML aliases are expanded (a file of a few
hundred bytes with nested aliases would otherwise expand to gigabytes)."""
MAX_DEPTH = 40
"""The deepest nesting of lists and mappings read."""
MAX_MONEY = 10**12
"""The largest amount of money a scenario may give (far above any game's)."""



class ScenarioError(Exception):
    """A scenario that cannot be set up or played, with a readable reason."""


class Scenario(dict[str, Any]):
    """A scenario as read from a file: the mapping, with where each field was written."""

    def __init__(self, data: Mapping[str, Any], source: str,
                 lines: dict[Path_, int] | None = None) -> None:
        super().__init__(data)
        self.source = source
        self.lines: dict[Path_, int] = dict(lines or {})
        """The line of each field, by its path (keys and list indices)."""


@dataclass
class Outcome:
    """What playing a scenario gave: the game, its snapshot, and unmet expectations."""

    game: Game
    snapshot: dict[str, Any]
    failures: list[str] = field(default_factory=list)


def short(value: Any, limit: int = 80) -> str:
    """A value in an error message, cut short (never a whole huge structure)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


# ------------------------------------------------------------------ reading files

def load(path: Path) -> dict[str, Any]:
    """Read a scenario file (YAML, or JSON for ``.json``), refusing in one line what is not
    a scenario: unreadable, too big, not UTF-8, not valid, too deep, aliases expanding too
    far, or not a mapping."""
    path = Path(path)
    try:
        data = path.read_bytes()[:MAX_BYTES + 1]
    except OSError as e:
        raise ScenarioError(f"cannot read {path}: {e.strerror}") from None
    if len(data) > MAX_BYTES:
        raise ScenarioError(f"{path} is larger than {MAX_BYTES:,} bytes: not a scenario")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ScenarioError(f"{path} is not UTF-8 text (byte {e.start})") from None
    lines: dict[Path_, int] = {}
    try:
        if path.suffix == ".json":
            loaded = json.loads(text, parse_constant=_no_constant)
            _check_size(loaded, str(path))
        else:
            loaded = _load_yaml(text, lines, str(path))
    except RecursionError:
        raise ScenarioError(f"{path} is nested too deeply to be a scenario") from None
    except (yaml.YAMLError, json.JSONDecodeError, ValueError) as e:
        kind = "JSON" if path.suffix == ".json" else "YAML"
        raise ScenarioError(f"{path} is not valid {kind}: {_one_line(str(e))}") from None
    if not isinstance(loaded, dict):
        raise ScenarioError(f"{path} should hold a mapping (edition, players, ...), not "
                            f"{type(loaded).__name__}")
    return Scenario(loaded, str(path), lines)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a scenario can use")


def _one_line(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _check_size(value: Any, source: str) -> None:
    count = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        count += 1
        if count > MAX_NODES or depth > MAX_DEPTH:
            raise ScenarioError(f"{source} holds too much (more than {MAX_NODES:,} values or "
                                f"{MAX_DEPTH} levels): not a scenario")
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)


def _load_yaml(text: str, lines: dict[Path_, int], source: str) -> Any:
    """YAML read node by node (safely: plain data only), noting the line of every value,
    counting values as aliases expand."""
    node = yaml.compose(text, Loader=yaml.SafeLoader)
    if node is None:
        return None
    constructor = SafeConstructor()
    budget = [MAX_NODES]

    def build(n: yaml.Node, path: Path_, depth: int) -> Any:
        budget[0] -= 1
        if budget[0] < 0 or depth > MAX_DEPTH:
            raise ScenarioError(f"{source} holds too much (more than {MAX_NODES:,} values or "
                                f"{MAX_DEPTH} levels, counting what its aliases repeat): not "
                                "a scenario")
        lines.setdefault(path, n.start_mark.line + 1)
        if isinstance(n, yaml.MappingNode):
            out: dict[Any, Any] = {}
            for key_node, value_node in n.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    raise ScenarioError(f"{source}, line {key_node.start_mark.line + 1}: a "
                                        "key is a word, not a list or a mapping")
                if key_node.tag == "tag:yaml.org,2002:merge" or key_node.value == "<<":
                    raise ScenarioError(f"{source}, line {key_node.start_mark.line + 1}: "
                                        "merge keys (<<) are not used in scenarios")
                key = constructor.construct_object(key_node)
                out[key] = build(value_node, (*path, str(key)), depth + 1)
            return out
        if isinstance(n, yaml.SequenceNode):
            return [build(item, (*path, i), depth + 1) for i, item in enumerate(n.value)]
        return constructor.construct_object(n)

    return build(node, (), 0)


# ------------------------------------------------------------------ typed fields

class Reader:
    """Reads a scenario's fields with their types, and says where a bad one was written."""

    def __init__(self, spec: Mapping[str, Any]) -> None:
        self.source = spec.source if isinstance(spec, Scenario) else "the scenario"
        self.lines = spec.lines if isinstance(spec, Scenario) else {}

    def error(self, path: Path_, message: str) -> ScenarioError:
        where = self.source
        for cut in range(len(path), -1, -1):
            line = self.lines.get(path[:cut])
            if line is not None:
                where += f", line {line}"
                break
        name = "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else str(p))
                       for i, p in enumerate(path))
        return ScenarioError(f"{where}: {name + ': ' if name else ''}{message}")

    def mapping(self, value: Any, path: Path_, what: str) -> Mapping[Any, Any]:
        if not isinstance(value, Mapping):
            raise self.error(path, f"{what}, not {short(value)}")
        return value

    def keys(self, value: Mapping[Any, Any], path: Path_, known: set[str], what: str) -> None:
        for key in value:
            if not isinstance(key, str):
                raise self.error(path, f"field names are words, not {short(key)}")
            if key not in known:
                raise self.error((*path, key), f"unknown {what} field; the fields are: "
                                 + ", ".join(sorted(known)))

    def items(self, value: Any, path: Path_, what: str) -> list[Any]:
        """A list; a single value stands for a list of one."""
        if value is None:
            return []
        if isinstance(value, list):
            return value
        if isinstance(value, (str, int, Mapping)) and not isinstance(value, bool):
            return [value]
        raise self.error(path, f"{what}, not {short(value)}")

    def whole(self, value: Any, path: Path_, what: str, low: int | None = None,
              high: int | None = None) -> int:
        if isinstance(value, float) and math.isfinite(value) and value.is_integer():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(path, f"{what} is a whole number, not {short(value)}")
        if low is not None and value < low:
            raise self.error(path, f"{what} is at least {low}, not {value}")
        if high is not None and value > high:
            raise self.error(path, f"{what} is at most {high:,}, not {value:,}"
                             if abs(value) < 10**30 else f"{what} is at most {high:,}")
        return value

    def flag(self, value: Any, path: Path_, what: str) -> bool:
        if not isinstance(value, bool):
            raise self.error(path, f"{what} is true or false, not {short(value)}")
        return value

    def word(self, value: Any, path: Path_, what: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.error(path, f"{what} is a word, not {short(value)}")
        return value

    def give_card(self, game: Game, seat: int, text: str, path: Path_) -> None:
        """Give a player a card written ``deck:card-id`` (for an edition's own fields)."""
        give_card(game, seat, text, path, self)

    def name_or_index(self, value: Any, path: Path_, what: str) -> str | int:
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise self.error(path, f"{what} is a name or a number, not {short(value)}")
        return value


# ------------------------------------------------------------------ setting up

def set_up(spec: Mapping[str, Any]) -> Game:
    """Build the game position a scenario describes (before its actions)."""
    r = Reader(spec)
    if not isinstance(spec, Mapping):
        raise ScenarioError(f"a scenario is a mapping (edition, players, ...), not "
                            f"{short(spec)}")
    r.keys(spec, (), ALL_KEYS | _fields_of(spec).top_keys, "scenario")
    try:
        return _set_up(spec, r)
    except ScenarioError:
        raise
    except (ValueError, KeyError, TypeError) as e:
        raise ScenarioError(f"cannot set up the scenario: {_reason(e)}") from None


class _CommonFields:
    """The fields of an edition that adds none of its own."""

    player_keys: frozenset[str] = frozenset()
    deed_keys: frozenset[str] = frozenset()
    bank_keys: frozenset[str] = frozenset()
    top_keys: frozenset[str] = frozenset()

    def begin(self, game: Game) -> None:
        return None

    def player(self, game: Game, seat: int, entry: Mapping[str, Any], path: Path_,
               r: FieldReader) -> None:
        return None

    def deed(self, game: Game, deed: int, item: Mapping[str, Any], path: Path_,
             r: FieldReader) -> None:
        return None

    def finish(self, game: Game, spec: Mapping[str, Any], r: FieldReader) -> None:
        return None


COMMON_FIELDS: ScenarioFields = _CommonFields()


def _fields_of(spec: Mapping[str, Any]) -> ScenarioFields:
    """The scenario fields of the edition a scenario names (the common ones when it names
    none that is known: that mistake is reported where the edition is read)."""
    edition_id = spec.get("edition", "classic")
    if isinstance(edition_id, str):
        try:
            fields = get_edition(edition_id).scenario
        except ValueError:
            return COMMON_FIELDS
        if fields is not None:
            return fields
    return COMMON_FIELDS


def _reason(e: Exception) -> str:
    return str(e.args[0]) if isinstance(e, KeyError) and e.args else str(e)


def _set_up(spec: Mapping[str, Any], r: Reader) -> Game:
    edition_id = r.word(spec.get("edition", "classic"), ("edition",), "edition")
    try:
        edition = get_edition(edition_id)
    except ValueError as e:
        raise r.error(("edition",), str(e)) from None
    options = r.mapping(spec.get("options") or {}, ("options",),
                        "options are a mapping of names to values")
    for key, value in options.items():
        if isinstance(value, (list, dict)):
            raise r.error(("options", str(key)), f"an option's value is a word or a number, "
                          f"not {short(value)}")
    seed = r.whole(spec.get("seed", 0), ("seed",), "the seed")
    players = spec.get("players")
    if not isinstance(players, list) or not players:
        raise r.error(("players",), "a list of players, each a name or a mapping with at "
                      f"least a name; not {short(players)}")
    fields = edition.scenario or COMMON_FIELDS
    entries: list[Mapping[str, Any]] = []
    for seat, p in enumerate(players):
        path: Path_ = ("players", seat)
        if isinstance(p, str):
            entries.append({"name": p})
            continue
        entry = r.mapping(p, path, "a player is a name or a mapping with a name")
        r.keys(entry, path, PLAYER_KEYS | fields.player_keys, "player")
        if "name" not in entry:
            raise r.error(path, "every player needs a name")
        r.word(entry["name"], (*path, "name"), "a name")
        entries.append(entry)
    try:
        game = edition.new_game([str(e["name"]) for e in entries], seed=seed,
                                options=dict(options), decide_order=False, start=False)
    except ValueError as e:
        where: Path_ = ("options",) if "option" in str(e) else ("players",)
        raise r.error(where, str(e)) from None
    fields.begin(game)
    hands = False
    for seat, entry in enumerate(entries):
        hands |= _set_up_player(game, seat, entry, ("players", seat), r, fields)
    try:
        game.setup_done()
    except ValueError as e:
        raise r.error(("players",), str(e)) from None
    if "bank" in spec:
        _set_up_bank(game, spec["bank"], r, fields)
    fields.finish(game, spec, r)
    if hands:
        game.hands_given()
    turn = game.seat_of(r.name_or_index(spec["turn"], ("turn",), "the turn")) \
        if "turn" in spec else 0
    active = [p.seat for p in game.players if not p.bankrupt]
    if len(active) < 2:
        raise r.error(("players",), "a game needs at least two players still in it")
    if game.players[turn].bankrupt:
        raise r.error(("turn",), f"{game.name(turn)} is bankrupt: it is never their turn")
    game.current = game.first = turn
    if "round" in spec:
        game.round = r.whole(spec["round"], ("round",), "the round", 1, 10**6)
    dice = r.items(spec.get("dice"), ("dice",), "the dice are a list of rolls")
    try:
        game.dice.script(dice)
    except ValueError as e:
        raise r.error(("dice",), str(e)) from None
    decks = r.mapping(spec.get("decks") or {}, ("decks",),
                      "decks are a mapping of deck keys to card ids")
    for key, ids in decks.items():
        path = ("decks", str(key))
        if key not in game.decks:
            raise r.error(path, f"no deck '{key}'; the decks are {', '.join(game.decks)}")
        cards = [r.word(i, (*path, n), "a card id")
                 for n, i in enumerate(r.items(ids, path, "a list of card ids"))]
        try:
            game.decks[key].stack(cards)
        except ValueError as e:
            raise r.error(path, str(e)) from None
    game.begin_turn()
    if "doubles" in spec:
        _set_up_doubles(game, spec["doubles"], r)
    if "pending" in spec:
        _set_up_decision(game, spec["pending"], r)
    game.run()
    return game


def _set_up_doubles(game: Game, value: Any, r: Reader) -> None:
    """Doubles already thrown in a row this turn (``doubles: 2``): the turn's next double is
    the third, which goes to jail ("if you throw doubles three times in succession"). At
    most one less than that many; none for a player in jail (a throw there ends the
    turn's doubles)."""
    if not isinstance(game, TurnGame) or game.doubles_to_jail < 1:
        raise r.error(("doubles",), f"{game.data.name} counts no doubles (no double sends "
                      "to jail)")
    most = game.doubles_to_jail - 1
    doubles = r.whole(value, ("doubles",), "doubles thrown so far this turn", 0, most)
    if doubles and game.players[game.current].in_jail:
        raise r.error(("doubles",), f"{game.name(game.current)} is in jail: no doubles were "
                      "thrown this turn")
    game.doubles = doubles


def _set_up_player(game: Game, seat: int, entry: Mapping[str, Any], path: Path_,
                   r: Reader, fields: ScenarioFields = COMMON_FIELDS) -> bool:
    """Place one player; True when the entry gives a hand of cards."""
    board = game.board
    player = game.players[seat]
    if "cash" in entry:
        cash = r.whole(entry["cash"], (*path, "cash"), "cash", 0, MAX_MONEY)
        diff = cash - game.cash(seat)
        if diff > 0:
            game.ledger.transfer(BANK, seat, diff, "scenario set-up")
        elif diff < 0:
            game.ledger.transfer(seat, BANK, -diff, "scenario set-up")
    if "at" in entry:
        try:
            player.position = board.find_one(r.name_or_index(entry["at"], (*path, "at"),
                                                             "at"))
        except ValueError as e:
            raise r.error((*path, "at"), str(e)) from None
    player.in_jail = r.flag(entry.get("in_jail", False), (*path, "in_jail"), "in_jail")
    if player.in_jail:
        player.position = board.of_kind("jail")[0]
    tries = int(game.data.rules.get("max_jail_turns", 3))
    player.jail_turns = r.whole(entry.get("jail_turns", 0), (*path, "jail_turns"),
                                "jail_turns", 0, tries - 1)
    player.bankrupt = r.flag(entry.get("bankrupt", False), (*path, "bankrupt"), "bankrupt")
    owns_path = (*path, "owns")
    for n, owned in enumerate(r.items(entry.get("owns"), owns_path,
                                      "owns is a list of deeds")):
        _set_up_deed(game, seat, owned, (*owns_path, n), r, fields)
    for n, key in enumerate(r.items(entry.get("cards"), (*path, "cards"),
                                    "cards is a list of deck keys")):
        _give_jail_card(game, seat, r.word(key, (*path, "cards", n), "a deck key"),
                        (*path, "cards", n), r)
    hand = r.items(entry.get("hand"), (*path, "hand"), "hand is a list of deck:card-id")
    for n, card in enumerate(hand):
        give_card(game, seat, r.word(card, (*path, "hand", n), "a card (deck:card-id)"),
                   (*path, "hand", n), r)
    fields.player(game, seat, entry, path, r)
    if player.bankrupt and (game.cash(seat) or game.deeds_of(seat) or player.cards):
        raise r.error(path, f"{player.name} is bankrupt: no cash, deeds or cards")
    return bool(hand)


def _set_up_deed(game: Game, seat: int, owned: Any, path: Path_, r: Reader,
                 fields: ScenarioFields = COMMON_FIELDS) -> None:
    item = owned if isinstance(owned, Mapping) else {"deed": owned}
    r.keys(item, path, DEED_KEYS | fields.deed_keys, "deed")
    if "deed" not in item:
        raise r.error(path, "a deed owned needs 'deed': its name")
    board = game.board
    try:
        deed = board.find_deed(r.name_or_index(item["deed"], (*path, "deed"), "a deed"))
    except ValueError as e:
        raise r.error(path, str(e)) from None
    if game.owner[deed] >= 0:
        raise r.error(path, f"{board[deed].name} is owned twice")
    game.set_owner(deed, seat)
    houses = item.get("houses", 0)
    hotel = r.flag(item.get("hotel", False), (*path, "hotel"), "hotel")
    if hotel or houses == "hotel":
        houses = 5
    game.houses[deed] = r.whole(houses, (*path, "houses"), "houses", 0, 5)
    game.mortgaged[deed] = r.flag(item.get("mortgaged", False), (*path, "mortgaged"),
                                  "mortgaged")
    fields.deed(game, deed, item, path, r)


def _give_jail_card(game: Game, seat: int, key: str, path: Path_, r: Reader) -> None:
    deck = game.decks.get(key)
    if deck is None:
        raise r.error(path, f"no deck '{key}'; the decks are {', '.join(game.decks)}")
    index = next((i for i in deck.order if deck.cards[i].kind == "get_out_of_jail_free"),
                 None)
    if index is None:
        raise r.error(path, f"no Get Out of Jail Free card left in {deck.name}")
    deck.remove(index)
    game.players[seat].cards.append((key, index))


def give_card(game: Game, seat: int, text: str, path: Path_, r: Reader) -> None:
    """A card of the hand (``deck:card-id``): taken out of its deck."""
    try:
        key, index = read_card(game, -1, text)
    except ValueError as e:
        raise r.error(path, str(e)) from None
    deck = game.decks[key]
    card = deck.cards[index]
    if not game.keeps_card(key, index):
        what = "only Get Out of Jail Free cards" if not game.hidden_hands else "no such card"
        raise r.error(path, f"in {game.data.name} a player keeps {what}, not '{card.id}'")
    copies = [i for i in deck.order if deck.cards[i].id == card.id]
    if not copies:
        raise r.error(path, f"no card '{card.id}' left in the {deck.name} deck (every copy "
                      "is in a hand already)")
    deck.remove(copies[0])
    game.players[seat].cards.append((key, copies[0]))


def _set_up_bank(game: Game, value: Any, r: Reader,
                 fields: ScenarioFields = COMMON_FIELDS) -> None:
    """The bank's building stock (``bank: {houses: N, hotels: M}``; an edition's own kinds
    of building are its fields')."""
    bank = r.mapping(value, ("bank",), "bank is {houses: N, hotels: M}")
    r.keys(bank, ("bank",), {"houses", "hotels"} | fields.bank_keys, "bank")
    counts = [r.whole(bank[key], ("bank", key), key, 0) if key in bank else None
              for key in ("houses", "hotels")]
    try:
        game.set_building_stock(counts[0], counts[1])
    except ValueError as e:
        raise r.error(("bank",), str(e)) from None


def _set_up_decision(game: Game, value: Any, r: Reader) -> None:
    """The decision a scenario starts at (``pending: {player: Ann, kind: buy, deed: ...}``)."""
    path: Path_ = ("pending",)
    spec = r.mapping(value, path, "pending is a mapping: player, kind and what it needs")
    r.keys(spec, path, PENDING_KEYS, "pending")
    for key in ("player", "kind"):
        if key not in spec:
            raise r.error(path, f"pending needs '{key}'")

    def seat(key: str) -> int:
        try:
            return game.seat_of(r.name_or_index(spec[key], (*path, key), key))
        except ValueError as e:
            raise r.error((*path, key), str(e)) from None

    def deed(name: Any, where: Path_) -> int:
        try:
            return game.board.find(r.name_or_index(name, where, "a deed"))
        except ValueError as e:
            raise r.error(where, str(e)) from None

    player = seat("player")
    kind = r.word(spec["kind"], (*path, "kind"), "kind")
    creditor = BANK
    if "creditor" in spec and str(spec["creditor"]).lower() not in ("bank", "the bank"):
        creditor = seat("creditor")
    trade = None
    if "offer" in spec:
        trade = _offer(game, player, spec["offer"], (*path, "offer"), r)
    card = None
    if "card" in spec:
        text = r.word(spec["card"], (*path, "card"), "card")
        try:
            card = read_card(game, player, text if ":" in text else f"events:{text}")
        except ValueError as e:
            raise r.error((*path, "card"), str(e)) from None
    pose = Pose(
        kind, player,
        deed=deed(spec["deed"], (*path, "deed")) if "deed" in spec else -1,
        amount=r.whole(spec["amount"], (*path, "amount"), "amount", 0, MAX_MONEY)
        if "amount" in spec else -1,
        creditor=creditor,
        high_bidder=seat("high_bidder") if "high_bidder" in spec else -1,
        trade=trade,
        deeds=tuple(deed(d, (*path, "deeds", n)) for n, d in enumerate(
            r.items(spec.get("deeds"), (*path, "deeds"), "deeds is a list of deeds"))),
        card=card,
        other=seat("lander") if "lander" in spec else -1,
    )
    try:
        game.pose(pose)
    except ValueError as e:
        raise r.error(path, str(e)) from None


def _offer(game: Game, recipient: int, value: Any, path: Path_, r: Reader) -> Trade:
    """A trade offer made to ``recipient``: ``{from: Ann, give: [...], take_cash: 100}``."""
    offer = r.mapping(value, path, "an offer is a mapping: from, give, take, ...")
    r.keys(offer, path, OFFER_KEYS, "offer")
    if "from" not in offer:
        raise r.error(path, "an offer needs 'from': the player who makes it")
    try:
        proposer = game.seat_of(r.name_or_index(offer["from"], (*path, "from"), "from"))
        obj = {k: v for k, v in offer.items() if k != "from"}
        action = action_from_json(game, proposer, {"do": "propose-trade",
                                                   "to": game.name(recipient), **obj})
    except ValueError as e:
        raise r.error(path, str(e)) from None
    if action.trade is None:
        raise r.error(path, "an offer names what changes hands")
    return action.trade


# ------------------------------------------------------------------ playing

def play_actions(game: Game, actions: list[Any], reader: Reader | None = None) -> list[str]:
    """Answer the scripted actions in order and return what went against the script.

    An entry marked ``refused: true`` (or ``refused: "words of the reason"``) must be refused
    by the engine and change nothing; the run goes on after it. An entry with ``expect:`` is
    followed by a check of those expectations. An unmarked action that is not legal stops the
    run with a :class:`ScenarioError` naming it, the pending decision and the legal actions.
    A marked action that the engine accepts is a failure, and stops the run: what follows
    was written for a different position.
    """
    r = reader if reader is not None else Reader({})
    failures: list[str] = []
    if not isinstance(actions, list):
        raise r.error(("actions",), f"actions are a list, not {short(actions)}")
    for number, raw in enumerate(actions, start=1):
        path: Path_ = ("actions", number - 1)
        if not isinstance(raw, (Mapping, str)):
            raise r.error(path, f"action {number} should be a mapping like "
                          "{player: Ann, do: roll}")
        obj = dict(raw) if isinstance(raw, Mapping) else {"do": raw}
        odd = [k for k in obj if not isinstance(k, str)]
        if odd:
            raise r.error(path, f"action {number} has a field named {short(odd[0])}: field "
                          "names are words (in YAML, quote values that hold a comma)")
        refused = obj.pop("refused", None)
        expect = obj.pop("expect", None)
        label = f"action {number} ({_short(obj)})"
        if expect is not None and not isinstance(expect, Mapping):
            raise r.error((*path, "expect"), f"{label}: 'expect' should be a mapping of "
                          "expectations")
        if refused is not None and not isinstance(refused, (bool, str)):
            raise r.error((*path, "refused"), f"{label}: 'refused' should be true or part "
                          "of the reason")
        try:
            if "player" in obj:
                seat = game.seat_of(r.name_or_index(obj.pop("player"), (*path, "player"),
                                                    "player"))
            elif game.pending:
                seat = game.pending[0].player
            else:
                raise ValueError("nobody is asked to act")
            action = action_from_json(game, seat, obj)
        except ValueError as e:
            raise r.error(path, _illegal_message(game, number, raw, e)) from None
        if refused is None or refused is False:
            try:
                game.act(seat, action)
            except IllegalAction as e:
                raise r.error(path, _illegal_message(game, number, raw, e)) from None
            except ScriptedRollError as e:
                raise r.error(path, f"{label}: {e} (see the scenario's dice)") from None
        else:
            before = snapshot(game)
            try:
                game.act(seat, action)
            except ScriptedRollError as e:
                raise r.error(path, f"{label}: {e} (see the scenario's dice)") from None
            except IllegalAction as e:
                reason = str(e)
                if isinstance(refused, str) and refused.lower() not in reason.lower():
                    failures.append(f"{label}: refused for another reason: expected a reason "
                                    f"containing {refused!r}, got {reason!r}")
                after = snapshot(game)
                if after != before:
                    changed = sorted(k for k in before if before[k] != after.get(k))
                    failures.append(f"{label}: refused but the state changed "
                                    f"({', '.join(changed)})")
            else:
                left = len(actions) - number
                failures.append(f"{label}: should have been refused but was accepted"
                                + (f"; the {left} action(s) after it were not played"
                                   if left else ""))
                return failures
        if expect:
            failures.extend(f"after {label}: {f}"
                            for f in check(game, snapshot(game), expect, r,
                                           (*path, "expect")))
    return failures


def _illegal_message(game: Game, number: int, raw: Any, e: Exception) -> str:
    lines = [f"action {number} ({_short(raw)}) was refused: {e}"]
    if game.over:
        lines.append("the game is over")
    for d in game.pending:
        legal = ", ".join(_short(action_to_json(game, a)) for a in game.legal_actions(d.player))
        lines.append(f"pending: {game.name(d.player)} must answer '{d.kind}'; legal: {legal}")
    return "\n".join(lines)


def _short(obj: Any) -> str:
    if isinstance(obj, Mapping):
        return " ".join(f"{k}={v if isinstance(v, str) else short(v, 40)}"[:60]
                        if k != "do" else str(v)[:60] for k, v in obj.items())
    return short(obj, 60) if not isinstance(obj, str) else obj[:60]


def run(spec: Mapping[str, Any], *,
        watch: Callable[[Game], None] | None = None) -> Outcome:
    """Set up, play the actions and check the expectations. ``watch`` is called with the
    game once it is set up, before the actions (to attach listeners, e.g. a narrator)."""
    r = Reader(spec)
    game = set_up(spec)
    if watch is not None:
        watch(game)
    failures = play_actions(game, spec.get("actions") or [], r)
    snap = snapshot(game)
    if not any("should have been refused" in f for f in failures):
        expect = spec.get("expect") or {}
        if not isinstance(expect, Mapping):
            raise r.error(("expect",), f"expect is a mapping of expectations, not "
                          f"{short(expect)}")
        failures.extend(check(game, snap, expect, r, ("expect",)))
    return Outcome(game, snap, failures)


# ------------------------------------------------------------------------ expectations

def check(game: Game, snap: Mapping[str, Any], expect: Mapping[str, Any],
          reader: Reader | None = None, path: Path_ = ("expect",)) -> list[str]:
    """Every expectation that the snapshot does not meet, as 'where: expected X, got Y'.
    An expectation of the wrong shape is a :class:`ScenarioError`."""
    r = reader if reader is not None else Reader({})
    failures: list[str] = []

    def compare(where: str, want: Any, got: Any) -> None:
        if want != got:
            failures.append(f"{where}: expected {short(want)}, got {short(got)}")

    for key, want in expect.items():
        at: Path_ = (*path, str(key))
        if key == "players":
            for name, fields in r.mapping(want, at, "players is a mapping of names to "
                                          "fields").items():
                try:
                    seat = game.seat_of(name)
                except ValueError as e:
                    failures.append(f"players.{name}: {e}")
                    continue
                got = snap["players"][seat]
                for f, v in r.mapping(fields, (*at, str(name)), "a player's expectations "
                                      "are a mapping of fields").items():
                    where = f"players.{name}.{f}"
                    if f == "at":
                        try:
                            want_at = game.board.find_one(
                                r.name_or_index(v, (*at, str(name), f), "at"))
                        except ValueError as e:
                            failures.append(f"{where}: {e}")
                            continue
                        if want_at != got["position"]:
                            failures.append(f"{where}: expected {game.board[want_at].name!r}, "
                                            f"got {got['at']!r}")
                    elif f == "cards":
                        cards = r.items(v, (*at, str(name), f), "cards is a list of card ids")
                        compare(where, sorted(str(c) for c in cards),
                                sorted(c.split("@")[0] for c in got["cards"]))
                    elif f in got:
                        compare(where, v, got[f])
                    else:
                        failures.append(f"{where}: players have no field '{f}'")
        elif key == "deeds":
            for name, fields in r.mapping(want, at, "deeds is a mapping of deeds to "
                                          "fields").items():
                try:
                    deed = game.board.find_deed(name)
                except ValueError as e:
                    failures.append(f"deeds.{name}: {e}")
                    continue
                got = snap["deeds"][game.board[deed].name]
                for f, v in r.mapping(fields, (*at, str(name)), "a deed's expectations are "
                                      "a mapping of fields").items():
                    where = f"deeds.{name}.{f}"
                    if f == "hotel":
                        compare(where, bool(v), got["houses"] == 5)
                    elif f == "houses" and v == "hotel":
                        compare(where, 5, got["houses"])
                    elif f in got:
                        compare(where, v, got[f])
                    else:
                        failures.append(f"{where}: deeds have no field '{f}'")
        elif key == "pending":
            got_pending = snap["pending"]
            want_list = want if isinstance(want, list) else [want]
            if len(want_list) != len(got_pending):
                failures.append(f"pending: expected {len(want_list)} decision(s), got "
                                f"{[(d['player'], d['kind']) for d in got_pending]}")
                continue
            for i, (w, g) in enumerate(zip(want_list, got_pending, strict=True)):
                for f, v in r.mapping(w, (*at, i), "a decision's expectations are a "
                                      "mapping of fields").items():
                    compare(f"pending[{i}].{f}", v, g.get(f))
        elif key == "decks" and isinstance(want, Mapping):
            for deck_key, w in want.items():
                order = snap["decks"].get(deck_key)
                if order is None:
                    failures.append(f"decks.{deck_key}: no such deck; the decks are "
                                    f"{', '.join(snap['decks'])}")
                elif isinstance(w, Mapping):
                    for end, cards in w.items():
                        if end not in ("top", "bottom"):
                            failures.append(f"decks.{deck_key}.{end}: say 'top' or 'bottom'")
                            continue
                        ids = [str(c) for c in (cards if isinstance(cards, list) else [cards])]
                        part = order[:len(ids)] if end == "top" else order[len(order) - len(ids):]
                        compare(f"decks.{deck_key}.{end}", ids, part)
                else:
                    compare(f"decks.{deck_key}",
                            list(r.items(w, (*at, str(deck_key)), "a list of card ids")),
                            order)
        elif isinstance(want, Mapping) and isinstance(snap.get(key), Mapping):
            for f, v in want.items():
                got_part = snap[key]
                if f in got_part:
                    compare(f"{key}.{f}", v, got_part[f])
                else:
                    failures.append(f"{key}.{f}: the snapshot's {key} has no field '{f}'")
        elif key in snap:
            compare(str(key), want, snap[key])
        else:
            failures.append(f"{key}: the snapshot has no field '{key}'")
    return failures


__all__ = ["ALL_KEYS", "Outcome", "Reader", "Scenario", "ScenarioError", "check", "give_card",
           "load", "play_actions", "run", "set_up"]
