"""Many bot-played games: the run streams its jobs, tallies as it goes, starts no
idle workers, stops cleanly on Ctrl-C, and its summary never depends on the
number of workers."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator

import pytest

import explorer.asylum.simulate as sim
from explorer.asylum.bots import get_bot
from explorer.asylum.game import AsylumGame
from explorer.asylum.overrides import override_rules
from explorer.asylum.simulate import SECTIONS, play_game, run_games
from explorer.cli import main
from explorer.core import runs
from explorer.core.engine import simulate
from explorer.core.runs import SimulationInterrupted, game_seed, plan
from explorer.core.tally import Tally, summarize


def test_the_tally_is_the_summary_of_the_results():
    """Gameplay overview: counting game by game gives the same summary as counting a list."""
    game = AsylumGame()
    policies = sim.policies_for("random", 3)
    results = [play_game(game, 3, game_seed("t", i), policies) for i in range(12)]
    tally = Tally(3, sections=SECTIONS)
    for r in results:
        tally.add(r)
    assert tally.summary() == summarize(results, 3, sections=SECTIONS) == run_games(12, "t", 3, "random")
    assert tally.summary()["games"] == 12 and not hasattr(tally, "results")


@pytest.mark.parametrize("games, workers", [(1, 4), (3, 8), (7, 2), (100, 3), (10**12, 2)])
def test_never_more_worker_processes_than_jobs(games, workers):
    """Gameplay overview: workers beyond the number of jobs would sit idle, so none start."""
    chunk, jobs, processes = plan(games, workers)
    assert jobs == -(-games // chunk) and 1 <= chunk <= runs.MAX_CHUNK
    assert processes == min(workers, jobs)


class FakePool:
    """Stands in for a process pool: plays the jobs in this process, one at a
    time as they are asked for, and remembers how it was used."""

    made: list[FakePool] = []

    def __init__(self, processes: int, interrupt_after: int | None = None):
        self.processes = processes
        self.interrupt_after = interrupt_after
        self.taken = 0
        FakePool.made.append(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def imap(self, fn, jobs):
        self.jobs = jobs
        pool = self

        class Results:
            def next(self, timeout=None):
                if pool.interrupt_after is not None and pool.taken == pool.interrupt_after:
                    os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C, as the terminal sends it
                    raise __import__("multiprocessing").TimeoutError
                pool.taken += 1
                return fn(next(jobs))

        return Results()


def test_jobs_are_streamed_and_no_idle_workers_start(monkeypatch):
    """Gameplay overview: a run hands out jobs one at a time; 3 games on 8 workers start 3 processes."""
    FakePool.made = []
    monkeypatch.setattr(runs, "make_pool", FakePool)
    assert run_games(3, seed=1, players=2, workers=8) == run_games(3, seed=1, players=2)
    assert [p.processes for p in FakePool.made] == [3]
    assert isinstance(FakePool.made[0].jobs, Iterator) and not isinstance(FakePool.made[0].jobs, (list, tuple))
    FakePool.made = []
    run_games(1, seed=1, players=2, workers=4)
    assert FakePool.made == []  # one job: played here, no process started


def test_a_huge_run_streams_and_stops_on_ctrl_c(monkeypatch):
    """Gameplay overview: 10**12 games need no memory up front; Ctrl-C keeps the games that finished."""
    FakePool.made = []
    monkeypatch.setattr(runs, "MAX_CHUNK", 5)  # small jobs keep the test quick
    monkeypatch.setattr(runs, "make_pool", lambda n: FakePool(n, interrupt_after=3))
    with pytest.raises(SimulationInterrupted) as info:
        run_games(10**12, seed=9, players=2, policy="random", workers=2)
    stop = info.value
    done = 3 * 5
    assert isinstance(stop, KeyboardInterrupt) and stop.requested == 10**12
    assert str(stop) == f"interrupted after {done} of {10**12} games"
    assert stop.summary == run_games(done, seed=9, players=2, policy="random")  # games 0 .. done-1
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # Ctrl-C is back to normal


def test_ctrl_c_without_workers_stops_between_games(monkeypatch):
    """Gameplay overview: a run in this process stops after the game in play, with its summary."""
    from explorer.core import simulation

    real = simulation.simulate
    played = []

    def play_and_interrupt(*args, **kwargs):
        played.append(1)
        if len(played) == 5:
            os.kill(os.getpid(), signal.SIGINT)
        return real(*args, **kwargs)

    monkeypatch.setattr(simulation, "simulate", play_and_interrupt)
    with pytest.raises(SimulationInterrupted) as info:
        run_games(1000, seed=3, players=3)
    assert info.value.summary["games"] == 5 == len(played)
    monkeypatch.setattr(simulation, "simulate", real)
    assert info.value.summary == run_games(5, seed=3, players=3)


def test_a_run_needs_at_least_one_game_and_one_worker():
    """Design principle 7: an empty run is refused, not summarised as means of 0.0."""
    with pytest.raises(ValueError, match="at least 1"):
        run_games(0)
    with pytest.raises(ValueError, match="at least 1"):
        run_games(5, workers=0)


def test_the_summary_is_byte_identical_for_any_number_of_workers(capsys):
    """Gameplay overview: game i is seeded 'S#i', so the printed summary never depends on --workers."""
    outs = {}
    for workers in (1, 2, 3):
        for fmt in ([], ["--json"]):
            argv = ["simulate", "asylum", "--games", "30", "--seed", "w", "--players", "3", "--policy",
                    "greedy,random,brawler", "--workers", str(workers), *fmt]
            assert main(argv) == 0
            outs.setdefault(bool(fmt), set()).add(capsys.readouterr().out)
    assert all(len(texts) == 1 for texts in outs.values())
    summary = json.loads(outs[True].pop())
    assert summary["games"] == 30 and "interrupted" not in summary
    assert outs[False].pop().startswith("Doom Asylum: 30 games, 3 players")


def test_an_ignored_ctrl_c_stays_ignored(monkeypatch):
    """Gameplay overview: a run started as a background job (SIGINT ignored) leaves that as it was."""
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        assert run_games(2, seed=1, players=2)["games"] == 2
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, old)


def test_the_summary_counts_one_win_as_one_win(capsys):
    """The simulate command's summary reads as a sentence: "1 win", "3 wins"."""
    from explorer.cli import main

    assert main(["simulate", "asylum", "--games", "6", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "  seat 0: 1 win (16.7%)" in out and "  seat 1: 3 wins (50.0%)" in out
    # the masterminds' wins under their own heading (the mastermind of the winning party)
    by_mastermind = out.split("  wins by the winner's mastermind:\n")[1]
    assert "    The Puppeteer: 3 wins" in by_mastermind and "    Doctor Cortex: 1 win\n" in by_mastermind


@pytest.mark.parametrize("rules", [None, {"defeated_villains_act": True, "flyers_block_melee": False}])
def test_a_game_played_without_events_ends_as_with_them(rules):
    """Conflicts: the fast runner, keeping no events, scores attacks without them
    (AsylumGame.next_state); the games end in the same states after the same steps,
    whichever runs first on the game's caches."""
    game = AsylumGame(rules=override_rules(rules)) if rules else AsylumGame()
    for i in range(8):
        bots = {p: get_bot("random" if (i + p) % 3 == 0 else "greedy") for p in range(4)}
        played = {keep: simulate(game, game.new_game(4), bots, f"e{i}", keep_events=keep)
                  for keep in ((True, False) if i % 2 else (False, True))}
        kept, fast = played[True], played[False]
        assert (fast.state, fast.result, fast.steps) == (kept.state, kept.result, kept.steps)
        assert kept.events and not fast.events
