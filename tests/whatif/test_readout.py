"""What a designer reads off a sweep, for any game: the seats or sides that play (and only
those in the spread), each game's settings with the values it takes, paired differences
and the warning for too few games."""

from __future__ import annotations

import math

import pytest

from explorer import whatif
from explorer.core.metrics import Metric
from explorer.whatif import stats
from explorer.whatif.readout import differences, games_needed, precision_warning, seat_labels, settings
from explorer.whatif.sweep import summarize

SEATS = tuple(Metric(f"win_seat_{s}", f"seat {s} wins", "seats", "rate") for s in range(4))


def test_a_seat_that_does_not_play_has_no_win_rate_and_no_part_in_the_gap():
    """A two-player game measured over four seats: seats 2 and 3 are NaN, not 0%, and the largest
    gap is the two players' (it was 66.7% for a true 33.3%: the empty seats' 0% counted)."""
    rows = [{"win_seat_0": 1.0, "win_seat_1": 0.0, "win_seat_2": 0.0, "win_seat_3": 0.0}] * 2 + \
           [{"win_seat_0": 0.0, "win_seat_1": 1.0, "win_seat_2": 0.0, "win_seat_3": 0.0}]
    out = summarize(rows, SEATS, seats=2)
    assert out["win_seat_0"] == pytest.approx(2 / 3) and out["win_seat_1"] == pytest.approx(1 / 3)
    assert all(math.isnan(out[f"win_seat_{s}{end}"]) for s in (2, 3) for end in ("", "_ci_low", "_ci_high"))
    assert out["seat_spread"] == pytest.approx(1 / 3)
    assert summarize(rows, SEATS)["seat_spread"] == pytest.approx(2 / 3)  # every seat, as before


def test_the_sides_of_the_victorian_game_have_a_spread_too():
    sides = (Metric("win_heroes", "the Heroes win", "sides", "rate"),
             Metric("win_villains", "the Villains win", "sides", "rate"))
    rows = [{"win_heroes": 1.0, "win_villains": 0.0}, {"win_heroes": 1.0, "win_villains": 0.0},
            {"win_heroes": 0.0, "win_villains": 1.0}, {"win_heroes": 0.0, "win_villains": 0.0}]
    assert summarize(rows, sides)["seat_spread"] == pytest.approx(0.25)


def test_each_game_s_settings_come_with_the_values_it_takes():
    asylum = {s.name: s for s in settings("asylum")}
    assert [v for _, v in asylum["players"].options] == [2, 3, 4, 5, 6]  # Doom Asylum seats 2 to 6
    assert {v for _, v in asylum["policy"].options} >= {"greedy", "random"}
    assert [v for _, v in asylum["masterminds"].options] == ["star", "random"]
    doom = {s.name: s for s in settings("doomtrooper")}
    assert doom["players"].options[0] == ("as the rules say", None) and doom["decks"].options == ()
    assert "Legion of Algeroth" in doom["decks"].help
    assert [s.label for s in settings("victorian")] == ["heroes' bot", "villains' bot"]


def test_doomtrooper_s_comparison_has_rows_for_the_two_seats_that_play_only():
    df = whatif.compare("doomtrooper", {"dice": "2d6"}, games=6, seed=1, scheduler="serial", progress=False)
    assert "win_seat_0" in df.index and "win_seat_1" in df.index
    assert "win_seat_2" not in df.index and "win_seat_3" not in df.index


def test_differences_are_paired_game_by_game_and_the_warning_says_how_many_games_would_do():
    frame = whatif.sweep("victorian", {"immortal_heal": [0, 2]}, games=12, seed=4, scheduler="serial",
                         progress=False, keep_records=True)
    columns = [c for c, _ in seat_labels("victorian", frame)]
    assert [text for _, text in seat_labels("victorian", frame)] == ["Heroes", "Villains"]
    diffs = differences(frame, columns)
    records = frame.attrs["records"]
    for d in diffs:
        mine = records[records["point"] == 1][d["column"]].tolist()
        base = records[records["point"] == 0][d["column"]].tolist()
        assert (d["diff"], d["ci_low"], d["ci_high"]) == stats.paired(mine, base, rate=True)
    said = precision_warning(frame, columns, diffs, 12, 0.05)
    widest = max([(r[f"{c}_ci_high"] - r[f"{c}_ci_low"]) / 2 for r in frame.to_dict("records") for c in columns] +
                 [(d["ci_high"] - d["ci_low"]) / 2 for d in diffs])
    assert said and f"±{widest * 100:.1f} points" in said and f"{games_needed(widest, 12, 0.05):,} games" in said
    assert precision_warning(frame, columns, diffs, 12, 1.0) is None


def test_games_needed_falls_with_the_square_of_the_width():
    assert games_needed(0.10, 100, 0.05) == 400 and games_needed(0.05, 100, 0.05) == 100
