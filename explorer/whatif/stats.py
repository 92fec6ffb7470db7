"""Means, proportions and paired differences with 95% confidence intervals.

Every metric is a number per game (a *rate* is 0 or 1), so a run of n games gives
a sample per metric.  A rate's interval is Wilson's (it stays inside [0, 1] and
behaves near 0 and 1); a mean's is the normal one, mean +- 1.96 standard errors.
Two variants played on the same seeds are compared game by game: the interval of
the mean *difference* is much narrower than two separate intervals, because the
dice the two share cancel (for two rates, Agresti and Min's interval: see
:func:`paired`).

>>> interval([1, 0, 1, 1], rate=True)[0]
0.75
>>> round(paired([3, 4, 5], [2, 4, 3])[0], 3)
1.0
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

Z = 1.959963984540054  # the 97.5% point of the standard normal


def mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else float("nan")


def _sd(xs: Sequence[float], m: float) -> float:
    n = len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0


def wilson(rate: float, n: int) -> tuple[float, float]:
    """Wilson's 95% interval ``(low, high)`` for a rate seen over ``n`` trials: inside
    [0, 1], around the rate (rounding never leaves a rate of 0 or 1 outside it), and
    never of zero width however few the trials.

    >>> [round(x, 3) for x in wilson(1.0, 10)]
    [0.722, 1.0]
    >>> wilson(0.0, 6)[0]
    0.0
    """
    denom = 1 + Z * Z / n
    centre = (rate + Z * Z / (2 * n)) / denom
    half = Z * math.sqrt(max(rate * (1 - rate), 0.0) / n + Z * Z / (4 * n * n)) / denom
    return max(0.0, min(rate, centre - half)), min(1.0, max(rate, centre + half))


def interval(xs: Sequence[float], rate: bool = False) -> tuple[float, float, float]:
    """``(estimate, low, high)``: a 95% interval for the mean of ``xs`` (a mean's ends
    are NaN from one value: one game shows no spread to make an interval of).

    >>> interval([31.0])
    (31.0, nan, nan)
    """
    n = len(xs)
    if n == 0:
        return (float("nan"),) * 3
    m = mean(xs)
    if rate:
        return (m, *wilson(m, n))
    if n == 1:
        return m, float("nan"), float("nan")
    half = Z * _sd(xs, m) / math.sqrt(n)
    return m, m - half, m + half


def paired(variant: Sequence[float], base: Sequence[float], rate: bool = False) -> tuple[float, float, float]:
    """``(mean difference, low, high)`` of variant minus base, game by game.

    ``rate``: both are rates (0 or 1 a game), and the interval is Agresti and Min's
    (2005) for matched proportions: the normal one with half a game added to each cell
    of the two-by-two table (a game won on both sides, on neither, on one only, on the
    other only), so it is never of zero width however few games differ (200 games none
    of which differ leave about one point either way, not none), and it stays within
    -1 .. 1 and around the difference.

    >>> paired([1.0] * 200, [1.0] * 200)
    (0.0, 0.0, 0.0)
    >>> [round(x, 4) for x in paired([1.0] * 200, [1.0] * 200, rate=True)]
    [0.0, -0.0097, 0.0097]
    """
    if len(variant) != len(base):
        raise ValueError("paired samples must be the same length (the same seeds)")
    diffs = [v - b for v, b in zip(variant, base)]
    if not rate or not diffs:
        return interval(diffs)
    m, n = mean(diffs), len(diffs) + 2  # the four half games: differences of +1, -1, 0 and 0
    adjusted = sum(diffs) / n
    var = (sum(d * d for d in diffs) + 1.0) / n - adjusted * adjusted
    half = Z * math.sqrt(max(var, 0.0) / n)
    return m, max(-1.0, min(m, adjusted - half)), min(1.0, max(m, adjusted + half))


def changed(variant: Sequence[float], base: Sequence[float]) -> int:
    """How many paired games differ in this measure: game ``i`` of one side against
    game ``i`` of the other (a measure that is NaN in both is the same).  None at all,
    over every measure, means the change never came into play in these games.

    >>> changed([1.0, 0.0, float("nan")], [1.0, 1.0, float("nan")])
    1
    """
    if len(variant) != len(base):
        raise ValueError("paired samples must be the same length (the same seeds)")
    return sum(not same(v, b) for v, b in zip(variant, base))


def same(a: float, b: float) -> bool:
    """One measure of two paired games alike: equal, or NaN in both."""
    return a == b or (a != a and b != b)


def even_share(wins: Sequence[float], won: float) -> float:
    """What a seat wins if no seat plays better than another: the seats a won game
    crowns (one, a team, those tied for the lead) shared among the seats, over the
    games someone won.  ``wins``: each seat's wins (counts or rates); ``won``: the games
    someone won, in the same unit.  One in the number of seats where a game has one
    winner; a half where two teams play.

    >>> even_share([3, 6, 0], 9), even_share([1, 0, 1, 0], 1), even_share([0, 0], 0)
    (0.3333333333333333, 0.5, 0.5)
    """
    total = sum(wins)
    return total / won / len(wins) if wins and won > 0 and total > 0 else 1 / max(len(wins), 1)


__all__ = ["Z", "changed", "even_share", "interval", "mean", "paired", "same", "wilson"]


def spread(rows: Sequence[Mapping[str, float]], names: Sequence[str]) -> tuple[float, float]:
    """How far apart the rates ``names`` are (win rates by seat, say), from per-game
    rows: ``(largest gap between two estimates, largest end of their 95% intervals)``.
    Each gap is a paired difference over the same games, so its interval is tight;
    "within 5 points" holds with 95% confidence per pair when the second number is
    at most 0.05.  Two rates are never more than 1 apart, so neither is the bound
    (a normal interval on a few games would say more).

    >>> round(spread([{"a": 1.0, "b": 0.0}, {"a": 1.0, "b": 0.0}, {"a": 0.0, "b": 0.0}], ["a", "b"])[1], 2)
    0.98
    """
    worst = bound = 0.0
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            d, lo, hi = paired([r[a] for r in rows], [r[b] for r in rows], rate=True)
            worst = max(worst, abs(d))
            bound = max(bound, abs(lo), abs(hi))
    return worst, min(bound, 1.0)
