"""SPY PHASE: every Spy of a side rolls 1D6.

1: the spy is caught and discarded (a Location such as the Underworld is
discarded too); 2-4: nothing; 5 or more: his side looks at the opponent's hand.
The bands are the ``spy`` table of ``tables.toml``.  A Facilitator may give a
hero spy his +1 for the roll (the register's "facilitator-spy-roll"; switch
``facilitator_helps_spy``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cardplay, pending
from . import sections as R
from .actions import Facilitate, Roll
from .decisions import choice, forced, refuse
from .genius import rollers
from .intercept import facilitators
from .reports import public
from .sides import title
from .state import HEROES, Phase, SpyRoll, Term, VicState, pop, push
from .tables.banded import modified_roll
from .tables.faces import source_here
from .units import discard_location, remove_unit, unit_on

if TYPE_CHECKING:
    from .game import VictorianGame

_new = tuple.__new__
assert SpyRoll._fields == ("side", "spy")  # (built by position below)
_ROLL = Roll()  # (an action without fields, a frozen value: made once)


#: The event that a side has no Spy in play, one for each side: it holds nothing but the side
#: (no turn, no data), so it is made once here rather than at every turn.
_NO_SPY = tuple(public(R.SPY, f"{title(side)} have no Spy in play") for side in range(2))


@pending.enter(Phase.SPY)
def enter(game, state, side, events):
    spies = rollers(game, state, side, "Spy")
    if not spies:
        if events is not None:
            events.append(_NO_SPY[side])
        return state
    rolls = []  # (built directly, in a loop: a comprehension costs a call)
    for uid in spies:
        rolls.append(_new(SpyRoll, (side, uid)))
    return push(state, *rolls)


def helpers(game: VictorianGame, state: VicState, item: SpyRoll) -> tuple[str, ...]:
    """The Facilitators free to help ``item``'s spy: a hero's, when the switch allows."""
    if not game.rules.facilitator_helps_spy or item.side != HEROES or unit_on(state, HEROES, item.spy) is None:
        return ()
    free = []  # (in a loop: a comprehension costs a call)
    for f in facilitators(game, state, HEROES):
        if f != item.spy:
            free.append(f)
    return tuple(free)


def decision(game, state, item):
    prompt = f"{item.spy} spies on {title(1 - item.side)}"
    free = helpers(game, state, item)
    if not free:
        return forced(_ROLL, R.SPY, prompt)
    return choice(item.side, (_ROLL,) + tuple(Facilitate(f, item.spy) for f in free), R.SPY,
                  prompt + ": with a Facilitator's help?")


def spy_terms(game: VictorianGame, helper: str | None) -> tuple[Term, ...]:
    """The terms added to a Spy Roll's die: none, or a Facilitator's help
    (``helper``): "explain this number" reads them here too."""
    if helper is None:
        return ()
    return (Term(f"{helper}'s help", game.rules.facilitator_bonus, helper, R.FACILITATOR.section),)


def do_help(game, state, item, action: Facilitate, chance, events):
    bonus = game.rules.facilitator_bonus
    state = state._replace(used=state.used | {("facilitator", action.helper)})
    if events is not None:
        events.append(public(R.FACILITATOR, f"{action.helper} helps {item.spy}: +{bonus} to the Spy Roll",
                             helper=action.helper, hero=item.spy))
    return do_spy(game, state, item, action, chance, events, spy_terms(game, action.helper))


def why_not(game, state, item, action):
    if isinstance(action, Facilitate) and (action.hero != item.spy or action.helper not in helpers(game, state, item)):
        return refuse(R.FACILITATOR, f"{action.helper!r} cannot help this Spy Roll: a Facilitator free this turn "
                                     f"helps a hero spy{'' if game.rules.facilitator_helps_spy else ' (switched off)'}")
    return None


def do_spy(game, state, item, action, chance, events, terms: tuple[Term, ...] = ()):
    state = pop(state)
    if not source_here(state, item.side, item.spy):
        if events is not None:
            events.append(public(R.SPY, f"{item.spy} is no longer in play: no Spy roll"))
        return state
    roll = modified_roll(game.tables.spy, terms, chance)
    if roll.result == "caught":
        s = state.sides[item.side]
        loc = next((x for x in s.locations if x.uid == item.spy), None)
        u = s.unit(item.spy) if loc is None else None
        gear = f", with {', '.join(u.gear)}" if u is not None and u.gear else ""
        if events is not None:
            events.append(public(R.SPY, f"{item.spy} is caught ({roll.describe()}) and discarded{gear}", spy=item.spy,
                                 roll=roll.as_data()))
        if loc is not None:
            return discard_location(game, state, item.side, loc)
        return remove_unit(game, state, item.side, item.spy)[0]
    if roll.result == "discovery":
        if events is not None:
            events.append(public(R.SPY, f"{item.spy} makes a discovery ({roll.describe()})", spy=item.spy,
                                 roll=roll.as_data()))
        return cardplay.look_at_hand(game, state, item.side, R.SPY, item.spy, events)
    if events is not None:
        events.append(public(R.SPY, f"{item.spy} learns nothing ({roll.describe()})", spy=item.spy, roll=roll.as_data()))
    return state


pending.item(SpyRoll, decision, why_not, Roll=do_spy, Facilitate=do_help)
