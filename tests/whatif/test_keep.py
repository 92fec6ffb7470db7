"""Every designer's run keeps its table with ``out=`` (:func:`explorer.whatif.stored.keep`):
skill against luck, the seat or the deck and the cards that win, as a comparison and the
stakes do.  Written once, read back without a game played while the code and data play it
alike, played again when they play otherwise, and a file of another run refused by name."""

import sys

import pandas as pd
import pytest

from explorer import whatif
from explorer.whatif.probe import row_rules
from explorer.whatif.stored import row_states

#: each kind of run: its call, a column of numbers to spoil in the file, and a change of run with what is refused
RUNS = {
    "skill": (lambda out, **kw: whatif.skill("doomtrooper", **{**dict(games=3, seed=2, variant={"dice": "2d6"},
                                                                      scheduler="serial", progress=False), **kw},
                                             out=out),
              "wins", {"weak": "greedy"}, "setting:weak = 'random', not 'greedy'"),
    "seat-or-deck": (lambda out, **kw: whatif.seat_or_deck("doomtrooper", **{**dict(
        games=3, seed=2, variant={"dice": "2d6"}, scheduler="serial", progress=False), **kw}, out=out),
                     "wins", {"games": 4}, "run_games = 3, not 4"),
    "cards": (lambda out, **kw: whatif.card_stats("victorian", **{**dict(games=3, seed=2, ablate=1,
                                                                         variant={"new_day_draw": 2},
                                                                         scheduler="serial", progress=False), **kw},
                                                  out=out),
              "win_drawn", {"ablate": 2}, "ablate = '?1'?, not '2'"),
}


@pytest.fixture
def games_played(played, monkeypatch):
    """The jobs played during a test, the cards' jobs too (not the probe games that check a stamp)."""
    module = sys.modules["explorer.whatif.card_stats"]  # (the package's card_stats is the function)
    real = module.play_card_job
    monkeypatch.setattr(module, "play_card_job", lambda job: played.append(job) or real(job))
    return lambda: [job for job in played if job.seed != "probe"]


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
@pytest.mark.parametrize("kind", list(RUNS))
def test_a_designer_s_run_is_kept_read_back_and_played_again_when_the_code_plays_otherwise(tmp_path, games_played,
                                                                                          kind, suffix):
    call, column, other, refused = RUNS[kind]
    out = tmp_path / f"run{suffix}"
    first = call(out)
    read = pd.read_parquet if suffix == ".parquet" else pd.read_csv
    rows = read(out).to_dict("records")
    assert games_played() and len(rows) == len(first) and set(row_states(rows)) == {"current"}
    assert {r["run"] for r in rows} == {kind} and row_rules(rows[0])[0] != {}  # the probe games play its variant

    before = len(games_played())
    again = call(out)
    assert len(games_played()) == before  # read back: no game played
    pd.testing.assert_frame_equal(first, again)
    assert again.attrs == first.attrs

    spoiled = read(out)
    spoiled["fingerprint"], spoiled["behaviour"], spoiled[column] = "0000", "f" * 16, 0.987
    spoiled.to_parquet(out, index=False) if suffix == ".parquet" else spoiled.to_csv(out, index=False)
    fresh = call(out)
    assert len(games_played()) > before  # played again, and the file holds today's numbers
    pd.testing.assert_frame_equal(first, fresh)
    pd.testing.assert_frame_equal(first, call(out))

    with pytest.raises(ValueError, match=f"run{suffix} holds .* with {refused}: use another output file"):
        call(out, **other)


def test_an_out_file_that_cannot_be_written_is_refused_before_any_game(tmp_path, games_played):
    for kind, (call, *_) in RUNS.items():
        with pytest.raises(ValueError, match="write results to a .parquet or .csv file"):
            call(tmp_path / "run.txt")
        with pytest.raises(ValueError, match="does not exist"):
            call(tmp_path / "no" / "run.csv")
    assert games_played() == []


def test_a_bad_number_of_cards_to_ablate_is_refused_before_any_game(games_played):
    with pytest.raises(ValueError, match="ablate is a number of cards"):
        whatif.card_stats("victorian", games=3, ablate=-1, scheduler="serial", progress=False)
    assert games_played() == []


@pytest.mark.parametrize("argv", [
    ["skill", "doomtrooper", "--games", "2"],
    ["stakes", "doomtrooper", "--games", "2", "--seats", "1"],
    ["seat-or-deck", "doomtrooper", "--games", "2"],
    ["cards", "victorian", "--games", "2", "--ablate", "1", "--top", "2"],
    ["compare", "asylum", "--games", "4", "--variant", "VARIANT"],
])
def test_each_what_if_command_keeps_its_table_with_out_and_reads_it_back(tmp_path, capsys, games_played, argv):
    from explorer.cli import main

    variant = tmp_path / "v.toml"
    variant.write_text('name = "target 7"\n[overrides]\nmaneuver_target = 7\n')
    argv = [str(variant) if a == "VARIANT" else a for a in argv] + ["--scheduler", "serial"]
    out = tmp_path / "kept.parquet"
    assert main(argv + ["--out", str(out)]) == 0
    first, before = capsys.readouterr().out, len(games_played())
    assert before and out.exists()
    assert main(argv + ["--out", str(out)]) == 0
    assert capsys.readouterr().out == first and len(games_played()) == before  # read back: no game played
    assert main(argv + ["--out", str(tmp_path / "kept.txt")]) == 2
    assert "write results to a .parquet or .csv file" in capsys.readouterr().err
    assert len(games_played()) == before


def test_the_compare_command_keeps_a_run_of_a_fixed_size_only(tmp_path, capsys, games_played):
    from explorer.cli import main

    variant = tmp_path / "v.toml"
    variant.write_text('name = "target 7"\n[overrides]\nmaneuver_target = 7\n')
    argv = ["compare", "asylum", "--variant", str(variant), "--until", "0.05", "--out", str(tmp_path / "c.parquet")]
    assert main(argv) == 2
    assert "give --out or --until, not both" in capsys.readouterr().err and games_played() == []


def test_a_file_of_another_kind_of_run_is_refused_by_its_kind_before_any_game(tmp_path, games_played):
    """A comparison's file given to skill, the stakes' to a comparison, a sweep's to the cards:
    each refused naming what the file holds and what was asked, and nothing played."""
    out = tmp_path / "run.parquet"
    whatif.compare("asylum", {"maneuver_target": 7}, games=2, seed=1, scheduler="serial", progress=False, out=out)
    before = len(games_played())
    with pytest.raises(ValueError, match="run.parquet holds a comparison, not skill against luck: use another"):
        whatif.skill("asylum", games=2, out=out, scheduler="serial", progress=False)
    with pytest.raises(ValueError, match="run.parquet holds a comparison, not a sweep: use another"):
        whatif.sweep("asylum", {"maneuver_target": [7]}, games=2, out=out, scheduler="serial", progress=False)
    assert len(games_played()) == before


def test_stakes_kept_before_rows_said_their_kind_are_read_back(tmp_path, games_played):
    run = dict(games=2, seed=1, seats=1, scheduler="serial", progress=False, out=tmp_path / "stakes.parquet")
    first = whatif.stakes("doomtrooper", **run)
    older = pd.read_parquet(run["out"]).drop(columns="run")  # as an earlier version wrote it
    older.to_parquet(run["out"], index=False)
    before = len(games_played())
    pd.testing.assert_frame_equal(first, whatif.stakes("doomtrooper", **run))
    assert len(games_played()) == before


@pytest.mark.parametrize("kind", ["skill", "sweep"])
def test_current_kept_runs_are_read_from_a_folder_that_cannot_be_written(tmp_path, monkeypatch, games_played, kind):
    """A read-only install: a page's kept runs that are current are read back; one that
    must be played again is refused before any game, saying the file cannot be written."""
    from pathlib import Path

    out = tmp_path / "run.parquet"
    run = dict(games=2, seed=1, scheduler="serial", progress=False, out=out)
    call = {"skill": lambda: whatif.skill("doomtrooper", **run),
            "sweep": lambda: whatif.sweep("asylum", {"maneuver_target": [7]}, **run)}[kind]
    first = call()

    def refused(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "touch", refused)  # (as root, a folder's mode does not stop a write)
    before = len(games_played())
    pd.testing.assert_frame_equal(first, call())
    stale = pd.read_parquet(out)
    stale["fingerprint"], stale["behaviour"] = "0000", "f" * 16
    stale.to_parquet(out, index=False)
    with pytest.raises(ValueError, match="cannot write .*run.parquet.*Permission denied"):
        call()
    assert len(games_played()) == before
    with pytest.raises(ValueError, match="cannot write .*new.parquet.*Permission denied"):
        whatif.skill("doomtrooper", **{**run, "out": tmp_path / "new.parquet"})


def test_a_stale_file_of_another_run_is_refused_not_written_over(tmp_path, games_played):
    out = tmp_path / "cards.csv"
    run = dict(games=2, seed=1, ablate=1, scheduler="serial", progress=False, out=out)
    whatif.card_stats("victorian", **run)
    stale = pd.read_csv(out)
    stale["fingerprint"], stale["behaviour"] = "0000", "f" * 16
    stale.to_csv(out, index=False)
    before, text = len(games_played()), out.read_text()
    with pytest.raises(ValueError, match="cards.csv holds cards that win with seed = 1, not '2'"):
        whatif.card_stats("victorian", **{**run, "seed": 2})
    assert out.read_text() == text and len(games_played()) == before


def test_a_comparison_kept_before_the_changed_games_were_counted_reads_back_with_them_unknown(tmp_path, games_played):
    """A kept comparison is read back with its counts of changed games; a file written before
    they were counted still reads back, the counts unknown (a dash), never said to be unused."""
    from explorer.whatif.report import compare_text

    run = dict(games=6, seed=1, scheduler="serial", progress=False, out=tmp_path / "c.parquet")
    first = whatif.compare("asylum", {"maneuver_target": 6}, **run)
    again = whatif.compare("asylum", {"maneuver_target": 6}, **run)
    pd.testing.assert_frame_equal(first, again)
    assert again.attrs == first.attrs and "unused" in first.attrs
    older = pd.read_parquet(run["out"]).drop(columns="changed")  # as an earlier version wrote it
    older.to_parquet(run["out"], index=False)
    before = len(games_played())
    old = whatif.compare("asylum", {"maneuver_target": 6}, **run)
    assert len(games_played()) == before and old["changed"].isna().all() and "unused" not in old.attrs
    text = compare_text(old)
    assert "—" in text.splitlines()[2] and "altered nothing" not in text
