"""Runner 2, the exact analyzer: every answer of chance enumerated, exactly, with
memoisation on state."""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any, NamedTuple

from .dist import Dist
from .protocol import Game, Policies, Policy, forced_option, policy_for


_BUSY: Any = object()  # marks a state whose outcome is being computed


class Weights(NamedTuple):
    """An exact distribution in integer form: ``nums[o] / den``.

    The analyzer mixes thousands of distributions; integer arithmetic with one
    common denominator is many times faster than :class:`Fraction` arithmetic,
    and is converted to a :class:`Dist` only at the end.
    """

    den: int
    nums: dict[Any, int]

    def to_dist(self) -> Dist[Any]:
        den = self.den
        return Dist._trusted({o: Fraction(n, den) for o, n in self.nums.items()})

    def prob(self, event: Callable[[Any], bool]) -> Fraction:
        return Fraction(sum(n for o, n in self.nums.items() if event(o)), self.den)

    def map(self, f: Callable[[Any], Any]) -> Weights:
        """The distribution of ``f(outcome)`` (outcomes ``f`` makes equal are merged)."""
        nums: dict[Any, int] = {}
        get = nums.get
        for o, n in self.nums.items():
            o = f(o)
            nums[o] = get(o, 0) + n
        if len(nums) == len(self.nums):
            return Weights(self.den, nums)
        return _reduced(self.den, nums)


def _reduced(den: int, nums: dict[Any, int]) -> Weights:
    g = math.gcd(den, *nums.values())
    if g > 1:
        den //= g
        nums = {o: n // g for o, n in nums.items()}
    return Weights(den, nums)


def _mix(parts: list[tuple[int, int, Weights, Callable[[Any], Any] | None]]) -> Weights:
    """The mixture of ``parts``, each ``(num, den, weights, carry)`` with weight
    ``num / den`` (the weights sum to 1), over one denominator; each part's outcomes
    first go through its ``carry`` function, if it has one."""
    if len(parts) == 1:
        _, _, sub, carry = parts[0]
        return sub if carry is None else sub.map(carry)
    den = 1
    for _, d, sub, _ in parts:
        den = math.lcm(den, d * sub.den)
    nums: dict[Any, int] = {}
    for n, d, sub, carry in parts:
        factor = den // (d * sub.den) * n
        if carry is None:
            for o, k in sub.nums.items():
                if o in nums:
                    nums[o] += factor * k
                else:
                    nums[o] = factor * k
        else:
            for o, k in sub.nums.items():
                o = carry(o)
                if o in nums:
                    nums[o] += factor * k
                else:
                    nums[o] = factor * k
    return _reduced(den, nums)


class Analyzer:
    """Exact outcome distributions under given policies, memoised.

    ``outcome(state)`` is the distribution of ``game.result`` at the end of play.
    The memo is keyed on ``game.memo_key(state)`` and on each policy's
    ``memo_key``, and holds distributions of outcomes *relative* to the state
    (see :class:`Game`): states that differ only in what the future does not
    depend on (a score so far, say) share one entry.  With the defaults the key
    is the state and the outcome its result.
    """

    def __init__(self, game: Game, policies: Policies):
        self.game = game
        self.policies = policies
        #: memo key -> distribution of relative outcomes (integer form)
        self.memo: dict[Any, Weights] = {}
        given = [policies] if isinstance(policies, Policy) else list(policies.values())
        self._readers = tuple({id(p): p for p in given}.values())  # each policy once
        self._plain = type(game).absolute_result is Game.absolute_result

    def outcome(self, state: Any) -> Dist[Any]:
        """The distribution of the result when play goes on from ``state``."""
        return self.weights(state).to_dist()

    def after(self, state: Any, action: Any) -> Dist[Any]:
        """The outcome distribution once ``action`` is taken in ``state``."""
        return self.weights_after(state, action).to_dist()

    def options(self, state: Any) -> dict[Any, Dist[Any]]:
        """For the decision in ``state``: each legal option -> outcome distribution."""
        return {a: w.to_dist() for a, w in self.option_weights(state).items()}

    def option_weights(self, state: Any) -> dict[Any, Weights]:
        """:meth:`options` in integer form; a result several options share is written once."""
        dec = self.game.decision(state)
        if dec is None:
            return {}
        written: dict[Any, Any] = {}
        return {a: self._absolute(state, self.relative_after(state, a), written) for a in dec.options}

    # -- integer form (what policies that search use) -----------------------------------
    def weights(self, state: Any) -> Weights:
        """The distribution of the result from ``state``, in integer form."""
        return self._absolute(state, self.relative(state))

    def weights_after(self, state: Any, action: Any) -> Weights:
        """The distribution of the result once ``action`` is taken in ``state``."""
        return self._absolute(state, self.relative_after(state, action))

    def key(self, state: Any) -> Any:
        """The memo's key for ``state``: the game's key, and what each policy reads."""
        key = self.game.memo_key(state)
        if self._readers:
            key = (key, *(p.memo_key(self.game, state) for p in self._readers))
        return key

    def knows(self, state: Any) -> bool:
        """Whether the memo already holds the outcome from ``state``."""
        hit = self.memo.get(self.key(state))
        return hit is not None and hit is not _BUSY

    def knows_options(self, state: Any) -> bool:
        """Whether every option of the decision in ``state`` leads only to states the
        memo holds: :meth:`option_weights` then mixes what is known, computing nothing."""
        game = self.game
        dec = game.decision(state)
        return dec is not None and all(self.knows(nxt) for a in dec.options for nxt in game.next_states(state, a))

    def relative(self, state: Any) -> Weights:
        """The distribution of outcomes relative to ``state`` (memoised)."""
        game = self.game
        key = self.key(state)
        memo = self.memo
        hit = memo.get(key)
        if hit is not None:
            if hit is _BUSY:
                raise ValueError("the game has a cycle (a state leads back to itself); "
                                 "exact analysis needs every play to end")
            return hit
        memo[key] = _BUSY
        dec = game.decision(state)
        if dec is None:
            w = Weights(1, {game.relative_result(state): 1})
        elif dec.forced:
            w = self.relative_after(state, forced_option(dec))
        else:
            choice = policy_for(self.policies, dec.player).distribution(game, game.observe(state, dec.player), dec)
            if len(choice) == 1:
                w = self.relative_after(state, next(iter(choice)))
            else:  # one mixture over every (option, roll) branch: each outcome is merged once
                w = _mix([part for a, p in choice.items()
                          for part in self._branches(state, a, p.numerator, p.denominator)])
        memo[key] = w
        return w

    def relative_after(self, state: Any, action: Any) -> Weights:
        """The distribution of outcomes relative to ``state`` once ``action`` is taken."""
        return _mix(self._branches(state, action, 1, 1))

    def _branches(self, state: Any, action: Any, num: int, den: int) -> list[tuple[int, int, Weights, Any]]:
        """The parts of the mixture after ``action``, taken with weight ``num / den``."""
        game = self.game
        return [(num * p.numerator, den * p.denominator, self.relative(nxt), game.carry(state, nxt))
                for nxt, p in game.next_states(state, action).items()]

    def _absolute(self, state: Any, rel: Weights, written: dict[Any, Any] | None = None) -> Weights:
        """Relative outcomes from ``state`` -> results (``written`` caches them)."""
        if self._plain:
            return rel
        absolute = self.game.absolute_result
        if written is None:
            return rel.map(lambda o: absolute(state, o))

        def write(o: Any) -> Any:
            r = written.get(o)
            if r is None:
                r = written[o] = absolute(state, o)
            return r

        return rel.map(write)
