"""The search bot for the Victorian game: what a finished game is worth to a
side, and a cheap guess of each side's chance to win when an imagined game is
cut short.

The Villains win when a major plot reaches its last Plot counter ("PLOT PHASE")
or when, after the fifth turn, the Heroes have no character in play; the Heroes
win when the Villains have no Mastermind in play ("VICTORY").  A side's
*progress* is its standing: its major characters in play, and the Villains' best
major plot and the Masterminds' wounds.  The
chance to win is each side's share of ``exp(sharpness * progress)``
(:func:`~explorer.core.search.softmax_share`).

>>> from explorer.victorian.game import setup
>>> game, state = setup(seed=1)
>>> evaluate(game, state, "heroes")   # nobody in play yet: an even share
0.5
"""

from __future__ import annotations

from typing import Any

from ..core.engine import Policy
from ..core.search import SearchBot, softmax_share, win_share
from .state import HEROES, SIDE_INDEX, VILLAINS
from .units import is_major, is_mastermind

#: Playouts per decision by default: about half a second on one core (bench/bench_search.py).
PLAYOUTS = 70
#: Rollout steps before a cut game is scored by its progress.
HORIZON = 80
#: How much better than the greedy bot's choice an option must look to be chosen instead.
MARGIN = 0.08
#: How sharply progress turns into a chance to win.
SHARPNESS = 4.0


def progress(game: Any, state: Any) -> tuple[float, float]:
    """The Heroes' and the Villains' standing: each side's major characters in play
    (none left after the fifth turn loses), the Villains' best major plot, the
    Masterminds' wounds."""
    heroes, villains = state.sides[HEROES], state.sides[VILLAINS]
    need = game.rules.major_plot_counters
    plot = max((p.counters for p in villains.plots if p.major), default=0) / need
    masters = [u for u in villains.units if is_mastermind(game, u)]
    wounds = sum(min(u.wounds, 2) for u in masters) / (2 * max(len(masters), 1))
    characters = sum(is_major(game, HEROES, u) for u in heroes.units)
    return 1 - 1 / (1 + characters) + 0.3 * wounds, 1 - 1 / (1 + len(masters)) + 0.5 * plot


def evaluate(game: Any, state: Any, side: str, sharpness: float = SHARPNESS) -> float:
    """``side``'s chance to win from ``state``, guessed from both sides' progress."""
    me = SIDE_INDEX[side]
    if state.result is not None:
        return win_share(state.result, me)
    return softmax_share(progress(game, state), me, sharpness)


def reward(result: Any, side: str) -> float:
    """A finished game's worth to ``side``: 1 for its win, 0 for a loss or a draw."""
    return win_share(result, SIDE_INDEX[side])


def search_bot(rollout: Policy, playouts: int = PLAYOUTS) -> SearchBot:
    """The search bot of the Victorian game: ``rollout`` (the greedy bot) finishes
    imagined games, cut after :data:`HORIZON` steps and scored by :func:`evaluate`;
    the tree holds the side's own decisions, the other side modelled as playing
    the rollout policy (one random choice in ten); it keeps the rollout policy's
    own choice unless another option looks better by :data:`MARGIN`."""
    return SearchBot(playouts, rollout=rollout, reward=reward, max_steps=HORIZON, evaluate=evaluate,
                     epsilon=0.1, seen=False, own_tree=True, prior=rollout, margin=MARGIN)


__all__ = ["HORIZON", "MARGIN", "PLAYOUTS", "evaluate", "progress", "reward", "search_bot"]
