"""``python -m explorer`` run for real: Ctrl-C stops a simulation with the summary
so far (exit 130), a reader that goes away (``| head``) ends it quietly, and
stopping ``lab`` stops JupyterLab too.  No real JupyterLab starts here: the lab
command line is replaced by a small fake child."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import explorer.cli as cli
from explorer.asylum.simulate import run_games

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def start(*args: str, **kwargs) -> subprocess.Popen:
    """The real command line in its own process group (as a terminal runs it)."""
    return subprocess.Popen([sys.executable, "-m", "explorer", *args], cwd=ROOT, env=ENV, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)


def wait_for_progress(proc: subprocess.Popen, total: int, timeout: float = 90) -> str:
    """Read the progress bar on stderr until at least one game has finished."""
    seen = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stderr], [], [], 0.5)
        if ready:
            chunk = os.read(proc.stderr.fileno(), 4096)
            if not chunk:
                break
            seen += chunk
            if any(int(n) >= 1 for n in re.findall(rb"(\d+)/%d" % total, seen)):
                return seen.decode(errors="replace")
    proc.kill()
    raise AssertionError(f"no progress within {timeout}s: {seen[-500:]!r}")


def gone(pgid: int, timeout: float = 10) -> bool:
    """True once no process of the group is left (workers included)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_prints_the_summary_of_the_finished_games(workers):
    """Gameplay overview: Ctrl-C after the first games: their summary, marked interrupted, exit 130."""
    total = 10**12
    proc = start("simulate", "asylum", "--games", "10**12", "--seed", "c", "--players", "3", "--workers",
                 str(workers), "--json")
    wait_for_progress(proc, total)
    os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C does: the whole foreground group
    out, err = proc.communicate(timeout=60)
    err = err.decode()
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    summary = json.loads(out)
    assert summary.pop("interrupted") is True and summary.pop("requested") == total
    assert 1 <= summary["games"] < total
    assert summary == run_games(summary["games"], seed="c", players=3)  # games 0 .. k-1, as seeded
    assert gone(proc.pid)  # no worker process is left behind


def test_ctrl_c_marks_the_text_summary():
    """Gameplay overview: the text summary says how far the run got."""
    proc = start("simulate", "asylum", "--games", "1e9", "--players", "2")
    wait_for_progress(proc, 10**9)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and b"Traceback" not in err
    first = out.decode().splitlines()[0]
    assert re.fullmatch(r"Doom Asylum: interrupted after \d+ of 1000000000 games, 2 players, policy greedy, seed 0",
                        first), first


@pytest.mark.parametrize("argv", [["simulate", "asylum", "--games", "3"], ["odds", "Oscar", "Gargantua"]])
def test_a_closed_pipe_ends_quietly(argv):
    """Design principle 7: `python -m explorer ... | head` prints no BrokenPipeError."""
    proc = start(*argv)
    proc.stdout.close()  # the reader is gone before anything is written
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == cli.EXIT_BROKEN_PIPE
    assert "Traceback" not in err and "BrokenPipe" not in err and "Exception ignored" not in err, err


FAKE_LAB = textwrap.dedent("""
    import os, signal, sys, time
    from pathlib import Path

    out = Path(sys.argv[1])

    def stop(signum, frame):
        time.sleep(0.5)  # shutting down takes a while: the parent must wait
        out.write_text(signal.Signals(signum).name)
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    out.with_suffix(".pid").write_text(str(os.getpid()))
    while True:
        time.sleep(0.05)
""")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_stopping_lab_stops_jupyterlab_and_waits_for_it(tmp_path, sig):
    """Stopping `python -m explorer lab` passes the signal to JupyterLab and waits for it to finish."""
    child = tmp_path / "fake_lab.py"
    child.write_text(FAKE_LAB)
    out = tmp_path / "stopped.txt"
    code = (f"import sys, explorer.cli as cli; "
            f"cli.lab_command = lambda notebook: [sys.executable, {str(child)!r}, {str(out)!r}]; "
            f"raise SystemExit(cli.main(['lab']))")
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=ENV, start_new_session=True,
                            stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not out.with_suffix(".pid").exists():
        assert time.monotonic() < deadline and proc.poll() is None, proc.stderr.read()
        time.sleep(0.05)
    proc.send_signal(sig)  # to the parent only, as `kill` or a service manager does
    assert proc.wait(timeout=30) == 0
    assert out.read_text() == sig.name  # the child got it, and finished before the parent exited
    assert b"Traceback" not in proc.stderr.read()
    assert gone(proc.pid)


def test_lab_exit_codes_pass_through(monkeypatch):
    """`python -m explorer lab` ends with JupyterLab's exit code (128 + N when a signal ended it)."""
    monkeypatch.setattr(cli, "lab_command", lambda notebook: [sys.executable, "-c", "raise SystemExit(3)"])
    assert cli.main(["lab"]) == 3
    monkeypatch.setattr(cli, "lab_command", lambda notebook: [
        sys.executable, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGKILL)"])
    assert cli.main(["lab"]) == 128 + signal.SIGKILL
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # our handlers are gone again
