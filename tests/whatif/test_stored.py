"""Results kept in a file: a comparison written once and read back while the rules code
and data are unchanged (their fingerprint), as a sweep's are; the evidence the designer's
page reads is current."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from explorer import whatif
from explorer.whatif import jobs as runner
from explorer.whatif.stored import fingerprint, row_fingerprint

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
    kept = pd.read_csv(out)
    assert set(kept["fingerprint"]) == {row_fingerprint(kept.iloc[0].to_dict())}


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
    current = row_fingerprint(stored.iloc[0].to_dict())
    assert set(stored["fingerprint"]) == {current}, "stale evidence: delete the file, rerun the notebook"
    assert set(stored["games"]) == {300} and set(stored["variant_rules"]) == {"maneuver_target = 7"}


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


def test_only_a_run_that_seats_the_search_bot_depends_on_the_search_code(tmp_path, monkeypatch):
    """Greedy and random games never run a ``search.py``: a change to the search leaves
    their stored results current, while a run with a search seat is out of date."""
    import explorer.whatif.stored as stored

    greedy, searching = {"policy": "greedy"}, {"policy": "greedy,search:8,greedy,greedy"}
    before = fingerprint("asylum", greedy), fingerprint("asylum", searching), fingerprint("asylum")
    root = tmp_path / "explorer"
    for part in ("asylum", "core", "whatif"):
        (root / part).mkdir(parents=True)
    real = Path(stored.__file__).resolve().parents[1]
    for part in ("asylum", "core"):
        for f in (real / part).rglob("*.py"):
            target = root / part / f.relative_to(real / part)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(f.read_bytes())
    (root / "asylum" / "search.py").write_text("# tuned\n", encoding="utf-8")
    monkeypatch.setattr(stored, "__file__", str(root / "whatif" / "stored.py"))
    after = fingerprint("asylum", greedy), fingerprint("asylum", searching), fingerprint("asylum")
    assert after[0] == before[0]
    assert after[1] != before[1] and after[2] != before[2]
