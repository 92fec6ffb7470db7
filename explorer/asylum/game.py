"""A whole game of Doom Asylum, for 2 to 6 players, one rule at a time.

:class:`AsylumGame` implements the engine protocol (:class:`~explorer.core.engine.Game`):
``decision(state)`` says whose choice it is and lists the legal options,
``resolve(state, action, chance)`` applies one rule and returns the next state
with events citing their rule sections, ``result(state)`` says who won.  A turn
goes, each as its own step:

1. the start of the turn (``turn.start``): the player may buy upgrades (one level
   per villain, level 2 before 3, 1 Doomsday point each) and hand the mastermind
   role to another villain, then says :class:`BeginMove` (skipped when there is
   nothing to choose);
2. the compulsory move of one space (:class:`Move`);
3. the room's rule, a forced step: a conflict with the party there
   (:class:`Engage`), 5 points for a plot room not yet visited
   (:class:`ScorePlotRoom`), nothing in the Yard (:class:`EnterYard`), or a roll on
   the Event Table (:class:`RollEvent`) -- which may lead to an ambush conflict or
   a player's choice;
4. what a conflict leaves to decide: a lost mastermind's successor, the winner's
   push, claiming a defeated ambusher.

The step that finishes the turn's rules also ends the turn (its events say so,
citing ``turn.end``): a Doom Ready party ending its own turn in the Yard wins;
otherwise play passes to the next seat, until the turn cap (a draw).

Conflicts are the :class:`~explorer.asylum.conflict.Conflict` game, embedded: while
one is under way the state holds its ``ConflictState``, its decisions are passed
through with sides mapped to seats (side 0 the mover or the ambusher, side 1 the
occupant or the ambushed party), and its actions are its own.  The ambusher
belongs to nobody: his choices are forced steps picked by a fixed rule (the best
immediate expected victory points, :func:`explorer.asylum.tactics.quick_choice`).

States are immutable named tuples (hashable, cheap to copy).  Doom Ready status
is settled after every step: gained in a plot room with 8 points, lost below 8
points or when the mastermind who earned it is lost (or unmade).

>>> game, state = setup(players=3, seed=7)
>>> [p.room for p in state.parties]
['Intake Hall', 'Intake Hall', 'Intake Hall']
>>> [p.doomsday for p in state.parties]
[1, 1, 1]
>>> from explorer.core.engine import simulate
>>> from explorer.asylum.bots import GreedyBot
>>> simulate(game, state, GreedyBot(), seed=7).result.reason in ("yard", "turn cap")
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

import networkx as nx

from ..core.dist import Dist
from ..core.engine import Chance, Decision, Game, IllegalAction, SampledChance, Step, derived_rng
from ..core.events import Event, event
from . import event_table as _events
from . import sections as R
from .board import distance, load_board, neighbours, plot_rooms, yard
from .conflict import (
    Block,
    Conclude,
    Conflict,
    ConflictResult,
    ConflictState,
    MentalAttack,
    PhysicalAttack,
    TacticalManeuver,
    UseAbility,
)
from .event_table import EventTable, Outcome, load_event_table
from .params import AsylumRules, load_rules
from .villains import Villain, load_roster

CONFLICT = Conflict()

# phases of a turn (END is never seen from outside: the step that finishes a
# turn's rules also ends the turn)
START, MOVE, ROOM, EVENT, CONFLICT_PHASE, TODO, END, OVER = (
    "start", "move", "room", "event", "conflict", "todo", "end", "over")


# -- actions -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Upgrade:
    """Raise ``villain`` to ``level`` (one above his current level)."""

    villain: str
    level: int

    def __str__(self) -> str:
        return f"upgrade {self.villain} to level {self.level}"


@dataclass(frozen=True, slots=True)
class MakeMastermind:
    """Hand the mastermind role to ``villain`` (the old mastermind is 'unmade')."""

    villain: str

    def __str__(self) -> str:
        return f"make {self.villain} the mastermind"


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


@dataclass(frozen=True, slots=True)
class Push:
    """The winner of a conflict pushes the loser into ``room``."""

    room: str

    def __str__(self) -> str:
        return f"push the loser into the {self.room}"


@dataclass(frozen=True, slots=True)
class NameMastermind:
    """After the mastermind is lost: name ``villain`` the new mastermind."""

    villain: str

    def __str__(self) -> str:
        return f"name {self.villain} the new mastermind"


@dataclass(frozen=True, slots=True)
class Claim:
    """Pay to recruit the defeated ambusher."""

    def __str__(self) -> str:
        return "claim the ambusher"


@dataclass(frozen=True, slots=True)
class LetGo:
    def __str__(self) -> str:
        return "let the ambusher escape"


TURN_ACTIONS = (Upgrade, MakeMastermind, BeginMove, Move, Engage, ScorePlotRoom, EnterYard, QuietRoom, RollEvent,
                Push, NameMastermind, Claim, LetGo)
CONFLICT_ACTIONS = (MentalAttack, PhysicalAttack, UseAbility, TacticalManeuver, Block, Conclude)
#: Every action type a game can log, for JSON (see :mod:`explorer.asylum.log`).
ACTION_TYPES: dict[str, type] = {cls.__name__: cls for cls in TURN_ACTIONS + CONFLICT_ACTIONS + _events.ACTIONS}


# -- state -------------------------------------------------------------------------------------

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


class AsylumState(NamedTuple):
    """Where a game stands.  Immutable; ``_replace`` gives the next one."""

    parties: tuple[Party, ...]
    pool: tuple[str, ...]  # villains in no party, in roster order
    start_masterminds: tuple[str, ...]
    current: int = 0  # whose turn
    turn: int = 1  # turns begun so far (one per player per round)
    phase: str = START
    came_from: str | None = None  # where the mover began his turn
    upgraded: tuple[str, ...] = ()  # villains upgraded this turn
    event: PendingEvent | None = None
    conflict: ConflictState | None = None
    clash: Clash | None = None
    todo: tuple[tuple, ...] = ()  # what a conflict left to decide, in order
    ever_doom_ready: bool = False  # someone has been Doom Ready: the conflict bonus is 3
    winner: int | None = None

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def party(self) -> Party:
        """The party whose turn it is."""
        return self.parties[self.current]

    def describe(self) -> str:
        head = f"turn {self.turn}, seat {self.current} to play ({self.phase})"
        lines = [head] + ["  " + p.describe() for p in self.parties]
        if self.conflict is not None:
            lines.append(self.conflict.describe())
        return "\n".join(lines)


class GameResult(NamedTuple):
    """How a game ended: the winning seat (``None``: a draw at the turn cap), the
    turns played, why it ended, and the winner's starting mastermind."""

    winner: int | None
    turns: int
    reason: str  # "yard" or "turn cap"
    mastermind: str | None

    @property
    def draw(self) -> bool:
        return self.winner is None


# -- the game ----------------------------------------------------------------------------------

class AsylumGame(Game):
    """The rules of a whole game.  The roster, board, rules and Event Table are
    fixed per game object (defaults: the data files); states carry the rest."""

    name = "asylum"

    def __init__(
        self,
        roster: Mapping[str, Villain] | str | os.PathLike | None = None,
        board: nx.Graph | str | os.PathLike | None = None,
        rules: AsylumRules | str | os.PathLike | None = None,
        events: EventTable | str | os.PathLike | None = None,
    ) -> None:
        self.roster: dict[str, Villain] = dict(roster) if isinstance(roster, Mapping) else load_roster(roster)
        self.board: nx.Graph = board if isinstance(board, nx.Graph) else load_board(board)
        self.rules: AsylumRules = rules if isinstance(rules, AsylumRules) else load_rules(rules)
        self.events: EventTable = events if isinstance(events, EventTable) else load_event_table(events)
        if self.rules.turn_cap < 1:
            raise ValueError("turn_cap must be at least 1")
        self._order = {name: i for i, name in enumerate(self.roster)}
        board = self.board
        self.rooms = tuple(board)
        self.start_room: str = board.graph["start"]
        self.yard: str = yard(board)
        self.plots: frozenset[str] = frozenset(plot_rooms(board))
        self.plot_order: tuple[str, ...] = plot_rooms(board)  # sorted by name
        self._conflict_decisions: dict[tuple, Decision] = {}
        self._move_decisions: dict[tuple[int, str], Decision] = {}
        self._kind = {room: kind for room, kind in board.nodes(data="kind")}
        self._nbrs = {room: neighbours(board, room) for room in board}
        self._moves = {room: tuple(Move(n) for n in nbrs) for room, nbrs in self._nbrs.items()}
        self._pushes = {room: tuple(Push(n) for n in nbrs) for room, nbrs in self._nbrs.items()}
        self._within: dict[tuple[str, int], tuple[str, ...]] = {}
        self.dist: dict[str, dict[str, int]] = {a: {b: distance(board, a, b) for b in board} for a in board}
        from .tactics import quick_choice  # the ambusher's fixed rule
        self._ambusher_choice = quick_choice

    # -- setting up ---------------------------------------------------------------------------
    def setup(self, players: int = 4, seed: int | str = 0, masterminds: str | Sequence[str] = "star") -> AsylumState:
        """The opening state: every party one villain, its mastermind, with the
        starting Doomsday points, in the board's start room; seat 0 plays first.

        ``masterminds``: ``"star"`` draws them at random from the star-marked
        villains (topped up from the rest if there are more players than stars),
        ``"random"`` from the whole roster, or a list names them (one per seat).
        Draws come from a stream derived from ``seed``.
        """
        if not isinstance(players, int) or not 2 <= players <= 6:
            raise ValueError(f"Doom Asylum is for 2 to 6 players, not {players!r}")
        names = list(self.roster)
        if isinstance(masterminds, str):
            if masterminds == "star":
                stars = [n for n in names if self.roster[n].star]
                rest = [n for n in names if not self.roster[n].star]
            elif masterminds == "random":
                stars, rest = names, []
            else:
                raise ValueError(f"masterminds must be 'star', 'random' or a list of names, not {masterminds!r}")
            if players > len(names):
                raise ValueError(f"the roster has only {len(names)} villains for {players} players")
            chance = SampledChance(derived_rng(seed, "setup"))
            chosen: list[str] = []
            for _ in range(players):
                bag = [n for n in stars if n not in chosen] or [n for n in rest if n not in chosen]
                chosen.append(chance.roll(_uniform(tuple(bag))))
        else:
            chosen = list(masterminds)
            if len(chosen) != players:
                raise ValueError(f"{len(chosen)} masterminds named for {players} players")
            for n in chosen:
                if n not in self.roster:
                    raise LookupError(f"no villain named {n!r}; known: {', '.join(names)}")
            if len(set(chosen)) != len(chosen):
                raise ValueError("a villain can lead only one party")
        start, dd = self.start_room, self.rules.doomsday_start
        parties = tuple(Party(seat, (_fresh(self.roster[n]),), n, start, dd) for seat, n in enumerate(chosen))
        pool = tuple(n for n in names if n not in chosen)
        state = AsylumState(parties, pool, tuple(chosen))
        return state if self._has_start_options(state) else state._replace(phase=MOVE)

    def arrange(
        self,
        state: AsylumState,
        seat: int,
        *,
        room: str | None = None,
        doomsday: int | None = None,
        villains: Sequence[str] | None = None,
        mastermind: str | None = None,
        levels: Mapping[str, int] | None = None,
        visited: Sequence[str] | None = None,
        doom_ready: bool | None = None,
    ) -> AsylumState:
        """A copy of ``state`` with seat ``seat``'s party changed: for teaching
        ("what if my party were...") and tests.  Villains named are taken from the
        pool (and returned to it when dropped); ``doom_ready=True`` marks the
        current mastermind as having earned the status.  Checks what it can:
        unknown rooms and villains, or a villain in another party, raise ValueError."""
        party = state.parties[seat]
        pool = list(state.pool)
        changes: dict[str, Any] = {}
        if room is not None:
            if room not in self._kind:
                raise ValueError(f"no room named {room!r}")
            changes["room"] = room
        if doomsday is not None:
            if not 0 <= doomsday <= self.rules.doomsday_cap:
                raise ValueError(f"Doomsday points run from 0 to {self.rules.doomsday_cap}")
            changes["doomsday"] = doomsday
        team = list(party.villains)
        if villains is not None:
            others = {v.name for p in state.parties if p.seat != seat for v in p.villains}
            team = []
            for name in villains:
                if name not in self.roster:
                    raise ValueError(f"no villain named {name!r}")
                if name in others:
                    raise ValueError(f"{name} is in another party")
                team.append(party.villain(name) if name in party.names else _fresh(self.roster[name]))
            if not team:
                raise ValueError("a party needs at least one villain")
            kept = {v.name for v in team}
            pool = [n for n in pool if n not in kept] + [n for n in party.names if n not in kept]
            pool.sort(key=self._order.__getitem__)
            if party.mastermind not in kept and mastermind is None:
                mastermind = team[0].name
        if levels:
            team = [v.at_level(levels[v.name]) if v.name in levels else v for v in team]
        changes["villains"] = tuple(team)
        if mastermind is not None:
            if mastermind not in {v.name for v in team}:
                raise ValueError(f"{mastermind} is not in the party")
            changes["mastermind"] = mastermind
            changes["unmade"] = tuple(n for n in party.unmade if n != mastermind and n in {v.name for v in team})
        if visited is not None:
            changes["visited"] = tuple(visited)
        party = party._replace(**changes)
        if doom_ready is not None:
            party = party._replace(doom_ready=party.mastermind if doom_ready else None)
        state = self._put(state, party, pool=tuple(pool))
        if doom_ready:
            state = state._replace(ever_doom_ready=True)
        return state

    def new_stepper(self, players: int = 4, seed: int | str = 0, policies=None, masterminds="star"):
        """A :class:`~explorer.core.engine.Stepper` on a new game."""
        from ..core.engine import Stepper

        return Stepper(self, self.setup(players, seed, masterminds), seed, policies)

    # -- board helpers (used by the rules, the event effects and the bots) ---------------------
    def room_kind(self, room: str) -> str:
        return self._kind[room]

    def neighbours(self, room: str) -> tuple[str, ...]:
        return self._nbrs[room]

    def distance(self, a: str, b: str) -> int:
        return self.dist[a][b]

    def rooms_within(self, room: str, reach: int) -> tuple[str, ...]:
        """Rooms 1..``reach`` moves from ``room``, nearest first, then by name."""
        key = (room, reach)
        hit = self._within.get(key)
        if hit is None:
            rows = [(distance(self.board, room, r), r) for r in self.rooms]
            hit = self._within[key] = tuple(r for d, r in sorted(rows) if 1 <= d <= reach)
        return hit

    # -- protocol ------------------------------------------------------------------------------
    def decision(self, state: AsylumState) -> Decision | None:
        phase = state.phase
        if phase == MOVE:
            key = (state.current, state.parties[state.current].room)
            dec = self._move_decisions.get(key)
            if dec is None:
                dec = self._move_decisions[key] = Decision(key[0], self._moves[key[1]], R.TURN_MOVE, "Move one space")
            return dec
        if phase == ROOM:
            action, rule = self._room_rule(state)
            return Decision(None, (action,), rule, "The room's rule")
        if phase == CONFLICT_PHASE:
            return self._conflict_decision(state)
        if phase == START:
            return Decision(state.current, self._start_options(state) or (BeginMove(),), R.TURN_START,
                            "Upgrade villains, change mastermind, or move on")
        if phase == EVENT:
            result = self.events.results[state.event.index]
            return Decision(state.current, state.event.options, _events.KIND_RULES[result.kind], result.title)
        if phase == TODO:
            return self._todo_decision(state)
        return None

    def result(self, state: AsylumState) -> GameResult | None:
        if state.phase != OVER:
            return None
        w = state.winner
        return GameResult(w, state.turn, "yard" if w is not None else "turn cap",
                          state.start_masterminds[w] if w is not None else None)

    def resolve(self, state: AsylumState, action: Any, chance: Chance) -> Step:
        phase = state.phase
        if phase == CONFLICT_PHASE:
            step = CONFLICT.resolve(state.conflict, action, chance)
            cs = step.state
            if cs.result is None:
                return Step(state._replace(conflict=cs), step.events)
            nxt, events = self._conclude(state, cs.result)
            events = list(step.events) + events
        else:
            handler = self._HANDLERS.get((phase, type(action)))
            if handler is None:
                raise self.illegal(state, action)
            nxt, events = handler(self, state, action, chance)
            events = list(events)
            if phase == MOVE or phase == START and type(action) is BeginMove:
                return Step(nxt, tuple(events))  # nothing Doom Ready depends on has changed
        nxt = self._settle(nxt, events)
        if nxt.phase == END:
            nxt = self._settle(self._end_turn(nxt, events), events)
        return Step(nxt, tuple(events))

    # -- start of the turn -------------------------------------------------------------------
    def _start_options(self, state: AsylumState) -> tuple[Any, ...]:
        party = state.parties[state.current]
        rules = self.rules
        opts: list[Any] = []
        if party.doomsday >= rules.upgrade_cost:
            top = rules.max_level
            for v in party.villains:
                if v.level < top and v.level < v.max_level and v.name not in state.upgraded:
                    opts.append(Upgrade(v.name, v.level + 1))
        if len(party.villains) > 1:
            for v in party.villains:
                if v.name != party.mastermind and v.name not in party.unmade:
                    opts.append(MakeMastermind(v.name))
        if opts:
            opts.append(BeginMove())
        return tuple(opts)

    def _has_start_options(self, state: AsylumState) -> bool:
        """Whether :meth:`_start_options` would offer anything (without building it)."""
        party = state.parties[state.current]
        villains = party.villains
        if len(villains) > 1:
            unmade = party.unmade
            if len(unmade) < len(villains) - 1:
                return True
        if party.doomsday >= self.rules.upgrade_cost:
            top = self.rules.max_level
            for v in villains:
                if v.level < top and v.level < v.max_level and v.name not in state.upgraded:
                    return True
        return False

    def _after_start_choice(self, state: AsylumState) -> AsylumState:
        return state if self._has_start_options(state) else state._replace(phase=MOVE)

    def _do_upgrade(self, state, action: Upgrade, chance):
        if action not in self._start_options(state):
            raise self.illegal(state, action)
        seat = state.current
        cost = self.rules.upgrade_cost
        state, events = self.gain(state, seat, -cost, R.UPGRADES, f"pays for {action.villain}'s upgrade")
        state, more = self.level_up(state, seat, action.villain, R.UPGRADES, f"for {cost} Doomsday point(s)")
        state = state._replace(upgraded=state.upgraded + (action.villain,))
        return self._after_start_choice(state), more + events

    def _do_make_mastermind(self, state, action: MakeMastermind, chance):
        if action not in self._start_options(state):
            raise self.illegal(state, action)
        seat = state.current
        party = state.parties[seat]
        old = party.mastermind
        changes: dict[str, Any] = {"mastermind": action.villain, "unmade": party.unmade + (old,)}
        if party.doom_ready and not self.rules.switch_ends_doom_ready:
            changes["doom_ready"] = action.villain
        state = self._put(state, party._replace(**changes))
        ev = event(R.MASTERMIND_SWITCH, f"seat {seat} makes {action.villain} the mastermind; {old} is unmade and may "
                   f"not lead again until {action.villain} is defeated",
                   seat=seat, mastermind=action.villain, unmade=old)
        return self._after_start_choice(state), [ev]

    def _do_begin_move(self, state, action, chance):
        party = state.parties[state.current]
        spent = f"upgraded {', '.join(state.upgraded)}" if state.upgraded else "no upgrades"
        return state._replace(phase=MOVE), [event(R.TURN_START, f"seat {party.seat} ends the start of the turn "
                                                  f"({spent}; mastermind {party.mastermind}) and must now move")]

    # -- the move and the room ------------------------------------------------------------------
    def _do_move(self, state, action: Move, chance):
        seat = state.current
        party = state.parties[seat]
        if action.room not in self._nbrs[party.room]:
            raise self.illegal(state, action)
        state = self._put(state, party._replace(room=action.room), came_from=party.room, phase=ROOM)
        ev = event(R.TURN_MOVE, f"seat {seat} moves from the {party.room} to the {action.room}", seat=seat,
                   room=action.room)
        return state, [ev]

    def _occupant(self, state: AsylumState, seat: int, room: str) -> int | None:
        """The party the mover meets in ``room``: the first after him in turn order."""
        n = len(state.parties)
        for k in range(1, n):
            other = state.parties[(seat + k) % n]
            if other.room == room:
                return other.seat
        return None

    def _room_rule(self, state: AsylumState) -> tuple[Any, Any]:
        party = state.parties[state.current]
        room = party.room
        if self._occupant(state, party.seat, room) is not None:
            return Engage(), R.TURN_CONFLICT
        kind = self._kind[room]
        if kind == "plot":
            if room not in party.visited:
                return ScorePlotRoom(), R.TURN_PLOT_ROOM
            if not self.rules.revisited_plot_room_event:
                return QuietRoom(), R.TURN_PLOT_ROOM
        elif kind == "yard":
            return EnterYard(), R.TURN_YARD
        return RollEvent(), R.TURN_EVENT

    def _do_room(self, state, action, chance):
        # the action is the one decision() offered (the room's rule): not re-derived here
        seat = state.current
        party = state.parties[seat]
        room = party.room
        if isinstance(action, ScorePlotRoom):
            state, events = self.gain(state, seat, self.rules.plot_room_reward, R.TURN_PLOT_ROOM,
                                      f"first visit to the {room}")
            party = state.parties[seat]
            state = self._put(state, party._replace(visited=party.visited + (room,)))
            return state._replace(phase=END), events
        if isinstance(action, EnterYard):
            ev = event(R.TURN_YARD, f"seat {seat} enters the Yard: nothing happens", seat=seat)
            return state._replace(phase=END), [ev]
        if isinstance(action, QuietRoom):
            ev = event(R.TURN_PLOT_ROOM, f"seat {seat} has visited the {room} before: nothing happens", seat=seat)
            return state._replace(phase=END), [ev]
        if isinstance(action, Engage):
            other = state.parties[self._occupant(state, seat, room)]
            cs = CONFLICT.start(party.villains, other.villains, masterminds=(party.mastermind, other.mastermind),
                                doom_ready=state.ever_doom_ready, rules=self.rules)
            clash = Clash((seat, other.seat), room, None, (party.doom_ready is not None, other.doom_ready is not None))
            ev = event(R.TURN_CONFLICT, f"the {room} is occupied by seat {other.seat}: conflict! Seat {seat} attacks",
                       attacker=seat, defender=other.seat, room=room)
            return state._replace(phase=CONFLICT_PHASE, conflict=cs, clash=clash), [ev]
        # the Event Table
        table = self.events
        total = chance.roll(table.roll)
        index = table.lookup[total]
        result = table.results[index]
        head = event(R.EVENT_TABLE, f"seat {seat} rolls {total} on the Event Table: {result.title}"
                     + (f" - {result.text}" if result.text else ""), seat=seat, roll=total, result=result.name)
        out = _events.EFFECTS[result.effect].fn(self, state, seat, result.params, chance)
        return self._after_effect(out, index), [head, *out.events]

    def _after_effect(self, out: Outcome, index: int) -> AsylumState:
        state = out.state
        if out.options:
            return state._replace(phase=EVENT, event=PendingEvent(index, out.options, out.memo))
        if state.phase == CONFLICT_PHASE:
            return state._replace(event=None)
        return state._replace(phase=END, event=None)

    def _do_event_choice(self, state, action, chance):
        pending = state.event
        if action not in pending.options:
            raise self.illegal(state, action)
        result = self.events.results[pending.index]
        out = _events.EFFECTS[result.effect].fn(self, state, state.current, result.params, chance, action, pending.memo)
        return self._after_effect(out, pending.index), list(out.events)

    # -- conflicts --------------------------------------------------------------------------------
    def begin_ambush(self, state: AsylumState, seat: int, name: str) -> Outcome:
        """Start the ambush conflict: the lone ambusher (side 0, no mastermind) against
        the party (side 1).  Used by the ``ambush`` event effect."""
        party = state.parties[seat]
        ambusher = _fresh(self.roster[name])
        cs = CONFLICT.start((ambusher,), party.villains, masterminds=(None, party.mastermind), ambush=True,
                            doom_ready=state.ever_doom_ready, rules=self.rules)
        clash = Clash((None, seat), party.room, name, (False, party.doom_ready is not None))
        first = "the lone mastermind acts first" if cs.turn == 1 else f"{name} acts first"
        ev = event(R.AMBUSH, f"seat {seat} fights {name}: {first}", seat=seat, ambusher=name)
        return Outcome(state._replace(phase=CONFLICT_PHASE, conflict=cs, clash=clash), (ev,))

    def _conflict_decision(self, state: AsylumState) -> Decision:
        cs = state.conflict
        # The conflict's decision depends on who fights, whose turn, who has acted,
        # who is down and what is pending, never on the score: cache it on those.
        key = (cs.setup, cs.turn, cs.acted, cs.fallen, cs.pending)
        cache = self._conflict_decisions
        dec = cache.get(key)
        if dec is None:
            if len(cache) > 50_000:
                cache.clear()
            dec = cache[key] = CONFLICT.decision(cs)
        side = dec.player
        if side is None:
            return dec
        seat = state.clash.seats[side]
        if seat is None:  # the ambusher: a fixed rule picks for him
            return Decision(None, (self._ambusher_choice(cs, dec),), dec.rule, f"The ambusher: {dec.prompt}")
        return Decision(seat, dec.options, dec.rule, f"Seat {seat}: {dec.prompt}")

    def _conclude(self, state: AsylumState, result: ConflictResult) -> tuple[AsylumState, list[Event]]:
        """Apply a finished conflict to the game: Doomsday points, lost villains,
        masterminds, Doom Ready by conflict, then the push, the return, or the claim."""
        clash = state.clash
        rules = self.rules
        events: list[Event] = []
        todo: list[tuple] = []
        pool = state.pool
        ambush = clash.seats[0] is None
        old_mm: dict[int, str] = {}
        for side in (0, 1):
            seat = clash.seats[side]
            if seat is None:
                continue
            party = state.parties[seat]
            old_mm[side] = party.mastermind
            if result.doomsday[side]:
                state, evs = self.gain(state, seat, result.doomsday[side], R.WINNER_DOOMSDAY, "for the conflict")
                events += evs
                party = state.parties[seat]
            lost = result.lost[side]
            changes: dict[str, Any] = {}
            if lost:
                keep = tuple(v for v in party.villains if v.name not in lost)
                changes["villains"] = keep
                if any(n in lost for n in party.unmade):  # their cards are discarded, marks and all
                    changes["unmade"] = tuple(n for n in party.unmade if n not in lost)
                pool = self._return_to_pool(pool, lost)
                events.append(event(R.DEATH, f"seat {seat} loses {', '.join(lost)} (cards and upgrades back to the "
                                    "pool: they may return in an Ambush)", seat=seat, lost=tuple(lost)))
            if party.mastermind in result.defeated[side] and party.unmade:
                changes["unmade"] = ()
                events.append(event(R.MASTERMIND_SWITCH, f"seat {seat}'s mastermind {party.mastermind} was defeated: "
                                    f"{', '.join(party.unmade)} may be made mastermind again", seat=seat))
            if party.mastermind in lost:
                keep = changes["villains"]
                heir = keep[0].name
                changes["mastermind"] = heir
                changes["unmade"] = ()
                if len(keep) > 1:
                    todo.append(("name", seat))
                    text = f"seat {seat}'s mastermind {party.mastermind} is lost: the player must name a new one"
                else:
                    text = f"seat {seat}'s mastermind {party.mastermind} is lost: {heir}, the only one left, leads now"
                events.append(event(R.MASTERMIND_SWITCH, text, seat=seat, mastermind=heir))
            if changes:
                state = self._put(state, party._replace(**changes))
        if ambush:
            seat, name = clash.seats[1], clash.ambusher
            party = state.parties[seat]
            if name in result.defeated[0]:
                cost = rules.recruit_cost * len(party.villains)
                if party.doomsday >= cost:
                    todo.append(("claim", seat, name))
                    events.append(event(R.AMBUSH_CLAIM, f"{name} is defeated: seat {seat} may claim him for {cost} "
                                        "Doomsday point(s)", seat=seat, ambusher=name, cost=cost))
                else:
                    events.append(event(R.AMBUSH_CLAIM, f"{name} is defeated, but claiming him costs {cost} Doomsday "
                                        f"point(s) and seat {seat} has {party.doomsday}: he escapes", seat=seat))
            else:
                events.append(event(R.AMBUSH, f"{name} is not defeated and escapes", ambusher=name))
        else:
            winner = result.winner
            if winner is None:
                mover = state.parties[clash.seats[0]]
                state = self._put(state, mover._replace(room=state.came_from))
                events.append(event(R.DRAW, f"a draw: seat {mover.seat} goes back to the {state.came_from}",
                                    seat=mover.seat, room=state.came_from))
            else:
                w_seat, l_seat = clash.seats[winner], clash.seats[1 - winner]
                todo.append(("push", w_seat, l_seat, clash.room, winner == 0))
                w_party = state.parties[w_seat]
                if (clash.ready[1 - winner] and w_party.doom_ready is None
                        and w_party.doomsday >= rules.doom_ready_points and old_mm[winner] not in result.lost[winner]):
                    state = self._put(state, w_party._replace(doom_ready=w_party.mastermind), ever_doom_ready=True)
                    events.append(event(R.DOOM_READY_BY_CONFLICT, f"seat {w_seat} beat Doom Ready seat {l_seat} and "
                                        f"has {w_party.doomsday} Doomsday points: seat {w_seat} is Doom Ready",
                                        seat=w_seat))
        state = state._replace(pool=pool, conflict=None, clash=None, todo=tuple(todo), phase=TODO if todo else END)
        return state, events

    def _return_to_pool(self, pool: tuple[str, ...], names: Sequence[str]) -> tuple[str, ...]:
        order = self._order
        return tuple(sorted(pool + tuple(names), key=order.__getitem__))

    # -- what a conflict leaves to decide ---------------------------------------------------
    def _todo_decision(self, state: AsylumState) -> Decision:
        item = state.todo[0]
        kind = item[0]
        if kind == "push":
            _, winner, loser, room, _mover_won = item
            return Decision(winner, self._pushes[room], R.PUSH,
                            f"Seat {winner}: push seat {loser} into a room next to the {room}")
        if kind == "name":
            seat = item[1]
            party = state.parties[seat]
            return Decision(seat, tuple(NameMastermind(v.name) for v in party.villains), R.MASTERMIND_SWITCH,
                            f"Seat {seat}: name the new mastermind")
        seat, name = item[1], item[2]
        return Decision(seat, (Claim(), LetGo()), R.AMBUSH_CLAIM, f"Seat {seat}: claim {name}?")

    def _next_todo(self, state: AsylumState) -> AsylumState:
        todo = state.todo[1:]
        return state._replace(todo=todo, phase=TODO if todo else END)

    def _do_todo(self, state, action, chance):
        item = state.todo[0]
        kind = item[0]
        if kind == "push" and isinstance(action, Push):
            _, w, loser_seat, room, mover_won = item
            if action.room not in self._nbrs[room]:
                raise self.illegal(state, action)
            loser = state.parties[loser_seat]
            state = self._put(state, loser._replace(room=action.room))
            events = [event(R.PUSH, f"seat {w} pushes seat {loser_seat} out of the {room} into the {action.room}",
                            seat=loser_seat, room=action.room)]
            winner = state.parties[w]
            if mover_won and self._kind[room] == "plot" and room not in winner.visited:
                state, evs = self.gain(state, w, self.rules.plot_room_reward, R.TURN_CONFLICT,
                                       f"won the {room} and pushed the rival out: first visit")
                winner = state.parties[w]
                state = self._put(state, winner._replace(visited=winner.visited + (room,)))
                events += evs
            return self._next_todo(state), events
        if kind == "name" and isinstance(action, NameMastermind):
            seat = item[1]
            party = state.parties[seat]
            if action.villain not in party.names:
                raise self.illegal(state, action)
            state = self._put(state, party._replace(mastermind=action.villain))
            return self._next_todo(state), [event(R.MASTERMIND_SWITCH, f"seat {seat} names {action.villain} the new "
                                                  "mastermind", seat=seat, mastermind=action.villain)]
        if kind == "claim" and isinstance(action, (Claim, LetGo)):
            seat, name = item[1], item[2]
            if isinstance(action, LetGo):
                return self._next_todo(state), [event(R.AMBUSH_CLAIM, f"seat {seat} will not pay: {name} escapes")]
            party = state.parties[seat]
            cost = self.rules.recruit_cost * len(party.villains)
            state, events = self.gain(state, seat, -cost, R.AMBUSH_CLAIM, f"claims {name}")
            party = state.parties[seat]
            state = self._put(state, party._replace(villains=party.villains + (_fresh(self.roster[name]),)))
            state = state._replace(pool=tuple(n for n in state.pool if n != name))
            events = (event(R.AMBUSH_CLAIM, f"seat {seat} claims {name} for {cost} Doomsday point(s)",
                            seat=seat, villain=name, cost=cost),) + events
            return self._next_todo(state), events
        raise self.illegal(state, action)

    # -- the end of the turn ----------------------------------------------------------------
    def _end_turn(self, state: AsylumState, events: list[Event]) -> AsylumState:
        """The turn's rules are done: a Doom Ready party that ends its own turn in
        the Yard wins; otherwise the next seat plays, unless the turn cap is reached."""
        seat = state.current
        party = state.parties[seat]
        if party.room == self.yard and party.doom_ready is not None:
            events.append(event(R.WINNING, f"seat {seat} is Doom Ready and ends the turn in the Yard: "
                                f"{party.mastermind} activates the device. Seat {seat} wins!", winner=seat))
            return state._replace(phase=OVER, winner=seat)
        n = len(state.parties)
        if state.turn >= self.rules.turn_cap * n:
            events.append(event(R.TURN_CAP, f"the turn cap ({self.rules.turn_cap} turns each) is reached with no "
                                "winner: the game is a draw", draw=True))
            return state._replace(phase=OVER, winner=None)
        nxt = (seat + 1) % n
        state = state._replace(current=nxt, turn=state.turn + 1, came_from=None, upgraded=(), phase=START)
        if not self._has_start_options(state):
            state = state._replace(phase=MOVE)
        events.append(event(R.TURN_END, f"end of seat {seat}'s turn; turn {state.turn}: seat {nxt} to play",
                            seat=nxt, turn=state.turn))
        return state

    # -- Doom Ready -------------------------------------------------------------------------
    def _settle(self, state: AsylumState, events: list[Event]) -> AsylumState:
        """Doom Ready after every step: lost below 8 points or without the mastermind
        who earned it; gained in a plot room with 8 points, except between a move and
        its room's rule, during a conflict and in its aftermath (a mover who enters
        an occupied plot room must first win it)."""
        need = self.rules.doom_ready_points
        calm = state.phase not in (ROOM, CONFLICT_PHASE, TODO)
        anytime = self.rules.doom_ready_any_time
        parties = state.parties
        ever = state.ever_doom_ready
        changed = None
        for p in parties:
            dr = p.doom_ready
            if dr is not None:
                if p.doomsday < need or dr != p.mastermind:
                    why = (f"has only {p.doomsday} Doomsday points" if p.doomsday < need
                           else f"no longer has {dr} as mastermind")
                    events.append(event(R.DOOM_READY, f"seat {p.seat} {why}: no longer Doom Ready", seat=p.seat,
                                        doom_ready=False))
                    changed = changed or list(parties)
                    changed[p.seat] = p._replace(doom_ready=None)
            elif calm and p.doomsday >= need and p.room in self.plots and (anytime or p.seat == state.current):
                events.append(event(R.DOOM_READY, f"seat {p.seat} is in the {p.room} with {p.doomsday} points: "
                                    "Doom Ready", seat=p.seat, doom_ready=True))
                changed = changed or list(parties)
                changed[p.seat] = p._replace(doom_ready=p.mastermind)
                ever = True
        if changed is None:
            return state
        return state._replace(parties=tuple(changed), ever_doom_ready=ever)

    # -- helpers for rules and event effects ---------------------------------------------------
    @staticmethod
    def _put(state: AsylumState, party: Party, **changes: Any) -> AsylumState:
        """``state`` with ``party`` in its seat (and any other ``changes``), in one copy."""
        parties = state.parties
        seat = party.seat
        return state._replace(parties=parties[:seat] + (party,) + parties[seat + 1:], **changes)

    def party(self, state: AsylumState, seat: int) -> Party:
        return state.parties[seat]

    def gain(self, state: AsylumState, seat: int, delta: int, rule, why: str) -> tuple[AsylumState, tuple[Event, ...]]:
        """Add (or take away) Doomsday points: never above the cap ("Doomsday
        points"), never below 0."""
        party = state.parties[seat]
        cap = self.rules.doomsday_cap
        raw = party.doomsday + delta
        new = min(cap, max(0, raw))
        verb = f"gains {delta}" if delta >= 0 else f"loses {min(-delta, party.doomsday)}"
        events = [event(rule, f"seat {seat} {verb} Doomsday point(s) ({why}): {party.doomsday} -> {new}",
                        seat=seat, doomsday=new)]
        if raw > cap:
            events.append(event(R.DOOMSDAY_CAP, f"seat {seat} cannot hold more than {cap} Doomsday points: "
                                f"{raw - cap} lost", seat=seat))
        if new == party.doomsday:
            return state, tuple(events)
        return self._put(state, party._replace(doomsday=new)), tuple(events)

    def level_up(self, state: AsylumState, seat: int, name: str, rule,
                 why: str) -> tuple[AsylumState, tuple[Event, ...]]:
        """Raise a villain of the party one level."""
        party = state.parties[seat]
        villains = tuple(_upgraded(v) if v.name == name else v for v in party.villains)
        v = next(v for v in villains if v.name == name)
        up = v.upgrades[v.level - 2]
        state = self._put(state, party._replace(villains=villains))
        ev = event(rule, f"{name} rises to level {v.level} ({why}): {up.text or up.describe()} - {up.describe()}",
                   seat=seat, villain=name, level=v.level)
        return state, (ev,)

    def relocate(self, state: AsylumState, seat: int, room: str) -> AsylumState:
        """Put a party in ``room`` (no room rule applies)."""
        return self._put(state, state.parties[seat]._replace(room=room))

    # -- illegal actions ------------------------------------------------------------------------
    def illegal(self, state: AsylumState, action: Any) -> IllegalAction:
        """Name the rule ``action`` breaks in ``state``."""
        phase = state.phase
        if phase == OVER:
            return IllegalAction(R.WINNING if state.winner is not None else R.TURN_CAP, "the game is over")
        party = state.parties[state.current]
        if isinstance(action, Upgrade):
            return self._illegal_upgrade(state, party, action)
        if isinstance(action, MakeMastermind):
            if phase != START:
                return IllegalAction(R.MASTERMIND_SWITCH, "the mastermind is changed at the start of the player's own "
                                     "turn (our reading of 'at any point')")
            if action.villain not in party.names:
                return IllegalAction(R.MASTERMIND_SWITCH, f"{action.villain!r} is not in seat {party.seat}'s party")
            if action.villain == party.mastermind:
                return IllegalAction(R.MASTERMIND_SWITCH, f"{action.villain} is already the mastermind")
            if action.villain in party.unmade:
                return IllegalAction(R.MASTERMIND_SWITCH, f"{action.villain} was unmade mastermind and may not be made "
                                     f"mastermind again until the current mastermind, {party.mastermind}, is defeated")
        if isinstance(action, Move):
            if phase == START:
                return IllegalAction(R.TURN_START, "finish the start of the turn first (BeginMove), then move")
            if phase == CONFLICT_PHASE:
                return IllegalAction(R.TURN_CONFLICT, "a conflict is under way: no move until it is over")
            if phase != MOVE:
                return IllegalAction(R.TURN_MOVE, "the party has already moved this turn: it moves one space a turn")
            if action.room not in self._kind:
                return IllegalAction(R.TURN_MOVE, f"there is no room called {action.room!r} on the board")
            if action.room == party.room:
                return IllegalAction(R.TURN_MOVE, f"the party must move: it cannot stay in the {party.room}")
            d = distance(self.board, party.room, action.room)
            return IllegalAction(R.TURN_MOVE, f"the {action.room} is {d} spaces from the {party.room}: a party moves "
                                 "exactly one space")
        if isinstance(action, BeginMove) and phase != START:
            return IllegalAction(R.TURN_START, "the start of the turn is over")
        if phase == CONFLICT_PHASE:
            dec = self._conflict_decision(state)
            if dec.player is None and state.clash.seats[0] is None and isinstance(action, CONFLICT_ACTIONS) \
                    and CONFLICT.decision(state.conflict).player == 0:
                return IllegalAction(R.AMBUSH, "the ambusher's actions are chosen by the rules, not by a player")
            if isinstance(action, CONFLICT_ACTIONS):
                return CONFLICT.illegal(state.conflict, action)
            return IllegalAction(R.TURN_CONFLICT, f"a conflict is under way: {action} must wait until it is over")
        if isinstance(action, CONFLICT_ACTIONS):
            return IllegalAction(R.TURN_CONFLICT, "no conflict is under way")
        if isinstance(action, Push):
            return IllegalAction(R.PUSH, "the winner pushes the loser into a room next to the conflict's room, "
                                 "right after the conflict")
        if isinstance(action, NameMastermind):
            return IllegalAction(R.MASTERMIND_SWITCH, "a new mastermind is named only when the mastermind is lost, "
                                 "from the villains left in the party")
        if isinstance(action, (Claim, LetGo)):
            return IllegalAction(R.AMBUSH_CLAIM, "only a defeated ambusher can be claimed, right after the ambush")
        if isinstance(action, _events.ACTIONS):
            return IllegalAction(R.TURN_EVENT, f"{action} answers an Event Table result, and none is waiting")
        return super().illegal(state, action)

    def _illegal_upgrade(self, state: AsylumState, party: Party, action: Upgrade) -> IllegalAction:
        rules = self.rules
        if state.phase != START:
            return IllegalAction(R.UPGRADES, "villains are upgraded only at the start of a turn")
        if action.villain not in party.names:
            return IllegalAction(R.UPGRADES, f"{action.villain!r} is not in seat {party.seat}'s party")
        v = party.villain(action.villain)
        if action.villain in state.upgraded:
            return IllegalAction(R.UPGRADES, f"{v.name} has already gone up a level this turn: one level per villain "
                                 "per turn")
        if action.level > min(rules.max_level, v.max_level):
            top = min(rules.max_level, v.max_level)
            return IllegalAction(R.UPGRADES, f"{v.name} has no level {action.level} (top level {top})")
        if action.level > v.level + 1:
            return IllegalAction(R.UPGRADES, f"{v.name} is level {v.level}: level {v.level + 1} must be bought before "
                                 f"level {action.level}")
        if action.level <= v.level:
            return IllegalAction(R.UPGRADES, f"{v.name} is already level {v.level}")
        if party.doomsday < rules.upgrade_cost:
            return IllegalAction(R.UPGRADES, f"an upgrade costs {rules.upgrade_cost} Doomsday point(s); seat "
                                 f"{party.seat} has {party.doomsday}")
        return IllegalAction(R.UPGRADES, f"{action} is not a legal option now")

    _HANDLERS: dict[tuple[str, type], Any] = {}


AsylumGame._HANDLERS.update({
    (START, Upgrade): AsylumGame._do_upgrade,
    (START, MakeMastermind): AsylumGame._do_make_mastermind,
    (START, BeginMove): AsylumGame._do_begin_move,
    (MOVE, Move): AsylumGame._do_move,
    **{(ROOM, cls): AsylumGame._do_room for cls in (Engage, ScorePlotRoom, EnterYard, QuietRoom, RollEvent)},
    **{(EVENT, cls): AsylumGame._do_event_choice for cls in _events.ACTIONS},
    **{(TODO, cls): AsylumGame._do_todo for cls in (Push, NameMastermind, Claim, LetGo)},
})


_UPGRADED: dict[Villain, Villain] = {}


@lru_cache(maxsize=1024)
def _uniform(items: tuple[str, ...]) -> Dist[str]:
    return Dist.uniform(items)


def _upgraded(v: Villain) -> Villain:
    """``v`` one level up (cached: villains are immutable values)."""
    up = _UPGRADED.get(v)
    if up is None:
        up = _UPGRADED[v] = v.upgraded()
    return up


def _fresh(v: Villain) -> Villain:
    """A villain as he joins a party or an ambush: level 1, no upgrade counters."""
    return v if v.level == 1 else v.at_level(1)


def setup(
    players: int = 4,
    seed: int | str = 0,
    masterminds: str | Sequence[str] = "star",
    roster: Mapping[str, Villain] | str | os.PathLike | None = None,
    board: nx.Graph | str | os.PathLike | None = None,
    rules: AsylumRules | str | os.PathLike | None = None,
    events: EventTable | str | os.PathLike | None = None,
) -> tuple[AsylumGame, AsylumState]:
    """A game and its opening state (see :meth:`AsylumGame.setup`)."""
    game = AsylumGame(roster, board, rules, events)
    return game, game.setup(players, seed, masterminds)


__all__ = [
    "ACTION_TYPES", "AsylumGame", "AsylumState", "BeginMove", "Claim", "Clash", "Engage", "EnterYard",
    "GameResult", "LetGo", "MakeMastermind", "Move", "NameMastermind", "Party", "PendingEvent", "Push", "QuietRoom",
    "RollEvent", "ScorePlotRoom", "Upgrade", "setup",
]
