"""What a finished conflict does to the game ("Concluding a Conflict", "Draws",
"Defeated villains", "Death").

The winner's Doomsday points, lost villains back to the pool, masterminds lost
or freed, Doom Ready by conflict; then the winner's push, the mover's return
after a draw, or the claim of a defeated ambusher.  Decisions left over wait in
``state.todo``: a lost mastermind's successor first, then the push or the claim.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.engine import Chance, Decision, IllegalAction
from ..core.events import Event, event
from . import ambush, doom_ready, mastermind
from . import sections as R
from .conflict import ConflictResult
from .doomsday import gain
from .state import AFTERMATH, END, AsylumState, PendingPush, put

if TYPE_CHECKING:
    from .game import AsylumGame


@dataclass(frozen=True, slots=True)
class Push:
    """The winner of a conflict pushes the loser into ``room``."""

    room: str

    def __str__(self) -> str:
        return f"push the loser into the {self.room}"


def conclude(game: AsylumGame, state: AsylumState, result: ConflictResult) -> tuple[AsylumState, list[Event]]:
    """Apply a finished conflict to the game."""
    clash = state.clash
    events: list[Event] = []
    todo: list[Any] = []
    pool = state.pool
    old_mm: dict[int, str] = {}
    for side in (0, 1):
        seat = clash.seats[side]
        if seat is None:
            continue
        party = state.parties[seat]
        old_mm[side] = party.mastermind
        if result.doomsday[side]:
            state, evs = gain(game, state, seat, result.doomsday[side], R.WINNER_DOOMSDAY, "for the conflict")
            events += evs
            party = state.parties[seat]
        lost = result.lost[side]
        changes: dict[str, Any] = {}
        if lost:
            changes["villains"] = tuple(v for v in party.villains if v.name not in lost)
            if any(n in lost for n in party.unmade):  # their cards are discarded, marks and all
                changes["unmade"] = tuple(n for n in party.unmade if n not in lost)
            pool = game.return_to_pool(pool, lost)
            events.append(event(R.DEATH, f"seat {seat} loses {', '.join(lost)} (cards and upgrades back to the "
                                "pool: they may return in an Ambush)", seat=seat, lost=tuple(lost)))
        mastermind.after_conflict(game, party, result, side, changes, todo, events)
        if changes:
            state = put(state, party._replace(**changes))
    if clash.seats[0] is None:
        ambush.after_conflict(game, state, clash, result, todo, events)
    elif result.winner is None:
        mover = state.parties[clash.seats[0]]
        state = put(state, mover._replace(room=state.came_from))
        events.append(event(R.DRAW, f"a draw: seat {mover.seat} goes back to the {state.came_from}",
                            seat=mover.seat, room=state.came_from))
    else:
        w_seat, l_seat = clash.seats[result.winner], clash.seats[1 - result.winner]
        todo.append(PendingPush(w_seat, l_seat, clash.room, result.winner == 0))
        state, evs = doom_ready.by_conflict(game, state, clash, result, old_mm)
        events += evs
    state = state._replace(pool=pool, conflict=None, clash=None, todo=tuple(todo),
                           phase=AFTERMATH if todo else END)
    return state, events


def push_decision(game: AsylumGame, state: AsylumState, item: PendingPush) -> Decision:
    """The winner's push, kept by the game per push waiting (the same pushes recur)."""
    key = ("push decision", item)
    dec = game.memo.get(key)
    if dec is None:
        dec = game.remember(key, Decision(item.winner, game.pushes(item.room), R.PUSH,
                                          f"Seat {item.winner}: push seat {item.loser} into a room next to the {item.room}"))
    return dec


def do_push(game: AsylumGame, state: AsylumState, item: PendingPush, action: Push,
            chance: Chance) -> tuple[AsylumState, list[Event]]:
    """The push is compulsory (register: ``push-compulsory``); a mover who won a plot
    room he had not yet visited scores it once the rival is out ("Gameplay overview")."""
    if action not in game.pushes(item.room):
        raise explain(game, state, action)
    loser = state.parties[item.loser]
    state = put(state, loser._replace(room=action.room))
    key = ("push", item.winner, item.loser, item.room, action.room)
    ev = game.memo.get(key)  # the same push, the same event: kept by the game
    if ev is None:
        ev = game.remember(key, event(R.PUSH, f"seat {item.winner} pushes seat {item.loser} out of the {item.room} "
                                      f"into the {action.room}", seat=item.loser, room=action.room))
    events = [ev]
    winner = state.parties[item.winner]
    if item.mover_won and game.room_kind(item.room) == "plot" and item.room not in winner.visited:
        state, evs = gain(game, state, item.winner, game.rules.plot_room_reward, R.TURN_CONFLICT,
                          f"won the {item.room} and pushed the rival out: first visit")
        winner = state.parties[item.winner]
        state = put(state, winner._replace(visited=winner.visited + (item.room,)))
        events += evs
    return state, events


def explain(game: AsylumGame, state: AsylumState, action: Push) -> IllegalAction:
    item = state.todo[0] if state.todo else None
    if isinstance(item, PendingPush):
        return IllegalAction(R.PUSH, f"the loser must be pushed into a room next to the {item.room}; "
                             f"{action.room!r} is not one")
    return IllegalAction(R.PUSH, "the winner pushes the loser into a room next to the conflict's room, "
                         "right after the conflict")


def return_to_pool(order: dict[str, int], pool: tuple[str, ...], names: Sequence[str]) -> tuple[str, ...]:
    """The pool with ``names`` back in it, in roster order."""
    return tuple(sorted(pool + tuple(names), key=order.__getitem__))


__all__ = ["Push", "conclude", "do_push", "explain", "push_decision", "return_to_pool"]
