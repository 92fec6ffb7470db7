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
    a record once it is built.  Its ``_copy`` is a copy of every field written out (the cheapest
    copy Python makes of it), made here from the fields unless ``cls`` defines its own;
    ``_replace``, and any builder of the class's own (a ``with_...`` method), sets the changes on
    such a fresh copy before anyone sees it (a builder by position: no dict of changes, no
    ``setattr``, about half the cost of a ``_replace``).  A builder declared with :func:`builder`
    is made here too, every field written out: the field list is stated once, in the class."""
    cls = dataclass(slots=True, unsafe_hash=True)(cls)
    names = tuple(f.name for f in fields(cls))
    known = frozenset(names)
    if "_copy" not in cls.__dict__:
        cls._copy = _written_out(cls, "_copy", (), names, "Every field copied (see :func:`record`).")
    for attr, value in list(cls.__dict__.items()):
        if isinstance(value, builder):
            if not set(value.given) <= known:
                raise TypeError(f"{cls.__name__}.{attr} gives fields it does not have: "
                                f"{sorted(set(value.given) - known)!r}")
            setattr(cls, attr, _written_out(cls, attr, value.given, names, value.__doc__))

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


class builder:
    """A builder by position declared in a record's class body: ``with_x = builder("a", "b",
    doc="...")`` becomes ``with_x(self, a, b)``, a copy of the record with ``a`` and ``b`` given and
    every other field its own, each written out (made by :func:`record` from the class's fields,
    as a dataclass's ``__init__`` is made: no loop, no ``setattr``, no call to ``_copy``).  For the
    copies made at nearly every step.

    >>> @record
    ... class Spot:
    ...     x: int
    ...     y: int = 0
    ...     moved = builder("x", doc="The spot moved to ``x``.")
    >>> Spot(1, 2).moved(5)
    Spot(x=5, y=2)
    """

    def __init__(self, *given: str, doc: str) -> None:
        self.given = given
        self.__doc__ = doc


def _written_out(cls: type, name: str, given: tuple[str, ...], names: tuple[str, ...], doc: str | None) -> Any:
    """The function ``name(self, *given)``: a new ``cls`` with the ``given`` fields from its
    arguments and every other field from ``self``, one line per field (the names are the class's
    own fields, checked by :func:`record`; nothing read from data)."""
    lines = [f"def {name}(self{''.join(', ' + g for g in given)}):", "    copy_ = new_(cls_)"]
    lines += [f"    copy_.{f} = {f if f in given else 'self.' + f}" for f in names]
    lines.append("    return copy_")
    space: dict[str, Any] = {"new_": object.__new__, "cls_": cls}
    exec("\n".join(lines), space)  # noqa: S102 (made from the field names, as dataclasses makes __init__)
    fn = space[name]
    fn.__doc__, fn.__module__, fn.__qualname__ = doc, cls.__module__, f"{cls.__qualname__}.{name}"
    return fn


__all__ = ["builder", "quick_replace", "record"]
