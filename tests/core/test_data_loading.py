"""Game-neutral data loading: every unreadable file, bad range or missing
summary is a DataError naming the file (and the entry and field where there
is one), never a traceback."""

from __future__ import annotations

import os
import types

import pytest
from pydantic import BaseModel, ConfigDict

from explorer.core.data import (
    DataError,
    Range,
    cached_file,
    check_range,
    companion,
    read_range,
    read_toml,
    validate_entries,
)
from explorer.core.events import RuleRef
from explorer.core.rulebook import cited, require, sections


def test_read_toml_names_the_file_for_every_unreadable_case(tmp_path):
    path = tmp_path / "x.toml"
    with pytest.raises(DataError, match="file not found") as err:
        read_toml(path)
    assert err.value.file == str(path)
    path.write_bytes(b'a = 1\nb = "caf\xe9"\n')
    with pytest.raises(DataError, match=r"not UTF-8 text: byte 0xe9 at line 2, column 9"):
        read_toml(path)
    path.write_text("a = ")
    with pytest.raises(DataError, match="not valid TOML"):
        read_toml(path)
    with pytest.raises(DataError, match="is a folder"):
        read_toml(tmp_path)
    path.write_text("")
    assert read_toml(path) == {}


def test_ranges_are_read_and_checked(tmp_path):
    assert read_range({"min": 1, "max": 6}, "f.toml", "e", "x") == Range(1, 6)
    for raw, field, words in [
        ({"min": 4, "max": 2}, "x.max", "empty"),
        ({"min": 1}, "x.max", "missing"),
        ({"min": 1, "max": 6, "step": 2}, "x.step", "Extra"),
        ({"min": 1.5, "max": 6}, "x.min", "integer"),
        (7, "x", "expected a range"),
        ({"min": 0, "max": 6}, "x.min", "below 1"),
        ({"min": 1, "max": 9}, "x.max", "above 6"),
    ]:
        with pytest.raises(DataError) as err:
            read_range(raw, "f.toml", "e", "x", floor=1, ceiling=6)
        assert (err.value.entry, err.value.field) == ("e", field) and words in err.value.problem, raw
    assert 3 in Range(1, 6) and 7 not in Range(1, 6) and True not in Range(0, 6) and str(Range(1, 6)) == "1..6"
    assert check_range(3, Range(1, 6), "f.toml", "e", "x") == 3
    with pytest.raises(DataError, match=r"allowed 1\.\.6"):
        check_range(9, Range(1, 6), "f.toml", "e", "x")


class _Named(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str


@pytest.mark.parametrize("names, entry, words", [
    (["A", ""], "#2", "empty name"),
    (["A", "  "], "#2", "empty name"),
    (["A", " B"], " B", "spaces"),
    (["Oscar", "oscar"], "oscar", "duplicate name 'oscar' (entry #1 has it)"),
])
def test_entry_names_are_not_empty_and_unique(names, entry, words):
    with pytest.raises(DataError) as err:
        validate_entries(_Named, [{"name": n} for n in names], "f.toml")
    assert err.value.entry == entry and err.value.field == "name" and words in err.value.problem


def test_cached_file_follows_every_file_it_depends_on(tmp_path):
    """A loader over two files is re-run when either changes."""
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("1")
    b.write_text("2")
    calls = []

    @cached_file
    def load(p, q):
        calls.append(1)
        return p.read_text() + q.read_text()

    assert load(a, b) == "12" and load(a, b) == "12" and len(calls) == 1
    b.write_text("3")
    os.utime(b, ns=(1, 10**18))
    assert load(a, b) == "13" and len(calls) == 2


def test_companion_prefers_the_file_beside(tmp_path, monkeypatch):
    monkeypatch.setenv("EXPLORER_DATA", str(tmp_path / "data"))
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "villains.toml").write_text("")
    assert companion(tmp_path / "mine" / "rules.toml", "asylum", "villains.toml") == tmp_path / "mine" / "villains.toml"
    assert companion(tmp_path / "rules.toml", "asylum", "villains.toml") == tmp_path / "data" / "asylum" / "villains.toml"


def test_require_names_the_summaries_file_and_the_missing_section(tmp_path):
    """Every section the code cites must have a summary; checked at load."""
    path = tmp_path / "game.toml"
    path.write_text('[turn]\nheading = "Turns"\nsummary = "One move."\n[turn.end]\nheading = "Turns"\nsummary = "Done."\n')
    module = types.SimpleNamespace(A=RuleRef("game", "turn"), B=RuleRef("game", "turn.end"),
                                   C=RuleRef("other", "x"), D="turn.start")
    ids = cited(module, "game")
    assert ids == ("turn", "turn.end")
    require("game", ids, path)
    assert set(sections("game", path)) == {"turn", "turn.end"}
    with pytest.raises(DataError) as err:
        require("game", ids + ("turn.start", "turn.cap"), path)
    e = err.value
    assert (e.file, e.entry, e.field) == (str(path), "turn.start", "summary")
    assert "which the game code cites" in e.problem and "turn.cap" in e.problem


def test_a_notebook_cell_stopped_by_a_data_file_shows_where_it_is_wrong_and_no_traceback(tmp_path, monkeypatch):
    """A notebook (and the app, which shows a cell's error output as the kernel gives
    it) shows a bad data file as the file, the entry and the field, with what to do,
    not a Python traceback: IPython displays an exception's ``_render_traceback_``."""
    import shutil

    import nbformat
    from nbclient import NotebookClient

    from explorer.cli import app_command
    from explorer.core.data import data_dir

    copy = tmp_path / "data"
    shutil.copytree(data_dir(), copy)
    heroes = copy / "victorian" / "heroes.toml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("fight = 2", 'fight = "two"', 1), encoding="utf-8")
    monkeypatch.setenv("EXPLORER_DATA", str(copy))
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "from explorer.ui.victorian.odds import AttackOdds\nAttackOdds()")])
    NotebookClient(nb, kernel_name="python3", allow_errors=True, timeout=120).execute()
    (error,) = [o for o in nb.cells[0].outputs if o.output_type == "error"]
    assert error.traceback[0].startswith(f"A data file is wrong: {heroes}, entry '")
    assert "field 'fight': Input should be a valid integer (got 'two')" in error.traceback[0]
    assert "reload the page" in error.traceback[1] and len(error.traceback) == 2
    assert "--VoilaConfiguration.show_tracebacks=True" in app_command(8888)  # the app shows it as given
