"""``python -m explorer simulate GAME --rule NAME=VALUE``: every game's rules can be
changed for a run, each change checked against the game's rules file."""

from __future__ import annotations

import json

import pytest

from explorer.asylum.simulate import run_games as asylum_games
from explorer.cli import main
from explorer.doomtrooper.simulate import run_games as dt_games
from explorer.victorian.simulate import run_games as victorian_games


def one_error(capsys, argv) -> str:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err and captured.err.count("\n") == 1
    assert captured.err.startswith("error: ")
    return captured.err


def summary(capsys, argv) -> dict:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_asylum_rules_change_for_the_run(capsys):
    s = summary(capsys, ["simulate", "asylum", "--games", "3", "--players", "2", "--seed", "4",
                         "--rule", "turn_cap=2"])
    assert s["draws"] == 3 and s == asylum_games(3, seed=4, players=2, rules={"turn_cap": 2})
    assert main(["simulate", "asylum", "--games", "2", "--players", "2", "--rule", "turn_cap=2",
                 "--rule", "flyers_block_melee=true"]) == 0
    assert "rules turn_cap=2, flyers_block_melee=true" in capsys.readouterr().out


def test_victorian_rules_change_for_the_run(capsys):
    s = summary(capsys, ["simulate", "victorian", "--games", "2", "--seed", "1", "--rule", "turn_cap=1"])
    assert s["wins_by_reason"] == {"turn cap": 2} and s == victorian_games(2, seed=1, rules={"turn_cap": 1})


def test_doomtrooper_rules_change_for_the_run(capsys):
    s = summary(capsys, ["simulate", "doomtrooper", "--games", "2", "--seed", "1", "--rule", "turn_cap=1",
                         "--rule", "dice=2d6"])
    assert s["endings"] == {"turn cap": 2} and s == dt_games(2, seed=1, rules={"turn_cap": 1, "dice": "2d6"})


@pytest.mark.parametrize("game", ["asylum", "victorian", "doomtrooper"])
@pytest.mark.parametrize("rule, problem", [
    ("turn_cap=0", "turn_cap"),  # below the file's range
    ("turn_cap=many", "whole number"),
    ("no_such_rule=3", "no such rule"),
    ("turn_cap", "NAME=VALUE"),
])
def test_a_bad_rule_is_one_error_line(capsys, game, rule, problem):
    assert problem in one_error(capsys, ["simulate", game, "--games", "2", "--rule", rule])
