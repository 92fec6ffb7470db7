"""Doomtrooper's game logs: its actions and its setup in the one log format of
:mod:`explorer.core.log`.  The setup is the seats' decks (``{"decks": [...]}``:
sample decks by name, ``{card: copies}`` mappings, or ``null`` for the decks a
game deals by default), or a table set by hand (``{"table": ...}``, see
:mod:`explorer.doomtrooper.built`); the variant played is a rule (``rules.variant``).

>>> from explorer.doomtrooper.base.actions import Equip
>>> action_to_json(Equip("Violator Sword", 3))
{'type': 'Equip', 'card': 'Violator Sword', 'uid': 3, 'inside': False}
>>> action_from_json({'type': 'Equip', 'card': 'Violator Sword', 'uid': 3})
Equip(card='Violator Sword', uid=3, inside=False)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ..core import log as core
from ..core.data import DataError
from ..core.engine import Stepper
from ..core.log import LogError
from ..core.rounds import Pass
from . import built
from .base.actions import ACTION_TYPES
from .base.combat_state import ACTIONS as COMBAT_ACTIONS
from .game import DoomtrooperGame
from .params import SCHEMA, override_rules
from .variants import front_lines, places

#: Every action type a log can hold, by name.  Two classes are called ``Transfer``: the
#: variants with places' move to a place, and Front Lines' move to a team mate (here
#: ``FrontLinesTransfer``).
TYPES: dict[str, type] = {**ACTION_TYPES, **{c.__name__: c for c in COMBAT_ACTIONS}, "Pass": Pass,
                          "Transfer": places.Transfer, "FrontLinesTransfer": front_lines.Transfer}


def _deck_names(game: DoomtrooperGame, initial: Any) -> list[str] | None:
    """The sample deck each seat started with, by name (``None`` if one is not a sample deck)."""
    names = []
    for seat in initial.seats:
        held = seat.deck.cards
        name = next((n for n, d in game.decks.items() if getattr(d, "cards", None) == held), None)
        if name is None:
            return None
        names.append(name)
    return names


def _candidates(game: DoomtrooperGame, initial: Any) -> Iterator[Any]:
    if game.seat_decks is not None:  # a game dealing other decks (DoomtrooperGame.with_decks): those
        yield list(game.seat_decks)
    yield _deck_names(game, initial)
    yield None
    yield [{c: s.deck.cards.count(c) for c in s.deck.cards.distinct} for s in initial.seats]


def _describe(st: Stepper) -> tuple[int, dict[str, Any]]:
    """The players and the decks: the first description that starts the very same game."""
    players = len(st.initial.seats)
    table = built.description(st.initial)
    if table is not None:
        return players, {"table": table}
    for decks in _candidates(st.game, st.initial):
        try:
            if st.game.new_game(players, decks) == st.initial:
                return players, {"decks": decks}
        except (ValueError, DataError):
            continue
    raise ValueError("this game's start cannot be told from its decks: start it with DoomtrooperGame.new_game()")


def _start(game: DoomtrooperGame, head: Mapping[str, Any]) -> Any:
    setup = head["setup"]
    if set(setup) == {"table"}:
        state = built.build(game, setup["table"])
        if len(state.seats) != head["players"]:
            raise ValueError(f"the table seats {len(state.seats)} players, the header {head['players']}")
        return state
    if set(setup) != {"decks"}:
        raise ValueError(f"expected {{\"decks\": ...}} or {{\"table\": ...}}, not {sorted(setup)}")
    decks = setup["decks"]
    if decks is not None and not (isinstance(decks, list) and all(isinstance(d, (str, dict)) for d in decks)):
        raise ValueError("decks must be null or a list of sample deck names or {card: copies} objects")
    return game.new_game(head["players"], decks)


#: Doomtrooper in the log format.
LOG = core.GameLog("doomtrooper", "Doomtrooper", TYPES, SCHEMA.names, override_rules, _describe, _start,
                   lambda rules: DoomtrooperGame(rules=rules))


def action_to_json(action: Any) -> dict[str, Any]:
    """An action as plain JSON-able data: its type and fields."""
    return core.action_to_json(action, LOG)


def action_from_json(data: Any) -> Any:
    """The action ``data`` describes (:class:`LogError` for an unknown type or field)."""
    return core.action_from_json(data, LOG)


def export_log(st: Stepper, seat: int | None = None) -> str:
    """The game as JSON lines (``seat``: only what that seat saw)."""
    return core.export(st, LOG, seat)


def replay_log(text: str | Iterable[str], game: DoomtrooperGame | None = None, policies: Any = None) -> Stepper:
    """Rebuild the game a log records, under its rules (see :func:`explorer.core.log.replay`)."""
    return core.replay(text, LOG, game, policies)


__all__ = ["LOG", "LogError", "TYPES", "action_from_json", "action_to_json", "export_log", "replay_log"]
