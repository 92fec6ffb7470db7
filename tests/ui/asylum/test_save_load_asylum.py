"""Save and load in Doom Asylum's widgets: the rules tour's board follows a
loaded game; the conflict lab steps a conflict, which has no log format, so it
offers neither."""

from __future__ import annotations

from explorer.ui.asylum import ConflictLab, RulesTour


def _classes(widget):
    found = set(getattr(widget, "_dom_classes", ()))
    for child in getattr(widget, "children", ()):
        found |= _classes(child)
    return found


def test_the_rules_tour_board_follows_a_loaded_game():
    tour = RulesTour(players=2, seed=5)
    for _ in range(9):
        tour.stepper_widget.next()
    text = tour.stepper_widget.saving.save()
    other = RulesTour(players=4, seed=1)
    other.stepper_widget.saving.load(text, "tour.jsonl")
    assert other.stepper.state == tour.stepper.state
    assert other.title() == tour.title() and "seed 5" in other.title()
    assert {"xp-save", "xp-load"} <= _classes(other.widget)


def test_the_conflict_lab_has_no_save_or_load():
    lab = ConflictLab(attackers=["Doctor Cortex"], defenders=["Corporal Union"])
    assert lab.stepper_widget.saving is None
    assert not {"xp-save", "xp-load", "xp-load-error"} & _classes(lab.widget)
