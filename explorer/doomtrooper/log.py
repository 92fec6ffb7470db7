"""Logs of Doomtrooper games as JSON lines: a header (players, decks, rules
changed, seed), then one line per step (who chose, the action as JSON and in
words, the events with their rule sections and who may see them).  A log
replays through the rules alone (:func:`replay_log`).

>>> from explorer.doomtrooper.base.actions import Equip
>>> action_to_json(Equip("Violator Sword", 3))
{'type': 'Equip', 'card': 'Violator Sword', 'uid': 3, 'inside': False}
>>> action_from_json({'type': 'Equip', 'card': 'Violator Sword', 'uid': 3})
Equip(card='Violator Sword', uid=3, inside=False)
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any

from ..core.engine import Stepper
from ..core.rounds import Pass
from .base.actions import ACTION_TYPES
from .base.combat_state import ACTIONS as COMBAT_ACTIONS
from .game import DoomtrooperGame
from .params import override_rules

FORMAT = "explorer.doomtrooper.log/1"

#: Every action type a log can hold, by name.
TYPES: dict[str, type] = {**ACTION_TYPES, **{c.__name__: c for c in COMBAT_ACTIONS}, "Pass": Pass}


class LogError(ValueError):
    """A log that cannot be read: ``line`` says where."""

    def __init__(self, line: int, problem: str):
        self.line = line
        self.problem = problem
        super().__init__(f"line {line}: {problem}")


def action_to_json(action: Any) -> dict[str, Any]:
    """An action as plain JSON-able data: its type and fields."""
    return {"type": type(action).__name__, **{f.name: getattr(action, f.name) for f in dataclasses.fields(action)}}


def action_from_json(data: Mapping[str, Any]) -> Any:
    """The action ``data`` describes (a :class:`ValueError` for an unknown type or field)."""
    data = dict(data)
    cls = TYPES.get(data.pop("type", None))
    if cls is None:
        raise ValueError(f"unknown action type in {data!r}")
    try:
        return cls(**data)
    except TypeError as exc:
        raise ValueError(f"bad fields for {cls.__name__}: {exc}") from None


def log_lines(st: Stepper, players: int, decks: list[str] | None = None,
              rules: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The header and one line per step of a stepper's history."""
    head = {"format": FORMAT, "game": "doomtrooper", "seed": st.seed, "players": players,
            "decks": decks, "rules": dict(rules or {})}
    steps = [{"step": e.index, "player": e.player, "action": action_to_json(e.action), "text": str(e.action),
              "events": [ev.as_dict() for ev in e.events]} for e in st.history]
    return [head] + steps


def export_log(st: Stepper, players: int | None = None) -> str:
    """A stepper's game as JSON lines (players read off the state)."""
    players = players if players is not None else len(st.initial.seats)
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in log_lines(st, players))


def read_log(text: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header and the steps of a log, checked (:class:`LogError` names the line)."""
    rows = []
    for i, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rows.append((i, json.loads(line)))
        except json.JSONDecodeError as exc:
            raise LogError(i, f"not JSON: {exc.msg}") from None
    if not rows or rows[0][1].get("format") != FORMAT:
        raise LogError(rows[0][0] if rows else 1, f"the first line must be a header with format {FORMAT!r}")
    head = rows[0][1]
    steps = []
    for n, (i, row) in enumerate(rows[1:]):
        if row.get("step") != n:
            raise LogError(i, f"expected step {n}, found {row.get('step')!r}")
        steps.append(row)
    return head, steps


def replay_log(text: str, game: DoomtrooperGame | None = None) -> Stepper:
    """Play a log's actions again through the rules (same seed): a stepper."""
    head, steps = read_log(text)
    if game is None:
        rules = head.get("rules") or {}
        game = DoomtrooperGame(rules=override_rules(rules) if rules else None)
    st = Stepper(game, game.new_game(head["players"], head.get("decks")), head["seed"])
    for row in steps:
        st.step(action_from_json(row["action"]))
    return st


__all__ = ["FORMAT", "LogError", "TYPES", "action_from_json", "action_to_json", "export_log", "log_lines",
           "read_log", "replay_log"]
