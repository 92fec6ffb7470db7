"""The what-if contract (explorer.doomtrooper.metrics): every rule number and switch by name
with its range, variants checked, one game measured, the exact effect of the cover bonus."""

from __future__ import annotations

from fractions import Fraction

import pytest

from explorer.core.data import DataError
from explorer.doomtrooper import metrics
from explorer.doomtrooper.params import CHOICES, NUMBERS, OPTIONS, rule_choices


def test_every_number_switch_and_choice_is_exposed_with_its_range():
    params = metrics.parameters()
    assert set(params) == set(NUMBERS) | set(OPTIONS) | set(CHOICES)
    assert params["dice"] == {"kind": "choice", "value": "none", "choices": rule_choices()["dice"]}
    assert params["promotion_goal"] == {"kind": "number", "value": 25, "min": 1, "max": 200}
    assert params["sabotage"] == {"kind": "switch", "value": False}


def test_a_bad_variant_names_the_override():
    with pytest.raises(DataError) as err:
        metrics.variant_game({"cover_armor": 99})
    assert err.value.entry == "cover_armor"
    assert metrics.game_for({"dice": "d20"}).rules.dice == "d20"


def test_one_game_is_measured():
    values = metrics.play(metrics.game_for({}), "m#1")
    assert set(values) == {m.name for m in metrics.metrics()}  # the seats a variant may have, the basic game's two
    assert values["win_seat_0"] + values["win_seat_1"] + values["draw"] >= 1 and values["combats"] >= values["kills"] / 2


def test_each_ending_s_rate_says_what_ended_the_game():
    """BEAT DOWN, OVERVIEW: an ending's rate is labelled with what happened, not its short name."""
    labels = {m.name: m.label for m in metrics.metrics()}
    assert labels["end_C_beaten"] == "ends because player C's last warrior left play"
    assert labels["end_promotion_goal"] == "ends because the Promotion goal was reached"


def test_the_cover_bonus_has_an_exact_local_effect_in_the_game_s_own_dice():
    """Seek Cover: cover adds to the Armor.  Without dice (the printed rules) a warrior in cover
    is wounded exactly when the attack reaches Armor + cover, so the chart is a step at the bonus;
    under Doomtrooper with Dice (``base``, as the what-if page's With box sends it) each side adds
    its own roll, checked against every pair of 2d6 rolls counted by hand."""
    effect = metrics.exact_effect("cover_armor", [3, 5])
    assert "no dice" in effect["title"]
    for cover in (3, 5):
        assert effect["series"][cover] == [Fraction(int(x >= cover)) for x in effect["x"]]
    dice = metrics.exact_effect("cover_armor", [3, 5], {"dice": "2d6"})
    assert "2d6 dice" in dice["title"]
    rolls = [a + b for a in range(1, 7) for b in range(1, 7)]
    for cover in (3, 5):
        assert dice["series"][cover] == [Fraction(sum(x + r >= cover + s for r in rolls for s in rolls), 36 * 36)
                                         for x in dice["x"]]
    at_zero = dice["x"].index(0)
    assert dice["series"][3][at_zero] > dice["series"][5][at_zero] > Fraction(0)
    assert metrics.exact_effect("promotion_goal", [25]) is None
