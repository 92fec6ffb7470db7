"""What the card games' hidden-information tests share (``from search_view import at_choice,
same_search``): a seeded greedy game stopped at a real choice, and the check that the
search decides and values alike two states its seat cannot tell apart."""

from __future__ import annotations

import random
from typing import Any, Callable

from explorer.core.engine import Stepper


def at_choice(game: Any, state: Any, bot: Any, seed: int, steps: int) -> Stepper:
    """``bot`` plays every seat from ``state``, ``steps`` steps and then on to a decision
    with two options or more."""
    st = Stepper(game, state, seed, bot)
    for _ in range(steps):
        st.step()
    while st.decision is None or st.decision.forced or len(st.decision.options) < 2:
        st.step()
    return st


def same_search(game: Any, state: Any, twin: Any, seat: int, bot: Callable[[], Any], seed: int) -> None:
    """``twin`` differs from ``state`` only in what ``seat`` cannot see: the same observation and
    decision, so a fresh search bot with the same seed reports the same choice and value."""
    dec = game.decision(state)
    assert twin != state and game.observe(twin, seat) == game.observe(state, seat)
    assert game.decision(twin) == dec
    a = bot().search(game, game.observe(state, seat), dec, random.Random(seed))
    b = bot().search(game, game.observe(twin, seat), game.decision(twin), random.Random(seed))
    assert a == b and a.choice in dec.options and 0 <= a.value <= 1
