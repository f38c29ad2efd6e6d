"""Actions as JSON (records, scenario files, the browser) and as text (one line, for people
and logs), both made from the edition's action schema (``engine.actions``).

This is a public interface: scenario files and saved games use it. Deeds, spaces and players
are written by name (a deed or space may also be given by its board index), cards as
``deck:card-id``, amounts as whole numbers, a stock exchange's companies by their id (the
data file's ``stocks``; read by id, name or alias, or their index). Every field an action
kind declares has one JSON key, the field's name; a trade offer is written as its parts
(``to``, ``give``, ``take``, ``give_cash``, ``take_cash``, ``give_cards``, ``take_cards``).

JSON: ``{"do": "bid", "amount": 120}``, ``{"do": "play-card", "card":
"chance:go-to-jail", "target": "Bob"}``.
Text: ``bid 120``, ``play-card chance:go-to-jail Bob``, ``build 'Park Place'``,
``propose-trade to=Bob give=Boardwalk take_cash=100``.

Both round-trip exactly: reading what was written gives the same action back.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pennybags.engine.actions import SLOT_TYPES, Action, ActionKind, CardRef, Trade

if TYPE_CHECKING:
    from pennybags.engine.game import Game

TRADE_KEYS = ("to", "give", "take", "give_cash", "take_cash", "give_cards", "take_cards")
"""The JSON keys of a trade offer's parts."""


def action_kind(game: Game, do: str) -> ActionKind | None:
    """The schema of an action kind of the game's edition (None if it has no such kind)."""
    return game.rulebook.vocabulary.actions.get(do)


def _slots(kind: ActionKind | None, action: Action | None = None) -> list[str]:
    """The fields an action is written with: those its kind declares, in the schema's
    order, then any other field that holds a value (which the engine will refuse, with its
    reason: nothing is dropped)."""
    declared = [f.name for f in kind.fields] if kind is not None else []
    if action is None:
        return declared
    return declared + [name for name in SLOT_TYPES
                       if name not in declared and _holds(action, name)]


def _holds(action: Action, name: str) -> bool:
    if name == "deed":
        return action.deed != -1
    if name == "space":
        return action.space != -1
    if name == "target":
        return action.target != -1
    if name == "amount":
        return action.amount != 0
    if name == "card":
        return action.card is not None
    if name == "company":
        return action.company != -1
    return action.trade is not None


# ---------------------------------------------------------------------------- writing

def action_to_json(game: Game, action: Action) -> dict[str, Any]:
    """An action as a JSON object: ``{"do": ..., its fields}``."""
    out: dict[str, Any] = {"do": action.do}
    for name in _slots(action_kind(game, action.do), action):
        if name == "trade":
            if action.trade is not None:
                out.update(trade_parts(game, action.trade, action.do))
            continue
        value = _write(game, name, action)
        if value is not None:
            out[name] = value
    return out


def _write(game: Game, name: str, action: Action) -> Any:
    """One field's JSON value (None when the field is empty)."""
    if name == "deed":
        return space_name(game, action.deed) if action.deed != -1 else None
    if name == "space":
        return space_name(game, action.space) if action.space != -1 else None
    if name == "target":
        return game.name(action.target) if action.target >= 0 else None
    if name == "amount":
        return action.amount if action.amount else None
    if name == "card":
        return card_name(game, action.card) if action.card is not None else None
    if name == "company":
        return company_name(game, action.company) if action.company != -1 else None
    return None


def trade_parts(game: Game, t: Trade, do: str = "propose-trade") -> dict[str, Any]:
    """A trade offer's JSON parts."""
    out: dict[str, Any] = {"to": game.name(t.recipient)}
    if t.give:
        out["give"] = game.board.names(t.give)
    if t.take:
        out["take"] = game.board.names(t.take)
    if t.give_cash:
        out["give_cash"] = t.give_cash
    if t.take_cash:
        out["take_cash"] = t.take_cash
    if t.give_cards:
        out["give_cards"] = list(t.give_cards)
    if t.take_cards:
        out["take_cards"] = list(t.take_cards)
    return out


def space_name(game: Game, index: int) -> str | int:
    """A space by name, or by its index when the name is shared (Chance, Community Chest)
    or the index is off the board."""
    if not 0 <= index < game.board.size:
        return index
    name = game.board[index].name
    return name if game.board.find(name) == index else index


def card_name(game: Game, card: CardRef) -> str:
    """A card as ``deck:card-id``."""
    key, index = card
    deck = game.decks.get(key)
    if deck is None or not 0 <= index < len(deck.cards):
        return f"{key}:#{index}"
    return f"{key}:{deck.cards[index].id}"


def companies(game: Game) -> list[Mapping[str, Any]]:
    """The companies of the edition's stock exchange, by index (the data file's
    ``stocks``: each with its ``id``, ``company`` name and ``aliases``); [] without one."""
    stocks = game.data.raw.get("stocks")
    return list(stocks) if isinstance(stocks, list) else []


def company_name(game: Game, index: int) -> str | int:
    """A company by its id, or by its index when it has none (off the list)."""
    listed = companies(game)
    if type(index) is int and 0 <= index < len(listed):
        return str(listed[index]["id"])
    return index


def read_company(game: Game, value: Any) -> int:
    """A company written by id, name or alias (any case), or by its index."""
    listed = companies(game)
    if not listed:
        raise ValueError(f"{game.data.name} has no stock exchange: no company "
                         f"{_short_repr(value)}")
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < len(listed):
            return value
    elif isinstance(value, str):
        key = value.strip().lower()
        for i, c in enumerate(listed):
            names = [str(c.get("id", "")), str(c.get("company", "")),
                     *(str(a) for a in c.get("aliases", ()))]
            if any(key == n.lower() for n in names):
                return i
    known = ", ".join(str(c.get("id")) for c in listed)
    raise ValueError(f"no company {_short_repr(value)}; the companies are {known}")


def action_to_text(game: Game, action: Action) -> str:
    """An action in one line: its kind, then its field values in the schema's order (a
    trade's parts as ``key=value``, lists as repeated keys)."""
    words = [action.do]
    for key, value in action_to_json(game, action).items():
        if key == "do":
            continue
        if key in TRADE_KEYS:
            items = value if isinstance(value, list) else [value]
            words.extend(f"{key}={shlex.quote(str(item))}" for item in items)
        else:
            words.append(shlex.quote(str(value)))
    return " ".join(words)


# ---------------------------------------------------------------------------- reading

def action_from_json(game: Game, player: int, obj: Mapping[str, Any] | str) -> Action:
    """Read an action written as JSON (or just its kind, like ``"roll"``) for ``player``.

    Raises ValueError with a readable reason for unknown fields, deeds, players or cards.
    Whether the action is legal now is the engine's to say (``act``/``why_illegal``).
    """
    if isinstance(obj, str):
        obj = {"do": obj}
    if not isinstance(obj, Mapping) or "do" not in obj:
        raise ValueError(f"an action needs a 'do' field, got {_short_repr(obj)}")
    do = obj["do"]
    if not isinstance(do, str) or not do:
        raise ValueError(f"'do' names an action kind (a word), not {_short_repr(do)}")
    kind = action_kind(game, do)
    known = {"do", "player", *SLOT_TYPES, *TRADE_KEYS} - {"trade"}
    unknown = sorted(str(k) for k in obj if k not in known)
    if unknown:
        declared = _slots(kind)
        takes = ", ".join(key for n in declared
                          for key in (TRADE_KEYS if n == "trade" else (n,))) \
            if kind is not None else "see 'pennybags actions'"
        raise ValueError(f"unknown field(s) in action '{do}': {', '.join(unknown)}; "
                         f"'{do}' takes: {takes or 'no fields'}")
    if kind is not None and not kind.takes("trade"):
        extra = [k for k in TRADE_KEYS if k in obj]
        if extra:
            raise ValueError(f"'{do}' is not a trade offer: it takes no {', '.join(extra)}")
    values: dict[str, Any] = {}
    for name in SLOT_TYPES:
        if name == "trade":
            if (do == "counter" and kind is not None and kind.takes("trade")) or \
                    any(k in obj for k in TRADE_KEYS):
                values["trade"] = _trade(game, player, do, obj)
        elif name in obj:
            values[name] = _read(game, player, name, obj[name])
    return Action(do, values.get("deed", -1), values.get("amount", 0),
                  values.get("trade"), target=values.get("target", -1),
                  card=values.get("card"), space=values.get("space", -1),
                  company=values.get("company", -1))


def _read(game: Game, player: int, name: str, value: Any) -> Any:
    if name == "deed":  # (any space: whether it may be named here is the rules' to say)
        return game.board.find(_name_or_index(value, "deed"))
    if name == "space":
        return game.board.find(_name_or_index(value, "space"))
    if name == "target":
        return game.seat_of(_name_or_index(value, "target"))
    if name == "amount":
        return whole_number(value, "amount")
    if name == "card":
        return read_card(game, player, value)
    if name == "company":
        return read_company(game, value)
    raise ValueError(f"no field '{name}'")


def _name_or_index(value: Any, what: str) -> str | int:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ValueError(f"'{what}' is a name or a number, not {_short_repr(value)}")
    return value


def read_card(game: Game, player: int, value: Any) -> CardRef:
    """A card written ``deck:card-id``: the copy ``player`` holds if they hold one, else
    the first copy in the deck (the engine then says whether it may be played)."""
    if not isinstance(value, str):
        raise ValueError(f"'card' names a card as deck:card-id, not {_short_repr(value)}")
    key, _, card_id = value.partition(":")
    deck = game.decks.get(key)
    if deck is None or not card_id:
        decks = ", ".join(game.decks) or "none"
        raise ValueError(f"'card' names a card as deck:card-id, such as chance:go-to-jail "
                         f"(the decks are {decks}), not {_short_repr(value)}")
    if card_id.startswith("#") and card_id[1:].isdigit():
        index = int(card_id[1:])
        if index < len(deck.cards):
            return (key, index)
    if 0 <= player < len(game.players):
        for k, i in game.players[player].cards:
            if k == key and deck.cards[i].id == card_id:
                return (k, i)
    return (key, deck.index_of(card_id))


def _trade(game: Game, player: int, do: str, obj: Mapping[str, Any]) -> Trade:
    if do == "counter":
        decision = game.decision_for(player)
        offer = decision.trade if decision is not None else None
        if offer is None:
            raise ValueError("there is no offer to counter")
        recipient = offer.proposer
        if "to" in obj and game.seat_of(_name_or_index(obj["to"], "to")) != recipient:
            raise ValueError("a counter-offer goes back to the player who made the offer")
    else:
        if "to" not in obj:
            raise ValueError("a trade offer needs 'to': the player it is made to")
        recipient = game.seat_of(_name_or_index(obj["to"], "to"))
    return Trade(
        proposer=player,
        recipient=recipient,
        give=tuple(game.board.find_deed(_name_or_index(d, "give"))
                   for d in _items(obj, "give")),
        take=tuple(game.board.find_deed(_name_or_index(d, "take"))
                   for d in _items(obj, "take")),
        give_cash=whole_number(obj.get("give_cash", 0), "give_cash"),
        take_cash=whole_number(obj.get("take_cash", 0), "take_cash"),
        give_cards=tuple(_deck(game, c) for c in _items(obj, "give_cards")),
        take_cards=tuple(_deck(game, c) for c in _items(obj, "take_cards")),
    )


def _items(obj: Mapping[str, Any], key: str) -> list[Any]:
    """A list field of a trade; a single name may stand for a list of one."""
    value = obj.get(key, ())
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return [value]
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"'{key}' should be a list, not {_short_repr(value)}")
    return list(value)


def _deck(game: Game, key: Any) -> str:
    """A Get Out of Jail Free card in a trade, named by the key of the deck it came from."""
    text = str(key)
    if text not in game.decks:
        raise ValueError(f"no deck '{text}' for a Get Out of Jail Free card; the decks are "
                         + ", ".join(game.decks))
    return text


def whole_number(value: Any, what: str) -> int:
    """A whole number of money (a float that is whole, or digits, also count)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        digits = text.removeprefix("-")
        if digits.isascii() and digits.isdigit() and len(digits) <= 18:
            return int(text)
    raise ValueError(f"{what} must be a whole number, not {_short_repr(value)}")


def action_from_text(game: Game, player: int, text: str) -> Action:
    """Read an action written in one line (see :func:`action_to_text`)."""
    try:
        words = shlex.split(text)
    except ValueError as e:
        raise ValueError(f"cannot read {_short_repr(text)}: {e}") from None
    if not words:
        raise ValueError("an empty line is not an action")
    do = words[0]
    kind = action_kind(game, do)
    positional = [n for n in (_slots(kind) if kind is not None else list(SLOT_TYPES))
                  if n != "trade"]
    obj: dict[str, Any] = {"do": do}
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if eq and (key in TRADE_KEYS or key in SLOT_TYPES):
            if key in ("give", "take", "give_cards", "take_cards"):
                obj.setdefault(key, []).append(value)
            else:
                obj[key] = value
            continue
        slot = next((n for n in positional if n not in obj), None)
        if slot is None:
            raise ValueError(f"'{do}' takes no more values than "
                             f"{', '.join(positional) or 'none'}: {_short_repr(word)}")
        obj[slot] = _number_or_name(slot, word)
    return action_from_json(game, player, obj)


def _number_or_name(slot: str, word: str) -> Any:
    if slot == "amount":
        return word
    return int(word) if word.isascii() and word.isdigit() else word


def _short_repr(value: Any, limit: int = 80) -> str:
    """A value in an error message, cut short (never a whole huge structure)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def trade_words(game: Game, t: Trade) -> str:
    """"Ann gives Boardwalk and $100 for Bob's Park Place"."""
    def side(deeds: tuple[int, ...], cash: int, cards: tuple[str, ...]) -> str:
        parts = game.board.names(deeds)
        if cash:
            parts.append(game.money(cash))
        parts.extend(f"a Get Out of Jail Free card ({game.decks[k].name})" for k in cards)
        return " and ".join(parts) if parts else "nothing"

    return (f"{game.name(t.proposer)} gives {side(t.give, t.give_cash, t.give_cards)} "
            f"for {game.name(t.recipient)}'s {side(t.take, t.take_cash, t.take_cards)}")
