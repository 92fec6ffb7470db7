"""Game logs: a played game exported as JSON lines replays to the same states, and
a tampered log is refused naming its line."""

from __future__ import annotations

import json

import pytest

from explorer.core.engine import RandomPolicy, Stepper
from explorer.victorian.actions import ACTION_TYPES, Recruit
from explorer.victorian.game import VictorianGame
from explorer.victorian.log import LogError, action_from_json, action_to_json, export_log, replay_log

GAME = VictorianGame()


def played(seed=5, steps=120) -> Stepper:
    st = Stepper(GAME, GAME.new_game(), seed, RandomPolicy())
    st.run(max_steps=steps)
    return st


def test_a_log_replays_to_the_same_states():
    """SETUP to the end: the seed and the actions rebuild every state."""
    st = played()
    again = replay_log(export_log(st), GAME)
    assert [e.state for e in again.history] == [e.state for e in st.history]
    assert export_log(again) == export_log(st)


def test_every_action_type_round_trips_through_json():
    """Every action turns into JSON and back into the same action."""
    a = Recruit("Saber", onto="Sherlock Holmes")
    assert action_from_json(json.loads(json.dumps(action_to_json(a)))) == a
    assert set(ACTION_TYPES) >= {"Track", "Attack", "Strike", "Showdown", "PlayEvent", "Send", "DealCard"}
    with pytest.raises(LogError):
        action_from_json({"type": "Teleport"})


def test_a_tampered_log_is_refused_naming_the_line():
    """A log whose events differ from what the rules give is refused at that line."""
    lines = export_log(played()).splitlines()
    row = json.loads(lines[5])
    row["events"][0]["text"] = "something else happened"
    lines[5] = json.dumps(row)
    with pytest.raises(LogError) as info:
        replay_log("\n".join(lines), GAME)
    assert info.value.line == 6


def test_a_game_from_a_scenario_logs_the_scenario_and_replays():
    """A position set up by hand (the scenario builder), the Intercept Phase on: the log
    keeps the scenario's words and replays from them; a scenario the builder refuses is
    refused naming the setup."""
    from explorer.victorian.log import scenario

    words = {"heroes": ["Allan Quatermain"], "gear": {"Allan Quatermain": ["Elephant Gun"]},
             "villains": ["Dr Fu-Man-Chu"], "minions": {"Dr Fu-Man-Chu": ["Chinese Horde"]},
             "plots": {"Dr Fu-Man-Chu": [["Bank Heist", 1]]}, "locations": {"heroes": []}, "at": "intercept"}
    start = scenario(GAME, **words)
    assert start.phase.name == "INTERCEPT"
    st = Stepper(GAME, start, 2, RandomPolicy())
    st.run(max_steps=30)
    text = export_log(st)
    assert json.loads(text.splitlines()[0])["setup"] == {"scenario": words}
    again = replay_log(text)
    assert [e.state for e in again.history] == [e.state for e in st.history] and export_log(again) == text
    head = json.loads(text.splitlines()[0])
    for bad, problem in (({"at": "teatime"}, "no phase 'teatime'"), ({"weather": 1}, "no scenario word 'weather'"),
                         ({"heroes": ["Nobody"]}, "neither a character")):
        head["setup"] = {"scenario": {**words, **bad}}
        with pytest.raises(LogError, match=f"the header's setup is refused: .*{problem}"):
            replay_log(json.dumps(head) + "\n")


def test_a_hand_set_state_not_made_by_scenario_is_not_logged():
    from explorer.victorian.state import Phase

    st = Stepper(GAME, GAME.scenario(heroes=["Tarzan"], at=Phase.ATTACK), 1)
    with pytest.raises(ValueError, match="or from a scenario set out with"):
        export_log(st)
