"""A side's own part of a phase: the :class:`~explorer.victorian.state.Main` item.

In the Recruit, Plot, Assassin, Intercept and Attack Phases a side acts as long as
it likes and then says it is done.  Each of those phases registers here its
options (:data:`OPTIONS`), one handler per action type (:data:`HANDLERS`, keyed
``(phase, action type)``) and, for each action type, why an action of that type
is not legal now (:data:`WHY_NOT`).  A phase lists only legal options, built from
the same predicates its ``why_not`` uses (``tests/victorian/test_legality.py``
checks, on thousands of states, that every option listed passes ``why_not``),
and lists each option once: its options are made from distinct cards (a hand's
distinct cards) and distinct units (uids are unique in play), so the list needs
no pass to drop repeats.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.engine import Decision, IllegalAction
from . import pending
from .actions import Done
from .decisions import choice, refuse
from .state import Main, Phase, VicState, pop
from .words import said

#: phase -> fn(game, state, item) -> candidate actions (filtered by WHY_NOT)
OPTIONS: dict[Phase, Callable[..., tuple[Any, ...]]] = {}
#: (phase, action type) -> handler(game, state, item, action, chance, events) -> state
HANDLERS: dict[tuple[Phase, type], Callable[..., VicState]] = {}
#: (phase, action type) -> why_not(game, state, item, action) -> IllegalAction | None
WHY_NOT: dict[tuple[Phase, type], Callable[..., IllegalAction | None]] = {}
#: phase -> (rule, prompt)
PROMPTS: dict[Phase, tuple[Any, str]] = {}
#: (phase, side) -> the side's part of the phase as it begins (nothing recruited yet): made once here (an
#: immutable value), as a phase's beginning queues one every turn
BEGUN: dict[tuple[Phase, int], Main] = {(phase, side): Main(side, phase) for phase in Phase for side in (0, 1)}


def register(phase: Phase, rule: Any, prompt: str, options: Callable[..., tuple[Any, ...]],
             handlers: dict[type, tuple[Callable[..., VicState], Callable[..., IllegalAction | None] | None]]) -> None:
    """Register ``phase``'s own part: its options and, per action type, the
    handler and the legality check."""
    PROMPTS[phase] = (rule, prompt)
    OPTIONS[phase] = options
    for cls, (handler, why) in handlers.items():
        HANDLERS[(phase, cls)] = handler
        if why is not None:
            WHY_NOT[(phase, cls)] = why


def legal(game, state: VicState, item: Main, action: Any) -> IllegalAction | None:
    """``None`` if ``action`` is legal in ``item``'s phase now, else why not."""
    if (item.phase, type(action)) not in HANDLERS:
        explain = pending.EXPLAIN.get(type(action))
        if explain is not None:
            return explain(game, state, action)
        return refuse(PROMPTS[item.phase][0], f"{said(state, action)} is not something to do in the {item.phase}")
    why = WHY_NOT.get((item.phase, type(action)))
    return None if why is None else why(game, state, item, action)


def decision(game, state: VicState, item: Main) -> Decision:
    """The side's options in its part of the phase, as the phase lists them (each
    once: see the module); the player, rule and prompt are made once per phase
    and side (the same words every time)."""
    phase = item.phase  # (read once: a field read by name costs as much as a small call)
    made = _MADE.get((phase, item.side))
    if made is None:
        rule, prompt = PROMPTS[phase]
        dec = choice(item.side, (), rule, prompt)
        made = _MADE[(phase, item.side)] = (dec.player, dec.rule, dec.prompt)
    player, rule, prompt = made
    return _new(Decision, (player, tuple(OPTIONS[phase](game, state, item)), rule, prompt))


_new = tuple.__new__


#: (phase, side) -> the player, rule and prompt of its decision
_MADE: dict[tuple[Phase, int], tuple[Any, Any, str]] = {}


def why_not(game, state: VicState, item: Main, action: Any) -> IllegalAction | None:
    return legal(game, state, item, action)


def dispatch(game, state: VicState, item: Main, action: Any, chance, events) -> VicState:
    handler = HANDLERS.get((item.phase, type(action)))
    if handler is None:
        raise legal(game, state, item, action)
    return handler(game, state, item, action, chance, events)


#: the option to be done with a part of a phase: one object for every phase and step (actions are frozen values)
DONE = Done()


def done(game, state: VicState, item: Main, action: Done, chance, events) -> VicState:
    """The side is done with its part of the phase."""
    return pop(state)


def _accepts() -> dict[str, Callable[..., VicState]]:
    from .actions import CHOICES

    return {cls.__name__: dispatch for cls in CHOICES}


pending.item(Main, decision, why_not, **_accepts())

__all__ = ["DONE", "HANDLERS", "OPTIONS", "PROMPTS", "WHY_NOT", "decision", "done", "legal", "register"]
