"""explorer.core.params: one reader for a rules file's numbers (with ranges),
switches and choices, and one check of a change, for every game."""

from __future__ import annotations

import dataclasses

import pytest

from explorer.core.data import DataError, Range
from explorer.core.params import RuleError, RuleSchema


@dataclasses.dataclass(frozen=True)
class Rules:
    cap: int
    fast: bool
    dice: str


SCHEMA = RuleSchema.of(Rules, bounds={"cap": (1, 50)})
GOOD = {"numbers": {"cap": {"value": 8, "min": 1, "max": 20}},
        "options": {"fast": False, "dice": {"value": "none", "choices": ["none", "2d6"]}}}


def test_the_schema_is_the_rules_dataclass():
    assert (SCHEMA.numbers, SCHEMA.switches, SCHEMA.choices) == (("cap",), ("fast",), ("dice",))
    assert SCHEMA.names == ("cap", "fast", "dice")
    assert SCHEMA.values(Rules(3, True, "2d6")) == {"cap": 3, "fast": True, "dice": "2d6"}


def test_a_file_is_read_with_its_ranges_and_choices():
    declared = SCHEMA.read(GOOD, "rules.toml")
    assert dict(declared.values) == {"cap": 8, "fast": False, "dice": "none"}
    assert declared.ranges == {"cap": Range(1, 20)} and declared.choices == {"dice": ("none", "2d6")}


@pytest.mark.parametrize("raw, entry, field, words", [
    ({**GOOD, "extra": {}}, "extra", None, "unknown table (expected [numbers] and [options])"),
    ({"numbers": GOOD["numbers"]}, "options", None, "missing table [options]"),
    ({**GOOD, "numbers": {"cap": {"value": 0, "min": 0, "max": 20}}}, "numbers", "cap.min", "below 1"),
    ({**GOOD, "options": {**GOOD["options"], "fast": 1}}, "options", "fast", "valid boolean"),
    ({**GOOD, "options": {**GOOD["options"], "slow": True}}, "options", "slow", "Extra inputs"),
    ({**GOOD, "options": {"fast": True, "dice": "none"}}, "options", "dice", "choices = ["),
    ({**GOOD, "options": {"fast": True, "dice": {"value": "d8", "choices": ["none"]}}}, "options", "dice",
     "not one of its choices"),
])
def test_a_bad_file_names_the_table_and_the_rule(raw, entry, field, words):
    with pytest.raises(DataError) as info:
        SCHEMA.read(raw, "rules.toml")
    assert (info.value.entry, info.value.field) == (entry, field) and words in info.value.problem


def test_a_game_may_have_tables_of_its_own():
    assert SCHEMA.read({**GOOD, "dice": {}}, "rules.toml", more=("dice",)).values["cap"] == 8


@pytest.mark.parametrize("change, words", [
    ({"cap": 21}, "out of range: allowed 1..20"), ({"cap": "3"}, "whole number"), ({"fast": 1}, "switch"),
    ({"dice": "d8"}, "one of none, 2d6"), ({"speed": 2}, "no such rule (numbers: cap; switches: fast; choices: dice)"),
])
def test_a_change_is_checked_as_the_file_is(change, words):
    declared = SCHEMA.read(GOOD, "rules.toml")
    with pytest.raises(RuleError, match=words.replace("(", r"\(").replace(")", r"\)")) as info:
        SCHEMA.check(change, declared)
    assert info.value.rule == next(iter(change))
    SCHEMA.check({"cap": 20, "fast": True, "dice": "2d6"}, declared)


@pytest.mark.parametrize("spec, field, words", [
    ({"value": 8, "min": 1, "max": 51}, "cap.max", "max 51 is above 50, the most the rules can use"),
    ({"value": 8, "min": 0, "max": 20}, "cap.min", "min 0 is below 1, the least value the rules can use"),
])
def test_a_declared_range_cannot_widen_the_bound_the_code_keeps(spec, field, words):
    """A range is the set of values that make a game: the file may narrow the
    code's bound, or widen its own range up to it, never past it."""
    with pytest.raises(DataError) as info:
        SCHEMA.read({**GOOD, "numbers": {"cap": spec}}, "rules.toml")
    assert (info.value.file, info.value.entry, info.value.field) == ("rules.toml", "numbers", field)
    assert info.value.problem == words
    assert SCHEMA.read({**GOOD, "numbers": {"cap": {"value": 50, "min": 1, "max": 50}}}, "rules.toml").values["cap"] == 50


def test_every_number_has_a_bound_kept_in_one_place():
    assert SCHEMA.bounds == {"cap": Range(1, 50)}
    with pytest.raises(TypeError, match="without a bound: \\['cap'\\]"):
        RuleSchema.of(Rules, bounds={})
    with pytest.raises(TypeError, match="not a number: \\['fast'\\]"):
        RuleSchema.of(Rules, bounds={"cap": (1, 50), "fast": (0, 1)})
    with pytest.raises(TypeError, match="empty bound"):
        RuleSchema.of(Rules, bounds={"cap": (5, 1)})
