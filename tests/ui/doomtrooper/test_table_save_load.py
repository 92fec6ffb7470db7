"""The table stepper loads a log under the log's rules: a game played with
``dice = "2d6"`` and three players goes on under those rules in a table opened
with the rules file's, and Reset starts that game again."""

from __future__ import annotations

from explorer.ui.doomtrooper import TableStepper


def test_a_log_played_under_other_rules_loads_under_them():
    played = TableStepper(seed=4, seat=None, players=3, rules={"dice": "2d6"})
    w = played.stepper_widget
    for _ in range(12):
        w.next()
    text = w.saving.save()
    table = TableStepper(seed=1, seat=0)
    assert table.game.rules.dice == "none"
    table.stepper_widget.saving.load(text, "dice.jsonl")
    assert table.game is table.stepper_widget.game and table.game.rules.dice == "2d6"
    assert table.stepper.state == w.stepper.state and len(table.stepper.state.seats) == 3
    assert table.stepper_widget.saving.save() == text
    assert [v for _, v in table.view_as.options] == [0, 1, 2, "everything"] and table.view_as.value == 0
    table.view_as.value = 2
    assert table.viewer == 2
    table.stepper_widget.reset(4)
    assert table.stepper.initial == w.stepper.initial and table.game.rules.dice == "2d6"


def test_a_log_under_the_tables_rules_keeps_the_tables_game():
    first = TableStepper(seed=2, seat=0)
    for _ in range(5):
        first.stepper_widget.let_policy_choose()
    table = TableStepper(seed=7, seat=0)
    game = table.game
    table.stepper_widget.saving.load(first.stepper_widget.saving.save(), "same.jsonl")
    assert table.game is game and table.stepper.state == first.stepper.state
