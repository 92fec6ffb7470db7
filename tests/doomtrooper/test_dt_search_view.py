"""The search bot reads only what its seat sees ("The Table Layout": hands, draw,
discard and annihilated piles are secret; "Muster Warrior in Cover": a warrior in
cover is face down): two Doomtrooper games that differ only there, with the same
observation, give the same choice and the same value for the same seed."""

from __future__ import annotations

import pytest

from explorer.core.deck import Deck
from explorer.core.engine import Stepper
from explorer.core.search import SearchBot
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.metrics import player_won
from explorer.doomtrooper.state import put_seat
import search_view

GAME = DoomtrooperGame()


def bot() -> SearchBot:
    """A small search (20 playouts, greedy rollouts, cut after 200 steps) to stay fast."""
    return SearchBot(20, rollout=get_bot("greedy"), reward=lambda result, seat: float(player_won(result, seat)),
                     max_steps=200)


def at_choice(seed: int, steps: int) -> Stepper:
    """A seeded greedy two-player game ``steps`` steps in, then on to a real choice."""
    return search_view.at_choice(GAME, GAME.new_game(2), get_bot("greedy"), seed, steps)


def swapped(state, me: int):
    """``state`` with a card of the other hand traded for another of his draw pile,
    and one of the seat's own discards traded for a card of its own draw pile."""
    opp = state.seats[1 - me]
    out = next(c for c in opp.hand.distinct if any(d != c for d in opp.deck.cards.distinct))
    into = next(d for d in opp.deck.cards.distinct if d != out)
    state = put_seat(state, 1 - me, opp._replace(hand=opp.hand.remove(out).add(into),
                                                 deck=Deck((), opp.deck.cards.remove(into).add(out))))
    own = state.seats[me]
    if own.discard.size:
        a = own.discard.distinct[0]
        b = next((d for d in own.deck.cards.distinct if d != a), None)
        if b is not None:
            own = own._replace(discard=own.discard.remove(a).add(b), deck=Deck((), own.deck.cards.remove(b).add(a)))
    return put_seat(state, me, own)


def face_down(state, me: int):
    """``state`` with the other player's first warrior face down in cover, and its
    card traded for another warrior of his draw pile (the seat sees neither)."""
    opp = 1 - me
    t = next((t for t in state.troopers if t.owner == opp and not t.attached), None)
    if t is None:
        return None
    s = state.seats[opp]
    other = next((c for c in s.deck.cards.distinct if c != t.card and GAME.pool[c].type == "warrior"), None)
    if other is None:
        return None
    hidden = t._replace(hidden=True, cover=True)
    swap = hidden._replace(card=other, area=GAME.aff.area_for(GAME.classes_of_card(other)))
    a = state._replace(troopers=tuple(hidden if u is t else u for u in state.troopers))
    b = state._replace(troopers=tuple(swap if u is t else u for u in state.troopers))
    b = put_seat(b, opp, s._replace(deck=Deck((), s.deck.cards.remove(other).add(t.card))))
    return a, b


@pytest.mark.parametrize("seed,steps", [(2, 0), (6, 90)])
def test_the_same_view_gives_the_same_choice_and_value(seed, steps):
    st = at_choice(seed, steps)
    me = st.decision.player
    search_view.same_search(GAME, st.state, swapped(st.state, me), me, bot, seed)


def test_a_warrior_face_down_is_not_read():
    """Muster Warrior in Cover: the card of the other player's face-down warrior moves nothing."""
    st = at_choice(7, 120)
    me = st.decision.player
    pair = face_down(st.state, me)
    assert pair is not None
    search_view.same_search(GAME, *pair, me, bot, 3)


def test_values_are_scaled_per_seat_of_the_basic_two_player_game_only():
    """The search's values are scaled by seat where a scaling was fitted (the basic
    game, two players); a variant or more players keep the values as searched."""
    from explorer.doomtrooper.params import override_rules
    from explorer.doomtrooper.search import CALIBRATION, calibration

    two = GAME.new_game(2)
    assert [calibration(GAME, two, seat) for seat in (0, 1)] == [CALIBRATION[2, 0], CALIBRATION[2, 1]]
    assert calibration(GAME, GAME.new_game(3), 0) is None
    warzone = DoomtrooperGame(rules=override_rules({"variant": "warzone"}))
    assert calibration(warzone, warzone.new_game(2), 0) is None
    assert get_bot("search").calibration is calibration
