"""explorer.core.data.read_numbers and explorer.core.metrics.rule_parameters: the
[numbers] table of a rules file, each number with its declared range."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from explorer.core.data import DataError, Range, read_numbers
from explorer.core.metrics import rule_parameters


def test_numbers_and_their_ranges_are_read():
    values, ranges = read_numbers({"cap": {"value": 8, "min": 1, "max": 20}}, "rules.toml", ["cap"])
    assert values == {"cap": 8} and ranges == {"cap": Range(1, 20)}


@pytest.mark.parametrize("table, field, words", [
    ({"cap": 8}, "cap", "declares its allowed range"),
    ({}, "cap", "missing"),
    ({"cap": {"value": 8, "min": 1, "max": 20}, "other": {"value": 1, "min": 0, "max": 2}}, "other", "unknown"),
    ({"cap": {"value": 30, "min": 1, "max": 20}}, "cap", "out of range"),
    ({"cap": {"value": "8", "min": 1, "max": 20}}, "cap", "not a whole number"),
    ({"cap": {"value": 8, "min": 0, "max": 20}}, "cap.min", "below 1"),
    ({"cap": {"value": 8, "min": 1, "max": 20, "step": 1}}, "cap.step", "unknown key"),
])
def test_a_bad_number_names_file_table_and_number(table, field, words):
    with pytest.raises(DataError) as info:
        read_numbers(table, "rules.toml", ["cap"], {"cap": Range(1, 50)})
    assert (info.value.entry, info.value.field) == ("numbers", field) and words in info.value.problem


def test_rule_parameters_list_numbers_and_switches():
    rules = SimpleNamespace(cap=8, fast=True)
    out = rule_parameters(rules, {"cap": Range(1, 20)}, ["cap"], ["fast"])
    assert out == {"cap": {"kind": "number", "value": 8, "min": 1, "max": 20},
                   "fast": {"kind": "switch", "value": True}}
