"""The rules tour widget (notebook asylum/01): a seeded game on the board beside
the turn stepper, driven by clicks without a browser."""

from explorer.asylum.game import Move
from explorer.asylum.log import export_log
from explorer.ui.rules_tour import RulesTour, conflict_option_odds, ends_turn


def party_trace(tour):
    return tour.figure.data[-1]


def test_next_step_moves_the_marker_and_draws_the_arrow():
    """Gameplay overview: on each turn the party must move one space."""
    tour = RulesTour(players=3, seed=2)
    w = tour.stepper_widget
    start_x = list(party_trace(tour).x)
    while not any(isinstance(e.action, Move) for e in w.stepper.history):
        w.next_button.click()
    assert list(party_trace(tour).x) != start_x
    assert len(tour.figure.layout.annotations) == 1  # the arrow of the last move


def test_play_to_end_of_turn_stops_at_the_turn_end():
    tour = RulesTour(players=4, seed=1)
    w = tour.stepper_widget
    w.turn_button.click()
    assert ends_turn(w.stepper.history[-1])
    assert w.stepper.state.current == 1  # next seat's turn
    assert "turn.end" in w.log_view.value


def test_undo_and_reset_with_a_seed():
    tour = RulesTour(players=2, seed=3)
    w = tour.stepper_widget
    w.play_turns(2)
    before = w.stepper.state
    w.next_button.click()
    w.undo_button.click()
    assert w.stepper.state == before
    w.seed.value = 11
    w.reset_button.click()
    assert w.stepper.seed == 11 and w.stepper.history == []
    assert tour.figure.layout.title.text.startswith("Doom Asylum, seed 11")


def test_same_seed_same_game_and_log():
    a, b = RulesTour(seed=5), RulesTour(seed=5)
    a.stepper_widget.play_turns(500)
    b.stepper_widget.play_turns(500)
    assert a.stepper.over and export_log(a.stepper) == export_log(b.stepper)


def test_viewer_chooses_with_odds_in_conflicts():
    """Conflicts: at the viewer's decisions inside a conflict, every option shows its win chance."""
    tour = RulesTour(players=4, seed=1, viewer=0)
    w = tour.stepper_widget
    saw_conflict_odds = False
    for _ in range(600):
        if w.stepper.over:
            break
        if w._waiting_for_viewer():
            buttons = w.options_box.children[1].children
            state = w.stepper.state
            if state.conflict is not None and conflict_option_odds(state):
                assert all("win" in b.description for b in buttons)
                saw_conflict_odds = True
            buttons[0].click()
        else:
            w.next_button.click()
    assert w.stepper.over and saw_conflict_odds
