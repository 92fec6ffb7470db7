"""Sweep a grid of rule values: one row per point, a column per metric with its interval."""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..core.runs import CHUNK, run_jobs
from . import jobs as _jobs
from . import stats
from .compare import OUTCOMES, check_games, check_settings, metric_list, run_settings
from .stored import check_out, check_run, read_rows, row_behaviour, row_states, run_meta, writable, write_rows
from .variants import Variant, check, variant


def grid(params: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
    """Every combination of the values, in order (the first parameter slowest)."""
    if not params:
        raise ValueError("a sweep needs at least one parameter with values")
    names = list(params)
    for n in names:
        if isinstance(params[n], (str, bytes)) or not isinstance(params[n], Sequence) or not params[n]:
            raise ValueError(f"give {n!r} a list of values to sweep, not {params[n]!r}")
        seen = [repr(v) for v in params[n]]
        twice = next((v for i, v in enumerate(params[n]) if repr(v) in seen[:i]), None)
        if len(set(seen)) < len(seen):
            raise ValueError(f"{n!r} has the value {twice!r} twice: each point of a sweep is played once")
    return [dict(zip(names, combo)) for combo in itertools.product(*(params[n] for n in names))]


def playing(metrics, seats: int | None = None) -> list[str]:
    """The win-rate metrics of the seats or sides that play: every one of them, or
    the first ``seats`` (a game of two seats measured over four has no seats 2 and 3)."""
    names = [m.name for m in metrics if m.group in OUTCOMES]
    return names if seats is None else names[:seats]


def summarize(rows: list[dict[str, float]], metrics, seats: int | None = None) -> dict[str, float]:
    """A point's row: each metric's estimate and 95% interval, and the spread of the
    seats (or sides) that play.  A seat that does not play (``seats``: how many do)
    has no win rate: its columns are NaN, never a 0% it did not earn."""
    out: dict[str, float] = {}
    plays = playing(metrics, seats)
    for m in metrics:
        if m.group in OUTCOMES and m.name not in plays:
            est = lo = hi = float("nan")
        else:
            est, lo, hi = stats.interval([r[m.name] for r in rows], rate=m.is_rate)
        out[m.name], out[f"{m.name}_ci_low"], out[f"{m.name}_ci_high"] = est, lo, hi
    if len(plays) > 1:
        out["seat_spread"], out["seat_spread_ci_high"] = stats.spread(rows, plays)
    return out


def sweep(game: str, params: Mapping[str, Sequence[Any]], *, games: int = 1000, seed: int | str = 1,
          scheduler: Any = None, out: str | os.PathLike | None = None, base: Mapping[str, Any] | Variant | None = None,
          progress: bool | Callable[[int, int], None] = True, keep_records: bool = False,
          bots: str | Sequence[str] | None = None, chunk: int = CHUNK, **settings: Any):
    """Play ``games`` games at every point of the grid ``params`` (on the same seeds at
    every point) and return a pandas DataFrame: one row per point, the parameters,
    then ``seats`` (how many seats or sides play there), then each metric with
    ``_ci_low`` / ``_ci_high`` columns (NaN for a seat that does not play).

    ``out`` (``.parquet`` or ``.csv``): each finished point is written as it
    finishes; run again with the same ``out`` and the finished points are read back
    instead of played (the file must be from the same game, seed, games, ``base``
    and settings; a point written by other rules, code or data, as its fingerprint
    says, is played again and rewritten, unless today's code plays its probe games
    alike: each row is written with their hash, as :func:`~explorer.whatif.stored.stamp`
    keeps it; the returned frame leaves that column out).  ``keep_records``: also keep every game's values, as
    ``frame.attrs["records"]`` (a DataFrame with a ``point`` column; points read
    back from ``out`` have none).  ``bots``: the bots of every seat, as for
    :func:`~explorer.whatif.compare.compare`.  ``progress``: a bar, or a function
    told the games played and the games in all as each job of ``chunk`` games
    finishes (the games and their results do not depend on ``chunk``).

    >>> from explorer import whatif
    >>> df = whatif.sweep("asylum", {"maneuver_target": [7, 9]}, games=10, seed=1, scheduler="serial",
    ...                   progress=False)
    >>> df["maneuver_target"].tolist(), len(df)
    ([7, 9], 2)
    """
    import pandas as pd

    path = check_out(out) if out is not None else None
    settings = run_settings(game, bots, settings)
    check_games(games)
    if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise ValueError(f"chunk: the games a job plays must be a whole number of at least 1, not {chunk!r}")
    b = variant(base) if base is not None else None
    points = grid(params)
    variants, seats = [], []
    for point in points:
        v = variant({**(b.mapping if b else {}), **point})
        check(game, v)
        seats.append(check_settings(game, v.mapping, settings))
        variants.append(v)
    metrics = metric_list(game, settings)
    meta = run_meta(game, settings, seed=str(seed), games=games, **({"base_rules": b.describe()} if b else {}))
    done: dict[int, dict[str, Any]] = {}
    if path is not None and path.exists():
        done = _resume(path, points, meta)
    todo = [i for i in range(len(points)) if i not in done]
    if path is not None and todo and path.exists():
        writable(path)  # points to play into a kept file: it must take them
    batch, owner = [], []
    for i in todo:
        for job in _jobs.jobs(game, variants[i].mapping, settings, seed, games, chunk=chunk):
            batch.append(job)
            owner.append(i)
    results: dict[int, dict[int, list]] = {i: {} for i in todo}
    kept: dict[int, list[dict[str, float]]] = {}
    need = {i: owner.count(i) for i in todo}

    def finished(k: int, rows: list[dict[str, float]]) -> None:
        i = owner[k]
        results[i][k] = rows
        if len(results[i]) == need[i]:
            ordered = [r for key in sorted(results[i]) for r in results[i][key]]
            done[i] = {**points[i], **meta, "seats": seats[i], **summarize(ordered, metrics, seats[i])}
            if keep_records:
                kept[i] = ordered
            if path is not None:
                done[i]["behaviour"] = row_behaviour(done[i]) or ""  # the file's stamp: see stored.stamp
                write_rows(path, [done[j] for j in sorted(done)])

    run_jobs(batch, _jobs.play_job, scheduler, progress, done=finished)
    frame = pd.DataFrame([done[i] for i in range(len(points))]).drop(columns="behaviour", errors="ignore")
    frame.attrs.update(game=game, params=list(params), metrics=[m.name for m in metrics])
    if keep_records:
        frame.attrs["records"] = pd.DataFrame([{"point": i, **r} for i in sorted(kept) for r in kept[i]])
    return frame


def _resume(path: Path, points: list[dict[str, Any]], meta: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    old = read_rows(path, "sweep results")
    if old is None:
        return {}  # an empty file: nothing to resume
    rows = old.to_dict("records")
    for row in rows:  # (first: another kind of run is said as such, before its columns are read as a sweep's)
        check_run(path, row, meta, "a sweep", "use another output file, or the same settings to resume")
    swept = list(old.columns[:list(old.columns).index("game")])  # a row: the point, then the meta, then metrics
    if points and sorted(swept) != sorted(points[0]):
        raise ValueError(f"{path} holds a sweep of {', '.join(swept) or 'nothing'}, not of {', '.join(points[0])}: "
                         "use another output file")
    done = {}
    for row, state in zip(rows, row_states(rows)):
        if state == "stale":
            continue  # played by code or data that play its probe games otherwise: played again
        for i, point in enumerate(points):
            if all(_same(row.get(n), v) for n, v in point.items()):
                done[i] = row
    return done


def _same(a: Any, b: Any) -> bool:
    try:
        return a == b or float(a) == float(b)
    except (TypeError, ValueError):
        return str(a) == str(b)


__all__ = ["check_out", "grid", "playing", "summarize", "sweep"]
