"""Save game and Load game in the stepper of each game: a saved game loads into
a fresh widget as the same game; a bad file is refused with one message naming
the log's line, and leaves the widget exactly as it was."""

import base64
import datetime
import json
import re

import pytest

from explorer import games
from explorer.ui.asylum.rules_tour import RulesTour
from explorer.ui.doomtrooper.table import TableStepper
from explorer.ui.saving import file_name
from explorer.ui.stepper import StepperWidget
from explorer.ui.victorian.stepper import VictorianStepper

#: each game's widget with a seat the person plays, and its stepper widget
WIDGETS = {
    "asylum": (lambda seed: RulesTour(players=3, seed=seed, viewers=0), lambda w: w.stepper_widget),
    "victorian": (lambda seed: VictorianStepper(seed=seed, plays=True), lambda w: w.stepper),
    "doomtrooper": (lambda seed: TableStepper(seed=seed, seat=0), lambda w: w.stepper_widget),
}


def played(key: str, seed: int = 3, steps: int = 8) -> StepperWidget:
    """The game's stepper widget after a few steps, waiting for the person when it can."""
    make, inner = WIDGETS[key]
    sw = inner(make(seed))
    for _ in range(steps):
        sw.let_policy_choose()
    for _ in range(200):
        if sw.waiting() or sw.stepper.over:
            break
        sw.let_policy_choose()
    return sw


def fresh(key: str) -> StepperWidget:
    make, inner = WIDGETS[key]
    return inner(make(11))


def snapshot(sw: StepperWidget):
    """Everything a refused load must leave as it was."""
    return (sw.stepper, sw.game, list(sw.stepper.history), sw.stepper.state, list(sw.option_buttons),
            [b.description for b in sw.option_buttons], sw.status.value, sw.state_view.value, sw.log_view.value,
            sw.seed.value, sw.undo_button.disabled, sw.make_initial)


def refused(sw: StepperWidget, data, line: int, *words: str) -> str:
    before = snapshot(sw)
    assert sw.saving.load(data, "bad.jsonl") is None
    after = snapshot(sw)
    assert after[0] is before[0] and after[1] is before[1] and after[-1] is before[-1]
    assert all(a is b for a, b in zip(after[4], before[4]))
    assert after[2:] == before[2:]
    message = sw.saving.error.value
    assert "Not loaded: bad.jsonl, line " + str(line) in message and "The game is unchanged." in message
    assert "Traceback" not in message and sw.saving.note.value == ""
    for word in words:
        assert word in message, (word, message)
    return message


@pytest.mark.parametrize("key", list(WIDGETS))
def test_the_stepper_uses_the_games_log_from_its_spec(key):
    sw = fresh(key)
    assert sw.saving.log is games.spec(key).log
    classes = {c for w in (sw.saving.save_button, sw.saving.upload, sw.saving.error, sw.saving.link)
               for c in w._dom_classes}
    assert {"xp-save", "xp-load", "xp-load-error", "xp-save-link"} <= classes


@pytest.mark.parametrize("key", list(WIDGETS))
def test_save_offers_the_log_as_a_file_named_for_game_seed_and_step(key):
    sw = played(key)
    text = sw.saving.save()
    assert text.startswith('{"format":"explorer.log/2"')
    name = file_name(sw.saving.log, sw.stepper)
    assert name == f"{key}-seed3-step{len(sw.stepper.history)}.jsonl"
    link = sw.saving.link.value
    assert f"download='{name}'" in link
    data = re.search(r"href='data:application/x-ndjson;base64,([^']*)'", link).group(1)
    assert base64.b64decode(data).decode("utf-8") == text
    json.loads(text.splitlines()[0])["rules"]  # the header holds the rules in effect
    sw.let_policy_choose()
    assert sw.saving.link.value == ""  # a step makes the link stale


@pytest.mark.parametrize("key", list(WIDGETS))
def test_a_saved_game_loads_into_a_fresh_widget_as_the_same_game(key):
    sw = played(key)
    text = sw.saving.save()
    other = fresh(key)
    st = other.saving.load(text.encode("utf-8"), "saved.jsonl")
    assert st is other.stepper and other.game is st.game
    assert [e.state for e in other.stepper.history] == [e.state for e in sw.stepper.history]
    assert other.stepper.state == sw.stepper.state and other.stepper.seed == 3 and other.seed.value == 3
    assert "Loaded saved.jsonl" in other.saving.note.value and other.saving.error.value == ""
    assert other.saving.save() == text
    assert other.log_view.value == sw.log_view.value and other.status.value == sw.status.value
    assert [b.description for b in other.option_buttons] == [b.description for b in sw.option_buttons]
    # Undo goes back through the loaded history, stepping on goes on from it
    other.undo()
    states = [sw.stepper.initial] + [e.state for e in sw.stepper.history]  # an entry holds the state after it
    assert other.stepper.state == states[-2] and len(other.stepper.history) == len(sw.stepper.history) - 1
    other.let_policy_choose()
    assert len(other.stepper.history) == len(sw.stepper.history)
    # Reset starts the loaded game again, under its setup
    other.reset(3)
    assert other.stepper.history == [] and other.stepper.initial == sw.stepper.initial


@pytest.mark.parametrize("key", list(WIDGETS))
def test_the_upload_button_loads_a_file_and_can_load_it_again(key):
    sw = played(key)
    text = sw.saving.save()
    other = fresh(key)
    upload = {"name": "mine.jsonl", "type": "", "size": len(text), "content": memoryview(text.encode("utf-8")),
              "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)}
    other.saving.upload.value = (upload,)
    assert other.saving.upload.value == ()
    assert other.stepper.state == sw.stepper.state and "Loaded mine.jsonl" in other.saving.note.value


def _lines(text):
    return [json.loads(line) for line in text.splitlines()]


def _text(objs):
    return "".join(json.dumps(o) + "\n" for o in objs)


@pytest.mark.parametrize("key", list(WIDGETS))
def test_bad_files_are_refused_and_leave_the_widget_as_it_was(key):
    saved = played(key).saving.save()
    others = [k for k in WIDGETS if k != key]
    foreign = played(others[0], steps=2).saving.save()
    sw = played(key, seed=5)
    head, *steps = _lines(saved)
    title = games.spec(others[0]).log.title
    # another game's log
    refused(sw, foreign, 1, f"a log of &quot;{others[0]}&quot;")
    assert title not in sw.saving.error.value
    # cut short in the middle of its last line
    cut = saved[: len(saved) - 1 - len(saved.splitlines()[-1]) // 2]
    refused(sw, cut, len(saved.splitlines()), "not valid JSON", "truncated")
    # a rule out of its range, an unknown rule
    rule = next(n for n, v in head["rules"].items() if type(v) is int)
    refused(sw, _text([{**head, "rules": {**head["rules"], rule: 10 ** 9}}, *steps]), 1, f"rules.{rule}", "out of range")
    refused(sw, _text([{**head, "rules": {**head["rules"], "no_such_rule": 1}}, *steps]), 1, "rules.no_such_rule")
    # bad JSON
    kept = saved.splitlines(keepends=True)
    refused(sw, "".join(kept[:2] + ['{"step": 1, oops}\n'] + kept[2:]), 3, "not valid JSON")
    # an older format
    refused(sw, _text([{**head, "format": f"explorer.{key}.log/1"}, *steps]), 1, "an older format")
    # not UTF-8
    refused(sw, saved.encode("utf-8") + b'{"step": \xff}\n', len(saved.splitlines()) + 1, "not UTF-8")
    # an empty file, a step edited
    refused(sw, b"", 1, "an empty log")
    edited = dict(steps[-1], text="something else")
    refused(sw, _text([head, *steps[:-1], edited]), len(steps) + 1, "(text)")
    # and a good file still loads after all that
    assert sw.saving.load(saved, "good.jsonl") is not None and sw.saving.error.value == ""


@pytest.mark.parametrize("key", list(WIDGETS))
def test_a_saved_file_says_each_step_as_a_player_reads_it(key):
    """Each step line keeps what replay needs (``action``, ``text``) and, where the action's
    text reads otherwise, ``said``: the step in the words of the stepper's options."""
    sw = played(key, steps=60)
    text = sw.saving.save()
    before = sw.stepper.initial
    for line, entry in zip(_lines(text)[1:], sw.stepper.history):
        said = sw.option_text(before, entry.action)
        assert line.get("said", line["text"]).casefold() == said.casefold() and line["text"] == str(entry.action)
        assert ("said" in line) == (said.casefold() != line["text"].casefold())  # not for a capital letter alone
        before = entry.state
    # replay passes the words by: a reader's edit of them still loads, as the game it was
    head, *steps = _lines(text)
    reworded = _text([head, *({**s, "said": "in other words"} for s in steps)])
    other = fresh(key)
    assert other.saving.load(reworded, "reworded.jsonl") is not None
    assert other.stepper.state == sw.stepper.state and other.saving.save() == text
    refused(other, _text([head, {**steps[0], "said": 7}, *steps[1:]]), 2, "(said)", "must be a string")


def test_a_saved_doomtrooper_game_names_its_warriors_by_their_cards():
    """Issue: a saved Doomtrooper game said "#1 attacks #0"; its words name the cards, and
    it loads and replays to the very same file."""
    sw = played("doomtrooper", steps=150)
    text = sw.saving.save()
    lines = _lines(text)[1:]
    numbered = [line for line in lines if re.search(r"#\d", line["text"])]
    assert numbered, "the game should reach a step that names warriors by number"
    assert not [line["said"] for line in lines if re.search(r"#\d", line.get("said", line["text"]))]
    other = fresh("doomtrooper")
    assert other.saving.load(text, "saved.jsonl") is not None
    assert [e.state for e in other.stepper.history] == [e.state for e in sw.stepper.history]
    assert other.saving.save() == text
