"""Data that cannot lie: a designer's edit of a file under ``data/`` either works
or is refused with a DataError naming the file, the entry and the field.

Each case edits one file of a temporary copy of ``data/`` (``$EXPLORER_DATA``
points at it) and loads everything the way ``python -m explorer check`` and the
game do.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from explorer.asylum.check import check_data
from explorer.asylum.game import AsylumGame
from explorer.core.data import DataError

DATA = Path(__file__).resolve().parents[2] / "data"


def sub(*pairs: str):
    """An edit: replace each ``old`` by ``new``, where it starts a line (not in
    a comment) if it does anywhere, else its first occurrence."""
    def edit(path: Path) -> None:
        text = "\n" + path.read_text()
        for old, new in zip(pairs[::2], pairs[1::2]):
            assert old in text, old
            at = text.find("\n" + old)
            at = at + 1 if at >= 0 else text.index(old)
            text = text[:at] + new + text[at + len(old):]
        path.write_text(text[1:])
    return edit


def cut(start: str, end: str):
    """An edit: remove the text from ``start`` up to (not including) ``end``."""
    def edit(path: Path) -> None:
        text = path.read_text()
        i = text.index(start)
        path.write_text(text[:i] + "\n" + text[text.index(end, i):])
    return edit


def whole(text: str):
    return lambda path: path.write_text(text)


def delete(path: Path) -> None:
    path.unlink()


def folder(path: Path) -> None:
    path.unlink()
    path.mkdir()


def latin1(path: Path) -> None:
    path.write_bytes(b"# caf\xe9 au lait\n" + path.read_bytes())


def new_villain(name: str, extra: str = "") -> str:
    return (f'\n[[villain]]\nname = "{name}"\nphysical_attack = 2\nphysical_defense = 2\nmental_attack = 2\n'
            f"mental_defense = 2\nquickness = 2\n{extra}")


R, V, E, I, S = "asylum/rules.toml", "asylum/villains.toml", "asylum/events.toml", "asylum/interpretations.toml", \
    "rules/asylum.toml"

# (file, edit, entry, field, words in the problem)
CASES = {
    # -- rules.toml: ranges ("every number carries its range") -------------------------------
    "maneuver target out of range": (R, sub("maneuver_target = { value = 8,", "maneuver_target = { value = 13,"),
                                     "numbers", "maneuver_target", "allowed 2..12"),
    "turn cap 0": (R, sub("turn_cap = { value = 30,", "turn_cap = { value = 0,"), "numbers", "turn_cap", "allowed 1..200"),
    "turn cap range down to 0": (R, sub("turn_cap = { value = 30, min = 1", "turn_cap = { value = 30, min = 0"),
                                 "numbers", "turn_cap.min", "below 1"),
    "empty range": (R, sub("vp_defeat = { value = 5, min = 0, max = 10 }", "vp_defeat = { value = 5, min = 6, max = 4 }"),
                    "numbers", "vp_defeat.max", "empty"),
    "negative range": (R, sub("vp_defeat = { value = 5, min = 0,", "vp_defeat = { value = 5, min = -5,"),
                       "numbers", "vp_defeat.min", "below 0"),
    "number without its range": (R, sub("vp_defeat = { value = 5, min = 0, max = 10 }", "vp_defeat = 5"),
                                 "numbers", "vp_defeat", "declares its allowed range"),
    "range without its max": (R, sub("vp_defeat = { value = 5, min = 0, max = 10 }", "vp_defeat = { value = 5, min = 0 }"),
                              "numbers", "vp_defeat.max", "missing"),
    "number as text": (R, sub("vp_defeat = { value = 5,", "vp_defeat = { value = 'five',"),
                       "numbers", "vp_defeat", "not a whole number"),
    "number as a boolean": (R, sub("vp_defeat = { value = 5,", "vp_defeat = { value = true,"),
                            "numbers", "vp_defeat", "not a whole number"),
    "missing number": (R, sub("vp_maneuver = { value = 3, min = 0, max = 10 }\n", ""), "numbers", "vp_maneuver",
                       "missing"),
    "unknown number": (R, sub("[numbers]\n", "[numbers]\nvp_pie = { value = 1, min = 0, max = 2 }\n"),
                       "numbers", "vp_pie", "unknown rule number"),
    "option not a boolean": (R, sub("flyers_block_melee = true", "flyers_block_melee = 1"),
                             "options", "flyers_block_melee", "boolean"),
    "missing option": (R, sub("flyers_block_melee = true\n", ""), "options", "flyers_block_melee", "missing"),
    "unknown table": (R, sub("[options]", "[optoins]"), "optoins", None, "unknown table"),
    # -- rules.toml: numbers that make a rule impossible ------------------------------------
    "start above the cap": (R, sub("doomsday_start = { value = 1,", "doomsday_start = { value = 5,",
                                   "doomsday_cap = { value = 8,", "doomsday_cap = { value = 4,",
                                   "doom_ready_points = { value = 8,", "doom_ready_points = { value = 4,"),
                            "numbers", "doomsday_start", "above doomsday_cap (4)"),
    "doom ready above the cap": (R, sub("doom_ready_points = { value = 8,", "doom_ready_points = { value = 9,"),
                                 "numbers", "doom_ready_points", "could ever become Doom Ready"),
    "upgrade cost above the cap": (R, sub("doomsday_cap = { value = 8,", "doomsday_cap = { value = 4,",
                                          "doom_ready_points = { value = 8,", "doom_ready_points = { value = 4,",
                                          "upgrade_cost = { value = 1,", "upgrade_cost = { value = 5,"),
                                   "numbers", "upgrade_cost", "could ever pay for an upgrade"),
    "max level above the upgrades": (R, sub("max_level = { value = 3, min = 1, max = 3 }",
                                            "max_level = { value = 4, min = 1, max = 4 }"),
                                     "numbers", "max_level", "highest level the villains' upgrades reach"),
    "maneuver nobody can win": (R, sub("maneuver_target = { value = 8,", "maneuver_target = { value = 12,"),
                                "numbers", "maneuver_target", "the most any villain can beat is 11"),
    # -- villains.toml ----------------------------------------------------------------------
    "stat above its limit": (V, sub("quickness = 6", "quickness = 9"), "The Gremlin", "quickness", "allowed 0..8"),
    "negative stat": (V, sub("mental_attack = 0", "mental_attack = -1"), "Gargantua", "mental_attack", "allowed 0..8"),
    "upgrade drives a stat below 0": (
        V, sub('level2 = { ability = "pounce", text = "Ground-shaking leap" }',
               'level2 = { ability = "pounce", stats = { mental_attack = -1 }, text = "Ground-shaking leap" }'),
        "Gargantua", "level2.stats.mental_attack", "takes Mental Attack to -1 at level 2"),
    "upgrade drives a stat above its limit": (
        V, sub("[limits]\nphysical_attack = { min = 0, max = 8 }", "[limits]\nphysical_attack = { min = 0, max = 5 }"),
        "Gargantua", "level3.stats.physical_attack", "takes Physical Attack to 6 at level 3"),
    "upgrade change of 0": (V, sub("level2 = { stats = { mental_defense = 1 }", "level2 = { stats = { mental_defense = 0 }"),
                            "Doctor Cortex", "level2.stats.mental_defense", "changes nothing"),
    "upgrade change too big": (V, sub("level2 = { stats = { mental_defense = 1 }", "level2 = { stats = { mental_defense = 3 }"),
                               "Doctor Cortex", "level2.stats.mental_defense", "allowed -2..2"),
    "empty name": (V, sub('name = "Oscar"', 'name = ""'), "#6", "name", "empty name"),
    "blank name": (V, sub('name = "Oscar"', 'name = "   "'), "#6", "name", "empty name"),
    "name with spaces around it": (V, sub('name = "Oscar"', 'name = "Oscar "'), "Oscar ", "name", "spaces"),
    "duplicate name": (V, sub('name = "Oscar"', 'name = "Gargantua"'), "Gargantua", "name", "duplicate name"),
    "duplicate name in another case": (V, sub('name = "Oscar"', 'name = "GARGANTUA"'), "Gargantua", "name",
                                       "duplicate name"),
    "ability listed twice": (V, sub('abilities = ["mind_blast"]', 'abilities = ["mind_blast", "mind_blast"]'),
                             "Doctor Cortex", "abilities", "listed twice"),
    "upgrade grants a held ability": (V, sub('level3 = { ability = "hypnotise", text = "Neural dominator" }',
                                             'level3 = { ability = "mind_blast", text = "Neural dominator" }'),
                                      "Doctor Cortex", "level3.ability", "already has 'mind_blast' at level 1"),
    "both upgrades grant one ability": (V, sub('level3 = { ability = "iron_will", text = "Nobody home" }',
                                               'level3 = { ability = "hypnotise", text = "Nobody home" }'),
                                        "Mr Mirage", "level3.ability", "from his level-2 upgrade"),
    "unknown ability": (V, sub('abilities = ["mind_blast"]', 'abilities = ["laser_eyes"]'),
                        "Doctor Cortex", "abilities", "unknown ability"),
    "unknown pronoun": (V, sub('pronoun = "she"', 'pronoun = "it"'), "Madame Nocturne", "pronoun", "'he' or 'she'"),
    "empty roster": (V, whole("[limits]" + (DATA / V).read_text().split("\n[limits]")[1].split("[[villain]]")[0]),
                     None, "villain", "no villains"),
    "empty villains file": (V, whole(""), None, None, "the file is empty"),
    "misspelt villain table": (V, sub("[[villain]]", "[[villian]]"), "villian", None, "unknown table"),
    "missing limit": (V, sub("quickness = { min = 0, max = 8 }\n", ""), "limits", "quickness", "missing"),
    "limit below 0": (V, sub("quickness = { min = 0, max = 8 }", "quickness = { min = -1, max = 8 }"),
                      "limits", "quickness.min", "below 0"),
    # -- events.toml ------------------------------------------------------------------------
    "gamble target out of range": (E, sub("params = { target = 4, win = 2, lose = 1 }",
                                          "params = { target = 7, win = 2, lose = 1 }"),
                                   "Bribe a Guard", "params.target", "allowed 1..6"),
    "gamble target no die can roll": (E, sub("target = { min = 1, max = 6 }", "target = { min = 1, max = 7 }",
                                             "params = { target = 4, win = 2, lose = 1 }",
                                             "params = { target = 7, win = 2, lose = 1 }"),
                                      "Bribe a Guard", "params.target", "cannot be rolled on a die"),
    "test of nerve nobody can pass": (E, sub("params = { target = 7, win = 2, lose = 1 }",
                                             "params = { target = 12, win = 2, lose = 1 }"),
                                      "Test of Nerve", "params.target", "no mastermind can beat 12"),
    "event parameter without a range": (E, sub("win = { min = 1, max = 5 }\nlose", "lose"), "limits", "gamble.win",
                                        "missing"),
    "range for an unknown parameter": (E, sub("reach = { min = 1, max = 4 }", "distance = { min = 1, max = 4 }"),
                                       "limits", "secret_passage.distance", "no numeric parameter"),
    "range for an unknown effect": (E, sub("[limits.frame_rival]", "[limits.frame_rivals]"), "limits",
                                    "frame_rivals", "unknown limit"),
    "dice range beyond the code": (E, sub("dice = { min = 1, max = 3 }", "dice = { min = 1, max = 9 }"),
                                   "limits", "dice.max", "above 4"),
    "dice out of range": (E, sub("dice = 2\n", "dice = 4\n"), None, "dice", "allowed 1..3"),
    "misspelt limits": (E, sub("[limits]\n", "[limitz]\n"), "limitz", None, "unknown key or table"),
    "missing limits": (E, cut("\n[limits]\n", "[[result]]"), "limits", None, "missing table [limits]"),
    "missing dice range": (E, sub("dice = { min = 1, max = 3 }\n", ""), "limits", "dice", "missing"),
    # -- interpretations.toml ---------------------------------------------------------------
    "unknown option": (I, sub('option = "defeated_villains_act"', 'option = "flying_pigs"'),
                       "defeated-act", "option", "not a rules option"),
    "unknown rule section": (I, sub('rule = "conflicts.actions"', 'rule = "conflicts.nowhere"'),
                             "defeated-act", "rule", "no section 'conflicts.nowhere'"),
    "duplicate reading id": (I, sub('id = "ranged-catch"', 'id = "defeated-act"'), "defeated-act", "id",
                             "duplicate id"),
    "empty question": (I, sub('question = "Does a ranged physical attack still need the catch (quickness) roll?"',
                              'question = " "'), "ranged-catch", "question", "empty"),
    "option explained by no reading": (I, sub('option = "flyers_block_melee"\n', ""), None, "option",
                                       "'flyers_block_melee' is explained by no reading"),
    "bad TOML": (I, sub("[[reading]]", "[[reading]"), None, None, "not valid TOML"),
    # -- rules/asylum.toml: every section the code cites has a summary ----------------------
    "cited section without a summary": (S, sub("[turn.cap]", "[turn.capped]"), "turn.cap", "summary",
                                        "which the asylum code cites"),
    "summary without a heading": (S, sub('[doomsday.cap]\nheading = "Doomsday points"\n', "[doomsday.cap]\n"),
                                  "doomsday.cap", "heading", "missing"),
}
# every data file, made unreadable in each way a file can be
for name in (R, V, E, I, S, "asylum/board.toml"):
    CASES[f"{name}: not UTF-8"] = (name, latin1, None, None, "not UTF-8 text: byte 0xe9 at line 1, column 6")
    CASES[f"{name}: a folder"] = (name, folder, None, None, "is a folder")
    CASES[f"{name}: missing"] = (name, delete, None, None, "file not found")


@pytest.mark.parametrize("file, edit, entry, field, words", CASES.values(), ids=CASES.keys())
def test_a_bad_edit_is_refused_naming_file_entry_and_field(data_copy, file, edit, entry, field, words):
    """Doomsday points, Upgrading Villains, Tactical Maneuvers, Knowing your Villains,
    Calculated Risks: every malformed edit is a DataError naming the file, the entry
    and the field, raised by ``check`` and, for the files the game reads, by the
    game itself (the same message)."""
    path = data_copy / file
    edit(path)
    with pytest.raises(DataError) as err:
        check_data()
    e = err.value
    assert (Path(e.file), e.entry, e.field) == (path, entry, field), str(e)
    assert words in e.problem and str(path) in str(e)
    if file != I:
        with pytest.raises(DataError) as again:
            AsylumGame()
        assert str(again.value) == str(e)


def test_test_of_nerve_checks_use_max_level(data_copy):
    """Upgrading Villains / Calculated Risk: a Test of Nerve only a level-3 villain
    can pass is refused once max_level caps every villain at level 1."""
    sub("quickness = 6", "quickness = 5")(data_copy / V)  # the Gremlin: now no level-1 stat above 5
    sub("params = { target = 7, win = 2, lose = 1 }", "params = { target = 11, win = 2, lose = 1 }")(data_copy / E)
    check_data()  # at level 3 Gargantua has Physical Attack 6: a 6 on the die beats 11
    sub("max_level = { value = 3,", "max_level = { value = 1,")(data_copy / R)
    with pytest.raises(DataError) as err:
        check_data()
    assert (Path(err.value.file).name, err.value.entry, err.value.field) == ("events.toml", "Test of Nerve", "params.target")


def test_every_good_file_loads_with_its_summary(data_copy):
    """The shipped data passes every check; ``check_data`` says what each file holds."""
    summaries = {c.path.relative_to(data_copy).as_posix(): c.summary for c in check_data()}
    assert summaries == {
        S: "42 section summaries, covering the 42 sections the code cites",
        V: "18 villains (5 starred)",
        R: "17 numbers, each inside its declared range, and 21 options",
        "asylum/board.toml": "25 rooms (4 plot rooms), 35 corridors",
        E: "7 results on 2d6",
        I: "47 readings (21 with a rules option)",
    }


def test_a_lower_max_level_is_a_legal_cap(data_copy):
    """Upgrading Villains: max_level below what the upgrades provide caps the villains."""
    sub("max_level = { value = 3,", "max_level = { value = 2,")(data_copy / R)
    check_data()
    assert AsylumGame().rules.max_level == 2


def test_widening_a_range_lets_a_value_through(data_copy):
    """Tactical Maneuvers: a designer who widens a range may use the new values."""
    sub("vp_maneuver = { value = 3, min = 0, max = 10 }", "vp_maneuver = { value = 15, min = 0, max = 20 }")(data_copy / R)
    check_data()
    assert AsylumGame().rules.vp_maneuver == 15


def test_a_fixed_file_is_accepted_without_a_restart(data_copy):
    """Edit, get refused, fix, re-run: the loaders follow the file's stamp."""
    path = data_copy / R
    good = path.read_text()
    path.write_text(good.replace("turn_cap = { value = 30,", "turn_cap = { value = 0,"))
    with pytest.raises(DataError):
        check_data()
    path.write_text(good.replace("turn_cap = { value = 30,", "turn_cap = { value = 12,"))
    os.utime(path, ns=(1, 10**18))  # a new stamp even on a coarse clock
    check_data()
    assert AsylumGame().rules.turn_cap == 12
