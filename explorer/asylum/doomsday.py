"""Doomsday points ("Doomsday points"): earned from plot rooms, conflicts and
Calculated Risks, spent on recruits, upgrades and Doom Ready status, never more
than the cap (8) and never below 0."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.events import Event, RuleRef, event
from ..core.numbers import counted
from . import sections as R
from .state import AsylumState, with_doomsday

if TYPE_CHECKING:
    from .game import AsylumGame


def gain(game: AsylumGame, state: AsylumState, seat: int, delta: int, rule: RuleRef,
         why: str) -> tuple[AsylumState, tuple[Event, ...]]:
    """Add (or take away) Doomsday points for the reason ``why``, citing ``rule``:
    never above the cap ("Doomsday points"), never below 0."""
    party = state.parties[seat]
    old = party.doomsday
    cap = game.rules.doomsday_cap
    raw = old + delta
    new = min(cap, max(0, raw))
    key = ("gain", rule, seat, delta, why, old)
    events = game.memo.get(key)  # as game.said, without building a closure at every gain
    if events is None:
        events = game.remember(key, _said(rule, seat, delta, why, old, cap))
    if new == old:
        return state, events
    return with_doomsday(state, party, new), events


def _said(rule: RuleRef, seat: int, delta: int, why: str, old: int, cap: int) -> tuple[Event, ...]:
    """The events of :func:`gain` (the same for the same change: kept by the game)."""
    raw = old + delta
    new = min(cap, max(0, raw))
    verb = (f"gains {counted(delta, 'Doomsday point')}" if delta >= 0
            else f"loses {counted(min(-delta, old), 'Doomsday point')}")
    events = [event(rule, f"seat {seat} {verb} ({why}): {old} -> {new}", seat=seat, doomsday=new)]
    if raw > cap:
        events.append(event(R.DOOMSDAY_CAP, f"seat {seat} cannot hold more than {cap} Doomsday points: "
                            f"{raw - cap} lost", seat=seat))
    return tuple(events)


def spend(game: AsylumGame, state: AsylumState, seat: int, cost: int,
          what: str) -> tuple[AsylumState, tuple[Event, ...]]:
    """Pay ``cost`` Doomsday points for ``what`` (a recruit, an upgrade): the
    spending rule of "Doomsday points".  The caller has checked the party can pay."""
    return gain(game, state, seat, -cost, R.DOOMSDAY, f"spent on {what}")


__all__ = ["gain", "spend"]
