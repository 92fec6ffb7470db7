"""Many seeded games: the one runner of ``simulate``, the what-if layer and the benches.

Game ``i`` of a run seeded ``S`` is seeded ``"S#i"`` (:func:`game_seed`), never
from a worker, so the results are the same however many worker processes play
and in whatever order.

Two ways to run:

* :func:`run` streams a run of one setup into a *tally* (``simulate``);
* :func:`run_jobs` plays a batch of jobs (ranges of games of any number of
  setups) serially, on a local process pool or on a Dask cluster, and returns
  each job's results in the order of the batch (the what-if layer).

:func:`run` streams: jobs (ranges of game indices) are made as
the pool asks for them and results are added to a *tally* game by game, so a run
of 10**12 games needs no more memory than one of ten.  Ctrl-C (SIGINT) stops a
run between games: :class:`SimulationInterrupted` carries the summary of the
games that finished, always games ``0 .. k-1``.

A game plugs in with a tally (any object with ``add(result)``, ``games`` and
``summary()``), a function playing game ``i`` here, and a picklable function
playing a job ``(start, stop, *job_args)`` in a worker process:

>>> class Count:
...     def __init__(self): self.games, self.total = 0, 0
...     def add(self, r): self.games += 1; self.total += r
...     def summary(self): return {"games": self.games, "total": self.total}
>>> run(5, Count(), play_one=lambda i: i, play_range=None, job_args=())
{'games': 5, 'total': 10}
"""

from __future__ import annotations

import functools
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

#: Games per job handed to a worker process, at most.
MAX_CHUNK = 250


def game_seed(seed: int | str, index: int) -> str:
    """The seed of game ``index`` in a run seeded ``seed``."""
    return f"{seed}#{index}"


class SimulationInterrupted(KeyboardInterrupt):
    """A run stopped by Ctrl-C: ``summary`` of the games that finished (games
    ``0 .. k-1``), out of ``requested``.  A ``KeyboardInterrupt``, so code that
    does not expect it stops as on any Ctrl-C."""

    def __init__(self, summary: dict[str, Any], requested: int):
        self.summary = summary
        self.requested = requested
        super().__init__(f"interrupted after {summary['games']} of {requested} games")


def plan(games: int, workers: int, max_chunk: int = MAX_CHUNK) -> tuple[int, int, int]:
    """``(chunk, jobs, processes)``: games per job, how many jobs, and how many
    worker processes to start (never more than there are jobs)."""
    chunk = max(1, min(max_chunk, games // (workers * 4)))
    jobs = -(-games // chunk)
    return chunk, jobs, max(1, min(workers, jobs))


def chunks(games: int, chunk: int, *job_args: Any) -> Iterator[tuple]:
    """The jobs of a run, ``(start, stop, *job_args)``, made one at a time as the pool asks."""
    for start in range(0, games, chunk):
        yield (start, min(games, start + chunk), *job_args)


def ignore_sigint() -> None:
    """Worker processes leave Ctrl-C to the parent, which stops the run."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def make_pool(processes: int):
    """A process pool whose workers ignore Ctrl-C (forked where the platform can)."""
    import multiprocessing

    ctx = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    return ctx.Pool(processes, initializer=ignore_sigint)


class StopOnSigint:
    """While active (main thread only), Ctrl-C sets ``requested`` instead of
    raising ``KeyboardInterrupt`` mid-game, so the run stops between games."""

    def __init__(self) -> None:
        self.requested = False
        self._old: Any = None
        # only the main thread may set handlers; an ignored SIGINT (a background job) stays ignored
        self._active = (threading.current_thread() is threading.main_thread()
                        and signal.getsignal(signal.SIGINT) is not signal.SIG_IGN)

    def _handle(self, signum, frame) -> None:
        self.requested = True

    def __enter__(self) -> StopOnSigint:
        if self._active:
            self._old = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *exc) -> None:
        if self._active:
            signal.signal(signal.SIGINT, self._old if self._old is not None else signal.default_int_handler)


def play_in_pool(pool_factory: Callable[[int], Any], processes: int, play_range: Callable[[tuple], list],
                 jobs: Iterator[tuple], tally: Any, bar: Any, stop: StopOnSigint) -> None:
    """Feed ``jobs`` to a pool as it asks for them; add the results in game order,
    looking at ``stop`` several times a second."""
    import multiprocessing

    with pool_factory(processes) as pool:
        results = pool.imap(play_range, jobs)
        while not stop.requested:
            try:
                part = results.next(timeout=0.2)
            except multiprocessing.TimeoutError:
                continue
            except StopIteration:
                return
            for r in part:
                tally.add(r)
            bar.update(len(part))


def run(games: int, tally: Any, *, play_one: Callable[[int], Any], play_range: Callable[[tuple], list] | None,
        job_args: tuple, workers: int = 1, max_chunk: int | None = None,
        pool_factory: Callable[[int], Any] | None = None, progress: bool = False) -> dict[str, Any]:
    """Play games ``0 .. games-1`` and return ``tally.summary()``.

    ``play_one(i)``: game ``i`` played here.  With ``workers > 1`` (and more than
    one job), jobs ``(start, stop, *job_args)`` go to ``play_range`` in up to that
    many processes made by ``pool_factory`` (default :func:`make_pool`), at
    most ``max_chunk`` games a job (default :data:`MAX_CHUNK`).
    ``progress`` shows a tqdm bar on stderr.  Ctrl-C raises
    :class:`SimulationInterrupted` with the summary so far."""
    from tqdm.auto import tqdm

    chunk, _, processes = plan(games, workers, max_chunk or MAX_CHUNK)
    with StopOnSigint() as stop:
        bar = tqdm(total=games, desc="games", unit="game", file=sys.stderr, disable=not progress, leave=False)
        try:
            if processes > 1:
                play_in_pool(pool_factory or make_pool, processes, play_range, chunks(games, chunk, *job_args),
                             tally, bar, stop)
            else:
                for i in range(games):
                    if stop.requested:
                        break
                    tally.add(play_one(i))
                    bar.update(1)
        finally:
            bar.close()
    if stop.requested and tally.games < games:
        raise SimulationInterrupted(tally.summary(), games)
    return tally.summary()


# -- a batch of jobs, on any scheduler --------------------------------------------------------------

#: games per job of a batch: big enough to hide the cost of a job, small enough to spread
CHUNK = 50

#: consecutive jobs of one setup a Dask task plays together: a task costs the scheduler
#: more than a pool job costs its executor, so Dask gets fewer, larger tasks
DASK_GROUP = 5


def run_jobs(batch: Sequence[Any], play: Callable[[Any], list], scheduler: Any = None,
             progress: bool | Callable[[int, int], None] = True,
             done: Callable[[int, list], None] | None = None) -> list[list]:
    """Play every job of ``batch`` with ``play(job)`` (a picklable function giving
    the job's games' results in order; for Dask, each a dict of numbers); the
    results in the order of ``batch``.

    A job is a named tuple with ``start`` and ``stop`` (its games) whose other
    fields say what to play.  ``scheduler``: ``None`` (a local process pool on
    every core), ``"serial"`` (this process), a :class:`dask.distributed.Client`,
    or a scheduler address such as ``"tcp://10.0.0.5:8786"``; the results do not
    depend on it.  ``done(i, result)`` is called as each job finishes (in any
    order), for writing partial results.  ``progress``: a tqdm bar (``True``), none,
    or a function told ``(games played, games in all)`` as each job finishes (a
    page's own bar)."""
    from tqdm.auto import tqdm

    total = sum(j.stop - j.start for j in batch)
    tell = progress if callable(progress) else None
    bar = tqdm(total=total, desc="games", unit="game", disable=tell is not None or not progress, leave=False)
    results: list[list | None] = [None] * len(batch)
    played = 0
    try:
        for i, result in _execute(batch, play, scheduler):
            results[i] = result
            bar.update(len(result))
            played += len(result)
            if done is not None:
                done(i, result)
            if tell is not None:
                tell(played, total)
    finally:
        bar.close()
    return results  # type: ignore[return-value]


def _execute(batch: Sequence[Any], play: Callable[[Any], list], scheduler: Any) -> Iterator[tuple[int, list]]:
    if not batch:
        return
    if scheduler == "serial" or scheduler is None and ((os.cpu_count() or 1) == 1 or len(batch) == 1):
        for i, job in enumerate(batch):
            yield i, play(job)
        return
    if scheduler is None:
        yield from _pool(batch, play)
        return
    yield from _dask(batch, play, scheduler)


def _pool(batch: Sequence[Any], play: Callable[[Any], list]) -> Iterator[tuple[int, list]]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    workers = min(len(batch), os.cpu_count() or 1)
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = {pool.submit(play, job): i for i, job in enumerate(batch)}
        try:
            for future in as_completed(futures):
                yield futures[future], future.result()
        except BaseException:  # (Ctrl-C, a page's Stop, a job's error): the jobs being played end too
            for future in futures:
                future.cancel()
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
            raise


def _groups(batch: Sequence[Any], size: int) -> list[list[int]]:
    """Indices of ``batch`` in runs of at most ``size`` consecutive jobs of one setup
    (every field but the games alike, each job starting where the last stopped)."""
    groups: list[list[int]] = []
    for i, job in enumerate(batch):
        last = groups[-1] if groups else None
        if last and len(last) < size and batch[last[-1]].stop == job.start \
                and batch[last[-1]]._replace(start=0, stop=0) == job._replace(start=0, stop=0):
            last.append(i)
        else:
            groups.append([i])
    return groups


def _rows(play: Callable[[Any], list], job: Any) -> tuple[tuple[str, ...], list[tuple]]:
    """``play(job)``'s dicts packed for the wire: the keys once, then each game's
    values in that order (a Dask task's result crosses the network)."""
    games = play(job)
    keys = tuple(games[0]) if games else ()
    return keys, [tuple(g[k] for k in keys) for g in games]


def _client(scheduler: Any) -> tuple[Any, bool]:
    """The Dask client for ``scheduler``, and whether it is ours to close."""
    try:
        from dask.distributed import Client
    except ImportError:  # pragma: no cover - dask is a declared dependency
        raise ValueError("a Dask scheduler needs dask.distributed (pip install 'dask[distributed]')") from None
    unknown = (f"unknown scheduler {scheduler!r}: use None (a local pool), 'serial', a "
               "dask.distributed.Client or an address such as 'tcp://host:8786'")
    if isinstance(scheduler, Client):
        return scheduler, False
    if not isinstance(scheduler, str) or not scheduler.startswith(("tcp://", "tls://", "inproc://", "ucx://")):
        raise ValueError(unknown)
    try:
        return Client(scheduler, timeout="10s"), True
    except OSError as exc:
        raise ValueError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None


def _dask(batch: Sequence[Any], play: Callable[[Any], list], scheduler: Any) -> Iterator[tuple[int, list]]:
    from dask.distributed import as_completed

    client, own = _client(scheduler)
    try:
        groups = _groups(batch, DASK_GROUP)
        merged = [batch[g[0]]._replace(stop=batch[g[-1]].stop) for g in groups]
        futures = client.map(functools.partial(_rows, play), merged, pure=False)
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
        if own:
            client.close()


__all__ = ["CHUNK", "DASK_GROUP", "MAX_CHUNK", "SimulationInterrupted", "StopOnSigint", "chunks", "game_seed",
           "ignore_sigint", "make_pool", "plan", "play_in_pool", "run", "run_jobs"]
