"""Ultimate Banking's words and facts for the fronts (see :mod:`pennybags.engine.words`):
rent levels, presses of M, final scores, and the questions of its Event cards."""

from __future__ import annotations

from typing import ClassVar, cast

from pennybags.editions.classic.words import ClassicWords
from pennybags.editions.ultimate_banking.game import UltimateBankingGame
from pennybags.engine.actions import Action, Decision
from pennybags.engine.game import Game
from pennybags.engine.words import Words, asks, labels


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

    # ------------------------------------------------------------ title deeds

    def rent_lines(self, deed: int) -> list[tuple[str, str]]:
        """A property's rent at each of its levels ("Level 1": "$70K")."""
        return Words.rent_lines(self, deed)

    def rent_line(self, deed: int) -> int:
        """The owner's level, or level 1 while On The Run makes every rent level 1's."""
        line = Words.rent_line(self, deed)
        return 0 if line > 0 and self.ub.cheap_rents else line

    # ------------------------------------------------------------ menu lines

    @labels("auction")
    def decline_label(self, action: Action, d: Decision | None) -> str | None:
        d = self.asked(d)
        return f"Auction {self.ub.board[d.deed].name}" if d is not None and d.deed >= 0 \
            else None

    @labels("go-to")
    def go_to_label(self, action: Action, d: Decision | None) -> str | None:
        return f"Go to {self.deed_words(action.deed)}" if self.on_board(action.deed) else None

    @labels("pick")
    def pick_label(self, action: Action, d: Decision | None) -> str | None:
        return f"Choose {self.deed_words(action.deed)}" if self.on_board(action.deed) else None

    @labels("give-up")
    def give_up_label(self, action: Action, d: Decision | None) -> str | None:
        if not self.on_board(action.deed):
            return None
        return (f"Give up {self.deed_words(action.deed)} (worth "
                f"{self.money(self.ub.board.spaces[action.deed].price)})")

    @labels("choose-player")
    def choose_player_label(self, action: Action, d: Decision | None) -> str | None:
        g = self.ub
        q = action.target
        if not 0 <= q < len(g.players):
            return None
        return f"Choose {g.name(q)} ({self.money(g.cash(q))}, {len(g.deeds_of(q))} properties)"

    @labels("stay")
    def stay_label(self, action: Action, d: Decision | None) -> str:
        return "Stay here"

    @labels("bid")
    def press_label(self, action: Action, d: Decision | None) -> str | None:
        g = self.ub
        return f"Press M: bid {self.money(g.next_bid())}" if g.bidding else None

    @labels("pass")
    def let_stand_label(self, action: Action, d: Decision | None) -> str:
        b = self.ub.bidding
        return "Let the bid stand" if b and b.high_bidder >= 0 else "Don't bid"

    @labels("time-up")
    def time_up_label(self, action: Action, d: Decision | None) -> str:
        return "The timer runs out"

    @labels("collect-rent")
    def collect_rent_label(self, action: Action, d: Decision | None) -> str | None:
        d = self.rent_asked(d)
        if d is None:
            return None
        return (f"Ask {self.ub.name(self.ub.rent_lander)} for the {self.money(d.amount)} "
                f"rent on {self.ub.board.spaces[d.deed].name}")

    @labels("always-collect-rent")
    def always_collect_label(self, action: Action, d: Decision | None) -> str | None:
        d = self.rent_asked(d)
        if d is None:
            return None
        return (f"Ask for the {self.money(d.amount)} rent, and from now on collect all your "
                "rents automatically")

    @labels("waive-rent")
    def waive_rent_label(self, action: Action, d: Decision | None) -> str | None:
        if self.rent_asked(d) is None:
            return None
        return "Don't ask for rent (the rent level rises all the same)"

    @labels("pay-bail")
    def pay_bail_label(self, action: Action, d: Decision | None) -> str:
        return f"Pay {self.money(self.ub.jail_fine)} to leave Jail, then roll"

    @labels("buy")
    def buy_label(self, action: Action, d: Decision | None) -> str | None:
        d = self.asked(d)
        if d is None or d.deed < 0:
            return None
        return f"Buy {self.ub.board.spaces[d.deed].name} for {self.money(d.amount)}"

    def on_board(self, deed: int) -> bool:
        return 0 <= deed < self.ub.board.size

    def rent_asked(self, d: Decision | None) -> Decision | None:
        """The rent decision an action answers (None: not asked about a rent)."""
        d = self.asked(d)
        return d if d is not None and d.kind == "rent" and d.deed >= 0 else None

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

    # ------------------------------------------------------------ questions

    @asks("jail")
    def ask_jail_fee(self, p: int, d: Decision) -> str:
        g = self.ub
        tries = g.players[d.player].jail_turns
        return self.framed(p, (
            f"you are in Jail (failed tries so far: {tries} of {g.max_jail_turns}). "
            f"Pay {self.money(g.jail_fine)} and roll as usual (doubles roll "
            "again), or roll for doubles: a double frees you and moves you by that "
            f"roll; after the third failed try you pay {self.money(g.jail_fine)} "
            "and move by that roll."))

    @asks("buy")
    def ask_buy_or_auction(self, p: int, d: Decision) -> str | None:
        if d.deed < 0:
            return None
        g = self.ub
        space = g.board.spaces[d.deed]
        rents = "/".join(self.money(r) for r in space.rents)
        afford = "" if g.cash(d.player) >= d.amount else \
            " You cannot afford it, so it goes to auction."
        return self.framed(p, (
            f"{space.name} ({space.group.replace('_', ' ')}) is unowned: buy it for "
            f"{self.money(d.amount)} or auction it (there is no leaving it). Rents "
            f"at levels 1-5: {rents}. {self.set_words(d.player, d.deed)} Bids open at "
            f"{self.money(g.bid_start)} and rise by {self.money(g.bid_step)}; "
            f"every player not in Jail may bid, you too.{afford}"))

    @asks("bid")
    def ask_press(self, p: int, d: Decision) -> str | None:
        return self.framed(p, self.bid_words(d)) if d.deed >= 0 else None

    @asks("rent")
    def ask_rent(self, p: int, d: Decision) -> str | None:
        if d.deed < 0:
            return None
        g = self.ub
        space = g.board.spaces[d.deed]
        level = g.houses[d.deed]
        cheap = " (On The Run: charged at level 1)" if g.cheap_rents else ""
        after = min(g.max_level, level + 1)
        rise = f"its level rises to {after} either way" if after > level else \
            "it stays at level 5"
        return self.framed(p, (
            f"{g.name(g.rent_lander)} landed on your {space.name} (level "
            f"{level}): ask for the {self.money(d.amount)} rent{cheap}? Then "
            f"{rise}. 'Always' asks now and from then on collects every rent of yours "
            "automatically, without asking."))

    @asks("location")
    def ask_location(self, p: int, d: Decision) -> str:
        g = self.ub
        can = "" if g.cash(d.player) >= d.amount else \
            f" You cannot pay the {self.money(d.amount)}, so you stay."
        return self.framed(p, (
            f"you are on a Location space: pay {self.money(d.amount)} to go to any "
            "property space (no GO salary) and land there (an unowned one: buy or "
            "auction it; yours: its level rises; another player's: its owner may ask "
            f"rent), or stay here.{can}"))

    @asks("event-move")
    def ask_event_move(self, p: int, d: Decision) -> str | None:
        play = self.ub.card_play
        if play is None:
            return None
        return self.framed(p, f"Event card {self.card_title()}: move to any property space "
                              "for free (no GO salary) and land there.")

    @asks("event-deed", "event-player")
    def ask_event_choice(self, p: int, d: Decision) -> str | None:
        g = self.ub
        play = g.card_play
        if play is None:
            return None
        title = self.card_title()
        if play.stage == "mine":
            words = (f"Event card {title}: choose your property to give "
                     f"{g.name(play.other)} in the swap (the levels stay).")
        elif play.stage == "theirs":
            words = (f"Event card {title}: choose {g.name(play.other)}'s property to "
                     f"take for your {g.board.spaces[play.mine].name} (the levels stay).")
        else:
            words = f"Event card {title}: {play.card.text}"
        return self.framed(p, words)

    def card_title(self) -> str:
        play = self.ub.card_play
        return "" if play is None else str(play.card.get("title", play.card.id))

    @asks("debt")
    def ask_give_up(self, p: int, d: Decision) -> str:
        g = self.ub
        to = (f"to {g.name(d.creditor)}, who keeps its rent level" if d.creditor >= 0
              else "back to the bank (unowned again)")
        return self.framed(p, (
            f"you are {self.money(d.amount)} short: give up properties, each counted "
            f"at its purchase price, {to}, until your balance is zero or more; the "
            "change stays with you."))

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

    # ------------------------------------------------------------ the board map

    def improvement_mark(self, deed: int) -> str:
        """An owned property's rent level as "L1" to "L5"."""
        level = self.ub.houses[deed]
        return f"L{level}" if level and self.ub.owner[deed] >= 0 else ""

    def improvement_legend(self) -> str:
        return "L3 rent level"
