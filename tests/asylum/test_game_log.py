"""Game logs as JSON lines: every step with its rule references, byte-identical for
the same seed, and replayable into the very same states."""

from __future__ import annotations

import json

import pytest

from explorer.asylum.bots import BrawlerBot, GreedyBot, RandomBot
from explorer.asylum.event_table import Sneak
from explorer.asylum.game import ACTION_TYPES, AsylumGame, Move, Upgrade
from explorer.asylum.log import action_from_json, action_to_json, export_log, read_log, replay_log
from explorer.core.engine import Stepper
from explorer.core.events import RuleRef
from explorer.core.rulebook import summary


@pytest.fixture(scope="module")
def game() -> AsylumGame:
    return AsylumGame()


def played(game, seed, players=4, policies=None):
    st = Stepper(game, game.setup(players, seed), seed, policies or {0: GreedyBot(), 1: BrawlerBot(),
                                                                      2: RandomBot(), 3: GreedyBot()})
    st.run()
    return st


def test_the_log_is_json_lines_citing_rules(game):
    """Every event cites its rule: one JSON object per step, each event with its rule ref."""
    st = played(game, 1)
    lines = export_log(st).splitlines()
    head = json.loads(lines[0])
    assert head["game"] == "asylum" and head["players"] == 4 and head["seed"] == 1
    assert head["masterminds"] == list(st.initial.start_masterminds)
    rows = [json.loads(line) for line in lines[1:]]
    assert len(rows) == len(st.history)
    for i, row in enumerate(rows):
        assert row["step"] == i and row["player"] in (None, 0, 1, 2, 3)
        assert row["action"]["type"] in ACTION_TYPES and row["text"]
        for ev in row["events"]:
            game_name, section = ev["rule"].split(":")
            assert game_name == "asylum" and summary(RuleRef("asylum", section)).summary
    assert any(r["player"] is None for r in rows) and any(r["player"] == 0 for r in rows)


def test_the_same_seed_gives_byte_identical_logs(game):
    """Gameplay overview: a game is replayable from its seed: same seed, same bytes."""
    a, b = export_log(played(game, 7)), export_log(played(game, 7))
    assert a == b and a.encode() == b.encode()
    assert export_log(played(game, 8)) != a


def test_replaying_a_log_reproduces_every_state(game):
    """Gameplay overview: replaying the seed and the action log gives every state back."""
    st = played(game, 3)
    again = replay_log(export_log(st), game)
    assert [e.state for e in again.history] == [e.state for e in st.history]
    assert again.initial == st.initial and again.state == st.state
    assert export_log(again) == export_log(st)


def test_a_log_of_a_game_in_progress_replays_too(game):
    """Gameplay overview: stepping one rule at a time, the log so far replays."""
    st = Stepper(game, game.setup(2, "half"), "half", RandomBot())
    st.run(max_steps=37)
    assert len(st.history) == 37
    again = replay_log(export_log(st), game)
    assert again.state == st.state
    assert again.decision == st.decision


def test_every_action_type_survives_json(game):
    """Gameplay overview: actions are rebuilt from JSON exactly."""
    seen = set()
    for seed in range(6):
        st = played(game, seed, policies=RandomBot())
        for e in st.history:
            obj = json.loads(json.dumps(action_to_json(e.action)))
            assert action_from_json(obj) == e.action
            seen.add(type(e.action).__name__)
    assert {"Move", "RollEvent", "Conclude", "Push"} <= seen
    for action in (Upgrade("Oscar", 2), Move("Yard"), Sneak(None), Sneak("Library")):
        assert action_from_json(action_to_json(action)) == action


def test_bad_logs_are_refused(game):
    """Design principle 7: errors say what and where."""
    with pytest.raises(ValueError, match="header"):
        read_log('{"step": 0}\n')
    st = played(game, 2)
    lines = export_log(st).splitlines()
    with pytest.raises(ValueError, match="expected step 0"):
        read_log("\n".join([lines[0]] + lines[2:]))
    with pytest.raises(ValueError, match="not a Doom Asylum action"):
        action_from_json({"type": "Teleport"})
    with pytest.raises(TypeError):
        action_to_json(("Move", "Yard"))
