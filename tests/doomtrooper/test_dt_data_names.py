"""Doomtrooper data that cannot lie: every name a data file cites exists, every
number has a range, and what the variants need of the files is checked by
``check`` before ``simulate`` finds it.  Each test edits a private copy of
``data/`` (read through ``$EXPLORER_DATA``) and cites the section whose rule the
checked fact serves."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from explorer.core.data import DataError
from explorer.doomtrooper.check import check_data

DATA = Path(__file__).resolve().parents[2] / "data"


@pytest.fixture
def data_copy(tmp_path, monkeypatch) -> Path:
    copy = tmp_path / "data"
    shutil.copytree(DATA, copy)
    monkeypatch.setenv("EXPLORER_DATA", str(copy))
    return copy


def refused(data: Path, file: str, old: str, new: str) -> DataError:
    path = data / "doomtrooper" / file
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as info:
        check_data()
    assert Path(info.value.file).name == file, str(info.value)
    return info.value


def test_actions_gift_a_follower_and_a_gift_name_a_declared_apostle(data_copy):
    """actions.gift: a Gift of an Apostle goes only to a Follower of that Apostle, so both
    name one of the Apostles cards.toml declares."""
    err = refused(data_copy, "cards.toml", 'follower_of = "Ilian"', 'follower_of = "Ilyan"')
    assert (err.entry, err.field) == ("Nepharite of Ilian", "follower_of") and "no Apostle" in err.problem


def test_actions_gift_an_apostles_gift_names_a_declared_apostle(data_copy):
    """actions.gift: the Apostle a Gift belongs to is a declared one."""
    err = refused(data_copy, "cards.toml", 'apostle = "Ilian"', 'apostle = "Illian"')
    assert (err.entry, err.field) == ("Void Mastery", "apostle")


def test_combat_announce_an_attack_rule_names_known_classes(data_copy):
    """combat.announce.mortificators: an attack rule tests classes that exist; a misspelt
    keyword would make the rule match nobody."""
    err = refused(data_copy, "affiliations.toml", 'attacker = ["Mortificator"]', 'attacker = ["Mortifcator"]')
    assert (err.entry, err.field) == ("attack #6", "attacker") and "unknown class" in err.problem


def test_combat_announce_keywords_are_declared(data_copy):
    """combat.announce: keywords are classes a warrior is tested by, so a card carries only
    the keywords affiliations.toml declares."""
    err = refused(data_copy, "cards.toml", 'keywords = ["Infantry"]', 'keywords = ["Infantri"]')
    assert (err.entry, err.field) == ("Imperial Trencher", "keywords")


def test_outpost_a_beasts_rider_class_exists(data_copy):
    """outpost.beasts: a Beast names the class that may ride it; a capitalised typo is
    no longer taken for a keyword."""
    err = refused(data_copy, "cards.toml", 'who = "Crescentia"', 'who = "Cresentia"')
    assert (err.entry, err.field) == ("War Mammoth", "who")


def test_alliances_the_class_an_alliance_helps_exists(data_copy):
    """alliances: an Alliance helps its player's warriors of one class, which exists."""
    err = refused(data_copy, "cards.toml", 'who = "Imperial"', 'who = "Imperal"')
    assert (err.entry, err.field) == ("Accord of the Iron Throne", "who")


def test_actions_fortification_applies_to_a_class_that_exists(data_copy):
    """actions.fortification: a fortification helps its area's warriors of the class it names."""
    err = refused(data_copy, "cards.toml", 'applies_to = "Brotherhood"', 'applies_to = "Brotherhod"')
    assert (err.entry, err.field) == ("Cathedral", "applies_to")


def test_first_edition_vehicles_a_vehicle_type_is_declared(data_copy):
    """first_edition.vehicles: airships and submarines are told apart by their vehicle
    type, so a type is one cards.toml declares."""
    err = refused(data_copy, "cards.toml", 'vehicle_type = "tank"', 'vehicle_type = "tnak"')
    assert (err.entry, err.field) == ("Grizzly Tank", "vehicle_type")


def test_combat_standing_a_warriors_fight_has_a_range(data_copy):
    """combat.standing: a warrior's ratings are numbers from 0 up, inside the range
    cards.toml declares."""
    err = refused(data_copy, "cards.toml", "fight = 8\nshoot = 8\narmor = 7", "fight = -8\nshoot = 8\narmor = 7")
    assert (err.entry, err.field) == ("Nepharite of Ilian", "fight") and "out of range" in err.problem


def test_variants_colonization_a_planet_cites_a_section_that_exists(data_copy):
    """variants.colonization.mars: each planet's own rule is a section of the summaries."""
    err = refused(data_copy, "colonization.toml", 'rule = "variants.colonization.mars"',
                  'rule = "variants.colonization.marz"')
    assert (err.entry, err.field) == ("Mars", "rule")


def test_variants_colonization_start_the_hub_is_not_earth(data_copy):
    """variants.colonization.start: every player starts in control of a warzone of the
    hub, so the hub holds warzones (Earth holds none)."""
    err = refused(data_copy, "colonization.toml", 'hub = "Asteroid Belt"', 'hub = "Earth"')
    assert err.entry == "hub" and "holds no warzones" in err.problem


def test_variants_colonization_restrictions_a_barred_class_exists(data_copy):
    """variants.colonization.restrictions: the class a warzone bars exists."""
    err = refused(data_copy, "colonization.toml", 'class = "doomtrooper"', 'class = "doomtroper"')
    assert (err.entry, err.field) == ("barred #1", "class")


def test_variants_home_turf_a_banned_type_is_a_card_type(data_copy):
    """variants.home_turf: the variant bans the warzones; a misspelt type would silently
    let them back in."""
    err = refused(data_copy, "home_turf.toml", '"warzone"]', '"warzones"]')
    assert err.entry == "banned_types" and "unknown card type 'warzones'" in err.problem


def test_cool_beat_down_setup_the_army_keeps_within_its_force(data_copy):
    """cool.beat_down.setup: player C's army is worth at most beat_down_force Value;
    check refuses what simulate would."""
    err = refused(data_copy, "variants.toml", '"Razide" = 1', '"Razide" = 2')
    assert (err.entry, err.field) == ("beat_down", "force") and "45 Value" in err.problem


@pytest.mark.parametrize("variant, old, new, field", [
    ("warzone", 'decks = ["Imperial Crusade at War"', 'decks = ["Imperial Crusade at Wars"', "decks"),
    ("beat_down", 'c_deck = "Beat Down Onslaught"', 'c_deck = "Beat Down Onslaugh"', "c_deck"),
])
def test_a_variants_deck_missing_from_the_decks_is_said_where_a_game_is_dealt(data_copy, capsys, variant, old, new,
                                                                              field):
    """A variant's deck that decks.toml lacks: the game refuses to deal it naming variants.toml,
    the variant and the field (it had said only "no sample deck named ..."), as check does."""
    from explorer.cli import main

    path = data_copy / "doomtrooper" / "variants.toml"
    path.write_text(path.read_text().replace(old, new, 1))
    assert main(["simulate", "doomtrooper", "--variant", variant, "--games", "1", "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert f"variants.toml, entry '{variant}', field '{field}'" in err and "no sample deck of that name" in err
    assert "Traceback" not in err
