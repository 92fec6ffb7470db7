"""Speed of the app as a visitor meets it (run by hand: ``python bench/bench_app.py``).

Starts ``python -m explorer app``'s server (pre-heated kernels), opens every page in
Debian's Chromium and reports the seconds from opening to a usable page (its widgets
shown and its figures drawn; target 3 s), then moves a slider of the combat odds
page and reports the milliseconds until the page shows the new table and the
redrawn heatmap (a round trip through the kernel and plotly.js).  Each page is
opened once its pool has a warm kernel again, as the browser tests do; a page not
ready in two minutes is reported as such.  Last, a visitor leaves the what-if page
and comes back at once: the second visit waits for a fresh kernel to run the page
(the server keeps one pre-heated kernel per page; the app's default is two).
"""

from __future__ import annotations

import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]  # this checkout's app, whichever copy is installed

import conftest  # noqa: E402  (the browser tests' server and browser settings)
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from test_app_in_browser import PAGES, READY  # noqa: E402

from explorer.cli import app_command, app_env, free_port  # noqa: E402

TARGET = 3.0
MOVES = 10
#: seconds after which a page counts as not ready
WAIT = 120
WHAT_IF = "designer/what_if.ipynb"


def main() -> None:
    from playwright.sync_api import sync_playwright

    port = free_port()
    log = Path("/tmp") / f"bench_app_voila_{port}.log"
    proc = subprocess.Popen(app_command(port, pool=1), stdout=log.open("w"), stderr=subprocess.STDOUT,
                            cwd=ROOT, env=app_env())
    base = f"http://127.0.0.1:{port}"
    try:
        print(f"serving {app_command(port)[3]}")
        started = time.perf_counter()
        listening(port, proc)
        conftest._wait_until_warm(proc, str(log))
        print(f"pre-heated kernels ready in {time.perf_counter() - started:.1f} s")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=conftest.CHROMIUM, args=conftest.FLAGS)
            visitor = browser.new_context(viewport={"width": 1280, "height": 1000})
            times = {}
            for path in PAGES:
                conftest._wait_until_warm(proc, str(log), at_least=1)
                page = visitor.new_page()
                times[path] = time_to_ready(page, f"{base}/voila/render/{path}", path)
                figures = page.locator(".xp-plotly.js-plotly-plot").count()
                verdict = "ok" if times[path] < TARGET else "SLOW"
                print(f"  {path:<48} {times[path]:5.2f} s  {verdict}  ({figures} figures)", flush=True)
                if path == "asylum/02_combat_odds.ipynb" and times[path] < WAIT:
                    slider_round_trips(page)
                page.close(run_before_unload=True)
            print(f"  median {statistics.median(times.values()):.2f} s, slowest {max(times.values()):.2f} s "
                  f"(target {TARGET:g} s)")
            coming_back(visitor, base, proc, log)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def listening(port: int, proc, timeout: float = 300) -> None:
    """Wait until the server accepts connections (on a busy machine it may start slowly,
    and be quiet while it does)."""
    deadline = time.time() + timeout
    while time.time() < deadline and proc.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"the app did not start on port {port}")


def time_to_ready(page, url: str, path: str) -> float:
    """Seconds from opening ``url`` to the page's usable widget and every figure drawn
    (:data:`WAIT` if it is not ready by then)."""
    t = time.perf_counter()
    try:
        page.goto(url, timeout=WAIT * 1000)
        page.wait_for_selector(READY.get(path, ".jupyter-widgets, a[href$='.ipynb']"), timeout=WAIT * 1000)
        page.wait_for_function(conftest.ALL_FIGURES_DRAWN, timeout=WAIT * 1000)
    except PlaywrightTimeout:
        print(f"  {path}: not ready in {WAIT} s")
        return WAIT
    return time.perf_counter() - t


def coming_back(visitor, base: str, proc, log: Path) -> None:
    """A visitor leaving the what-if page and opening it again at once: the second visit
    waits for a fresh kernel to run the page (one pre-heated kernel per page here)."""
    conftest._wait_until_warm(proc, str(log), at_least=1)
    seconds = []
    for _ in range(2):
        page = visitor.new_page()
        seconds.append(time_to_ready(page, f"{base}/voila/render/{WHAT_IF}", WHAT_IF))
        page.close(run_before_unload=True)
    print(f"  {WHAT_IF}: first visit {seconds[0]:.2f} s, back at once {seconds[1]:.2f} s")


def slider_round_trips(page) -> None:
    """Move the attacker's Mental Attack slider with the keyboard; time each move until
    the table and the heatmap have both changed."""
    handle = page.locator(".xp-attacker-mental-attack .ui-slider-handle, .xp-attacker-mental-attack [role=slider]").first
    handle.focus()
    rounds = []
    for i in range(MOVES):
        before = page.evaluate("[document.querySelector('.xp-odds-table').innerText,"
                               " document.querySelector('.xp-heatmap .xp-plotly')]")
        page.evaluate("document.querySelector('.xp-heatmap .xp-plotly').dataset.old = 'yes'")
        t = time.perf_counter()
        handle.press("ArrowRight" if i % 2 == 0 else "ArrowLeft")
        page.wait_for_function(
            "old => document.querySelector('.xp-odds-table').innerText !== old"
            " && !document.querySelector('.xp-heatmap .xp-plotly').dataset.old"
            " && document.querySelector('.xp-heatmap .xp-plotly .main-svg')", arg=before[0])
        rounds.append(time.perf_counter() - t)
    print(f"  combat odds slider, move to new table and heatmap: median {statistics.median(rounds) * 1e3:.0f} ms,"
          f" slowest {max(rounds) * 1e3:.0f} ms ({MOVES} moves)")


if __name__ == "__main__":
    main()
