"""Many bot-played games: the summary's shape (as Doom Asylum's), the seeding rule
(identical output for any number of workers), the bots, and the command line."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import pytest

from explorer.cli import main
from explorer.victorian.bots import REGISTRY, get_bot
from explorer.victorian.simulate import SECTIONS, ending_lines, ending_words, play_game, policies_for, run_games
from explorer.victorian.game import VictorianGame
from explorer.victorian.state import SIDES
from explorer.core.runs import game_seed
from explorer.core.tally import summarize
from explorer.core.numbers import percent_text


def test_the_summary_counts_wins_by_side_and_by_how_the_game_ended():
    """VICTORY: wins by side, by how each game ended, draws, and the turns played."""
    summary = run_games(12, seed="s")
    assert sorted(summary) == ["draws", "games", "turns", "wins_by_reason", "wins_by_side"]
    assert summary["games"] == 12 == sum(summary["wins_by_side"].values()) + summary["draws"]
    assert sum(summary["wins_by_reason"].values()) == 12
    assert set(summary["wins_by_side"]) == {"heroes", "villains"}
    assert sum(summary["turns"]["histogram"].values()) == 12


def test_game_i_is_seeded_s_hash_i():
    """Game i of a run seeded S plays with the seed "S#i", whatever else is played."""
    game = VictorianGame()
    policies = policies_for()
    results = [play_game(game, game_seed("x", i), policies) for i in range(5)]
    assert summarize(results, 2, SIDES, SECTIONS) == run_games(5, seed="x")


@pytest.mark.parametrize("heroes, villains", [("random", "greedy"), ("greedy", "random")])
def test_each_side_has_its_bot(heroes, villains):
    """The bots are registered by name: random, greedy and search, for either side."""
    assert set(REGISTRY) == {"random", "greedy", "search"}
    assert run_games(4, seed=1, heroes=heroes, villains=villains)["games"] == 4
    with pytest.raises(ValueError, match="unknown bot"):
        get_bot("clever")


def test_the_cli_output_is_identical_for_any_number_of_workers(capsys):
    """Game i is seeded 'S#i', so the printed summary never depends on --workers."""
    outs = {}
    for workers in (1, 2, 3):
        for fmt in ([], ["--json"]):
            argv = ["simulate", "victorian", "--games", "24", "--seed", "w", "--workers", str(workers), *fmt]
            assert main(argv) == 0
            outs.setdefault(bool(fmt), set()).add(capsys.readouterr().out)
    assert all(len(texts) == 1 for texts in outs.values())
    summary = json.loads(outs[True].pop())
    assert summary["games"] == 24
    text = outs[False].pop()
    assert text.startswith("Victorian heroes and villains: 24 games, Heroes greedy, Villains greedy")
    # the sides by the rulebook's names, each with its wins
    for side in ("heroes", "villains"):
        assert f"\n  the {side.title()}: {summary['wins_by_side'][side]} win" in text
    # VICTORY: each ending as a sentence that says whose loss it was, with its count and share, most first
    ended = text.split("how the games ended:\n")[1].splitlines()
    wins = sorted(summary["wins_by_reason"].items(), key=lambda item: -item[1])
    assert ended[:len(wins)] == [f"    {ending_words(k)}: {n} ({percent_text(Fraction(n, 24))})" for k, n in wins]
    assert ending_words("villains: no major characters") == \
        "the Villains win (the Heroes have no character left in play)"
    assert ending_words("turn cap") == "a draw (nobody won before the turn cap)"
    assert ending_words("heroes and villains: turn cap") == "heroes and villains: turn cap"  # as it is


def test_a_bad_bot_name_is_one_error_line(capsys):
    """Design principle 7: a user's mistake is one error line, not a traceback."""
    assert main(["simulate", "victorian", "--games", "2", "--heroes", "clever"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: unknown bot 'clever'") and "Traceback" not in err


def test_check_prints_one_line_per_data_file(capsys):
    """python -m explorer check victorian: one line per data file."""
    assert main(["check", "victorian"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 10 and out[2].endswith("24 traits (9 descriptors)")
    assert out[-1].endswith("53 of 53 sections have a live example (10 shown by the example of a rule they govern)")
    assert out[3].endswith("59 cards: 18 C, 28 E, 2 L, 4 V, 7 W")
    assert out[4].endswith("70 cards: 10 C, 22 E, 9 L, 8 M, 9 P, 5 V, 7 W")


@pytest.mark.parametrize("rules", [None, {"alternate_turns": True, "always_offer_responses": True}])
def test_a_step_told_without_events_leads_to_the_same_state(rules):
    """The fast runner keeps no events and asks VictorianGame.next_state, whose rules tell
    nothing and roll Assassin, Combat and Showdown Rolls from the sum of their terms: at
    every step of these games it reaches the state resolve reaches, asking the same rolls."""
    from explorer.core.engine import SampledChance, StepRng, derived_rng
    from explorer.victorian.params import override_rules

    game = VictorianGame(rules=override_rules(rules)) if rules else VictorianGame()
    for i in range(6):
        bots = {"heroes": get_bot("greedy" if i % 3 else "random"),
                "villains": get_bot("greedy" if i % 3 != 1 else "random")}
        told, quiet = (SampledChance(derived_rng(f"q{i}", "chance")) for _ in range(2))
        state, steps = game.new_game(), 0
        while (dec := game.decision(state)) is not None:
            if dec.player is None:
                action = dec.options[0]
            else:
                policy = bots[dec.player]
                action = policy.choose(game, game.observe(state, dec.player), dec, StepRng(f"q{i}", steps))
            nxt, events = game.resolve(state, action, told)
            assert game.next_state(state, action, quiet) == nxt, f"game q{i}, step {steps}: {action!r}"
            state, steps = nxt, steps + 1
        assert steps > 50  # whole games, not a step or two


def test_the_endings_add_up_to_the_games_and_name_the_first_check():
    """VICTORY: the endings of a run, most first, count every game once; the turn the check of major
    characters first applies (after the fifth turn) is counted from the games themselves."""
    game = VictorianGame()
    first = game.rules.victory_after_turn + 1
    summary = run_games(40, seed="ends", game=game)
    lines = ending_lines(summary, check_turn=first)
    counts = [int(line.rsplit(": ", 1)[1].split(" ")[0]) for line in lines]
    assert sum(counts[:-1]) == 40 and counts[:-1] == sorted(counts[:-1], reverse=True)
    policies = policies_for()
    results = [play_game(game, game_seed("ends", i), policies) for i in range(40)]
    assert counts[-1] == Counter(r.turns for r in results)[first] > 0
    assert lines[-1].startswith(f"over in turn {first}, the first turn a side with no major character loses: ")
