"""Ki Powers (the Apocalypse expansion; switch ``ki_powers``).

One action (:class:`AttachKiPower`) attaches a Ki Power from your hand to a
warrior of yours with the Mishima affiliation (its card's, or one gained: a
``Mishima`` keyword), never a second copy of the same Ki Power on one warrior.
The warrior has the card's effects (ours: rating changes, striking first)
while it holds it.  A warrior that is no longer Mishima keeps its Ki Powers,
and they still work, but no more may be attached to it (register:
``ki-lost-affiliation``).

>>> from explorer.doomtrooper.cards import load_pool
>>> load_pool()["Ki of the Striking Crane"].type
'ki_power'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, NamedTuple

from ...core.engine import IllegalAction
from ...core.events import Event, event
from .. import sections as R
from ..base.actions import ACTION_TYPES, register
from ..cards import STRIKES, _ModifierRow, register_card_type
from ..base.combat_state import ATTACHED_RATINGS
from ..state import DTState, Trooper, attach_from_hand

#: The affiliation a warrior must have to be given a Ki Power.
MISHIMA = "Mishima"


class KiPower(NamedTuple):
    """A Ki Power card: what it adds to its warrior."""

    name: str
    fight: int = 0
    shoot: int = 0
    armor: int = 0
    value: int = 0
    strike_first: str = ""
    text: str = ""

    type = "ki_power"


class _KiRow(_ModifierRow):
    strike_first: Literal[STRIKES] = ""  # type: ignore[valid-type]


def _build(data: dict, path: Path, aff: Any) -> KiPower:
    return KiPower(**data)


register_card_type("ki_power", KiPower, _KiRow, "AttachKiPower", _build)
ATTACHED_RATINGS["ki_power"] = R.KI_POWERS  # its ratings add to its warrior's


@dataclass(frozen=True, slots=True)
class AttachKiPower:
    """Attach Ki Power ``card`` to your Mishima warrior ``uid`` (one action)."""

    card: str
    uid: int

    def __str__(self) -> str:
        return f"attach the Ki Power {self.card} to #{self.uid}"


def ki_problem(game: Any, t: Trooper, card: str) -> str | None:
    """Why ``t`` may not take Ki Power ``card`` now (``None``: it may)."""
    if MISHIMA not in game.classes_of(t):
        return f"{t.card} is not of the Mishima affiliation: Ki Powers go only on Mishima warriors"
    if card in t.cards():
        return f"{t.card} already has {card}: one copy of each Ki Power per warrior"
    return None


def ki_options(game: Any, state: DTState) -> list[AttachKiPower]:
    if not game.rules.ki_powers:
        return []
    pool = game.pool
    seat = state.current
    mine = [t for t in state.troopers if t.owner == seat]
    out = []
    for name in state.seat.hand.distinct:
        if pool[name].type == "ki_power":
            out += [AttachKiPower(name, t.uid) for t in mine if ki_problem(game, t, name) is None]
    return out


def do_ki(game: Any, state: DTState, action: AttachKiPower, chance: Any) -> tuple[DTState, list[Event]]:
    seat = state.current
    state, t = attach_from_hand(state, seat, action.uid, action.card)
    who = "a warrior in cover" if t.hidden else t.card
    return state, [event(R.KI_POWERS, f"seat {seat} attaches the Ki Power {action.card} to {who}", seat=seat,
                         uid=t.uid, card=action.card)]


def explain_ki(game: Any, state: DTState, action: Any) -> IllegalAction:
    if not game.rules.ki_powers:
        return IllegalAction(R.APOCALYPSE, "the Apocalypse expansion's Ki Powers are not in play (switch: ki_powers)")
    c = game.pool.get(action.card) if isinstance(action.card, str) else None
    if c is None or c.type != "ki_power":
        return IllegalAction(R.KI_POWERS, f"{action.card!r} is not a Ki Power card")
    if action.card not in state.seat.hand:
        return IllegalAction(R.KI_POWERS, f"{action.card} is not in seat {state.current}'s hand")
    t = state.find(action.uid) if isinstance(action.uid, int) else None
    if t is None or t.owner != state.current:
        return IllegalAction(R.KI_POWERS, f"a Ki Power goes on a warrior of yours in play, not {action.uid!r}")
    return IllegalAction(R.KI_POWERS, ki_problem(game, t, action.card) or f"{action!r} is not possible now")


register(AttachKiPower, R.KI_POWERS, 1, ki_options, do_ki, explain_ki,
         enabled=lambda rules: rules.ki_powers)
ACTION_TYPES["AttachKiPower"] = AttachKiPower

__all__ = ["AttachKiPower", "KiPower", "MISHIMA", "ki_problem"]
