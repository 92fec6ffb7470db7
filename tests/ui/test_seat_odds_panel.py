"""The odds panel beside the card games' steppers: its answer is the API's, for
the seat whose view is shown, asked again at every step; mistakes read as
messages; the stable CSS classes a browser test finds it by."""

from __future__ import annotations

from explorer.doomtrooper import odds as dt_odds
from explorer.ui.common import esc, probability_text
from explorer.ui.doomtrooper.table import TableStepper
from explorer.ui.seat_odds import SeatOddsPanel
from explorer.ui.victorian.stepper import VictorianStepper
from explorer.victorian import odds as vic_odds


def classes(widget) -> set[str]:
    return set(widget._dom_classes)


def test_victorian_panel_follows_the_steps_and_the_view():
    page = VictorianStepper(seed=2)
    panel = page.seat_odds
    assert "xp-seat-odds" in classes(panel.widget) and "xp-seat-odds-answer" in classes(panel.answer)
    for _ in range(3):
        page.next_phase()
        state = page.stepper.stepper.state
        p = vic_odds.draw_chance(state, "heroes", at_least={"C": 1}, draws=1, game=page.game)
        assert panel.answer.value.startswith(f"<b>{esc(probability_text(p))}</b>")
    panel.question.value = "holds"
    panel.key.value, panel.least.value = "E", 2
    p = vic_odds.opponent_holds(page.stepper.stepper.state, 0, at_least={"E": 2}, game=page.game)
    assert panel.answer.value.startswith(f"<b>{esc(probability_text(p))}</b>")
    assert "equally likely" in panel.answer.value
    page.view.value = "villains"
    p = vic_odds.opponent_holds(page.stepper.stepper.state, 1, at_least={"E": 2}, game=page.game)
    assert panel.answer.value.startswith(f"<b>{esc(probability_text(p))}</b>")
    page.view.value = "all"
    assert "one seat" in panel.answer.value


def test_a_mistake_is_a_message():
    page = VictorianStepper(seed=2)
    page.seat_odds.draws.value = 90
    assert "90 draws asked of a draw pile of 59 cards" in page.seat_odds.answer.value
    assert "Traceback" not in page.seat_odds.answer.value


def test_doomtrooper_panel_reads_the_seat_shown():
    page = TableStepper(seed=2, seat=0)
    page.stepper_widget.next()  # the deal
    panel = page.seat_odds
    panel.key.value, panel.draws.value = "equipment", 3
    p = dt_odds.draw_chance(page.stepper.state, 0, at_least={"equipment": 1}, draws=3, game=page.game)
    assert panel.answer.value.startswith(f"<b>{esc(probability_text(p))}</b>")
    assert "among the next 3 cards of seat 0's draw pile" in panel.answer.value.replace("&#x27;", "'")
    panel.draws.value = 1
    assert "the next card of seat 0's draw pile is an equipment card" in panel.answer.value.replace("&#x27;", "'")
    panel.least.value = 2  # two cards cannot come in one draw: said as asked
    assert "at least 2 equipment cards among the next card" in panel.answer.value
    panel.least.value = 1
    page.view_as.value = 1
    panel.question.value = "holds"
    p = dt_odds.opponent_holds(page.stepper.state, 1, at_least={"equipment": 1}, game=page.game)
    assert panel.answer.value.startswith(f"<b>{esc(probability_text(p))}</b>")


def test_a_card_by_name():
    """The dropdown offers the types, then every card by name."""
    page = VictorianStepper(seed=2)
    state = page.stepper.stepper.state
    panel = SeatOddsPanel("victorian", lambda: state, lambda: "villains", game=lambda: page.game)
    labels = [label for label, _ in panel.key.options]
    assert labels[0] == "any Character" and "Professor Moriarty" in labels
    panel.key.value, panel.draws.value = "Professor Moriarty", 7
    assert "copy of Professor Moriarty" in panel.answer.value
    p = vic_odds.draw_chance(state, 1, at_least={"Professor Moriarty": 1}, draws=7, game=page.game)
    assert panel.answer.value.startswith(f"<b>{esc(probability_text(p))}</b>")


def test_a_three_player_table_asks_about_each_opponents_hand():
    """Multi-player games: with two opponents the panel asks whose hand, and answers as the API does."""
    from explorer.doomtrooper import odds as dt_odds
    from explorer.ui.common import probability_text
    from explorer.ui.doomtrooper import TableStepper

    page = TableStepper(seed=4, seat=0, players=3)
    page.stepper.step()  # the deal
    page.stepper_widget.refresh()
    panel = page.seat_odds
    panel.question.value = "holds" if "holds" in [v for _, v in panel.question.options] else panel.question.options[1][1]
    assert panel.opponent.layout.display == ""
    assert [v for _, v in panel.opponent.options] == [1, 2]
    for whose in (1, 2):
        panel.opponent.value = whose
        want = {panel.key.value: panel.least.value}
        p = dt_odds.opponent_holds(page.stepper.state, 0, want, opponent=whose, game=page.game)
        assert probability_text(p) in panel.answer.value and f"seat {whose}&#x27;s hand" in panel.answer.value
    panel.question.value = panel.question.options[0][1]
    assert panel.opponent.layout.display == "none"
