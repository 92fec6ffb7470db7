"""``python -m explorer``: the command line.

Each sub-command is a small function registered in :data:`COMMANDS`; it gets the
parsed arguments and returns an exit code.  User mistakes (bad data, unknown
names) print one line to stderr and exit 2, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from .core.data import DataError
from .core.engine import IllegalAction

COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m explorer",
        description="The rules explorer: exact odds, steppers and simulations for three tabletop rulebooks.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    lab = sub.add_parser("lab", help="open JupyterLab on the start notebook")
    lab.add_argument("--notebook", default="notebooks/00_start_here.ipynb", help="notebook to open")
    lab.set_defaults(extra=[])  # unknown options (--port 8890, --no-browser, ...) go to jupyter lab

    o = sub.add_parser("odds", help="exact odds of a Doom Asylum matchup")
    o.add_argument("attacker", help="attacking villain's name (see data/asylum/villains.toml)")
    o.add_argument("defender", help="defending villain's name")
    o.add_argument("--level", type=int, nargs=2, default=(1, 1), metavar=("A", "D"), help="levels of the two villains")

    for extend in EXTENSIONS:
        extend(sub)
    return parser


# Later modules add their sub-commands here: fn(subparsers) registers parsers and COMMANDS.
EXTENSIONS: list[Callable[[argparse._SubParsersAction], None]] = []


def _lab(args: argparse.Namespace) -> int:
    root = Path(__file__).resolve().parent.parent
    # serve the whole checkout (so data/ can be edited from Lab) and open the notebook
    cmd = [sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={root}",
           f"--LabApp.default_url=/lab/tree/{Path(args.notebook).as_posix()}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--ServerApp.allow_root=True")  # JupyterLab refuses root otherwise
    return subprocess.call(cmd + list(args.extra))


def _odds(args: argparse.Namespace) -> int:
    from .asylum import load_roster, odds

    roster = load_roster()
    try:
        a = roster[args.attacker].at_level(args.level[0])
        d = roster[args.defender].at_level(args.level[1])
    except KeyError as exc:
        raise LookupError(f"no villain named {exc.args[0]!r}; known: {', '.join(roster)}") from None
    rows = [("mental attack", odds.mental_attack(a, d))]
    try:
        b = odds.physical_breakdown(a, d)
        rows += [("physical: catch", b.catch), ("physical: hit once caught", b.hit), ("physical attack", b.defeat)]
    except IllegalAction as exc:
        rows.append(("physical attack", f"not allowed: {exc.message}"))
    rows.append((f"tactical maneuver ({a.name})", odds.tactical_maneuver(a)))
    print(f"{a.describe()}  vs  {d.describe()}")
    for label, p in rows:
        print(f"  {label:<28} {p}" + (f"  ({float(p):.1%})" if not isinstance(p, str) else ""))
    return 0


COMMANDS.update(lab=_lab, odds=_odds)


# -- simulate: many bot-played games ------------------------------------------------------------

def _add_simulate(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("simulate", help="play many seeded games with bots and summarise them")
    s.add_argument("game", choices=["asylum"], help="which game (only Doom Asylum so far)")
    s.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    s.add_argument("--seed", default="0", help="seed of the run: game i uses the seed 'SEED#i' (default 0)")
    s.add_argument("--players", type=int, default=4, help="players per game, 2 to 6 (default 4)")
    s.add_argument("--policy", default="greedy",
                   help="bot for every seat, or one per seat joined by commas: random, greedy, brawler, "
                        "cautious (default greedy)")
    s.add_argument("--masterminds", choices=["star", "random"], default="star",
                   help="starting masterminds drawn from the star-marked villains or from all (default star)")
    s.add_argument("--workers", type=int, default=1, help="worker processes (the result does not depend on it)")
    s.add_argument("--json", action="store_true", help="print the summary as JSON")


def _simulate(args: argparse.Namespace) -> int:
    import json

    from .asylum.simulate import run_games

    if args.games < 0:
        raise ValueError("--games cannot be negative")
    if args.workers < 1:
        raise ValueError("--workers must be at least 1")
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    summary = run_games(args.games, seed, args.players, args.policy, masterminds=args.masterminds,
                        workers=args.workers, progress=True)
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    n = summary["games"]
    print(f"Doom Asylum: {n} games, {args.players} players, policy {args.policy}, seed {args.seed}")
    for seat, wins in summary["wins_by_seat"].items():
        print(f"  seat {seat}: {wins} wins ({wins / n:.1%})" if n else f"  seat {seat}: {wins} wins")
    print(f"  draws (turn cap): {summary['draws']}")
    for name, wins in summary["wins_by_mastermind"].items():
        print(f"  {name}: {wins} wins")
    print(f"  turns per game: mean {summary['turns']['mean']}")
    return 0


EXTENSIONS.append(_add_simulate)
COMMANDS["simulate"] = _simulate


# -- check: load and cross-check every data file ------------------------------------------------

#: The games whose data ``check`` knows: each package ``explorer.<game>`` has a ``check``
#: module with ``check_data() -> list[Checked]`` (one summary per file; DataError on a problem).
CHECKED_GAMES = ("asylum",)


def _add_check(sub: argparse._SubParsersAction) -> None:
    c = sub.add_parser("check", help="load and cross-check every data file of a game (all games by default)")
    c.add_argument("game", nargs="?", choices=CHECKED_GAMES, help="which game (default: all)")


def _check(args: argparse.Namespace) -> int:
    import importlib

    def shown(path) -> str:  # data/asylum/rules.toml rather than a long absolute path
        path, here = Path(path).absolute(), Path.cwd()
        return str(path.relative_to(here)) if path.is_relative_to(here) else str(path)

    for game in [args.game] if args.game else CHECKED_GAMES:
        try:
            checked = importlib.import_module(f"explorer.{game}.check").check_data()
        except DataError as exc:
            print(f"error: {DataError(shown(exc.file), exc.entry, exc.field, exc.problem)}", file=sys.stderr)
            return 2
        for c in checked:
            print(f"{shown(c.path)}: {c.summary}")
    return 0


EXTENSIONS.append(_add_check)
COMMANDS["check"] = _check


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "lab":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.extra = extra
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return COMMANDS[args.command](args)
    except (DataError, IllegalAction, LookupError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
