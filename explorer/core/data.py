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
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

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

    def __reduce__(self):
        """Pickled with its four parts, so one raised in a worker process reaches the run
        that started it as itself (by its message alone it could not be rebuilt, and the
        worker pool broke instead)."""
        return DataError, (self.file, self.entry, self.field, self.problem)

    def _render_traceback_(self) -> list[str]:
        """What a notebook or the app shows when a cell stops on it (IPython's hook for
        an exception's own display): where the file is wrong and how, with no Python
        traceback, since the fix is in the data file, not in the code."""
        return [f"A data file is wrong: {self}", "Mend it, then run the cell again (in the app: reload the page)."]


class Checked(NamedTuple):
    """One data file that loaded and passed its checks, with a one-line summary
    of what it holds (``python -m explorer check`` prints these)."""

    path: Path
    summary: str


def data_dir() -> Path:
    """The folder holding the game data.

    ``$EXPLORER_DATA`` wins; then data shipped inside an installed wheel; then the
    ``data/`` folder of a source checkout (the usual, editable install).
    """
    env = os.environ.get("EXPLORER_DATA")
    return Path(env) if env else own_data_dir()


@functools.lru_cache(maxsize=None)
def own_data_dir() -> Path:
    """The explorer's own data folder, whatever ``$EXPLORER_DATA`` says: the one
    shipped in an installed wheel, or ``data/`` of the source checkout."""
    here = Path(__file__).resolve().parent.parent
    shipped = here / "data"
    return shipped if shipped.is_dir() else here.parent / "data"


def data_path(*parts: str) -> Path:
    return data_dir().joinpath(*parts)


def companion(path: str | os.PathLike, *parts: str) -> Path:
    """The data file ``parts`` that goes with ``path``: the file of that name in
    the same folder when there is one, else the one in the data folder.  A data
    folder is checked as a whole (a rules file against the roster beside it)."""
    beside = Path(path).with_name(parts[-1])
    return beside if beside.exists() else data_path(*parts)


def cached_file(load: Callable[..., M]) -> Callable[..., M]:
    """Decorator for a loader ``load(path, *more_paths)``: cache it on the files'
    resolved paths and modification stamps, so unchanged files are parsed once and
    an edited one is read afresh (a designer edits data and re-runs without
    restarting).  Extra paths are files the result also depends on (a rules file
    checked against the roster beside it)."""
    cache = functools.lru_cache(maxsize=16)(lambda *key: load(*(Path(p) for p, _ in key)))

    @functools.wraps(load)
    def cached(*paths: str | os.PathLike) -> M:
        # called on every use of the data (``rules=None`` means "load the rules"): keep it cheap
        return cache(*((full, _stamp(full)) for full in map(os.path.abspath, paths)))

    cached.cache_clear = cache.cache_clear  # type: ignore[attr-defined]
    return cached


def data_files(game: str) -> list[Path]:
    """``game``'s data files: ``data/<game>/*.toml`` and its rules summary."""
    return sorted(data_path(game).glob("*.toml")) + [data_path("rules", f"{game}.toml")]


def data_stamps(game: str) -> tuple:
    """The modification stamps of ``game``'s data files: what a cache of anything made
    from them is keyed on."""
    return tuple((f.name, _stamp(str(f))) for f in data_files(game))


def _stamp(path: str) -> tuple[int, int]:
    try:
        st = os.stat(path)
    except OSError:
        return (0, 0)  # the loader reports the missing file
    return (st.st_mtime_ns, st.st_size)


def read_toml(path: str | os.PathLike) -> dict[str, Any]:
    """Parse a TOML file, turning every I/O, encoding and syntax problem into a
    :class:`DataError` naming the file."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise DataError(path, None, None, "file not found") from None
    except IsADirectoryError:
        raise DataError(path, None, None, "is a folder, not a file") from None
    except OSError as exc:
        raise DataError(path, None, None, f"cannot be read: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DataError(path, None, None, f"not UTF-8 text: byte 0x{raw[exc.start]:02x} at line {line}, "
                                          f"column {column} (save the file as UTF-8)") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(path, None, None, f"not valid TOML: {exc}") from None


# -- declared ranges -------------------------------------------------------------------------

class Range(NamedTuple):
    """The allowed values of a number, ``min`` to ``max`` inclusive, as declared
    next to it in a data file."""

    min: int
    max: int

    def __contains__(self, value: object) -> bool:
        return type(value) is int and self.min <= value <= self.max

    def __str__(self) -> str:
        return f"{self.min}..{self.max}"


class _RangeSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    min: int
    max: int


def read_range(raw: Any, path: str | os.PathLike, entry: str | None, field: str,
               floor: int | None = None, ceiling: int | None = None) -> Range:
    """A declared range ``{ min = A, max = B }``.  ``floor`` and ``ceiling`` are
    what the rules code can give a meaning to: a declared range must stay inside
    them, so widening a range never lets a meaningless value through."""
    if not isinstance(raw, dict):
        raise DataError(path, entry, field, f"expected a range {{ min = ..., max = ... }} (got {raw!r})")
    try:
        spec = _RangeSpec.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise DataError(path, entry, _join(field, _field_name(err["loc"])), _message(err)) from None
    if spec.min > spec.max:
        raise DataError(path, entry, f"{field}.max", f"the range is empty: max {spec.max} is below min {spec.min}")
    if floor is not None and spec.min < floor:
        raise DataError(path, entry, f"{field}.min", f"min {spec.min} is below {floor}, the least value the rules "
                                                     f"can use")
    if ceiling is not None and spec.max > ceiling:
        raise DataError(path, entry, f"{field}.max", f"max {spec.max} is above {ceiling}, the most the rules "
                                                     f"can use")
    return Range(spec.min, spec.max)


def check_range(value: int, allowed: Range, path: str | os.PathLike, entry: str | None, field: str) -> int:
    """``value`` if it lies in ``allowed``; otherwise a DataError giving the range."""
    if value not in allowed:
        raise DataError(path, entry, field, f"{value!r} is out of range: allowed {allowed} (the range declared "
                                            f"in the file)")
    return value


def read_numbers(table: Any, path: str | os.PathLike, names: Sequence[str], bounds: Mapping[str, Range] | None = None,
                 entry: str = "numbers") -> tuple[dict[str, int], dict[str, Range]]:
    """A rules file's ``[numbers]`` table: every one of ``names`` given as
    ``{ value = V, min = A, max = B }``, the value inside its range, the range
    inside the name's bound (the code's, which no file can widen; without one,
    from 0 up).  Returns the values and the ranges; anything else is a
    :class:`DataError` naming the file, ``entry`` and the number."""
    if not isinstance(table, dict):
        raise DataError(path, entry, None, f"missing table [{entry}]")
    for name in table:
        if name not in names:
            raise DataError(path, entry, name, f"unknown rule number (known: {', '.join(names)})")
    values: dict[str, int] = {}
    ranges: dict[str, Range] = {}
    for name in names:
        if name not in table:
            raise DataError(path, entry, name, "missing: every rule number must be given, with its range")
        spec = table[name]
        if not isinstance(spec, dict):
            raise DataError(path, entry, name, f"expected {{ value = {spec!r}, min = ..., max = ... }}: every number "
                                               "declares its allowed range")
        extra = set(spec) - {"value", "min", "max"}
        if extra:
            raise DataError(path, entry, f"{name}.{sorted(extra)[0]}", "unknown key (expected value, min, max)")
        if "value" not in spec:
            raise DataError(path, entry, f"{name}.value", "missing")
        if type(spec["value"]) is not int:
            raise DataError(path, entry, name, f"not a whole number (got {spec['value']!r})")
        bound = (bounds or {}).get(name)
        ranges[name] = read_range({k: v for k, v in spec.items() if k != "value"}, path, entry, name,
                                  *(bound if bound is not None else (0, None)))
        values[name] = check_range(spec["value"], ranges[name], path, entry, name)
    return values, ranges


class KeyNote(NamedTuple):
    """What a TOML file says of one key: the heading it sits under and its note."""

    group: str
    note: str


def key_notes(path: str | os.PathLike, table: str) -> dict[str, KeyNote]:
    """The file's own words for each key of ``[table]``: the comment lines just
    above the key (its note) and the last ``## heading`` comment above it (its
    group), so a page can show each setting with what the file says of it (one
    source: the file).

    >>> notes = key_notes(data_path("doomtrooper", "rules.toml"), "options")
    >>> notes["sabotage"].group
    'Optional rules'
    """
    notes: dict[str, KeyNote] = {}
    current: str | None = None
    group = ""
    pending: list[str] = []
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            if line.startswith("["):
                current, group, pending = line.strip("[] "), "", []
            elif line.startswith("##"):
                group, pending = line.lstrip("#").strip(), []
            elif line.startswith("#"):
                pending.append(line.lstrip("#").strip())
            elif current == table and "=" in line:
                key = line.split("=", 1)[0].strip().strip('"')
                notes[key] = KeyNote(group, " ".join(p for p in pending if p))
                pending = []
            elif not line:
                pending = []
    return notes


def _join(*parts: str | None) -> str:
    return ".".join(p for p in parts if p)


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
    empty names and duplicates (ignoring case: people type these names)."""
    out: list[M] = []
    seen: dict[str, int] = {}
    if not isinstance(entries, list):
        raise DataError(path, None, kind, f"expected a list of [[{kind}]] tables")
    for i, raw in enumerate(entries):
        name = raw.get(key) if isinstance(raw, dict) else None
        label = str(name) if name is not None else f"#{i + 1}"
        if name is None:
            raise DataError(path, label, key, "missing")
        if isinstance(name, str):
            if not name.strip():
                raise DataError(path, f"#{i + 1}", key, f"empty {key}")
            if name != name.strip():
                raise DataError(path, label, key, f"{key} {name!r} starts or ends with spaces")
        folded = label.casefold()
        if folded in seen:
            raise DataError(path, label, key, f"duplicate {key} {label!r} (entry #{seen[folded] + 1} has it)")
        seen[folded] = i
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
