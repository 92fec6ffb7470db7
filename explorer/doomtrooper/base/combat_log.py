"""What the resolution of a combat tells ("Attack", steps 5 and 6): its events, built only
for a runner that keeps them (:meth:`.combat.Combat.resolve` with ``tell``)."""

from __future__ import annotations

from typing import Any

from ...core.events import Event, event
from .. import sections as R
from .clash import first_striker
from .combat_state import KILLED, UNHURT

#: the mystical powers an immunity may switch off, in words
_POWERS = {"art": "the Art", "gifts": "the lesser Dark Symmetry gifts", "dark_symmetry": "Dark Symmetry"}


def resolution_events(table: Any, troopers, ratings, statuses, off, rolls: list | None,
                      dice: str | None) -> list[Event]:
    """What the resolution tells: immunities switched off, who strikes first, the final
    ratings, the dice (``dice``: the variant's dice, None without), how each combatant fares."""
    (ta, td), (ra, rd) = troopers, ratings
    events = []
    if off:
        events.append(event(R.IMMUNITY, f"immunity switches off {', '.join(sorted(_POWERS[o] for o in off))} "
                                        "for this combat", off=tuple(sorted(off))))
    first = first_striker(ra, rd)
    if ra.first or rd.first:
        text = ("the two strike-first abilities cancel out" if first is None
                else f"{(ta, td)[first].card} strikes first")
        events.append(event(R.STRIKE_FIRST, text))
    adds = f" (each rating adds {dice})" if dice is not None else ""
    rule = R.DICE if dice is not None else R.RESOLVE
    events.append(event(rule, f"Final: {ta.card} {table.tactic.capitalize()} {ra.attack} / Armor {ra.armor}; "
                              f"{td.card} {table.tactic.capitalize()} {rd.attack} / Armor {rd.armor}{adds}",
                        attacker=(ra.attack, ra.armor, ra.value), defender=(rd.attack, rd.armor, rd.value)))
    if rolls:
        events.append(_rolls(table, troopers, ratings, rolls))
    for t, s in zip(troopers, statuses):
        text = {KILLED: "is killed", UNHURT: "is not hit"}.get(s) or ("is not hit (and stays wounded)"
                                                                    if t.wounded else "is wounded")
        events.append(event(R.STATUS, f"{t.card} {text}", uid=t.uid, status=s))
    return events


def _rolls(table: Any, troopers, ratings, rolls: list) -> Event:
    """The dice of each blow ("Doomtrooper with Dice"), in the order struck."""
    word = table.tactic.capitalize()
    parts = []
    for x, mine, theirs in rolls:
        y = 1 - x
        hit = ratings[x].attack + mine >= ratings[y].armor + theirs
        parts.append(f"{troopers[x].card} {word} {ratings[x].attack} + {mine} = {ratings[x].attack + mine} against "
                     f"{troopers[y].card} Armor {ratings[y].armor} + {theirs} = {ratings[y].armor + theirs}: "
                     f"{'hits' if hit else 'misses'}")
    return event(R.DICE, "Rolls: " + "; ".join(parts), rolls=tuple(rolls))


__all__ = ["resolution_events"]
