"""ASSASSIN PHASE: the Masterminds send minions against the heroes.

The Villains send any of their minions (tokens, minor villains, heroes they have
taken), each against one hero-side unit.  The Assassin Roll is 2D6 plus the
minion's Fight (Jack the Ripper +2 and the assassins +1 on top, only here) minus
the hero's Fight (Gentleman's Club +2, only here): 2 or less, the minion talks
and the Heroes' next Track Roll gets +1; 3-5, the minion cannot find the heroes
and returns to its Mastermind (the only result it survives); 6-7, nothing; 8-10,
the hero is wounded or gives up a weapon or vehicle; 11 or more, the hero dies.
An Underling may be discarded instead of the hero wounded or killed.  Each minion
is sent at most once a phase.  The mob events' Rabble tokens must all be sent
before the Villains are done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.engine import IllegalAction
from ..core.events import Event
from . import cardplay, pending, phase_actions, responses
from . import sections as R
from .actions import Done, PlayEvent, Send
from .decisions import offered_grid, refuse
from .reports import public
from .sides import title
from .state import HEROES, VILLAINS, Phase, RollSpec, UnderlingChoice, Unit, VicState, push, put, spend
from .tables.banded import modified_roll, summed_roll
from .units import fight, fight_terms, masterminds, negated, replace_unit, unit_on
from .wounds import hurt, kill, underlings

if TYPE_CHECKING:
    from .game import VictorianGame

_new = tuple.__new__
assert RollSpec._fields == ("kind", "actor", "target", "n")  # (built by position below)


@pending.enter(Phase.ASSASSIN)
def enter(game, state, side, events):
    if not masterminds(game, state.sides[side]):
        if events is not None:
            events.append(public(R.ASSASSIN, f"{title(side)} have no Mastermind to send assassins"))
        return state
    return push(state, phase_actions.BEGUN[(Phase.ASSASSIN, side)])


def minions(state: VicState, side: int) -> tuple[str, ...]:
    """The minions of ``side`` not yet sent this turn."""
    used = state.used
    found = []  # (in a loop: a comprehension costs a call)
    for u in state.sides[side].units:
        if u.master is not None and ("sent", u.uid) not in used:
            found.append(u.uid)
    return tuple(found)


def candidates(game, state, item):
    heroes = []  # (in a loop: a comprehension costs a call)
    for u in state.sides[1 - item.side].units:
        heroes.append(u.uid)
    out = offered_grid(game, Send, minions(state, item.side), heroes)
    out += cardplay.options(game, state, item.side, cardplay.MAIN_WINDOWS[item.phase])
    return out + ([phase_actions.DONE] if done_problem(game, state, item, phase_actions.DONE) is None else [])


def send_problem(game, state, item, action: Send) -> IllegalAction | None:
    m = unit_on(state, item.side, action.minion)
    if m is None:
        return refuse(R.ASSASSIN, f"{action.minion!r} is not a unit of {title(item.side)}")
    if m.master is None:
        return refuse(R.ASSASSIN, f"{action.minion} is no minion: a Mastermind sends his minions, not himself")
    if ("sent", action.minion) in state.used:
        return refuse(R.ASSASSIN, f"{action.minion} has been sent once this phase already")
    if unit_on(state, 1 - item.side, action.target) is None:
        return refuse(R.ASSASSIN, f"{action.target!r} is not a hero in play to send {action.minion} against")
    return None


def done_problem(game, state, item, action: Done) -> IllegalAction | None:
    waiting = []  # (in a loop: a comprehension costs a call)
    for u in state.sides[item.side].units:
        if u.mob:
            waiting.append(u.uid)
    if waiting and state.sides[1 - item.side].units:
        return refuse(R.ASSASSIN, f"the mob must attack this phase: send {', '.join(waiting)} first")
    return None


def do_send(game, state, item, action: Send, chance, events):
    spec = _new(RollSpec, ("assassin", action.minion, action.target, 0))  # RollSpec("assassin", ...), built directly
    state = spend(state, ("sent", action.minion))
    if events is not None:
        events.append(public(R.ASSASSIN, f"the Villains send {action.minion} against {action.target}",
                             minion=action.minion, target=action.target))
    return responses.declare(game, state, spec, HEROES, chance, events)


def assassin_terms(game: VictorianGame, state: VicState, minion: str, hero: str):
    """The terms of an Assassin Roll ("explain this number")."""
    m = unit_on(state, VILLAINS, minion)
    h = unit_on(state, HEROES, hero)
    return (fight_terms(game, state, VILLAINS, m, versus=h, assassin=True, sent=True)
            + negated(fight_terms(game, state, HEROES, h, versus=m, assassin=True), h.uid))


def assassin_modifier(game: VictorianGame, state: VicState, m: Unit, h: Unit) -> int:
    """The sum of :func:`assassin_terms` (minion ``m`` sent against hero ``h``), from the
    remembered Fight of each."""
    return (fight(game, state, VILLAINS, m, versus=h, assassin=True, sent=True)
            - fight(game, state, HEROES, h, versus=m, assassin=True))


def assassin_roll(game: VictorianGame, state: VicState, spec: RollSpec, chance, events: list[Event] | None) -> VicState:
    m = unit_on(state, VILLAINS, spec.actor)
    h = unit_on(state, HEROES, spec.target)
    if m is None or h is None:
        if events is not None:
            events.append(public(R.ASSASSIN, "the Assassin Roll is off: one of them is no longer in play"))
        return state
    if events is not None:  # the terms to tell, else their sum alone (the same dice, total and result)
        roll = modified_roll(game.tables.assassin, assassin_terms(game, state, spec.actor, spec.target), chance)
    else:
        roll = summed_roll(game.tables.assassin, assassin_modifier(game, state, m, h), chance)
    result = roll.result
    if events is not None:
        events.append(public(R.ASSASSIN, f"Assassin Roll, {spec.actor} against {spec.target}: {roll.describe()}",
                             minion=spec.actor, target=spec.target, roll=roll.as_data()))
    if result == "not_found":
        if events is not None:
            events.append(public(R.ASSASSIN, f"{spec.actor} cannot find the heroes and returns to {m.master}"))
        return replace_unit(state, VILLAINS, m._replace(mob=False)) if m.mob else state
    state = kill(game, state, VILLAINS, spec.actor, R.ASSASSIN, events, why="a suicide mission")
    if result == "interrogated":
        s = state.sides[HEROES]
        if events is not None:
            events.append(public(R.ASSASSIN, f"{spec.actor} is interrogated: the Heroes' next Track Roll gets "
                                 f"+{game.rules.interrogated_bonus}"))
        return put(state, HEROES, s._replace(leads=s.leads + 1))
    if result == "nothing":
        return state
    if underlings(game, state, HEROES, spec.target):
        return push(state, UnderlingChoice(HEROES, spec.target, result, spec))
    if result == "killed":
        return kill(game, state, HEROES, spec.target, R.ASSASSIN, events, why="the Assassin Roll")
    return hurt(game, state, HEROES, spec.target, R.ASSASSIN, events)


responses.ROLLERS["assassin"] = assassin_roll

phase_actions.register(
    Phase.ASSASSIN, R.ASSASSIN, "send minions against the heroes, play cards, or say you are done", candidates, {
        Send: (do_send, send_problem),
        PlayEvent: (cardplay.do_main_event, cardplay.main_event_problem),
        Done: (phase_actions.done, done_problem),
    })


@pending.explain(Send)
def _explain(game, state, action):
    return refuse(R.ASSASSIN, "minions are sent against heroes only in the Villains' part of the Assassin Phase")


__all__ = ["assassin_modifier", "assassin_roll", "assassin_terms", "minions"]
