"""Named policies: who does what when a player (or a side of a conflict) must choose.

One registry, :data:`REGISTRY`, holds every named policy of Doom Asylum with what
it can play (``"game"``: whole games; ``"conflict"``: a conflict on its own) and a
one-line summary.  The conflict policies are defined here:

* ``expected-vp``: the option with the best immediate expected victory-point
  swing for the deciding side, exactly.  A declared physical attack is valued
  after the rival's own block answer.  Ties go to the first option listed.
* ``random``: every legal option equally likely (in whole games too).
* ``best``: each side picks the option that maximises its chance of winning the
  conflict minus its chance of losing it, assuming the rival does the same
  (expectiminimax over the exact outcome tree).

The whole-game bots (``greedy``, ``brawler``, ``cautious``) register themselves in
:mod:`explorer.asylum.bots`.  Policies are deterministic given the seed: ``random``
draws from the policy RNG stream of the runner.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.engine import Analyzer, DeterministicPolicy, Policy, RandomPolicy, Weights
from .conflict import Block, Conflict, ConflictState


# -- the registry --------------------------------------------------------------------------------

@dataclass(frozen=True)
class PolicyInfo:
    """A named policy: how to make one, what it can play, and what it does."""

    name: str
    make: Callable[[], Policy]
    plays: tuple[str, ...]  # "game" and/or "conflict"
    summary: str


#: Every named policy of Doom Asylum, conflict policies and whole-game bots alike.
REGISTRY: dict[str, PolicyInfo] = {}


def register(name: str, make: Callable[[], Policy], *, plays: Iterable[str], summary: str) -> None:
    """Add a named policy to :data:`REGISTRY` (names are unique)."""
    plays = tuple(plays)
    if name in REGISTRY:
        raise ValueError(f"policy {name!r} registered twice")
    if not plays or set(plays) - {"game", "conflict"}:
        raise ValueError(f"policy {name!r}: plays must be 'game' and/or 'conflict', not {plays!r}")
    REGISTRY[name] = PolicyInfo(name, make, plays, summary)


def names(plays: str) -> tuple[str, ...]:
    """The names of the policies that can play ``"game"`` or ``"conflict"``."""
    if plays == "game":
        from . import bots  # noqa: F401  (the bots register themselves)
    return tuple(n for n, info in REGISTRY.items() if plays in info.plays)


def lookup(policy: str | Policy, plays: str) -> Policy:
    """A fresh policy by name, checked to play ``plays``; a policy object is returned as is."""
    if isinstance(policy, Policy):
        return policy
    known = names(plays)
    info = REGISTRY.get(policy) if isinstance(policy, str) else None
    if info is None or plays not in info.plays:
        what = "a conflict" if plays == "conflict" else "whole games"
        why = ""
        if info is not None:
            why = f" ({policy!r} plays {' and '.join('whole games' if p == 'game' else 'conflicts' for p in info.plays)} only)"
        raise ValueError(f"unknown policy {policy!r} for {what}{why}; choose from {', '.join(known)}")
    return info.make()


def get_policy(policy: str | Policy) -> Policy:
    """A conflict policy by name (``expected-vp``, ``random``, ``best``) or the policy itself."""
    return lookup(policy, "conflict")


def get_bot(policy: str | Policy) -> Policy:
    """A whole-game bot by name (``random``, ``greedy``, ``brawler``, ``cautious``) or the policy itself."""
    return lookup(policy, "game")


class ExpectedVPPolicy(DeterministicPolicy):
    """Best immediate expected victory points, exactly (ties: first option)."""

    name = "expected-vp"

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
            if nxt.pending is not None:  # the rival answers a physical attack with his own block choice
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


register("expected-vp", ExpectedVPPolicy, plays=("conflict",),
         summary="Each side takes the option with the most expected victory points now (exact).")
register("random", RandomPolicy, plays=("game", "conflict"),
         summary="Every legal option equally likely.")
register("best", BestPolicy, plays=("conflict",),
         summary="Each side maximises P(win) - P(lose) against a rival who does the same (exact).")

#: The conflict policies by name.
CONFLICT_POLICIES = ("expected-vp", "random", "best")


__all__ = ["CONFLICT_POLICIES", "REGISTRY", "BestPolicy", "ExpectedVPPolicy", "PolicyInfo", "RandomPolicy",
           "get_bot", "get_policy", "lookup", "names", "register"]
