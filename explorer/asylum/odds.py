"""Exact odds for Doom Asylum conflicts, as fractions.

Every function here enumerates the rules code itself (:mod:`explorer.asylum.combat`
and :mod:`explorer.asylum.conflict`) with :func:`explorer.core.engine.outcomes` or
the exact :class:`~explorer.core.engine.Analyzer`; nothing is computed by a
second, hand-written formula.

>>> from explorer.asylum import Villain
>>> a = Villain(name="A", physical_attack=3, physical_defense=2, mental_attack=4, mental_defense=3, quickness=2)
>>> d = Villain(name="D", physical_attack=2, physical_defense=3, mental_attack=2, mental_defense=2, quickness=3)
>>> mental_attack(a, d)
Fraction(13, 18)
>>> tactical_maneuver(a)
Fraction(1, 3)
>>> result = conflict([a], [d])
>>> result.attacker_wins + result.draw + result.defender_wins
Fraction(1, 1)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from ..core.dist import Dist
from ..core.engine import Analyzer, IllegalAction, Policy, Weights, outcomes
from ..core.search import SolvedOption, SolvedReport
from . import abilities as _abilities
from . import sections as R
from .combat import (
    Attack,
    attack_dist,
    can_reach,
    hit_roll,
    maneuver_stat,
    mental_attack_spec,
    physical_attack_spec,
)
from .combat import tactical_maneuver as _maneuver_rule
from .conflict import Conflict, ConflictResult, ConflictState
from .explain import explain, explain_maneuver  # noqa: F401  (re-exported: the terms behind each number)
from .params import AsylumRules, load_rules
from .policies import BestPolicy, get_policy
from .villains import Villain

GAME = Conflict()


class AttackOdds(NamedTuple):
    """A physical attack in its two rolls: ``catch`` P(caught), ``hit`` P(the hit
    roll succeeds, i.e. defeated once caught), ``defeat`` P(defeated) overall."""

    catch: Fraction
    hit: Fraction
    defeat: Fraction


def attack_outcomes(attacker: Villain, defender: Villain, attack: Attack, rules: AsylumRules | None = None,
                    *, blocked: bool = False) -> Dist:
    """The exact distribution of :class:`~explorer.asylum.combat.AttackResult`."""
    rules = load_rules() if rules is None else rules
    if not can_reach(attacker, defender, attack) and not (blocked and rules.flyers_block_melee):
        raise IllegalAction(R.FLYING, f"{defender.name} flies: a melee physical attack cannot reach a flyer")
    return attack_dist(attacker, defender, attack, rules, blocked)


def mental_attack(attacker: Villain, defender: Villain, rules: AsylumRules | None = None) -> Fraction:
    """P(the defender is defeated) by a standard mental attack ("Mental Attack")."""
    return attack_outcomes(attacker, defender, mental_attack_spec(attacker), rules).prob(lambda r: r.success)


def physical_attack(attacker: Villain, defender: Villain, rules: AsylumRules | None = None,
                    *, blocked: bool = False) -> Fraction:
    """P(the defender is caught and defeated) by a standard physical attack
    ("Physical Attack"); ``blocked=True`` for a blocker, who is not caught first.
    A melee attack on a flyer raises :class:`IllegalAction`."""
    return physical_breakdown(attacker, defender, rules, blocked=blocked).defeat


def physical_breakdown(attacker: Villain, defender: Villain, rules: AsylumRules | None = None,
                       *, blocked: bool = False) -> AttackOdds:
    """The catch and the hit of a physical attack, separately."""
    spec = physical_attack_spec(attacker)
    dist = attack_outcomes(attacker, defender, spec, rules, blocked=blocked)
    hit = outcomes(lambda chance: hit_roll(attacker, defender, spec, chance)).prob(True)
    return AttackOdds(dist.prob(lambda r: r.caught), hit, dist.prob(lambda r: r.success))


def ability(attacker: Villain, defender: Villain, name: str, *, mastermind: bool = False,
            rules: AsylumRules | None = None) -> Fraction:
    """P(success) of an action ability used on ``defender`` (defeat, or stun for
    hypnotise); ``mastermind`` says whether the target is the rival mastermind."""
    spec = _abilities.get(name)
    if spec.kind != "action":
        raise ValueError(f"{name!r} is a {spec.kind} ability, not one used as an action")
    return attack_outcomes(attacker, defender, spec.effect(attacker, defender, mastermind), rules).prob(lambda r: r.success)


def tactical_maneuver(villain: Villain, rules: AsylumRules | None = None, stat: str | None = None) -> Fraction:
    """P(success) of a tactical maneuver with the best allowed stat (or ``stat``)."""
    rules = load_rules() if rules is None else rules
    stat = stat or maneuver_stat(villain, rules)
    return outcomes(lambda chance: _maneuver_rule(villain, stat, chance, rules)).prob(True)


# -- whole conflicts ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ConflictOdds:
    """The exact outcome of a whole conflict under given policies.

    ``attacker_wins + draw + defender_wins == 1`` exactly; ``margin`` is the
    distribution of attacker minus defender victory points; ``doomsday`` the
    expected Doomsday points each side takes home; ``outcomes`` the full
    distribution of :class:`~explorer.asylum.conflict.ConflictResult`.
    """

    attacker_wins: Fraction
    draw: Fraction
    defender_wins: Fraction
    margin: Dist[int]
    doomsday: tuple[Fraction, Fraction]
    outcomes: Dist[ConflictResult]

    @classmethod
    def of(cls, dist: Dist[ConflictResult] | Weights) -> ConflictOdds:
        """The summary of a result distribution: a :class:`Dist`, or the analyzer's
        integer :class:`~explorer.core.engine.Weights` (summed in integers, then
        made fractions once: thousands of outcomes are common)."""
        if isinstance(dist, Weights):
            den, nums, dist = dist.den, dist.nums, dist.to_dist()
        else:
            den = math.lcm(*(p.denominator for _, p in dist.items()))
            nums = {r: p.numerator * (den // p.denominator) for r, p in dist.items()}
        wins = {0: 0, None: 0, 1: 0}
        margin: dict[int, int] = {}
        dd0 = dd1 = 0
        for r, n in nums.items():
            wins[r.winner] += n
            m = r.margin
            margin[m] = margin.get(m, 0) + n
            dd0 += n * r.doomsday[0]
            dd1 += n * r.doomsday[1]
        return cls(
            attacker_wins=Fraction(wins[0], den),
            draw=Fraction(wins[None], den),
            defender_wins=Fraction(wins[1], den),
            margin=Dist._trusted({m: Fraction(margin[m], den) for m in sorted(margin)}),
            doomsday=(Fraction(dd0, den), Fraction(dd1, den)),
            outcomes=dist,
        )

    def win(self, side: int) -> Fraction:
        return self.attacker_wins if side == 0 else self.defender_wins

    def expected_lost(self, side: int) -> Fraction:
        """Expected number of villains the side loses for good."""
        return self.outcomes.expectation(lambda r: len(r.lost[side]))

    def __repr__(self) -> str:
        return (f"ConflictOdds(attacker_wins={self.attacker_wins} ({float(self.attacker_wins):.1%}), "
                f"draw={self.draw} ({float(self.draw):.1%}), "
                f"defender_wins={self.defender_wins} ({float(self.defender_wins):.1%}), "
                f"doomsday=({float(self.doomsday[0]):.3f}, {float(self.doomsday[1]):.3f}))")


PolicySpec = str | Policy | Sequence[str | Policy] | Mapping[int, str | Policy]


def policies(policy: PolicySpec) -> dict[int, Policy]:
    """One policy for both sides, or a pair (attacker's, defender's)."""
    if isinstance(policy, (str, Policy)):
        p = get_policy(policy)
        return {0: p, 1: p}
    if isinstance(policy, Mapping):
        return {side: get_policy(policy[side]) for side in (0, 1)}
    a, d = policy
    return {0: get_policy(a), 1: get_policy(d)}


def conflict(
    attackers: Sequence[Villain],
    defenders: Sequence[Villain],
    policy: PolicySpec = "expected-vp",
    *,
    masterminds: tuple[str | None, str | None] | None = None,
    ambush: bool = False,
    doom_ready: bool = False,
    rules: AsylumRules | None = None,
) -> ConflictOdds:
    """The exact odds of a whole conflict.  Masterminds default to each team's
    first villain; ``policy`` is a name, a policy, or a pair for the two sides."""
    state = GAME.start(attackers, defenders, masterminds=masterminds, ambush=ambush, doom_ready=doom_ready, rules=rules)
    return state_odds(state, policy)


class KeptOdds:
    """Exact odds under one pair of policies, with the analyzer's memo kept between
    questions: once a conflict is worked out from a state, the odds of every state
    it worked out on the way cost a lookup (the conflict lab asks at each click).

    >>> from explorer.asylum import load_roster
    >>> r = load_roster()
    >>> kept = KeptOdds("random")
    >>> opening = GAME.start([r["Doctor Cortex"]], [r["Corporal Union"]])
    >>> kept.state_odds(opening).attacker_wins == state_odds(opening, "random").attacker_wins
    True
    >>> kept.knows_options(opening)  # every option's outcome was worked out on the way
    True
    """

    def __init__(self, policy: PolicySpec = "expected-vp"):
        self.analyzer = Analyzer(GAME, policies(policy))

    def state_odds(self, state: ConflictState) -> ConflictOdds:
        """The exact odds from any point of a conflict."""
        return ConflictOdds.of(self.analyzer.weights(state))

    def option_outcomes(self, state: ConflictState) -> dict[Any, ConflictOdds]:
        """At a decision: each legal option -> the odds if it is taken and play then
        follows the policies."""
        return {option: ConflictOdds.of(w) for option, w in self.analyzer.option_weights(state).items()}

    def option_odds(self, state: ConflictState) -> dict[Any, Fraction]:
        """At a decision: each legal option -> the deciding side's chance of winning
        the conflict if it takes that option and play then follows the policies.
        For the conclusion step (nobody decides) the attacker's chance is given.
        (Summed in integers: a whole :class:`ConflictOdds` per option would make
        tens of thousands of fractions to read one number off each.)"""
        dec = GAME.decision(state)
        if dec is None:
            return {}
        side = dec.player if dec.player is not None else 0
        return {option: w.prob(lambda r: r.winner == side) for option, w in self.analyzer.option_weights(state).items()}

    def knows_options(self, state: ConflictState) -> bool:
        """Whether :meth:`option_odds` at ``state`` would only look up what is worked out."""
        return self.analyzer.knows_options(state)


def state_odds(state: ConflictState, policy: PolicySpec = "expected-vp") -> ConflictOdds:
    """The exact odds from any point of a conflict."""
    return KeptOdds(policy).state_odds(state)


def option_outcomes(state: ConflictState, policy: PolicySpec = "expected-vp") -> dict[Any, ConflictOdds]:
    """At a decision: each legal option -> the odds if it is taken and play then
    follows ``policy``."""
    return KeptOdds(policy).option_outcomes(state)


def option_odds(state: ConflictState, policy: PolicySpec = "expected-vp") -> dict[Any, Fraction]:
    """At a decision: each legal option -> the deciding side's chance of winning
    the conflict if it takes that option and play then follows ``policy``.  For
    the conclusion step (nobody decides) the attacker's chance is given."""
    return KeptOdds(policy).option_odds(state)


class BestPlayer:
    """A perfect player's advice in a conflict (the conflict lab's "Ask a good
    player"): every roll from the decision on worked out exactly, both sides
    playing :class:`~explorer.asylum.policies.BestPolicy`, which makes the most of
    its chance to win less its chance to lose (a draw counts half a win).  A
    conflict is small enough to solve (three against three well within a second),
    so its advice is exact where a search of imagined conflicts is an estimate.
    The policy's memo is kept between questions: later decisions of a conflict
    already asked about cost little.

    >>> from explorer.asylum import Villain
    >>> a = Villain(name="A", physical_attack=3, physical_defense=2, mental_attack=4, mental_defense=3, quickness=2)
    >>> d = Villain(name="D", physical_attack=2, physical_defense=3, mental_attack=2, mental_defense=2, quickness=3)
    >>> state = GAME.start([a], [d])
    >>> report = BestPlayer().search(GAME, state, GAME.decision(state))
    >>> report.value == option_odds(state, "best")[report.choice]
    True
    """

    #: what "its best" weighs, in words (the advice panel says it)
    best = "each side makes the most of its chance to win less its chance to lose: a draw counts half a win"
    #: what asking does, on the button
    tooltip = "work out every roll from here, both sides playing their best"

    def __init__(self) -> None:
        self.policy = BestPolicy()

    def search(self, game: Conflict, view: ConflictState, decision: Any, rng: Any = None) -> SolvedReport:
        """Work ``decision`` out from ``view`` (a conflict hides nothing: the state);
        ``game`` is :data:`GAME`, as the lab's stepper plays it, and ``rng`` is not
        used (nothing is sampled): both taken so any advisor can be asked alike."""
        side = decision.player if decision.player is not None else 0
        found = option_outcomes(view, self.policy)
        options = tuple(SolvedOption(option, found[option].win(side), found[option].draw)
                        for option in decision.options)
        choice = self.policy.pick(GAME, view, decision)
        return SolvedReport(choice, found[choice].win(side), options, self.best)
