"""Live examples: for every rule section, a real game that reaches a step where that rule applies.

A learner reads a rule and asks what it looks like in play.  Every event of
every game cites the section of the rule that produced it, and every game
replays from its log, so an example is just a log: a game cut at the first step
where the section applies (the shortest such game found: ``tools/examples.py``
mines simulated games under many bots and rule switches).  Examples are data,
``data/examples/<game>/<section>.jsonl``, each an ordinary game log
(:mod:`explorer.core.log`) whose header carries an ``example`` note: the section,
the step, how the rule applies there (``kind``, one of :data:`KINDS`), the words
that show it, and how the game was found ("mined: " the bots, seed and rule
changes; "built: " a position set up by hand, where no simulated game reached
the rule: the log's header then holds the hand-set table, and the note says so).
A built example of a refusal names the action a learner tries there (``tried``).

A section whose text states no event of its own (an overview, the components)
is not given a faked citation: ``shown_by.toml`` in the game's folder (ours)
names the rule it governs whose example shows it, and says how.

:func:`play` replays one and checks that the section still applies at its
last step; :func:`coverage` counts the sections with an example;
:func:`teaching_order` is the order in which simulated games first use them.
"""

from __future__ import annotations

import json
from pathlib import Path
from collections.abc import Mapping
from typing import Any, NamedTuple

from .data import DataError, data_dir, read_toml
from .engine import Stepper
from .log import LogError, action_from_json, replay


#: how a rule applies at an example's last step, most telling first: one of the step's
#: events cites it; the game ends there by it; it governs the choice offered next; it
#: forbids an action a learner might try there (the "why not?" list names it)
KINDS = ("event", "ending", "decision", "refused")


def ending_of(game: Any, state: Any) -> Any:
    """The :class:`~explorer.core.results.Ending` of a finished game's result, else ``None``."""
    result = game.result(state)
    return getattr(result, "ending", None)


class Example(NamedTuple):
    """One section's live example: the game log, the step (0-based, the last in the
    log) where the section applies, the words that show it, how it was found, and
    how it applies there (one of :data:`KINDS`)."""

    game: str
    section: str
    step: int
    text: str
    how: str
    path: Path
    kind: str = "event"
    tried: Any = None  # for a built refusal: the action tried at the last step, as the log stores actions

    @property
    def built(self) -> bool:
        """Whether the example starts from a position set up by hand (not a mined game)."""
        return self.how.startswith(BUILT)


#: how a built example's ``how`` begins (a mined one's begins "mined: ")
BUILT = "built: "
#: the file, in a game's examples folder, of the sections shown by another section's example (ours)
SHOWN_FILE = "shown_by.toml"
#: the file, in a game's examples folder, of the order in which simulated games first use each section
ORDER_FILE = "order.json"


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
        out[note["section"]] = Example(game, note["section"], int(note["step"]), note["text"], note["how"], path,
                                       note.get("kind", "event"), note.get("tried"))
    return out


def _nested(value: Any):
    """The ``rule`` and ``section`` words inside an event's details (a roll's terms cite theirs)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("rule", "section") and isinstance(item, str):
                yield item.rpartition(":")[2]
            else:
                yield from _nested(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _nested(item)


def sections_of(event: Any) -> set[str]:
    """Every section an event cites: its rule's, and those its details name (a roll's terms).

    >>> from explorer.core.events import RuleRef, event
    >>> sorted(sections_of(event(RuleRef("victorian", "attack.combat"), "a roll",
    ...                          terms=[{"label": "Holy", "value": 1, "rule": "traits.holy"}])))
    ['attack.combat', 'traits.holy']
    """
    return {event.rule.section, *_nested(dict(event.data))}


def cites(entry: Any, section: str) -> bool:
    """Whether a stepper entry's events cite ``section``."""
    return any(section in sections_of(ev) for ev in entry.events)


def applies(stepper: Stepper, section: str, kind: str, why_not: Any = None) -> bool:
    """Whether ``section`` applies, in the way ``kind`` says, at the stepper's last step
    (``why_not(game, state)``: the actions to try, for ``refused``: the game's
    tempting actions, or the one a built example tries)."""
    entry, game = stepper.history[-1], stepper.game
    if kind == "event":
        return cites(entry, section)
    if kind == "ending":
        ending = ending_of(game, entry.state)
        return ending is not None and ending.section == section
    if kind == "decision":
        dec = game.decision(entry.state)
        return dec is not None and dec.rule.section == section
    if kind == "refused" and why_not is not None:
        return any(game.illegal(entry.state, a).rule.section == section for a in why_not(game, entry.state))
    return False


def play(ex: Example, logs: Any, why_not: Any = None) -> Stepper:
    """Replay ``ex`` (``logs``: every game's :class:`~explorer.core.log.GameLog`, by
    key) and return the stepper at its last step, where the section must apply
    (``why_not``: the game's "why not?" function, needed by a ``refused`` example)."""
    st = replay(ex.path.read_text(encoding="utf-8"), logs)
    if ex.tried is not None:
        action = action_from_json(ex.tried, logs[ex.game] if isinstance(logs, Mapping) else logs)

        def why_not(game: Any, state: Any) -> list[Any]:
            return [action]
    if len(st.history) != ex.step + 1:
        raise LogError(None, f"the example of {ex.section!r} should end at step {ex.step + 1}, "
                             f"it has {len(st.history)} steps", "example")
    if not applies(st, ex.section, ex.kind, why_not):
        what = {"event": "cites", "ending": "ends the game under", "decision": "offers a choice under",
                "refused": "refuses an action under"}
        raise LogError(None, f"step {ex.step + 1} of the example no longer {what.get(ex.kind, 'shows')} "
                             f"{ex.section!r}", "example")
    return st


class Shown(NamedTuple):
    """A section with no event of its own, shown by the example of section ``by``: ``why`` says how."""

    section: str
    by: str
    why: str


def shown_by(game: str, known: Any = None) -> dict[str, Shown]:
    """The sections of ``game`` shown by another section's example, from ``shown_by.toml``.
    With ``known`` (every section id) each entry is checked: a known section without an
    example of its own, shown by one that has one; else a :class:`DataError`."""
    path = folder(game) / SHOWN_FILE
    if not path.is_file():
        return {}
    out = {}
    have = examples(game) if known is not None else {}
    for section, row in read_toml(path).items():
        if not isinstance(row, dict) or set(row) != {"by", "why"} or not all(
                isinstance(v, str) and v.strip() for v in row.values()):
            raise DataError(path, section, None, "needs exactly 'by' (a section id) and 'why' (our words)")
        if known is not None:
            if section not in known:
                raise DataError(path, section, None, "no such section in data/rules")
            if section in have:
                raise DataError(path, section, None, "has an example of its own")
            if row["by"] not in have:
                raise DataError(path, section, "by", f"{row['by']!r} has no example to show it")
        out[section] = Shown(section, row["by"], " ".join(row["why"].split()))
    return out


def coverage(game: str, sections: Any) -> tuple[list[str], list[str]]:
    """``(covered, missing)``: the section ids of ``sections`` with and without an example
    (their own, or the example of the rule that shows them)."""
    have = examples(game)
    shown = shown_by(game)
    covered = [s for s in sections if s in have or (s in shown and shown[s].by in have)]
    return covered, [s for s in sections if s not in covered]


def coverage_line(title: str, game: str, sections: Any) -> str:
    """One line for ``check``: how many of ``sections`` have a live example, how many of
    them are shown by another rule's example, and which come from a position set up by hand."""
    sections = list(sections)
    covered, _ = coverage(game, sections)
    by = shown_by(game, sections)
    shown = [s for s in covered if s in by]
    built = [s for s, e in examples(game).items() if e.built and s in sections]
    notes = [f"{len(shown)} shown by the example of a rule they govern"] if shown else []
    notes += [f"{len(built)} from a position set up by hand: {', '.join(built)}"] if built else []
    line = f"{title}: {len(covered)} of {len(sections)} sections have a live example"
    return line + (f" ({'; '.join(notes)})" if notes else "")


def teaching_order(game: str) -> list[str]:
    """The section ids in the order simulated games first use them (stored by
    ``tools/examples.py``); empty when none is stored."""
    path = folder(game) / ORDER_FILE
    if not path.is_file():
        return []
    return [row["section"] for row in json.loads(path.read_text(encoding="utf-8"))["order"]]


__all__ = ["BUILT", "KINDS", "Example", "Shown", "applies", "cites", "coverage", "coverage_line", "ending_of", "examples",
           "file_name", "folder", "note_of", "play", "sections_of", "shown_by", "teaching_order"]
