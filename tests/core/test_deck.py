"""Decks and draws: exact hypergeometric hands, checked against a brute-force walk over
every ordering of the deck and against seeded Monte Carlo."""

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from explorer.core.belief import over_unseen
from explorer.core.deck import Deck, Multiset, TooManyOutcomes
from explorer.core.engine import outcomes

CARDS = ["A", "A", "A", "B", "B", "C", "D"]


def brute_hands(cards, k):
    """Every ordering of the deck equally likely; the hand is the first k, as a multiset."""
    counts = Counter()
    orders = list(itertools.permutations(range(len(cards))))
    for order in orders:
        counts[tuple(sorted(cards[i] for i in order[:k]))] += 1
    return {hand: Fraction(n, len(orders)) for hand, n in counts.items()}


@pytest.mark.parametrize("k", [0, 1, 2, 3, 5, 7])
def test_a_draw_is_the_hypergeometric_law_of_hands(k):
    """A draw of k cards gives each hand as a multiset with its exact probability."""
    draw = Multiset.of(CARDS).draw(k)
    exact = {o.cards: p for o, p in draw.pairs}
    assert exact == brute_hands(CARDS, k)
    assert sum(exact.values()) == 1 and len(draw) == len(exact)
    for o, _ in draw.pairs:  # what is left is the deck minus the hand
        assert o.rest + o.cards == Multiset.of(CARDS)


def test_sampling_a_draw_agrees_with_the_exact_law():
    """Monte Carlo: seeded samples land within 4 standard errors of every exact probability."""
    draw = Multiset.of(CARDS).draw(3)
    exact = {o.cards: p for o, p in draw.pairs}
    rng = random.Random("deck")
    n = 20_000
    seen = Counter(draw.sample(rng).cards for _ in range(n))
    assert set(seen) <= set(exact)
    for hand, p in exact.items():
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(seen[hand] / n - float(p)) < 4 * se + 1e-9, hand


def test_sampling_is_the_same_on_every_machine():
    """One seed, one hand: integer arithmetic on a seeded RNG only."""
    a = [Multiset.of(CARDS).draw(4).sample(random.Random(s)) for s in range(5)]
    b = [Multiset.of(CARDS).draw(4).sample(random.Random(s)) for s in range(5)]
    assert a == b


def test_a_sampled_hand_is_the_card_a_plain_randrange_picks():
    """Draw.sample reads its numbers from the stream as ``randrange`` over the cards left
    does (without calling it): the same hands and the same stream after them as the plain
    reading (a number below the cards left picks the card whose running count passes it)."""
    cards = CARDS + ["E"] * 5 + ["F", "G", "G"]
    for seed in range(200):
        for k in (1, 2, 4, len(cards)):
            rng, plain = random.Random(seed), random.Random(seed)
            drawn = Multiset.of(cards).draw(k).sample(rng)
            left, hand = sorted(cards), []
            for _ in range(k):
                hand.append(left.pop(plain.randrange(len(left))))
            assert drawn.cards == tuple(sorted(hand)) and drawn.rest == Multiset.of(left)
            assert rng.random() == plain.random()  # as many bits used


def test_lumping_keeps_the_odds_of_any_question_about_the_keys():
    """Opening hands by card type: the lumped draw answers 'how many Characters?' exactly as the full one."""
    kinds = {"A": "C", "B": "C", "C": "E", "D": "L"}
    full = Multiset.of(CARDS).draw(3)
    lumped = Multiset.of(CARDS).lump(kinds.get).draw(3)
    for n in range(4):
        assert lumped.prob(lambda o: o.cards.count("C") == n) == full.prob(
            lambda o: sum(kinds[c] == "C" for c in o.cards) == n)
    assert len(lumped) < len(full)


def test_a_big_deck_samples_but_refuses_to_list_its_hands():
    """A unique 60-card deck dealt 7 has millions of hands: sampled, never enumerated."""
    deck = Deck.of([f"card {i}" for i in range(60)])
    dealt = deck.draw(7)
    assert len(dealt) == math.comb(60, 7)
    hand = dealt.sample(random.Random(1))
    assert len(hand.cards) == 7 and len(hand.deck) == 53
    with pytest.raises(TooManyOutcomes, match="lump"):
        _ = dealt.pairs


def test_the_known_top_comes_first_and_peeking_reveals_an_order():
    """'Look at the next 7 cards': the order becomes known to the one who looked; a draw takes it first."""
    deck = Deck.of(["A", "B", "C"])
    looks = deck.peek(2, player=0)
    orders = {d.top: p for d, p in looks.pairs}
    assert orders == {(x, y): Fraction(1, 6) for x, y in itertools.permutations("ABC", 2)}
    seen = Deck(("B", "A"), Multiset.of(["C"]), frozenset({0}))
    assert seen.view(0) == seen and seen.view(1) == Deck.of(["A", "B", "C"])
    dealt = seen.draw(2)
    assert [(o.cards, p) for o, p in dealt.pairs] == [(("B", "A"), 1)]
    assert seen.draw(3).sample(random.Random(0)).cards == ("B", "A", "C")
    assert seen.shuffle_in(["D"]) == Deck.of(["A", "B", "C", "D"])
    assert seen.take("C") == Deck.of(["A", "B"])


def test_a_draw_is_a_chance_step_the_engine_enumerates():
    """The engine's exact enumeration (outcomes) reads a draw like any distribution."""
    def opening(chance):
        hand = chance.roll(Multiset.of({"C": 2, "E": 3}).draw(2))
        if "C" in hand.cards:
            return "kept"
        return "mulligan" if "C" in chance.roll(hand.rest.draw(2)).cards else "still none"
    dist = outcomes(opening)
    assert dist["kept"] == Fraction(7, 10)
    assert dist["mulligan"] == Fraction(3, 10)  # after E, E the rest is C, C, E: any two hold a C
    assert "still none" not in dist


def test_averages_over_unseen_worlds_are_exact_when_few_and_sampled_when_many():
    """What a player can know: exact over few worlds; sampled, with a standard error, over many."""
    few = Multiset.of({"C": 3, "E": 5}).draw(2)
    exact = over_unseen(few, lambda o: int("C" in o.cards))
    assert exact.exact and exact.value == 1 - Fraction(10, 28)
    many = Multiset.of({f"c{i}": 1 for i in range(40)}).draw(6)
    est = over_unseen(many, lambda o: int("c0" in o.cards), exact_limit=100, samples=2000, seed=3)
    assert not est.exact and abs(est.value - 6 / 40) < 4 * est.stderr
    assert "sampled" in est.describe() and "exact" in exact.describe()


def test_adding_and_removing_one_card_agree_with_the_general_operations():
    """The fast paths of Multiset.add and Multiset.remove give the same multisets (order, size,
    hash, distinct cards: passed on when known, worked out when not) as building them afresh,
    and refuse what the general operations refuse."""
    import random

    from explorer.core.deck import Multiset

    rng = random.Random(5)
    m = Multiset.of({"b": 2, "d": 1})
    for _ in range(300):
        card, n = rng.choice("abcde"), rng.randint(0, 2)
        if rng.random() < 0.5:
            m.distinct  # known now: the result's are passed on from them
        if rng.random() < 0.5:
            got, want = m.add(card, n), Multiset(m.items + ((card, n),))
        elif m.count(card) >= n:
            got, want = m.remove(card, n), m - Multiset(((card, n),))
        else:
            with pytest.raises(ValueError):
                m.remove(card, n)
            continue
        assert got == want and got.items == want.items and got.size == want.size and hash(got) == hash(want)
        assert got.distinct == want.distinct == tuple(sorted({c for c, k in want.items if k}))
        m = got
    with pytest.raises(ValueError):
        m.add("a", -1)


def test_draws_from_what_a_draw_leaves_and_hands_added_to_agree_with_fresh_multisets():
    """A draw's rest keeps its cards laid out and their names for the next draw (Multiset.cards,
    Multiset.distinct): draw after draw from it picks what a plain randrange over the cards left
    picks; a hand plus a few cards is the multiset of them all (order, size, hash)."""
    rng = random.Random(11)
    for seed in range(60):
        cards = [rng.choice("ABCDEFGHIJ") for _ in range(rng.randint(1, 30))]
        pile, left, plain, stream = Multiset.of(cards), sorted(cards), random.Random(seed), random.Random(seed)
        while pile.size:
            k = min(pile.size, rng.randint(1, 3))
            drawn = pile.draw(k).sample(stream)
            hand = [left.pop(plain.randrange(len(left))) for _ in range(k)]
            assert drawn.cards == tuple(sorted(hand)) and drawn.rest == Multiset.of(left)
            assert drawn.rest.cards == tuple(left) == Multiset.of(left).cards
            assert drawn.rest.distinct == Multiset.of(left).distinct  # passed on: the names left
            pile = drawn.rest
        held = Multiset.of(cards[: len(cards) // 2])
        if seed % 2:
            held.distinct  # known: passed on, each card put in place
        extra = tuple(cards[len(cards) // 2:])
        got, want = held + extra, Multiset.of(cards)
        assert got == want and got.items == want.items and got.size == want.size and hash(got) == hash(want)
        assert got.distinct == want.distinct
