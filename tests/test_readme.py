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


def test_the_readme_counts_the_readings_and_their_switches_as_the_data_has_them():
    """The README's count of readings with a switch (data/<game>/interpretations.toml,
    each reading's ``option``) is the registers' own."""
    from explorer import games

    text = " ".join((ROOT / "README.md").read_text().split())
    said = re.search(r"(\d+) of Doom Asylum's (\d+) readings have one, (\d+) of the Victorian game's (\d+) "
                     r"and (\d+) of Doomtrooper's (\d+);", text)
    assert said, "the README no longer counts the readings with a switch"
    counts = []
    for game in ("asylum", "victorian", "doomtrooper"):
        register = games.spec(game).load_register().values()
        counts += [sum(1 for r in register if r.option), len(register)]
    assert [int(n) for n in said.groups()] == counts, (
        f"README: write '{counts[0]} of Doom Asylum's {counts[1]} readings have one, {counts[2]} of the "
        f"Victorian game's {counts[3]} and {counts[4]} of Doomtrooper's {counts[5]};'")
