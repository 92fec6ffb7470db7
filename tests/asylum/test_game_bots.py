"""Bots for whole games, the simulator and the ``simulate`` command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from factories import Rolls
from explorer.asylum.bots import BOTS as POLICIES
from explorer.asylum.bots import REGISTRY, BrawlerBot, CautiousBot, GreedyBot, RandomBot, get_bot, goal
from explorer.asylum.policies import REGISTRY as CONFLICT_POLICIES
from explorer.asylum.policies import get_policy
from explorer.asylum.tactics import quick_choice
from explorer.asylum.event_table import Decline, DeclineRisk, Fight, TakeRisk
from explorer.asylum.game import AsylumGame, BeginMove, Move, Phase, RollEvent, Upgrade
from explorer.asylum.simulate import run_games
from explorer.core.runs import game_seed
from explorer.cli import main
from explorer.core.bots import BotRegistry
from explorer.core.engine import DeterministicPolicy, Policy, Stepper, simulate

ROOT = Path(__file__).resolve().parents[2]



@pytest.fixture(scope="module")
def game() -> AsylumGame:
    return AsylumGame()


def test_at_least_three_registered_policies():
    """Gameplay overview: bots play whole games; random legal, greedy, and ours."""
    assert {"random", "greedy", "brawler", "cautious"} <= set(POLICIES)
    for name in POLICIES:
        bot = get_bot(name)
        assert isinstance(bot, Policy) and bot.name == name
    assert isinstance(get_bot("greedy"), DeterministicPolicy)
    with pytest.raises(ValueError, match="unknown policy"):
        get_bot("genius")


def test_whole_game_bots_and_conflict_policies_are_two_registries():
    """The bots and the conflict policies are each a BotRegistry with a summary per
    name; asking one for a name of the other says what that name plays."""
    assert isinstance(REGISTRY, BotRegistry) and tuple(REGISTRY) == POLICIES
    assert isinstance(CONFLICT_POLICIES, BotRegistry) and tuple(CONFLICT_POLICIES) == ("expected-vp", "random", "best")
    assert all(info.summary for info in [*REGISTRY.values(), *CONFLICT_POLICIES.values()])
    with pytest.raises(ValueError, match=r"unknown policy 'best' for whole games \('best' plays conflicts only\); "
                                         r"choose from random, greedy, brawler, cautious"):
        get_bot("best")
    with pytest.raises(ValueError, match=r"unknown policy 'greedy' for a conflict; choose from expected-vp, random, best"):
        get_policy("greedy")
    bot = GreedyBot()
    assert get_bot(bot) is bot and get_policy(bot) is bot


@pytest.mark.parametrize("name", sorted(POLICIES))
def test_bots_play_whole_games_deterministically(game, name):
    """Gameplay overview: a game played to the end by bots, the same for the same seed (the
    search bot on a small budget: its strength is measured in bench/, not here)."""
    bot = "search:8" if name == "search" else name
    results = [simulate(game, game.setup(4, "det"), get_bot(bot), "det") for _ in range(2)]
    assert results[0].result == results[1].result and results[0].steps == results[1].steps
    assert results[0].result is not None
    assert results[0].state == results[1].state


def test_the_search_bot_keeps_greedy_s_choice_and_reports_chances_to_win(game):
    """The search bot starts from the greedy plan (kept unless another option looks
    better by a margin) and reports its values scaled into chances to win, with the
    scaling fitted for the number of players at the table (each the game seats)."""
    from explorer.asylum.search import CALIBRATION, MARGIN, calibration
    from explorer.asylum.setup import MAX_PLAYERS, MIN_PLAYERS

    bot = get_bot("search:8")
    assert isinstance(bot.prior, GreedyBot) and bot.margin == MARGIN > 0
    assert bot.calibration is calibration
    assert sorted(CALIBRATION) == list(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    for players in CALIBRATION:
        assert calibration(game, game.setup(players, 1), 0) == CALIBRATION[players]
    assert len(set(CALIBRATION.values())) == len(CALIBRATION)  # each table its own fit


def test_a_stepper_and_the_fast_runner_agree(game):
    """Gameplay overview: the stepper (history kept) and the simulator take the same path."""
    st = Stepper(game, game.setup(3, "same"), "same", GreedyBot())
    st.run()
    fast = simulate(game, game.setup(3, "same"), GreedyBot(), "same")
    assert st.state == fast.state and len(st.history) == fast.steps


def test_greedy_goes_for_plot_rooms_first(game):
    """Gameplay overview: plot rooms pay 5 points the first time (the greedy plan's first aim)."""
    state = game.setup(4, 0)._replace(phase=Phase.MOVE)
    dec = game.decision(state)
    move = GreedyBot().pick(game, state, dec)
    target = goal(game, state, state.parties[0])
    assert target in game.plots
    assert game.distance(move.room, target) == game.distance(state.parties[0].room, target) - 1


def test_greedy_heads_for_the_yard_when_doom_ready(game):
    """'Doom Ready' & Winning: a Doom Ready party makes for the Yard."""
    state = game.arrange(game.setup(2, 0), 0, room="Laundry", doomsday=8, doom_ready=True)._replace(phase=Phase.MOVE)
    assert GreedyBot().pick(game, state, game.decision(state)) == Move("Visiting Room")


def test_greedy_spends_only_what_it_can_afford(game):
    """Upgrading Villains: the greedy bot upgrades when the next plot room still brings it to 8."""
    bot = GreedyBot()
    rich = game.arrange(game.setup(2, 0), 0, doomsday=4)
    assert isinstance(bot.pick(game, rich, game.decision(rich)), Upgrade)
    poor = game.arrange(game.setup(2, 0), 0, doomsday=2)
    assert bot.pick(game, poor, game.decision(poor)) == BeginMove()
    ready = game.arrange(game.setup(2, 0), 0, doomsday=8, room="Nuclear Reactor", doom_ready=True)
    assert bot.pick(game, ready, game.decision(ready)) == BeginMove()


def test_greedy_recruits_only_when_affordable_and_weighs_risks(game):
    """Ambushes and Recruiting Henchmen / Calculated Risks, as the greedy bot sees them."""
    bot = GreedyBot()
    base = game.arrange(game.setup(2, 0), 0, room="Guard Station", doomsday=4)
    base = game.resolve(base._replace(phase=Phase.MOVE), Move("Mess Hall"), None).state
    ambush = game.resolve(base, RollEvent(), Rolls(5, "Gargantua")).state
    assert bot.pick(game, ambush, game.decision(ambush)) == Fight()
    poor = game.arrange(base, 0, doomsday=1)
    ambush = game.resolve(poor, RollEvent(), Rolls(5, "Gargantua")).state
    assert bot.pick(game, ambush, game.decision(ambush)) == Decline()
    assert CautiousBot().pick(game, ambush, game.decision(ambush)) == Decline()
    assert BrawlerBot().pick(game, ambush, game.decision(ambush)) == Fight()
    risk = game.resolve(base, RollEvent(), Rolls(9)).state
    assert bot.pick(game, risk, game.decision(risk)) == TakeRisk()
    assert CautiousBot().pick(game, risk, game.decision(risk)) == DeclineRisk()


def test_quick_choices_are_legal_options(game):
    """Conflicts: bots answer conflict decisions (actions and blocks) with legal options."""
    for seed in range(15):
        st = Stepper(game, game.setup(4, seed), seed, {0: BrawlerBot(), 1: GreedyBot(), 2: CautiousBot(),
                                                       3: RandomBot()})
        for _ in range(400):
            if st.over:
                break
            state, dec = st.state, st.decision
            if state.conflict is not None and dec.player is not None:
                assert quick_choice(state.conflict, type("D", (), {"options": dec.options})()) in dec.options
            st.step()


def test_greedy_beats_random(game):
    """Gameplay overview: the greedy plan wins far more often than random play."""
    summary = run_games(40, seed="gr", players=2, policy="greedy,random")
    assert summary["wins_by_seat"]["0"] >= 30


def test_run_games_summary_shape_and_determinism():
    """Gameplay overview: wins by seat and by starting mastermind, draws, turns."""
    a = run_games(12, seed=5, players=3, policy="greedy")
    b = run_games(12, seed=5, players=3, policy="greedy")
    assert a == b
    assert list(a) == ["games", "wins_by_seat", "wins_by_mastermind", "draws", "turns"]
    assert a["games"] == 12 and set(a["wins_by_seat"]) == {"0", "1", "2"}
    assert sum(a["wins_by_seat"].values()) + a["draws"] == 12
    assert sum(a["wins_by_mastermind"].values()) == 12 - a["draws"]
    assert sum(a["turns"]["histogram"].values()) == 12
    hist = a["turns"]["histogram"]
    assert a["turns"]["mean"] == round(sum(int(t) * n for t, n in hist.items()) / 12, 3)
    assert game_seed(5, 3) == "5#3"


def test_run_games_does_not_depend_on_worker_count():
    """Gameplay overview: each game's seed comes from (seed, index), not from the order of play."""
    assert run_games(16, seed=2, players=4, workers=2) == run_games(16, seed=2, players=4, workers=1)


def test_run_games_counts_draws():
    """Gameplay overview (reading turn-cap): games at the cap are draws."""
    from explorer.asylum.params import load_rules

    summary = run_games(5, seed=1, players=2, policy="random", game=AsylumGame(rules=load_rules().replace(turn_cap=2)))
    assert summary["draws"] == 5 and summary["wins_by_mastermind"] == {}
    assert summary["turns"] == {"mean": 4.0, "histogram": {"4": 5}}


def test_cli_simulate_prints_the_same_json_every_run():
    """Gameplay overview: `python -m explorer simulate asylum ... --json`."""
    cmd = [sys.executable, "-m", "explorer", "simulate", "asylum", "--games", "25", "--seed", "1", "--players", "4",
           "--json"]
    runs = [subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=120) for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    summary = json.loads(runs[0].stdout)
    assert set(summary) == {"games", "wins_by_seat", "wins_by_mastermind", "draws", "turns"}
    assert summary["games"] == 25 and set(summary["turns"]) == {"mean", "histogram"}
    assert summary == run_games(25, seed=1, players=4, policy="greedy")
    assert "games" in runs[0].stderr  # the progress bar goes to stderr


def test_cli_simulate_policies_and_errors(capsys):
    """Gameplay overview: per-seat policies; user mistakes are one line on stderr, exit 2."""
    assert main(["simulate", "asylum", "--games", "3", "--players", "3", "--policy", "greedy,brawler,random",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3
    assert main(["simulate", "asylum", "--games", "3", "--players", "7"]) == 2
    assert "2 to 6 players" in capsys.readouterr().err
    assert main(["simulate", "asylum", "--games", "3", "--policy", "genius"]) == 2
    assert "unknown policy" in capsys.readouterr().err
    assert main(["simulate", "asylum", "--games", "2", "--players", "2"]) == 0
    assert "seat 0" in capsys.readouterr().out
