"""Our summaries of rulebook sections, looked up by :class:`RuleRef`.

``data/rules/<game>.toml`` has one table per section id (dotted ids nest as TOML
tables), each with a ``heading`` (the rulebook heading it covers) and a
``summary`` in our own words.  Each game calls :func:`require` with every
section id its code cites when it loads its data, so a missing summary stops the
load with a :class:`DataError` instead of surfacing when a log line is rendered.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

from .data import Checked, DataError, cached_file, data_path, read_toml
from .events import RuleRef


class Section(NamedTuple):
    id: str
    heading: str
    summary: str


def summaries_path(game: str) -> Path:
    """The file holding ``game``'s section summaries."""
    return data_path("rules", f"{game}.toml")


def sections(game: str, path: str | os.PathLike | None = None) -> dict[str, Section]:
    """Every summarised section of ``game`` (from ``path``, default
    ``data/rules/<game>.toml``), by id.  Re-read when the file changes."""
    return _sections(Path(path) if path is not None else summaries_path(game))


@cached_file
def _sections(path: Path) -> dict[str, Section]:
    out: dict[str, Section] = {}

    def walk(table: dict, prefix: str) -> None:
        if "summary" in table:
            sid = prefix
            if not isinstance(table.get("heading"), str) or not table["heading"].strip():
                raise DataError(path, sid, "heading", "missing or not text")
            if not isinstance(table["summary"], str) or not table["summary"].strip():
                raise DataError(path, sid, "summary", "missing or empty")
            out[sid] = Section(sid, table["heading"], " ".join(table["summary"].split()))
        for key, value in table.items():
            if isinstance(value, dict):
                walk(value, f"{prefix}.{key}" if prefix else key)

    walk(read_toml(path), "")
    return out


def summary(ref: RuleRef) -> Section:
    """The summary a :class:`RuleRef` points to; ``KeyError`` if there is none."""
    try:
        return sections(ref.game)[ref.section]
    except KeyError:
        raise KeyError(f"no summary for rule {ref}") from None


def rule_name(ref: RuleRef) -> str:
    """A rule as a player finds it: its heading and its section id (the id alone if
    it has no summary).

    >>> rule_name(RuleRef("victorian", "recruit"))
    'RECRUIT PHASE (recruit)'
    """
    try:
        return f"{summary(ref).heading} ({ref.section})"
    except KeyError:
        return ref.section


def cited(module: ModuleType, game: str) -> tuple[str, ...]:
    """The section ids of every :class:`RuleRef` of ``game`` that ``module``
    defines at its top level (a game's ``sections`` module), in order."""
    return tuple(dict.fromkeys(
        v.section for v in vars(module).values() if isinstance(v, RuleRef) and v.game == game
    ))


def require(game: str, section_ids: Iterable[str], path: str | os.PathLike | None = None) -> None:
    """Every id in ``section_ids`` has a summary in ``game``'s summaries file
    (``path``, default ``data/rules/<game>.toml``).  Otherwise a
    :class:`DataError` names the file and the first missing id."""
    path = Path(path) if path is not None else summaries_path(game)
    known = sections(game, path)
    missing = [sid for sid in section_ids if sid not in known]
    if missing:
        more = f" (also missing: {', '.join(missing[1:])})" if len(missing) > 1 else ""
        raise DataError(path, missing[0], "summary",
                        f"no summary for section {missing[0]!r}, which the {game} code cites{more}")


def check_summaries(module: ModuleType, game: str) -> Checked:
    """The ``check`` command's line for ``game``'s summaries file: every section its
    ``sections`` module cites has a summary (else :func:`require`'s DataError)."""
    path = summaries_path(game)
    ids = cited(module, game)
    require(game, ids, path)
    return Checked(path, f"{len(sections(game, path))} section summaries, covering the {len(ids)} sections "
                         "the code cites")
