"""Ambushes and recruiting henchmen ("Ambushes and Recruiting Henchmen").

An Ambush result of the Event Table (:mod:`explorer.asylum.event_table`) brings a
villain who is in no party against the party.  He acts first, unless the party is
a lone mastermind.  Nobody plays the ambusher: his choices are forced steps taken
by a fixed rule (:func:`ambusher_choice`).  If he is defeated, the party may pay
one Doomsday point per villain already in it to claim him; otherwise he escapes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.engine import Chance, Decision, IllegalAction
from ..core.events import Event, event
from ..core.numbers import counted
from . import doom_ready
from . import sections as R
from .conflict import Conflict, ConflictResult, ConflictState
from .doomsday import spend
from .setup import fresh
from .state import AsylumState, Clash, PendingClaim, Phase, put
from .tactics import quick_choice

if TYPE_CHECKING:
    from .event_table import Outcome
    from .game import AsylumGame


@dataclass(frozen=True, slots=True)
class Claim:
    """Pay to recruit the defeated ambusher."""

    def __str__(self) -> str:
        return "claim the ambusher"


@dataclass(frozen=True, slots=True)
class LetGo:
    def __str__(self) -> str:
        return "let the ambusher escape"


def ambusher_choice(state: ConflictState, decision: Decision) -> Any:
    """The ambusher's fixed rule: the option with the best immediate expected
    victory points (our reading: nobody plays him, so the rules choose for him;
    register: ``ambusher-play``)."""
    return quick_choice(state, decision)


def cost(game: AsylumGame, state: AsylumState, seat: int, lost: tuple[str, ...] = ()) -> int:
    """What claiming costs: one point per villain already in the party, counted after
    the ambush's losses, or, with ``claim_cost_after_losses`` off, before them (the
    party's villains and ``lost``; our reading claim-cost)."""
    before = 0 if game.rules.claim_cost_after_losses else len(lost)
    return game.rules.recruit_cost * (len(state.parties[seat].villains) + before)


def begin(game: AsylumGame, state: AsylumState, seat: int, name: str, conflict: Conflict) -> Outcome:
    """Start the ambush conflict: the lone ambusher (side 0, no mastermind) against
    the party (side 1)."""
    from .event_table import outcome

    party = state.parties[seat]
    ambusher = fresh(game.roster[name])
    cs = conflict.start((ambusher,), party.villains, masterminds=(None, party.mastermind), ambush=True,
                        doom_ready=doom_ready.bonus_applies(game, state), rules=game.rules)
    clash = Clash((None, seat), party.room, name, (False, party.doom_ready is not None))
    first = "the lone mastermind acts first" if cs.turn == 1 else f"{name} acts first"
    ev = game.said(("fight", seat, name, first), lambda: event(
        R.AMBUSH, f"seat {seat} fights {name}: {first}", seat=seat, ambusher=name, fight=True))
    return outcome(state._replace(phase=Phase.CONFLICT, conflict=cs, clash=clash), (ev,))


def after_conflict(game: AsylumGame, state: AsylumState, clash: Clash, result: ConflictResult,
                   todo: list, events: list[Event]) -> None:
    """A defeated ambusher may be claimed, if the party can pay; else he escapes."""
    seat, name = clash.seats[1], clash.ambusher
    party = state.parties[seat]
    him = game.roster[name]
    if name in result.defeated[0]:
        price = cost(game, state, seat, result.lost[1])
        if party.doomsday >= price:
            todo.append(PendingClaim(seat, name, price))
            events.append(event(R.AMBUSH_CLAIM, f"{name} is defeated: seat {seat} may claim {him.him} for "
                                f"{counted(price, 'Doomsday point')}", seat=seat, ambusher=name, cost=price))
        else:
            events.append(event(R.AMBUSH_CLAIM, f"{name} is defeated, but claiming {him.him} costs "
                                f"{counted(price, 'Doomsday point')} and seat {seat} has {party.doomsday}: "
                                f"{him.he} escapes", seat=seat))
    else:
        events.append(event(R.AMBUSH, f"{name} is not defeated and escapes", ambusher=name))


def claim_decision(game: AsylumGame, state: AsylumState, item: PendingClaim) -> Decision:
    return Decision(item.seat, (Claim(), LetGo()), R.AMBUSH_CLAIM, f"Seat {item.seat}: claim {item.villain}?")


def do_claim(game: AsylumGame, state: AsylumState, item: PendingClaim, action: Claim | LetGo,
             chance: Chance) -> tuple[AsylumState, list[Event]]:
    seat, name = item.seat, item.villain
    if isinstance(action, LetGo):
        return state, [event(R.AMBUSH_CLAIM, f"seat {seat} will not pay: {name} escapes")]
    price = item.cost  # set when the ambusher fell; nothing since changes the party's size
    party = state.parties[seat]
    if party.doomsday < price:  # checked again when paid
        raise IllegalAction(R.AMBUSH_CLAIM, f"claiming {name} costs {counted(price, 'Doomsday point')}; "
                            f"seat {seat} has {party.doomsday}")
    state, paid = spend(game, state, seat, price, f"claiming {name}")
    party = state.parties[seat]
    state = put(state, party._replace(villains=party.villains + (fresh(game.roster[name]),)),
                pool=tuple(n for n in state.pool if n != name))
    return state, [event(R.AMBUSH_CLAIM, f"seat {seat} claims {name} for {counted(price, 'Doomsday point')}",
                         seat=seat, villain=name, cost=price), *paid]


__all__ = ["Claim", "LetGo", "after_conflict", "ambusher_choice", "begin", "claim_decision", "cost", "do_claim"]
