"""Speed of the working tree against a git ref (run by hand: ``python bench/compare.py REF``).

Checks ``REF`` out into a temporary git worktree, then runs every game's games/s
bench (bench_game.py, bench_victorian.py, bench_doomtrooper.py, each with
``--json``), or the search bot's playouts/s when asked for by name
(``--bench asylum-search``: bench_search.py; a ref older than the search bot has
none), on the old tree and on the working tree by turns (old new, new old,
old new, ...: neither side always runs first, so a drift in the machine's load
falls on both), and prints per bench the median of each, the ratio new/old, and the
median and range of each back-to-back pair's own ratio.  The
bench scripts are the working tree's on both sides: the same measuring code
runs each package, the old one put first on the path.  The temporary worktree is
removed at the end.

    python bench/compare.py 8428354                 # 5 runs of each bench on each side
    python bench/compare.py HEAD~3 --repeats 3 --games 50
    python bench/compare.py 0179e27 --bench asylum  # a ref older than the card games: its one bench
    python bench/compare.py ac1942d --bench asylum-search --bench victorian-search --bench doomtrooper-search
    python bench/compare.py HEAD --bench victorian-deck  # the deck odds widget: answers/s
    python bench/compare.py HEAD~2 --bench colonization-search   # a Doomtrooper variant's search (also front-lines,
                                                                 # vortex, home-turf)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent

#: (name, script, its arguments with ``{games}`` for the number of games, default games, what it
#: measures); the search benches (the games their decisions are taken from) run only when named
BENCHES = (
    ("asylum", "bench_game.py", ["--json", "--games", "{games}", "--warmup", "20"], 400, "games/s"),
    ("victorian", "bench_victorian.py", ["--json", "--games", "{games}", "--warmup", "20"], 200, "games/s"),
    ("doomtrooper", "bench_doomtrooper.py", ["--json", "--games", "{games}"], 100, "games/s"),
    ("asylum-search", "bench_search.py", ["--json", "asylum", "--games", "{games}"], 3, "playouts/s"),
    ("victorian-search", "bench_search.py", ["--json", "victorian", "--games", "{games}"], 3, "playouts/s"),
    ("doomtrooper-search", "bench_search.py", ["--json", "doomtrooper", "--games", "{games}"], 3, "playouts/s"),
    ("victorian-deck", "bench_deck_odds.py", ["--json"], 0, "answers/s"),
    # Doomtrooper's slowest variants for the search ("Ask a good player" on the variants page)
    *((f"{v.replace('_', '-')}-search", "bench_search.py", ["--json", "doomtrooper", "--rule", f"variant={v}",
                                                             "--games", "{games}"], 2, "playouts/s")
      for v in ("front_lines", "vortex", "home_turf", "colonization")),
)
#: the benches run when none is named: every game's games/s
DEFAULT_BENCHES = ("asylum", "victorian", "doomtrooper")

#: runs a bench script with the package of one tree: imported first, so the
#: script's own path settings cannot swap in another copy (the script's folder
#: after it, for the helpers the scripts share)
RUNNER = """\
import os, runpy, sys
tree, script, *args = sys.argv[1:]
sys.path[:0] = [tree, os.path.dirname(script)]
import explorer
sys.argv = [script, *args]
runpy.run_path(script, run_name="__main__")
"""


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def run_bench(tree: Path, script: str, args: list[str]) -> float:
    """One run of ``script`` on the package in ``tree``: its JSON line's value."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", RUNNER, str(tree), str(BENCH / script), *args],
                          cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode:
        if tree.resolve() == ROOT.resolve():  # the working tree's own failure: all of it
            raise SystemExit(f"error: {script} on the working tree failed:\n{done.stderr.strip()}")
        last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise SystemExit(f"error: the ref's package cannot run {script} {' '.join(args)}: {last}\n"
                         "(a ref older than the search bot has no search bench, one older than the card games "
                         "only --bench asylum)")
    line = json.loads(done.stdout.strip().splitlines()[-1])
    if not Path(line["explorer"]).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"error: {script} measured {line['explorer']}, not the package in {tree}")
    return float(line["value"])


def compare(old: Path, new: Path, repeats: int, games: int | None,
            names: list[str] | None = None) -> list[tuple[str, float, float, list[float]]]:
    """``(bench, old median, new median, ratios)`` for every bench (or those ``names``),
    the two trees run by turns; ``ratios``: new/old of each pair of runs made one
    straight after the other."""
    benches = [b for b in BENCHES if b[0] in (names or DEFAULT_BENCHES)]
    values: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name, *_ in benches}
    for i in range(repeats):
        for name, script, args, default, _ in benches:
            filled = [a.format(games=games or default) for a in args]
            for side in ((0, 1) if i % 2 == 0 else (1, 0)):  # old new, new old, ...: no side always first
                values[name][side].append(run_bench((old, new)[side], script, filled))
                print(f"  run {i + 1}/{repeats} {name:<18} {('old', 'new')[side]}: "
                      f"{values[name][side][-1]:8.1f}", file=sys.stderr)
    return [(f"{name} {unit}", statistics.median(values[name][0]), statistics.median(values[name][1]),
             [n / o for o, n in zip(*values[name])]) for name, *_, unit in benches]


def table(rows: list[tuple[str, float, float, list[float]]], ref: str, repeats: int) -> str:
    """The medians, their ratio, and the median and range of the pairs' own ratios: on a
    machine whose speed drifts between minutes, a pair run back to back shares the drift,
    so its ratio is the steadier figure."""
    head = (f"{'bench (median of ' + str(repeats) + ')':<30} {ref[:12]:>12} {'working tree':>13} {'new/old':>8}"
            f"  {'pairs: median (range)':>22}")
    lines = [head, "-" * len(head)]
    lines += [f"{name:<30} {old:12.1f} {new:13.1f} {new / old:7.2f}x  "
              f"{statistics.median(pairs):>7.2f}x ({min(pairs):.2f}-{max(pairs):.2f})"
              for name, old, new, pairs in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ref", help="the git ref to compare against (a commit, branch or tag)")
    ap.add_argument("--repeats", type=int, default=5, help="runs of each bench on each side (default 5)")
    ap.add_argument("--games", type=int, help="games per run (default: each bench's own)")
    ap.add_argument("--bench", action="append", choices=[name for name, *_ in BENCHES],
                    help="only this bench (repeatable; default: every game's games/s)")
    args = ap.parse_args(argv)
    commit = git("rev-parse", "--verify", f"{args.ref}^{{commit}}")
    with tempfile.TemporaryDirectory(prefix="compare-") as tmp:
        old = Path(tmp) / "old"
        git("worktree", "add", "--detach", str(old), commit)
        try:
            rows = compare(old, ROOT, args.repeats, args.games, args.bench)
        finally:
            git("worktree", "remove", "--force", str(old))
            git("worktree", "prune")
    print(table(rows, f"{args.ref}", args.repeats))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
