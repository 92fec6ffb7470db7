"""The games the explorer knows, and where each plugs in.

Every game is a package ``explorer.<key>`` whose ``spec`` module describes it
as a :class:`~explorer.core.spec.GameSpec`: the command line, the what-if layer,
the app and the tests reach a game only through :func:`spec`.  :data:`GAMES`
lists them (key, title, summary) without importing any: nothing here imports a
game until it is asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .core.spec import GameSpec


class GameInfo(NamedTuple):
    key: str
    title: str
    summary: str


#: The games, in the order they are shown.
GAMES: dict[str, GameInfo] = {g.key: g for g in (
    GameInfo("asylum", "Doom Asylum", "a board game: villains roam an asylum, fight conflicts, race to the Yard"),
    GameInfo("victorian", "Victorian heroes and villains", "a two-player card game: heroes track and attack the masterminds, villains plot and send assassins"),
    GameInfo("doomtrooper", "Doomtrooper", "a card game: warriors muster, take cover and fight for Promotion Points"),
)}


def spec(game: str) -> "GameSpec":
    """The :class:`~explorer.core.spec.GameSpec` of ``game`` (``KeyError`` for an
    unknown game), loaded the first time it is asked for."""
    if game not in GAMES:
        raise KeyError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    return _LOADERS[game]()


def _asylum() -> "GameSpec":
    from .asylum.spec import SPEC
    return SPEC


def _victorian() -> "GameSpec":
    from .victorian.spec import SPEC
    return SPEC


def _doomtrooper() -> "GameSpec":
    from .doomtrooper.spec import SPEC
    return SPEC


_LOADERS = {"asylum": _asylum, "victorian": _victorian, "doomtrooper": _doomtrooper}


__all__ = ["GAMES", "GameInfo", "spec"]
