"""Equip Warrior, and the Advanced Vehicle Rules: entering and leaving a vehicle,
and a vehicle discarded with its warrior inside.

Equipment stays on the warrior it is given to; a warrior may carry any number
of cards (spare copies too) but only one piece of armor and one vehicle, and
only what its card allows (``who``: "give to any Doomtrooper").  A vehicle is
placed inside or outside as it is attached (outside for a warrior in cover).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.engine import IllegalAction
from ...core.events import Event, event
from .. import sections as R
from .actions import EnterVehicle, Equip, ExitVehicle, register
from ..state import Attached, DTState, Trooper, put_seat, put_seat_trooper, put_trooper
from .warriors import wound
from ..words import ANYONE, class_name, said, warrior_name


def has_kind(game: Any, t: Trooper, kind: str) -> bool:
    pool = game.pool
    for a in t.attached:
        c = pool[a.card]
        if c.type == "equipment" and c.kind == kind:
            return True
    return False


def shows_identity(t: Trooper, card: Any) -> bool:
    """Would giving ``card`` to ``t`` tell the others what a warrior mustered in
    cover is?  A card only some warriors may have ("give to any Doomtrooper")
    would show its affiliation, which the rule hides until it is revealed
    (register: ``hidden-attachments``)."""
    return t.hidden and card.who != "any"


def may_carry(game: Any, t: Trooper, card: Any) -> str | None:
    """Why ``t`` may not be given ``card`` (``None``: it may)."""
    if shows_identity(t, card):
        return "hidden"
    if card.who != "any" and card.who not in game.classes_of(t):
        return f"{card.name} may be given only to a {class_name(card.who)} warrior"
    if card.kind == "armor" and has_kind(game, t, "armor"):
        return "armor"
    if card.kind == "vehicle" and has_kind(game, t, "vehicle") and not game.rules.many_vehicles:
        return "vehicle"
    if card.kind == "vehicle" and (any(game.pool[a.card].type == "beast" for a in t.attached)
                                   or "Beast" in game.classes_of(t)):
        return "beast"  # Paradise Lost, "Beasts": one Beast or one vehicle; none for a warrior considered a Beast
    return None


def carried_by_all(card: Any) -> bool:
    """Does :func:`may_carry` give ``card`` to every warrior?  A card for any warrior that is
    neither armor nor a vehicle meets none of its refusals (a test holds the two together);
    the options ask this once per card, not once per warrior."""
    return card.who == "any" and card.kind != "armor" and card.kind != "vehicle"


#: an Equip, built once per card, warrior and place (actions are frozen values: one object serves every turn)
_equip = lru_cache(maxsize=4096)(Equip)


def equip_options(game: Any, state: DTState) -> list[Equip]:
    seat = state.current
    pool = game.pool
    mine = []  # (a loop: in Python 3.11 a comprehension is a call)
    for t in state.troopers:
        if t.owner == seat:
            mine.append(t)
    out = []
    for name in game.in_hand(state, "equipment"):
        c = pool[name]
        free = carried_by_all(c)
        for t in mine:
            if free or may_carry(game, t, c) is None:
                if c.kind == "vehicle":
                    if not t.cover and not t.inside:  # inside one vehicle at a time (many vehicles)
                        out.append(_equip(name, t.uid, True))
                    out.append(_equip(name, t.uid, False))
                else:
                    out.append(_equip(name, t.uid))
    return out


def do_equip(game: Any, state: DTState, action: Equip, chance: Any,
             tell: bool = True) -> tuple[DTState, list[Event]]:
    """Equip Warrior (``tell=False``: not told, the same state)."""
    seat = state.current
    t = state.trooper(action.uid)
    s = state.seats[seat]
    vehicle = game.pool[action.card].kind == "vehicle"
    if vehicle and action.inside and game.rules.many_vehicles:  # the vehicle a warrior is inside comes first
        attached = (Attached(action.card, seat),) + t.attached
    else:
        attached = t.attached + (Attached(action.card, seat),)
    state = put_seat_trooper(state, seat, s.with_hand(s.hand.remove(action.card)),
                             t.with_attached(attached, t.inside or (vehicle and action.inside)))
    if not tell:
        return state, []
    who = "a warrior in cover" if t.hidden else t.card
    where = ""
    if vehicle:
        where = ", inside it" if action.inside else ", outside it (shown to everyone)"
    rule = R.VEHICLES if vehicle else R.EQUIP
    return state, [event(rule, f"seat {seat} equips {who} with {action.card}{where}", uid=t.uid, card=action.card)]


def explain_equip(game: Any, state: DTState, action: Any) -> IllegalAction:
    seat = state.current
    c = game.pool.get(action.card) if isinstance(action.card, str) else None
    if c is None or c.type != "equipment":
        return IllegalAction(R.EQUIP, f"{action.card!r} is not an equipment card")
    if action.card not in state.seat.hand:
        return IllegalAction(R.EQUIP, f"{action.card} is not in seat {seat}'s hand")
    t = state.find(action.uid)
    if t is None or t.owner != seat:
        return IllegalAction(R.EQUIP, f"equipment goes on a warrior of yours in play, "
                                      f"not {warrior_name(state, action.uid, ANYONE)}")
    why = may_carry(game, t, c)
    if why == "hidden":
        return IllegalAction(R.MUSTER_IN_COVER, f"{action.card} may be given only to a {class_name(c.who)} warrior: on a "
                                                "warrior mustered in cover it would show what it is (reveal it first)")
    if why == "armor":
        return IllegalAction(R.ARMOR, f"{t.card} already has armor: a warrior may have only one piece")
    if why == "vehicle":
        return IllegalAction(R.VEHICLE_LIMIT, f"{t.card} already has a vehicle: a warrior may have only one")
    if why == "beast":
        return IllegalAction(R.BEASTS, f"{t.card} has a Beast or is considered one: no vehicle for it")
    if why is not None:
        return IllegalAction(R.EQUIP, why)
    if c.kind == "vehicle" and t.inside and action.inside:
        return IllegalAction(R.FE_ENTERING, f"{t.card} is already inside a vehicle: inside one at a time")
    if c.kind == "vehicle" and t.cover and action.inside:
        return IllegalAction(R.VEHICLES, "a warrior in cover may not be in a vehicle: give it the vehicle outside")
    if c.kind != "vehicle" and action.inside:
        return IllegalAction(R.EQUIP, f"{action.card} is not a vehicle: there is no inside")
    return IllegalAction(R.EQUIP, f"{said(state, action)} is not possible now")


# -- entering and leaving ------------------------------------------------------------------------------

def enter_options(game: Any, state: DTState) -> list[EnterVehicle]:
    seat = state.current
    out = []  # a loop: in Python 3.11 a comprehension is a call, at every actions step
    for t in state.troopers:
        if t.owner == seat and t.attached and not t.inside and not t.cover and has_kind(game, t, "vehicle"):
            out.append(EnterVehicle(t.uid))
    return out


#: the Exit Vehicle of a warrior, built once per uid (actions are frozen values: one object serves every turn)
_exit_vehicle = lru_cache(maxsize=1024)(ExitVehicle)


def exit_options(game: Any, state: DTState) -> list[ExitVehicle]:
    seat = state.current
    out = []  # a loop: in Python 3.11 a comprehension is a call, at every actions step
    for t in state.troopers:
        if t.owner == seat and t.inside:
            out.append(_exit_vehicle(t.uid))
    return out


def do_enter(game: Any, state: DTState, action: EnterVehicle, chance: Any) -> tuple[DTState, list[Event]]:
    t = state.trooper(action.uid)
    state = put_trooper(state, t._replace(inside=True))
    return state, [event(R.VEHICLES, f"{t.card} enters its vehicle", uid=t.uid)]


def do_leave(game: Any, state: DTState, action: ExitVehicle, chance: Any) -> tuple[DTState, list[Event]]:
    t = state.trooper(action.uid)
    state = put_trooper(state, t._replace(inside=False))
    return state, [event(R.VEHICLES, f"{t.card} leaves its vehicle", uid=t.uid)]


def explain_vehicle(game: Any, state: DTState, action: Any) -> IllegalAction:
    t = state.find(action.uid)
    if t is None or t.owner != state.current:
        return IllegalAction(R.VEHICLES, f"seat {state.current} has no warrior {action.uid!r} in play")
    if not has_kind(game, t, "vehicle"):
        return IllegalAction(R.VEHICLES, f"{t.card} has no vehicle")
    if isinstance(action, EnterVehicle):
        if t.cover:
            return IllegalAction(R.INSIDE_VEHICLE, f"{t.card} is in cover: it must exit cover before entering its "
                                                   "vehicle")
        return IllegalAction(R.VEHICLES, f"{t.card} is already inside its vehicle")
    return IllegalAction(R.VEHICLES, f"{t.card} is not inside its vehicle")


def discard_vehicle(game: Any, state: DTState, uid: int) -> tuple[DTState, list[Event]]:
    """``uid``'s vehicle is discarded: a warrior inside it is wounded (killed if
    already wounded, and nobody earns points)."""
    t = state.trooper(uid)
    pool = game.pool
    gone = next(a for a in t.attached if pool[a.card].type == "equipment" and pool[a.card].kind == "vehicle")
    rest = list(t.attached)
    rest.remove(gone)
    s = state.seats[gone.owner]
    state = put_seat(state, gone.owner, s._replace(discard=s.discard.add(gone.card)))
    state = put_trooper(state, t._replace(attached=tuple(rest), inside=False))
    events = [event(R.VEHICLES, f"{gone.card} of {t.card} is discarded", uid=uid, card=gone.card)]
    if t.inside:
        state, more = wound(game, state, uid, R.VEHICLES, "its vehicle was discarded with it inside")
        events += more
    return state, events


register(Equip, R.EQUIP, 1, equip_options, do_equip, explain_equip, hand="equipment", tells=True)
register(EnterVehicle, R.VEHICLES, 1, enter_options, do_enter, explain_vehicle, troops="attached")
register(ExitVehicle, R.VEHICLES, 1, exit_options, do_leave, explain_vehicle, troops="inside")

__all__ = ["discard_vehicle", "has_kind", "may_carry", "shows_identity"]
