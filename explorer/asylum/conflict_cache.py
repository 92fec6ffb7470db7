"""The conflict rules as a whole game plays them: :class:`CachedConflict`, the rules of
:mod:`explorer.asylum.conflict` with what recurs from conflict to conflict kept (the
same teams meet again and again), and an attack's next state made without its
events for the runners that keep none (:meth:`CachedConflict.next_state`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.engine import Chance, Decision, Step
from .conflict import (
    Conclude,
    Conflict,
    ConflictState,
    Declared,
    MentalAttack,
    PhysicalAttack,
    UseAbility,
)
from .params import AsylumRules
from .villains import Villain


_CONCLUDE = Conclude()


class CachedConflict(Conflict):
    """The conflict rules, with decisions cached on what they depend on: who
    fights, whose turn, who has acted, who is down and what is pending (never the
    score); and attacks cached on the state and the attack, each roll's outcome
    once it has come up (the rules are pure functions of the state and the roll).
    Bounded: a long sweep does not grow them without limit."""

    def __init__(self) -> None:
        self._decisions: dict[tuple, Decision | None] = {}
        #: (state, attack) -> its declaration, and by roll the next state and the step
        self._attacks: dict[tuple, tuple[Declared, dict[Any, ConflictState], dict[Any, Step]]] = {}
        self._ends: dict[ConflictState, Step] = {}
        self._starts: dict[tuple, ConflictState] = {}

    def start(self, attackers: Sequence[Villain], defenders: Sequence[Villain], *,
              masterminds: tuple[str | None, str | None] | None = None, ambush: bool = False,
              doom_ready: bool = False, rules: AsylumRules | None = None) -> ConflictState:
        """The opening state, kept per teams, masterminds, kind and rules: the same
        conflicts recur from game to game, and one setup object per conflict lets the
        caches keyed on it match by identity instead of comparing setups."""
        start = super().start
        if rules is None:  # the rules file as it is now: nothing to key on
            return start(attackers, defenders, masterminds=masterminds, ambush=ambush, doom_ready=doom_ready)
        key = (tuple(attackers), tuple(defenders), masterminds, ambush, doom_ready, rules)
        cache = self._starts
        cs = cache.get(key)
        if cs is None:
            if len(cache) > 50_000:
                cache.clear()
            cs = cache[key] = start(attackers, defenders, masterminds=masterminds, ambush=ambush,
                                    doom_ready=doom_ready, rules=rules)
        return cs

    def resolve(self, state: ConflictState, action: Any, chance: Chance) -> Step:
        kind = type(action)
        if kind is Conclude:
            return self._conclusion(state, chance)
        if kind is not MentalAttack and kind is not UseAbility and kind is not PhysicalAttack:
            return super().resolve(state, action, chance)
        declared, states, steps = self._attack_entry(state, action)
        if declared.waits is not None:
            return declared.waits
        res = chance.roll(declared.dist)
        step = steps.get(res)
        if step is None:
            nxt, events = self._score(declared.spent, state.turn, declared.i, declared.j, declared.attack, None, res)
            step = steps[res] = Step(states.setdefault(res, nxt), (declared.event,) + events)
        return step

    def next_state(self, state: ConflictState, action: Any, chance: Chance) -> ConflictState:
        """:meth:`resolve`'s next state alone, the same rolls made, scored without the
        events that tell it (:meth:`Conflict.next_state`; each point of a conflict
        shows its own dice faces, so a conflict seen for the first time would build
        them at every roll for nobody), an attack's declaration and next states kept."""
        kind = type(action)
        if kind is Conclude:
            return self._conclusion(state, chance).state
        if kind is not MentalAttack and kind is not UseAbility and kind is not PhysicalAttack:
            return super().next_state(state, action, chance)
        declared, states, _ = self._attack_entry(state, action)
        if declared.waits is not None:
            return declared.waits.state
        res = chance.roll(declared.dist)
        nxt = states.get(res)
        if nxt is None:
            nxt = states[res] = self._scored(declared.spent, state.turn, declared.j, declared.attack, None, res)
        return nxt

    def _attack_entry(self, state: ConflictState, action: Any) -> tuple[Declared, dict, dict]:
        """The cache entry of ``action`` (an attack) in ``state``: its declaration, and the
        next states and steps of the rolls that have come up."""
        key = (state, action)
        cache = self._attacks
        entry = cache.get(key)
        if entry is None:
            if len(cache) > 50_000:
                cache.clear()
            entry = cache[key] = (self._declare(state, action), {}, {})
        return entry

    def _conclusion(self, state: ConflictState, chance: Chance) -> Step:
        """The conclusion, kept per state when it rolls nothing (nobody defeated has an
        aftermath ability)."""
        ends = self._ends
        step = ends.get(state)
        if step is None:
            step = super().resolve(state, _CONCLUDE, chance)
            teams = state.setup.teams
            if not any(teams[side][i].aftermath for side in (0, 1) for i in state.fallen[side]):
                if len(ends) > 50_000:
                    ends.clear()
                ends[state] = step
        return step

    def decision(self, state: ConflictState) -> Decision | None:
        if state.result is not None:
            return None
        key = (state.setup, state.turn, state.acted, state.fallen, state.pending)
        cache = self._decisions
        dec = cache.get(key)
        if dec is None:
            if len(cache) > 50_000:
                cache.clear()
            dec = cache[key] = super().decision(state)
        return dec


__all__ = ["CachedConflict"]
