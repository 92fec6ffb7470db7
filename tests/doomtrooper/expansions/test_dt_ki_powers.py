"""The Apocalypse expansion: Ki Powers (switch ``ki_powers``)."""

from __future__ import annotations

import pytest
from dt_helpers import W, make_state, step

from explorer.core.engine import IllegalAction
from explorer.doomtrooper.base.actions import Attack
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.expansions.ki_powers import AttachKiPower
from explorer.doomtrooper.params import override_rules

ON = DoomtrooperGame(rules=override_rules({"ki_powers": True}))
OFF = DoomtrooperGame()
CRANE = "Ki of the Striking Crane"


def offered(game, state):
    return [o for o in game.decision(state).options if isinstance(o, AttachKiPower)]


def test_ki_powers_are_off_by_default():
    """Apocalypse Expansion: with the switch off no Ki Power can be attached; saying so names the switch."""
    state = make_state(OFF, warriors=[W("Mishima Samurai")], hands=([CRANE], []))
    assert offered(OFF, state) == []
    with pytest.raises(IllegalAction) as err:
        OFF.check(state, AttachKiPower(CRANE, 0))
    assert err.value.rule.section == "expansions.apocalypse" and "ki_powers" in str(err.value)


def test_ki_powers_go_on_mishima_warriors_as_one_action():
    """Ki Powers: one action puts a Ki Power on a warrior of yours with the Mishima affiliation
    (a gained one counts); never on another warrior."""
    state = make_state(ON, warriors=[W("Mishima Samurai"), W("Ronin Mercenary"), W("Sean Gallagher")],
                       hands=([CRANE], []))
    assert offered(ON, state) == [AttachKiPower(CRANE, 0), AttachKiPower(CRANE, 1)]
    with pytest.raises(IllegalAction) as err:
        ON.check(state, AttachKiPower(CRANE, 2))
    assert err.value.rule.section == "ki_powers" and "Mishima" in str(err.value)
    after, events = step(ON, state, AttachKiPower(CRANE, 1))
    assert after.actions == state.actions - 1 and after.trooper(1).cards() == (CRANE,)
    assert events[0].rule.section == "ki_powers"


def test_one_copy_of_each_ki_power_per_warrior():
    """Ki Powers: a warrior may have only one copy of each Ki Power (another warrior may have one too)."""
    state = make_state(ON, warriors=[W("Mishima Samurai", attached=[CRANE]), W("Mishima Shadow Walker")],
                       hands=([CRANE, "Ki of the Iron Skin"], []))
    assert AttachKiPower(CRANE, 0) not in offered(ON, state)
    assert {AttachKiPower(CRANE, 1), AttachKiPower("Ki of the Iron Skin", 0)} <= set(offered(ON, state))
    with pytest.raises(IllegalAction) as err:
        ON.check(state, AttachKiPower(CRANE, 0))
    assert "one copy" in str(err.value)


def test_the_warrior_gains_the_ki_powers_effects():
    """Ki Powers: the warrior gains the effects listed on the card while it is attached."""
    state = make_state(ON, warriors=[W("Mishima Samurai", attached=[CRANE, "Ki of the Iron Skin"]), W("Razide", 1)])
    after, _ = step(ON, state, Attack(0, 1, "fight"))
    r = ON.combat.ratings(after.combat.live, 0)
    assert (r.attack, r.armor, r.first) == (8 + 2, 5 + 2, True)


def test_a_warrior_no_longer_mishima_keeps_its_ki_powers_but_gets_no_more():
    """Ki Powers: a warrior that loses its Mishima affiliation keeps its Ki Powers (and their effects,
    register: ki-lost-affiliation), but no more may be attached until it is Mishima again."""
    state = make_state(ON, warriors=[W("Freelance Mercenary", attached=["Ki of the Iron Skin"]), W("Razide", 1)],
                       hands=([CRANE], []))
    assert offered(ON, state) == []
    after, _ = step(ON, state, Attack(0, 1, "fight"))
    assert ON.combat.ratings(after.combat.live, 0).armor == 5 + 2
