"""Where a game's skill lives: which decisions change who wins (run by hand).

One seat plays greedy except at the decisions of one rule section, where it
picks among the legal options at random; every other seat plays greedy.  The
drop in that seat's win rate, paired seed by seed against the same seat playing
greedy throughout, is what playing that kind of decision well is worth against
greedy play (a 95% interval).  A section whose drop is near zero is luck's or
the rules' ground: no bot, however strong, gains much there.  The last row of
each seat plays every decision at random.

    python bench/bench_decisions.py victorian --games 1000
    python bench/bench_decisions.py doomtrooper --games 600
    python bench/bench_decisions.py asylum --games 1000 --seats 0
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any

from search_setup import simulate_args

from explorer import games
from explorer.core.events import RuleRef
from explorer.core.protocol import Decision, Game, Policy
from explorer.core.rulebook import summary
from explorer.core.sampler import simulate
from explorer.core.search import win_share
from explorer.whatif.stats import paired

#: the section name of the row that plays every decision at random
EVERY = "(every decision)"


class RandomAt(Policy):
    """``inner``'s choice, except at decisions under rule ``section`` (``EVERY``:
    all of them), where an option is drawn at random; counts the decisions it
    meets by section in ``met``."""

    def __init__(self, inner: Policy, section: str | None):
        self.inner, self.section, self.met = inner, section, Counter()

    def choose(self, game: Game, view: Any, decision: Decision, rng) -> Any:
        options = decision.options
        if len(options) > 1:
            self.met[decision.rule.section] += 1
            if self.section == EVERY or decision.rule.section == self.section:
                return options[rng.randrange(len(options))]
        return self.inner.choose(game, view, decision, rng)


def shares(key: str, players: int, seat: int, section: str | None, n: int, seed: str, bot: str) -> tuple[list[float], Counter]:
    """``seat``'s win shares over ``n`` seeded games, random at ``section``
    (``None``: nowhere), and the decisions it met by section."""
    spec = games.spec(key)
    setup = spec.simulation.setup(simulate_args(spec, [bot] * players), {})
    out, met = [], Counter()
    for i in range(n):
        ready = spec.simulation.prepare(setup)
        policies = ready.policies
        name = spec.seat_names[seat] if spec.seat_names else seat
        probe = RandomAt(policies[name], section)
        if isinstance(policies, dict):
            policies = {**policies, name: probe}
        else:
            policies = [probe if s == seat else p for s, p in enumerate(policies)]
        out.append(win_share(simulate(ready.game, ready.start(), policies, f"{seed}#{i}").result, seat))
        met += probe.met
    return out, met


def heading(game: str, section: str) -> str:
    """A section as people find it in the rulebook: its heading, then its id.

    >>> heading("victorian", "recruit")
    'RECRUIT PHASE (recruit)'
    """
    return section if section == EVERY else f"{summary(RuleRef(game, section)).heading} ({section})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=list(games.GAMES))
    parser.add_argument("--games", type=int, default=600, help="seeds per row (default 600)")
    parser.add_argument("--seed", default="decisions")
    parser.add_argument("--bot", default="greedy", help="the bot every seat plays (default greedy)")
    parser.add_argument("--players", type=int, default=None, help="default: 4 for Doom Asylum, else 2")
    parser.add_argument("--seats", default=None, help="seat numbers, comma-separated (default: every seat)")
    args = parser.parse_args(argv)
    players = args.players or (4 if args.game == "asylum" else 2)
    seat_names = games.spec(args.game).seat_names
    seats = range(players) if args.seats is None else [int(s) for s in args.seats.split(",")]
    start = time.process_time()
    print(f"{args.game}, {players} players, {args.bot} on every seat; one seat random at one kind of decision; "
          f"{args.games} games a row, seeds {args.seed}#0 to #{args.games - 1}")
    for seat in seats:
        who = seat_names[seat] if seat_names else f"seat {seat}"
        base, met = shares(args.game, players, seat, None, args.games, args.seed, args.bot)
        print(f"\n{who}: wins {sum(base) / len(base):.1%} playing {args.bot} throughout")
        rows = [s for s, _ in met.most_common()] + [EVERY]
        width = max(len(heading(args.game, s)) for s in rows)
        print(f"  {'random at the decisions of':<{width}} {'a game':>7}   its win rate changes by (95% interval)")
        for section in rows:
            xs, _ = shares(args.game, players, seat, section, args.games, args.seed, args.bot)
            d, lo, hi = paired(xs, base)
            lo, hi = max(lo, -1.0), min(hi, 1.0)  # a difference of rates lies within 100 points either way
            per = f"{met[section] / args.games:.1f}" if section != EVERY else f"{sum(met.values()) / args.games:.1f}"
            print(f"  {heading(args.game, section):<{width}} {per:>7}   {d * 100:+6.1f} points ({lo * 100:+.1f} to {hi * 100:+.1f})",
                  flush=True)
    print(f"\n{time.process_time() - start:.0f} s CPU")


if __name__ == "__main__":
    main()
