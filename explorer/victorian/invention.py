"""INVENTION PHASE: every Inventor or Scientist of a side rolls once on the
Invention Table.

Characters with either trait roll, and so do Locations with Inventor (the
Laboratories, Factories, Industrial Complex) unless a lab explosion has shut
them: a Location's explosion shuts it for the next ``lockout_turns`` turns (two)
instead of wounding it.  The table's results are in
:mod:`explorer.victorian.tables.faces`.
"""

from __future__ import annotations

from . import pending
from . import sections as R
from .reports import public
from .sides import title
from .state import Phase, push, table_rolls
from .units import with_trait


def inventors(game, state, side) -> tuple[str, ...]:
    s = state.sides[side]
    holders = with_trait(game, s.units, "Inventor", "Scientist")
    out = []  # (loops: a comprehension costs a call)
    for u in holders:
        out.append(u.uid)
    for loc in s.locations:
        if game.card(loc.card).has("Inventor", "Scientist") and loc.shut_until < state.turn:
            out.append(loc.uid)
    return tuple(out)


def shut(game, state, side) -> tuple[str, ...]:
    """The Inventor Locations of ``side`` shut by an explosion this turn."""
    if not state.sides[side].locations:
        return ()
    found = []  # (in a loop: a comprehension costs a call)
    for loc in state.sides[side].locations:
        if game.card(loc.card).has("Inventor", "Scientist") and loc.shut_until >= state.turn:
            found.append(loc.uid)
    return tuple(found)


#: The event that a side has no Inventor or Scientist to roll, one for each side: it holds nothing but the side
#: (no turn, no data), so it is made once here rather than at every turn.
_NO_INVENTOR = tuple(public(R.INVENTION, f"{title(side)} have no Inventor or Scientist to roll")
                     for side in range(2))


@pending.enter(Phase.INVENTION)
def enter(game, state, side, events):
    for uid in shut(game, state, side):
        if events is not None:
            events.append(public(R.LAB_EXPLOSION, f"{uid} is still shut after its lab explosion: no roll", source=uid))
    who = inventors(game, state, side)
    if not who:
        if events is not None:
            events.append(_NO_INVENTOR[side])
        return state
    return push(state, *table_rolls(side, who, "invention_table"))
