"""The terms behind each number: what each side adds to its die, and why.

:func:`explain` takes an attack apart roll by roll (the catch, then the hit):
the attacker's stat at level 1, each upgrade that changed it, the bonus of the
ability he uses; the defender's stat and upgrades, then each automatic defence,
asked exactly as the rule asks it (:func:`explorer.asylum.combat.defence` hands
every automatic ability the roll and the attack itself); and the die each side
throws.  Every term names its rule section.

The probability of each roll is the rule's own (:func:`~explorer.asylum.combat.catch_roll`
and :func:`~explorer.asylum.combat.hit_roll`, enumerated exactly), and the terms
are checked against :func:`~explorer.asylum.combat.defence`, so an explanation
cannot disagree with the odds.

>>> from explorer.asylum import load_roster
>>> from explorer.asylum.combat import mental_attack_spec
>>> roster = load_roster()
>>> cortex, puppeteer = roster["Doctor Cortex"], roster["The Puppeteer"].at_level(2)
>>> e = explain(cortex, puppeteer, mental_attack_spec(cortex))
>>> [(t.label, t.value) for t in e.rolls[0].defender.terms]
[("The Puppeteer's Mental Defense", 4)]
>>> e.rolls[0].defender.die.label
'the better of two d6 (Iron Will)'
>>> e.p
Fraction(91, 216)
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from ..core.dist import Dist, best_of, d6
from ..core.engine import IllegalAction, outcomes
from ..core.events import RuleRef
from . import abilities as _abilities
from . import sections as R
from .combat import Attack, beats, beats_target, can_reach, catch_roll, defence, hit_roll, maneuver_stat, needs_catch
from .combat import tactical_maneuver as _maneuver_rule
from .params import AsylumRules, load_rules
from .villains import STAT_LABELS, Villain


class Term(NamedTuple):
    """One number added to a side's total: what it is, its value, its rule."""

    label: str
    value: int
    rule: RuleRef
    note: str = ""


class Die(NamedTuple):
    """The die a side throws (``dist``), in words, with the rule that gave it."""

    label: str
    dist: Dist[int]
    rule: RuleRef


class Side(NamedTuple):
    """One side of a roll: who, the terms of his total, and his die (``None``: a
    fixed number to beat, as in a tactical maneuver)."""

    who: str
    terms: tuple[Term, ...]
    die: Die | None

    @property
    def total(self) -> int:
        return sum(t.value for t in self.terms)


class Roll(NamedTuple):
    """One roll of an attack (``"catch"``, ``"hit"`` or ``"maneuver"``): the
    attacker must roll a strictly higher total than the defender.  ``p`` is the
    chance he does, from the rule itself."""

    name: str
    rule: RuleRef
    attacker: Side
    defender: Side
    p: Fraction

    def p_from_terms(self) -> Fraction:
        """The same chance recomputed from the terms and dice alone."""
        a, d = self.attacker, self.defender
        if d.die is None:
            return beats_target(a.total, d.total, a.die.dist).prob(True)
        return beats(a.total, d.total, a.die.dist, d.die.dist).prob(True)


class Explanation(NamedTuple):
    """An attack, roll by roll.  ``p`` is the chance it works (every roll
    succeeds); ``notes`` say what else the rules decided (no catch for a blocker,
    ...), each with its rule."""

    attacker: str
    defender: str
    attack: Attack | None
    rolls: tuple[Roll, ...]
    notes: tuple[tuple[str, RuleRef], ...] = ()

    @property
    def p(self) -> Fraction:
        out = Fraction(1)
        for r in self.rolls:
            out *= r.p
        return out


def stat_terms(villain: Villain, stat: str, *, upgrades: bool = True) -> tuple[Term, ...]:
    """A stat at the villain's level as terms: the level-1 value ("Knowing your
    Villains"), then each upgrade that changed it ("Upgrading Villains")."""
    label = STAT_LABELS[stat]
    terms = [Term(f"{villain.name}'s {label}", villain.base_stat(stat), R.VILLAINS)]
    if upgrades:
        for level, up in enumerate(villain.upgrades[: villain.level - 1], start=2):
            for s, delta in up.stats:
                if s == stat and delta:
                    terms.append(Term(f"level {level} upgrade", delta, R.UPGRADES, up.text or up.describe()))
        value = villain.stat(stat)
    else:
        value = villain.base_stat(stat)
    shown = sum(t.value for t in terms)
    if shown != value:  # a stat never falls below 0
        terms.append(Term(f"{label} cannot fall below 0", value - shown, R.VILLAINS))
    return tuple(terms)


def _defender_side(defender: Villain, roll: str, attack: Attack, stat: str) -> Side:
    """The defender's terms for one roll: his stat, then each automatic defence as
    :func:`~explorer.asylum.combat.defence` applies it (same hooks, same order)."""
    terms = list(stat_terms(defender, stat))
    die = Die("d6", d6, R.VILLAINS)
    for name in defender.active_abilities:
        ab = _abilities.get(name)
        if ab.kind != "automatic":
            continue
        extra, new_die = ab.effect(roll, attack)
        if extra:
            terms.append(Term(ab.title, extra, R.AUTOMATIC, ab.summary))
        if new_die is not None:
            words = "the better of two d6" if new_die == best_of(2) else "a special die"
            die = Die(f"{words} ({ab.title})", new_die, R.AUTOMATIC)
    bonus, rule_die = defence(defender, roll, attack, defender.stat(stat))
    side = Side(defender.name, tuple(terms), die)
    if side.total != bonus or die.dist != rule_die:
        raise AssertionError(f"explanation of {defender.name}'s defence disagrees with the rule")
    return side


def explain(attacker: Villain, defender: Villain, attack: Attack, rules: AsylumRules | None = None,
            *, blocked: bool = False) -> Explanation:
    """Every roll of ``attack`` by ``attacker`` on ``defender`` as terms, with the
    chance of each roll and of the whole attack ("Mental Attack", "Physical
    Attack", "Blocking", "Automatic Special Abilities").  ``blocked=True``: the
    defender stepped in as a blocker, so there is no catch.  A melee attack on a
    flyer raises :class:`IllegalAction`, as in the conflict.  ``rules``: default the data."""
    rules = load_rules() if rules is None else rules
    if not can_reach(attacker, defender, attack) and not (blocked and rules.flyers_block_melee):
        raise IllegalAction(R.FLYING, f"{defender.name} flies: a melee physical attack cannot reach a flyer")
    contest = R.MENTAL if attack.kind == "mental" else R.PHYSICAL
    rolls = []
    notes: list[tuple[str, RuleRef]] = []
    if needs_catch(attack, rules, blocked):
        a_side = Side(attacker.name, stat_terms(attacker, "quickness"), Die("d6", d6, R.VILLAINS))
        d_side = _defender_side(defender, "catch", attack, "quickness")
        p = outcomes(lambda chance: catch_roll(attacker, defender, attack, chance)).prob(True)
        rolls.append(Roll("catch", R.PHYSICAL, a_side, d_side, p))
    elif attack.catch and blocked:
        notes.append((f"{defender.name} stepped in as a blocker: no catch roll", R.BLOCKING))
    elif attack.catch:
        notes.append(("a ranged attack needs no catch roll (rules option ranged_attacks_need_catch)", R.FLYING))
    terms = list(stat_terms(attacker, attack.attack_stat))
    if attack.bonus:
        ab = _abilities.get(attack.ability) if attack.ability else None
        terms.append(Term(ab.title if ab else "attack bonus", attack.bonus, R.ACTIONS, ab.summary if ab else ""))
    a_side = Side(attacker.name, tuple(terms), Die("d6", d6, R.VILLAINS))
    d_side = _defender_side(defender, "hit", attack, attack.defense_stat)
    p = outcomes(lambda chance: hit_roll(attacker, defender, attack, chance)).prob(True)
    rolls.append(Roll("hit", R.ACTIONS if attack.ability else contest, a_side, d_side, p))
    return Explanation(attacker.name, defender.name, attack, tuple(rolls), tuple(notes))


def explain_maneuver(villain: Villain, rules: AsylumRules | None = None, stat: str | None = None) -> Explanation:
    """A tactical maneuver as terms: his best allowed stat (or ``stat``) and a die
    against the fixed target ("Tactical Maneuvers"; special abilities do not help)."""
    rules = load_rules() if rules is None else rules
    stat = stat or maneuver_stat(villain, rules)
    a_side = Side(villain.name, stat_terms(villain, stat, upgrades=rules.maneuver_counts_upgrades),
                  Die("d6", d6, R.VILLAINS))
    target = Side("the target", (Term("number to beat", rules.maneuver_target, R.MANEUVER),), None)
    p = outcomes(lambda chance: _maneuver_rule(villain, stat, chance, rules)).prob(True)
    return Explanation(villain.name, "", None, (Roll("maneuver", R.MANEUVER, a_side, target, p),))
