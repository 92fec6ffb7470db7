"""Time a page's preparation in the app, against a git ref (run by hand:
``python bench/bench_prepare.py REF [PAGE]``).

Before a visitor comes, the app runs each page's notebook in a fresh kernel (its
pre-heated kernels; again after each visit, to refill the pool): that run is what a
visitor coming back too soon waits for.  This runs the notebook ``PAGE`` (default
the what-if page) in a fresh kernel as Voila does, on ``REF``'s files (unpacked
with ``git archive`` into a temporary folder) and on the working tree by turns (old
new, new old, ...: a drift in the machine's load falls on both), and prints the
median seconds of each side, from starting the kernel to the last cell, and each
cell's median seconds.

    python bench/bench_prepare.py HEAD~1
    python bench/bench_prepare.py main designer/what_if.ipynb --repeats 3
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = "designer/what_if.ipynb"


def unpack(ref: str, into: Path) -> Path:
    """``ref``'s files in ``into`` (no git worktree: nothing is added to the repository)."""
    archive = subprocess.run(["git", "archive", "--format=tar", ref], cwd=ROOT, check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def prepare(tree: Path, page: str) -> tuple[float, list[tuple[str, float]]]:
    """Run ``page`` of ``tree`` in a fresh kernel importing ``tree``'s package: the
    seconds from starting the kernel to the end, and each code cell's first line
    with its seconds."""
    import nbformat
    from nbclient import NotebookClient

    path = tree / "notebooks" / page
    nb = nbformat.read(path, as_version=4)
    started: dict[int, float] = {}
    cells: list[tuple[str, float]] = []

    def begin(cell, cell_index, **kw):
        started[cell_index] = time.perf_counter()

    def end(cell, cell_index, **kw):
        lines = [x for x in cell.source.splitlines() if not x.startswith("# NBVAL")]
        cells.append((lines[0] if lines else "", time.perf_counter() - started[cell_index]))

    old_path = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([str(tree)] + ([old_path] if old_path else []))
    try:
        client = NotebookClient(nb, timeout=900, kernel_name="python3",
                                resources={"metadata": {"path": str(path.parent)}},
                                on_cell_execute=begin, on_cell_executed=end)
        t = time.perf_counter()
        client.execute()
        return time.perf_counter() - t, cells
    finally:
        if old_path is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old_path


def report(ref: str, page: str, runs: dict[str, list[tuple[float, list[tuple[str, float]]]]]) -> str:
    lines = [f"{page}: seconds to prepare (median of {len(runs['old'])} runs, each in a fresh kernel)",
             f"  {ref[:12]:>12}: {statistics.median(t for t, _ in runs['old']):6.1f} s",
             f"  {'working tree':>12}: {statistics.median(t for t, _ in runs['new']):6.1f} s"]
    for side, name in (("old", ref[:12]), ("new", "working tree")):
        lines.append(f"  cells, {name}:")
        for k, (first, _) in enumerate(runs[side][0][1]):
            median = statistics.median(cells[k][1] for _, cells in runs[side])
            lines.append(f"    {median:6.2f} s  {first[:80]}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ref", help="the git ref to compare against (a commit, branch or tag)")
    ap.add_argument("page", nargs="?", default=PAGE, help=f"the notebook under notebooks/ (default {PAGE})")
    ap.add_argument("--repeats", type=int, default=3, help="runs on each side (default 3)")
    args = ap.parse_args(argv)
    runs: dict[str, list] = {"old": [], "new": []}
    with tempfile.TemporaryDirectory(prefix="prepare-") as tmp:
        old = unpack(args.ref, Path(tmp))
        for i in range(args.repeats):
            for side in (("old", "new") if i % 2 == 0 else ("new", "old")):
                runs[side].append(prepare(old if side == "old" else ROOT, args.page))
                print(f"  run {i + 1}/{args.repeats} {side}: {runs[side][-1][0]:.1f} s", file=sys.stderr, flush=True)
    print(report(args.ref, args.page, runs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
