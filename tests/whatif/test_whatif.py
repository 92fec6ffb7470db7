"""The designer's what-if layer: variants, paired comparisons, sweeps on any scheduler,
resuming, forks."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pandas as pd
import pytest

from explorer import whatif
from explorer.asylum.game import AsylumGame
from explorer.asylum.simulate import run_games
from explorer.cli import main
from explorer.core.data import DataError
from explorer.core.engine import Stepper
from explorer.whatif import jobs as runner
from explorer.whatif.settings import metric_list


def test_the_base_column_is_the_simulate_command_s_numbers():
    """One source of truth: game i of the what-if run is game i of ``simulate`` (seed 'S#i')."""
    df = whatif.compare("asylum", {"maneuver_target": 7}, games=30, seed=5, scheduler="serial", progress=False)
    summary = run_games(30, 5, 4, "greedy")
    for seat in range(4):
        assert df.loc[f"win_seat_{seat}", "base"] == summary["wins_by_seat"][str(seat)] / 30
    assert df.loc["turns", "base"] == pytest.approx(summary["turns"]["mean"])
    assert list(df.columns) == ["label", "base", "variant", "diff", "ci_low", "ci_high", "changed"]


def test_the_games_a_change_altered_are_counted_game_by_game():
    """``changed``: in how many of the paired games the variant's value of a metric is not
    the base game's, counted from the games themselves; a change the games used is not
    said to be unused."""
    from explorer.whatif.report import compare_text

    df = whatif.compare("asylum", {"maneuver_target": 6}, games=30, seed=3, scheduler="serial", progress=False)
    base = whatif.records("asylum", None, games=30, seed=3, scheduler="serial", progress=False)
    mine = whatif.records("asylum", {"maneuver_target": 6}, games=30, seed=3, scheduler="serial", progress=False)
    for name in df.index:
        assert df.loc[name, "changed"] == sum(a != b for a, b in zip(mine[name], base[name]))
    assert df["changed"].any() and "altered nothing" not in compare_text(df)
    untouched = df[df["changed"] == 0]  # measures the change left alone, shown on their own: still not "unused"
    assert len(untouched) and "altered nothing" not in compare_text(untouched)


def test_a_change_the_bots_never_bring_into_play_is_said_to_say_nothing():
    """Conflicts: the attacker chooses a mental or a physical attack.  Doctor Cortex's mental
    attack (5) is far above his physical one (1), so the greedy bots always attack mentally and
    a stronger physical attack alters no game: the table says so rather than offering its
    zeros as a finding."""
    from explorer.whatif.report import compare_text

    df = whatif.compare("asylum", {"villain.Doctor Cortex.physical_attack": 3}, games=40, seed=1,
                        scheduler="serial", progress=False)
    assert (df["changed"] == 0).all()
    assert "altered nothing measured in any of these 40 games" in compare_text(df)


def test_a_variant_equal_to_the_base_differs_by_exactly_nothing():
    """Paired on the same seeds: the same rules give the same games, so every difference is 0
    exactly.  A mean's interval is then 0 wide; a rate's is not (Agresti and Min's: 20 games that
    never differed cannot tell a rate no game changes from one a game in ten changes)."""
    df = whatif.compare("asylum", {"maneuver_target": 8}, games=20, seed=2, scheduler="serial", progress=False)
    assert (df["diff"] == 0).all()
    rates = df.index.isin([m.name for m in metric_list("asylum", {}) if m.is_rate])
    assert (df.loc[~rates, "ci_low"] == 0).all() and (df.loc[~rates, "ci_high"] == 0).all()
    assert (df.loc[rates, "ci_high"] == -df.loc[rates, "ci_low"]).all()
    assert df.loc[rates, "ci_high"].round(3).eq(0.089).all()
    assert (df["changed"] == 0).all()


def test_a_difference_of_two_rates_is_never_said_to_pass_100_points():
    """On four games a normal interval of a paired difference of win rates reaches past
    -1; two rates are never more than 1 apart, so the interval stops there."""
    df = whatif.compare("asylum", {"turn_cap": 3}, games=4, seed=1, bots="greedy", scheduler="serial",
                        progress=False)
    rates = [m.name for m in whatif.metric_list("asylum", {}) if m.is_rate]
    assert (df.loc[rates, "ci_low"] >= -1).all() and (df.loc[rates, "ci_high"] <= 1).all()
    assert (df.loc[rates, "ci_low"] == -1).any()  # where the normal interval went past it
    assert (df.loc["turns", "ci_low"] < -1)  # a mean of another kind is not a rate: left as it is


@pytest.mark.parametrize("overrides, field", [
    ({"maneuver_target": 99}, "maneuver_target"),
    ({"teleporters": True}, "teleporters"),
    ({"snake_turn_order": 3}, "snake_turn_order"),
    ({"villain.Nobody.quickness": 3}, "villain.Nobody.quickness"),
    ({"villain.Oscar.quickness": 99}, "villain.Oscar.quickness"),
])
def test_an_unknown_name_or_an_out_of_range_value_is_refused(overrides, field):
    """Variants: never a silent no-op; the DataError names the override."""
    with pytest.raises(DataError) as err:
        whatif.compare("asylum", overrides, games=2, scheduler="serial", progress=False)
    assert err.value.field == field


def test_a_variant_file_is_read_and_its_errors_name_the_file(tmp_path):
    """Variants in TOML: name and [overrides]; a bad value names the file, the variant and the field."""
    good = tmp_path / "snake.toml"
    good.write_text('name = "snake"\n[overrides]\nsnake_turn_order = true\n')
    v = whatif.variant(good)
    assert v.name == "snake" and v.mapping == {"snake_turn_order": True}
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "bad"\n[overrides]\nmaneuver_target = 1\n')
    with pytest.raises(DataError) as err:
        whatif.compare("asylum", bad, games=2, scheduler="serial", progress=False)
    assert err.value.file == str(bad) and err.value.entry == "bad" and err.value.field == "maneuver_target"


def test_a_sweep_is_identical_serially_on_a_pool_and_on_a_dask_cluster():
    """Reproducible: the same numbers to the last digit on any scheduler and any number of workers."""
    from dask.distributed import Client, LocalCluster

    params = {"maneuver_target": [7, 9]}
    kw = dict(games=24, seed=3, progress=False)
    serial = whatif.sweep("asylum", params, scheduler="serial", **kw)
    pool = whatif.sweep("asylum", params, scheduler=None, **kw)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster, \
            Client(cluster) as client:
        dask = whatif.sweep("asylum", params, scheduler=client, **kw)
        by_address = whatif.sweep("asylum", params, scheduler=cluster.scheduler_address, **kw)
    for other in (pool, dask, by_address):
        pd.testing.assert_frame_equal(serial, other)
    assert list(serial["maneuver_target"]) == [7, 9]
    assert {"win_seat_0", "win_seat_0_ci_low", "win_seat_0_ci_high", "turns", "seat_spread"} <= set(serial.columns)


def test_a_sweep_plays_the_same_games_whatever_its_jobs_hold():
    """Reproducible: games of 3 a job, told as they finish, give the numbers and the
    game-by-game records of the usual jobs of 50; a job of no games is refused."""
    params = {"maneuver_target": [7, 9]}
    kw = dict(games=10, seed=4, scheduler="serial", keep_records=True)
    told = []
    small = whatif.sweep("asylum", params, chunk=3, progress=lambda k, n: told.append((k, n)), **kw)
    usual = whatif.sweep("asylum", params, progress=False, **kw)
    pd.testing.assert_frame_equal(small, usual)
    pd.testing.assert_frame_equal(small.attrs["records"], usual.attrs["records"])
    assert told[-1] == (20, 20) and len(told) == 8  # 4 jobs a value (3, 3, 3, 1 games)
    with pytest.raises(ValueError, match="chunk: the games a job plays"):
        whatif.sweep("asylum", params, chunk=0, **kw)


def test_a_sweep_writes_as_it_goes_and_resumes(tmp_path, monkeypatch):
    """Each finished point is written; run again with the same output, only the missing points are played."""
    out = tmp_path / "sweep.parquet"
    params = {"vp_maneuver": [2, 3, 4]}
    first = whatif.sweep("asylum", params, games=6, seed=1, scheduler="serial", out=out, progress=False)
    assert pd.read_parquet(out).shape[0] == 3
    kept = pd.read_parquet(out).iloc[[0, 2]]
    kept.to_parquet(out, index=False)  # as if the run had stopped after two points
    played = []
    real = runner.play_job
    monkeypatch.setattr(runner, "play_job", lambda job: played.append(job) or real(job))
    again = whatif.sweep("asylum", params, games=6, seed=1, scheduler="serial", out=out, progress=False)
    assert {dict(j.overrides)["vp_maneuver"] for j in played} == {3}
    pd.testing.assert_frame_equal(first, again, check_dtype=False)
    with pytest.raises(ValueError, match="seed"):
        whatif.sweep("asylum", params, games=6, seed=2, scheduler="serial", out=out, progress=False)
    csv = tmp_path / "sweep.csv"
    whatif.sweep("asylum", {"vp_maneuver": [3]}, games=4, seed=1, scheduler="serial", out=csv, progress=False)
    assert pd.read_csv(csv).shape[0] == 1


def test_fork_plays_on_each_option_with_paired_seeds():
    """Fork a game: every legal option at a step, played on by the bots, with its win rate and interval."""
    from explorer.asylum.bots import get_bot

    game = AsylumGame()
    st = Stepper(game, game.new_game(3), seed=4, policies=get_bot("greedy"))
    while st.decision.forced or len(st.decision.options) < 2:
        st.step()
    frame = whatif.fork(st, games=12, seed=9)
    assert list(frame["option"]) == [str(o) for o in st.decision.options]
    assert ((frame["ci_low"] <= frame["wins"]) & (frame["wins"] <= frame["ci_high"])).all()
    pd.testing.assert_frame_equal(frame, whatif.fork(st, games=12, seed=9))
    st.run()
    with pytest.raises(ValueError, match="over"):
        whatif.fork(st, games=2)


def test_the_command_line_sweeps_and_compares(tmp_path, capsys):
    """``sweep`` and ``compare``: tables for people, one error line for a mistake."""
    out = tmp_path / "r.csv"
    assert main(["sweep", "asylum", "--param", "maneuver_target=7,9", "--games", "4", "--seed", "1",
                 "--scheduler", "serial", "--out", str(out)]) == 0
    assert pd.read_csv(out)["maneuver_target"].tolist() == [7, 9]
    table = capsys.readouterr().out
    assert "maneuver target" in table and "seat 3 wins" in table  # every seat of four, in people's words
    assert table.splitlines()[1].count("%") == 6  # four seats, the gap and its bound, as percentages
    variant = tmp_path / "v.toml"
    variant.write_text('name = "v"\n[overrides]\nvp_maneuver = 4\n')
    assert main(["compare", "asylum", "--variant", str(variant), "--games", "4", "--scheduler", "serial"]) == 0
    assert "seat 0 wins" in capsys.readouterr().out
    assert main(["sweep", "asylum", "--param", "nonsense=1", "--games", "2", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and "nonsense" in err


def test_the_compare_command_compares_two_variants_of_a_variant_s_rule(tmp_path, capsys):
    """Doomtrooper's Limited Resources (Variant Rules): its action limit counts only in that
    variant, so ``--base`` switches the variant on for the games compared against, and the
    numbers are ``whatif.compare``'s with ``base=``."""
    base, mine = tmp_path / "limited.toml", tmp_path / "fewer.toml"
    base.write_text('name = "Limited Resources"\n[overrides]\nvariant = "limited_resources"\n')
    mine.write_text('name = "20 actions"\n[overrides]\nvariant = "limited_resources"\nlimited_actions = 20\n')
    argv = ["compare", "doomtrooper", "--variant", str(mine), "--base", str(base), "--games", "8",
            "--scheduler", "serial", "--json"]
    assert main(argv) == 0
    shown = pd.read_json(StringIO(capsys.readouterr().out)).set_index("metric")
    df = whatif.compare("doomtrooper", mine, base=base, games=8, seed=1, scheduler="serial", progress=False)
    assert shown["diff"].tolist() == pytest.approx(df["diff"].tolist()) and shown["changed"].any()
    assert main(argv[:-1]) == 0
    assert capsys.readouterr().out.startswith("20 actions: limited_actions = 20, variant = limited_resources against "
                                              "Limited Resources: variant = limited_resources: 8 games of each")


def test_stored_results_from_other_rules_are_played_again(tmp_path, monkeypatch):
    """A results file carries the fingerprint of the rules code and data and the hash of
    its probe games: a file from rules that play otherwise is not read back but played
    again and rewritten."""
    out = tmp_path / "s.csv"
    whatif.sweep("asylum", {"vp_maneuver": [3]}, games=4, seed=1, scheduler="serial", out=out, progress=False)
    stale = pd.read_csv(out)
    stale["fingerprint"], stale["behaviour"] = "0000", "f" * 16
    stale["win_seat_0"] = 0.987
    stale.to_csv(out, index=False)
    again = whatif.sweep("asylum", {"vp_maneuver": [3]}, games=4, seed=1, scheduler="serial", out=out,
                         progress=False)
    assert again["win_seat_0"].iloc[0] != 0.987 and pd.read_csv(out)["fingerprint"].iloc[0] != "0000"


def test_the_designer_notebook_s_evidence_is_current():
    """The seat-balance evidence committed beside the designer's notebook was played by
    the rules as they are (regenerate: delete the file and run the notebook)."""
    from explorer.whatif.stored import row_states

    path = Path(__file__).resolve().parents[2] / "notebooks" / "designer" / "seat_balance.parquet"
    stored = pd.read_parquet(path)
    assert "stale" not in row_states(stored.to_dict("records")), "stale evidence: delete the file, rerun the notebook"
    assert list(stored["shuffled_turn_order"]) == [False, True] and set(stored["games"]) == {10_000}


@pytest.mark.parametrize("run", [
    lambda: whatif.skill("victorian", games=2, seed=1, progress=False, scheduler="serial"),
    lambda: whatif.compare("victorian", {"turn_cap": 12}, games=2, seed=1, progress=False, scheduler="serial")])
def test_a_broken_data_file_is_named_itself_by_a_what_if_run_not_as_the_variant(tmp_path, monkeypatch, run):
    """Errors users can act on: a card's stat that is not a number stops a what-if run
    naming heroes.toml, the card and the field (it had said "<dict>, entry 'base'", as if
    the run's variant were wrong); a bad override is still named as the variant's."""
    import shutil

    from explorer.core.data import DataError

    data = tmp_path / "data"
    shutil.copytree(Path(__file__).resolve().parents[2] / "data", data)
    monkeypatch.setenv("EXPLORER_DATA", str(data))
    heroes = data / "victorian" / "heroes.toml"
    text = heroes.read_text()
    assert 'name = "Allan Quatermain"\ntype = "C"\nfight = 2' in text
    heroes.write_text(text.replace('name = "Allan Quatermain"\ntype = "C"\nfight = 2',
                                   'name = "Allan Quatermain"\ntype = "C"\nfight = "six"'))
    with pytest.raises(DataError) as err:
        run()
    assert str(err.value) == (f"{heroes}, entry 'Allan Quatermain', field 'fight': Input should be a valid "
                              "integer (got 'six')")
    heroes.write_text(text)
    with pytest.raises(DataError, match="the rules given in code, entry 'turn_cap=999', field 'turn_cap': 999 is "
                                        "out of range"):
        whatif.compare("victorian", {"turn_cap": 999}, games=2, seed=1, progress=False, scheduler="serial")


@pytest.mark.parametrize("game, old, new, read", [
    ("doomtrooper", "team_goal = { value = 50,", "team_goal = { value = 40,", lambda g: g.rules.team_goal),
    ("asylum", "maneuver_target = { value = 8,", "maneuver_target = { value = 9,", lambda g: g.rules.maneuver_target)])
def test_a_data_edit_reaches_the_what_if_games_without_a_restart(tmp_path, monkeypatch, game, old, new, read):
    """Changing the rules: edit a data file and run again; the what-if layer's games (made
    once per process for each variant) are made again from the edited file."""
    import shutil

    from explorer.games import spec

    data = tmp_path / "data"
    shutil.copytree(Path(__file__).resolve().parents[2] / "data", data)
    monkeypatch.setenv("EXPLORER_DATA", str(data))
    game_for = spec(game).metrics.game_for
    before = read(game_for({}))
    rules = data / game / "rules.toml"
    assert old in rules.read_text()
    rules.write_text(rules.read_text().replace(old, new))
    after = read(game_for({}))
    assert (before, after) == (int(old.split()[-1].rstrip(",")), int(new.split()[-1].rstrip(",")))
