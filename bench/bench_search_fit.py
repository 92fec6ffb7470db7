"""Where the Victorian search bot's guess of a chance to win comes from: plays
greedy games, notes the standing's features (:func:`explorer.victorian.search.features`)
at the start of every phase and who won, and fits the log-odds weights by
logistic regression (Newton's method), the plot's weight held at its set value
(greedy games rarely bring a major plot near its end).  Prints the fitted weights beside the
ones in use, and the Brier score of both on games held out (every fifth).

    python bench/bench_search_fit.py [--games 600] [--seed fit]
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


def positions(n: int, seed: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(features, the Heroes won, game number): one row per phase of ``n`` greedy games."""
    spec = games.spec("victorian")
    setup = spec.simulation.setup(simulate_args(spec), {})
    rows, won, which = [], [], []
    for g in range(n):
        ready = spec.simulation.prepare(setup)
        game, stepper, last, here = ready.game, Stepper(ready.game, ready.start(), f"{seed}#{g}", ready.policies), None, []
        while game.decision(stepper.state) is not None:
            state = stepper.state
            if state.turn >= 1 and (state.turn, state.phase) != last:
                last = (state.turn, state.phase)
                here.append(features(game, state))
            stepper.step()
        result = stepper.state.result
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", default="fit")
    args = parser.parse_args(argv)
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
