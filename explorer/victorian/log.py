"""Game logs as JSON lines, and replaying them.

The first line is a header (the format, the game, the seed); then one line per
step: who chose (``"heroes"``, ``"villains"``, or ``null`` for a step the rules
took on their own), the action as JSON (``{"type": "Track", "hero": ..., ...}``)
and in words, and the events, each citing its rule.  A log starts from a new
game (before the deal) with the decks of the data files; replaying its actions
with its seed gives back every state, and each step's events are checked
against what the rules give (:class:`LogError` names the first line that
differs).

>>> from explorer.core.engine import Stepper, RandomPolicy
>>> from explorer.victorian.game import VictorianGame
>>> game = VictorianGame()
>>> st = Stepper(game, game.new_game(), 3, RandomPolicy())
>>> _ = st.run(max_steps=40)
>>> replay_log(export_log(st), game).state == st.state
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from typing import Any

from ..core.engine import IllegalAction, Stepper
from .actions import ACTION_TYPES
from .game import VictorianGame

FORMAT = "explorer.victorian.log/1"


class LogError(ValueError):
    """A log that cannot be read or does not replay as recorded (``line``: 1-based)."""

    def __init__(self, problem: str, line: int | None = None):
        self.problem, self.line = problem, line
        super().__init__(problem if line is None else f"log line {line}: {problem}")


def action_to_json(action: Any) -> dict[str, Any]:
    name = type(action).__name__
    if ACTION_TYPES.get(name) is not type(action):
        raise TypeError(f"{action!r} is not an action of the Victorian game")
    return {"type": name, **{f.name: getattr(action, f.name) for f in dataclasses.fields(action)}}


def action_from_json(obj: Any) -> Any:
    if not isinstance(obj, dict) or obj.get("type") not in ACTION_TYPES:
        raise LogError(f"not an action of the Victorian game: {obj!r}")
    try:
        return ACTION_TYPES[obj["type"]](**{k: v for k, v in obj.items() if k != "type"})
    except TypeError as exc:
        raise LogError(f"bad fields for {obj['type']}: {exc}") from None


def log_lines(stepper: Stepper) -> list[dict[str, Any]]:
    """The header and one dict per step of ``stepper``'s history."""
    lines: list[dict[str, Any]] = [{"format": FORMAT, "game": "victorian", "seed": stepper.seed, "opening": "deal"}]
    for e in stepper.history:
        lines.append({"step": e.index, "player": e.player, "action": action_to_json(e.action), "text": str(e.action),
                      "events": [ev.as_dict() for ev in e.events]})
    return lines


def export_log(stepper: Stepper) -> str:
    """The whole log as JSON lines (the same game gives the same bytes)."""
    return "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in log_lines(stepper))


def read_log(text: str | Iterable[str]) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any], Any]]]:
    """The header and ``(line, row, action)`` for every step (checked for form)."""
    lines = text.split("\n") if isinstance(text, str) else list(text)
    rows = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LogError(f"not valid JSON ({exc.msg})", number) from None
        if not isinstance(obj, dict):
            raise LogError("expected a JSON object", number)
        rows.append((number, obj))
    if not rows or rows[0][1].get("format") != FORMAT:
        raise LogError(f"the first line must be a header with format {FORMAT!r}", rows[0][0] if rows else 1)
    head = rows[0][1]
    steps = []
    for i, (number, obj) in enumerate(rows[1:]):
        if obj.get("step") != i:
            raise LogError(f"expected step {i}, found {obj.get('step')!r}", number)
        try:
            steps.append((number, obj, action_from_json(obj.get("action"))))
        except LogError as exc:
            raise LogError(exc.problem, number) from None
    return head, steps


def _as_json(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False))


def replay_log(text: str | Iterable[str], game: VictorianGame | None = None, policies=None) -> Stepper:
    """Rebuild the game a log records, checking every step against the rules."""
    head, steps = read_log(text)
    game = game or VictorianGame()
    st = Stepper(game, game.new_game(), head["seed"], policies)
    for number, row, action in steps:
        try:
            entry = st.step(action)
        except IllegalAction as exc:
            raise LogError(f"step {row['step']}: not allowed here: {exc}", number) from None
        if entry.player != row.get("player") or str(entry.action) != row.get("text"):
            raise LogError(f"step {row['step']}: recorded as {row.get('player')!r} {row.get('text')!r}, replayed as "
                           f"{entry.player!r} {str(entry.action)!r}", number)
        if _as_json([ev.as_dict() for ev in entry.events]) != row.get("events"):
            raise LogError(f"step {row['step']}: the recorded events differ from the replay", number)
    return st


__all__ = ["FORMAT", "LogError", "action_from_json", "action_to_json", "export_log", "log_lines", "read_log",
           "replay_log"]
