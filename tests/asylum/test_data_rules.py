"""The rules file's declared ranges in code (for the what-if layer), the
interpretation register's loader, and ``python -m explorer check``."""

from __future__ import annotations

import pytest

from explorer.asylum.interpretations import load_interpretations
from explorer.asylum.overrides import override_rules
from explorer.asylum.params import (
    NUMBERS,
    OPTIONS,
    AsylumRules,
    RuleError,
    load_rules,
    rule_ranges,
)
from explorer.asylum.villains import roster_limits
from explorer.cli import main
from explorer.core.data import Range


# -- ranges and overrides ---------------------------------------------------------------------

def test_every_number_has_a_declared_range_holding_its_value():
    """Every number of rules.toml carries its range; the loaded value lies in it."""
    ranges, rules = rule_ranges(), load_rules()
    assert set(ranges) == set(NUMBERS)
    assert ranges["maneuver_target"] == Range(2, 12)
    for name in NUMBERS:
        assert getattr(rules, name) in ranges[name], name


def test_rules_have_no_defaults_and_stay_hashable():
    """The data is the one source: AsylumRules cannot be built from nothing, and
    the loaded rules hash cheaply (they are part of many cache keys)."""
    with pytest.raises(TypeError):
        AsylumRules()
    rules = load_rules()
    assert hash(rules) == hash(load_rules().replace()) and rules == load_rules().replace()
    assert rules.replace(turn_cap=5) != rules and rules.replace(turn_cap=5).turn_cap == 5
    assert set(OPTIONS) == {n for n in vars(rules) if isinstance(getattr(rules, n), bool)}


def test_override_accepts_values_in_range():
    """Tactical Maneuvers: a what-if may move a number inside its declared range."""
    rules = override_rules({"maneuver_target": 7, "flyers_block_melee": False})
    assert (rules.maneuver_target, rules.flyers_block_melee) == (7, False)
    assert rules.vp_defeat == load_rules().vp_defeat
    again = override_rules({"vp_defeat": 4}, rules)
    assert (again.maneuver_target, again.vp_defeat) == (7, 4)


@pytest.mark.parametrize("changes, rule, words", [
    ({"maneuver_target": 13}, "maneuver_target", "allowed 2..12"),
    ({"maneuver_target": 12}, "maneuver_target", "no villain can beat 12"),
    ({"turn_cap": 0}, "turn_cap", "allowed 1..200"),
    ({"doomsday_cap": 4}, "doom_ready_points", "above doomsday_cap (4)"),
    ({"maneuver_target": "8"}, "maneuver_target", "whole number"),
    ({"maneuver_target": True}, "maneuver_target", "whole number"),
    ({"flyers_block_melee": 1}, "flyers_block_melee", "true or false"),
    ({"flying_pigs": 3}, "flying_pigs", "no such rule"),
])
def test_override_refuses_what_the_file_would(changes, rule, words):
    """Doomsday points / Tactical Maneuvers: an override is checked like the file."""
    with pytest.raises(RuleError) as err:
        override_rules(changes)
    assert err.value.rule == rule and words in str(err.value)


def test_override_refuses_a_cap_that_makes_an_event_unwinnable(data_copy):
    """Upgrading Villains / Calculated Risk: with a Test of Nerve only a level-3
    villain can pass, a what-if capping villains at level 2 is refused."""
    villains, events = data_copy / "asylum" / "villains.toml", data_copy / "asylum" / "events.toml"
    villains.write_text(villains.read_text().replace("quickness = 6", "quickness = 5"))
    events.write_text(events.read_text().replace("target = 7, win = 2", "target = 11, win = 2"))
    assert override_rules({"vp_defeat": 4}).max_level == 3  # Gargantua's Physical Attack is 6 at level 3
    with pytest.raises(RuleError) as err:
        override_rules({"max_level": 2})
    assert err.value.rule == "max_level" and "'Test of Nerve' could no longer be won" in str(err.value)


def test_roster_limits_are_exposed():
    """Knowing your Villains: the roster file declares each stat's range."""
    limits = roster_limits()
    assert limits["quickness"] == Range(0, 8) and limits["stat_change"] == Range(-2, 2)


# -- the interpretation register --------------------------------------------------------------

def test_the_register_loads_and_explains_every_option():
    """Every rules option is explained by a reading that cites a summarised section."""
    register = load_interpretations()
    assert len(register) >= 40
    assert {r.option for r in register.values()} >= set(OPTIONS)
    assert register["flyer-block"].rule == "conflicts.blocking"
    assert register["defeated-act"].alternatives


def test_a_missing_register_is_a_data_error(data_copy):
    from explorer.core.data import DataError

    (data_copy / "asylum" / "interpretations.toml").unlink()
    with pytest.raises(DataError, match="file not found"):
        load_interpretations()


# -- python -m explorer check -----------------------------------------------------------------

def test_check_prints_one_line_per_file(data_copy, monkeypatch, capsys):
    """``check`` loads every data file and says what each holds."""
    monkeypatch.chdir(data_copy.parent)
    assert main(["check"]) == 0
    lines = capsys.readouterr().out.splitlines()
    out = [line for line in lines if line.startswith("data/")
           and "victorian" not in line and "doomtrooper" not in line]  # Asylum's files
    assert "data/asylum/villains.toml: 18 villains (5 starred)" in out
    assert "data/asylum/rules.toml: 17 numbers, each inside its declared range, and 21 options" in out
    assert len(out) == 6
    coverage = "Doom Asylum: 42 of 42 sections have a live example"
    assert lines[lines.index(out[-1]) + 1] == coverage  # after its files, the game's live examples
    assert main(["check", "asylum"]) == 0
    assert capsys.readouterr().out.splitlines() == out + [coverage]


def test_check_names_the_file_entry_and_field(data_copy, monkeypatch, capsys):
    """Tactical Maneuvers: a bad value is one error line and exit code 2."""
    monkeypatch.chdir(data_copy.parent)
    path = data_copy / "asylum" / "rules.toml"
    path.write_text(path.read_text().replace("\nmaneuver_target = { value = 8,", "\nmaneuver_target = { value = 13,"))
    assert main(["check"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == ("error: data/asylum/rules.toml, entry 'numbers', field 'maneuver_target': 13 is out of "
                            "range: allowed 2..12 (the range declared in the file)\n")


def test_check_never_shows_a_traceback(data_copy, monkeypatch, capsys):
    """A file that is not UTF-8 is one line naming it, not a traceback."""
    monkeypatch.chdir(data_copy.parent)
    path = data_copy / "asylum" / "villains.toml"
    path.write_bytes(path.read_bytes().replace(b"Oscar", b"\xd8scar", 1))
    assert main(["check", "asylum"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: data/asylum/villains.toml: not UTF-8 text") and "Traceback" not in err


def test_check_rejects_an_unknown_game(capsys):
    """``check`` names the games it knows; an unknown one is one error line, exit 2."""
    assert main(["check", "monopoly"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and "invalid choice" in err and len(err.strip().splitlines()) == 1
