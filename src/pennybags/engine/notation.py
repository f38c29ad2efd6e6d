"""Actions as JSON (for records and scenario files) and as words (for menus).

This is a public interface: scenario files and saved games use it. Deeds and players are
written by name; a deed may also be given by its board index.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pennybags.engine.actions import Action, Trade
from pennybags.engine.game import Game

_TRADE_KEYS = ("give", "take", "give_cash", "take_cash", "give_cards", "take_cards")


def action_to_json(game: Game, action: Action) -> dict[str, Any]:
    """An action as a JSON object: ``{"do": ..., "deed"/"amount"/trade fields}``."""
    encode = getattr(game, "action_to_fields", None)  # an edition's own fields
    if encode is not None:
        fields = encode(action)
        if fields is not None:
            return dict(fields)
    out: dict[str, Any] = {"do": action.do}
    if action.deed >= 0:
        out["deed"] = _space(game, action.deed)
    if action.amount:
        out["amount"] = action.amount
    t = action.trade
    if t is not None:
        out["to"] = game.name(t.recipient)
        if t.give:
            out["give"] = game.board.names(t.give)
        if t.take:
            out["take"] = game.board.names(t.take)
        for key in ("give_cash", "take_cash"):
            if getattr(t, key):
                out[key] = getattr(t, key)
        for key in ("give_cards", "take_cards"):
            if getattr(t, key):
                out[key] = list(getattr(t, key))
    return out


def _space(game: Game, index: int) -> str | int:
    """A space by name, or by its index when the name is shared (Chance, Community Chest)."""
    name = game.board[index].name
    return name if game.board.find(name) == index else index


def action_from_json(game: Game, player: int, obj: Mapping[str, Any] | str) -> Action:
    """Read an action written as JSON (or just its id, like ``"roll"``).

    Raises ValueError with a readable reason for unknown deeds, players or fields.
    """
    if isinstance(obj, str):
        obj = {"do": obj}
    if not isinstance(obj, Mapping) or "do" not in obj:
        raise ValueError(f"an action needs a 'do' field, got {obj!r}")
    do = str(obj["do"])
    decode = getattr(game, "action_from_fields", None)  # an edition's own fields
    if decode is not None:
        custom = decode(player, obj)
        if isinstance(custom, Action):
            return custom
    known = {"do", "player", "deed", "amount", "to", *_TRADE_KEYS}
    unknown = set(obj) - known
    if unknown:
        raise ValueError(f"unknown field(s) in action '{do}': {', '.join(sorted(unknown))}")
    deed = game.board.find(obj["deed"]) if "deed" in obj else -1
    amount = _int(obj.get("amount", 0), "amount")
    trade = None
    if do in ("propose-trade", "counter"):
        if do == "counter":
            offer = getattr(game, "trade", None)
            if offer is None:
                raise ValueError("there is no offer to counter")
            recipient = offer.proposer
        else:
            if "to" not in obj:
                raise ValueError("a trade offer needs 'to': the player it is made to")
            recipient = game.seat_of(obj["to"])
        trade = Trade(
            proposer=player,
            recipient=recipient,
            give=tuple(game.board.find_deed(d) for d in _items(obj, "give")),
            take=tuple(game.board.find_deed(d) for d in _items(obj, "take")),
            give_cash=_int(obj.get("give_cash", 0), "give_cash"),
            take_cash=_int(obj.get("take_cash", 0), "take_cash"),
            give_cards=tuple(_card(game, c) for c in _items(obj, "give_cards")),
            take_cards=tuple(_card(game, c) for c in _items(obj, "take_cards")),
        )
    else:
        extra = sorted(k for k in ("to", *_TRADE_KEYS) if k in obj)
        if extra:
            raise ValueError(f"'{do}' is not a trade offer: it takes no {', '.join(extra)}")
    return Action(do, deed, amount, trade)


def _items(obj: Mapping[str, Any], key: str) -> list[Any]:
    """A list field of a trade; a single name may stand for a list of one."""
    value = obj.get(key, ())
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return [value]
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"'{key}' should be a list, not {value!r}")
    return list(value)


def _card(game: Game, key: Any) -> str:
    """A Get Out of Jail Free card, named by the key of the deck it came from."""
    text = str(key)
    if text not in game.decks:
        raise ValueError(f"no deck '{text}' for a Get Out of Jail Free card; the decks are "
                         + ", ".join(game.decks))
    return text


def _int(value: Any, what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    raise ValueError(f"{what} must be a whole number, not {value!r}")


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


_LABELS = {
    "roll": "Roll the dice",
    "end-turn": "End the turn",
    "buy": "Buy {deed} for {price}",
    "auction": "Don't buy: {deed} goes to auction",
    "pass": "Pass (drop out of this auction)",
    "pay-bail": "Pay the {fine} fine and leave jail",
    "use-card": "Use a Get Out of Jail Free card",
    "declare-bankruptcy": "Declare bankruptcy",
    "accept": "Accept the offer",
    "reject": "Reject the offer",
    "counter": "Make a counter-offer",
    "keep-mortgaged": "Keep the deeds mortgaged",
    "build": "Build on {deed} ({cost})",
    "sell-building": "Sell a building on {deed} (+{half})",
    "mortgage": "Mortgage {deed} (+{mortgage})",
    "unmortgage": "Lift the mortgage on {deed}",
    "bid": "Bid (more than {amount})",
    "propose-trade": "Propose a trade",
    # Monopoly 2.3 (its game gives fuller lines through action_words)
    "buy-deed": "Buy {deed} from the market",
    "force-buy": "Force the sale of {deed} (1.5 times its price)",
    "play-card": "Play a card",
    "buy-building": "Buy a building for the monopoly of {deed}",
    "give-deed": "Hand over {deed}",
    "give-building": "Hand over a building of {deed}",
    "move": "Move a player",
    "decline": "Don't buy {deed}",
}


def action_label(game: Game, action: Action) -> str:
    """A short sentence for a menu."""
    words = getattr(game, "action_words", None)  # an edition's own menu lines
    if words is not None:
        text = words(action)
        if text:
            return str(text)
    template = _LABELS.get(action.do, action.do)
    space = game.board[action.deed] if action.deed >= 0 else None
    decision = game.pending[0] if game.pending else None
    fields = {
        "deed": space.name if space else (game.board[decision.deed].name
                                          if decision and decision.deed >= 0 else "it"),
        "price": game.money(decision.amount) if decision else "",
        "fine": game.money(getattr(game, "jail_fine", 0)),
        "cost": game.money(space.house_cost) if space else "",
        "half": game.money(space.house_cost // 2) if space else "",
        "mortgage": game.money(space.mortgage) if space else "",
        "amount": game.money(action.amount - 1),
    }
    return template.format(**fields)
