"""The README's two commands stay true: CI runs its test command verbatim, and
the open command's pieces exist."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def commands():
    return re.findall(r"```bash\n(.+?)\n```", (ROOT / "README.md").read_text())


def test_readme_opens_with_the_two_commands():
    open_cmd, test_cmd = commands()[:2]
    assert "explorer lab" in open_cmd and "pip install" in open_cmd
    assert "pytest" in test_cmd and "pip install" in test_cmd


def test_ci_runs_the_readme_test_command():
    test_cmd = commands()[1]
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test_cmd.strip() in ci


def test_start_notebook_exists():
    from explorer.cli import build_parser

    args = build_parser().parse_args(["lab"])
    assert (ROOT / args.notebook).exists()
