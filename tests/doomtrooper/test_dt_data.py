"""Doomtrooper data: the sample pool (ours), the decks and the deck rules, the rule
numbers with their ranges and the switches, the section summaries and the
interpretation register; bad files are refused with the file, entry and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from explorer.core.data import DataError, data_path
from explorer.core.rulebook import cited, sections
from explorer.doomtrooper import effects as E
from explorer.doomtrooper import sections as R
from explorer.doomtrooper.cards import ASPECTS, CARD_TYPES, WEAPONS, load_pool
from explorer.doomtrooper.check import check_data
from explorer.doomtrooper.decks import check_deck, load_decks
from explorer.doomtrooper.interpretations import OPTIONAL_RULES, load_interpretations
from explorer.doomtrooper.params import CHOICES, NUMBERS, OPTIONS, RuleError, load_rules, override_rules, rule_choices, rule_ranges

DATA = Path(data_path("doomtrooper"))


def copy(tmp_path: Path, name: str, old: str = "", new: str = "", count: int = 1) -> Path:
    """A copy of a data file (with the other files beside it) with one edit."""
    for f in DATA.iterdir():
        (tmp_path / f.name).write_text(f.read_text())
    path = tmp_path / name
    text = path.read_text()
    if old:
        assert old in text, old
        text = text.replace(old, new, count)
    path.write_text(text)
    return path


# -- the pool ------------------------------------------------------------------------------------------

def test_the_pool_is_ours_and_says_so(pool):
    """The Cards: the rulebook lists no cards, so the sample pool is ours, and marked as such."""
    assert pool.origin.startswith("ours")
    assert "OURS" in (DATA / "cards.toml").read_text()


def test_the_pool_has_at_least_80_cards_of_all_seven_types(pool):
    """The Cards: the seven card types of the basic set."""
    assert len(pool) >= 80
    assert set(pool.make_up()["types"]) == set(CARD_TYPES) >= {  # the expansions add theirs (Beasts, ...)
        "warrior", "equipment", "fortification", "art", "dark_symmetry", "mission", "special"}


def test_the_rulebooks_warriors_keep_their_ratings(pool):
    """Determine Combat Standing (the example) and Muster Warrior (the example): Sean Gallagher
    Fight 10, Shoot 5, Armor 8; the Nepharite of Ilian 8, 8, 7; the Venusian Ranger costs 4."""
    sean, neph = pool["Sean Gallagher"], pool["Nepharite of Ilian"]
    assert (sean.fight, sean.shoot, sean.armor, sean.affiliation) == (10, 5, 8, "Imperial")
    assert (neph.fight, neph.shoot, neph.armor, neph.affiliation) == (8, 8, 7, "Dark Legion")
    assert pool["Venusian Ranger"].value == 4


def test_the_pool_covers_every_mechanic(pool):
    """Every card mechanic of the basic rules appears on some card of the pool."""
    warriors = pool.of_type("warrior")
    assert {w.strike_first for w in warriors} >= {"first", "ends", "always"}
    assert {i for w in warriors for i in w.immune} == {"art", "gifts", "dark_symmetry"}
    keywords = {k for w in warriors for k in w.keywords}
    assert {"Personality", "Mortificator", "Heretic", "Infantry"} <= keywords
    assert any(w.considered for w in warriors) and any(w.aspects == ("all",) for w in warriors)
    assert {w.affiliation for w in warriors} == set(pool.affiliations.names)
    equipment = pool.of_type("equipment")
    assert {e.kind for e in equipment} == set(WEAPONS) | {"equipment", "armor", "vehicle"}
    assert {e.restricts for e in equipment if e.kind == "vehicle"} == {"none", "weapons", "equipment"}
    assert any(e.who != "any" for e in equipment) and any(e.value for e in equipment)
    assert {f.area for f in pool.of_type("fortification")} >= {"Squad", "Kohort"}  # (Paradise Lost adds the Outpost)
    assert {g.level for g in pool.of_type("dark_symmetry")} == {"lesser", "apostle"}
    art = pool.of_type("art")
    assert {a.spell for a in art} == {"combat", "personal", "turn"} and any(a.boost for a in art)
    assert {a.aspect for a in art} == set(ASPECTS)
    assert {m.assign for m in pool.of_type("mission")} == {"own warrior", "opponent warrior", "self", "opponent"}
    assert {s.timing for s in pool.of_type("special")} == {"combat", "turn", "response"}
    used = {c.effect for c in pool.values() if hasattr(c, "effect")}
    assert used == set(E.REGISTRY), set(E.REGISTRY) - used


def test_two_legal_decks_of_different_factions():
    """Designing a Deck: the sample decks keep the deck rules; two of them play different sides."""
    decks = load_decks()
    pool = load_pool()
    assert len(decks) >= 2
    sides = []
    for d in decks.values():
        assert len(d.cards) >= 60 and max(n for _, n in d.cards.items) <= 5
        affs = {pool[c].affiliation for c in d.cards.distinct if pool[c].type == "warrior"}
        sides.append(affs)
    assert "Dark Legion" in sides[1] and "Dark Legion" not in sides[0]


# -- the deck rules ------------------------------------------------------------------------------------------

def test_six_copies_of_a_card_are_refused_naming_the_card():
    """Designing a Deck: no more than five copies of the exact same card."""
    with pytest.raises(DataError) as err:
        check_deck({"Narrow Escape": 6, "Necromutant": 5, **{c: 5 for c in ("Razide", "Tekron", "Ezoghoul",
                    "Centurion of Algeroth", "Undead Legionnaire", "Heretic Agent", "Legion Sharpshooter",
                    "Pretorian Stalker", "Nazgaroth Blade", "Bunker", "Weak Spot")}}, name="mine")
    assert err.value.entry == "mine" and err.value.field == "Narrow Escape" and "at most 5" in err.value.problem


def test_a_deck_under_sixty_is_refused():
    """Designing a Deck: at least 60 cards."""
    with pytest.raises(DataError, match="at least 60"):
        check_deck({"Razide": 5}, name="small")


def test_unknown_cards_and_bad_counts_are_refused():
    with pytest.raises(DataError) as err:
        check_deck({"Plasma Tank": 1}, name="mine")
    assert err.value.field == "Plasma Tank"
    assert err.value.problem == f"no such card in the pool ({data_path('doomtrooper', 'cards.toml')})"
    with pytest.raises(DataError, match="whole number"):
        check_deck({"Razide": 0}, name="mine")


def test_the_deck_rules_are_numbers_in_the_rules_file():
    rules = load_rules().replace(deck_minimum=5, copies_maximum=6)
    assert len(check_deck({"Razide": 6}, rules=rules)) == 6


def test_a_bad_deck_file_names_the_deck_and_card(tmp_path):
    path = copy(tmp_path, "decks.toml", '"Undead Legionnaire" = 4', '"Undead Legionnaire" = 9')
    with pytest.raises(DataError) as err:
        load_decks(path)
    assert (err.value.entry, err.value.field) == ("Legion of Algeroth", "Undead Legionnaire")


# -- bad card data --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("old,new,entry,field", [
    ('type = "warrior"', 'type = "wizard"', "Sean Gallagher", "type"),
    ('affiliation = "Imperial"', 'affiliation = "Empire"', "Sean Gallagher", "affiliation"),
    ('effect = "rating_bonus"', 'effect = "explode"', "Kinetic Blast", "effect"),
    ('effect = "strike_first"', 'effect = "force_cover"', "Foresight", "effect"),
    ('params = { shoot = 2, on = "either", who = "doomtrooper" }', 'params = { shoot = "two" }', "Kinetic Blast",
     "params.shoot"),
    ('kind = "fight weapon"\nfight = 3', 'kind = "fight weapon"\nrestricts = "weapons"\nfight = 3', "Violator Sword",
     "restricts"),
    ('aspects = ["Kinetics", "Mentalism", "Elements"]', 'aspects = ["Necromancy"]', "Brotherhood Mystic", "aspects"),
    ('fight = 10', 'fight = "ten"', "Sean Gallagher", "fight"),
    ('level = "apostle"\napostle = "Algeroth"\nfight = 2', 'level = "apostle"\nfight = 2', "Distort", "apostle"),
    ('area = "Squad"\narmor = 2', 'area = "Bunkerland"\narmor = 2', "Bunker", "area"),
])
def test_bad_cards_are_refused_with_file_entry_and_field(tmp_path, old, new, entry, field):
    path = copy(tmp_path, "cards.toml", old, new)
    with pytest.raises(DataError) as err:
        load_pool(path)
    assert (Path(err.value.file), err.value.entry, err.value.field) == (path, entry, field)


def test_a_duplicate_card_and_a_missing_origin_are_refused(tmp_path):
    path = copy(tmp_path, "cards.toml", 'name = "Razide"', 'name = "Tekron"')
    with pytest.raises(DataError, match="duplicate"):
        load_pool(path)
    path = copy(tmp_path, "cards.toml", 'origin = "ours', 'source = "ours')
    with pytest.raises(DataError) as err:
        load_pool(path)
    assert err.value.field == "origin"


# -- rules: numbers, switches, choices ------------------------------------------------------------------------

def test_every_number_has_a_range_and_the_defaults_are_the_rulebooks():
    """The Object, Setting Up, Step Two, Seek Cover, No Warriors in Play, Designing a Deck,
    Sabotage and Multi-Player Games: the numbers as the rulebook gives them."""
    rules, ranges = load_rules(), rule_ranges()
    assert set(ranges) == set(NUMBERS)
    assert (rules.promotion_goal, rules.destiny_start, rules.hand_size, rules.actions_per_turn,
            rules.muster_in_cover_actions, rules.meditate_destiny, rules.cover_armor, rules.no_warriors_turns,
            rules.deck_minimum, rules.copies_maximum, rules.sabotage_divisor, rules.secondary_target_cost,
            rules.team_destiny, rules.team_goal) == (25, 5, 7, 3, 3, 1, 3, 3, 60, 5, 2, 2, 10, 50)
    assert 40 in ranges["promotion_goal"]  # experienced players play to 40
    assert all(getattr(rules, n) in ranges[n] for n in NUMBERS)


def test_the_optional_rules_are_switches_off_by_default():
    """Optional Rule: Sabotage, Multiple Sabotage, Discard as One Action, Doomtrooper with Dice,
    Multi-Player styles: all off (the printed rules, Free for All) unless switched on."""
    rules = load_rules()
    assert (rules.sabotage, rules.multiple_sabotage, rules.discard_as_action, rules.dice, rules.style) == (
        False, False, False, "none", "free_for_all")
    assert rule_choices()["dice"] == ("none", "2d6", "3d6", "d20")
    assert rule_choices()["style"] == ("free_for_all", "primary_targets", "teams")
    assert set(CHOICES) == {"dice", "style", "variant"}
    assert rules.variant == "standard"


def test_overrides_are_checked():
    assert override_rules({"promotion_goal": 40}).promotion_goal == 40
    assert override_rules({"dice": "d20"}).dice_roll().support == tuple(range(1, 21))
    for bad, match in (({"promotion_goal": 0}, "out of range"), ({"dice": "2d8"}, "one of"),
                       ({"sabotage": 1}, "switch"), ({"goal": 3}, "no such rule"), ({"hand_size": "7"}, "whole"),
                       ({"muster_in_cover_actions": 4}, "nobody could ever muster")):
        with pytest.raises(RuleError, match=match):
            override_rules(bad)


@pytest.mark.parametrize("old,new,field", [
    ("\npromotion_goal = { value = 25, min = 1, max = 200 }", "\npromotion_goal = { value = 250, min = 1, max = 200 }",
     "promotion_goal"),
    ("cover_armor = { value = 3, min = 0, max = 10 }", "cover_armor = 3", "cover_armor"),
    ('\ndice = { value = "none"', '\ndice = { value = "2d8"', "dice"),
    ("sabotage = false", "sabotage = 0", "sabotage"),
    ("turn_cap = { value = 150, min = 1, max = 2000 }\n", "", "turn_cap"),
])
def test_bad_rules_files_name_the_number(tmp_path, old, new, field):
    path = copy(tmp_path, "rules.toml", old, new)
    with pytest.raises(DataError) as err:
        load_rules(path)
    assert err.value.field == field


# -- summaries, the register, check ----------------------------------------------------------------------------

def test_every_cited_section_has_a_summary_in_our_words():
    known = sections("doomtrooper")
    for sid in cited(R, R.GAME):
        assert sid in known and len(known[sid].summary.split()) >= 8


def test_the_register_explains_every_reading_switch():
    register = load_interpretations()
    switched = {r.option for r in register.values() if r.option}
    assert switched == set(OPTIONS) - set(OPTIONAL_RULES)
    assert all(r.rule in sections("doomtrooper") for r in register.values())
    assert len(register) >= 25


def test_a_bad_register_entry_is_refused(tmp_path):
    path = copy(tmp_path, "interpretations.toml", 'rule = "combat.modify"', 'rule = "combat.nowhere"')
    with pytest.raises(DataError) as err:
        load_interpretations(path)
    assert (err.value.entry, err.value.field) == ("modify-rounds", "rule")


def test_check_data_summarises_every_file():
    lines = check_data()
    assert [p.name for p, _ in lines][:6] == ["doomtrooper.toml", "affiliations.toml", "cards.toml", "rules.toml",
                                               "decks.toml", "interpretations.toml"]
    assert {p.name for p, _ in lines[6:]} == {"colonization.toml", "home_turf.toml", "variants.toml"}  # the variants
    assert "ours" in lines[2].summary


def test_a_deck_naming_a_card_not_in_the_pool_names_the_pool_file_beside_it(tmp_path):
    """Designing a Deck, on a designer's copy of the data: the pool named is the copy's."""
    import shutil

    folder = tmp_path / "doomtrooper"
    shutil.copytree(data_path("doomtrooper"), folder)
    decks = folder / "decks.toml"
    decks.write_text(decks.read_text().replace('"Sean Gallagher" = 2', '"Sean Galagher" = 2', 1))
    with pytest.raises(DataError) as err:
        load_decks(decks)
    assert (err.value.entry, err.value.field) == ("Imperial Crusade", "Sean Galagher")
    assert err.value.problem == f"no such card in the pool ({folder / 'cards.toml'})"
