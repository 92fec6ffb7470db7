"""TURN SEQUENCE: the thirteen phases, and which side does what in each.

A turn is a list of *slots*, ``(phase, side)``: a side's own part of a phase.
By default (see the register, "turn-structure") a turn is one round both sides
go through together, phase by phase, the Heroes first in a phase both take part
in; the rules option ``alternate_turns`` gives each side a whole turn of its own
instead (the Heroes' parts of all thirteen phases, then the Villains').  One-sided
phases: the Plot and Assassin Phases are the Villains', the Intercept and Attack
Phases the Heroes', the Track Phase (the Villain Table, our reading) the
Villains'.

When the queue of pending items is empty, :func:`advance` moves to the next slot
and lets its phase put its items in the queue; a slot with nothing to do passes
at once.  A new turn clears what lasts "this turn" (event bonuses, Wrong Tracks,
Facilitators and Doctors used, thwarted Masterminds).  Our turn cap ends a game
nobody has won as a draw.

>>> from explorer.victorian.params import load_rules
>>> [f"{p.name}:{s}" for p, s in slots(load_rules())][:4]
['NEW_DAY:0', 'NEW_DAY:1', 'GENIUS:0', 'GENIUS:1']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.events import Event, RuleRef
from . import pending, victory
from . import sections as R
from .params import VictorianRules
from .reports import public
from .sides import title
from .state import HEROES, TURN_PHASES, VILLAINS, Ending, GameResult, Phase, VicState

if TYPE_CHECKING:
    from .game import VictorianGame

BOTH = (HEROES, VILLAINS)
#: Which sides take part in each phase.
PARTS = {
    Phase.NEW_DAY: BOTH, Phase.GENIUS: BOTH, Phase.HEALING: BOTH, Phase.MINION: BOTH, Phase.INVENTION: BOTH,
    Phase.RECRUIT: BOTH, Phase.PLOT: (VILLAINS,), Phase.SPY: BOTH, Phase.ASSASSIN: (VILLAINS,),
    Phase.SECOND_PLOT: (VILLAINS,), Phase.INTERCEPT: (HEROES,), Phase.TRACK: (VILLAINS,), Phase.ATTACK: (HEROES,),
}
#: The rule section of each phase.
PHASE_RULE: dict[Phase, RuleRef] = {
    Phase.SETUP: R.SETUP, Phase.NEW_DAY: R.NEW_DAY, Phase.GENIUS: R.GENIUS, Phase.HEALING: R.HEALING,
    Phase.MINION: R.MINION, Phase.INVENTION: R.INVENTION, Phase.RECRUIT: R.RECRUIT, Phase.PLOT: R.PLOT,
    Phase.SPY: R.SPY, Phase.ASSASSIN: R.ASSASSIN, Phase.SECOND_PLOT: R.SECOND_PLOT, Phase.INTERCEPT: R.INTERCEPT,
    Phase.TRACK: R.TRACK, Phase.ATTACK: R.ATTACK, Phase.OVER: R.VICTORY,
}


def slots(rules: VictorianRules) -> tuple[tuple[Phase, int], ...]:
    """The slots of a turn, in order."""
    if rules.alternate_turns:
        return tuple((p, s) for s in BOTH for p in TURN_PHASES if s in PARTS[p])
    return tuple((p, s) for p in TURN_PHASES for s in PARTS[p])


def advance(game: VictorianGame, state: VicState, events: list[Event] | None) -> VicState:
    """Move on through the slots until one has something to do (or the game ends).

    Most slots have nothing to do: their phase's beginning reports so and leaves the
    state as it was (or only adds to it: a generator's token).  No phase's beginning
    reads which slot it is, so the walk puts the slot on the state once, when it
    stops (or when a turn ends), rather than at every slot it passes: the same
    events, the same state."""
    table = game.slots
    enter = pending.ENTER
    slot, turn = state.slot, state.turn
    # the events that begin each slot: looked up only when events are kept (after the deal, turn 1 begins at once)
    beginnings = phase_beginnings(game, turn) if turn and events is not None else ()
    passed = False  # slots passed since the state last had its slot put on it
    while True:
        slot += 1
        if turn == 0 or slot >= len(table):
            if passed:  # the turn's last slot, on the state that ends the turn
                state = _at_slot(state, slot - 1, *table[slot - 1])
                passed = False
            if turn >= game.rules.turn_cap:
                if events is not None:
                    events.append(public(R.TURN_CAP, f"the turn cap ({game.rules.turn_cap} turns) is reached: nobody has "
                                                     "won, the game is a draw", turn=turn))
                return victory.finish(state, GameResult(Ending.TURN_CAP, (), turn))
            state = begin_turn(state, events)
            state = victory.check(game, state, events)  # "after the fifth turn": at the start of the sixth
            if state.result is not None:
                return state
            slot, turn = 0, turn + 1
            if events is not None:
                beginnings = phase_beginnings(game, turn)
        phase, side = table[slot]
        if events is not None:
            events.append(beginnings[slot])
        state = enter[phase](game, state, side, events)  # (no phase's beginning removes a unit)
        if state.pending or state.result is not None:
            # (a game that ended here keeps its phase: over)
            return _at_slot(state, slot, phase if state.result is None else state.phase, side)
        passed = True


_new = tuple.__new__
assert VicState._fields[2:10] == ("turn", "phase", "active", "slot", "mods", "used", "tracked", "thwarted")


def _at_slot(state: VicState, slot: int, phase: Phase, side: int) -> VicState:
    """``state._replace(slot=slot, phase=phase, active=side)``, built directly."""
    return _new(VicState, (*state[:3], phase, side, slot, *state[6:]))


def phase_beginnings(game: VictorianGame, turn: int) -> tuple[Event, ...]:
    """The event that each slot of turn ``turn`` begins, in slot order (the same in
    every game of ``game``: made once a turn and remembered by the game)."""
    key = ("phase beginnings", turn)
    made = game.memo.get(key)
    if made is None:
        made = game.memo[key] = tuple(public(PHASE_RULE[phase], f"turn {turn}, {phase}: {title(side)}", turn=turn,
                                             phase=phase.name, side=side) for phase, side in game.slots)
    return made


def begin_turn(state: VicState, events: list[Event] | None) -> VicState:
    turn = state.turn + 1
    if events is not None:
        events.append(public(R.TURN, f"turn {turn} begins", turn=turn))
    # state._replace(turn=turn, slot=0, mods=(), used=frozenset(), tracked=(), thwarted=frozenset()), built directly
    return _new(VicState, (*state[:2], turn, *state[3:5], 0, (), frozenset(), (), frozenset(), *state[10:]))


__all__ = ["PARTS", "PHASE_RULE", "advance", "begin_turn", "phase_beginnings", "slots"]
