"""Many whole games of Doom Asylum, played by bots, summed up.

Game ``i`` of a run with seed ``S`` uses the seed ``"S#i"`` for its setup, its
dice and its bots, so every game is the same whatever order the games are played
in and however many worker processes play them; the summary is identical for the
same arguments on every run.

A run streams: jobs are made as the workers take them, and the summary is
tallied game by game (:class:`Tally`), so a run of 10**12 games needs no more
memory than one of ten.  Ctrl-C (SIGINT) stops a run after the game in play:
:class:`SimulationInterrupted` carries the summary of the games that finished,
which are always games ``0 .. k-1``.

>>> summary = run_games(4, seed=1, players=3, policy="greedy")
>>> sorted(summary)
['draws', 'games', 'turns', 'wins_by_mastermind', 'wins_by_seat']
>>> summary["games"], sum(summary["wins_by_seat"].values()) + summary["draws"]
(4, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import runs
from ..core.bots import PolicySpec, seat_policies
from ..core.engine import Policy, simulate
from ..core.runs import SimulationInterrupted, game_seed
from .bots import get_bot
from .game import AsylumGame, GameResult

MAX_CHUNK = runs.MAX_CHUNK  # games per job handed to a worker process


def policies_for(policy: PolicySpec, players: int) -> Policy | dict[int, Policy]:
    """One bot for every seat, or one per seat (a list, or names joined by commas)."""
    return seat_policies(policy, players, get_bot)


def play_game(game: AsylumGame, players: int, seed: int | str, policies, masterminds: str = "star") -> GameResult:
    """One whole game, played fast (no history), to its result."""
    return simulate(game, game.new_game(players, masterminds), policies, seed).result


class Tally:
    """The summary of a run, added up one game at a time: counts only, nothing
    kept per game (see :meth:`summary` for the fields)."""

    def __init__(self, players: int):
        self.players = players
        self.games = 0
        self.draws = 0
        self.turns = 0
        self.by_seat = [0] * players
        self.by_mastermind: dict[str, int] = {}
        self.histogram: dict[int, int] = {}

    def add(self, r: GameResult) -> None:
        self.histogram[r.turns] = self.histogram.get(r.turns, 0) + 1
        self.turns += r.turns
        if r.winner is None:
            self.draws += 1
        else:
            self.by_seat[r.winner] += 1
            self.by_mastermind[r.mastermind] = self.by_mastermind.get(r.mastermind, 0) + 1
        self.games += 1

    def summary(self) -> dict[str, Any]:
        """The JSON summary: games, wins by seat, wins by starting mastermind,
        draws, and the turns played (mean and histogram)."""
        n = self.games
        return {
            "games": n,
            "wins_by_seat": {str(s): w for s, w in enumerate(self.by_seat)},
            "wins_by_mastermind": dict(sorted(self.by_mastermind.items())),
            "draws": self.draws,
            "turns": {"mean": round(self.turns / n, 3) if n else 0.0,
                      "histogram": {str(t): self.histogram[t] for t in sorted(self.histogram)}},
        }


def summarize(results: Sequence[GameResult], players: int) -> dict[str, Any]:
    """The summary of a list of results (see :meth:`Tally.summary`)."""
    tally = Tally(players)
    for r in results:
        tally.add(r)
    return tally.summary()


def plan(games: int, workers: int) -> tuple[int, int, int]:
    """``(chunk, jobs, processes)``: games per job, how many jobs, and how many
    worker processes to start (never more than there are jobs)."""
    return runs.plan(games, workers, MAX_CHUNK)


def _play_range(args: tuple) -> list[GameResult]:
    start, stop, seed, players, policy, masterminds = args
    game = AsylumGame()
    policies = policies_for(policy, players)
    return [play_game(game, players, game_seed(seed, i), policies, masterminds) for i in range(start, stop)]


def _make_pool(processes: int):
    return runs.make_pool(processes)


def run_games(
    games: int,
    seed: int | str = 0,
    players: int = 4,
    policy: PolicySpec = "greedy",
    *,
    masterminds: str = "star",
    game: AsylumGame | None = None,
    workers: int = 1,
    progress: bool = False,
) -> dict[str, Any]:
    """Play ``games`` seeded games and return the summary (see :meth:`Tally.summary`).

    ``policy``: a bot name (``random``, ``greedy``, ``brawler``, ``cautious``), a
    policy, or one per seat.  ``workers > 1`` plays in up to that many processes
    (only with the default game data); the summary is the same for any number.
    ``progress`` shows a tqdm bar on stderr.  Ctrl-C raises
    :class:`SimulationInterrupted` with the summary so far.
    """
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games}")
    if workers < 1:
        raise ValueError(f"the number of workers must be at least 1, not {workers}")
    if workers > 1 and game is not None:
        raise ValueError("worker processes play with the default game data; give no game")
    game = game or AsylumGame()
    game.new_game(players, masterminds)  # fail early on bad arguments
    policies = policies_for(policy, players)
    chunk, _, processes = plan(games, workers)
    if processes > 1 and (isinstance(policy, Policy) or not isinstance(policy, str)
                          and any(isinstance(p, Policy) for p in policy)):
        raise ValueError("worker processes need policies given by name")
    return runs.run(games, Tally(players),
                    play_one=lambda i: play_game(game, players, game_seed(seed, i), policies, masterminds),
                    play_range=_play_range, job_args=(seed, players, policy, masterminds), workers=workers,
                    max_chunk=MAX_CHUNK, pool_factory=lambda n: _make_pool(n), progress=progress)


__all__ = ["SimulationInterrupted", "Tally", "cli_arguments", "cli_report", "cli_run", "game_seed", "plan", "play_game",
           "policies_for", "run_games", "summarize"]


# -- the command line (``python -m explorer simulate asylum``; see explorer.games) --------------

def cli_arguments(parser) -> None:
    """Doom Asylum's own options of ``simulate``."""
    parser.add_argument("--players", type=int, default=4, help="players per game, 2 to 6 (default 4)")
    parser.add_argument("--policy", default="greedy",
                        help="bot for every seat, or one per seat joined by commas: random, greedy, brawler, "
                             "cautious (default greedy)")
    parser.add_argument("--masterminds", choices=["star", "random"], default="star",
                        help="starting masterminds drawn from the star-marked villains or from all (default star)")


def cli_run(args) -> dict[str, Any]:
    return run_games(args.games, args.seed, args.players, args.policy, masterminds=args.masterminds,
                     workers=args.workers, progress=True)


def cli_report(summary: dict[str, Any], args, played: str) -> str:
    n = summary["games"]
    lines = [f"Doom Asylum: {played}, {args.players} players, policy {args.policy}, seed {args.seed}"]
    for seat, wins in summary["wins_by_seat"].items():
        lines.append(f"  seat {seat}: {wins} wins ({wins / n:.1%})" if n else f"  seat {seat}: {wins} wins")
    lines.append(f"  draws (turn cap): {summary['draws']}")
    for name, wins in summary["wins_by_mastermind"].items():
        lines.append(f"  {name}: {wins} wins")
    lines.append(f"  turns per game: mean {summary['turns']['mean']}")
    return "\n".join(lines)
