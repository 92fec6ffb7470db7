"""Live examples: for every rule section, a real game that reaches a step where that rule applies.

A learner reads a rule and asks what it looks like in play.  Every event of
every game cites the section of the rule that produced it, and every game
replays from its log, so an example is just a log: a game cut at the first step
whose events cite the section (the shortest such game found: ``tools/examples.py``
mines simulated games under many bots and rule switches).  Examples are data,
``data/examples/<game>/<section>.jsonl``, each an ordinary game log
(:mod:`explorer.core.log`) whose header carries an ``example`` note: the section,
and how the game was found ("mined": the bots, seed and rule changes; or "built":
a position set up by hand where no simulated game reaches the rule).

:func:`example` replays one and checks that its last step still cites its
section; :func:`coverage` counts the sections with an example.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

from .data import data_dir
from .engine import Stepper
from .log import LogError, replay


class Example(NamedTuple):
    """One section's live example: the game log, the step (0-based, the last in the
    log) whose events cite the section, the event's words, and how it was found."""

    game: str
    section: str
    step: int
    text: str
    how: str
    path: Path


def folder(game: str) -> Path:
    """Where a game's examples live."""
    return data_dir() / "examples" / game


def file_name(section: str) -> str:
    """A section id as a file name (ids are dotted words: ``turn.move``)."""
    return section.replace("/", "_") + ".jsonl"


def note_of(path: Path) -> dict[str, Any]:
    """The header's ``example`` note of an example file."""
    with path.open(encoding="utf-8") as f:
        head = json.loads(f.readline())
    note = head.get("example")
    if not isinstance(note, dict) or not {"section", "step", "text", "how"} <= set(note):
        raise LogError(1, "not a live example: the header has no complete 'example' note", "example")
    return note


def examples(game: str) -> dict[str, Example]:
    """Every example of ``game`` on disk, by section id (read from the headers only)."""
    out = {}
    base = folder(game)
    if not base.is_dir():
        return out
    for path in sorted(base.glob("*.jsonl")):
        note = note_of(path)
        out[note["section"]] = Example(game, note["section"], int(note["step"]), note["text"], note["how"], path)
    return out


def cites(entry: Any, section: str) -> bool:
    """Whether a stepper entry's events cite ``section``."""
    return any(ev.rule.section == section for ev in entry.events)


def play(ex: Example, logs: Any) -> Stepper:
    """Replay ``ex`` (``logs``: every game's :class:`~explorer.core.log.GameLog`, by
    key) and return the stepper at its last step, which must cite the section."""
    st = replay(ex.path.read_text(encoding="utf-8"), logs)
    if len(st.history) != ex.step + 1:
        raise LogError(None, f"the example of {ex.section!r} should end at step {ex.step + 1}, "
                             f"it has {len(st.history)} steps", "example")
    if not cites(st.history[-1], ex.section):
        raise LogError(None, f"step {ex.step + 1} of the example no longer cites {ex.section!r}", "example")
    return st


def coverage(game: str, sections: Any) -> tuple[list[str], list[str]]:
    """``(covered, missing)``: the section ids of ``sections`` with and without an example."""
    have = examples(game)
    covered = [s for s in sections if s in have]
    return covered, [s for s in sections if s not in have]


__all__ = ["Example", "cites", "coverage", "examples", "file_name", "folder", "note_of", "play"]
