"""Game logs as JSON lines: every step with its rule references, byte-identical for
the same seed, and replayable into the very same states."""

from __future__ import annotations

import json

import pytest

from explorer.asylum.bots import BrawlerBot, GreedyBot, RandomBot
from explorer.asylum.event_table import Sneak
from explorer.asylum.game import ACTION_TYPES, AsylumGame, Move, Upgrade
from explorer.asylum.log import LogError, action_from_json, action_to_json, export_log, read_log, replay_log
from explorer.core.engine import Stepper
from explorer.asylum.params import NUMBERS, OPTIONS
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
    assert head["setup"] == {"opening": "drawn", "masterminds": list(st.initial.start_masterminds)}
    assert head["rules"] == {name: getattr(game.rules, name) for name in NUMBERS + OPTIONS}
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


# -- malformed logs: one error type, naming the line ---------------------------------------------

@pytest.fixture(scope="module")
def lines(game) -> list[str]:
    """A short real log (header and 40 steps), as lines."""
    st = Stepper(game, game.setup(3, "bad"), "bad", RandomBot())
    st.run(max_steps=40)
    return export_log(st).splitlines()


def edited(lines: list[str], number: int, change) -> str:
    """The log with line ``number`` (1-based) parsed, changed by ``change`` and written back."""
    out = list(lines)
    obj = json.loads(out[number - 1])
    change(obj)
    out[number - 1] = json.dumps(obj)
    return "\n".join(out) + "\n"


def refused(text: str, line: int, what: str, game=None) -> LogError:
    with pytest.raises(LogError, match=what) as info:
        replay_log(text, game)
    assert info.value.line == line and str(info.value).startswith(f"log line {line}: ")
    return info.value


def test_log_error_is_one_exported_value_error():
    """Design principle 7: every malformed log raises LogError, a ValueError."""
    import explorer.asylum.log as log

    assert issubclass(LogError, ValueError) and "LogError" in log.__all__
    assert str(LogError(4, "bad")) == "log line 4: bad" and str(LogError(None, "bad")) == "bad"
    assert str(LogError(1, "out of range", "rules.turn_cap")) == "log line 1: rules.turn_cap: out of range"


def test_bad_json_names_its_line(lines, game):
    """Design principle 7: a line that is not JSON is named, with the column."""
    text = "\n".join(lines[:5] + ['{"step": 4, "player": 0,'] + lines[6:])
    err = refused(text, 6, "not valid JSON")
    assert "column" in err.problem
    with pytest.raises(LogError, match="log line 6: not valid JSON"):
        read_log(text)


def test_blank_lines_keep_the_numbering(lines, game):
    """Design principle 7: line numbers are the file's own, blank lines included."""
    text = "\n".join(lines[:3] + ["", "  "] + lines[3:5] + ["oops"] + lines[5:])
    refused(text, 8, "not valid JSON")
    assert replay_log("\n\n".join(lines), game).state == replay_log("\n".join(lines), game).state


def test_a_line_that_is_not_an_object_is_refused(lines, game):
    """Design principle 7: each line must be one JSON object."""
    refused("\n".join(lines[:2] + ["[1, 2]"] + lines[3:]), 3, "expected a JSON object, found a list")
    refused("\n".join(lines[:2] + ["7"] + lines[3:]), 3, "found a number")


def test_a_missing_or_wrong_header_is_refused(lines, game):
    """Design principle 7: the first line is the header, in our format, for Doom Asylum."""
    refused("\n".join(lines[1:]), 1, "the first line must be the header")
    refused("", 1, "an empty log")
    refused(edited(lines, 1, lambda h: h.update(format="explorer.asylum.log/1")), 1, "a log in an older format")
    refused(edited(lines, 1, lambda h: h.update(format="chess.pgn")), 1, "unknown log format")
    refused(edited(lines, 1, lambda h: h.update(game="kanban")), 1, "not of Doom Asylum")
    refused(edited(lines, 1, lambda h: h.pop("seed")), 1, "the header lacks 'seed'")
    refused(edited(lines, 1, lambda h: h.update(seed=[1])), 1, "seed must be a number or a string")
    refused(edited(lines, 1, lambda h: h.update(players="3")), 1, "players must be a whole number")
    refused(edited(lines, 1, lambda h: h["setup"].update(masterminds="Oscar")), 1, "masterminds must be a list")
    refused(edited(lines, 1, lambda h: h.update(colour="red")), 1, "unexpected field.*'colour'")
    refused(edited(lines, 1, lambda h: h.update(players=9)), 1, "setup is refused: .*2 to 6 players")
    refused(edited(lines, 1, lambda h: h["setup"].update(masterminds=["Oscar", "Nobody", "Gargantua"])), 1,
            "setup is refused: no villain named 'Nobody'")
    refused("\n".join(lines[:3] + [lines[0]] + lines[3:]), 4, "a second header")


def test_unknown_actions_and_bad_fields_are_refused(lines, game):
    """Design principle 7: actions are registered types with their own fields."""
    refused(edited(lines, 4, lambda r: r.update(action={"type": "Teleport"})), 4, "not a Doom Asylum action")
    refused(edited(lines, 4, lambda r: r.update(action=["Move"])), 4, "an action must be an object")
    refused(edited(lines, 4, lambda r: r["action"].update(planet="Mars")), 4, "bad fields for")


def test_bad_step_fields_are_refused(lines, game):
    """Design principle 7: every step line has its step, player, action, text and events."""
    refused(edited(lines, 5, lambda r: r.pop("events")), 5, "step 3 lacks 'events'")
    refused(edited(lines, 5, lambda r: r.update(mood="grim")), 5, "unexpected field.*'mood'")
    refused(edited(lines, 5, lambda r: r.update(player=[0])), 5, "player must be a seat or null")
    refused(edited(lines, 5, lambda r: r.update(player="zero")), 5, "recorded for player 'zero'")
    refused(edited(lines, 5, lambda r: r.update(text=3)), 5, "text must be a string")
    refused(edited(lines, 5, lambda r: r.update(events="none")), 5, "events must be a list of objects")


def test_steps_out_of_order_are_refused(lines, game):
    """Design principle 7: steps are numbered 0, 1, 2, ... in order."""
    swapped = lines[:3] + [lines[4], lines[3]] + lines[5:]
    refused("\n".join(swapped), 4, "expected step 2, found 3")
    refused(edited(lines, 2, lambda r: r.update(step="0")), 2, 'expected step 0, found "0"')


def test_recorded_events_must_match_the_replay(lines, game):
    """Gameplay overview: a log replays from its seed, so what it records must be what the rules give."""
    err = refused(edited(lines, 7, lambda r: r["events"][0].update(text="Nothing happened.")), 7,
                  "step 5: the recorded events differ from the replay: event 1")
    assert "Nothing happened." in err.problem
    refused(edited(lines, 7, lambda r: r["events"].append({"rule": "asylum:overview", "text": "extra"})), 7,
            "events differ.*recorded but the replay gives")
    refused(edited(lines, 9, lambda r: r.update(text="teleport to the moon")), 9,
            "step 7: the text 'teleport to the moon' does not match the action")
    chooser = next(i for i, line in enumerate(lines[1:], 2) if json.loads(line)["player"] is not None)
    refused(edited(lines, chooser, lambda r: r.update(player=r["player"] + 1)), chooser, "recorded for player")


def test_the_replay_refuses_an_action_the_rules_do_not_allow(lines, game):
    """Gameplay overview: each recorded action must be a legal option at its step."""
    row = next(n for n, line in enumerate(lines[1:], 2) if json.loads(line)["action"]["type"] == "Move")
    err = refused(edited(lines, row, lambda r: r["action"].update(room="Nowhere")), row, "is not allowed here")
    assert "Nowhere" in err.problem


def test_steps_past_the_end_are_refused(game):
    """Gameplay overview: nothing is played after the game ends."""
    st = Stepper(game, game.setup(2, 5), 5, GreedyBot())
    st.run()
    assert st.over
    log = export_log(st).splitlines()
    text = "\n".join(log + [log[-1].replace(f'"step":{len(log) - 2}', f'"step":{len(log) - 1}', 1)])
    refused(text, len(log) + 1, f"step {len(log) - 1}: the game is already over", game)


def test_an_equal_but_differently_written_action_is_a_bad_field(game):
    """Design principle 7: a log writes each action exactly as the rules do (2, not 2.0)."""
    st = Stepper(game, game.setup(2, 11), 11, RandomBot())
    st.run(max_steps=300)
    log = export_log(st).splitlines()
    n, row = next((n, json.loads(line)) for n, line in enumerate(log[1:], 2)
                  if json.loads(line)["action"]["type"] == "Upgrade")
    field = next(k for k, v in row["action"].items() if k != "type" and type(v) is int)
    refused(edited(log, n, lambda r: r["action"].update({field: float(r["action"][field])})), n, "bad fields in")
