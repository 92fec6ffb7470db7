"""The Doomtrooper interpretation register: every reading we chose where the
rulebook is silent or ambiguous, from ``data/doomtrooper/interpretations.toml``.

Each reading names the rulebook heading, our section id (which must have a
summary), the question, the reading, the alternatives and, when a switch selects
an alternative, the rules option.  Every switch of the rules file that is a
reading must be explained by one.

>>> register = load_interpretations()
>>> register["modify-rounds"].option
'many_cards_per_turn'
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

#: The switches that are optional rules of the rulebook, not readings of ours.
OPTIONAL_RULES = ("sabotage", "multiple_sabotage", "discard_as_action")


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


def load_interpretations(path: str | os.PathLike | None = None) -> Mapping[str, Reading]:
    """The register (default ``data/doomtrooper/interpretations.toml``), by id in file order."""
    path = Path(path) if path is not None else data_path("doomtrooper", "interpretations.toml")
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
            raise DataError(path, r.id, "option", f"{r.option!r} is not a rules switch (known: {', '.join(OPTIONS)})")
    explained = {r.option for r in readings}
    for option in OPTIONS:
        if option not in OPTIONAL_RULES and option not in explained:
            raise DataError(path, None, "option", f"the rules switch {option!r} is explained by no reading")
    return MappingProxyType({r.id: r for r in readings})


__all__ = ["OPTIONAL_RULES", "Reading", "load_interpretations"]
