"""The Golgotha expansion: Alliances (switch ``alliances``), and the first-edition supplement's
"Alliances (From the Golgotha Expansion)"."""

from __future__ import annotations

import pytest
from dt_helpers import W, make_state, step

from explorer.core.engine import IllegalAction
from explorer.core.rounds import PASS
from explorer.doomtrooper.base.actions import Attack, PlaySpecial
from explorer.doomtrooper.expansions.alliances import PlayAlliance
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Phase, Placed, put_seat
from explorer.doomtrooper.base.warriors import remove

ON = DoomtrooperGame(rules=override_rules({"alliances": True}))
OFF = DoomtrooperGame()


def offered(game, state):
    return [o for o in game.decision(state).options if isinstance(o, PlayAlliance)]


def with_alliance(state, seat, card):
    s = state.seats[seat]
    return put_seat(state, seat, s._replace(in_play=s.in_play + (Placed(card),)))


def test_alliances_are_off_by_default():
    """Golgotha Expansion: with the switch off no Alliance can be played; saying so names the switch."""
    state = make_state(OFF, warriors=[W("Sean Gallagher")], hands=(["Accord of the Iron Throne"], []))
    assert offered(OFF, state) == []
    with pytest.raises(IllegalAction) as err:
        OFF.check(state, PlayAlliance("Accord of the Iron Throne"))
    assert err.value.rule.section == "expansions.golgotha" and "alliances" in str(err.value)


def test_an_alliance_costs_no_action():
    """Alliances: played at any time and without any action; it helps its player's warriors of its alliance."""
    state = make_state(ON, warriors=[W("Sean Gallagher"), W("Razide", 1)], hands=(["Accord of the Iron Throne"], []),
                       actions=0)
    assert state.phase is Phase.ACTIONS and offered(ON, state) == [PlayAlliance("Accord of the Iron Throne")]
    after, events = step(ON, state, PlayAlliance("Accord of the Iron Throne"))
    assert after.actions == 0 and after.seats[0].in_play == (Placed("Accord of the Iron Throne"),)
    assert events[0].rule.section == "alliances"
    after, _ = step(ON, after._replace(actions=1, phase=Phase.ACTIONS), Attack(0, 1, "fight"))
    r = ON.combat.ratings(after.combat.live, 0)
    assert (r.attack, r.armor) == (10 + 1, 8 + 1)


def test_one_alliance_per_player_and_each_unique():
    """Alliances: each player may have only one Alliance in play; an Alliance identical to one in
    play (anyone's) may not be played."""
    state = with_alliance(make_state(ON, warriors=[W("Sean Gallagher")],
                                     hands=(["Covenant of the Cardinal"], ["Accord of the Iron Throne"])),
                          0, "Accord of the Iron Throne")
    assert offered(ON, state) == []
    with pytest.raises(IllegalAction) as err:
        ON.check(state, PlayAlliance("Covenant of the Cardinal"))
    assert "one per player" in str(err.value)
    theirs = state._replace(current=1)
    with pytest.raises(IllegalAction) as err:
        ON.check(theirs, PlayAlliance("Accord of the Iron Throne"))
    assert "unique" in str(err.value)


def test_an_alliance_may_be_played_out_of_turn_in_a_combat():
    """Alliances: at any time: the defending player plays his in the modify step of the attacker's
    combat (the card-play rounds), it helps at once and stays in play after the combat."""
    state = make_state(ON, warriors=[W("Razide", 1), W("Sacred Warrior", 0)], current=1,
                       hands=(["Covenant of the Cardinal"], []))
    state, _ = step(ON, state, Attack(0, 1, "fight"))
    while ON.decision(state).player != 0:
        state, _ = step(ON, state, PASS)
    assert PlayAlliance("Covenant of the Cardinal") in ON.decision(state).options
    before = ON.combat.ratings(state.combat.live, 1).armor
    state, events = step(ON, state, PlayAlliance("Covenant of the Cardinal"))
    assert ON.combat.ratings(state.combat.live, 1).armor == before + 2 and events[0].rule.section == "alliances"
    while state.combat is not None:
        dec = ON.decision(state)
        state, _ = step(ON, state, PASS if PASS in dec.options else dec.options[-1])
    assert state.seats[0].in_play == (Placed("Covenant of the Cardinal"),)
    assert "Covenant of the Cardinal" not in state.seats[0].hand and "Covenant of the Cardinal" not in state.seats[0].discard


def test_an_alliance_is_never_discarded_except_by_a_card_that_says_so():
    """Alliances: never discarded or annihilated, except by cards that remove Alliances (ours: Hostile
    Buyout): its warriors dying leaves it in play."""
    state = with_alliance(make_state(ON, warriors=[W("Sean Gallagher", 1), W("Razide", 0)], hands=(["Hostile Buyout"], [])),
                          1, "Accord of the Iron Throne")
    gone, _ = remove(ON, state, 0, ON.section("combat.status"), "is killed")
    assert gone.seats[1].in_play == (Placed("Accord of the Iron Throne"),)
    assert PlaySpecial("Hostile Buyout", 1) in ON.decision(state).options
    after, events = step(ON, state, PlaySpecial("Hostile Buyout", 1))
    assert after.seats[1].in_play == () and "Accord of the Iron Throne" in after.seats[1].discard
    assert events[-1].rule.section == "alliances"


def test_an_alliance_helps_only_its_own_class():
    """Alliances: the bonus goes to the player's warriors of that alliance, not his others."""
    state = with_alliance(make_state(ON, warriors=[W("Capitol Sea Lion"), W("Razide", 1)]), 0,
                          "Accord of the Iron Throne")
    after, _ = step(ON, state, Attack(0, 1, "fight"))
    assert ON.combat.ratings(after.combat.live, 0).attack == 5


def test_the_first_edition_supplement_says_the_same():
    """Alliances (From the Golgotha Expansion): any time, one per player, never discarded except by
    cards that say so, unique: the same rules and switch; the section has its summary."""
    from explorer.core.rulebook import sections

    assert {"alliances", "first_edition.alliances", "expansions.golgotha"} <= set(sections("doomtrooper"))


def test_the_table_shows_the_cards_in_play():
    """Alliances, Warzones: the description of the table lists each player's cards in play."""
    state = with_alliance(make_state(ON, warriors=[W("Sean Gallagher")]), 0, "Accord of the Iron Throne")
    assert "in play: Accord of the Iron Throne" in ON.describe(state, 1)
