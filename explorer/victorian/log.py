"""The Victorian game's logs: its actions and its setup in the one log format
of :mod:`explorer.core.log`.  A log starts from a new game, before the deal,
with the decks of the data files (``setup``: ``{"opening": "deal"}``), or from a
position set up by hand (``setup``: ``{"scenario": ...}``: the words given to
:func:`scenario`, replayed by the scenario builder); who chose is ``"heroes"``,
``"villains"`` or ``null``.

>>> from explorer.core.engine import Stepper, RandomPolicy
>>> from explorer.victorian.game import VictorianGame
>>> game = VictorianGame()
>>> st = Stepper(game, game.new_game(), 3, RandomPolicy())
>>> _ = st.run(max_steps=40)
>>> replay_log(export_log(st), game).state == st.state
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from ..core import log as core
from ..core.engine import Stepper
from ..core.log import LogError
from .actions import ACTION_TYPES
from .game import VictorianGame
from .params import SCHEMA, override_rules
from .state import Phase, VicState

SETUP = {"opening": "deal"}
#: the words of :func:`scenario` a log stores (those of :func:`explorer.victorian.scenario.build`)
SCENARIO_WORDS = ("heroes", "villains", "minions", "gear", "wounds", "markers", "plots", "locations", "hands",
                  "decks", "thwarted", "turn", "at", "side")
#: the scenarios set out lately, by the state they start (so a log can tell how its game began)
_SCENARIOS: dict[VicState, str] = {}
_KEEP = 64


def _built(game: VictorianGame, words: Mapping[str, Any]) -> VicState:
    """The state of a scenario given as plain data (see :func:`scenario`)."""
    if not isinstance(words, Mapping):
        raise ValueError("a scenario is an object of the scenario builder's words")
    unknown = sorted(set(words) - set(SCENARIO_WORDS))
    if unknown:
        raise ValueError(f"no scenario word {unknown[0]!r} (known: {', '.join(SCENARIO_WORDS)})")
    kw = dict(words)
    if "at" in kw:
        name = kw["at"]
        if not isinstance(name, str) or name.upper() not in Phase.__members__:
            raise ValueError(f"no phase {name!r} (one of {', '.join(p.name.lower() for p in Phase)})")
        kw["at"] = Phase[name.upper()]
    if "locations" in kw:
        kw["locations"] = {None if k == "heroes" else k: v for k, v in kw["locations"].items()}
    if "plots" in kw:
        kw["plots"] = {m: [p if isinstance(p, str) else tuple(p) for p in ps] for m, ps in kw["plots"].items()}
    return game.scenario(**kw)


def scenario(game: VictorianGame, **words: Any) -> VicState:
    """A position set up by hand, as :meth:`VictorianGame.scenario` sets it out, whose
    words a game log keeps, so a game played on from it saves and replays (as plain
    data: ``at``, a phase's name; ``locations``, ``"heroes"`` for the Heroes' own;
    ``plots``, names or ``[name, counters]``).

    >>> from explorer.core.engine import Stepper, RandomPolicy
    >>> game = VictorianGame()
    >>> start = scenario(game, heroes=["Tarzan"], villains=["Dr Moreau"], at="attack")
    >>> st = Stepper(game, start, 1, RandomPolicy())
    >>> _ = st.run(max_steps=5)
    >>> text = export_log(st)
    >>> '"setup":{"scenario":{"heroes":["Tarzan"],"villains":["Dr Moreau"],"at":"attack"}}' in text
    True
    >>> replay_log(text).state == st.state
    True
    """
    state = _built(game, json.loads(json.dumps(words)))
    if len(_SCENARIOS) >= _KEEP:
        _SCENARIOS.pop(next(iter(_SCENARIOS)))
    _SCENARIOS[state] = json.dumps(words)
    return state


def _describe(st: Stepper) -> tuple[int, dict[str, Any]]:
    words = _SCENARIOS.get(st.initial)
    if words is not None:
        return 2, {"scenario": json.loads(words)}
    if st.initial != st.game.new_game():
        raise ValueError("a Victorian log starts from a new game (VictorianGame.new_game()), before the deal, "
                         "or from a scenario set out with explorer.victorian.log.scenario")
    return 2, dict(SETUP)


def _start(game: VictorianGame, head: Mapping[str, Any]) -> Any:
    if head["players"] != 2:
        raise ValueError("a Victorian game has 2 players")
    if set(head["setup"]) == {"scenario"}:
        return _built(game, head["setup"]["scenario"])
    if head["setup"] != SETUP:
        raise ValueError(f"a Victorian log starts from the deal, setup {SETUP}, or from a scenario")
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


__all__ = ["LOG", "LogError", "SCENARIO_WORDS", "action_from_json", "action_to_json", "export_log", "replay_log",
           "scenario"]
