"""Loading data files with validation.

Data lives in TOML files under ``data/`` so a designer can change a number and
re-run.  Files are parsed with :mod:`tomllib` (never evaluated) and validated
with pydantic models; any problem becomes a :class:`DataError` that names the
file, the entry and the field.
"""

from __future__ import annotations

import functools
import os
import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


class DataError(ValueError):
    """A data file is wrong.  ``file``, ``entry`` and ``field`` say where."""

    def __init__(self, file: str | os.PathLike, entry: str | None, field: str | None, problem: str):
        self.file = str(file)
        self.entry = entry
        self.field = field
        self.problem = problem
        where = self.file
        if entry is not None:
            where += f", entry {entry!r}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(f"{where}: {problem}")


def data_dir() -> Path:
    """The folder holding the game data.

    ``$EXPLORER_DATA`` wins; then data shipped inside an installed wheel; then the
    ``data/`` folder of a source checkout (the usual, editable install).
    """
    env = os.environ.get("EXPLORER_DATA")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent.parent
    shipped = here / "data"
    return shipped if shipped.is_dir() else here.parent / "data"


def data_path(*parts: str) -> Path:
    return data_dir().joinpath(*parts)


def cached_file(load: Callable[[Path], M]) -> Callable[[Path], M]:
    """Decorator for a loader ``load(path)``: cache it on the file's resolved path
    and modification stamp, so an unchanged file is parsed once and an edited one
    is read afresh (a designer edits data and re-runs without restarting)."""
    cache = functools.lru_cache(maxsize=16)(lambda path, stamp: load(path))

    @functools.wraps(load)
    def cached(path: Path) -> M:
        resolved = Path(path).resolve()
        try:
            st = resolved.stat()
            stamp = (st.st_mtime_ns, st.st_size)
        except OSError:
            stamp = (0, 0)  # the loader reports the missing file
        return cache(resolved, stamp)

    cached.cache_clear = cache.cache_clear  # type: ignore[attr-defined]
    return cached


def read_toml(path: str | os.PathLike) -> dict[str, Any]:
    """Parse a TOML file, turning I/O and syntax problems into :class:`DataError`."""
    path = Path(path)
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(path, None, None, "file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(path, None, None, f"not valid TOML: {exc}") from None


def validate(model: type[M], raw: Any, path: str | os.PathLike, entry: str | None) -> M:
    """Validate ``raw`` against ``model``; the first error becomes a DataError."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise DataError(path, entry, _field_name(err["loc"]), _message(err)) from None


def validate_entries(
    model: type[M], entries: Sequence[Any], path: str | os.PathLike, *, key: str = "name", kind: str = "entry"
) -> list[M]:
    """Validate a list of tables, each named by its ``key`` field, and reject
    duplicate names."""
    out: list[M] = []
    seen: set[str] = set()
    if not isinstance(entries, list):
        raise DataError(path, None, kind, f"expected a list of [[{kind}]] tables")
    for i, raw in enumerate(entries):
        name = raw.get(key) if isinstance(raw, dict) else None
        label = str(name) if name is not None else f"#{i + 1}"
        if name is None:
            raise DataError(path, label, key, "missing")
        if label in seen:
            raise DataError(path, label, key, f"duplicate {key} {label!r}")
        seen.add(label)
        out.append(validate(model, raw, path, label))
    return out


def _field_name(loc: tuple) -> str | None:
    parts = [str(p) for p in loc if not isinstance(p, int) and p != "[key]"]
    return ".".join(parts) if parts else None


def _message(err: dict) -> str:
    msg = err.get("msg", "invalid")
    if err.get("type") == "missing":
        return "missing"
    if "input" in err and err.get("type") != "missing":
        return f"{msg} (got {err['input']!r})"
    return msg
