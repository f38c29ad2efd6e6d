"""Ultimate Monopoly: Travel Vouchers and taxi rides.

The rulebook's BUS TICKETS/TRAVEL CARDS (AKA TRAVEL VOUCHERS), CAB COMPANIES (Taking a Taxi
Ride) and MOVEMENT ORDER, with rulings 5, 12, 13 and 14. What is here, and the readings
taken where the rulebook is silent:

**Playing a Travel Voucher** (``play-voucher <card> <space>``). "TRAVEL VOUCHERS can be used
at any time during a player's turn, that is, before or after a dice roll, in between a dice
roll move and a MR. MONOPOLY Bonus Move, or a BUS ICON Bonus Move, or before or after a
DOUBLES roll." The turn offers the voucher at each of those moments, as an extra answer of
the decision open then:

* ``roll``: before a throw (the first, or a doubles re-roll); once the voucher's move is
  settled the throw is still to come;
* ``bonus-move`` (new): after the pips' move and its space are settled, when a Mr. Monopoly
  or Bus bonus move comes and a voucher could be played (``go-on`` or ``play-voucher``);
  the bonus move then starts where the voucher left the token;
* ``end-turn``: after the turn's last throw (the rulebook's "after a dice roll");
* ``subway``: see below.

"Only one TRAVEL VOUCHER may be played per turn"; "No TRAVEL VOUCHERS can be used after
rolling TRIPLES"; "Any time you are made to GO TO JAIL ... your turn is IMMEDIATELY over";
"If you land on REVERSE DIRECTION, then you may not use a TRAVEL VOUCHER on your next move"
(nor before it: the next move must be the backwards throw, its Mr. Monopoly move included).
The game keeps one flag for the turn, ``voucher_closed`` (one was played, or triples were
thrown), reset when a turn begins.

The voucher's move (rulings 5 and 14, :meth:`UltimateMonopolyBoard.voucher_targets`): any
space ahead on the side of the board where the token stands, on its track; a transit
station passed (or stood on) may be ridden or not. "All TRAVEL VOUCHER movement is
considered to be normal movement": the space landed on is obeyed (Go To Jail jails and ends
the turn; Subway makes the next movement a Subway ride), and a pay corner reached pays its
highest amount (ruling 12: GO $200, Bonus $300, Pay Day $400; a voucher never passes a pay
corner, as its move ends at the corner closing the side). After landing on Subway, the
next movement is a direct move to any space (ruling 13: "the next turn's throw, or this
turn's extra move (doubles, a bonus move, a voucher)"): a voucher played while a Subway
ride is due *is* that ride (any space, direct: nothing for passing a pay corner), also at
the ``subway`` decision itself, where the throw then stays to come.

"All used or expired TRAVEL VOUCHERS are 'out of play' ... for the rest of the game": a
played voucher leaves the game (not back under the pile). "Some TRAVEL VOUCHERS 'Expire'
all other owned TRAVEL VOUCHERS when played. This applies to the TRAVEL VOUCHERS owned by
everyone, including the person playing the card. This does not apply to unowned TRAVEL
VOUCHERS." Which do (ruling 5, option ``expiring-vouchers=N``, default 4): the last N Bus
Tickets of the data's voucher list (the cards whose ``voucher`` is ``bus_ticket``, by card
index). With N = 4 those are exactly the four printed "bus-ticket-expiring" cards; with
fewer, only the last N of them expire the others; with more, plain Bus Tickets from the
end of the list expire the others too (their id stays ``bus-ticket``).

**Taxi rides** (:class:`LandOnCabCompany`). "When landing on an owned CAB COMPANY, a player
has the option to, in addition to normal rent, pay $50 to the owner (or $20 to the Pool if
the player owns the CAB COMPANY) for transportation to FREE PARKING, any other CAB COMPANY,
or any TRANSIT STATION (staying on the top (innermost) level of the TRANSIT STATION)." The
``taxi`` decision comes once the rent is settled (not at all if it made the lander
bankrupt): ``take-taxi <space>`` or ``no-taxi``. Readings:

* a transit station's "top (innermost) level" is the station's space on the innermost of
  its two tracks: the inner track's space for Pennsylvania Railroad and Short Line, the
  middle track's railroad for Reading and B&O;
* the ride is a direct trip (no pay corner lies on the way to count); the fare is not
  rent, so a mortgaged cab company still offers rides and its owner takes the fare;
* at the destination: "does NOT incur rent ... nor does it allow for the player to pay for
  a second Taxi Ride. If the property moved to is unowned, it may be bought or it will be
  put up for auction." A transit station reached by taxi is landed on exactly, so it draws
  a Travel Voucher; Free Parking does what its space rule does (nothing);
* "If a player has additional moves (DOUBLES, MR. MONOPOLY, BUS ICON, TRAVEL VOUCHER) when
  originally landing on the CAB COMPANY, the player should continue their turn from their
  destination": the rest of the turn simply goes on from where the taxi left the token.

Until the lead moves it into :class:`UltimateMonopolyGame`, the state and the two turn
hooks the vouchers need live in the game (``voucher_closed``, ``may_play_voucher`` and the
``bonus-move`` decision before a bonus move).
"""

from __future__ import annotations

from typing import Any, Final, cast

from pennybags.editions.classic.game import BUY_NUMBER
from pennybags.editions.ultimate_monopoly.game import (
    BONUS_RIDE,
    CARD_VOUCHER,
    POOL,
    STATION_VOUCHER,
    VOUCHERS,
    UltimateMonopolyGame,
)
from pennybags.engine.actions import (
    Action,
    ActionKind,
    Decision,
    DecisionKind,
    card_field,
    space_field,
)
from pennybags.engine.decks import Card
from pennybags.engine.game import Game, Step
from pennybags.engine.rules import ActionRule, SpaceRule
from pennybags.engine.turn import NO_DECISIONS, AfterRoll

BONUS_MOVE: Final = "bonus-move"
TAXI: Final = "taxi"
"""The decisions this module adds."""


# ==================================================================== held vouchers

def held_vouchers(game: UltimateMonopolyGame, player: int) -> list[int]:
    """The Travel Vouchers ``player`` holds, as card indices of the voucher pile, in the
    order they came."""
    return [index for key, index in game.players[player].cards if key == VOUCHERS]


def voucher_count(game: UltimateMonopolyGame, player: int) -> int:
    """How many Travel Vouchers ``player`` holds."""
    count = 0
    for key, _ in game.players[player].cards:
        if key == VOUCHERS:
            count += 1
    return count


def _take_from_hand(game: UltimateMonopolyGame, player: int, index: int) -> None:
    cards = game.players[player].cards
    for i, (key, held) in enumerate(cards):
        if key == VOUCHERS and held == index:
            del cards[i]
            return
    raise ValueError(f"{game.name(player)} holds no Travel Voucher #{index}")


def draw_voucher(game: UltimateMonopolyGame, player: int,
                 reason: str = CARD_VOUCHER) -> int:
    """Draw the top Travel Voucher for ``player`` (``game.take_voucher``, for ``reason``)
    and return its card index, or -1 when the pile is empty (every voucher is held or out
    of play)."""
    order = game.decks[VOUCHERS].order
    if not order:
        game.take_voucher(player, reason)  # (tells listeners none was left)
        return -1
    index = order[0]
    game.take_voucher(player, reason)
    return index


def give_voucher(game: UltimateMonopolyGame, giver: int, receiver: int, index: int) -> None:
    """``giver`` hands their Travel Voucher ``index`` to ``receiver`` (Birthday Gift, Squeeze
    Play, cards). ValueError if ``giver`` does not hold it."""
    _take_from_hand(game, giver, index)
    game.players[receiver].cards.append((VOUCHERS, index))
    if game.listeners:
        game.emit("voucher-given", player=giver, to=receiver,
                  card=game.decks[VOUCHERS].cards[index].id)


def return_voucher(game: UltimateMonopolyGame, player: int, index: int) -> None:
    """``player`` puts their Travel Voucher ``index`` back under the pile (a card's "put
    one of your Travel Vouchers back"; not an expiry, which takes it out of play)."""
    _take_from_hand(game, player, index)
    game.decks[VOUCHERS].put_bottom(index)
    if game.listeners:
        game.emit("voucher-returned", player=player,
                  card=game.decks[VOUCHERS].cards[index].id)


def expiring_vouchers(game: UltimateMonopolyGame) -> tuple[int, ...]:
    """The vouchers that expire every other held voucher when played (ruling 5, option
    ``expiring-vouchers=N``): the last N Bus Tickets of the pile's cards, by card index
    (N = 4: the four printed expiring Bus Tickets). Worked out once per game."""
    known = game.expiring_voucher_cards
    if known is not None:
        return known
    cards = game.decks[VOUCHERS].cards
    tickets = [i for i, c in enumerate(cards) if c.get("voucher") == "bus_ticket"]
    n: int = game.options.expiring_vouchers
    known = game.expiring_voucher_cards = tuple(tickets[len(tickets) - n:]) if n > 0 else ()
    return known


def is_expiring(game: UltimateMonopolyGame, index: int) -> bool:
    """Whether voucher ``index`` expires every other held voucher when played."""
    return index in expiring_vouchers(game)


def expire_all_but(game: UltimateMonopolyGame, card: int) -> int:
    """"All other vouchers expire, except this one": every Travel Voucher any player holds,
    but ``card``, goes out of play (not back under the pile; the pile is not touched).
    Returns how many expired."""
    deck = game.decks[VOUCHERS]
    expired = 0
    for player in game.players:
        cards = player.cards
        i = 0
        while i < len(cards):
            key, index = cards[i]
            if key == VOUCHERS and index != card:
                del cards[i]
                expired += 1
                if game.listeners:
                    game.emit("voucher-expired", player=player.seat,
                              card=deck.cards[index].id)
            else:
                i += 1
    return expired


# ==================================================================== playing a voucher

def voucher_destinations(game: UltimateMonopolyGame, player: int) -> tuple[int, ...]:
    """Where a Travel Voucher played now takes ``player``: the spaces ahead on their side
    of the board (rulings 5 and 14), or, with a Subway ride due (ruling 13), any other
    space."""
    here = game.players[player].position
    if game.subway_next[player]:
        return game.tracks.anywhere_but(here)
    return game.tracks.voucher_targets(here)


def is_voucher_destination(game: UltimateMonopolyGame, player: int, space: int) -> bool:
    """Whether a Travel Voucher played now takes ``player`` to ``space`` (one of
    :func:`voucher_destinations`)."""
    here = game.players[player].position
    if game.subway_next[player]:
        return 0 <= space < game.board.size and space != here
    return game.tracks.is_voucher_target(here, space)


def voucher_plays(game: UltimateMonopolyGame, player: int, index: int) -> list[Action]:
    """``play-voucher`` of voucher ``index`` to each of :func:`voucher_destinations`, in
    that order: made once per voucher and space (with a Subway ride due or not) and kept
    by the board (actions are values: every game may hand out the same ones). The list is
    shared: never change it."""
    here = game.players[player].position
    subway = game.subway_next[player]
    plays = game.tracks.voucher_plays
    key = (index * 2 + (1 if subway else 0)) * game.board.size + here
    made = plays.get(key)
    if made is None:
        card = (VOUCHERS, index)
        made = plays[key] = [Action("play-voucher", card=card, space=s)
                             for s in voucher_destinations(game, player)]
    return made


def play_voucher(game: UltimateMonopolyGame, player: int, index: int, target: int) -> None:
    """Play Travel Voucher ``index`` to ``target``: it goes out of play (an expiring one
    first expires every other held voucher), then the token moves. Normal movement along
    :meth:`voucher_walk` (the highest pay-corner amounts, ruling 12) and the space landed
    on is obeyed; with a Subway ride due, the voucher is that ride (a direct move). The
    caller has checked it may be played, and put what comes after it on the step stack;
    the caller also closes the turn's voucher."""
    _take_from_hand(game, player, index)
    deck = game.decks[VOUCHERS]
    if game.listeners:
        game.emit("voucher-played", player=player, card=deck.cards[index].id, to=target)
    if is_expiring(game, index):
        expire_all_but(game, index)
    game.pending = NO_DECISIONS
    if game.subway_next[player]:
        game.subway_next[player] = False
        game.move_directly(player, target)
        return
    walk = game.tracks.voucher_walk(game.players[player].position, target)
    game.follow(player, walk, by_dice=False, even=True)


class ResumeRoll(Step):
    """After a voucher played before a throw: the throw is still to come (a Subway ride in
    its place if the voucher landed on Subway), unless the voucher's space sent the player
    to jail, which ends the turn."""

    __slots__ = ("player",)

    def __init__(self, player: int) -> None:
        self.player = player

    def run(self, game: Game) -> None:
        g = cast(UltimateMonopolyGame, game)
        p = self.player
        player = g.players[p]
        if g.over or player.bankrupt:
            return
        if player.in_jail:
            g.after_roll(p, False)
            return
        g.ask_roll()


class PlayVoucher(ActionRule[UltimateMonopolyGame]):
    """Play a Travel Voucher (one a turn, during the movement): move forward to any space
    on the side of the board where you stand (or, with a Subway ride due, directly to any
    space); it then leaves the game."""

    kind = ActionKind(
        "play-voucher", "Play a Travel Voucher (one a turn, during the movement): forward "
        "to any space of your side of the board, riding a station passed or not",
        (card_field("the Travel Voucher played"), space_field("the space it takes you to")),
        label="Play a Travel Voucher to {space}")

    def check(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        card = action.card
        if card is None or card[0] != VOUCHERS:
            return "play-voucher needs one of your Travel Vouchers (travel_vouchers:...)"
        if card not in game.players[player].cards:
            return f"{game.name(player)} does not hold that Travel Voucher"
        if not game.may_play_voucher(player):
            if game.voucher_closed:
                return "one Travel Voucher a turn, and none after triples"
            if game.reverse_next[player]:
                return "after landing on Reverse Direction the next move is the backwards " \
                       "throw: no Travel Voucher"
            return "a Travel Voucher is played during the movement of your own turn"
        if not is_voucher_destination(game, player, action.space):
            here = game.players[player].position
            return f"a Travel Voucher does not take you from {game.board.spaces[here].name} " \
                   "there: forward to a space of your side of the board"
        return None

    def candidates(self, game: UltimateMonopolyGame, player: int,
                   decision: Decision | None) -> list[Action]:
        if decision is None or not game.may_play_voucher(player):
            return []
        cards = game.decks[VOUCHERS].cards
        expiring = expiring_vouchers(game)
        seen: set[tuple[str, bool]] = set()
        chosen: list[int] = []
        for index in held_vouchers(game, player):  # one card of each kind held
            key = (cards[index].id, index in expiring)
            if key not in seen:
                seen.add(key)
                chosen.append(index)
        out: list[Action] = []
        for index in chosen:
            out.extend(voucher_plays(game, player, index))
        return out

    def legal_answers(self, game: UltimateMonopolyGame, player: int,
                      decision: Decision) -> list[Action]:
        """Every candidate is allowed: each voucher listed is held, a voucher may be played
        now (``may_play_voucher``, which the candidates ask first) and each space is one of
        its destinations."""
        return self.candidates(game, player, decision)

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None and action.card is not None
        kind = decision.kind
        if kind == "end-turn":
            game.step_under(game.step_depth(), AfterRoll(player, False))
        elif kind == "subway" and decision.amount >= BONUS_RIDE:
            # the voucher is the Subway ride that takes the bonus move's place
            game.step_under(game.step_depth(),
                            AfterRoll(player, decision.amount == BONUS_RIDE + 1))
        elif kind != BONUS_MOVE:  # roll, subway: the throw is still to come
            game.step_under(game.step_depth(), ResumeRoll(player))
        game.voucher_closed = True
        play_voucher(game, player, action.card[1], action.space)


class GoOn(ActionRule[UltimateMonopolyGame]):
    """Go on with the bonus move without playing a Travel Voucher first."""

    kind = ActionKind("go-on", "Go on with the speed die's bonus move (no Travel Voucher "
                      "first)", label="Go on with the bonus move")

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.pending = NO_DECISIONS


# ==================================================================== taxi rides

def taxi_destinations(game: UltimateMonopolyGame, cab: int) -> list[int]:
    """Where a taxi from cab company ``cab`` goes: Free Parking, any other cab company, or
    any transit station on its top (innermost) level: the station's space on the innermost
    of its two tracks (the inner track's for Pennsylvania and Short Line, the middle
    track's railroad for Reading and B&O). In board order."""
    board = game.tracks
    out: list[int] = []
    for space in board.spaces:
        i = space.index
        kind = space.kind
        if kind == "free_parking" or (kind == "cab_company" and i != cab):
            out.append(i)
        elif board.is_station(i):
            twin = board.station_twin(i)
            if board.track_size(board.track_of(i)) < board.track_size(board.track_of(twin)):
                out.append(i)
    return out


def taxi_fare(game: UltimateMonopolyGame, player: int, cab: int) -> tuple[int, int]:
    """The fare of a taxi ride from ``cab`` and who is paid: $50 to the owner, or $20 to the
    Pool for the owner themselves (the data's ``taxi_fare`` and ``taxi_fare_own``)."""
    rules = game.data.rules
    owner = game.owner[cab]
    if owner == player:
        return int(rules["taxi_fare_own"]), POOL
    return int(rules["taxi_fare"]), owner


class AskTaxi(Step):
    """Once the rent of an owned cab company is settled: offer the lander a taxi ride
    (unless the rent made them bankrupt)."""

    __slots__ = ("cab", "player")

    def __init__(self, player: int, cab: int) -> None:
        self.player = player
        self.cab = cab

    def run(self, game: Game) -> None:
        g = cast(UltimateMonopolyGame, game)
        p = self.player
        player = g.players[p]
        cab = self.cab
        if g.over or player.bankrupt or player.in_jail or player.position != cab \
                or g.owner[cab] < 0:
            return
        fare, payee = taxi_fare(g, p, cab)
        g.pending = [Decision(TAXI, p, deed=cab, amount=fare, creditor=payee)]


class LandOnCabCompany(SpaceRule[UltimateMonopolyGame]):
    """A cab company: unowned, the lander buys it or it is auctioned; another player's and
    not mortgaged, the lander pays rent (as ``LandOnProperty``); and owned by anyone, the
    lander included, once the rent is settled, the offer of a taxi ride."""

    def land(self, game: UltimateMonopolyGame, player: int, space: int,
             card: Card | None) -> None:
        owner = game.owner[space]
        if owner < 0:
            game.pending = [Decision("buy", player, deed=space,
                                     amount=game.board.spaces[space].price, number=BUY_NUMBER)]
            return
        if owner != player and not game.mortgaged[space]:
            game.charge_rent(player, owner, space, game.rent(space))
        game.step_under(game.step_depth(), AskTaxi(player, space))


def taxi_ride(game: UltimateMonopolyGame, player: int, cab: int, target: int) -> None:
    """Pay the fare and ride from ``cab`` to ``target``: no rent there and no second taxi
    ride; an unowned property there may be bought or is auctioned; a transit station is
    landed on exactly (a Travel Voucher); Free Parking does what its space does."""
    fare, payee = taxi_fare(game, player, cab)
    game.pending = NO_DECISIONS
    game.pay(player, payee, fare, "taxi fare")
    token = game.players[player]
    start = token.position
    token.position = target
    if game.listeners:
        game.emit("moved", player=player, start=start, to=target, steps=0, taxi=True)
    board = game.tracks
    deed = board.deed_at(target)
    if deed < 0:
        game.land(player)
        return
    if board.is_station(target):
        game.take_voucher(player, STATION_VOUCHER)
    if game.owner[deed] < 0:
        game.pending = [Decision("buy", player, deed=deed,
                                 amount=board.spaces[deed].price, number=BUY_NUMBER)]


class TakeTaxi(ActionRule[UltimateMonopolyGame]):
    """Taxi: pay the fare ($50 to the owner, $20 to the Pool from your own cab company) and
    ride to Free Parking, another cab company or a transit station (its innermost level)."""

    kind = ActionKind(
        "take-taxi", "Taxi ride: pay $50 to the cab company's owner ($20 to the Pool if it "
        "is yours) and go to Free Parking, another cab company or a transit station",
        (space_field("Free Parking, a cab company or a transit station"),),
        label="Take a taxi to {space}")

    def check(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        assert decision is not None
        if action.space not in taxi_destinations(game, decision.deed):
            return "a taxi goes to Free Parking, another cab company or a transit station " \
                   "(its innermost level)"
        cash = game.cash(player)
        if cash < decision.amount:
            return f"the fare is {game.money(decision.amount)}; {game.name(player)} has " \
                   f"{game.money(cash)}"
        return None

    def candidates(self, game: UltimateMonopolyGame, player: int,
                   decision: Decision | None) -> list[Action]:
        if decision is None:
            return []
        return [Action("take-taxi", space=s) for s in taxi_destinations(game, decision.deed)]

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None
        taxi_ride(game, player, decision.deed, action.space)


class NoTaxi(ActionRule[UltimateMonopolyGame]):
    """Taxi: no ride; the turn goes on from the cab company."""

    kind = ActionKind("no-taxi", "No taxi ride: stay on the cab company",
                      label="No taxi ride")

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.pending = NO_DECISIONS


# ==================================================================== for the rulebook

ROLL_DECISION: Final = DecisionKind(
    "roll", ("roll", "play-voucher"),
    "The turn: roll the dice (again after doubles), or first play a Travel Voucher (one a "
    "turn)", managing=True)
END_TURN_DECISION: Final = DecisionKind(
    "end-turn", ("end-turn", "play-voucher"),
    "The turn ends and play passes to the left; a Travel Voucher may still be played after "
    "the last throw (one a turn, none after triples or jail)", managing=True)
SUBWAY_DECISION: Final = DecisionKind(
    "subway", ("move-to", "play-voucher"),
    "Subway: the movement after landing on it is a direct move to any space of any track "
    "(a Travel Voucher played now is that move, and the throw stays to come)",
    managing=True)
BONUS_MOVE_DECISION: Final = DecisionKind(
    BONUS_MOVE, ("go-on", "play-voucher"),
    "MOVEMENT ORDER: before the speed die's bonus move (Mr. Monopoly or the Bus), play a "
    "Travel Voucher or go on")
TAXI_DECISION: Final = DecisionKind(
    TAXI, ("take-taxi", "no-taxi"),
    "Taxi ride: after landing on an owned cab company, pay $50 to its owner ($20 to the "
    "Pool if it is yours) to go to Free Parking, another cab company or a transit station, "
    "or stay", managing=True)

DECISIONS: Final[tuple[DecisionKind, ...]] = (
    ROLL_DECISION, END_TURN_DECISION, SUBWAY_DECISION, BONUS_MOVE_DECISION, TAXI_DECISION)
"""Decisions to add to (or replace in) the edition's rulebook: ``roll``, ``end-turn`` and
``subway`` gain ``play-voucher``; ``bonus-move`` and ``taxi`` are new."""
ACTIONS: Final[tuple[ActionRule[Any], ...]] = (PlayVoucher(), GoOn(), TakeTaxi(), NoTaxi())
"""Actions to add to the edition's rulebook (answers only: none is taken "at any time")."""
CAB_COMPANY: Final = LandOnCabCompany()
SPACES: Final[dict[str, SpaceRule[Any]]] = {"cab_company": CAB_COMPANY}
"""Space rules to put in place of the edition's: the cab company's."""

__all__ = ["ACTIONS", "BONUS_MOVE", "CAB_COMPANY", "DECISIONS", "SPACES", "TAXI", "AskTaxi",
           "GoOn", "LandOnCabCompany", "NoTaxi", "PlayVoucher", "ResumeRoll", "TakeTaxi",
           "draw_voucher", "expire_all_but", "expiring_vouchers",
           "give_voucher", "held_vouchers", "is_expiring", "is_voucher_destination",
           "play_voucher", "return_voucher", "taxi_destinations", "taxi_fare", "taxi_ride",
           "voucher_count", "voucher_destinations", "voucher_plays"]
