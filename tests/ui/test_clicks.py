"""A click on an option asks the rules for the new step's decision once, in every
game's stepper widget (the counting is bench/bench_clicks.py's)."""

import importlib.util
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location(
    "bench_clicks", Path(__file__).resolve().parents[2] / "bench" / "bench_clicks.py")
bench_clicks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_clicks)

#: calls per option click at most, in every game's stepper
BUDGET = {"decision": 1, "check": 0, "illegal": 0}


@pytest.mark.parametrize("name", list(bench_clicks.widgets()))
def test_one_decision_per_option_click(name):
    w = bench_clicks.widgets()[name](True)
    budget = BUDGET
    clicks = 0
    while clicks < 6 and not w.stepper.over:
        if not w.option_buttons:
            w.let_policy_choose()
            continue
        with bench_clicks.counting(w.game) as calls:
            w.option_buttons[0].click()
        clicks += 1
        over = {m: calls[m] for m, most in budget.items() if calls[m] > most}
        assert not over, f"click {clicks}: {over} (budget {budget})"
    assert clicks >= 4
