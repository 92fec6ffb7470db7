"""Where a search bot's guess of a chance to win comes from: plays greedy games,
notes the guess's features at regular points and who won, and fits the log-odds
weights by logistic regression (Newton's method).  Prints the fitted weights beside
the ones in use, and the Brier score of both on games held out (every fifth).

* ``victorian``: the standing's features (:func:`explorer.victorian.search.features`)
  at the start of every phase; the plot's weight is held at its set value (greedy
  games rarely bring a major plot near its end).
* ``doomtrooper [--variant V]``: a variant between two players (Limited Resources unless
  named: :func:`explorer.doomtrooper.search.standing`), at the start of every turn;
  beside them, the Brier score of the basic guess (:func:`explorer.doomtrooper.search.progress`).
* ``doomtrooper --beat-down``: Beat Down (:func:`explorer.doomtrooper.search.beat_down_chances`):
  player C's chance to hold out, at the start of every turn while he has a warrior.
* ``doomtrooper --check``: no fit; how well the guess in use
  (:func:`explorer.doomtrooper.search.evaluate`) foretells greedy games in the basic game
  and every variant, against guessing each seat's mean: where a fitted guess would help.

    python bench/bench_search_fit.py [victorian] [--games 600] [--seed fit]
    python bench/bench_search_fit.py doomtrooper --games 300 [--variant home_turf]
    python bench/bench_search_fit.py doomtrooper --beat-down --games 300
    python bench/bench_search_fit.py doomtrooper --check --games 100
"""

from __future__ import annotations

import argparse

import numpy as np
from search_setup import simulate_args

from explorer import games
from explorer.core.engine import Stepper
from explorer.victorian.search import FEATURES, WEIGHTS, features
from explorer.victorian.state import HEROES

FITTED = [k for k in FEATURES if k != "plot"]


def play_looking(game, start, policies, seed: str, key, look) -> tuple[list, object]:
    """One seeded game with ``policies`` from ``start``: ``look(state)`` at every position
    whose ``key(state)`` differs from the last one seen (from turn 1 on), and the final state."""
    stepper, last, seen = Stepper(game, start, seed, policies), None, []
    while game.decision(stepper.state) is not None:
        state = stepper.state
        if state.turn >= 1 and key(state) != last:
            last = key(state)
            seen.append(look(state))
        stepper.step()
    return seen, stepper.state


def positions(n: int, seed: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(features, the Heroes won, game number): one row per phase of ``n`` greedy games."""
    spec = games.spec("victorian")
    setup = spec.simulation.setup(simulate_args(spec), {})
    rows, won, which = [], [], []
    for g in range(n):
        ready = spec.simulation.prepare(setup)
        game = ready.game
        here, end = play_looking(game, ready.start(), ready.policies, f"{seed}#{g}", lambda s: (s.turn, s.phase),
                                 lambda s: features(game, s))
        result = end.result
        y = float(result is not None and HEROES in result.winners)
        rows += here
        won += [y] * len(here)
        which += [g] * len(here)
    return np.array(rows, float), np.array(won), np.array(which)


def fit(x: np.ndarray, y: np.ndarray, offset: np.ndarray, steps: int = 30) -> np.ndarray:
    """Logistic regression weights (constant first) of ``y`` on ``x``, log-odds ``offset`` added."""
    xb = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(xb.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(xb @ w + offset)))
        hessian = (xb * (p * (1 - p))[:, None]).T @ xb + 1e-6 * np.eye(len(w))
        w -= np.linalg.solve(hessian, xb.T @ (p - y))
    return w


def standing_positions(variant: str, n: int, seed: str) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray,
                                                                   np.ndarray]:
    """Doomtrooper, a variant between two players, greedy against greedy: (the names of
    the terms of :func:`~explorer.doomtrooper.search.standing_terms`, their values from
    seat 0's side (the lead divided by its damping), seat 0 won (a draw half), game
    number, the basic guess for seat 0) at the start of every turn."""
    from explorer.doomtrooper.bots import get_bot
    from explorer.doomtrooper.game import DoomtrooperGame
    from explorer.doomtrooper.params import override_rules
    from explorer.core.search import softmax_share
    from explorer.doomtrooper.search import SHARPNESS, progress, standing_terms

    game = DoomtrooperGame(rules=override_rules({"variant": variant}))
    names = [k for k in standing_terms(game, game.setup(2, seed=0)) if k != "damp"]

    def look(state):
        t = standing_terms(game, state)
        return ([t["lead"] / t["damp"]] + [t[k] for k in names[1:]],
                softmax_share(progress(game, state), 0, SHARPNESS))

    rows, won, which, guess = [], [], [], []
    for g in range(n):
        here, end = play_looking(game, game.new_game(2), get_bot("greedy"), f"{seed}#{g}",
                                 lambda s: (s.turn, s.current), look)
        winners = end.result.winners
        y = 0.5 if not winners else float(0 in winners)
        rows += [f for f, _ in here]
        guess += [e for _, e in here]
        won += [y] * len(here)
        which += [g] * len(here)
    return names, np.array(rows, float), np.array(won), np.array(which), np.array(guess)


def fit_standing(variant: str, games: int, seed: str) -> None:
    """Fit and print :data:`~explorer.doomtrooper.search.STANDING` for ``variant``."""
    from explorer.doomtrooper.search import STANDING

    terms, x, y, which, basic = standing_positions(variant, games, seed)
    train, test = which % 5 != 0, which % 5 == 0
    names = ["base"] + terms
    fitted = dict(zip(names, fit(x[train], y[train], np.zeros(train.sum()))))
    used = STANDING.get(variant)
    print(f"Doomtrooper, {variant}: {games} greedy games, {len(y)} positions; seat 0 wins {y.mean():.1%}")
    print(f"{'weight':>10} {'fitted':>8} {'in use':>8}")
    for k in names:
        print(f"{k:>10} {fitted[k]:8.4f} {used[k] if used else float('nan'):8.4f}")
    for name, weights in (("fitted", fitted), ("in use", used)):
        if weights is None:
            continue
        z = weights["base"] + sum(weights[k] * x[test][:, i] for i, k in enumerate(names[1:]))
        print(f"Brier score on held-out games, {name}: {np.mean((1 / (1 + np.exp(-z)) - y[test]) ** 2):.4f}")
    print(f"  (the basic guess: {np.mean((basic[test] - y[test]) ** 2):.4f}; "
          f"always guessing the mean: {np.mean((y[train].mean() - y[test]) ** 2):.4f})")


def check_guess(games: int, seed: str) -> None:
    """Print, per Doomtrooper variant under greedy play, the Brier score of the guess in
    use at the start of every turn (every seat's chance against its share of the win), the
    score of guessing each seat's mean share, and how its games ended."""
    from collections import Counter

    from explorer.core.search import win_share
    from explorer.doomtrooper.bots import get_bot
    from explorer.doomtrooper.game import DoomtrooperGame
    from explorer.doomtrooper.params import VARIANTS, override_rules
    from explorer.doomtrooper.search import evaluate

    print(f"Doomtrooper, greedy games, the guess of a cut game against how they ended ({games} games a row;"
          " held out: every fifth game)")
    print(f"{'variant':>18} {'seats':>5} {'positions':>9} {'guess':>7} {'seat mean':>9}  endings")
    for changes in [{}, {"dice": "2d6"}] + [{"variant": v} for v in VARIANTS if v != "standard"]:
        game = DoomtrooperGame(rules=override_rules(changes))
        guess, share, which, seats, ends = [], [], [], 0, Counter()
        for g in range(games):
            start = game.new_game()
            seats = len(start.seats)
            here, end = play_looking(game, start, get_bot("greedy"), f"{seed}#{g}", lambda s: (s.turn, s.current),
                                     lambda s: [evaluate(game, s, i) for i in range(seats)])
            result = end.result
            ends[result.ending.name] += 1
            guess += here
            share += [[win_share(result, s) for s in range(seats)]] * len(here)
            which += [g] * len(here)
        guess, share, which = np.array(guess), np.array(share), np.array(which)
        train, test = which % 5 != 0, which % 5 == 0
        brier = np.mean((guess[test] - share[test]) ** 2)
        mean = np.mean((share[train].mean(axis=0) - share[test]) ** 2)
        name = changes.get("variant") or ("dice 2d6" if changes else "basic")
        ended = ", ".join(f"{k} {n}" for k, n in ends.most_common())
        print(f"{name:>18} {seats:>5} {len(guess):>9} {brier:7.4f} {mean:9.4f}  {ended}", flush=True)


def beat_down_positions(n: int, seed: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Doomtrooper, Beat Down, greedy on every seat: (the terms of
    :data:`~explorer.doomtrooper.search.BEAT_DOWN`, player C won, game number, the basic
    game's guess for C) at the start of every turn while C has a warrior."""
    from explorer.core.search import softmax_share
    from explorer.doomtrooper.bots import get_bot
    from explorer.doomtrooper.game import DoomtrooperGame
    from explorer.doomtrooper.params import override_rules
    from explorer.doomtrooper.search import SHARPNESS, beat_down_terms, progress

    game = DoomtrooperGame(rules=override_rules({"variant": "beat_down"}))

    def look(state):
        return (beat_down_terms(game, state) if state.warriors(1) else None,
                softmax_share(progress(game, state), 1, SHARPNESS))

    rows, won, which, guess = [], [], [], []
    for g in range(n):
        here, end = play_looking(game, game.new_game(), get_bot("greedy"), f"{seed}#{g}",
                                 lambda s: (s.turn, s.current), look)
        here = [(f, e) for f, e in here if f is not None]
        y = float(1 in end.result.winners)
        rows += [f for f, _ in here]
        guess += [e for _, e in here]
        won += [y] * len(here)
        which += [g] * len(here)
    return np.array(rows, float), np.array(won), np.array(which), np.array(guess)


def fit_beat_down(games: int, seed: str) -> None:
    """Fit and print :data:`~explorer.doomtrooper.search.BEAT_DOWN`."""
    from explorer.doomtrooper.search import BEAT_DOWN

    x, y, which, basic = beat_down_positions(games, seed)
    train, test = which % 5 != 0, which % 5 == 0
    names = ["base", "left", "c_value", "ab_value"]
    fitted = dict(zip(names, fit(x[train], y[train], np.zeros(train.sum()))))
    print(f"Doomtrooper, Beat Down: {games} greedy games, {len(y)} positions; player C holds out in "
          f"{y.mean():.1%} of them")
    print(f"{'weight':>10} {'fitted':>8} {'in use':>8}")
    for k in names:
        print(f"{k:>10} {fitted[k]:8.4f} {BEAT_DOWN[k]:8.4f}")
    for name, weights in (("fitted", fitted), ("in use", BEAT_DOWN)):
        z = weights["base"] + sum(weights[k] * x[test][:, i] for i, k in enumerate(names[1:]))
        print(f"Brier score on held-out games (C's chance), {name}: {np.mean((1 / (1 + np.exp(-z)) - y[test]) ** 2):.4f}")
    print(f"  (the basic game's guess: {np.mean((basic[test] - y[test]) ** 2):.4f}; "
          f"always guessing the mean: {np.mean((y[train].mean() - y[test]) ** 2):.4f})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="victorian", choices=("victorian", "doomtrooper"))
    parser.add_argument("--games", type=int, default=None, help="greedy games (default 600; Doomtrooper 300)")
    parser.add_argument("--seed", default="fit")
    parser.add_argument("--check", action="store_true", help="Doomtrooper: how well the guess in use foretells each variant")
    parser.add_argument("--beat-down", action="store_true", help="Doomtrooper: fit Beat Down's guess instead")
    parser.add_argument("--variant", default="limited_resources",
                        help="Doomtrooper: the two-player variant whose standing to fit (default limited_resources)")
    args = parser.parse_args(argv)
    if args.game == "doomtrooper" and args.beat_down:
        fit_beat_down(args.games or 300, args.seed)
        return
    if args.game == "doomtrooper" and args.check:
        check_guess(args.games or 100, args.seed)
        return
    if args.game == "doomtrooper":
        fit_standing(args.variant, args.games or 300, args.seed)
        return
    args.games = args.games or 600
    x, y, which = positions(args.games, args.seed)
    cols = [FEATURES.index(k) for k in FITTED]
    plot = x[:, FEATURES.index("plot")] * WEIGHTS["plot"]
    train, test = which % 5 != 0, which % 5 == 0
    w = fit(x[train][:, cols], y[train], plot[train])
    fitted = dict(zip(["base"] + FITTED, w))
    print(f"{args.games} greedy games, {len(y)} positions; the Heroes win {y.mean():.1%} of positions")
    print(f"{'weight':>10} {'fitted':>8} {'in use':>8}")
    for k in ["base"] + FITTED:
        print(f"{k:>10} {fitted[k]:8.3f} {WEIGHTS[k]:8.3f}")
    for name, weights in (("fitted", fitted), ("in use", WEIGHTS)):
        z = weights["base"] + sum(weights[k] * x[test][:, i] for i, k in zip(cols, FITTED)) + plot[test]
        brier = np.mean((1 / (1 + np.exp(-z)) - y[test]) ** 2)
        print(f"Brier score on held-out games, {name}: {brier:.4f}")
    print(f"  (always guessing the mean: {np.mean((y[train].mean() - y[test]) ** 2):.4f})")


if __name__ == "__main__":
    main()
