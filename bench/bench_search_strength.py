"""How strong the search bot is: its win rate against the greedy bot on paired
seeds, every seat order, with a 95% interval; and, with ``--calibration``, how
well its value at the root (a chance to win from its seat's view) foretells the
games' outcomes: the Brier score and a ten-bin reliability table.

Two-player games play every seed twice, the search bot in each seat; Doom
Asylum's one search seat takes the seats in turn (game i: seat i mod 4), the
others greedy.  With ``--baseline`` every game is played again with the other
seats' bot in the search bot's seat: the gain over that seat's own baseline on
the same seeds, paired game by game (the seat order's advantage and the luck of
the deal cancel).  Times are CPU time.

    python bench/bench_search_strength.py GAME [--games N] [--seed S] [--playouts N] [--calibration]
    python bench/bench_search_strength.py victorian --seats villains --baseline --tune margin=0.04
    python bench/bench_search_strength.py doomtrooper --raw --notes dt.jsonl   # the values as searched, kept
    python bench/bench_search_strength.py doomtrooper --fit dt.jsonl           # Platt's scaling for them
    python bench/bench_search_strength.py victorian --seats heroes --sees-all  # hidden cards shown: a bound

``--sees-all`` shows every bot the whole state, and the search plays its imagined
games from the true one (the other hand and the order of both decks; only the dice
unknown): how much better could it play if it read the hidden cards perfectly?  As
the Victorian Heroes on 80 deals it won 37.5% seeing all, against 38.8% seeing its
own side (the two agreed on 69 of the 80 deals); on 300 deals seeing all (seeds b1
and b2, 150 each) it won 34.7% (29.5% to 40.2%), greedy 26.3% on the same deals.
What the Heroes cannot see is not what holds them back.

For the Victorian game it also prints the deck's limit: the share of deals where the
Villains draw no Mastermind before the victory check and cannot win, whoever plays.
"""

from __future__ import annotations

import argparse
import json
import math
import time

from search_setup import apply_tune, parse_tune, simulate_args

from explorer import games
from explorer.core.sampler import simulate
from explorer.core.search import SearchBot, calibrated, log_odds, win_share
from explorer.whatif.stats import interval, paired


def play(key: str, seat: int, players: int, seed: str, bot: str, other: str, notes: list, tune: dict,
         sees_all: bool = False, decided: list | None = None):
    """One game with ``bot`` in ``seat`` and ``other`` elsewhere: the search seat's share of the win
    (``sees_all``: every bot is shown the whole state, and the search's worlds are the true one;
    ``decided``: for the Victorian game, gets whether the deck decided the game, see :func:`deck_decided`)."""
    spec = games.spec(key)
    names = [bot if s == seat else other for s in range(players)]
    ready = spec.simulation.prepare(spec.simulation.setup(simulate_args(spec, names), {}))
    if sees_all:  # (on this game object only: its methods shadowed by the whole state)
        ready.game.observe = lambda state, player: state
        ready.game.determinize = lambda view, player, rng: view
    policies = ready.policies
    searcher = policies[spec.seat_names[seat]] if spec.seat_names else policies[seat]
    values: list[float] = []
    if isinstance(searcher, SearchBot):
        apply_tune(searcher, tune, spec.bots)
        searcher.on_report = lambda report: values.append(report.value)
    end = simulate(ready.game, ready.start(), policies, seed)
    result = end.result
    if decided is not None and key == "victorian":
        decided.append(deck_decided(ready.game, end.state))
    share = win_share(result, seat)
    notes.extend((v, share, f"{seed}/{seat}") for v in values)
    return share


def strength(key: str, n: int, seed: str, bot: str, other: str, players: int, tune: dict,
             only: list[int] | None = None, baseline: bool = False, sees_all: bool = False,
             decided: dict[int, list[bool]] | None = None
             ) -> tuple[dict[int, list[float]], list, dict[int, list[float]]]:
    """The search seat's win shares by seat (over ``n`` seeds; ``only``: these
    seats), its (root value, outcome, game) notes, and with ``baseline`` the shares of
    ``other`` in that seat on the same seeds (``sees_all``: see :func:`play`; ``decided``: by
    seat, whether the deck decided each of its games, beside its shares)."""
    shares: dict[int, list[float]] = {}
    base: dict[int, list[float]] = {}
    notes: list = []
    for i in range(n):
        seats = range(players) if players == 2 else [i % players]
        for seat in seats:
            if only is not None and seat not in only:
                continue
            by_deck = None if decided is None else decided.setdefault(seat, [])
            shares.setdefault(seat, []).append(play(key, seat, players, f"{seed}#{i}", bot, other, notes, tune,
                                                    sees_all, by_deck))
            if baseline:
                base.setdefault(seat, []).append(play(key, seat, players, f"{seed}#{i}", other, other, [], {}))
    return shares, notes, base


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
    if len(shares) == 1:
        return lines
    every = [x for seat in sorted(shares) for x in shares[seat]]
    orders = "both seat orders" if len(shares) == 2 else f"all {len(shares)} seats"
    return lines + [f"  average over {orders}: {rate_text(every)}"]


def gains(shares: dict[int, list[float]], base: dict[int, list[float]], seat_names: list[str] | None,
          other: str) -> list[str]:
    """Per seat, the baseline's rate on the same seeds and the search bot's gain
    over it, paired game by game (a 95% interval of the mean difference), and how
    many seeds only one of them won.

    >>> print("\\n".join(gains({1: [1, 1, 0, 1, 1, 0, 1, 1]}, {1: [1, 0, 0, 1, 0, 0, 1, 1]}, ["heroes", "villains"],
    ...                         "greedy")))
      as villains: greedy on the same seeds wins 50.0%; gain +25.0 points (95% interval -7.1 to +57.1); seeds won by one only: search 2, greedy 0
    """
    lines = []
    for seat, xs in sorted(shares.items()):
        ys = base[seat]
        d, lo, hi = paired(xs, ys)
        lo, hi = max(lo, -1.0), min(hi, 1.0)  # a difference of rates lies within 100 points either way
        name = seat_names[seat] if seat_names else f"seat {seat}"
        lines.append(f"  as {name}: {other} on the same seeds wins {sum(ys) / len(ys):.1%}; gain {d * 100:+.1f} points "
                     f"(95% interval {lo * 100:+.1f} to {hi * 100:+.1f}); seeds won by one only: "
                     f"search {sum(x > y for x, y in zip(xs, ys))}, {other} {sum(y > x for x, y in zip(xs, ys))}")
    return lines


def deck_decided(game, state) -> bool:
    """Whether a finished Victorian game was decided by the Villains' deck: they never drew a
    Mastermind (every one is still in their deck; see :func:`deck_limit_text`)."""
    from explorer.victorian.state import VILLAINS

    left = sum(1 for c in state.sides[VILLAINS].deck.contents() if game.card(c).type == "M")
    return left == sum(n for c, n in game.deck_multiset("villains").items if game.card(c).type == "M")


def live_text(shares: dict[int, list[float]], decided: dict[int, list[bool]],
              seat_names: list[str] | None) -> list[str]:
    """Per seat, the search's win rate over the deals its deck did not decide (see :func:`deck_decided`)."""
    lines = []
    for seat, xs in sorted(shares.items()):
        live = [x for x, by_deck in zip(xs, decided.get(seat, ())) if not by_deck]
        if live:
            lines.append(f"  as {seat_names[seat]}, on the {len(live)} deals the deck left open: {rate_text(live)}")
    return lines


def deck_limit_text() -> str:
    """What the Victorian deck alone decides (:func:`explorer.victorian.odds.no_major_in_time`): the deals
    where the Villains draw no Mastermind before the victory check, which no bot can win for them."""
    from explorer.core.numbers import percent_text
    from explorer.victorian.odds import no_major_in_time

    lost = no_major_in_time("villains")
    return (f"  the deck's limit: the Villains draw no Mastermind in time in {percent_text(lost)} of deals, so no bot "
            f"wins more than {percent_text(1 - lost)} as the Villains")


def reliability(notes: list[tuple]) -> list[str]:
    """The Brier score of the root values against the outcomes, and ten bins of value."""
    notes = [(v, o) for v, o, *_ in notes]
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


def fit_platt(points: list[tuple[float, float, float]], steps: int = 25) -> tuple[float, float]:
    """Platt's scaling ``(slope, shift)`` (see :func:`explorer.core.search.calibrated`)
    fitted to ``(value, outcome, weight)`` points by logistic regression (Newton's
    method) on the values' log-odds; an outcome may be a share (a bin's rate).  A
    weak pull toward no scaling (worth one decision) keeps a few decisions, or
    outcomes that one value separates perfectly, from sending it to infinity.

    >>> slope, shift = fit_platt([(0.2, 0.4, 100), (0.5, 0.7, 100), (0.8, 0.9, 100)])
    >>> [round(calibrated(v, (slope, shift)), 2) for v in (0.2, 0.5, 0.8)]
    [0.39, 0.7, 0.89]
    """
    xs = [log_odds(v) for v, _, _ in points]

    def loss(a: float, b: float) -> float:  # the negative log-likelihood, with the pull toward (1, 0)
        total = ((a - 1.0) ** 2 + b * b) / 2
        for x, (_, y, w) in zip(xs, points):
            z = a * x + b
            total += w * (max(z, 0.0) + math.log1p(math.exp(-abs(z))) - y * z)
        return total

    a, b = 1.0, 0.0
    here = loss(a, b)
    for _ in range(steps):
        g0, g1, h00, h01, h11 = a - 1.0, b, 1.0, 0.0, 1.0  # the pull toward (1, 0)
        for x, (_, y, w) in zip(xs, points):
            p = 1 / (1 + math.exp(-min(max(a * x + b, -30.0), 30.0)))
            r, c = w * (p - y), w * p * (1 - p)
            g0, g1 = g0 + r * x, g1 + r
            h00, h01, h11 = h00 + c * x * x, h01 + c * x, h11 + c
        det = h00 * h11 - h01 * h01
        da, db = (h11 * g0 - h01 * g1) / det, (h00 * g1 - h01 * g0) / det
        step = 1.0  # a full step may overshoot: halve it until the loss does not rise
        while (there := loss(a - step * da, b - step * db)) > here and step > 1e-6:
            step /= 2
        a, b, here = a - step * da, b - step * db, there
    return a, b


def fit_text(notes: list[tuple[float, float, str]]) -> list[str]:
    """Platt's scaling fitted to all ``notes`` and to each seat's (a game is noted
    as ``seed/seat``), each with its Brier score on games held out: fitted on every
    other seed's games, scored on the rest, and the other way round."""
    lines = _fit_lines(notes, "every seat")
    for seat in sorted({g.rpartition("/")[2] for *_, g in notes}):
        lines += _fit_lines([n for n in notes if n[2].rpartition("/")[2] == seat], f"seat {seat}")
    return lines


def _fit_lines(notes: list[tuple[float, float, str]], who: str) -> list[str]:
    games_seen = sorted({g for *_, g in notes})
    seeds = sorted({g.rpartition("/")[0] for g in games_seen})  # a seed's games go to one half together
    half = {g: seeds.index(g.rpartition("/")[0]) % 2 for g in games_seen}
    slope, shift = fit_platt([(v, o, 1.0) for v, o, _ in notes])
    raw = sum((v - o) ** 2 for v, o, _ in notes) / len(notes)
    held = 0.0
    for k in (0, 1):
        fitted = fit_platt([(v, o, 1.0) for v, o, g in notes if half[g] != k])
        held += sum((calibrated(v, fitted) - o) ** 2 for v, o, g in notes if half[g] == k)
    return [f"{who}: Platt's scaling over {len(notes)} decisions of {len(games_seen)} games: "
            f"({slope:.3f}, {shift:.3f})",
            f"  Brier score as searched {raw:.4f}; scaled, on games held out {held / len(notes):.4f}"]


def seat_number(given: str, seat_names: list[str] | None, players: int) -> int:
    """A seat from ``--seats``: its number or, in the Victorian game, its side's name.

    >>> seat_number("villains", ["heroes", "villains"], 2), seat_number("3", None, 4)
    (1, 3)
    """
    given = given.strip()
    if seat_names and given in seat_names:
        return list(seat_names).index(given)
    if given.isdigit() and int(given) < players:
        return int(given)
    raise SystemExit(f"error: no seat {given!r} (seats: {', '.join(seat_names or map(str, range(players)))})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=list(games.GAMES))
    parser.add_argument("--games", type=int, default=20, help="seeds (two-player games play each twice)")
    parser.add_argument("--seed", default="strength")
    parser.add_argument("--playouts", type=int, default=None, help="the search bot's budget (default: the game's)")
    parser.add_argument("--against", default="greedy", help="the other seats' bot (default greedy)")
    parser.add_argument("--players", type=int, default=None, help="default: 4 for Doom Asylum, else 2")
    parser.add_argument("--calibration", action="store_true", help="also the Brier score and reliability table")
    parser.add_argument("--seats", default=None, help="only these seats, by number or name, comma-separated")
    parser.add_argument("--baseline", action="store_true",
                        help="also play the other seats' bot in the search seat: the paired gain over it")
    parser.add_argument("--raw", action="store_true",
                        help="the search bot reports its values as searched (no calibration): to fit one")
    parser.add_argument("--notes", default=None, metavar="FILE",
                        help="also write every (value, outcome, game) to FILE, one JSON line each")
    parser.add_argument("--fit", nargs="+", default=None, metavar="NOTES",
                        help="play nothing: fit Platt's scaling to notes files written with --raw --notes")
    parser.add_argument("--tune", action="append", default=[], metavar="NAME=VALUE",
                        help="set one of the search bot's settings for the run (epsilon=0.2, own_tree=1, prior=greedy, margin=0.05, ...)")
    parser.add_argument("--sees-all", action="store_true",
                        help="show every bot the whole state, the search's worlds the true one (a bound)")
    args = parser.parse_args(argv)
    if args.fit:
        notes = [tuple(json.loads(line)) for f in args.fit for line in open(f) if line.strip()]
        print(f"{args.game}\n" + "\n".join(fit_text(notes)))
        return
    tune = parse_tune(args.tune)
    if args.raw:
        tune["calibration"] = None
    players = args.players or (4 if args.game == "asylum" else 2)
    bot = f"search:{args.playouts}" if args.playouts else "search"
    seat_names = games.spec(args.game).seat_names
    only = None if args.seats is None else [seat_number(x, seat_names, players) for x in args.seats.split(",")]
    start = time.process_time()
    decided: dict[int, list[bool]] = {}
    shares, notes, base = strength(args.game, args.games, args.seed, bot, args.against, players, tune, only,
                                   args.baseline, args.sees_all, decided)
    total = sum(len(xs) for xs in shares.values())
    print(f"{args.game}: {bot} against {args.against} ({players} players), {total} games, seeds "
          f"{args.seed}#0 to #{args.games - 1}; even share {1 / players:.0%}; "
          f"{time.process_time() - start:.0f} s CPU" + (f"; {', '.join(args.tune)}" if args.tune else "")
          + ("; every bot sees all" if args.sees_all else ""))
    print("\n".join(summary(shares, seat_names)))
    if args.game == "victorian":
        print(deck_limit_text())
        print("\n".join(live_text(shares, decided, seat_names)))
    if base:
        print("\n".join(gains(shares, base, seat_names, args.against)))
    if args.calibration and notes:
        print("\n".join(reliability(notes)))
    if args.notes:
        with open(args.notes, "a") as out:
            out.writelines(json.dumps(list(n)) + "\n" for n in notes)


if __name__ == "__main__":
    main()
