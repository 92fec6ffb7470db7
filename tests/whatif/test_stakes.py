"""Where a game's skill lives (:func:`explorer.whatif.stakes`, ``python -m explorer
stakes``): one seat plays at random at one kind of decision only, every other choice
as its bot would."""

import pytest

from explorer import whatif
from explorer.core.bots import RandomAt
from explorer.core.sampler import simulate
from explorer.victorian.bots import get_bot
from explorer.victorian.game import VictorianGame
from explorer.whatif.stakes import EVERY, decisions_met


def test_a_bot_at_random_at_a_section_no_decision_comes_under_plays_as_the_bot():
    game = VictorianGame()
    for i in range(3):
        seed = f"t#{i}"
        plain = simulate(game, game.new_game(), {"heroes": get_bot("greedy"), "villains": get_bot("greedy")}, seed)
        blind = simulate(game, game.new_game(), {"heroes": get_bot("greedy@no.such.section"),
                                                 "villains": get_bot("greedy")}, seed)
        assert blind.state == plain.state
    assert isinstance(get_bot("greedy@recruit"), RandomAt)


def test_the_random_choices_are_the_seats_own_at_the_section_only():
    """Random Recruit Phase choices for the Heroes ("RECRUIT PHASE") change the games;
    the Villains' decisions are met as before where the games agree, and the same seed
    plays the same game again."""
    game = VictorianGame()
    bots = {"heroes": get_bot("greedy@recruit"), "villains": get_bot("greedy")}
    first = [simulate(game, game.new_game(), bots, f"t#{i}").state for i in range(6)]
    again = [simulate(game, game.new_game(), bots, f"t#{i}").state for i in range(6)]
    greedy = {"heroes": get_bot("greedy"), "villains": get_bot("greedy")}
    assert first == again
    assert first != [simulate(game, game.new_game(), greedy, f"t#{i}").state for i in range(6)]


def test_stakes_rows_per_seat_and_section_paired_against_the_bot_throughout():
    df = whatif.stakes("victorian", games=6, seed=2, scheduler="serial", progress=False)
    met = decisions_met("victorian", {}, {"heroes": "greedy", "villains": "greedy"}, 2, 6)
    assert list(df[df["seat"] == "heroes"]["section"]) == [*met[0], EVERY]
    assert list(df[df["seat"] == "villains"]["section"]) == [*met[1], EVERY]
    assert (abs(df["change"] - (df["wins"] - df["base"])) < 1e-12).all()
    assert (df["ci_low"] <= df["change"]).all() and (df["change"] <= df["ci_high"]).all()
    every = df[df["section"] == EVERY].set_index("seat")
    random_heroes = whatif.skill("victorian", games=6, seed=2, strong="random", weak="greedy", scheduler="serial",
                                 progress=False)
    assert every.loc["heroes", "wins"] == random_heroes.set_index("seat").loc["heroes", "wins"]


def test_stakes_refuses_seats_and_bots_it_cannot_play():
    with pytest.raises(ValueError, match="not a seat of this game"):
        whatif.stakes("doomtrooper", games=2, seats=[2], scheduler="serial", progress=False)
    with pytest.raises(ValueError, match="seats the bots itself"):
        whatif.stakes("asylum", games=2, policy="random", scheduler="serial", progress=False)
    with pytest.raises(ValueError, match="unknown (bot|policy) .clever."):
        whatif.stakes("asylum", games=2, bot="clever", scheduler="serial", progress=False)


def test_the_command_prints_a_row_per_section_and_one_for_every_decision(capsys):
    from explorer.cli import main

    assert main(["stakes", "doomtrooper", "--games", "2", "--seats", "1", "--scheduler", "serial"]) == 0
    out = capsys.readouterr().out
    assert "seat 1: wins" in out and EVERY in out and "Step Two: Actions (turn.actions)" in out
    assert "seat 0" not in out


def test_a_kept_stakes_table_is_read_back_and_played_again_when_the_code_plays_otherwise(tmp_path, played):
    """``out=`` keeps the table as a comparison is kept: the same call reads it back
    without playing; a row from code that played otherwise (another fingerprint and
    probe hash) is played again; a file holding another run is refused, naming it."""
    import pandas as pd

    from explorer.whatif.probe import row_rules
    from explorer.whatif.stored import row_states

    out = tmp_path / "stakes.parquet"
    run = dict(games=4, seed=3, seats=1, variant={"dice": "2d6"}, scheduler="serial", progress=False, out=out)
    first = whatif.stakes("doomtrooper", **run)
    rows = pd.read_parquet(out).to_dict("records")
    assert played and len(rows) == len(first) and set(row_states(rows)) == {"current"}
    assert row_rules(rows[0]) == [{"dice": "2d6"}]  # what the probe games play, to stamp the file
    played.clear()
    again = whatif.stakes("doomtrooper", **run)
    assert played == []
    pd.testing.assert_frame_equal(first, again)
    assert again.attrs == first.attrs
    stale = pd.read_parquet(out)
    stale["fingerprint"], stale["behaviour"], stale["change"] = "0000", "f" * 16, 0.987
    stale.to_parquet(out, index=False)
    fresh = whatif.stakes("doomtrooper", **run)
    assert played and (fresh["change"] == first["change"]).all()
    with pytest.raises(ValueError, match="stakes.parquet holds stakes with games = 4, not 5"):
        whatif.stakes("doomtrooper", **{**run, "games": 5})
    with pytest.raises(ValueError, match="seats = '1', not '0'"):
        whatif.stakes("doomtrooper", **{**run, "seats": 0})
