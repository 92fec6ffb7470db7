"""Odds from a seat's view ("The Table Layout": hands, draw piles and face-down
discard piles are secret; "Muster in Cover": a warrior mustered in cover is face
down): ``draw_chance`` and ``opponent_holds`` against an independent
hypergeometric count and seeded sampling of worlds consistent with the seat's
view, and unmoved by anything the seat cannot see."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import comb

import pytest
from dt_helpers import GAME

from explorer.core.deck import Deck
from explorer.core.engine import Stepper
from explorer.doomtrooper import odds
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.state import put_seat
from explorer.games import spec


@lru_cache(maxsize=None)
def played(seed: int, steps: int):
    st = Stepper(GAME, GAME.new_game(2), seed, get_bot("greedy"))
    for _ in range(steps):
        st.step()
    return st.state


def kind(card: str) -> str:
    return GAME.pool[card].type


def covered(state, seat: int):
    """``state`` with seat ``seat``'s first warrior in play face down in cover."""
    t = next(t for t in state.troopers if t.owner == seat and not t.attached)
    return state._replace(troopers=tuple(u._replace(hidden=True, cover=True) if u is t else u for u in state.troopers))


def test_observe_is_the_specs():
    assert spec("doomtrooper").observe is DoomtrooperGame.observe


@pytest.mark.parametrize("draws", [1, 2, 5])
def test_after_the_deal_a_draw_is_hypergeometric(draws):
    """setup: seven cards dealt; the seat's draw pile is its deck list minus its hand."""
    state = played(3, 1)
    deck_list = GAME.new_game(2).seats[0].deck.cards
    pool = deck_list - state.seats[0].hand
    warriors = sum(n for c, n in pool.items if kind(c) == "warrior")
    expected = 1 - Fraction(comb(len(pool) - warriors, draws), comb(len(pool), draws))
    assert odds.draw_chance(state, 0, at_least={"warrior": 1}, draws=draws, game=GAME) == expected


def test_exactly_n_sums_to_one_and_matches_the_count():
    """The opponent's seven after the deal: P(exactly n warriors), by the API and by math.comb."""
    state = played(3, 1)
    pool = GAME.new_game(2).seats[1].deck.cards
    w = sum(n for c, n in pool.items if kind(c) == "warrior")
    total = Fraction(0)
    for n in range(8):
        p = odds.opponent_holds(state, 0, at_least={"warrior": n}, game=GAME) - \
            odds.opponent_holds(state, 0, at_least={"warrior": n + 1}, game=GAME)
        assert p == Fraction(comb(w, n) * comb(len(pool) - w, 7 - n), comb(len(pool), 7))
        total += p
    assert total == 1


def _sample_draw(state, me, want, draws, rng) -> bool:
    """One world: the seat's face-down cards (draw, discard, annihilated) shuffled
    among its face-down piles; its next ``draws`` cards."""
    s = state.seats[me]
    cards = list(s.deck.cards + s.discard + s.annihilated)
    rng.shuffle(cards)
    drawn = cards[:draws]
    got = Counter(kind(c) for c in drawn) + Counter(drawn)
    return all(got[k] >= n for k, n in want.items())


def _sample_hand(state, me, opp, want, rng) -> bool:
    """One world: the opponent's cards the seat has not seen shuffled, his covered
    warriors taken from the warriors among them first, then his hand."""
    s = state.seats[opp]
    hidden = [t.card for t in state.troopers if t.owner == opp and t.hidden]
    cards = list(s.deck.cards + s.discard + s.annihilated + s.hand) + hidden
    warriors = [c for c in cards if kind(c) == "warrior"]
    for _ in hidden:
        w = rng.choice(warriors)
        warriors.remove(w)
        cards.remove(w)
    hand = rng.sample(cards, s.hand.size)
    got = Counter(kind(c) for c in hand) + Counter(hand)
    return all(got[k] >= n for k, n in want.items())


@pytest.mark.parametrize("seed,steps,me", [(5, 60, 1), (7, 120, 1), (9, 90, 1), (4, 60, 0)])
def test_sampled_worlds_agree(seed, steps, me):
    """The exact answers sit within four standard errors of 3000 seeded consistent
    worlds, with one of the opponent's warriors face down in cover."""
    state = covered(played(seed, steps), 1 - me)
    rng, n = random.Random(seed), 3000
    for want in ({"warrior": 1}, {"equipment": 1, "warrior": 2}):
        p = float(odds.opponent_holds(state, me, at_least=want, game=GAME))
        se = max((p * (1 - p) / n) ** 0.5, 1e-9)
        assert abs(sum(_sample_hand(state, me, 1 - me, want, rng) for _ in range(n)) / n - p) <= 4 * se + 1e-9
        q = float(odds.draw_chance(state, me, at_least=want, draws=3, game=GAME))
        se = max((q * (1 - q) / n) ** 0.5, 1e-9)
        assert abs(sum(_sample_draw(state, me, want, 3, rng) for _ in range(n)) / n - q) <= 4 * se + 1e-9


def _swap_unseen(state, me: int):
    """``state`` with one card of the other hand swapped for a different card of
    his draw pile, and the seat's own draw pile and discard pile trading a card:
    a world the seat cannot tell from ``state``."""
    opp = state.seats[1 - me]
    out = next(c for c in opp.hand.distinct if any(d != c for d in opp.deck.cards.distinct))
    into = next(d for d in opp.deck.cards.distinct if d != out)
    opp = opp._replace(hand=opp.hand.remove(out).add(into), deck=Deck((), opp.deck.cards.remove(into).add(out)))
    state = put_seat(state, 1 - me, opp)
    own = state.seats[me]
    if own.discard.size:
        a = own.discard.distinct[0]
        b = next((d for d in own.deck.cards.distinct if d != a), None)
        if b is not None:
            own = own._replace(discard=own.discard.remove(a).add(b), deck=Deck((), own.deck.cards.remove(b).add(a)))
    return put_seat(state, me, own)


@pytest.mark.parametrize("seed,steps,me", [(2, 60, 0), (4, 120, 1)])
def test_what_the_seat_cannot_see_does_not_move_the_answer(seed, steps, me):
    state = played(seed, steps)
    other = _swap_unseen(state, me)
    assert other != state and GAME.observe(other, me) == GAME.observe(state, me)
    for want in ({"warrior": 1}, {"equipment": 1, "warrior": 1}):
        assert odds.opponent_holds(other, me, at_least=want, game=GAME) == \
            odds.opponent_holds(state, me, at_least=want, game=GAME)
        assert odds.draw_chance(other, me, at_least=want, draws=2, game=GAME) == \
            odds.draw_chance(state, me, at_least=want, draws=2, game=GAME)


def test_a_named_card_and_other_decks():
    """A card's name is a key; a game dealt other decks gives them as ``decks``."""
    game = DoomtrooperGame()
    names = list(game.decks)[:2][::-1]
    state = game.setup(2, seed=1, decks=names)
    card = next(c for c, n in game.decks[names[0]].cards.items if n == 3)
    p = odds.draw_chance(state, 0, at_least={card: 1}, draws=1, game=game, decks=names)
    assert p == Fraction(3 - state.seats[0].hand.count(card), 53)
    with pytest.raises(ValueError, match="does not fit that seat's deck list"):
        odds.draw_chance(state, 0, game=game)


@pytest.mark.parametrize("call,message", [
    (lambda s: odds.draw_chance(s, 2, game=GAME), "no seat 2"),
    (lambda s: odds.draw_chance(s, 0, at_least={"tank": 1}, game=GAME), "'tank' is neither a card type"),
    (lambda s: odds.draw_chance(s, 0, draws=-1, game=GAME), "at least 0"),
    (lambda s: odds.draw_chance(s, 0, draws=54, game=GAME), "54 draws asked of a draw pile of 53 cards"),
    (lambda s: odds.opponent_holds(s, 0, opponent=0, game=GAME), "no opponent 0"),
])
def test_mistakes_are_named(call, message):
    with pytest.raises(ValueError, match=message):
        call(played(3, 1))


def test_more_players_name_the_opponent():
    """multiplayer: with three players the opponent is named."""
    game = DoomtrooperGame()
    state = game.setup(3, seed=1)
    with pytest.raises(ValueError, match="name the opponent"):
        odds.opponent_holds(state, 0, game=game)
    assert 0 < odds.opponent_holds(state, 0, opponent=2, game=game) <= 1


@pytest.mark.parametrize("variant", ["warzone", "limited_resources", "home_turf", "vortex", "colonization"])
def test_every_step_of_a_variant_fits_the_deck_lists(variant):
    """The variants (the Warzone Variant puts warzones on the table): at every step
    of a seeded game each seat's view fits the deck lists, and the exactly-n
    counts of warriors in the opponent's hand sum to 1."""
    from explorer.doomtrooper.params import override_rules

    game = DoomtrooperGame(rules=override_rules({"variant": variant}))
    st = Stepper(game, game.new_game(None), 3, get_bot("greedy"))
    for _ in range(70):
        if st.over:
            break
        st.step()
        for seat in (0, 1):
            odds.draw_chance(st.state, seat, at_least={"warrior": 1}, draws=min(1, len(st.state.seats[seat].deck)),
                             game=game)
    hand = st.state.seats[1].hand.size
    chances = [odds.opponent_holds(st.state, 0, at_least={"warrior": n}, game=game) for n in range(hand + 2)]
    assert sum(a - b for a, b in zip(chances, chances[1:])) == chances[0] == 1
