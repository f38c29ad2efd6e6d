"""Ultimate Monopoly: the decisions a scenario may start at (``pending:``) beyond the common
ones, each set up as the game would have come to it (see ``Game.pose``).

The set-ups, by the rule that asks each decision (the fields are :class:`Pose`'s, as a
scenario's ``pending:`` writes them):

* **The throw.** ``triples`` (TRIPLES: "move ahead to any space on the board"): the player
  whose turn it is has just thrown triples; ``amount`` the throw's number, 3, 6 or 9
  (default 3: 1s), and the dice show it. ``subway`` (SUBWAY: the next movement after landing
  on it is a direct move to any space): the player stands on Subway; ``amount`` as the
  game's decision carries it: 0 (default) the turn's movement (a throw, or the doubles
  re-roll), 2 the ride in place of the speed die's bonus move, 3 the same after doubles (the
  player throws again after it). ``bus`` (the BUS ICON: "take one TRAVEL VOUCHER or move
  ahead to the nearest ... CHANCE or COMMUNITY CHEST"): after the pips' move, the turn then
  goes on as after a throw without doubles; ``amount`` the throw's number (the regular dice:
  the Bus counts 0), whose parity decides whether the ride takes a transit station (default:
  an even one). ``bonus-move`` ("in between a dice roll move and a MR. MONOPOLY Bonus Move,
  or a BUS ICON Bonus Move"): the player may play a Travel Voucher before the bonus move;
  ``amount`` names the speed die's face: 1 Mr. Monopoly (default), 2 the Bus (the throw was
  not doubles, its regular dice even).
* **The spaces.** ``taxi`` (Taking a Taxi Ride): the player stands on a cab company owned by
  anyone (themselves included), its rent settled. ``birthday-gift`` (GIFT FROM OTHERS): the
  player stands on Birthday Gift; ``creditor`` the giver now, another player who holds a
  Travel Voucher (the givers after them, from the lander's left, follow). ``rent-due``: the
  player stands on another player's unmortgaged property and keeps a rent card that applies;
  ``amount`` the rent (default what the property charges now; a utility's counts a throw,
  so give it). ``good-fortune`` (Share in their Good Fortune): the player whose turn it is
  stands on Roll Three; ``creditor`` the winner, a holder of a Roll Three card, ``amount``
  their prize ($50, $200, $1,000 or $1,500); ``player`` keeps the card.
* **Cards** (``card: deck:card-id`` required; :func:`pose_card`). A card drawn: the player
  whose turn it is, standing on a space of that deck, draws it (:func:`cards.draw_card`:
  obeyed and under the pile); a card kept until used: ``player`` keeps it and plays it as
  the ``play-card`` rule does (on its own, when its moment has come). Either way the card
  must then ask ``kind`` of ``player`` (a choice with one answer is made at once, so a card
  asks nothing then). Insider Trading is played at its holder's ``stock-exchange`` decision
  (set up first, as ``pose_stock_exchange`` does).

The decisions no set-up reaches are listed in :data:`REACHED_BY_ACTIONS` with how a
scenario's actions reach them: each comes from another choice being answered (which of
several players, properties or vouchers) or from another player's kept card played at a
third player's purchase.
"""

from __future__ import annotations

from typing import Final

from pennybags.editions.ultimate_monopoly import cards
from pennybags.editions.ultimate_monopoly.cards import (
    ACTION_DECKS,
    CardGame,
    ask_good_fortune,
    card_of,
    charge_rent,
    draw_card,
    held_kind,
    rent_cards,
    title,
)
from pennybags.editions.ultimate_monopoly.game import BONUS_RIDE, ROLL_THREE
from pennybags.editions.ultimate_monopoly.spaces import (
    AskBirthdayGift,
    ask_birthday_gift,
    others_from_left,
    pose_stock_exchange,
    voucher_cards,
)
from pennybags.editions.ultimate_monopoly.travel import AskTaxi
from pennybags.engine.actions import Action, CardRef, Decision, Pose
from pennybags.engine.dice import SPEED_BUS, SPEED_MR_MONOPOLY
from pennybags.engine.ledger import BANK
from pennybags.engine.rules import PoseSetUp

BONUS_FACES: Final[dict[int, int]] = {1: SPEED_MR_MONOPOLY, 2: SPEED_BUS}
"""A ``bonus-move`` pose's ``amount``: the speed die's face whose bonus move comes."""


# ==================================================================== helpers


def on_turn(game: CardGame, pose: Pose) -> None:
    """A decision of the turn's movement: asked of the player whose turn it is, who is not
    in jail (there only the regular dice are thrown, and going there ends the turn)."""
    game.check_landing(pose)
    if game.players[pose.player].in_jail:
        raise ValueError(f"'{pose.kind}' is not asked of a player in jail: "
                         f"{game.name(pose.player)} is in jail")


def standing_on(game: CardGame, pose: Pose, kinds: tuple[str, ...], where: str) -> int:
    """The space ``pose.player`` stands on, which must be of one of ``kinds``."""
    here = game.players[pose.player].position
    if game.board.spaces[here].kind not in kinds:
        raise ValueError(f"'{pose.kind}' needs {game.name(pose.player)} on {where} (at:); "
                         f"they are on {game.board.spaces[here].name}")
    return here


def other_player(game: CardGame, pose: Pose, seat: int, role: str) -> int:
    """``seat`` (the pose's creditor) as another player still in the game."""
    if seat == BANK or seat < 0:
        raise ValueError(f"'{pose.kind}' names {role} (creditor:)")
    if seat == pose.player or game.players[seat].bankrupt:
        raise ValueError(f"'{pose.kind}': {role} (creditor:) is another player still in "
                         "the game")
    return seat


def asked(game: CardGame, pose: Pose) -> bool:
    return any(d.kind == pose.kind and d.player == pose.player for d in game.pending)


# ==================================================================== the throw


def pose_triples(game: CardGame, pose: Pose) -> None:
    """TRIPLES: "If you roll TRIPLE 1's, 2's, or 3's, move ahead to any space on the board."
    The throw (``amount``: 3, 6 or 9; default 3) is made with the dice, so the last throw and
    its number (what a utility's rent counts) are the triples'."""
    on_turn(game, pose)
    p = pose.player
    if game.subway_next[p]:
        raise ValueError(f"{game.name(p)} stands on Subway: the movement is a Subway ride, "
                         "not a throw (pose 'subway')")
    total = 3 if pose.amount < 0 else pose.amount
    if total not in (3, 6, 9):
        raise ValueError("'triples' amount is the throw's number: 3, 6 or 9 (1s, 2s or 3s)")
    dice = game.make_dice()
    face = total // 3
    dice.scripted.insert(0, (face, face, face))  # the throw, ahead of the scenario's dice
    dice.roll()
    game.last_dice = dice.last
    game.throw_total = dice.total
    game.doubles = 0
    game.reverse_next[p] = False
    game.pending = [Decision("triples", p, amount=dice.total)]


def pose_subway(game: CardGame, pose: Pose) -> None:
    """SUBWAY: "When you land on (not pass over) the SUBWAY space you may travel to any space
    on any board on your next turn"; with an additional move (a bonus move, doubles) at
    once. ``amount``: 0 (default) the turn's movement, 2 the ride in place of the speed
    die's bonus move, 3 the same after doubles (the player throws again after it)."""
    on_turn(game, pose)
    p = pose.player
    standing_on(game, pose, ("subway",), "Subway")
    ride = 0 if pose.amount < 0 else pose.amount
    if ride not in (0, BONUS_RIDE, BONUS_RIDE + 1):
        raise ValueError(f"'subway' amount is 0 (the turn's movement), {BONUS_RIDE} (the "
                         f"bonus move's ride) or {BONUS_RIDE + 1} (the bonus move's ride "
                         "after doubles)")
    game.subway_next[p] = True
    if ride == BONUS_RIDE + 1:
        game.doubles = max(game.doubles, 1)
    game.pending = [Decision("subway", p, amount=ride)]


def pose_bus(game: CardGame, pose: Pose) -> None:
    """The BUS ICON: "first make a normal move according to the regular dice, then decide to
    either take a TRAVEL VOUCHER ... or move again to the nearest CHANCE or COMMUNITY CHEST
    space in front of your token" (even: take the transit station). ``amount``: the throw's
    number, 2-12 (default: an even throw); the turn then goes on as after a throw without
    doubles."""
    on_turn(game, pose)
    p = pose.player
    if game.subway_next[p]:
        raise ValueError(f"{game.name(p)} stands on Subway: the Bus bonus move is the Subway "
                         "ride (pose 'subway' with amount 2)")
    if pose.amount >= 0:
        if not 2 <= pose.amount <= 12:
            raise ValueError("'bus' amount is the throw's number: the regular dice, 2 to 12 "
                             "(the Bus counts 0)")
        game.throw_total = pose.amount
    game.then(game.after_roll_unless_jailed, p, False)
    game.pending = [Decision("bus", p)]


def pose_bonus_move(game: CardGame, pose: Pose) -> None:
    """MOVEMENT ORDER: TRAVEL VOUCHERS can be used "in between a dice roll move and a MR.
    MONOPOLY Bonus Move, or a BUS ICON Bonus Move". Asked of a player who may still play one
    this turn; ``amount`` names the face: 1 Mr. Monopoly (default), 2 the Bus. The throw was
    not doubles; its regular dice are even."""
    on_turn(game, pose)
    p = pose.player
    face = BONUS_FACES.get(1 if pose.amount < 0 else pose.amount)
    if face is None:
        raise ValueError("'bonus-move' amount names the speed die's face: 1 Mr. Monopoly, "
                         "2 the Bus")
    if not game.may_play_voucher(p):  # (a turn set up has played none yet)
        why = "after landing on Reverse Direction the next move is backwards" \
            if game.reverse_next[p] else f"{game.name(p)} holds none"
        raise ValueError(f"'bonus-move' is asked of a player who may play a Travel Voucher "
                         f"now: {why}")
    if face == SPEED_MR_MONOPOLY:
        game.mr_monopoly_to_come = p
    game.then(game.take_bonus_move, p, False, face, True, False)
    game.pending = [Decision("bonus-move", p)]


# ==================================================================== the spaces


def pose_taxi(game: CardGame, pose: Pose) -> None:
    """Taking a Taxi Ride: "When landing on an owned CAB COMPANY, a player has the option to,
    in addition to normal rent, pay $50 to the owner (or $20 to the Pool if the player owns
    the CAB COMPANY)" for a ride. The rent is settled; the ride is offered."""
    on_turn(game, pose)
    cab = standing_on(game, pose, ("cab_company",), "a cab company")
    if game.owner[cab] < 0:
        raise ValueError(f"'taxi' needs the player on an owned cab company: "
                         f"{game.board.spaces[cab].name} is the bank's")
    AskTaxi(pose.player, cab).run(game)
    game.after_the_landing()


def pose_birthday_gift(game: CardGame, pose: Pose) -> None:
    """GIFT FROM OTHERS: "Either collect $100, or take a TRAVEL VOUCHER. It is the
    recipient's choice." The giver now (``creditor``) holds a voucher; the other players
    after them, from the lander's left, give next."""
    on_turn(game, pose)
    p = pose.player
    standing_on(game, pose, ("birthday_gift",), "Birthday Gift")
    giver = other_player(game, pose, pose.creditor, "the player who gives")
    if not voucher_cards(game, giver):
        raise ValueError(f"'birthday-gift' is asked only when the giver holds a Travel "
                         f"Voucher: {game.name(giver)} holds none (they give $100)")
    givers = others_from_left(game, p)
    for q in reversed(givers[givers.index(giver) + 1:]):
        game.step_under(game.step_depth(), AskBirthdayGift(p, q))
    ask_birthday_gift(game, p, giver)
    game.after_the_landing()


def pose_rent_due(game: CardGame, pose: Pose) -> None:
    """Rent is due from a lander who keeps a rent card that applies (Comped Room, Special
    Online Pricing, Reverse Rent!, The Rent is Too Darn High!): pay it or play the card. The
    rent (``amount``) is what the property charges now unless given; a utility's counts the
    throw, so it is given. On a cab company the taxi ride is offered once it is settled."""
    on_turn(game, pose)
    p = pose.player
    here = game.players[p].position
    deed = game.tracks.deed_at(here)
    owner = game.owner[deed] if deed >= 0 else -1
    if owner < 0 or owner == p or game.mortgaged[deed]:
        raise ValueError(f"'rent-due' needs {game.name(p)} on another player's unmortgaged "
                         "property (at:)")
    if pose.deed >= 0 and pose.deed != deed:
        raise ValueError(f"'rent-due' is about the property {game.name(p)} stands on "
                         f"({game.board.spaces[deed].name})")
    kind = game.board.spaces[deed].kind
    if pose.amount > 0:
        rent = pose.amount
    elif kind == "utility":
        raise ValueError("a utility's rent counts the throw: give the rent due (amount:)")
    else:
        rent = game.rent(deed)
    if not rent_cards(game, p, deed, rent):
        raise ValueError(f"'rent-due' is asked of a lander who keeps a rent card that "
                         f"applies: {game.name(p)} keeps none for this rent")
    if kind == "cab_company":
        game.step_under(game.step_depth(), AskTaxi(p, here))
    charge_rent(game, p, owner, deed, rent)
    game.after_the_landing()


def pose_good_fortune(game: CardGame, pose: Pose) -> None:
    """Share in their Good Fortune: "take half of another player's ROLL THREE winnings". The
    player whose turn it is stands on Roll Three; the winner (``creditor``) holds a Roll
    Three card and won ``amount``; ``player`` keeps the card."""
    standing_on(game, Pose(pose.kind, game.current), ("roll_three",), "Roll Three")
    p = pose.player
    winner = other_player(game, pose, pose.creditor, "the winner at Roll Three")
    if not any(key == ROLL_THREE for key, _ in game.players[winner].cards):
        raise ValueError(f"the winner at Roll Three holds a Roll Three card: "
                         f"{game.name(winner)} holds none")
    prizes = sorted(int(v) for v in game.data.rules["roll_three"].values())
    if pose.amount not in prizes:
        raise ValueError("'good-fortune' amount is the winner's Roll Three prize: "
                         + ", ".join(game.money(v) for v in prizes))
    if held_kind(game, p, "take_half_roll_three_winnings") is None:
        raise ValueError(f"'good-fortune' is asked of a player who keeps Share in their Good "
                         f"Fortune: {game.name(p)} does not")
    order = others_from_left(game, winner)
    at = order.index(p)
    ask_good_fortune(game, winner, pose.amount, order[at - 1] if at else -1)
    game.after_the_landing()


# ==================================================================== cards


def pose_card(game: CardGame, pose: Pose) -> None:
    """A card's decision (``card: deck:card-id``): a card drawn by the player whose turn it
    is, on a space of its deck (:func:`cards.draw_card`: taken from the pile and obeyed), or
    a card kept until used, played by ``player`` as the ``play-card`` rule plays it on its
    own; the card must then ask ``kind`` of ``player``."""
    ref = pose.card
    if ref is None or ref[0] not in ACTION_DECKS:
        raise ValueError(f"'{pose.kind}' needs the Chance or Community Chest card that asks "
                         "it (card: chance:... or community_chest:...)")
    card = card_of(game, ref)
    depth = game.step_depth()
    if card.get("keep_until_used"):
        play_kept(game, pose, ref)
    else:
        draw(game, pose, ref)
    game.settle(depth)
    if not asked(game, pose):
        asks = [f"'{d.kind}' of {game.name(d.player)}" for d in game.pending]
        raise ValueError(
            f"{title(card)} does not ask '{pose.kind}' of {game.name(pose.player)} here: it "
            + (f"asks {', '.join(asks)}" if asks else
               "asks nothing (a choice with one answer is made at once, one with none is "
               "not asked)"))
    if not card.get("keep_until_used"):
        game.after_the_landing()


def draw(game: CardGame, pose: Pose, ref: CardRef) -> None:
    """The player whose turn it is, on a space of the card's deck, draws that card."""
    key = ref[0]
    drawer = game.current
    here = game.board.spaces[game.players[drawer].position]
    if here.kind != key or game.players[drawer].in_jail:
        deck_name = game.decks[key].name
        raise ValueError(f"a {deck_name} card is drawn by the player whose turn it is, on a "
                         f"{deck_name} space: {game.name(drawer)} is on {here.name} (at:)")
    game.decks[key].stack([card_of(game, ref).id])  # that card on top of the pile
    game.pending = []
    draw_card(game, drawer, key)


def play_kept(game: CardGame, pose: Pose, ref: CardRef) -> None:
    """``pose.player`` plays the kept card, as ``play-card`` plays one on its own (Insider
    Trading at their ``stock-exchange`` decision, set up first)."""
    p = pose.player
    card = card_of(game, ref)
    if ref not in game.players[p].cards:
        raise ValueError(f"{game.name(p)} does not keep {title(card)} (hand:)")
    if card.kind == "half_par_stock_purchase":
        pose_stock_exchange(game, Pose("stock-exchange", p))
    action = Action("play-card", card=ref)
    problem = game.why_illegal(p, action)
    if problem is not None:
        raise ValueError(f"{game.name(p)} cannot play {title(card)} now: {problem}")
    game.apply(p, action)


# ==================================================================== for the rulebook

CARD_KINDS: Final[tuple[str, ...]] = (
    # drawn
    cards.GPS, cards.MOVING_EXPERIENCE, cards.TAXI_WARS, cards.HURRICANE, cards.TORNADO,
    cards.SURRENDER, cards.HOUSE_CONDEMNED, cards.GAME_NIGHT, cards.INHERIT_STOCK,
    cards.FINDERS_KEEPERS, cards.LOSERS_WEEPERS, cards.TAXES_DUE, cards.CARD_BUY,
    cards.AGAINST_PAY, cards.STOCK_FINE, cards.INSIDER_FINE,
    # kept, played
    cards.STEAL, cards.SWAP, cards.FORECLOSE, cards.FREE_HOUSE, cards.COURT,
    cards.DISTRICT_ATTORNEY, cards.SALE_OF_STOCK, cards.BUYERS_MARKET,
    cards.INSIDER_TRADING)
"""The decisions a card asks as it is drawn or played (set up by :func:`pose_card`)."""

POSES: Final[dict[str, PoseSetUp]] = {
    "triples": pose_triples, "subway": pose_subway, "bus": pose_bus,
    "bonus-move": pose_bonus_move, "taxi": pose_taxi, "birthday-gift": pose_birthday_gift,
    cards.RENT_DUE: pose_rent_due, cards.GOOD_FORTUNE: pose_good_fortune,
    **{kind: pose_card for kind in CARD_KINDS}}
"""The set-ups this module adds to the edition's rulebook (``Rulebook.poses``)."""

REACHED_BY_ACTIONS: Final[dict[str, str]] = {
    cards.SWAP_GIVE: "asked once the other player's property is chosen: pose 'swap' "
                     "(card: chance:strong-armed-deal), then choose-deed it",
    cards.AGAINST_COURT: "asked once the victim is chosen: pose 'court' (card: "
                         "chance:see-you-in-court), then choose-player a holder of Just "
                         "Say 'NO'! or Lawyer on Retainer (play-card from the roll "
                         "decision when only one other player is left)",
    cards.AGAINST_STEAL: "asked once the property is chosen: pose 'steal' (Slick Move, "
                         "Hostile Takeover) or 'taxi-wars', then choose-deed a property of "
                         "a holder of Just Say 'NO'!",
    cards.AGAINST_SWAP: "asked once both properties are chosen: pose 'swap' (card: "
                        "chance:strong-armed-deal), then choose-deed a property of a holder "
                        "of Just Say 'NO'! and one of your own",
    cards.AGAINST_JAIL: "asked once the player is chosen: pose 'district-attorney' (card: "
                        "community_chest:elected-district-attorney), then choose-player a "
                        "holder of Just Say 'NO'!",
    cards.AGAINST_VOUCHER: "asked once the voucher is chosen: pose 'finders-keepers', then "
                           "choose-card a voucher of a holder of Just Say 'NO'!",
    cards.AGAINST_HURRICANE: "asked once the group is chosen: pose 'hurricane', then "
                             "choose-deed a group of a holder of Just Say 'NO'!",
    cards.AGAINST_DEAL_BUSTER: "asked when another player plays Deal Buster at the lander's "
                               "purchase: pose 'buy' for a lander who holds Just Say "
                               "'NO'!, then the holder of Deal Buster plays it (play-card)",
}
"""The decisions no set-up reaches, with how a scenario's actions reach them (each comes
after another choice is answered, or from a third player's card)."""

__all__ = ["BONUS_FACES", "CARD_KINDS", "POSES", "REACHED_BY_ACTIONS", "pose_birthday_gift",
           "pose_bonus_move", "pose_bus", "pose_card", "pose_good_fortune",
           "pose_rent_due", "pose_subway", "pose_taxi", "pose_triples"]
