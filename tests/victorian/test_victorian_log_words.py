"""How the log speaks: whose Fight a roll subtracts, counts in the right number,
"a" or "an", her and its where "his" would be wrong, and one word for what
happens to a caught spy."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from vichelp import GAME, forced, refused, step, texts

from explorer.core.data import DataError
from explorer.victorian.check import check_data

from explorer.victorian.actions import Attack, PlayEvent, Recruit, Sacrifice, Send, Showdown
from explorer.victorian.state import Phase
from explorer.victorian.words import article, counted


def test_attack_showdown_terms_name_whose_fight_is_subtracted():
    """ATTACK PHASE: Showdown "modified like a Combat roll": the Mastermind's terms are subtracted, each naming him
    (one that lowers his Fight adds to the roll: "+ 1 (for Dr Fu-Man-Chu's 1 Wound counter)"), with no "(s)"."""
    s = GAME.scenario(heroes=["Tarzan"], villains=["Dr Fu-Man-Chu"], gear={"Dr Fu-Man-Chu": ["Machine Guns"]},
                      wounds={"Dr Fu-Man-Chu": 1}, thwarted=["Dr Fu-Man-Chu"], at=Phase.ATTACK)
    s, _ = step(s, Attack("Tarzan", "Dr Fu-Man-Chu"))
    s, events = step(s, Showdown(), 1)
    text = next(t for t in texts(events) if t.startswith("Showdown Roll"))
    assert "- 2 (minus Dr Fu-Man-Chu's Fight)" in text
    assert "- 1 (minus Dr Fu-Man-Chu's Machine Guns)" in text
    assert "+ 1 (for Dr Fu-Man-Chu's 1 Wound counter)" in text
    assert "(s)" not in " ".join(texts(events))


def test_spy_a_caught_spy_is_discarded_once():
    """SPY PHASE: 1, Spy caught: discard the Spy: one event says so (not "discarded" and then "killed")."""
    s = GAME.scenario(heroes=["James T. West"], gear={"James T. West": ["Service Revolvers"]}, at=Phase.SPY)
    s, events = forced(s, 1)
    assert [t for t in texts(events) if "James T. West" in t] == [
        "James T. West is caught (1 = 1: caught) and discarded, with Service Revolvers"]
    assert {"James T. West", "Service Revolvers"} <= set(s.heroes.discard)


def test_cards_villains_scandal_sends_her_back_to_her_owners_hand():
    """VILLAINS CARD LIST: Scandal puts a Hero back into his owner's hand: Mina Harker goes back to her owner's
    hand (the card's pronoun, heroes.toml)."""
    s = GAME.scenario(heroes=["Mina Harker"], villains=["Dr Moreau"], hands={"villains": ["Scandal"]},
                      at=Phase.RECRUIT, side="villains")
    s, events = step(s, PlayEvent("Scandal", "Mina Harker"))
    assert "Mina Harker goes back to her owner's hand, and what was attached to her is discarded" in texts(events)[0]


def test_recruit_attach_a_weapon_is_not_put_on_an_event():
    """RECRUIT PHASE: Weapons must be attached to Units: "Train is an Event, not a unit"."""
    s = GAME.scenario(heroes=["Tarzan"], hands={"heroes": ["Machete", "Train"]}, at=Phase.RECRUIT)
    exc = refused(s, Recruit("Machete", onto="Train"), "recruit.attach")
    assert "Train is an Event, not a unit" in exc.message


def test_counted_and_article():
    """The words the log uses: a count in the right number, and "an" before a vowel."""
    assert counted(1, "card") == "1 card" and counted(0, "token") == "0 tokens" and counted(3, "Plot counter") == \
        "3 Plot counters"
    assert article("Event") == "an" and article("Inventor") == "an" and article("Weapon") == "a"


def test_traits_underling_is_discarded_not_killed():
    """CARD TRAITS: Underling: "discard this Hero instead of another": the log says he is discarded."""
    s = GAME.scenario(heroes=["Tarzan", "Samson the Coachman"], villains=["Dr Fu-Man-Chu"],
                      minions={"Dr Fu-Man-Chu": ["Chinese Horde"]}, at=Phase.ASSASSIN, side="villains")
    s, _ = step(s, Send("Chinese Horde 1", "Tarzan"), 12)
    s, events = step(s, Sacrifice("Samson the Coachman"))
    assert texts(events)[0] == "Samson the Coachman is discarded (instead of Tarzan)"
    assert "Samson the Coachman" in s.heroes.discard


def test_a_pronoun_not_he_she_or_it_is_refused(tmp_path, monkeypatch):
    """HEROES CARD LIST: a card's pronoun (how the log speaks of Mina Harker) is he, she or it; anything else is a
    DataError naming the file, the card and the field."""
    copy = tmp_path / "data"
    shutil.copytree(Path(__file__).resolve().parents[2] / "data", copy)
    monkeypatch.setenv("EXPLORER_DATA", str(copy))
    heroes = copy / "victorian" / "heroes.toml"
    heroes.write_text(heroes.read_text().replace('pronoun = "she"', 'pronoun = "they"'))
    with pytest.raises(DataError) as info:
        check_data()
    assert (Path(info.value.file).name, info.value.entry, info.value.field) == ("heroes.toml", "Mina Harker", "pronoun")
