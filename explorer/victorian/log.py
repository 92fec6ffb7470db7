"""The Victorian game's logs: its actions and its setup in the one log format
of :mod:`explorer.core.log`.  A log starts from a new game, before the deal,
with the decks of the data files (``setup``: ``{"opening": "deal"}``); who chose
is ``"heroes"``, ``"villains"`` or ``null``.

>>> from explorer.core.engine import Stepper, RandomPolicy
>>> from explorer.victorian.game import VictorianGame
>>> game = VictorianGame()
>>> st = Stepper(game, game.new_game(), 3, RandomPolicy())
>>> _ = st.run(max_steps=40)
>>> replay_log(export_log(st), game).state == st.state
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..core import log as core
from ..core.engine import Stepper
from ..core.log import LogError
from .actions import ACTION_TYPES
from .game import VictorianGame
from .params import SCHEMA, override_rules

SETUP = {"opening": "deal"}


def _describe(st: Stepper) -> tuple[int, dict[str, Any]]:
    if st.initial != st.game.new_game():
        raise ValueError("a Victorian log starts from a new game (VictorianGame.new_game()), before the deal")
    return 2, dict(SETUP)


def _start(game: VictorianGame, head: Mapping[str, Any]) -> Any:
    if head["setup"] != SETUP or head["players"] != 2:
        raise ValueError(f"a Victorian log starts from the deal, 2 players and setup {SETUP}")
    return game.new_game()


#: The Victorian game in the log format.
LOG = core.GameLog("victorian", "Victorian heroes and villains", ACTION_TYPES, SCHEMA.names, override_rules, _describe, _start,
                   lambda rules: VictorianGame(rules=rules))


def action_to_json(action: Any) -> dict[str, Any]:
    return core.action_to_json(action, LOG)


def action_from_json(obj: Any) -> Any:
    return core.action_from_json(obj, LOG)


def export_log(stepper: Stepper, seat: str | None = None) -> str:
    """The game as JSON lines (``seat``: only what that side saw)."""
    return core.export(stepper, LOG, seat)


def replay_log(text: str | Iterable[str], game: VictorianGame | None = None, policies: Any = None) -> Stepper:
    """Rebuild the game a log records, under its rules (see :func:`explorer.core.log.replay`)."""
    return core.replay(text, LOG, game, policies)


__all__ = ["LOG", "LogError", "action_from_json", "action_to_json", "export_log", "replay_log"]
