"""GENIUS PHASE: every Genius of a side rolls once on the Plot Table.

A Genius is a character with the trait (Mycroft Holmes, Professor Moriarty) or a
Location with it (the Criminal Empire: see the register, "genius-location").
The Plot Table's results are in :mod:`explorer.victorian.tables.faces`.
"""

from __future__ import annotations

from . import pending
from . import sections as R
from .reports import public
from .sides import title
from .state import Phase, push, table_rolls
from .units import with_trait


def rollers(game, state, side, trait: str) -> tuple[str, ...]:
    """The units and Locations of ``side`` with ``trait``, in play order."""
    s = state.sides[side]
    holders = with_trait(game, s.units, trait)
    out = []  # (in loops: a comprehension costs a call)
    for u in holders:
        out.append(u.uid)
    for loc in s.locations:
        if trait in game.card(loc.card).traits:
            out.append(loc.uid)
    return tuple(out)


#: The event that a side has no Genius in play, one for each side: it holds nothing but the side
#: (no turn, no data), so it is made once here rather than at every turn.
_NO_GENIUS = tuple(public(R.GENIUS, f"{title(side)} have no Genius in play") for side in range(2))


@pending.enter(Phase.GENIUS)
def enter(game, state, side, events):
    who = rollers(game, state, side, "Genius")
    if not who:
        if events is not None:
            events.append(_NO_GENIUS[side])
        return state
    return push(state, *table_rolls(side, who, "plot_table"))

