"""Doomtrooper's widgets, driven through their callbacks: the combat explorer, the
attack graph view and the table stepper (a seat's view)."""

from __future__ import annotations

import html
from fractions import Fraction

from explorer.core.events import visible
from explorer.doomtrooper import attack_rule, odds
from explorer.doomtrooper.state import Phase
from explorer.ui.doomtrooper import AttackGraphView, CombatExplorer, TableStepper, attack_graph_figure
from explorer.ui.doomtrooper.table import EVERYTHING


def test_the_explorer_gives_the_odds_apis_table():
    """Determine Combat Standing / Doomtrooper with Dice: the table is odds.combat for the controls."""
    x = CombatExplorer(attacker="Sean Gallagher", defender="Nepharite of Ilian")
    assert x.outcomes == {("wounded", "wounded"): Fraction(1)}
    x.attacker_kit.value = ("Violator Sword",)
    x.defender_wounded.value = True
    x.dice.value = "3d6"
    a, d = x.warrior("attacker"), x.warrior("defender")
    assert x.outcomes == odds.combat(a, d, dice="3d6") and sum(x.outcomes.values()) == 1
    assert "Nepharite of Ilian killed" in x.table.value and "Violator Sword" in x.ratings_view.value
    x.tactic.value = "shoot"
    x.cover.value = True
    assert x.outcomes == odds.combat(a, d, "shoot", "3d6", cover=True)
    assert "in cover" in x.ratings_view.value


def test_the_explorer_names_the_rule_behind_the_verdict_and_the_kit():
    """Announce Attacker and Defender / Equip Warrior: a refused attack and a kit against the rules are said."""
    x = CombatExplorer(attacker="Sean Gallagher", defender="Brotherhood Mystic")
    assert "forbid this attack" in x.verdict.value and "combat.announce.brotherhood" in x.verdict.value
    assert attack_rule(x.warrior("attacker"), x.warrior("defender"))[0] is False
    x.attacker_kit.value = ("Combat Armor", "Power Armor")
    assert "only one armor" in x.verdict.value


def test_the_heatmap_marks_the_matchup():
    x = CombatExplorer(dice="2d6")
    fig = x.figure.figure
    heat, star = fig.data[0], fig.data[1]
    assert heat.type == "heatmap" and (star.x[0], star.y[0]) == x.edges() == (10 - 7, 8 - 8)
    x.grid_outcome.value = "both wounded"
    assert "both wounded" in x.figure.layout.title.text
    cell = x.figure.data[0].z[8 + 0][8 + 3]  # their edge 0 (row), your edge 3 (column)
    assert abs(cell - float(odds.wound_chance(3, 0, "2d6") * odds.wound_chance(0, 0, "2d6"))) < 1e-12


def test_the_attack_graph_view():
    """Announce Attacker and Defender: arrows for allowed attacks; none between one player's warriors."""
    def arrows():
        return sum(len(t.x) for t in view.figure.data if t.marker.symbol == "arrow")

    view = AttackGraphView()
    assert arrows() > 20 and "combat.announce.corporation" in view.refusals.value
    view.same_owner.value = True
    assert arrows() == 0
    assert "combat.announce.own" in view.refusals.value
    assert attack_graph_figure().layout.title.text.startswith("Who may attack whom")


def test_the_table_stepper_shows_a_seats_view():
    """The Table Layout / Muster Warrior in Cover: the table and the log from one seat's side."""
    t = TableStepper(seed=3, seat=0)
    w = t.stepper_widget
    w.next()  # the deal
    assert "hand: 7 cards" in w.state_view.value  # seat 1's hand, counted
    entry = w.stepper.history[-1]
    secret = [html.escape(e.text) for e in entry.events if e.visible_to == frozenset({1})]
    assert secret and all(s not in w.log_view.value for s in secret)
    t.view_as.value = EVERYTHING
    assert all(s in w.log_view.value for s in secret) and "hand: 7 cards" not in w.state_view.value
    t.view_as.value = 1
    assert all(s in w.log_view.value for s in secret)


def test_the_table_stepper_plays_to_a_combat_and_explains_it():
    t = TableStepper(seed=5, seat=None)
    w = t.stepper_widget
    while not w.stepper.over and w.stepper.state.phase is not Phase.COMBAT:
        w.next()
    assert "The combat, as it stands" in t.combat_view.value and "(printed)" in t.combat_view.value
    assert t._tempting(t.game, w.stepper.state) == ()  # nobody's decisions are the person's here


def test_why_not_only_at_your_own_decisions():
    t = TableStepper(seed=3, seat=0)
    w = t.stepper_widget
    while not w.waiting():
        w.next()
    assert w.stepper.decision.player == 0 and w.option_buttons
    state = w.stepper.state
    for action in t._tempting(t.game, state):
        assert action not in w.stepper.decision.options
    assert all(e.seen_by(0) for entry in w.stepper.history for e in visible(entry.events, 0))
