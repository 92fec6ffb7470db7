"""The search bot reads only what its side sees (THE DECKS: the other hand and the
order of the decks are secret): two games that differ only in the other side's
unseen hand cards, with the same observation, give the same choice and the same
value for the same seed."""

from __future__ import annotations

import random

import pytest

from explorer.core.engine import Stepper
from explorer.core.search import SearchBot
from explorer.victorian.bots import get_bot
from explorer.victorian.game import VictorianGame
from explorer.victorian.metrics import player_won
from vichelp import swapped

GAME = VictorianGame()


def bot() -> SearchBot:
    """A small search (20 playouts, greedy rollouts) to stay fast."""
    return SearchBot(20, rollout=get_bot("greedy"), reward=lambda result, side: float(player_won(result, side)),
                     max_steps=400)


def at_choice(seed: int, steps: int) -> Stepper:
    """A seeded greedy game ``steps`` steps in, then on to a decision with two options or more."""
    st = Stepper(GAME, GAME.new_game(), seed, get_bot("greedy"))
    for _ in range(steps):
        st.step()
    while st.decision is None or st.decision.forced or len(st.decision.options) < 2:
        st.step()
    return st


@pytest.mark.parametrize("seed,steps", [(2, 0), (5, 60)])
def test_the_same_view_gives_the_same_choice_and_value(seed, steps):
    st = at_choice(seed, steps)
    me, dec = st.decision.player, st.decision
    twin = swapped(st.state, me)
    assert twin != st.state and GAME.observe(twin, me) == GAME.observe(st.state, me)
    assert GAME.decision(twin) == dec
    a = bot().search(GAME, GAME.observe(st.state, me), dec, random.Random(seed))
    b = bot().search(GAME, GAME.observe(twin, me), GAME.decision(twin), random.Random(seed))
    assert a == b and a.choice in dec.options and 0 <= a.value <= 1
