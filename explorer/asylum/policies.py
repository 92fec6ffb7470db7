"""Conflict policies: who does what when a side must choose.

* ``greedy``: the option with the best immediate expected victory-point swing
  for the deciding side.  A declared physical attack is valued after the
  rival's greedy block answer.  Ties go to the first option listed.
* ``random``: every legal option equally likely.
* ``best``: each side picks the option that maximises its chance of winning the
  conflict minus its chance of losing it, assuming the rival does the same
  (expectimax over the exact outcome tree).

Policies are deterministic given the seed: ``random`` draws from the policy RNG
stream of the runner.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core.engine import Analyzer, DeterministicPolicy, Policy, RandomPolicy, Weights, lookup_policy
from .conflict import Block, Conflict, ConflictState


class GreedyPolicy(DeterministicPolicy):
    """Best immediate expected victory points (ties: first option)."""

    name = "greedy"

    def __init__(self) -> None:
        self._cache: dict[tuple[Any, Any], Fraction] = {}

    def pick(self, game: Conflict, state: ConflictState, decision) -> Any:
        side = decision.player
        best, best_value = None, None
        for option in decision.options:
            value = self.value(game, state, option, side)
            if best_value is None or value > best_value:
                best, best_value = option, value
        return best

    def value(self, game: Conflict, state: ConflictState, option: Any, side: int) -> Fraction:
        """Expected change in (own VP - rival VP) from taking ``option``.

        The change depends neither on the score so far nor on who has acted on
        the acting side; only on who on the rival side could still block (or,
        for a block decision, on the pending attack).  The cache key says so.
        """
        if state.pending is None:
            rival = 1 - state.turn
            could_block = sum(1 << j for j in state.standing(rival) if not state.has_acted(rival, j))
            key = (state.setup, option, side, could_block)
        else:
            key = (state.setup, option, side, state.turn, state.pending)  # Pending names no side
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        before = state.vp[side] - state.vp[1 - side]
        total = Fraction(0)
        for step, p in game.apply(state, option).items():
            nxt = step.state
            if nxt.pending is not None:  # the rival answers a physical attack with his greedy block
                answer = self.pick(game, nxt, game.decision(nxt))
                total += p * (self.value(game, nxt, answer, side) + nxt.vp[side] - nxt.vp[1 - side] - before)
            else:
                total += p * (nxt.vp[side] - nxt.vp[1 - side] - before)
        if len(self._cache) > 200_000:
            self._cache.clear()
        self._cache[key] = total
        return total


class BestPolicy(DeterministicPolicy):
    """Maximise P(win) - P(lose) for the deciding side, against a rival who does the
    same.  Exact and memoised; practical for conflicts up to about 3 against 3."""

    name = "best"

    def __init__(self, game: Conflict | None = None) -> None:
        self.analyzer: Analyzer | None = None
        self._picks: dict[Any, Any] = {}

    def pick(self, game: Conflict, state: ConflictState, decision) -> Any:
        hit = self._picks.get(state)
        if hit is not None:
            return hit
        if self.analyzer is None or self.analyzer.game is not game:
            self.analyzer = Analyzer(game, self)
        side = decision.player
        best, best_score = None, None
        for option in decision.options:
            score = _edge(self.analyzer.weights_after(state, option), side)
            if best_score is None or score > best_score:
                best, best_score = option, score
        self._picks[state] = best
        return best


def _edge(outcome: Weights, side: int) -> Fraction:
    """P(win) - P(lose) for ``side``."""
    edge = sum(n if r.winner == side else -n for r, n in outcome.nums.items() if r.winner is not None)
    return Fraction(edge, outcome.den)


POLICIES = {"greedy": GreedyPolicy, "random": RandomPolicy, "best": BestPolicy}


def get_policy(policy: str | Policy) -> Policy:
    """A policy by name (``greedy``, ``random``, ``best``) or the policy itself."""
    return lookup_policy(POLICIES, policy)


__all__ = ["BestPolicy", "Block", "GreedyPolicy", "POLICIES", "RandomPolicy", "get_policy"]
