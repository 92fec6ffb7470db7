"""The designer bench keeps long runs beside the pages and plays again, a variant at a
time, only what today's rules or bots have changed for (``bench_designer.py --stale``)."""

import argparse
import doctest
import importlib.util
from pathlib import Path

from explorer import whatif
from explorer.whatif.skill import skill_rows
from explorer.whatif.probe import behaviour, rules_of
from explorer.whatif.stored import fingerprint, read_rows, recorded, write_rows

BENCH = Path(__file__).resolve().parents[2] / "bench"
_spec = importlib.util.spec_from_file_location("bench_designer", BENCH / "bench_designer.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

BOTS = {"setting:strong": "greedy", "setting:weak": "random"}


def kept(variant, seed, stale):
    """A kept skill run's rows of one Doomtrooper variant, played two games a seat."""
    frame = whatif.skill("doomtrooper", games=2, seed=seed, variant=variant, scheduler="serial", progress=False)
    today = fingerprint("doomtrooper", {"strong": "greedy", "weak": "random"})
    return [{**r, **BOTS, "commit": "abc1234", "fingerprint": "0" * 16 if stale else today}
            for r in skill_rows(frame)]


def test_the_bench_examples_run():
    assert doctest.testmod(bench).failed == 0


def test_stale_plays_again_only_the_variants_the_code_changed_for_as_they_were_played(tmp_path):
    """Of a kept run whose Warzone rows are out of date, ``--stale`` plays Warzone again
    with its own games a seat and seed (not the command's), puts its rows back where they
    stood, and leaves the current rows (the base game, 2d6) as they were."""
    base, warzone, dice = kept(None, 2, False), kept({"variant": "warzone"}, 5, True), kept({"dice": "2d6"}, 2, False)
    path = tmp_path / "skill_greedy_doomtrooper.parquet"
    write_rows(path, base + warzone + dice)
    args = argparse.Namespace(strong="greedy", weak="random", only="doomtrooper", variants=None, skill_out=tmp_path,
                              stale=True, add=False, max_variants=None, games=400, seed="1", scheduler="serial")
    bench.skill_part(args)
    rows = read_rows(path).to_dict("records")
    assert [r["variant"] for r in rows] == [r["variant"] for r in base + warzone + dice]
    stamps = [r.pop("behaviour") for r in rows]  # every row stamped as it is written, by its own rules' probe games
    assert stamps == [behaviour("doomtrooper", [rules_of(r["variant"])]) for r in rows]
    assert rows[:len(base)] == base and rows[-len(dice):] == dice
    again = rows[len(base):len(base) + len(warzone)]
    assert [r["wins"] for r in again] == [r["wins"] for r in warzone]  # the same seeds play the same games
    assert {(r["games"], r["seed"]) for r in again if r["seat"] != "every seat"} == {(2, "5")}
    assert all(r["commit"] == bench.head_commit() for r in again) and recorded(path)["current"].all()


def test_stale_with_every_kept_row_current_plays_nothing_and_stamps_them(tmp_path, capsys):
    """Every row current: nothing is played; the rows are kept as they were, stamped with
    today's probe hash (so a later change that plays alike leaves them current), and a
    second run leaves the file as it is."""
    path = tmp_path / "skill_greedy_doomtrooper.parquet"
    write_rows(path, kept(None, 2, False))
    before = read_rows(path)
    args = argparse.Namespace(strong="greedy", weak="random", only="doomtrooper", variants=None, skill_out=tmp_path,
                              stale=True, add=False, max_variants=None, games=400, seed="1", scheduler="serial")
    bench.skill_part(args)
    assert "none, every kept row is current" in capsys.readouterr().out
    stamped = read_rows(path)
    assert stamped.drop(columns="behaviour").equals(before) and set(stamped["behaviour"]) == {behaviour("doomtrooper")}
    once = path.read_bytes()
    bench.skill_part(args)
    assert path.read_bytes() == once


def test_stale_plays_nothing_again_where_changed_code_plays_the_probe_games_alike(tmp_path, capsys):
    """A stamped row whose code has changed since (another fingerprint) but whose probe
    games come out alike is carried: not played again, given today's fingerprint, its
    commit kept."""
    path = tmp_path / "skill_greedy_doomtrooper.parquet"
    rows = [{**r, "behaviour": behaviour("doomtrooper", [{"variant": "warzone"}])}
            for r in kept({"variant": "warzone"}, 5, True)]
    write_rows(path, rows)
    args = argparse.Namespace(strong="greedy", weak="random", only="doomtrooper", variants=None, skill_out=tmp_path,
                              stale=True, add=False, max_variants=None, games=400, seed="1", scheduler="serial")
    bench.skill_part(args)
    assert "none, every kept row is current" in capsys.readouterr().out
    again = read_rows(path).to_dict("records")
    assert [r["wins"] for r in again] == [r["wins"] for r in rows] and {r["commit"] for r in again} == {"abc1234"}
    assert {r["fingerprint"] for r in again} == {fingerprint("doomtrooper", {"strong": "greedy", "weak": "random"})}


def test_a_variant_whose_code_changed_while_it_played_keeps_the_fingerprint_it_began_with(tmp_path, capsys,
                                                                                         monkeypatch):
    """The code or data edited while a variant plays: its rows keep the fingerprint taken
    when it began (they were played by that code), so they read as stale rather than as
    today's, and the bench says so."""
    calls = []  # the first fingerprint taken is the one the variant begins with; the code changes after it

    def fingerprint_now(game, settings=None):
        calls.append(game)
        return ("a" if len(calls) == 1 else "b") * 16

    monkeypatch.setattr("explorer.whatif.stored.fingerprint", fingerprint_now)
    args = argparse.Namespace(strong="greedy", weak="random", only="doomtrooper", variants="base", skill_out=tmp_path,
                              stale=False, add=False, max_variants=1, games=1, seed="1", scheduler="serial")
    bench.skill_part(args)
    assert "the code or data changed while base played" in capsys.readouterr().out
    monkeypatch.undo()
    rows = read_rows(tmp_path / "skill_greedy_doomtrooper.parquet").to_dict("records")
    assert {r["fingerprint"] for r in rows} == {"a" * 16}
    assert not recorded(tmp_path / "skill_greedy_doomtrooper.parquet")["current"].any()
