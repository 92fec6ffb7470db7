"""Our summaries of rulebook sections, looked up by :class:`RuleRef`.

``data/rules/<game>.toml`` has one table per section id (dotted ids nest as TOML
tables), each with a ``heading`` (the rulebook heading it covers) and a
``summary`` in our own words.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .data import DataError, data_path, read_toml
from .events import RuleRef


class Section(NamedTuple):
    id: str
    heading: str
    summary: str


@lru_cache(maxsize=None)
def sections(game: str) -> dict[str, Section]:
    """Every summarised section of ``game``, by id."""
    path = data_path("rules", f"{game}.toml")
    out: dict[str, Section] = {}

    def walk(table: dict, prefix: str) -> None:
        if "summary" in table:
            sid = prefix
            if not isinstance(table.get("heading"), str):
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
