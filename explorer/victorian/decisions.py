"""What a rule asks and what it refuses: forced steps, a side's choice, illegal actions."""

from __future__ import annotations

from typing import Any

from ..core.engine import Decision, IllegalAction
from ..core.events import RuleRef
from .sides import Title
from .state import SIDES


def forced(action: Any, rule: RuleRef, prompt: str) -> Decision:
    """A step the rules take on their own."""
    return Decision(None, (action,), rule, prompt)


def choice(side: int, options: tuple[Any, ...], rule: RuleRef, prompt: str) -> Decision:
    return _new(Decision, (SIDES[side], options, rule, f"{Title(side)}: {prompt}"))  # built directly: every step


_new = tuple.__new__


def refuse(rule: RuleRef, message: str) -> IllegalAction:
    return IllegalAction(rule, message)


def is_name(value: Any) -> bool:
    """A well-formed card or unit name (malformed actions are refused, not crashed on)."""
    return isinstance(value, str) and bool(value)


__all__ = ["choice", "forced", "is_name", "refuse"]
