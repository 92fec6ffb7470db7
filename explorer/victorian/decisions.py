"""What a rule asks and what it refuses: forced steps, a side's choice, illegal actions."""

from __future__ import annotations

from typing import Any

from ..core.engine import Decision, IllegalAction
from ..core.events import RuleRef
from .sides import Title
from .state import SIDES


def forced(action: Any, rule: RuleRef, prompt: str) -> Decision:
    """A step the rules take on their own."""
    return _new(Decision, (None, (action,), rule, prompt))  # built directly: most steps


def choice(side: int, options: tuple[Any, ...], rule: RuleRef, prompt: str) -> Decision:
    return _new(Decision, (SIDES[side], options, rule, f"{Title(side)}: {prompt}"))  # built directly: every step


_new = tuple.__new__
assert Decision._fields == ("player", "options", "rule", "prompt")  # (built by position above)


def offered(game: Any, cls: type, first: str, second: str) -> Any:
    """The action ``cls(first, second)`` (a ``Send``, ``Track`` or ``Attack``: a unit and
    its target; a ``PlayEvent``: a card and the unit it is played on), one object per value
    kept by the game (``game.memo``, keyed on the class and both fields: all such an action
    is).  A phase offers every pair at every step, and an action is an immutable value."""
    key = (cls, first, second)
    action = game.memo.get(key)
    if action is None:
        if len(game.memo) > 8192:
            game.memo.clear()
        action = game.memo[key] = cls(first, second)
    return action


def offered_grid(game: Any, cls: type, firsts: Any, seconds: Any) -> list[Any]:
    """:func:`offered` for every pair of ``firsts`` and ``seconds``, row by row (a phase's
    grid: each unit against each target), read from the game's memo in one pass rather
    than with a call per pair (most pairs were offered before)."""
    memo = game.memo
    out = []
    for first in firsts:
        for second in seconds:
            action = memo.get((cls, first, second))
            out.append(action if action is not None else offered(game, cls, first, second))
    return out


def refuse(rule: RuleRef, message: str) -> IllegalAction:
    return IllegalAction(rule, message)


def is_name(value: Any) -> bool:
    """A well-formed card or unit name (malformed actions are refused, not crashed on)."""
    return isinstance(value, str) and bool(value)


__all__ = ["choice", "forced", "is_name", "offered", "offered_grid", "refuse"]
