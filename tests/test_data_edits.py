"""Data that cannot lie: one wrong edit of one data file, and ``python -m explorer
check`` refuses it with exit 2 and one ``error:`` line naming the file and the entry
(never a pass, never a traceback).

Each case edits a private copy of ``data/`` (read through ``$EXPLORER_DATA``) and
runs the command line's ``check``.  A case is ``(game, file, old, new, entry)``,
optionally with ``after``: replace the first ``old`` after the first ``after``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from explorer.cli import main

DATA = Path(__file__).resolve().parents[1] / "data"


def case(game: str, file: str, old: str, new: str, entry: str, after: str | None = None):
    return pytest.param(game, file, old, new, entry, after, id=f"{game}/{file}:{entry}:{new[:40]}")


DT, VIC, ASY = "doomtrooper", "victorian", "asylum"
NEPH = 'name = "Nepharite of Ilian"'
TANK = 'name = "Grizzly Tank"'

CASES = [
    # -- Doomtrooper: cards.toml, the names a card cites ----------------------------------------
    case(DT, "cards.toml", 'type = "warrior"', 'type = "warior"', "Sean Gallagher"),
    case(DT, "cards.toml", 'follower_of = "Ilian"', 'follower_of = "Ilyan"', "Nepharite of Ilian"),
    case(DT, "cards.toml", 'apostle = "Ilian"', 'apostle = "Illian"', "Void Mastery"),
    case(DT, "cards.toml", 'who = "Crescentia"', 'who = "Cresentia"', "War Mammoth"),
    case(DT, "cards.toml", 'who = "Imperial"', 'who = "Imperal"', "Accord of the Iron Throne"),
    case(DT, "cards.toml", 'who = "brotherhood"', 'who = "Brothers"', "Blade of the First Inquisitor"),
    case(DT, "cards.toml", 'applies_to = "Brotherhood"', 'applies_to = "Brotherhod"', "Cathedral"),
    case(DT, "cards.toml", 'vehicle_type = "tank"', 'vehicle_type = "tnak"', "Grizzly Tank"),
    case(DT, "cards.toml", 'who = "doomtrooper"', 'who = "Doomtrooper"', "Punisher Handgun"),
    case(DT, "cards.toml", 'keywords = ["Infantry"]', 'keywords = ["Infantri"]', "Imperial Trencher"),
    case(DT, "cards.toml", 'considered = ["Mortificator"]', 'considered = ["Mortifikator"]', "Brother Vengeance"),
    case(DT, "cards.toml", 'keywords = ["Personality"]', 'keywords = ["Personallity"]', "Sean Gallagher"),
    case(DT, "cards.toml", 'keywords = ["Poison"]', 'keywords = ["Poision"]', "Black Lotus Venom",
         'name = "Black Lotus Venom"'),
    case(DT, "cards.toml", 'affiliation = "Imperial"', 'affiliation = "Imperials"', "Sean Gallagher"),
    case(DT, "cards.toml", 'area = "Kohort"', 'area = "Cohort"', "Citadel of Algeroth"),
    case(DT, "cards.toml", 'area = "Squad"', 'area = "Squads"', "Ruins of San Dorado", 'name = "Ruins of San Dorado"'),
    case(DT, "cards.toml", 'area = "Squad"', 'area = "Squads"', "Bunker"),
    case(DT, "cards.toml", 'who = "Infantry"', 'who = "Infanty"', "Infantry Drill"),
    case(DT, "cards.toml", 'against = "Mortificator"', 'against = "Mortifcator"', "Nerve Toxin"),
    case(DT, "cards.toml", 'victim = "Personality"', 'victim = "Personalty"', "Assassination Contract"),
    case(DT, "cards.toml", 'aspect = "Kinetics"', 'aspect = "Kinetic"', "Improve Self"),
    case(DT, "cards.toml", 'effect = "kill_bonus"', 'effect = "kill_bonuss"', "Search and Destroy"),
    case(DT, "cards.toml", 'level = "lesser"', 'level = "apostle"', "Dark Strength"),
    case(DT, "cards.toml", 'kind = "armor"', 'kind = "armour"', "Combat Armor"),
    case(DT, "cards.toml", 'restricts = "weapons"', 'restricts = "weapon"', "Grizzly Tank"),
    case(DT, "cards.toml", 'timing = "combat"', 'timing = "battle"', "Narrow Escape"),
    # -- Doomtrooper: cards.toml, every number has a range ------------------------------------
    case(DT, "cards.toml", "fight = 8", "fight = -8", "Nepharite of Ilian", NEPH),
    case(DT, "cards.toml", "armor = 7", "armor = 70", "Nepharite of Ilian", NEPH),
    case(DT, "cards.toml", "value = 5", "value = -1", "Nepharite of Ilian", NEPH),
    case(DT, "cards.toml", "shoot = 3", "shoot = 30", "Grizzly Tank", TANK),
    case(DT, "cards.toml", "cost = 2", "cost = -2", "Holy Fury"),
    case(DT, "cards.toml", "boost = 1", "boost = 50", "Kinetic Blast"),
    case(DT, "cards.toml", "promotion = 3", "promotion = 99", "Search and Destroy"),
    case(DT, "cards.toml", "command = { fight = 2,", "command = { fight = 200,", "Blitzer Sergeant"),
    case(DT, "cards.toml", "all_shoot = -2", "all_shoot = -20", "Graveton Marshes"),
    # -- Doomtrooper: cards.toml, the declarations ----------------------------------------------
    case(DT, "cards.toml", "rating = { min = 0,", "rating = { min = -5,", "pool"),
    case(DT, "cards.toml", 'vehicle_types = ["tank", ', 'vehicle_types = [', "Grizzly Tank"),
    case(DT, "cards.toml", 'apostles = ["Algeroth", ', 'apostles = [', "Alakhai the Cunning"),
    case(DT, "cards.toml", 'apostles = ["Algeroth", ', 'apostle = [', "pool"),
    case(DT, "cards.toml", "cost = { min = 0, max = 10 }", "cost = { min = 0 }", "pool"),
    # -- Doomtrooper: affiliations.toml ---------------------------------------------------------
    case(DT, "affiliations.toml", 'attacker = ["Mortificator"]', 'attacker = ["Mortifcator"]', "attack #6"),
    case(DT, "affiliations.toml", 'defender_not = ["dark_legion"]', 'defender_not = ["darklegion"]', "attack #8"),
    case(DT, "affiliations.toml", 'attacker = ["pure_freelancer"]', 'attacker = ["freelancers"]', "attack #4"),
    case(DT, "affiliations.toml", 'section = "freelancers"', 'section = "freelancer"', "attack #4"),
    case(DT, "affiliations.toml", 'group = "corporation"', 'group = "corporations"', "Bauhaus"),
    case(DT, "affiliations.toml", 'holds = "dark_legion"', 'holds = "legion"', "Kohort"),
    case(DT, "affiliations.toml", 'name = "Personality"', 'name = "Personage"', "Sean Gallagher"),
    case(DT, "affiliations.toml", 'adds = ["dark_legion"]', 'adds = ["dark legion"]', "Heretic"),
    # -- Doomtrooper: colonization.toml ---------------------------------------------------------
    case(DT, "colonization.toml", 'hub = "Asteroid Belt"', 'hub = "Earth"', "hub"),
    case(DT, "colonization.toml", 'hub = "Asteroid Belt"', 'hub = "Pluto"', "hub"),
    case(DT, "colonization.toml", 'rule = "variants.colonization.mars"', 'rule = "variants.colonization.marz"',
         "Mars"),
    case(DT, "colonization.toml", 'class = "doomtrooper"', 'class = "doomtroper"', "barred #1"),
    case(DT, "colonization.toml", 'warzone = "Sacred Outpost"', 'warzone = "Sacred Outpust"', "barred #2"),
    case(DT, "colonization.toml", 'rule = "variants.colonization.restrictions"', 'rule = "variants.colonization.x"',
         "barred #1"),
    case(DT, "colonization.toml", 'value = 3, origin = "ours"', 'value = 300, origin = "ours"', "Mars"),
    case(DT, "colonization.toml", 'value = 2, origin = "ours"', 'value = 2, origin = "our"', "Mars"),
    case(DT, "colonization.toml", 'between = ["Earth", "Asteroid Belt"]', 'between = ["Mars", "Asteroid Belt"]',
         "route #4"),
    case(DT, "colonization.toml", 'between = ["Venus", "Asteroid Belt"]', 'between = ["Venus", "Belt"]', "route #3"),
    case(DT, "colonization.toml", 'warzones = [\n    { name = "Asteroid Settlement", value = 2, origin = "ours" },\n'
         '    { name = "Victoria", value = 3, origin = "ours" },\n'
         '    { name = "Infested Asteroid", value = 2, origin = "ours" },\n',
         'warzones = [\n', "Asteroid Belt"),
    case(DT, "colonization.toml", 'earth = "Earth"', 'earth = "Mars"', "earth"),
    case(DT, "colonization.toml", 'name = "Cyberpolis"', 'name = "Phobos & Deimos"', "Mars"),
    # -- Doomtrooper: home_turf.toml ------------------------------------------------------------
    case(DT, "home_turf.toml", '"warzone"]', '"warzones"]', "banned_types"),
    case(DT, "home_turf.toml", 'banned_types = ["fortification"', 'banned_types = ["fortifications"', "banned_types"),
    case(DT, "home_turf.toml", 'deck = "Corporate Wars"', 'deck = "Corporate War"', "Corporate War"),
    case(DT, "home_turf.toml", 'starters = ["Capitol Light Infantry"', 'starters = ["Sean Gallagher"',
         "Corporate Wars"),
    case(DT, "home_turf.toml", 'bases = ["Citadel of Algeroth"', 'bases = ["Citadel of Algerot"', "Legion of Algeroth"),
    case(DT, "home_turf.toml", "armor = -1", "armor = -10", "No-Man's Land"),
    case(DT, "home_turf.toml", 'default = "Imperial Crusade"', 'default = "Imperial Crusades"', "default"),
    # -- Doomtrooper: variants.toml and decks.toml ----------------------------------------------
    case(DT, "variants.toml", '"Razide" = 1', '"Razide" = 2', "beat_down"),
    case(DT, "variants.toml", '"Razide" = 1', '"Razid" = 1', "beat_down"),
    case(DT, "variants.toml", 'banned_effects = ["barrage"]', 'banned_effects = ["barage"]', "beat_down"),
    case(DT, "variants.toml", 'c_deck = "Beat Down Onslaught"', 'c_deck = "Imperial Crusade"', "beat_down"),
    case(DT, "variants.toml", "[vortex]", "[vortexx]", "vortexx"),
    case(DT, "variants.toml", "[vortex]", '[vortex]\nforce = { "Razide" = 1 }', "vortex"),
    case(DT, "variants.toml", "[vortex]", '[vortex]\nc_deck = "Beat Down Onslaught"', "vortex"),
    case(DT, "home_turf.toml", 'banned_types = ["fortification", "warzone"]', 'banned_types = "warzone"',
         "banned_types"),
    case(DT, "home_turf.toml", 'banned_cards = [', 'banned_cards = [5, ', "banned_cards"),
    case(DT, "variants.toml", '"Karnophage"]', '"Karnofage"]', "vortex"),
    case(DT, "variants.toml", '"Double Duty"]', '"Double Duties"]', "beat_down"),
    case(DT, "home_turf.toml", '"Snipers!"', '"Sniper!"', "banned_cards"),
    case(DT, "cards.toml", 'absent = ["Inspired", ', 'absent = ["Razide", "Inspired", ', "pool"),
    case(DT, "decks.toml", '"Sean Gallagher" = 2', '"Sean Galagher" = 2', "Imperial Crusade"),
    case(DT, "decks.toml", '"Imperial Blood Beret" = 3', '"Imperial Blood Beret" = 9', "Imperial Crusade"),
    case(DT, "decks.toml", '"Sean Gallagher" = 2', '"Sean Gallagher" = 1\n"War Mammoth" = 1', "Imperial Crusade"),
    case(DT, "decks.toml", '"Sean Gallagher" = 2', '"Sean Gallagher" = 1\n"Lutheran Zealot" = 1', "Imperial Crusade"),
    case(DT, "decks.toml", 'expansion = "Paradise Lost"\n', "", "Dark Eden"),
    case(DT, "rules.toml", "value = ", "value = -", "numbers", "[numbers]"),
    case(DT, "rules.toml", "turn_cap = { value = 150, min = 1, max = 2000 }",
         "turn_cap = { value = 150, min = 1, max = 9000 }", "numbers"),
    case(DT, "rules.toml", "team_size = { value = 2, min = 2,", "team_size = { value = 2, min = 1,", "numbers"),
    case(DT, "rules.toml", '"d20" = { dice = 1, sides = 20 }', '"d20" = { dice = 1, sides = 1 }', "dice"),
    case(DT, "rules.toml", '"3d6" = { dice = 3, sides = 6 }', '"3d6" = { dice = 300, sides = 6 }', "dice"),
    # -- Victorian ------------------------------------------------------------------------------
    case(VIC, "heroes.toml", 'type = "C"', 'type = "Q"', "Allan Quatermain"),
    case(VIC, "heroes.toml", "fight = 2", "fight = -2", "Allan Quatermain"),
    case(VIC, "heroes.toml", "track = 3", "track = 30", "Allan Quatermain"),
    case(VIC, "heroes.toml", '"Brawler", "Hunter", "Marksman"', '"Brawler", "Hunter", "Marksmen"', "Allan Quatermain"),
    case(VIC, "heroes.toml", "amount = 2", "amount = 200", "Train"),
    case(VIC, "heroes.toml", 'captain = "Captain Nemo"', 'captain = "Captain Nobody"', "The Nautilus"),
    case(VIC, "heroes.toml", 'needs = ["Swordsman"]', 'needs = ["Swordsmen"]', "Saber"),
    case(VIC, "villains.toml", 'token = "Chinese Horde"', 'token = "Chinese Hordes"', "Dr Fu-Man-Chu"),
    case(VIC, "villains.toml", 'type = "M"', 'type = "X"', "Professor Moriarty"),
    case(VIC, "villains.toml", 'effect = { name = "plot", major = true }', 'effect = { name = "plott", major = true }',
         "Start War"),
    case(VIC, "tokens.toml", "fight = 1", "fight = -1", "Chinese Horde"),
    case(VIC, "tokens.toml", 'side = "villains"', 'side = "villain"', "Chinese Horde"),
    case(VIC, "tables.toml", 'types = ["C", "M"]', 'types = ["C", "Q"]', "plot_table 5"),
    case(VIC, "tables.toml", 'effect = "control"', 'effect = "steal"', "plot_table 4"),
    case(VIC, "tables.toml", "count = 2", "count = 200", "villain_table 5"),
    case(VIC, "tables.toml", "cards = 7", "cards = 0", "plot_table 2"),
    case(VIC, "decks.toml", "[heroes]\ncounts = {}", '[heroes]\ncounts = { "Excalibur" = 1 }', "heroes"),
    case(VIC, "decks.toml", "[villains]\ncounts = {}", '[villains]\ncounts = { "Guards" = 99 }', "villains"),
    case(VIC, "rules.toml", "opening_hand = { value = 7", "opening_hand = { value = 70", "numbers"),
    case(VIC, "rules.toml", "new_day_draw = { value = 1, min = 0", "new_day_draw = { value = 1, min = -3", "numbers"),
    case(VIC, "rules.toml", "turn_cap = { value = 40, min = 1, max = 500 }", "turn_cap = { value = 40, min = 1, max = 5000 }",
         "numbers"),
    case(VIC, "rules.toml", "facilitator_bonus = { value = 1, min = 0, max = 6 }",
         "facilitator_bonus = { value = 1, min = 0, max = 60 }", "numbers"),
    case(VIC, "heroes.toml", 'traits = ["Brawler", "Hunter"]', 'traits = ["Brawler", "Hunter", "Hunter"]', "Tarzan"),
    case(VIC, "tables.toml", 'title = "Lure"', 'title = ""', "plot_table"),
    case(VIC, "traits.toml", '"Captain" = "recruit"\n', "", "traits"),
    case(VIC, "traits.toml", '"Holy" = "combat"', '"Holy" = "healing"', "traits"),
    case(VIC, "traits.toml", '"Brawler" = "descriptor"', '"Brawler" = "descripter"', "traits"),
    case(VIC, "traits.toml", '"Hunter" = "descriptor"\n', "", "traits"),
    case(VIC, "traits.toml", "[traits]", "[trait]", "trait"),
    case(DT, "affiliations.toml", 'expansion = "Paradise Lost"', 'expansion = "Paradise Found"', "Sons of Rasputin"),
    case(DT, "affiliations.toml", 'expansions = ["Paradise Lost"]', 'expansions = "Paradise Lost"', "expansions"),
    # -- Doom Asylum ----------------------------------------------------------------------------
    case(ASY, "villains.toml", "physical_attack = 1", "physical_attack = -1", "Doctor Cortex"),
    case(ASY, "villains.toml", "mental_attack = 5", "mental_attack = 50", "Doctor Cortex"),
    case(ASY, "villains.toml", 'abilities = ["mind_blast"]', 'abilities = ["mind_blsat"]', "Doctor Cortex"),
    case(ASY, "villains.toml", "mental_defense = 1 }", "mental_defence = 1 }", "Doctor Cortex"),
    case(ASY, "villains.toml", "physical_attack = { min = 0, max = 8 }", "physical_attack = { min = 0, max = 80 }",
         "limits"),
    case(ASY, "villains.toml", "stat_change = { min = -2, max = 2 }", "stat_change = { min = -20, max = 2 }", "limits"),
    case(ASY, "rules.toml", "turn_cap = { value = 30, min = 1, max = 200 }", "turn_cap = { value = 30, min = 1, max = 2000 }",
         "numbers"),
    case(ASY, "rules.toml", "max_level = { value = 3, min = 1, max = 3 }", "max_level = { value = 3, min = 1, max = 11 }",
         "numbers"),
    case(ASY, "rules.toml", "vp_defeat = { value = 5, min = 0, max = 10 }", "vp_defeat = { value = 5, min = 0, max = 99 }",
         "numbers"),
]


@pytest.fixture
def data_copy(tmp_path, monkeypatch) -> Path:
    copy = tmp_path / "data"
    shutil.copytree(DATA, copy)
    monkeypatch.setenv("EXPLORER_DATA", str(copy))
    return copy


@pytest.mark.parametrize("game, file, old, new, entry, after", CASES)
def test_a_wrong_edit_is_one_error_naming_file_and_entry(data_copy, capsys, game, file, old, new, entry, after):
    """Every name that refers to something is checked against what exists, every
    number against its range, every cross-file fact against the other file."""
    path = data_copy / game / file
    text = path.read_text()
    start = text.index(after) if after else 0
    i = text.index(old, start)
    path.write_text(text[:i] + new + text[i + len(old):])
    assert main(["check", game]) == 2
    errors = [line for line in capsys.readouterr().err.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, errors
    assert file in errors[0] and f"entry {entry!r}" in errors[0], errors[0]


def test_the_corpus_is_big_enough():
    """At least 60 edits of the two card games' data."""
    assert sum(c.values[0] in (DT, VIC) for c in CASES) >= 60


@pytest.mark.parametrize("game", [DT, VIC, ASY])
def test_the_shipped_data_passes(game, capsys):
    assert main(["check", game]) == 0
