"""Cards played in a turn without using an action: Art spells cast outside
combat ("Casting Spells of the Art") and Specials whose card says "play during
your turn".

A spell needs a caster of yours in your Squad who may cast its aspect (in cover
is fine, but not hidden: casting would give it away), the Destiny Points it
costs, and a target the caster may cast on (a pure caster: Doomtroopers only;
never a warrior immune to the Art, nor one mustered in cover and not yet
revealed, whose class the spell would show).  Our lasting spells stay on their target
while it is in play.
"""

from __future__ import annotations

from typing import Any

from ...core.engine import IllegalAction
from ...core.events import Event, event
from ...core.numbers import counted
from .. import effects as E
from .. import sections as R
from .actions import Cast, PlaySpecial, register
from ..state import Attached, DTState, pay, put_seat, put_trooper


def casters(game: Any, state: DTState, spell: Any) -> list[Any]:
    out = []
    for t in state.troopers:
        if t.owner != state.current or t.hidden or not game.combat.casts_from(t):
            continue
        aspects = game.pool[t.card].aspects
        if "all" in aspects or spell.aspect in aspects:
            out.append(t)
    return out


def spell_targets(game: Any, state: DTState, spell: Any, caster: Any) -> list[Any]:
    p = E.params(spell)
    if p.on == "self":
        candidates = [caster]
    else:
        # never on a warrior mustered in cover: a spell for one class would show what it is
        candidates = [t for t in state.troopers if not t.hidden and p.on in game.classes_of(t)]
    return [t for t in candidates if game.combat.may_cast_on(caster, t)]


def cast_options(game: Any, state: DTState) -> list[Cast]:
    destiny = state.destiny(state.current)
    pool = game.pool
    out = []
    for name in game.in_hand(state, "art"):
        c = pool[name]
        if c.spell != "turn" or c.cost > destiny:
            continue
        for caster in casters(game, state, c):
            for target in spell_targets(game, state, c, caster):
                out.append(Cast(name, caster.uid, target.uid))
    return out


def do_cast(game: Any, state: DTState, action: Cast, chance: Any) -> tuple[DTState, list[Event]]:
    seat = state.current
    c = game.pool[action.card]
    s = state.seats[seat]
    state = pay(put_seat(state, seat, s._replace(hand=s.hand.remove(action.card))), seat, c.cost)
    t = state.trooper(action.target)
    state = put_trooper(state, t._replace(attached=t.attached + (Attached(action.card, seat),)))
    caster = state.trooper(action.caster)
    return state, [event(R.ART, f"{caster.card} casts {action.card} on {t.card}, paying "
                                f"{counted(c.cost, 'Destiny Point')}",
                         seat=seat, card=action.card, caster=action.caster, target=action.target)]


def explain_cast(game: Any, state: DTState, action: Any) -> IllegalAction:
    c = game.pool.get(action.card) if isinstance(action.card, str) else None
    if c is None or c.type != "art":
        return IllegalAction(R.ART, f"{action.card!r} is not an Art spell")
    if action.card not in state.seat.hand:
        return IllegalAction(R.ART, f"{action.card} is not in seat {state.current}'s hand")
    if c.spell != "turn":
        return IllegalAction(R.ART_COMBAT, f"{action.card} is a combat spell: it is cast only during a combat")
    if c.cost > state.destiny(state.current):
        return IllegalAction(R.ART, f"{action.card} costs {counted(c.cost, 'Destiny Point')}")
    caster = next((t for t in casters(game, state, c) if t.uid == action.caster), None)
    if caster is None:
        return IllegalAction(R.ART, "the caster must be a warrior of yours in your Squad, shown, able to cast "
                                    f"{c.aspect} spells")
    target = state.find(action.target)
    if target is not None and target.hidden and E.params(c).on != "self":
        return IllegalAction(R.MUSTER_IN_COVER, f"{action.card} works on one class of warrior: cast on a warrior "
                                                "mustered in cover it would show what it is (reveal it first)")
    if target is not None and "art" in game.pool[target.card].immune:
        return IllegalAction(R.IMMUNITY, f"{target.card} is immune to the Art")
    return IllegalAction(R.ART_TARGETS, f"{caster.card} may not cast {action.card} on {action.target!r}")


# -- Specials played in a turn ---------------------------------------------------------------------------

#: ``(game, state, seat, card) -> (rule, reason) | None``: why a Special with keywords may not be
#: played in its player's turn (the Mortificator expansion's Poisons); ``None``: it may.
PLAY_LIMITS: list[Any] = []


def play_limit(game: Any, state: DTState, seat: int, card: Any) -> tuple[Any, str] | None:
    for limit in PLAY_LIMITS:
        why = limit(game, state, seat, card)
        if why is not None:
            return why
    return None


def special_options(game: Any, state: DTState) -> list[PlaySpecial]:
    pool, seat = game.pool, state.current
    out = []
    for name in game.in_hand(state, "special"):  # most of them played in combat: passed over
        c = pool[name]
        if c.timing == "turn":
            if c.keywords and play_limit(game, state, seat, c) is not None:
                continue
            for target in E.REGISTRY[c.effect].targets(game, state, seat, E.params(c)):  # (no comprehension call)
                out.append(PlaySpecial(name, target))
    return out


def do_special(game: Any, state: DTState, action: PlaySpecial, chance: Any) -> tuple[DTState, list[Event]]:
    seat = state.current
    c = game.pool[action.card]
    s = state.seats[seat]
    state = put_seat(state, seat, s._replace(hand=s.hand.remove(action.card), discard=s.discard.add(action.card)))
    events = [event(R.CARDS, f"seat {seat} plays {action.card}", seat=seat, card=action.card, target=action.target)]
    state, more = E.get(c.effect).apply(game, state, seat, action.card, E.params(c), action.target)
    return state, events + list(more)


def explain_special(game: Any, state: DTState, action: Any) -> IllegalAction:
    c = game.pool.get(action.card) if isinstance(action.card, str) else None
    if c is None or c.type != "special":
        return IllegalAction(R.CARDS, f"{action.card!r} is not a Special card")
    if action.card not in state.seat.hand:
        return IllegalAction(R.CARDS, f"{action.card} is not in seat {state.current}'s hand")
    if c.timing != "turn":
        rule = R.MODIFY if c.timing == "combat" else R.TIMING
        return IllegalAction(rule, f"{action.card} is played {'during combat' if c.timing == 'combat' else 'in answer'}"
                                   ", not in your actions step")
    if c.keywords and (why := play_limit(game, state, state.current, c)) is not None:
        return IllegalAction(*why)
    return IllegalAction(R.CARDS, f"{action.card} cannot be played on {action.target!r}")


register(Cast, R.ART, 0, cast_options, do_cast, explain_cast, hand="art")
register(PlaySpecial, R.CARDS, 0, special_options, do_special, explain_special, hand="special")

__all__ = ["casters", "spell_targets"]
__all__ += ["PLAY_LIMITS", "play_limit"]  # the expansions' hooks
