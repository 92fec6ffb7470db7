"""Explain this number: the terms behind each attack's odds reproduce the exact
probability the rules give, for every pair of villains and every attack."""

from itertools import product

import pytest

from explorer.asylum import load_roster, odds
from explorer.asylum import sections as R
from explorer.asylum.combat import can_reach, mental_attack_spec, physical_attack_spec
from explorer.asylum.params import load_rules
from explorer.core.engine import IllegalAction
from explorer.core.rulebook import summary

ROSTER = load_roster()


def attacks(a, d):
    """Every attack ``a`` can make on ``d`` with his action, as (key, Attack)."""
    out = [("mental", mental_attack_spec(a)), ("physical", physical_attack_spec(a))]
    for name in a.action_abilities:
        for mm in (False, True):
            out.append((f"{name}{'/mastermind' if mm else ''}", odds._abilities.get(name).effect(a, d, mm)))
    return out


def villains_at_every_level():
    return [v.at_level(level) for v in ROSTER.values() for level in range(1, v.max_level + 1)]


@pytest.mark.parametrize("rules", [load_rules(), load_rules().replace(ranged_attacks_need_catch=False)],
                         ids=["default", "ranged-no-catch"])
def test_terms_reproduce_every_attack(rules):
    """"Mental Attack", "Physical Attack", "Automatic Special Abilities": for every roster
    pair (every level) and every attack, the terms' totals and dice give exactly the
    probability the rules give."""
    everyone = villains_at_every_level()
    checked = 0
    for a, d in product(everyone, everyone):
        if a.name == d.name:
            continue
        for key, attack in attacks(a, d):
            for blocked in (False, True):
                if not can_reach(a, d, attack) and not (blocked and rules.flyers_block_melee):
                    with pytest.raises(IllegalAction):
                        odds.explain(a, d, attack, rules, blocked=blocked)
                    continue
                e = odds.explain(a, d, attack, rules, blocked=blocked)
                expected = odds.attack_outcomes(a, d, attack, rules, blocked=blocked).prob(lambda r: r.success)
                assert e.p == expected, (a.describe(), d.describe(), key, blocked)
                for roll in e.rolls:
                    assert roll.p_from_terms() == roll.p, (a.name, d.name, key, roll.name)
                checked += 1
    assert checked > 10_000


def test_maneuver_terms():
    """"Tactical Maneuvers": the best stat and a die against the target of 8."""
    for v in villains_at_every_level():
        for rules in (load_rules(), load_rules().replace(maneuver_counts_upgrades=False)):
            e = odds.explain_maneuver(v, rules)
            (roll,) = e.rolls
            assert e.p == odds.tactical_maneuver(v, rules) == roll.p_from_terms()
            assert roll.defender.total == rules.maneuver_target


def test_iron_will_changes_the_die_and_armoured_adds_a_term():
    """"Automatic Special Abilities": Iron Will gives the better of two dice against
    a mental attack; Armoured adds 1 against a melee physical hit, not the catch."""
    cortex, puppeteer = ROSTER["Doctor Cortex"], ROSTER["The Puppeteer"].at_level(2)
    hit = odds.explain(cortex, puppeteer, mental_attack_spec(cortex)).rolls[-1]
    assert "Iron Will" in hit.defender.die.label and hit.defender.die.rule == R.AUTOMATIC
    gargantua, union = ROSTER["Gargantua"], ROSTER["Corporal Union"].at_level(3)
    catch, hit = odds.explain(gargantua, union, physical_attack_spec(gargantua)).rolls
    assert [t.label for t in hit.defender.terms if t.rule == R.AUTOMATIC] == ["Armoured"]
    assert not [t for t in catch.defender.terms if t.rule == R.AUTOMATIC]
    # Union's level-3 upgrade raises his Quickness: a term of its own
    assert [t.value for t in catch.defender.terms] == [3, 1]
    assert catch.defender.terms[1].rule == R.UPGRADES


def test_ability_bonus_and_blocker_notes():
    """"Blocking": a blocker is hit without a catch; an ability's bonus is a term."""
    union, cortex = ROSTER["Corporal Union"], ROSTER["Doctor Cortex"]
    spec = odds._abilities.get("citizens_arrest").effect(union, cortex, True)
    e = odds.explain(union, cortex, spec)
    assert [t.value for t in e.rolls[-1].attacker.terms][-1] == 3
    blocked = odds.explain(union, cortex, spec, blocked=True)
    assert [r.name for r in blocked.rolls] == ["hit"] and blocked.notes[0][1] == R.BLOCKING


def test_every_term_cites_a_summarised_rule():
    a, d = ROSTER["Gargantua"].at_level(3), ROSTER["Oscar"].at_level(2)
    e = odds.explain(a, d, physical_attack_spec(a))
    for roll in e.rolls:
        assert summary(roll.rule).summary
        for side in (roll.attacker, roll.defender):
            for t in side.terms:
                assert summary(t.rule).summary
            assert summary(side.die.rule).summary
