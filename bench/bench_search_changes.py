"""Which decisions the Victorian search bot changes from the greedy bot's: plays
the search bot as one side against greedy and counts, per kind of decision (a
side's own part of a phase, or the kind of pending question), how many it took
with more than one option and how many times its choice was not greedy's, with a
few examples (greedy's choice, the search's, and their searched values).

    python bench/bench_search_changes.py villains --games 20 --seed vs1 [--tune sureness=2.0]

On 20 deals as the Villains at the default settings it changed a quarter of
their choices (50 of 281 in the Recruit Phase, 26 of 70 in the Plot Phase, 130 of
404 in the Assassin Phase, 20 of 130 card choices), many of them between options
valued alike near a sure win (0.997 against 0.998).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter, defaultdict

from search_setup import apply_tune, parse_tune, simulate_args

from explorer import games
from explorer.core.sampler import simulate
from explorer.core.search import win_share
from explorer.victorian.state import Main


def kind_of(view) -> str:
    """The kind of the decision at hand: a side's own part of a phase by its phase, else the pending item's type."""
    item = view.pending[0]
    return f"Main: {item.phase.value}" if isinstance(item, Main) else type(item).__name__


def changes(side: str, n: int, seed: str, tune: dict) -> tuple[float, Counter, Counter, dict]:
    """(the search side's wins, decisions per kind, changed per kind, up to four examples per kind)."""
    spec = games.spec("victorian")
    seat = list(spec.seat_names).index(side)
    counts: Counter = Counter()
    changed: Counter = Counter()
    examples: dict[str, list] = defaultdict(list)
    wins = 0.0
    for i in range(n):
        names = ["search" if s == seat else "greedy" for s in range(2)]
        ready = spec.simulation.prepare(spec.simulation.setup(simulate_args(spec, names), {}))
        bot = ready.policies[side]
        apply_tune(bot, tune, spec.bots)
        searched = bot.search

        def search(game, view, decision, rng, searched=searched, bot=bot):
            report = searched(game, view, decision, rng)
            greedy = bot.prior.choose(game, view, decision, random.Random(0))  # (greedy is deterministic)
            kind = kind_of(view)
            counts[kind] += 1
            if report.choice != greedy:
                changed[kind] += 1
                if len(examples[kind]) < 4:
                    value = {o.option: o.value for o in report.options}
                    examples[kind].append(f"{greedy} ({value.get(greedy, float('nan')):.3f}) -> "
                                          f"{report.choice} ({report.value:.3f})")
            return report

        bot.search = search
        wins += win_share(simulate(ready.game, ready.start(), ready.policies, f"{seed}#{i}").result, seat)
    return wins, counts, changed, examples


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("side", choices=["heroes", "villains"])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", default="strength")
    parser.add_argument("--tune", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args(argv)
    wins, counts, changed, examples = changes(args.side, args.games, args.seed, parse_tune(args.tune))
    print(f"search as the {args.side}, {args.games} games against greedy: wins {wins:g}")
    for kind in counts:
        print(f"  {kind:32} decisions {counts[kind]:5d}  changed {changed[kind]:4d}")
    for kind, seen in examples.items():
        for e in seen:
            print(f"  {kind}: {e}")


if __name__ == "__main__":
    main()
