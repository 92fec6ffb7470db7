"""Time whole games of Doom Asylum played by bots: games per second on one core.

The target (issue "the whole game of Doom Asylum"): at least 200 complete
4-player greedy-bot games per second on one core.  Games are played with the
fast runner (:func:`explorer.core.engine.simulate`: no history, no legality
checks), each seeded ``"bench#i"`` as the simulate command does.  A short warm-up
fills the attack-odds caches first, as a long simulation run would.

Run from the repository root once the package is installed (``pip install -e .``)::

    python bench/bench_game.py                      # 1000 greedy 4-player games
    python bench/bench_game.py --games 300 --policy random --players 6
    python bench/bench_game.py --json               # one JSON line (bench/compare.py reads it)

Both wall-clock and CPU time are reported: on a shared machine the CPU figure is
the steadier one.
"""

from __future__ import annotations

import argparse
import json
import time

import explorer

from explorer.asylum.bots import get_bot
from explorer.asylum.game import AsylumGame
from explorer.core.engine import simulate


def start(game: AsylumGame, players: int, seed: str):
    """A game to play from: before the opening draw; for an older tree without
    ``new_game``, after the draw ``setup`` made with ``seed`` (so bench/compare.py
    can run this script on it)."""
    if hasattr(game, "new_game"):
        return game.new_game(players)
    return game.setup(players, seed)


def is_draw(result) -> bool:
    """Whether nobody won; also for the result of an older tree (``winner`` only)."""
    return result.draw if hasattr(result, "draw") else result.winner is None


def run(games: int, players: int, policy: str, warmup: int) -> dict[str, float]:
    game = AsylumGame()
    bot = get_bot(policy)
    for i in range(warmup):
        simulate(game, start(game, players, f"warm#{i}"), bot, f"warm#{i}")
    turns = steps = draws = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        seed = f"bench#{i}"
        playout = simulate(game, start(game, players, seed), bot, seed)
        turns += playout.result.turns
        steps += playout.steps
        draws += is_draw(playout.result)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "games": games,
        "games_per_s_wall": games / wall,
        "games_per_s_cpu": games / cpu,
        "mean_turns": turns / games,
        "mean_steps": steps / games,
        "draws": draws,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--policy", default="greedy")
    parser.add_argument("--warmup", type=int, default=50)
    parser.add_argument("--json", action="store_true", help="print one JSON line: the games/s (CPU time)")
    args = parser.parse_args()
    r = run(args.games, args.players, args.policy, args.warmup)
    if args.json:
        print(json.dumps({"bench": "asylum games/s", "value": r["games_per_s_cpu"], "games": r["games"],
                          "explorer": explorer.__file__}))
        return
    print(f"{r['games']} {args.players}-player {args.policy} games")
    print(f"  {r['games_per_s_wall']:.0f} games/s (wall clock), {r['games_per_s_cpu']:.0f} games/s (CPU time)")
    print(f"  mean turns per game {r['mean_turns']:.1f} (turns = one player's turn), "
          f"mean steps {r['mean_steps']:.1f}, draws {r['draws']}")


if __name__ == "__main__":
    main()
