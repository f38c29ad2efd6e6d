"""How much could any search bot win? A search bot that sees the future, as a yardstick.

The search bot must not see what its seat cannot see: it plays its playouts from copies in
which the dice, the decks' order and the other hands are drawn afresh
(``Game.determinize``). This tool plays the same games with an *oracle*: the search bot
whose playouts start from an exact copy of the true game instead, so that they roll the
dice and draw the cards the real game will. The standard bots are deterministic, so a
playout to the game's end is the true future of each answer, as long as the oracle's own
later answers are the standard bot's. No fair bot can know that much; what the oracle wins
is a yardstick for what searching can win at all, at a table where the dice decide much.

The games are those of the lab's experiments with the same seed (game ``i`` of a run, the
bots seated turned by ``i`` places): the oracle in the first line-up's first place against
the standard bot in the other seats, and a control with the standard bot in that place
(the same games as the experiments' "search?only=end-turn" control). Only for measuring:
the oracle is never offered as a bot to play against.

    .venv/bin/python tools/search_ceiling.py --edition ultimate-banking --games 200

prints the oracle's and the control's wins with their Wilson 95% intervals, and the games
won by one of them only (paired, a two-sided sign test).
"""

from __future__ import annotations

import argparse
import sys
import time

from pennybags.bots.registry import int_param, no_more_params, register_bot
from pennybags.bots.search import SearchBot
from pennybags.editions.registry import all_editions
from pennybags.engine.game import Game
from pennybags.lab.model import Lineup
from pennybags.lab.report import binom_p, pct, share
from pennybags.lab.simulate import Setup, play_one


class Oracle(SearchBot):
    """The search bot with playouts from the true game: it knows the dice and the decks."""

    name = "oracle"

    def playout_start(self, game: Game, seat: int) -> Game:
        return game.clone()


def _make_oracle(seed: int, params: dict[str, str]) -> Oracle:
    horizon = int_param(params, "horizon", 100)
    few = int_param(params, "few", 40)
    no_more_params("oracle", params)
    # One playout is the whole future (nothing is drawn afresh); z=0: the best mean wins.
    return Oracle(seed, playouts=1, horizon=horizon, z=0.0, few=few)


def first_seat(index: int, players: int) -> int:
    """Where a rotated line-up's first bot sits in game ``index`` (see ``Lineup.seated``)."""
    return (-index) % players


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="search_ceiling.py",
        description="Play seat-rotated games of an oracle (a search bot that sees the "
                    "dice and decks to come) against standard bots, and of the standard "
                    "bot in its place (the control); print both shares of wins.")
    parser.add_argument("--edition", default="ultimate-banking",
                        choices=[e.id for e in all_editions()],
                        help="the edition (default: ultimate-banking)")
    parser.add_argument("--players", type=int, default=4,
                        help="players at the table, 2 to 8 (default: 4)")
    parser.add_argument("--games", type=int, default=200,
                        help="games per line-up (default: 200)")
    parser.add_argument("--seed", type=int, default=1,
                        help="the run's seed, as an experiment file's (default: 1)")
    parser.add_argument("--horizon", type=int, default=100,
                        help="rounds each playout looks ahead (default: 100, to the end)")
    parser.add_argument("--few", type=int, default=40,
                        help="decisions with at most this many answers have every answer "
                             "weighed (default: 40)")
    parser.add_argument("--max-rounds", type=int, default=1000,
                        help="the games' round cap (default: 1000)")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 8:
        parser.error(f"--players takes 2 to 8, not {args.players}")
    if not 1 <= args.games <= 100_000:
        parser.error(f"--games takes 1 to 100000, not {args.games}")
    if not 1 <= args.horizon <= 1000:
        parser.error(f"--horizon takes 1 to 1000 rounds, not {args.horizon}")
    if not 1 <= args.few <= 1000:
        parser.error(f"--few takes 1 to 1000 answers, not {args.few}")
    return args


def main(argv: list[str] | None = None) -> int:
    from rich.progress import Progress

    args = parse_args(sys.argv[1:] if argv is None else argv)
    register_bot("oracle", _make_oracle)
    oracle = f"oracle?horizon={args.horizon}&few={args.few}"
    others = ("standard",) * (args.players - 1)
    lineups = {"oracle": Lineup("oracle", (oracle, *others), rotate=True),
               "control": Lineup("control", ("standard", *others), rotate=True)}
    won: dict[str, list[bool]] = {name: [] for name in lineups}
    started = time.perf_counter()
    with Progress() as progress:
        task = progress.add_task("games", total=args.games * len(lineups))
        for index in range(args.games):
            for name, lineup in lineups.items():
                bots = lineup.seated(index)
                seat = first_seat(index, args.players)
                setup = Setup(args.edition, bots, args.seed, args.max_rounds, {}, False)
                result = play_one(setup, index)
                won[name].append(result.winner == seat)
                progress.advance(task)
    seconds = time.perf_counter() - started
    print(f"{args.edition}, {args.players} players, {args.games} games (seed {args.seed}, "
          f"seats rotated), {seconds:.0f} s")
    for name in lineups:
        s = share(sum(won[name]), args.games)
        print(f"  {name:8} {s.words()}")
    only_oracle = sum(a and not b for a, b in zip(won["oracle"], won["control"], strict=True))
    only_control = sum(b and not a for a, b in zip(won["oracle"], won["control"], strict=True))
    p = binom_p(only_oracle, only_oracle + only_control, 0.5)
    print(f"  paired: {only_oracle} games won by the oracle only, {only_control} by the "
          f"control only (sign test p = {p:.3g}); a fair share is "
          f"{pct(1 / args.players)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
