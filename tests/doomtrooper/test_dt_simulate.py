"""Simulation of whole games (explorer.doomtrooper.simulate and the command line):
the seeding rule, the summary, workers, and errors."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from fractions import Fraction

import pytest

from explorer.core.numbers import percent_text
from explorer.core.runs import game_seed
from explorer.doomtrooper.params import RuleError
from explorer.doomtrooper.simulate import run_games


def test_the_summary_and_the_seeding_rule():
    """Game i of a run seeded S is seeded 'S#i': the same run gives the same summary."""
    a = run_games(6, seed=3)
    assert a == run_games(6, seed=3) and a != run_games(6, seed=4)
    assert a["games"] == 6 and sum(a["wins_by_seat"].values()) + a["draws"] >= 6
    assert set(a["endings"]) <= {"promotion goal", "draw piles exhausted", "no warriors", "turn cap"}
    assert game_seed(3, 5) == "3#5"


def test_workers_give_the_same_summary():
    assert run_games(8, seed=1, policy="random", workers=2) == run_games(8, seed=1, policy="random")


def test_rules_and_bots_per_seat():
    s = run_games(4, seed=2, policy="greedy,random", rules={"dice": "2d6", "sabotage": True})
    assert s["games"] == 4
    with pytest.raises(RuleError):
        run_games(1, rules={"dice": "2d8"})
    with pytest.raises(ValueError, match="unknown bot"):
        run_games(1, policy="clever")
    with pytest.raises(ValueError, match="2 bots given for 3"):
        run_games(1, players=3, policy="greedy,random")
    with pytest.raises(ValueError, match="at least 2 players"):
        run_games(1, players=1)


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "explorer", *args], capture_output=True, text=True, timeout=300)


def test_the_command_line_prints_json():
    """python -m explorer simulate doomtrooper --games N --seed S --json."""
    out = run_cli("simulate", "doomtrooper", "--games", "5", "--seed", "7", "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary == run_games(5, seed=7)
    text = run_cli("simulate", "doomtrooper", "--games", "3", "--rule", "dice=3d6")
    assert text.returncode == 0 and "Doomtrooper: 3 games" in text.stdout and "dice=3d6" in text.stdout


def test_command_line_mistakes_are_one_line():
    out = run_cli("simulate", "doomtrooper", "--games", "2", "--rule", "promotion_goal=0")
    assert out.returncode == 2 and out.stderr.startswith("error:") and "Traceback" not in out.stderr
    out = run_cli("simulate", "doomtrooper", "--games", "2", "--policy", "clever")
    assert out.returncode == 2 and "unknown bot" in out.stderr


def test_check_covers_doomtrooper():
    out = run_cli("check", "doomtrooper")
    assert out.returncode == 0 and "data/doomtrooper/cards.toml" in out.stdout


def test_the_report_says_how_the_games_ended_in_words():
    """BEAT DOWN: the text report lists each ending as what happened ("player C's last
    warrior left play"), under its own heading, with the summary's counts."""
    from explorer.cli import main
    from explorer.doomtrooper.simulate import ending_words
    from explorer.doomtrooper.state import Ending

    summary = run_games(4, seed=3, rules={"variant": "beat_down"})
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert main(["simulate", "doomtrooper", "--games", "4", "--seed", "3", "--variant", "beat_down"]) == 0
    ended = out.getvalue().split("how the games ended:\n")[1].splitlines()
    most_first = sorted(summary["endings"].items(), key=lambda item: -item[1])
    assert ended[:len(most_first)] == [f"    {ending_words(k)}: {n} ({percent_text(Fraction(n, 4))})" for k, n in most_first]
    assert ending_words("C beaten") == "player C's last warrior left play" == Ending.C_BEATEN.why()
    assert ending_words("a new ending") == "a new ending"  # not one of this game's: as the summary has it
    assert all(e.why() and not e.why().endswith(".") for e in Ending)  # every ending has its words


@pytest.mark.parametrize("rules, players", [({}, 2), ({"dice": "2d6", "sabotage": True}, 2),
                                            ({"variant": "beat_down"}, 3), ({"variant": "colonization"}, 2)])
def test_a_step_told_without_events_leads_to_the_same_state(rules, players):
    """The fast runner keeps no events and asks DoomtrooperGame.next_state (the draw, the
    combat, its round of card play and its end tell nothing): at every step of these games it
    reaches the state resolve reaches, asking the same rolls."""
    from explorer.core.engine import SampledChance, StepRng, derived_rng
    from explorer.doomtrooper.bots import get_bot
    from explorer.doomtrooper.game import DoomtrooperGame
    from explorer.doomtrooper.params import override_rules

    game = DoomtrooperGame(rules=override_rules(rules)) if rules else DoomtrooperGame()
    for i in range(3):
        bot = get_bot("random" if i == 2 else "greedy")
        told, quiet = (SampledChance(derived_rng(f"q{i}", "chance")) for _ in range(2))
        state, steps = game.new_game(players), 0
        while (dec := game.decision(state)) is not None:
            if dec.player is None:
                action = dec.options[0]
            else:
                action = bot.choose(game, game.observe(state, dec.player), dec, StepRng(f"q{i}", steps))
            nxt, events = game.resolve(state, action, told)
            assert game.next_state(state, action, quiet) == nxt, f"game q{i}, step {steps}: {action!r}"
            state, steps = nxt, steps + 1
        assert steps > 50  # whole games, not a step or two
