"""What the rules report: events every side sees or only one side sees, with
read-only data."""

from __future__ import annotations

from typing import Any

from ..core.events import Event, RuleRef
from .state import SIDES

_new = tuple.__new__
#: who may see a private event of each side (as :func:`explorer.core.events.event` spells it)
_VIEWERS = tuple(frozenset((side,)) for side in SIDES)


def public(rule: RuleRef, text: str, **data: Any) -> Event:
    """An event both sides see.  Built here as :func:`explorer.core.events.event`
    builds it (details in the order given), without its second call: every step makes some."""
    return _new(Event, (rule, text, tuple(data.items()), None))


def private(viewer: int, rule: RuleRef, text: str, **data: Any) -> Event:
    """An event only side ``viewer`` may see (a card drawn, a hand looked at)."""
    return _new(Event, (rule, text, tuple(data.items()), _VIEWERS[viewer]))


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


__all__ = ["Record", "private", "public"]
