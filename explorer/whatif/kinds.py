"""The kinds of run a file of kept results holds (:mod:`explorer.whatif.stored`), told
from a row: both the check of a kept file and the probe games that stamp it
(:mod:`explorer.whatif.probe`) read a row by its kind."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


#: the kinds of kept run (:func:`run_kind`), as a message names them
KINDS = {"sweep": "a sweep", "comparison": "a comparison", "skill": "skill against luck", "stakes": "stakes",
         "cards": "cards that win", "seat-or-deck": "the seat or the deck"}


def run_kind(row: Mapping[str, Any]) -> str:
    """The kind of run a kept row (or a run's ``meta``) is from, a key of :data:`KINDS`:
    its ``run``, else a comparison's (it has ``variant_rules``), the stakes' or a bench's
    skill run's (kept before rows said their kind), else a sweep's.

    >>> run_kind({"run": "cards"}), run_kind({"variant_rules": "x"}), run_kind({"seat": 0, "section": "recruit"})
    ('cards', 'comparison', 'stakes')
    """
    if isinstance(row.get("run"), str):
        return row["run"]
    if "variant_rules" in row:
        return "comparison"
    if "seat" in row and ("section" in row or "strong" in row):
        return "stakes" if "section" in row else "skill"
    return "sweep"


__all__ = ["KINDS", "run_kind"]
