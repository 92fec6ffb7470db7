"""Muster Warrior, Muster Warrior in Cover (and paying for it when it is
revealed), and Personalities.

A warrior mustered in cover is *hidden*: the state knows its card, observers
other than its owner see a face-down card between Squad and Kohort.  It is
revealed when it exits cover or is attacked (:func:`reveal`); its Value falls
due then.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...core.engine import IllegalAction
from ...core.events import Event, event
from ...core.numbers import counted
from .. import sections as R
from .actions import MUSTER_CHECKS, Muster, MusterInCover, register
from ..state import DTState, Trooper, paid, pay, put_seat
from .warriors import out_of_cover, remove
from ..words import said


def known_copy(game: Any, state: DTState, seat: int, card: str) -> Trooper | None:
    """A copy of personality ``card`` in play that ``seat`` can see (shown, or
    hidden but his own), or ``None``."""
    if card not in game.personalities:
        return None
    for t in state.troopers:
        if t.card == card and (not t.hidden or t.owner == seat):
            return t
    return None


def checks(game: Any) -> tuple[tuple[frozenset[str], Any], ...]:
    """Each of :data:`.MUSTER_CHECKS` with the warriors of ``game``'s pool it may refuse, those
    of its class: any other passes it whatever the state, so only these are asked of it."""
    warriors = [name for name, c in game.pool.items() if c.type == "warrior"]
    return tuple((frozenset([n for n in warriors if cls in game.classes_of_card(n)]), check)
                 for cls, check in MUSTER_CHECKS)


def _warriors_in_hand(game: Any, state: DTState) -> Sequence[str]:
    names = game.in_hand(state, "warrior")
    seat = state.current
    for asked, check in game.muster_checks:  # the expansions' rules on where a warrior may enter play
        if asked.isdisjoint(names):  # none of his warriors is of the class it may refuse (most hands)
            continue
        kept = []  # (loops: no comprehension calls, in Python 3.11 a function each)
        for n in names:
            if n not in asked or not check(game, state, seat, n):
                kept.append(n)
        names = kept
    return names


def _musterable(game: Any, state: DTState) -> Sequence[str]:
    """The warriors in the current player's hand that may enter play, openly or in
    cover: where they may (the expansions' rules), and no personality he can see
    in play already.  Only his hand and the warriors in play are read (and the
    checks of :data:`.MUSTER_CHECKS` read no more): the last answer is kept with the
    hand and warriors it was for (immutable; both musters ask of one state in turn,
    and a step that leaves them alone, a Meditate, leaves the same objects)."""
    seat = state.current
    hand, troopers = state.seats[seat].hand, state.troopers
    last = game._musterable
    if last is not None and last[0] is hand and last[1] is troopers and last[2] == seat:
        return last[3]
    names = _warriors_in_hand(game, state)
    personalities = game.personalities
    if not personalities.isdisjoint(names):  # only a personality is looked for in play (known_copy)
        kept = []  # (a loop: in Python 3.11 a comprehension is a call)
        for n in names:
            if n not in personalities or known_copy(game, state, seat, n) is None:
                kept.append(n)
        names = kept
    names = tuple(names)
    game._musterable = (hand, troopers, seat, names)
    return names


# -- Muster Warrior ------------------------------------------------------------------------------------

#: the musters of a card, built once per card (actions are frozen values: one object serves every turn)
_muster = lru_cache(maxsize=1024)(Muster)
_muster_in_cover = lru_cache(maxsize=1024)(MusterInCover)


def muster_options(game: Any, state: DTState) -> list[Muster]:
    """The warriors he may muster and pay for.  Most often he can pay for none in his hand: then
    none is, and where they may enter play (:func:`_musterable`) is not asked."""
    destiny = state.purses[state.purse_of[state.current]]  # his Destiny (read without a method call)
    pool = game.pool
    out = []  # (loops: in Python 3.11 a comprehension is a call)
    for n in game.in_hand(state, "warrior"):
        if pool[n].value <= destiny:
            break
    else:
        return out
    for n in _musterable(game, state):
        if pool[n].value <= destiny:
            out.append(_muster(n))
    return out


def do_muster(game: Any, state: DTState, action: Muster, chance: Any,
              tell: bool = True) -> tuple[DTState, list[Event]]:
    """Muster Warrior (``tell=False``: the muster itself not told, the same state)."""
    seat = state.current
    events: list[Event] = []
    if action.card in game.personalities:
        hidden = [t for t in state.troopers if t.card == action.card and t.hidden and t.owner != seat]
        if hidden:
            first = hidden[0]
            state, events = reveal(game, state, first.uid, R.PERSONALITY_IN_COVER,
                                   f"seat {first.owner} shows the personality already in play in cover")
            if state.find(first.uid) is not None:
                events.append(event(R.PERSONALITY_IN_COVER, f"{action.card} goes back to seat {seat}'s hand: the "
                                                            "muster never took place (the action is given back)",
                                    seat=seat, card=action.card))
                return state._replace(actions=state.actions + 1), events
    return _place(game, state, seat, action.card, cover=False, events=events, tell=tell)


def _place(game: Any, state: DTState, seat: int, name: str, cover: bool, events: list[Event], tell: bool = True):
    card = game.pool[name]
    area = game.aff.area_for(game.classes_of_card(name))
    s = state.seats[seat]
    # "No Warriors in Play": only a warrior that may take part in combat ends the countdown
    s = s.mustered(s.hand.remove(name), -1 if card.combat else s.bare_since)
    uid = state.next_uid
    t = Trooper(uid, name, seat, area, cover=cover, hidden=cover, unpaid=cover)
    # the seat, the warrior and (out of cover) the payment in one copy
    purses = state.purses if cover else paid(state, seat, card.value)
    seats = state.seats
    state = state.with_muster(seats[:seat] + (s,) + seats[seat + 1:], purses, state.troopers + (t,), uid + 1)
    if not tell:
        return state, events
    if cover:
        events.append(event(R.MUSTER_IN_COVER, f"seat {seat} musters a warrior in cover (face down, between Squad "
                                               "and Kohort, not yet paid for)", seat=seat, uid=uid))
        events.append(event(R.MUSTER_IN_COVER, f"the warrior in cover is {name}", visible_to=seat, uid=uid,
                            card=name))
    else:
        events.append(event(R.MUSTER, f"seat {seat} musters {name} into the {area}, paying {card.value} Destiny "
                                      "Points", seat=seat, uid=uid, card=name, area=area))
    return state, events


def explain_muster(game: Any, state: DTState, action: Any) -> IllegalAction:
    name = action.card
    seat = state.current
    card = game.pool.get(name) if isinstance(name, str) else None
    if card is None or card.type != "warrior":
        return IllegalAction(R.MUSTER, f"{name!r} is not a warrior card")
    if name not in state.seat.hand:
        return IllegalAction(R.MUSTER, f"{name} is not in seat {seat}'s hand")
    if known_copy(game, state, seat, name) is not None:
        return IllegalAction(R.PERSONALITIES, f"{name} is a personality already in play: only one may be in play")
    for _, check in MUSTER_CHECKS:
        refused = check(game, state, seat, name)
        if refused is not None:
            return refused
    if isinstance(action, Muster) and card.value > state.destiny(seat):
        return IllegalAction(R.MUSTER, f"{name} costs {counted(card.value, 'Destiny Point')}; seat {seat} has "
                                       f"{state.destiny(seat)}")
    if isinstance(action, MusterInCover):
        need = game.rules.muster_in_cover_actions
        if state.actions < need:
            return IllegalAction(R.MUSTER_IN_COVER, f"mustering in cover takes {need} actions; {state.actions} left")
        if not game.rules.muster_in_cover_alone and out_of_cover(state, seat) == 0:
            return IllegalAction(R.COVER, "at least one of your warriors in play must be out of cover: a warrior "
                                          "mustered in cover cannot be your only one in the open")
    return IllegalAction(R.ACTIONS, f"{said(state, action)} is not possible now")


# -- Muster Warrior in Cover ---------------------------------------------------------------------------

def cover_options(game: Any, state: DTState) -> list[MusterInCover]:
    seat = state.current
    if not game.rules.muster_in_cover_alone and out_of_cover(state, seat) == 0:
        return []
    return list(map(_muster_in_cover, _musterable(game, state)))


def do_muster_in_cover(game: Any, state: DTState, action: MusterInCover, chance: Any):
    return _place(game, state, state.current, action.card, cover=True, events=[])


# -- revealing a warrior in cover ----------------------------------------------------------------------

def reveal(game: Any, state: DTState, uid: int, rule: Any, why: str) -> tuple[DTState, list[Event]]:
    """Show hidden warrior ``uid`` and pay its Value if it is still due ("Muster
    Warrior in Cover"): short of Destiny Points, it is discarded, its owner's pool
    is emptied and the rest comes out of his Promotion Points.  A personality
    shown first is the real one: other hidden copies go back to their owners'
    hands ("Personalities")."""
    t = state.trooper(uid)
    events = [event(rule, f"{why}: the warrior in cover is {t.card}", uid=uid, card=t.card, seat=t.owner)]
    t = t._replace(hidden=False)
    state = state._replace(troopers=tuple(t if x.uid == uid else x for x in state.troopers))
    if t.unpaid:
        cost = game.pool[t.card].value
        have = state.destiny(t.owner)
        if have >= cost:
            state = pay(state, t.owner, cost)
            state = state._replace(troopers=tuple(x._replace(unpaid=False) if x.uid == uid else x
                                                  for x in state.troopers))
            events.append(event(R.COVER_PAYMENT, f"seat {t.owner} pays {counted(cost, 'Destiny Point')} for {t.card}",
                                seat=t.owner, destiny=-cost))
        else:
            short = cost - have
            s = state.seats[t.owner]
            lost = min(short, s.promotion)
            state = pay(state, t.owner, have)
            state = put_seat(state, t.owner, s._replace(promotion=s.promotion - lost))
            events.append(event(R.COVER_PAYMENT, f"seat {t.owner} cannot pay {counted(cost, 'Destiny Point')} for "
                                                 f"{t.card}: loses all his Destiny and Promotion Points ({have} and "
                                                 f"{lost})",
                                seat=t.owner, destiny=-have, promotion=-lost))
            state, more = remove(game, state, uid, R.COVER_PAYMENT, "could not be paid for")
            events += more
    if game.pool[t.card].personality and state.find(uid) is not None:
        for other in [x for x in state.troopers if x.card == t.card and x.hidden and x.uid != uid]:
            state, more = back_to_hand(state, other)
            events.append(event(R.PERSONALITY_IN_COVER, f"seat {other.owner}'s copy of {t.card} in cover goes back "
                                                        "to his hand (the first shown is the real one)",
                                seat=other.owner, uid=other.uid))
    return state, events


def back_to_hand(state: DTState, t: Trooper) -> tuple[DTState, list[Event]]:
    """A warrior returns to its owner's hand; what was attached to it is discarded."""
    seats = list(state.seats)
    seats[t.owner] = seats[t.owner]._replace(hand=seats[t.owner].hand.add(t.card))
    for a in t.attached:
        seats[a.owner] = seats[a.owner]._replace(discard=seats[a.owner].discard.add(a.card))
    return state._replace(seats=tuple(seats), troopers=tuple(x for x in state.troopers if x.uid != t.uid)), []


register(Muster, R.MUSTER, 1, muster_options, do_muster, explain_muster, hand="warrior", tells=True)
register(MusterInCover, R.MUSTER_IN_COVER, lambda rules: rules.muster_in_cover_actions, cover_options,
         do_muster_in_cover, explain_muster, hand="warrior")

__all__ = ["back_to_hand", "known_copy", "reveal"]
