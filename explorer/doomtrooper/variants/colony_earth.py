"""Colonization's Earth ("Each planet has its own set of rules", EARTH): warriors
on Dark Eden obey the Paradise Lost rules, all but the one that makes every
player answer an opponent's Outpost.  With the Paradise Lost rules in the game
(the ``outpost`` switch), Earth is each player's Outpost: a warrior is in his
Outpost exactly while it stands on Earth, so the Outpost's rules (no Doomtroopers
beside Dark Legion warriors, the tribes apart, Tribal warriors and Beasts only
there, a Transfer once a turn, no combat across its edge, its areas of
influence) hold on Earth.  Without the switch Earth is a place like the others.

:func:`earth_problem` says why a warrior may not come to or leave Earth;
:func:`on_earth` keeps a warrior's area in step with where it stands.
"""

from __future__ import annotations

from typing import Any

from .. import sections as R
from ..expansions.outpost import BEAST, OUTPOST, TRIBAL, camp, has_beast, home_area, in_outpost
from ..state import DTState, Trooper, put_trooper


def _camp_of(classes: frozenset[str]) -> str:
    dt, dl = "doomtrooper" in classes, "dark_legion" in classes
    return "doomtrooper" if dt and not dl else "dark_legion" if dl and not dt else ""


def earth_problem(game: Any, state: DTState, seat: int, card: str, place: str, earth: str,
                  mover: Trooper | None = None) -> tuple[Any, str] | None:
    """Why warrior ``card`` of ``seat`` may not come to stand on ``place`` under the
    Paradise Lost rules (``mover``: the warrior moving there if it is in play), or
    ``None``; nothing when the ``outpost`` switch is off."""
    if not game.rules.outpost:
        return None
    classes = game.classes_of_card(card)
    here = mover is not None and (mover.place or earth) == earth
    if TRIBAL in classes and place != earth:
        return R.TRANSFER, f"{card} is a Tribal warrior: it stays on Earth (the Outpost)"
    if mover is None or here == (place == earth):
        if mover is None and place == earth:
            return _mixed(game, state, seat, card, classes)
        return None
    if BEAST in classes:
        return R.BEASTS, f"{card} is considered a Beast: it may not transfer"
    if here and has_beast(game, mover):
        return R.BEASTS, f"{card} rides a Beast: it may not leave Earth (the Outpost) of its own accord"
    if mover.moved == state.turn:
        return R.TRANSFER, f"{card} has already transferred to or from Earth this turn (once a turn)"
    return _mixed(game, state, seat, card, classes) if place == earth else None


def _mixed(game: Any, state: DTState, seat: int, card: str, classes: frozenset[str]) -> tuple[Any, str] | None:
    mine = _camp_of(classes)
    for other in in_outpost(state, seat):
        theirs = camp(game, other)
        if mine and theirs and theirs != mine:
            return R.TRANSFER, (f"{other.card} is on Earth (your Outpost): Doomtroopers and Dark Legion warriors are "
                                f"never there together, so {card} may not join it")
    return None


def on_earth(game: Any, state: DTState, uid: int, earth: str, moved: bool) -> DTState:
    """Put warrior ``uid`` in its Outpost if it stands on Earth, else in its Squad or
    Kohort (``moved``: it has just transferred, which counts as its Transfer this turn)."""
    if not game.rules.outpost:
        return state
    t = state.find(uid)
    if t is None:
        return state
    area = OUTPOST if (t.place or earth) == earth else home_area(game, t)
    if area == t.area and not moved:
        return state
    return put_trooper(state, t._replace(area=area, moved=state.turn if moved and area != t.area else t.moved))


__all__ = ["earth_problem", "on_earth"]
