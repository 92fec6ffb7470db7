"""Odds for a player who cannot see everything: averaged over what he does not know.

A card player knows his own hand, not his opponent's, and not the order of the
decks.  The chance of something, *as he can know it*, is the average over every
world consistent with what he sees (:meth:`Game.worlds` of a card game gives them
as a distribution).  When there are few such worlds the average is exact; when
there are many it is estimated from seeded samples, with its standard error, and
the :class:`Estimate` says which.

>>> from explorer.core.deck import Multiset
>>> unseen = Multiset.of({"Character": 3, "Event": 5}).draw(2)   # the opponent's two cards
>>> est = over_unseen(unseen, lambda hand: Fraction(int("Character" in hand.cards)))
>>> est.value, est.exact
(Fraction(9, 14), True)
>>> est.describe()
'64.3% (9/14), exact over 3 possible worlds'
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any, NamedTuple

#: Enumerate at most this many worlds; beyond, sample.
EXACT_LIMIT = 5_000
SAMPLES = 400


class Estimate(NamedTuple):
    """A probability (or any average) over unseen worlds: exact, or sampled with
    its standard error."""

    value: Fraction | float
    exact: bool
    stderr: float | None  # None when exact
    worlds: int  # enumerated (exact) or sampled

    def describe(self) -> str:
        p = float(self.value)
        if self.exact:
            frac = f" ({self.value.numerator}/{self.value.denominator})" if isinstance(self.value, Fraction) and \
                len(f"{self.value.numerator}/{self.value.denominator}") <= 9 else ""
            return f"{p:.1%}{frac}, exact over {self.worlds:,} possible worlds"
        return f"{p:.1%} ± {self.stderr:.1%} (sampled: {self.worlds:,} worlds, one standard error)"


def over_unseen(worlds: Any, value: Callable[[Any], Any], *, exact_limit: int = EXACT_LIMIT,
                samples: int = SAMPLES, seed: int | str = 0) -> Estimate:
    """The average of ``value(world)`` over ``worlds`` (a distribution: a
    :class:`~explorer.core.dist.Dist` or a lazy draw with ``sample`` and ``pairs``).

    Exact when the worlds number at most ``exact_limit``; otherwise the mean of
    ``samples`` seeded draws, with its standard error.
    """
    n = len(worlds)
    if n <= exact_limit:
        total = Fraction(0)
        for world, p in worlds.pairs:
            total += p * Fraction(value(world))
        return Estimate(total, True, None, n)
    rng = random.Random(f"{seed}/belief")
    xs = [float(value(worlds.sample(rng))) for _ in range(samples)]
    mean = sum(xs) / samples
    var = sum((x - mean) ** 2 for x in xs) / (samples - 1) if samples > 1 else 0.0
    return Estimate(mean, False, math.sqrt(var / samples), samples)


__all__ = ["EXACT_LIMIT", "Estimate", "SAMPLES", "over_unseen"]
