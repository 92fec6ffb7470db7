"""Paradise Lost, "Beasts": the native animals of Earth that warriors ride (a card
type, ``type = "beast"`` in ``data/doomtrooper/cards.toml``).

A Beast is given, as one action (:class:`~explorer.doomtrooper.base.actions.GiveBeast`),
to a warrior of yours in your Outpost that may have it (``who``).  A warrior
has one Beast or one vehicle, never both nor two Beasts, and a warrior
considered a Beast has neither (:mod:`explorer.doomtrooper.base.equip` refuses the
vehicle).  The warrior always rides it: its modifiers change the printed
ratings before anything else, new base ratings, counted in every combat
(:func:`beast_ratings`, a part of :meth:`~explorer.doomtrooper.base.combat.Combat.fighter`).
Fortifications and cover keep working.  A rider never leaves the Outpost of
its own accord; pushed out, it loses the Beast
(:func:`explorer.doomtrooper.expansions.outpost.force_out`).

>>> from explorer.doomtrooper.cards import load_pool
>>> load_pool()["Dune Strider"].fight
3
"""

from __future__ import annotations

from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict

from ...core.data import DataError
from ...core.engine import IllegalAction
from ...core.events import Event, event
from .. import sections as R
from ..base.actions import WHEN, GiveBeast, register
from ..cards import register_card_type
from ..base.combat_state import EXTRA_RATINGS, Term
from .outpost import BEAST, OUTPOST
from ..state import DTState, Trooper, attach_from_hand
from ..words import ANYONE, said, warrior_name


class Beast(NamedTuple):
    """A Beast: what it adds to its rider's Fight, Shoot, Armor and Value (new base
    ratings), and the class of warrior that may ride it (``who``)."""

    name: str
    fight: int = 0
    shoot: int = 0
    armor: int = 0
    value: int = 0
    who: str = "any"
    text: str = ""

    type = "beast"


class _BeastRow(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str
    type: str
    fight: int = 0
    shoot: int = 0
    armor: int = 0
    value: int = 0
    who: str = "any"
    text: str = ""


def _build(data: dict, path: Any, aff: Any) -> Beast:
    known = set(aff.of) | set(aff.groups) | {"doomtrooper", "pure_freelancer", "any"} | set(aff.keywords)
    if data["who"] not in known and not data["who"][:1].isupper():
        raise DataError(path, data["name"], "who", f"unknown class {data['who']!r} (an affiliation, a group, "
                                                   "doomtrooper, any, or a keyword)")
    return Beast(**data)


register_card_type("beast", Beast, _BeastRow, "GiveBeast", _build)


def beast_of(game: Any, t: Trooper) -> Beast | None:
    pool = game.pool
    for a in t.attached:
        c = pool[a.card]
        if c.type == "beast":
            return c
    return None


def beast_problem(game: Any, state: DTState, t: Trooper, card: Beast) -> tuple[Any, str] | None:
    """Why ``t`` may not be given ``card`` (``(rule, reason)``), or ``None``."""
    if not game.rules.outpost:
        return R.OUTPOST, "the Paradise Lost rules (switch outpost) are off: there is no Outpost and no Beast"
    if t.area != OUTPOST:
        return R.BEASTS, f"{t.card} is not in your Outpost: Beasts are given only there"
    classes = game.classes_of(t)
    if card.who != "any" and card.who not in classes:
        return R.BEASTS, f"{card.name} may be ridden only by a warrior of class {card.who}"
    if BEAST in classes:
        return R.BEASTS, f"{t.card} is considered a Beast: it may not have one"
    if beast_of(game, t) is not None:
        return R.BEASTS, f"{t.card} already rides a Beast: one at most"
    if game.vehicle_of(t) is not None:
        return R.BEASTS, f"{t.card} has a vehicle: a warrior has one Beast or one vehicle, never both"
    return None


def give_options(game: Any, state: DTState) -> list[GiveBeast]:
    if not game.rules.outpost:
        return []
    pool = game.pool
    seat = state.current
    beasts = [n for n in state.seat.hand.distinct if pool[n].type == "beast"]
    if not beasts:
        return []
    mine = [t for t in state.troopers if t.owner == seat and t.area == OUTPOST]
    return [GiveBeast(n, t.uid) for n in beasts for t in mine if beast_problem(game, state, t, pool[n]) is None]


def do_give(game: Any, state: DTState, action: GiveBeast, chance: Any) -> tuple[DTState, list[Event]]:
    seat = state.current
    state, t = attach_from_hand(state, seat, action.uid, action.card)
    who = "a warrior in cover" if t.hidden else t.card
    return state, [event(R.BEASTS, f"seat {seat} gives {action.card} to {who}: it rides it from now on",
                         uid=t.uid, card=action.card)]


def explain_give(game: Any, state: DTState, action: Any) -> IllegalAction:
    c = game.pool.get(action.card) if isinstance(action.card, str) else None
    if c is None or c.type != "beast":
        return IllegalAction(R.BEASTS, f"{action.card!r} is not a Beast card")
    if action.card not in state.seat.hand:
        return IllegalAction(R.BEASTS, f"{action.card} is not in seat {state.current}'s hand")
    t = state.find(action.uid)
    if t is None or t.owner != state.current:
        return IllegalAction(R.BEASTS, f"a Beast goes to a warrior of yours in play, "
                                       f"not {warrior_name(state, action.uid, ANYONE)}")
    why = beast_problem(game, state, t, c)
    if why is not None:
        return IllegalAction(*why)
    return IllegalAction(R.BEASTS, f"{said(state, action)} is not possible now")


def beast_ratings(combat: Any, table: Any, t: Trooper):
    """The rider's Beast in a combat: always used, its modifiers new base ratings."""
    if not combat.rules.outpost or not t.attached:
        return ()
    b = beast_of(combat, t)
    if b is None:
        return ()
    da = b.fight if table.tactic == "fight" else b.shoot
    return (Term(f"{b.name} (Beast: new base ratings)", R.BEASTS, da, b.armor, b.value),)


register(GiveBeast, R.BEASTS, 1, give_options, do_give, explain_give, enabled=lambda rules: rules.outpost)
EXTRA_RATINGS.append(beast_ratings)
WHEN[beast_ratings] = lambda rules: rules.outpost

__all__ = ["Beast", "beast_of", "beast_problem", "beast_ratings"]
