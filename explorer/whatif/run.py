"""Playing many seeded games of a variant: serially, on a local process pool, or on
a Dask cluster, with the same numbers to the last digit whichever is used.

Game ``i`` of a run seeded ``S`` is seeded ``"S#i"`` whatever the variant, the
point of a sweep or the worker: variants are compared on the very same dice
(paired), and a worker's identity never enters a result.  Games are played in
chunks; each chunk returns its games' metric values in order, and the chunks are
put back in order, so the records are identical for any scheduler and any number
of workers.

``scheduler``: ``None`` (a local process pool on every core), ``"serial"`` (this
process), a :class:`dask.distributed.Client`, or a scheduler address such as
``"tcp://10.0.0.5:8786"``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from ..games import part

CHUNK = 50  # games per job: big enough to hide the cost of a job, small enough to spread


class Job(NamedTuple):
    """Games ``start`` to ``stop - 1`` of one variant: what a worker is given."""

    game: str
    overrides: tuple[tuple[str, Any], ...]
    settings: tuple[tuple[str, Any], ...]
    seed: str
    start: int
    stop: int


def game_seed(seed: int | str, index: int) -> str:
    """The seed of game ``index`` of a run seeded ``seed`` (the simulate command's rule)."""
    return f"{seed}#{index}"


def play_job(job: Job) -> list[dict[str, float]]:
    """Play a job's games (in a worker or here): each game's metric values, in order."""
    metrics = part(job.game, "metrics")
    game = metrics.game_for(dict(job.overrides))
    settings = dict(job.settings)
    return [metrics.play(game, game_seed(job.seed, i), **settings) for i in range(job.start, job.stop)]


def play_job_rows(job: Job) -> tuple[tuple[str, ...], list[tuple[float, ...]]]:
    """:func:`play_job` packed for the wire: the metric names once, then each game's
    values in that order (a Dask task's result crosses the network)."""
    games = play_job(job)
    keys = tuple(games[0]) if games else ()
    return keys, [tuple(g[k] for k in keys) for g in games]


def jobs(game: str, overrides: Mapping[str, Any], settings: Mapping[str, Any], seed: int | str,
         games: int, chunk: int = CHUNK) -> list[Job]:
    o, s = tuple(sorted(overrides.items())), tuple(sorted(settings.items()))
    return [Job(game, o, s, str(seed), i, min(games, i + chunk)) for i in range(0, games, chunk)]


def run(batch: Sequence[Job], scheduler: Any = None, progress: bool = True,
        done: Callable[[int, list[dict[str, float]]], None] | None = None) -> list[list[dict[str, float]]]:
    """Play every job; the results in the order of ``batch``.  ``done(i, result)`` is
    called as each job finishes (in any order), for writing partial results."""
    from tqdm.auto import tqdm

    total = sum(j.stop - j.start for j in batch)
    bar = tqdm(total=total, desc="games", unit="game", disable=not progress, leave=False)
    results: list[list[dict[str, float]] | None] = [None] * len(batch)
    try:
        for i, result in _execute(batch, scheduler):
            results[i] = result
            bar.update(len(result))
            if done is not None:
                done(i, result)
    finally:
        bar.close()
    return results  # type: ignore[return-value]


def _execute(batch: Sequence[Job], scheduler: Any) -> Iterator[tuple[int, list[dict[str, float]]]]:
    if not batch:
        return
    if scheduler == "serial" or (scheduler is None and (os.cpu_count() or 1) == 1) or len(batch) == 1 \
            and scheduler is None:
        for i, job in enumerate(batch):
            yield i, play_job(job)
        return
    if scheduler is None:
        yield from _pool(batch)
        return
    yield from _dask(batch, scheduler)


def _pool(batch: Sequence[Job]) -> Iterator[tuple[int, list[dict[str, float]]]]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    workers = min(len(batch), os.cpu_count() or 1)
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = {pool.submit(play_job, job): i for i, job in enumerate(batch)}
        try:
            for future in as_completed(futures):
                yield futures[future], future.result()
        except BaseException:
            for future in futures:
                future.cancel()
            raise


#: consecutive jobs of one variant a Dask task plays together: a task costs the scheduler
#: more than a pool job costs its executor, so Dask gets fewer, larger tasks
DASK_GROUP = 5


def _groups(batch: Sequence[Job], size: int) -> list[list[int]]:
    """Indices of ``batch`` in runs of at most ``size`` consecutive jobs of one variant
    (same game, rules, settings and seed, each job starting where the last stopped)."""
    groups: list[list[int]] = []
    for i, job in enumerate(batch):
        last = groups[-1] if groups else None
        if last and len(last) < size and batch[last[-1]][:4] == job[:4] and batch[last[-1]].stop == job.start:
            last.append(i)
        else:
            groups.append([i])
    return groups


def _dask(batch: Sequence[Job], scheduler: Any) -> Iterator[tuple[int, list[dict[str, float]]]]:
    try:
        from dask.distributed import Client, as_completed
    except ImportError:  # pragma: no cover - dask is a declared dependency
        raise ValueError("a Dask scheduler needs dask.distributed (pip install 'dask[distributed]')") from None
    own = None
    if isinstance(scheduler, str):
        if not scheduler.startswith(("tcp://", "tls://", "inproc://", "ucx://")):
            raise ValueError(f"unknown scheduler {scheduler!r}: use None (a local pool), 'serial', a "
                             "dask.distributed.Client or an address such as 'tcp://host:8786'")
        try:
            own = client = Client(scheduler, timeout="10s")
        except OSError as exc:
            raise ValueError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    elif isinstance(scheduler, Client):
        client = scheduler
    else:
        raise ValueError(f"unknown scheduler {scheduler!r}: use None (a local pool), 'serial', a "
                         "dask.distributed.Client or an address such as 'tcp://host:8786'")
    try:
        groups = _groups(batch, DASK_GROUP)
        merged = [job._replace(stop=batch[ids[-1]].stop) for job, ids in ((batch[g[0]], g) for g in groups)]
        futures = client.map(play_job_rows, merged, pure=False)
        index = {f.key: g for f, g in zip(futures, groups)}
        try:
            for future in as_completed(futures):
                keys, rows = future.result()
                games = [dict(zip(keys, row)) for row in rows]
                for i in index[future.key]:  # back into the jobs asked for, in order
                    n = batch[i].stop - batch[i].start
                    yield i, games[:n]
                    games = games[n:]
        except BaseException:
            client.cancel(futures)
            raise
    finally:
        if own is not None:
            own.close()


__all__ = ["CHUNK", "Job", "game_seed", "jobs", "play_job", "run"]
