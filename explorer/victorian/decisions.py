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
    kept by the game (in its row: :func:`_row`, by the second field).  A phase offers every
    pair at every step, and an action is an immutable value."""
    row = _row(game, cls, first)
    action = row.get(second)
    if action is None:
        action = row[second] = cls(first, second)
    return action


def _row(game: Any, cls: type, first: str) -> dict[str, Any]:
    """The actions ``cls(first, x)`` made so far, by ``x``: kept in the game's memo under
    ``(cls, first)`` (the class and the first field; the second keys the row)."""
    key = (cls, first)
    row = game.memo.get(key)
    if row is None:
        if len(game.memo) > 8192:
            game.memo.clear()
        row = game.memo[key] = {}
    return row


def offered_grid(game: Any, cls: type, firsts: Any, seconds: Any) -> list[Any]:
    """:func:`offered` for every pair of ``firsts`` and ``seconds``, row by row (a phase's
    grid: each unit against each target), each row found once in the game's memo and
    read by the second field in one pass (most pairs were offered before)."""
    memo = game.memo
    out = []
    for first in firsts:
        row = memo.get((cls, first))
        if row is None:  # (a row not made yet, or forgotten)
            row = _row(game, cls, first)
        for second in seconds:
            action = row.get(second)
            if action is None:
                action = row[second] = cls(first, second)
            out.append(action)
    return out


def refuse(rule: RuleRef, message: str) -> IllegalAction:
    return IllegalAction(rule, message)


def is_name(value: Any) -> bool:
    """A well-formed card or unit name (malformed actions are refused, not crashed on)."""
    return isinstance(value, str) and bool(value)


__all__ = ["choice", "forced", "is_name", "offered", "offered_grid", "refuse"]
