"""Warriors in play: leaving play with what is attached to them, wounds outside
combat, a warrior's Value outside combat, and the cover count ("Seek Cover":
while you have warriors in play, one must be out of cover).
"""

from __future__ import annotations

from typing import Any

from ...core.events import Event, RuleRef, event
from ..state import DTState, Trooper, put_seat
from .combat_state import Table


def remove(game: Any, state: DTState, uid: int, rule: RuleRef, why: str,
           tell: bool = True) -> tuple[DTState, list[Event]]:
    """``uid`` leaves play: its card to its owner's discard pile (face down), each
    attached card to its own owner's; ``why`` says how (empty when the log has
    said it already, as for a death in combat).  A warrior killed or discarded in cover is
    shown as it goes.  ``tell=False``: the same state, no event (a runner that keeps none)."""
    t = state.trooper(uid)
    seats = list(state.seats)
    owner = t.owner
    discard = seats[owner].discard.add(t.card)
    for a in t.attached:
        if a.owner == owner:  # his own cards: his seat copied once, with them all
            discard = discard.add(a.card)
        else:
            s = seats[a.owner]
            seats[a.owner] = s.with_discard(s.discard.add(a.card))
    seats[owner] = seats[owner].with_discard(discard)
    left = []  # (a loop: in Python 3.11 a comprehension is a call)
    for x in state.troopers:
        if x.uid != uid:
            left.append(x)
    state = state.with_seats(tuple(seats), tuple(left))
    if not tell:
        return state, []
    lost = f" with {', '.join(t.cards())}" if t.attached else ""
    done = f"{why} and is discarded" if why else "is discarded"
    return state, [event(rule, f"{t.card} (seat {t.owner}) {done}{lost}", uid=uid, card=t.card, seat=t.owner)]


def wound(game: Any, state: DTState, uid: int, rule: RuleRef, why: str) -> tuple[DTState, list[Event]]:
    """Wound ``uid`` outside combat; a wounded warrior wounded again is killed (and
    nobody earns points for it)."""
    t = state.trooper(uid)
    if t.wounded:
        return remove(game, state, uid, rule, f"is killed ({why}; no points are earned)")
    state = state._replace(troopers=tuple(x._replace(wounded=True) if x.uid == uid else x for x in state.troopers))
    return state, [event(rule, f"{t.card} (seat {t.owner}) is wounded ({why})", uid=uid)]


def out_of_cover(state: DTState, seat: int) -> int:
    """How many of ``seat``'s warriors are out of cover."""
    n = 0  # a loop: in Python 3.11 a comprehension is a call
    for t in state.troopers:
        if t.owner == seat and not t.cover:
            n += 1
    return n


def must_exit_cover(state: DTState, seat: int) -> bool:
    """"Seek Cover": every warrior of ``seat`` is in cover, so his next action must
    bring one out."""
    mine = False  # one pass, over at his first warrior out of cover
    for t in state.troopers:
        if t.owner == seat:
            if not t.cover:
                return False
            mine = True
    return mine


def value_of(game: Any, state: DTState, t: Trooper) -> int:
    """``t``'s modified Value outside combat (card, equipment, gifts, spells,
    fortifications): what a sabotage pays half of."""
    table = Table("fight", t.uid, t.uid, state.troopers, tuple(s.fortifications for s in state.seats),
                  state.purse_of, (t.owner,), (), (),
                  in_play=tuple(s.in_play for s in state.seats) if any(s.in_play for s in state.seats) else ())
    return game.combat.fighter(table, t, t, frozenset()).value


def able(game: Any, t: Trooper, viewer: Any = None) -> bool:
    """May ``t`` take part in combat at all ("No Warriors in Play")?  A warrior
    whose identity is hidden counts as able: nobody else can know otherwise."""
    if t.hidden and viewer != t.owner:
        return True
    return game.pool[t.card].combat


def discard_from_hand(state: DTState, seat: int, card: str) -> DTState:
    s = state.seats[seat]
    return put_seat(state, seat, s.with_hand(s.hand.remove(card), s.discard.add(card)))


__all__ = ["able", "discard_from_hand", "must_exit_cover", "out_of_cover", "remove", "value_of", "wound"]
