"""Small helpers the rule modules share: side names, forced decisions, events."""

from __future__ import annotations

from typing import Any

from ..core.engine import Decision, IllegalAction
from ..core.events import Event, RuleRef, event
from .state import SIDES

PLAYERS = SIDES  # the players are named by their side: "heroes" and "villains"
TITLES = ("the Heroes", "the Villains")


def player(side: int) -> str:
    return SIDES[side]


def title(side: int) -> str:
    return TITLES[side]


def Title(side: int) -> str:  # noqa: N802 (the title at the start of a sentence)
    return TITLES[side][0].upper() + TITLES[side][1:]


def forced(action: Any, rule: RuleRef, prompt: str) -> Decision:
    """A step the rules take on their own."""
    return Decision(None, (action,), rule, prompt)


def choice(side: int, options: tuple[Any, ...], rule: RuleRef, prompt: str) -> Decision:
    return Decision(SIDES[side], options, rule, f"{Title(side)}: {prompt}")


def public(rule: RuleRef, text: str, **data: Any) -> Event:
    return event(rule, text, **data)


def private(viewer: int, rule: RuleRef, text: str, **data: Any) -> Event:
    """An event only side ``viewer`` may see (a card drawn, a hand looked at)."""
    return event(rule, text, visible_to=SIDES[viewer], **data)


class Record(dict):
    """A read-only, hashable dict: event details must be hashable (the exact
    analysis compares steps) and JSON-able (logs).  ``json.dumps`` writes it as
    an object."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self):
        return (Record, (dict(self),))

    def _read_only(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("a Record is read-only")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _read_only  # type: ignore[assignment]


def refuse(rule: RuleRef, message: str) -> IllegalAction:
    return IllegalAction(rule, message)


def is_name(value: Any) -> bool:
    """A well-formed card or unit name (malformed actions are refused, not crashed on)."""
    return isinstance(value, str) and bool(value)


__all__ = ["PLAYERS", "Record", "TITLES", "Title", "choice", "forced", "is_name", "player", "private", "public",
           "refuse", "title"]
