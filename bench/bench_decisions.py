"""Where a game's skill lives: which decisions change who wins (run by hand).

:func:`explorer.whatif.stakes` on many games: one seat plays greedy except at the
decisions of one rule section, where it picks among the legal options at random;
every other seat plays greedy.  The drop in that seat's win rate, paired seed by
seed against the same seat playing greedy throughout, is what that kind of
decision is worth against greedy play (a 95% interval).  A section whose drop is
near zero is luck's or the rules' ground: no bot, however strong, gains much
there.  The last row of each seat plays every decision at random.

    python bench/bench_decisions.py victorian --games 1000
    python bench/bench_decisions.py doomtrooper --games 600 --rule variant=limited_resources
    python bench/bench_decisions.py asylum --games 1000 --seats 0
"""

from __future__ import annotations

import argparse
import time

from explorer import games, whatif
from explorer.core.simulation import rule_changes
from explorer.whatif.report import stakes_text


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=list(games.GAMES))
    parser.add_argument("--games", type=int, default=600, help="seeds per row (default 600)")
    parser.add_argument("--seed", default="decisions")
    parser.add_argument("--bot", default="greedy", help="the bot every seat plays (default greedy)")
    parser.add_argument("--players", type=int, default=None, help="default: the game's own (4 for Doom Asylum)")
    parser.add_argument("--seats", default=None, help="seat numbers, comma-separated (default: every seat)")
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                        help="play a variant: a rule changed for the run (repeatable)")
    args = parser.parse_args(argv)
    seats = None if args.seats is None else [int(s) for s in args.seats.split(",")]
    variant = rule_changes(games.spec(args.game), args.rule) or None
    settings = {} if args.players is None else {"players": args.players}
    start = time.process_time()
    frame = whatif.stakes(args.game, games=args.games, seed=args.seed, variant=variant, bot=args.bot, seats=seats,
                          scheduler="serial", progress=False, **settings)
    print(stakes_text(frame))
    print(f"\n{time.process_time() - start:.0f} s CPU")


if __name__ == "__main__":
    main()
