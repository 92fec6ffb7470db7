"""Interpretation registers (explorer.core.register): checked against the section
summaries and the rules switches."""

from __future__ import annotations

import pytest

from explorer.core.data import DataError
from explorer.core.register import load_register

ENTRY = """[[reading]]
id = "{id}"
section = "Gameplay overview"
rule = "{rule}"
question = "Which way?"
reading = "This way."
alternatives = ["That way."]
{option}
"""


def write(tmp_path, *entries):
    path = tmp_path / "register.toml"
    path.write_text("\n".join(ENTRY.format(id=i, rule=r, option=f'option = "{o}"' if o else "") for i, r, o in entries))
    return path


def test_a_good_register(tmp_path):
    path = write(tmp_path, ("a", "overview", "flip"), ("b", "overview", None))
    reg = load_register(path, "asylum", ["flip"])
    assert list(reg) == ["a", "b"] and reg["a"].option == "flip" and reg["b"].alternatives == ("That way.",)


@pytest.mark.parametrize("entries,switches,must,field", [
    ([("a", "nowhere", None)], [], None, "rule"),
    ([("a", "overview", "flop")], ["flip"], [], "option"),
    ([("a", "overview", None)], ["flip"], None, "option"),
    ([("a", "overview", None), ("A", "overview", None)], [], None, "id"),
])
def test_bad_registers_name_the_entry_and_field(tmp_path, entries, switches, must, field):
    path = write(tmp_path, *entries)
    with pytest.raises(DataError) as err:
        load_register(path, "asylum", switches, must)
    assert err.value.field == field


def test_a_switch_that_need_not_be_explained(tmp_path):
    path = write(tmp_path, ("a", "overview", None))
    assert len(load_register(path, "asylum", ["optional_rule"], must_explain=[])) == 1
