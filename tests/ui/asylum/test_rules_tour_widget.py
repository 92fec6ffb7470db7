"""The rules tour widget (notebook asylum/01): a seeded game on the board beside
the turn stepper, driven by clicks without a browser."""

from explorer.asylum import why_not
from explorer.asylum.game import Ending, GameResult, Move, Phase
from explorer.asylum.log import export_log
from explorer.ui.asylum.rules_tour import RulesTour, conflict_option_odds, ends_turn, result_text


def party_trace(tour):
    return tour.figure.data[-1]


def drawn(tour):
    """What a view of the board made now would draw: the figure held by its Output widget."""
    (output,) = tour.figure.widget.outputs
    return output["data"]["application/vnd.plotly.v1+json"]


def test_next_step_moves_the_marker_and_draws_the_arrow():
    """Gameplay overview: on each turn the party must move one space."""
    tour = RulesTour(players=3, seed=2)
    w = tour.stepper_widget
    start_x = list(party_trace(tour).x)
    while not any(isinstance(e.action, Move) for e in w.stepper.history):
        w.next_button.click()
    assert list(party_trace(tour).x) != start_x
    assert len(tour.figure.layout.annotations) == 1  # the arrow of the last move


def test_the_drawn_board_is_always_the_current_one():
    """A view made late (Voila draws widgets after every cell ran) shows the current
    board, title included, from the first drawing on."""
    tour = RulesTour(players=4, seed=1)
    assert drawn(tour)["layout"]["title"]["text"] == "Doom Asylum, seed 1: turn 1, 0 steps played"
    w = tour.stepper_widget
    for _ in range(3):
        w.next_button.click()
    spec = drawn(tour)
    assert spec["layout"]["title"]["text"] == "Doom Asylum, seed 1: turn 1, 3 steps played"
    assert spec["data"][-1]["x"] == list(party_trace(tour).x)
    assert len(spec["layout"]["annotations"]) == 1


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


def test_the_end_of_the_game_reads_as_a_sentence():
    """'Doom Ready' & Winning the game: the winner is named, in words, where it is seen."""
    tour = RulesTour(seed=5)
    tour.stepper_widget.play_turns(500)
    result = tour.game.result(tour.stepper.state)
    text = result_text(result, tour.game)
    assert "GameResult" not in tour.stepper_widget.status.value and text in tour.stepper_widget.status.value
    assert "xp-result" in tour.stepper_widget.status.value
    assert text in tour.figure.layout.title.text
    assert result_text(GameResult(Ending.YARD, (0,), 29, details=(("mastermind", "Madame Nocturne"),)), tour.game) == \
        "Seat 0 (Madame Nocturne) wins in the Yard after 29 turns."
    assert result_text(GameResult(Ending.TURN_CAP, (), 120), tour.game).startswith("A draw")


def test_viewer_chooses_with_odds_in_conflicts():
    """Conflicts: at the viewer's decisions inside a conflict, every option shows its win chance."""
    tour = RulesTour(players=4, seed=1, viewers=0)
    w = tour.stepper_widget
    saw_conflict_odds = False
    for _ in range(600):
        if w.stepper.over:
            break
        if w.waiting():
            state = w.stepper.state
            if state.conflict is not None and conflict_option_odds(state):
                assert all("win" in b.description for b in w.option_buttons)
                saw_conflict_odds = True
            w.option_buttons[0].click()
        else:
            w.next_button.click()
    assert w.stepper.over and saw_conflict_odds


def test_why_not_a_room_two_spaces_away():
    """Gameplay overview: the party moves exactly one space; "why not?" says so with the rule."""
    tour = RulesTour(players=3, seed=7, viewers=0)
    w = tour.stepper_widget
    while w.stepper.state.phase is not Phase.MOVE:
        (w.option_buttons[-1] if w.waiting() else w.next_button).click()
    state, game = w.stepper.state, tour.game
    here = state.parties[0].room
    far = next(a for a in why_not.tempting(game, state) if isinstance(a, Move) and game.distance(here, a.room) == 2)
    labels = [label for label, _ in w.why_list.options]
    w.why_list.value = labels.index(str(far))
    w.why_button.click()
    assert "one space" in w.why_view.value and "Gameplay overview" in w.why_view.value
