"""A page's Run button for work that may take minutes (thousands of games, or games of
search bots): the page stays live while it plays, its bar and status line move as the
work reports, and the button reads Stop until it ends.

In a kernel (a running asyncio loop) the work plays on a thread and the page's widgets
are only touched on the kernel's own loop; Stop ends the work at its next report, and
a process pool's workers with it.  With no loop running (a test, a script, a doctest)
the work plays at once, as a plain call, and the page is drawn before the click returns.

>>> import ipywidgets as W
>>> runner = Runner(W.Button(description="Run"), W.IntProgress(), W.HTML())
>>> runner.start(lambda report: report(3, 3) or "played", "playing 3 games", print, print)
played
>>> runner.status.value, runner.running
('<i>playing 3 games: 3 of 3 played</i>', False)
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from ..core.numbers import duration_text

#: a report of progress: games played, games in all
Report = Callable[[int, int], None]
#: seconds between two sayings of the time left while no job ends
TICK = 2.0


class Stopped(Exception):
    """A run ended by its page's Stop button (at its next report of progress)."""

    def __init__(self, played: int, total: int):
        super().__init__(f"stopped after {played:,} of {total:,} games")
        self.played, self.total = played, total


class Runner:
    """Plays ``work(report)`` for a page, its Run ``button`` reading Stop meanwhile,
    ``bar`` and ``status`` moved by each ``report(played, total)`` (with the time left
    at the pace so far), then ``done(result)`` or ``failed(exception)`` (a
    :class:`Stopped` when the button stopped it).  A click while it plays is
    :meth:`stop`; the page routes its button's clicks here."""

    def __init__(self, button: W.Button, bar: W.IntProgress, status: W.HTML):
        self.button, self.bar, self.status = button, bar, status
        self.task: asyncio.Future | None = None
        self._stop = threading.Event()
        self._idle = (button.description, button.icon, button.button_style)

    @property
    def running(self) -> bool:
        return self.task is not None and not self.task.done()

    def stop(self) -> None:
        """Ask the work to end at its next report (nothing it played is drawn)."""
        self._stop.set()
        self.button.disabled = True  # until it has stopped
        self.status.value = "<i>stopping after the games being played…</i>"

    def start(self, work: Callable[[Report], Any], what: str, done: Callable[[Any], None],
              failed: Callable[[Exception], None], background: bool = True) -> None:
        """Play ``work`` (``what``: the status line's words for it, "playing 200 games at
        each of 3 values"): in the background when asked and a loop runs, else at once."""
        self._stop.clear()
        self.status.value = f"<i>{what}…</i>"
        self.bar.max, self.bar.value = 1, 0
        self.bar.layout.visibility = "visible"
        started = time.perf_counter()
        try:
            loop = asyncio.get_running_loop() if background else None
        except RuntimeError:
            loop = None

        last = [0, 0, 0]  # the last report, and how many came: between reports the time left is said again

        def shown(k: int, total: int, fresh: bool = True) -> None:  # the bar, and the time left at the pace so far
            last[:] = [k, total, last[2] + fresh]
            self.bar.max, self.bar.value = total, k
            if k >= total:
                rest = ""
            elif last[2] < 2:  # on a pool the first job ends with the others half played: its pace would mislead
                rest = ", working out the time left…"
            else:
                rest = f", about {duration_text((time.perf_counter() - started) * (total - k) / k)} left…"
            self.status.value = f"<i>{what}: {k:,} of {total:,} played{rest}</i>"

        def report(k: int, total: int) -> None:  # on the work's thread
            if self._stop.is_set():
                raise Stopped(k, total)
            if loop is None:
                shown(k, total)
            else:
                loop.call_soon_threadsafe(shown, k, total)

        if loop is None:
            try:
                result = work(report)
            except Exception as exc:  # (a refusal the page words: ValueError, LookupError)
                return failed(exc)
            else:
                return done(result)
            finally:  # (Ctrl-C too)
                self._ended()
        self.button.description, self.button.icon, self.button.button_style = "Stop", "stop", "warning"
        self.task = asyncio.ensure_future(self._background(loop, work, report, done, failed))

        def tick() -> None:  # a long job on the way: the pace so far falls, and the time left grows, as it waits
            if self.running and not self._stop.is_set():
                if last[0]:
                    shown(last[0], last[1], fresh=False)
                loop.call_later(TICK, tick)

        loop.call_later(TICK, tick)

    async def _background(self, loop, work, report, done, failed) -> None:
        try:
            result = await loop.run_in_executor(None, work, report)
        except Exception as exc:
            self._ended()
            failed(exc)
        else:
            self._ended()
            done(result)

    def _ended(self) -> None:
        self.bar.layout.visibility = "hidden"
        self.button.description, self.button.icon, self.button.button_style = self._idle
        self.button.disabled = False


__all__ = ["Report", "Runner", "Stopped", "TICK"]
