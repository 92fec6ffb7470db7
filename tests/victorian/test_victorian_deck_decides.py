"""VICTORY with SETUP and NEW DAY PHASE: the deals a side loses to its deck alone.
A side with no major character in play once the fifth turn is over loses, and the
Villains' only major characters are their Masterminds, which nothing but a draw
brings them: the chance that none comes in the opening hand or the New Day draws
before the check is exact (the game's own deal, analysed), checked against a count
of hands by hand and against seeded games, where such deals are never the
Villains' wins."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from vichelp import GAME

from explorer.core.engine import Stepper
from explorer.victorian import odds
from explorer.victorian.bots import get_bot
from explorer.victorian.game import VictorianGame
from explorer.victorian.state import VILLAINS


def by_hand(wanted: int, characters: int, others: int, draws: int, hand: int = 7) -> Fraction:
    """P(no ``wanted`` card in an opening hand kept by the mulligan (discarded and
    dealt again while it has no character, ``wanted`` cards being characters too), nor
    in ``draws`` more cards): hands counted by how many other characters they hold."""
    deck = wanted + characters + others
    no_wanted = sum(Fraction(comb(characters, k) * comb(others, hand - k), comb(deck, hand))
                    for k in range(1, hand + 1))  # kept, with k other characters and no wanted card
    rest = deck - hand
    p = no_wanted * Fraction(comb(rest - wanted, draws), comb(rest, draws))
    if others >= hand:  # no character at all: the hand is discarded, the next dealt from the rest
        p += Fraction(comb(others, hand), comb(deck, hand)) * by_hand(wanted, characters, others - hand, draws, hand)
    return p


def deck_counts(side: str) -> tuple[int, int, int]:
    cards = GAME.deck_multiset(side)
    types = [GAME.card(name).type for name, n in cards.items for _ in range(n)]
    return types.count("M"), types.count("C"), len(types) - types.count("M") - types.count("C")


@pytest.mark.parametrize("after, per_day", [(5, 1), (3, 1), (5, 2), (1, 0)])
def test_no_mastermind_in_time_is_the_count_by_hand(after, per_day):
    """VICTORY / SETUP / NEW DAY PHASE: the Villains' chance of no Mastermind before turn ``after + 1`` is
    the hand count's, for the rules' own numbers and others."""
    game = VictorianGame(rules=GAME.rules.replace(victory_after_turn=after, new_day_draw=per_day))
    masterminds, characters, others = deck_counts("villains")
    assert (masterminds, characters, others) == (8, 10, 52)  # the card list, one copy each
    assert odds.no_major_in_time("villains", game=game) == by_hand(masterminds, characters, others, after * per_day)


def test_the_heroes_never_lose_to_their_deck():
    """SETUP: the Heroes' mulligan keeps a character, and every hero character is major."""
    assert odds.no_major_in_time("heroes") == 0
    assert odds.no_major_in_time("villains") == by_hand(*deck_counts("villains"), draws=5)


def test_the_sides_are_named():
    with pytest.raises(ValueError, match="sides are"):
        odds.no_major_in_time("martians")


def test_deals_without_a_mastermind_in_time_match_seeded_games_and_are_never_won():
    """VICTORY: in greedy games the Villains hold no Mastermind before turn six about as often as the exact
    chance says (within four standard errors), and those games they never win."""
    n, never = 400, 0
    for g in range(n):
        st = Stepper(GAME, GAME.new_game(), f"deck#{g}", get_bot("greedy"))
        held = False
        while not held and GAME.decision(st.state) is not None and st.state.turn <= GAME.rules.victory_after_turn:
            villains = st.state.sides[VILLAINS]
            held = any(GAME.card(c).type == "M" for c in villains.hand) or \
                any(not u.token and GAME.card(u.card).type == "M" for u in villains.units)
            st.step()
        if held:
            continue
        never += 1
        while GAME.decision(st.state) is not None:
            st.step()
        assert VILLAINS not in st.state.result.winners and st.state.result.turns == GAME.rules.victory_after_turn + 1
    p = float(odds.no_major_in_time("villains"))
    assert abs(never / n - p) < 4 * (p * (1 - p) / n) ** 0.5, (never, p)
