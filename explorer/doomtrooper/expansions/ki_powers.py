"""Ki Powers (the Apocalypse expansion; switch ``ki_powers``).

One action (:class:`AttachKiPower`) attaches a Ki Power from your hand to a
warrior of yours with the Mishima affiliation (its card's, or one gained: a
``Mishima`` keyword; any player's under ``ki_powers_any_warrior``, register:
``ki-whose-warrior``), never a second copy of the same Ki Power on one warrior.
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

from .. import sections as R
from ..cards import STRIKES, _ModifierRow, register_card_type
from ..state import Trooper
from .attachments import Attachment, register_attachment

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


register_attachment(Attachment("ki_power", "Ki Power", AttachKiPower, R.KI_POWERS, "ki_powers", R.APOCALYPSE,
                               "the Apocalypse expansion's Ki Powers", ki_problem,
                               anyone="ki_powers_any_warrior"))

__all__ = ["AttachKiPower", "KiPower", "MISHIMA", "ki_problem"]
