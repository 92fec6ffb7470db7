"""Timing helpers shared by the bench scripts (run by hand, not by the tests)."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(fn: Callable[[int], object], repeat: int, setup: Callable[[], object] | None = None) -> float:
    """The fastest of ``repeat`` runs of ``fn(i)`` in seconds; ``setup()`` runs
    untimed before each (e.g. clearing a cache for a cold measurement)."""
    times = []
    for i in range(repeat):
        if setup:
            setup()
        t = time.perf_counter()
        fn(i)
        times.append(time.perf_counter() - t)
    return min(times)


def report(rows: list[tuple[str, float, float | None]], digits: int = 3) -> None:
    """Print ``(name, seconds, target seconds or None)`` rows as milliseconds with a verdict."""
    width = max(len(r[0]) for r in rows)
    for name, secs, target in rows:
        verdict = "" if target is None else ("  ok" if secs < target else "  SLOW") + f" (target {target * 1e3:g} ms)"
        print(f"{name:<{width}}  {secs * 1e3:9.{digits}f} ms{verdict}")
