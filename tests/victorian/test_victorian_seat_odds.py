"""Odds from a seat's view ("decks", "setup"; what a side sees of the other hand
and of the decks): ``draw_chance`` and ``opponent_holds`` against an independent
hypergeometric count and against seeded sampling of the worlds consistent with
the seat's view, and unmoved by anything the seat cannot see."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import comb

import pytest
from vichelp import GAME

from explorer.core.engine import Stepper
from explorer.games import spec
from explorer.victorian import odds
from explorer.victorian.bots import get_bot
from explorer.victorian.state import SIDES, Pile


@lru_cache(maxsize=None)
def played(seed: int, steps: int):
    """The state after ``steps`` steps of a seeded game of the greedy bots."""
    st = Stepper(GAME, GAME.new_game(), seed, {"heroes": get_bot("greedy"), "villains": get_bot("greedy")})
    for _ in range(steps):
        st.step()
    return st.state


def kind(card: str) -> str:
    return GAME.card(card).type


def hypergeometric_at_least(pool: Counter, k: int, want: dict[str, int], known: Counter = Counter()) -> Fraction:
    """P(``known`` plus ``k`` cards drawn from ``pool`` (counted by type) hold at
    least ``want`` of each type): every split of ``k`` over the types, by
    ``math.comb``."""
    types = sorted(pool)
    total = Fraction(0)

    def splits(i: int, left: int, taken: dict):
        if i == len(types):
            if left == 0:
                yield dict(taken)
            return
        for n in range(min(left, pool[types[i]]) + 1):
            taken[types[i]] = n
            yield from splits(i + 1, left - n, taken)
        taken.pop(types[i], None)

    for split in splits(0, k, {}):
        if all(known[t] + split.get(t, 0) >= n for t, n in want.items()):
            ways = 1
            for t in types:
                ways *= comb(pool[t], split.get(t, 0))
            total += Fraction(ways, comb(sum(pool.values()), k))
    return total


def test_observe_is_the_specs():
    """The odds read the seat's view through the game's own observe, the one in its GameSpec."""
    from explorer.victorian.game import VictorianGame

    assert spec("victorian").observe is VictorianGame.observe


@pytest.mark.parametrize("draws", [1, 3, 7])
def test_a_fresh_deck_is_a_hypergeometric_draw(draws):
    """decks: before the deal each deck is shuffled, nothing seen: P(at least one C in N)."""
    state = GAME.new_game()
    deck = Counter(kind(c) for c in state.sides[0].deck.rest)
    expected = 1 - Fraction(comb(sum(deck.values()) - deck["C"], draws), comb(sum(deck.values()), draws))
    assert odds.draw_chance(state, 0, at_least={"C": 1}, draws=draws, game=GAME) == expected
    assert odds.draw_chance(state, "heroes", at_least={"C": 1}, draws=draws, game=GAME) == expected


def test_several_keys_mean_all_of_them():
    """A request of several keys: at least n of each, against every split counted by hand."""
    state = played(4, 40)
    view = GAME.observe(state, "villains")
    deck = Counter(kind(c) for c in view.sides[1].deck.rest)
    top = Counter(kind(c) for c, _ in view.sides[1].deck.known[:5])
    k = 5 - sum(top.values())
    want = {"C": 1, "E": 1}
    assert odds.draw_chance(state, 1, at_least=want, draws=5, game=GAME) == \
        hypergeometric_at_least(deck, k, want, top)


def test_exactly_n_sums_to_one_and_matches_the_count():
    """setup: the opponent's hand after the deal; P(exactly n) from the API, summed, is 1."""
    state = played(3, 12)
    view = GAME.observe(state, "heroes")
    other = view.sides[1]
    pool = Counter(kind(c) for c in other.deck.rest)
    seen = Counter(kind(c) for c in other.hand)
    exact = []
    for n in range(other.hand_size + 1):
        p = odds.opponent_holds(state, 0, at_least={"C": n}, game=GAME) - \
            odds.opponent_holds(state, 0, at_least={"C": n + 1}, game=GAME)
        assert p == hypergeometric_at_least(pool, other.hidden, {"C": n}, seen) - \
            hypergeometric_at_least(pool, other.hidden, {"C": n + 1}, seen)
        exact.append(p)
    assert sum(exact) == 1 and all(isinstance(p, Fraction) for p in exact)


def _worlds_hand(state, me: int, want: dict[str, int], samples: int, seed: int) -> float:
    """The share of seeded worlds consistent with seat ``me``'s view in which the
    other hand holds at least ``want`` (the game's own Worlds)."""
    view = GAME.observe(state, SIDES[me])
    worlds = GAME.worlds(view, SIDES[me])
    rng = random.Random(seed)
    hits = 0
    for _ in range(samples):
        hand = worlds.sample(rng).sides[1 - me].hand
        got = Counter(kind(c) for c in hand) + Counter(hand)
        hits += all(got[k] >= n for k, n in want.items())
    return hits / samples


def _worlds_draw(state, me: int, want: dict[str, int], draws: int, samples: int, seed: int) -> float:
    """The share of seeded shuffles of the seat's unseen deck in which its next
    ``draws`` cards (the seen top first) hold at least ``want``."""
    deck = GAME.observe(state, SIDES[me]).sides[me].deck
    rng = random.Random(seed)
    hits = 0
    for _ in range(samples):
        rest = list(deck.rest)
        rng.shuffle(rest)
        cards = ([c for c, _ in deck.known] + rest)[:draws]
        got = Counter(kind(c) for c in cards) + Counter(cards)
        hits += all(got[k] >= n for k, n in want.items())
    return hits / samples


@pytest.mark.parametrize("seed,steps,me", [(4, 40, 1), (2, 120, 0), (1, 29, 0), (2, 68, 1)])
def test_sampled_worlds_agree(seed, steps, me):
    """The exact answers sit within four standard errors of 3000 seeded consistent worlds."""
    state = played(seed, steps)
    n = 3000
    for want in ({"C": 1}, {"E": 2}, {"C": 1, "E": 1}):
        p = float(odds.opponent_holds(state, me, at_least=want, game=GAME))
        se = max((p * (1 - p) / n) ** 0.5, 1e-9)
        assert abs(_worlds_hand(state, me, want, n, seed) - p) <= 4 * se + 1e-9
        q = float(odds.draw_chance(state, me, at_least=want, draws=3, game=GAME))
        se = max((q * (1 - q) / n) ** 0.5, 1e-9)
        assert abs(_worlds_draw(state, me, want, 3, n, seed) - q) <= 4 * se + 1e-9


def test_the_seen_top_counts_as_known():
    """A card the seat saw on top of its deck is drawn next for certain."""
    state = played(2, 68)
    deck = GAME.observe(state, "villains").sides[1].deck
    assert deck.known, "the seeded game has the Villains looking at their deck's top"
    top = deck.known[0][0]
    assert odds.draw_chance(state, 1, at_least={top: 1}, draws=1, game=GAME) == 1
    assert odds.draw_chance(state, 1, at_least={kind(top): 1}, draws=1, game=GAME) == 1


def _swap_unseen(state, me: int):
    """``state`` with one card of the other hand the seat has not seen swapped for
    a different card of the other deck's shuffled rest: a world the seat cannot
    tell from ``state``."""
    side = state.sides[1 - me]
    hand = [c for c in side.hand if c not in side.exposed]
    for out in hand:
        for into in side.deck.rest:
            if into != out:
                new_hand = tuple(sorted(list(side.hand[:side.hand.index(out)]) + [into]
                                        + list(side.hand[side.hand.index(out) + 1:])))
                rest = list(side.deck.rest)
                rest.remove(into)
                new_side = side._replace(hand=new_hand, deck=Pile(side.deck.known, tuple(sorted(rest + [out]))))
                sides = list(state.sides)
                sides[1 - me] = new_side
                return state._replace(sides=tuple(sides))
    raise AssertionError("no unseen card to swap")


@pytest.mark.parametrize("seed,steps,me", [(4, 40, 1), (1, 20, 0), (3, 12, 0)])
def test_what_the_seat_cannot_see_does_not_move_the_answer(seed, steps, me):
    state = played(seed, steps)
    other = _swap_unseen(state, me)
    assert other != state
    assert GAME.observe(other, SIDES[me]) == GAME.observe(state, SIDES[me])
    for want in ({"C": 1}, {"E": 2, "C": 1}):
        assert odds.opponent_holds(other, me, at_least=want, game=GAME) == \
            odds.opponent_holds(state, me, at_least=want, game=GAME)
        assert odds.draw_chance(other, me, at_least=want, draws=2, game=GAME) == \
            odds.draw_chance(state, me, at_least=want, draws=2, game=GAME)


def test_named_cards_count():
    """A card's name is a key: a deck of 59 holding one Sherlock Holmes, seven draws."""
    state = GAME.new_game()
    deck = state.sides[0].deck.rest
    name = next(c for c in deck if deck.count(c) == 1)
    assert odds.draw_chance(state, 0, at_least={name: 1}, draws=7, game=GAME) == Fraction(7, len(deck))


@pytest.mark.parametrize("call,message", [
    (lambda s: odds.draw_chance(s, 2, game=GAME), "no seat 2"),
    (lambda s: odds.draw_chance(s, "martians", game=GAME), "no seat 'martians'"),
    (lambda s: odds.draw_chance(s, 0, at_least={"Z": 1}, game=GAME), "'Z' is neither a card type nor a card name"),
    (lambda s: odds.draw_chance(s, 0, at_least={"C": -1}, game=GAME), "at least 0"),
    (lambda s: odds.draw_chance(s, 0, draws=-1, game=GAME), "at least 0"),
    (lambda s: odds.draw_chance(s, 0, draws=100, game=GAME), "100 draws asked of a draw pile of 59 cards"),
    (lambda s: odds.opponent_holds(s, 1, at_least={}, game=GAME), "at_least must map"),
])
def test_mistakes_are_named(call, message):
    with pytest.raises(ValueError, match=message):
        call(GAME.new_game())
