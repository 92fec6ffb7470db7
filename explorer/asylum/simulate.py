"""Many whole games of Doom Asylum, played by bots, summed up: the game's part of
:mod:`explorer.core.simulation` (its options, its setup, its report).

Game ``i`` of a run with seed ``S`` uses the seed ``"S#i"`` for its setup, its
dice and its bots, so the summary is the same for the same arguments on every
run and for any number of worker processes.

>>> summary = run_games(4, seed=1, players=3, policy="greedy")
>>> list(summary)
['games', 'wins_by_seat', 'wins_by_mastermind', 'draws', 'turns']
>>> summary["games"], sum(summary["wins_by_seat"].values()) + summary["draws"]
(4, 4)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core import simulation
from ..core.bots import PolicySpec, seat_policies
from ..core.engine import Policy, simulate
from ..core.numbers import counted
from ..core.results import GameResult
from .bots import REGISTRY, get_bot
from .game import AsylumGame
from .overrides import override_rules

#: The summary's sections after the wins by seat.
SECTIONS = ("wins:mastermind", "draws", "turns")


def policies_for(policy: PolicySpec, players: int) -> Policy | dict[int, Policy]:
    """One bot for every seat, or one per seat (a list, or names joined by commas)."""
    return seat_policies(policy, players, get_bot)


def play_game(game: AsylumGame, players: int, seed: int | str, policies, masterminds: str = "star") -> GameResult:
    """One whole game, played fast (no history), to its result."""
    return simulate(game, game.new_game(players, masterminds), policies, seed).result


class Setup(NamedTuple):
    """The games of a run: players, their bots, how masterminds are drawn, rule changes."""

    players: int = 4
    policy: PolicySpec = "greedy"
    masterminds: str = "star"
    rules: tuple[tuple[str, Any], ...] = ()


def prepare(setup: Setup, game: AsylumGame | None = None) -> simulation.Prepared:
    """``setup`` ready to play (checked: a bad player count or bot fails here)."""
    game = game or AsylumGame(rules=override_rules(dict(setup.rules)) if setup.rules else None)
    players, masterminds = setup.players, setup.masterminds
    game.new_game(players, masterminds)
    policies = policies_for(setup.policy, players)
    policy = setup.policy
    by_name = isinstance(policy, str) or not isinstance(policy, Policy) and all(isinstance(p, str) for p in policy)
    return simulation.Prepared(game, lambda: game.new_game(players, masterminds), policies, players, by_name)


def run_games(games: int, seed: int | str = 0, players: int = 4, policy: PolicySpec = "greedy", *,
              masterminds: str = "star", rules: dict[str, Any] | None = None, game: AsylumGame | None = None,
              workers: int = 1, progress: bool = False) -> dict[str, Any]:
    """Play ``games`` seeded games and return the summary: games, wins by seat, wins
    by starting mastermind, draws, and the turns played (mean and histogram).

    ``policy``: a bot name (``random``, ``greedy``, ``brawler``, ``cautious``), a
    policy, or one per seat.  ``rules``: rule changes by name, checked against the
    rules file.  ``workers > 1`` plays in up to that many processes (bots by name,
    the default game data)."""
    setup = Setup(players, policy if isinstance(policy, (str, Policy)) else tuple(policy), masterminds,
                  tuple(sorted((rules or {}).items())))
    return simulation.run_games(SIMULATION, setup, games, seed, game=game, workers=workers, progress=progress)


# -- the command line (``python -m explorer simulate asylum``) -----------------------------------

def options(parser) -> None:
    """Doom Asylum's own options of ``simulate``."""
    parser.add_argument("--players", type=int, default=4, help="players per game, 2 to 6 (default 4)")
    parser.add_argument("--policy", default="greedy",
                        help=f"bot for every seat, or one per seat joined by commas: {REGISTRY.names_text()} "
                             "(default greedy)")
    parser.add_argument("--masterminds", choices=["star", "random"], default="star",
                        help="starting masterminds drawn from the star-marked villains or from all (default star)")


def setup(args, rules: dict[str, Any]) -> Setup:
    return Setup(args.players, args.policy, args.masterminds, tuple(sorted(rules.items())))


def report(summary: dict[str, Any], args, played: str) -> str:
    rules = f", rules {', '.join(args.rule)}" if args.rule else ""
    lines = [f"Doom Asylum: {played}, {args.players} players, policy {args.policy}, seed {args.seed}{rules}"]
    lines += simulation.seat_lines(summary)
    lines.append(f"  draws (turn cap): {summary['draws']}")
    lines.append("  wins by the winner's mastermind:")
    for name, wins in summary["wins_by_mastermind"].items():
        lines.append(f"    {name}: {counted(wins, 'win')}")
    lines.append(simulation.turns_line(summary))
    return "\n".join(lines)


SIMULATION = simulation.Simulation(options, setup, prepare, report, SECTIONS)

__all__ = ["SECTIONS", "SIMULATION", "Setup", "options", "play_game", "policies_for", "prepare", "report",
           "run_games", "setup"]
