"""The conflict lab: teams, policies and masterminds drive exact whole-conflict
odds, a seeded stepper whose option buttons carry their win chances, and a
policy comparison."""

from __future__ import annotations

import pytest

from explorer.asylum import load_roster, odds
from explorer.asylum.conflict import Block, PhysicalAttack
from explorer.core.engine import Stepper
from explorer.ui.asylum import ConflictLab
from explorer.ui.common import fraction_text, probability_text

ROSTER = load_roster()


def team(*names):
    return [ROSTER[n] for n in names]


@pytest.fixture
def lab():
    return ConflictLab(attackers=["Doctor Cortex", "Oscar"], defenders=["Corporal Union", "Gargantua"])


def test_nothing_heavy_runs_before_compute(lab):
    assert lab.conflict_odds is None and lab.labels == {}
    assert "Compute odds" in lab.status.value
    assert lab.option_buttons and all("win" not in b.description for b in lab.option_buttons)


def test_compute_gives_the_exact_conflict_odds(lab):
    """"Victory in Conflicts", "Concluding a Conflict": the whole outcome, exactly."""
    lab.compute.click()
    expected = odds.conflict(team("Doctor Cortex", "Oscar"), team("Corporal Union", "Gargantua"), "expected-vp")
    co = lab.conflict_odds
    assert (co.attacker_wins, co.draw, co.defender_wins) == (expected.attacker_wins, expected.draw, expected.defender_wins)
    assert co.margin == expected.margin and co.doomsday == expected.doomsday
    assert list(lab.outcome_fig.data[0].y) == [float(expected.attacker_wins), float(expected.draw), float(expected.defender_wins)]
    assert sum(lab.outcome_fig.data[0].y) == pytest.approx(1)
    assert sum(lab.margin_fig.data[0].y) == pytest.approx(1)
    assert fraction_text(expected.attacker_wins) in lab.summary.value
    assert lab.status.value.startswith("done in")


def test_option_buttons_carry_option_odds(lab):
    lab.compute.click()
    state = lab.stepper.state
    expected = odds.option_odds(state, "expected-vp")
    assert lab.labels == expected
    assert [b.option for b in lab.option_buttons] == list(expected)
    for b in lab.option_buttons:
        assert str(b.option) in b.description and "win" in b.description
        assert fraction_text(expected[b.option]) in b.tooltip


def test_clicking_steps_and_undo_goes_back(lab):
    """"Conflicts": the attacker acts first, then the sides alternate."""
    lab.compute.click()
    initial = lab.stepper.state
    first = lab.option_buttons[0]
    first.click()
    assert lab.stepper.actions == [first.option]
    assert lab.stepper.state.turn == 1 or lab.stepper.state.pending is not None
    assert lab.labels == odds.option_odds(lab.stepper.state, "expected-vp")  # relabelled (cheap)
    assert "Step 2" in lab.step_status.value and first.option.actor in lab.log.value
    lab.undo.click()
    assert lab.stepper.history == [] and lab.stepper.state == initial
    assert lab.undo.disabled


def test_the_stepper_is_seeded(lab):
    lab.seed.value = 7
    lab.reset.click()
    lab.play_out.click()
    first = (lab.stepper.actions, lab.stepper.state.result)
    assert lab.stepper.over and "Conflict over." in lab.step_status.value
    lab.reset.click()
    assert lab.stepper.history == []
    lab.play_out.click()
    assert (lab.stepper.actions, lab.stepper.state.result) == first
    # the same as a plain Stepper with that seed and the greedy policies
    st = Stepper(odds.GAME, lab.initial_state(), seed=7, policies=odds.policies("expected-vp"))
    st.run()
    assert st.state.result == first[1]


def test_policy_step(lab):
    lab.policy_step.click()
    assert len(lab.stepper.history) == 1


def test_blocking_decision_belongs_to_the_defenders():
    """"Blocking": a declared physical attack waits for the defenders' answer."""
    lab = ConflictLab(attackers=["Gargantua"], defenders=["Corporal Union", "Doctor Cortex"])
    lab.compute.click()
    attack = PhysicalAttack("Gargantua", "Corporal Union")
    lab.choose(attack)
    dec = lab.stepper.decision
    assert dec.player == 1 and set(dec.options) == {Block(None), Block("Doctor Cortex")}
    assert lab.labels == odds.option_odds(lab.stepper.state, "expected-vp")
    assert "defenders" in lab.step_status.value
    assert {b.option for b in lab.option_buttons} == set(dec.options)


def test_masterminds_follow_the_teams(lab):
    """"Mastermind": the default is each team's first villain."""
    assert lab.attacker_mastermind.value == "Doctor Cortex"
    assert list(lab.defender_mastermind.options) == ["Corporal Union", "Gargantua"]
    lab.defender_mastermind.value = "Gargantua"
    assert lab.initial_state().setup.masterminds == ("Doctor Cortex", "Gargantua")
    lab.defender_slots[1].value = ""
    assert list(lab.defender_mastermind.options) == ["Corporal Union"]
    assert lab.initial_state().setup.masterminds == ("Doctor Cortex", "Corporal Union")


def test_levels_and_changes_make_the_odds_stale(lab):
    lab.compute.click()
    lab.attacker_levels[0].value = 3
    assert lab.conflict_odds is None and lab.labels == {}
    assert lab.team(0)[0] == ROSTER["Doctor Cortex"].at_level(3)
    lab.compute.click()
    expected = odds.conflict([ROSTER["Doctor Cortex"].at_level(3), ROSTER["Oscar"]], team("Corporal Union", "Gargantua"))
    assert lab.conflict_odds.attacker_wins == expected.attacker_wins


def test_a_villain_twice_is_an_error(lab):
    lab.defender_slots[1].value = "Doctor Cortex"
    assert "twice" in lab.error and "twice" in lab.status.value
    assert lab.option_buttons == [] and lab.stepper is None
    lab.compute.click()
    assert lab.conflict_odds is None
    lab.defender_slots[1].value = "Iron Maiden"
    assert lab.error is None and lab.option_buttons


def test_policies_per_side():
    lab = ConflictLab(attackers=["Doctor Cortex"], defenders=["Corporal Union"], policies=("random", "best"))
    lab.compute.click()
    expected = odds.conflict(team("Doctor Cortex"), team("Corporal Union"), ("random", "best"))
    assert lab.conflict_odds.attacker_wins == expected.attacker_wins
    lab.defender_policy.value = "expected-vp"
    assert lab.conflict_odds is None
    lab.compute.click()
    assert lab.conflict_odds.attacker_wins == odds.conflict(team("Doctor Cortex"), team("Corporal Union"), ("random", "expected-vp")).attacker_wins


def test_compare_two_policies(lab):
    lab.compare_a.value, lab.compare_b.value = "expected-vp", "best"
    lab.compare_button.click()
    a, d = team("Doctor Cortex", "Oscar"), team("Corporal Union", "Gargantua")
    assert list(lab.comparison) == ["both expected-vp", "both best"]
    assert lab.comparison["both best"].attacker_wins == odds.conflict(a, d, "best").attacker_wins
    assert [t.name for t in lab.comparison_fig.data] == ["both expected-vp", "both best"]
    for t in lab.comparison_fig.data:
        assert sum(t.y) == pytest.approx(1)
    assert fraction_text(lab.comparison["both expected-vp"].attacker_wins) in lab.comparison_table.value  # on hover
    for co in lab.comparison.values():
        assert probability_text(co.attacker_wins) in lab.comparison_table.value
    assert lab.compare_status.value.startswith("compared in") and "compared" not in lab.status.value
    lab.compare_side.value = "attacker"
    lab.compare_button.click()
    assert list(lab.comparison) == ["attackers expected-vp, defenders expected-vp", "attackers best, defenders expected-vp"]
    assert lab.comparison["attackers best, defenders expected-vp"].attacker_wins == odds.conflict(a, d, ("best", "expected-vp")).attacker_wins


def test_compare_reads_the_sides_own_policies_from_the_kept_odds():
    """After *Compute odds* at 3 against 3 under random, comparing random with
    expected-vp looks random up in the lab's kept odds (no new state worked out), and
    says no wait is coming; its numbers are exactly the fresh ones."""
    a, d = ["Doctor Cortex", "Oscar", "Skyraker"], ["Corporal Union", "Gargantua", "The Widow"]
    lab = ConflictLab(attackers=a, defenders=d, policies=("random", "random"))
    lab.compute.click()
    kept, held = lab.kept_odds, len(lab.kept_odds.analyzer.memo)
    lab.compare_a.value, lab.compare_b.value = "random", "expected-vp"
    seen = []
    lab.compare_status.observe(lambda change: seen.append(change["new"]), "value")
    lab.compare_button.click()
    assert lab.kept_odds is kept and len(kept.analyzer.memo) == held  # looked up, not worked out again
    assert lab.comparison["both random"].attacker_wins == lab.conflict_odds.attacker_wins
    assert lab.comparison["both expected-vp"].attacker_wins == odds.conflict(team(*a), team(*d), "expected-vp").attacker_wins
    assert seen[0] == "<i>computing…</i>"  # no "up to a second": expected-vp is quick, random is kept
    lab.compare_side.value = "attacker"  # the defenders keep random: worked out afresh, and said to take a while
    seen.clear()
    lab.compare_a.value, lab.compare_b.value = "expected-vp", "best"
    lab.compare_button.click()
    assert "up to a second)" in seen[0]  # one slow pair of policies: expected-vp against random is quick


def test_compare_says_how_long_two_slow_pairs_of_policies_take():
    """Both sides random, then both best, at 3 against 3: each may take up to a second, one after
    the other, and the lab says so before it starts."""
    lab = ConflictLab(attackers=["Doctor Cortex", "Oscar", "Skyraker"],
                      defenders=["Corporal Union", "Gargantua", "The Widow"], policies=("expected-vp", "expected-vp"))
    seen = []
    lab.compare_status.observe(lambda change: seen.append(change["new"]), "value")
    lab.compare_a.value, lab.compare_b.value = "random", "best"
    lab.compare_button.click()
    assert "up to a second for each pair of policies: up to 2 seconds" in seen[0]
    assert seen[-1].startswith("compared in") and set(lab.comparison) == {"both random", "both best"}


def test_big_slow_setups_wait_for_a_button():
    lab = ConflictLab(attackers=["Doctor Cortex", "Oscar", "Skyraker"], defenders=["Corporal Union", "Gargantua", "The Widow"],
                      policies=("random", "expected-vp"))
    assert not lab.cheap and "up to a second" in lab.status.value
    lab.option_buttons[0].click()  # stepping is still instant
    assert len(lab.stepper.history) == 1 and lab.labels == {}


def test_best_play_keeps_the_buttons_odds_at_three_against_three():
    """Once *Compute odds* has worked ``best`` out, its memo answers every later
    decision: the buttons keep their exact odds after each click, as at two a side.
    With ``random`` on the other side, a decision off the path Compute odds worked
    out waits for *Label options*."""
    teams = dict(attackers=["Doctor Cortex", "Oscar", "Skyraker"], defenders=["Corporal Union", "Gargantua", "The Widow"])
    lab = ConflictLab(**teams, policies=("best", "best"))
    assert not lab.cheap and lab.cheap_labels and "up to a second" in lab.status.value
    lab.compute.click()
    lab.policy_step.click()
    while lab.stepper.decision.player is None and not lab.stepper.over:
        lab.policy_step.click()
    state = lab.stepper.state
    assert lab.labels and lab.labels == odds.option_odds(state, ("best", "best"))
    assert all("%" in b.description for b in lab.option_buttons)
    mixed = ConflictLab(**teams, policies=("best", "random"))
    assert not mixed.cheap_labels
    mixed.compute.click()
    while not (mixed.stepper.over or mixed.labels == {}):  # until a decision Compute odds did not work out
        mixed.policy_step.click()
    state = mixed.stepper.state
    assert not mixed.stepper.over and mixed.stepper.decision.player == 0  # best's, off the path it took
    assert not mixed.kept_odds.knows_options(state)
    mixed.label_options.click()
    assert mixed.labels == odds.option_odds(state, ("best", "random"))


def test_random_play_keeps_the_buttons_odds_once_computed():
    """*Compute odds* under ``random`` works out every state of the conflict: the lab
    keeps that work, and each later click looks its buttons' odds up."""
    lab = ConflictLab(attackers=["Doctor Cortex", "Oscar", "Skyraker"],
                      defenders=["Corporal Union", "Gargantua", "The Widow"], policies=("random", "random"))
    assert not lab.cheap_labels
    lab.compute.click()
    while not lab.stepper.over:
        lab.policy_step.click()
        if lab.stepper.decision is not None and not lab.stepper.over:
            assert lab.labels == odds.option_odds(lab.stepper.state, "random")
    kept = lab.kept_odds
    lab.attacker_levels[0].value = 2  # new teams: the kept work goes with the old ones
    assert lab.kept_odds is not kept and not lab.kept_odds.analyzer.memo and lab.labels == {}


def test_css_classes_and_display(lab):
    for w, c in [(lab.compute, "xp-compute"), (lab.undo, "xp-undo"), (lab.reset, "xp-reset"),
                 (lab.options_box, "xp-options"), (lab.outcome_fig.widget, "xp-outcome-bars"),
                 (lab.margin_fig.widget, "xp-margin-bars"), (lab.comparison_fig.widget, "xp-policy-comparison"),
                 (lab.compare_status, "xp-compare-status"), (lab.step_status, "xp-step-status"),
                 (lab.attacker_slots[0], "xp-attacker-slot-1"), (lab.defender_policy, "xp-defender-policy"),
                 (lab.widget, "xp-conflict-lab"), (lab.state_view, "xp-state")]:
        assert c in w._dom_classes
    assert all("xp-option" in b._dom_classes for b in lab.option_buttons)
    assert lab._repr_mimebundle_()["text/plain"].startswith("ConflictLab(attackers=[Doctor Cortex, Oscar]")


def test_the_conclusion_is_labelled_for_the_attackers():
    """"Concluding a Conflict": a step the rules take on their own."""
    lab = ConflictLab(attackers=["Doctor Cortex"], defenders=["Corporal Union"])
    lab.compute.click()
    while lab.stepper.decision.player is not None:
        lab.policy_step.click()
    (button,) = lab.option_buttons
    assert str(button.option) == "conclude the conflict" and "attackers win" in button.description
    button.click()
    assert lab.stepper.over and lab.option_buttons == [] and "Conflict over." in lab.step_status.value


def test_the_lab_steps_with_the_generic_stepper(lab):
    """One stepper widget: the lab's buttons are the StepperWidget's, the person plays both sides."""
    from explorer.ui.stepper import ALL, StepperWidget

    assert isinstance(lab.stepper_widget, StepperWidget) and lab.stepper_widget.viewers == ALL
    assert lab.undo is lab.stepper_widget.undo_button and lab.stepper is lab.stepper_widget.stepper
    assert "xp-stepper" in lab.stepper_widget.widget._dom_classes


def test_why_not_in_a_conflict():
    """Flying & Ranged Attacks: the lab explains a melee attack on a flyer."""
    lab = ConflictLab(attackers=["Gargantua"], defenders=["Madame Nocturne"])
    labels = [label for label, _ in lab.stepper_widget.why_list.options]
    lab.stepper_widget.why_list.value = labels.index("Gargantua: physical attack on Madame Nocturne")
    lab.stepper_widget.why_button.click()
    assert "flies" in lab.stepper_widget.why_view.value


def test_comparison_shows_percentages_not_long_fractions():
    lab = ConflictLab(attackers=["Doctor Cortex", "Oscar"], defenders=["Corporal Union"])
    lab.compare_b.value = "random"
    lab.compare()
    rand = lab.comparison["both random"].attacker_wins
    assert len(fraction_text(rand)) > 7
    visible = lab.comparison_table.value.replace(f"title='exactly {fraction_text(rand)}'", "")
    assert fraction_text(rand) not in visible and probability_text(rand) in visible


def test_the_logs_rules_link_to_their_reference_entries(lab):
    """Each rule the lab's log cites ("Conflicts": the rolls and what follows) links to its
    entry on the rules reference page, as the steppers' logs do."""
    import re

    from explorer.core.rulebook import sections

    for _ in range(3):
        lab.policy_step.click()
    links = re.findall(r"<a class='xp-rule-link' href='([^']+)'[^>]*><code class='xp-rule-id'>([^<]+)</code>",
                       lab.log.value)
    assert links and {s for _, s in links} <= set(sections("asylum"))
    assert all(href == f"../asylum/reference.ipynb#rule-{s}" for href, s in links)
    cited = {ev.rule.section for e in lab.stepper.history for ev in e.events}
    assert cited == {s for _, s in links}
