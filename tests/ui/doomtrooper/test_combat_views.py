"""Doomtrooper's combat odds page: a card the rules forbid does not change the
odds, and each blow is drawn as a distribution (exactly, at least, at most)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from explorer.core.dist import Dist
from explorer.doomtrooper import odds
from explorer.ui.common import probability_text
from explorer.ui.doomtrooper import CombatExplorer
from explorer.ui.doomtrooper.combat import legal_kit


@pytest.mark.parametrize("dice", ["none", "2d6"])
def test_a_forbidden_card_does_not_change_the_odds(dice):
    """Equip Warrior: the Nazgaroth Blade (+4 Fight) is for the Dark Legion only; on
    Sean Gallagher it is named as not allowed and the odds stay those without it."""
    x = CombatExplorer(attacker="Sean Gallagher", defender="Nepharite of Ilian", dice=dice)
    before, ratings = dict(x.outcomes), x.fight.ratings
    x.attacker_kit.value = ("Nazgaroth Blade",)
    assert "Not allowed" in x.verdict.value and "Left out of the odds" in x.verdict.value
    assert x.outcomes == before and x.fight.ratings == ratings
    assert "Nazgaroth Blade" not in x.ratings_view.value


def test_only_the_forbidden_card_is_left_out():
    """Equip Warrior: one armor; the second armor is left out, the sword kept."""
    x = CombatExplorer(attacker="Sean Gallagher", defender="Nepharite of Ilian", dice="2d6")
    x.attacker_kit.value = ("Combat Armor", "Power Armor", "Violator Sword")
    assert x.counted("attacker").equipment == ("Combat Armor", "Violator Sword")
    assert legal_kit(x.warrior("attacker"), x.pool) == ("Combat Armor", "Violator Sword")
    kept = x.warrior("attacker")._replace(equipment=("Combat Armor", "Violator Sword"))
    assert x.outcomes == odds.combat(kept, x.warrior("defender"), dice="2d6")


@pytest.mark.parametrize("dice", ["2d6", "3d6", "d20"])
def test_each_blow_is_the_wound_chance_of_the_dice_rule(dice):
    """Doomtrooper with Dice: a blow wounds when attack + roll is equal to or above Armor + roll."""
    x = CombatExplorer(attacker="Sean Gallagher", defender="Nepharite of Ilian", dice=dice)
    for side, (attack, armor) in ((0, (10, 7)), (1, (8, 8))):
        margin = x.blow_margin(side)
        assert sum(p for _, p in margin.items()) == 1
        assert margin.prob(lambda m: m >= 0) == odds.wound_chance(attack, armor, dice)
    x.blow.value = 1
    title = x.blow_figure.layout.title.text
    assert "Nepharite of Ilian's blow" in title and probability_text(odds.wound_chance(8, 8, dice)) in title


def test_the_blow_views_and_table():
    x = CombatExplorer(attacker="Sean Gallagher", defender="Nepharite of Ilian", dice="2d6")
    margin = x.blow_margin(0)
    bar = x.blow_figure.data[0]
    assert list(bar.x) == sorted(margin.outcomes)
    x.blow_view.value = "at_least"
    bar = x.blow_figure.data[0]
    assert bar.y[list(bar.x).index(0)] == float(margin.prob(lambda m: m >= 0))
    assert x.blow_figure.layout.yaxis.range[1] <= 1
    assert "at least" in x.blow_table.value and "at most" in x.blow_table.value
    (output,) = x.blow_figure.widget.outputs
    assert "text/html" in output["data"]  # drawn through the app's path


def test_under_the_printed_rules_a_blow_is_certain():
    x = CombatExplorer(attacker="Sean Gallagher", defender="Nepharite of Ilian")
    assert x.blow_margin(0) == Dist.certain(3) and x.blow_margin(1) == Dist.certain(0)
    assert x.blow_margin(0)[3] == Fraction(1)
    assert "certain under the printed rules" in x.blow_figure.layout.title.text


def test_a_warrior_already_wounded_and_not_hit_is_still_wounded():
    """Attack: a wounded warrior wounded again is killed; one that came in wounded and
    was not hit stays as he was, said "still wounded" (plain "wounded" read as hurt
    in this combat).  In cover (+3 Armor) Sean's Shoot 5 + the AR3000's 3 = 8 does not
    reach the Nepharite's 10; the Nepharite's Shoot 8 wounds Sean's Armor 8."""
    x = CombatExplorer(attacker="Sean Gallagher", defender="Nepharite of Ilian", tactic="shoot", cover=True)
    x.attacker_kit.value = ("AR3000 Assault Rifle",)
    x.defender_wounded.value = True
    assert x.outcomes == {("wounded", "wounded"): 1}
    assert "Sean Gallagher wounded" in x.table.value
    assert "Nepharite of Ilian still wounded" in x.table.value
    x.tactic.value, x.cover.value = "fight", False  # Fight 10 against Armor 7: now he is hit, and killed
    assert "Nepharite of Ilian killed" in x.table.value and "still" not in x.table.value


def test_status_text():
    """A warrior's status after a combat, as a person reads it."""
    assert [odds.status_text(s, False) for s in ("unhurt", "wounded", "killed")] == ["unhurt", "wounded", "killed"]
    assert [odds.status_text(s, True) for s in ("wounded", "killed")] == ["still wounded", "killed"]
