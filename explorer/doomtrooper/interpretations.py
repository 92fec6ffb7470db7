"""The Doomtrooper interpretation register: every reading we chose where the
rulebook is silent or ambiguous, from ``data/doomtrooper/interpretations.toml``
(loaded and checked by :mod:`explorer.core.register`).  Every switch of the rules
file that is a reading of ours (not one of the rulebook's optional rules) must be
explained by one.

>>> register = load_interpretations()
>>> register["modify-rounds"].option
'many_cards_per_turn'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from ..core.data import cached_file, data_path
from ..core.register import Reading, load_register
from ..core.rulebook import summaries_path
from . import sections as R
from .params import OPTIONS

#: The switches that are optional rules of the rulebook, not readings of ours.
OPTIONAL_RULES = ("sabotage", "multiple_sabotage", "discard_as_action")
# the expansions' rules (Doomtrooper Expansion Rules): rulebook rules switched on, not readings
OPTIONAL_RULES += ("relics", "warzones", "mortificator_poisons", "alliances", "ki_powers")


def load_interpretations(path: str | os.PathLike | None = None) -> Mapping[str, Reading]:
    """The register (default ``data/doomtrooper/interpretations.toml``), by id in file order."""
    path = path if path is not None else data_path("doomtrooper", "interpretations.toml")
    return _load(Path(path), summaries_path(R.GAME))


@cached_file
def _load(path: Path, summaries: Path) -> Mapping[str, Reading]:
    return load_register(path, R.GAME, [o for o in OPTIONS if o not in OPTIONAL_RULES], summaries)


__all__ = ["OPTIONAL_RULES", "Reading", "load_interpretations"]
