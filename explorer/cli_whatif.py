"""The command line's what-if commands: ``sweep`` a grid of rule values, ``compare``
a variant with the base game (``--until`` stops when it knows), ``skill`` (a
stronger bot against weaker ones, seat by seat), ``stakes`` (where the skill lives:
what each kind of decision is worth to each seat), ``cards`` (the cards that win),
``seat-or-deck`` (a seat's edge told from its deck's), ``reach`` (which rules the
games test) and ``kept`` (whether runs kept in files are still today's).  Every game
command takes the bots of every seat (``--bots``) by the names of the game's bots.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from .cli_options import count, reachable, scheduler, seed_text
from .core.data import DataError
from .core.numbers import counted
from .core.simulation import rule_value


def pairs(items: list[str], what: str) -> dict[str, str]:
    """``NAME=VALUE`` options by name; a name given twice is refused (only one value could count)."""
    out = {}
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise ValueError(f"{what} {item!r}: write NAME=VALUE")
        if name.strip() in out:
            raise ValueError(f"{what} {name.strip()} is given twice: give each name once")
        out[name.strip()] = value
    return out


def _half_width(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number (0.02: two points of a win rate)") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text}: the half-width must be above 0")
    return value


def _ablate(text: str) -> int | str:
    if text == "all":
        return text
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give a number of cards or all") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text}: give a number of cards, 0 or more, or all")
    return value


def _common(p: argparse.ArgumentParser, what: str = "games per variant or point") -> None:
    from .games import GAMES
    from .whatif.compare import MAX_GAMES

    p.add_argument("game", choices=list(GAMES), help="which game")
    p.add_argument("--games", type=count, default=1000, help=f"{what}, 1 to {MAX_GAMES:_} (default 1000)")
    p.add_argument("--seed", type=seed_text, default="1",
                   help="seed: game i is seeded 'SEED#i' for every variant (paired)")
    p.add_argument("--scheduler", type=scheduler, default=None,
                   help="where to play: 'serial', a Dask scheduler address tcp://host:port, or (default) a "
                        "process pool on every core here; the numbers do not depend on it")
    p.add_argument("--setting", action="append", metavar="NAME=VALUE",
                   help="a game setting, e.g. players=3 (repeatable)")


def _bots(p: argparse.ArgumentParser) -> None:
    p.add_argument("--bots", default=None, metavar="NAME[,NAME...]",
                   help="the bots: one name for every seat, or one per seat joined by commas (Victorian: heroes, "
                        "villains), from the game's bots (python -m explorer simulate GAME --help)")


def _variant_file(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", default=None, metavar="FILE", help="a TOML variant file (default: the base game)")


def _out(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", default=None, metavar="FILE",
                   help="keep the table in this .parquet or .csv file (with its run) and read it back next time, "
                        "while the rules code and data play it alike")


def _add_reach(sub: argparse._SubParsersAction) -> None:
    """The ``reach`` command's parser."""
    r = sub.add_parser("reach", help="which rules these games test: each rule moved one step, the games it changed",
                       description="Move each rule of the game one step from its value (a number by one, a switch "
                                   "over, a choice to the next) and play the same seeds again: the games each step "
                                   "changed in anything measured, and in who won.  A rule that changed none cannot "
                                   "be judged by these games: it needs a variant or other rules on, or other bots.")
    _common(r, "games per rule")
    _bots(r)
    _variant_file(r)
    r.add_argument("--rule", action="append", metavar="NAME", help="only this rule (repeatable; default every rule)")
    r.add_argument("--top", type=count, default=None, help="rules shown after those that changed nothing (default all)")
    _out(r)


def add_whatif(sub: argparse._SubParsersAction) -> None:
    """The what-if commands' parsers."""
    s = sub.add_parser("sweep", help="play a grid of rule values and tabulate every metric with its interval",
                       description="Play GAMES seeded games at every point of a grid of rule values (the same "
                                   "seeds at every point) and write one row per point: each metric with its 95% "
                                   "interval.  Re-run with the same --out to resume.")
    _common(s)
    _bots(s)
    s.add_argument("--param", action="append", required=True, metavar="NAME=V1,V2,...",
                   help="a rule (or villain stat, villain.<name>.<stat>) and its values (repeatable: a grid)")
    s.add_argument("--out", required=True, help="results file, .parquet or .csv (written as points finish)")
    c = sub.add_parser("compare", help="compare a variant with the base game, paired on the same seeds",
                       description="Play the base game and a variant on the same seeds and print, for every "
                                   "metric, both means, their difference and its 95% interval.")
    _common(c, "games per variant (with --until: at most)")
    _bots(c)
    c.add_argument("--variant", required=True, metavar="FILE",
                   help="a TOML variant file: name = \"...\" and an [overrides] table")
    c.add_argument("--base", default=None, metavar="FILE",
                   help="a variant file to compare against instead of the data as it is (a rule of one of "
                        "Doomtrooper's variants, say: both files then switch that variant on)")
    c.add_argument("--until", type=_half_width, default=None, metavar="HALF_WIDTH",
                   help="play in batches until the interval of --metric is this narrow or excludes zero "
                        "(intervals valid however often they are looked at)")
    c.add_argument("--metric", default=None, help="the metric --until watches (default: the first win rate)")
    c.add_argument("--batch", type=count, default=200, help="games per batch with --until (default 200)")
    c.add_argument("--json", action="store_true", help="print the table as JSON")
    _out(c)
    k = sub.add_parser("skill", help="how often a stronger bot beats weaker ones, seat by seat",
                       description="One bot (--strong) takes each seat in turn against --weak bots, on the same "
                                   "seeds: its win rate per seat and on average, with 95% intervals.")
    _common(k, "games per seat")
    _variant_file(k)
    k.add_argument("--strong", default="greedy", help="the stronger bot (default greedy)")
    k.add_argument("--weak", default="random", help="the weaker bot (default random)")
    _out(k)
    w = sub.add_parser("stakes", help="where the skill lives: what each kind of decision is worth to each seat",
                       description="One seat plays --bot except at one kind of decision (the decisions of one rule "
                                   "section), where it chooses at random, the other seats --bot throughout, on the "
                                   "same seeds as --bot everywhere: the change in its win rate for each kind, with "
                                   "95% intervals, and at random everywhere.")
    _common(w, "games per row")
    _variant_file(w)
    w.add_argument("--bot", default="greedy", help="the bot of every seat (default greedy)")
    w.add_argument("--seats", type=_seats, default=None, metavar="N[,N...]",
                   help="only these seats, by number (default: every seat)")
    _out(w)
    o = sub.add_parser("seat-or-deck", help="the seat's edge or the deck's: every seat plays every deck in turn",
                       description="Deal the decks round the seats, one order after another, on the same seeds: "
                                   "each seat's win rate with the decks balanced, each deck's with the seats "
                                   "balanced, and each deck in each seat, with 95% intervals.")
    _common(o, "games per order of the decks")
    _bots(o)
    _variant_file(o)
    o.add_argument("--rule", action="append", metavar="NAME=VALUE",
                   help="a rule changed for the run, as simulate takes it: variant=colonization, "
                        "first_player_by_lot=true (repeatable; instead of --variant)")
    o.add_argument("--seats", type=_seats, default=None, metavar="N,N[,N...]",
                   help="deal the decks round these seats only, by number (default: every seat)")
    _out(o)
    d = sub.add_parser("cards", help="the cards that win: each card's side drawn or not, and its worth as a blank",
                       description="For every card of each deck: its side's win rate in games where it drew the "
                                   "card and where not, and for the cards ablated, the paired difference when the "
                                   "same seeds are played with the card as a blank (no effect).")
    _common(d, "games (each ablated card plays them again)")
    _bots(d)
    _variant_file(d)
    d.add_argument("--ablate", type=_ablate, default=5, help="cards to play again as blanks: a number (the widest "
                                                             "drawn-or-not gaps first) or all (default 5)")
    d.add_argument("--top", type=count, default=10, help="cards shown at each end of the table (default 10)")
    _out(d)
    _add_reach(sub)
    e = sub.add_parser("kept", help="say whether runs kept in files were played by today's rules and bots",
                       description="For each file of kept results (a sweep's or a bench's .parquet or .csv), "
                                   "say how many rows today's code and data played, how many older code that "
                                   "plays the same probe games, and how many are stale and should be played "
                                   "again.  --stamp keeps today's probe hash with the rows, so a later change "
                                   "that plays alike leaves them current.")
    e.add_argument("files", nargs="+", metavar="FILE", help="kept results, .parquet or .csv")
    e.add_argument("--stamp", action="store_true", help="record today's probe hash with the current rows")


def _settings(args) -> dict:
    return {k: rule_value(v) for k, v in pairs(args.setting, "--setting").items()}


def sweep(args: argparse.Namespace) -> int:
    """``sweep``: a grid of rule values, one row per point."""
    from .whatif import sweep
    from .whatif.report import sweep_text

    params = {name: [rule_value(x) for x in values.split(",") if x.strip()]
              for name, values in pairs(args.param, "--param").items()}
    settings = _settings(args)
    reachable(args.scheduler)
    try:
        frame = sweep(args.game, params, games=args.games, seed=args.seed, scheduler=args.scheduler, out=args.out,
                      bots=args.bots, **settings)
    except DataError as exc:
        if exc.field not in params:
            raise
        raise ValueError(f"--param {exc.field}: {exc.problem}") from None
    print(sweep_text(frame, args.game, list(params)))
    print(f"({counted(len(frame), 'point')} x {counted(args.games, 'game')}; every metric with its interval in "
          f"{args.out})")
    return 0


def compare(args: argparse.Namespace) -> int:
    """``compare``: a variant against the base game, paired."""
    from .whatif import compare
    from .whatif.report import compare_text, sequential_text

    settings = _settings(args)
    if args.out is not None and args.until is not None:
        raise ValueError("--out keeps a comparison of a fixed number of games: give --out or --until, not both")
    reachable(args.scheduler)
    frame = compare(args.game, args.variant, base=args.base, games=args.games, seed=args.seed,
                    scheduler=args.scheduler, bots=args.bots, until=args.until, metric=args.metric, batch=args.batch,
                    out=args.out, **settings)
    if args.json:
        print(frame.reset_index().to_json(orient="records", indent=2))
        return 0
    print(compare_text(frame))
    if frame.attrs.get("sequential"):
        print(sequential_text(frame))
    _kept_in(args.out)
    return 0


def skill(args: argparse.Namespace) -> int:
    """``skill``: the stronger bot's win rate per seat, as the designer page prints it."""
    from .whatif.report import skill_text
    from .whatif.skill import skill

    settings = _settings(args)
    reachable(args.scheduler)
    frame = skill(args.game, games=args.games, seed=args.seed, variant=args.variant, strong=args.strong,
                  weak=args.weak, scheduler=args.scheduler, out=args.out, **settings)
    print(skill_text(frame))
    _kept_in(args.out)
    return 0


def seat_or_deck(args: argparse.Namespace) -> int:
    """``seat-or-deck``: each seat with the decks balanced, each deck with the seats balanced."""
    from .whatif.decks import seat_or_deck
    from .whatif.report import seat_or_deck_text

    rules = {k: rule_value(v) for k, v in pairs(args.rule, "--rule").items()}
    if rules and args.variant is not None:
        raise ValueError("give the rules changed either in a --variant file or with --rule, not both")
    settings = _settings(args)
    reachable(args.scheduler)
    frame = seat_or_deck(args.game, games=args.games, seed=args.seed, variant=rules or args.variant, bots=args.bots,
                         seats=args.seats, scheduler=args.scheduler, out=args.out, **settings)
    print(seat_or_deck_text(frame))
    _kept_in(args.out)
    return 0


def reach(args: argparse.Namespace) -> int:
    """``reach``: the games each rule's step changed, the rules they cannot judge first."""
    from .whatif.reach import reach
    from .whatif.report import reach_text

    settings = _settings(args)
    reachable(args.scheduler)
    frame = reach(args.game, games=args.games, seed=args.seed, variant=args.variant, bots=args.bots, rules=args.rule,
                  scheduler=args.scheduler, out=args.out, **settings)
    print(reach_text(frame, top=args.top))
    _kept_in(args.out)
    return 0


def stakes(args: argparse.Namespace) -> int:
    """``stakes``: where the skill lives, per seat, as the designer pages print it."""
    from .whatif.report import stakes_text
    from .whatif.stakes import stakes

    settings = _settings(args)
    reachable(args.scheduler)
    frame = stakes(args.game, games=args.games, seed=args.seed, variant=args.variant, bot=args.bot, seats=args.seats,
                   scheduler=args.scheduler, out=args.out, **settings)
    print(stakes_text(frame))
    _kept_in(args.out)
    return 0


def _kept_in(out: str | None, what: str = "the table") -> None:
    """Where a command's ``--out`` kept its table, and what a second run does with it."""
    if out is not None:
        print(f"({what} kept in {out}: the same command reads it back while the rules, bots and data play it alike)")


def _seats(text: str) -> list[int]:
    """``--seats 0,2``: seat numbers.

    >>> _seats("0, 2")
    [0, 2]
    """
    items = [x.strip() for x in text.split(",") if x.strip()]
    if not items or not all(x.isdigit() for x in items):
        raise argparse.ArgumentTypeError(f"{text!r}: give seat numbers joined by commas (0,2)")
    return [int(x) for x in items]


def cards(args: argparse.Namespace) -> int:
    """``cards``: the cards that win, best and worst."""
    from .whatif.card_stats import card_stats
    from .whatif.report import cards_text

    settings = _settings(args)
    reachable(args.scheduler)
    frame = card_stats(args.game, games=args.games, seed=args.seed, variant=args.variant, ablate=args.ablate,
                       bots=args.bots, scheduler=args.scheduler, out=args.out, **settings)
    print(cards_text(frame, top=args.top))
    _kept_in(args.out, "every card with its intervals")
    return 0


def kept(args: argparse.Namespace) -> int:
    """``kept``: each file's rows, current, alike or stale, the stale ones by what they
    played (``--stamp``: the current and alike ones stamped)."""
    from pathlib import Path

    from .whatif.stored import read_rows, row_states, stamp

    stale_files = 0
    for name in args.files:
        path = Path(name)
        if not path.is_file():
            raise ValueError(f"{name}: no such file")
        frame = read_rows(path, "kept results", advice="")
        rows = frame.to_dict("records") if frame is not None else []
        if args.stamp:  # stamping works out each row's standing: read its counts, not a second reckoning
            counts = stamp(path)
            states = row_states(rows) if counts["stale"] else []  # which rows are stale, to name them
            says = f"{counts['stamped'] + counts['alike']} stamped with today's probe hash"
            if counts["alike"]:
                says += f" ({counts['alike']} played by older code that plays alike)"
        else:
            states = row_states(rows)
            counts = {s: states.count(s) for s in ("current", "alike", "stale")}
            says = f"{counts['current']} current" + (f", {counts['alike']} alike (older code, the same probe games)"
                                                      if counts["alike"] else "")
        if counts["stale"]:
            played = dict.fromkeys(_played(r, i) for i, (r, s) in enumerate(zip(rows, states)) if s == "stale")
            says += f", {counts['stale']} stale ({'; '.join(played)}): play them again"
            stale_files += 1
        print(f"{name}: {says}")
    return 1 if stale_files else 0


def _played(row: dict, index: int) -> str:
    """What a kept row played, as its variant reads (``variant = warzone``), or its row number."""
    from .whatif.probe import row_rules
    from .whatif.variants import variant

    try:
        return variant(row_rules(row)[-1]).describe()
    except (ValueError, KeyError):
        return f"row {index}"


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {"sweep": sweep, "compare": compare, "skill": skill,
                                                             "stakes": stakes, "cards": cards, "kept": kept,
                                                             "seat-or-deck": seat_or_deck, "reach": reach}

__all__ = ["COMMANDS", "add_whatif", "cards", "compare", "kept", "pairs", "reach", "seat_or_deck", "skill", "stakes",
           "sweep"]
