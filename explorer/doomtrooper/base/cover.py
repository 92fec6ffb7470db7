"""Seek Cover and Exit Cover, and warriors forced into cover by a card.

A warrior in cover is face down (its owner may look), gets +3 Armor
(:mod:`explorer.doomtrooper.base.combat`), may be attacked but may not attack, and
may not attack in the turn it comes out.  While a player has warriors in play
one must be out of cover; when combat leaves all of them in cover his next
action must bring one out (the game offers nothing else).  A warrior inside its
vehicle may not seek cover; one forced into cover leaves its vehicle.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.engine import IllegalAction
from ...core.events import Event, event
from .. import sections as R
from .actions import ExitCover, SeekCover, register
from .muster import reveal
from ..state import DTState, put_trooper


#: the Seek Cover of a warrior, built once per uid (actions are frozen values: one object serves every turn)
_seek = lru_cache(maxsize=1024)(SeekCover)


def seek_options(game: Any, state: DTState) -> list[SeekCover]:
    seat = state.current
    out = 0  # his warriors out of cover, and those of them that may seek it (loops: no comprehension calls)
    seek = []
    for t in state.troopers:
        if t.owner == seat and not t.cover:
            out += 1
            if not t.inside:
                seek.append(_seek(t.uid))
    return seek if out >= 2 else []  # one must stay in the open


def do_seek(game: Any, state: DTState, action: SeekCover, chance: Any) -> tuple[DTState, list[Event]]:
    t = state.trooper(action.uid)
    state = put_trooper(state, t._replace(cover=True))
    wound = " (still wounded)" if t.wounded else ""
    return state, [event(R.SEEK_COVER, f"{t.card} (seat {t.owner}) seeks cover{wound}", uid=t.uid)]


def explain_seek(game: Any, state: DTState, action: Any) -> IllegalAction:
    t = _own(state, action.uid)
    if t is None:
        return IllegalAction(R.SEEK_COVER, f"seat {state.current} has no warrior {action.uid!r} in play")
    if t.cover:
        return IllegalAction(R.SEEK_COVER, f"{t.card} is already in cover")
    if t.inside:
        return IllegalAction(R.INSIDE_VEHICLE, f"{t.card} is inside its vehicle: a warrior in a vehicle may not seek "
                                               "cover")
    return IllegalAction(R.COVER, f"{t.card} is your last warrior out of cover: at least one must stay in the open")


def exit_options(game: Any, state: DTState) -> list[ExitCover]:
    seat = state.current
    out = []  # a loop: in Python 3.11 a comprehension is a call, at every actions step
    for t in state.troopers:
        if t.owner == seat and t.cover:
            out.append(ExitCover(t.uid))
    return out


def do_exit(game: Any, state: DTState, action: ExitCover, chance: Any) -> tuple[DTState, list[Event]]:
    t = state.trooper(action.uid)
    events: list[Event] = []
    if t.hidden:
        state, events = reveal(game, state, t.uid, R.EXIT_COVER, f"seat {t.owner}'s warrior exits cover")
        if state.find(t.uid) is None:
            return state, events
        t = state.trooper(t.uid)
    state = put_trooper(state, t._replace(cover=False, exited=state.turn))
    events.append(event(R.EXIT_COVER, f"{t.card} (seat {t.owner}) exits cover{' (still wounded)' if t.wounded else ''}"
                                      "; it may not attack this turn", uid=t.uid))
    return state, events


def explain_exit(game: Any, state: DTState, action: Any) -> IllegalAction:
    t = _own(state, action.uid)
    if t is None:
        return IllegalAction(R.EXIT_COVER, f"seat {state.current} has no warrior {action.uid!r} in play")
    return IllegalAction(R.EXIT_COVER, f"{t.card} is not in cover")


def force_cover(game: Any, state: DTState, uid: int, rule: Any = R.COVER) -> tuple[DTState, list[Event]]:
    """A card forces ``uid`` into cover: out of its vehicle first."""
    t = state.trooper(uid)
    events = []
    if t.inside:
        events.append(event(R.INSIDE_VEHICLE, f"{t.card} is forced out of its vehicle", uid=uid))
    state = put_trooper(state, t._replace(cover=True, inside=False))
    events.append(event(rule, f"{t.card} (seat {t.owner}) is forced into cover", uid=uid))
    return state, events


def _own(state: DTState, uid: Any):
    t = state.find(uid)
    return t if t is not None and t.owner == state.current else None


register(SeekCover, R.SEEK_COVER, 1, seek_options, do_seek, explain_seek, troops="open")
register(ExitCover, R.EXIT_COVER, 1, exit_options, do_exit, explain_exit, troops="cover")

__all__ = ["force_cover"]
