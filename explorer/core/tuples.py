"""Faster copies of named-tuple states.

Rules build a new state at every step with ``state._replace(...)``; the standard
``_replace`` is generic and slow for wide tuples.  :func:`quick_replace` gives a
NamedTuple class a ``_replace`` with the same meaning (unknown fields still
raise ``ValueError``) at about half the cost.

>>> from typing import NamedTuple
>>> @quick_replace
... class Point(NamedTuple):
...     x: int = 0
...     y: int = 0
>>> Point(1, 2)._replace(y=5)
Point(x=1, y=5)
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def quick_replace(cls: type[T]) -> type[T]:
    """Class decorator for a NamedTuple: a faster ``_replace``."""
    index = {name: i for i, name in enumerate(cls._fields)}
    new = tuple.__new__

    def _replace(self, **changes: Any):
        values = [*self]
        try:
            for name in changes:
                values[index[name]] = changes[name]
        except KeyError:
            raise ValueError(f"Got unexpected field names: {sorted(set(changes) - set(index))!r}") from None
        return new(cls, values)

    _replace.__doc__ = f"A copy of the {cls.__name__} with some fields changed."
    cls._replace = _replace
    return cls


__all__ = ["quick_replace"]
