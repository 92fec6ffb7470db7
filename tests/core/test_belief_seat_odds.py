"""The odds a seat can know over cards it has not seen (explorer.core.seat_odds):
exact counts against a brute-force enumeration of every arrangement of a small
pool, and the mistakes a caller can make named."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations
from math import comb

import pytest

from explorer.core.deck import Multiset
from explorer.core.seat_odds import chance, count_dist, pile_draw, wants

TYPES = {"Holmes": "C", "Watson": "C", "Moriarty": "M", "Train": "E", "Fog": "E"}
POOL = Multiset.of({"Holmes": 1, "Watson": 2, "Moriarty": 1, "Train": 2, "Fog": 1})


def brute(pool: Multiset, k: int, test, aside=None) -> Fraction:
    """Every ordering of the pool equally likely: the first ``n`` set aside (when
    ``aside`` = (allowed, n), only orderings whose first n are allowed count),
    then ``k`` cards taken."""
    hits = total = 0
    for order in permutations(pool.cards):
        skip = 0
        if aside:
            allowed, n = aside
            if not all(c in allowed for c in order[:n]):
                continue
            skip = n
        total += 1
        hits += test(order[skip:skip + k])
    return Fraction(hits, total)


def at_least(want):
    def test(cards):
        got = Counter(TYPES[c] for c in cards) + Counter(cards)
        return all(got[key] >= n for key, n in want.items())
    return test


@pytest.mark.parametrize("want", [{"C": 1}, {"C": 2, "E": 1}, {"Watson": 1, "M": 1}, {"Holmes": 1, "C": 2}])
@pytest.mark.parametrize("k", [0, 1, 3])
def test_chance_is_every_arrangement_counted(want, k):
    w = wants(want, TYPES.get, types=("C", "M", "E"))
    assert chance((), POOL, k, w) == brute(POOL, k, at_least(want))


def test_a_face_down_card_of_a_known_type_is_set_aside_first():
    """A card the seat knows to be a Character lies face down: the draws come after it."""
    w = wants({"C": 1}, TYPES.get, types=("C", "M", "E"))
    characters = Multiset.of({"Holmes": 1, "Watson": 2})
    exact = chance((), POOL, 2, w, aside=(characters, 1))
    assert exact == brute(POOL, 2, at_least({"C": 1}), aside=(set(characters.cards), 1))
    assert exact != chance((), POOL, 2, w)


def test_exactly_n_sums_to_one():
    w = wants({"C": 0}, TYPES.get, types=("C", "M", "E"))
    dist = count_dist(("Holmes",), POOL, 3, w, "C")
    assert sum(p for _, p in dist.pairs) == 1
    for n, p in dist.pairs:  # one C known, then the hypergeometric count of three from seven
        assert p == Fraction(comb(3, n - 1) * comb(4, 3 - (n - 1)), comb(7, 3))


def test_a_pile_with_a_known_top():
    top, pool, k = pile_draw(("Train", "Holmes"), POOL, 3)
    assert (top, k) == (("Train", "Holmes"), 1)
    with pytest.raises(ValueError, match="10 draws asked of a draw pile of 9 cards"):
        pile_draw(("Train", "Holmes"), POOL, 10)
    with pytest.raises(ValueError, match="at least 0"):
        pile_draw((), POOL, -1)


@pytest.mark.parametrize("want,message", [
    ({}, "at_least must map"),
    ({"X": 1}, "'X' is neither a card type nor a card name of this game \\(card types: C, M, E\\)"),
    ({"C": 1.5}, "whole number"),
    ({"C": -2}, "at least 0"),
])
def test_requests_are_checked(want, message):
    with pytest.raises(ValueError, match=message):
        wants(want, TYPES.get, types=("C", "M", "E"))
