"""NEW DAY PHASE: each player draws a card."""

from __future__ import annotations

from . import pending
from . import sections as R
from .draw import queue_draw
from .state import Phase


@pending.enter(Phase.NEW_DAY)
def enter(game, state, side, events):
    return queue_draw(state, side, game.rules.new_day_draw, R.NEW_DAY)
