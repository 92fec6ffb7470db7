"""TRACK PHASE (our reading): the Villain Table.

The rulebook lists a Track Phase but gives it no text, while the Intercept Phase
ends with the Villain Table: once for every Mastermind not thwarted that phase.
We roll the Villain Table here, right after the Intercept Phase (see the
register, "track-phase"); either way the rolls come between the Track Rolls and
the Attack Phase.  The table's results are in :mod:`explorer.victorian.tables.faces`.
"""

from __future__ import annotations

from . import pending
from . import sections as R
from .reports import public
from .state import Phase, push, table_rolls
from .units import masterminds


@pending.enter(Phase.TRACK)
def enter(game, state, side, events):
    thwarted = state.thwarted
    free = []  # (in a loop: a comprehension costs a call)
    for m in masterminds(game, state.sides[side]):
        if m.uid not in thwarted:
            free.append(m.uid)
    if not free:
        if events is not None:
            events.append(public(R.VILLAIN_TABLE, "no Mastermind escaped the Heroes this turn: no Villain Table roll"))
        return state
    return push(state, *table_rolls(side, free, "villain_table"))
