"""Browser tests: the notebooks served as apps by Voila, driven by Playwright in
Debian's Chromium.  One Voila server for the whole session (each page load
starts a kernel)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("EXPLORER_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory):
    """Start Voila on the notebooks folder; yield its base URL; stop it."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"browser tests need Chromium at {CHROMIUM} (apt-get install -y chromium)")
    port = _free_port()
    log = (tmp_path_factory.mktemp("voila") / "voila.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(ROOT / "notebooks"), "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", "--ServerApp.allow_root=True", "--Voila.tornado_settings={'allow_origin': '*'}"],
        stdout=log, stderr=subprocess.STDOUT, cwd=ROOT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            urllib.request.urlopen(base, timeout=2)
            break
        except OSError:
            if proc.poll() is not None:
                pytest.fail(f"voila exited: see {log.name}")
            time.sleep(0.5)
    else:
        proc.kill()
        pytest.fail("voila did not start within 60 s")
    yield base
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def open_notebook(voila_url, browser):
    """Open a notebook (path under notebooks/) as a Voila app; return the page."""
    pages = []

    def _open(relpath: str, wait_for: str, timeout: float = 120):
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        pages.append(page)
        page.goto(f"{voila_url}/voila/render/{relpath}", timeout=timeout * 1000)
        page.wait_for_selector(wait_for, timeout=timeout * 1000)
        return page

    yield _open
    for page in pages:
        page.close()
