"""Relics (the Inquisition expansion; switch ``relics``).

One action (:class:`PlayRelic`) attaches a Relic from your hand to a warrior
of yours that may have it (its card's ``who``: a class, "any" by default).
A Relic is unique in play: never while an identical Relic is attached to any
warrior on the table; once it is discarded (its warrior killed, say) another
copy may come in.  A Relic is not Equipment: the one-armor limit, a vehicle
shutting equipment off and cards that discard equipment leave it alone.  It
adds its ratings in every combat of its warrior (and may make it strike
first).

>>> from explorer.doomtrooper.cards import load_pool
>>> load_pool()["Shroud of Saint Dominic"].type
'relic'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, NamedTuple

from ...core.engine import IllegalAction
from ...core.events import Event, event
from .. import sections as R
from ..base.actions import ACTION_TYPES, register
from ..cards import STRIKES, _ModifierRow, _check_class, register_card_type
from ..base.combat_state import ATTACHED_RATINGS
from ..state import DTState, Trooper, attach_from_hand


class Relic(NamedTuple):
    """A Relic card: what it adds to its warrior, and who may have it."""

    name: str
    fight: int = 0
    shoot: int = 0
    armor: int = 0
    value: int = 0
    strike_first: str = ""
    who: str = "any"
    text: str = ""

    type = "relic"


class _RelicRow(_ModifierRow):
    strike_first: Literal[STRIKES] = ""  # type: ignore[valid-type]
    who: str = "any"


def _build(data: dict, path: Path, aff: Any) -> Relic:
    _check_class(data["who"], aff, path, data["name"], "who")
    return Relic(**data)


register_card_type("relic", Relic, _RelicRow, "PlayRelic", _build)
ATTACHED_RATINGS["relic"] = R.RELICS  # its ratings add to its warrior's


@dataclass(frozen=True, slots=True)
class PlayRelic:
    """Play a Relic: attach ``card`` to your warrior ``uid`` (one action)."""

    card: str
    uid: int

    def __str__(self) -> str:
        return f"attach the Relic {self.card} to #{self.uid}"


def in_play(state: DTState, card: str) -> bool:
    """Is a Relic ``card`` attached to any warrior on the table?"""
    return any(a.card == card for t in state.troopers for a in t.attached)


def holder_problem(game: Any, t: Trooper, card: Relic) -> str | None:
    """Why ``t`` may not have Relic ``card`` (``None``: it may)."""
    if card.who != "any" and card.who not in game.classes_of(t):
        return f"{card.name} may be attached only to a warrior of class {card.who}"
    return None


def relic_options(game: Any, state: DTState) -> list[PlayRelic]:
    if not game.rules.relics:
        return []
    pool = game.pool
    seat = state.current
    out = []
    for name in state.seat.hand.distinct:
        c = pool[name]
        if c.type != "relic" or in_play(state, name):
            continue
        out += [PlayRelic(name, t.uid) for t in state.troopers if t.owner == seat and holder_problem(game, t, c) is None]
    return out


def do_relic(game: Any, state: DTState, action: PlayRelic, chance: Any) -> tuple[DTState, list[Event]]:
    seat = state.current
    state, t = attach_from_hand(state, seat, action.uid, action.card)
    who = "a warrior in cover" if t.hidden else t.card
    return state, [event(R.RELICS, f"seat {seat} attaches the Relic {action.card} to {who}", seat=seat,
                         uid=t.uid, card=action.card)]


def explain_relic(game: Any, state: DTState, action: Any) -> IllegalAction:
    if not game.rules.relics:
        return IllegalAction(R.INQUISITION, "the Inquisition expansion's Relics are not in play (switch: relics)")
    c = game.pool.get(action.card) if isinstance(action.card, str) else None
    if c is None or c.type != "relic":
        return IllegalAction(R.RELICS, f"{action.card!r} is not a Relic card")
    if action.card not in state.seat.hand:
        return IllegalAction(R.RELICS, f"{action.card} is not in seat {state.current}'s hand")
    if in_play(state, action.card):
        return IllegalAction(R.RELICS, f"{action.card} is already in play: every Relic is unique")
    t = state.find(action.uid) if isinstance(action.uid, int) else None
    if t is None or t.owner != state.current:
        return IllegalAction(R.RELICS, f"a Relic goes on a warrior of yours in play, not {action.uid!r}")
    why = holder_problem(game, t, c)
    return IllegalAction(R.RELICS, why or f"{action!r} is not possible now")


register(PlayRelic, R.RELICS, 1, relic_options, do_relic, explain_relic,
         enabled=lambda rules: rules.relics)
ACTION_TYPES["PlayRelic"] = PlayRelic

__all__ = ["PlayRelic", "Relic", "holder_problem", "in_play"]
