"""Browser tests: the notebooks served as the app does (``python -m explorer app``:
Voila with the explorer's template and pre-heated kernels), driven by Playwright in
Debian's Chromium.  One server for the whole session; it is used once every page's
pre-heated kernel has finished running its notebook.  Every page opened fails its
test if the browser logs a JavaScript error."""

from __future__ import annotations

import os
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from explorer.cli import app_command, app_env, free_port

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("EXPLORER_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
WARM_TIMEOUT = 300  # s: every notebook run once by its pre-heated kernel


def _busy(proc) -> dict[int, float]:
    """CPU seconds used so far by the server and each of its kernels, by process id."""
    import psutil

    try:
        root = psutil.Process(proc.pid)
        procs = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return {}
    used = {}
    for p in procs:
        try:
            t = p.cpu_times()
            used[p.pid] = t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return used


#: a process using less than this share of a core is idle (an idle kernel uses about 1%;
#: one running its notebook, all of a core); the total would grow with every kernel
IDLE_SHARE = 0.1


def _wait_until_warm(proc, log_name: str, at_least: float = 5) -> float:
    """Wait until the pre-heated kernels have run their notebooks: for two seconds no
    process of the server (it, or any kernel) uses more than a tenth of a core.
    Returns the seconds it took."""
    start = time.time()
    quiet = 0
    last = _busy(proc)
    while time.time() - start < WARM_TIMEOUT:
        time.sleep(0.5)
        if proc.poll() is not None:
            pytest.fail(f"voila exited: see {log_name}")
        now = _busy(proc)
        busiest = max((t - last.get(pid, 0.0) for pid, t in now.items()), default=0.0)
        quiet = quiet + 1 if busiest < IDLE_SHARE * 0.5 else 0
        last = now
        if quiet >= 4 and time.time() - start > at_least:
            return time.time() - start
    pytest.fail(f"the pre-heated kernels were still busy after {WARM_TIMEOUT} s: see {log_name}")


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    """Serve the notebooks as the app does; yield (base URL, process, log) once warm; stop it."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"browser tests need Chromium at {CHROMIUM} (apt-get install -y chromium)")
    port = free_port()
    log = (tmp_path_factory.mktemp("voila") / "voila.log").open("w")
    proc = subprocess.Popen(app_command(port, pool=1), stdout=log, stderr=subprocess.STDOUT, cwd=ROOT,
                            env=app_env())
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"{base}/voila/tree", timeout=2)
            break
        except OSError:
            if proc.poll() is not None:
                pytest.fail(f"voila exited: see {log.name}")
            time.sleep(0.5)
    else:
        proc.kill()
        pytest.fail("voila did not start within 60 s")
    _wait_until_warm(proc, log.name)
    yield base, proc, log.name
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def voila_url(voila_server):
    return voila_server[0]


@pytest.fixture
def pool_ready(voila_server):
    """A function waiting until the server's pre-heated pool is refilled (after a page
    takes a kernel, Voila starts its replacement): a visitor finds a warm kernel."""
    _, proc, log_name = voila_server
    return lambda: _wait_until_warm(proc, log_name, at_least=1)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b.new_context(viewport={"width": 1280, "height": 1000})  # one visitor: cookies and cache shared
        b.close()


def _console(page, message) -> None:
    if message.type == "error":
        page.errors.append(f"console: {message.text}")


#: what leaving a page (a link followed, the tab closed) may abort in flight: its calls to the
#: kernel (the kernel's model, its shutdown) and the scripts Voila loads as it needs them
#: (``static/NNNN.voila.js``: seen on a busy machine, a link followed before all had come)
_LEFT_IN_FLIGHT = ("/api/kernels/", "/api/shutdown/", "/voila/static/")


def _cut_short_by_leaving(request) -> bool:
    """A request aborted by leaving the page: not an error of the page."""
    return request.failure == "net::ERR_ABORTED" and any(part in request.url for part in _LEFT_IN_FLIGHT)


#: true once every figure on the page is drawn (explorer-plots.js in the app's template)
ALL_FIGURES_DRAWN = "[...document.querySelectorAll('.xp-plotly')].every(d => d.querySelector('.main-svg'))"


@pytest.fixture
def open_notebook(voila_url, browser):
    """Open a notebook (path under notebooks/) as the app shows it, once ``wait_for``
    shows and every figure is drawn; return the page (``page.requested``: every URL).
    Any JavaScript error the page logs (an error on the console, an uncaught
    exception, a failed request) fails the test when it ends."""
    pages = []

    def _open(relpath: str, wait_for: str, timeout: float = 120):
        page = browser.new_page()
        page.errors = []
        page.requested = []
        page.on("request", lambda r: page.requested.append(r.url))
        page.on("console", lambda m: _console(page, m))
        page.on("pageerror", lambda e: page.errors.append(f"uncaught: {e}"))
        page.on("response", lambda r: page.errors.append(f"HTTP {r.status}: {r.request.method} {r.url}")
                if r.status >= 400 else None)
        page.on("requestfailed", lambda r: None if _cut_short_by_leaving(r) else page.errors.append(
            f"request failed ({r.failure}): {r.url}"))
        pages.append((relpath, page))
        t = time.perf_counter()
        page.goto(f"{voila_url}/voila/render/{relpath}", timeout=timeout * 1000)
        page.wait_for_selector(wait_for, timeout=timeout * 1000)
        page.wait_for_function(ALL_FIGURES_DRAWN, timeout=timeout * 1000)
        page.opened_in = time.perf_counter() - t
        return page

    yield _open
    errors = [f"{rel}: {e}" for rel, page in pages for e in page.errors]  # before closing: closing a page
    for _, page in pages:                                                 # cancels its kernel's shutdown call
        page.close(run_before_unload=True)  # as a visitor leaves: the page asks Voila to stop its kernel
    assert not errors, "JavaScript errors in the page:\n" + "\n".join(errors)
