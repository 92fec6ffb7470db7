"""'Doom Ready' & winning the game.

A party becomes Doom Ready in a plot room with 8 Doomsday points, or by beating a
Doom Ready party in a conflict and having 8 points afterwards.  It stays Doom
Ready while it keeps 8 points and the mastermind who earned the status.  A Doom
Ready party wins by moving into the Yard on its own turn and ending the turn
there (winning the conflict first if another party is in the Yard).

Status is *settled* after every step (:func:`settle`): the result depends only on
the state reached, never on the order of earlier steps.  A party that loses its
status in a plot room with 8 points (a new mastermind, say) regains it at once
with the new mastermind (register: ``doom-ready-after-switch``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.events import Event, event
from . import sections as R
from .state import AFTERMATH, CONFLICT, ROOM, AsylumState, Party, put

if TYPE_CHECKING:
    from .conflict import ConflictResult
    from .game import AsylumGame
    from .state import Clash

#: Phases in which a party does not gain the status: between a move and its room's
#: rule, during a conflict and in its aftermath (a mover entering an occupied plot
#: room must first win it).
_UNSETTLED = (ROOM, CONFLICT, AFTERMATH)

_PARTIES = AsylumState._fields.index("parties")
_SEAT, _MASTERMIND, _ROOM, _DOOMSDAY, _DOOM_READY = (
    Party._fields.index(name) for name in ("seat", "mastermind", "room", "doomsday", "doom_ready"))


def settle(game: AsylumGame, state: AsylumState, events: list[Event]) -> AsylumState:
    """Every party's Doom Ready status as the state now says it must be."""
    rules = game.rules
    need = rules.doom_ready_points
    # first a quick look: does anyone's status change?  (fields read by index, and what
    # only a party with the points needs read only then: a named tuple's field by name
    # is a descriptor call, and this look is made at most steps)
    for p in state[_PARTIES]:
        dr = p[_DOOM_READY]
        if dr is None:
            if (p[_DOOMSDAY] >= need and p[_ROOM] in game.plots and state.phase not in _UNSETTLED
                    and (rules.doom_ready_any_time or p[_SEAT] == state.current)):
                break
        elif p[_DOOMSDAY] < need or dr != p[_MASTERMIND]:
            break
    else:  # the usual case: nobody gains or loses the status
        return state
    calm = state.phase not in _UNSETTLED
    anytime = rules.doom_ready_any_time
    plots = game.plots
    changed: list[Party] | None = None
    ever = state.ever_doom_ready
    for p in state.parties:
        dr = p.doom_ready
        keeps = dr is not None and p.doomsday >= need and dr == p.mastermind
        gains = (not keeps and calm and p.doomsday >= need and p.room in plots
                 and (anytime or p.seat == state.current))
        if keeps:
            continue
        if dr is not None:
            why = (f"has only {p.doomsday} Doomsday points" if p.doomsday < need
                   else f"no longer has {dr} as mastermind")
            events.append(event(R.DOOM_READY, f"seat {p.seat} {why}: no longer Doom Ready", seat=p.seat,
                                doom_ready=False))
        if gains:
            events.append(event(R.DOOM_READY, f"seat {p.seat} is in the {p.room} with {p.doomsday} points: "
                                f"Doom Ready (mastermind {p.mastermind})", seat=p.seat, doom_ready=True))
            ever = True
        elif dr is None:
            continue
        changed = changed or list(state.parties)
        changed[p.seat] = p._replace(doom_ready=p.mastermind if gains else None)
    if changed is None:
        return state
    return state._replace(parties=tuple(changed), ever_doom_ready=ever)


def by_conflict(game: AsylumGame, state: AsylumState, clash: Clash, result: ConflictResult,
                old_masterminds: dict[int, str]) -> tuple[AsylumState, list[Event]]:
    """"A player may also become Doom Ready if he defeats another player who is Doom
    Ready and has 8 points after winning the conflict": checked once the winner's
    points are in, before the push."""
    winner = result.winner
    if winner is None or clash.seats[0] is None or not clash.ready[1 - winner]:
        return state, []
    if winner != 0 and not game.rules.defender_gains_doom_ready:  # our reading doom-ready-by-conflict, switched
        return state, []
    w_seat, l_seat = clash.seats[winner], clash.seats[1 - winner]
    party = state.parties[w_seat]
    if (party.doom_ready is not None or party.doomsday < game.rules.doom_ready_points
            or old_masterminds[winner] in result.lost[winner]):
        return state, []
    state = put(state, party._replace(doom_ready=party.mastermind), ever_doom_ready=True)
    return state, [event(R.DOOM_READY_BY_CONFLICT, f"seat {w_seat} beat Doom Ready seat {l_seat} and has "
                         f"{party.doomsday} Doomsday points: seat {w_seat} is Doom Ready", seat=w_seat)]


def wins(game: AsylumGame, state: AsylumState) -> bool:
    """Whether the player whose turn ends now wins ("'Doom Ready' & Winning the
    game"): Doom Ready, in the Yard, having moved into it this turn (so not pushed
    there, nor sent back there after a draw), and still there after any conflict
    (a mover who loses there is pushed out).  With ``yard_win_by_move_only`` off,
    ending the turn Doom Ready in the Yard is enough (register: ``yard-win``)."""
    party = state.parties[state.current]
    if party.doom_ready is None or party.room != game.yard:
        return False
    return state.moved_to == game.yard or not game.rules.yard_win_by_move_only


def win_event(state: AsylumState) -> Event:
    seat = state.current
    party = state.parties[seat]
    return event(R.WINNING, f"seat {seat} is Doom Ready and ends the turn in the Yard: {party.mastermind} "
                 f"activates the device. Seat {seat} wins!", winner=seat)


def bonus_applies(game: AsylumGame, state: AsylumState) -> bool:
    """Whether a conflict's winner gains the larger Doomsday bonus ("Doomsday points for
    winning"): once anyone has been Doom Ready, or, with ``doom_ready_bonus_for_good``
    off, only while someone is (our reading conflict-doom-ready-bonus)."""
    if game.rules.doom_ready_bonus_for_good:
        return state.ever_doom_ready
    return any(p.doom_ready is not None for p in state.parties)


__all__ = ["bonus_applies", "by_conflict", "settle", "win_event", "wins"]
