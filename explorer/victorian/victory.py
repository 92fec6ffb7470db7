"""VICTORY: a side with no major characters in play loses, once five turns are over.

Checked after every step (the rulebook says "at any time"): from the sixth turn on,
if the Heroes have no character in play the Villains win, if the Villains have no
Mastermind in play the Heroes win, and if both are bare at once the game is a draw
(see the register, "victory-both").  A major plot's fourth counter wins for the
Villains at once (:mod:`explorer.victorian.plot`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.events import Event
from . import sections as R
from .reports import public
from .state import HEROES, SIDES, VILLAINS, Ending, GameResult, Phase, VicState
from .units import is_major

if TYPE_CHECKING:
    from .game import VictorianGame


def has_major(game: VictorianGame, state: VicState, side: int) -> bool:
    """Whether ``side`` has a major character in play (asked after every step:
    remembered for the last few units tuples, as units that did not change are the
    same object)."""
    units = state.sides[side].units
    hit = _MAJOR.get((id(units), side))
    if hit is not None and hit[0] is units and hit[1] is game:
        return hit[2]
    if len(_MAJOR) > 64:
        _MAJOR.clear()
    found = False
    for u in units:
        if is_major(game, side, u):
            found = True
            break
    _MAJOR[(id(units), side)] = (units, game, found)
    return found


_MAJOR: dict[tuple[int, int], tuple[Any, Any, bool]] = {}


#: (read once: a member named as ``Phase.SETUP`` is a slow class attribute, and the check runs after every step)
_SETUP = Phase.SETUP


def check(game: VictorianGame, state: VicState, events: list[Event] | None) -> VicState:
    """``state`` with its result set if a side has just won."""
    if state.result is not None or state.turn <= game.rules.victory_after_turn or state.phase is _SETUP:
        return state
    heroes, villains = has_major(game, state, HEROES), has_major(game, state, VILLAINS)
    if heroes and villains:
        return state
    if not heroes and not villains:
        result = GameResult(Ending.ALL_MAJORS_LOST, (), state.turn)
        text = "neither side has a major character in play: the game is a draw"
    elif not heroes:
        result = GameResult(Ending.NO_MAJORS, (VILLAINS,), state.turn)
        text = "the Heroes have no character left in play: the Villains win"
    else:
        result = GameResult(Ending.NO_MAJORS, (HEROES,), state.turn)
        text = "the Villains have no Mastermind left in play: the Heroes win"
    winner = SIDES[result.winners[0]] if result.winners else None
    if events is not None:
        events.append(public(R.VICTORY, text, winner=winner, reason=result.ending.text))
    return finish(state, result)


def finish(state: VicState, result: GameResult) -> VicState:
    return state._replace(result=result, phase=Phase.OVER, pending=())


__all__ = ["check", "finish", "has_major"]
