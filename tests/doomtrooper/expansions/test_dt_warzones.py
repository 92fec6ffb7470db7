"""The Warzone expansion: Warzones (switch ``warzones``), in both printings: the expansion's text
and the first-edition supplement's "Warzones (From the Warzone Expansion)" (switch
``warzones_first_edition``)."""

from __future__ import annotations

import pytest
from dt_helpers import W, make_state, step

from explorer.core.engine import IllegalAction
from explorer.core.rounds import PASS
from explorer.doomtrooper.base.actions import Attack
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Placed, put_seat
from explorer.doomtrooper.expansions.warzones import DefendFromWarzone, PlayWarzone

ON = DoomtrooperGame(rules=override_rules({"warzones": True}))
FIRST = DoomtrooperGame(rules=override_rules({"warzones": True, "warzones_first_edition": True}))
OFF = DoomtrooperGame()


def plays(game, state):
    return [o for o in game.decision(state).options if isinstance(o, PlayWarzone)]


def placed(state, seat, *cards):
    """``state`` with these (card, area) Warzones before ``seat``."""
    s = state.seats[seat]
    return put_seat(state, seat, s._replace(in_play=s.in_play + tuple(Placed(c, a) for c, a in cards)))


def test_warzones_are_off_by_default():
    """Warzone Expansion: with the switch off no Warzone can be played, and saying so names the switch;
    a Warzone in play is never offered to defend from."""
    state = make_state(OFF, warriors=[W("Sean Gallagher")], hands=(["Graveton Marshes"], []))
    assert plays(OFF, state) == []
    with pytest.raises(IllegalAction) as err:
        OFF.check(state, PlayWarzone("Graveton Marshes", "Squad"))
    assert err.value.rule.section == "expansions.warzone" and "warzones" in str(err.value)
    state = placed(make_state(OFF, warriors=[W("Razide", 1), W("Sean Gallagher")], current=1), 0,
                   ("Graveton Marshes", "Squad"))
    after, _ = step(OFF, state, Attack(0, 1, "fight"))
    assert after.combat.step != "announce"


def test_a_warzone_is_added_to_squad_or_kohort_as_one_action():
    """Warzones: one action puts a Warzone into your Squad or Kohort, where its card allows."""
    state = make_state(ON, warriors=[W("Sean Gallagher")],
                       hands=(["Graveton Marshes", "Ruins of San Dorado", "Fields of Desolation"], []))
    assert set(plays(ON, state)) == {PlayWarzone("Graveton Marshes", "Squad"), PlayWarzone("Graveton Marshes", "Kohort"),
                                     PlayWarzone("Ruins of San Dorado", "Squad"),
                                     PlayWarzone("Fields of Desolation", "Kohort")}
    after, events = step(ON, state, PlayWarzone("Ruins of San Dorado", "Squad"))
    assert after.actions == state.actions - 1 and after.seats[0].in_play == (Placed("Ruins of San Dorado", "Squad"),)
    assert events[0].rule.section == "warzones"
    with pytest.raises(IllegalAction) as err:
        ON.check(state, PlayWarzone("Fields of Desolation", "Squad"))
    assert "Kohort" in str(err.value)


def test_one_copy_of_each_warzone_per_player_in_the_expansion_text():
    """Warzones: several players may field the same Warzone, but each player at most one copy of it
    (the expansion's text): the second copy is refused, in either area; an opponent may have his own."""
    state = placed(make_state(ON, warriors=[W("Sean Gallagher")], hands=(["Graveton Marshes"], ["Graveton Marshes"])),
                   0, ("Graveton Marshes", "Squad"))
    assert plays(ON, state) == []
    with pytest.raises(IllegalAction) as err:
        ON.check(state, PlayWarzone("Graveton Marshes", "Kohort"))
    assert err.value.rule.section == "warzones" and "one copy" in str(err.value)
    theirs = state._replace(current=1)
    assert PlayWarzone("Graveton Marshes", "Squad") in plays(ON, theirs)


def test_the_first_edition_printing_allows_identical_warzones_in_one_squad():
    """Warzones (From the Warzone Expansion): the supplement allows several copies of one Warzone, two
    in one Squad included (switch warzones_first_edition); its events cite it."""
    state = placed(make_state(FIRST, warriors=[W("Sean Gallagher")], hands=(["Graveton Marshes"], [])),
                   0, ("Graveton Marshes", "Squad"))
    after, events = step(FIRST, state, PlayWarzone("Graveton Marshes", "Squad"))
    assert after.seats[0].in_play == (Placed("Graveton Marshes", "Squad"),) * 2
    assert events[0].rule.section == "first_edition.warzones"


def attacked(game, defender="Sean Gallagher", tactic="fight", **kw):
    """Seat 1's Razide attacks seat 0's ``defender``, who has Graveton Marshes and Ruins of San
    Dorado in his Squad and a Bunker: the state once the attack is announced."""
    state = make_state(game, warriors=[W("Razide", 1), W(defender, 0, **kw)], current=1,
                       fortifications=(["Bunker"], ["Citadel of Algeroth"]))
    state = placed(state, 0, ("Graveton Marshes", "Squad"), ("Ruins of San Dorado", "Squad"))
    return step(game, state, Attack(0, 1, tactic))


def test_the_defender_announces_its_warzone_after_the_battle_tactic():
    """Warzones, point 1: the defending player says whether (and from which Warzone) his warrior
    defends, after the battle tactic is announced and before the standing."""
    state, events = attacked(ON)
    dec = ON.decision(state)
    assert dec.player == 0 and dec.rule.section == "warzones.defend"
    assert set(dec.options) == {DefendFromWarzone("Graveton Marshes"), DefendFromWarzone("Ruins of San Dorado"),
                                DefendFromWarzone()}
    assert [e.rule.section for e in events][-1] == "combat.tactic"
    after, more = step(ON, state, DefendFromWarzone("Ruins of San Dorado"))
    assert [e.rule.section for e in more][:3] == ["warzones.defend", "warzones.fortifications", "combat.standing"]
    with pytest.raises(IllegalAction) as err:
        ON.check(state, PASS)
    assert err.value.rule.section == "warzones.defend"


def test_only_the_defender_gains_the_ratings_but_the_text_touches_both():
    """Warzones, point 2: the card's F, S, A, V changes go to the Defender alone, its text to both
    combatants (Graveton Marshes: Defender +3 Armor; every combatant -2 Shoot);
    and no fortification effects for either side."""
    state, _ = attacked(ON, tactic="shoot")
    before = ON.combat.ratings(state.combat.table, 1), ON.combat.ratings(state.combat.table, 0)
    assert before[0].armor == 8 + 2 and before[1].armor == 8 + 1  # the Bunker, the Citadel
    after, _ = step(ON, state, DefendFromWarzone("Graveton Marshes"))
    table = after.combat.live
    d, a = ON.combat.ratings(table, 1), ON.combat.ratings(table, 0)
    assert (d.attack, d.armor) == (5 - 2, 8 + 3)  # Sean Gallagher: Shoot 5, Armor 8; no Bunker
    assert (a.attack, a.armor) == (6 - 2, 8)  # Razide: Shoot 6, Armor 8; no Citadel, no Warzone Armor


def test_defending_from_no_warzone_keeps_the_fortifications():
    """Warzones: defending from a Warzone is a choice; without one the fortifications work as usual."""
    state, _ = attacked(ON)
    after, events = step(ON, state, DefendFromWarzone())
    assert ON.combat.ratings(after.combat.live, 1).armor == 8 + 2
    assert events[0].text.endswith("defends from no Warzone")


def test_attackers_never_use_warzones_and_squad_and_kohort_keep_their_own():
    """Warzones: when attacking you may not use your Warzones; a Kohort warrior may not use the
    Squad's Warzones (nor the reverse)."""
    state = make_state(ON, warriors=[W("Sean Gallagher", 0), W("Razide", 1), W("Heretic Agent", 1)])
    state = placed(placed(state, 0, ("Graveton Marshes", "Squad")), 1, ("Ruins of San Dorado", "Squad"))
    after, _ = step(ON, state, Attack(0, 1, "fight"))  # the attacker's Warzone: nothing to announce
    assert after.combat.step != "announce"
    after, _ = step(ON, state, Attack(0, 2, "fight"))  # the Heretic Agent is in the Kohort
    assert after.combat.step != "announce"
    state = placed(state, 1, ("Fields of Desolation", "Kohort"))
    after, _ = step(ON, state, Attack(0, 2, "fight"))
    assert set(ON.decision(after).options) == {DefendFromWarzone("Fields of Desolation"), DefendFromWarzone()}


def test_a_defender_in_cover_may_defend_from_a_warzone():
    """Warzones (register: warzone-choice): cover and the Warzone add up."""
    state, _ = attacked(ON, cover=True)
    after, _ = step(ON, state, DefendFromWarzone("Graveton Marshes"))
    assert ON.combat.ratings(after.combat.live, 1).armor == 8 + 3 + 3


def test_a_whole_combat_from_a_warzone_ends_normally():
    """Warzones: the combat goes on to the standing, the modify step and the points."""
    state, _ = attacked(ON, defender="Imperial Trencher")
    state, _ = step(ON, state, DefendFromWarzone("Ruins of San Dorado"))
    while state.combat is not None:
        dec = ON.decision(state)
        state, _ = step(ON, state, dec.options[-1] if dec.player is not None else dec.options[0])
    assert state.combat is None and state.seats[0].in_play  # the Warzones stay in play


def test_a_substitute_defender_fights_from_the_same_warzone():
    """Warzones (register: warzone-substitute): when a card makes another warrior the Defender, the
    combat stays in the Warzone: the new Defender gets its ratings, fortifications stay out."""
    state = make_state(ON, warriors=[W("Razide", 1), W("Sean Gallagher", 0), W("Imperial Trencher", 0)], current=1,
                       hands=(["Bodyguard"], []), fortifications=(["Bunker"], []))
    state = placed(state, 0, ("Graveton Marshes", "Squad"))
    state, _ = step(ON, state, Attack(0, 1, "fight"))
    state, _ = step(ON, state, DefendFromWarzone("Graveton Marshes"))
    while ON.decision(state).player != 0:
        state, _ = step(ON, state, PASS)
    from explorer.doomtrooper.base.combat_state import Play

    state, _ = step(ON, state, Play("Bodyguard", 2))
    table = state.combat.live
    assert table.defender == 2 and table.warzone == "Graveton Marshes"
    assert ON.combat.ratings(table, 2).armor == 4 + 3  # the Trencher's Armor 4, the Warzone; no Bunker
