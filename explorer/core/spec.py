"""What every game hands the rest of the explorer: one description object.

The command line, the what-if layer, the app and the tests reach a game through
its :class:`GameSpec` (listed in :mod:`explorer.games`), never by building a
module name.  A game builds its spec in ``explorer/<game>/spec.py`` from its own
modules; the core only defines the shape, so it imports no game.

Fields hold the game's own functions and objects.  Those that not every game has
yet are ``None``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class GameSpec:
    """One game, as every consumer sees it."""

    key: str  # "asylum", "victorian", "doomtrooper": the name on the command line
    title: str  # "Doom Asylum"
    summary: str  # one line for menus and --help
    #: the game class (a :class:`~explorer.core.engine.Game`)
    game_class: type
    #: ``load_rules(path=None)``: the rules file's values, the one source of them
    load_rules: Callable[..., Any]
    #: the game's named bots (:class:`~explorer.core.bots.BotRegistry`)
    bots: Mapping[str, Any]
    #: ``check_data()``: load and cross-check every data file (``python -m explorer check``)
    check_data: Callable[[], Any]
    #: ``load_register()``: the interpretation register
    load_register: Callable[[], Any]
    #: every rule section id the game cites
    sections: tuple[str, ...]
    #: ``observe(state, seat)``: what one seat may see
    observe: Callable[[Any, Any], Any] | None = None
    #: ``why_not(game, state)``: plausible actions the rules forbid now, for "why not?"
    why_not: Callable[..., Any] | None = None
    #: the what-if interface (metrics, settings, variant games)
    metrics: Any = None
    #: anything else a game declares for one consumer, by name
    extras: Mapping[str, Any] = field(default_factory=dict)


__all__ = ["GameSpec"]
