"""Doom Asylum's game logs: its actions and its setup in the one log format of
:mod:`explorer.core.log` (a header with the rules in effect, then the steps).

The setup is where play started: ``opening`` is ``"draw"`` when the log starts
before the opening draw (its first step draws the masterminds; ``masterminds``
then says how: "star", "random" or the names), or ``"drawn"`` when it starts
after it (``masterminds`` names them, the draw answered by the seed).

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

from collections.abc import Iterable, Mapping
from typing import Any

from ..core import log as core
from ..core.engine import Stepper
from ..core.log import LogError
from . import overrides, params
from .game import ACTION_TYPES, AsylumGame
from .state import Phase


def _describe(st: Stepper) -> tuple[int, dict[str, Any]]:
    initial = st.initial
    if initial.phase is Phase.SETUP:
        choice = initial.choice
        return initial.players, {"opening": "draw", "masterminds": choice if isinstance(choice, str) else list(choice)}
    return len(initial.parties), {"opening": "drawn", "masterminds": list(initial.start_masterminds)}


def _start(game: AsylumGame, head: Mapping[str, Any]) -> Any:
    setup = head["setup"]
    if set(setup) != {"opening", "masterminds"}:
        raise ValueError(f"expected {{\"opening\": ..., \"masterminds\": ...}}, not {sorted(setup)}")
    opening, names = setup["opening"], setup["masterminds"]
    if opening not in ("draw", "drawn"):
        raise ValueError(f"opening must be 'draw' (the log starts with the draw of masterminds) or 'drawn', "
                         f"not {opening!r}")
    named = isinstance(names, list) and all(isinstance(n, str) for n in names)
    if not named and not (opening == "draw" and names in ("star", "random")):
        raise ValueError("masterminds must be a list of villain names" + (", 'star' or 'random'"
                                                                          if opening == "draw" else ""))
    if opening == "draw":
        return game.new_game(head["players"], names)
    return game.setup(head["players"], head["seed"], names)


#: Doom Asylum in the log format.
LOG = core.GameLog("asylum", "Doom Asylum", ACTION_TYPES, params.SCHEMA.names, overrides.override_rules, _describe, _start,
                   lambda rules: AsylumGame(rules=rules))


def action_to_json(action: Any) -> dict[str, Any]:
    """``{"type": class name, **fields}`` for any Doom Asylum action."""
    return core.action_to_json(action, LOG)


def action_from_json(obj: Any) -> Any:
    """The action an :func:`action_to_json` dict describes (:class:`LogError` otherwise)."""
    return core.action_from_json(obj, LOG)


def export_log(stepper: Stepper, seat: int | None = None) -> str:
    """The game as JSON lines (``seat``: only what that seat saw)."""
    return core.export(stepper, LOG, seat)


def read_log(text: str | Iterable[str]) -> tuple[dict[str, Any], list[Any]]:
    """The header and the actions of a log (checked for form only)."""
    return core.read(text, LOG)


def replay_log(text: str | Iterable[str], game: AsylumGame | None = None, policies: Any = None) -> Stepper:
    """Rebuild the game a log records, under its rules (see :func:`explorer.core.log.replay`)."""
    return core.replay(text, LOG, game, policies)


__all__ = ["LOG", "LogError", "action_from_json", "action_to_json", "export_log", "read_log", "replay_log"]
