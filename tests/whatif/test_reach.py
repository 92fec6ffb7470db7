"""Which rules a run's games test (``whatif.reach``): each rule moved one step, the games
it changed counted game by game against the records of both runs."""

import shutil
from pathlib import Path

import pytest

from explorer import whatif
from explorer.whatif.reach import reach, steps
from explorer.whatif.report import reach_text

DATA = Path(__file__).resolve().parents[2] / "data"


def test_a_step_is_the_nearest_value_the_rule_takes():
    number = {"kind": "number", "min": 1, "max": 10}
    assert steps(number, 5) == [6, 4] and steps(number, 1) == [2] and steps(number, 10) == [9]
    assert steps({"kind": "number", "min": 3, "max": 3}, 3) == []
    assert steps({"kind": "switch"}, False) == [True]
    assert steps({"kind": "choice", "choices": ["a", "b", "c"]}, "c") == ["b", "a"]


def test_the_games_a_rule_s_step_changed_are_counted_game_by_game():
    """VICTORY (the Victorian game): a Wound's Force -1 made -2 changes games, and who won
    some of them; counted here from both runs' records, seed by seed.  The turn cap (40)
    is never reached, so its step changes none."""
    frame = reach("victorian", games=20, seed=4, rules=["wound_fight", "turn_cap"], scheduler="serial",
                  progress=False)
    base = whatif.records("victorian", {}, games=20, seed=4, scheduler="serial", progress=False)
    moved = whatif.records("victorian", {"wound_fight": 2}, games=20, seed=4, scheduler="serial", progress=False)
    differs = [not all(whatif.stats.same(a, b) for a, b in zip(moved.loc[i], base.loc[i])) for i in base.index]
    wins = ["win_heroes", "win_villains"]
    winner = [not all(whatif.stats.same(moved.loc[i, c], base.loc[i, c]) for c in wins) for i in base.index]
    rows = frame.set_index("rule")
    assert rows.loc["wound_fight", "moved_to"] == "2" and rows.loc["wound_fight", "changed"] == sum(differs) > 0
    assert rows.loc["wound_fight", "winner_changed"] == sum(winner)
    assert rows.loc["turn_cap", "changed"] == 0 and rows.loc["turn_cap", "most_changed"] == ""
    assert frame["rule"].tolist() == ["turn_cap", "wound_fight"]  # fewest changed first
    text = reach_text(frame)
    assert "Of the 2 rules moved, 1 changed no game" in text and "\n  turn cap 40 to 41\n" in text
    assert "wound fight 1 to 2" in text


def test_a_rule_no_step_of_which_the_rules_take_is_said_and_not_played(tmp_path, monkeypatch):
    """Doom Ready (Doom Asylum): the points to become Doom Ready may not pass the Doomsday cap.
    In a copy of the data whose range lets the rule go no lower, its one step is refused
    with the rules' reason; a rule whose range holds one value has no step."""
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    rules = data / "asylum" / "rules.toml"
    text = rules.read_text()
    assert "doom_ready_points = { value = 8, min = 1, max = 20 }" in text
    rules.write_text(text.replace("doom_ready_points = { value = 8, min = 1, max = 20 }",
                                  "doom_ready_points = { value = 8, min = 8, max = 20 }")
                     .replace("vp_maneuver = { value = 3, min = 0, max = 10 }",
                              "vp_maneuver = { value = 3, min = 3, max = 3 }"))
    monkeypatch.setenv("EXPLORER_DATA", str(data))
    frame = reach("asylum", games=2, rules=["doom_ready_points", "vp_maneuver"], scheduler="serial", progress=False)
    rows = frame.set_index("rule")
    assert rows["moved_to"].isna().all() and (rows["changed"] == 0).all()
    assert rows.loc["doom_ready_points", "refused"].startswith("9: 9 is above doomsday_cap (8)")
    assert rows.loc["vp_maneuver", "refused"] == "it has no other value"
    said = reach_text(frame)
    assert "Not moved, every step refused by the rules:" in said and "changed no game" not in said
    assert "  doom ready points at 8: 9: 9 is above doomsday_cap (8)" in said


def test_a_variant_s_rule_is_tested_only_with_its_variant_on():
    """Limited Resources (Doomtrooper's Variant Rules): its action limit counts only in that
    variant, so in the basic game its step changes no game; in the variant it changes some."""
    alone = reach("doomtrooper", games=10, rules=["limited_actions"], scheduler="serial", progress=False)
    within = reach("doomtrooper", games=10, rules=["limited_actions"], variant={"variant": "limited_resources"},
                   scheduler="serial", progress=False)
    assert alone["changed"].tolist() == [0] and within["changed"].iloc[0] > 0
    assert "Limited Resources" in reach_text(within).splitlines()[0]


def test_the_bots_of_the_run_are_named():
    """Any bots per seat: the table's heading names each seat's."""
    frame = reach("doomtrooper", games=2, rules=["turn_cap"], bots="random,greedy", scheduler="serial",
                  progress=False)
    assert "seat 0 random, seat 1 greedy; each rule moved one step" in reach_text(frame)


def test_a_bad_request_is_refused_before_any_game(played):
    with pytest.raises(ValueError, match="'nope' is not a rule of this game"):
        reach("victorian", games=2, rules=["nope"], scheduler="serial", progress=False)
    with pytest.raises(ValueError, match="games"):
        reach("victorian", games=0, scheduler="serial", progress=False)
    assert played == []


def test_a_kept_reach_table_is_read_back_without_playing(tmp_path, played):
    run = dict(games=3, seed=2, rules=["holy_bonus", "turn_cap"], scheduler="serial", progress=False,
               out=tmp_path / "reach.parquet")
    first = reach("victorian", **run)
    assert played
    played.clear()
    again = reach("victorian", **run)
    assert played == []
    import pandas as pd

    pd.testing.assert_frame_equal(first, again)
    assert again.attrs == first.attrs


def test_the_command_prints_the_rules_the_games_cannot_judge(capsys):
    from explorer.cli import main

    assert main(["reach", "victorian", "--games", "3", "--rule", "turn_cap", "--rule", "wound_fight",
                 "--scheduler", "serial"]) == 0
    out = capsys.readouterr().out
    assert "each rule moved one step, 3 games, seed 1" in out and "turn cap 40 to 41" in out
    assert main(["reach", "victorian", "--games", "3", "--rule", "nope", "--scheduler", "serial"]) == 2
    assert "'nope' is not a rule of this game" in capsys.readouterr().err
