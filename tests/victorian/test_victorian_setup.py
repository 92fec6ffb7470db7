"""SETUP: seven cards each, one at a time, and the mulligan; the deal is a step of
the game, so its odds come from the analyzer (checked against the hypergeometric
formula)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from vichelp import GAME, forced, step

from explorer.core.deck import Multiset
from explorer.victorian import odds
from explorer.victorian.actions import DealCard
from explorer.victorian.game import VictorianGame
from explorer.victorian.state import HEROES, VILLAINS, Phase


def small_game(deck: dict[str, int], game=GAME):
    return game.new_game(decks={"heroes": Multiset.of(deck), "villains": Multiset()}, deal=("heroes",))


def test_each_player_draws_seven():
    """SETUP: each player draws 7 cards from his deck."""
    state = GAME.setup(seed=4)
    assert len(state.heroes.hand) == 7 and len(state.villains.hand) == 7  # the New Day draws wait in the queue
    assert state.phase is Phase.NEW_DAY and state.turn == 1


def test_the_deal_is_one_chance_step_per_card():
    """SETUP: a card dealt is a chance step over the cards left, each with its exact probability."""
    state = small_game({"Sherlock Holmes": 1, "Train": 2})
    dist = GAME.apply(state, DealCard())
    assert sorted(p for _, p in dist.items()) == [Fraction(1, 3), Fraction(2, 3)]


def test_mulligan_discards_and_redraws_a_hand_without_characters():
    """SETUP: Mulligan: a hand with no character is discarded and a new one drawn."""
    state = small_game({"Sherlock Holmes": 1, "Train": 1, "Saber": 1, "Balloon": 1, "Deduction": 1, "Contacts": 1,
                        "Bravery": 1, "Grapple": 1})
    for card in ("Train", "Saber", "Balloon", "Deduction", "Contacts", "Bravery"):
        state, _ = forced(state, card)
    state, events = forced(state, "Grapple")
    assert any("discard it and draw anew" in e.text for e in events)
    assert state.heroes.discard == tuple(sorted(("Train", "Saber", "Balloon", "Deduction", "Contacts", "Bravery",
                                                 "Grapple")))
    state, events = forced(state, "Sherlock Holmes")  # the new hand: the one card left
    assert state.heroes.hand == ("Sherlock Holmes",)


def test_a_mastermind_counts_as_a_character_for_the_mulligan():
    """SETUP / CARD TRAITS: a Mastermind is a character (a Major Villain): his hand is kept."""
    game = GAME
    state = game.new_game(decks={"villains": Multiset.of({"Dr Moreau": 1, "Guards": 6}), "heroes": Multiset()},
                          deal=("villains",))
    for card in ("Dr Moreau",) + ("Guards",) * 6:
        state, events = forced(state, card)
    assert state.villains.discard == () and "Dr Moreau" in state.villains.hand


def test_mulligan_repeats_while_the_hand_has_no_character():
    """SETUP (register: mulligan-repeat): again and again while there is no character; with the option off, once."""
    p_repeat = odds._deal(GAME, "heroes", ("C",))  # the real deck: a character always comes
    assert p_repeat.prob(lambda out: "C" in out[0]) == 1
    once = VictorianGame(rules=GAME.rules.replace(mulligan_repeats=False))
    assert odds.opening_hand("heroes", at_least={"C": 1}, game=once) == \
        1 - Fraction(comb(41, 7), comb(59, 7)) * Fraction(comb(34, 7), comb(52, 7))


@pytest.mark.parametrize("side, chars, size", [("heroes", 18, 59), ("villains", 18, 70)])
def test_mulligan_odds_are_hypergeometric(side, chars, size):
    """SETUP: P(a mulligan) = P(no character among the first seven) = C(N - K, 7) / C(N, 7)."""
    assert odds.mulligan(side) == Fraction(comb(size - chars, 7), comb(size, 7))


def test_opening_hand_questions_by_type_and_by_name_match_the_formula():
    """SETUP: P(at least one Weapon) and P(Sherlock Holmes) in the opening hand, after mulligans, from the game's
    own deal on a lumped deck; with no mulligan possible they are hypergeometric."""
    p_holmes = odds.opening_hand("heroes", at_least={"Sherlock Holmes": 1})
    first = Fraction(comb(58, 6), comb(59, 7))  # Holmes among the first seven (a character: no mulligan then)
    no_char = Fraction(comb(41, 7), comb(59, 7))  # a mulligan; Holmes then comes in a later hand or not
    assert first < p_holmes < first + no_char
    # the Villains: a hand with a Mastermind
    p_m = odds.opening_hand("villains", at_least={"M": 1})
    assert p_m > 1 - Fraction(comb(62, 7), comb(70, 7))  # more than without mulligans: a mulligan may bring one


@pytest.mark.parametrize("k", range(0, 6))
def test_a_deck_that_never_mulligans_deals_hypergeometric_hands(k):
    """SETUP: with only five non-characters in fifteen cards no hand of seven lacks a character, so the number of
    Weapons dealt is hypergeometric: C(5, k) C(10, 7 - k) / C(15, 7)."""
    dist = odds.deal_distribution("heroes", Multiset.of({"C": 10, "W": 5}))
    assert dist.prob(lambda out: out[0].count("W") == k) == Fraction(comb(5, k) * comb(10, 7 - k), comb(15, 7))
    assert dist.prob(lambda out: out[1] == 0) == 1


def test_the_first_hand_is_hypergeometric_before_the_mulligan():
    """SETUP: P(no mulligan and k Weapons) in the first hand of the real deck, by type."""
    dist = odds.deal_distribution("heroes", odds._lumped(GAME, "heroes", ("W",)))
    for k in range(4):
        first = Fraction(comb(7, k) * comb(52, 7 - k) - comb(7, k) * comb(34, 7 - k), comb(59, 7))
        assert dist.prob(lambda out: out[1] == 0 and out[0].count("W") == k) == first


@pytest.mark.parametrize("side, card", [("heroes", "Train"), ("villains", "Professor Moriarty")])
def test_turns_until_a_card_follows_the_new_day_draws(side, card):
    """NEW DAY PHASE: each turn draws one more card; P(card in hand by turn t) equals the game's own deal and
    draws analysed exactly (the opening hand, then t New Day draws as steps of the game)."""
    ps = odds.turns_until(side, card, turns=4)
    assert ps == sorted(ps) and len(ps) == 5
    assert ps[0] == odds.opening_hand(side, at_least={card: 1})
    for t in (1, 3):
        by_steps = odds._deal(GAME, side, (card,), draws=t).prob(lambda out: card in out[0])
        assert ps[t] == by_steps


def test_unknown_keys_are_refused():
    """CARD TYPES: a question names card types or cards of the side's list."""
    with pytest.raises(ValueError, match="neither a card type"):
        odds.opening_hand("heroes", at_least={"Moriarty": 1})
    with pytest.raises(ValueError, match="sides are"):
        odds.opening_hand("aliens", at_least={"C": 1})


def _kept_hands(deck: dict[str, int], hand: int = 7) -> dict[tuple[tuple[str, int], ...], Fraction]:
    """An independent enumeration of SETUP with repeated mulligans: whole hands drawn at
    once (multivariate hypergeometric), a hand with no "C" or "M" discarded and drawn
    again while the deck has cards.  The kept hand's counts -> its probability."""
    from functools import lru_cache
    from itertools import product

    kinds = sorted(deck)

    @lru_cache(maxsize=None)
    def kept(left: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
        size, take = sum(left), min(hand, sum(left))
        out: dict[tuple[int, ...], Fraction] = {}
        for counts in product(*(range(min(n, take) + 1) for n in left)):
            if sum(counts) != take:
                continue
            p = Fraction(1, comb(size, take))
            for n, k in zip(left, counts):
                p *= comb(n, k)
            character = any(k for kind, k in zip(kinds, counts) if kind in "CM")
            if character or take == 0 or size == take:
                out[counts] = out.get(counts, 0) + p
            else:  # a mulligan: these cards go to the discard pile
                for later, q in kept(tuple(n - k for n, k in zip(left, counts))):
                    out[later] = out.get(later, 0) + p * q
        return tuple(out.items())

    return {tuple(zip(kinds, counts)): p for counts, p in kept(tuple(deck[k] for k in kinds))}


@pytest.mark.parametrize("kind, n", [("E", 1), ("E", 3), ("C", 2), ("M", 1), ("W", 2)])
def test_the_villains_opening_hand_matches_an_independent_enumeration(kind, n):
    """SETUP and SETUP: Mulligan (register: mulligan-repeat, a Mastermind counts): P(at least
    n cards of a type in the kept hand), from the game's own deal on a deck lumped for the
    question (the characters not asked about share one label), equals whole hands counted
    with Masterminds, characters and the asked type kept apart."""
    deck: dict[str, int] = {}
    for card, copies in GAME.deck_multiset("villains").items:
        t = GAME.card(card).type
        label = t if t in (kind, "C", "M") else "*"
        deck[label] = deck.get(label, 0) + copies
    want = sum(p for hand, p in _kept_hands(deck).items() if dict(hand).get(kind, 0) >= n)
    assert odds.opening_hand("villains", at_least={kind: n}) == want
    assert sum(_kept_hands(deck).values()) == 1


def test_each_at_least_reads_one_deal_of_the_side_and_type():
    """The deck odds' "at least" slider: the deal of a side lumped for a type is worked out
    once; every other count reads it (so the slider answers at once)."""
    odds._deal.cache_clear()
    for n in range(8):
        odds.opening_hand("villains", at_least={"E": n})
    info = odds._deal.cache_info()
    assert (info.misses, info.hits) == (1, 7)
