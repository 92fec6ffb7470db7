"""Play a variant, and compare it with the base game on the same seeds."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from ..core.runs import run_jobs
from ..games import GAMES, spec
from . import jobs as _jobs
from . import stats
from .stored import check_out, fingerprint, kept_rows, write_rows
from .variants import BASE, Variant, check, variant


def settings_for(game: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The game's what-if settings (players, policy, ...) with ``given`` applied;
    an unknown setting is a ValueError naming the known ones."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    known = dict(spec(game).metrics.SETTINGS)
    unknown = set(given) - set(known)
    if unknown:
        raise ValueError(f"unknown setting(s) {', '.join(sorted(unknown))} for {game}; known: {', '.join(known)}")
    return {**known, **given}


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
    return sim.prepare(sim.setup(args, {}), spec(game).metrics.game_for(dict(overrides))).seats


def metric_list(game: str, settings: Mapping[str, Any]) -> tuple:
    """The game's metrics for these settings (e.g. one win rate per seat)."""
    metrics = spec(game).metrics
    players = settings.get("players")
    return metrics.metrics(players) if players is not None else metrics.metrics()


def records(game: str, spec: Variant | Mapping[str, Any] | str | os.PathLike | None = None, *, games: int = 1000,
            seed: int | str = 1, scheduler: Any = None, progress: bool = True, **settings: Any):
    """Every game's metric values, one row per game (index: the game number), as
    a pandas DataFrame.  Game ``i`` is seeded ``"seed#i"``."""
    import pandas as pd

    v = variant(spec)
    check(game, v)
    check_games(games)
    settings = settings_for(game, settings)
    check_settings(game, v.mapping, settings)
    batch = _jobs.jobs(game, v.mapping, settings, seed, games)
    rows = [r for part in run_jobs(batch, _jobs.play_job, scheduler, progress) for r in part]
    names = [m.name for m in metric_list(game, settings)]
    return pd.DataFrame(rows, columns=names)


def compare(game: str, spec: Variant | Mapping[str, Any] | str | os.PathLike, *, games: int = 2000,
            seed: int | str = 1, scheduler: Any = None, base: Variant | Mapping[str, Any] | None = None,
            progress: bool = True, out: str | os.PathLike | None = None, **settings: Any):
    """The variant against the base game (the data as it is, or ``base``), paired on
    the same seeds: a DataFrame with one row per metric and the columns ``label``,
    ``base``, ``variant``, ``diff``, ``ci_low``, ``ci_high`` (a 95% interval of the
    difference, game by game).  Seats that play in neither (a two-seat game measured
    over four) have no row.  ``out`` (``.parquet`` or ``.csv``): the comparison is
    written there and read back next time instead of played, as long as the rules
    code and data are the ones that played it (a sweep's ``out`` works the same way).

    >>> from explorer import whatif
    >>> df = whatif.compare("asylum", {"maneuver_target": 7}, games=20, seed=1, scheduler="serial",
    ...                     progress=False)
    >>> list(df.columns)
    ['label', 'base', 'variant', 'diff', 'ci_low', 'ci_high']
    """
    path = check_out(out) if out is not None else None
    v, b = variant(spec), variant(base) if base is not None else BASE
    for one in (v, b):
        check(game, one)
    if v.mapping == b.mapping:  # (a value the rules file already has is allowed: it checks the pairing)
        raise ValueError(f"the variant {v.name!r} ({v.source}) changes nothing the base does not: "
                         "give it at least one override of its own")
    settings = settings_for(game, settings)
    check_games(games)
    seats = max(check_settings(game, one.mapping, settings) for one in (v, b))
    attrs = dict(game=game, variant=v.describe(), base=b.describe(), games=games, seed=str(seed),
                 settings=dict(settings))
    meta = {"game": game, "variant_rules": attrs["variant"], "base_rules": attrs["base"], "games": games,
            "seed": str(seed), **{f"setting:{k}": x for k, x in settings.items()}, "fingerprint": fingerprint(game)}
    kept = kept_rows(path, meta, "comparison") if path is not None else None
    if kept is not None:
        return _frame(kept, attrs)
    batch = _jobs.jobs(game, b.mapping, settings, seed, games) + _jobs.jobs(game, v.mapping, settings, seed, games)
    parts = run_jobs(batch, _jobs.play_job, scheduler, progress)
    half = len(parts) // 2
    base_rows = [r for p in parts[:half] for r in p]
    var_rows = [r for p in parts[half:] for r in p]
    rows = []
    metrics = metric_list(game, settings)
    outcomes = [m.name for m in metrics if m.group in OUTCOMES]
    for m in metrics:
        if m.name in outcomes[seats:]:
            continue  # a seat neither plays: no win rate to compare
        xb = [r[m.name] for r in base_rows]
        xv = [r[m.name] for r in var_rows]
        diff, lo, hi = stats.paired(xv, xb)
        rows.append({"metric": m.name, "label": m.label, "base": stats.mean(xb), "variant": stats.mean(xv),
                     "diff": diff, "ci_low": lo, "ci_high": hi})
    if path is not None:
        write_rows(path, [{**row, **meta} for row in rows])
    return _frame(rows, attrs)


def _frame(rows: list[dict[str, Any]], attrs: dict[str, Any]):
    """A comparison's rows as its DataFrame (indexed by metric; a stored row's run
    columns left out), with the run in ``attrs``."""
    import pandas as pd

    columns = ["metric", "label", "base", "variant", "diff", "ci_low", "ci_high"]
    frame = pd.DataFrame([{c: r[c] for c in columns} for r in rows], columns=columns).set_index("metric")
    frame.attrs.update(attrs)
    return frame


__all__ = ["MAX_GAMES", "MAX_PLAYERS", "OUTCOMES", "check_games", "check_players", "check_settings", "compare",
           "metric_list", "records", "settings_for"]
