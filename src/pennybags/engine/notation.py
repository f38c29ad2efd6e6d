"""Actions as JSON (records, scenario files, the browser) and as text (one line, for people
and logs), both made from the edition's action schema (``engine.actions``).

This is a public interface: scenario files and saved games use it. Deeds, spaces and players
are written by name (a deed or space may also be given by its board index), cards as
``deck:card-id``, amounts as whole numbers, a stock exchange's companies by their id (the
data file's ``stocks``; read by id, name or alias, or their index). Every field an action
kind declares has one JSON key, the field's name; a trade offer is written as its parts
(``to``, ``give``, ``take``, ``give_cash``, ``take_cash``, ``give_cards``, ``take_cards``,
``give_shares``, ``take_shares``). A card in a trade is a deck key (classic: that deck's Get
Out of Jail Free card), ``deck:card-id`` or ``deck:#index``; a share is its company's id,
``company-id:mortgaged`` for a mortgaged one, repeated for several.

JSON: ``{"do": "bid", "amount": 120}``, ``{"do": "play-card", "card":
"chance:go-to-jail", "target": "Bob"}``.
Text: ``bid 120``, ``play-card chance:go-to-jail Bob``, ``build 'Park Place'``,
``propose-trade to=Bob give=Boardwalk take_cash=100``,
``propose-trade to=Bob give_cards=travel_vouchers:travel-card give_shares=acme-motors
give_shares=acme-motors:mortgaged take_cash=100``.

Both round-trip exactly: reading what was written gives the same action back.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pennybags.engine.actions import SLOT_TYPES, Action, ActionKind, CardRef, Trade

if TYPE_CHECKING:
    from pennybags.engine.game import Game

TRADE_KEYS = ("to", "give", "take", "give_cash", "take_cash", "give_cards", "take_cards",
              "give_shares", "take_shares")
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
    if t.give_shares:
        out["give_shares"] = list(t.give_shares)
    if t.take_shares:
        out["take_shares"] = list(t.take_shares)
    return out


def space_name(game: Game, index: int) -> str | int:
    """A space by name, or by its index when the name is shared (Chance, Community Chest)
    or the index is off the board."""
    if not 0 <= index < game.board.size:
        return index
    name = game.board[index].name
    return name if game.board.find(name) == index else index


def card_name(game: Game, card: CardRef) -> str:
    """A card as ``deck:card-id``; ``deck:card-id#index`` when the deck prints several
    copies of it (Travel Vouchers), so that it reads back as exactly this copy."""
    key, index = card
    deck = game.decks.get(key)
    if deck is None or not 0 <= index < len(deck.cards):
        return f"{key}:#{index}"
    card_id = deck.cards[index].id
    copies = 0
    for c in deck.cards:
        if c.id == card_id:
            copies += 1
    return f"{key}:{card_id}#{index}" if copies > 1 else f"{key}:{card_id}"


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
    if "card" in obj and values.get("target", -1) >= 0:
        # a card of the target's (Finders Keepers): their copy before the pile's
        values["card"] = read_card(game, player, obj["card"], values["target"])
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


def read_card(game: Game, player: int, value: Any, other: int = -1) -> CardRef:
    """A card written ``deck:card-id`` (or ``deck:#index``): the copy ``player`` holds if
    they hold one, else the copy ``other`` holds, else the first copy in the deck (the
    engine then says whether it may be played)."""
    if not isinstance(value, str):
        raise ValueError(f"'card' names a card as deck:card-id, not {_short_repr(value)}")
    key, _, card_id = value.partition(":")
    deck = game.decks.get(key)
    if deck is None or not card_id:
        decks = ", ".join(game.decks) or "none"
        raise ValueError(f"'card' names a card as deck:card-id, such as chance:go-to-jail "
                         f"(the decks are {decks}), not {_short_repr(value)}")
    index = deck.copy_named(card_id)
    if index is not None:  # deck:#index or deck:card-id#index: that very copy
        if index >= 0:
            return (key, index)
        raise ValueError(f"the {deck.name} deck has no card {_short_repr(value)}")
    for holder in (player, other):
        if 0 <= holder < len(game.players):
            for k, i in game.players[holder].cards:
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
        give_cards=tuple(_trade_card(game, c) for c in _items(obj, "give_cards")),
        take_cards=tuple(_trade_card(game, c) for c in _items(obj, "take_cards")),
        give_shares=tuple(_share(game, s) for s in _items(obj, "give_shares")),
        take_shares=tuple(_share(game, s) for s in _items(obj, "take_shares")),
    )


def _items(obj: Mapping[str, Any], key: str) -> list[Any]:
    """A list field of a trade; a single name may stand for a list of one."""
    value = obj.get(key, ())
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return [value]
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"'{key}' should be a list, not {_short_repr(value)}")
    return list(value)


def _trade_card(game: Game, value: Any) -> str:
    """A card in a trade, as written: a deck key (classic: that deck's Get Out of Jail Free
    card), ``deck:card-id``, ``deck:#index`` or ``deck:card-id#index`` (checked to name a
    card of the deck; whether the side holds it, and may trade it, is the rules' to say)."""
    text = str(value)
    key, colon, card_id = text.partition(":")
    deck = game.decks.get(key)
    if not colon:
        if deck is None:
            raise ValueError(f"no deck '{text}' for a Get Out of Jail Free card; the decks "
                             "are " + ", ".join(game.decks))
        return text
    if deck is None:
        raise ValueError(f"no deck '{key}' for the card {_short_repr(text)}; the decks are "
                         + ", ".join(game.decks))
    index = deck.copy_named(card_id)
    if index is None:
        index = next((i for i, c in enumerate(deck.cards) if c.id == card_id), -1)
    if index >= 0:
        return text
    raise ValueError(f"no card {_short_repr(card_id)} in the {deck.name} deck: a card in a "
                     "trade is deck:card-id (such as chance:get-out-of-jail-free), "
                     "deck:#index, deck:card-id#index or a deck key")


MORTGAGED_SHARE = ":mortgaged"
"""How a share in a trade is marked mortgaged (``acme-motors:mortgaged``)."""


def _share(game: Game, value: Any) -> str:
    """A share in a trade: its company (by id, name or alias, or index; written back by
    id), with ``:mortgaged`` for a mortgaged share."""
    if not companies(game):
        raise ValueError(f"{game.data.name} has no Stock Exchange: a trade cannot hold "
                         "shares")
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ValueError(f"a share in a trade is a company id, not {_short_repr(value)}")
    if isinstance(value, int):
        return share_entry(game, read_company(game, value))
    text = value.strip()
    mortgaged = text.lower().endswith(MORTGAGED_SHARE)
    if mortgaged:
        text = text[:len(text) - len(MORTGAGED_SHARE)]
    return share_entry(game, read_company(game, text), mortgaged)


def share_entry(game: Game, company: int, mortgaged: bool = False) -> str:
    """One share of ``company`` (its index in the data's ``stocks``) as a trade names it:
    ``company-id``, or ``company-id:mortgaged`` for a mortgaged share."""
    name = company_name(game, company)
    return f"{name}{MORTGAGED_SHARE}" if mortgaged else str(name)


def trade_card_entry(game: Game, card: CardRef) -> str:
    """A held card as a trade names it: ``deck:card-id`` (:func:`card_name`)."""
    return card_name(game, card)


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
            if key in ("give", "take", "give_cards", "take_cards", "give_shares",
                       "take_shares"):
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
    def side(seat: int, deeds: tuple[int, ...], cash: int, cards: tuple[str, ...],
             shares: tuple[str, ...]) -> str:
        parts = game.board.names(deeds)
        if cash:
            parts.append(game.money(cash))
        parts.extend(card_entry_words(game, seat, c) for c in cards)
        parts.extend(shares_words(game, shares))
        return " and ".join(parts) if parts else "nothing"

    return (f"{game.name(t.proposer)} gives "
            f"{side(t.proposer, t.give, t.give_cash, t.give_cards, t.give_shares)} "
            f"for {game.name(t.recipient)}'s "
            f"{side(t.recipient, t.take, t.take_cash, t.take_cards, t.take_shares)}")


def card_entry_words(game: Game, seat: int, entry: str) -> str:
    """A card entry of a :class:`Trade` in words: "a Get Out of Jail Free card (Chance)",
    "Travel Card (Travel Vouchers)". A bare deck key is the card ``seat`` holds from that
    deck (classic: its Get Out of Jail Free card)."""
    key, colon, card_id = entry.partition(":")
    deck = game.decks.get(key)
    if deck is None:
        return f"the card {entry}"
    index = -1
    if not colon:
        index = next((i for k, i in game.players[seat].cards if k == key), -1) \
            if 0 <= seat < len(game.players) else -1
    else:
        copy = deck.copy_named(card_id)
        index = copy if copy is not None else \
            next((i for i, c in enumerate(deck.cards) if c.id == card_id), -1)
    if index < 0:
        if colon or not any(c.kind == "get_out_of_jail_free" for c in deck.cards):
            return f"a {deck.name} card"
        return f"a Get Out of Jail Free card ({deck.name})"
    card = deck.cards[index]
    if card.kind == "get_out_of_jail_free":
        return f"a Get Out of Jail Free card ({deck.name})"
    title = str(card.get("title", card.id))
    notes = [] if title.startswith(deck.name) else [deck.name]
    if any(c.id != card.id and str(c.get("title", c.id)) == title for c in deck.cards):
        notes.append(card.id)  # (titles alike, cards not: an expiring Bus Ticket)
    return f"{title} ({', '.join(notes)})" if notes else title


def shares_words(game: Game, shares: tuple[str, ...]) -> list[str]:
    """Shares of a trade in words, by company in the order first named: "2 shares of
    Acme Motors (1 mortgaged)", "one mortgaged share of General Radio" (after a name's
    possessive: "Bob's one share of ...", not "Bob's a share")."""
    listed = companies(game)
    counts: dict[str, list[int]] = {}
    for entry in shares:
        text = str(entry)
        mortgaged = text.endswith(MORTGAGED_SHARE)
        company = text[:len(text) - len(MORTGAGED_SHARE)] if mortgaged else text
        count = counts.setdefault(company, [0, 0])
        count[0] += 1
        if mortgaged:
            count[1] += 1
    out: list[str] = []
    for company, (held, pledged) in counts.items():
        name = next((str(c.get("company", company)) for c in listed
                     if str(c.get("id")) == company), company)
        if held == 1:
            out.append(f"one {'mortgaged ' if pledged else ''}share of {name}")
        else:
            note = f" ({pledged} mortgaged)" if pledged else ""
            out.append(f"{held} shares of {name}{note}")
    return out
