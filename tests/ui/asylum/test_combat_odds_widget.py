"""The combat odds widget: dropdowns, levels and sliders drive a table of exact
odds from :mod:`explorer.asylum.odds` and two charts."""

from __future__ import annotations

from fractions import Fraction

import pytest

from explorer.asylum import load_roster, odds
from explorer.asylum.combat import attack_dist, physical_attack_spec
from explorer.asylum.villains import STATS
from explorer.ui.asylum import CombatOddsExplorer
from explorer.ui.asylum import odds_plots as plots
from explorer.ui.asylum.combat_odds import CUSTOM
from explorer.ui.common import fraction_text, percent_text

ROSTER = load_roster()


@pytest.fixture
def x():
    return CombatOddsExplorer(attacker="Doctor Cortex", defender="Corporal Union")


def test_table_shows_exact_odds(x):
    """"Mental Attack", "Physical Attack", "Tactical Maneuvers": every row is the odds API's fraction."""
    a, d = ROSTER["Doctor Cortex"], ROSTER["Corporal Union"]
    b = odds.physical_breakdown(a, d)
    expected = {
        "mental": odds.mental_attack(a, d),
        "catch": b.catch,
        "hit": b.hit,
        "physical": b.defeat,
        "blocker": odds.physical_attack(a, d, blocked=True),
        "ability:mind_blast": odds.ability(a, d, "mind_blast"),
        "maneuver:attacker": odds.tactical_maneuver(a),
        "maneuver:defender": odds.tactical_maneuver(d),
    }
    assert {r.key: r.p for r in x.rows} == expected
    assert x.row("mental").p == Fraction(7, 12)
    for p in expected.values():
        assert fraction_text(p) in x.table.value and percent_text(p) in x.table.value
    assert 'data-key="physical"' in x.table.value
    assert "Physical Attack" in x.table.value and "Tactical Maneuvers" in x.table.value


def test_choosing_a_villain_sets_the_sliders_at_his_level(x):
    """"Upgrading Villains": a level-3 villain has both upgrades' stat changes."""
    x.defender_level.value = 3
    x.defender.value = "Gargantua"
    g3 = ROSTER["Gargantua"].at_level(3)
    assert {s: w.value for s, w in x.defender_stats.items()} == g3.stats
    assert x.defender_villain == g3
    x.defender_level.value = 1
    assert {s: w.value for s, w in x.defender_stats.items()} == ROSTER["Gargantua"].stats
    assert x.defender.value == "Gargantua"  # a level change is not a custom villain
    assert x.row("mental").p == odds.mental_attack(ROSTER["Doctor Cortex"], ROSTER["Gargantua"])


def test_moving_a_slider_makes_a_custom_villain(x):
    x.attacker_stats["mental_attack"].value = 6
    assert x.attacker.value == CUSTOM
    a = x.attacker_villain
    assert a.stat("mental_attack") == 6 and a.has("mind_blast")  # he keeps his special ability
    d = ROSTER["Corporal Union"]
    assert x.row("mental").p == odds.mental_attack(a, d) == Fraction(13, 18)
    assert x.row("ability:mind_blast").p == odds.ability(a, d, "mind_blast")
    # picking a roster villain again restores his stats
    x.attacker.value = "Doctor Cortex"
    assert x.attacker_stats["mental_attack"].value == ROSTER["Doctor Cortex"].stat("mental_attack")


def test_custom_stats_without_abilities(x):
    x.use_abilities.value = False
    assert not any(r.key.startswith("ability:") for r in x.rows)
    x.defender.value = "The Puppeteer"
    x.defender_level.value = 2  # iron will, but abilities are off
    p = x.defender_villain
    assert p.active_abilities == () and p.stats == ROSTER["The Puppeteer"].at_level(2).stats


def test_automatic_defence_is_in_the_odds(x):
    """"Automatic Special Abilities": Iron Will defends with the better of two dice."""
    x.defender_level.value = 2
    x.defender.value = "The Puppeteer"
    a, d = ROSTER["Doctor Cortex"], ROSTER["The Puppeteer"].at_level(2)
    assert x.row("mental").p == odds.mental_attack(a, d)
    assert "Iron Will" in x.info.value


def test_flyer_cannot_be_reached_by_melee(x):
    """"Flying & Ranged Attacks": melee attacks cannot reach a flyer; ranged ones can."""
    x.defender.value = "Madame Nocturne"
    assert x.row("physical").p is None
    assert "cannot reach" in x.table.value
    assert list(x.heatmap.data[2].x) == []  # no physical mark on the map
    x.attacker.value = "Deadeye Dolores"  # ranged at level 1
    a, d = ROSTER["Deadeye Dolores"], ROSTER["Madame Nocturne"]
    assert x.row("physical").p == odds.physical_attack(a, d)
    assert "(ranged)" in x.row("physical").action


def test_a_flyer_blocking_a_melee_attack(x):
    """"Blocking": with the default reading a flyer may step in front of a melee attack,
    and is then hit without a catch roll (the conflict rules allow it)."""
    x.attacker.value = "Gargantua"
    x.defender.value = "Madame Nocturne"
    a, d = ROSTER["Gargantua"], ROSTER["Madame Nocturne"]
    expected = attack_dist(a, d, physical_attack_spec(a), x.rules, blocked=True).prob(lambda r: r.success)
    assert x.row("blocker").p == expected


def test_mastermind_target_changes_citizens_arrest(x):
    """Corporal Union's Citizen's Arrest is +3 against a mastermind ("Mastermind")."""
    x.attacker.value = "Corporal Union"
    x.defender.value = "Doctor Cortex"
    a, d = ROSTER["Corporal Union"], ROSTER["Doctor Cortex"]
    plain = x.row("ability:citizens_arrest").p
    x.target_is_mastermind.value = True
    assert x.row("ability:citizens_arrest").p == odds.ability(a, d, "citizens_arrest", mastermind=True) > plain


def test_heatmap_marks_follow_the_stats(x):
    a, d = x.attacker_villain, x.defender_villain
    assert list(x.heatmap.data[1].x) == [a.stat("mental_attack") - d.stat("mental_defense")]
    x.attacker_stats["quickness"].value = 5
    x.attacker_stats["physical_attack"].value = 4
    assert list(x.heatmap.data[2].x) == [4 - d.stat("physical_defense")]
    assert list(x.heatmap.data[2].y) == [5 - d.stat("quickness")]
    # the marked cell holds the table's overall physical odds (no abilities in play here)
    x.use_abilities.value = False
    hm = x.heatmap.data[0]
    z = hm.z[list(hm.y).index(5 - d.stat("quickness"))][list(hm.x).index(4 - d.stat("physical_defense"))]
    assert z == float(x.row("physical").p)


def test_dice_view_toggle(x):
    for view in ("at_least", "at_most", "exact"):
        x.dice_view.value = view
        assert list(x.dice.data[0].y) == [float(p) for p in plots.dice_difference_values(view)[1]]
    assert sum(x.dice.data[0].y) == pytest.approx(1)
    x.dice_contest.value = "catch"
    edge = x.attacker_villain.stat("quickness") - x.defender_villain.stat("quickness")
    assert (f"stat edge {edge:+d}" if edge else "stat edge 0") in x.dice.layout.title.text


def test_swap(x):
    x.attacker_level.value = 2
    x.swap.click()
    assert x.attacker.value == "Corporal Union" and x.defender.value == "Doctor Cortex"
    assert x.defender_level.value == 2 and x.defender_villain == ROSTER["Doctor Cortex"].at_level(2)
    assert x.row("mental").p == odds.mental_attack(ROSTER["Corporal Union"], ROSTER["Doctor Cortex"].at_level(2))


def test_every_update_shows_the_new_odds(x):
    """"Physical Attack" (the catch uses Quickness), "Mental Attack": each slider move
    and each villain change shows the odds of the villains now chosen.  (How fast:
    ``python bench/bench_widgets.py``, target 100 ms.)"""
    names = list(ROSTER)
    for i in range(5):
        x.attacker_stats["quickness"].value = i
        a, d = x.attacker_villain, x.defender_villain
        assert a.stat("quickness") == i
        assert x.row("catch").p == odds.physical_breakdown(a, d).catch
    for name in names[2:7]:
        x.defender.value = name
        assert x.defender_villain.name == name
        assert x.row("mental").p == odds.mental_attack(x.attacker_villain, x.defender_villain)
        assert fraction_text(x.row("mental").p) in x.table.value


def test_css_classes_and_display(x):
    assert "xp-attacker" in x.attacker._dom_classes and "xp-defender" in x.defender._dom_classes
    assert "xp-odds-table" in x.table._dom_classes and "xp-heatmap" in x.heatmap.widget._dom_classes
    assert "xp-dice-bars" in x.dice.widget._dom_classes and "xp-dice-view" in x.dice_view._dom_classes
    for side in ("attacker", "defender"):
        for s in STATS:
            assert f"xp-{side}-{s.replace('_', '-')}" in x._stats(side)[s]._dom_classes
    bundle = x._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == "CombatOddsExplorer(attacker='Doctor Cortex', defender='Corporal Union')"


def test_unknown_villain():
    with pytest.raises(KeyError, match="Nobody"):
        CombatOddsExplorer(attacker="Nobody")


def test_the_mastermind_tick_always_shows(x):
    """"Victory in Conflicts": attacking the rival mastermind scores 1 more VP, win or
    lose (unless blocked); ticking the box changes the VP of every attack row."""
    before = {r.key: (r.vp, r.expected_vp) for r in x.rows}
    table = x.table.value
    x.target_is_mastermind.value = True
    after = {r.key: (r.vp, r.expected_vp) for r in x.rows}
    assert x.table.value != table
    for key in ("mental", "physical", "ability:mind_blast"):
        assert after[key][0] == "5 + 1 (mastermind)" and before[key][0] == "5"
        assert after[key][1] > before[key][1]
    # the mental attack scores the point whatever the dice: exactly one more expected VP
    assert after["mental"][1] == before["mental"][1] + 1
    assert after["blocker"] == before["blocker"]  # a blocker takes the attack: no mastermind point
    for pair in (("Gargantua", "Madame Nocturne"), ("Oscar", "The Widow")):  # pairs where the odds do not move
        x.attacker.value, x.defender.value = pair
        x.target_is_mastermind.value = False
        plain = x.table.value
        x.target_is_mastermind.value = True
        assert x.table.value != plain


def test_expected_vp_comes_from_the_conflict_rules(x):
    """"Victory in Conflicts": 5 VP for a defeat, 3 for a maneuver."""
    a, d = ROSTER["Doctor Cortex"], ROSTER["Corporal Union"]
    assert x.row("mental").expected_vp == 5 * odds.mental_attack(a, d)
    assert x.row("maneuver:attacker").expected_vp == 3 * odds.tactical_maneuver(a)
    assert x.row("physical").expected_vp == 5 * odds.physical_attack(a, d)


def test_every_chance_opens_to_its_terms(x):
    """Explain this number: each probability in the table opens to the terms behind it,
    and those terms give the same number."""
    x.defender_level.value = 2
    x.defender.value = "The Puppeteer"
    for r in x.rows:
        if r.p is not None:
            assert r.explanation is not None and r.explanation.p == r.p, r.key
    assert x.table.value.count("<details class='xp-why-number'>") == sum(r.p is not None for r in x.rows)
    assert "Iron Will" in x.table.value and "the better of two d6" in x.table.value


def test_no_contest_colours_no_bar(x):
    x.dice_contest.value = "none"
    assert set(x.dice.data[0].marker.color) == {plots.NEUTRAL_COLOUR}
    x.dice_contest.value = "mental"
    assert plots.ATTACKER_COLOUR in x.dice.data[0].marker.color
