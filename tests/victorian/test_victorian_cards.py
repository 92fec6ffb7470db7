"""The two card lists as data: every card of the rulebook's lists, with its type,
Fight, Track and traits; the counts per type; the decks."""

from __future__ import annotations

from collections import Counter

import pytest

from explorer.victorian import load_deck
from explorer.victorian.cards import TRAITS, load_cards

# Counted by hand from the rulebook's lists ("HEROES CARD LIST", "VILLAINS CARD LIST").
HERO_TYPES = {"C": 18, "V": 4, "L": 2, "W": 7, "E": 28}
VILLAIN_TYPES = {"M": 8, "C": 10, "E": 22, "W": 7, "V": 5, "P": 9, "L": 9}

# name, type, Fight, Track, traits (as the lists print them; "Swordsmen" read as Swordsman)
HERO_UNITS = [
    ("Allan Quatermain", "C", 2, 3, {"Brawler", "Hunter", "Marksman"}),
    ("Dr Jekyll Mr Hyde", "C", 4, 1, {"Brute", "Brawler", "Scientist"}),
    ("Sherlock Holmes", "C", 1, 4, {"Detective", "Scholar", "Swordsman"}),
    ("James T. West", "C", 2, 1, {"Brawler", "Marksman", "Spy"}),
    ("Artemus Gordon", "C", 1, 2, {"Inventor", "Marksman", "Spy"}),
    ("Dorian Grey", "C", 2, 1, {"Immortal", "Swordsman"}),
    ("Van Helsing", "C", 2, 2, {"Brawler", "Scholar", "Holy", "Hunter"}),
    ("Mina Harker", "C", 3, 3, {"Immortal", "Vampire", "Detective"}),
    ("Chevalier Dupin", "C", 1, 2, {"Detective"}),
    ("Olaf Svenson", "C", 3, 1, {"Swordsman", "Marksman"}),
    ("Tarzan", "C", 2, 2, {"Brawler", "Hunter"}),
    ("Invisible Man", "C", 3, 3, {"Spy"}),
    ("Campion Bond", "C", 0, 0, {"Facilitator"}),
    ("Philieas Fog", "C", 0, 1, {"Traveler", "Inventor"}),
    ("Mycroft Holmes", "C", 0, 0, {"Genius", "Facilitator"}),
    ("Samson the Coachman", "C", 1, 0, {"Traveler", "Brawler", "Underling"}),
    ("Captain Nemo", "C", 2, 2, {"Captain", "Swordsman", "Inventor"}),
    ("Air Pirate Captain Mors", "C", 2, 1, {"Captain", "Marksman"}),
    ("Mor's Airship", "V", 2, 2, {"Vehicle"}),
    ("The Nautilus", "V", 2, 1, {"Vehicle"}),
    ("Auto-mobile", "V", 1, 1, {"Vehicle"}),
    ("Balloon", "V", 0, 1, {"Vehicle"}),
]
HERO_OTHERS = {
    "L": ["Museum of London", "Catholic Church"],
    "W": ["Elephant Gun", "Winchester Rifle", "Saber", "Sword Cane", "Service Revolvers", "Chainmail shirt", "Machete"],
    "E": ["Train", "Regeneration", "Double Agent", "Feign Death", "The Army", "Gentleman's Club", "Unseen Attack",
          "Rip to Pieces", "Deduction", "Experience", "Morris Code", "Hunting Instincts", "Harpoon Gun",
          "British Secret Service", "Dangerous Company", "Inquiries", "Pugilist", "Compendious Knowledge", "Contacts",
          "Bravery", "Investigation", "Reconnaissance", "Disguises", "Diversion", "Grapple", "Agents of the Crown",
          "Artillery", "Arrive in Time"],
}
VILLAIN_UNITS = [
    ("Professor Moriarty", "M", 1, {"Genius", "Scholar"}),
    ("Dr Fu-Man-Chu", "M", 2, {"Doctor"}),
    ("Dr Moreau", "M", 1, {"Doctor"}),
    ("Martian Invasion", "M", 4, set()),
    ("Count Dracula", "M", 4, {"Immortal"}),
    ("Robur, Master of the Air", "M", 2, set()),
    ("Dr Frankenstein", "M", 1, {"Doctor"}),
    ("Arliss Loveless", "M", 1, {"Inventor"}),
    ("Jack the Ripper", "C", 2, set()),
    ("7 Deadly Brothers of Tabasco", "C", 3, {"Swordsman"}),
    ("Werewolf", "C", 4, {"Immortal", "Brute"}),
    ("Rasputin", "C", 1, {"Immortal", "Spy"}),
    ("Occidental Assassins", "C", 1, set()),
    ("Oriental Assassins", "C", 1, set()),
    ("Thugee Assassins", "C", 1, set()),
    ("African Assassins", "C", 1, set()),
    ("Trusted Lieutenant", "C", 2, set()),
    ("Tank (Landship)", "C", 3, {"Vehicle"}),
    ("Giant Mechanical Spider", "V", 3, {"Vehicle"}),
    ("Armored Train", "V", 1, {"Vehicle"}),
    ("Ironclad Gunboat", "V", 2, {"Vehicle"}),
    ("Submarine", "V", 1, {"Vehicle"}),
    ("Zeppelin", "V", 2, {"Vehicle"}),
]
VILLAIN_OTHERS = {
    "W": ["Flamethrower", "Machine Guns", "Body Armor", "Armored Suit", "Mechanic Tentacles", "Giant Cannon",
          "Heat Rays"],
    "E": ["Guards", "Thugs", "Sabotage", "Foulest Treachery", "Blackmail", "Hypnotism", "Svengali",
          "Invisibility Formula", "Vampire Blood Elixir", "Dr Jekyll's Formula", "Opium Addiction", "Nemesis",
          "Rockets",
          "Mohammedan Rabble", "Angry Mob", "Cutthroats", "Scandal", "Escape Pod", "Narrow Escape",
          "Shadows & Substance", "Shadow Boxing", "Espionage"],
    "P": ["Museum Robbery", "Steal Cavorite", "Bank Heist", "Nihilist Conspiracy", "Weapons Merchant", "Vile Scheme",
          "Start War", "Blow up City", "Assassinate Leader"],
    "L": ["Laboratories", "Factories", "Industrial Complex", "Castle Stronghold", "Opulent Palace", "Island Hideaway",
          "Criminal Empire", "Underworld", "Secret Society"],
}


def test_the_heroes_list_has_59_cards_by_type():
    """HEROES CARD LIST: 59 cards, 18 Characters, 4 Vehicles, 2 Locations, 7 Weapons and 28 Events."""
    cards = load_cards("heroes")
    assert len(cards) == 59 == sum(HERO_TYPES.values())
    assert Counter(c.type for c in cards.values()) == HERO_TYPES


def test_the_villains_list_has_70_cards_by_type():
    """VILLAINS CARD LIST: 70 cards, 8 Masterminds, 10 Characters, 22 Events, 7 Weapons, 5 Vehicles, 9 Plots and
    9 Locations."""
    cards = load_cards("villains")
    assert len(cards) == 70 == sum(VILLAIN_TYPES.values())
    assert Counter(c.type for c in cards.values()) == VILLAIN_TYPES


@pytest.mark.parametrize("name, type_, fight, track, traits", HERO_UNITS)
def test_hero_characters_and_vehicles_as_printed(name, type_, fight, track, traits):
    """HEROES CARD LIST: each character's and vehicle's Fight, Track and traits (0 where none is printed)."""
    c = load_cards("heroes")[name]
    assert (c.type, c.fight, c.track, set(c.traits)) == (type_, fight, track, traits)


@pytest.mark.parametrize("name, type_, fight, traits", VILLAIN_UNITS)
def test_villain_units_and_vehicles_as_printed(name, type_, fight, traits):
    """VILLAINS CARD LIST: each Mastermind, minor villain and vehicle; Masterminds carry the Mastermind trait
    (Major Villain), and the Martian Invasion our own Martian trait (see the register)."""
    c = load_cards("villains")[name]
    extra = ({"Mastermind"} if type_ == "M" else set()) | ({"Martian"} if name == "Martian Invasion" else set())
    assert (c.type, c.fight, c.track, set(c.traits)) == (type_, fight, 0, traits | extra)


@pytest.mark.parametrize("side, others", [("heroes", HERO_OTHERS), ("villains", VILLAIN_OTHERS)])
def test_every_other_card_is_on_its_list_with_its_type(side, others):
    """CARD TYPE NOTATION: the Locations, Weapons, Events and Plots of each list, each with its type."""
    cards = load_cards(side)
    for type_, names in others.items():
        for name in names:
            assert cards[name].type == type_, name
    units = HERO_UNITS if side == "heroes" else VILLAIN_UNITS
    listed = {n for n, *_ in units} | {n for names in others.values() for n in names}
    assert listed == set(cards)


def test_a_deck_is_one_copy_of_each_card():
    """THE DECKS: each player has a unique deck: one copy of every card on his list."""
    for side, n in (("heroes", 59), ("villains", 70)):
        deck = load_deck(side)
        assert len(deck) == n and len({c.name for c in deck}) == n
        assert all(c.type in "CLEWVMP" for c in deck) and all(hasattr(c, "name") for c in deck)


def test_a_deck_file_may_say_otherwise(tmp_path):
    """THE DECKS: decks.toml may give a card more copies, or none."""
    (tmp_path / "decks.toml").write_text('[heroes]\ncounts = { "Saber" = 2, "Train" = 0 }\n')
    deck = load_deck("heroes", tmp_path / "decks.toml")
    names = Counter(c.name for c in deck)
    assert names["Saber"] == 2 and "Train" not in names and len(deck) == 59


def test_weapons_and_bonus_events_name_the_traits_they_need():
    """HEROES CARD LIST: the Elephant Gun and Winchester Rifle are for Marksmen, the Saber and Sword Cane for
    Swordsmen; Deduction helps a Detective, Rip to Pieces a Brute or Vampire, Arrive in Time a Traveler or Vehicle."""
    h = load_cards("heroes")
    assert h["Elephant Gun"].params.needs == ("Marksman",) == h["Winchester Rifle"].params.needs
    assert h["Saber"].params.needs == ("Swordsman",) == h["Sword Cane"].params.needs
    assert h["Service Revolvers"].params.needs == () and h["Service Revolvers"].fight == 1
    assert h["Deduction"].params.needs == ("Detective",) and h["Deduction"].params.amount == 2
    assert set(h["Rip to Pieces"].params.needs) == {"Brute", "Vampire"}
    assert set(h["Arrive in Time"].params.needs) == {"Traveler", "Vehicle"}
    assert h["Morris Code"].params.all and h["Morris Code"].params.amount == 1
    assert h["Harpoon Gun"].params.all and set(h["Harpoon Gun"].params.needs) == {"Inventor", "Captain"}
    assert h["Gentleman's Club"].params.phase == "assassin"


def test_villain_cards_say_what_they_do():
    """VILLAINS CARD LIST: generators and their tokens, the assassins' bonuses, guards that come with a
    Location, mobs, plots minor and major."""
    v = load_cards("villains")
    assert v["Dr Fu-Man-Chu"].params.token == "Chinese Horde" and v["Martian Invasion"].params.token == "Tripod"
    assert v["Professor Moriarty"].effect is None
    assert v["Jack the Ripper"].params.amount == 2 and v["Thugee Assassins"].params.amount == 1
    assert [v[n].params.count for n in ("Castle Stronghold", "Opulent Palace", "Island Hideaway")] == [3, 2, 1]
    assert [v[n].params.count for n in ("Mohammedan Rabble", "Angry Mob", "Cutthroats")] == [3, 2, 1]
    assert [v[n].params.major for n in VILLAIN_OTHERS["P"]] == [False] * 6 + [True] * 3
    assert v["Shadows & Substance"].params.amount == -2 and v["Shadows & Substance"].params.against
    assert v["Mechanic Tentacles"].params.on == "vehicle"
    assert v["Secret Society"].params.token == "Fanatic"


def test_every_trait_used_is_known_and_our_own_content_is_marked():
    """CARD TRAITS: every trait on a card is a known one; fields the rulebook leaves blank are marked ours."""
    for side in ("heroes", "villains"):
        for c in load_cards(side).values():
            assert c.traits <= set(TRAITS)
    h = load_cards("heroes")
    assert "fight" in h["Campion Bond"].ours and "fight" in h["Mycroft Holmes"].ours
    assert "traits" in load_cards("villains")["Martian Invasion"].ours
