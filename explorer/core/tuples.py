"""Faster copies of named-tuple states, and records read faster than named tuples.

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

from dataclasses import dataclass, fields
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


def record(cls: type[T]) -> type[T]:
    """Class decorator: ``cls``, its fields annotated (with defaults) as a NamedTuple's, as a
    ``__slots__`` dataclass that reads as that NamedTuple would: ``_fields``, ``_replace`` (an
    unknown field raises ``ValueError``), ``_asdict``, the same ``repr``, equality and hash by its
    fields (the hash of their tuple, as the NamedTuple's).  Python 3.11 specialises reading a slot
    and not a NamedTuple's field (about 80 instructions against 225): for a record read far more
    often than it is copied.  It is not a sequence (no indexing, unpacking or order), and it is
    immutable by convention, as :class:`~explorer.core.deck.Multiset` is: nothing sets a field of
    a record once it is built.  ``cls`` defines ``_copy``, a copy of every field written out (the
    cheapest copy Python makes of it); ``_replace``, and any builder of the class's own (a
    ``with_...`` method), sets the changes on such a fresh copy before anyone sees it (a builder
    by position: no dict of changes, no ``setattr``, about half the cost of a ``_replace``)."""
    if "_copy" not in cls.__dict__:
        raise TypeError(f"a record defines _copy: {cls.__name__} does not")
    cls = dataclass(slots=True, unsafe_hash=True)(cls)
    names = tuple(f.name for f in fields(cls))
    known = frozenset(names)

    def _replace(self, **changes: Any):
        out = self._copy()
        for name in changes:
            if name not in known:
                raise ValueError(f"Got unexpected field names: {sorted(set(changes) - known)!r}")
            setattr(out, name, changes[name])
        return out

    def _asdict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in names}

    _replace.__doc__ = f"A copy of the {cls.__name__} with some fields changed."
    cls._fields, cls._replace, cls._asdict = names, _replace, _asdict
    return cls


__all__ = ["quick_replace", "record"]
