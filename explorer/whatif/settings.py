"""A what-if run's settings, checked before any game is played: the game's own
(players, decks, masterminds), the bots of every seat by name, the size of a run.
Every what-if entry point (compare, sweep, skill, cards, the probe games of kept runs)
reads them through here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..games import GAMES, spec


def settings_for(game: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The game's what-if settings (players, policy, ...) with ``given`` applied (a
    setting given as ``None`` keeps the game's usual value: an empty bots box plays
    the usual bots); an unknown setting is a ValueError naming the known ones.

    >>> settings_for("asylum", {"policy": "search, greedy,greedy , greedy"})["policy"]
    'search,greedy,greedy,greedy'
    >>> settings_for("asylum", {"policy": None})["policy"]
    'greedy'
    """
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    known = dict(spec(game).metrics.SETTINGS)
    unknown = set(given) - set(known)
    if unknown:
        raise ValueError(f"unknown setting{'s' if len(unknown) > 1 else ''} {', '.join(sorted(unknown))} for {game}; "
                         f"known: {', '.join(known)}")
    out = {**known, **{name: value for name, value in given.items() if value is not None}}
    if isinstance(out.get("policy"), str):  # one bot per seat as one text, however spaced: "greedy,random"
        out["policy"] = ",".join(b.strip() for b in out["policy"].split(","))
    return out


#: the metric groups that say who won: a win rate per seat, or per side (Victorian)
OUTCOMES = ("seats", "sides")


#: The most players a run seats at one table.  Doomtrooper allows any number and a
#: game's length grows with it; a table of thousands would run for hours.
MAX_PLAYERS = 12


#: The most games of one variant (or one point of a sweep): every game's values
#: are kept in memory to pair the variants game by game.
MAX_GAMES = 10**6


def check_games(games: int) -> None:
    """Refuse a number of games below 1 or above :data:`MAX_GAMES`."""
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be 1 to {MAX_GAMES:_} per variant (every game's values are kept), not {games}")


def check_players(players: Any, what: str = "players") -> None:
    """Refuse a table larger than :data:`MAX_PLAYERS` (the game checks the rest)."""
    if isinstance(players, int) and not isinstance(players, bool) and players > MAX_PLAYERS:
        raise ValueError(f"{what} {players}: a run seats at most {MAX_PLAYERS} players")


def check_settings(game: str, overrides: Mapping[str, Any], settings: Mapping[str, Any]) -> int:
    """Set up one game of the run as ``simulate`` would (players, bots, decks) without
    playing it: a setting the game refuses raises here, before any game is played.
    Returns the number of seats that play (a variant may need its own number)."""
    return prepared(game, overrides, settings).seats


def prepared(game: str, overrides: Mapping[str, Any], settings: Mapping[str, Any]):
    """One game of the run set up as ``simulate`` would (players, bots, decks):
    a :class:`~explorer.core.simulation.Prepared` (a bad setting raises here)."""
    import argparse

    check_players(settings.get("players"), "players")
    sim = spec(game).simulation
    parser = argparse.ArgumentParser(add_help=False)
    sim.options(parser)
    args = parser.parse_args([])
    known = vars(args)
    for name, value in settings.items():
        if name in known:  # names one per seat (decks, policies) as the option takes them: joined by commas
            names = isinstance(value, (list, tuple)) and all(isinstance(x, str) for x in value)
            setattr(args, name, ",".join(value) if names else value)
    return sim.prepare(sim.setup(args, {}), spec(game).metrics.game_for(dict(overrides)))


def metric_list(game: str, settings: Mapping[str, Any]) -> tuple:
    """The game's metrics for these settings (e.g. one win rate per seat)."""
    metrics = spec(game).metrics
    players = settings.get("players")
    return metrics.metrics(players) if players is not None else metrics.metrics()


def bot_settings(game: str, bots: str | Sequence[str] | None) -> dict[str, Any]:
    """The settings that seat ``bots``: one bot name for every seat, or one per seat
    (a list, or names joined by commas), each a name of the game's bot registry
    (``greedy``, ``random``, ...; a name with a budget such as ``search:400`` is
    passed on as it is).  A game whose seats have names (the Victorian sides) takes
    them by those names, the others as one ``policy`` setting; the workers make
    the bots again by name, so any scheduler plays them.

    >>> bot_settings("victorian", ["random", "greedy"])
    {'heroes': 'random', 'villains': 'greedy'}
    >>> bot_settings("asylum", "greedy,random,random,random")
    {'policy': 'greedy,random,random,random'}
    """
    if bots is None:
        return {}
    names = [b.strip() for b in bots.split(",")] if isinstance(bots, str) else list(bots)
    if not names or not all(isinstance(b, str) and b.strip() for b in names):
        raise ValueError(f"bots: give bot names (one for every seat, or one per seat), not {bots!r}")
    g = spec(game)
    known = g.metrics.SETTINGS
    if g.seat_names and all(n in known for n in g.seat_names):
        if len(names) == 1:
            names = names * len(g.seat_names)
        if len(names) != len(g.seat_names):
            raise ValueError(f"{len(names)} bots given for the {len(g.seat_names)} sides "
                             f"({', '.join(g.seat_names)})")
        return dict(zip(g.seat_names, names))
    return {"policy": ",".join(names)}


def bot_names(game: str) -> set[str]:
    """The settings that name bots: ``policy``, and the sides' names where seats have them.

    >>> sorted(bot_names("victorian"))
    ['heroes', 'policy', 'villains']
    """
    return set(spec(game).seat_names) | {"policy"}


def seat_bots(policy: Any) -> list[str]:
    """Each seat's bot of a run that names one per seat, seat 0 first; ``[]`` when one
    bot plays every seat.

    >>> seat_bots("search, greedy,greedy"), seat_bots("greedy")
    (['search', 'greedy', 'greedy'], [])
    """
    text = str(policy or "")
    return [b.strip() for b in text.split(",")] if "," in text else []


def without_bots(game: str, settings: Mapping[str, Any]) -> dict[str, Any]:
    """``settings`` without the bots: for a run that seats its own (skill, stakes)."""
    return {k: v for k, v in settings.items() if k not in bot_names(game)}


def run_settings(game: str, bots: str | Sequence[str] | None, given: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`settings_for` with ``bots`` seated; bots given twice (``bots`` and a
    bot setting) are refused."""
    seated = bot_settings(game, bots)
    twice = set(seated) & set(given)
    if twice:
        raise ValueError(f"the bots are given twice (bots and {', '.join(sorted(twice))}): give them once")
    return settings_for(game, {**given, **seated})


__all__ = ["MAX_GAMES", "MAX_PLAYERS", "OUTCOMES", "bot_names", "bot_settings", "check_games", "check_players",
           "check_settings", "metric_list", "prepared", "run_settings", "seat_bots", "settings_for", "without_bots"]
