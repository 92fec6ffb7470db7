"""Rule parameters: every range of data/victorian/rules.toml holds only values
that can make a game."""

from __future__ import annotations

import pytest
from vichelp import GAME, step

from explorer.core.data import DataError
from explorer.victorian.actions import Done
from explorer.victorian.game import VictorianGame
from explorer.victorian.params import RuleError, load_rules, override_rules, rule_ranges, rules_path
from explorer.victorian.state import Phase


def test_victory_after_turn_zero_is_out_of_range():
    """VICTORY: "after the fifth turn": at 0 both sides would be bare when turn 1 begins (nobody has recruited) and
    every game would be a draw at once, so the range starts at 1, in the file and for a what-if change."""
    assert rule_ranges()["victory_after_turn"].min == 1
    with pytest.raises(RuleError, match="out of range"):
        override_rules({"victory_after_turn": 0})


def test_victory_the_file_refuses_a_floor_below_one(tmp_path):
    """VICTORY: a rules file declaring victory_after_turn from 0 is refused, naming the number."""
    text = rules_path().read_text().replace("victory_after_turn = { value = 5, min = 1,",
                                            "victory_after_turn = { value = 5, min = 0,")
    bad = tmp_path / "rules.toml"
    bad.write_text(text)
    with pytest.raises(DataError, match="victory_after_turn"):
        load_rules(bad)


def test_victory_the_least_value_makes_a_game():
    """VICTORY: at victory_after_turn 0 the first step of turn 1, with nobody recruited yet, ends the game in a draw;
    at 1 (the floor) turn 1 is played out."""
    for value, ended in ((0, True), (1, False)):
        game = VictorianGame(rules=GAME.rules.replace(victory_after_turn=value))
        s = game.scenario(at=Phase.RECRUIT, hands={"heroes": ["Tarzan"]})
        if s.result is None:
            s, _ = step(s, Done(), game=game)
        assert (s.result is not None and s.result.draw) == ended, value


def test_every_range_holds_the_value_and_its_ends_load():
    """Rule parameters: each number's value lies in its range, and both ends of every range are accepted."""
    rules = load_rules()
    for name, rng in rule_ranges().items():
        assert getattr(rules, name) in rng, name
        for end in (rng.min, rng.max):
            assert getattr(override_rules({name: end}), name) == end
    assert GAME.rules == rules
