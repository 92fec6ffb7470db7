"""Interpretation registers: the readings a game's code makes where its rulebook
is silent or ambiguous, loaded from ``data/<game>/interpretations.toml``.

Every game keeps one (DESIGN.md, principle 6).  A reading names the rulebook
heading (``section``), our section id (``rule``, which must have a summary in
``data/rules/<game>.toml``), the question, the reading chosen, the alternatives,
the rules option that switches to an alternative (``option``), and whether it
is content of our own design (``ours``).  :func:`load_register` checks all of
that, and that every one of the game's rules options is explained by a reading.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "interpretations.toml"
>>> _ = path.write_text('''[[reading]]
... id = "cap"
... section = "Gameplay overview"
... rule = "overview"
... question = "Must a game end?"
... reading = "A turn cap of our own."
... alternatives = []
... option = "turn_cap_on"
... ours = true
... ''')
>>> load_register(path, "asylum", ["turn_cap_on"])["cap"].ours
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from .data import DataError, read_toml, validate_entries
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
    section: _Text
    rule: _Text
    question: _Text
    reading: _Text
    alternatives: tuple[str, ...] = Field(strict=False)
    option: str | None = None
    ours: bool = False


def load_register(path: str | os.PathLike, game: str, options: Iterable[str],
                  summaries: str | os.PathLike | None = None) -> Mapping[str, Reading]:
    """The register at ``path``, by id in file order, checked against ``game``'s
    section summaries and its rules ``options`` (each must be explained).
    Problems raise :class:`~explorer.core.data.DataError`.  Not cached: wrap it in
    :func:`~explorer.core.data.cached_file`."""
    path = Path(path)
    summaries = Path(summaries) if summaries is not None else summaries_path(game)
    options = tuple(options)
    raw = read_toml(path)
    for key in raw:
        if key != "reading":
            raise DataError(path, key, None, "unknown table or key (expected [[reading]] entries)")
    if not raw.get("reading"):
        raise DataError(path, None, "reading", "no readings: the register needs its [[reading]] entries")
    readings = validate_entries(Reading, raw["reading"], path, key="id", kind="reading")
    known = sections(game, summaries)
    for r in readings:
        if r.rule not in known:
            raise DataError(path, r.id, "rule", f"no section {r.rule!r} in {summaries.name} (our section ids: see "
                                                f"data/rules/{game}.toml)")
        if r.option is not None and r.option not in options:
            raise DataError(path, r.id, "option", f"{r.option!r} is not a rules option (known: {', '.join(options)})")
    explained = {r.option for r in readings}
    for option in options:
        if option not in explained:
            raise DataError(path, None, "option", f"the rules option {option!r} is explained by no reading")
    return MappingProxyType({r.id: r for r in readings})


__all__ = ["Reading", "load_register"]
