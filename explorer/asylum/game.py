"""A whole game of Doom Asylum, for 2 to 6 players, one rule at a time.

:class:`AsylumGame` implements the engine protocol (:class:`~explorer.core.engine.Game`):
``decision(state)`` says whose choice it is and lists the legal options,
``resolve(state, action, chance)`` applies one rule and returns the next state
with events citing their rule sections (``next_state``: the state alone, for the
runners that keep no events), ``result(state)`` says who won, and
``illegal(state, action)`` names the rule an action breaks.

This module only dispatches; each rulebook topic has its own module:

* :mod:`~explorer.asylum.setup`: the opening draw of masterminds ("Mastermind");
* :mod:`~explorer.asylum.turn`: the start of a turn, the move, the room's rule, the
  end of the turn ("Gameplay overview");
* :mod:`~explorer.asylum.upgrades`: "Upgrading Villains";
* :mod:`~explorer.asylum.mastermind`: making, unmaking and losing masterminds;
* :mod:`~explorer.asylum.doomsday`: earning and spending Doomsday points;
* :mod:`~explorer.asylum.doom_ready`: "'Doom Ready' & Winning the game";
* :mod:`~explorer.asylum.ambush`: "Ambushes and Recruiting Henchmen";
* :mod:`~explorer.asylum.aftermath`: what a finished conflict does to the game;
* :mod:`~explorer.asylum.conflict`: the conflict itself, embedded as a sub-game
  (:class:`~explorer.core.subgame.SubGame`): side 0 is the mover or the ambusher,
  side 1 the occupant or the ambushed party; the ambusher belongs to nobody and is
  played by a fixed rule (:func:`explorer.asylum.ambush.ambusher_choice`);
* :mod:`~explorer.asylum.conflict_cache`: the conflict rules as a whole game plays them,
  with what recurs from conflict to conflict kept;
* :mod:`~explorer.asylum.event_table`: the Event Table and its effects.

States (:mod:`~explorer.asylum.state`) are immutable named tuples.  Doom Ready
status is settled after every step.

>>> game = AsylumGame()
>>> state = game.setup(players=3, seed=7)
>>> [p.room for p in state.parties]
['Intake Hall', 'Intake Hall', 'Intake Hall']
>>> [p.doomsday for p in state.parties]
[1, 1, 1]
>>> from explorer.core.engine import simulate
>>> from explorer.asylum.bots import GreedyBot
>>> simulate(game, game.new_game(3), GreedyBot(), seed=7).result.ending in (Ending.YARD, Ending.TURN_CAP)
True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import networkx as nx

from ..core.engine import Chance, Decision, Game, IllegalAction, SampledChance, Step, Stepper, derived_rng
from ..core.events import Event
from ..core.subgame import SubGame
from . import aftermath, ambush, doom_ready, mastermind, turn, upgrades
from . import event_table as _events
from . import sections as R
from . import setup as _setup
from .aftermath import Push
from .ambush import Claim, LetGo
from .board import distance, load_board, neighbours, plot_rooms, yard
from .conflict import (
    Block,
    Conclude,
    MentalAttack,
    PhysicalAttack,
    TacticalManeuver,
    UseAbility,
)
from .conflict_cache import CachedConflict
from .doomsday import gain
from .event_table import EventTable, Outcome, load_event_table
from .mastermind import MakeMastermind, NameMastermind
from .params import AsylumRules, load_rules
from .setup import DrawMasterminds, fresh
from .state import (
    AFTERMATH,
    CONFLICT,
    END,
    EVENT,
    MOVE,
    OVER,
    ROOM,
    SETUP,
    START,
    AsylumState,
    Clash,
    Ending,
    GameResult,
    Party,
    PendingClaim,
    PendingEvent,
    PendingHeir,
    PendingPush,
    Phase,
    put,
    with_conflict,
    with_todo,
)
from .turn import BeginMove, Engage, EnterYard, Move, QuietRoom, RollEvent, ScorePlotRoom
from .upgrades import Upgrade
from .villains import Villain, load_roster

TURN_ACTIONS = (DrawMasterminds, Upgrade, MakeMastermind, BeginMove, Move, Engage, ScorePlotRoom, EnterYard,
                QuietRoom, RollEvent, Push, NameMastermind, Claim, LetGo)
CONFLICT_ACTIONS = (MentalAttack, PhysicalAttack, UseAbility, TacticalManeuver, Block, Conclude)
#: the conflict's actions that never end it, scored without events when none are kept
_QUIET = (MentalAttack, PhysicalAttack, UseAbility, TacticalManeuver, Block)
#: Every action type a game can log, for JSON (see :mod:`explorer.asylum.log`).
ACTION_TYPES: dict[str, type] = {cls.__name__: cls for cls in TURN_ACTIONS + CONFLICT_ACTIONS + _events.ACTIONS}

Handler = Callable[..., tuple[AsylumState, list[Event]]]

#: a Step built as the tuple it is, at every step (a named tuple's own constructor is a Python function)
_new = tuple.__new__

#: phase, action type -> the rule that carries the action out
HANDLERS: dict[tuple[Phase, type], Handler] = {
    (SETUP, DrawMasterminds): _setup.do_draw,
    (START, Upgrade): upgrades.do_upgrade,
    (START, MakeMastermind): mastermind.do_make,
    (START, BeginMove): turn.do_begin_move,
    (MOVE, Move): turn.do_move,
    **{(ROOM, cls): turn.do_room for cls in turn.ROOM_ACTIONS},
    **{(EVENT, cls): turn.do_event_choice for cls in _events.ACTIONS},
}

#: what waits after a conflict, answer type -> (decision, rule)
AFTERMATH_RULES: dict[type, tuple[Callable, Handler, tuple[type, ...]]] = {
    PendingPush: (aftermath.push_decision, aftermath.do_push, (Push,)),
    PendingHeir: (mastermind.heir_decision, mastermind.do_name, (NameMastermind,)),
    PendingClaim: (ambush.claim_decision, ambush.do_claim, (Claim, LetGo)),
}


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
        self.conflict = CachedConflict()
        self.sub = SubGame(self.conflict)
        self._order = {name: i for i, name in enumerate(self.roster)}
        board = self.board
        self.rooms: tuple[str, ...] = tuple(board)
        self.start_room: str = board.graph["start"]
        self.yard: str = yard(board)
        self.plots: frozenset[str] = frozenset(plot_rooms(board))
        self.plot_order: tuple[str, ...] = plot_rooms(board)  # sorted by name
        self._kind = {room: kind for room, kind in board.nodes(data="kind")}
        self._nbrs = {room: neighbours(board, room) for room in board}
        self._moves = {room: tuple(Move(n) for n in nbrs) for room, nbrs in self._nbrs.items()}
        self._pushes = {room: tuple(Push(n) for n in nbrs) for room, nbrs in self._nbrs.items()}
        self._move_decisions: dict[tuple[int, str], Decision] = {}
        self._conflict_decisions: dict[tuple, Decision] = {}
        self._within: dict[tuple[str, int], tuple[str, ...]] = {}
        self._upgraded: dict[Villain, Villain] = {}
        self.dist: dict[str, dict[str, int]] = {a: {b: distance(board, a, b) for b in board} for a in board}
        #: values derived from this game's board and rules alone (a bot's goal from a
        #: room, say), kept here so that they live and die with the data they come from
        self.memo: dict[tuple, Any] = {}
        #: each Event Table result's rule and title, by its index in the table
        self.event_heads: tuple[tuple[Any, str], ...] = tuple(
            (_events.KIND_RULES[r.kind], r.title) for r in self.events.results)

    # -- setting up ---------------------------------------------------------------------------
    def new_game(self, players: int = 4, masterminds: str | Sequence[str] = "star") -> AsylumState:
        """A game before its opening draw (see :mod:`explorer.asylum.setup`): the
        state the runners start from, so the draw is a step of the game."""
        return _setup.new_game(self, players, masterminds)

    def setup(self, players: int = 4, seed: int | str = 0, masterminds: str | Sequence[str] = "star") -> AsylumState:
        """The opening state after the draw of masterminds, the draw answered by a
        stream derived from ``seed`` (``"setup"``): a convenience for teaching and
        tests.  Runners start from :meth:`new_game` instead."""
        state = self.new_game(players, masterminds)
        state, _ = self.resolve(state, DrawMasterminds(), SampledChance(derived_rng(seed, "setup")))
        return state

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
                team.append(party.villain(name) if name in party.names else fresh(self.roster[name]))
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
        state = put(state, party, pool=tuple(pool))
        if doom_ready:
            state = state._replace(ever_doom_ready=True)
        return state

    def new_stepper(self, players: int = 4, seed: int | str = 0, policies=None, masterminds="star") -> Stepper:
        """A :class:`~explorer.core.engine.Stepper` on a new game, from the opening draw."""
        return Stepper(self, self.new_game(players, masterminds), seed, policies)

    # -- board helpers (used by the rules, the event effects and the bots) ---------------------
    def room_kind(self, room: str) -> str:
        return self._kind[room]

    def neighbours(self, room: str) -> tuple[str, ...]:
        return self._nbrs[room]

    def distance(self, a: str, b: str) -> int:
        return self.dist[a][b]

    def said(self, key: tuple, build: Callable[[], Any]) -> Any:
        """What ``build()`` makes (an event, events, or an offer's events and options),
        built once per ``key``: for what depends on nothing but its key (a move, the end
        of a turn), which recurs from game to game."""
        ev = self.memo.get(key)
        if ev is None:
            ev = self.remember(key, build())
        return ev

    def remember(self, key: tuple, value: Any) -> Any:
        """Keep ``value`` in :attr:`memo` under ``key`` (bounded: a long sweep does not
        grow it without limit) and return it."""
        memo = self.memo
        if len(memo) > 200_000:
            memo.clear()
        memo[key] = value
        return value

    def moves(self, room: str) -> tuple[Move, ...]:
        """The moves from ``room``: one per corridor (the options of the move)."""
        return self._moves[room]

    def pushes(self, room: str) -> tuple[Push, ...]:
        return self._pushes[room]

    def move_decision(self, seat: int, room: str) -> Decision:
        key = (seat, room)
        dec = self._move_decisions.get(key)
        if dec is None:
            dec = self._move_decisions[key] = Decision(seat, self._moves[room], R.TURN_MOVE, "Move one space")
        return dec

    def rooms_within(self, room: str, reach: int) -> tuple[str, ...]:
        """Rooms 1..``reach`` moves from ``room``, nearest first, then by name."""
        key = (room, reach)
        hit = self._within.get(key)
        if hit is None:
            rows = [(self.dist[room][r], r) for r in self.rooms]
            hit = self._within[key] = tuple(r for d, r in sorted(rows) if 1 <= d <= reach)
        return hit

    # -- helpers for rules and event effects ----------------------------------------------------
    def party(self, state: AsylumState, seat: int) -> Party:
        return state.parties[seat]

    def gain(self, state: AsylumState, seat: int, delta: int, rule, why: str) -> tuple[AsylumState, tuple[Event, ...]]:
        """Add (or take away) Doomsday points (see :func:`explorer.asylum.doomsday.gain`)."""
        return gain(self, state, seat, delta, rule, why)

    def level_up(self, state: AsylumState, seat: int, name: str, rule, why: str) -> tuple[AsylumState, tuple[Event, ...]]:
        """Raise a villain of the party one level."""
        return upgrades.level_up(self, state, seat, name, rule, why)

    def relocate(self, state: AsylumState, seat: int, room: str) -> AsylumState:
        """Put a party in ``room`` (no room rule applies)."""
        return put(state, state.parties[seat]._replace(room=room))

    def begin_ambush(self, state: AsylumState, seat: int, name: str) -> Outcome:
        """Start an ambush conflict (used by the ``ambush`` event effect)."""
        return ambush.begin(self, state, seat, name, self.conflict)

    def upgraded(self, v: Villain) -> Villain:
        """``v`` one level up (cached: villains are immutable values)."""
        up = self._upgraded.get(v)
        if up is None:
            if len(self._upgraded) > 10_000:
                self._upgraded.clear()
            up = self._upgraded[v] = v.upgraded()
        return up

    def return_to_pool(self, pool: tuple[str, ...], names: Sequence[str]) -> tuple[str, ...]:
        return aftermath.return_to_pool(self._order, pool, names)

    # -- protocol ------------------------------------------------------------------------------
    def decision(self, state: AsylumState) -> Decision | None:
        phase = state.phase
        if phase is MOVE:
            seat = state.current
            dec = self._move_decisions.get((seat, state.parties[seat].room))  # as move_decision, one call less
            return dec if dec is not None else self.move_decision(seat, state.parties[seat].room)
        if phase is CONFLICT:
            return self._conflict_decision(state)
        if phase is ROOM:
            return turn.room_decision(self, state)
        if phase is START:
            return self.start_decision(state)
        if phase is EVENT:
            return turn.event_decision(self, state)
        if phase is AFTERMATH:
            item = state.todo[0]
            return AFTERMATH_RULES[type(item)][0](self, state, item)
        if phase is SETUP:
            return _setup.decision(self, state)
        return None

    def start_decision(self, state: AsylumState) -> Decision:
        """The start of the turn's decision, cached on what its options depend on: the
        party's villains, mastermind and unmade ones, whether it can pay for an
        upgrade, and who has been upgraded this turn."""
        party = state.parties[state.current]
        key = ("start", party.seat, party.villains, party.mastermind, party.unmade,
               party.doomsday >= self.rules.upgrade_cost, state.upgraded)
        dec = self.memo.get(key)
        if dec is None:
            dec = self.remember(key, Decision(state.current, turn.start_options(self, state) or (BeginMove(),), R.TURN_START,
                                                  "Upgrade villains, change mastermind, or move on"))
        return dec

    def _conflict_decision(self, state: AsylumState) -> Decision:
        """The conflict's decision as the game sees it, cached on what it depends on:
        the conflict's own key (see :class:`~explorer.asylum.conflict_cache.CachedConflict`)
        and who plays each side (the ambusher's fixed rule depends on no more)."""
        cs = state.conflict
        seats = state.clash.seats
        key = (cs.setup, cs.turn, cs.acted, cs.fallen, cs.pending, seats)
        cache = self._conflict_decisions
        dec = cache.get(key)
        if dec is None:
            if len(cache) > 50_000:
                cache.clear()
            dec = cache[key] = self.sub.decision(cs, seats, ambush.ambusher_choice, _prompt)
        return dec

    def result(self, state: AsylumState) -> GameResult | None:
        if state.phase is not OVER:
            return None
        w = state.winner
        if w is None:
            return GameResult(Ending.TURN_CAP, (), state.turn)
        return GameResult(Ending.YARD, (w,), state.turn, details=(("mastermind", state.start_masterminds[w]),))

    def resolve(self, state: AsylumState, action: Any, chance: Chance) -> Step:
        events: list[Event] = []
        nxt = self.next_state(state, action, chance, events)
        return _new(Step, (nxt, tuple(events)))

    def next_state(self, state: AsylumState, action: Any, chance: Chance,
                   events: list[Event] | None = None) -> AsylumState:
        """The next state, the step's events put in ``events`` (:meth:`resolve` gives a
        list).  Given none, as the runners that keep no events call it, a conflict's
        attacks, blocks and maneuvers are scored without the events that tell them (see
        :meth:`~explorer.asylum.conflict_cache.CachedConflict.next_state`)."""
        phase = state.phase
        if events is None:
            if phase is CONFLICT and isinstance(action, _QUIET):  # only Conclude ends a conflict
                return with_conflict(state, self.conflict.next_state(state.conflict, action, chance))
            events = []
        if phase is MOVE:
            if type(action) is not Move:
                raise self.illegal(state, action)
            nxt, told = turn.do_move(self, state, action, chance)
            events += told
            return nxt  # nothing Doom Ready depends on has changed
        if phase is CONFLICT:
            cs, told = self.conflict.resolve(state.conflict, action, chance)
            events += told
            if cs.result is None:
                return with_conflict(state, cs)
            nxt, told = aftermath.conclude(self, state, cs.result)
        elif phase is AFTERMATH:
            item = state.todo[0]
            _, handler, answers = AFTERMATH_RULES[type(item)]
            if not isinstance(action, answers):
                raise self.illegal(state, action)
            nxt, told = handler(self, state, item, action, chance)
            nxt = with_todo(nxt, nxt.todo[1:])
        else:
            handler = HANDLERS.get((phase, type(action)))
            if handler is None:
                raise self.illegal(state, action)
            nxt, told = handler(self, state, action, chance)
            if phase is START and type(action) is BeginMove:
                events += told
                return nxt  # nothing Doom Ready depends on has changed
            if phase is START or phase is SETUP:
                nxt = turn.after_start_choice(self, nxt)
        events += told
        nxt = doom_ready.settle(self, nxt, events)
        if nxt.phase is END:
            nxt = turn.end_turn(self, nxt, events, chance)
            if not self.rules.doom_ready_any_time:  # else settled already: the turn's end moves no party
                nxt = doom_ready.settle(self, nxt, events)
        return nxt

    # -- illegal actions ------------------------------------------------------------------------
    def illegal(self, state: AsylumState, action: Any) -> IllegalAction:
        """Name the rule ``action`` breaks in ``state``."""
        phase = state.phase
        if phase is OVER:
            return IllegalAction(R.WINNING if state.winner is not None else R.TURN_CAP, "the game is over")
        if phase is SETUP:
            return IllegalAction(R.MASTERMIND_START, "the game has not begun: first the masterminds are drawn")
        if isinstance(action, CONFLICT_ACTIONS):
            if phase is not CONFLICT:
                return IllegalAction(R.TURN_CONFLICT, "no conflict is under way")
            dec = self.decision(state)
            if dec.player is None and state.clash.seats[0] is None and \
                    self.conflict.decision(state.conflict).player == 0:
                return IllegalAction(R.AMBUSH, "the ambusher's actions are chosen by the rules, not by a player")
            return self.sub.illegal(state.conflict, action)
        explain = EXPLAIN.get(type(action))
        if explain is not None:
            return explain(self, state, action)
        if phase is CONFLICT:
            return IllegalAction(R.TURN_CONFLICT, f"a conflict is under way: {action!r} must wait until it is over")
        if phase is AFTERMATH:
            item = state.todo[0]
            return IllegalAction(AFTERMATH_RULES[type(item)][0](self, state, item).rule,
                                 f"{action!r} is not an answer to what the conflict left to decide")
        return super().illegal(state, action)


def _prompt(seat: int | None, text: str) -> str:
    return f"The ambusher: {text}" if seat is None else f"Seat {seat}: {text}"


def _explain_draw(game: AsylumGame, state: AsylumState, action: Any) -> IllegalAction:
    return IllegalAction(R.MASTERMIND_START, "the masterminds are drawn once, at the start of the game")


def _explain_begin(game: AsylumGame, state: AsylumState, action: Any) -> IllegalAction:
    return IllegalAction(R.TURN_START, "the start of the turn is over")


def _explain_claim(game: AsylumGame, state: AsylumState, action: Any) -> IllegalAction:
    return IllegalAction(R.AMBUSH_CLAIM, "only a defeated ambusher can be claimed, right after the ambush")


#: action type -> why it is not allowed (each topic explains its own actions)
EXPLAIN: dict[type, Callable[[AsylumGame, AsylumState, Any], IllegalAction]] = {
    DrawMasterminds: _explain_draw,
    Upgrade: upgrades.explain,
    MakeMastermind: mastermind.explain,
    NameMastermind: mastermind.explain,
    BeginMove: _explain_begin,
    Move: turn.explain_move,
    **{cls: turn.explain_room for cls in turn.ROOM_ACTIONS},
    **{cls: turn.explain_event_choice for cls in _events.ACTIONS},
    Push: aftermath.explain,
    Claim: _explain_claim,
    LetGo: _explain_claim,
}


def setup(
    players: int = 4,
    seed: int | str = 0,
    masterminds: str | Sequence[str] = "star",
    roster: Mapping[str, Villain] | str | os.PathLike | None = None,
    board: nx.Graph | str | os.PathLike | None = None,
    rules: AsylumRules | str | os.PathLike | None = None,
    events: EventTable | str | os.PathLike | None = None,
) -> tuple[AsylumGame, AsylumState]:
    """A game and its opening state after the draw (see :meth:`AsylumGame.setup`)."""
    game = AsylumGame(roster, board, rules, events)
    return game, game.setup(players, seed, masterminds)


__all__ = [
    "ACTION_TYPES", "AsylumGame", "AsylumState", "BeginMove", "Claim", "Clash", "DrawMasterminds", "Engage",
    "EnterYard", "Ending", "GameResult", "LetGo", "MakeMastermind", "Move", "NameMastermind", "Party", "PendingClaim",
    "PendingEvent", "PendingHeir", "PendingPush", "Phase", "Push", "QuietRoom", "RollEvent", "ScorePlotRoom",
    "Upgrade", "setup",
]
