"""A Victorian game loaded into the stepper keeps the seat's view: the other
hand stays hidden, the log filtered."""

from __future__ import annotations

from explorer.ui.victorian import VictorianStepper


def test_a_loaded_game_is_shown_from_the_chosen_side():
    played = VictorianStepper(seed=3, view="all")
    for _ in range(10):
        played.stepper.next()
    text = played.stepper.saving.save()
    heroes = VictorianStepper(seed=1, view="heroes")
    heroes.stepper.saving.load(text, "v.jsonl")
    assert heroes.stepper.stepper.state == played.stepper.stepper.state
    assert "hidden" in heroes.stepper.state_view.value and "hidden" not in played.stepper.state_view.value
    assert heroes.game is heroes.stepper.game
