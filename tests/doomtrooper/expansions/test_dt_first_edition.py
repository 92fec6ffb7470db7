"""The Doomtrooper 1st Edition Rule Additions: attacking a player directly, duplicate combat
modifiers, harming your own warriors, Sergeants, vehicles (airships and submarines, the
many-vehicles rule) and the new actions; each difference from the second edition a switch
(off by default), and the register saying which edition each follows."""

from __future__ import annotations

import pytest
from dt_helpers import GAME, W, make_state, rules_of, run_out, step

from explorer.core.engine import IllegalAction
from explorer.doomtrooper.base.actions import (AssignSergeant, Attack, AttackPlayer, BoardVehicle, EnterVehicle, Equip,
                                          ExitVehicle)
from explorer.doomtrooper.base.combat_state import Play, TakePoints
from explorer.doomtrooper.expansions.first_edition import NEW_ACTIONS, new_actions
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.interpretations import load_interpretations
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Phase

DIRECT = DoomtrooperGame(rules=override_rules({"first_edition_direct_attack": True}))
SERGEANTS = DoomtrooperGame(rules=override_rules({"first_edition_sergeants": True}))
VEHICLES = DoomtrooperGame(rules=override_rules({"first_edition_vehicles": True}))
MANY = DoomtrooperGame(rules=override_rules({"many_vehicles": True}))


def test_every_first_edition_switch_names_its_edition_in_the_register():
    """Doomtrooper 1st Edition Rule Additions: every switch is off by default (the second
    edition) and its register entry says which edition it follows."""
    register = load_interpretations()
    for option in ("first_edition_direct_attack", "first_edition_sergeants", "first_edition_vehicles",
                   "many_vehicles"):
        assert getattr(GAME.rules, option) is False
        reading = next(r for r in register.values() if r.option == option)
        assert "edition" in reading.reading or "supplement" in reading.reading
        assert reading.rule.startswith("first_edition")


# -- Attacking a Player Directly ------------------------------------------------------------------------------

def test_a_player_whose_warriors_cannot_be_in_combat_may_be_attacked_directly():
    """Attacking a Player Directly: a warrior barred from combat (our Capitol Executive, like the
    Corporate Leaders) does not shield its player; the attack is the last action and earns half
    the attacker's modified Value, rounded up."""
    state = make_state(DIRECT, warriors=[W("Sean Gallagher", 0, attached=["Medal of Valor"]),
                                         W("Capitol Executive", 1)])
    assert AttackPlayer(0, 1) in DIRECT.decision(state).options
    state, events = step(DIRECT, state, AttackPlayer(0, 1))
    assert "first_edition.directly" in rules_of(events)
    assert state.phase is Phase.AWARD and state.pending[0].points == 4  # (6 + 1) / 2, rounded up
    state, _ = step(DIRECT, state, TakePoints(4))
    assert state.seats[0].promotion == 4 and state.phase is Phase.DISCARD and state.actions == 0


def test_a_warrior_that_merely_may_not_be_attacked_still_shields_its_player():
    """Attacking a Player Directly: a Brotherhood warrior the Imperial attacker may not attack is
    still able to be in combat, so its player may not be attacked directly."""
    state = make_state(DIRECT, warriors=[W("Sean Gallagher", 0), W("Brotherhood Mystic", 1)])
    assert not any(isinstance(o, AttackPlayer) for o in DIRECT.decision(state).options)
    with pytest.raises(IllegalAction) as err:
        DIRECT.check(state, AttackPlayer(0, 1))
    assert err.value.rule.section == "first_edition.directly"


def test_the_second_edition_never_attacks_a_player():
    """Attacking a Player Directly: off (the second edition), players are never attacked; and never
    in a player's first turn even with the switch on."""
    state = make_state(warriors=[W("Sean Gallagher", 0)])
    with pytest.raises(IllegalAction) as err:
        GAME.check(state, AttackPlayer(0, 1))
    assert err.value.rule.section == "combat.announce.directly"
    first = make_state(DIRECT, warriors=[W("Sean Gallagher", 0)], turns=(1, 1))
    assert not any(isinstance(o, AttackPlayer) for o in DIRECT.decision(first).options)


# -- Combat Modifiers and Harming Your Own Warriors ----------------------------------------------------------

def test_duplicate_combat_cards_are_cumulative():
    """Combat Modifiers: two copies of one combat card each add their effect (no switch: the
    second edition agrees)."""
    state = make_state(warriors=[W("Sean Gallagher", 0), W("Nepharite of Ilian", 1)],
                       hands=(["Powerful Blow", "Powerful Blow"], []))
    state, _ = step(GAME, state, Attack(0, 1, "fight"))
    state, _ = step(GAME, state, Play("Powerful Blow", 0))
    assert Play("Powerful Blow", 0) in GAME.decision(state).options
    state, _ = step(GAME, state, Play("Powerful Blow", 0))
    assert GAME.combat.ratings(state.combat.live, 0).attack == 10 + 2 + 2


def test_killing_your_own_warrior_never_earns_promotion():
    """Harming Your Own Warriors: forced by a card to fight your own warrior, a kill earns Destiny
    Points only (no switch: the second edition agrees)."""
    state = make_state(warriors=[W("Razide", 0), W("Imperial Trencher", 0, wounded=True), W("Sean Gallagher", 1)],
                       hands=([], ["Treachery"]), destiny=(3, 3))
    state, _ = step(GAME, state, Attack(0, 2, "fight"))
    state, _ = step(GAME, state, Play("Treachery", 1))
    state, events = run_out(GAME, state)
    assert state.find(1) is None and state.seats[0].promotion == 0 and state.purses[0] > 3
    assert "combat.award.own" in rules_of(events)


# -- Sergeants -----------------------------------------------------------------------------------------------

def sergeant_state(**kw):
    return make_state(SERGEANTS, warriors=[W("Blitzer Sergeant", 0), W("Bauhaus Blitzer", 0),
                                           W("Bauhaus Blitzer", 0, attached=["Medal of Valor", "Medal of Valor"]),
                                           W("Capitol Sea Lion", 0), W("Blitzer Sergeant", 0),
                                           W("Razide", 1)], **kw)


def test_a_sergeant_takes_a_group_of_lower_printed_value_as_no_action():
    """Sergeants (1, 5, 6): a group whose printed Value is below the Sergeant's (modifiers do not
    count), sharing his corporation, never another Sergeant; at any time of the actions step, as
    no action; the group then gains his command in combat."""
    state = sergeant_state()
    options = [o for o in SERGEANTS.decision(state).options if isinstance(o, AssignSergeant)]
    assert set(options) == {AssignSergeant(0, "Bauhaus Blitzer"), AssignSergeant(4, "Bauhaus Blitzer")}
    with pytest.raises(IllegalAction) as err:
        SERGEANTS.check(state, AssignSergeant(0, "Capitol Sea Lion"))
    assert err.value.rule.section == "first_edition.sergeants" and "corporation" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        SERGEANTS.check(state, AssignSergeant(0, "Blitzer Sergeant"))
    assert "not below" in str(err.value) or "another Sergeant" in str(err.value)
    state, events = step(SERGEANTS, state, AssignSergeant(0, "Bauhaus Blitzer"))
    assert state.actions == 3 and state.trooper(0).leads == "Bauhaus Blitzer"
    state, _ = step(SERGEANTS, state, Attack(2, 5, "shoot"))
    r, terms = SERGEANTS.combat.explain(state.combat.live, 2)
    assert r.attack == 6 + 2 and any(t.rule.section == "first_edition.sergeants" for t in terms)


def test_one_sergeant_per_group_and_the_assignment_is_permanent():
    """Sergeants (2, 5): a group has one Sergeant; an assigned Sergeant stays with his group."""
    state, _ = step(SERGEANTS, sergeant_state(), AssignSergeant(0, "Bauhaus Blitzer"))
    assert not any(isinstance(o, AssignSergeant) for o in SERGEANTS.decision(state).options)
    with pytest.raises(IllegalAction) as err:
        SERGEANTS.check(state, AssignSergeant(4, "Bauhaus Blitzer"))
    assert "one per group" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        SERGEANTS.check(state, AssignSergeant(0, "Capitol Sea Lion"))
    assert "permanent" in str(err.value)


def test_a_group_without_its_sergeant_and_a_sergeant_without_his_group_are_free_again():
    """Sergeants (3, 4): when the Sergeant dies the group may take another; when the last of the
    group dies the Sergeant may take another group."""
    from explorer.doomtrooper.expansions.sergeants import lapse

    state, _ = step(SERGEANTS, sergeant_state(), AssignSergeant(0, "Bauhaus Blitzer"))
    gone = state._replace(troopers=tuple(t for t in state.troopers if t.uid != 0))
    assert AssignSergeant(4, "Bauhaus Blitzer") in SERGEANTS.decision(gone).options
    wiped = state._replace(troopers=tuple(t for t in state.troopers if t.card != "Bauhaus Blitzer"))
    wiped, events = lapse(SERGEANTS, wiped)
    assert wiped.trooper(0).leads == "" and "first_edition.sergeants" in rules_of(events)
    assert SERGEANTS.decision(wiped).options.count(AssignSergeant(0, "Bauhaus Blitzer")) == 0


def test_a_sergeant_may_be_assigned_during_combat():
    """first_edition.sergeants (6): a Sergeant may be assigned at any time, even during combat: in the
    modify step, as no action, by his owner (the defending player too); the group gains his command
    at once and the assignment holds after the combat."""
    from explorer.core.rounds import Pass

    state, _ = step(SERGEANTS, sergeant_state(), Attack(2, 5, "shoot"))
    while SERGEANTS.decision(state).player != 0 or not any(isinstance(o, AssignSergeant)
                                                            for o in SERGEANTS.decision(state).options):
        state, _ = step(SERGEANTS, state, Pass())
    options = [o for o in SERGEANTS.decision(state).options if isinstance(o, AssignSergeant)]
    assert set(options) == {AssignSergeant(0, "Bauhaus Blitzer"), AssignSergeant(4, "Bauhaus Blitzer")}
    state, events = step(SERGEANTS, state, AssignSergeant(0, "Bauhaus Blitzer"))
    assert "first_edition.sergeants" in rules_of(events)
    r, _ = SERGEANTS.combat.explain(state.combat.live, 2)
    assert r.attack == 6 + 2
    while state.phase is Phase.COMBAT:
        assert AssignSergeant(4, "Bauhaus Blitzer") not in SERGEANTS.decision(state).options  # one per group
        state, _ = step(SERGEANTS, state, SERGEANTS.decision(state).options[-1])
    assert state.find(0).leads == "Bauhaus Blitzer"


def test_sergeants_switched_off_are_ordinary_warriors():
    """Sergeants: off (the second edition has no Sergeant rule), nobody is assigned."""
    state = make_state(warriors=[W("Blitzer Sergeant", 0), W("Bauhaus Blitzer", 0)])
    assert not any(isinstance(o, AssignSergeant) for o in GAME.decision(state).options)
    with pytest.raises(IllegalAction) as err:
        GAME.check(state, AssignSergeant(0, "Bauhaus Blitzer"))
    assert err.value.rule.section == "first_edition.sergeants"


# -- Vehicles in Doomtrooper --------------------------------------------------------------------------------

def test_no_fight_with_a_warrior_inside_an_airship():
    """Entering and Exiting Vehicles: nobody fights a warrior riding an airship or a submarine, nor
    does it fight anyone (shooting is fine); tanks are unaffected; off, the second edition allows it."""
    state = make_state(VEHICLES, warriors=[W("Sean Gallagher", 0, attached=["Sky Skiff"], inside=True),
                                           W("Nepharite of Ilian", 1), W("Razide", 1, attached=["Ornithopter"],
                                                                         inside=True)])
    attacks = {(o.attacker, o.defender, o.tactic) for o in VEHICLES.decision(state).options if isinstance(o, Attack)}
    assert attacks == {(0, 1, "shoot"), (0, 2, "shoot")}
    with pytest.raises(IllegalAction) as err:
        VEHICLES.check(state, Attack(0, 1, "fight"))
    assert err.value.rule.section == "first_edition.vehicles.entering" and "airship" in str(err.value)
    printed = make_state(warriors=[W("Sean Gallagher", 0, attached=["Sky Skiff"], inside=True),
                                   W("Nepharite of Ilian", 1)])
    assert Attack(0, 1, "fight") in GAME.decision(printed).options
    out = make_state(VEHICLES, warriors=[W("Sean Gallagher", 0, attached=["Grizzly Tank"], inside=True),
                                         W("Nepharite of Ilian", 1)])
    assert Attack(0, 1, "fight") in VEHICLES.decision(out).options


def test_many_vehicles_but_inside_one_at_a_time():
    """Entering and Exiting Vehicles (the optional rule): a warrior may own many vehicles but be
    inside only one; changing takes two actions (exit, then enter another)."""
    state = make_state(MANY, warriors=[W("Sean Gallagher", 0, attached=["Armored Jeep"], inside=True)],
                       hands=(["Grizzly Tank"], []))
    options = MANY.decision(state).options
    assert Equip("Grizzly Tank", 0, False) in options and Equip("Grizzly Tank", 0, True) not in options
    with pytest.raises(IllegalAction) as err:
        GAME.check(make_state(warriors=[W("Sean Gallagher", 0, attached=["Armored Jeep"])],
                              hands=(["Grizzly Tank"], [])), Equip("Grizzly Tank", 0, False))
    assert err.value.rule.section == "actions.equip.vehicles"
    state, _ = step(MANY, state, Equip("Grizzly Tank", 0, False))
    assert BoardVehicle(0, "Grizzly Tank") not in MANY.decision(state).options  # inside the Jeep
    state, _ = step(MANY, state, ExitVehicle(0))
    state, events = step(MANY, state, BoardVehicle(0, "Grizzly Tank"))
    t = state.trooper(0)
    assert t.inside and t.attached[0].card == "Grizzly Tank" and MANY.vehicle_of(t).name == "Grizzly Tank"
    assert "first_edition.vehicles.entering" in rules_of(events)
    state, events = MANY.discard_vehicle(state, 0)
    assert state.trooper(0).wounded and [a.card for a in state.trooper(0).attached] == ["Armored Jeep"]


# -- To Review the New Actions ---------------------------------------------------------------------------------

def test_the_new_actions_each_take_one_action():
    """To Review the New Actions: getting in and out of a vehicle each use one action; the Relic and
    Warzone actions are the expansions' (Inquisition's Relics, Warzone's Warzones), one action each."""
    kinds = new_actions()
    assert [label for label, _ in NEW_ACTIONS] == ["Enter Vehicle", "Exit Vehicle", "Play a Relic", "Play a Warzone"]
    for label in ("Enter Vehicle", "Exit Vehicle"):
        assert kinds[label].cost(GAME.rules) == 1
    for label, kind in kinds.items():
        assert kind is not None, f"{label}: no registered action"  # the expansions' modules are part of the game
        assert kind.cost(GAME.rules) == 1
    state = make_state(warriors=[W("Sean Gallagher", 0, attached=["Armored Jeep"])])
    state, _ = step(GAME, state, EnterVehicle(0))
    assert state.actions == 2


def test_every_kind_of_vehicle_follows_the_same_rules():
    """Vehicles in Doomtrooper: plain vehicles, airships, submarines and tanks are equipped alike,
    one per warrior (without the optional rule), and restrict what their card says: all equipment,
    weapons only, or nothing."""
    pool = GAME.pool
    vehicles = [c for c in pool.of_type("equipment") if c.kind == "vehicle"]
    assert {c.vehicle_type for c in vehicles} >= {"", "airship", "tank"}
    state = make_state(warriors=[W("Sean Gallagher", 0, attached=["Violator Sword"])],
                       hands=(["Sky Skiff", "Grizzly Tank"], []))
    state, _ = step(GAME, state, Equip("Sky Skiff", 0, True))
    assert Equip("Grizzly Tank", 0, False) not in GAME.decision(state).options
    assert GAME.combat.weapon_options(_table(state), 0) == ("Violator Sword",)  # the Skiff restricts nothing


def _table(state):
    from explorer.doomtrooper.base.combat_state import Table

    return Table("fight", 0, 0, state.troopers, tuple(s.fortifications for s in state.seats), state.purse_of,
                 (0,), tuple(s.hand for s in state.seats), state.purses)


def test_an_assignment_breaks_when_sergeant_and_group_share_no_corporation():
    """Sergeants (7): the assignment breaks when the Sergeant, or the last of his group, no longer
    has a corporation in common (a state built by hand: our pool has no card that takes an
    affiliation away, so the group here simply is of another corporation)."""
    from explorer.doomtrooper.expansions.sergeants import lapse, leading

    state = make_state(SERGEANTS, warriors=[W("Blitzer Sergeant", 0, leads="Capitol Sea Lion"),
                                            W("Capitol Sea Lion", 0), W("Bauhaus Blitzer", 0)])
    assert not leading(SERGEANTS, state.troopers, state.trooper(0))
    state, events = lapse(SERGEANTS, state)
    assert state.trooper(0).leads == "" and "first_edition.sergeants" in rules_of(events)
    assert AssignSergeant(0, "Bauhaus Blitzer") in SERGEANTS.decision(state).options
