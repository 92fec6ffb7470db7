"""The user's entry points for every variant (Some Cool Optional Rules From Jon Goosens):
`python -m explorer simulate doomtrooper --variant NAME`, run_games, the what-if layer with
the variants' own metrics, and the check command reading data/doomtrooper/variants.toml."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from explorer.doomtrooper import metrics
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules, rule_choices
from explorer.doomtrooper.simulate import run_games


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "explorer", *args], capture_output=True, text=True, timeout=300)


def test_simulate_variant_on_the_command_line():
    """Some Cool Optional Rules: `simulate doomtrooper --variant beat_down` plays three-player Beat Down
    and reports player C's wins; the JSON equals run_games with the variant."""
    out = run_cli("simulate", "doomtrooper", "--variant", "beat_down", "--games", "4", "--seed", "2", "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary == run_games(4, seed=2, rules={"variant": "beat_down"})
    assert summary["variant"] == "beat_down" and len(summary["wins_by_seat"]) == 3
    text = run_cli("simulate", "doomtrooper", "--variant", "front_lines", "--games", "2", "--policy", "random")
    assert text.returncode == 0, text.stderr
    assert "Front Lines" in text.stdout and "4 players" in text.stdout and "team 1 (seats 0 and 2)" in text.stdout


def test_an_unknown_variant_is_one_error_line():
    """Some Cool Optional Rules: an unknown variant name is one error line listing the known ones, exit 2;
    a player count the variant does not allow names the variant's rule."""
    out = run_cli("simulate", "doomtrooper", "--variant", "chess", "--games", "1")
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and out.stderr.startswith("error: unknown variant")
    assert all(v in out.stderr for v in rule_choices()["variant"])
    out = run_cli("simulate", "doomtrooper", "--variant", "front_lines", "--players", "3", "--games", "1")
    assert out.returncode == 2 and "Front Lines is played by 4 players" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.parametrize("variant,players", [("limited_resources", 2), ("beat_down", 3), ("front_lines", 4),
                                             ("vortex", 2)])
def test_each_variant_picks_its_players_and_runs(variant, players):
    """Some Cool Optional Rules: the game picks the variant's number of players when none is given."""
    game = DoomtrooperGame(rules=override_rules({"variant": variant}))
    assert len(game.new_game().seats) == players
    rules = {"variant": variant, "turn_cap": 20}
    summary = run_games(2, seed=1, policy="random", rules=rules)
    assert summary["games"] == 2 and len(summary["wins_by_seat"]) == players


def test_the_what_if_layer_measures_the_variants():
    """Some Cool Optional Rules: the what-if metrics of each variant: Beat Down's C wins, Front Lines'
    teams, Limited Resources' markers spent, the Vortex's rounds and punishments."""
    names = {m.name for m in metrics.metrics()}
    assert {"c_wins", "team1_wins", "team2_wins", "actions_used", "vortex_rounds", "punished"} <= names
    lr = metrics.play(metrics.game_for({"variant": "limited_resources"}), "w#1")
    assert set(lr) == names and 0 < lr["actions_used"] <= 30
    fl = metrics.play(metrics.game_for({"variant": "front_lines", "turn_cap": 30}), "w#1", policy="random")
    assert fl["team1_wins"] + fl["team2_wins"] + fl["draw"] >= 1
    vx = metrics.play(metrics.game_for({"variant": "vortex", "turn_cap": 5}), "w#1", policy="random")
    assert vx["vortex_rounds"] >= 1


def test_whatif_compare_runs_a_variant():
    """Some Cool Optional Rules: whatif.compare against the basic game on the same seeds."""
    from explorer import whatif
    df = whatif.compare("doomtrooper", {"variant": "beat_down"}, games=6, seed=1, scheduler="serial", progress=False)
    assert df.loc["c_wins", "base"] == 0 and df.loc["end_C_beaten", "variant"] + df.loc["end_C_holds_out", "variant"] \
        + df.loc["end_no_warriors", "variant"] + df.loc["end_turn_cap", "variant"] == pytest.approx(1)


def test_check_reads_the_variants_file():
    out = run_cli("check", "doomtrooper")
    assert out.returncode == 0 and "data/doomtrooper/variants.toml" in out.stdout


def test_simulate_and_what_if_play_an_expansion_s_deck():
    """Doomtrooper Expansion Rules: an expansion's cards live in its own sample deck, so a
    run names the decks (``--decks``, the what-if setting ``decks``); an unknown deck is one
    error line naming the decks there are."""
    import subprocess
    import sys

    from explorer import whatif

    on = {"relics": True, "alliances": True, "ki_powers": True, "warzones": True, "mortificator_poisons": True}
    decks = "Mishima Inquisition,Legion of Algeroth"
    frame = whatif.compare("doomtrooper", on, games=6, seed=1, decks=decks, progress=False, scheduler="serial")
    assert frame.loc["win_seat_0", "base"] == 0  # switched off, the expansion deck's cards are dead
    assert frame.loc["win_seat_0", "variant"] > 0
    cmd = [sys.executable, "-m", "explorer", "simulate", "doomtrooper", "--games", "3", "--seed", "1",
           "--rule", "relics=true", "--decks", decks]
    out = subprocess.run(cmd, capture_output=True, text=True)
    assert out.returncode == 0 and f"decks {decks}" in out.stdout
    bad = subprocess.run(cmd[:-1] + ["Nope,Legion of Algeroth"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.strip().startswith("error: no sample deck named 'Nope'")
    assert "Traceback" not in bad.stderr


def test_every_ending_has_its_metric():
    """Colonization (colony points) and Home Turf (bases flipped) end games by their own goals: the what-if
    layer counts every ending the rules know, so a variant's own ending is never read as "no ending"."""
    from explorer.core.results import GameResult
    from explorer.doomtrooper.state import Ending

    names = {m.name for m in metrics.metrics(2)}
    for ending in Ending:
        column = f"end_{ending.text.replace(' ', '_')}"
        assert column in names
        values = metrics.measure(GameResult(ending, (0,), 30, (25, 3)), (), 2, "colonization")
        assert values[column] == 1.0 and sum(v for k, v in values.items() if k.startswith("end_")) == 1.0


def test_every_variant_is_named_by_its_rulebook_heading():
    """Doomtrooper Optional Rules and Variants, Some Cool Optional Rules: each variant's
    title (tables, reports, the table's heading) is the heading of the section it cites;
    every value of the ``variant`` choice has one."""
    from explorer.doomtrooper.variants import REGISTRY, TITLES
    from explorer.ui.common import heading

    assert set(TITLES) == set(rule_choices()["variant"])
    for name, variant in REGISTRY.items():
        assert TITLES[name] == variant.title == heading(variant.rule)
