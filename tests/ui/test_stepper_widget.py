"""The generic turn stepper widget, driven without a browser on a conflict
("Conflicts": one action per villain, alternating sides)."""

import pytest

from factories import make
from explorer.asylum import odds
from explorer.asylum.conflict import Conflict, ConflictState
from explorer.asylum.policies import ExpectedVPPolicy
from explorer.core.engine import IllegalAction
from explorer.ui.stepper import StepperWidget

GAME = Conflict()


def widget(viewer=None):
    start = GAME.start([make("A1"), make("A2")], [make("D1"), make("D2")])
    return StepperWidget(GAME, start, seed=3, policies=ExpectedVPPolicy(), viewer=viewer,
                         option_odds=lambda s: odds.option_odds(s) if isinstance(s, ConflictState) else None,
                         describe=lambda s: s.describe())


def test_next_undo_and_reset_by_clicking():
    w = widget()
    w.next_button.click()
    assert len(w.stepper.history) == 1 and ("A1" in w.log_view.value or "A2" in w.log_view.value)
    first = w.stepper.state
    w.next_button.click()
    w.undo_button.click()
    assert w.stepper.state == first
    w.undo_button.click()
    assert w.stepper.history == [] and w.undo_button.disabled
    w.seed.value = 9
    w.reset_button.click()
    assert w.stepper.seed == 9 and w.stepper.history == []


def test_play_to_the_end_and_log_cites_rules():
    w = widget()
    w.play_turns(50)
    assert w.stepper.over and "Game over" in w.status.value
    assert "conflicts." in w.log_view.value and "<details" in w.log_view.value
    assert w.next_button.disabled


def test_same_seed_same_log():
    a, b = widget(), widget()
    a.play_turns(50)
    b.play_turns(50)
    assert a.stepper.log() == b.stepper.log()


def test_viewer_gets_option_buttons_labelled_with_odds():
    w = widget(viewer=0)
    assert w.next_button.disabled  # the viewer must choose
    buttons = w.options_box.children[1].children
    dec = GAME.decision(w.stepper.state)
    assert len(buttons) == len(dec.options)
    assert all("win" in b.description for b in buttons)
    buttons[0].click()
    assert len(w.stepper.history) == 1
    assert not w.next_button.disabled  # now the other side (a bot) acts


def test_illegal_choice_is_reported_and_changes_nothing():
    w = widget(viewer=0)
    with pytest.raises(IllegalAction):
        w.choose("nonsense")
    assert w.stepper.history == [] and "Not allowed" in w.message.value
