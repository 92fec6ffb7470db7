"""What the designer gets: any bots per seat, comparisons that stop when they know,
skill against luck, and the cards that win."""

from __future__ import annotations

import importlib
import random

import pandas as pd
import pytest

from explorer import whatif
from explorer.asylum.simulate import run_games
from explorer.cli import main
from explorer.whatif import sequential
from explorer.whatif.stats import Z, paired

QUICK = dict(scheduler="serial", progress=False)
# the modules (the package's names ``card_stats`` and ``compare`` are the functions)
cards = importlib.import_module("explorer.whatif.card_stats")
jobs_module = importlib.import_module("explorer.whatif.jobs")  # where compare plays its games


# -- any bots per seat ---------------------------------------------------------------------------

def test_bots_per_seat_are_the_simulate_command_s_bots():
    """Game i of a what-if run with bots per seat is game i of ``simulate --policy`` with those bots."""
    bots = ["greedy", "random", "random", "greedy"]
    df = whatif.compare("asylum", {"maneuver_target": 7}, games=20, seed=4, bots=bots, **QUICK)
    summary = run_games(20, 4, 4, ",".join(bots))
    for seat in range(4):
        assert df.loc[f"win_seat_{seat}", "base"] == summary["wins_by_seat"][str(seat)] / 20


def test_the_victorian_sides_take_their_bots_by_name():
    """Two sides, named: the first bot plays the Heroes, the second the Villains."""
    assert whatif.bot_settings("victorian", "random") == {"heroes": "random", "villains": "random"}
    by_bots = whatif.records("victorian", games=6, seed=2, bots=["random", "greedy"], **QUICK)
    by_settings = whatif.records("victorian", games=6, seed=2, heroes="random", villains="greedy", **QUICK)
    pd.testing.assert_frame_equal(by_bots, by_settings)


@pytest.mark.parametrize("kwargs, says", [
    (dict(bots="greedy", policy="random"), "given twice"),
    (dict(bots="nobody"), "'nobody'"),
    (dict(bots=["greedy", "random"]), "2 bots given for 4 players"),
    (dict(bots=[""]), "give bot names"),
])
def test_bots_a_game_cannot_seat_are_refused_before_any_game(kwargs, says, monkeypatch):
    """A mistake in the bots is one error, found before any game is played."""
    monkeypatch.setattr(jobs_module, "run_jobs", lambda *a, **k: pytest.fail("a game was played"))
    with pytest.raises(ValueError, match=says):
        whatif.compare("asylum", {"maneuver_target": 7}, games=4, **QUICK, **kwargs)


def test_a_sweep_takes_bots_and_plays_them_the_same_on_a_process_pool():
    """Bots are passed by name and made again in each worker: the same numbers anywhere."""
    kw = dict(games=8, seed=3, progress=False, bots="random")
    serial = whatif.sweep("asylum", {"maneuver_target": [7]}, scheduler="serial", **kw)
    pool = whatif.sweep("asylum", {"maneuver_target": [7]}, scheduler=None, **kw)
    pd.testing.assert_frame_equal(serial, pool)
    greedy = whatif.sweep("asylum", {"maneuver_target": [7]}, games=8, seed=3, **QUICK)
    assert not serial.equals(greedy)


# -- comparisons that stop when they know --------------------------------------------------------

def test_the_confidence_sequence_holds_however_often_it_is_looked_at():
    """Under no difference, an ordinary interval looked at after every batch excludes zero
    far more often than 5% of runs; the confidence sequence stays under 5%."""
    rng = random.Random(7)
    runs, looks, batch = 300, 40, 25
    naive = sequential_errors = 0
    for _ in range(runs):
        xs: list[float] = []
        hit_naive = hit_cs = False
        for _ in range(looks):
            xs += [rng.choice((-1.0, 0.0, 0.0, 1.0)) for _ in range(batch)]
            _, lo, hi = paired(xs, [0.0] * len(xs))
            hit_naive |= lo > 0 or hi < 0
            _, lo, hi = sequential.interval(xs)
            hit_cs |= lo > 0 or hi < 0
        naive += hit_naive
        sequential_errors += hit_cs
    assert naive / runs > 0.10
    assert sequential_errors / runs <= 0.05


def test_the_confidence_sequence_is_wider_than_a_fixed_interval():
    """The price of looking at will: about 1.55 times the fixed-size half-width where it is tuned."""
    ratio = sequential.half_width(1.0, sequential.TUNED_AT) / (Z / sequential.TUNED_AT ** 0.5)
    assert 1.4 < ratio < 1.7
    assert sequential.half_width(1.0, 4000) < sequential.half_width(1.0, 1000) < sequential.half_width(1.0, 200)
    assert sequential.fixed_games(0.5, 0.05) == 385
    assert sequential.fixed_games(0.0, 0.05) is None  # games that never differed size nothing


def test_the_bounded_sequence_holds_at_every_game():
    """For rates (a paired difference in -1 .. 1) every interval of a run, after every
    game, holds the true mean at once in at least 95% of runs: here a mean of +0.1."""
    rng = random.Random(11)
    runs, n = 300, 1000
    misses = 0
    for _ in range(runs):
        xs = [1.0 if u < 0.3 else -1.0 if u < 0.5 else 0.0 for u in (rng.random() for _ in range(n))]
        misses += any(not lo <= 0.1 <= hi for lo, hi in sequential.bounded_path(xs, -1.0, 1.0))
    assert misses / runs <= 0.05


def test_the_bounded_sequence_is_not_fooled_by_games_that_never_differ():
    """200 games that never differ do not make a difference of two rates known to be 0
    (the normal-mixture sequence's spread would be 0, and so its width); its ends
    stay within -1 .. 1, and where games do differ it is about as wide as the other."""
    none = sequential.paired([1.0] * 200, [1.0] * 200, rate=True)
    assert none[0] == 0 and 0.05 < none[2] < 0.1 and none[1] == -none[2]
    assert sequential.paired([1.0] * 200, [1.0] * 200) == (0.0, 0.0, 0.0)  # the other, for contrast
    assert sequential.bounded([1.0] * 3, -1.0, 1.0)[1:] == (-1.0, 1.0)
    rng = random.Random(3)
    xs = [rng.choice((-1.0, 0.0, 0.0, 1.0)) for _ in range(1000)]
    _, lo, hi = sequential.bounded(xs, -1.0, 1.0)
    _, lo2, hi2 = sequential.interval(xs)
    assert 1.0 <= (hi - lo) / (hi2 - lo2) < 1.4


def alike_run(name: str, label: str, base: float, variant: float, games: int, rate: bool = False):
    """A sequential run of ``games`` at most in which every game's ``name`` is ``base``
    and ``variant`` on the two sides (batches of 200, ±0.05 asked): what it did, and
    what the comparison's text says of it."""
    from explorer.whatif.report import sequential_text

    def play(start, stop):
        return [{name: base}] * (stop - start), [{name: variant}] * (stop - start)

    *_, run = sequential.run_until(play, name, until=0.05, games=games, batch=200, rate=rate)
    frame = pd.DataFrame({"label": {name: label}})
    frame.attrs["sequential"] = run
    return run, sequential_text(frame)


def test_a_rate_that_never_differs_plays_on_until_it_knows():
    """A sequential run whose win rate no game changes does not stop at its first look:
    it stops once 0 is known to within the half-width asked (here at 400 games), and no
    run of fixed size can be sized from games that never differed (said so, not "2 games")."""
    run, said = alike_run("win", "seat 0 wins", 1.0, 1.0, games=4000, rate=True)
    assert (run["games"], run["looks"], run["stopped"], run["fixed_games"]) == (400, 2, "narrow enough", None)
    assert said == (
        "seat 0 wins: stopped after 400 games (2 looks) because its interval is within ±5 points of the "
        "estimate; no game differed on it, so none can say how many games a run of fixed size needs for ±5 points")


def test_a_mean_every_game_changes_alike_does_not_stop_on_a_zero_width():
    """A mean (turns, say) no game changes, or every game changes by the same amount, has a
    normal-mixture interval 0 wide: the run does not stop on it, and says why at its limit."""
    run, said = alike_run("turns", "game length (turns)", 9.0, 10.0, games=600)
    assert (run["games"], run["looks"], run["stopped"], run["fixed_games"]) == (600, 3, "game limit", None)
    assert said == (
        "game length (turns): the game limit came first, after 600 games (3 looks); every game differed on it "
        "by the same +1, which gives an interval no width to stop on")


def test_a_clear_difference_stops_the_run_early():
    """The turn limit: games cut at turn 3 are so plainly shorter that the first batch
    excludes zero."""
    df = whatif.compare("asylum", {"turn_cap": 3}, games=400, seed=1, until=0.001, metric="turns",
                        batch=40, **QUICK)
    run = df.attrs["sequential"]
    assert run["stopped"] == "excludes zero" and run["games"] < 400 and run["looks"] == run["games"] // 40
    assert df.attrs["games"] == run["games"] and run["fixed_games"] > run["games"]


def test_a_sequential_run_plays_the_games_of_a_fixed_run():
    """Batches come from the same seed stream: the games a sequential run used are games
    0..n-1 of a fixed run of n games (the same means to the last digit), and the same
    seed gives the same run."""
    kw = dict(games=60, seed=2, until=0.0001, batch=20, **QUICK)
    first = whatif.compare("asylum", {"vp_maneuver": 4}, **kw)
    again = whatif.compare("asylum", {"vp_maneuver": 4}, **kw)
    pd.testing.assert_frame_equal(first, again)
    n = first.attrs["sequential"]["games"]
    fixed = whatif.compare("asylum", {"vp_maneuver": 4}, games=n, seed=2, **QUICK)
    pd.testing.assert_series_equal(first["base"], fixed["base"])
    pd.testing.assert_series_equal(first["variant"], fixed["variant"])
    assert (first["ci_high"] - first["ci_low"] >= fixed["ci_high"] - fixed["ci_low"]).all()


@pytest.mark.parametrize("kwargs, says", [
    (dict(until=0), "half-width above 0"),
    (dict(until=0.1, batch=1), "at least 2"),
    (dict(until=0.1, metric="nonsense"), "unknown metric 'nonsense'"),
])
def test_a_sequential_run_with_a_bad_setting_is_refused(kwargs, says):
    with pytest.raises(ValueError, match=says):
        whatif.compare("asylum", {"vp_maneuver": 4}, games=10, **QUICK, **kwargs)


# -- skill against luck --------------------------------------------------------------------------

def test_greedy_beats_random_at_every_seat_of_doom_asylum():
    """One greedy villain against three random ones wins far more than a quarter of games."""
    df = whatif.skill("asylum", games=12, seed=1, **QUICK)
    assert list(df["seat"]) == ["seat 0", "seat 1", "seat 2", "seat 3", "every seat"]
    assert (df["even"] == 0.25).all() and df.iloc[-1]["games"] == 48
    assert df.iloc[-1]["ci_low"] > 0.25
    assert ((df["ci_low"] <= df["wins"]) & (df["wins"] <= df["ci_high"])).all()
    pd.testing.assert_frame_equal(df, whatif.skill("asylum", games=12, seed=1, **QUICK))


def test_an_even_share_in_front_lines_is_a_team_s_half():
    """Doomtrooper, Front Lines (rulebook, "Front Lines"): two teams of two, and a team
    wins together, so a seat's even share is a half, not one in four seats."""
    df = whatif.skill("doomtrooper", games=2, seed=1, variant={"variant": "front_lines"}, strong="greedy",
                      weak="greedy", **QUICK)
    assert list(df["seat"]) == ["seat 0", "seat 1", "seat 2", "seat 3", "every seat"]
    assert (df["even"] == 0.5).all()
    assert df.iloc[-1]["wins"] == 0.5  # the same bot everywhere: each game crowns one team


def test_skill_names_the_victorian_sides_and_takes_a_variant():
    """The strong bot plays the Heroes, then the Villains, on the same seeds."""
    df = whatif.skill("victorian", games=4, seed=2, variant={"immortal_heal": 2}, strong="random", weak="greedy",
                      **QUICK)
    assert list(df["seat"]) == ["heroes", "villains", "every seat"]
    assert df.attrs["strong"] == "random" and "immortal_heal" in df.attrs["variant"]
    with pytest.raises(ValueError, match="seats the bots itself"):
        whatif.skill("victorian", games=2, heroes="random", **QUICK)


def test_a_kept_skill_run_reads_back_as_its_tables(tmp_path):
    """A skill run too long for a page (the search bot's) is kept by the bench with its
    commit and read back table by table, saying whether today's code still played it."""
    from explorer.whatif.report import kept_skill_text, skill_text
    from explorer.whatif.skill import skill_rows
    from explorer.whatif.stored import fingerprint, write_rows

    tables = [whatif.skill("victorian", games=4, seed=2, variant=v, **QUICK) for v in (None, {"immortal_heal": 2})]
    meta = {"setting:strong": "greedy", "setting:weak": "random", "commit": "abc1234",
            "fingerprint": fingerprint("victorian", {"strong": "greedy", "weak": "random"})}
    out = tmp_path / "skill_greedy_victorian.parquet"
    write_rows(out, [{**r, **meta} for t in tables for r in skill_rows(t)])
    text = kept_skill_text(out)
    assert text.startswith("played at commit abc1234; today's rules and bots still play it as they did")
    assert text.endswith("\n\n".join(skill_text(t) for t in tables))
    write_rows(out, [{**r, **meta, "fingerprint": "0" * 16} for t in tables for r in skill_rows(t)])
    assert "have changed since: run the bench again" in kept_skill_text(out)


def test_a_kept_skill_run_of_many_variants_reads_as_one_table_a_variant_a_row(tmp_path):
    """A kept run of many variants (Doomtrooper's): side by side, a row each, the strong
    bot's wins over every seat with the interval, then at each seat (from seat 0)."""
    from explorer.whatif.report import kept_skill_text, rate, skill_by_variant_text
    from explorer.whatif.skill import skill_rows
    from explorer.whatif.stored import fingerprint, write_rows

    tables = [whatif.skill("doomtrooper", games=3, seed=2, variant=v, **QUICK)
              for v in (None, {"variant": "beat_down"})]
    text = skill_by_variant_text(tables)
    head, columns, *rows = text.splitlines()
    assert head == "greedy against random, Doomtrooper" and columns.startswith("variant")
    assert len(rows) == 2 and rows[0].startswith("base (the data as it is)")
    for row, t in zip(rows, tables):
        every = t.iloc[-1]
        assert rate(every["wins"], every["ci_low"], every["ci_high"], every["games"]) in row
        assert ", ".join(f"{100 * w:.0f}%" for w in t["wins"][:-1]) in row
    assert rows[1].startswith("Beat Down ") and rows[1].endswith("33%")  # three seats: one in three; by its heading
    out = tmp_path / "skill_greedy_doomtrooper.parquet"
    meta = {"commit": "abc1234", "fingerprint": fingerprint("doomtrooper", {"strong": "greedy", "weak": "random"})}
    write_rows(out, [{**r, **meta} for t in tables for r in skill_rows(t)])
    assert kept_skill_text(out, by_variant=True).endswith(text)


def test_a_kept_run_played_a_variant_at_a_time_says_which_commit_played_each(tmp_path):
    """A long kept run is played again a variant at a time (``bench_designer.py --add``): it
    names every commit that played it, which variants the rules or bots have changed for
    since, and in the table a variant a row, the commit of each row."""
    from explorer.whatif.report import kept_skill_text, kept_text
    from explorer.whatif.skill import skill_rows
    from explorer.whatif.stored import fingerprint, recorded, write_rows

    tables = [whatif.skill("doomtrooper", games=2, seed=2, variant=v, **QUICK)
              for v in (None, {"variant": "warzone"})]
    today = fingerprint("doomtrooper", {"strong": "greedy", "weak": "random"})
    settings = {"setting:strong": "greedy", "setting:weak": "random"}
    old = [{**r, **settings, "commit": "abc1234", "fingerprint": "0" * 16} for r in skill_rows(tables[0])]
    new = [{**r, **settings, "commit": "def5678", "fingerprint": today} for r in skill_rows(tables[1])]
    out = tmp_path / "skill_greedy_doomtrooper.parquet"
    write_rows(out, old + new)
    frame = recorded(out)
    assert list(frame["current"]) == [False] * len(old) + [True] * len(new) and not frame.attrs["current"]
    assert kept_text(frame) == ("played at commits abc1234 and def5678; the rules or bots have changed since for "
                                "base (the data as it is): run the bench again for today's numbers")
    text = kept_skill_text(out, by_variant=True)
    _, head, columns, base, warzone = text.splitlines()[1:]
    assert columns.split("  ")[-1] == "played at"
    assert base.endswith("abc1234 (older rules or bots)") and warzone.endswith("def5678")
    write_rows(out, [{**r, "fingerprint": today} for r in old] + new)
    assert kept_text(recorded(out)) == ("played at commits abc1234 and def5678; today's rules and bots still play "
                                        "it as they did")
    # one commit's rows, one of them played otherwise today: only that one is named (the page had named
    # every variant its commit played)
    both = [{**r, "fingerprint": today} for r in old + new]
    write_rows(out, both + [{**r, "variant": "variant = vortex", "fingerprint": "0" * 16} for r in new])
    assert kept_text(recorded(out)) == ("played at commits abc1234 and def5678; the rules or bots have changed "
                                        "since for variant = vortex: run the bench again for today's numbers")


@pytest.mark.parametrize("game", ["asylum", "victorian", "doomtrooper"])
def test_the_designer_page_keeps_the_search_bot_s_skill_per_game(game):
    """The search bot against greedy, kept beside the designer page (bench/bench_designer.py
    --skill-out): the search bot as the strong one, the base game first, every seat."""
    from pathlib import Path

    from explorer.whatif.skill import skill_tables
    from explorer.whatif.stored import recorded

    path = Path(__file__).resolve().parents[2] / "notebooks" / "designer" / f"skill_search_{game}.parquet"
    tables = skill_tables(recorded(path))
    assert tables and all(t.attrs["strong"] == "search" and t.attrs["weak"] == "greedy" for t in tables)
    assert "base" in tables[0].attrs["variant"] and tables[0]["seat"].iloc[-1] == "every seat"


# -- cards that win ------------------------------------------------------------------------------

def test_a_blank_card_changes_nothing_in_games_where_it_was_never_drawn():
    """The blank keeps the card's name and place: until its side draws it, a game seeded
    the same plays the same; in games where the card was never drawn, the result is the same."""
    base = cards.play_card_job(cards.CardJob("victorian", (), (("heroes", "greedy"), ("villains", "greedy")),
                                             "b", 0, 12))
    blanked = cards.play_card_job(cards.CardJob("victorian", (), (("heroes", "greedy"), ("villains", "greedy")),
                                                "b", 0, 12, (0, "Sherlock Holmes")))
    never = [i for i, r in enumerate(base) if r["drawn_0:Sherlock Holmes"] == 0]
    assert never and all(base[i]["win_0"] == blanked[i]["win_0"] for i in never)


@pytest.mark.parametrize("game", ["victorian", "doomtrooper"])
def test_the_cards_table_has_every_card_of_each_deck(game):
    """A row per card of each seat's deck; the win rates are consistent with the draws;
    the ablated cards have a paired interval around their worth."""
    from explorer.games import spec

    df = whatif.card_stats(game, games=6, seed=3, ablate=2, **QUICK)
    hooks = cards.hooks(game)
    g = spec(game).metrics.game_for({})
    start = g.new_game()
    assert len(df) == sum(len(hooks.deck_of(g, start, s)) for s in range(2))
    assert ((df["drawn"] >= 0) & (df["drawn"] <= 6)).all()
    ablated = df[df["worth"].notna()]
    assert len(ablated) == 2
    assert ((ablated["worth_ci_low"] <= ablated["worth"]) & (ablated["worth"] <= ablated["worth_ci_high"])).all()
    assert df.attrs["ablated"] == 2


def test_card_statistics_are_the_same_on_a_dask_cluster():
    """Every game's row has the same keys (a Dask worker sends them packed): the same numbers anywhere."""
    from dask.distributed import Client, LocalCluster

    kw = dict(games=4, seed=2, progress=False)
    serial = whatif.card_stats("victorian", ablate=1, scheduler="serial", **kw)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster, \
            Client(cluster) as client:
        pd.testing.assert_frame_equal(serial, whatif.card_stats("victorian", ablate=1, scheduler=client, **kw))
        pd.testing.assert_frame_equal(whatif.skill("victorian", scheduler="serial", **kw),
                                      whatif.skill("victorian", scheduler=client, **kw))
        # a bot named with @SECTION is made again by name in each worker
        pd.testing.assert_frame_equal(whatif.stakes("asylum", seats=[0], scheduler="serial", **kw),
                                      whatif.stakes("asylum", seats=[0], scheduler=client, **kw))


def test_the_drawn_cards_are_the_side_s_own():
    """New Day and the deal: every card a side draws is a card of its own deck."""
    from explorer.core.sampler import simulate
    from explorer.victorian.ablation import deck_of, drawn
    from explorer.victorian.game import VictorianGame
    from explorer.victorian.simulate import policies_for

    game = VictorianGame()
    playout = simulate(game, game.new_game(), policies_for("greedy", "greedy"), "d#0", keep_events=True)
    for side in (0, 1):
        got = drawn(playout.events, side)
        assert got and got <= set(deck_of(game, game.new_game(), side))


def test_card_statistics_are_for_the_card_games():
    with pytest.raises(ValueError, match="the card games are victorian, doomtrooper"):
        whatif.card_stats("asylum", games=2, **QUICK)
    with pytest.raises(ValueError, match="ablate"):
        whatif.card_stats("victorian", games=2, ablate=-1, **QUICK)


# -- the command line ----------------------------------------------------------------------------

def test_the_command_line_compares_until_it_knows_and_measures_skill(tmp_path, capsys):
    variant = tmp_path / "v.toml"
    variant.write_text('name = "short games"\n[overrides]\nturn_cap = 3\n')
    assert main(["compare", "asylum", "--variant", str(variant), "--games", "200", "--until", "0.001",
                 "--metric", "turns", "--batch", "40", "--scheduler", "serial", "--bots", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "stopped after 40 games (1 look) because its interval excludes zero" in out
    assert "points (" in out and "0.225" not in out  # rates in percentages, differences in points
    assert main(["skill", "victorian", "--games", "2", "--scheduler", "serial"]) == 0
    out = capsys.readouterr().out
    # the sides as the rulebook names them, and their average as both sides'
    assert "greedy against random" in out and "the Heroes  " in out and "both sides  " in out
    assert "(2/2)" in out or "(1/2)" in out or "(0/2)" in out  # rates as people read them, not 0.5
    assert "0.5 " not in out and "an even share" in out
    assert main(["compare", "asylum", "--variant", str(variant), "--until", "-1"]) == 2
    out = tmp_path / "cards.csv"
    assert main(["cards", "victorian", "--games", "2", "--ablate", "1", "--top", "2", "--scheduler", "serial",
                 "--out", str(out)]) == 0
    assert "1 card played again as blanks" in capsys.readouterr().out
    assert pd.read_csv(out)["worth"].notna().sum() == 1
    assert main(["cards", "asylum", "--games", "2"]) == 2
    assert main(["skill", "asylum", "--games", "2", "--strong", "nobody", "--scheduler", "serial"]) == 2
