"""explorer.ui.running: a page's long run plays in the background in a kernel, its
button reading Stop, and ends early when asked; with no loop it plays at once."""

from __future__ import annotations

import asyncio
import threading
import time

import ipywidgets as W

from explorer.ui.running import Runner, Stopped
from explorer.ui.whatif import WhatIfLab


def runner() -> Runner:
    return Runner(W.Button(description="Run", icon="play", button_style="primary"), W.IntProgress(), W.HTML())


def test_in_a_kernel_the_work_plays_on_a_thread_and_the_page_stays_live():
    r, ended = runner(), []
    main = threading.current_thread()

    def work(report):
        assert threading.current_thread() is not main  # the kernel's loop is free meanwhile
        for k in (1, 2, 3):
            report(k, 3)
        return "played"

    async def page():
        r.start(work, "playing 3 games", ended.append, ended.append)
        assert r.running and (r.button.description, r.button.icon, r.button.button_style) == ("Stop", "stop", "warning")
        await r.task

    asyncio.run(page())
    assert ended == ["played"] and not r.running
    assert (r.button.description, r.button.icon, r.button.button_style) == ("Run", "play", "primary")
    assert r.bar.value == 3 and r.bar.layout.visibility == "hidden"


def test_between_reports_the_time_left_is_said_again_at_the_pace_so_far(monkeypatch):
    """A job that takes long: the time left is reckoned again as time passes (the pace
    so far falls while no game ends), not left as it was at the last report."""
    from explorer.ui import running

    monkeypatch.setattr(running, "TICK", 0.05)
    r, said = runner(), []
    r.status.observe(lambda ch: said.append(ch["new"]), names="value")

    def work(report):
        report(1, 10)
        report(2, 10)
        time.sleep(1.5)
        report(10, 10)
        return "played"

    async def page():
        r.start(work, "playing 10 games", said.append, said.append)
        await r.task

    asyncio.run(page())
    assert any("1 of 10 played, working out the time left" in s for s in said if isinstance(s, str))
    lefts = [s for s in said if isinstance(s, str) and "2 of 10 played, about" in s]
    assert len(set(lefts)) >= 2, lefts  # said again, and grown: "about 1 s left…", then more
    assert said[-1] == "played" and not r.running


def test_stop_ends_the_work_at_its_next_report():
    r, ended, reported = runner(), [], threading.Event()

    def work(report):
        for k in range(1, 1001):
            report(k, 1000)
            reported.set()
            time.sleep(0.005)
        return "all of them"

    async def page():
        r.start(work, "playing 1,000 games", ended.append, ended.append)
        while not reported.is_set():
            await asyncio.sleep(0.01)
        r.stop()
        assert r.button.disabled and "stopping" in r.status.value
        await r.task

    asyncio.run(page())
    assert len(ended) == 1 and isinstance(ended[0], Stopped) and 0 < ended[0].played < 1000
    assert not r.button.disabled and r.button.description == "Run"


def test_the_what_if_page_runs_in_the_background_and_stops_on_a_second_click():
    """In a kernel the page's Run returns at once and draws when the games are played; a
    click while they play stops them, nothing drawn, the last run's results kept."""
    lab = WhatIfLab(game="asylum", rule="maneuver_target", values="7, 9", games=20, scheduler="serial")

    async def run_then_stop():
        lab.run_button.click()
        assert lab.runner.running and lab.frame is None
        await lab.runner.task
        assert lab.frame["maneuver_target"].tolist() == [7, 9] and lab.status.value.startswith("done")
        first = lab.frame
        lab.games.value = 2000  # jobs of 50 games: a long run, stopped after its first
        lab.run_button.click()
        while lab.progress.value == 0:
            await asyncio.sleep(0.01)
        lab.rule.value = "turn_cap"  # the page answers meanwhile; the status line stays the run's
        assert "turn cap" in lab.note.value and " played" in lab.status.value
        lab.run_button.click()
        await lab.runner.task
        assert lab.frame is first

    asyncio.run(run_then_stop())
    assert "stopped after" in lab.status.value and "nothing drawn" in lab.status.value
    assert "still the last run's: maneuver target at 7, 9, 20 games" in lab.status.value


def test_choosing_another_game_stops_the_run_of_the_last():
    lab = WhatIfLab(game="asylum", rule="maneuver_target", values="7, 9", games=5000, scheduler="serial")

    async def run_then_choose():
        lab.run_button.click()
        while lab.progress.value == 0:
            await asyncio.sleep(0.01)
        lab.game.value = "victorian"
        await lab.runner.task

    asyncio.run(run_then_choose())
    assert lab.frame is None and lab.game.value == "victorian" and lab.rule.value in lab.params
    assert "stopped after" in lab.status.value and lab.run_button.description == "Run"


def test_fork_here_plays_in_the_background_and_a_step_stops_it():
    """"Fork here" in a kernel: the button reads Stop while the options are played on,
    the table comes when they are; a step while it plays stops it (its answer would be
    for a decision gone by), and nothing is shown."""
    from explorer.ui.doomtrooper.table import TableStepper

    table = TableStepper(seed=2, seat=0)
    widget, panel = table.stepper_widget, table.forking
    st = widget.stepper
    while st.decision is None or st.decision.forced or len(st.decision.options) < 2:
        st.step()
    widget.refresh()
    panel.games.value = 10

    async def fork_then_step():
        panel.button.click()
        assert panel.runner.running and panel.button.description == "Stop"
        await panel.runner.task
        assert "xp-fork-table" in panel.view.value and panel.status.value == ""
        panel.games.value = 2000
        panel.button.click()
        while panel.runner.bar.value == 0:
            await asyncio.sleep(0.01)
        widget.undo_button.click()  # a step back: the fork stops
        await panel.runner.task

    asyncio.run(fork_then_step())
    assert panel.view.value == "" and panel.status.value == "" and panel.button.description == "Fork here"
