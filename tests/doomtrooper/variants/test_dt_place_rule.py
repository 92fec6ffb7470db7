"""The one place rule of the variants with places: every effect that makes or
changes a combat pairing (an attack, Treachery, Bodyguard) obeys where the
warriors stand, in the Warzone Variant, Colonization and Home Turf Advantage;
and Mars's exception for same-corporation Doomtroopers holds for a warrior in
cover once it is turned over."""

from __future__ import annotations

from typing import NamedTuple

import pytest
from dt_helpers import W, make_state, rules_of, step

from explorer.core.engine import IllegalAction

from explorer.core.rounds import Pass
from explorer.doomtrooper.base.actions import Attack, EndActions, OutpostTransfer
from explorer.doomtrooper.base.combat_state import Play
from explorer.doomtrooper.cards import load_pool
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Phase
from explorer.doomtrooper.variants.places import MusterAt, Transfer
from explorer.doomtrooper.variants.solar import ColonyBoard
from explorer.doomtrooper.variants.warzone import WarzoneBoard


class Warzone(NamedTuple):
    """A Warzone card (ours, for these tests: the sample pool has none)."""

    name: str
    fight: int = 0
    shoot: int = 0
    armor: int = 0
    value: int = 0
    text: str = "Ours: a sample warzone for the place rule's tests."

    type = "warzone"


def game(variant: str, pool=None) -> DoomtrooperGame:
    return DoomtrooperGame(pool=pool, rules=override_rules({"variant": variant}))


WARZONE = game("warzone", load_pool().with_cards({"Cyberpolis": Warzone("Cyberpolis", shoot=1)}))
COLONY, HOME = game("colonization"), game("home_turf")


def plays(g, state) -> list[Play]:
    return [o for o in g.decision(state).options if isinstance(o, Play)]


def colony(warriors, hands=((), ()), **kw):
    return make_state(COLONY, warriors=warriors, hands=hands, board=ColonyBoard(("", ""), ("", ""), (0, 0)), **kw)


def test_treachery_stays_inside_one_warzone():
    """variants.warzone.combat: combat only between warriors of one warzone; Treachery may not
    bring in the attacking player's warrior standing on Luna."""
    state = make_state(WARZONE, warriors=[W("Razide", 0, place="Cyberpolis"), W("Imperial Trencher", 0),
                                          W("Tekron", 0, place="Cyberpolis"), W("Sean Gallagher", 1, place="Cyberpolis")],
                       hands=([], ["Treachery"]), board=WarzoneBoard((("Cyberpolis", 0),)))
    state, _ = step(WARZONE, state, Attack(0, 3, "fight"))
    assert plays(WARZONE, state) == [Play("Treachery", 2)]


def test_a_bodyguard_stays_inside_one_warzone():
    """variants.warzone.combat: a Bodyguard from another warzone may not step in."""
    state = make_state(WARZONE, warriors=[W("Razide", 0, place="Cyberpolis"), W("Sean Gallagher", 1, place="Cyberpolis"),
                                          W("Imperial Trencher", 1)],
                       hands=([], ["Bodyguard"]), board=WarzoneBoard((("Cyberpolis", 0),)))
    state, _ = step(WARZONE, state, Attack(0, 1, "fight"))
    assert plays(WARZONE, state) == []


def test_treachery_brings_nobody_from_the_belt_into_a_fight_on_mars():
    """variants.colonization.belt: warriors in the Asteroid Belt never take part in a Fight, and a
    planet reaches only its own warriors and the Belt's; Treachery obeys both."""
    state = colony([W("Razide", 0, place="Cyberpolis"), W("Necromutant", 0, place="Victoria"),
                    W("Undead Legionnaire", 0, place="Venus Jungle"), W("Tekron", 0, place="McCraig Line"),
                    W("Sean Gallagher", 1, place="Great Rust Desert")], hands=([], ["Treachery"]))
    state, _ = step(COLONY, state, Attack(0, 4, "fight"))
    assert plays(COLONY, state) == [Play("Treachery", 3)]


def test_a_bodyguard_from_the_belt_steps_into_a_shoot_only():
    """variants.colonization.belt: the Belt shoots at its neighbours' warriors and is shot at; a
    Bodyguard in the Belt may step into a Shoot combat against a warrior on Mars, not a Fight."""
    warriors = [W("Razide", 0, place="Cyberpolis"), W("Sean Gallagher", 1, place="McCraig Line"),
                W("Imperial Trencher", 1, place="Victoria")]
    fight, _ = step(COLONY, colony(warriors, hands=([], ["Bodyguard"])), Attack(0, 1, "fight"))
    assert plays(COLONY, fight) == []
    shoot, _ = step(COLONY, colony(warriors, hands=([], ["Bodyguard"])), Attack(0, 1, "shoot"))
    assert plays(COLONY, shoot) == [Play("Bodyguard", 2)]


def test_mars_keeps_its_exception_for_a_warrior_in_cover():
    """variants.colonization.mars: Doomtroopers of one Corporation may attack each other on Mars,
    also when the Defender is in cover and only turned over by the attack."""
    state = colony([W("Sean Gallagher", 0, place="Cyberpolis"),
                    W("Imperial Trencher", 1, place="McCraig Line", cover=True, hidden=True)])
    assert Attack(0, 1, "fight") in COLONY.decision(state).options
    state, events = step(COLONY, state, Attack(0, 1, "fight"))
    assert state.phase is Phase.COMBAT and "combat.announce" in rules_of(events)
    elsewhere = colony([W("Sean Gallagher", 0, place="Venus Jungle"),
                        W("Imperial Trencher", 1, place="Helstrom Mtn.", cover=True, hidden=True)])
    state, events = step(COLONY, elsewhere, Attack(0, 1, "fight"))
    assert state.phase is Phase.DISCARD and "combat.announce.corporation" in rules_of(events)


def test_treachery_brings_nobody_out_of_a_base_into_a_fight():
    """variants.home_turf.combat: a warrior inside a base takes part only in Shoot combats; Treachery
    may not make it the Defender of a Fight."""
    state = HOME.setup(2, seed=1)
    seats = tuple(s._replace(turns=2, gift=True) for s in state.seats)
    state = state._replace(seats=seats, phase=Phase.ACTIONS, current=0, actions=3)
    board = state.board
    mine = [t for t in state.troopers if t.owner == 0]
    foe = next(t for t in state.troopers if t.owner == 1)
    field = board.bases[board.home(foe.uid)].field_place
    moved = {mine[0].uid: mine[0]._replace(place=field), mine[1].uid: mine[1]._replace(place=field),
             foe.uid: foe._replace(place=field)}
    s1 = state.seats[1]
    state = state._replace(troopers=tuple(moved.get(t.uid, t) for t in state.troopers),
                           seats=(state.seats[0], s1._replace(hand=s1.hand.add("Treachery"))))
    state, _ = step(HOME, state, Attack(mine[0].uid, foe.uid, "fight"))
    while HOME.decision(state).player == 0:
        state, _ = step(HOME, state, Pass())
    assert [p for p in plays(HOME, state) if p.card == "Treachery"] == [Play("Treachery", mine[1].uid)]


# -- Colonization's Earth: the Paradise Lost rules but the must-answer one ----------------------------------

EARTHLY = DoomtrooperGame(rules=override_rules({"variant": "colonization", "outpost": True}))


def earthly(warriors, hands=((), ()), **kw):
    return make_state(EARTHLY, warriors=warriors, hands=hands, board=ColonyBoard(("", ""), ("", ""), (0, 0)),
                      outpost_opened=True, **kw)


def test_earth_does_not_make_anyone_answer_an_outpost():
    """variants.colonization.earth: every Paradise Lost rule holds on Earth except the one that makes
    a player send a warrior to his Outpost when an opponent has one there."""
    state = earthly([W("Sean Gallagher", 0, place="Victoria"), W("Templar Brute", 1, place="Earth")])
    options = EARTHLY.decision(state).options
    assert EndActions() in options and not any(isinstance(o, OutpostTransfer) for o in options)


def test_tribal_warriors_enter_play_only_on_earth():
    """variants.colonization.earth (outpost.actions): a Tribal warrior enters play only in the Outpost,
    Earth, even for a player who controls warzones, and never leaves it."""
    state = earthly([W("Sean Gallagher", 0, place="Victoria"), W("Razide", 1, place="Venus Jungle")],
                    hands=(["Templar Brute"], []))
    musters = [o for o in EARTHLY.decision(state).options if isinstance(o, MusterAt) and o.card == "Templar Brute"]
    assert musters == [MusterAt("Templar Brute", "Earth")]
    state, _ = step(EARTHLY, state, musters[0])
    brute = next(t for t in state.troopers if t.card == "Templar Brute")
    assert brute.area == "Outpost" and brute.place == "Earth"
    assert not any(isinstance(o, Transfer) and o.uid == brute.uid for o in EARTHLY.decision(state).options)


def test_earth_keeps_doomtroopers_and_the_dark_legion_apart_and_a_transfer_once_a_turn():
    """variants.colonization.earth (outpost.transfer): never Doomtroopers and Dark Legion warriors of
    one player on Earth together; a warrior on Earth is in its Outpost, and moves to or from it once
    a turn."""
    state = earthly([W("Sean Gallagher", 0, place="Earth", area="Outpost"), W("Razide", 0, place="Victoria"),
                     W("Imperial Trencher", 0, place="Victoria"), W("Necromutant", 1, place="Venus Jungle")])
    options = EARTHLY.decision(state).options
    assert Transfer(1, "Earth") not in options and Transfer(2, "Earth") in options
    with pytest.raises(IllegalAction) as err:
        EARTHLY.check(state, Transfer(1, "Earth"))
    assert err.value.rule.section == "outpost.transfer"
    state, _ = step(EARTHLY, state, Transfer(2, "Earth"))
    assert state.trooper(2).area == "Outpost"
    assert not any(isinstance(o, Transfer) and o.uid == 2 for o in EARTHLY.decision(state).options)


def test_no_fire_across_the_outposts_edge_on_earth():
    """variants.colonization.earth (outpost.attacking): with the Paradise Lost rules, warriors on Earth
    (the Outpost) and warriors elsewhere never meet, even from the Belt next door; without them the
    Belt fires at Earth."""
    warriors = [W("Sean Gallagher", 0, place="Victoria"), W("Necromutant", 1, place="Earth", area="Outpost")]
    assert Attack(0, 1, "shoot") not in EARTHLY.decision(earthly(warriors)).options
    assert Attack(0, 1, "shoot") in COLONY.decision(colony(warriors)).options


def test_the_place_rule_is_asked_in_the_variants_with_places_only():
    """The variants with places have a place rule (Variant.meets); a game of another variant
    does not ask it of every attack it lists (Front Lines, Beat Down, Limited Resources, The Vortex)."""
    from explorer.doomtrooper.variants import REGISTRY
    from explorer.doomtrooper.variants.variant import PLACE_RULED, Variant, variant_meeting
    assert PLACE_RULED == {"warzone", "home_turf", "colonization"}
    assert PLACE_RULED == {name for name, cls in REGISTRY.items() if cls.meets is not Variant.meets}
    for name in REGISTRY:
        game = DoomtrooperGame(rules=override_rules({"variant": name}))
        assert (variant_meeting in game.meeting) == (name in PLACE_RULED), name
