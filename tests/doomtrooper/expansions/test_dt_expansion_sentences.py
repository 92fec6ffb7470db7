"""Sentences of the expansion rules not tested elsewhere: Beasts (Paradise Lost), Ki
Powers (Apocalypse), Alliances (Golgotha and the first-edition supplement).  Each test
quotes the sentence in our words and names its section."""

from __future__ import annotations

import pytest
from dt_helpers import W, make_state, step

from explorer.core.engine import IllegalAction
from explorer.doomtrooper.base.actions import Attack, Equip, Meditate, OutpostTransfer, PlaySpecial, SeekCover
from explorer.doomtrooper.expansions.alliances import PlayAlliance
from explorer.doomtrooper.expansions.ki_powers import AttachKiPower
from explorer.doomtrooper.expansions.relics import PlayRelic
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import load_rules, override_rules
from explorer.doomtrooper.state import Phase, Placed, put_seat

OUTPOST = DoomtrooperGame(rules=override_rules({"outpost": True, "relics": True}))
ALLIANCES = DoomtrooperGame(rules=override_rules({"alliances": True}))


def in_outpost(**kw):
    return make_state(OUTPOST, outpost_opened=True, **kw)


# -- Beasts (Paradise Lost) ---------------------------------------------------------------------------------

def test_a_rider_may_have_other_equipment_and_relics_as_normal():
    """Beasts (outpost.beasts): "It may have other Equipment and Relics as normal": a warrior riding a
    Beast is offered a weapon and a Relic, but no vehicle."""
    state = in_outpost(warriors=[W("Templar Brute", 0, attached=["Dune Strider"]), W("Razide", 1)],
                       hands=(["Violator Sword", "Shroud of Saint Dominic", "Armored Jeep"], []))
    options = OUTPOST.decision(state).options
    assert any(isinstance(o, Equip) and o.card == "Violator Sword" and o.uid == 0 for o in options)
    assert PlayRelic("Shroud of Saint Dominic", 0) in options
    assert not any(isinstance(o, Equip) and o.card == "Armored Jeep" for o in options)
    after, _ = step(OUTPOST, state, PlayRelic("Shroud of Saint Dominic", 0))
    assert after.trooper(0).cards() == ("Dune Strider", "Shroud of Saint Dominic")


def test_a_rider_always_uses_its_beast_in_a_shoot_combat_too():
    """Beasts (outpost.beasts): "A warrior must always use its Beast during combat": its modifiers
    count in a Shoot combat as in a Fight (the Dune Strider adds no Shoot, its Armor and Value count)."""
    state = in_outpost(warriors=[W("Templar Brute", 0, attached=["Dune Strider"]), W("Lutheran Zealot", 1)])
    after, _ = step(OUTPOST, state, Attack(0, 1, "shoot"))
    r, terms = OUTPOST.combat.explain(after.combat.live, 0)
    assert any(t.source.startswith("Dune Strider") and t.rule.section == "outpost.beasts" for t in terms)
    assert (r.armor, r.value) == (6 + 2, 5 + 2)


def test_a_rider_and_a_warrior_considered_a_beast_may_be_in_cover():
    """Beasts (outpost.beasts): "A warrior with a Beast ... may be in cover", and a warrior "considered a
    Beast" may be in cover too."""
    state = in_outpost(warriors=[W("Templar Brute", 0, attached=["Dune Strider"]), W("Templar Mauler", 0),
                                 W("Templar Brute", 0, uid=5), W("Razide", 1)])
    options = OUTPOST.decision(state).options
    assert SeekCover(0) in options and SeekCover(1) in options
    after, _ = step(OUTPOST, state, SeekCover(0))
    assert after.trooper(0).cover and after.trooper(0).cards() == ("Dune Strider",)


def test_a_rider_and_a_warrior_considered_a_beast_gain_the_effects_of_fortifications():
    """Beasts (outpost.beasts): a warrior with a Beast "may gain the effects from fortifications", and so
    does a warrior "Considered Beasts": the Outpost's Earthbound Stockade adds its Armor to both."""
    state = in_outpost(warriors=[W("Templar Brute", 0, attached=["Dune Strider"]), W("Templar Mauler", 0),
                                 W("Lutheran Zealot", 1)], fortifications=(["Earthbound Stockade"], []))
    rider, _ = step(OUTPOST, state, Attack(0, 2, "fight"))
    assert OUTPOST.combat.ratings(rider.combat.live, 0).armor == 6 + 2 + 2  # printed, the Beast, the Stockade
    mauler, _ = step(OUTPOST, state, Attack(1, 2, "fight"))
    assert OUTPOST.combat.ratings(mauler.combat.live, 1).armor == 5 + 2


def test_a_warrior_considered_a_beast_never_transfers():
    """Beasts (outpost.beasts): warriors "Considered Beasts" "may not Transfer": no Transfer is offered
    for the Templar Mauler, and asking for one is refused."""
    state = in_outpost(warriors=[W("Templar Mauler", 0), W("Razide", 1)])
    assert OutpostTransfer(0) not in OUTPOST.decision(state).options
    with pytest.raises(IllegalAction):
        OUTPOST.check(state, OutpostTransfer(0))


# -- Ki Powers (Apocalypse) ---------------------------------------------------------------------------------

@pytest.mark.parametrize("anyone", [False, True])
def test_whose_mishima_warrior_takes_a_ki_power_follows_the_switch(anyone):
    """Ki Powers (ki_powers): "attached to any Mishima-affiliated warrior as one action": read as any of
    the player's own (register: ki-whose-warrior), an opponent's Mishima warrior not offered; with
    ki_powers_any_warrior it is, and the Ki Power stays its player's card."""
    game = DoomtrooperGame(rules=override_rules({"ki_powers": True, "ki_powers_any_warrior": anyone}))
    state = make_state(game, warriors=[W("Mishima Samurai", 0), W("Mishima Shadow Walker", 1)],
                       hands=(["Ki of the Striking Crane"], []))
    options = [o for o in game.decision(state).options if isinstance(o, AttachKiPower)]
    theirs = AttachKiPower("Ki of the Striking Crane", 1)
    assert AttachKiPower("Ki of the Striking Crane", 0) in options and (theirs in options) is anyone
    if not anyone:
        with pytest.raises(IllegalAction) as err:
            game.check(state, theirs)
        assert err.value.rule.section == "ki_powers"
        return
    after, _ = step(game, state, theirs)
    assert after.trooper(1).attached[0].card == "Ki of the Striking Crane" and after.trooper(1).attached[0].owner == 0
    assert load_rules().ki_powers_any_warrior is False


# -- Alliances (Golgotha; the first-edition supplement) ------------------------------------------------------

def with_alliance(state, seat, card):
    s = state.seats[seat]
    return put_seat(state, seat, s._replace(in_play=s.in_play + (Placed(card),)))


def test_an_alliance_needs_no_action_left():
    """Alliances (alliances): Alliance cards "do not require any actions to be played": with the turn's
    three actions spent, the player may still play his Alliance before the discard."""
    state = make_state(ALLIANCES, warriors=[W("Sean Gallagher", 0)], hands=(["Accord of the Iron Throne"], []))
    for _ in range(3):
        state, _ = step(ALLIANCES, state, Meditate())
    assert state.phase is Phase.ACTIONS and state.actions == 0
    assert PlayAlliance("Accord of the Iron Throne") in ALLIANCES.decision(state).options
    state, _ = step(ALLIANCES, state, PlayAlliance("Accord of the Iron Throne"))
    assert state.seats[0].in_play == (Placed("Accord of the Iron Throne"),)


def test_one_alliance_in_play_so_another_once_the_first_is_removed():
    """Alliances (alliances): "Each player may only have one Alliance card in play": once a card that
    removes Alliances has discarded his, a player may play another."""
    state = make_state(ALLIANCES, warriors=[W("Sean Gallagher", 0), W("Razide", 1)],
                       hands=(["Hostile Buyout"], ["Accord of the Iron Throne"]))
    state = with_alliance(state, 1, "Pact of the Dark Soul")
    assert ALLIANCES.rules.alliances
    state, _ = step(ALLIANCES, state, PlaySpecial("Hostile Buyout", 1))
    assert state.seats[1].in_play == ()
    turn = state._replace(current=1)
    assert PlayAlliance("Accord of the Iron Throne") in ALLIANCES.decision(turn).options
