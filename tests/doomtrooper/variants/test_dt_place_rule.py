"""The one place rule of the variants with places: every effect that makes or
changes a combat pairing (an attack, Treachery, Bodyguard) obeys where the
warriors stand, in the Warzone Variant, Colonization and Home Turf Advantage;
and Mars's exception for same-corporation Doomtroopers holds for a warrior in
cover once it is turned over."""

from __future__ import annotations

from typing import NamedTuple

from dt_helpers import W, make_state, rules_of, step

from explorer.core.rounds import Pass
from explorer.doomtrooper.base.actions import Attack
from explorer.doomtrooper.base.combat_state import Play
from explorer.doomtrooper.cards import load_pool
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Phase
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
