"""The odds API (explorer.doomtrooper.odds): exact outcome tables of a combat under
the printed rules and under "Doomtrooper with Dice", cross-checked against an
independent enumeration of the dice and against seeded Monte Carlo."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from explorer.core.engine import SampledChance
from explorer.doomtrooper import Warrior, odds
from explorer.doomtrooper.cards import Equipment
from explorer.doomtrooper.base.clash import clash

SEAN = Warrior(name="Sean Gallagher", fight=10, shoot=5, armor=8, value=6, affiliation="Imperial")
NEPHARITE = Warrior(name="Nepharite of Ilian", fight=8, shoot=8, armor=7, value=5, affiliation="Dark Legion")

DICE = {"2d6": (2, 6), "3d6": (3, 6), "d20": (1, 20)}


def sums(n: int, sides: int) -> list[int]:
    """Every total of n dice, once per way of rolling it (an independent enumeration)."""
    return [sum(r) for r in itertools.product(range(1, sides + 1), repeat=n)]


def brute_wound(attack: int, armor: int, n: int, sides: int) -> Fraction:
    rolls = sums(n, sides)
    hits = sum(1 for x in rolls for y in rolls if attack + x >= armor + y)
    return Fraction(hits, len(rolls) ** 2)


# -- wound_chance --------------------------------------------------------------------------------------

@pytest.mark.parametrize("dice", list(DICE))
@pytest.mark.parametrize("attack,armor", [(10, 7), (8, 8), (5, 11), (-4, -4), (0, 12), (12, 0)])
def test_wound_chance_with_dice_matches_an_independent_enumeration(dice, attack, armor):
    """Doomtrooper with Dice: each side rolls its own dice, P(attack + dice >= armor + dice)."""
    assert odds.wound_chance(attack, armor, dice=dice) == brute_wound(attack, armor, *DICE[dice])


def test_wound_chance_without_dice_is_certain_either_way():
    """Determine Combat Standing: equal or greater wounds; less does nothing."""
    assert odds.wound_chance(8, 8, dice=None) == Fraction(1)
    assert odds.wound_chance(9, 8, dice=None) == Fraction(1)
    assert odds.wound_chance(7, 8, dice=None) == Fraction(0)
    assert isinstance(odds.wound_chance(7, 8, dice=None), Fraction)


def test_wound_chance_at_equal_ratings_favours_the_attacker():
    """Doomtrooper with Dice: ties still wound ("equal or greater"), so equal ratings wound more than half the time."""
    p = odds.wound_chance(8, 8, "2d6")
    assert p > Fraction(1, 2) and p == Fraction(1, 2) + Fraction(146, 1296) / 2


def test_negative_ratings_count():
    """Modify Combat Ratings: a Fight of -4 still wounds an Armor of -4 or less."""
    assert odds.wound_chance(-4, -4, dice=None) == 1
    assert odds.wound_chance(-4, -5, dice=None) == 1
    assert odds.wound_chance(-4, -3, dice=None) == 0


def test_unknown_dice_are_refused():
    with pytest.raises(ValueError, match="unknown dice"):
        odds.wound_chance(5, 5, dice="4d4")


# -- combat -----------------------------------------------------------------------------------------------

def test_the_rulebook_example_both_are_wounded():
    """Determine Combat Standing (the rulebook's example): Sean's Fight 10 against the
    Nepharite's Armor 7 wounds; the Nepharite's Fight 8 against Sean's Armor 8 wounds too."""
    assert odds.combat(SEAN, NEPHARITE, tactic="fight") == {("wounded", "wounded"): Fraction(1)}


def test_shooting_uses_the_shoot_ratings():
    """Announce Battle Tactics: in a firefight both use Shoot (Sean 5 against Armor 7 misses)."""
    assert odds.combat(SEAN, NEPHARITE, tactic="shoot") == {("wounded", "unhurt"): Fraction(1)}


def test_cover_adds_three_armor_to_the_defender():
    """Seek Cover / Determine Combat Standing: a Defender in cover has +3 Armor."""
    assert odds.combat(NEPHARITE, SEAN, tactic="fight", cover=True) == {("wounded", "unhurt"): Fraction(1)}
    assert odds.combat(NEPHARITE, SEAN, tactic="fight") == {("wounded", "wounded"): Fraction(1)}


def test_a_wounded_warrior_hit_again_is_killed():
    """Change Warrior Status: wounded, then killed."""
    hurt = NEPHARITE._replace(wounded=True)
    assert odds.combat(SEAN, hurt) == {("wounded", "killed"): Fraction(1)}
    assert odds.combat(SEAN._replace(wounded=True), hurt) == {("killed", "killed"): Fraction(1)}


def test_a_wounded_warrior_fights_as_well_as_ever():
    """Change Warrior Status: a wound does not change the ratings."""
    a = odds.fight(SEAN._replace(wounded=True), NEPHARITE).ratings
    b = odds.fight(SEAN, NEPHARITE).ratings
    assert a == b


def test_equipment_counts_weapons_only_in_their_own_tactic():
    """Equip Warrior: a Fight weapon has no effect in a shooting combat; armor counts in both."""
    armed = SEAN._replace(equipment=("Violator Sword", "Combat Armor"))
    fight = odds.fight(armed, NEPHARITE, "fight").ratings[0]
    shoot = odds.fight(armed, NEPHARITE, "shoot").ratings[0]
    assert (fight.attack, fight.armor) == (13, 11)
    assert (shoot.attack, shoot.armor) == (5, 11)


def test_only_one_weapon_is_used():
    """Equip Warrior: a warrior uses one weapon in a combat; by default the odds take the best."""
    two = SEAN._replace(equipment=("Violator Sword", "Punisher Handgun"))
    assert odds.fight(two, NEPHARITE, "fight").ratings[0].attack == 13
    assert odds.fight(two, NEPHARITE, "fight", weapons=("Punisher Handgun", None)).ratings[0].attack == 12
    with pytest.raises(ValueError, match="not a weapon"):
        odds.fight(two, NEPHARITE, "shoot", weapons=("Violator Sword", None))


def test_spare_copies_add_nothing():
    """Equip Warrior: only one copy of a card works at a time."""
    doubled = SEAN._replace(equipment=("Combat Armor", "Combat Armor", "Shield Generator", "Shield Generator"))
    assert odds.fight(doubled, NEPHARITE).ratings[0].armor == 8 + 3 + 1


def test_equipment_given_as_a_value():
    blade = Equipment("Homemade blade", "fight weapon", fight=5)
    assert odds.fight(SEAN._replace(equipment=(blade,)), NEPHARITE).ratings[0].attack == 15
    with pytest.raises(ValueError, match="by card name"):
        odds.combat(SEAN._replace(equipment=(3,)), NEPHARITE)
    with pytest.raises(ValueError, match="no card named"):
        odds.combat(SEAN._replace(equipment=("Laser",)), NEPHARITE)


def test_a_striker_killing_first_is_not_struck_back():
    """Striking First: a wounded opponent killed by the first blow cannot strike back."""
    striker = SEAN._replace(strike_first="first")
    hurt = NEPHARITE._replace(wounded=True)
    assert odds.combat(striker, hurt) == {("unhurt", "killed"): Fraction(1)}


def test_a_survivor_strikes_back():
    """Striking First: an opponent that is only wounded strikes back."""
    striker = SEAN._replace(strike_first="first")
    assert odds.combat(striker, NEPHARITE) == {("wounded", "wounded"): Fraction(1)}


def test_a_striker_whose_hit_ends_the_combat():
    """Striking First: some strikers end the combat when they hit."""
    samurai = SEAN._replace(strike_first="ends")
    assert odds.combat(samurai, NEPHARITE) == {("unhurt", "wounded"): Fraction(1)}


def test_two_strikers_cancel_out():
    """Striking First: two strike-first abilities cancel out, and the combat is simultaneous..."""
    hurt = NEPHARITE._replace(wounded=True, strike_first="first")
    assert odds.combat(SEAN._replace(strike_first="first"), hurt) == {("wounded", "killed"): Fraction(1)}


def test_unless_one_strikes_first_even_then():
    """...unless a card says its ability works even against another striker."""
    hurt = NEPHARITE._replace(wounded=True, strike_first="first")
    assert odds.combat(SEAN._replace(strike_first="always"), hurt) == {("unhurt", "killed"): Fraction(1)}


def test_tactic_is_checked():
    with pytest.raises(ValueError, match="fight' or 'shoot"):
        odds.combat(SEAN, NEPHARITE, tactic="punch")


def brute_combat(a, d, wounded, n, sides):
    """The whole combat by explicit loops over four independent rolls (no strikers)."""
    rolls = sums(n, sides)
    total = len(rolls) ** 4
    out = {}
    for x1, y1, x2, y2 in itertools.product(rolls, repeat=4):
        hit_d = a[0] + x1 >= d[1] + y1
        hit_a = d[0] + x2 >= a[1] + y2
        sa = ("killed" if wounded[0] else "wounded") if hit_a else ("wounded" if wounded[0] else "unhurt")
        sd = ("killed" if wounded[1] else "wounded") if hit_d else ("wounded" if wounded[1] else "unhurt")
        out[(sa, sd)] = out.get((sa, sd), 0) + 1
    return {k: Fraction(v, total) for k, v in out.items()}


@pytest.mark.parametrize("wounded", [(False, False), (True, False), (False, True), (True, True)])
def test_combat_with_2d6_matches_an_independent_enumeration(wounded):
    """Doomtrooper with Dice: the outcome table is exact."""
    a, d = SEAN._replace(wounded=wounded[0]), NEPHARITE._replace(wounded=wounded[1])
    got = odds.combat(a, d, dice="2d6")
    assert got == brute_combat((10, 8), (8, 7), wounded, 2, 6)
    assert sum(got.values()) == 1


def test_combat_with_d20_in_cover_matches_an_independent_enumeration():
    a, d = NEPHARITE, SEAN._replace(wounded=True)
    got = odds.combat(a, d, dice="d20", cover=True)
    assert got == brute_combat((8, 7), (10, 8 + 3), (False, True), 1, 20)


def test_combat_with_dice_agrees_with_seeded_monte_carlo():
    """Doomtrooper with Dice: the exact table against 20,000 seeded plays of the same rule."""
    a = SEAN._replace(strike_first="first", wounded=True)
    d = NEPHARITE._replace(equipment=("Nazgaroth Blade",))
    exact = odds.combat(a, d, dice="3d6")
    f = odds.fight(a, d)
    roll = odds.dice_roll("3d6")
    rng = random.Random("monte carlo")
    n = 20_000
    counts = {}
    for _ in range(n):
        o = clash(*f.ratings, (True, False), SampledChance(rng), roll)
        counts[o] = counts.get(o, 0) + 1
    for outcome, p in exact.items():
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(counts.get(outcome, 0) / n - float(p)) < 5 * sd + 1e-9, (outcome, p, counts)
    assert set(counts) <= set(exact)


def test_the_outcome_table_sums_to_one_in_fractions():
    got = odds.combat(SEAN, NEPHARITE, dice="2d6", tactic="shoot")
    assert all(isinstance(p, Fraction) and p > 0 for p in got.values()) and sum(got.values()) == 1
    assert all(s in ("unhurt", "wounded", "killed") for pair in got for s in pair)


def test_the_edge_grid_is_the_product_of_two_wound_chances():
    """Doomtrooper with Dice: with no striker the two blows are independent, so each cell of the
    grid is a product of two wound chances; under the printed rules every cell is 0 or 1."""
    edges = (-3, 0, 4)
    grid = odds.edge_grid("2d6", edges)
    for i, theirs in enumerate(edges):
        for j, mine in enumerate(edges):
            assert grid[i][j] == odds.wound_chance(mine, 0, "2d6") * (1 - odds.wound_chance(theirs, 0, "2d6"))
    assert {p for row in odds.edge_grid(None, edges, "both wounded") for p in row} == {0, 1}
    with pytest.raises(ValueError, match="unknown outcome"):
        odds.edge_grid("2d6", edges, "a draw")


def test_kit_problems_name_what_the_rules_forbid():
    """Equip Warrior / Bestow Gift: one armor, cards for some warriors only, gifts for the Dark Legion."""
    assert odds.kit_problems(SEAN._replace(equipment=("Violator Sword", "Combat Armor"))) == []
    problems = odds.kit_problems(SEAN._replace(equipment=("Combat Armor", "Power Armor", "Nazgaroth Blade",
                                                          "Dark Strength")))
    assert len(problems) == 3 and "only one armor" in problems[0] and "a Dark Legion warrior" in problems[1]
    assert "not a Dark Legion warrior" in problems[2]
    legion = NEPHARITE._replace(follower_of="Ilian", equipment=("Distort", "Void Mastery"))
    assert odds.kit_problems(legion) == ["Distort is a Gift of Algeroth: only a Follower of Algeroth may have it"]
