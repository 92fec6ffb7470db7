"""``python -m explorer replay FILE`` and ``simulate GAME --log DIR``: every game's
log written by a run replays under the rules it records, with the same result;
a folder or a log that will not do is one ``error:`` line, exit 2."""

from __future__ import annotations

import json
import re

import pytest

from explorer.cli import main
from explorer.core.engine import simulate
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules


def one_error(capsys, argv: list[str]) -> str:
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in captured.err
    assert captured.out == ""
    return lines[0]


def test_a_doomtrooper_dice_run_writes_logs_that_replay_under_their_rules(tmp_path, capsys):
    """Doomtrooper with Dice: each game's log holds dice = "2d6" and replays to the run's result."""
    folder = tmp_path / "logs"
    assert main(["simulate", "doomtrooper", "--games", "2", "--seed", "7", "--rule", "dice=2d6", "--log",
                 str(folder)]) == 0
    capsys.readouterr()
    assert sorted(p.name for p in folder.iterdir()) == ["doomtrooper-7#0.jsonl", "doomtrooper-7#1.jsonl"]
    game = DoomtrooperGame(rules=override_rules({"dice": "2d6"}))
    for i in range(2):
        file = folder / f"doomtrooper-7#{i}.jsonl"
        assert json.loads(file.read_text().split("\n", 1)[0])["rules"]["dice"] == "2d6"
        assert main(["replay", str(file)]) == 0
        out = capsys.readouterr().out.splitlines()
        fast = simulate(game, game.new_game(2), get_bot("greedy"), f"7#{i}").result
        assert out[0].startswith(f"Doomtrooper: seed 7#{i}, 2 players, ")
        assert out[1] == '  rules changed: dice="2d6"' and out[2] == f"  result: {fast}"
        steps = [json.loads(line) for line in file.read_text().splitlines()[1:]]
        # the card games' steps as a player reads them beside the action's text ("#1 attacks #0")
        assert any(re.search(r"#\d", s["text"]) for s in steps)
        assert not [s for s in steps if re.search(r"#\d", s.get("said", s["text"]))]


@pytest.mark.parametrize("game, options", [("asylum", ["--players", "3"]), ("victorian", [])])
def test_every_game_writes_logs_that_replay_to_the_same_summary(tmp_path, capsys, game, options):
    assert main(["simulate", game, "--games", "2", "--log", str(tmp_path), *options]) == 0
    capsys.readouterr()
    for file in sorted(tmp_path.iterdir()):
        assert main(["replay", str(file)]) == 0
        first = capsys.readouterr().out
        assert main(["replay", str(file)]) == 0
        assert capsys.readouterr().out == first and "rules changed: none" in first and "result: " in first


def test_a_bad_log_folder_is_refused_before_any_game(tmp_path, capsys):
    (tmp_path / "file").write_text("")
    assert "a file is in the way" in one_error(capsys, ["simulate", "asylum", "--log", str(tmp_path / "file")])
    assert "no folder" in one_error(capsys, ["simulate", "doomtrooper", "--log", str(tmp_path / "a" / "b")])


def test_a_log_that_does_not_replay_is_one_error_line_naming_its_line(tmp_path, capsys):
    assert main(["simulate", "doomtrooper", "--games", "1", "--log", str(tmp_path)]) == 0
    capsys.readouterr()
    file = tmp_path / "doomtrooper-0#0.jsonl"
    lines = file.read_text().splitlines()
    head = json.loads(lines[0])
    head["rules"]["promotion_goal"] = 0
    file.write_text("\n".join([json.dumps(head)] + lines[1:]) + "\n")
    assert one_error(capsys, ["replay", str(file)]).startswith("error: log line 1: rules.promotion_goal: ")
    file.write_text("\n".join(lines[:5] + ["{"] + lines[6:]))
    assert one_error(capsys, ["replay", str(file)]).startswith("error: log line 6: not valid JSON")
    assert "cannot read" in one_error(capsys, ["replay", str(tmp_path / "missing.jsonl")])
