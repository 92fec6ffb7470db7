"""The what-if layer's jobs: games of one variant of a game, measured.

Game ``i`` of a run seeded ``S`` is seeded ``"S#i"`` whatever the variant, the
point of a sweep or the worker: variants are compared on the very same dice
(paired), and a worker's identity never enters a result.  The jobs are played by
the core's runner (:func:`explorer.core.runs.run_jobs`), serially, on a local
process pool or on a Dask cluster, with the same numbers to the last digit
whichever is used.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..core.runs import CHUNK, game_seed, run_jobs
from ..games import spec


class Job(NamedTuple):
    """Games ``start`` to ``stop - 1`` of one variant: what a worker is given."""

    game: str
    overrides: tuple[tuple[str, Any], ...]
    settings: tuple[tuple[str, Any], ...]
    seed: str
    start: int
    stop: int


def play_job(job: Job) -> list[dict[str, float]]:
    """Play a job's games (in a worker or here): each game's metric values, in order."""
    metrics = spec(job.game).metrics
    game = metrics.game_for(dict(job.overrides))
    settings = dict(job.settings)
    return [metrics.play(game, game_seed(job.seed, i), **settings) for i in range(job.start, job.stop)]


def jobs(game: str, overrides: Mapping[str, Any], settings: Mapping[str, Any], seed: int | str,
         games: int, chunk: int = CHUNK, start: int = 0) -> list[Job]:
    """The jobs of games ``start`` to ``games - 1`` of one variant, ``chunk`` games a
    job (a run played in batches plays the very games of a run played at once)."""
    o, s = tuple(sorted(overrides.items())), tuple(sorted(settings.items()))
    return [Job(game, o, s, str(seed), i, min(games, i + chunk)) for i in range(start, games, chunk)]


def play_runs(game: str, runs: Sequence[tuple[Mapping[str, Any], Mapping[str, Any]]], seed: int | str, games: int,
              scheduler: Any = None, progress: bool = True, start: int = 0) -> list[list[dict[str, float]]]:
    """Several runs of ``game`` (each ``(overrides, settings)``) on the same seeds, games
    ``start`` to ``games - 1``, in one batch of jobs: each run's games' metric values,
    in the order of ``runs`` and of the games."""
    batch = [job for overrides, settings in runs for job in jobs(game, overrides, settings, seed, games, start=start)]
    parts = run_jobs(batch, play_job, scheduler, progress)
    per = len(parts) // len(runs)
    return [[r for p in parts[i * per:(i + 1) * per] for r in p] for i in range(len(runs))]


__all__ = ["Job", "jobs", "play_job", "play_runs"]
