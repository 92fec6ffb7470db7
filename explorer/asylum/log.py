"""Game logs as JSON lines, and replaying them.

A log is one JSON object per line.  The first line is a header naming the game,
the seed and the setup (players and their starting masterminds); then one line
per step::

    {"step": 0, "player": 0, "action": {"type": "Move", "room": "Boiler Room"},
     "text": "move to the Boiler Room", "events": [{"rule": "asylum:turn.move", ...}]}

``player`` is the seat that chose, or ``null`` for a step the rules took on their
own.  Every action type is a frozen dataclass registered by class name in
:data:`explorer.asylum.game.ACTION_TYPES`, so ``{"type": ..., **fields}`` turns
back into the very same action.  Replaying the actions with the seed through a
:class:`~explorer.core.engine.Stepper` gives back every state.

>>> from explorer.asylum.game import setup
>>> from explorer.asylum.bots import GreedyBot
>>> from explorer.core.engine import Stepper
>>> game, state = setup(players=2, seed=3)
>>> st = Stepper(game, state, seed=3, policies=GreedyBot())
>>> _ = st.run(max_steps=30)
>>> again = replay_log(export_log(st), game)
>>> [e.state for e in again.history] == [e.state for e in st.history]
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from typing import Any

from ..core.engine import Stepper
from .game import ACTION_TYPES, AsylumGame
from .state import Phase

FORMAT = "explorer.asylum.log/1"


def action_to_json(action: Any) -> dict[str, Any]:
    """``{"type": class name, **fields}`` for any registered action."""
    name = type(action).__name__
    if ACTION_TYPES.get(name) is not type(action):
        raise TypeError(f"{action!r} is not a registered Doom Asylum action")
    return {"type": name, **{f.name: getattr(action, f.name) for f in dataclasses.fields(action)}}


def action_from_json(obj: dict[str, Any]) -> Any:
    """The action a :func:`action_to_json` dict describes."""
    try:
        cls = ACTION_TYPES[obj["type"]]
    except KeyError:
        raise ValueError(f"not a Doom Asylum action: {obj!r}") from None
    fields = {k: v for k, v in obj.items() if k != "type"}
    try:
        return cls(**fields)
    except TypeError as exc:
        raise ValueError(f"bad fields for {obj['type']}: {exc}") from None


def header(stepper: Stepper) -> dict[str, Any]:
    """The first line: the game, the seed, and where play started.  ``opening`` is
    ``"draw"`` when the log starts before the opening draw (its first step draws the
    masterminds; ``masterminds`` then says how: "star", "random" or the names), or
    ``"drawn"`` when it starts after it (``masterminds`` names them)."""
    initial = stepper.initial
    if initial.phase is Phase.SETUP:
        choice = initial.choice
        return {"format": FORMAT, "game": "asylum", "seed": stepper.seed, "players": initial.players,
                "opening": "draw", "masterminds": choice if isinstance(choice, str) else list(choice)}
    return {"format": FORMAT, "game": "asylum", "seed": stepper.seed, "players": len(initial.parties),
            "opening": "drawn", "masterminds": list(initial.start_masterminds)}


def log_lines(stepper: Stepper) -> list[dict[str, Any]]:
    """The header and one dict per step of ``stepper``'s history."""
    lines = [header(stepper)]
    for e in stepper.history:
        lines.append({
            "step": e.index,
            "player": e.player,
            "action": action_to_json(e.action),
            "text": str(e.action),
            "events": [ev.as_dict() for ev in e.events],
        })
    return lines


def export_log(stepper: Stepper) -> str:
    """The whole log as JSON lines (deterministic: the same game gives the same bytes)."""
    return "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in log_lines(stepper))


def read_log(text: str | Iterable[str]) -> tuple[dict[str, Any], list[Any]]:
    """The header and the actions of a JSON-lines log."""
    lines = text.splitlines() if isinstance(text, str) else list(text)
    rows = [json.loads(line) for line in lines if line.strip()]
    if not rows or rows[0].get("format") != FORMAT:
        raise ValueError(f"not a Doom Asylum log (the first line must be a header with format {FORMAT!r})")
    head, steps = rows[0], rows[1:]
    for i, row in enumerate(steps):
        if row.get("step") != i:
            raise ValueError(f"log line {i + 2}: expected step {i}, found {row.get('step')!r}")
    return head, [action_from_json(row["action"]) for row in steps]


def replay_log(text: str | Iterable[str], game: AsylumGame | None = None, policies=None) -> Stepper:
    """Rebuild the game a log records: same setup, same seed, same actions, hence
    the same states.  ``game`` must have the roster, board, rules and Event Table
    the log was made with (default: the data files)."""
    head, actions = read_log(text)
    game = game or AsylumGame()
    if head.get("opening") == "draw":
        initial = game.new_game(head["players"], head["masterminds"])
    else:
        initial = game.setup(head["players"], head["seed"], head["masterminds"])
    return Stepper.replay(game, initial, head["seed"], actions, policies)


__all__ = ["action_from_json", "action_to_json", "export_log", "log_lines", "read_log", "replay_log"]
