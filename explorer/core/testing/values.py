"""The conformance kit's dealings with values: showing them in a message,
comparing and hashing them safely, and making the made-up actions it tries
(malformed copies of an option, values of the wrong type)."""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Stepper

_SHOW = 700  # characters of a state or value shown in a message


def _show(x: Any) -> str:
    """A short, readable rendering of a state or value for a message."""
    describe = getattr(x, "describe", None)
    try:
        text = describe() if callable(describe) and not isinstance(x, type) else repr(x)
    except Exception:  # a broken describe() is not what we are checking
        text = object.__repr__(x)
    return text if len(text) <= _SHOW else text[:_SHOW] + " ..."


def _site(e: BaseException) -> tuple[str, int, str] | None:
    """Where ``e`` was raised: the innermost frame's file, line and function."""
    tb = e.__traceback__
    if tb is None:
        return None
    while tb.tb_next is not None:
        tb = tb.tb_next
    code = tb.tb_frame.f_code
    return code.co_filename, tb.tb_lineno, code.co_name


def _exc(e: BaseException) -> str:
    """``TypeError: message (at file:line in function)``."""
    site = _site(e)
    at = ""
    if site is not None:
        path, line, name = site
        try:
            path = os.path.relpath(path)
        except ValueError:  # another drive
            pass
        at = f" (at {path}:{line} in {name})"
    return f"{type(e).__name__}: {e}{at}"


def _kind(e: BaseException) -> tuple[str, Any]:
    """What tells one bug from another: the exception's type and the line that
    raised it."""
    return type(e).__name__, _site(e)


def _hash(x: Any) -> tuple[bool, Any]:
    try:
        return True, hash(x)
    except Exception as e:  # unhashable: the caller reports it
        return False, e


def _same(a: Any, b: Any) -> bool:
    """``a == b`` that treats a failing comparison as "different"."""
    try:
        return bool(a == b)
    except Exception:
        return False


def _index_of(options: Sequence[Any], action: Any) -> int | None:
    for i, o in enumerate(options):
        if _same(o, action):
            return i
    return None


def _fields(value: Any) -> tuple[list[tuple[str, Any]], Callable[..., Any]] | None:
    """The named fields of a dataclass or named tuple action, and a way to
    rebuild it with some of them changed."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [(f.name, getattr(value, f.name)) for f in dataclasses.fields(value) if f.init], \
            lambda **kw: dataclasses.replace(value, **kw)
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return list(zip(value._fields, value)), value._replace
    return None


def _bad_values(value: Any) -> list[Any]:
    """Values that do not belong where ``value`` does: a list holding it, nothing,
    the wrong type, an unknown name, an out-of-range number."""
    out: list[Any] = [[value], {"value": repr(value)}]
    if value is not None:
        out.append(None)
    if isinstance(value, bool):
        out.append("yes")
    elif isinstance(value, int):
        out += [-1, 10**6, str(value)]
    elif isinstance(value, str):
        out += [value + " (no such thing)", 0]
    elif isinstance(value, tuple):
        out.append(value + (object(),))
    else:
        out.append("not a value")
    return out


class _Stranger:
    """An object no game takes for an action."""

    def __repr__(self) -> str:
        return "<a stranger, not an action>"


_STRANGER = _Stranger()


def _malformed(option: Any) -> list[Any]:
    """Copies of ``option`` with one field (or element) malformed."""
    out: list[Any] = []
    parts = _fields(option)
    if parts is not None:
        named, rebuild = parts
        for name, value in named:
            for bad in _bad_values(value):
                try:
                    out.append(rebuild(**{name: bad}))
                except Exception:  # the action type refuses to be built so: fine
                    pass
    elif isinstance(option, tuple):
        for i, value in enumerate(option):
            for bad in _bad_values(value)[:3]:
                out.append(option[:i] + (bad,) + option[i + 1:])
    elif isinstance(option, (str, int)) and not isinstance(option, bool):
        out += [b for b in _bad_values(option) if not isinstance(b, type(option)) or b != option]
    return out


def _wrong_types(options: Sequence[Any]) -> list[Any]:
    """Values that are not actions of this game at all."""
    first = options[0] if options else None
    return [_STRANGER, "not an action", 10**9, -1, 2.5, [first], {"action": repr(first)}, (first, _STRANGER)]


def default_log(stepper: Stepper) -> str:
    """The stepper's log (:meth:`~explorer.core.engine.Stepper.log`) as JSON lines."""
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in stepper.log())


def _first_difference(a: Sequence[Any], b: Sequence[Any]) -> tuple[int, Any, Any] | None:
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else "<nothing>"
        y = b[i] if i < len(b) else "<nothing>"
        if not _same(x, y):
            return i, x, y
    return None
