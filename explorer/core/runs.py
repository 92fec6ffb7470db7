"""Runs of many seeded games, for any game: the seeding rule, worker processes,
streaming tallies and Ctrl-C.

Game ``i`` of a run seeded ``S`` is seeded ``"S#i"`` (:func:`game_seed`), never
from a worker, so every game is the same whatever order the games are played in
and however many processes play them; a summary is identical for the same
arguments on every run.  A run streams: jobs are made as the workers take them
and results are tallied game by game (a ``tally`` has ``add(result)`` and
``summary()``), so a run of 10**12 games needs no more memory than one of ten.
Ctrl-C (SIGINT) stops a run after the game in play: :class:`SimulationInterrupted`
carries the summary of the games that finished, always games ``0 .. k-1``.

A game's ``simulate`` module supplies how to play one game (``play_one(i)``),
how to describe a job for a worker (``job(start, stop)``, picklable) and a
top-level function that plays one (``play_range(job)``, a list of results).

>>> class Count:
...     def __init__(self): self.n = 0
...     def add(self, r): self.n += r
...     def summary(self): return {"total": self.n}
>>> run(5, play_one=lambda i: i, tally=Count())
{'total': 10}
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any, Protocol

MAX_CHUNK = 250  # games per job handed to a worker process


class Tally(Protocol):
    def add(self, result: Any) -> None: ...

    def summary(self) -> dict[str, Any]: ...


def game_seed(seed: int | str, index: int) -> str:
    """The seed of game ``index`` in a run seeded ``seed``."""
    return f"{seed}#{index}"


class SimulationInterrupted(KeyboardInterrupt):
    """A run stopped by Ctrl-C: ``summary`` of the games that finished (games
    ``0 .. k-1``), out of ``requested``."""

    def __init__(self, summary: dict[str, Any], requested: int):
        self.summary = summary
        self.requested = requested
        super().__init__(f"interrupted after {summary['games']} of {requested} games")


def plan(games: int, workers: int) -> tuple[int, int, int]:
    """``(chunk, jobs, processes)``: games per job, how many jobs, and how many
    worker processes to start (never more than there are jobs)."""
    chunk = max(1, min(MAX_CHUNK, games // (workers * 4)))
    jobs = -(-games // chunk)
    return chunk, jobs, max(1, min(workers, jobs))


def _ignore_sigint() -> None:
    """Worker processes leave Ctrl-C to the parent, which stops the run."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _make_pool(processes: int):
    import multiprocessing

    ctx = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    return ctx.Pool(processes, initializer=_ignore_sigint)


class StopOnSigint:
    """While active (main thread only), Ctrl-C sets ``requested`` instead of
    raising ``KeyboardInterrupt`` mid-game, so the run stops between games."""

    def __init__(self) -> None:
        self.requested = False
        self._old: Any = None
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


def run(games: int, *, play_one: Callable[[int], Any], tally: Tally, workers: int = 1,
        job: Callable[[int, int], Any] | None = None, play_range: Callable[[Any], list] | None = None,
        progress: bool = False) -> dict[str, Any]:
    """Play games ``0 .. games-1`` and return ``tally.summary()``.

    Serially, ``play_one(i)`` plays game ``i``.  With ``workers > 1`` (and
    ``job``/``play_range`` given), jobs of consecutive games go to up to that many
    processes and their results are added in game order: the summary is the same
    for any number of workers.  ``progress`` shows a tqdm bar on stderr.  Ctrl-C
    raises :class:`SimulationInterrupted` with the summary so far."""
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games}")
    if workers < 1:
        raise ValueError(f"the number of workers must be at least 1, not {workers}")
    chunk, _, processes = plan(games, workers)
    if processes > 1 and (job is None or play_range is None):
        processes = 1
    from tqdm.auto import tqdm

    with StopOnSigint() as stop:
        bar = tqdm(total=games, desc="games", unit="game", file=sys.stderr, disable=not progress, leave=False)
        done = 0
        try:
            if processes > 1:
                jobs = (job(start, min(games, start + chunk)) for start in range(0, games, chunk))
                done = _play_in_pool(processes, play_range, jobs, tally, bar, stop)
            else:
                for i in range(games):
                    if stop.requested:
                        break
                    tally.add(play_one(i))
                    done += 1
                    bar.update(1)
        finally:
            bar.close()
    if stop.requested and done < games:
        raise SimulationInterrupted(tally.summary(), games)
    return tally.summary()


def _play_in_pool(processes: int, play_range, jobs: Iterator[Any], tally: Tally, bar, stop: StopOnSigint) -> int:
    """Feed ``jobs`` to a pool as it asks for them; add the results in game order,
    looking at ``stop`` several times a second.  Returns the games added."""
    import multiprocessing

    done = 0
    with _make_pool(processes) as pool:
        results = pool.imap(play_range, jobs)
        while not stop.requested:
            try:
                part = results.next(timeout=0.2)
            except multiprocessing.TimeoutError:
                continue
            except StopIteration:
                break
            for r in part:
                tally.add(r)
            done += len(part)
            bar.update(len(part))
    return done


__all__ = ["MAX_CHUNK", "SimulationInterrupted", "StopOnSigint", "Tally", "game_seed", "plan", "run"]
