"""``python -m explorer``: every user mistake is one ``error:`` line on stderr and
exit code 2, never a traceback (design principle 7: errors a user can act on)."""

from __future__ import annotations

import pytest

from explorer.asylum import load_roster
from explorer.asylum.villains import UnknownVillain, find_villain
from explorer.cli import count, main


def one_error(capsys, argv: list[str]) -> str:
    """Run the command line; it must fail with exit 2 and one ``error:`` line."""
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), captured.err
    assert "Traceback" not in captured.err and captured.out == ""
    return lines[0]


@pytest.mark.parametrize("argv, says", [
    (["simulate", "asylum", "--games", "0"], "--games: must be at least 1, not 0"),
    (["simulate", "asylum", "--games", "-3"], "--games: must be at least 1, not -3"),
    (["simulate", "asylum", "--games", "many"], "--games: expected a whole number"),
    (["simulate", "asylum", "--workers", "0"], "--workers: must be at least 1"),
    (["simulate", "asylum", "--players", "7"], "2 to 6 players"),
    (["simulate", "asylum", "--players", "three"], "--players: invalid int value"),
    (["simulate", "asylum", "--policy", "genius"], "unknown policy"),
    (["simulate", "asylum", "--policy", "greedy,random", "--players", "3"], "2 bots given for 3 players"),
    (["simulate", "asylum", "--masterminds", "best"], "--masterminds: invalid choice"),
    (["simulate", "chess"], "invalid choice: 'chess'"),
    (["simulate", "asylum", "--bogus"], "unrecognized arguments: --bogus"),
    (["odds", "Oscar"], "required: defender"),
    (["odds", "Oscar", "Gargantua", "--level", "1", "x"], "--level: invalid int value"),
    (["teleport"], "invalid choice: 'teleport'"),
    (["lab", "--notebook", "notebooks/missing.ipynb"], "no notebook 'notebooks/missing.ipynb'"),
])
def test_user_mistakes_are_one_error_line(capsys, argv, says):
    """Design principle 7: the line says what is wrong."""
    assert says in one_error(capsys, argv)


def test_usage_mistakes_point_to_help(capsys):
    """Design principle 7: a bad command line says where the help is."""
    assert "(see 'python -m explorer simulate asylum --help')" in one_error(capsys, ["simulate", "asylum", "--games", "0"])


@pytest.mark.parametrize("text, value", [("100", 100), ("10_000", 10_000), ("1e6", 10**6), ("10**12", 10**12)])
def test_game_counts_are_read_as_written(text, value):
    """Gameplay overview: `--games 10**12` and `--games 1e6` mean what they say."""
    assert count(text) == value


def test_level_outside_the_villains_levels_is_refused(capsys):
    """Upgrading Villains: a villain has level 1 and one level per upgrade, no more."""
    roster = load_roster()
    oscar = roster["Oscar"]
    err = one_error(capsys, ["odds", "Oscar", "Gargantua", "--level", "0", "1"])
    assert err == f"error: Oscar has levels 1 to {oscar.max_level}, not level 0 (--level A)"
    err = one_error(capsys, ["odds", "Oscar", "Gargantua", "--level", "1", "4"])
    assert err.startswith(f"error: Gargantua has levels 1 to {roster['Gargantua'].max_level}, not level 4 (--level D)")


def test_villain_names_ignore_case_and_spaces(capsys):
    """Knowing your Villains: a villain is found by his name however it is typed."""
    assert main(["odds", "  doctor CORTEX ", "oscar"]) == 0
    assert capsys.readouterr().out.startswith("Doctor Cortex (L1)")
    roster = load_roster()
    assert find_villain(roster, "corporal  union") is roster["Corporal Union"]


def test_an_unknown_villain_gets_a_suggestion_and_the_list(capsys):
    """Design principle 7: a misspelt name suggests the close ones and lists the roster."""
    err = one_error(capsys, ["odds", "Docter Cortx", "Oscar"])
    assert err.startswith("error: no villain named 'Docter Cortx'; did you mean 'Doctor Cortex'?")
    assert "Madame Nocturne" in err and "Matron Hatchet" in err
    err = one_error(capsys, ["odds", "Oscar", "Zzzz"])
    assert "did you mean" not in err and err.startswith("error: no villain named 'Zzzz' (known: ")
    with pytest.raises(KeyError):  # widgets may catch it as the KeyError it is
        find_villain(load_roster(), "Nobody")
    assert issubclass(UnknownVillain, KeyError)


def test_bad_data_is_one_error_line(capsys, monkeypatch, tmp_path):
    """Design principle 7: a broken data file is named, not a traceback."""
    import explorer.asylum as asylum
    from explorer.core.data import DataError

    def broken(*args, **kwargs):
        raise DataError(tmp_path / "villains.toml", "Oscar", "quickness", "must be a whole number")

    monkeypatch.setattr(asylum, "load_roster", broken)
    assert "villains.toml" in one_error(capsys, ["odds", "Oscar", "Gargantua"])


def test_a_broken_data_file_of_one_game_stops_only_that_game(capsys, tmp_path, monkeypatch):
    """Data that cannot lie: an out-of-range number in Doomtrooper's rules file is one
    error line naming the file, the entry and the field for that game's commands, while
    the other games' commands still run."""
    import shutil

    from explorer.core.data import data_dir

    data = tmp_path / "data"
    shutil.copytree(data_dir(), data)
    rules = data / "doomtrooper" / "rules.toml"
    rules.write_text(rules.read_text().replace("cover_armor = { value = 3,", "cover_armor = { value = 99,"))
    monkeypatch.setenv("EXPLORER_DATA", str(data))
    line = one_error(capsys, ["check", "doomtrooper"])
    assert "rules.toml" in line and "'numbers'" in line and "cover_armor" in line and "0..10" in line
    assert "cover_armor" in one_error(capsys, ["simulate", "doomtrooper", "--games", "2"])
    assert main(["check", "asylum"]) == 0
    assert main(["simulate", "asylum", "--games", "2", "--seed", "1"]) == 0
