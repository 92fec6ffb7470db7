"""The pending items of the state and the rules that handle each: one registry,
filled by each rulebook topic as it is imported.

Each kind of pending item (:mod:`explorer.victorian.state`) is handled by the
module of its rulebook topic, which registers, with :func:`item`:

* ``decision(game, state, item)``: whose choice it is and the legal options (a
  step the rules take on their own is a forced decision, player ``None``);
* one handler per action type it accepts,
  ``handler(game, state, item, action, chance, events) -> state``, which takes
  the item off the queue (or replaces it) and appends its events (unless ``events`` is ``None``: nobody reads them);
* ``why_not(game, state, item, action)``: the :class:`IllegalAction` for an
  action of an accepted type that is not legal now (naming the rule).

Each phase registers what happens when it begins (:func:`enter`), and each
action type may register an explanation for when it is offered at the wrong
moment (:data:`EXPLAIN`).  :mod:`explorer.victorian.game` dispatches.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.engine import Decision, IllegalAction
from .state import Phase


@dataclass
class ItemRules:
    decision: Callable[..., Decision]
    handlers: dict[type, Callable[..., Any]] = field(default_factory=dict)
    why_not: Callable[..., IllegalAction | None] | None = None


#: pending item type -> its rules
ITEMS: dict[type, ItemRules] = {}
#: phase -> what happens when a side's part of it begins: fn(game, state, side, events) -> state
ENTER: dict[Phase, Callable[..., Any]] = {}
#: action type -> why it is not allowed at this moment: fn(game, state, action) -> IllegalAction
EXPLAIN: dict[type, Callable[..., IllegalAction]] = {}


def item(cls: type, decision: Callable[..., Decision], why_not: Callable[..., Any] | None = None,
         **handlers: Callable[..., Any]) -> None:
    """Register the rules of pending item type ``cls``; ``handlers`` map action class
    names to handlers (``Roll=do_roll``)."""
    from .actions import ACTION_TYPES

    if cls in ITEMS:
        raise ValueError(f"{cls.__name__} registered twice")
    ITEMS[cls] = ItemRules(decision, {ACTION_TYPES[name]: fn for name, fn in handlers.items()}, why_not)


def enter(phase: Phase) -> Callable[[Callable], Callable]:
    """Decorator: what happens when a side's part of ``phase`` begins."""
    def deco(fn: Callable) -> Callable:
        if phase in ENTER:
            raise ValueError(f"{phase} registered twice")
        ENTER[phase] = fn
        return fn
    return deco


def explain(*types: type) -> Callable[[Callable], Callable]:
    """Decorator: why actions of ``types`` are not allowed now (when no pending
    item accepts them)."""
    def deco(fn: Callable) -> Callable:
        for t in types:
            EXPLAIN[t] = fn
        return fn
    return deco


__all__ = ["ENTER", "EXPLAIN", "ITEMS", "ItemRules", "enter", "explain", "item"]
