"""``python -m explorer``: help, the odds command, and errors a user can act on."""

import subprocess
import sys

from explorer.cli import main


def test_help_runs_as_a_module():
    out = subprocess.run([sys.executable, "-m", "explorer", "--help"], capture_output=True, text=True, check=True)
    assert "odds" in out.stdout and "lab" in out.stdout


def test_odds_command_prints_exact_fractions(capsys):
    assert main(["odds", "Doctor Cortex", "Oscar"]) == 0
    out = capsys.readouterr().out
    assert "mental attack" in out and "/" in out


def test_odds_command_explains_flyers(capsys):
    """Flying & Ranged Attacks: the command says why a physical attack is not allowed."""
    assert main(["odds", "Gargantua", "Madame Nocturne"]) == 0
    assert "not allowed" in capsys.readouterr().out


def test_unknown_villain_is_one_line_not_a_traceback(capsys):
    assert main(["odds", "Nobody", "Oscar"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no villain named 'Nobody'") and "Traceback" not in err


def test_lab_passes_jupyter_options_through(monkeypatch):
    """`python -m explorer lab --port 8890 --no-browser` starts JupyterLab on the start notebook."""
    import explorer.cli as cli

    calls = []
    monkeypatch.setattr(cli, "run_child", lambda cmd: calls.append(cmd) or 0)
    assert main(["lab", "--no-browser", "--port", "8890"]) == 0
    cmd = calls[0]
    assert cmd[1:4] == ["-m", "jupyter", "lab"]
    assert "--LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb" in cmd
    assert "--no-browser" in cmd and "8890" in cmd


def test_lab_help_says_other_options_go_to_jupyterlab():
    """`python -m explorer lab --help` names the pass-through and shows an example."""
    out = subprocess.run([sys.executable, "-m", "explorer", "lab", "--help"], capture_output=True, text=True,
                         check=True).stdout
    assert out.startswith("usage: python -m explorer lab [--notebook NOTEBOOK] [JUPYTERLAB OPTION ...]")
    assert "goes to JupyterLab" in out and "python -m explorer lab --port 8890 --no-browser" in out


def test_simulate_json_does_not_depend_on_hash_seeds():
    """Reproducible: the same arguments give the same bytes in any process
    (string hashing is randomised per process; nothing may depend on it)."""
    import os

    cmd = [sys.executable, "-m", "explorer", "simulate", "asylum", "--games", "20", "--seed", "4",
           "--players", "3", "--policy", "random", "--json"]
    outs = {
        subprocess.run(cmd, capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": seed}).stdout
        for seed in ("1", "2")
    }
    assert len(outs) == 1 and '"games": 20' in outs.pop()
