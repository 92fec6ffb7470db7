"""Conflict policies: who decides for a side of a Doom Asylum conflict.

:data:`REGISTRY` (a :class:`~explorer.core.bots.BotRegistry`) holds every named
conflict policy with a one-line summary:

* ``expected-vp``: the option with the best immediate expected victory-point
  swing for the deciding side, exactly.  A declared physical attack is valued
  after the rival's own block answer.  Ties go to the first option listed.
* ``random``: every legal option equally likely (it plays whole games too).
* ``best``: each side picks the option that maximises its chance of winning the
  conflict minus its chance of losing it, assuming the rival does the same
  (expectiminimax over the exact outcome tree).

The whole-game bots (``greedy``, ``brawler``, ``cautious``) have their own
registry in :mod:`explorer.asylum.bots`.  Policies are deterministic given the
seed: ``random`` draws from the policy RNG stream of the runner.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..core.bots import BotRegistry
from ..core.engine import DeterministicPolicy, Policy, RandomPolicy
from .conflict import Conflict, ConflictState


def get_policy(policy: str | Policy) -> Policy:
    """A conflict policy by name (``expected-vp``, ``random``, ``best``) or the policy itself."""
    if not isinstance(policy, Policy) and not (isinstance(policy, str) and policy in REGISTRY):
        raise ValueError(f"unknown policy {policy!r} for a conflict; choose from {', '.join(REGISTRY)}")
    return REGISTRY.get_bot(policy)


class ExpectedVPPolicy(DeterministicPolicy):
    """Best immediate expected victory points, exactly (ties: first option)."""

    name = "expected-vp"

    def __init__(self) -> None:
        self._cache: dict[tuple[Any, Any], Fraction] = {}

    def memo_key(self, game: Conflict, state: ConflictState) -> None:
        """Nothing beyond the conflict's own memo key: option values depend neither on
        the score nor on the order of defeat (see :meth:`value`)."""
        return None

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
        for nxt, p in game.next_states(state, option).items():
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
    same (ties: first option).  Exact and memoised.

    The search is expectiminimax on the attacker's edge, P(attacker wins) -
    P(defender wins), which is the defender's edge negated.  Play from a state
    depends on the conflict's memo key (:meth:`Conflict.memo_key`) and, for who
    wins, only on the VP margin so far; so each key is expanded once (a
    :class:`_Node`) and its edge is worked out for each margin it meets.  A
    margin the rival can no longer overturn decides the conflict whatever is
    chosen (every option ties, the first is taken), so margins are clamped there.
    """

    name = "best"

    def __init__(self, game: Conflict | None = None) -> None:
        self._game: Conflict | None = None
        self._nodes: dict[Any, _Node] = {}

    def pick(self, game: Conflict, state: ConflictState, decision) -> Any:
        node, margin = self._locate(game, state)
        return decision.options[node.choice(margin)]

    def memo_key(self, game: Conflict, state: ConflictState) -> int:
        """The VP margin, clamped where the conflict is decided: all this policy reads
        beyond the conflict's memo key."""
        return self._locate(game, state)[1]

    def _locate(self, game: Conflict, state: ConflictState) -> tuple[_Node, int]:
        if game is not self._game or len(self._nodes) > 200_000:
            self._game, self._nodes = game, {}
        node = self._node(state)
        margin = state.vp[0] - state.vp[1]
        return node, max(-node.swing[1] - 1, min(margin, -node.swing[0] + 1))

    def _node(self, state: ConflictState) -> _Node:
        """The expanded node of ``state``'s memo key (built once, children first)."""
        game = self._game
        key = game.memo_key(state)
        node = self._nodes.get(key)
        if node is not None:
            return node
        node = _Node()
        dec = game.decision(state)
        if dec is not None:
            node.player = dec.player
            margin = state.vp[0] - state.vp[1]
            raw = []
            low = high = None
            for option in dec.options:
                branches = []
                for nxt, p in game.next_states(state, option).items():
                    child = self._node(nxt)
                    shift = nxt.vp[0] - nxt.vp[1] - margin
                    low = shift + child.swing[0] if low is None else min(low, shift + child.swing[0])
                    high = shift + child.swing[1] if high is None else max(high, shift + child.swing[1])
                    branches.append((p, child, shift))
                raw.append(branches)
            node.swing = (low, high)
            # one denominator for every value of this node: then values are integers
            node.den = den = math.lcm(*(p.denominator * child.den for branches in raw for p, child, _ in branches))
            node.options = [[(p.numerator * (den // (p.denominator * child.den)), child, shift) for p, child, shift in branches]
                            for branches in raw]
        self._nodes[key] = node
        return node


class _Node:
    """A memo key of the conflict, expanded for :class:`BestPolicy`: who decides, each
    option's branches ``(factor, child, margin change)``, the least and the most the
    VP margin can still change by (``swing``), and the attacker's edge for each
    margin as an integer over ``den``."""

    __slots__ = ("player", "options", "swing", "den", "edges", "choices")

    def __init__(self) -> None:
        self.player: int | None = None
        self.options: list[list[tuple[int, _Node, int]]] = []  # empty: the conflict is over
        self.swing = (0, 0)
        self.den = 1
        self.edges: dict[int, int] = {}
        self.choices: dict[int, int] = {}

    def edge(self, margin: int) -> int:
        """The attacker's edge (times ``den``) at this node with VP margin ``margin``."""
        if margin + self.swing[0] > 0:  # whatever happens, the attacker wins...
            return self.den
        if margin + self.swing[1] < 0:  # ...or the defender does
            return -self.den
        hit = self.edges.get(margin)
        if hit is None:
            if self.options:
                hit = self._decide(margin)
            else:  # concluded: the side with more VP wins
                hit = self.edges[margin] = (margin > 0) - (margin < 0)
        return hit

    def choice(self, margin: int) -> int:
        """The index of the option the deciding side takes at ``margin``."""
        hit = self.choices.get(margin)
        if hit is None:
            self._decide(margin)
            hit = self.choices[margin]
        return hit

    def _decide(self, margin: int) -> int:
        """Value every option at ``margin``, note the choice and return its edge."""
        values = [sum(factor * child.edge(margin + shift) for factor, child, shift in branches)
                  for branches in self.options]
        if self.player is None or len(values) == 1:
            pick = 0
        else:  # the first best option: the attacker maximises his edge, the defender minimises it
            pick = values.index(max(values) if self.player == 0 else min(values))
        self.choices[margin] = pick
        self.edges[margin] = values[pick]
        return values[pick]


#: Every named conflict policy of Doom Asylum.
REGISTRY = BotRegistry()
REGISTRY.register("expected-vp", ExpectedVPPolicy,
                  "Each side takes the option with the most expected victory points now (exact).")
REGISTRY.register("random", RandomPolicy, "Every legal option equally likely.")
REGISTRY.register("best", BestPolicy,
                  "Each side maximises P(win) - P(lose) against a rival who does the same (exact).")

#: The conflict policies by name.
CONFLICT_POLICIES = tuple(REGISTRY)


__all__ = ["CONFLICT_POLICIES", "REGISTRY", "BestPolicy", "ExpectedVPPolicy", "RandomPolicy", "get_policy"]
