"""CARD TRAITS: the descriptors decide which weapons and events apply, and each
trait with a rule does what it says (Genius, Inventor/Scientist, Spy, Immortal,
Holy, Doctor, Underling, Facilitator, Captain, Vehicle: see the phase tests)."""

from __future__ import annotations

import pytest
from vichelp import GAME

from explorer.victorian.actions import PlayEvent
from explorer.victorian.state import Phase

HEROES = ["Dr Jekyll Mr Hyde", "Mina Harker", "Allan Quatermain", "Sherlock Holmes", "James T. West",
          "Philieas Fog", "Chevalier Dupin"]

CASES = [
    # event, phase, the heroes it may be played on (among HEROES)
    ("Rip to Pieces", Phase.ATTACK, ["Dr Jekyll Mr Hyde", "Mina Harker"]),  # Brute or Vampire
    ("Pugilist", Phase.ATTACK, ["Dr Jekyll Mr Hyde", "Allan Quatermain", "James T. West"]),  # Brawler
    ("Unseen Attack", Phase.ATTACK, ["James T. West"]),  # Spy
    ("Regeneration", Phase.ATTACK, ["Mina Harker"]),  # Immortal
    ("Harpoon Gun", Phase.ATTACK, [None]),  # all Inventors and Captains (Philieas Fog)
    ("Bravery", Phase.ATTACK, HEROES),  # any hero
    ("Hunting Instincts", Phase.INTERCEPT, ["Allan Quatermain"]),  # Hunter
    ("Compendious Knowledge", Phase.INTERCEPT, ["Dr Jekyll Mr Hyde", "Sherlock Holmes"]),  # Scholar or Scientist
    ("Deduction", Phase.INTERCEPT, ["Mina Harker", "Sherlock Holmes", "Chevalier Dupin"]),  # Detective
    ("Disguises", Phase.INTERCEPT, ["Mina Harker", "Sherlock Holmes", "James T. West", "Chevalier Dupin"]),
    ("Arrive in Time", Phase.INTERCEPT, ["Philieas Fog"]),  # Traveler (or a Vehicle)
    ("Morris Code", Phase.INTERCEPT, [None]),  # all your heroes
]


@pytest.mark.parametrize("event, phase, targets", CASES, ids=[c[0] for c in CASES])
def test_descriptor_traits_decide_who_an_event_helps(event, phase, targets):
    """CARD TRAITS: descriptors (Brawler, Brute, Vampire, Detective, Hunter, Scholar, Spy, Traveler...) only
    describe; the event cards look for them."""
    s = GAME.scenario(heroes=HEROES, villains=["Dr Moreau"], hands={"heroes": [event]}, at=phase,
                      thwarted=["Dr Moreau"] if phase is Phase.ATTACK else ())
    offered = [o.target for o in GAME.decision(s).options if isinstance(o, PlayEvent)]
    assert offered == targets


def test_a_controlled_character_keeps_his_traits():
    """CARD TRAITS / control: a hero taken by the Villains is still a Spy, and rolls for his new side."""
    s = GAME.scenario(villains=["Dr Moreau"], minions={"Dr Moreau": ["James T. West"]}, at=Phase.SPY, side="villains")
    assert [i.spy for i in s.pending] == ["James T. West"]
