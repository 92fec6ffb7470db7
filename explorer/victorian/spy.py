"""SPY PHASE: every Spy of a side rolls 1D6.

1: the spy is caught and discarded (a Location such as the Underworld is
discarded too); 2-4: nothing; 5 or more: his side looks at the opponent's hand.
The bands are the ``spy`` table of ``tables.toml``.
"""

from __future__ import annotations

from . import cardplay, pending
from . import sections as R
from .actions import Roll
from .decisions import forced
from .genius import rollers
from .reports import public
from .sides import title
from .state import Phase, SpyRoll, push, pop
from .tables.banded import modified_roll
from .tables.faces import source_here
from .units import discard_location, remove_unit


@pending.enter(Phase.SPY)
def enter(game, state, side, events):
    spies = rollers(game, state, side, "Spy")
    if not spies:
        events.append(public(R.SPY, f"{title(side)} have no Spy in play"))
        return state
    return push(state, *(SpyRoll(side, uid) for uid in spies))


def decision(game, state, item):
    return forced(Roll(), R.SPY, f"{item.spy} spies on {title(1 - item.side)}")


def do_spy(game, state, item, action, chance, events):
    state = pop(state)
    if not source_here(state, item.side, item.spy):
        events.append(public(R.SPY, f"{item.spy} is no longer in play: no Spy roll"))
        return state
    roll = modified_roll(game.tables.spy, (), chance)
    if roll.result == "caught":
        s = state.sides[item.side]
        loc = next((x for x in s.locations if x.uid == item.spy), None)
        u = s.unit(item.spy) if loc is None else None
        gear = f", with {', '.join(u.gear)}" if u is not None and u.gear else ""
        events.append(public(R.SPY, f"{item.spy} is caught ({roll.describe()}) and discarded{gear}", spy=item.spy,
                             roll=roll.as_data()))
        if loc is not None:
            return discard_location(game, state, item.side, loc)
        return remove_unit(game, state, item.side, item.spy)[0]
    if roll.result == "discovery":
        events.append(public(R.SPY, f"{item.spy} makes a discovery ({roll.describe()})", spy=item.spy,
                             roll=roll.as_data()))
        return cardplay.look_at_hand(game, state, item.side, R.SPY, item.spy, events)
    events.append(public(R.SPY, f"{item.spy} learns nothing ({roll.describe()})", spy=item.spy, roll=roll.as_data()))
    return state


pending.item(SpyRoll, decision, None, Roll=do_spy)
