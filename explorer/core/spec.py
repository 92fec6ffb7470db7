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
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .events import RuleRef

if TYPE_CHECKING:
    from .log import GameLog
    from .simulation import Simulation


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
    #: the game's whole-game bots by name, each with ``make()`` and ``summary``
    #: (:class:`~explorer.core.bots.BotRegistry`)
    bots: Mapping[str, Any]
    #: ``check_data()``: load and cross-check every data file (``python -m explorer check``)
    check_data: Callable[[], Any]
    #: ``load_register()``: the interpretation register
    load_register: Callable[[], Any]
    #: every rule section id the game cites
    sections: tuple[str, ...]
    #: ``observe(game, state, seat)``: what one seat may see (the game class's own method)
    observe: Callable[[Any, Any, Any], Any] | None = None
    #: ``why_not(game, state)``: plausible actions the rules forbid now, for "why not?"
    why_not: Callable[..., Any] | None = None
    #: the what-if interface (metrics, settings, variant games): the game's ``metrics`` module
    metrics: Any = None
    #: anything else a game declares for one consumer, by name
    extras: Mapping[str, Any] = field(default_factory=dict)
    # -- added with the one runner and the one GameResult --
    #: ``override_rules(changes)``: the rules file's values with ``changes`` (by name), each
    #: checked against the file's ranges and choices (a bad one raises a ``ValueError``)
    override_rules: Callable[[Mapping[str, Any]], Any] | None = None
    #: the seats' names where the game names them (Victorian: heroes, villains), by seat number
    seat_names: tuple[str, ...] = ()
    #: what ``simulate`` needs (:class:`~explorer.core.simulation.Simulation`)
    simulation: Simulation | None = None
    #: the game in the one log format (:class:`~explorer.core.log.GameLog`): its actions and setup
    log: GameLog | None = None
    #: ``option_words(game, state, action)``: an option as a player reads it where the
    #: action's own text names ids (Doomtrooper's "#1 attacks #0"): a saved log's ``said``;
    #: ``None``: the action's text reads well as it is
    option_words: Callable[[Any, Any, Any], str] | None = None
    #: a choice's values as people name them, by rule (Doomtrooper's ``variant``:
    #: ``beat_down`` is "Beat Down"), for tables that list them; a value missing reads as typed
    choice_titles: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


def cited_sections(module: ModuleType) -> tuple[str, ...]:
    """The ids of the rule sections a game's ``sections`` module names, sorted."""
    return tuple(sorted({v.section for v in vars(module).values() if isinstance(v, RuleRef)}))


__all__ = ["GameSpec", "cited_sections"]
