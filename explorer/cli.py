"""``python -m explorer``: the command line.

Each sub-command is a small function registered in :data:`COMMANDS`; it gets the
parsed arguments and returns an exit code.  A user's mistake (a bad option, bad
data, an unknown name) prints one ``error:`` line to stderr and exits 2, never a
traceback; Ctrl-C exits 130 and a closed pipe (``| head``) exits quietly.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from . import cli_logs, cli_reference, cli_search, cli_whatif
from .cli_options import MAX_POOL, count, pool_size, port, seed_text
from .cli_whatif import pairs
from .core.data import DataError
from .core.engine import IllegalAction
from .core.numbers import counted

COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {}
ROOT = Path(__file__).resolve().parent.parent  # the checkout: notebooks/ and data/ live here
EXIT_USAGE, EXIT_INTERRUPTED, EXIT_BROKEN_PIPE = 2, 130, 141  # 128 + SIGINT, 128 + SIGPIPE


class UsageError(Exception):
    """A mistake in the command line itself (argparse's complaint, in one line)."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose complaints become one ``error:`` line (see :func:`main`)."""

    def error(self, message: str):  # argparse would print the usage and exit here
        raise UsageError(f"{message} (see '{self.prog} --help')")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="python -m explorer",
        description="The rules explorer: exact odds, steppers and simulations for three tabletop rulebooks.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    lab = sub.add_parser(
        "lab", help="open JupyterLab on the start notebook (other options go to JupyterLab)",
        usage="%(prog)s [--notebook NOTEBOOK] [JUPYTERLAB OPTION ...]",
        description="Start JupyterLab on this checkout (so data/ can be edited from Lab) and open a notebook.\n"
                    "Every option not listed below goes to JupyterLab unchanged (see 'jupyter lab --help').",
        epilog="example:\n  python -m explorer lab --port 8890 --no-browser",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    lab.add_argument("--notebook", default="notebooks/00_start_here.ipynb",
                     help="notebook to open, relative to the checkout (default: %(default)s)")
    lab.set_defaults(extra=[])  # unknown options (--port 8890, --no-browser, ...) go to jupyter lab

    app = sub.add_parser(
        "app", help="serve the notebooks as an app (Voila): steppers, odds explorers, what-if, no code shown",
        description="Serve every notebook as a web app with Voila on 127.0.0.1 and print the address of the "
                    "start page, which links to each.  Kernels are pre-heated: each page is run in advance, so it "
                    "opens ready to use.  Stop with Ctrl-C.")
    app.add_argument("--port", type=port, default=0,
                     help="port to serve on, 1 to 65535 (default 0: a free one, printed)")
    pages = len(app_pages())
    app.add_argument("--pool", type=pool_size, default=APP_POOL,
                     help=f"pre-heated kernels per page, 0 to {MAX_POOL} (default {APP_POOL}: a visitor takes one "
                          "and a visitor coming back finds the other ready while Voila runs a new one, which takes "
                          "seconds on the what-if page; 1: a visit back within those seconds waits for them; "
                          "0: none, each page runs when opened).  Memory: each kernel holds about "
                          f"{KERNEL_MB} MB, pages x pool in all (about {KERNEL_MB * APP_POOL * pages / 1000:.1f} GB "
                          f"for the {pages} pages at {APP_POOL})")
    app.add_argument("--browser", action="store_true", help="also open the start page in a web browser")

    o = sub.add_parser("odds", help="exact odds of a Doom Asylum matchup, or of any dice expression",
                       description="Exact odds of everything the attacker can do to the defender with his action, "
                                   "as fractions and percentages.  Names ignore case.  With --dice, the exact "
                                   "distribution of a roll you type instead.")
    o.add_argument("attacker", nargs="?", help="attacking villain's name (see data/asylum/villains.toml)")
    o.add_argument("defender", nargs="?", help="defending villain's name")
    o.add_argument("--dice", metavar="EXPR",
                   help="a dice expression instead of a matchup: 2d6+3, d20-2, 4d6kh3 (keep the 3 highest), "
                        "'highest of 2d6', '3d6 vs 2d6'; each total with P(exactly), P(at least), P(at most)")
    o.add_argument("--level", type=int, nargs=2, default=(1, 1), metavar=("A", "D"),
                   help="levels of the two villains (1 up to 1 + the villain's upgrades; default 1 1)")
    o.add_argument("--mastermind", action="store_true",
                   help="the defender is the rival mastermind (some abilities do more against him)")

    for extend in EXTENSIONS:
        extend(sub)
    return parser


# Later modules add their sub-commands here: fn(subparsers) registers parsers and COMMANDS.
EXTENSIONS: list[Callable[[argparse._SubParsersAction], None]] = []


# -- lab: JupyterLab on the start notebook --------------------------------------------------------

def lab_command(notebook: str) -> list[str]:
    """The JupyterLab command line: serve the whole checkout and open ``notebook``."""
    cmd = [sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={ROOT}",
           f"--LabApp.default_url=/lab/tree/{Path(notebook).as_posix()}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--ServerApp.allow_root=True")  # JupyterLab refuses root otherwise
    return cmd


#: Where the explorer's Voila template lives (share/jupyter/voila/templates/explorer).
SHARE = ROOT / "share" / "jupyter"


def free_port(port: int = 0) -> int:
    """``port`` if nothing serves on it here (0: any free port); a ValueError if it is taken."""
    import socket

    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server will: a closed port is free
        try:
            s.bind(("127.0.0.1", port))
        except OSError as exc:
            raise ValueError(f"--port {port}: cannot serve there ({exc.strerror or exc})") from None
        return s.getsockname()[1]


#: pre-heated kernels per page by default: one stays ready while the one a visitor took is
#: replaced (Voila refills a page's pool after each visit; running a page takes seconds)
APP_POOL = 2
#: seconds the app waits at most for a cell's output after the cell ran (see :func:`app_command`; when
#: eleven pages are pre-heated at once on two busy cores, a minute was not always enough)
IOPUB_TIMEOUT = 300
#: about how much memory one page's kernel holds, in MB (the explorer, pandas, plotly, widgets)
KERNEL_MB = 200


def app_pages() -> list[Path]:
    """The notebooks the app serves, each a page with its own pool of kernels."""
    return [p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts]


def app_command(port: int, pool: int = APP_POOL) -> list[str]:
    """The Voila command line serving the notebooks folder with the explorer's template;
    ``pool`` pre-heated kernels per page, each replaced after a visit takes it."""
    cmd = [sys.executable, "-m", "voila", str(ROOT / "notebooks"), "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--template=explorer",
           # no page uses anywidget; figures are drawn by the template's plotly.js (explorer.ui.common.plotly_output)
           "--VoilaConfiguration.extension_denylist=['anywidget','jupyterlab-plotly']",
           # a cell's output arriving late on a busy machine is waited for, not dropped (after 4 s by default,
           # a page running its notebook in a kernel starved of CPU lost its widgets and never became usable)
           f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
           # a cell stopped by a mistake in a data file shows which file, entry and field (DataError's
           # own display, no Python traceback), not only "There was an error when executing cell [4]"
           "--VoilaConfiguration.show_tracebacks=True"]
    if pool > 0:
        cmd += ["--preheat_kernel=True", f"--pool_size={pool}"]
    if os.name == "posix":
        # kernels talk over local sockets, not TCP ports: a pre-heated kernel handed a port another
        # program took meanwhile failed to start at every retry, and its page never became usable
        cmd.append("--KernelManager.transport=ipc")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--ServerApp.allow_root=True")
    return cmd


def app_env() -> dict[str, str]:
    """The environment for Voila: our template found first (JUPYTER_PATH), and this
    checkout's package first for the pages' kernels (PYTHONPATH), whichever copy of
    the explorer is installed: the app runs the code beside the notebooks it serves."""
    def first(path: Path, name: str) -> str:
        return os.pathsep.join([str(path)] + [p for p in os.environ.get(name, "").split(os.pathsep) if p])

    return {**os.environ, "JUPYTER_PATH": first(SHARE, "JUPYTER_PATH"), "PYTHONPATH": first(ROOT, "PYTHONPATH")}


def run_child(cmd: list[str], env: dict[str, str] | None = None) -> int:
    """Run ``cmd`` until it ends, passing SIGTERM and SIGINT on to it (so stopping
    us stops it, and we wait for it to finish).  Returns its exit code, or
    128 + N if a signal N ended it."""
    child: subprocess.Popen | None = None
    pending: list[int] = []

    def forward(signum, frame) -> None:
        if child is None:
            pending.append(signum)  # it arrived while the child was starting
        elif child.poll() is None:
            child.send_signal(signum)

    # only the main thread may set handlers; a signal we ignore (a background job's SIGINT) stays ignored
    in_main = threading.current_thread() is threading.main_thread()
    watched = [sig for sig in (signal.SIGTERM, signal.SIGINT) if in_main and signal.getsignal(sig) is not signal.SIG_IGN]
    old = {sig: signal.signal(sig, forward) for sig in watched}
    try:
        child = subprocess.Popen(cmd, env=env)
        for signum in pending:
            child.send_signal(signum)
        code = child.wait()
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler if handler is not None else signal.SIG_DFL)
    return code if code >= 0 else 128 - code


def _lab(args: argparse.Namespace) -> int:
    path = (ROOT / args.notebook).resolve()
    if not path.is_relative_to(ROOT) or path.suffix != ".ipynb" or not path.is_file():
        raise ValueError(f"no notebook {args.notebook!r} in {ROOT} (--notebook is a .ipynb file relative to the "
                         "checkout)")
    return run_child(lab_command(args.notebook) + list(args.extra))


def _app(args: argparse.Namespace) -> int:
    port = free_port(args.port)
    start = f"http://127.0.0.1:{port}/voila/render/00_start_here.ipynb"
    print(f"The explorer is at {start}\n(every page: http://127.0.0.1:{port}/voila/tree; stop with Ctrl-C)",
          flush=True)
    if args.browser:
        import webbrowser

        threading.Timer(3.0, lambda: webbrowser.open(start)).start()
    return run_child(app_command(port, args.pool), env=app_env())


# -- odds: one matchup, exactly -------------------------------------------------------------------

def _at_level(villain, level: int, flag: str):
    """``villain`` at ``level``, or a message naming the levels he has."""
    if not 1 <= level <= villain.max_level:
        allowed = "only level 1" if villain.max_level == 1 else f"levels 1 to {villain.max_level}"
        raise ValueError(f"{villain.name} has {allowed}, not level {level} ({flag})")
    return villain.at_level(level)


def matchup_rows(a, d, rules, mastermind: bool = False) -> tuple[list[tuple[str, str, Fraction | str]], list[tuple]]:
    """The lines of the ``odds`` command, as the combat odds widget shows them:
    ``(key, label, exact probability or why it is not possible)`` with the
    widget's row keys (``mental``, ``catch``, ``hit``, ``physical``, ``blocker``,
    ``ability:<name>``, ``maneuver:attacker``, ``maneuver:defender``), and the
    attacks behind them as ``(label, attack, blocked)`` for :func:`applied_defences`."""
    from .asylum import abilities as _abilities
    from .asylum import odds
    from .asylum.combat import attack_dist, can_reach, mental_attack_spec, needs_catch, physical_attack_spec

    rows: list[tuple[str, str, Fraction | str]] = [("mental", "mental attack", odds.mental_attack(a, d, rules))]
    attacks = [("mental attack", mental_attack_spec(a), False)]
    phys = physical_attack_spec(a)
    kind = "physical attack" + (" (ranged)" if phys.ranged else "")
    try:
        b = odds.physical_breakdown(a, d, rules)
        if needs_catch(phys, rules, False):
            rows += [("catch", f"{kind}: catch", b.catch), ("hit", f"{kind}: hit once caught", b.hit)]
        rows.append(("physical", kind, b.defeat))
        attacks.append((kind, phys, False))
    except IllegalAction as exc:
        rows.append(("physical", kind, f"not allowed: {exc.message}"))
    # Blocking: a team mate who steps in front of a physical attack is not caught first
    label = f"{kind} on him as a blocker (no catch)"
    if can_reach(a, d, phys):
        rows.append(("blocker", label, odds.physical_attack(a, d, rules, blocked=True)))
        attacks.append((label, phys, True))
    elif rules.flyers_block_melee:  # the rules option lets a flyer block melee
        rows.append(("blocker", label, attack_dist(a, d, phys, rules, True).prob(lambda r: r.success)))
        attacks.append((label, phys, True))
    else:
        rows.append(("blocker", label, f"not allowed: {d.name} flies and may not block a melee attack"))
    for name in a.action_abilities:
        ability = _abilities.get(name)
        spec = ability.effect(a, d, mastermind)
        label = f"{ability.title} (ability: {'stuns him' if spec.effect == 'stun' else 'defeats him'})"
        try:
            rows.append((f"ability:{name}", label, odds.ability(a, d, name, mastermind=mastermind, rules=rules)))
            attacks.append((label, spec, False))
        except IllegalAction as exc:
            rows.append((f"ability:{name}", label, f"not allowed: {exc.message}"))
    for side, v in (("attacker", a), ("defender", d)):
        rows.append((f"maneuver:{side}", f"tactical maneuver ({v.name})", odds.tactical_maneuver(v, rules)))
    return rows, attacks


def applied_defences(d, attacks, rules) -> list[tuple[str, str, list[str]]]:
    """The defender's automatic abilities (rulebook, "Automatic Special
    Abilities"), each with its summary and the lines whose rolls it changes."""
    from .asylum import abilities as _abilities
    from .asylum.combat import needs_catch

    out = []
    for name in d.active_abilities:
        ability = _abilities.get(name)
        if ability.kind != "automatic":
            continue
        used = []
        for label, attack, blocked in attacks:  # each roll is asked as the rule asks it (combat.defence)
            if needs_catch(attack, rules, blocked) and ability.effect("catch", attack) != (0, None):
                used.append(f"{label} (the catch)")
            if ability.effect("hit", attack) != (0, None):
                used.append(label)
        out.append((ability.title, ability.summary, used))
    return out


def _probability(p: Fraction | str) -> str:
    """The percentage first, as every page shows it, and the exact fraction beside it
    however long (a terminal is where a user comes for the exact answer)."""
    from .core.numbers import percent_text

    if isinstance(p, str) or p in (0, 1):
        return p if isinstance(p, str) else percent_text(p)
    return f"{percent_text(p)}  ({p})"


def dice_lines(text: str) -> list[str]:
    """The lines of ``odds --dice EXPR``: the expression as read, then each total
    (or, for ``A vs B``, each of higher, tie and lower) with its exact chances."""
    from .core.dice_expr import read
    from .core.dist import parse

    expression, dist = read(text), parse(text)
    if expression.right is not None:
        width = max(len(o) for o in dist.outcomes)
        return [f"{expression}  (the first total against the second)"] + [
            f"  {o:<{width}}  {_probability(p)}" for o, p in dist.items()]
    lines = [str(expression), f"  {'total':>5}  {'exactly':<22} {'at least':<22} at most"]
    at_least = Fraction(1)
    for total, p in dist.items():
        at_most = 1 - at_least + p
        lines.append(f"  {total:>5}  {_probability(p):<22} {_probability(at_least):<22} {_probability(at_most)}")
        at_least -= p
    return lines


def _odds(args: argparse.Namespace) -> int:
    from .asylum import load_roster, load_rules
    from .asylum.villains import find_villain

    if args.dice is not None:
        if args.attacker is not None:
            raise ValueError("give either two villains or --dice EXPR, not both")
        print("\n".join(dice_lines(args.dice)))
        return 0
    if args.defender is None:
        missing = "attacker, defender" if args.attacker is None else "defender"
        raise ValueError(f"the following arguments are required: {missing} (or give --dice EXPR for a roll; "
                         "see 'python -m explorer odds --help')")
    roster, rules = load_roster(), load_rules()
    a = _at_level(find_villain(roster, args.attacker), args.level[0], "--level A")
    d = _at_level(find_villain(roster, args.defender), args.level[1], "--level D")
    rows, attacks = matchup_rows(a, d, rules, args.mastermind)
    print(f"{a.describe()}  vs  {d.describe()}" + ("  (the rival mastermind)" if args.mastermind else ""))
    width = max(len(label) for _, label, _ in rows)
    for _, label, p in rows:
        print(f"  {label:<{width}}  {_probability(p)}")
    defences = applied_defences(d, attacks, rules)
    if defences:
        print(f"{d.name}'s automatic defences (already in the odds above):")
        for title, summary, used in defences:
            print(f"  {title}: {summary}")
            print(f"    applies to: {', '.join(used)}" if used else "    applies to none of these attacks")
    return 0


COMMANDS.update(lab=_lab, app=_app, odds=_odds)


# -- simulate: many bot-played games ------------------------------------------------------------

def _add_simulate(sub: argparse._SubParsersAction) -> None:
    from .games import GAMES, spec

    s = sub.add_parser("simulate", help="play many seeded games with bots and summarise them",
                       description="Play many seeded games with bots and summarise them.  Ctrl-C stops the run "
                                   "and prints the summary of the games that finished, marked as interrupted "
                                   "(with --json: \"interrupted\": true and the \"requested\" number of games); "
                                   "the exit code is then 130.")
    games = s.add_subparsers(dest="game", metavar="GAME", parser_class=Parser, required=True,
                             help=f"which game: {', '.join(GAMES)}")
    for key, info in GAMES.items():
        g = games.add_parser(key, help=f"{info.title}: {info.summary}",
                             description=f"Play many seeded games of {info.title} with bots and summarise them.")
        g.add_argument("--games", type=count, default=100, help="how many games, at least 1 (default 100; 1e6 and "
                                                                "10**12 are understood)")
        g.add_argument("--seed", type=seed_text, default="0",
                       help="seed of the run: game i uses the seed 'SEED#i' (default 0)")
        g.add_argument("--workers", type=count, default=1,
                       help="worker processes, at most one per job (the result does not depend on it)")
        g.add_argument("--json", action="store_true", help="print the summary as JSON")
        cli_search.add_option(g)
        g.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                       help=f"change a rule for the run, e.g. turn_cap=40 or an option=true (repeatable; names, "
                            f"ranges and choices as in data/{key}/rules.toml)")
        spec(key).simulation.options(g)
        cli_logs.add_log_option(g)


def _simulate(args: argparse.Namespace) -> int:
    import json

    from .core.simulation import cli_run
    from .games import spec
    from .whatif.compare import check_players

    game = spec(args.game)
    check_players(getattr(args, "players", None), "--players")
    pairs(args.rule, "--rule")  # a rule given twice is refused before any game
    args.seed = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    cli_search.apply(args)
    log_dir = cli_logs.log_dir(args.log)
    try:
        summary = cli_run(game, args)
        interrupted = None
        if log_dir is not None:
            cli_logs.write_logs(args, log_dir)
    except KeyboardInterrupt as stop:
        if not hasattr(stop, "summary"):
            raise
        summary, interrupted = stop.summary, str(stop)
    if args.json:
        extra = {"interrupted": True, "requested": args.games} if interrupted else {}
        print(json.dumps({**summary, **extra}, indent=2))
    else:
        print(game.simulation.report(summary, args, interrupted or counted(summary['games'], 'game')))
    return EXIT_INTERRUPTED if interrupted else 0


EXTENSIONS.append(_add_simulate)
COMMANDS["simulate"] = _simulate


# -- logs: replay FILE (explorer.cli_logs) ------------------------------------------------------

EXTENSIONS.append(cli_logs.add_replay)
COMMANDS["replay"] = cli_logs.replay


# -- what-if: compare a variant, sweep a grid, skill, cards (explorer.cli_whatif) -----------------

EXTENSIONS.append(cli_whatif.add_whatif)
COMMANDS.update(cli_whatif.COMMANDS)


# -- check: load and cross-check every data file ------------------------------------------------

def _add_check(sub: argparse._SubParsersAction) -> None:
    from .games import GAMES

    c = sub.add_parser("check", help="load and cross-check every data file of a game (all games by default)",
                       epilog="The data folder is data/ of the checkout, or $EXPLORER_DATA when set (a copy to try "
                              "an edit on).  A wrong file: one 'error:' line naming the file and the entry, exit 2.")
    c.add_argument("game", nargs="?", choices=list(GAMES), help="which game (default: all)")


def _check(args: argparse.Namespace) -> int:
    def shown(path) -> str:  # data/asylum/rules.toml rather than a long absolute path
        path, here = Path(path).absolute(), Path.cwd()
        return str(path.relative_to(here)) if path.is_relative_to(here) else str(path)

    from .games import GAMES, spec

    for game in [args.game] if args.game else list(GAMES):
        try:
            checked = spec(game).check_data()
        except DataError as exc:
            print(f"error: {DataError(shown(exc.file), exc.entry, exc.field, exc.problem)}", file=sys.stderr)
            return 2
        for c in checked:
            print(f"{shown(c.path)}: {c.summary}")
        cli_reference.print_coverage(game)
    return 0


EXTENSIONS.append(_add_check)
COMMANDS["check"] = _check


# -- reference GAME --out FILE (explorer.cli_reference) -----------------------------------------

EXTENSIONS.append(cli_reference.add_reference)
COMMANDS["reference"] = cli_reference.reference


# -- main --------------------------------------------------------------------------------------

def _error(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return EXIT_USAGE


def _quiet_stdout() -> None:
    """After a closed pipe: send what is left of stdout to /dev/null, so the
    flush at exit does not complain again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout is not a real file (tests)
        pass


def _run(argv: list[str] | None) -> int:
    try:
        parser = build_parser()  # a game's options may read its data: a bad file is a user's mistake
    except DataError as exc:
        return _error(str(exc))
    try:
        args, extra = parser.parse_known_args(argv)
        if extra and args.command != "lab":
            game = getattr(args, "game", None) if args.command == "simulate" else None
            where = " ".join([parser.prog, *(w for w in (args.command, game) if w), "--help"])
            raise UsageError(f"unrecognized arguments: {' '.join(extra)} (see '{where}')")
    except UsageError as exc:
        return _error(str(exc))
    args.extra = extra
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return COMMANDS[args.command](args)
    except (DataError, IllegalAction, LookupError, ValueError) as exc:
        return _error(str(exc))


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns the exit code (0, 2 for a user's mistake, 130
    after Ctrl-C, 141 when the reader of stdout went away)."""
    try:
        code = _run(argv)
        sys.stdout.flush()  # a closed pipe shows here, not at exit
        return code
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
