"""The generic stepper widget, driven without a browser on a conflict
("Conflicts": one action per villain, alternating sides)."""

import random

import pytest

from factories import make
from explorer.asylum import odds, why_not
from explorer.asylum.conflict import Conflict, ConflictState
from explorer.asylum.policies import ExpectedVPPolicy
from explorer.core.engine import IllegalAction
from explorer.ui.stepper import ALL, StepperWidget

GAME = Conflict()


def start():
    return GAME.start([make("A1"), make("A2")], [make("D1"), make("D2", abilities=("flying",))])


def widget(viewers=(), **kw):
    kw.setdefault("option_odds", lambda s: odds.option_odds(s) if isinstance(s, ConflictState) else None)
    return StepperWidget(GAME, start(), seed=3, policies=ExpectedVPPolicy(), viewers=viewers,
                         describe=lambda s: s.describe(), **kw)


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
    assert w.stepper.over and "Game over" in w.status.value and "xp-result" in w.status.value
    assert "conflicts." in w.log_view.value and "<details" in w.log_view.value
    assert w.next_button.disabled


def test_same_seed_same_log():
    a, b = widget(), widget()
    a.play_turns(50)
    b.play_turns(50)
    assert a.stepper.log() == b.stepper.log()


def test_viewer_gets_option_buttons_labelled_with_odds():
    w = widget(viewers=0)
    assert w.next_button.disabled  # the viewer must choose
    assert "your choice" in w.status.value
    assert "choose one of the options above" in w.log_view.value  # not "press Next step": it is disabled
    dec = GAME.decision(w.stepper.state)
    assert [b.option for b in w.option_buttons] == list(dec.options)
    assert all("win" in b.description for b in w.option_buttons)
    w.option_buttons[0].click()
    assert len(w.stepper.history) == 1
    assert not w.next_button.disabled  # now the other side (a bot) acts


def test_several_viewers_and_all():
    """The person may play several players, or all of them; bots play the rest."""
    both = widget(viewers={0, 1})
    other = widget(viewers=ALL)
    for w in (both, other):
        w.option_buttons[0].click()
        assert w.waiting() and w.stepper.decision.player == 1  # the defenders are the person's too


def test_let_the_bot_choose_for_the_viewer():
    w = widget(viewers=ALL)
    w.policy_button.click()
    assert len(w.stepper.history) == 1
    w.end_button.click()
    assert w.stepper.over and w.policy_button.disabled


def test_let_the_bot_choose_only_at_the_person_s_own_decisions():
    """At a step a bot takes for another player, Next step plays it: the person's button waits."""
    w = widget(viewers=0)
    assert w.waiting() and not w.policy_button.disabled and w.next_button.disabled
    w.option_buttons[0].click()
    assert not w.waiting() and w.policy_button.disabled and not w.next_button.disabled


def test_slow_odds_wait_for_the_button():
    """Odds that are slow to compute appear only when asked for, then keep coming while asked."""
    w = widget(viewers=0, odds_cost=lambda s: "slow")
    assert w.labels == {} and all("win" not in b.description for b in w.option_buttons)
    assert w.label_button in w.options_box.children
    w.label_button.click()
    assert w.labels == odds.option_odds(w.stepper.state)
    assert all("win" in b.description for b in w.option_buttons)
    assert w.label_button not in w.options_box.children
    none_here = widget(viewers=0, odds_cost=lambda s: None)
    assert none_here.labels == {} and none_here.label_button not in none_here.options_box.children
    held = widget(viewers=0, labelling=False)
    assert held.labels == {} and held.label_button in held.options_box.children


def test_pluggable_log_status_and_result():
    w = widget(render_log=lambda entries: f"LOG {len(entries)}", render_result=lambda r: f"OVER {r.winner}",
               player_name=lambda p: ("attackers", "defenders")[p])
    w.next_button.click()
    assert w.log_view.value == "LOG 1" and "a bot plays for defenders" in w.status.value
    w.play_turns(50)
    assert "OVER" in w.status.value
    custom = widget(render_status=lambda sw: f"STEP {len(sw.stepper.history)}")
    custom.next_button.click()
    assert custom.status.value == "STEP 1"


def test_illegal_choice_is_reported_with_its_rule_and_changes_nothing():
    w = widget(viewers=0)
    with pytest.raises(IllegalAction):
        w.choose("nonsense")
    assert w.stepper.history == [] and "Not allowed" in w.message.value and "xp-rule-ref" in w.message.value


def test_why_not_explains_a_tempting_action():
    """Flying & Ranged Attacks: a melee attack on a flyer is refused, with the rule."""
    w = widget(viewers=0, tempting=why_not.tempting)
    labels = [label for label, _ in w.why_list.options]
    assert "A1: physical attack on D2" in labels
    w.why_list.value = labels.index("A1: physical attack on D2")
    w.why_button.click()
    assert "flies" in w.why_view.value and "Flying" in w.why_view.value
    assert w.stepper.history == []
    w.option_buttons[0].click()
    assert w.why_view.value == ""  # a new state: the old answer is gone


def test_the_views_of_a_step_share_its_decision(monkeypatch):
    """The why-not view gets the game with the step's decision known: asking for it
    again, or checking an action, does not ask the rules again; another state does."""
    seen = []
    w = widget(viewers=0, tempting=lambda game, state: seen.append((game, state)) or ())
    game, state = seen[-1]
    dec = w.stepper.decision
    asked = []
    monkeypatch.setattr(GAME, "decision", lambda s: asked.append(s) or Conflict.decision(GAME, s))
    assert game.decision(state) is dec and game.check(state, dec.options[0]) is dec
    with pytest.raises(IllegalAction):
        game.check(state, "nonsense")
    assert asked == []
    after = GAME.play(state, dec.options[0], random.Random(1)).state
    game.decision(after)
    assert asked == [after]


def test_stepping_does_not_gather_widget_models():
    """Option buttons no longer shown are closed (one refill later, so a page still
    drawing them never meets a closed model): a long game keeps a bounded page."""
    from ipywidgets.widgets.widget import _instances

    w = widget(viewers=ALL)

    def step():
        if w.stepper.over:
            w.reset_button.click()
        elif w.options_row.children:
            w.options_row.children[0].click()
        else:
            w.next_button.click()

    for _ in range(3):
        step()
    shown = len(_instances)
    for _ in range(30):
        step()
    assert len(_instances) <= shown + 3 * max(len(w.options_row.children), 2)  # one more row at most
