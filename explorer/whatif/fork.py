"""Fork a game: at a step of a stepper, try each legal option and play on.

For the decision in front of the stepper, each legal option is taken and the game
played on ``games`` times by the bots, with paired seeds (play-through ``i`` of
every option uses the seed ``"S#i"``): the deciding player's win rate for each
option, with a 95% interval, and its paired difference to the best option with
its own interval (the same seeds for every option, so the difference is read
game by game: "this choice costs 7 points, from 4 to 10").  Any game of
:mod:`explorer.games` forks, and any kind of decision: a move, an upgrade, a
recruit, a card to play, not only a conflict's choices (which also have exact odds).

In a game that hides something (the card games), play-through ``i`` starts from a
world dealt from what the deciding player sees (:meth:`Game.determinize`: the
other hands, the unseen piles and any face-down card drawn anew, the same world
for every option), so a fork never reads the hidden cards.  A game that cannot
deal such worlds (one that has no way to, or a Doomtrooper state dealt decks other
than those its game deals, whose unseen cards cannot be listed: start it from
``DoomtrooperGame.with_decks(decks)``, as ``new_stepper(decks=...)`` does) plays on
from the state as it stands, and ``frame.attrs["worlds"]`` says which.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..core.engine import Stepper, simulate
from ..games import spec
from . import stats


def fork(stepper: Stepper, games: int = 200, seed: int | str = 1, policies: Any = None,
         progress: bool | Callable[[int, int], None] = False):
    """A pandas DataFrame, one row per option of the stepper's current decision:
    ``option`` (as text), ``wins`` (the deciding player's win rate), ``ci_low``,
    ``ci_high``, ``games``, and ``vs_best``, ``vs_low``, ``vs_high``: the win rate
    minus the best option's, game by game, with its 95% interval (0 for the best
    option itself); sorted as the options are offered.  The bots playing on are
    the stepper's policies (or ``policies``).  ``frame.attrs``: the deciding
    ``player``, the decision's ``prompt`` and the ``best`` option's text.
    ``progress``: a bar, or a function told the games played and the games in all
    (about fifty times in a fork, as a page's bar wants it)."""
    import pandas as pd

    outcomes, worlds = _play_on(stepper, games, seed, policies, progress)
    b = max(range(len(outcomes)), key=lambda i: stats.mean(outcomes[i][1]))
    best, best_wins = outcomes[b]
    rows = []
    for i, (option, wins) in enumerate(outcomes):
        est, lo, hi = stats.interval(wins, rate=True)
        diff, dlo, dhi = stats.paired(wins, best_wins, rate=True) if i != b else (0.0, 0.0, 0.0)
        rows.append({"option": str(option), "wins": est, "ci_low": lo, "ci_high": hi, "games": games,
                     "vs_best": diff, "vs_low": dlo, "vs_high": dhi})
    frame = pd.DataFrame(rows)
    frame.attrs.update(player=stepper.decision.player, prompt=stepper.decision.prompt, best=str(best), worlds=worlds)
    return frame


def _play_on(stepper: Stepper, games: int, seed: int | str, policies: Any,
             progress: bool | Callable[[int, int], None]) -> tuple[list[tuple[Any, list[float]]], str]:
    """Each option of the current decision, with whether the deciding player won
    each of ``games`` play-throughs (1.0 or 0.0), play-through ``i`` seeded
    ``"seed#i"`` for every option; and where they start (``"dealt from the
    player's view"`` or ``"as it stands"``)."""
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
    starts, worlds = _starts(game, state, player, dec.options, games, seed)
    outcomes: list[tuple[Any, list[float]]] = []
    total = games * len(dec.options)
    tell = progress if callable(progress) else None
    step, played = max(1, total // 50), 0
    bar = tqdm(total=total, desc="fork", unit="game", disable=tell is not None or not progress, leave=False)
    try:
        for option in dec.options:
            wins: list[float] = []
            outcomes.append((option, wins))
            for i in range(games):
                playout = simulate(game, starts[i], policies, f"{seed}#{i}", first=option)
                wins.append(float(won(playout.result, player)))
                bar.update(1)
                played += 1
                if tell is not None and (played % step == 0 or played == total):
                    tell(played, total)
    finally:
        bar.close()
    return outcomes, worlds


def _starts(game: Any, state: Any, player: Any, options: tuple, games: int, seed: int | str) -> tuple[list, str]:
    """Where each play-through starts: a world dealt from ``player``'s view (the
    same options offered there), or the state itself where the game cannot deal
    one (:meth:`Game.determinize` raises ``NotImplementedError``)."""
    view = game.observe(state, player)
    if view is state:
        return [state] * games, "as it stands (nothing is hidden)"
    try:
        starts = [game.determinize(view, player, random.Random(f"{seed}#{i}/world")) for i in range(games)]
    except NotImplementedError:
        return [state] * games, "as it stands (the hidden cards where they are)"
    if any(game.decision(w).options != options for w in starts):
        return [state] * games, "as it stands (the hidden cards where they are)"
    return starts, "dealt anew from what the player sees"


__all__ = ["fork"]
