"""Comparisons that stop when they know: paired games in batches, with intervals
that stay valid however often they are looked at.

An ordinary 95% interval holds for a number of games fixed in advance.  Look at it
after every batch and stop as soon as it excludes zero, and a variant that changes
nothing is declared "different" far more often than one time in twenty.  So a
sequential run uses a *confidence sequence* instead: a sequence of intervals that
all hold at once with probability 95%, so a run may stop at any batch, for any
reason, and its interval still holds.

We use the asymptotic confidence sequence of Waudby-Smith, Arbour, Sinha, Kennedy
and Ramdas ("Time-uniform central limit theory and asymptotic confidence
sequences", 2021; Theorem 2.2, Robbins' normal mixture): after ``n`` paired games
with mean difference ``m`` and standard deviation ``s``, the interval is
``m +- s * sqrt(2 (n r^2 + 1) / (n^2 r^2) * log(sqrt(n r^2 + 1) / alpha))``.  The
mixing width ``r`` makes it narrowest at :data:`TUNED_AT` games.  It is about 1.5
times as wide as the fixed-size interval of the same games: the price of looking
whenever one likes, repaid when a clear difference stops the run early.

That interval is only right in the limit, and it fails plainly where a variant
seldom changes a game: if no paired game has differed yet, its spread is 0 and so
is its width, and a run would stop at its first look "knowing" the difference to
be exactly 0.  A win rate (any rate: 0 or 1 per game) is bounded, so for rates we
use a confidence sequence that holds for every number of games, not only in the
limit: the predictable plug-in empirical Bernstein sequence of Waudby-Smith and
Ramdas ("Estimating means of bounded random variables by betting", 2023;
Theorem 2, eqs. 13 to 15).  Its variance estimate starts from a prior of a
quarter of the range squared, so no run of equal values makes it 0: 200 games
none of which differed leave a difference of two rates within about 7 points
either way, 400 within about 4 (:func:`bounded`).  Where the games do differ it is
about as wide as the other (1.0 to 1.3 times).

>>> round(half_width(1.0, 1000) / (Z / 1000 ** 0.5), 2)
1.55
>>> fixed_games(0.5, 0.05)
385
>>> [round(bounded([0.0] * n, -1, 1)[2], 3) for n in (200, 400)]
[0.074, 0.037]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .stats import Z, mean

#: the error rate: every interval of a run holds at once with probability 1 - ALPHA
ALPHA = 0.05

#: the number of games at which the confidence sequence is narrowest
TUNED_AT = 1000


def _rho2(alpha: float, tuned_at: int) -> float:
    """The mixing width (squared) that makes the interval narrowest at ``tuned_at`` games."""
    a = -2 * math.log(alpha)
    return (a + math.log(a + 1)) / tuned_at


def half_width(sd: float, n: int, alpha: float = ALPHA, tuned_at: int = TUNED_AT) -> float:
    """How far either side of the mean the confidence sequence reaches after ``n``
    values with standard deviation ``sd``."""
    r2 = _rho2(alpha, tuned_at)
    return sd * math.sqrt(2 * (n * r2 + 1) / (n * n * r2) * math.log(math.sqrt(n * r2 + 1) / alpha))


def interval(xs: Sequence[float], alpha: float = ALPHA, tuned_at: int = TUNED_AT) -> tuple[float, float, float]:
    """``(mean, low, high)``: the confidence sequence's interval after the values ``xs``."""
    n = len(xs)
    if n < 2:
        return (mean(xs), float("-inf"), float("inf")) if n else (float("nan"),) * 3
    m = mean(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    h = half_width(sd, n, alpha, tuned_at)
    return m, m - h, m + h


def bounded_path(xs: Sequence[float], low: float, high: float, alpha: float = ALPHA,
                 cap: float = 0.5) -> Iterator[tuple[float, float]]:
    """``(low end, high end)`` of the empirical Bernstein confidence sequence after
    each of the values ``xs``, each known to lie in ``low .. high`` (see the module's
    notes): all of them hold at once with probability ``1 - alpha``.  The values are
    taken in order (each bet is sized from those before it); the ends are kept within
    ``low .. high``.  ``cap``: the largest bet (the paper's c)."""
    span = high - low
    log_term = math.log(2 / alpha)
    mu, var = 0.5, 0.25  # the estimates before any value: the middle, a quarter of the range squared
    total = squares = bets = bet_sum = penalty = 0.0
    for t, x in enumerate(xs, 1):
        y = (x - low) / span  # on 0 .. 1
        bet = min(math.sqrt(2 * log_term / (var * t * math.log(1 + t))), cap)
        bets += bet
        bet_sum += bet * y
        penalty += (y - mu) ** 2 * (-math.log(1 - bet) - bet)  # v_i * psi_E(bet): the 4s cancel
        total += y
        mu = (0.5 + total) / (t + 1)
        squares += (y - mu) ** 2
        var = (0.25 + squares) / (t + 1)
        centre, reach = bet_sum / bets, (log_term + penalty) / bets
        yield max(low, low + span * (centre - reach)), min(high, low + span * (centre + reach))


def bounded(xs: Sequence[float], low: float, high: float, alpha: float = ALPHA) -> tuple[float, float, float]:
    """``(mean, low end, high end)``: the interval of :func:`bounded_path` after all of ``xs``."""
    if not xs:
        return float("nan"), float("nan"), float("nan")
    *_, (lo, hi) = bounded_path(xs, low, high, alpha)
    return mean(xs), lo, hi


def paired(variant: Sequence[float], base: Sequence[float], rate: bool = False) -> tuple[float, float, float]:
    """``(mean difference, low, high)`` of variant minus base, game by game, as a
    confidence sequence (the same shape as :func:`explorer.whatif.stats.paired`).
    ``rate``: both are rates (0 or 1 a game), so the difference lies in -1 .. 1 and
    the sequence for bounded values applies (:func:`bounded`)."""
    if len(variant) != len(base):
        raise ValueError("paired samples must be the same length (the same seeds)")
    diffs = [v - b for v, b in zip(variant, base)]
    return bounded(diffs, -1.0, 1.0) if rate else interval(diffs)


def fixed_games(sd: float, width: float) -> int | None:
    """How many games a run of fixed size needs for an ordinary 95% interval of
    half-width ``width``, when one game's value has standard deviation ``sd``; ``None``
    when ``sd`` is 0 (games that never differed cannot size a run)."""
    return max(2, math.ceil((Z * sd / width) ** 2)) if sd > 0 else None


def decided(low: float, high: float, until: float) -> str | None:
    """Why a run may stop: its interval is narrow enough, or excludes zero (or not yet)."""
    if (high - low) / 2 <= until:
        return "narrow enough"
    if low > 0 or high < 0:
        return "excludes zero"
    return None


def run_until(play: Callable[[int, int], tuple[list, list]], name: str, *, until: float, games: int,
              batch: int, rate: bool = False) -> tuple[list, list, dict[str, Any]]:
    """Play batches of ``batch`` paired games (``play(start, stop)`` gives both
    sides' per-game values of games ``start .. stop - 1``) until the confidence
    sequence of the metric ``name`` stops the run, or ``games`` are played.  Returns
    both sides' values and what the run did (games used, why it stopped, the games
    a fixed-size run needs for the same half-width ``until``: ``None`` if no game
    differed).  ``rate``: the metric is a rate (see :func:`paired`); a mean's run
    does not stop while every game has differed by the same amount (its interval,
    0 wide, says nothing then)."""
    if not (isinstance(until, (int, float)) and until > 0):
        raise ValueError(f"until is a half-width above 0 (0.02: two points of a win rate), not {until!r}")
    if not (isinstance(batch, int) and batch >= 2):
        raise ValueError(f"batch is a number of games, at least 2, not {batch!r}")
    base_rows: list = []
    var_rows: list = []
    looks, why = 0, None
    while why is None and len(base_rows) < games:
        start = len(base_rows)
        more_base, more_var = play(start, min(games, start + batch))
        base_rows += more_base
        var_rows += more_var
        looks += 1
        _, low, high = paired([r[name] for r in var_rows], [r[name] for r in base_rows], rate)
        # a mean's sequence has no width while every game differed alike: nothing is known yet
        why = decided(low, high, until) if rate or high > low else None
    diffs = [v[name] - b[name] for v, b in zip(var_rows, base_rows)]
    m = mean(diffs)
    sd = math.sqrt(sum((d - m) ** 2 for d in diffs) / (len(diffs) - 1)) if len(diffs) > 1 else 0.0
    report = {"metric": name, "rate": rate, "diff": m, "until": until, "games": len(base_rows), "looks": looks,
              "stopped": why or "game limit", "half_width": (high - low) / 2, "fixed_games": fixed_games(sd, until)}
    return base_rows, var_rows, report


__all__ = ["ALPHA", "TUNED_AT", "bounded", "bounded_path", "decided", "fixed_games", "half_width", "interval", "paired",
           "run_until"]
