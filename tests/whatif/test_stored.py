"""Results kept in a file: a comparison written once and read back while the rules code
and data are unchanged (their fingerprint), as a sweep's are; the evidence the designer's
page reads is current."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from explorer import whatif
from explorer.whatif import jobs as runner
from explorer.whatif.stored import fingerprint

DESIGNER = Path(__file__).resolve().parents[2] / "notebooks" / "designer"
RUN = dict(games=6, seed=1, scheduler="serial", progress=False)


@pytest.fixture
def played(monkeypatch):
    """The jobs played during a test (each a few games of one variant)."""
    jobs = []
    real = runner.play_job
    monkeypatch.setattr(runner, "play_job", lambda job: jobs.append(job) or real(job))
    return jobs


@pytest.mark.parametrize("name", ["c.parquet", "c.csv"])
def test_a_comparison_is_written_once_and_read_back(tmp_path, played, name):
    out = tmp_path / name
    first = whatif.compare("asylum", {"maneuver_target": 7}, out=out, **RUN)
    assert played and len(pd.read_parquet(out) if name.endswith("parquet") else pd.read_csv(out)) == len(first)
    played.clear()
    again = whatif.compare("asylum", {"maneuver_target": 7}, out=out, **RUN)
    assert played == []  # read back, not played
    pd.testing.assert_frame_equal(first, again)
    assert again.attrs == first.attrs


def test_a_stored_comparison_from_other_rules_is_played_again(tmp_path, played):
    out = tmp_path / "c.csv"
    fresh = whatif.compare("asylum", {"maneuver_target": 7}, out=out, **RUN)
    stale = pd.read_csv(out)
    stale["fingerprint"], stale["diff"] = "0000", 0.987
    stale.to_csv(out, index=False)
    played.clear()
    again = whatif.compare("asylum", {"maneuver_target": 7}, out=out, **RUN)
    assert played and (again["diff"] == fresh["diff"]).all()
    assert set(pd.read_csv(out)["fingerprint"]) == {fingerprint("asylum")}


@pytest.mark.parametrize("change, says", [(dict(seed=2), "seed"), (dict(games=7), "games"),
                                          (dict(spec={"maneuver_target": 9}), "variant_rules"),
                                          (dict(players=3), "setting:players")])
def test_a_file_holding_another_comparison_is_refused_not_overwritten(tmp_path, played, change, says):
    out = tmp_path / "c.parquet"
    whatif.compare("asylum", {"maneuver_target": 7}, out=out, **RUN)
    before = out.read_bytes()
    played.clear()
    call = {**RUN, "spec": {"maneuver_target": 7}, **change}
    with pytest.raises(ValueError, match=says):
        whatif.compare("asylum", call.pop("spec"), out=out, **call)
    assert played == [] and out.read_bytes() == before


def test_a_file_that_is_not_a_comparison_is_refused_before_any_game(tmp_path, played):
    out = tmp_path / "other.csv"
    out.write_text("a,b\n1,2\n")
    with pytest.raises(ValueError, match="holds no comparison"):
        whatif.compare("asylum", {"maneuver_target": 7}, out=out, **RUN)
    with pytest.raises(ValueError, match="a .parquet or .csv file"):
        whatif.compare("asylum", {"maneuver_target": 7}, out=tmp_path / "c.txt", **RUN)
    assert played == [] and out.read_text() == "a,b\n1,2\n"


def test_the_designer_page_s_comparison_is_current():
    """The comparison the what-if page reads (regenerate: delete the file and run the notebook)."""
    stored = pd.read_parquet(DESIGNER / "maneuver_target_7.parquet")
    assert set(stored["fingerprint"]) == {fingerprint("asylum")}, "stale evidence: delete the file, rerun the notebook"
    assert set(stored["games"]) == {300} and set(stored["variant_rules"]) == {"maneuver_target=7: maneuver_target = 7"}


def test_a_stored_comparison_is_of_a_fixed_size(tmp_path):
    """A sequential comparison stops when it knows: its games are not a fixed run to keep."""
    with pytest.raises(ValueError, match="give out or until, not both"):
        whatif.compare("asylum", {"maneuver_target": 7}, out=tmp_path / "c.parquet", until=0.05, **RUN)
    assert not (tmp_path / "c.parquet").exists()


def test_a_recorded_run_is_read_whatever_code_played_it(tmp_path):
    """A bench run too long to play on a page is read back as recorded, and says whether the
    rules code it was played with is still today's (a page says so instead of playing it again)."""
    from explorer.whatif.report import endings_text
    from explorer.whatif.stored import recorded, write_rows

    out = tmp_path / "endings.parquet"
    whatif.sweep("doomtrooper", {"variant": ["standard", "limited_resources"]}, games=2, seed=1, out=out,
                 scheduler="serial", progress=False)
    frame = recorded(out)
    assert frame.attrs == {"game": "doomtrooper", "current": True, "commit": ""}
    text = endings_text(frame)
    assert text.splitlines()[0].split() == ["variant", "players", "turns", "how", "the", "games", "ended"]
    assert "limited resources  2" in text and "2 games: actions spent 2" in text
    rows = frame.to_dict("records")
    for r in rows:
        r["fingerprint"], r["commit"] = "0" * 16, "abc1234"
    write_rows(out, rows)
    assert recorded(out).attrs == {"game": "doomtrooper", "current": False, "commit": "abc1234"}
    with pytest.raises(ValueError, match="no recorded run"):
        recorded(tmp_path / "missing.parquet")
