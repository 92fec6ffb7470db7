"""How well the conflict lab's advice foretells a conflict: the advisor (the search
behind "Ask a good player") plays both sides of random lab conflicts, one to three
villains a side drawn from the roster, and each of its root values (a chance to win
for the deciding side) is set against how the conflict ended.  Prints the Brier
score, a ten-bin reliability table and Platt's scaling fitted to the values, with
its Brier score on conflicts held out (the scaling the lab uses,
``explorer.ui.asylum.conflict_lab.CALIBRATION``, is fitted this way).

    python bench/bench_conflict_advice.py [--conflicts N] [--seed S] [--raw]

``--raw``: the values as searched (to fit a scaling); by default the lab's advisor
as it is, its values scaled.
"""

from __future__ import annotations

import argparse
import random
import time

from bench_search_strength import fit_text, reliability

from explorer.asylum.conflict import Conflict
from explorer.asylum.villains import load_roster
from explorer.core.sampler import simulate
from explorer.ui.asylum.conflict_lab import conflict_advisor


def play(n: int, seed: str, raw: bool) -> list[tuple[float, float, str]]:
    """``(value, outcome, conflict)`` for every decision with two options or more."""
    roster = load_roster()
    names = sorted(roster)
    game = Conflict()
    notes: list[tuple[float, float, str]] = []
    for i in range(n):
        r = random.Random(f"{seed}/{i}")
        k = r.choice((1, 2, 3))
        pick = r.sample(names, 2 * k)
        start = game.start([roster[x] for x in pick[:k]], [roster[x] for x in pick[k:]])
        advisor = conflict_advisor()
        if raw:
            advisor.calibration = None
        seen: list[tuple[float, int]] = []
        search = advisor.search

        def noted(g, view, dec, rng, search=search, seen=seen):
            report = search(g, view, dec, rng)
            seen.append((report.value, dec.player))
            return report

        advisor.search = noted
        result = simulate(game, start, advisor, f"{seed}#{i}").result
        notes += [(v, float(result.winner == side), f"{seed}{i}/0") for v, side in seen]
    return notes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--conflicts", type=int, default=500)
    parser.add_argument("--seed", default="lab")
    parser.add_argument("--raw", action="store_true", help="the values as searched, not scaled")
    args = parser.parse_args()
    t0 = time.process_time()
    notes = play(args.conflicts, args.seed, args.raw)
    print(f"conflict lab advice, {args.conflicts} conflicts, seed {args.seed}, "
          f"{'values as searched' if args.raw else 'values scaled'}; {time.process_time() - t0:.0f} s CPU")
    print("\n".join(reliability(notes)))
    print("\n".join(fit_text(notes)[:2]))


if __name__ == "__main__":
    main()
