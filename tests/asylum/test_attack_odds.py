"""Single-attack odds (explorer.asylum.odds) against independent brute force
over every die face, and against seeded Monte Carlo of the rules code."""

import itertools
import random
from fractions import Fraction

import pytest

from factories import make
from explorer.asylum import load_rules, odds
from explorer.asylum.combat import mental_attack_spec, physical_attack_spec, resolve_attack
from explorer.core.engine import IllegalAction, SampledChance

FACES = range(1, 7)


def brute_contest(att: int, dfn: int) -> Fraction:
    """P(d6 + att strictly beats d6 + dfn), by counting the 36 face pairs."""
    wins = sum(1 for a, d in itertools.product(FACES, FACES) if a + att > d + dfn)
    return Fraction(wins, 36)


def brute_physical(q_a, q_d, pa, pd):
    """Catch then hit, counting all 6^4 face combinations."""
    hits = sum(
        1 for c1, c2, h1, h2 in itertools.product(FACES, repeat=4) if c1 + q_a > c2 + q_d and h1 + pa > h2 + pd
    )
    return Fraction(hits, 6 ** 4)


STAT_CASES = [(0, 0), (3, 3), (5, 1), (1, 5), (4, 2), (0, 6), (6, 0), (7, 0)]


@pytest.mark.parametrize("ma,md", STAT_CASES)
def test_mental_attack_matches_brute_force(ma, md):
    """Mental Attack: d6 + Mental Attack must beat d6 + Mental Defense."""
    a, d = make("A", ma=ma), make("D", md=md)
    assert odds.mental_attack(a, d) == brute_contest(ma, md)


@pytest.mark.parametrize("q_a,q_d,pa,pd", [(2, 3, 3, 3), (4, 1, 5, 2), (0, 5, 6, 0), (3, 3, 3, 3), (1, 1, 0, 4)])
def test_physical_attack_matches_brute_force(q_a, q_d, pa, pd):
    """Physical Attack: the catch (Quickness contest) and then the hit."""
    a, d = make("A", pa=pa, q=q_a), make("D", pd=pd, q=q_d)
    b = odds.physical_breakdown(a, d)
    assert b.catch == brute_contest(q_a, q_d)
    assert b.hit == brute_contest(pa, pd)
    assert b.defeat == odds.physical_attack(a, d) == brute_physical(q_a, q_d, pa, pd)


def test_blocker_is_not_caught():
    """Blocking: no quickness contest against a blocker."""
    a, d = make("A", pa=4, q=0), make("D", pd=2, q=6)
    assert odds.physical_attack(a, d, blocked=True) == brute_contest(4, 2)


@pytest.mark.parametrize("best,expected", [(0, 0), (2, 0), (3, 1), (5, 3), (7, 5), (8, 6)])
def test_tactical_maneuver_matches_counting(best, expected):
    """Tactical Maneuvers: d6 + the best of PA, MA, Q must beat 8."""
    v = make("V", pa=best, ma=max(0, best - 1), q=0)
    assert odds.tactical_maneuver(v) == Fraction(sum(1 for f in FACES if f + best > 8), 6) == Fraction(expected, 6)


def test_maneuver_ignores_ability_bonuses_but_counts_level_stats():
    """Tactical Maneuvers: special abilities do not count; a level-2 stat change does."""
    v = make("V", pa=4, ma=3, q=2, abilities=("mind_blast",), upgrades=({"stats": {"physical_attack": 1}},))
    assert odds.tactical_maneuver(v) == Fraction(2, 6)
    assert odds.tactical_maneuver(v.at_level(2)) == Fraction(3, 6)
    assert odds.tactical_maneuver(v.at_level(2), load_rules().replace(maneuver_counts_upgrades=False)) == Fraction(2, 6)


def test_melee_attack_on_flyer_is_illegal():
    """Flying & Ranged Attacks: a melee physical attack cannot reach a flyer."""
    a, f = make("A"), make("F", abilities=("flying",))
    with pytest.raises(IllegalAction) as err:
        odds.physical_attack(a, f)
    assert err.value.rule.section == "conflicts.flying"
    assert odds.physical_attack(make("R", abilities=("ranged_attack",)), f) > 0
    assert odds.physical_attack(make("G", abilities=("flying",)), f) > 0


def test_automatic_defences():
    """Automatic Special Abilities: defensive powers work without an action."""
    a = make("A", pa=3, ma=3, q=3)
    # iron will: the defender keeps the better of two dice against mental attacks
    iw = make("I", md=3, abilities=("iron_will",))
    best2 = {f: Fraction(2 * f - 1, 36) for f in FACES}
    expected = sum(Fraction(1, 6) * p for a_face in FACES for f, p in best2.items() if a_face + 3 > f + 3)
    assert odds.mental_attack(a, iw) == expected
    # armoured: +1 Physical Defense against melee only
    ar = make("R", pd=3, q=3, abilities=("armoured",))
    assert odds.physical_breakdown(a, ar).hit == brute_contest(3, 4)
    ranged = make("S", pa=3, q=3, abilities=("ranged_attack",))
    assert odds.physical_breakdown(ranged, ar).hit == brute_contest(3, 3)
    # elusive: +2 Quickness against the catch
    el = make("E", q=3, abilities=("elusive",))
    assert odds.physical_breakdown(a, el).catch == brute_contest(3, 5)


def test_automatic_defences_follow_the_kind_of_attack():
    """Automatic Special Abilities: a defence is matched by the attack's kind, not by the
    stat that defends.  Terrify is a mental attack rolled against Quickness: Iron Will
    ("against mental attacks") defends it, Armoured ("against melee") does not; Energy
    Bolt is a ranged physical attack rolled with Mental Attack: neither defends it."""
    a = make("A", ma=3, q=3, abilities=("terrify", "energy_bolt"))
    plain = make("P", pd=3, q=3)
    armoured = make("R", pd=3, q=3, abilities=("armoured",))
    iron = make("I", pd=3, q=3, abilities=("iron_will",))
    assert odds.ability(a, armoured, "terrify") == odds.ability(a, plain, "terrify") == brute_contest(3, 3)
    best2 = {f: Fraction(2 * f - 1, 36) for f in FACES}
    expected = sum(Fraction(1, 6) * p for a_face in FACES for f, p in best2.items() if a_face + 3 > f + 3)
    assert odds.ability(a, iron, "terrify") == expected
    assert odds.ability(a, armoured, "energy_bolt") == odds.ability(a, iron, "energy_bolt") == brute_contest(3, 3)


def test_action_abilities():
    """Conflicts: a special ability used as the villain's action."""
    a = make("A", pa=3, ma=4, q=2, abilities=("mind_blast", "pounce"))
    d = make("D", pd=2, md=3, q=5)
    assert odds.ability(a, d, "mind_blast") == brute_contest(6, 3)
    assert odds.ability(a, d, "pounce") == brute_contest(3, 2)  # no catch needed
    with pytest.raises(ValueError, match="not one used as an action"):
        odds.ability(a, d, "flying")


@pytest.mark.parametrize("kind", ["mental", "physical"])
def test_attack_odds_against_monte_carlo(kind):
    """Seeded Monte Carlo of the rules code agrees within 4 standard errors."""
    a, d = make("A", pa=4, ma=4, q=3), make("D", pd=3, md=2, q=3)
    spec = mental_attack_spec(a) if kind == "mental" else physical_attack_spec(a)
    exact = float(odds.mental_attack(a, d) if kind == "mental" else odds.physical_attack(a, d))
    chance = SampledChance(random.Random(2024))
    n = 20_000
    rules = load_rules()
    hits = sum(resolve_attack(a, d, spec, chance, rules).success for _ in range(n))
    assert abs(hits / n - exact) < 4 * (exact * (1 - exact) / n) ** 0.5


def test_flyer_standing_in_as_blocker_can_be_hit():
    """Blocking with flyers (reading 'flyer-block'): a flying blocker is hit without a catch."""
    a, f = make("A", pa=4), make("F", pd=2, abilities=("flying",))
    assert odds.physical_attack(a, f, blocked=True) == brute_contest(4, 2)
    with pytest.raises(IllegalAction):
        odds.physical_attack(a, f, load_rules().replace(flyers_block_melee=False), blocked=True)


@pytest.mark.parametrize("which", ["mind_blast", "terrify", "maneuver", "catch"])
def test_other_odds_against_monte_carlo(which):
    """Seeded Monte Carlo for abilities, the maneuver and the catch alone (4 standard errors)."""
    from explorer.asylum import abilities
    from explorer.asylum.combat import catch_roll, maneuver_stat, tactical_maneuver

    a = make("A", pa=4, ma=4, q=4, abilities=("mind_blast", "terrify"))
    d = make("D", pd=3, md=4, q=3, abilities=("iron_will",))
    chance = SampledChance(random.Random(99))
    rules = load_rules()
    n = 20_000
    if which == "maneuver":
        exact = odds.tactical_maneuver(a)
        trial = lambda: tactical_maneuver(a, maneuver_stat(a, rules), chance, rules)
    elif which == "catch":
        exact = odds.physical_breakdown(a, d).catch
        trial = lambda: catch_roll(a, d, physical_attack_spec(a), chance)
    else:
        exact = odds.ability(a, d, which)
        spec = abilities.get(which).effect(a, d, False)
        trial = lambda: resolve_attack(a, d, spec, chance, rules).success
    p = float(exact)
    hits = sum(bool(trial()) for _ in range(n))
    assert abs(hits / n - p) < 4 * (p * (1 - p) / n) ** 0.5 + 1e-9
