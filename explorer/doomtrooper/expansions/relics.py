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

from .. import sections as R
from ..cards import STRIKES, _ModifierRow, _check_class, register_card_type
from ..state import Trooper
from .attachments import Attachment, register_attachment


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


@dataclass(frozen=True, slots=True)
class PlayRelic:
    """Play a Relic: attach ``card`` to your warrior ``uid`` (one action)."""

    card: str
    uid: int

    def __str__(self) -> str:
        return f"attach the Relic {self.card} to #{self.uid}"


def holder_problem(game: Any, t: Trooper, card: Relic) -> str | None:
    """Why ``t`` may not have Relic ``card`` (``None``: it may)."""
    if card.who != "any" and card.who not in game.classes_of(t):
        return f"{card.name} may be attached only to a warrior of class {card.who}"
    return None


register_attachment(Attachment("relic", "Relic", PlayRelic, R.RELICS, "relics", R.INQUISITION,
                               "the Inquisition expansion's Relics",
                               lambda game, t, name: holder_problem(game, t, game.pool[name]), unique=True))

__all__ = ["PlayRelic", "Relic", "holder_problem"]
