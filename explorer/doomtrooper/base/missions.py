"""Assign Mission, and missions being fulfilled.

A mission goes on a warrior of yours, on yourself, on another player or on one
of his warriors, as its card says; never twice the same mission on the same
player or warrior.  Fulfilling it is never required, but once its terms are met
it is fulfilled: its owner (the player who assigned it) takes the reward and the
card is discarded.  Terms are registered effects
(:class:`explorer.doomtrooper.effects.MissionEffect`), checked when a warrior is
killed in combat and at the end of each turn.
"""

from __future__ import annotations

from typing import Any

from ...core.engine import IllegalAction
from ...core.events import Event, event
from .. import effects as E
from .. import sections as R
from .actions import Assign, register
from ..state import Attached, DTState, put_seat, put_trooper
from ..words import said


def _targets(game: Any, state: DTState, card: Any) -> list[Assign]:
    seat = state.current
    name = card.name
    kind = card.assign
    if kind in ("own warrior", "opponent warrior"):
        own = kind == "own warrior"
        return [Assign(name, uid=t.uid) for t in state.troopers
                if (t.owner == seat) == own and not state.seats[t.owner].out and name not in t.cards()]
    own = kind == "self"
    return [Assign(name, seat=i) for i, s in enumerate(state.seats)
            if (i == seat) == own and not s.out and all(m.card != name for m in s.missions)]


def assign_options(game: Any, state: DTState) -> list[Assign]:
    pool = game.pool
    out: list[Assign] = []
    for name in game.in_hand(state, "mission"):
        out += _targets(game, state, pool[name])
    return out


def do_assign(game: Any, state: DTState, action: Assign, chance: Any,
              tell: bool = True) -> tuple[DTState, list[Event]]:
    """Assign Mission (``tell=False``: not told, the same state)."""
    seat = state.current
    s = state.seats[seat]
    state = put_seat(state, seat, s._replace(hand=s.hand.remove(action.card)))
    if action.uid is not None:
        t = state.trooper(action.uid)
        state = put_trooper(state, t._replace(attached=t.attached + (Attached(action.card, seat),)))
        who = "a warrior in cover" if t.hidden else f"{t.card} (seat {t.owner})"
    else:
        target = state.seats[action.seat]
        state = put_seat(state, action.seat, target._replace(missions=target.missions + (Attached(action.card, seat),)))
        who = "himself" if action.seat == seat else f"seat {action.seat}"
    if not tell:
        return state, []
    return state, [event(R.MISSION, f"seat {seat} assigns {action.card} to {who}", seat=seat, card=action.card,
                         uid=action.uid, target=action.seat)]


def explain_assign(game: Any, state: DTState, action: Any) -> IllegalAction:
    c = game.pool.get(action.card) if isinstance(action.card, str) else None
    if c is None or c.type != "mission":
        return IllegalAction(R.MISSION, f"{action.card!r} is not a mission card")
    if action.card not in state.seat.hand:
        return IllegalAction(R.MISSION, f"{action.card} is not in seat {state.current}'s hand")
    if (action.uid is None) == (action.seat is None):
        return IllegalAction(R.MISSION, "a mission is assigned to one warrior or to one player")
    if action.uid is not None:
        t = state.find(action.uid)
        if t is not None and action.card in t.cards():
            return IllegalAction(R.MISSION, f"{t.card} already has {action.card}: not twice the same mission")
    elif isinstance(action.seat, int) and 0 <= action.seat < len(state.seats) and \
            any(m.card == action.card for m in state.seats[action.seat].missions):
        return IllegalAction(R.MISSION, f"seat {action.seat} already has {action.card}: not twice the same mission")
    return IllegalAction(R.MISSION, f"{action.card} is assigned to {c.assign}: "
                                    f"{said(state, action)} is not such a target")


# -- fulfilment ---------------------------------------------------------------------------------------

def check(game: Any, state: DTState, trigger: str, what: Any) -> tuple[DTState, list[Event]]:
    """Fulfil every mission whose ``trigger`` ("kill" or "end_of_turn") terms
    ``what`` meets (a :class:`~explorer.doomtrooper.effects.Kill`, or the seat whose
    turn ends): the warriors' missions first, then the players'.  A warrior's other
    attachments (equipment, gifts, ...) are passed over by type, and a mission of
    another trigger before its parameters are looked up (asked at every kill and
    every turn's end, most often of none: loops, no list of the missions built)."""
    pool, type_of, seats = game.pool, game.type_of, state.seats
    effects = E.REGISTRY  # (E.get's lookup, without the call)
    done = []
    for t in state.troopers:
        for a in t.attached:
            if type_of[a.card] == "mission":
                c = pool[a.card]
                effect = effects[c.effect]
                if effect.trigger == trigger and not seats[a.owner].out:
                    p = E.params(c)
                    if effect.fulfilled(p, a.owner, t.uid, what, game, state):
                        done.append((a, ("warrior", t.uid), p))
    for i, s in enumerate(seats):
        for a in s.missions:
            c = pool[a.card]
            effect = effects[c.effect]
            if effect.trigger == trigger and not seats[a.owner].out:
                p = E.params(c)
                if effect.fulfilled(p, a.owner, i, what, game, state):
                    done.append((a, ("player", i), p))
    events: list[Event] = []
    for a, where, p in done:
        state, more = _fulfil(state, a, where, p, what)
        events += more
    return state, events


def _fulfil(state: DTState, a: Attached, where: tuple, p: Any, what: Any) -> tuple[DTState, list[Event]]:
    promotion, destiny = p.promotion, p.destiny
    own_kill = isinstance(what, E.Kill) and what.killer_owner == what.victim_owner == a.owner
    if own_kill:  # never Promotion Points for killing your own warriors
        promotion, destiny = 0, destiny + promotion
    kind, key = where
    if kind == "warrior":
        t = state.find(key)
        if t is not None:
            rest = list(t.attached)
            rest.remove(a)
            state = put_trooper(state, t._replace(attached=tuple(rest)))
    else:
        s = state.seats[key]
        rest = list(s.missions)
        rest.remove(a)
        state = put_seat(state, key, s._replace(missions=tuple(rest)))
    s = state.seats[a.owner]
    state = put_seat(state, a.owner, s._replace(promotion=s.promotion + promotion, discard=s.discard.add(a.card)))
    purses = list(state.purses)
    purses[state.purse_of[a.owner]] += destiny
    state = state._replace(purses=tuple(purses))
    reward = " and ".join(x for x in (f"{promotion} Promotion" if promotion else "",
                                      f"{destiny} Destiny" if destiny else "") if x) or "nothing"
    return state, [event(R.AWARD_OWN if own_kill else R.MISSION,
                         f"seat {a.owner} fulfils {a.card}: {reward} Points", seat=a.owner, card=a.card,
                         promotion=promotion, destiny=destiny)]


register(Assign, R.MISSION, 1, assign_options, do_assign, explain_assign, hand="mission", tells=True)

__all__ = ["check"]
