"""Many whole games of Doom Asylum, played by bots, summed up.

Game ``i`` of a run with seed ``S`` uses the seed ``"S#i"`` for its setup, its
dice and its bots, so every game is the same whatever order the games are played
in and however many worker processes play them; the summary is identical for the
same arguments on every run.

>>> summary = run_games(4, seed=1, players=3, policy="greedy")
>>> sorted(summary)
['draws', 'games', 'turns', 'wins_by_mastermind', 'wins_by_seat']
>>> summary["games"], sum(summary["wins_by_seat"].values()) + summary["draws"]
(4, 4)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from ..core.engine import Policy, simulate
from .bots import get_bot
from .game import AsylumGame, GameResult

PolicySpec = str | Policy | Sequence[str | Policy]


def game_seed(seed: int | str, index: int) -> str:
    """The seed of game ``index`` in a run seeded ``seed``."""
    return f"{seed}#{index}"


def policies_for(policy: PolicySpec, players: int) -> Policy | dict[int, Policy]:
    """One bot for every seat, or one per seat (a list, or names joined by commas)."""
    if isinstance(policy, str) and "," in policy:
        policy = [p.strip() for p in policy.split(",")]
    if isinstance(policy, (str, Policy)):
        return get_bot(policy)
    bots = [get_bot(p) for p in policy]
    if len(bots) != players:
        raise ValueError(f"{len(bots)} policies given for {players} players")
    return dict(enumerate(bots))


def play_game(game: AsylumGame, players: int, seed: int | str, policies, masterminds: str = "star") -> GameResult:
    """One whole game, played fast (no history), to its result."""
    return simulate(game, game.new_game(players, masterminds), policies, seed).result


def _play_range(args: tuple) -> list[GameResult]:
    start, stop, seed, players, policy, masterminds = args
    game = AsylumGame()
    policies = policies_for(policy, players)
    return [play_game(game, players, game_seed(seed, i), policies, masterminds) for i in range(start, stop)]


def summarize(results: Sequence[GameResult], players: int) -> dict[str, Any]:
    """The JSON summary: games, wins by seat, wins by starting mastermind, draws,
    and the turns played (mean and histogram)."""
    by_seat = {str(s): 0 for s in range(players)}
    by_mm: dict[str, int] = {}
    draws = 0
    hist: dict[int, int] = {}
    for r in results:
        hist[r.turns] = hist.get(r.turns, 0) + 1
        if r.winner is None:
            draws += 1
        else:
            by_seat[str(r.winner)] += 1
            by_mm[r.mastermind] = by_mm.get(r.mastermind, 0) + 1
    n = len(results)
    mean = round(sum(r.turns for r in results) / n, 3) if n else 0.0
    return {
        "games": n,
        "wins_by_seat": by_seat,
        "wins_by_mastermind": dict(sorted(by_mm.items())),
        "draws": draws,
        "turns": {"mean": mean, "histogram": {str(t): hist[t] for t in sorted(hist)}},
    }


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
    """Play ``games`` seeded games and return the summary (see :func:`summarize`).

    ``policy``: a bot name (``random``, ``greedy``, ``brawler``, ``cautious``), a
    policy, or one per seat.  ``workers > 1`` plays in that many processes (only
    with the default game data); ``progress`` shows a tqdm bar on stderr.
    """
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    if workers > 1 and game is not None:
        raise ValueError("worker processes play with the default game data; give no game")
    game = game or AsylumGame()
    game.new_game(players, masterminds)  # fail early on bad arguments
    policies = policies_for(policy, players)
    from tqdm.auto import tqdm

    bar = tqdm(total=games, desc="games", unit="game", file=sys.stderr, disable=not progress, leave=False)
    results: list[GameResult] = []
    try:
        if workers > 1 and games > 1:
            if isinstance(policy, Policy) or not isinstance(policy, str) and any(isinstance(p, Policy) for p in policy):
                raise ValueError("worker processes need policies given by name")
            import multiprocessing

            chunk = max(1, min(250, games // (workers * 4) or 1))
            jobs = [(i, min(games, i + chunk), seed, players, policy, masterminds) for i in range(0, games, chunk)]
            ctx = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
            with ctx.Pool(workers) as pool:
                for part in pool.imap(_play_range, jobs):
                    results.extend(part)
                    bar.update(len(part))
        else:
            for i in range(games):
                results.append(play_game(game, players, game_seed(seed, i), policies, masterminds))
                bar.update(1)
    finally:
        bar.close()
    return summarize(results, players)


__all__ = ["game_seed", "play_game", "policies_for", "run_games", "summarize"]
