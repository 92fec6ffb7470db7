"""What a game's results depend on, as a short hash: its rules code and data
(:func:`fingerprint`), with the search bot's own modules for a run that seats it.
Stored results with another fingerprint were played by other code
(:mod:`explorer.whatif.stored`), which may still play alike (:mod:`explorer.whatif.probe`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any


def fingerprint(game: str, settings: Mapping[str, Any] | None = None) -> str:
    """A short hash of everything a game's results depend on: its rules code
    (``explorer/<game>/**.py``, the core) and its data (``data/<game>``, the rules
    summaries).  Stored results with another fingerprint are out of date.

    The search bot's modules (every ``search.py``) count only for a run whose
    ``settings`` seat a search bot (or when no settings are given): greedy and
    random games never run them, so tuning the search leaves their results current.

    >>> fingerprint("asylum", {"policy": "greedy"}) == fingerprint("asylum", {"policy": "random"})
    True
    >>> fingerprint("asylum", {"policy": "greedy"}) == fingerprint("asylum", {"policy": "search:20,greedy"})
    False
    """
    from ..core.data import data_files

    files = code_files(game)
    if settings is not None and not seats_search(settings):
        files = [f for f in files if f.name != "search.py"]
    return _hash(files + data_files(game))


def code_files(game: str) -> list[Path]:
    """The rules code a game's results depend on: ``explorer/<game>/**.py`` and the core."""
    root = Path(__file__).resolve().parents[1]
    return sorted((root / game).rglob("*.py")) + sorted((root / "core").glob("*.py"))


def _hash(files: list[Path]) -> str:
    """A short hash of each file's name and bytes."""
    import hashlib

    h = hashlib.sha256()
    for f in files:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def seats_search(settings: Mapping[str, Any]) -> bool:
    """Whether a run's settings seat the search bot (``search`` or ``search:N``, alone
    or in a list of bots, one per seat).

    >>> seats_search({"policy": "greedy,search:40"}), seats_search({"heroes": "greedy", "villains": "random"})
    (True, False)
    """
    return any(name.partition(":")[0].strip() == "search"
               for value in settings.values() if isinstance(value, str) for name in value.split(","))


__all__ = ["code_files", "fingerprint", "seats_search"]
