"""Ultimate Monopoly's rulebook: classic's rules with the three-track
turn's own decisions and spaces (see :mod:`pennybags.editions.ultimate_monopoly.game`), and
the rules of :mod:`.buildings`, :mod:`.spaces`, :mod:`.travel` and :mod:`.cards`.

Decisions added to classic's:

* ``triples``: triples were thrown; ``move-to`` any space of any track (a direct move that
  ends the turn's movement);
* ``subway``: the player landed on Subway; their next movement is ``move-to`` any space;
* ``bus``: the speed die showed the Bus; ``take-voucher`` (draw a Travel Voucher) or
  ``ride-bus`` (on to the nearest Chance or Community Chest ahead).

Improving property replaces classic's ``build`` and ``sell-building`` and adds ``sell-down``
(:mod:`.buildings`).
"""

from __future__ import annotations

from typing import Final

from pennybags.editions.classic.game import BUY_NUMBER
from pennybags.editions.classic.rules import MANAGING_ACTIONS
from pennybags.editions.classic.rules import RULEBOOK as CLASSIC_RULEBOOK
from pennybags.editions.ultimate_monopoly import buildings, cards, poses, spaces
from pennybags.editions.ultimate_monopoly.game import (
    BUS_TICKET_VOUCHER,
    BUS_VOUCHER,
    STATION_VOUCHER,
    UltimateMonopolyGame,
)
from pennybags.editions.ultimate_monopoly.travel import ACTIONS as TRAVEL_ACTIONS
from pennybags.editions.ultimate_monopoly.travel import DECISIONS as TRAVEL_DECISIONS
from pennybags.editions.ultimate_monopoly.travel import SPACES as TRAVEL_SPACES
from pennybags.engine.actions import Action, ActionKind, Decision, DecisionKind, space_field
from pennybags.engine.decks import Card
from pennybags.engine.rules import ActionRule, SpaceRule
from pennybags.engine.turn import NoSpaceRule

# ==================================================================== decisions

TRIPLES_DECISION: Final = DecisionKind(
    "triples", ("move-to",),
    "Triples (1s, 2s or 3s on both dice and the speed die): move to any space of any track; "
    "no more movement this turn")
SUBWAY_DECISION: Final = DecisionKind(
    "subway", ("move-to",),
    "Subway: the movement after landing on it is a direct move to any space of any track",
    managing=True)
BUS_DECISION: Final = DecisionKind(
    "bus", ("take-voucher", "ride-bus"),
    "The Bus on the speed die: take a Travel Voucher, or move on to the nearest Chance or "
    "Community Chest ahead")


# ==================================================================== actions

class MoveTo(ActionRule[UltimateMonopolyGame]):
    """Triples and Subway: a direct move to any space (nothing for passing a pay corner;
    landing on one pays its highest amount)."""

    kind = ActionKind("move-to", "Triples or Subway: move directly to any space of any track",
                      (space_field("any space of the board"),), label="Move to {space}")

    def check(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> str | None:
        if action.space == game.players[player].position:
            return "choose another space than the one you stand on"
        return None

    def candidates(self, game: UltimateMonopolyGame, player: int,
                   decision: Decision | None) -> list[Action]:
        here = game.players[player].position
        return [Action("move-to", space=s) for s in range(game.board.size) if s != here]

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        assert decision is not None
        if decision.kind == "triples":
            game.triples_move(player, action.space)
        else:
            game.subway_move(player, action.space, decision.amount)


class TakeVoucher(ActionRule[UltimateMonopolyGame]):
    """The Bus: take a Travel Voucher for later use."""

    kind = ActionKind("take-voucher", "The Bus: take a Travel Voucher",
                      label="Take a Travel Voucher")

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.pending = []
        game.take_voucher(player, BUS_VOUCHER)


class RideBus(ActionRule[UltimateMonopolyGame]):
    """The Bus: move on to the nearest Chance or Community Chest ahead."""

    kind = ActionKind("ride-bus", "The Bus: move on to the nearest Chance or Community Chest "
                      "ahead", label="Ride the bus to the nearest Chance or Community Chest")

    def apply(self, game: UltimateMonopolyGame, player: int, action: Action,
              decision: Decision | None) -> None:
        game.pending = []
        game.bus_move(player)


# ==================================================================== spaces

class LandOnProperty(SpaceRule[UltimateMonopolyGame]):
    """A title deed's space (a transit station on either of its tracks stands for its
    railroad): unowned, the lander buys it or it is auctioned; another player's and not
    mortgaged, the lander pays rent. Landing exactly on a transit station first draws a
    Travel Voucher."""

    def land(self, game: UltimateMonopolyGame, player: int, space: int,
             card: Card | None) -> None:
        board = game.tracks
        if board.is_station(space):
            game.take_voucher(player, STATION_VOUCHER)
        deed = board.deed_at(space)
        owner = game.owner[deed]
        if owner < 0:
            game.pending = [Decision("buy", player, deed=deed,
                                     amount=board.spaces[deed].price, number=BUY_NUMBER)]
        elif owner != player and not game.mortgaged[deed]:
            game.charge_rent(player, owner, deed, game.rent(deed))


class TaxRefund(SpaceRule[UltimateMonopolyGame]):
    """Tax Refund: collect half the Pool, rounded up."""

    def land(self, game: UltimateMonopolyGame, player: int, space: int,
             card: Card | None) -> None:
        game.tax_refund(player)


class HollandTunnel(SpaceRule[UltimateMonopolyGame]):
    """Holland Tunnel: landing on either tunnel moves the token directly to the other (no
    salary; the other tunnel does nothing on arrival)."""

    def land(self, game: UltimateMonopolyGame, player: int, space: int,
             card: Card | None) -> None:
        game.through_tunnel(player, game.tracks.tunnel_twin(space))


class Subway(SpaceRule[UltimateMonopolyGame]):
    """Subway: landing on it (not passing) makes the next movement a direct move to any
    space of any track (ruling 13)."""

    def land(self, game: UltimateMonopolyGame, player: int, space: int,
             card: Card | None) -> None:
        game.subway_next[player] = True


class ReverseDirection(SpaceRule[UltimateMonopolyGame]):
    """Reverse Direction: the next throw moves the token backwards."""

    def land(self, game: UltimateMonopolyGame, player: int, space: int,
             card: Card | None) -> None:
        game.reverse_next[player] = True


class BusTicket(SpaceRule[UltimateMonopolyGame]):
    """Bus Ticket: draw a Travel Voucher."""

    def land(self, game: UltimateMonopolyGame, player: int, space: int,
             card: Card | None) -> None:
        game.take_voucher(player, BUS_TICKET_VOUCHER)


PROPERTY: Final = LandOnProperty()
NOTHING_YET: Final = NoSpaceRule()
"""Chance and Community Chest until their cards' effects are built (the edition is not
registered until they are)."""

_BASE: Final = CLASSIC_RULEBOOK.extended(
    decisions=(TRIPLES_DECISION, SUBWAY_DECISION, BUS_DECISION, *spaces.DECISIONS),
    without_decisions=("place-house",),
    actions=(MoveTo(), TakeVoucher(), RideBus(), *buildings.ACTIONS, *spaces.ACTIONS),
    anytime=(*MANAGING_ACTIONS, *(a for a in (*buildings.ANYTIME, *spaces.ANYTIME)
                                  if a not in MANAGING_ACTIONS)),
    spaces={"street": PROPERTY, "railroad": PROPERTY, "transit": PROPERTY,
            "utility": PROPERTY, "cab_company": PROPERTY, "tax_refund": TaxRefund(),
            "holland_tunnel": HollandTunnel(), "subway": Subway(),
            "reverse_direction": ReverseDirection(), "bus_ticket": BusTicket(),
            "chance": NOTHING_YET, "community_chest": NOTHING_YET, **spaces.SPACES},
    poses=spaces.POSES,
)
RULEBOOK: Final = _BASE.extended(
    decisions=(*TRAVEL_DECISIONS, *cards.DECISIONS),
    actions=(*TRAVEL_ACTIONS, *cards.ACTIONS),
    anytime=(*_BASE.anytime, *cards.ANYTIME),
    spaces={**TRAVEL_SPACES, **cards.SPACES},
    cards=cards.CARDS,
    poses=poses.POSES)
"""Ultimate Monopoly's rules so far."""
