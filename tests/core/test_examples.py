"""Live examples (explorer.core.examples, tools/examples.py): a mined example is a
game log cut at the first step citing its section; it replays under the rules it
records, its last step cites the section, and a broken one is refused."""

import importlib.util
import json
from pathlib import Path

import pytest

from explorer.cli_logs import game_logs
from explorer.core import examples as ex
from explorer.core.log import LogError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("examples_tool", ROOT / "tools" / "examples.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture()
def mined(tool, tmp_path, monkeypatch):
    """Two Doom Asylum sections mined from one game per setting, written under a temporary folder."""
    monkeypatch.setattr(ex, "folder", lambda game: tmp_path / game)
    monkeypatch.setitem(tool.CONFIGS, "asylum", [[]])
    best, _ = tool.mine("asylum", 1, {"turn.move", "turn.conflict"})
    tool.write("asylum", best)
    return ex.examples("asylum")


def test_a_mined_example_replays_to_its_section(mined):
    assert set(mined) == {"turn.move", "turn.conflict"}
    for section, example in mined.items():
        st = ex.play(example, game_logs())
        assert ex.cites(st.history[-1], section)
        assert not any(ex.cites(e, section) for e in st.history[:-1])  # the first step citing it
        assert example.how.startswith("mined: asylum")


def test_coverage_counts_the_sections_with_an_example(mined):
    covered, missing = ex.coverage("asylum", ["turn.move", "turn.conflict", "death"])
    assert covered == ["turn.move", "turn.conflict"] and missing == ["death"]


def test_a_changed_example_is_refused(mined, tmp_path):
    example = mined["turn.conflict"]
    lines = example.path.read_text(encoding="utf-8").splitlines()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")  # the citing step cut off
    with pytest.raises(LogError, match="should end at step"):
        ex.play(example._replace(path=cut), game_logs())
    head = json.loads(lines[0])
    del head["example"]
    cut.write_text(json.dumps(head) + "\n", encoding="utf-8")
    with pytest.raises(LogError, match="no complete 'example' note"):
        ex.note_of(cut)


def test_a_section_shown_by_another_is_checked(mined, tmp_path):
    """shown_by.toml (ours): a section with no event of its own names the rule whose example shows it."""
    from explorer.core.data import DataError

    shown = tmp_path / "asylum" / ex.SHOWN_FILE
    known = ["turn.move", "turn.conflict", "overview", "death"]
    shown.write_text('[overview]\nby = "turn.move"\nwhy = "a move of the game the overview describes"\n')
    assert ex.shown_by("asylum", known)["overview"].by == "turn.move"
    assert ex.coverage("asylum", known) == (["turn.move", "turn.conflict", "overview"], ["death"])
    for text, says in (('[overview]\nby = "death"\nwhy = "w"\n', "has no example"),
                       ('["turn.move"]\nby = "turn.conflict"\nwhy = "w"\n', "its own"),
                       ('[nowhere]\nby = "turn.move"\nwhy = "w"\n', "no such section"),
                       ('[overview]\nby = "turn.move"\n', "exactly")):
        shown.write_text(text)
        with pytest.raises(DataError, match=says):
            ex.shown_by("asylum", known)


def test_the_order_of_first_use_comes_from_the_plainest_setting(tool, monkeypatch):
    """Teaching order: sections by their mean first step in the first setting that uses them."""
    monkeypatch.setattr(tool, "rule_sections", lambda game: {"a": 0, "b": 0, "c": 0, "d": 0})
    firsts = {"b": {0: [1, 3]}, "a": {1: [1], 0: [5]}, "c": {2: [0]}}
    assert tool.teaching_order("asylum", firsts) == [("c", 0.0, 1), ("b", 2.0, 2), ("a", 5.0, 1)]


def test_positions_built_by_hand_become_examples(tool, tmp_path, monkeypatch):
    """A section no game reached: built.toml's table, played on, stored with "built: " and,
    for a refusal (Casting Spells of the Art), the action tried there."""
    source = ex.folder("doomtrooper") / tool.BUILT_FILE
    monkeypatch.setattr(ex, "folder", lambda game: tmp_path / game)
    (tmp_path / "doomtrooper").mkdir()
    (tmp_path / "doomtrooper" / tool.BUILT_FILE).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    made = tool.build("doomtrooper", {"personalities.cover", "art.targets", "turn.move"})
    assert set(made) == {"personalities.cover", "art.targets"}
    tool.write("doomtrooper", made)
    stored = ex.examples("doomtrooper")
    assert all(e.built and e.how.startswith("built: set up by hand") for e in stored.values())
    assert stored["personalities.cover"].kind == "event" and stored["personalities.cover"].tried is None
    refusal = stored["art.targets"]
    assert refusal.kind == "refused" and refusal.tried["type"] == "Play"
    st = ex.play(refusal, game_logs())  # no "why not?" list needed: the note names the action tried
    assert json.loads(refusal.path.read_text(encoding="utf-8").splitlines()[0])["setup"].keys() == {"table"}
    with pytest.raises(LogError, match="no longer refuses"):
        ex.play(refusal._replace(tried={**refusal.tried, "caster": 0}), game_logs())
    assert st.state.phase.value == "combat"
