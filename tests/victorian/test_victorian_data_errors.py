"""Malformed data is refused with a DataError naming the file, the card (or entry)
and the field: each case edits one file of a private copy of ``data/`` (read
through ``$EXPLORER_DATA``) and loads everything as ``python -m explorer check``
does."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from explorer.core.data import DataError
from explorer.victorian.check import check_data

DATA = Path(__file__).resolve().parents[2] / "data"


@pytest.fixture
def data_copy(tmp_path, monkeypatch) -> Path:
    copy = tmp_path / "data"
    shutil.copytree(DATA, copy)
    monkeypatch.setenv("EXPLORER_DATA", str(copy))
    return copy


def sub(old: str, new: str, after: str | None = None):
    """Replace the first ``old`` (after the first ``after``, when given)."""
    def edit(path: Path) -> None:
        text = path.read_text()
        start = text.index(after) if after else 0
        i = text.index(old, start)
        path.write_text(text[:i] + new + text[i + len(old):])
    return edit


ALLAN = 'name = "Allan Quatermain"'
CASES = [
    # file, edit, entry, field, words of the problem
    ("heroes.toml", sub('type = "C"', 'type = "Q"', ALLAN), "Allan Quatermain", "type", "unknown card type 'Q'"),
    ("heroes.toml", sub('traits = ["Brawler", "Hunter"]', 'traits = ["Brawler", "Ninja"]'), "Tarzan", "traits",
     "unknown trait 'Ninja'"),
    ("heroes.toml", sub("fight = 2\n", "", ALLAN), "Allan Quatermain", "fight", "missing"),
    ("heroes.toml", sub('effect = { name = "track_bonus", amount = 2 }', 'effect = { name = "teleport" }',
                        'name = "Train"'), "Train", "effect.name", "no effect named 'teleport'"),
    ("heroes.toml", sub('effect = { name = "gear", needs = ["Swordsman"] }', 'effect = { name = "draw", count = 1 }',
                        'name = "Saber"'), "Saber", "effect.name", "not an effect a Weapon can have"),
    ("heroes.toml", sub('amount = 2 }', 'amount = "two" }', 'name = "Train"'), "Train", "amount", "valid integer"),
    ("heroes.toml", sub('needs = ["Swordsman"]', 'needs = ["Doctor"]', 'name = "Saber"'), "Saber", "effect.needs",
     "could never be attached"),
    ("heroes.toml", sub('captain = "Captain Nemo"', 'captain = "Sherlock Holmes"'), "The Nautilus", "effect.captain",
     "not a Captain"),
    ("heroes.toml", sub('captain = "Captain Nemo"', 'captain = "Captain Nobody"'), "The Nautilus", "effect.captain",
     "no card 'Captain Nobody'"),
    ("heroes.toml", sub('type = "E"\neffect = { name = "track_bonus", amount = 2 }',
                        'type = "E"\nfight = 1\neffect = { name = "track_bonus", amount = 2 }', 'name = "Train"'),
     "Train", "fight", "no Fight or Track"),
    ("heroes.toml", sub('name = "Tarzan"', 'name = "Sherlock Holmes"'), "Sherlock Holmes", "name", "duplicate name"),
    ("heroes.toml", sub('type = "C"', 'type = "M"', ALLAN), "Allan Quatermain", "type", "no Mastermind cards"),
    ("villains.toml", sub('token = "Chinese Horde"', 'token = "Ninjas"'), "Dr Fu-Man-Chu", "effect.token",
     "no token kind 'Ninjas'"),
    ("villains.toml", sub('token = "Guard", count = 4', 'token = "Soldier", count = 4'), "Guards", "effect.token",
     "heroes' units"),
    ("villains.toml", sub('fight = 2\n', 'fight = 2\ntraits = ["Mastermind"]\n', 'name = "Trusted Lieutenant"'),
     "Trusted Lieutenant", "traits", "only a Mastermind card"),
    ("villains.toml", sub('effect = { name = "plot", major = true }', 'effect = { name = "plot" }'), "Start War",
     "major", "missing"),
    ("tokens.toml", sub('side = "villains"', 'side = "neutral"'), "Chinese Horde", "side", "not a side"),
    ("tables.toml", sub('{ result = "thwarted", from = 11 }', '{ result = "thwarted", from = 12 }'), "track", "band",
     "must meet"),
    ("tables.toml", sub('{ result = "thwarted", from = 11 }', '{ result = "thwart", from = 11 }'), "track",
     "band.result", "wrong_track, dead_end, foiled, thwarted"),
    ("tables.toml", sub('effect = "control"', 'effect = "steal"'), "plot_table 4", "effect",
     "no table effect named 'steal'"),
    ("tables.toml", sub("dice = 2\n", "dice = 1\n", "[track]"), "track", "dice", "2D6"),
    ("rules.toml", sub("opening_hand = { value = 7", "opening_hand = { value = 30"), "numbers", "opening_hand",
     "out of range"),
    ("rules.toml", sub("second_plot_phase = false", "second_plot_phase = false\nthird_plot_phase = true"), "options",
     "third_plot_phase", "Extra inputs"),
    ("rules.toml", sub("lockout_turns = { value = 2, min = 0, max = 10 }\n", ""), "numbers", "lockout_turns",
     "missing"),
    ("decks.toml", sub("[heroes]\ncounts = {}", '[heroes]\ncounts = { "Excalibur" = 1 }'), "heroes",
     "counts.Excalibur", "no card 'Excalibur'"),
    ("interpretations.toml", sub('option = "second_plot_phase"', 'option = "third_plot_phase"'), "two-plot-phases",
     "option", "not a rules option"),
    ("interpretations.toml", sub('rule = "plot.second"', 'rule = "plot.third"'), "two-plot-phases", "rule",
     "no section 'plot.third'"),
]


@pytest.mark.parametrize("file, edit, entry, field, words", CASES,
                         ids=[f"{c[0]}:{c[2]}:{c[3]}" for c in CASES])
def test_a_malformed_file_is_refused_naming_file_card_and_field(data_copy, file, edit, entry, field, words):
    """CARD TYPES, CARD TRAITS, the card lists and the tables: a bad value is a DataError naming the file, the
    card (or table) and the field, never a traceback from deep inside the rules."""
    path = data_copy / "victorian" / file
    edit(path)
    with pytest.raises(DataError) as info:
        check_data()
    err = info.value
    assert Path(err.file).name == file and (err.entry, err.field) == (entry, field), str(err)
    assert words in err.problem, err.problem


def test_a_card_on_both_lists_is_refused(data_copy):
    """THE DECKS: a card name says whose card it is, so no name may be on both lists."""
    sub('name = "Guards"', 'name = "Train"')(data_copy / "victorian" / "villains.toml")
    with pytest.raises(DataError) as info:
        check_data()
    assert info.value.entry == "Train" and info.value.field == "name" and "both card lists" in info.value.problem


def test_the_real_data_passes_every_check():
    """Every data file of the game loads and cross-checks."""
    lines = check_data()
    assert len(lines) == 9 and all(line.summary for line in lines)


@pytest.mark.parametrize("file, edit, entry, field, words", [
    # genius.plot_table: Recruit searches the deck for cards of the types it names
    ("tables.toml", sub('types = ["C", "M"]', 'types = ["C", "Q"]'), "plot_table 5", "types", "unknown card type 'Q'"),
    # card_types: a character's Fight is a number from 0 up
    ("heroes.toml", sub("fight = 2", "fight = -2", ALLAN), "Allan Quatermain", "fight", "greater than or equal to 0"),
    # traits: the traits a card may carry are declared in traits.toml
    ("traits.toml", sub('"Hunter" = "descriptor"\n', ""), "traits", "Hunter", "missing"),
    ("traits.toml", sub('"Holy" = "combat"', '"Holy" = "healing"'), "traits", "Holy", "the rules read Holy"),
    # decks: a side's deck holds what the side needs (the Villains a Mastermind)
    ("decks.toml", sub("[villains]\ncounts = {}", '[villains]\ncounts = { ' + ", ".join(
        f'"{n}" = 0' for n in ("Professor Moriarty", "Dr Fu-Man-Chu", "Dr Moreau", "Martian Invasion", "Count Dracula",
                               "Robur, Master of the Air", "Dr Frankenstein", "Arliss Loveless")) + " }"),
     "villains", "counts", "no Mastermind"),
], ids=["genius.plot_table", "card_types", "traits-missing", "traits-kind", "decks-mastermind"])
def test_what_the_rules_rely_on_is_checked(data_copy, file, edit, entry, field, words):
    """genius.plot_table, card_types, traits, decks: every name a file cites exists, every
    number has a range, and a deck holds what its side needs to play."""
    edit(data_copy / "victorian" / file)
    with pytest.raises(DataError) as info:
        check_data()
    err = info.value
    assert Path(err.file).name == file and (err.entry, err.field) == (entry, field), str(err)
    assert words in err.problem, err.problem
