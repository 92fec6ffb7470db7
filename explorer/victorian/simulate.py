"""Many whole games of the Victorian card game, played by bots, summed up.

Game ``i`` of a run seeded ``S`` is seeded ``"S#i"`` (deal, dice and bots), so the
summary is the same for any number of worker processes; the run streams and
stops cleanly on Ctrl-C (:mod:`explorer.core.runs`).  The summary has the shape
of Doom Asylum's: games, wins by side, wins by how the game ended, draws, and
the turns played (mean and histogram).

>>> summary = run_games(3, seed=1)
>>> sorted(summary)
['draws', 'games', 'turns', 'wins_by_reason', 'wins_by_side']
>>> summary["games"], sum(summary["wins_by_side"].values()) + summary["draws"]
(3, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import runs
from ..core.engine import Policy, simulate
from ..core.runs import SimulationInterrupted, game_seed
from .bots import REGISTRY, get_bot
from .game import VictorianGame
from .state import GameResult

MAX_CHUNK = runs.MAX_CHUNK


def policies_for(heroes: str | Policy = "greedy", villains: str | Policy = "greedy") -> dict[str, Policy]:
    """The bot of each side, by name (or a policy object)."""
    return {"heroes": get_bot(heroes), "villains": get_bot(villains)}


def play_game(game: VictorianGame, seed: int | str, policies: dict[str, Policy]) -> GameResult:
    """One whole game, from the deal, played fast (no history), to its result."""
    return simulate(game, game.new_game(), policies, seed).result


class Tally:
    """The summary of a run, added up one game at a time (counts only)."""

    def __init__(self) -> None:
        self.games = 0
        self.draws = 0
        self.turns = 0
        self.by_side = {"heroes": 0, "villains": 0}
        self.by_reason: dict[str, int] = {}
        self.histogram: dict[int, int] = {}

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.turns += r.turns
        self.histogram[r.turns] = self.histogram.get(r.turns, 0) + 1
        key = r.reason if r.winner is None else f"{r.winner}: {r.reason}"
        self.by_reason[key] = self.by_reason.get(key, 0) + 1
        if r.winner is None:
            self.draws += 1
        else:
            self.by_side[r.winner] += 1

    def summary(self) -> dict[str, Any]:
        """games, wins_by_side, wins_by_reason (how each game ended: "heroes: no
        major characters", "villains: major plot", "turn cap", ...), draws, and the
        turns (mean and histogram)."""
        n = self.games
        return {
            "games": n,
            "wins_by_side": dict(self.by_side),
            "wins_by_reason": dict(sorted(self.by_reason.items())),
            "draws": self.draws,
            "turns": {"mean": round(self.turns / n, 3) if n else 0.0,
                      "histogram": {str(t): self.histogram[t] for t in sorted(self.histogram)}},
        }


def summarize(results: Sequence[GameResult]) -> dict[str, Any]:
    tally = Tally()
    for r in results:
        tally.add(r)
    return tally.summary()


def _play_range(args: tuple) -> list[GameResult]:
    start, stop, seed, heroes, villains = args
    game = VictorianGame()
    policies = policies_for(heroes, villains)
    return [play_game(game, game_seed(seed, i), policies) for i in range(start, stop)]


def _make_pool(processes: int):
    return runs.make_pool(processes)


def run_games(games: int, seed: int | str = 0, heroes: str | Policy = "greedy", villains: str | Policy = "greedy", *,
              game: VictorianGame | None = None, workers: int = 1, progress: bool = False) -> dict[str, Any]:
    """Play ``games`` seeded games and return the summary (see :meth:`Tally.summary`).
    ``heroes``/``villains``: each side's bot (``random``, ``greedy``)."""
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games}")
    if workers < 1:
        raise ValueError(f"the number of workers must be at least 1, not {workers}")
    if workers > 1 and game is not None:
        raise ValueError("worker processes play with the default game data; give no game")
    if workers > 1 and (isinstance(heroes, Policy) or isinstance(villains, Policy)):
        raise ValueError("worker processes need bots given by name")
    game = game or VictorianGame()
    policies = policies_for(heroes, villains)
    return runs.run(games, Tally(), play_one=lambda i: play_game(game, game_seed(seed, i), policies),
                    play_range=_play_range, job_args=(seed, heroes, villains), workers=workers,
                    max_chunk=MAX_CHUNK, pool_factory=lambda n: _make_pool(n), progress=progress)


# -- the command line (``python -m explorer simulate victorian``; see explorer.games) ------------

def cli_arguments(parser) -> None:
    names = ", ".join(REGISTRY)
    parser.add_argument("--heroes", default="greedy", help=f"the Heroes' bot: {names} (default greedy)")
    parser.add_argument("--villains", default="greedy", help=f"the Villains' bot: {names} (default greedy)")


def cli_run(args) -> dict[str, Any]:
    return run_games(args.games, args.seed, args.heroes, args.villains, workers=args.workers, progress=True)


def cli_report(summary: dict[str, Any], args, played: str) -> str:
    n = summary["games"]
    lines = [f"Victorian heroes and villains: {played}, heroes {args.heroes}, villains {args.villains}, "
             f"seed {args.seed}"]
    for side, wins in summary["wins_by_side"].items():
        lines.append(f"  {side}: {wins} wins ({wins / n:.1%})" if n else f"  {side}: {wins} wins")
    lines.append(f"  draws: {summary['draws']}")
    for reason, count in summary["wins_by_reason"].items():
        lines.append(f"    {reason}: {count}")
    lines.append(f"  turns per game: mean {summary['turns']['mean']}")
    return "\n".join(lines)


__all__ = ["SimulationInterrupted", "Tally", "cli_arguments", "cli_report", "cli_run", "play_game", "policies_for",
           "run_games", "summarize"]
