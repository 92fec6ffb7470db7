"""The strength bench reports win rates as people read them: a 95% interval that
stays inside 0 to 100% (Wilson's), per seat order and averaged over them."""

import doctest
import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))  # the bench scripts import their shared helpers as siblings
_spec = importlib.util.spec_from_file_location("bench_search_strength", BENCH / "bench_search_strength.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def test_the_bench_examples_run():
    import search_setup

    assert doctest.testmod(bench).failed == 0
    assert doctest.testmod(search_setup).failed == 0


def test_an_interval_never_leaves_zero_to_one_hundred():
    for shares in ([1] * 5, [0] * 5, [1], [0, 0, 0, 1]):
        text = bench.rate_text(shares)
        low, high = (float(x.rstrip("%)")) for x in text.split("interval ")[1].split(" to "))
        assert 0 <= low <= high <= 100


def test_each_seat_order_and_the_average():
    lines = bench.summary({0: [1, 1], 1: [0, 1]}, None)
    assert lines[0].startswith("  as seat 0: 2 games: wins 100.0%")
    assert lines[1].startswith("  as seat 1: 2 games: wins 50.0%")
    assert lines[2].startswith("  average over both seat orders: 4 games: wins 75.0%")


def test_the_gain_over_the_baseline_is_paired_on_the_seeds():
    """The gain is the mean difference seed by seed: the seeds both won or both
    lost add nothing but narrow the interval."""
    line = bench.gains({0: [1, 0, 1, 1]}, {0: [1, 0, 0, 1]}, None, "greedy")[0]
    assert "greedy on the same seeds wins 50.0%; gain +25.0 points" in line
    assert line.endswith("search 1, greedy 0")


def test_one_seat_by_name_or_number():
    assert bench.seat_number("heroes", ["heroes", "villains"], 2) == 0
    assert bench.seat_number("2", None, 4) == 2
    try:
        bench.seat_number("5", None, 4)
    except SystemExit as exc:
        assert "no seat '5'" in str(exc)
    else:
        raise AssertionError("seat 5 of 4 was accepted")


def test_platt_s_fit_stays_finite_when_most_values_are_sure():
    """Many decisions valued at 0 or 1 (a Victorian game is often decided long before it
    ends) sent the undamped Newton fit to a slope of about -500; halving a step that
    would raise the loss keeps it near the scaling that fits (overconfident values: a
    slope under 1)."""
    points = [(1.0, 1, 700), (1.0, 0, 100), (0.0, 0, 800), (0.0, 1, 10), (0.5, 1, 30), (0.5, 0, 30)]
    slope, shift = bench.fit_platt(points)
    assert 0.3 < slope < 1 and -2 < shift < 0
    sure = bench.calibrated(1.0, (slope, shift))
    assert 0.8 < sure < 0.95  # values of 1 won 700 of 800


def test_the_speed_bench_gives_compare_one_json_line(capsys):
    """bench/compare.py reads the search's playouts/s side by side from one JSON line,
    with the package it measured (so an old tree is known to be the one measured)."""
    import json

    import explorer

    spec = importlib.util.spec_from_file_location("bench_search", BENCH / "bench_search.py")
    speed = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(speed)
    speed.main(["--json", "victorian", "--games", "1", "--decisions", "1", "--playouts", "4"])
    line = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert line["bench"] == "victorian search playouts/s" and line["value"] > 0
    assert line["explorer"] == explorer.__file__


def test_the_speed_bench_measures_a_variant(capsys):
    """``--rule variant=NAME`` measures the search in a variant's games (the advice's budget
    is sized by these); the table says which rules it played."""
    spec = importlib.util.spec_from_file_location("bench_search", BENCH / "bench_search.py")
    speed = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(speed)
    speed.main(["--rule", "variant=colonization", "doomtrooper", "--games", "1", "--decisions", "1",
                "--playouts", "4"])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "rules changed: variant=colonization"
    assert out[-1].split()[:2] == ["doomtrooper", "4"]
