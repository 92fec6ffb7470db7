"""Quick conflict play: a fixed, cheap way to choose in a conflict.

It takes the option with the best immediate expected victory points, read in
floats off the exact odds of each attack's rolls (the rules' own contests,
:func:`explorer.asylum.combat.roll_contest`: the numbers of
:func:`explorer.asylum.combat.attack_dist`, no dice maths of its own).  It is what
the whole-game bots do in conflicts, and the fixed rule that plays an ambusher
(:mod:`explorer.asylum.ambush`); cheap enough for hundreds of games a second.

It is a heuristic, not odds: nothing reports its numbers as probabilities.  The
exact one-step policy with the same aim is ``expected-vp`` in
:mod:`explorer.asylum.policies`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..core.engine import outcomes
from . import abilities as _abilities
from .combat import (
    Attack,
    attack_contests,
    beats,
    maneuver_stat,
    mental_attack_spec,
    needs_catch,
    physical_attack_spec,
    tactical_maneuver,
)
from .conflict import Block, ConflictState, MentalAttack, PhysicalAttack, TacticalManeuver
from .params import AsylumRules

STUN_VALUE = 2.0  # what taking away a rival's action is worth, in victory points (rough)
ACTION_VALUE = 2.0  # what a villain's own action is worth at least, when he spends it blocking


#: id(rules) -> (rules, cache), newest last; holding the rules keeps the id valid.  At most
#: RULE_SETS rule objects are remembered, so a sweep over many variants stays bounded.
_ODDS: dict[int, tuple[AsylumRules, dict]] = {}
RULE_SETS = 8


def _cache_for(rules: AsylumRules) -> dict:
    # the hot path of every decision: an identity lookup is cheaper than hashing the rules
    entry = _ODDS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_ODDS) >= RULE_SETS:
            del _ODDS[next(iter(_ODDS))]
        entry = _ODDS[id(rules)] = (rules, {})
    return entry[1]


def attack_odds(attacker, defender, attack: Attack, rules: AsylumRules, blocked: bool = False) -> tuple[float, float]:
    """(P(caught), P(success)) of an attack, exact until turned into floats (cached)."""
    cache = _cache_for(rules)
    key = (attacker, defender, attack, blocked)
    hit = cache.get(key)
    if hit is not None:
        return hit
    if len(cache) > 100_000:
        cache.clear()
    hit = cache[key] = _odds(attacker, defender, attack, needs_catch(attack, rules, blocked))
    return hit


def _odds(attacker, defender, attack: Attack, catch: bool) -> tuple[float, float]:
    """(P(caught), P(success)) read off the two rolls of :func:`~explorer.asylum.combat.resolve_attack`:
    the catch (when ``catch``), then the hit.  Exact fractions until the end, so the
    same floats as the distribution :func:`~explorer.asylum.combat.attack_dist` gives,
    at a fraction of the cost of listing its outcomes (every new pair of villains
    needs them)."""
    # kept on the rolls' numbers (attack_contests): the fractions cost more than the rest of a decision
    catch_roll, hit_roll, key = attack_contests(attacker, defender, attack, catch)
    hit = _CONTEST_ODDS.get(key)
    if hit is None:
        if len(_CONTEST_ODDS) > 10_000:
            _CONTEST_ODDS.clear()
        caught = beats(*catch_roll).prob(True) if catch else _ONE
        success = caught * beats(*hit_roll).prob(True)
        hit = _CONTEST_ODDS[key] = (float(caught), float(success))
    return hit


#: the rolls' numbers -> (P(caught), P(success)), as :func:`_odds` keys them
_CONTEST_ODDS: dict[tuple, tuple[float, float]] = {}
_ONE = Fraction(1)


@lru_cache(maxsize=4096)
def maneuver_odds(villain, stat: str, rules: AsylumRules) -> float:
    """P(a tactical maneuver with ``stat`` succeeds), from the rule itself."""
    return float(outcomes(lambda chance: tactical_maneuver(villain, stat, chance, rules)).prob(True))


def _attack_of(option, actor, target, mastermind: bool) -> Attack:
    kind = type(option)
    if kind is MentalAttack:
        return mental_attack_spec(actor)
    if kind is PhysicalAttack:
        return physical_attack_spec(actor)
    return _abilities.ABILITIES[option.ability].effect(actor, target, mastermind)


def _action_value(state: ConflictState, option, side: int) -> float:
    setup = state.setup
    rules = setup.rules
    teams, index = setup.teams, setup.index  # as setup.villain reads them, without a call per villain
    s, i = index[option.actor]
    actor = teams[s][i]
    if type(option) is TacticalManeuver:
        return maneuver_odds(actor, option.stat, rules) * rules.vp_maneuver
    other = 1 - side
    j = index[option.target][1]
    target = teams[other][j]
    mm = setup.masterminds[other] == target.name
    attack = _attack_of(option, actor, target, mm)
    caught, success = attack_odds(actor, target, attack, rules)
    if attack.effect == "defeat":
        value = success * rules.vp_defeat
    else:
        value = success * STUN_VALUE if state.can_act(other, j) else 0.0
    if mm:
        value += rules.vp_attack_mastermind * (1.0 if rules.mastermind_point_without_catch else caught)
    return value


def _own_action_value(villain, rules: AsylumRules) -> float:
    return max(ACTION_VALUE, maneuver_odds(villain, maneuver_stat(villain, rules), rules) * rules.vp_maneuver)


_CHOICES: dict[tuple, Any] = {}


def quick_choice(state: ConflictState, decision) -> Any:
    """The quick conflict play: the action with the best immediate expected
    victory points (ties: the first listed); a block when the stand-in's expected
    loss, plus his spent action, is below the target's.

    The choice depends only on who is in the conflict, who has acted, who is down
    and what is pending (not on the score), so it is cached on those."""
    options = decision.options
    if len(options) == 1:
        return options[0]
    key = (state.setup, state.turn, state.acted, state.fallen, state.pending)
    hit = _CHOICES.get(key)
    if hit is not None:
        return hit
    if len(_CHOICES) > 100_000:
        _CHOICES.clear()
    choice = _CHOICES[key] = _choose(state, options)
    return choice


def _choose(state: ConflictState, options) -> Any:
    if isinstance(options[0], Block):
        return _block_choice(state, options)
    side = state.turn
    best, best_value = options[0], -1.0
    maneuvered = set()
    for option in options:
        if type(option) is TacticalManeuver:
            # a villain's maneuvers come best stat first (combat.maneuver_stats), a lower stat
            # never has better odds and a maneuver's VP are never negative (params.VP_BOUND):
            # only his first can be the choice (ties go to the first listed)
            if option.actor in maneuvered:
                continue
            maneuvered.add(option.actor)
        value = _action_value(state, option, side)
        if value > best_value + 1e-12:
            best, best_value = option, value
    return best


def _block_choice(state: ConflictState, options) -> Any:
    setup = state.setup
    rules = setup.rules
    pending = state.pending
    side = 1 - state.turn
    attacker = setup.teams[state.turn][pending.actor]
    target = setup.teams[side][pending.target]
    mm = setup.masterminds[side]
    attack = pending.attack
    best = options[0]
    best_loss = attack_odds(attacker, target, attack, rules)[1] * rules.vp_defeat + (
        rules.vp_attack_mastermind if target.name == mm else 0)
    for option in options[1:]:
        blocker = setup.villain(option.blocker)
        hit = attack_odds(attacker, blocker, attack, rules, True)[1]
        loss = hit * rules.vp_defeat + _own_action_value(blocker, rules)
        if loss < best_loss - 1e-12:
            best, best_loss = option, loss
    return best


__all__ = ["attack_odds", "maneuver_odds", "quick_choice"]
