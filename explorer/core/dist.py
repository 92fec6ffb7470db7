"""Exact finite probability distributions.

A :class:`Dist` maps hashable outcomes to :class:`~fractions.Fraction`
probabilities that sum to exactly 1.  It is the currency of every rule that
rolls dice: the analyzer enumerates it, the stepper and the sampler draw from it
with a seeded :class:`random.Random`, using integer arithmetic so that a draw is
the same on every machine.

>>> from explorer.core.dist import d6
>>> (d6 + 2).prob(lambda total: total >= 6)
Fraction(1, 2)
>>> contest(3, 1).prob(True)             # d6 + 3 strictly above d6 + 1
Fraction(13, 18)
>>> contest(0, 0, ties="roller").prob(True)  # equal or greater is enough
Fraction(7, 12)
>>> parse("highest of 2d6").prob(6)      # a dice expression a player types
Fraction(11, 36)
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any, Generic, TypeVar

from explorer.core.dice_expr import read

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)

ONE = Fraction(1)


class Dist(Generic[T]):
    """An exact distribution over hashable outcomes.

    Build one from a mapping or from ``(outcome, weight)`` pairs; equal outcomes are
    merged and zero weights dropped.  Probabilities must sum to exactly 1 unless
    ``normalize=True`` is given, in which case any positive weights are scaled.
    Outcomes keep the order in which they first appear, so iteration, sampling and
    printing are deterministic.
    """

    __slots__ = ("_p", "_hash", "_table", "_pairs")

    def __init__(
        self,
        items: Mapping[T, Any] | Iterable[tuple[T, Any]],
        *,
        normalize: bool = False,
    ) -> None:
        pairs = items.items() if isinstance(items, Mapping) else items
        p: dict[T, Fraction] = {}
        for outcome, weight in pairs:
            w = weight if isinstance(weight, Fraction) else Fraction(weight)
            if w < 0:
                raise ValueError(f"negative probability {w} for outcome {outcome!r}")
            if w:
                p[outcome] = p[outcome] + w if outcome in p else w
        total = sum(p.values(), Fraction(0))
        if normalize:
            if total <= 0:
                raise ValueError("cannot normalize a distribution with no weight")
            if total != 1:
                p = {k: v / total for k, v in p.items()}
        elif total != 1:
            raise ValueError(f"probabilities sum to {total}, not 1")
        self._p = p
        self._hash: int | None = None
        self._table: tuple[list[int], int, tuple] | None = None
        self._pairs: tuple[tuple[T, Fraction], ...] | None = None

    # -- construction -----------------------------------------------------------------
    @classmethod
    def certain(cls, outcome: T) -> Dist[T]:
        """The distribution that is always ``outcome``."""
        return cls(((outcome, ONE),))

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Dist[T]:
        """Each outcome equally likely (repeats count twice)."""
        outcomes = list(outcomes)
        if not outcomes:
            raise ValueError("uniform() needs at least one outcome")
        w = Fraction(1, len(outcomes))
        if len(set(outcomes)) == len(outcomes):  # the usual case: nothing to merge, no sum to check
            return cls._trusted(dict.fromkeys(outcomes, w))
        return cls((o, w) for o in outcomes)

    @classmethod
    def bernoulli(cls, p: Fraction) -> Dist[bool]:
        """``True`` with probability ``p``."""
        p = Fraction(p)
        return cls(((True, p), (False, 1 - p)))

    # -- reading ----------------------------------------------------------------------
    def __iter__(self) -> Iterator[T]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._p

    def __getitem__(self, outcome: T) -> Fraction:
        return self._p.get(outcome, Fraction(0))

    def items(self):
        """``(outcome, probability)`` pairs in first-seen order."""
        return self._p.items()

    @property
    def pairs(self) -> tuple[tuple[T, Fraction], ...]:
        """``(outcome, probability)`` pairs as a tuple (cached)."""
        if self._pairs is None:
            self._pairs = tuple(self._p.items())
        return self._pairs

    @property
    def outcomes(self) -> tuple[T, ...]:
        return tuple(self._p)

    @property
    def support(self) -> tuple[T, ...]:
        return tuple(self._p)

    def prob(self, event: T | Callable[[T], bool]) -> Fraction:
        """P(event): ``event`` is an outcome, or a predicate over outcomes."""
        if callable(event):
            return sum((w for o, w in self._p.items() if event(o)), Fraction(0))
        return self._p.get(event, Fraction(0))

    def expectation(self, f: Callable[[T], Any] | None = None) -> Fraction:
        """E[f(X)], or E[X] for numeric outcomes."""
        if f is None:
            return sum((w * o for o, w in self._p.items()), Fraction(0))
        return sum((w * f(o) for o, w in self._p.items()), Fraction(0))

    mean = expectation

    # -- transforming -----------------------------------------------------------------
    def map(self, f: Callable[[T], U]) -> Dist[U]:
        """The distribution of ``f(X)``."""
        return Dist((f(o), w) for o, w in self._p.items())

    def bind(self, f: Callable[[T], Dist[U]]) -> Dist[U]:
        """Chain a second random step that depends on the first outcome."""
        return Dist((o2, w * w2) for o, w in self._p.items() for o2, w2 in f(o).items())

    def given(self, event: Callable[[T], bool]) -> Dist[T]:
        """Condition on ``event``; raises ``ValueError`` if it has probability 0."""
        kept = [(o, w) for o, w in self._p.items() if event(o)]
        if not kept:
            raise ValueError("cannot condition on an impossible event")
        return Dist(kept, normalize=True)

    def join(self, other: Dist[U], f: Callable[[T, U], Any] = lambda a, b: (a, b)) -> Dist:
        """Independent combination: the distribution of ``f(X, Y)``."""
        return Dist(
            (f(a, b), wa * wb) for a, wa in self._p.items() for b, wb in other._p.items()
        )

    @staticmethod
    def mix(weighted: Iterable[tuple[Fraction, Dist[T]]]) -> Dist[T]:
        """A mixture: with probability ``w`` draw from the paired distribution.

        The weights must sum to 1; the result then does too, so it is built
        without re-summing (this is the exact analyzer's inner loop).
        """
        p: dict[T, Fraction] = {}
        get = p.get
        for w, d in weighted:
            if w == 1:
                return d
            for o, q in d._p.items():
                old = get(o)
                p[o] = w * q if old is None else old + w * q
        return Dist._trusted(p)

    @classmethod
    def _trusted(cls, p: dict[T, Fraction]) -> Dist[T]:
        """Wrap a dict already known to be a distribution (positive, sums to 1)."""
        d = cls.__new__(cls)
        d._p, d._hash, d._table, d._pairs = p, None, None, None
        return d

    # -- arithmetic (numeric outcomes) ------------------------------------------------
    def _arith(self, other: Any, op: Callable[[Any, Any], Any]) -> Dist:
        if isinstance(other, Dist):
            return self.join(other, op)
        return self.map(lambda o: op(o, other))

    def __add__(self, other: Any) -> Dist:
        return self._arith(other, lambda a, b: a + b)

    __radd__ = __add__

    def __sub__(self, other: Any) -> Dist:
        return self._arith(other, lambda a, b: a - b)

    def __rsub__(self, other: Any) -> Dist:
        return self.map(lambda o: other - o)

    def __neg__(self) -> Dist:
        return self.map(lambda o: -o)

    def gt(self, other: Dist | Any) -> Dist[bool]:
        """Strictly beats: the distribution of ``X > Y`` (``Y`` a Dist or a number)."""
        return self._arith(other, lambda a, b: a > b)

    def ge(self, other: Dist | Any) -> Dist[bool]:
        return self._arith(other, lambda a, b: a >= b)

    def sorted(self) -> Dist[T]:
        """The same distribution with outcomes in sorted order (for display)."""
        return Dist(sorted(self._p.items(), key=lambda kv: kv[0]))

    def cdf(self) -> list[tuple[T, Fraction]]:
        """``(x, P(X <= x))`` for sortable outcomes, in increasing order."""
        acc = Fraction(0)
        out = []
        for o, w in sorted(self._p.items(), key=lambda kv: kv[0]):
            acc += w
            out.append((o, acc))
        return out

    # -- sampling ---------------------------------------------------------------------
    def sample(self, rng: random.Random) -> T:
        """One draw, exact and machine-independent: integer weights over a common
        denominator, then one number below it, drawn as ``rng.randrange`` draws it."""
        table = self._table
        if table is None:
            den = math.lcm(*(w.denominator for w in self._p.values()))
            acc, cum = 0, []
            for w in self._p.values():
                acc += w.numerator * (den // w.denominator)
                cum.append(acc)
            table = self._table = (cum, den, tuple(self._p))
        cum, den, outcomes = table
        if den == 1:
            return outcomes[0]
        # rng.randrange(den), the way random.Random draws it, without its two Python calls
        # (a roll is made at most steps): the fewest bits that reach den, again while too large
        getrandbits = rng.getrandbits
        bits = den.bit_length()
        r = getrandbits(bits)
        while r >= den:
            r = getrandbits(bits)
        return outcomes[bisect.bisect_right(cum, r)]

    # -- dunder -----------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dist) and self._p == other._p

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._p.items()))
        return self._hash

    def __repr__(self) -> str:
        body = ", ".join(f"{o!r}: {w}" for o, w in self._p.items())
        return f"Dist({{{body}}})"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{o!r}</td><td>{w}</td><td>{float(w):.2%}</td></tr>"
            for o, w in self._p.items()
        )
        return f"<table><tr><th>outcome</th><th>P</th><th>%</th></tr>{rows}</table>"


# -- dice ---------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def die(sides: int = 6) -> Dist[int]:
    """One fair die with faces 1..sides."""
    if sides < 1:
        raise ValueError("a die needs at least one side")
    return Dist.uniform(range(1, sides + 1))


d6 = die(6)


@lru_cache(maxsize=None)
def dice(n: int, sides: int = 6) -> Dist[int]:
    """The sum of ``n`` dice (``dice(2, 6)`` is 2d6)."""
    if n < 0:
        raise ValueError("cannot roll a negative number of dice")
    total: Dist[int] = Dist.certain(0)
    for _ in range(n):
        total = total + die(sides)
    return total.sorted()


@lru_cache(maxsize=None)
def best_of(n: int, sides: int = 6) -> Dist[int]:
    """The highest of ``n`` dice."""
    best: Dist[int] = Dist.certain(0)
    for _ in range(n):
        best = best.join(die(sides), max)
    return best.sorted()


TIES = ("rival", "roller")


@lru_cache(maxsize=None)
def contest(bonus: int, rival_bonus: int, die_a: Dist[int] = d6, die_b: Dist[int] = d6, *,
            ties: str = "rival") -> Dist[bool]:
    """An opposed roll: ``True`` when ``die_a + bonus`` wins against ``die_b + rival_bonus``.

    Rulebooks differ on ties, so the caller says who takes them: ``"rival"`` (the
    roller must roll strictly higher) or ``"roller"`` (equal or higher is enough).
    Cached: only the difference of bonuses, the dice and the tie rule matter.
    """
    if ties not in TIES:
        raise ValueError(f"ties go to 'rival' or 'roller', not {ties!r}")
    return _contest(bonus - rival_bonus, die_a, die_b, ties == "roller")


@lru_cache(maxsize=None)
def _contest(diff: int, die_a: Dist[int], die_b: Dist[int], roller_takes_ties: bool) -> Dist[bool]:
    return (die_a + diff).ge(die_b) if roller_takes_ties else (die_a + diff).gt(die_b)


@lru_cache(maxsize=None)
def against_target(bonus: int, target: int, die_a: Dist[int] = d6, *, ties: str = "rival") -> Dist[bool]:
    """A roll against a fixed number: ``True`` when ``die_a + bonus`` passes ``target``
    (``ties="rival"``: strictly above it; ``"roller"``: equal or above)."""
    if ties not in TIES:
        raise ValueError(f"ties go to 'rival' or 'roller', not {ties!r}")
    total = die_a + bonus
    return total.ge(target) if ties == "roller" else total.gt(target)


def table(roll: Dist[int], bands: Iterable[tuple[int, int, U]]) -> Dist[U]:
    """Read a roll on a table of inclusive bands ``(low, high, result)``.

    Every possible roll must fall in exactly one band.
    """
    bands = list(bands)

    def look(r: int) -> U:
        hits = [res for lo, hi, res in bands if lo <= r <= hi]
        if len(hits) != 1:
            raise ValueError(f"roll {r} falls in {len(hits)} bands of the table")
        return hits[0]

    return roll.map(look)


def parse(text: str) -> Dist:
    """The exact distribution of a dice expression a player types: ``"2d6+3"``,
    ``"d20-2"``, ``"4d6kh3"`` (keep the 3 highest), ``"highest of 2d6"``, or two
    sums compared, ``"3d6 vs 2d6"`` (a Dist over ``"higher"``, ``"tie"`` and
    ``"lower"``, the first side's view).  A malformed or too big expression raises
    :class:`~explorer.core.dice_expr.DiceExpressionError` (a ``ValueError``) saying
    where and what was expected (:mod:`explorer.core.dice_expr` has the language).

    >>> parse("2d6+3") == dice(2) + 3
    True
    >>> parse("3d6 vs 2d6")["tie"]
    Fraction(5, 72)
    """
    e = read(text)
    weights = e.weights()
    total = sum(weights.values())
    return Dist._trusted({o: Fraction(w, total) for o, w in weights.items()})

