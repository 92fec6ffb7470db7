"""The Inquisition expansion: Relics (switch ``relics``), and the first-edition supplement's
"Relics (From the Inquisition Expansion)", which says the same."""

from __future__ import annotations

import pytest
from dt_helpers import W, make_state, step

from explorer.core.engine import IllegalAction
from explorer.doomtrooper.base.actions import Attack, Equip
from explorer.doomtrooper.base.combat_state import Table
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.expansions.relics import PlayRelic
from explorer.doomtrooper.base.warriors import remove

ON = DoomtrooperGame(rules=override_rules({"relics": True}))
OFF = DoomtrooperGame()


def options(game, state, kind=PlayRelic):
    return [o for o in game.decision(state).options if isinstance(o, kind)]


def ratings(game, state, uid, foe, tactic="fight"):
    table = Table(tactic, foe, uid, state.troopers, tuple(s.fortifications for s in state.seats), state.purse_of,
                  (0, 1), tuple(s.hand for s in state.seats), state.purses)
    return game.combat.ratings(table, uid)


def test_relics_are_off_by_default():
    """Inquisition Expansion: with the switch off no Relic can be played, and saying so names the switch."""
    state = make_state(OFF, warriors=[W("Sean Gallagher")], hands=(["Shroud of Saint Dominic"], []))
    assert options(OFF, state) == []
    with pytest.raises(IllegalAction) as err:
        OFF.check(state, PlayRelic("Shroud of Saint Dominic", 0))
    assert err.value.rule.section == "expansions.inquisition" and "relics" in str(err.value)


def test_a_relic_is_attached_to_your_warrior_as_one_action():
    """Relics: a Relic goes onto a warrior of yours as one action (no Noted Collector needed)."""
    state = make_state(ON, warriors=[W("Sean Gallagher"), W("Razide", 1)], hands=(["Shroud of Saint Dominic"], []))
    assert options(ON, state) == [PlayRelic("Shroud of Saint Dominic", 0)]
    after, events = step(ON, state, PlayRelic("Shroud of Saint Dominic", 0))
    assert after.actions == state.actions - 1 and after.trooper(0).cards() == ("Shroud of Saint Dominic",)
    assert "Shroud of Saint Dominic" not in after.seats[0].hand
    assert events[0].rule.section == "relics"
    assert ratings(ON, after, 0, 1).armor == ratings(ON, state, 0, 1).armor + 2


def test_a_relic_goes_only_on_a_warrior_that_may_have_it():
    """Relics: 'your warrior that may have it': the Blade is for Brotherhood warriors only, and never
    on an opponent's warrior."""
    state = make_state(ON, warriors=[W("Sean Gallagher"), W("Sacred Warrior"), W("Brotherhood Mystic", 1)],
                       hands=(["Blade of the First Inquisitor"], []))
    assert options(ON, state) == [PlayRelic("Blade of the First Inquisitor", 1)]
    for uid, why in ((0, "class brotherhood"), (2, "warrior of yours")):
        with pytest.raises(IllegalAction) as err:
            ON.check(state, PlayRelic("Blade of the First Inquisitor", uid))
        assert err.value.rule.section == "relics" and why in str(err.value)


def test_a_relic_is_unique_in_play_until_it_is_discarded():
    """Relics: never while an identical Relic is in play (anyone's); once it is discarded, a copy
    may enter play again."""
    state = make_state(ON, warriors=[W("Sean Gallagher"), W("Razide", 1, attached=["Shroud of Saint Dominic"])],
                       hands=(["Shroud of Saint Dominic"], []))
    assert options(ON, state) == []
    with pytest.raises(IllegalAction) as err:
        ON.check(state, PlayRelic("Shroud of Saint Dominic", 0))
    assert "unique" in str(err.value)
    gone, _ = remove(ON, state, 1, ON.section("combat.status"), "is killed")
    assert "Shroud of Saint Dominic" in gone.seats[1].discard
    assert options(ON, gone) == [PlayRelic("Shroud of Saint Dominic", 0)]


def test_relics_are_not_equipment():
    """Relics: not Equipment: a warrior with armor still takes an armor Relic, a vehicle that shuts
    equipment off leaves the Relic working, and a Relic is never the combat's weapon."""
    state = make_state(ON, warriors=[W("Sean Gallagher", attached=["Combat Armor"]), W("Razide", 1)],
                       hands=(["Shroud of Saint Dominic", "Power Armor"], []))
    assert PlayRelic("Shroud of Saint Dominic", 0) in options(ON, state)
    assert not any(o.card == "Power Armor" for o in options(ON, state, Equip))  # the one-armor limit
    inside = make_state(ON, warriors=[W("Sean Gallagher", attached=["Ornithopter", "Shroud of Saint Dominic",
                                                                     "Combat Armor"], inside=True), W("Razide", 1)])
    r = ratings(ON, inside, 0, 1, "shoot")
    assert r.armor == 8 + 2 + 2  # printed, the airship, the Relic; the armor is switched off inside
    table = Table("fight", 1, 0, inside.troopers, ((), ()), (0, 1), (0, 1), (), ())
    assert ON.combat.weapon_options(table, 0) == ()


def test_a_relic_can_make_its_warrior_strike_first():
    """Relics: the warrior gains what its Relic's card says (the Blade: +3 Fight, strikes first)."""
    state = make_state(ON, warriors=[W("Sacred Warrior", attached=["Blade of the First Inquisitor"]), W("Razide", 1)])
    r = ratings(ON, state, 0, 1)
    assert (r.attack, r.first) == (6 + 3, True)


def test_the_first_edition_supplement_says_the_same():
    """Relics (From the Inquisition Expansion): attached as one action each, unique, not Equipment:
    the same rules, so the same switch; the section has its summary."""
    from explorer.core.rulebook import sections

    known = sections("doomtrooper")
    assert {"relics", "first_edition.relics", "expansions.inquisition"} <= set(known)
    state = make_state(ON, warriors=[W("Sean Gallagher"), W("Imperial Trencher")],
                       hands=(["Icon of the Cardinal", "Icon of the Cardinal"], []))
    after, _ = step(ON, state, PlayRelic("Icon of the Cardinal", 0))
    assert options(ON, after) == []  # the second copy waits


def test_a_game_with_relics_attacks_as_usual():
    """Relics: a warrior holding a Relic attacks and is attacked as usual; the Relic goes to the
    discard pile with its warrior."""
    state = make_state(ON, warriors=[W("Razide", 1), W("Imperial Trencher", attached=["Shroud of Saint Dominic"], wounded=True)],
                       current=1)
    after, _ = step(ON, state, Attack(0, 1, "fight"))
    while after.combat is not None:
        after, _ = step(ON, after, ON.decision(after).options[-1])
    assert after.find(1) is None and "Shroud of Saint Dominic" in after.seats[0].discard
