"""How fast whole games of Doomtrooper play (run by hand: ``python bench/bench_doomtrooper.py``).

Plays seeded two-player games from the deal to the end with the named bots, on one
core, and prints games per second and steps per game; then the exact odds of a
combat under the dice variant.  The target: at least 50 greedy games a second.
``--json`` prints one JSON line instead: the greedy games per second under the
printed rules, in CPU time (bench/compare.py reads it).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import explorer  # noqa: E402
from explorer.core.engine import simulate  # noqa: E402
from explorer.doomtrooper import Warrior, odds  # noqa: E402
from explorer.doomtrooper.bots import get_bot  # noqa: E402
from explorer.doomtrooper.game import DoomtrooperGame  # noqa: E402
from explorer.doomtrooper.params import override_rules  # noqa: E402


def games_per_second(game: DoomtrooperGame, bot: str, games: int, players: int = 2,
                     clock: Callable[[], float] = time.perf_counter) -> tuple[float, float]:
    policy = get_bot(bot)
    steps = 0
    start = clock()
    for i in range(games):
        steps += simulate(game, game.new_game(players), policy, seed=f"bench#{i}").steps
    took = clock() - start
    return games / took, steps / games


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="games per row (default 300)")
    ap.add_argument("--json", action="store_true", help="print one JSON line: greedy games/s (CPU time)")
    args = ap.parse_args(argv)
    if args.json:
        rate, _ = games_per_second(DoomtrooperGame(), "greedy", args.games, clock=time.process_time)
        print(json.dumps({"bench": "doomtrooper games/s", "value": rate, "games": args.games,
                          "explorer": explorer.__file__}))
        return 0
    rows = [("printed rules", DoomtrooperGame(), 2), ("dice 2d6 + sabotage", DoomtrooperGame(
        rules=override_rules({"dice": "2d6", "sabotage": True})), 2), ("4 players, teams", DoomtrooperGame(
        rules=override_rules({"style": "teams"})), 4)]
    print(f"{'game':<22} {'bot':<7} {'games/s':>8} {'steps/game':>11}")
    for label, game, players in rows:
        for bot in ("greedy", "random"):
            rate, steps = games_per_second(game, bot, args.games, players)
            print(f"{label:<22} {bot:<7} {rate:8.1f} {steps:11.1f}")
    sean = Warrior("Sean Gallagher", 10, 5, 8, 6, "Imperial", equipment=("Violator Sword",))
    neph = Warrior("Nepharite of Ilian", 8, 8, 7, 5, "Dark Legion", wounded=True)
    start = time.perf_counter()
    for dice in ("2d6", "3d6", "d20"):
        odds.combat(sean, neph, dice=dice)
    print(f"odds.combat under 2d6, 3d6 and d20 (first call, exact): {1000 * (time.perf_counter() - start):.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
