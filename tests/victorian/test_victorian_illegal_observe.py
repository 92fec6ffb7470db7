"""Illegal plays are refused naming the rule, the state unchanged; malformed actions
too.  What each side sees: its own hand, not the other's; the order of the decks
only as far as it has looked."""

from __future__ import annotations

import random

import pytest
from vichelp import GAME, refused, step

from explorer.core.belief import over_unseen
from explorer.core.engine import IllegalAction, RandomPolicy, Stepper
from explorer.core.events import visible
from explorer.victorian.actions import (Attack, AttachPlot, Done, Heal, PlayEvent, Recruit, Send, Showdown, Strike,
                                        Track)
from explorer.victorian.state import HEROES, Phase


ILLEGAL = [
    # (what, state builder, action, the rule named)
    ("a weapon on an event",
     lambda: GAME.scenario(heroes=["Tarzan"], hands={"heroes": ["Machete", "Train"]}, at=Phase.RECRUIT),
     Recruit("Machete", onto="Train"), "recruit.attach"),
    ("a minor villain without a mastermind",
     lambda: GAME.scenario(hands={"villains": ["Jack the Ripper"]}, at=Phase.RECRUIT, side="villains"),
     Recruit("Jack the Ripper", onto="Professor Moriarty"), "recruit.attach"),
    ("a Martian minor character",
     lambda: GAME.scenario(villains=["Martian Invasion"], hands={"villains": ["Werewolf"]}, at=Phase.RECRUIT,
                           side="villains"),
     Recruit("Werewolf", onto="Martian Invasion"), "martians"),
    ("a Martian vehicle",
     lambda: GAME.scenario(villains=["Martian Invasion"], hands={"villains": ["Zeppelin"]}, at=Phase.RECRUIT,
                           side="villains"),
     Recruit("Zeppelin", onto="Martian Invasion"), "martians"),
    ("a card not in hand",
     lambda: GAME.scenario(at=Phase.RECRUIT), Recruit("Tarzan"), "recruit"),
    ("a track by a noncombatant",
     lambda: GAME.scenario(heroes=["Mycroft Holmes"], villains=["Dr Moreau"], at=Phase.INTERCEPT),
     Track("Mycroft Holmes", "Dr Moreau"), "intercept"),
    ("a track of a minor villain",
     lambda: GAME.scenario(heroes=["Tarzan"], villains=["Dr Moreau"], minions={"Dr Moreau": ["Rasputin"]},
                           at=Phase.INTERCEPT),
     Track("Tarzan", "Rasputin"), "intercept"),
    ("an attack out of its phase",
     lambda: GAME.scenario(heroes=["Tarzan"], villains=["Dr Moreau"], at=Phase.INTERCEPT),
     Attack("Tarzan", "Dr Moreau"), "attack"),
    ("a plot in the Recruit Phase",
     lambda: GAME.scenario(villains=["Dr Moreau"], hands={"villains": ["Bank Heist"]}, at=Phase.RECRUIT,
                           side="villains"),
     AttachPlot("Bank Heist", "Dr Moreau"), "plot"),
    ("a Showdown while minions stand",
     lambda: step(GAME.scenario(heroes=["Tarzan"], villains=["Dr Moreau"], minions={"Dr Moreau": ["Hybrid"]},
                                thwarted=["Dr Moreau"], at=Phase.ATTACK), Attack("Tarzan", "Dr Moreau"))[0],
     Showdown(), "attack"),
    ("a Mastermind sent as an assassin",
     lambda: GAME.scenario(heroes=["Tarzan"], villains=["Dr Moreau"], at=Phase.ASSASSIN, side="villains"),
     Send("Dr Moreau", "Tarzan"), "assassin"),
    ("an event at the wrong moment",
     lambda: GAME.scenario(heroes=["Tarzan"], hands={"heroes": ["Bravery"]}, at=Phase.RECRUIT),
     PlayEvent("Bravery", "Tarzan"), "events"),
]


@pytest.mark.parametrize("what, build, action, section", ILLEGAL, ids=[c[0] for c in ILLEGAL])
def test_an_illegal_play_is_refused_naming_its_rule(what, build, action, section):
    """RECRUIT PHASE, MARTIAN RULES, INTERCEPT PHASE, ATTACK PHASE, ASSASSIN PHASE, PLOT PHASE, event cards: an
    illegal play raises IllegalAction naming the rule it breaks, and the state is unchanged."""
    state = build()
    exc = refused(state, action, section)
    assert exc.message and str(exc.rule) == f"victorian:{section}"
    st = Stepper(GAME, state, 0)
    with pytest.raises(IllegalAction):
        st.step(action)
    assert st.history == [] and st.state == state


def test_a_second_showdown_is_refused():
    """ATTACK PHASE: a Hero only gets one Showdown roll per turn."""
    s = GAME.scenario(heroes=["Tarzan", "Olaf Svenson"], villains=["Dr Moreau"], thwarted=["Dr Moreau"],
                      at=Phase.ATTACK)
    s, _ = step(s, Attack("Tarzan", "Dr Moreau"))
    s, _ = step(s, Showdown(), 3)  # 3 + 2 - 1 = 4, destroy base: both stand
    s = s._replace(used=s.used - {("attacked", "Tarzan")})
    refused(s, Attack("Tarzan", "Dr Moreau"), "attack.showdown")


MALFORMED = [Recruit(["Saber"]), Recruit("Tarzan", onto=3), Track(None, "x"), PlayEvent({"card": 1}),
             Attack(("Tarzan",), "Dr Moreau"), Send(1, 2), Heal(["Dr Moreau"]), Strike(None), "recruit Tarzan",
             42, None]


@pytest.mark.parametrize("action", MALFORMED, ids=repr)
def test_malformed_actions_are_refused_not_crashed_on(action):
    """Design principle 7: a list where a name belongs, a number, nothing: refused as illegal, never a TypeError."""
    s = GAME.scenario(heroes=["Tarzan"], villains=["Dr Moreau"], hands={"heroes": ["Saber"]}, at=Phase.RECRUIT)
    with pytest.raises(IllegalAction) as info:
        GAME.check(s, action)
    assert info.value.message


# -- what each side sees -------------------------------------------------------------------------------------

def test_a_side_sees_its_own_hand_not_the_others():
    """THE DECKS / SETUP: each hand is hidden from the other player: the view keeps its size, not its cards."""
    s = GAME.setup(seed=3)
    view = GAME.observe(s, "heroes")
    assert view.heroes.hand == s.heroes.hand
    assert view.villains.hand == () and view.villains.hidden == 7 and view.villains.hand_size == 7
    assert view.villains.deck_size == s.villains.deck.size
    assert sorted(view.villains.deck.rest) == sorted(s.villains.deck.rest + s.villains.hand)
    assert GAME.observe(s, None) == s


def test_two_states_that_differ_only_in_the_hidden_hand_look_the_same():
    """Observations never leak: swapping a card between the Villains' hand and deck changes nothing the Heroes see."""
    s = GAME.setup(seed=3)
    v = s.villains
    a, b = v.hand[0], v.deck.rest[0]
    hand = tuple(sorted([c for c in v.hand if c != a] + [b]))
    rest = tuple(sorted([c for c in v.deck.rest if c != b] + [a]))
    other = s._replace(sides=(s.heroes, v._replace(hand=hand, deck=v.deck._replace(rest=rest))))
    assert GAME.observe(other, "heroes") == GAME.observe(s, "heroes")
    assert GAME.observe(other, "villains") != GAME.observe(s, "villains")


def test_the_log_shown_to_a_side_hides_the_other_sides_draws():
    """NEW DAY PHASE: a card drawn is seen by its owner only; everyone sees that a card was drawn."""
    st = Stepper(GAME, GAME.new_game(), 2, RandomPolicy())
    st.run(until=lambda s: s.state.turn >= 2)
    events = [e for entry in st.history for e in entry.events]
    heroes = visible(events, "heroes")
    assert all(e.visible_to in (None, frozenset({"heroes"})) for e in heroes)
    assert len(visible(events, None)) == len(events) > len(heroes)


def test_worlds_average_over_what_a_side_cannot_see():
    """What a player knows: the odds he can know average over the other hand, drawn from the cards he cannot place."""
    s = GAME.setup(seed=3)
    view = GAME.observe(s, "heroes")
    worlds = GAME.worlds(view, "heroes")
    world = worlds.sample(random.Random(1))
    assert len(world.villains.hand) == 7 and world.villains.hidden == 0
    est = over_unseen(worlds, lambda w: int(any(GAME.card(c).type == "M" for c in w.villains.hand)), samples=200)
    assert 0.3 < float(est.value) < 0.9 and not est.exact
