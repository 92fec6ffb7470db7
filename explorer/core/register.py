"""Interpretation registers: the readings a game chose where its rulebook is silent
or ambiguous, one TOML file of ``[[reading]]`` entries per game.

Each reading names the rulebook heading (``section``), our section id (``rule``,
which must have a summary in ``data/rules/<game>.toml``), the question, the
reading chosen, the alternatives, and, when a switch of the game's rules file
selects an alternative, that switch (``option``).  :func:`load_register` checks
all of it, and that every reading switch of the rules file is explained.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from .data import DataError, cached_file, read_toml, validate_entries
from .rulebook import sections, summaries_path


def _not_blank(text: str) -> str:
    if not text.strip():
        raise ValueError("empty")
    return text


_Text = Annotated[str, AfterValidator(_not_blank)]


class Reading(BaseModel):
    """One entry of a register."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    id: _Text
    section: _Text  # the rulebook heading
    rule: _Text  # our section id
    question: _Text
    reading: _Text
    alternatives: tuple[str, ...] = Field(strict=False)  # TOML gives a list; may be empty
    option: str | None = None


def load_register(path: str | os.PathLike, game: str, switches: Iterable[str],
                  must_explain: Iterable[str] | None = None) -> Mapping[str, Reading]:
    """The register in ``path`` for ``game``, by id in file order.  ``switches``: the
    rules file's switches a reading may name; ``must_explain``: those that some
    reading must name (default: all of ``switches``).  Problems raise
    :class:`~explorer.core.data.DataError`."""
    switches = tuple(switches)
    must = tuple(switches if must_explain is None else must_explain)
    return _load(Path(path), summaries_path(game), game, switches, must)


@cached_file
def _cached(path: Path, summaries: Path) -> tuple:
    raw = read_toml(path)
    for key in raw:
        if key != "reading":
            raise DataError(path, key, None, "unknown table or key (expected [[reading]] entries)")
    if not raw.get("reading"):
        raise DataError(path, None, "reading", "no readings: the register needs its [[reading]] entries")
    return tuple(validate_entries(Reading, raw["reading"], path, key="id", kind="reading"))


def _load(path: Path, summaries: Path, game: str, switches: tuple[str, ...], must: tuple[str, ...]):
    readings = _cached(path, summaries)
    known = sections(game, summaries)
    for r in readings:
        if r.rule not in known:
            raise DataError(path, r.id, "rule", f"no section {r.rule!r} in {summaries.name} (our section ids: see "
                                                f"data/rules/{game}.toml)")
        if r.option is not None and r.option not in switches:
            raise DataError(path, r.id, "option", f"{r.option!r} is not a rules switch (known: {', '.join(switches)})")
    explained = {r.option for r in readings}
    for option in must:
        if option not in explained:
            raise DataError(path, None, "option", f"the rules switch {option!r} is explained by no reading")
    return MappingProxyType({r.id: r for r in readings})


__all__ = ["Reading", "load_register"]
