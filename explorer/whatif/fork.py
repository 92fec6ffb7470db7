"""Fork a game: at a step of a stepper, try each legal option and play on.

For the decision in front of the stepper, each legal option is taken and the game
played on ``games`` times by the bots, with paired seeds (play-through ``i`` of
every option uses the seed ``"S#i"``): the deciding player's win rate for each
option, with a 95% interval.  Any kind of decision forks: a move, an upgrade, a
recruit, not only a conflict's choices (which also have exact odds).
"""

from __future__ import annotations

from typing import Any

from ..core.engine import Stepper, simulate
from ..games import spec
from . import stats


def fork(stepper: Stepper, games: int = 200, seed: int | str = 1, policies: Any = None, progress: bool = False):
    """A pandas DataFrame, one row per option of the stepper's current decision:
    ``option`` (as text), ``wins`` (the deciding player's win rate), ``ci_low``,
    ``ci_high``, ``games``; sorted as the options are offered.  The bots playing on
    are the stepper's policies (or ``policies``)."""
    import pandas as pd
    from tqdm.auto import tqdm

    game = stepper.game
    dec = stepper.decision
    if dec is None:
        raise ValueError("the game is over: there is nothing to fork")
    if dec.forced:
        raise ValueError("this step is the rules' own (one option): nothing to choose between")
    if games < 1:
        raise ValueError("games must be at least 1")
    policies = policies if policies is not None else stepper.policies
    if policies is None:
        raise ValueError("forking needs policies to play on (the stepper has none)")
    won = spec(game.name).metrics.player_won
    state, player = stepper.state, dec.player
    rows = []
    bar = tqdm(total=games * len(dec.options), desc="fork", unit="game", disable=not progress, leave=False)
    try:
        for option in dec.options:
            wins = []
            for i in range(games):
                playout = simulate(game, state, policies, f"{seed}#{i}", first=option)
                wins.append(float(won(playout.result, player)))
                bar.update(1)
            est, lo, hi = stats.interval(wins, rate=True)
            rows.append({"option": str(option), "wins": est, "ci_low": lo, "ci_high": hi, "games": games})
    finally:
        bar.close()
    frame = pd.DataFrame(rows)
    frame.attrs.update(player=player, prompt=dec.prompt)
    return frame


__all__ = ["fork"]
