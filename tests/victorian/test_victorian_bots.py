"""The greedy bot at the Spy Roll: a Facilitator's help (CARD TRAITS: Facilitator;
register "facilitator-spy-roll", switch ``facilitator_helps_spy``) is given when it
lifts the Spy Roll to a better result more often than it would lift this turn's
Track Roll (INTERCEPT PHASE), both chances exact and checked here against our own
enumeration of the dice and a seeded run."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from vichelp import GAME

from explorer.victorian.actions import Facilitate, Roll
from explorer.victorian.bots import GreedyBot, lift, spy_help, track_help
from explorer.victorian.state import Phase

SPY_BANDS = ((1, 0), (4, 1), (99, 2))  # caught to 1, nothing 2-4, discovery 5 up (tables.toml [spy])
TRACK_BANDS = ((5, 0), (9, 1), (10, 2), (99, 3))  # wrong_track, dead_end, foiled, thwarted ([track])


def band(total: int, bands) -> int:
    return next(rank for top, rank in bands if total <= top)


def lifted(n_dice: int, bands, modifier: int, bonus: int) -> Fraction:
    """Our own count: the rolls on which ``bonus`` more reads a better band."""
    rolls = list(product(range(1, 7), repeat=n_dice))
    better = sum(band(sum(r) + modifier + bonus, bands) > band(sum(r) + modifier, bands) for r in rolls)
    return Fraction(better, len(rolls))


@pytest.mark.parametrize("modifier", range(-3, 9))
def test_the_lift_of_a_bonus_is_exact(modifier):
    assert lift(GAME.tables.track, modifier, 1) == lifted(2, TRACK_BANDS, modifier, 1)
    assert lift(GAME.tables.spy, modifier, 1) == lifted(1, SPY_BANDS, modifier, 1)
    assert lift(GAME.tables.spy, modifier, 2) == lifted(1, SPY_BANDS, modifier, 2)


def test_the_lift_agrees_with_a_seeded_sample():
    rng = random.Random(16)
    rolls = [rng.randint(1, 6) + rng.randint(1, 6) for _ in range(20000)]
    share = sum(band(t + 2 + 1, TRACK_BANDS) > band(t + 2, TRACK_BANDS) for t in rolls) / len(rolls)
    assert abs(share - float(lift(GAME.tables.track, 2, 1))) < 0.01


def spy_scene(*heroes: str, villains=("Dr Fu-Man-Chu",)):
    return GAME.scenario(heroes=["James T. West", *heroes], villains=list(villains), hands={"villains": ["Guards"]},
                         at=Phase.SPY)


def greedy_pick(state):
    return GreedyBot().pick(GAME, GAME.observe(state, "heroes"), GAME.decision(state))


HELP = Facilitate("Campion Bond", "James T. West")


@pytest.mark.parametrize("heroes, villains, track_modifier, picked", [
    # nobody to thwart: the help is worth nothing later, and 1 in 3 now
    (("Campion Bond",), (), None, HELP),
    # James T. West (Track 1) is the best tracker: +1 lifts his Track Roll 12 times in 36, a tie: kept
    (("Campion Bond",), ("Dr Fu-Man-Chu",), 1, Roll()),
    # Tarzan (Track 2): 13 in 36, more than the Spy Roll's 1 in 3: kept for him
    (("Campion Bond", "Tarzan"), ("Dr Fu-Man-Chu",), 2, Roll()),
    # Sherlock Holmes (Track 4): 9 in 36, less: spent on the spy
    (("Campion Bond", "Tarzan", "Sherlock Holmes"), ("Dr Fu-Man-Chu",), 4, HELP),
    # a second Facilitator stays free for the Track Roll: the first helps the spy
    (("Campion Bond", "Mycroft Holmes", "Tarzan"), ("Dr Fu-Man-Chu",), None, HELP),
])
def test_greedy_helps_a_spy_when_the_help_lifts_the_spy_roll_more(heroes, villains, track_modifier, picked):
    state = spy_scene(*heroes, villains=villains)
    view = GAME.observe(state, "heroes")
    assert spy_help(GAME) == lifted(1, SPY_BANDS, 0, 1) == Fraction(1, 3)
    if track_modifier is not None:
        assert track_help(GAME, view) == lifted(2, TRACK_BANDS, track_modifier, 1)
    assert greedy_pick(state) == picked


def test_greedy_rolls_alone_when_the_switch_is_off():
    """Switch facilitator_helps_spy off: no help is offered, the roll is forced."""
    from explorer.victorian.game import VictorianGame

    off = VictorianGame(rules=GAME.rules.replace(facilitator_helps_spy=False))
    state = off.scenario(heroes=["James T. West", "Campion Bond"], at=Phase.SPY)
    assert off.decision(state).forced
    assert GreedyBot().pick(off, off.observe(state, "heroes"), off.decision(state)) == Roll()
