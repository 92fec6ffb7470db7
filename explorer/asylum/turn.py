"""A player's turn ("Gameplay overview"): the start of the turn, the compulsory
move of one space, the rule of the room moved into, and the end of the turn.

1. The start (``turn.start``): the player may buy upgrades and hand the mastermind
   role to another villain, then says :class:`BeginMove` (skipped when there is
   nothing to choose).
2. The move (:class:`Move`): exactly one space along a corridor.
3. The room's rule, a step the rules take on their own: a conflict with the party
   there (:class:`Engage`), 5 points for a plot room not yet visited
   (:class:`ScorePlotRoom`), nothing in the Yard (:class:`EnterYard`), or a roll on
   the Event Table (:class:`RollEvent`), which may ask the player to choose.
4. The end (``turn.end``): a Doom Ready party that moved into the Yard wins; else
   play passes to the next seat, until the turn cap (a draw).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..core.dist import Dist
from ..core.engine import Chance, Decision, IllegalAction
from ..core.events import Event, event
from . import doom_ready, mastermind, upgrades
from . import event_table as _events
from . import sections as R
from .doomsday import gain
from .state import (
    CONFLICT,
    END,
    EVENT,
    MOVE,
    OVER,
    ROOM,
    START,
    AsylumState,
    Clash,
    Party,
    PendingEvent,
    at_phase,
    moved,
    next_turn,
    put,
)

if TYPE_CHECKING:
    from .game import AsylumGame


#: a named tuple (a Decision, a Clash, a PendingEvent) built as the tuple it is: its own
#: constructor is a Python function called from C, dear on paths taken at most turns
_new = tuple.__new__


# -- actions -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class BeginMove:
    """Done with the start of the turn: on to the move."""

    def __str__(self) -> str:
        return "done: on to the move"


@dataclass(frozen=True, slots=True)
class Move:
    """Move the party one space, into ``room``."""

    room: str

    def __str__(self) -> str:
        return f"move to the {self.room}"


@dataclass(frozen=True, slots=True)
class Engage:
    def __str__(self) -> str:
        return "fight the party in the room"


@dataclass(frozen=True, slots=True)
class ScorePlotRoom:
    def __str__(self) -> str:
        return "score the plot room"


@dataclass(frozen=True, slots=True)
class EnterYard:
    def __str__(self) -> str:
        return "enter the Yard"


@dataclass(frozen=True, slots=True)
class QuietRoom:
    """A plot room visited before, when ``revisited_plot_room_event`` is off."""

    def __str__(self) -> str:
        return "nothing happens"


@dataclass(frozen=True, slots=True)
class RollEvent:
    def __str__(self) -> str:
        return "roll on the Event Table"


ROOM_ACTIONS = (Engage, ScorePlotRoom, EnterYard, QuietRoom, RollEvent)

#: the room's rule as a decision the rules take on their own, one per rule (built once:
#: every turn asks for one)
ROOM_DECISIONS: dict[type, Decision] = {
    cls: Decision(None, (cls(),), rule, "The room's rule")
    for cls, rule in ((Engage, R.TURN_CONFLICT), (ScorePlotRoom, R.TURN_PLOT_ROOM), (EnterYard, R.TURN_YARD),
                      (QuietRoom, R.TURN_PLOT_ROOM), (RollEvent, R.TURN_EVENT))
}


# -- 1. the start of the turn ----------------------------------------------------------------

def start_options(game: AsylumGame, state: AsylumState) -> tuple[Any, ...]:
    """Upgrades and mastermind changes on offer, then :class:`BeginMove`; empty when
    there is nothing to choose."""
    opts: list[Any] = [*upgrades.options(game, state), *mastermind.options(game, state)]
    if opts:
        opts.append(BeginMove())
    return tuple(opts)


def has_start_options(game: AsylumGame, state: AsylumState) -> bool:
    """Whether :func:`start_options` would offer anything (without building it)."""
    return _has_choices(game, state.parties[state.current], state.upgraded)


def after_start_choice(game: AsylumGame, state: AsylumState) -> AsylumState:
    """Stay at the start while there is something left to choose, else on to the move."""
    return state if has_start_options(game, state) else state._replace(phase=MOVE)


def _has_choices(game: AsylumGame, party: Party, upgraded: tuple[str, ...]) -> bool:
    """:func:`has_start_options` for ``party`` having upgraded ``upgraded`` this turn."""
    villains = party.villains
    if len(villains) > 1 and len(party.unmade) < len(villains) - 1:
        return True
    if party.doomsday >= game.rules.upgrade_cost:
        top = game.rules.max_level
        for v in villains:
            if v.level < top and v.level < v.max_level and v.name not in upgraded:
                return True
    return False


def do_begin_move(game: AsylumGame, state: AsylumState, action: BeginMove,
                  chance: Chance) -> tuple[AsylumState, list[Event]]:
    party = state.parties[state.current]
    upgraded = state.upgraded
    key = ("begin move", party.seat, upgraded, party.mastermind)
    ev = game.memo.get(key)  # as game.said, without building a closure at every turn
    if ev is None:
        spent = f"upgraded {', '.join(upgraded)}" if upgraded else "no upgrades"
        ev = game.remember(key, event(R.TURN_START, f"seat {party.seat} ends the start of the turn ({spent}; "
                                      f"mastermind {party.mastermind}) and must now move"))
    return at_phase(state, MOVE, state.event), [ev]


# -- 2. the move ---------------------------------------------------------------------------

def move_decision(game: AsylumGame, state: AsylumState) -> Decision:
    return game.move_decision(state.current, state.parties[state.current].room)


def do_move(game: AsylumGame, state: AsylumState, action: Move, chance: Chance) -> tuple[AsylumState, list[Event]]:
    seat = state.current
    party = state.parties[seat]
    here, there = party.room, action.room
    if not isinstance(there, str):
        raise explain_move(game, state, action)
    key = ("move", seat, here, there)
    ev = game.memo.get(key)  # as game.said, without building a closure at every move
    if ev is None:  # a move not made before: checked, then its event kept (a kept event is a legal move's)
        if there not in game.neighbours(here):
            raise explain_move(game, state, action)
        ev = game.remember(key, event(R.TURN_MOVE, f"seat {seat} moves from the {here} to the {there}", seat=seat,
                                      room=there))
    return moved(state, party, there), [ev]


def explain_move(game: AsylumGame, state: AsylumState, action: Move) -> IllegalAction:
    phase = state.phase
    if phase is START:
        return IllegalAction(R.TURN_START, "finish the start of the turn first (BeginMove), then move")
    if phase is CONFLICT:
        return IllegalAction(R.TURN_CONFLICT, "a conflict is under way: no move until it is over")
    if phase is not MOVE:
        return IllegalAction(R.TURN_MOVE, "the party has already moved this turn: it moves one space a turn")
    party = state.parties[state.current]
    if not isinstance(action.room, str) or action.room not in game.rooms:
        return IllegalAction(R.TURN_MOVE, f"there is no room called {action.room!r} on the board")
    if action.room == party.room:
        return IllegalAction(R.TURN_MOVE, f"the party must move: it cannot stay in the {party.room}")
    d = game.distance(party.room, action.room)
    return IllegalAction(R.TURN_MOVE, f"the {action.room} is {d} spaces from the {party.room}: a party moves "
                         "exactly one space, along a corridor")


# -- 3. the room's rule ----------------------------------------------------------------------

def occupant(state: AsylumState, seat: int, room: str) -> int | None:
    """The party the mover meets in ``room``: the first after him in turn order
    (register: ``crowded-room``)."""
    n = len(state.parties)
    for k in range(1, n):
        other = state.parties[(seat + k) % n]
        if other.room == room:
            return other.seat
    return None


def room_rule(game: AsylumGame, state: AsylumState) -> tuple[Any, Any]:
    """The room's rule for the party that just moved: its action and section."""
    dec = room_decision(game, state)
    return dec.options[0], dec.rule


def room_decision(game: AsylumGame, state: AsylumState) -> Decision:
    """The rule of the room the party just moved into, as the decision the rules take
    on their own (one per rule, built once: every turn asks for one)."""
    seat = state.current
    parties = state.parties
    party = parties[seat]
    room = party.room
    for other in parties:  # occupied: the first after him in turn order is fought (see occupant)
        if other.room == room and other is not party:
            return ROOM_DECISIONS[Engage]
    kind = game.room_kind(room)
    if kind == "plot":
        if room not in party.visited:
            return ROOM_DECISIONS[ScorePlotRoom]
        if not game.rules.revisited_plot_room_event:
            return ROOM_DECISIONS[QuietRoom]
    elif kind == "yard":
        return ROOM_DECISIONS[EnterYard]
    return ROOM_DECISIONS[RollEvent]


def do_room(game: AsylumGame, state: AsylumState, action: Any, chance: Chance) -> tuple[AsylumState, list[Event]]:
    """Apply the room's rule: the one :func:`room_decision` offered (``game.check``
    refuses any other; the fast runners pass only offered options)."""
    seat = state.current
    party = state.parties[seat]
    room = party.room
    kind = type(action)  # one of ROOM_ACTIONS: the game dispatches on it
    if kind is RollEvent:
        return _roll_event(game, state, seat, room, chance)
    if kind is ScorePlotRoom:
        state, events = gain(game, state, seat, game.rules.plot_room_reward, R.TURN_PLOT_ROOM,
                             f"first visit to the {room}")
        party = state.parties[seat]
        return put(state, party._replace(visited=party.visited + (room,)), phase=END), list(events)
    if kind is EnterYard:
        if party.doom_ready is not None:
            text = f"seat {seat} moves into the Yard, Doom Ready: it wins if it ends its turn here"
        else:
            text = f"seat {seat} enters the Yard: nothing happens (the party is not Doom Ready)"
        return state._replace(phase=END), [event(R.TURN_YARD, text, seat=seat)]
    if kind is QuietRoom:
        ev = event(R.TURN_PLOT_ROOM, f"seat {seat} has visited the {room} before: nothing happens", seat=seat)
        return state._replace(phase=END), [ev]
    other = state.parties[occupant(state, seat, room)]  # Engage
    cs = game.conflict.start(party.villains, other.villains, masterminds=(party.mastermind, other.mastermind),
                             doom_ready=doom_ready.bonus_applies(game, state), rules=game.rules)
    clash = _new(Clash, ((seat, other.seat), room, None, (party.doom_ready is not None, other.doom_ready is not None)))
    key = ("engage", seat, other.seat, room)
    ev = game.memo.get(key)  # the same clash, the same event: kept by the game
    if ev is None:
        ev = game.remember(key, event(R.TURN_CONFLICT, f"the {room} is occupied by seat {other.seat}: conflict! "
                                      f"Seat {seat} attacks", attacker=seat, defender=other.seat, room=room))
    return state._replace(phase=CONFLICT, conflict=cs, clash=clash), [ev]


def _roll_event(game: AsylumGame, state: AsylumState, seat: int, room: str,
                chance: Chance) -> tuple[AsylumState, list[Event]]:
    """An empty ordinary room: a roll on the Event Table and its effect."""
    memo = game.memo  # as game.said, without building closures at every roll
    key = ("event room", seat, room)
    why = memo.get(key)
    if why is None:
        why = game.remember(key, event(R.TURN_EVENT, f"the {room} is empty and is neither a plot room to score nor "
                                       "the Yard: an event", seat=seat))
    table = game.events
    total = chance.roll(table.roll)
    index = table.lookup[total]
    result = table.results[index]
    key = ("event roll", seat, total)
    head = memo.get(key)
    if head is None:
        head = game.remember(key, event(R.EVENT_TABLE, f"seat {seat} rolls {total} on the Event Table: {result.title}"
                                        + (f" - {result.text}" if result.text else ""), seat=seat, roll=total,
                                        result=result.name))
    out = _events.EFFECTS[result.effect].fn(game, state, seat, result.params, chance)
    return after_effect(out, index), [why, head, *out.events]


def explain_room(game: AsylumGame, state: AsylumState, action: Any) -> IllegalAction:
    if state.phase is ROOM:
        want, rule = room_rule(game, state)
        return IllegalAction(rule, f"the rule of the {state.parties[state.current].room} is: {want}")
    return IllegalAction(R.TURN_MOVE, f"{action} follows a move, as the rule of the room moved into")


# -- the Event Table's answers -------------------------------------------------------------

def after_effect(out: _events.Outcome, index: int) -> AsylumState:
    state = out.state
    if out.options:  # a PendingEvent built as the tuple it is (its own constructor is dear)
        return at_phase(state, EVENT, _new(PendingEvent, (index, out.options, out.memo)))
    if state.phase is CONFLICT:
        return state._replace(event=None)
    return at_phase(state, END)


def event_decision(game: AsylumGame, state: AsylumState) -> Decision:
    pending = state.event
    rule, title = game.event_heads[pending.index]
    return _new(Decision, (state.current, pending.options, rule, title))


def do_event_choice(game: AsylumGame, state: AsylumState, action: Any,
                    chance: Chance) -> tuple[AsylumState, list[Event]]:
    pending = state.event
    if action not in pending.options:
        raise explain_event_choice(game, state, action)
    result = game.events.results[pending.index]
    out = _events.EFFECTS[result.effect].fn(game, state, state.current, result.params, chance, action, pending.memo)
    return after_effect(out, pending.index), list(out.events)


def explain_event_choice(game: AsylumGame, state: AsylumState, action: Any) -> IllegalAction:
    if state.phase is EVENT:
        result = game.events.results[state.event.index]
        answers = "; ".join(str(o) for o in state.event.options)
        return IllegalAction(_events.KIND_RULES[result.kind], f"the Event Table result waiting is {result.title}: "
                             f"answer it with one of: {answers}")
    return IllegalAction(R.TURN_EVENT, f"{action} answers an Event Table result, and none is waiting")


# -- 4. the end of the turn ------------------------------------------------------------------

def seat_of_turn(game: AsylumGame, turn: int, players: int, order: tuple[int, ...] = ()) -> int:
    """Who plays turn ``turn`` (1 is the first): seat after seat ("Gameplay overview";
    register: ``turn-order``); with ``snake_turn_order`` every other round reversed;
    with ``shuffled_turn_order`` in the round's drawn ``order``."""
    rnd, pos = divmod(turn - 1, players)
    if order:
        return order[pos]
    return players - 1 - pos if game.rules.snake_turn_order and rnd % 2 else pos


def draw_order(game: AsylumGame, players: int, chance: Chance, rnd: int) -> tuple[tuple[int, ...], Event]:
    """A round's order of play drawn at random (``shuffled_turn_order``, ours)."""
    order = chance.roll(_orders(players))
    text = f"round {rnd}: the order of play is drawn: " + ", ".join(f"seat {s}" for s in order)
    return order, event(R.TURN_ORDER, text, order=order)


@lru_cache(maxsize=8)
def _orders(players: int) -> Dist[tuple[int, ...]]:
    return Dist.uniform(tuple(itertools.permutations(range(players))))


def end_turn(game: AsylumGame, state: AsylumState, events: list[Event], chance: Chance) -> AsylumState:
    """The turn's rules are done: a Doom Ready party that moved into the Yard and is
    still there wins; otherwise the next seat plays, unless the turn cap is reached."""
    seat = state.current
    parties = state.parties
    if parties[seat].doom_ready is not None and doom_ready.wins(game, state):
        events.append(doom_ready.win_event(state))
        return state._replace(phase=OVER, winner=seat)
    n = len(parties)
    done = state.turn  # turns begun so far, this one included
    if done >= game.rules.turn_cap * n:
        events.append(event(R.TURN_CAP, f"the turn cap ({game.rules.turn_cap} turns each) is reached with no "
                            "winner: the game is a draw", draw=True))
        return state._replace(phase=OVER, winner=None)
    order = state.order
    if order and done % n == 0:  # a new round: its order is drawn afresh
        order, ev = draw_order(game, n, chance, done // n + 1)
        events.append(ev)
    turn = done + 1
    nxt = order[done % n] if order else seat_of_turn(game, turn, n)
    phase = START if _has_choices(game, parties[nxt], ()) else MOVE  # see after_start_choice
    state = next_turn(state, nxt, turn, phase, order)
    key = ("turn end", seat, nxt, turn)
    ev = game.memo.get(key)  # as game.said, without building a closure at every turn
    if ev is None:
        ev = game.remember(key, event(R.TURN_END, f"end of seat {seat}'s turn; turn {turn}: seat {nxt} to play",
                                      seat=nxt, turn=turn))
    events.append(ev)
    return state


__all__ = [
    "BeginMove", "Engage", "EnterYard", "Move", "QuietRoom", "ROOM_ACTIONS", "RollEvent", "ScorePlotRoom",
    "after_effect", "after_start_choice", "do_begin_move", "do_event_choice", "do_move", "do_room", "end_turn",
    "event_decision", "explain_event_choice", "explain_move", "explain_room", "has_start_options", "move_decision",
    "occupant", "room_decision", "room_rule", "start_options",
]
