"""The conflict lab's "Ask a good player", worked out against searched: on random
lab conflicts (one to three villains a side from the roster, random levels), at
every decision of a conflict played by both sides at their best, the time each
advisor takes to answer (CPU, one core) and how good its choice and its number are.

* **worked out**: :class:`explorer.asylum.odds.BestPlayer`, the lab's advisor
  (every roll enumerated, both sides playing ``best``; one per conflict, as the lab
  keeps one per page, so later decisions reuse what the first worked out);
* **searched**: the search the lab asked before (500 playouts over imagined
  conflicts that expected-vp play finishes, its values scaled by the fit it used).

A choice's *shortfall* is how much less than the best option it is worth, both
sides then playing their best, counting a draw as half a win; a number's *error*
is how far the chance to win it reports lies from the exact chance of its choice.

    python bench/bench_lab_advice.py [--conflicts 40] [--seed lab]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from explorer.asylum import odds
from explorer.asylum.policies import get_policy
from explorer.asylum.villains import load_roster
from explorer.core.protocol import SampledChance
from explorer.core.search import SearchBot

#: the searched advisor as the lab had it: its budget and its Platt's scaling
PLAYOUTS, SCALING = 500, (0.823, -0.269)


def searched() -> SearchBot:
    return SearchBot(PLAYOUTS, rollout=get_policy("expected-vp"),
                     reward=lambda result, side: float(result.winner == side), calibration=SCALING)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--conflicts", type=int, default=40)
    parser.add_argument("--seed", default="lab")
    args = parser.parse_args()
    roster = load_roster()
    names = sorted(roster)
    game = odds.GAME
    times: dict[str, list[float]] = {"worked out": [], "searched": []}
    first: dict[str, list[float]] = {"worked out": [], "searched": []}
    short, error = [], []
    for i in range(args.conflicts):
        r = random.Random(f"{args.seed}/{i}")
        k = r.choice((1, 2, 3))
        team = [roster[n].at_level(r.choice((1, 2, 3))) for n in r.sample(names, 2 * k)]
        state = game.start(team[:k], team[k:])
        exact, search = odds.BestPlayer(), searched()
        rng = random.Random(f"{args.seed}#{i}")
        opening = True
        while (dec := game.decision(state)) is not None:
            if not dec.forced and len(dec.options) > 1:
                answers = {}
                for name, advisor in (("worked out", exact), ("searched", search)):
                    t = time.process_time()
                    answers[name] = advisor.search(game, state, dec, rng)
                    spent = time.process_time() - t
                    times[name].append(spent)
                    if opening:
                        first[name].append(spent)
                worth = {o.option: o.win + o.draw / 2 for o in answers["worked out"].options}
                chosen = answers["searched"].choice
                short.append(float(max(worth.values()) - worth[chosen]))
                win = next(o.win for o in answers["worked out"].options if o.option == chosen)
                error.append(abs(answers["searched"].value - float(win)))
                opening = False
            state = game.next_state(state, exact.policy.pick(game, state, dec) if dec.player is not None
                                    else dec.options[0], SampledChance(rng))
    print(f"conflict lab advice: {args.conflicts} conflicts, {len(short)} decisions, seed {args.seed}")
    print(f"{'advisor':12} {'s/decision':>10} {'slowest':>8} {'opening (median)':>17}")
    for name in times:
        print(f"{name:12} {statistics.mean(times[name]):10.3f} {max(times[name]):8.3f} "
              f"{statistics.median(first[name]):17.3f}")
    print(f"searched choice: short of the best by {100 * statistics.mean(short):.1f} points on average "
          f"(worked out: 0), below the best in {sum(s > 1e-12 for s in short)} of {len(short)} decisions; "
          f"worst {100 * max(short):.1f}")
    print(f"searched number: {100 * statistics.mean(error):.1f} points from the exact chance of its choice "
          f"on average (worked out: 0); worst {100 * max(error):.1f}")


if __name__ == "__main__":
    main()
