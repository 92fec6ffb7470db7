"""Results kept in a file: a comparison written once and read back while the rules code
and data are unchanged (their fingerprint), as a sweep's are; the evidence the designer's
page reads is current."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from explorer import whatif
from explorer.whatif.stored import fingerprint, row_fingerprint, row_states

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
DESIGNER = NOTEBOOKS / "designer"
#: every kept run beside a page, by its path under notebooks/
KEPT = sorted(p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.rglob("*.parquet"))
RUN = dict(games=6, seed=1, scheduler="serial", progress=False)


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
    stale["fingerprint"], stale["behaviour"], stale["diff"] = "0000", "f" * 16, 0.987  # code that played otherwise
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
    assert "stale" not in row_states(stored.to_dict("records")), "stale evidence: delete the file, rerun the notebook"
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
    # each variant by the rulebook's heading for it (the basic rules by our own words)
    assert "Limited Resources            2" in text and "2 games: actions spent 2" in text
    assert text.splitlines()[1].startswith("the basic game (no variant) ")
    # the variants page's table: who won too, every win counted once per winner
    from explorer.ui.whatif import endings_table
    from explorer.whatif.readout import seat_labels
    from explorer.whatif.report import who_wins
    table = endings_table(frame)
    assert table.header == ["variant", "players", "turns", "who wins", "how the games ended"]
    assert table.numeric == {1, 2}  # the counts right, the words left
    for r, row in zip(frame.to_dict("records"), table.rows):
        assert row[3] == who_wins(r, seat_labels("doomtrooper", frame)) and row[3].startswith("seat")
        for seat in range(int(r["seats"])):  # each seat's share and count, alone or with its equals
            p = r[f"win_seat_{seat}"]
            assert f"{100 * p:.0f}% ({round(p * r['games'])})" in row[3]
    rows = frame.to_dict("records")
    for r in rows:
        r["fingerprint"], r["commit"] = "0" * 16, "abc1234"
    write_rows(out, rows)
    assert recorded(out).attrs == {"game": "doomtrooper", "current": True, "commit": "abc1234"}  # plays alike
    write_rows(out, [{**r, "behaviour": "f" * 16} for r in rows])  # code that played otherwise
    assert recorded(out).attrs == {"game": "doomtrooper", "current": False, "commit": "abc1234"}
    with pytest.raises(ValueError, match="no recorded run"):
        recorded(tmp_path / "missing.parquet")


def copied_code(tmp_path: Path, monkeypatch) -> Path:
    """Doom Asylum's rules code and the core copied under ``tmp_path``, and the
    fingerprints taken of the copy from now on: its ``explorer`` folder, to edit."""
    import explorer.whatif.fingerprint as stored

    root, real = tmp_path / "explorer", Path(stored.__file__).resolve().parents[1]
    for part in ("asylum", "core"):
        for f in (real / part).rglob("*.py"):
            target = root / part / f.relative_to(real / part)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(f.read_bytes())
    (root / "whatif").mkdir()
    monkeypatch.setattr(stored, "__file__", str(root / "whatif" / "fingerprint.py"))
    return root


def test_only_a_run_that_seats_the_search_bot_depends_on_the_search_code(tmp_path, monkeypatch):
    """Greedy and random games never run a ``search.py``: a change to the search leaves
    their stored results current, while a run with a search seat is out of date."""
    greedy, searching = {"policy": "greedy"}, {"policy": "greedy,search:8,greedy,greedy"}
    before = fingerprint("asylum", greedy), fingerprint("asylum", searching), fingerprint("asylum")
    (copied_code(tmp_path, monkeypatch) / "asylum" / "search.py").write_text("# tuned\n", encoding="utf-8")
    after = fingerprint("asylum", greedy), fingerprint("asylum", searching), fingerprint("asylum")
    assert after[0] == before[0]
    assert after[1] != before[1] and after[2] != before[2]


def test_the_search_bench_is_what_the_search_does_not_how_it_is_written(monkeypatch):
    """Section: kept results.  The search bench of a kept search run stays as it was when
    the search is made faster but decides alike (rollouts that build each step's events
    and throw them away, as the search once did), and changes with a new setting of the
    bot or a new way of judging a cut game."""
    import explorer.asylum.search as asylum_search
    from explorer.core.search import SearchBot
    from explorer.whatif.probe import search_bench

    before = search_bench("asylum")

    def slow_roll_out(self, game, state, chance):
        rng = chance.rng
        for _ in range(self.max_steps):
            dec = game.decision(state)
            if dec is None:
                break
            action = dec.options[0] if len(dec.options) == 1 else self._rollout_choice(game, state, dec, rng)
            state = game.resolve(state, action, chance).state
        return state, game.result(state)

    with monkeypatch.context() as m:
        m.setattr(SearchBot, "_roll_out", slow_roll_out)
        assert search_bench("asylum") == before
    with monkeypatch.context() as m:
        m.setattr(asylum_search, "HORIZON", asylum_search.HORIZON + 1)  # cut a step later
        assert search_bench("asylum") != before
    with monkeypatch.context() as m:
        m.setattr(asylum_search, "progress", lambda game, party: 0.0)  # every cut game even
        assert search_bench("asylum") != before
    assert search_bench("asylum") == before


# -- kept results stamped with what their code does (the probe games) ------------------------------------------


def changed_code(path: Path) -> list[dict]:
    """The rows kept in ``path`` as if the code had changed since they were written."""
    from explorer.whatif.stored import read_rows, write_rows

    rows = read_rows(path).to_dict("records")
    write_rows(path, [{**r, "fingerprint": "0" * 16} for r in rows])
    return rows


def test_the_probe_games_play_the_run_s_own_rules_with_the_search_in_each_seat():
    from explorer.whatif.probe import probes

    labels = [label for label, _, _ in probes("doomtrooper", {"variant": "front_lines"}, search=True)]
    assert labels == ["greedy", "random"] + [f"search:2 in seat {k}" for k in range(4)]
    assert [s["players"] for _, s, _ in probes("asylum", {}, {"players": 3})] == [3, 3]


@pytest.mark.parametrize("name", KEPT)
def test_every_kept_row_s_rules_are_read_back_as_the_variant_it_played(name):
    """A kept row's probe games play its own rules: a comparison's base and variant, a
    skill run's variant, a sweep's point, each a variant the game accepts."""
    from explorer.whatif.probe import row_rules, row_settings
    from explorer.whatif.variants import check, variant

    for row in pd.read_parquet(NOTEBOOKS / name).to_dict("records"):
        rules = row_rules(row)
        for one in rules:
            check(row["game"], variant(one))
        if "variant_rules" in row:
            assert variant(rules[1]).describe() == row["variant_rules"]
        elif "strong" in row:
            assert variant(rules[0]).describe() == row["variant"]
        assert set(row_settings(row)) <= {"players", "masterminds", "decks"}


def test_the_probe_hash_is_the_same_in_another_process_and_hash_seed():
    """A stamp made on one machine is read on another: the probe games hash alike
    whatever Python's hash seed (the games replay byte for byte)."""
    import os
    import subprocess
    import sys

    from explorer.whatif.probe import behaviour

    code = ("from explorer.whatif.probe import signature; "
            "print(signature('doomtrooper', [{'dice': '2d6'}], search=True))")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root,
                         env={**os.environ, "PYTHONHASHSEED": "7", "PYTHONPATH": str(root)}).stdout.strip()
    assert out == behaviour("doomtrooper", [{"dice": "2d6"}], search=True)


def test_the_probe_games_see_a_change_in_play_under_the_run_s_own_rules(monkeypatch):
    """Code that plays differently under a run's rules hashes differently; a change to
    rules the run does not play leaves its hash as it was (here: maneuver target 9
    played as 10 changes the hash of a run of target 9, not of target 7)."""
    from explorer.games import spec
    from explorer.whatif.probe import behaviour, signature

    assert behaviour("asylum") != behaviour("asylum", search=True)
    assert behaviour("asylum", [{"maneuver_target": 7}]) != behaviour("asylum", [{"maneuver_target": 9}])
    metrics = spec("asylum").metrics
    real = metrics.game_for
    monkeypatch.setattr(metrics, "game_for", lambda o: real({**o, "maneuver_target": 10}
                                                          if (o or {}).get("maneuver_target") == 9 else o))
    assert signature("asylum", [{"maneuver_target": 9}]) != behaviour("asylum", [{"maneuver_target": 9}])
    assert signature("asylum", [{"maneuver_target": 7}]) == behaviour("asylum", [{"maneuver_target": 7}])


def test_a_change_to_how_the_search_searches_is_a_change_for_a_run_that_seats_it(monkeypatch):
    """Two playouts a decision cannot tell a new exploration constant: a search run's
    hash takes the search bench too; a greedy run's does not."""
    import explorer.whatif.probe as probe
    from explorer.whatif.probe import behaviour, signature

    kept = behaviour("asylum", search=True)  # the hash of today's code (kept for the process)
    monkeypatch.setattr(probe, "_bench", lambda game, code: "tuned")
    assert signature("asylum", search=True) != kept == behaviour("asylum", search=True)
    assert signature("asylum") == behaviour("asylum")


def test_a_kept_run_whose_code_changed_but_plays_alike_stays_current(tmp_path):
    """Section: kept results.  Stamped rows stay current after a change to the code that
    plays the probe games alike; a stamp today's code does not play is stale; an
    unstamped row of other code is stale as before."""
    from explorer.whatif.stored import read_rows, recorded, stamp, write_rows

    out = tmp_path / "endings.parquet"
    whatif.sweep("asylum", {"maneuver_target": [7, 9]}, games=2, seed=1, out=out, scheduler="serial",
                 progress=False)
    write_rows(out, [{k: v for k, v in r.items() if k != "behaviour"} for r in read_rows(out).to_dict("records")])
    unstamped = changed_code(out)  # a file of code older than the stamp
    assert recorded(out).attrs["current"] is False
    write_rows(out, unstamped)
    assert stamp(out) == {"stamped": 2, "alike": 0, "stale": 0}
    once = out.read_bytes()
    assert stamp(out) == {"stamped": 2, "alike": 0, "stale": 0} and out.read_bytes() == once  # nothing to write
    rows = changed_code(out)
    assert row_states(read_rows(out).to_dict("records")) == ["alike", "alike"] and recorded(out).attrs["current"]
    assert stamp(out) == {"stamped": 0, "alike": 2, "stale": 0}
    assert read_rows(out).to_dict("records") == rows  # today's fingerprint again, every number as it was
    write_rows(out, [{**r, "fingerprint": "0" * 16, "behaviour": "f" * 16} for r in rows])
    assert list(recorded(out)["current"]) == [False, False]
    assert stamp(out) == {"stamped": 0, "alike": 0, "stale": 2}


def test_a_sweep_and_a_comparison_stamped_alike_are_read_back_not_played(tmp_path, played):
    from explorer.whatif.stored import stamp

    sweep_out, compare_out = tmp_path / "s.parquet", tmp_path / "c.csv"
    first = whatif.sweep("asylum", {"maneuver_target": [7]}, out=sweep_out, **RUN)
    fresh = whatif.compare("asylum", {"maneuver_target": 7}, out=compare_out, **RUN)
    for out in (sweep_out, compare_out):
        stamp(out)
        changed_code(out)
    played.clear()
    again = whatif.sweep("asylum", {"maneuver_target": [7]}, out=sweep_out, **RUN)
    kept = whatif.compare("asylum", {"maneuver_target": 7}, out=compare_out, **RUN)
    assert played == []
    assert again["win_seat_0"].tolist() == first["win_seat_0"].tolist() and (kept["diff"] == fresh["diff"]).all()


def test_a_sweep_and_a_comparison_are_stamped_as_they_are_written(tmp_path, played):
    """Section: kept results.  A designer's own file needs no ``kept --stamp``: each row is
    written with the hash of its probe games, so a change to the code that plays them
    alike reads it back; the frames returned leave the stamp out."""
    from explorer.whatif.stored import read_rows, row_behaviour

    sweep_out, compare_out = tmp_path / "s.parquet", tmp_path / "c.csv"
    first = whatif.sweep("asylum", {"maneuver_target": [7, 9]}, out=sweep_out, **RUN)
    fresh = whatif.compare("asylum", {"maneuver_target": 7}, out=compare_out, **RUN)
    for out in (sweep_out, compare_out):
        rows = read_rows(out).to_dict("records")
        assert [r["behaviour"] for r in rows] == [row_behaviour(r) for r in rows] and rows[0]["behaviour"]
        changed_code(out)
    played.clear()
    again = whatif.sweep("asylum", {"maneuver_target": [7, 9]}, out=sweep_out, **RUN)
    kept = whatif.compare("asylum", {"maneuver_target": 7}, out=compare_out, **RUN)
    assert played == []
    pd.testing.assert_frame_equal(again.drop(columns="fingerprint"), first.drop(columns="fingerprint"))
    assert "behaviour" not in first.columns and list(kept.columns) == list(fresh.columns)
    assert (kept["diff"] == fresh["diff"]).all()


def test_a_sweep_plays_again_only_its_points_that_play_otherwise(tmp_path, played):
    """A kept sweep whose code changed for one point (a fix to the variant it plays) plays
    that point again and reads back the others (each row is judged by its own stamp)."""
    from explorer.whatif.stored import read_rows, write_rows

    out = tmp_path / "s.parquet"
    first = whatif.sweep("asylum", {"maneuver_target": [7, 9]}, out=out, **RUN)
    rows = read_rows(out).to_dict("records")
    rows[1].update(fingerprint="0" * 16, behaviour="f" * 16, turns=99.0)  # 9: played otherwise
    write_rows(out, rows)
    played.clear()
    again = whatif.sweep("asylum", {"maneuver_target": [7, 9]}, out=out, **RUN)
    assert {dict(job.overrides)["maneuver_target"] for job in played} == {9}
    assert again["turns"].tolist() == first["turns"].tolist() and 99.0 not in read_rows(out)["turns"].tolist()


def test_a_sweep_on_a_base_is_read_back_only_on_that_base(tmp_path, played):
    """A sweep's ``base`` is part of what it played: a file swept on one base is not
    read back for another (or for none), and its stamp plays the base's rules too."""
    from explorer.whatif.probe import row_rules
    from explorer.whatif.stored import read_rows

    out, base = tmp_path / "s.csv", {"maneuver_target": 9, "vp_maneuver": 10}
    on_base = whatif.sweep("asylum", {"vp_defeat": [5]}, out=out, base=base, **RUN)
    assert row_rules(read_rows(out).iloc[0].to_dict()) == [{**base, "vp_defeat": 5}]
    played.clear()
    assert whatif.sweep("asylum", {"vp_defeat": [5]}, out=out, base=base, **RUN)["turns"].tolist() == \
        on_base["turns"].tolist() and played == []
    with pytest.raises(ValueError, match="holds a sweep on maneuver_target = 9, vp_maneuver = 10, not on base"):
        whatif.sweep("asylum", {"vp_defeat": [5]}, out=out, **RUN)
    with pytest.raises(ValueError, match="holds a sweep on maneuver_target = 9, vp_maneuver = 10, not on "
                                         "maneuver_target = 9$|not on maneuver_target = 9:"):
        whatif.sweep("asylum", {"vp_defeat": [5]}, out=out, base={"maneuver_target": 9}, **RUN)
    assert played == []


def test_the_kept_command_says_which_rows_are_current_and_stamps_them(tmp_path, capsys):
    from explorer.cli import main

    out = tmp_path / "s.csv"
    whatif.sweep("asylum", {"maneuver_target": [7, 9]}, games=2, seed=1, out=out, scheduler="serial", progress=False)
    assert main(["kept", str(out)]) == 0
    assert capsys.readouterr().out == f"{out}: 2 current\n"
    assert main(["kept", str(out), "--stamp"]) == 0
    assert capsys.readouterr().out == f"{out}: 2 stamped with today's probe hash\n"
    changed_code(out)
    assert main(["kept", str(out)]) == 0
    assert capsys.readouterr().out == f"{out}: 0 current, 2 alike (older code, the same probe games)\n"
    rows = changed_code(out)
    from explorer.whatif.stored import write_rows
    write_rows(out, [{**r, "behaviour": "f" * 16} for r in rows])
    assert main(["kept", str(out)]) == 1
    assert capsys.readouterr().out == (f"{out}: 0 current, 2 stale (maneuver_target = 7; maneuver_target = 9): "
                                       "play them again\n")
    assert main(["kept", str(tmp_path / "none.csv")]) == 2
    assert "none.csv: no such file" in capsys.readouterr().err


@pytest.mark.parametrize("name, text, says", [
    ("notes.txt", "a,b\n", "notes.txt: kept results are read from .parquet or .csv files"),
    ("broken.parquet", "not parquet", "broken.parquet cannot be read as parquet (Could not open"),
    ("other.csv", "a,b\n1,2\n", "other.csv holds no kept results (it has no fingerprint column)")])
def test_the_kept_command_says_what_is_wrong_with_a_file_it_cannot_read(tmp_path, capsys, name, text, says):
    """Not results of ours: said in one line, with no advice meant for a file about to be written."""
    from explorer.cli import main

    (tmp_path / name).write_text(text)
    assert main(["kept", str(tmp_path / name)]) == 2
    err = capsys.readouterr().err
    assert says in err and "output file" not in err and err.count("\n") == 1


def test_a_designer_s_data_edit_is_read_by_the_kept_check(tmp_path, monkeypatch, capsys):
    """Try it as a designer: a goal only Teams play reads back every two-player row as
    played alike; a value out of its range is refused naming the file, the entry and the
    field (exit 2, no traceback), not reported as stale rows."""
    import shutil

    from explorer.cli import main
    from explorer.whatif.stored import stamp

    data = tmp_path / "data"
    shutil.copytree(Path(__file__).resolve().parents[2] / "data", data)
    monkeypatch.setenv("EXPLORER_DATA", str(data))
    out = tmp_path / "kept.parquet"
    whatif.sweep("doomtrooper", {"variant": ["standard"]}, games=1, seed=1, out=out, scheduler="serial",
                 progress=False)
    stamp(out)
    rules = data / "doomtrooper" / "rules.toml"
    text = rules.read_text()
    rules.write_text(text.replace("team_goal = { value = 50,", "team_goal = { value = 999,"))
    assert main(["kept", str(out)]) == 2
    err = capsys.readouterr().err
    assert "rules.toml, entry 'numbers', field 'team_goal': 999 is out of range" in err and "Traceback" not in err
    rules.write_text(text.replace("team_goal = { value = 50,", "team_goal = { value = 40,"))
    assert main(["kept", str(out)]) == 0
    assert capsys.readouterr().out == f"{out}: 0 current, 1 alike (older code, the same probe games)\n"


@pytest.mark.parametrize("name", KEPT)
def test_every_kept_file_beside_the_pages_is_stamped(name):
    """Every kept row carries its probe hash, and none waits for a stamp: after a change
    that plays its games alike, ``python -m explorer kept --stamp`` records today's code
    (a page then reads it at once, instead of playing the probe games first).  A stale row
    is the page's to say (played by older rules or bots), not a failure here."""
    rows = pd.read_parquet(NOTEBOOKS / name).to_dict("records")
    assert all(isinstance(r.get("behaviour"), str) and r["behaviour"] for r in rows), \
        f"unstamped rows: python -m explorer kept --stamp notebooks/{name}"
    assert "alike" not in row_states(rows), f"python -m explorer kept --stamp notebooks/{name}"


def test_a_page_s_run_on_a_copy_of_the_data_is_kept_with_the_copy_not_over_the_checkout_s(tmp_path, monkeypatch,
                                                                                            played):
    """Try it as a designer: with ``EXPLORER_DATA`` at a copy, a page's kept run is read
    from (and, after an edit, played again into) the copy's ``kept/`` folder, started from
    the page's file; the file beside the page is never written.  With the explorer's own
    data the page's own file is used."""
    import shutil

    page_file = DESIGNER / "maneuver_target_7.parquet"
    before = page_file.read_bytes()
    assert whatif.kept(page_file) == page_file
    monkeypatch.setenv("EXPLORER_DATA", str(Path(__file__).resolve().parents[2] / "data"))
    assert whatif.kept(page_file) == page_file  # the explorer's own data, named by its path

    data = tmp_path / "data"
    shutil.copytree(Path(__file__).resolve().parents[2] / "data", data)
    monkeypatch.setenv("EXPLORER_DATA", str(data))
    there = whatif.kept(page_file)
    assert there == data / "kept" / "designer" / "maneuver_target_7.parquet" and there.read_bytes() == before
    page = dict(games=300, seed=1, progress=False, scheduler="serial")

    def games():  # the jobs of the run's own games (not the probe games that check a row's stamp)
        return [job for job in played if job.seed != "probe"]

    whatif.compare("asylum", {"maneuver_target": 7}, out=whatif.kept(page_file), **page)
    assert games() == []  # the copy's data is the checkout's: read back

    rules = data / "asylum" / "rules.toml"
    rules.write_text(rules.read_text().replace("turn_cap = { value = 30,", "turn_cap = { value = 25,"))
    whatif.compare("asylum", {"maneuver_target": 7}, out=whatif.kept(page_file), **page)
    assert games() and there.read_bytes() != before and page_file.read_bytes() == before
    played.clear()
    whatif.compare("asylum", {"maneuver_target": 7}, out=whatif.kept(page_file), **page)
    assert games() == []  # kept with the copy: read back next time

    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "kept").write_text("not a folder")
    monkeypatch.setenv("EXPLORER_DATA", str(tmp_path / "other"))
    with pytest.raises(ValueError, match="cannot keep runs for the data in .*other.*kept"):
        whatif.kept(page_file)


def test_every_page_keeps_its_runs_through_whatif_kept():
    """A page's sweep or comparison written beside it names its file through
    ``whatif.kept``, so a copy of the data being tried never writes over it."""
    import json
    import re

    bare = []
    for nb in sorted(NOTEBOOKS.rglob("*.ipynb")):
        for cell in json.loads(nb.read_text())["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code":
                bare += [f"{nb.name}: {m.group(0)}" for m in re.finditer(r"\bout=[\"'][^\"']+\.(parquet|csv)[\"']",
                                                                       source)]
    assert bare == [], "write a page's kept run with out=whatif.kept(...)"
