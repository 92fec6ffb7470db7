"""Skill against luck: how often a stronger bot beats weaker ones, seat by seat.

A game where the better player wins only a little more often than an even share is
a game of luck; a variant can be judged by what it does to that share.  One bot
(``strong``) takes each seat in turn, the others are played by ``weak``; every
seat order plays the same seeds, so the average over the orders is paired game by
game and the seat's own advantage cancels out of it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..games import spec as game_spec
from . import jobs as _jobs
from . import stats
from .compare import OUTCOMES, check_games, check_settings, metric_list, run_settings
from .settings import bot_names, without_bots
from .stored import check_out, keep, run_meta
from .variants import Variant, check
from .variants import variant as as_variant


def seat_label(game: str, seat: int) -> str:
    """A seat as people name it: the Victorian sides by name, the others by number."""
    names = game_spec(game).seat_names
    return names[seat] if seat < len(names) else f"seat {seat}"


def skill(game: str, games: int = 400, seed: int | str = 1, variant: Variant | Mapping[str, Any] | str |
          os.PathLike | None = None, *, strong: str = "greedy", weak: str = "random", scheduler: Any = None,
          progress: bool = True, out: str | os.PathLike | None = None, **settings: Any):
    """The win rate of the bot ``strong`` against ``weak`` (bot names of the game's
    registry) in ``variant`` (default: the game as it is): a DataFrame with a row
    per seat the strong bot takes (``games`` games each, the same seeds) and a last
    row ``every seat`` (their average, with a paired interval).  Columns: ``seat``,
    ``games``, ``wins``, ``ci_low``, ``ci_high`` (95%), ``draws``, and ``even``: the
    share a seat would win if skill did not matter (:func:`even_share`: a half where
    two teams play, one in the number of seats where one seat wins).  ``out``
    (``.parquet`` or ``.csv``): the table is kept there and read back next time instead
    of played, while the rules code and data play it alike (:func:`~explorer.whatif.stored.keep`).

    >>> df = skill("asylum", games=4, seed=1, scheduler="serial", progress=False)
    >>> list(df["seat"])
    ['seat 0', 'seat 1', 'seat 2', 'seat 3', 'every seat']
    """
    import pandas as pd

    path = check_out(out) if out is not None else None
    v = checked_run(game, variant, games, settings, "skill seats the bots itself (strong= and weak=)")
    settings = run_settings(game, None, settings)
    seats = check_settings(game, v.mapping, settings)
    wins = [m.name for m in metric_list(game, settings) if m.group in OUTCOMES][:seats]
    orders = [run_settings(game, [strong if s == k else weak for s in range(seats)], without_bots(game, settings))
              for k in range(seats)]
    for one in orders:
        check_settings(game, v.mapping, one)  # a bot name the game does not know fails here
    attrs = dict(game=game, variant=v.describe(), strong=strong, weak=weak, seed=str(seed), settings=dict(settings))
    meta = run_meta(game, {**without_bots(game, settings), "strong": strong, "weak": weak}, run="skill",
                    variant=attrs["variant"], seed=str(seed), run_games=games)  # (each row has its own games)
    rows = keep(path, meta, "skill against luck", lambda: _play(game, v, orders, wins, games, seed, scheduler,
                                                                progress))
    frame = pd.DataFrame([{c: r[c] for c in COLUMNS} for r in rows], columns=COLUMNS)  # played or read back, alike
    frame.attrs.update(attrs)
    return frame


#: a skill table's columns (see :func:`skill`)
COLUMNS = ["seat", "games", "wins", "ci_low", "ci_high", "draws", "even"]


def _play(game: str, v: Variant, orders: list[dict[str, Any]], wins: list[str], games: int, seed: int | str,
          scheduler: Any, progress: bool) -> list[dict[str, Any]]:
    """The rows of :func:`skill`, played: every seat order in one batch of jobs."""
    seats = len(orders)
    by_seat = _jobs.play_runs(game, [(v.mapping, one) for one in orders], seed, games, scheduler, progress)
    even = even_share([r for played in by_seat for r in played], wins)
    rows, scores = [], []
    for k, played in enumerate(by_seat):
        won = [r[wins[k]] for r in played]
        scores.append(won)
        est, lo, hi = stats.interval(won, rate=True)
        rows.append({"seat": seat_label(game, k), "games": games, "wins": est, "ci_low": lo, "ci_high": hi,
                     "draws": stats.mean([r.get("draw", 0.0) for r in played]), "even": even})
    average = [sum(col) / seats for col in zip(*scores)]
    est, lo, hi = stats.interval(average)
    _, w_lo, w_hi = stats.interval(average, rate=True)  # Wilson's, on the seeds: never a zero width
    rows.append({"seat": "every seat", "games": games * seats, "wins": est, "ci_low": max(0.0, min(lo, w_lo)),
                 "ci_high": min(1.0, max(hi, w_hi)), "draws": stats.mean([r["draws"] for r in rows]), "even": even})
    return rows


def even_share(played: list[dict[str, Any]], wins: list[str]) -> float:
    """What a seat wins if skill does not matter (:func:`.stats.even_share`), over the
    games ``played`` (``wins``: each seat's win metric).

    >>> even_share([{"a": 1.0, "b": 0.0, "c": 1.0, "d": 0.0}, {"a": 0.0, "b": 0.0, "c": 0.0, "d": 0.0}],
    ...            ["a", "b", "c", "d"])
    0.5
    """
    return stats.even_share([sum(r[w] for r in played) for w in wins],
                            sum(1 for r in played if any(r[w] for w in wins)))


#: what a skill table's ``attrs`` say of its run, kept as columns when it is stored
RUN = ("game", "variant", "strong", "weak", "seed")


def skill_rows(frame) -> list[dict[str, Any]]:
    """The rows of a :func:`skill` table with what its run was (:data:`RUN`), to keep
    in a file (a run too long to play on a page: :func:`explorer.whatif.stored.write_rows`)."""
    run = {k: str(frame.attrs[k]) for k in RUN}
    return [{**row, **run} for row in frame.to_dict("records")]


def skill_tables(stored) -> list:
    """The :func:`skill` tables a file of :func:`skill_rows` holds, in the order kept.

    >>> df = skill("victorian", games=2, seed=1, scheduler="serial", progress=False)
    >>> import pandas as pd
    >>> [t.attrs["strong"] for t in skill_tables(pd.DataFrame(skill_rows(df)))], list(df.columns) == list(
    ...     skill_tables(pd.DataFrame(skill_rows(df)))[0].columns)
    (['greedy'], True)
    """
    tables = []
    keys = list(dict.fromkeys(tuple(r) for r in stored[list(RUN)].astype(str).itertuples(index=False)))
    for key in keys:
        rows = stored[(stored[list(RUN)].astype(str) == list(key)).all(axis=1)]
        table = rows[COLUMNS].reset_index(drop=True)
        table.attrs.update(dict(zip(RUN, key)))
        for extra in ("commit", "current"):  # a kept run's (:func:`~explorer.whatif.stored.recorded`)
            if extra in rows:
                table.attrs[extra] = rows[extra].iloc[0].item() if extra == "current" else str(rows[extra].iloc[0])
        tables.append(table)
    return tables


def checked_run(game: str, variant: Variant | Mapping[str, Any] | str | os.PathLike | None, games: int,
                settings: Mapping[str, Any] = MappingProxyType({}), seats_bots: str = "") -> Variant:
    """The variant of a run, checked with its number of games; for a run that seats its
    own bots, a bot setting among ``settings`` is refused with ``seats_bots`` (what it
    seats instead)."""
    v = as_variant(variant)  # (None: the base game)
    check(game, v)
    check_games(games)
    seated = set(settings) & bot_names(game)
    if seated:
        raise ValueError(f"{seats_bots}, not {', '.join(sorted(seated))}")
    return v


__all__ = ["COLUMNS", "RUN", "seat_label", "skill", "skill_rows", "skill_tables"]
