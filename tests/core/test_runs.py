"""explorer.core.runs: the game-neutral machinery of many seeded games."""

from __future__ import annotations

import os
import signal
from typing import NamedTuple

import pytest

from explorer.core import runs


class Count:
    def __init__(self):
        self.games, self.seen = 0, []

    def add(self, r):
        self.games += 1
        self.seen.append(r)

    def summary(self):
        return {"games": self.games, "seen": list(self.seen)}


def play_range(args):
    start, stop, k = args
    return [i * k for i in range(start, stop)]


def test_game_seeds_and_plans():
    """Game i of a run seeded S is 'S#i'; never more processes than jobs."""
    assert runs.game_seed("S", 3) == "S#3" and runs.game_seed(7, 0) == "7#0"
    assert runs.plan(3, 8) == (1, 3, 3)
    chunk, jobs, procs = runs.plan(10**12, 2)
    assert chunk == runs.MAX_CHUNK and procs == 2
    assert list(runs.chunks(5, 2, "x")) == [(0, 2, "x"), (2, 4, "x"), (4, 5, "x")]


def test_a_run_here_and_in_workers_gives_the_same_summary():
    """The results are added in game order whatever the workers."""
    here = runs.run(9, Count(), play_one=lambda i: i * 3, play_range=play_range, job_args=(3,))
    there = runs.run(9, Count(), play_one=lambda i: i * 3, play_range=play_range, job_args=(3,), workers=3)
    assert here == there == {"games": 9, "seen": [i * 3 for i in range(9)]}


def test_ctrl_c_stops_between_games_with_the_summary_so_far():
    """Ctrl-C raises SimulationInterrupted (a KeyboardInterrupt) carrying the finished games 0 .. k-1."""
    def play(i):
        if i == 4:
            os.kill(os.getpid(), signal.SIGINT)
        return i

    with pytest.raises(runs.SimulationInterrupted) as info:
        runs.run(100, Count(), play_one=play, play_range=None, job_args=())
    assert info.value.summary["seen"] == [0, 1, 2, 3, 4] and info.value.requested == 100
    assert isinstance(info.value, KeyboardInterrupt)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


class Job(NamedTuple):
    k: int
    start: int
    stop: int


def play_job(job: Job) -> list[dict[str, float]]:
    return [{"value": float(i * job.k)} for i in range(job.start, job.stop)]


def test_a_batch_gives_the_same_results_serially_and_on_a_pool():
    """run_jobs: each job's results in the order of the batch, whatever the scheduler."""
    batch = [Job(k, s, s + 3) for k in (1, 2) for s in (0, 3, 6)]
    serial = runs.run_jobs(batch, play_job, "serial", progress=False)
    assert serial == [play_job(j) for j in batch]
    assert runs.run_jobs(batch, play_job, None, progress=False) == serial
    finished = []
    runs.run_jobs(batch, play_job, "serial", progress=False, done=lambda i, r: finished.append(i))
    assert sorted(finished) == list(range(len(batch)))
    with pytest.raises(ValueError, match="unknown scheduler"):
        runs.run_jobs(batch, play_job, "somewhere", progress=False)


def test_a_page_is_told_the_games_played_as_each_job_finishes():
    """run_jobs(progress=f): f(games played, games in all) after every job, on any
    scheduler, the last call saying all of them; no tqdm bar besides."""
    batch = [Job(k, s, s + 3) for k in (1, 2) for s in (0, 3, 6)]
    for scheduler in ("serial", None):
        told = []
        results = runs.run_jobs(batch, play_job, scheduler, progress=lambda k, n: told.append((k, n)))
        assert results == [play_job(j) for j in batch]
        assert told == [(3 * i, 18) for i in range(1, 7)]


def refuse_job(job: Job) -> list[dict[str, float]]:
    from explorer.core.data import DataError

    raise DataError("rules.toml", "numbers", "deck_minimum", f"job {job.k}: a deck must hold more")


def test_a_data_error_in_a_worker_reaches_the_run_as_itself():
    """A data file found wrong while a worker plays (a deck a rule now refuses, say) is said
    with its file, entry and field, as it is when played here, not as a broken pool."""
    from explorer.core.data import DataError

    for where in ("serial", None):
        with pytest.raises(DataError, match="deck_minimum") as caught:
            runs.run_jobs([Job(1, 0, 2), Job(2, 2, 4)], refuse_job, where, progress=False)
        assert (caught.value.file, caught.value.entry, caught.value.field) == ("rules.toml", "numbers", "deck_minimum")


def test_dask_tasks_group_consecutive_jobs_of_one_setup():
    batch = [Job(1, 0, 3), Job(1, 3, 6), Job(2, 0, 3), Job(1, 6, 9), Job(1, 9, 12)]
    assert runs._groups(batch, 5) == [[0, 1], [2], [3, 4]]
    assert runs._groups(batch[:2], 1) == [[0], [1]]


def sleep_job(job: Job) -> list[int]:
    import time

    time.sleep(0.1 if job.start == 0 else 60)
    return list(range(job.start, job.stop))


def test_a_run_stopped_early_does_not_wait_for_the_jobs_being_played():
    """A page's Stop (an exception from the progress report) ends the jobs on the pool's
    workers at once instead of waiting for them to finish."""
    import time

    class Stop(Exception):
        pass

    def stop(played, total):
        raise Stop

    batch = [Job(1, s, s + 1) for s in range(4)]
    started = time.perf_counter()
    with pytest.raises(Stop):
        runs.run_jobs(batch, sleep_job, None, progress=stop)
    assert time.perf_counter() - started < 20
