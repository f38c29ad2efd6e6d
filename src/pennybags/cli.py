"""The ``pennybags`` command: play, resume, replay, scenario, editions.

Every subcommand has ``--help``. Errors are one readable line on stderr and exit status 2;
no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pennybags import __version__
from pennybags.engine.actions import FIELD_TYPES, ActionKind
from pennybags.engine.options import parse_option_pairs
from pennybags.errors import UserError


def cmd_editions(args: argparse.Namespace) -> int:
    from pennybags.editions import all_editions

    rows: list[dict[str, Any]] = []
    for e in all_editions():
        lo, hi = e.players
        rows.append({"id": e.id, "name": e.name, "min_players": lo, "max_players": hi,
                     "summary": e.summary,
                     "options": [{"name": n, "type": t, "default": d, "help": h}
                                 for n, t, d, h in e.describe_options()]})
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    for r in rows:
        print(f"{r['id']:<20} {r['name']} ({r['min_players']}-{r['max_players']} players)")
        if r["summary"]:
            print(f"{'':<20} {r['summary']}")
        for o in r["options"]:
            print(f"{'':<20}   -o {o['name']}=<{o['type']}> (default {o['default']}): {o['help']}")
    return 0


def cmd_actions(args: argparse.Namespace) -> int:
    """An edition's whole decision vocabulary, from its rulebook's schema."""
    from pennybags.editions import get_edition

    try:
        edition = get_edition(args.edition)
    except ValueError as e:
        raise UserError(str(e)) from None
    vocabulary = edition.rulebook.vocabulary
    if args.json:
        print(json.dumps({"edition": edition.id, "name": edition.name,
                          **vocabulary.to_json()}, indent=1))
        return 0
    print(f"{edition.name} ({edition.id}): what the game asks, and the actions that answer")
    print("Actions are written as text (bid 120) or JSON ({\"do\": \"bid\", \"amount\": 120}); "
          "see docs/scenarios.md.")
    for d in vocabulary.decisions.values():
        managing = "  (players may also act at any time: see below)" if d.managing and \
            vocabulary.anytime else ""
        print(f"\n{d.name}: {d.rule}{managing}")
        for name in d.answers:
            print("  " + action_line(vocabulary.actions[name]))
    if vocabulary.anytime:
        print("\nAt any time while the game waits on a decision marked above:")
        for name in vocabulary.anytime:
            print("  " + action_line(vocabulary.actions[name]))
    print("\nField types: " + "; ".join(f"{k}: {v}" for k, v in FIELD_TYPES.items()))
    return 0


def action_line(kind: ActionKind) -> str:
    """One action kind: how it is written and the rule it plays, its fields' meanings."""
    words = [kind.name]
    for f in kind.fields:
        words.append("to=<player> [give=<deed>...] [take=<deed>...] [give_cash=<amount>] "
                     "[take_cash=<amount>] [give_cards=<deck[:card-id]>...] "
                     "[take_cards=<deck[:card-id]>...] [give_shares=<company[:mortgaged]>...] "
                     "[take_shares=<company[:mortgaged]>...]"
                     if f.name == "trade" else f"<{f.name}>")
    fields = "; ".join(f"{f.name} ({f.type}): {f.help}" for f in kind.fields)
    usage = " ".join(words)
    rule = kind.rule + (f" [{fields}]" if fields else "")
    if len(usage) > 28:
        return f"{usage}\n  {'':<28} {rule}"
    return f"{usage:<28} {rule}"


def cmd_scenario_run(args: argparse.Namespace) -> int:
    from pennybags import scenario
    from pennybags.engine.game import Game
    from pennybags.terminal.narrate import Narrator

    narrators: list[Narrator] = []

    def narrate(game: Game) -> None:
        if not args.json:
            narrators.append(Narrator(game))  # (the edition's words, from its registry)
            game.listeners.append(narrators[0])

    try:
        outcome = scenario.run(scenario.load(Path(args.file)), watch=narrate)
    except scenario.ScenarioError as e:
        raise UserError(str(e)) from None
    if args.json:
        print(json.dumps(outcome.snapshot, indent=1))
    else:
        from pennybags.terminal.render import describe_state

        if narrators:
            told = narrators[0].take()
            if told:
                print("What happens:")
                for line in told:
                    print(f"  {line}")
                print()
        print(describe_state(outcome.game))
    for f in outcome.failures:
        print(f"unmet: {f}", file=sys.stderr)
    return 1 if outcome.failures else 0


SCENARIO_SUFFIXES = (".yaml", ".yml", ".json")


def scenario_files(names: Sequence[str]) -> list[Path]:
    """The files named, with every scenario file under a named folder (sorted)."""
    out: list[Path] = []
    for name in names:
        path = Path(name)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*")
                           if p.suffix in SCENARIO_SUFFIXES and p.is_file())
            if not found:
                raise UserError(f"no scenario files (*.yaml, *.yml, *.json) in {path}")
            out.extend(found)
        else:
            out.append(path)
    return out


def cmd_scenario_check(args: argparse.Namespace) -> int:
    from pennybags import scenario

    files = scenario_files(args.files)
    failed = 0
    for path in files:
        try:
            outcome = scenario.run(scenario.load(path))
        except scenario.ScenarioError as e:
            failed += 1
            print(f"FAIL {path}: {e}")
            continue
        if outcome.failures:
            failed += 1
            print(f"FAIL {path}")
            for f in outcome.failures:
                print(f"  - {f}")
        else:
            print(f"ok   {path}")
    print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def cmd_replay(args: argparse.Namespace) -> int:
    from pennybags import history
    from pennybags.engine.snapshot import snapshot

    try:
        rec = history.load(Path(args.file))
        if args.verify:
            problems = history.verify(rec)
            if problems:
                print("replay differs from the record:")
                for p in problems[:50]:
                    print(f"  - {p}")
                return 1
            print(f"verified: {len(rec.get('actions', []))} actions replay to the recorded "
                  "final state")
            return 0
        game = history.replay(rec)
    except history.RecordError as e:
        raise UserError(str(e)) from None
    if args.json:
        print(json.dumps(snapshot(game), indent=1))
    else:
        from pennybags.terminal.render import describe_state

        print(describe_state(game))
    return 0


BUILD_HELP = ("auto (the default, or $PENNYBAGS_BUILD): run compiled with mypyc, making that "
              "build once in the cache folder when this machine has a C compiler, else pure "
              "Python; fast: compiled or an error; pure: pure Python")


def use_fast_build(args: argparse.Namespace) -> None:
    """For ``simulate`` and ``lab run``: go on in the compiled build when asked (``--build``),
    by running the same command again in it."""
    from pennybags import fastbuild

    try:
        fastbuild.start_in_fast_build(fastbuild.chosen_build(args.build), list(args.argv))
    except (ValueError, fastbuild.BuildError) as e:
        raise UserError(str(e)) from None


def cmd_simulate(args: argparse.Namespace) -> int:
    from pennybags.lab.simulate import run_cli

    use_fast_build(args)
    try:
        return run_cli(args, parse_option_pairs(args.option))
    except ValueError as e:
        raise UserError(str(e)) from None


def cmd_odds(args: argparse.Namespace) -> int:
    from pennybags.lab.odds import run

    return run(args)


NO_COLOR_HELP = ("print without colour or any other escape codes (also when the NO_COLOR "
                 "environment variable is set, or the output is not a terminal)")


def cmd_play(args: argparse.Namespace) -> int:
    from pennybags.terminal.app import play

    code: int = play(args)
    return code


def cmd_resume(args: argparse.Namespace) -> int:
    from pennybags.terminal.app import resume

    code: int = resume(args)
    return code


def cmd_bank(args: argparse.Namespace) -> int:
    from pennybags.banking.companion import run_companion
    from pennybags.banking.store import StoreError

    try:
        return run_companion(args.edition, Path(args.state).expanduser() if args.state else None,
                             options=parse_option_pairs(args.option))
    except (ValueError, StoreError) as e:
        raise UserError(str(e)) from None


def cmd_lab_run(args: argparse.Namespace) -> int:
    from pennybags.lab.experiment import ExperimentError, run_cli
    from pennybags.lab.store import require_lab_packages

    use_fast_build(args)
    try:
        require_lab_packages()
        code = run_cli(args.experiment, args.out, args.workers, args.backend, args.games,
                       args.ray_address, args.commit_every)
        if code == 0 and args.report:
            from pennybags.lab.experiment import default_out_dir
            from pennybags.lab.report import run_cli as report_cli

            code = report_cli(args.out or str(default_out_dir(args.experiment)), None)
        return code
    except ExperimentError as e:
        raise UserError(str(e)) from None


def cmd_lab_report(args: argparse.Namespace) -> int:
    from pennybags.lab.experiment import ExperimentError
    from pennybags.lab.report import run_cli as report_cli

    try:
        return report_cli(args.results, args.out)
    except ExperimentError as e:
        raise UserError(str(e)) from None


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from pennybags.web.db import open_store
        from pennybags.web.server import Limits, create_app
        from pennybags.web.store import Retention, StoreError
    except ImportError as e:
        raise UserError(f"pennybags serve needs the web extra ({e.name} is missing): "
                        "pip install 'pennybags[web]'") from None
    from pennybags.paths import data_dir

    db = args.db if args.db else str(data_dir() / "rooms.sqlite3")
    if not 0 < args.port < 65536:
        raise UserError(f"--port is a port number from 1 to 65535, not {args.port}")
    if not 0 <= args.bot_delay <= 60_000:
        raise UserError(f"--bot-delay is from 0 to 60000 milliseconds, not {args.bot_delay}")
    for name in ("rooms_per_hour", "socket_messages", "address_messages"):
        if getattr(args, name) < 0:
            raise UserError(f"--{name.replace('_', '-')} is 0 (no limit) or more, not "
                            f"{getattr(args, name)}")
    try:
        retention = Retention(keep_finished_days=args.keep_finished_days,
                              keep_idle_days=args.keep_idle_days)
    except ValueError as e:
        raise UserError(f"--{e}") from None
    limits = Limits(rooms=args.rooms_per_hour, rooms_window=3600.0,
                    socket_messages=args.socket_messages,
                    address_messages=args.address_messages)
    try:
        store = open_store(db)
    except StoreError as e:
        raise UserError(str(e)) from None
    where = getattr(store, "where", db)
    print(f"pennybags serves http://{args.host}:{args.port}/ (rooms kept in {where}); "
          "Ctrl-C stops it", file=sys.stderr)
    try:
        uvicorn.run(create_app(store, bot_delay=args.bot_delay / 1000, limits=limits,
                               retention=retention,
                               first_come_first_served=args.first_come_first_served),
                    host=args.host,
                    port=args.port, log_level="warning",
                    ws_max_size=1 << 16, ws_per_message_deflate=args.compress,
                    proxy_headers=True, forwarded_allow_ips=args.trusted_proxies)
    except OSError as e:
        raise UserError(f"cannot serve on {args.host}:{args.port}: {e.strerror}") from None
    finally:
        store.close()
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser. It is made once a process for each setting of the play
    script's variables (``PENNYBAGS_LAUNCHER``, ``PENNYBAGS_EDITION``, ``PENNYBAGS_PLAYERS``):
    making argparse's dozens of subcommands takes milliseconds, which a program that calls
    :func:`main` thousands of times (the test suite) would otherwise pay at every call.
    Parsing leaves the parser as it was."""
    return _parser(os.environ.get("PENNYBAGS_LAUNCHER") or None,
                   os.environ.get("PENNYBAGS_EDITION") or "classic",
                   os.environ.get("PENNYBAGS_PLAYERS") or "Player,bot,bot")


@functools.lru_cache(maxsize=8)
def _parser(launcher: str | None, edition: str, players: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pennybags",
        description="Play, check and replay games of the Monopoly family.",
        epilog="Example: pennybags play --edition classic --players 'Ann,bot,bot'",
    )
    parser.add_argument("--version", action=VersionAction, nargs=0,
                        help="show the version and the build (pure Python or compiled)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    from pennybags.editions import all_editions

    # The play script (./play) names itself and sets its own default edition and players.
    again = (f"{launcher} resume [FILE] lists the saved games or resumes one; "
             f"{launcher} --continue resumes the most recent unfinished game"
             if launcher else "pennybags resume [FILE] lists the saved games or resumes "
             "one; pennybags resume --latest resumes the most recent unfinished game")
    p = sub.add_parser("play", help="play a game in the terminal", prog=launcher,
                       description=f"Play a game in the terminal against people or bots. "
                                   f"Without options: the {edition} edition, players "
                                   f"'{players}'; --edition and --players choose others. "
                                   "Every game is saved as it is played (see --save and "
                                   "--no-save).",
                       epilog=f"Example: {launcher or 'pennybags play'} --edition classic "
                              f"--players 'Ann,bot,bot:random' --save ann.json. {again}.")
    p.add_argument("-e", "--edition", default=edition,
                   help="edition id, one of " + ", ".join(e.id for e in all_editions())
                        + " (default: %(default)s)")
    p.add_argument("--players", default=players,
                   help="comma-separated seats: a name is a person, 'bot' or 'bot:NAME' a "
                        "computer player: 'bot' is the standard bot, 'bot:search' the "
                        "hardest (it looks ahead; about a second a decision), "
                        "'bot:simple' and 'bot:random' easier ones (default: '%(default)s')")
    p.add_argument("--seed", type=int, default=None, help="seed for the dice and decks")
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a house rule or table option, repeatable (see 'pennybags editions')")
    saving = p.add_mutually_exclusive_group()
    saving.add_argument("--save", metavar="FILE",
                        help="save the game to FILE after every answer (default: a new file "
                             "in ~/.local/share/pennybags/games, or $XDG_DATA_HOME/pennybags/"
                             "games)")
    saving.add_argument("--no-save", action="store_true",
                        help="do not save the game to a file (s at a prompt still saves)")
    p.add_argument("--auto", action="store_true",
                   help="let bots play every seat without pauses (a demonstration)")
    p.add_argument("--no-color", action="store_true", help=NO_COLOR_HELP)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("resume", help="resume a saved game, or list them",
                       description="Resume a saved game. Without FILE, list the recent saved "
                                   "games of the games folder (~/.local/share/pennybags/games,"
                                   " or $XDG_DATA_HOME/pennybags/games), the most recent "
                                   "first.",
                       epilog="Examples: pennybags resume; pennybags resume --latest; "
                              "pennybags resume ann.json")
    which = p.add_mutually_exclusive_group()
    which.add_argument("file", nargs="?", metavar="FILE",
                       help="the saved game (a file, or a name from the list)")
    which.add_argument("--latest", "--continue", dest="latest", action="store_true",
                       help="resume the most recently saved game that has not ended")
    p.add_argument("--no-color", action="store_true", help=NO_COLOR_HELP)
    p.set_defaults(func=cmd_resume)

    p = sub.add_parser("replay", help="re-run a saved game record",
                       description="Re-run a game record and show (or verify) its final state.")
    p.add_argument("file", help="a game record (JSON)")
    p.add_argument("--verify", action="store_true",
                   help="check that the replay reaches the recorded final state")
    p.add_argument("--json", action="store_true", help="print the state snapshot as JSON")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("scenario", help="run or check scenario files",
                       description="Scenario files set up a position, script dice and answers "
                                   "and state expectations (docs/scenarios.md).")
    ssub = p.add_subparsers(dest="scenario_command", metavar="ACTION")
    ssub.required = True
    r = ssub.add_parser("run", help="play a scenario and show the resulting state")
    r.add_argument("file")
    r.add_argument("--json", action="store_true", help="print the state snapshot as JSON")
    r.set_defaults(func=cmd_scenario_run)
    c = ssub.add_parser("check", help="check scenarios' expectations; non-zero if any unmet")
    c.add_argument("files", nargs="+", metavar="FILE",
                   help="scenario files, or folders to search for *.yaml, *.yml and *.json")
    c.set_defaults(func=cmd_scenario_check)

    from pennybags.lab import odds, simulate

    p = sub.add_parser("simulate", help="play bot-only games and summarise the results",
                       description="Play bot-only games (on several processes if asked) and "
                                   "print wins per seat and bot, how games ended and their "
                                   "length. The same seed gives the same results whatever "
                                   "--workers is.",
                       epilog="Example: pennybags simulate --players standard,standard,random "
                              "--games 2000 --seed 1 --workers 2 --json")
    simulate.add_arguments(p)
    p.add_argument("--build", choices=("auto", "fast", "pure"), default=None, help=BUILD_HELP)
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("odds", help="exact landing odds (Markov chain)",
                       description=odds.DESCRIPTION, epilog=odds.EPILOG)
    odds.add_arguments(p)
    p.set_defaults(func=cmd_odds)

    p = sub.add_parser("actions", help="an edition's decisions and the actions that answer them",
                       description="Print an edition's whole decision vocabulary: every "
                                   "decision kind, the action kinds that answer it, their "
                                   "fields and a one-line reference to the rule.",
                       epilog="Example: pennybags actions --edition monopoly-2.3 --json")
    p.add_argument("--edition", default="classic", help="edition id (default classic)")
    p.add_argument("--json", action="store_true", help="print as JSON")
    p.set_defaults(func=cmd_actions)

    p = sub.add_parser("editions", help="list the editions and their options")
    p.add_argument("--json", action="store_true", help="print as JSON")
    p.set_defaults(func=cmd_editions)

    p = sub.add_parser("bank", help="the banking unit at the terminal, for a physical board",
                       description="Open an edition's banking unit in the terminal, for a "
                                   "physical board: typed keys or words stand for its "
                                   "buttons and cards, and the balances are saved after "
                                   "every operation (reopening resumes). Electronic "
                                   "Banking: keys, display drawn large (docs/banking-unit.md)."
                                   " Ultimate Banking: one tap or press a line, such as "
                                   "'car', '12' or 'm', with a live auction timer "
                                   "(docs/ultimate-banking-unit.md). In both, h shows the "
                                   "history, ? the help, q quits; a reset asks first.",
                       epilog="Examples: pennybags bank electronic-banking --state family.db "
                              "(then: i1 600k - o pays the bank 600K from card 1); "
                              "pennybags bank ultimate-banking (then: car, boat, v starts a "
                              "game of two; 'Strand' then 'boat' buys Strand)")
    p.add_argument("edition", help="an edition with a banking unit: electronic-banking, "
                                   "ultimate-banking")
    p.add_argument("--state", metavar="FILE",
                   help="the unit's state file (default: ~/.local/share/pennybags/"
                        "bank-electronic-banking.sqlite3 or bank-ultimate-banking.json)")
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a unit option: for ultimate-banking, set-bonus=rulebook|unit (the "
                        "colour-set completion reading, kept with the game)")
    p.set_defaults(func=cmd_bank)

    p = sub.add_parser("serve", help="play in the browser: a server for rooms of people and bots",
                       description="Serve the browser front: open the address it prints, "
                                   "create a room (edition, house rules, seats for people "
                                   "and bots) and send its link to the others, who pick a "
                                   "free seat or watch. Rooms, seats and every accepted "
                                   "action are kept in a database, so a restarted server "
                                   "carries on every game where it stood "
                                   "(docs/serve.md). Needs the web extra: "
                                   "pip install 'pennybags[web]'.",
                       epilog="Examples: pennybags serve (this computer only); pennybags "
                              "serve --host 0.0.0.0 (others on your home network: "
                              "http://<this computer's address>:8000/)")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this computer only; "
                        "0.0.0.0: every network this computer is on)")
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    p.add_argument("--db", default=None, metavar="FILE|URL",
                   help="where the rooms are kept: a SQLite file (default: rooms.sqlite3 "
                        "in ~/.local/share/pennybags, or $XDG_DATA_HOME/pennybags) or a "
                        "PostgreSQL database, postgresql://user:password@host:port/name "
                        "(several servers may share one)")
    p.add_argument("--bot-delay", type=int, default=400, metavar="MS",
                   help="milliseconds each bot's answer waits, so that people can follow "
                        "a run of bots' moves one by one (default 400; 0: bots answer at "
                        "once, all in a row)")
    p.add_argument("--rooms-per-hour", type=int, default=30, metavar="N",
                   help="rooms one address may create in an hour (default 30; 0: no limit)")
    p.add_argument("--socket-messages", type=float, default=20, metavar="N",
                   help="messages one browser tab may send a second, on average (default "
                        "20; 0: no limit); more are refused with the reason")
    p.add_argument("--address-messages", type=float, default=100, metavar="N",
                   help="messages all the tabs of one address may send a second, on "
                        "average (default 100; 0: no limit)")
    p.add_argument("--trusted-proxies", default="127.0.0.1", metavar="ADDRESSES",
                   help="the reverse proxies (comma-separated addresses) whose "
                        "X-Forwarded-For header names the client's address, which the "
                        "limits count by (default 127.0.0.1: a proxy on this computer)")
    p.add_argument("--compress", action="store_true",
                   help="compress WebSocket messages (permessage-deflate): less to send "
                        "over a slow network, more work for the server (default: off)")
    p.add_argument("--first-come-first-served", action="store_true",
                   help="take up the browsers' messages one at a time, in the order they "
                        "came, looking at every socket between two: a shorter tail of "
                        "waits when many rooms of bots play at once, at some cost in "
                        "messages a second (SQLite only; default: off; docs/serve.md)")
    p.add_argument("--keep-finished-days", type=float, default=30, metavar="DAYS",
                   help="days a finished game is kept after its last action (default 30; "
                        "0: forever)")
    p.add_argument("--keep-idle-days", type=float, default=90, metavar="DAYS",
                   help="days a room not finished, or a banking unit, is kept after "
                        "anyone last acted in it (default 90; 0: forever); the server "
                        "deletes what is older at start and every hour")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("lab", help="experiments: many games, stored results, reports",
                       description="Run an experiment file (variants x bot line-ups x games, "
                                   "see docs/lab.md) into a results store, and turn the "
                                   "results into an HTML report with plots and statistics.",
                       epilog="Example: pennybags lab run experiments/free-parking.toml && "
                              "pennybags lab report results/free-parking")
    lsub = p.add_subparsers(dest="lab_command", metavar="ACTION")
    lsub.required = True
    r = lsub.add_parser("run", help="play an experiment's games (resumes an interrupted run)",
                        description="Play the games of an experiment that its results store "
                                    "lacks, on all cores (or a Ray cluster), writing them as "
                                    "they finish. Interrupted, it resumes when run again.")
    r.add_argument("experiment", metavar="EXPERIMENT.toml", help="the experiment file")
    r.add_argument("--workers", type=int, default=None,
                   help="worker processes (default: all cores; with Ray: the CPUs of a local "
                        "Ray instance)")
    r.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="local processes (default) or a Ray cluster (pip install "
                        "'pennybags[ray]')")
    r.add_argument("--ray-address", default=None, metavar="ADDRESS",
                   help="the Ray cluster (default: RAY_ADDRESS, else a local instance)")
    r.add_argument("--out", default=None, metavar="DIR",
                   help="results folder (default: results/<experiment name>)")
    r.add_argument("--games", type=int, default=None,
                   help="games per variant and line-up, instead of the file's")
    r.add_argument("--commit-every", type=float, default=1.0, metavar="SECONDS",
                   help="write the finished games at least this often (default 1): an "
                        "interrupted run loses at most this much work")
    r.add_argument("--report", action="store_true",
                   help="write the HTML report when the run is complete (as 'lab report')")
    r.add_argument("--build", choices=("auto", "fast", "pure"), default=None, help=BUILD_HELP)
    r.set_defaults(func=cmd_lab_run)
    r = lsub.add_parser("report", help="write a self-contained HTML report of results",
                        description="Write one HTML file (no network needed to view it) with "
                                    "plots and, for two or more variants, the answers in words "
                                    "with the statistics behind them.")
    r.add_argument("results", metavar="RESULTS", help="a results folder (or its results.duckdb)")
    r.add_argument("--out", default=None, metavar="FILE.html",
                   help="where to write the report (default: RESULTS/report.html)")
    r.set_defaults(func=cmd_lab_report)
    return parser


class VersionAction(argparse.Action):
    """``--version``: the version and which build runs (worked out only when asked)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from pennybags.fastbuild import describe_build

        print(f"pennybags {__version__} ({describe_build()})")
        parser.exit()


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(argv)
    args.argv = argv
    try:
        code: int = args.func(args)
    except UserError as e:
        print(f"pennybags: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``pennybags replay x --json | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    return code


if __name__ == "__main__":
    # Run as ``python -m pennybags.cli``: use the package's module, not this copy of it, so
    # that its UserError is the one the other modules raise.
    from pennybags.cli import main as package_main

    sys.exit(package_main())
