"""Doom Asylum's bounds kept in the code: the roster's ``[limits]`` and the rules
file's numbers may be narrowed or widened by a file up to them, never past them
("Knowing your Villains", "Upgrading Villains", "Tactical Maneuvers")."""

from __future__ import annotations

from pathlib import Path

import pytest

from explorer.asylum.params import BOUNDS, SCHEMA
from explorer.asylum.villains import LIMIT_BOUNDS, LIMITS, STAT_BOUND, load_roster, roster_limits
from explorer.core.data import DataError, Range, data_path


def test_the_roster_limits_lie_inside_their_bounds():
    assert set(LIMIT_BOUNDS) == set(LIMITS)
    for key, declared in roster_limits().items():
        assert LIMIT_BOUNDS[key].min <= declared.min <= declared.max <= LIMIT_BOUNDS[key].max, key
    assert LIMIT_BOUNDS["stat_change"] == Range(-STAT_BOUND.max, STAT_BOUND.max)


@pytest.mark.parametrize("old, new, field, words", [
    ("physical_attack = { min = 0, max = 8 }", "physical_attack = { min = 0, max = 13 }", "physical_attack.max",
     "max 13 is above 12"),
    ("quickness = { min = 0, max = 8 }", "quickness = { min = -1, max = 8 }", "quickness.min", "min -1 is below 0"),
    ("stat_change = { min = -2, max = 2 }", "stat_change = { min = -13, max = 2 }", "stat_change.min",
     "min -13 is below -12"),
])
def test_a_roster_cannot_widen_a_limit_past_its_bound(tmp_path, old, new, field, words):
    path = tmp_path / "villains.toml"
    text = data_path("asylum", "villains.toml").read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    for load in (roster_limits, load_roster):
        with pytest.raises(DataError) as info:
            load(path)
        assert (Path(info.value.file), info.value.entry, info.value.field) == (path, "limits", field)
        assert info.value.problem.startswith(words)


def test_a_roster_may_widen_a_limit_up_to_its_bound(tmp_path):
    path = tmp_path / "villains.toml"
    text = data_path("asylum", "villains.toml").read_text()
    path.write_text(text.replace("physical_attack = { min = 0, max = 8 }", "physical_attack = { min = 0, max = 12 }"))
    assert roster_limits(path)["physical_attack"] == Range(0, 12)
    assert load_roster(path) == load_roster()


def test_the_maneuver_target_bound_is_what_a_die_and_the_highest_stat_can_beat():
    """"Tactical Maneuvers": a d6 plus a stat must beat the target, strictly."""
    assert SCHEMA.bounds["maneuver_target"] == Range(0, STAT_BOUND.max + 6 - 1)
    assert SCHEMA.bounds == {name: Range(*b) for name, b in BOUNDS.items()}
