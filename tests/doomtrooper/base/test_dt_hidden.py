"""Hidden information, as the rulebook demands (The Table Layout, Muster Warrior in
Cover, Step Three: Discard): hands are secret, discard piles face down, a warrior
mustered in cover unknown to the others until revealed; a seat's view and its log
keep them so, and the bots decide from that view."""

from __future__ import annotations

from dt_helpers import GAME, W, make_state, step

from explorer.core.deck import Multiset
from explorer.core.engine import Stepper
from explorer.core.events import visible
from explorer.doomtrooper.base.actions import Attack, MusterInCover
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
