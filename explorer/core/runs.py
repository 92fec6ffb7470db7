"""Many seeded games, summed up: the machinery every game's ``simulate`` shares.

Game ``i`` of a run seeded ``S`` is seeded ``"S#i"`` (:func:`game_seed`), never
from a worker, so the summary is the same however many worker processes play
and in whatever order.  A run streams: jobs (ranges of game indices) are made as
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

import signal
import sys
import threading
from collections.abc import Callable, Iterator
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
        job_args: tuple, workers: int = 1, max_chunk: int = MAX_CHUNK,
        pool_factory: Callable[[int], Any] | None = None, progress: bool = False) -> dict[str, Any]:
    """Play games ``0 .. games-1`` and return ``tally.summary()``.

    ``play_one(i)``: game ``i`` played here.  With ``workers > 1`` (and more than
    one job), jobs ``(start, stop, *job_args)`` go to ``play_range`` in up to that
    many processes made by ``pool_factory`` (default :func:`make_pool`).
    ``progress`` shows a tqdm bar on stderr.  Ctrl-C raises
    :class:`SimulationInterrupted` with the summary so far."""
    from tqdm.auto import tqdm

    chunk, _, processes = plan(games, workers, max_chunk)
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


__all__ = ["MAX_CHUNK", "SimulationInterrupted", "StopOnSigint", "chunks", "game_seed", "ignore_sigint",
           "make_pool", "plan", "play_in_pool", "run"]
