"""Robustness: 2,000 seeded games played by random bots from the deal to the end,
with the invariants checked after every step (every card in exactly one of deck,
hand, play or discard; no negative counters; minions on Masterminds in play), and
every option a side is offered legal by the rules' own checks."""

from __future__ import annotations

import random

import pytest
from vichelp import check_invariants

from explorer.core.engine import RandomPolicy, SampledChance, derived_rng
from explorer.victorian import phase_actions
from explorer.victorian.game import VictorianGame
from explorer.victorian.state import Main

GAME = VictorianGame()


def play_checked(seed: str, game: VictorianGame = GAME, check_options: bool = False) -> int:
    """Play one game with random choices, checking the invariants after every step; returns the steps."""
    state = game.new_game()
    chance = SampledChance(derived_rng(seed, "chance"))
    rng = random.Random(f"{seed}/policy")
    check_invariants(game, state)
    steps = 0
    while (dec := game.decision(state)) is not None:
        if check_options and dec.player is not None:
            item = state.pending[0]
            if isinstance(item, Main):
                for option in dec.options:
                    assert phase_actions.legal(game, state, item, option) is None, (option, item)
        action = dec.options[rng.randrange(len(dec.options))]
        state, _ = game.resolve(state, action, chance)
        check_invariants(game, state)
        steps += 1
        assert steps < 20_000, "a game that does not end"
    assert game.result(state) is not None
    return steps


@pytest.mark.slow
def test_two_thousand_random_games_keep_the_invariants():
    """THE DECKS, WOUND COUNTERS, PLOT PHASE, VICTORY: 2,000 seeded random games, invariants after every step."""
    total = sum(play_checked(f"many#{i}") for i in range(2000))
    assert total > 2000 * 50


def test_every_option_offered_passes_the_rules_own_check():
    """RECRUIT, PLOT, ASSASSIN, INTERCEPT and ATTACK PHASES: each phase lists only options its own legality check
    lets through (the options are built from the same predicates)."""
    for i in range(60):
        play_checked(f"legal#{i}", check_options=True)


def test_the_other_readings_keep_the_invariants_too():
    """TURN SEQUENCE and the register's switches: with every rules option flipped, games still keep the
    invariants."""
    from explorer.victorian.params import OPTIONS
    other = VictorianGame(rules=GAME.rules.replace(**{o: not getattr(GAME.rules, o) for o in OPTIONS}))
    for i in range(60):
        play_checked(f"other#{i}", other, check_options=True)
