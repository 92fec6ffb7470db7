"""explorer.core.register: interpretation registers, checked."""

from __future__ import annotations

import pytest

from explorer.core.data import DataError
from explorer.core.register import load_register

ENTRY = '''[[reading]]
id = "a"
section = "Gameplay overview"
rule = "{rule}"
question = "Q?"
reading = "R."
alternatives = []
{option}
'''


def write(tmp_path, rule="overview", option=""):
    path = tmp_path / "interpretations.toml"
    path.write_text(ENTRY.format(rule=rule, option=option))
    return path


def test_a_register_loads_by_id():
    """The register: id, section, rule, question, reading, alternatives, option, ours."""
    from explorer.core.data import data_path
    from explorer.asylum.params import OPTIONS
    reg = load_register(data_path("asylum", "interpretations.toml"), "asylum", OPTIONS)
    assert reg["flyer-block"].option == "flyers_block_melee" and not reg["flyer-block"].ours


@pytest.mark.parametrize("rule, option, options, field", [
    ("no.such.section", "", (), "rule"),
    ("overview", 'option = "nope"', (), "option"),
    ("overview", "", ("unexplained",), "option"),
])
def test_a_bad_register_names_the_problem(tmp_path, rule, option, options, field):
    """Every rule a section with a summary; every option real and explained."""
    with pytest.raises(DataError) as info:
        load_register(write(tmp_path, rule, option), "asylum", options)
    assert info.value.field == field
