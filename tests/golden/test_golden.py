"""Golden playthroughs (tools/golden.py): seeded games whose logs are committed in
tests/golden/; a change of behaviour in the rules or the bots shows as a diff here.
Regenerate with ``python tools/golden.py --write`` when the change is intended."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "golden.py"
_spec = importlib.util.spec_from_file_location("golden_tool", TOOL)
golden = sys.modules["golden_tool"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)

REGENERATE = "if the change is intended, regenerate with: python tools/golden.py --write"


def committed(name: str) -> str:
    file = golden.path(name)
    if not file.exists():
        pytest.fail(f"{file} is missing; {REGENERATE}")
    return file.read_text()


@pytest.mark.parametrize("name", list(golden.PLAYTHROUGHS))
def test_the_bots_play_the_same_game_again(name):
    """Gameplay overview: the same seed and the same bots play the committed game
    again, move for move and event for event."""
    old, new = committed(name), golden.PLAYTHROUGHS[name].play()
    assert new == old, f"{name} plays differently now:\n{golden.diff(old, new, name)}\n{REGENERATE}"


@pytest.mark.parametrize("name", list(golden.PLAYTHROUGHS))
def test_the_recorded_actions_replay_to_the_same_log(name):
    """Gameplay overview: the rules alone, given the recorded seed and actions, give
    the same events (when this fails but the test above passes, the log format
    changed; when only the one above fails, a bot chooses differently)."""
    old = committed(name)
    new = golden.PLAYTHROUGHS[name].replay(old)
    assert new == old, f"{name} replays differently now:\n{golden.diff(old, new, name)}\n{REGENERATE}"


def test_every_golden_file_is_a_known_playthrough():
    """No stale files: each tests/golden/*.jsonl is one of the playthroughs."""
    files = {p.stem for p in golden.GOLDEN.glob("*.jsonl")}
    assert files == set(golden.PLAYTHROUGHS), f"unknown: {files - set(golden.PLAYTHROUGHS)}, " \
                                              f"missing: {set(golden.PLAYTHROUGHS) - files}"


def test_the_tool_reports_a_difference(tmp_path, monkeypatch, capsys):
    """The check mode exits 1 with a unified diff when a file differs."""
    name = "asylum-2p-greedy"
    text = committed(name)
    monkeypatch.setattr(golden, "GOLDEN", tmp_path)
    golden.path(name).write_text(text.replace('"seed": 1,', '"seed": 99,', 1))
    assert golden.main([name]) == 1
    out = capsys.readouterr().out
    assert '-{"format": "explorer.log/2", "game": "asylum", "explorer": ' in out and '"seed": 99,' in out
    assert "--write" in out
    assert golden.main(["--write", name]) == 0 and golden.path(name).read_text() == text
    assert golden.main([name]) == 0
