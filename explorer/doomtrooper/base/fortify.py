"""Build Fortification and Bestow Gift: cards that go into an area or onto a
Dark Legion warrior as one action each.

A fortification goes where its card says (Squad or Kohort), one copy of each
per area, and stays with no warriors in play.  A Dark Symmetry gift goes on a
Dark Legion warrior of yours that may have it: a lesser gift on any, a Gift of
an Apostle only on a Follower of that Apostle, never two of the same card, and
never on a warrior immune to it.
"""

from __future__ import annotations

from typing import Any

from ...core.engine import IllegalAction
from ...core.events import Event, event
from .. import sections as R
from .actions import Bestow, Build, register
from ..state import DTState, Trooper, attach_from_hand, put_seat
from ..words import ANYONE, said, warrior_name


# -- Build Fortification -------------------------------------------------------------------------------

def build_options(game: Any, state: DTState) -> list[Build]:
    s = state.seat
    return [Build(n) for n in game.in_hand(state, "fortification") if n not in s.fortifications]


def do_build(game: Any, state: DTState, action: Build, chance: Any,
             tell: bool = True) -> tuple[DTState, list[Event]]:
    """Build Fortification (``tell=False``: not told, the same state)."""
    seat = state.current
    s = state.seats[seat]
    state = put_seat(state, seat, s._replace(hand=s.hand.remove(action.card),
                                             fortifications=s.fortifications + (action.card,)))
    if not tell:
        return state, []
    area = game.pool[action.card].area
    return state, [event(R.FORTIFICATION, f"seat {seat} builds {action.card} in the {area}", seat=seat,
                         card=action.card, area=area)]


def explain_build(game: Any, state: DTState, action: Any) -> IllegalAction:
    c = game.pool.get(action.card) if isinstance(action.card, str) else None
    if c is None or c.type != "fortification":
        return IllegalAction(R.FORTIFICATION, f"{action.card!r} is not a fortification card")
    if action.card not in state.seat.hand:
        return IllegalAction(R.FORTIFICATION, f"{action.card} is not in seat {state.current}'s hand")
    return IllegalAction(R.FORTIFICATION, f"{action.card} is already built in your {c.area}: one copy per area")


# -- Bestow Gift ------------------------------------------------------------------------------------------

def gift_problem(game: Any, t: Trooper, card: Any) -> tuple[Any, str] | None:
    """Why ``t`` may not have gift ``card`` (rule, reason), or ``None``."""
    warrior = game.pool[t.card]
    if t.hidden:  # a gift would show the others it is Dark Legion (register: hidden-attachments)
        return R.MUSTER_IN_COVER, ("a gift on a warrior mustered in cover would show it is Dark Legion: reveal "
                                   "it first")
    if "dark_legion" not in game.classes_of(t):
        return R.GIFT, f"{t.card} is not a Dark Legion warrior"
    if "dark_symmetry" in warrior.immune or (card.level == "lesser" and "gifts" in warrior.immune):
        return R.IMMUNITY, f"{t.card} is immune to {card.name}"
    if card.level == "apostle" and warrior.follower_of != card.apostle:
        return R.GIFT, f"{card.name} is a Gift of {card.apostle}: only a Follower of {card.apostle} may have it"
    if card.name in t.cards():
        return R.GIFT, f"{t.card} already has {card.name}: never two of the same gift"
    return None


def bestow_options(game: Any, state: DTState) -> list[Bestow]:
    seat = state.current
    pool = game.pool
    out = []
    for name in game.in_hand(state, "dark_symmetry"):
        c = pool[name]
        for t in state.troopers:
            if t.owner == seat and gift_problem(game, t, c) is None:
                out.append(Bestow(name, t.uid))
    return out


def do_bestow(game: Any, state: DTState, action: Bestow, chance: Any,
              tell: bool = True) -> tuple[DTState, list[Event]]:
    """Bestow Gift (``tell=False``: not told, the same state)."""
    seat = state.current
    state, t = attach_from_hand(state, seat, action.uid, action.card)
    if not tell:
        return state, []
    who = "a warrior in cover" if t.hidden else t.card
    return state, [event(R.GIFT, f"seat {seat} bestows {action.card} on {who}", uid=t.uid, card=action.card)]


def explain_bestow(game: Any, state: DTState, action: Any) -> IllegalAction:
    c = game.pool.get(action.card) if isinstance(action.card, str) else None
    if c is None or c.type != "dark_symmetry":
        return IllegalAction(R.GIFT, f"{action.card!r} is not a Dark Symmetry card")
    if action.card not in state.seat.hand:
        return IllegalAction(R.GIFT, f"{action.card} is not in seat {state.current}'s hand")
    t = state.find(action.uid)
    if t is None or t.owner != state.current:
        return IllegalAction(R.GIFT, f"gifts go on a Dark Legion warrior of yours in play, "
                                     f"not {warrior_name(state, action.uid, ANYONE)}")
    problem = gift_problem(game, t, c)
    if problem is not None:
        return IllegalAction(*problem)
    return IllegalAction(R.GIFT, f"{said(state, action)} is not possible now")


register(Build, R.FORTIFICATION, 1, build_options, do_build, explain_build, hand="fortification", tells=True)
register(Bestow, R.GIFT, 1, bestow_options, do_bestow, explain_bestow, hand="dark_symmetry", tells=True)

__all__ = ["gift_problem"]
