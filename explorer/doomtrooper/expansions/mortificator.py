"""The Mortificator expansion (switch ``mortificator_poisons``).

Mortificators may attack any warrior, Brotherhood warriors included: that is
already a rule of the basic game ("Attack: Announce Attacker and Defender",
the ``combat.announce.mortificators`` rule of ``data/doomtrooper/affiliations.toml``,
which the first-edition supplement's "Mortificators" repeats), so it needs no
switch.  The expansion adds the Poisons: Special cards with the ``Poison``
keyword that only Mortificators may use.  Our reading (register:
``poison-use``): in a combat, a Poison may be played only while a Mortificator
of its player is one of the two combatants; in its player's turn, only while a
Mortificator of his is in play and shown.  With the switch off the Poisons may
not be played at all (the expansion is not in the game).

>>> from explorer.doomtrooper.cards import load_pool
>>> load_pool()["Black Lotus Venom"].keywords
('Poison',)
"""

from __future__ import annotations

from typing import Any

from .. import sections as R
from ..base import spells
from ..base.combat_state import PLAY_LIMITS

#: The keyword that makes a Special a Poison, and the class a warrior must have to use one.
POISON = "Poison"
MORTIFICATOR = "Mortificator"


def is_poison(card: Any) -> bool:
    return card.type == "special" and POISON in card.keywords


def combat_limit(combat: Any, table: Any, seat: int, card: Any) -> tuple[Any, str] | None:
    """Why ``seat`` may not play Poison ``card`` in this combat (``None``: he may)."""
    if not is_poison(card):
        return None
    if not combat.rules.mortificator_poisons:
        return R.MORTIFICATOR_EXPANSION, ("the Mortificator expansion's Poisons are not in play (switch: "
                                          "mortificator_poisons)")
    for uid in (table.attacker, table.defender):
        t = table.trooper(uid)
        if t.owner == seat and MORTIFICATOR in combat.classes_of(t):
            return None
    return R.MORTIFICATOR_EXPANSION, f"{card.name} is a Poison: only a Mortificator of yours fighting in this combat " \
                                     "may use it"


def turn_limit(game: Any, state: Any, seat: int, card: Any) -> tuple[Any, str] | None:
    """Why ``seat`` may not play Poison ``card`` in his turn (``None``: he may)."""
    if not is_poison(card):
        return None
    if not game.rules.mortificator_poisons:
        return R.MORTIFICATOR_EXPANSION, ("the Mortificator expansion's Poisons are not in play (switch: "
                                          "mortificator_poisons)")
    if any(t.owner == seat and not t.hidden and MORTIFICATOR in game.classes_of(t) for t in state.troopers):
        return None
    return R.MORTIFICATOR_EXPANSION, f"{card.name} is a Poison: you need a Mortificator in play (shown) to use it"


PLAY_LIMITS.append(combat_limit)
spells.PLAY_LIMITS.append(turn_limit)

__all__ = ["MORTIFICATOR", "POISON", "combat_limit", "is_poison", "turn_limit"]
