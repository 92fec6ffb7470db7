"""Hidden information, as the rulebook demands (The Table Layout, Muster Warrior in
Cover, Step Three: Discard): hands are secret, discard piles face down, a warrior
mustered in cover unknown to the others until revealed; a seat's view and its log
keep them so, and the bots decide from that view."""

from __future__ import annotations

import pytest
from dt_helpers import GAME, W, make_state, step

from explorer.core.deck import Multiset
from explorer.core.engine import IllegalAction, Stepper
from explorer.core.events import visible
from explorer.doomtrooper.base.actions import Attack, Bestow, Cast, Equip, MusterInCover
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.state import UNSEEN, Phase


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others():
    """The Table Layout: hands are secret; draw piles, discard and annihilated piles face down."""
    state = make_state(hands=(["Razide", "Bunker"], ["Sean Gallagher"]))
    view = GAME.observe(state, 0)
    assert view.seats[0].hand == state.seats[0].hand
    assert view.seats[1].hand == Multiset.of({UNSEEN: 1})
    assert all(v.deck.cards == Multiset.of({UNSEEN: len(s.deck)}) for v, s in zip(view.seats, state.seats))
    assert GAME.observe(state, None) == state


def test_a_warrior_mustered_in_cover_is_unknown_to_the_others_until_revealed():
    """Muster Warrior in Cover: the opponent should not know who it is, nor its side."""
    state = make_state(hands=(["Tekron"], []), warriors=[W("Necromutant", 0), W("Sean Gallagher", 1)])
    state, events = step(GAME, state, MusterInCover("Tekron"))
    mine, theirs = GAME.observe(state, 0).troopers[-1], GAME.observe(state, 1).troopers[-1]
    assert (mine.card, mine.area) == ("Tekron", "Kohort") and (theirs.card, theirs.area) == (UNSEEN, "between")
    assert all("Tekron" not in e.text for e in visible(events, 1))
    assert any("Tekron" in e.text for e in visible(events, 0))
    state = state._replace(current=1, phase=Phase.ACTIONS, actions=3, seats=tuple(s._replace(turns=2) for s in state.seats))
    state, events = step(GAME, state, Attack(1, 2, "shoot"))
    assert GAME.observe(state, 1).combat.table.trooper(2).card == "Tekron"  # turned over when attacked


def test_the_log_shown_to_a_seat_keeps_the_others_secrets():
    """Step One: Draw / Step Three: Discard: a seat's log shows its own draws and discards only."""
    st = Stepper(GAME, GAME.new_game(), seed=2, policies=get_bot("greedy"))
    st.run(max_steps=120)
    events = [e for entry in st.history for e in entry.events]
    for seat in (0, 1):
        other = 1 - seat
        for e in visible(events, seat):
            assert e.visible_to is None or seat in e.visible_to
        assert not any(e.visible_to == frozenset({other}) for e in visible(events, seat))
    assert any(e.visible_to == frozenset({0}) for e in events)


def test_the_greedy_bot_decides_from_what_it_sees():
    """Two states alike to seat 0 but for the opponent's hand and hidden warrior: the same choice."""
    base = dict(warriors=[W("Sean Gallagher", 0), W("Razide", 1)])
    a = make_state(hands=(["Bunker"], ["Weak Spot"]), **base)
    b = make_state(hands=(["Bunker"], ["Narrow Escape", "Razide"]), **base)
    bot = get_bot("greedy")
    picks = [bot.pick(GAME, GAME.observe(s, 0), GAME.decision(s)) for s in (a, b)]
    assert picks[0] == picks[1]
    assert GAME.observe(a, 0) != GAME.observe(b, 0)  # the hand sizes differ ...
    c = make_state(hands=(["Bunker"], ["Crippling Shot"]), **base)
    assert GAME.observe(a, 0) == GAME.observe(c, 0)  # ... but not the cards


def test_a_seat_view_in_words_hides_what_the_seat_cannot_see():
    """The Table Layout / Muster Warrior in Cover: the described table of one seat shows its own
    hand and a face-down warrior of the other seat, and during a combat the cards in hand now."""
    state = make_state(hands=(["Powerful Blow"], ["Weak Spot", "Razide"]),
                       warriors=[W("Sean Gallagher", 0), W("Tekron", 1), W("Razide", 1, cover=True, hidden=True)])
    mine, all_of_it = GAME.describe(state, 0), GAME.describe(state)
    assert "hand: Powerful Blow" in mine and "hand: 2 cards" in mine and "a face-down warrior" in mine
    assert "Razide (in cover, hidden" in all_of_it and "Weak Spot" in all_of_it
    state, _ = step(GAME, state, Attack(0, 1, "fight"))
    state, _ = step(GAME, state, GAME.decision(state).options[0])  # seat 0 plays Powerful Blow
    assert "hand: none" in GAME.describe(state, 0) and "cards played: Powerful Blow" in GAME.describe(state, 0)


def test_nothing_given_to_a_warrior_mustered_in_cover_shows_its_affiliation():
    """Muster Warrior in Cover (actions.muster_in_cover): the others may not deduce the hidden
    warrior's affiliation, so no card only some warriors may have goes on it before it is revealed
    (register: hidden-attachments): not a Dark Legion weapon, not a gift, not a spell for one class;
    equipment any warrior may use still goes on."""
    hidden = W("Necromutant", 0, cover=True, hidden=True, unpaid=True)
    state = make_state(warriors=[W("Razide", 0), hidden, W("Sean Gallagher", 1)],
                       hands=(["Nazgaroth Blade", "Dark Strength", "Bunker"], []))
    options = GAME.decision(state).options
    assert Equip("Nazgaroth Blade", 0) in options and Equip("Nazgaroth Blade", 1) not in options
    assert Bestow("Dark Strength", 0) in options and Bestow("Dark Strength", 1) not in options
    for action in (Equip("Nazgaroth Blade", 1), Bestow("Dark Strength", 1)):
        with pytest.raises(IllegalAction) as err:
            GAME.check(state, action)
        assert err.value.rule.section == "actions.muster_in_cover"
    plain = next(c.name for c in GAME.pool.values() if c.type == "equipment" and c.who == "any" and c.kind != "vehicle")
    state = state._replace(seats=(state.seats[0]._replace(hand=state.seats[0].hand.add(plain)),) + state.seats[1:])
    assert Equip(plain, 1) in GAME.decision(state).options
    caster = make_state(warriors=[W("Inquisitor Majoris", 0), W("Sean Gallagher", 0, cover=True, hidden=True,
                                                                   unpaid=True, uid=1), W("Razide", 1)],
                        hands=(["Veil of Shadows"], []))
    assert Cast("Veil of Shadows", 0, 1) not in GAME.decision(caster).options
    with pytest.raises(IllegalAction) as err:
        GAME.check(caster, Cast("Veil of Shadows", 0, 1))
    assert err.value.rule.section == "actions.muster_in_cover"
