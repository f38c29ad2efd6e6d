"""Check that a change plays exactly the same games: hashes of whole games, before and after.

Plays the games ``bench_classic.py`` and ``bench_instructions.py`` play (seeds 1, 2, ...,
four bots of one kind seeded ``seed * 8 + seat``, the options simulations use: round cap
1000) with their history kept, and prints one line per game: the edition, the bot, the
seed, the player-turns, a hash of the game's record (every answer, in order, in the record
notation) and a hash of its final snapshot (docs/snapshot.md). Events are not hashed: they
are derived from the record, and their words may change while the games stay the same.

Write the lines before a change, play again after it (pure and compiled) and compare::

    .venv/bin/python benchmarks/same_games.py --edition ultimate-monopoly --bot random \\
        --bot simple --seeds 30 > /tmp/before.txt
    # ... the change ...
    .venv/bin/python benchmarks/same_games.py ... --check /tmp/before.txt
    benchmarks/compiled same_games.py ... --check /tmp/before.txt

``--check FILE`` prints only the games that differ from FILE's and exits 1 if any does.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys

from pennybags import history
from pennybags.bots import make_bot
from pennybags.editions import get_edition
from pennybags.engine.snapshot import snapshot
from pennybags.lab.simulate import run_options


def digest(value: object) -> str:
    """A short hash of a JSON-able value (keys sorted)."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def play(edition_id: str, bot: str, seed: int) -> str:
    """One game's line: edition, bot, seed, player-turns, record hash, snapshot hash."""
    edition = get_edition(edition_id)
    options = run_options(edition_id, (), 1000)
    game = edition.new_game(["A", "B", "C", "D"], seed=seed, options=options)
    game.play_out([make_bot(bot, seed * 8 + seat) for seat in range(4)])
    rec = history.record(game)
    del rec["engine"]  # (the version that wrote it is no part of the game)
    return (f"{edition_id} {bot} {seed} turns={game.turns} record={digest(rec)} "
            f"snapshot={digest(snapshot(game))}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", action="append",
                        help="an edition (repeatable; default ultimate-monopoly)")
    parser.add_argument("--bot", action="append",
                        help="the bot at every seat (repeatable; default random and simple)")
    parser.add_argument("--seeds", type=int, default=30, help="seeds 1 to N (default 30)")
    parser.add_argument("--check", metavar="FILE",
                        help="compare with the lines of an earlier run instead of printing")
    args = parser.parse_args(argv)
    editions = args.edition or ["ultimate-monopoly"]
    bots = args.bot or ["random", "simple"]
    expected: dict[str, str] = {}
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    expected[" ".join(line.split()[:3])] = line.strip()
    differ = 0
    for edition_id in editions:
        for bot in bots:
            for seed in range(1, args.seeds + 1):
                line = play(edition_id, bot, seed)
                if not args.check:
                    print(line, flush=True)
                    continue
                key = " ".join(line.split()[:3])
                if expected.get(key) != line:
                    differ += 1
                    print(f"differs: {line}\n   was: {expected.get(key, '(not played)')}",
                          flush=True)
    if args.check:
        played = len(editions) * len(bots) * args.seeds
        print(f"{played - differ} of {played} games the same")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
