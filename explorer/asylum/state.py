"""Where a game of Doom Asylum stands: parties, the phase of the turn, and what is
waiting to be decided.  Immutable named tuples (hashable, cheap ``_replace``).

The rules that change these live one module per rulebook topic (``turn``,
``upgrades``, ``mastermind``, ``doom_ready``, ``ambush``, ``aftermath``, ...);
:mod:`explorer.asylum.game` dispatches to them.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, NamedTuple

from ..core import results
from ..core.results import GameResult
from ..core.tuples import quick_replace
from . import sections as R
from .conflict import ConflictState
from .villains import Villain


class Phase(Enum):
    """The parts of a turn, in order ("Gameplay overview")."""

    SETUP = "setup"  # before the opening draw of masterminds
    START = "start"  # upgrades and mastermind changes, then on to the move
    MOVE = "move"  # the compulsory move of one space
    ROOM = "room"  # the rule of the room moved into
    EVENT = "event"  # an Event Table result waits for the player's answer
    CONFLICT = "conflict"  # a conflict is under way
    AFTERMATH = "aftermath"  # what a conflict left to decide (push, new mastermind, claim)
    END = "end"  # the turn's rules are done (never seen from outside a step)
    OVER = "over"

    # members are singletons compared by identity: hash them so too (in C), since the
    # game looks up its rules by phase at every step
    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self.value


# The phases under plain names, for the rules that test them at every step: a
# module's name is read faster than an Enum's member.
SETUP, START, MOVE, ROOM, EVENT = Phase.SETUP, Phase.START, Phase.MOVE, Phase.ROOM, Phase.EVENT
CONFLICT, AFTERMATH, END, OVER = Phase.CONFLICT, Phase.AFTERMATH, Phase.END, Phase.OVER


@quick_replace
class Party(NamedTuple):
    """One player's party."""

    seat: int
    villains: tuple[Villain, ...]
    mastermind: str
    room: str
    doomsday: int
    visited: tuple[str, ...] = ()  # plot rooms already scored, in order
    unmade: tuple[str, ...] = ()  # unmade masterminds, barred until the current one is defeated
    doom_ready: str | None = None  # the mastermind who earned Doom Ready status, or None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(v.name for v in self.villains)

    def villain(self, name: str) -> Villain:
        for v in self.villains:
            if v.name == name:
                return v
        raise KeyError(f"{name!r} is not in seat {self.seat}'s party")

    @property
    def is_doom_ready(self) -> bool:
        return self.doom_ready is not None

    def describe(self) -> str:
        team = ", ".join(f"{v.name}{'*' if v.name == self.mastermind else ''} L{v.level}" for v in self.villains)
        tags = " DOOM READY" if self.doom_ready else ""
        return f"seat {self.seat}: {self.room}, {self.doomsday} DD{tags} [{team}]"


class Clash(NamedTuple):
    """Who is fighting the conflict under way: the seat of each side (``None`` for
    the ambusher), the room, the ambusher's name, and who was Doom Ready at the start."""

    seats: tuple[int | None, int]
    room: str
    ambusher: str | None = None
    ready: tuple[bool, bool] = (False, False)


class PendingEvent(NamedTuple):
    """An Event Table result waiting for the player's choice."""

    index: int  # of the result in the table
    options: tuple[Any, ...]
    memo: Any = None


# -- what a conflict leaves to decide, in order ------------------------------------------------

class PendingPush(NamedTuple):
    """The winner of a conflict must push the loser into a room next to ``room``."""

    winner: int
    loser: int
    room: str
    mover_won: bool  # the mover won: a plot room there pays its points once the loser is out


class PendingHeir(NamedTuple):
    """Seat ``seat`` lost its mastermind and must name a new one."""

    seat: int


class PendingClaim(NamedTuple):
    """Seat ``seat`` defeated the ambusher ``villain`` and may pay ``cost`` to claim him."""

    seat: int
    villain: str
    cost: int


Pending = PendingPush | PendingHeir | PendingClaim


@quick_replace
class AsylumState(NamedTuple):
    """Where a game stands.  Immutable; ``_replace`` gives the next one."""

    parties: tuple[Party, ...]
    pool: tuple[str, ...]  # villains in no party, in roster order
    start_masterminds: tuple[str, ...]
    current: int = 0  # whose turn
    turn: int = 1  # turns begun so far (one per player per round)
    phase: Phase = Phase.START
    came_from: str | None = None  # where the mover began his turn
    moved_to: str | None = None  # the room the mover moved into this turn (his own move)
    upgraded: tuple[str, ...] = ()  # villains upgraded this turn
    event: PendingEvent | None = None
    conflict: ConflictState | None = None
    clash: Clash | None = None
    todo: tuple[Pending, ...] = ()  # what a conflict left to decide, in order
    ever_doom_ready: bool = False  # someone has been Doom Ready: the conflict bonus is 3
    winner: int | None = None
    players: int = 0  # seats in the game (set before the opening draw)
    order: tuple[int, ...] = ()  # this round's order of seats, when it is drawn (shuffled_turn_order)
    choice: Any = None  # how the opening draw picks masterminds ("star", "random" or names)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def party(self) -> Party:
        """The party whose turn it is."""
        return self.parties[self.current]

    def describe(self) -> str:
        if self.phase is Phase.SETUP:
            return f"a new game for {self.players} players: the masterminds are not drawn yet"
        head = f"turn {self.turn}, seat {self.current} to play ({self.phase})"
        lines = [head] + ["  " + p.describe() for p in self.parties]
        if self.conflict is not None:
            lines.append(self.conflict.describe())
        return "\n".join(lines)


class Ending(results.Ending):
    """How a game of Doom Asylum ends."""

    YARD = ("yard", R.TURN_YARD)
    TURN_CAP = ("turn cap", R.TURN_CAP)

    def sentence(self, result: GameResult) -> str:
        if result.draw:
            return f"A draw: nobody won within the turn cap ({result.turns} turns played)."
        return (f"Seat {result.winners[0]} ({result.detail('mastermind')}'s party) wins in the Yard after "
                f"{result.turns} turns.")


_FIELD = {name: i for i, name in enumerate(AsylumState._fields)}
_PARTIES = _FIELD["parties"]
_new = tuple.__new__


def put(state: AsylumState, party: Party, **changes: Any) -> AsylumState:
    """``state`` with ``party`` in its seat (and any other ``changes``), in one copy
    (made here rather than by ``_replace``: the rules call this at almost every step)."""
    values = list(state)
    parties = list(values[_PARTIES])  # one list, not three slices joined
    parties[party.seat] = party
    values[_PARTIES] = tuple(parties)
    try:
        for name, value in changes.items():
            values[_FIELD[name]] = value
    except KeyError:
        raise ValueError(f"Got unexpected field names: {sorted(set(changes) - set(_FIELD))!r}") from None
    return _new(AsylumState, values)


_PHASE, _EVENT = _FIELD["phase"], _FIELD["event"]
_ROOM, _DOOMSDAY = Party._fields.index("room"), Party._fields.index("doomsday")
_CURRENT, _TURN, _CAME_FROM, _MOVED_TO, _UPGRADED, _ORDER = (
    _FIELD[name] for name in ("current", "turn", "came_from", "moved_to", "upgraded", "order"))


def at_phase(state: AsylumState, phase: Phase, event: PendingEvent | None = None) -> AsylumState:
    """``state`` moved on to ``phase``, with ``event`` the Event Table result waiting
    (none but in the EVENT phase); one copy, as :func:`put` makes it."""
    values = list(state)
    values[_PHASE] = phase
    values[_EVENT] = event
    return _new(AsylumState, values)


_CONFLICT, _TODO = _FIELD["conflict"], _FIELD["todo"]


def with_conflict(state: AsylumState, conflict: ConflictState) -> AsylumState:
    """``state`` with the conflict under way at ``conflict``; one copy, as :func:`put`
    makes it (every step of a conflict makes one)."""
    values = list(state)
    values[_CONFLICT] = conflict
    return _new(AsylumState, values)


def with_todo(state: AsylumState, todo: tuple[Pending, ...]) -> AsylumState:
    """``state`` with ``todo`` left to decide after a conflict: in the AFTERMATH phase
    while anything is, else at the END of the turn; one copy, as :func:`put` makes it."""
    values = list(state)
    values[_TODO] = todo
    values[_PHASE] = Phase.AFTERMATH if todo else Phase.END
    return _new(AsylumState, values)


def with_doomsday(state: AsylumState, party: Party, points: int) -> AsylumState:
    """``state`` with ``party`` holding ``points`` Doomsday points; one copy of each, as
    :func:`put` makes it (points change at most steps that score)."""
    values = list(party)
    values[_DOOMSDAY] = points
    state_values = list(state)
    _seat_party(state_values, party.seat, values)
    return _new(AsylumState, state_values)


def moved(state: AsylumState, party: Party, there: str) -> AsylumState:
    """``state`` once ``party`` has moved into ``there``: where it came from and went
    noted, on to the room's rule (the ROOM phase); one copy, as :func:`put` makes it
    (every turn's move makes one)."""
    values = list(party)
    here = values[_ROOM]
    values[_ROOM] = there
    state_values = list(state)
    _seat_party(state_values, party.seat, values)
    state_values[_CAME_FROM], state_values[_MOVED_TO], state_values[_PHASE] = here, there, Phase.ROOM
    return _new(AsylumState, state_values)


def _seat_party(state_values: list[Any], seat: int, party_values: list[Any]) -> None:
    """Put the party made of ``party_values`` at ``seat`` in a state's field list."""
    parties = list(state_values[_PARTIES])  # one list, not three slices joined
    parties[seat] = _new(Party, party_values)
    state_values[_PARTIES] = tuple(parties)


def next_turn(state: AsylumState, seat: int, turn: int, phase: Phase, order: tuple[int, ...]) -> AsylumState:
    """``state`` at the start of turn ``turn``, ``seat`` to play in ``phase`` (this
    round's ``order``), with what the last turn noted (where the mover came from and
    went, who was upgraded) cleared; one copy, as :func:`put` makes it."""
    values = list(state)
    values[_CURRENT], values[_TURN], values[_PHASE], values[_ORDER] = seat, turn, phase, order
    values[_CAME_FROM] = values[_MOVED_TO] = None
    values[_UPGRADED] = ()
    return _new(AsylumState, values)


__all__ = [
    "AFTERMATH", "CONFLICT", "END", "EVENT", "MOVE", "OVER", "ROOM", "SETUP", "START",
    "AsylumState", "Clash", "Ending", "GameResult", "Party", "Pending", "PendingClaim", "PendingEvent", "PendingHeir",
    "PendingPush", "Phase", "at_phase", "moved", "next_turn", "put", "with_conflict", "with_doomsday", "with_todo",
]
