"""The search bot's speed per game: playouts per second and seconds per decision
at the game's default budget (CPU time of this process: one core), over the
decisions of a few greedy games that have more than one option.

    python bench/bench_search.py [--games 3] [--decisions 12] [--playouts N] [--tune NAME=VALUE] [GAME ...]
    python bench/bench_search.py --rule variant=colonization --playouts 260 doomtrooper  # a variant
    python bench/bench_search.py --json asylum      # one JSON line (bench/compare.py reads it)
"""

from __future__ import annotations

import argparse
import json
import random
import time

from search_setup import apply_tune, parse_tune, simulate_args

import explorer
from explorer import games
from explorer.core.engine import Stepper
from explorer.core.simulation import rule_changes


def positions(key: str, n_games: int, per_game: int, rules: list[str] | None = None) -> list[tuple]:
    """(game, view, decision) at real decisions of seeded greedy games, spread over each game
    (``rules``: ``NAME=VALUE`` rule changes, as ``simulate --rule`` takes them)."""
    spec = games.spec(key)
    args = simulate_args(spec)
    args.rule = list(rules or [])
    setup = spec.simulation.setup(args, rule_changes(spec, args.rule))
    found = []
    for g in range(n_games):
        ready = spec.simulation.prepare(setup)
        game = ready.game
        stepper = Stepper(game, ready.start(), f"bench#{g}", ready.policies)
        seen = []
        while game.decision(stepper.state) is not None:
            dec = game.decision(stepper.state)
            if not dec.forced and len(dec.options) > 1:
                seen.append((game, game.observe(stepper.state, dec.player), dec))
            stepper.step()
        step = max(1, len(seen) // per_game)
        found += seen[::step][:per_game]
    return found


def bench(key: str, n_games: int, per_game: int, playouts: int | None,
          tune: dict | None = None, rules: list[str] | None = None) -> tuple[float, float, int, float]:
    """(playouts per second, seconds per decision, playouts per decision, the slowest decision's
    seconds) for ``key``, the search bot's settings in ``tune`` changed (``max_steps``: 30, say),
    under the rule changes ``rules``."""
    bots = games.spec(key).bots
    bot = bots["search"].make(playouts) if playouts else bots["search"].make()
    apply_tune(bot, tune or {}, bots)
    where = positions(key, n_games, per_game, rules)
    rng = random.Random(0)
    times = []
    for game, view, dec in where:
        start = time.process_time()
        bot.search(game, view, dec, rng)
        times.append(time.process_time() - start)
    spent = sum(times)
    return bot.playouts * len(where) / spent, spent / len(where), bot.playouts, max(times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", default=list(games.GAMES))
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=12, help="decisions measured per game")
    parser.add_argument("--playouts", type=int, default=None, help="budget (default: each game's)")
    parser.add_argument("--tune", action="append", default=[], metavar="NAME=VALUE",
                        help="set one of the search bot's settings (max_steps=30, margin=0.05, ...)")
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                        help="a rule changed, as simulate --rule takes it (variant=colonization)")
    parser.add_argument("--json", action="store_true", help="print one JSON line: one game's playouts/s (CPU time)")
    args = parser.parse_args(argv)
    tune = parse_tune(args.tune)
    if args.json:
        if len(args.game) != 1:
            parser.error("--json measures one game: name it")
        rate, _, _, _ = bench(args.game[0], args.games, args.decisions, args.playouts, tune, args.rule)
        print(json.dumps({"bench": f"{args.game[0]} search playouts/s", "value": rate, "explorer": explorer.__file__}))
        return
    if args.rule:
        print(f"rules changed: {', '.join(args.rule)}")
    print(f"{'game':12} {'playouts':>8} {'playouts/s':>10} {'s/decision':>10} {'slowest':>8}")
    for key in args.game:
        try:
            rate, per, n, slowest = bench(key, args.games, args.decisions, args.playouts, tune, args.rule)
        except NotImplementedError as why:  # a game that cannot yet deal a world from a seat's view
            print(f"{key:12} not measured: {why}")
            continue
        print(f"{key:12} {n:8d} {rate:10.0f} {per:10.3f} {slowest:8.3f}")


if __name__ == "__main__":
    main()
