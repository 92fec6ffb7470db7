"""One source of rules: every consumer reads the numbers from the rules file.

Each test edits ``maneuver_target`` (or another number) in a temporary copy of
``data/`` that ``$EXPLORER_DATA`` points at, and checks that the consumer
follows it with no restart, and that an explicit ``rules=`` still overrides
the file for one call.  Doctor Cortex (Mental Attack 5) needs a die of 4+ to
beat 8 (1/2) and a die of 3+ to beat 7 (2/3).
"""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path

import pytest

from explorer.asylum import load_roster, odds
from explorer.asylum.params import load_rules
from explorer.cli import main

@pytest.fixture
def rules_file(data_copy) -> Path:
    """The rules file of a private copy of data/ (see conftest.py)."""
    return data_copy / "asylum" / "rules.toml"


def set_number(path: Path, name: str, value: int) -> None:
    """Edit one number's value in a rules file, as a designer would."""
    lines = path.read_text().splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.startswith(f"{name} = {{ value = "):
            rest = line.split(",", 1)[1]
            lines[i] = f"{name} = {{ value = {value},{rest}"
            break
    else:
        raise AssertionError(f"no {name} in {path}")
    path.write_text("".join(lines))
    os.utime(path, ns=(1, 10**18 + value))  # a new stamp even on a coarse clock


def cortex():
    return load_roster()["Doctor Cortex"]


def test_odds_functions_follow_the_rules_file(rules_file):
    """Tactical Maneuvers: odds.tactical_maneuver uses the file's target, read afresh
    after an edit; an explicit ``rules=`` overrides it for one call."""
    assert odds.tactical_maneuver(cortex()) == Fraction(1, 2)
    set_number(rules_file, "maneuver_target", 7)
    assert load_rules().maneuver_target == 7
    assert odds.tactical_maneuver(cortex()) == Fraction(2, 3)
    assert odds.tactical_maneuver(cortex(), load_rules().replace(maneuver_target=8)) == Fraction(1, 2)


def test_conflict_odds_follow_the_rules_file(rules_file):
    """Concluding a Conflict: whole-conflict odds use the file's Doomsday points for
    the winner (Doctor Cortex beats Oscar 11/12 of the time)."""
    a, d = load_roster()["Doctor Cortex"], load_roster()["Oscar"]
    # every win is a sound defeat (5 VP or more): 1 point and the bonus 1
    assert odds.conflict([a], [d]).doomsday[0] == Fraction(11, 12) * 1 + Fraction(11, 12)
    set_number(rules_file, "win_doomsday", 2)
    after = odds.conflict([a], [d])
    assert after.doomsday[0] == Fraction(11, 12) * 2 + Fraction(11, 12)
    assert odds.conflict([a], [d], rules=load_rules().replace(win_doomsday=1)).doomsday[0] == Fraction(11, 6)


def test_odds_options_follow_the_rules_file(rules_file):
    """Blocking: a flyer stepping in front of a melee attack follows the file's
    ``flyers_block_melee`` option."""
    garg, nocturne = load_roster()["Gargantua"], load_roster()["Madame Nocturne"]
    assert odds.physical_attack(garg, nocturne, blocked=True) > 0
    text = rules_file.read_text().replace("flyers_block_melee = true", "flyers_block_melee = false")
    rules_file.write_text(text)
    os.utime(rules_file, ns=(1, 10**18 + 1))
    with pytest.raises(Exception, match="flies"):
        odds.physical_attack(garg, nocturne, blocked=True)


def test_cli_odds_follows_the_rules_file(rules_file, capsys):
    """Tactical Maneuvers: ``python -m explorer odds`` prints the file's odds."""
    assert main(["odds", "Doctor Cortex", "Oscar"]) == 0
    assert "tactical maneuver (Doctor Cortex) 50.0% (1/2)" in " ".join(capsys.readouterr().out.split())
    set_number(rules_file, "maneuver_target", 7)
    assert main(["odds", "Doctor Cortex", "Oscar"]) == 0
    assert "tactical maneuver (Doctor Cortex) 66.7% (2/3)" in " ".join(capsys.readouterr().out.split())


def test_cli_odds_refuses_a_bad_rules_file(rules_file, capsys):
    """Tactical Maneuvers: a target no villain can beat stops the odds with one line."""
    set_number(rules_file, "maneuver_target", 12)
    assert main(["odds", "Doctor Cortex", "Oscar"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "maneuver_target" in err and "Traceback" not in err


def test_combat_odds_widget_follows_the_rules_file(rules_file):
    """Tactical Maneuvers: the combat odds explorer shows the file's target and odds."""
    from explorer.ui.asylum import CombatOddsExplorer

    set_number(rules_file, "maneuver_target", 7)
    x = CombatOddsExplorer(attacker="Doctor Cortex", defender="Oscar")
    assert x.rules == load_rules() and x.rules.maneuver_target == 7
    row = x.row("maneuver:attacker")
    assert row.p == Fraction(2, 3) and "must beat 7" in row.roll


def test_conflict_lab_follows_the_rules_file(rules_file):
    """Concluding a Conflict / Tactical Maneuvers: the conflict lab computes with the
    file's numbers."""
    from explorer.ui.asylum import ConflictLab

    set_number(rules_file, "maneuver_target", 7)
    set_number(rules_file, "win_doomsday", 2)
    lab = ConflictLab(attackers=["Doctor Cortex"], defenders=["Oscar"])
    assert lab.rules == load_rules() and (lab.rules.maneuver_target, lab.rules.win_doomsday) == (7, 2)
    lab.compute.click()
    co = lab.conflict_odds
    assert co.doomsday[0] == Fraction(11, 12) * 2 + Fraction(11, 12)
    team = load_roster()
    assert co == odds.conflict([team["Doctor Cortex"]], [team["Oscar"]], "expected-vp")
