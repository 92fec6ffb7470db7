"""Doom Asylum's combat odds page keeps a villain's level ("Upgrading Villains")
when special abilities are not counted, and after a slider move."""

from __future__ import annotations

import pytest

from explorer.asylum import load_roster, odds
from explorer.ui.asylum import CombatOddsExplorer
from explorer.ui.asylum.combat_odds import CUSTOM

ROSTER = load_roster()


@pytest.mark.parametrize("abilities", [True, False])
def test_a_level_3_villain_stays_level_3_after_a_slider_move(abilities):
    """Upgrading Villains: the level shown is the level chosen, abilities counted or not."""
    x = CombatOddsExplorer(attacker="Doctor Cortex", defender="Corporal Union")
    x.defender_level.value = 3
    x.use_abilities.value = abilities
    assert "Corporal Union (L3)" in x.info.value and "(L1)" not in x.info.value.split("Defender")[1]
    x.defender_stats["quickness"].value = 5
    assert x.defender.value == CUSTOM
    assert x.defender_villain.level == 3 and "(L3)" in x.info.value.split("Defender")[1]
    assert "(L1)" not in x.info.value.split("Defender")[1]
    assert x.defender_villain.stat("quickness") == 5


def test_without_abilities_the_stats_stay_those_of_his_level():
    """Knowing your Villains / Upgrading Villains: unticking abilities drops the
    abilities, not the upgrades' stat changes; the odds are those of the bare stats."""
    x = CombatOddsExplorer(attacker="Doctor Cortex", defender="Corporal Union")
    x.defender_level.value = 3
    x.use_abilities.value = False
    union3 = ROSTER["Corporal Union"].at_level(3)
    d = x.defender_villain
    assert d.level == 3 and d.stats == union3.stats and d.active_abilities == ()
    assert d.pronoun == union3.pronoun
    assert x.row("mental").p == odds.mental_attack(x.attacker_villain, d)
    x.defender.value = "Madame Nocturne"
    assert x.defender_villain.pronoun == ROSTER["Madame Nocturne"].pronoun
