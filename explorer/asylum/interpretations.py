"""The interpretation register: every reading we chose where the rulebook is
silent or ambiguous, from ``data/asylum/interpretations.toml`` (loaded and
checked by :func:`explorer.core.register.load_register`: real section ids, real
rules options of :data:`explorer.asylum.params.OPTIONS`, every option explained).

>>> register = load_interpretations()
>>> register["flyer-block"].option
'flyers_block_melee'
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


def load_interpretations(path: str | os.PathLike | None = None) -> Mapping[str, Reading]:
    """The register (default ``data/asylum/interpretations.toml``), by id in file order."""
    path = Path(path) if path is not None else data_path("asylum", "interpretations.toml")
    return _load(path, summaries_path(R.GAME))


@cached_file
def _load(path: Path, summaries: Path) -> Mapping[str, Reading]:
    return load_register(path, R.GAME, OPTIONS, summaries)


__all__ = ["Reading", "load_interpretations"]
