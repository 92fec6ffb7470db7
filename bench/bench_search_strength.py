"""How strong the search bot is: its win rate against the greedy bot on paired
seeds, every seat order, with a 95% interval; and, with ``--calibration``, how
well its value at the root (a chance to win from its seat's view) foretells the
games' outcomes: the Brier score and a ten-bin reliability table.

Two-player games play every seed twice, the search bot in each seat; Doom
Asylum's one search seat takes the seats in turn (game i: seat i mod 4), the
others greedy.  Times are CPU time.

    python bench/bench_search_strength.py GAME [--games N] [--seed S] [--playouts N] [--calibration]
"""

from __future__ import annotations

import argparse
import time

from search_setup import apply_tune, parse_tune, simulate_args

from explorer import games
from explorer.core.sampler import simulate
from explorer.core.search import SearchBot, win_share
from explorer.whatif.stats import interval


def play(key: str, seat: int, players: int, seed: str, bot: str, other: str, notes: list, tune: dict):
    """One game with ``bot`` in ``seat`` and ``other`` elsewhere: the search seat's share of the win."""
    spec = games.spec(key)
    names = [bot if s == seat else other for s in range(players)]
    ready = spec.simulation.prepare(spec.simulation.setup(simulate_args(spec, names), {}))
    policies = ready.policies
    searcher = policies[spec.seat_names[seat]] if spec.seat_names else policies[seat]
    values: list[float] = []
    if isinstance(searcher, SearchBot):
        apply_tune(searcher, tune, spec.bots)
        searcher.on_report = lambda report: values.append(report.value)
    result = simulate(ready.game, ready.start(), policies, seed).result
    share = win_share(result, seat)
    notes.extend((v, share) for v in values)
    return share


def strength(key: str, n: int, seed: str, bot: str, other: str, players: int,
             tune: dict) -> tuple[dict[int, list[float]], list]:
    """The search seat's win shares by seat (over ``n`` seeds) and its (root value, outcome) notes."""
    shares: dict[int, list[float]] = {}
    notes: list = []
    for i in range(n):
        seats = range(players) if players == 2 else [i % players]
        for seat in seats:
            shares.setdefault(seat, []).append(play(key, seat, players, f"{seed}#{i}", bot, other, notes, tune))
    return shares, notes


def rate_text(shares: list[float]) -> str:
    """A win rate with its 95% Wilson interval (inside 0 to 100% however few the games).

    >>> rate_text([1, 0, 1, 1])
    '4 games: wins 75.0% (95% interval 30.1% to 95.4%)'
    """
    rate, low, high = interval(shares, rate=True)
    return f"{len(shares)} games: wins {rate:.1%} (95% interval {low:.1%} to {high:.1%})"


def summary(shares: dict[int, list[float]], seat_names: list[str] | None) -> list[str]:
    """One line per seat the search bot took, and the average over all of them:
    the mean of the seat orders' rates (each order has the same games, so this is
    the rate over all games), with Wilson's interval over all games.

    >>> print("\\n".join(summary({0: [1, 1, 0, 1], 1: [0, 1, 0, 0]}, ["heroes", "villains"])))
      as heroes: 4 games: wins 75.0% (95% interval 30.1% to 95.4%)
      as villains: 4 games: wins 25.0% (95% interval 4.6% to 69.9%)
      average over both seat orders: 8 games: wins 50.0% (95% interval 21.5% to 78.5%)
    """
    lines = [f"  as {seat_names[seat] if seat_names else f'seat {seat}'}: {rate_text(xs)}"
             for seat, xs in sorted(shares.items())]
    every = [x for seat in sorted(shares) for x in shares[seat]]
    orders = "both seat orders" if len(shares) == 2 else f"all {len(shares)} seats"
    return lines + [f"  average over {orders}: {rate_text(every)}"]


def reliability(notes: list[tuple[float, float]]) -> list[str]:
    """The Brier score of the root values against the outcomes, and ten bins of value."""
    brier = sum((v - o) ** 2 for v, o in notes) / len(notes)
    lines = [f"calibration over {len(notes)} decisions: Brier score {brier:.3f}",
             f"  {'value':>9} {'decisions':>9} {'mean value':>10} {'won':>6}"]
    for b in range(10):
        here = [(v, o) for v, o in notes if min(int(v * 10), 9) == b]
        if here:
            mv = sum(v for v, _ in here) / len(here)
            mo = sum(o for _, o in here) / len(here)
            lines.append(f"  {b / 10:.1f}-{(b + 1) / 10:.1f} {len(here):9d} {mv:10.3f} {mo:6.3f}")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=list(games.GAMES))
    parser.add_argument("--games", type=int, default=20, help="seeds (two-player games play each twice)")
    parser.add_argument("--seed", default="strength")
    parser.add_argument("--playouts", type=int, default=None, help="the search bot's budget (default: the game's)")
    parser.add_argument("--against", default="greedy", help="the other seats' bot (default greedy)")
    parser.add_argument("--players", type=int, default=None, help="default: 4 for Doom Asylum, else 2")
    parser.add_argument("--calibration", action="store_true", help="also the Brier score and reliability table")
    parser.add_argument("--tune", action="append", default=[], metavar="NAME=VALUE",
                        help="set one of the search bot's settings for the run (epsilon=0.2, own_tree=1, prior=greedy, margin=0.05, ...)")
    args = parser.parse_args(argv)
    tune = parse_tune(args.tune)
    players = args.players or (4 if args.game == "asylum" else 2)
    bot = f"search:{args.playouts}" if args.playouts else "search"
    start = time.process_time()
    shares, notes = strength(args.game, args.games, args.seed, bot, args.against, players, tune)
    total = sum(len(xs) for xs in shares.values())
    print(f"{args.game}: {bot} against {args.against} ({players} players), {total} games, seeds "
          f"{args.seed}#0 to #{args.games - 1}; even share {1 / players:.0%}; "
          f"{time.process_time() - start:.0f} s CPU" + (f"; {', '.join(args.tune)}" if args.tune else ""))
    print("\n".join(summary(shares, games.spec(args.game).seat_names)))
    if args.calibration and notes:
        print("\n".join(reliability(notes)))


if __name__ == "__main__":
    main()
