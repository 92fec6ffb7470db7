"""Optional Rule: Sabotage, and the Multiple Sabotage addendum (switches in the
rules file).

A player with no warrior able to fight may be sabotaged, as one action, by one
of your warriors able to fight: not an attack, so not the last action, and not
limited to one a turn per se; but each player only once per turn (unless
Multiple Sabotage), only in your own turn, and only once every player has had a
turn.  The sabotaged player may answer with a card that stops it (a round of
card play, :class:`explorer.core.rounds.Rounds`); otherwise you earn half your
warrior's modified Value, rounded up, as Promotion or Destiny Points.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core.deck import Multiset
from ...core.engine import IllegalAction
from ...core.events import Event, event
from ...core.numbers import counted
from .. import effects as E
from .. import sections as R
from .actions import Respond, Sabotage, register
from ..state import Award, DTState, Phase, put_seat
from .warriors import able, value_of
from ..words import ANYONE, warrior_name


class Answer(NamedTuple):
    """What a sabotaged player's answer works on: who, the saboteur, his hand,
    and the card that stopped it (``""``: none yet)."""

    seat: int
    saboteur: int
    hand: Multiset
    stopped_by: str = ""


def defenceless(game: Any, state: DTState, seat: int, viewer: int) -> bool:
    """``seat`` has no warrior in play able to fight, as ``viewer`` can tell."""
    return not any(t.owner == seat and able(game, t, viewer) for t in state.troopers)


def may_sabotage_with(game: Any, state: DTState, t: Any) -> bool:
    if t.hidden or not game.pool[t.card].combat:
        return False
    return not t.cover or game.rules.cover_warriors_sabotage


def sabotage_options(game: Any, state: DTState) -> list[Sabotage]:
    rules = game.rules
    if not rules.any_sabotage or any(s.turns < 1 for s in state.seats if not s.out):
        return []
    seat = state.current
    once = not rules.multiple_sabotage
    targets = [i for i, s in enumerate(state.seats) if i != seat and not s.out
               and not (once and i in state.sabotaged) and defenceless(game, state, i, seat)]
    if not targets:
        return []
    return [Sabotage(t.uid, i) for t in state.troopers if t.owner == seat and may_sabotage_with(game, state, t)
            for i in targets]


def do_sabotage(game: Any, state: DTState, action: Sabotage, chance: Any) -> tuple[DTState, list[Event]]:
    t = state.trooper(action.uid)
    rule = R.MULTIPLE_SABOTAGE if game.rules.multiple_sabotage else R.SABOTAGE
    events = [event(rule, f"{t.card} (seat {t.owner}) sabotages seat {action.seat}", uid=t.uid, target=action.seat)]
    state = state._replace(sabotaged=state.sabotaged + (action.seat,))
    opened = game.answer_round.start((action.seat,), Answer(action.seat, t.uid, state.seats[action.seat].hand))
    events += opened.events
    state = state._replace(phase=Phase.RESPONSE, response=opened.state)
    if opened.state.over:
        return answered(game, state, opened.state.table, events)
    return state, events


def answer_plays(game: Any):
    """The plays of a sabotaged player: his cards that stop a sabotage."""
    pool = game.pool

    def plays(table: Answer, seat: int) -> tuple[Respond, ...]:
        if table.stopped_by:
            return ()
        return tuple(Respond(n) for n in table.hand.distinct
                     if pool[n].type == "special" and pool[n].timing == "response"
                     and E.get(pool[n].effect).name == "stop_sabotage")

    def play(table: Answer, seat: int, action: Respond, chance: Any):
        return (table._replace(hand=table.hand.remove(action.card), stopped_by=action.card),
                [event(R.SABOTAGE, f"seat {seat} plays {action.card}: the sabotage is stopped", seat=seat,
                       card=action.card)])

    return plays, play


def answered(game: Any, state: DTState, table: Answer, events: list[Event]) -> tuple[DTState, list[Event]]:
    """The answer is over: the sabotage is stopped, or its points wait to be split."""
    s = state.seats[table.seat]
    discard = s.discard.add(table.stopped_by) if table.stopped_by else s.discard
    state = put_seat(state, table.seat, s._replace(hand=table.hand, discard=discard), response=None,
                     phase=Phase.ACTIONS)
    if table.stopped_by:
        return state, events
    t = state.trooper(table.saboteur)
    divisor = game.rules.sabotage_divisor
    points = -(-value_of(game, state, t) // divisor)
    if points <= 0:
        events.append(event(R.SABOTAGE, f"the sabotage succeeds but {t.card} is worth no points"))
        return state, events
    if "pure_freelancer" in game.classes_of(t):  # Freelancers earn Destiny Points only
        purses = list(state.purses)
        purses[state.purse_of[t.owner]] += points
        events.append(event(R.FREELANCERS, f"the sabotage succeeds: seat {t.owner} earns "
                                           f"{counted(points, 'Destiny Point')} "
                                           f"(half of {t.card}'s Value, rounded up; a Freelancer earns Destiny only)",
                            seat=t.owner, destiny=points))
        return state._replace(purses=tuple(purses)), events
    award = Award(t.owner, points, True, R.SABOTAGE, f"the sabotage by {t.card}")
    events.append(event(R.SABOTAGE, f"the sabotage succeeds: seat {t.owner} earns {points} points (half of "
                                    f"{t.card}'s Value, rounded up)", seat=t.owner, points=points))
    return state._replace(phase=Phase.AWARD, pending=state.pending + (award,)), events


def explain_sabotage(game: Any, state: DTState, action: Any) -> IllegalAction:
    rules = game.rules
    if not rules.any_sabotage:
        return IllegalAction(R.DIRECTLY, "players are never attacked directly; the optional Sabotage rule is off")
    if any(s.turns < 1 for s in state.seats if not s.out):
        return IllegalAction(R.SABOTAGE, "no sabotage until every player has had a turn")
    t = state.find(action.uid)
    if t is None or t.owner != state.current:
        return IllegalAction(R.SABOTAGE, f"the saboteur must be a warrior of yours in play, "
                                         f"not {warrior_name(state, action.uid, ANYONE)}")
    if not may_sabotage_with(game, state, t):
        return IllegalAction(R.SABOTAGE, f"{t.card} cannot sabotage (it must be able to fight, and out of cover)")
    if not isinstance(action.seat, int) or not 0 <= action.seat < len(state.seats) or action.seat == state.current:
        return IllegalAction(R.SABOTAGE, f"no other player {action.seat!r} to sabotage")
    if action.seat in state.sabotaged and not rules.multiple_sabotage:
        return IllegalAction(R.SABOTAGE, f"seat {action.seat} has already been sabotaged this turn")
    return IllegalAction(R.SABOTAGE, f"seat {action.seat} has a warrior able to fight: only a player with none may be "
                                     "sabotaged")


register(Sabotage, R.SABOTAGE, 1, sabotage_options, do_sabotage, explain_sabotage,
         enabled=lambda rules: rules.any_sabotage)

__all__ = ["Answer", "answer_plays", "answered", "defenceless"]
