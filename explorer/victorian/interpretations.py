"""The interpretation register: every reading we chose where the rulebook is
silent, ambiguous or slips, from ``data/victorian/interpretations.toml``.

Each reading names the rulebook heading (``section``), our section id (``rule``,
with a summary in ``data/rules/victorian.toml``), the question, the reading, the
alternatives, the rules option that switches to an alternative (``option``, one
of :data:`explorer.victorian.params.OPTIONS`) if there is one, and whether it is
content of our own design (``ours``).  Every rules option must be explained by a
reading.

>>> register = load_interpretations()
>>> register["two-plot-phases"].option
'second_plot_phase'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from ..core.data import DataError, cached_file, data_path, read_toml, validate_entries
from ..core.rulebook import sections, summaries_path
from . import sections as R
from .params import OPTIONS


def _not_blank(text: str) -> str:
    if not text.strip():
        raise ValueError("empty")
    return text


_Text = Annotated[str, AfterValidator(_not_blank)]


class Reading(BaseModel):
    """One entry of the register."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    id: _Text
    section: _Text
    rule: _Text
    question: _Text
    reading: _Text
    alternatives: tuple[str, ...] = Field(strict=False)
    option: str | None = None
    ours: bool = False


def load_interpretations(path: str | os.PathLike | None = None) -> Mapping[str, Reading]:
    """The register (default ``data/victorian/interpretations.toml``), by id in file order."""
    path = Path(path) if path is not None else data_path("victorian", "interpretations.toml")
    return _load(path, summaries_path(R.GAME))


@cached_file
def _load(path: Path, summaries: Path) -> Mapping[str, Reading]:
    raw = read_toml(path)
    for key in raw:
        if key != "reading":
            raise DataError(path, key, None, "unknown table or key (expected [[reading]] entries)")
    if not raw.get("reading"):
        raise DataError(path, None, "reading", "no readings: the register needs its [[reading]] entries")
    readings = validate_entries(Reading, raw["reading"], path, key="id", kind="reading")
    known = sections(R.GAME, summaries)
    for r in readings:
        if r.rule not in known:
            raise DataError(path, r.id, "rule", f"no section {r.rule!r} in {summaries.name}")
        if r.option is not None and r.option not in OPTIONS:
            raise DataError(path, r.id, "option", f"{r.option!r} is not a rules option (known: {', '.join(OPTIONS)})")
    explained = {r.option for r in readings}
    for option in OPTIONS:
        if option not in explained:
            raise DataError(path, None, "option", f"the rules option {option!r} is explained by no reading")
    return MappingProxyType({r.id: r for r in readings})


__all__ = ["Reading", "load_interpretations"]
