"""Play a variant, and compare it with the base game on the same seeds."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from . import jobs as _jobs
from . import sequential, stats
from .settings import (MAX_GAMES, MAX_PLAYERS, OUTCOMES, bot_settings, check_games, check_players, check_settings,
                       metric_list, prepared, run_settings, settings_for)
from .stored import check_out, keep, run_meta
from .variants import BASE, Variant, check, variant


def records(game: str, spec: Variant | Mapping[str, Any] | str | os.PathLike | None = None, *, games: int = 1000,
            seed: int | str = 1, scheduler: Any = None, progress: bool = True,
            bots: str | Sequence[str] | None = None, **settings: Any):
    """Every game's metric values, one row per game (index: the game number), as
    a pandas DataFrame.  Game ``i`` is seeded ``"seed#i"``; ``bots`` as for :func:`compare`."""
    import pandas as pd

    v = variant(spec)
    check(game, v)
    check_games(games)
    settings = run_settings(game, bots, settings)
    check_settings(game, v.mapping, settings)
    rows = _jobs.play_runs(game, [(v.mapping, settings)], seed, games, scheduler, progress)[0]
    names = [m.name for m in metric_list(game, settings)]
    return pd.DataFrame(rows, columns=names)


def compare(game: str, spec: Variant | Mapping[str, Any] | str | os.PathLike, *, games: int = 2000,
            seed: int | str = 1, scheduler: Any = None, base: Variant | Mapping[str, Any] | None = None,
            progress: bool = True, bots: str | Sequence[str] | None = None, until: float | None = None,
            metric: str | None = None, batch: int = 200, out: str | os.PathLike | None = None,
            **settings: Any):
    """The variant against the base game (the data as it is, or ``base``), paired on
    the same seeds: a DataFrame with one row per metric and the columns ``label``,
    ``base``, ``variant``, ``diff``, ``ci_low``, ``ci_high`` (a 95% interval of the
    difference, game by game) and ``changed`` (the games whose value of the metric
    the variant changed: 0 in every row means it never came into play under these
    bots; ``frame.attrs["unused"]`` says so, and stays with a selection of the rows).
    Seats that play in neither (a two-seat game measured over four) have no row.
    ``bots``: the bots of every seat (see :func:`bot_settings`; default: the game's
    own setting).

    ``until``: play in batches of ``batch`` games, stopping once the interval of
    ``metric`` (default: the first seat's or side's win rate) is at most ``until``
    either side of its estimate or excludes zero, or at ``games`` games; the
    intervals are then confidence sequences (:mod:`explorer.whatif.sequential`),
    and ``frame.attrs["sequential"]`` says how many games it took against a run of
    fixed size.

    ``out`` (``.parquet`` or ``.csv``; a run of fixed size): the comparison is written
    there and read back next time instead of played, as long as the rules code and
    data are the ones that played it, or play its probe games alike (each row is
    written with their hash: :func:`~explorer.whatif.stored.stamp`; a sweep's ``out``
    works the same way).

    >>> from explorer import whatif
    >>> df = whatif.compare("asylum", {"maneuver_target": 7}, games=20, seed=1, scheduler="serial",
    ...                     progress=False)
    >>> list(df.columns)
    ['label', 'base', 'variant', 'diff', 'ci_low', 'ci_high', 'changed']
    """
    path = check_out(out) if out is not None else None
    if path is not None and until is not None:
        raise ValueError("out keeps a comparison of a fixed number of games: give out or until, not both")
    v, b = variant(spec), variant(base) if base is not None else BASE
    for one in (v, b):
        check(game, one)
    if v.mapping == b.mapping:  # (a value the rules file already has is allowed: it checks the pairing)
        raise ValueError(f"the variant {v.name!r} ({v.source}) changes nothing the base does not: "
                         "give it at least one override of its own")
    settings = run_settings(game, bots, settings)
    check_games(games)
    seats = max(check_settings(game, one.mapping, settings) for one in (v, b))
    pair = Pair(game, b.mapping, v.mapping, settings, seed, scheduler, progress)
    attrs = dict(game=game, variant=v.describe(), base=b.describe(), games=games, seed=str(seed),
                 settings=dict(settings))
    if until is None:
        meta = run_meta(game, settings, variant_rules=attrs["variant"], base_rules=attrs["base"], games=games,
                        seed=str(seed))
        rows = keep(path, meta, "comparison",
                    lambda: table(game, settings, seats, *pair.play(0, games)).reset_index().to_dict("records"))
        return _frame(rows, attrs)  # played or read back, the same frame
    watched = stopping_metric(game, settings, seats, metric)
    base_rows, var_rows, report = sequential.run_until(pair.play, watched.name, until=until, games=games,
                                                       batch=batch, rate=watched.is_rate)
    frame = table(game, settings, seats, base_rows, var_rows, sequential.paired)
    frame.attrs["sequential"] = report
    _say_unused(frame)
    attrs["games"] = report["games"]
    frame.attrs.update(attrs)
    return frame


def _frame(rows: list[dict[str, Any]], attrs: dict[str, Any]):
    """A stored comparison's rows as its DataFrame (indexed by metric; the run's
    columns left out), with the run in ``attrs``."""
    import pandas as pd

    columns = ["metric", "label", "base", "variant", "diff", "ci_low", "ci_high", "changed"]
    # (a file kept before the changed games were counted has none: unknown, NaN)
    frame = pd.DataFrame([{c: r[c] if c != "changed" else r.get(c) for c in columns} for r in rows],
                         columns=columns).set_index("metric")
    frame.attrs.update(attrs)
    _say_unused(frame)
    return frame


def _say_unused(frame) -> None:
    """``frame.attrs["unused"]``: whether the variant altered no game in any measure
    (left out for a file kept before the games were counted: unknown)."""
    if not frame["changed"].isna().any():
        frame.attrs["unused"] = not frame["changed"].any()


def stopping_metric(game: str, settings: Mapping[str, Any], seats: int, metric: str | None):
    """The metric (a :class:`~explorer.core.metrics.Metric`) a sequential comparison
    watches: ``metric``, checked, or the first seat's (or side's) win rate."""
    metrics = metric_list(game, settings)
    allowed = [m for m in metrics if m.group not in OUTCOMES] + [m for m in metrics if m.group in OUTCOMES][:seats]
    if metric is None:
        return next(m for m in metrics if m.group in OUTCOMES)
    chosen = next((m for m in allowed if m.name == metric), None)
    if chosen is None:
        raise ValueError(f"unknown metric {metric!r} for {game}; choose from {', '.join(m.name for m in allowed)}")
    return chosen


class Pair(NamedTuple):
    """The two sides of a paired comparison: what both play, and where."""

    game: str
    base: Mapping[str, Any]
    variant: Mapping[str, Any]
    settings: Mapping[str, Any]
    seed: int | str
    scheduler: Any
    progress: bool

    def play(self, start: int, stop: int) -> tuple[list[dict[str, float]], list[dict[str, float]]]:
        """Games ``start`` to ``stop - 1`` of the base and of the variant (the same seeds)."""
        base, variant = _jobs.play_runs(self.game, [(self.base, self.settings), (self.variant, self.settings)],
                                        self.seed, stop, self.scheduler, self.progress, start=start)
        return base, variant


def table(game: str, settings: Mapping[str, Any], seats: int, base_rows, var_rows, interval=stats.paired):
    """The comparison's table from both sides' per-game values: a row per metric
    (``interval(variant values, base values, rate)`` gives the difference's interval,
    ``rate`` whether the metric is a rate), with ``changed``: the games whose value of
    the metric the variant changed (none in every row: the change never came into play)."""
    import pandas as pd

    out = []
    metrics = metric_list(game, settings)
    outcomes = [m.name for m in metrics if m.group in OUTCOMES]
    for m in metrics:
        if m.name in outcomes[seats:]:
            continue  # a seat neither plays: no win rate to compare
        xb = [r[m.name] for r in base_rows]
        xv = [r[m.name] for r in var_rows]
        diff, lo, hi = interval(xv, xb, m.is_rate)  # a rate's: within -1 .. 1
        out.append({"metric": m.name, "label": m.label, "base": stats.mean(xb), "variant": stats.mean(xv),
                    "diff": diff, "ci_low": lo, "ci_high": hi, "changed": stats.changed(xv, xb)})
    return pd.DataFrame(out).set_index("metric")


__all__ = ["MAX_GAMES", "MAX_PLAYERS", "OUTCOMES", "Pair", "bot_settings", "check_games", "check_players",
           "check_settings", "compare", "metric_list", "prepared", "records", "run_settings", "settings_for",
           "stopping_metric", "table"]
