"""The standard bot's strategy for Monopoly 2.3 (``standard`` on ``--edition monopoly-2.3``).

It plays for monopolies, the edition's way to win:

* market: buys the deed that completes a group of its own first, then deeds of groups where
  it leads (or nobody else holds any), then one that stops an opponent from completing; it
  keeps a cash reserve that grows with the highest rent on the board;
* forced purchases: takes at 1.5x the deed that completes one of its groups whenever it can
  pay with cash, and, when rich, a deed of a group it is close to;
* whom to move: looks at where the roll takes each player who may be moved and picks the
  best square for itself (its own rent on an opponent, GO salary for itself, an opponent
  onto someone's rent, a tax or Go To Jail) and never walks itself into a big rent;
* cards: plays money cards for itself and fines on the leader at once; plays movement cards
  when the move they make is worth it (an opponent onto its rents, itself past GO); sends
  the opponent with the most rent income to jail (jailed owners collect no rent);
* buildings: buys on its monopolies while cash stays above the reserve, best return first;
* paying: hands over what hurts least: cheap deeds outside its groups first, never a deed
  that completes the creditor's group while another choice is left, buildings before
  breaking a monopoly, and as little overpayment as it can;
* jail: leaves at once (card, or roll for a match) when it has rents to collect; stays when
  the board is dangerous and it collects little.
"""

from __future__ import annotations

from typing import Any

from pennybags.bots.standard import register_strategy
from pennybags.editions.classic.rules import BUY
from pennybags.editions.monopoly_2_3.rules import DECLINE
from pennybags.engine.actions import Action
from pennybags.engine.turn import END_TURN, ROLL, USE_CARD


class Monopoly23Strategy:
    """Heuristic play for Monopoly 2.3."""

    def __init__(self, reserve: int = 100, aggression: int = 100) -> None:
        self.base_reserve = reserve
        self.aggression = aggression / 100

    # ---------------------------------------------------------------- the answer

    def choose(self, game: Any, p: int) -> Action:
        d = game.decision_for(p)
        if d is None:
            raise ValueError("the bot was asked to act without a decision")
        legal = game.legal_actions(p)
        kind = d.kind
        if kind == "move":
            return self.whom_to_move(game, p, legal, d.amount)
        if kind == "pay":
            return self.what_to_give(game, p, legal, d.amount, d.creditor)
        if kind == "buy":
            deed = d.deed
            wanted = self.deed_score(game, p, deed) >= 100 or \
                game.cash(p) - d.amount >= self.reserve(game, p)
            return BUY if wanted and BUY in legal else DECLINE
        if kind == "jail":
            return self.jail(game, p, legal)
        return self.turn(game, p, legal)

    # ---------------------------------------------------------------- judgement

    def reserve(self, game: Any, p: int) -> int:
        return int(max(self.base_reserve, self.danger(game, p) * 0.3))

    def danger(self, game: Any, p: int) -> int:
        """The highest rent another player's deed would charge now."""
        worst = 0
        for d in game.board.deeds:
            o = game.owner[d]
            if o < 0 or o == p:
                continue
            worst = max(worst, self.rent_estimate(game, d))
        return worst

    def rent_estimate(self, game: Any, deed: int) -> int:
        space = game.board[deed]
        owner = game.owner[deed]
        if owner < 0 or game.players[owner].in_jail:
            return 0
        if space.kind == "street":
            level = game.houses[deed]
            if level:
                return int(space.rents[level])
            return int(space.rents[0]) * (2 if game.owns_group(owner, deed) else 1)
        count = sum(1 for g in game.board.group_of[deed] if game.owner[g] == owner)
        if space.kind == "railroad":
            return int(25 * 2 ** (count - 1))
        return 28 if count == 1 else 70

    def leader(self, game: Any, p: int) -> int:
        """The opponent with the most monopolies, then the most total assets."""
        best, key = -1, (-1, -1)
        for q in game.active_players():
            if q == p:
                continue
            k = (game.monopolies(q), game.total_assets(q))
            if k > key:
                best, key = q, k
        return best

    def deed_score(self, game: Any, p: int, deed: int) -> float:
        """How much ``p`` wants ``deed``: completion of its own group first."""
        board = game.board
        space = board[deed]
        group = board.group_of[deed]
        if space.kind != "street":
            mine = sum(1 for g in group if game.owner[g] == p)
            return 40.0 + 30 * mine
        mine = others = 0
        holders: set[int] = set()
        for g in group:
            if g == deed:
                continue
            o = game.owner[g]
            if o == p:
                mine += 1
            elif o >= 0:
                others += 1
                holders.add(o)
        rest = len(group) - 1
        if mine == rest:
            return 1000.0 + float(space.price)
        if others == 0:
            return 150.0 + 100 * mine + float(space.price) / 4
        if len(holders) == 1 and others == rest:
            return 120.0  # the last deed an opponent needs
        if mine:
            return 80.0 + 40 * mine
        return 40.0

    def landing_value(self, game: Any, p: int, target: int, space: int,
                      passes_go: bool) -> float:
        """What moving ``target`` onto ``space`` is worth to ``p`` (their gain counts for p,
        an opponent's gain against p)."""
        board = game.board
        s = board[space]
        gain_target = 0.0
        gain_me = 0.0
        if passes_go:
            gain_target += game.r5(game.go_salary)
        if s.is_deed:
            owner = game.owner[space]
            if owner >= 0 and owner != target and not game.players[owner].in_jail:
                rent = game.r5(self.rent_estimate(game, space))
                gain_target -= rent
                if owner == p:
                    gain_me += rent
        elif s.kind == "tax":
            gain_target -= game.r5(s.amount)
        elif s.kind == "go_to_jail":
            gain_target -= 150 if target == p else -60
            if target != p:
                gain_target -= self.income(game, target)
        if target == p:
            return gain_me + gain_target
        return gain_me - 0.6 * gain_target * (1.3 if target == self.leader(game, p) else 1.0)

    def income(self, game: Any, q: int) -> float:
        """A rough rent income of ``q``'s deeds per round."""
        total = 0.0
        for d in game.deeds_of(q):
            total += self.rent_estimate(game, d) * 0.1
        return total

    # ---------------------------------------------------------------- decisions

    def whom_to_move(self, game: Any, p: int, legal: list[Action], steps: int) -> Action:
        best: tuple[float, Action] | None = None
        for a in legal:
            q = a.target
            start = game.players[q].position
            target, passed = game.board.advance(start, steps)
            score = self.landing_value(game, p, q, target, passed)
            if q == p:
                score += 5  # a move of one's own passes GO sooner
            if best is None or score > best[0]:
                best = (score, a)
        assert best is not None
        return best[1]

    def what_to_give(self, game: Any, p: int, legal: list[Action], owed: int,
                     creditor: int) -> Action:
        board = game.board
        best: tuple[float, Action] | None = None
        for a in legal:
            deed = a.deed
            if a.do == "give-building":
                value = float(game.building_cost[deed])
                cost = value * 1.3
            else:
                value = float(board[deed].price)
                cost = value + self.deed_score(game, p, deed) * 0.8
                if game.owns_group(p, deed) and board[deed].kind == "street":
                    cost += 800
                if creditor >= 0 and board[deed].kind == "street":
                    group = board.group_of[deed]
                    if all(game.owner[g] == creditor for g in group if g != deed):
                        cost += 2000
            cash_left = game.cash(p)
            overpay = max(0.0, value - owed)
            shortfall_covered = value >= owed - cash_left
            score = cost + overpay * 1.5 - (30 if shortfall_covered else 0)
            if best is None or score < best[0]:
                best = (score, a)
        assert best is not None
        return best[1]

    def jail(self, game: Any, p: int, legal: list[Action]) -> Action:
        build = self.building(game, p, legal)
        if build is not None:
            return build
        wants_out = self.income(game, p) * 10 >= self.danger(game, p) * 0.5 or \
            self.danger(game, p) < 300
        if wants_out:
            if USE_CARD in legal:
                return USE_CARD
            return ROLL
        return END_TURN

    def turn(self, game: Any, p: int, legal: list[Action]) -> Action:
        cash = game.cash(p)
        reserve = self.reserve(game, p)
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.do, []).append(a)
        # Forced purchases that complete a group.
        for a in by_kind.get("force-buy", ()):
            score = self.deed_score(game, p, a.deed)
            price = game.force_price(a.deed)
            if score >= 1000 and cash - price >= reserve // 3:
                return a
            if score >= 250 and cash - price >= reserve + 600 / self.aggression:
                return a
        # The market.
        best: tuple[float, Action] | None = None
        for a in by_kind.get("buy-deed", ()):
            score = self.deed_score(game, p, a.deed)
            price = game.board[a.deed].price
            if score < 1000 and cash - price < reserve:
                continue
            if best is None or score > best[0]:
                best = (score, a)
        if best is not None:
            return best[1]
        build = self.building(game, p, legal)
        if build is not None:
            return build
        card = self.card(game, p, by_kind.get("play-card", ()))
        if card is not None:
            return card
        if "roll" in by_kind:
            return ROLL
        return END_TURN

    def building(self, game: Any, p: int, legal: list[Action]) -> Action | None:
        reserve = self.reserve(game, p)
        best: tuple[float, Action] | None = None
        for a in legal:
            if a.do != "buy-building":
                continue
            deed = a.deed
            space = game.board[deed]
            cost = game.building_cost[deed]
            if game.cash(p) - cost < reserve:
                continue
            level = game.houses[deed]
            gain = sum(game.board[d].rents[level + 1] - game.board[d].rents[level]
                       for d in game.unit_of(deed))
            score = gain / cost + (3.0 if level < 3 else 0.0) + space.price / 1000
            if best is None or score > best[0]:
                best = (score, a)
        return None if best is None else best[1]

    def card(self, game: Any, p: int, plays: Any) -> Action | None:
        best: tuple[float, Action] | None = None
        leader = self.leader(game, p)
        for a in plays:
            assert a.card is not None
            key, index = a.card
            card = game.decks[key].cards[index]
            target = a.target
            score = self.card_value(game, p, card, target, leader)
            if best is None or score > best[0]:
                best = (score, a)
        if best is not None and best[0] >= 25:
            return best[1]
        return None

    def card_value(self, game: Any, p: int, card: Any, target: int, leader: int) -> float:
        kind = card.kind
        params = card.params
        mine = target == p
        weight = 1.3 if target == leader else 1.0
        jailed = game.players[target].in_jail
        if kind == "collect":
            amount = float(game.r5(params["amount"]))
            return amount if mine else -amount
        if kind == "pay":
            amount = float(game.r5(params["amount"]))
            return -amount if mine else amount * 0.6 * weight
        if kind == "collect_from_each_player":
            amount = float(game.r5(params["amount"])) * (len(game.active_players()) - 1)
            return amount if mine else -float(game.r5(params["amount"])) * 1.5
        if kind == "pay_each_player":
            amount = float(game.r5(params["amount"]))
            if mine:
                return -amount * (len(game.active_players()) - 1)
            return amount * 1.0 * weight + 5
        if kind == "repairs":
            houses, hotels = game.building_counts(target)
            amount = float(game.r5(houses * params["per_house"] + hotels * params["per_hotel"]))
            return -amount if mine else amount * 0.6 * weight
        if kind == "go_to_jail":
            if jailed:
                return -1.0
            if mine:
                return -100.0
            return self.income(game, target) * 6 * weight - 10
        if jailed:
            return -1.0
        position = game.players[target].position
        board = game.board
        if kind in ("advance_to", "move_to"):
            space = int(params["target"])
            passes = space <= position and bool(params.get("collect_go_if_passed"))
        elif kind == "advance_to_nearest":
            space = board.nearest(position, params["space_type"])
            passes = space <= position
        elif kind == "move_relative":
            space, passes = board.advance(position, int(params["spaces"]))
        else:
            return -1.0
        value = self.landing_value(game, p, target, space, passes)
        if mine and board[space].is_deed and game.owner[space] < 0 and params.get("may_buy"):
            value += self.deed_score(game, p, space) / 4
        return value


def _make(params: dict[str, str]) -> Monopoly23Strategy:
    from pennybags.bots.registry import int_param

    reserve = int_param(params, "reserve", 100)
    aggression = int_param(params, "aggression", 100)
    for key in ("trade", "jail"):
        params.pop(key, None)
    return Monopoly23Strategy(reserve, max(1, aggression))


register_strategy("monopoly-2.3", _make)
