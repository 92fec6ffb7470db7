"""The decisions bench (where a game's skill lives) plays one seat at random at one
kind of decision only, every other choice as its bot would."""

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))  # the bench imports its neighbour search_setup
_spec = importlib.util.spec_from_file_location("bench_decisions", BENCH / "bench_decisions.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def test_random_at_a_section_no_decision_is_under_plays_as_greedy():
    base, met = bench.shares("victorian", 2, 0, None, 4, "t", "greedy")
    same, _ = bench.shares("victorian", 2, 0, "no-such-section", 4, "t", "greedy")
    assert same == base and met["recruit"] > 0  # the Heroes recruit in every game ("RECRUIT PHASE")


def test_random_at_one_section_changes_only_those_choices():
    """Random Recruit Phase choices for the Heroes: the seat still meets the other kinds
    of decision, but not as often as when it recruits as greedy does."""
    base, met = bench.shares("victorian", 2, 0, None, 6, "t", "greedy")
    _, met_random = bench.shares("victorian", 2, 0, "recruit", 6, "t", "greedy")
    assert met_random.keys() >= {"recruit", "intercept"} and met_random != met


def test_the_bench_prints_a_row_per_section_and_one_for_every_decision(capsys):
    bench.main(["doomtrooper", "--games", "2", "--seats", "1"])
    out = capsys.readouterr().out
    assert "seat 1: wins" in out and bench.EVERY in out and "actions" in out


def test_the_bench_examples_run():
    import doctest

    assert doctest.testmod(bench).failed == 0
