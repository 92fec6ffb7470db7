"""The variants end by their own goal: Home Turf Advantage by flipping every base
(with an empty draw pile refilled from the discard pile, the reading
``home-turf-draw-pile``), The Vortex beyond our goal ``vortex_goal`` (the reading
``vortex-ending``).  A few seeded greedy games of each, and the rules one step at a
time."""

from __future__ import annotations

import pytest
from dt_helpers import W, make_state, step
from dt_variant_checks import variant_game

from explorer.core.deck import Deck, Multiset
from explorer.core.engine import simulate
from explorer.doomtrooper.base.actions import Meditate
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.params import load_rules
from explorer.doomtrooper.state import Ending, Phase
from explorer.doomtrooper.variants.vortex import VortexState


def greedy_endings(variant: str, seeds) -> list[Ending]:
    game = variant_game(variant)
    return [simulate(game, game.new_game(), get_bot("greedy"), seed=f"0#{i}").result.ending for i in seeds]


def test_greedy_home_turf_games_end_by_flipping_every_base():
    """Home Turf Advantage: "When all three of your bases are face down, you win": seeded greedy
    games end so (as `simulate doomtrooper --variant home_turf` plays them, seed 0)."""
    assert greedy_endings("home_turf", (1, 2, 3)) == [Ending.BASES_FLIPPED] * 3


def test_greedy_vortex_games_end_beyond_our_goal():
    """The Vortex: "until one player exceeds" the goal, ours (vortex_goal): seeded greedy games
    end so (as `simulate doomtrooper --variant vortex` plays them, seed 0)."""
    assert greedy_endings("vortex", (0, 1, 2)) == [Ending.PROMOTION_GOAL] * 3


def emptied(game):
    """A Home Turf game in seat 0's actions, every draw pile empty, each discard pile holding a
    card, seat 1 with 3 Promotion banked."""
    state = game.setup(2, seed=1)
    seats = tuple(s._replace(turns=2, gift=True, deck=Deck.of({}), discard=Multiset.of(["Razide"]))
                  for s in state.seats)
    board = state.board
    i = board.of(1)[0]
    bases = board.bases[:i] + (board.bases[i]._replace(promotion=3),) + board.bases[i + 1:]
    return state._replace(seats=seats, phase=Phase.ACTIONS, current=0, actions=3, board=board._replace(bases=bases))


@pytest.mark.parametrize("refill", [True, False])
def test_an_empty_home_turf_draw_pile_follows_the_home_turf_refill_switch(refill):
    """Home Turf Advantage (variants.home_turf), reading home-turf-draw-pile: by default an empty
    draw pile is refilled from the discard pile and the game goes on; home_turf_refill = false
    plays the basic rule (turn.exhausted): every draw pile empty ends the game."""
    assert load_rules().home_turf_refill is True
    game = variant_game("home_turf", home_turf_refill=refill)
    state, events = step(game, emptied(game), Meditate())
    if refill:
        assert not state.over and all(len(s.deck) == 1 and not s.discard.size for s in state.seats)
        assert any(e.rule.section == "variants.home_turf" and "shuffles his discard pile" in e.text for e in events)
    else:
        assert state.over and state.result.ending is Ending.DRAW_PILES_EXHAUSTED and state.result.winners == (1,)


@pytest.mark.parametrize("promotion,over", [(15, False), (16, True)])
def test_the_vortex_ends_beyond_vortex_goal(promotion, over):
    """The Vortex (cool.vortex.end): the game ends when a player exceeds the goal; the goal is ours,
    vortex_goal (15), the rulebook's 40 being out of reach of whole games (reading vortex-ending)."""
    game = variant_game("vortex")
    assert game.rules.vortex_goal == 15
    state = make_state(game, hands=((), ()), warriors=[W("Razide", 1)], promotion=(promotion, 3),
                       variant_state=VortexState("actions", 0, kept=(Multiset(),) * 2))
    state, _ = step(game, state, Meditate())
    assert (state.phase is Phase.OVER) is over
    if over:
        assert state.result.ending is Ending.PROMOTION_GOAL and state.result.winners == (0,)


def test_the_rulebook_goal_of_forty_is_a_rule_change_away():
    """The Vortex (cool.vortex.end): with vortex_goal = 40, 40 Promotion is not enough, 41 wins."""
    game = variant_game("vortex", vortex_goal=40)
    for promotion, over in ((40, False), (41, True)):
        state = make_state(game, hands=((), ()), warriors=[W("Razide", 1)], promotion=(promotion, 3),
                           variant_state=VortexState("actions", 0, kept=(Multiset(),) * 2))
        assert (step(game, state, Meditate())[0].phase is Phase.OVER) is over
