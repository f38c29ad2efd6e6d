"""Ultimate Banking's words and facts for the fronts (see :mod:`pennybags.engine.words`):
rent levels, presses of M, final scores, and the questions of its Event cards."""

from __future__ import annotations

from typing import ClassVar, cast

from pennybags.editions.classic.words import ClassicWords
from pennybags.editions.ultimate_banking.game import UltimateBankingGame
from pennybags.engine.actions import Action, Decision
from pennybags.engine.game import Game


class UltimateBankingWords(ClassicWords):
    """Ultimate Banking, for the fronts."""

    improvement_heading: ClassVar[str] = "Rent level"
    ends_with_scores: ClassVar[bool] = True

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.ub = cast(UltimateBankingGame, game)

    def total_assets(self, seat: int) -> int | None:
        return self.ub.worth(seat)

    def final_scores(self) -> dict[int, int]:
        return dict(self.ub.final_scores)

    def shows_mortgages(self) -> bool:
        return False

    def bid_step(self) -> int | None:
        return self.ub.bid_step

    def next_bid(self) -> int | None:
        return self.ub.next_bid() if self.ub.bidding is not None else None

    def auction_timer(self) -> int:
        return int(self.ub.options.auction_timer)

    def declined_deeds_stay(self) -> bool:
        return False

    def action_label(self, action: Action, decision: Decision | None = None) -> str:
        d = decision if decision is not None else (
            self.ub.pending[0] if self.ub.pending else None)
        words = self.edition_label(action, d)
        if words is not None:
            return words
        if action.do == "auction" and d is not None and d.deed >= 0:
            return f"Auction {self.ub.board[d.deed].name}"
        return super().action_label(action, decision)

    def edition_label(self, action: Action, d: Decision | None) -> str | None:
        """A menu line for this edition's actions (None: the common wording)."""
        g = self.ub
        do = action.do
        spaces = g.board.spaces
        if do == "go-to" and action.deed >= 0:
            return f"Go to {self.deed_words(action.deed)}"
        if do == "pick" and action.deed >= 0:
            return f"Choose {self.deed_words(action.deed)}"
        if do == "give-up" and action.deed >= 0:
            return f"Give up {self.deed_words(action.deed)} (worth " \
                   f"{self.money(spaces[action.deed].price)})"
        if do == "choose-player":
            q = action.target
            if 0 <= q < len(g.players):
                return f"Choose {g.name(q)} ({self.money(g.cash(q))}, " \
                       f"{len(g.deeds_of(q))} properties)"
        if do == "stay":
            return "Stay here"
        if do == "bid":
            return f"Press M: bid {self.money(g.next_bid())}" if g.bidding else None
        if do == "pass":
            return "Let the bid stand" if g.bidding and g.bidding.high_bidder >= 0 \
                else "Don't bid"
        if do == "time-up":
            return "The timer runs out"
        if d is not None and d.kind == "rent" and d.deed >= 0:
            rent = self.money(d.amount)
            lander = g.name(g.rent_lander)
            if do == "collect-rent":
                return f"Ask {lander} for the {rent} rent on {spaces[d.deed].name}"
            if do == "always-collect-rent":
                return f"Ask for the {rent} rent, and always ask from now on"
            if do == "waive-rent":
                return "Don't ask for rent (the rent level rises all the same)"
        if do == "pay-bail":
            return f"Pay {self.money(g.jail_fine)} to leave Jail, then roll"
        if do == "buy" and d is not None and d.deed >= 0:
            return f"Buy {spaces[d.deed].name} for {self.money(d.amount)}"
        return None

    def deed_words(self, deed: int) -> str:
        """"Whitehall (pink, Bob's, level 2)" or "Whitehall (pink, unowned, $140)"."""
        g = self.ub
        space = g.board.spaces[deed]
        group = space.group.replace("_", " ")
        owner = g.owner[deed]
        if owner < 0:
            return f"{space.name} ({group}, unowned, {self.money(space.price)})"
        jailed = ", in Jail" if g.players[owner].in_jail else ""
        return f"{space.name} ({group}, {g.name(owner)}'s{jailed}, level " \
               f"{g.houses[deed]}: rent {self.money(space.rents[g.houses[deed] - 1])})"

    def improvement_words(self, deed: int) -> str | None:
        """An owned property's rent level, with the rent it charges: "level 3 ($90)"."""
        g = self.ub
        level = g.houses[deed]
        if g.owner[deed] < 0 or not level:
            return None
        return f"level {level} ({self.money(g.board.spaces[deed].rents[level - 1])})"

    def describe_decision(self, decision: Decision) -> str | None:
        """The question of each decision kind of this edition, with what the player needs
        to know to answer it (the front adds the player's name and cash)."""
        g = self.ub
        d = decision
        kind = d.kind
        spaces = g.board.spaces
        if kind == "jail":
            tries = g.players[d.player].jail_turns
            return (f"you are in Jail (failed tries so far: {tries} of {g.max_jail_turns}). "
                    f"Pay {self.money(g.jail_fine)} and roll as usual (doubles roll "
                    "again), or roll for doubles: a double frees you and moves you by that "
                    f"roll; after the third failed try you pay {self.money(g.jail_fine)} "
                    "and move by that roll.")
        if kind == "buy" and d.deed >= 0:
            space = spaces[d.deed]
            rents = "/".join(self.money(r) for r in space.rents)
            afford = "" if g.cash(d.player) >= d.amount else \
                " You cannot afford it, so it goes to auction."
            return (f"{space.name} ({space.group.replace('_', ' ')}) is unowned: buy it for "
                    f"{self.money(d.amount)} or auction it (there is no leaving it). Rents "
                    f"at levels 1-5: {rents}. {self.set_words(d.player, d.deed)} Bids open at "
                    f"{self.money(g.bid_start)} and rise by {self.money(g.bid_step)}; "
                    f"every player not in Jail may bid, you too.{afford}")
        if kind == "bid" and d.deed >= 0:
            return self.bid_words(d)
        if kind == "rent" and d.deed >= 0:
            space = spaces[d.deed]
            level = g.houses[d.deed]
            cheap = " (On The Run: charged at level 1)" if g.cheap_rents else ""
            after = min(g.max_level, level + 1)
            rise = f"its level rises to {after} either way" if after > level else \
                "it stays at level 5"
            return (f"{g.name(g.rent_lander)} landed on your {space.name} (level "
                    f"{level}): ask for the {self.money(d.amount)} rent{cheap}? Then "
                    f"{rise}. 'Always' collects every later rent of yours without asking.")
        if kind == "location":
            can = "" if g.cash(d.player) >= d.amount else \
                f" You cannot pay the {self.money(d.amount)}, so you stay."
            return (f"you are on a Location space: pay {self.money(d.amount)} to go to any "
                    "property space (no GO salary) and land there (an unowned one: buy or "
                    "auction it; yours: its level rises; another player's: its owner may ask "
                    f"rent), or stay here.{can}")
        play = g.card_play
        if kind in ("event-move", "event-deed", "event-player") and play is not None:
            card = play.card
            title = str(card.get("title", card.id))
            if kind == "event-move":
                return (f"Event card {title}: move to any property space for free (no GO "
                        "salary) and land there.")
            if play.stage == "mine":
                return (f"Event card {title}: choose your property to give "
                        f"{g.name(play.other)} in the swap (the levels stay).")
            if play.stage == "theirs":
                return (f"Event card {title}: choose {g.name(play.other)}'s property to "
                        f"take for your {spaces[play.mine].name} (the levels stay).")
            return f"Event card {title}: {card.text}"
        if kind == "debt":
            to = (f"to {g.name(d.creditor)}, who keeps its rent level" if d.creditor >= 0
                  else "back to the bank (unowned again)")
            return (f"you are {self.money(d.amount)} short: give up properties, each counted "
                    f"at its purchase price, {to}, until your balance is zero or more; the "
                    "change stays with you.")
        return None

    def set_words(self, p: int, deed: int) -> str:
        """Who owns the rest of a property's colour set, in words."""
        g = self.ub
        group = g.board.group_of[deed]
        others = [d for d in group if d != deed]
        mine = sum(1 for d in others if g.owner[d] == p)
        taken = [f"{g.name(g.owner[d])} owns {g.board.spaces[d].name}"
                 for d in others if 0 <= g.owner[d] != p]
        title = g.board.spaces[deed].group.replace("_", " ").capitalize()
        words = f"{title} set: you own {mine} of {len(group)}"
        if taken:
            words += " (" + "; ".join(taken) + ")"
        if all(g.owner[d] >= 0 for d in others):
            words += "; this one completes the set and raises its levels"
        return words + "."

    def bid_words(self, d: Decision) -> str:
        g = self.ub
        b = g.bidding
        space = g.board.spaces[d.deed]
        high = (f"the high bid is {self.money(d.amount)} by {g.name(d.high_bidder)}"
                if d.high_bidder >= 0 else "nobody has bid yet")
        press = f"a press bids {self.money(g.next_bid())}" if b is not None else ""
        if b is not None and b.timed:
            rule = (f"every press restarts the {g.options.auction_timer}-second timer; "
                    "the last bidder wins when it runs out")
        else:
            rule = ("the last bidder wins when everyone else lets the bid stand; you may "
                    "press again after a new bid")
        return (f"auction of {space.name} (price {self.money(space.price)}): {high}; "
                f"{press}. {rule[0].upper()}{rule[1:]}.")
