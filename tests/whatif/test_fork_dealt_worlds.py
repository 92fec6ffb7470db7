"""Forks in the Doomtrooper stepper play on from worlds dealt from what the deciding
seat sees ("The Table Layout": hands and draw piles are secret), never from the
hidden cards; a game whose decks cannot be dealt anew plays on as it stands, and
says so."""

from __future__ import annotations

import pytest

from explorer import whatif
from explorer.core.deck import Deck
from explorer.core.engine import Stepper
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.state import put_seat
from explorer.whatif.fork import _starts

DEALT = "dealt anew from what the player sees"


def to_choice(st: Stepper) -> Stepper:
    """Step on to a decision with at least two options."""
    while st.decision is None or st.decision.forced or len(st.decision.options) < 2:
        st.step()
    return st


@pytest.fixture(scope="module")
def stepper():
    game = DoomtrooperGame()
    return to_choice(Stepper(game, game.new_game(2), 2, get_bot("greedy")))  # the Cardinal's Gift: two options


def test_each_play_through_starts_from_a_world_the_seat_cannot_tell_from_the_game(stepper):
    st = stepper
    me, options = st.decision.player, st.decision.options
    starts, worlds = _starts(st.game, st.state, me, options, 6, 3)
    assert worlds == DEALT
    view = st.game.observe(st.state, me)
    assert all(st.game.observe(w, me) == view and st.game.decision(w).options == options for w in starts)
    assert all(w != st.state for w in starts) and len(set(starts)) == 6  # the hidden cards dealt anew each time
    assert starts == _starts(st.game, st.state, me, options, 6, 3)[0]  # the same worlds for the same seed


def test_a_fork_reads_nothing_the_deciding_seat_cannot_see(stepper):
    """Two games that differ only in the other hand and the draw pile fork alike."""
    st = stepper
    me = st.decision.player
    opp = st.state.seats[1 - me]
    out = next(c for c in opp.hand.distinct if any(d != c for d in opp.deck.cards.distinct))
    into = next(d for d in opp.deck.cards.distinct if d != out)
    changed = opp._replace(hand=opp.hand.remove(out).add(into), deck=Deck((), opp.deck.cards.remove(into).add(out)))
    twin_state = put_seat(st.state, 1 - me, changed)
    assert st.game.observe(twin_state, me) == st.game.observe(st.state, me) and twin_state != st.state
    twin = Stepper(st.game, twin_state, st.seed, st.policies)
    a, b = whatif.fork(st, games=3, seed=7), whatif.fork(twin, games=3, seed=7)
    assert a.equals(b) and a.attrs["worlds"] == DEALT


def test_a_game_dealt_other_decks_plays_on_as_it_stands():
    """Their unseen cards cannot be listed: the fork says it plays on from the game as it stands."""
    game = DoomtrooperGame()
    names = list(game.decks)[:2][::-1]
    st = to_choice(Stepper(game, game.new_game(2, decks=names), 2, get_bot("greedy")))
    starts, worlds = _starts(game, st.state, st.decision.player, st.decision.options, 3, 1)
    assert worlds == "as it stands (the hidden cards where they are)" and starts == [st.state] * 3
