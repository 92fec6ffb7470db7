"""Time whole games of the Victorian card game played by bots: games per second on one core.

The target (issue 8): at least 100 complete games per second on one core.  Games
are played from the deal with the fast runner (:func:`explorer.core.engine.simulate`:
no history, no legality checks), each seeded ``"bench#i"`` as the simulate
command does, after a short warm-up (which fills the bots' odds caches, as a long
run would).  The default matches ``python -m explorer simulate victorian``:
greedy Heroes against greedy Villains.

Run from the repository root once the package is installed (``pip install -e .``)::

    python bench/bench_victorian.py                      # 1000 greedy-vs-greedy games
    python bench/bench_victorian.py --heroes random --villains random --games 500
    python bench/bench_victorian.py --profile 200        # where the time goes (cProfile, top 25)
    python bench/bench_victorian.py --json               # one JSON line (bench/compare.py reads it)

Both wall-clock and CPU time are reported: on a shared machine the CPU figure is
the steadier one.
"""

from __future__ import annotations

import argparse
import json
import time

import explorer

from explorer.core.engine import simulate
from explorer.victorian.bots import get_bot
from explorer.victorian.game import VictorianGame
from explorer.victorian.state import SIDES


def winning_side(result) -> str | None:
    """The side that won, ``None`` for a draw; also for the result of an older tree
    (``winner`` by name), so ``bench/compare.py`` can run this script on it."""
    if not hasattr(result, "winners"):
        return result.winner
    return SIDES[result.winners[0]] if result.winners else None


def run(games: int, heroes: str, villains: str, warmup: int) -> dict[str, float]:
    game = VictorianGame()
    bots = {"heroes": get_bot(heroes), "villains": get_bot(villains)}
    for i in range(warmup):
        simulate(game, game.new_game(), bots, f"warm#{i}")
    turns = steps = draws = 0
    wins = {"heroes": 0, "villains": 0}
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        playout = simulate(game, game.new_game(), bots, f"bench#{i}")
        turns += playout.result.turns
        steps += playout.steps
        side = winning_side(playout.result)
        if side is None:
            draws += 1
        else:
            wins[side] += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"games": games, "games_per_s_wall": games / wall, "games_per_s_cpu": games / cpu,
            "steps_per_s_cpu": steps / cpu, "mean_turns": turns / games, "mean_steps": steps / games,
            "draws": draws, **{f"{k}_wins": v for k, v in wins.items()}}


def profile(games: int, heroes: str, villains: str) -> None:
    import cProfile
    import pstats

    game = VictorianGame()
    bots = {"heroes": get_bot(heroes), "villains": get_bot(villains)}
    prof = cProfile.Profile()
    prof.enable()
    for i in range(games):
        simulate(game, game.new_game(), bots, f"bench#{i}")
    prof.disable()
    pstats.Stats(prof).sort_stats("cumulative").print_stats(25)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--heroes", default="greedy")
    parser.add_argument("--villains", default="greedy")
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--profile", type=int, metavar="GAMES", help="profile this many games instead")
    parser.add_argument("--json", action="store_true", help="print one JSON line: the games/s (CPU time)")
    args = parser.parse_args()
    if args.profile:
        profile(args.profile, args.heroes, args.villains)
        return
    r = run(args.games, args.heroes, args.villains, args.warmup)
    if args.json:
        print(json.dumps({"bench": "victorian games/s", "value": r["games_per_s_cpu"], "games": r["games"],
                          "explorer": explorer.__file__}))
        return
    print(f"{r['games']} games, heroes {args.heroes} against villains {args.villains}")
    print(f"  {r['games_per_s_wall']:.0f} games/s (wall clock), {r['games_per_s_cpu']:.0f} games/s (CPU time), "
          f"{r['steps_per_s_cpu']:.0f} steps/s (CPU)")
    print(f"  mean turns per game {r['mean_turns']:.1f}, mean steps {r['mean_steps']:.1f}; "
          f"wins: heroes {r['heroes_wins']}, villains {r['villains_wins']}, draws {r['draws']}")


if __name__ == "__main__":
    main()
