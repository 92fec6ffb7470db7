"""The search bot for Doomtrooper: what a finished game is worth to a seat, and a
cheap guess of each seat's chance to win when an imagined game is cut short.

The Object is a number of Promotion Points (the rules file's ``promotion_goal``;
a variant may count another goal, and its own ending decides the winners).  A
seat's *progress* is its share of that goal, with a little for the Value of the
warriors it has in play (they are what earns the next points).  The chance to
win is each seat's share of ``exp(sharpness * progress)``
(:func:`~explorer.core.search.softmax_share`).

>>> from explorer.doomtrooper.game import DoomtrooperGame
>>> game = DoomtrooperGame()
>>> state = game.new_game(2)
>>> evaluate(game, state, 0)   # nobody has a point nor a warrior: an even share
0.5
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..core.engine import Policy
from ..core.search import SearchBot, SearchReport, softmax_share, win_share
from .state import UNSEEN

#: Playouts per decision by default: 0.37 to 0.49 s a decision on one core (bench/bench_search.py); 80 won
#: 70% of 60 games against greedy where 50 won 60% on the same seeds.
PLAYOUTS = 80
#: Rollout steps before a cut game is scored by its progress.
HORIZON = 30
#: How much better than the greedy bot's choice an option must look to be chosen instead.
MARGIN = 0.08
#: Under dice: how many standard errors of the paired difference an option's lead over the
#: greedy bot's choice must clear (with no :data:`MARGIN` on top), see :class:`DoomtrooperSearch`.
SURENESS = 1.0
#: How sharply progress turns into a chance to win.
SHARPNESS = 6.0
#: What a point of Value in play counts for, against a Promotion Point.
IN_PLAY = 0.3
#: Platt's scaling of the values the bot reports (:func:`~explorer.core.search.calibrated`),
#: per (players, seat) of the game without a variant: its greedy rollouts play weaker than
#: the bot does, and its guess of a cut game knows nothing of the seat order, so a value as
#: searched is too low, most of all for seat 1.  Fitted to the bot's own games against
#: greedy: ``bench/bench_search_strength.py doomtrooper --raw --notes F``, then ``--fit F``.
CALIBRATION = {(2, 0): (1.042, 0.915), (2, 1): (1.042, 0.915)}
#: Limited Resources, two players: the log-odds that seat 0 wins, as a constant (the seat
#: order), per Promotion Point of lead divided by the square root of the share of action
#: markers left (a lead counts more as the game runs out), per point of Value in play more
#: than the other seat's, and per action marker more.  Fitted by logistic regression to the
#: outcomes of 300 greedy games, a position at each turn (``python bench/bench_search_fit.py
#: doomtrooper``): Brier score 0.127 on held-out games, against 0.145 for :func:`progress`,
#: which counts no markers.
LIMITED = {"base": -0.345, "lead": 0.131, "value": 0.145, "markers": 0.117}


def calibration(game: Any, view: Any, seat: int) -> tuple[float, float] | None:
    """The scaling of ``seat``'s values (``None`` where none was fitted: a variant,
    more players)."""
    if game.variant is not None:
        return None
    return CALIBRATION.get((len(view.seats), seat))


def progress(game: Any, state: Any) -> list[float]:
    """Each seat's Promotion Points and (a little) Value in play, as a share of the goal."""
    goal = max(game.rules.promotion_goal, 1)
    scores = [float(s.promotion) for s in state.seats]
    pool = game.pool
    for t in state.troopers:
        if t.card != UNSEEN:
            scores[t.owner] += IN_PLAY * pool[t.card].value * (0.5 if t.wounded else 1.0)
    return [min(x / goal, 1.5) for x in scores]


def in_play(game: Any, state: Any) -> list[float]:
    """Each seat's Value in play (a wounded warrior's counts half)."""
    value = [0.0] * len(state.seats)
    pool = game.pool
    for t in state.troopers:
        if t.card != UNSEEN:
            value[t.owner] += pool[t.card].value * (0.5 if t.wounded else 1.0)
    return value


def limited_standing(game: Any, state: Any) -> float:
    """Seat 0's log-odds of winning a two-player game of Limited Resources: :data:`LIMITED`."""
    promotion = state.seats[0].promotion - state.seats[1].promotion
    value = in_play(game, state)
    markers = state.variant_state.markers
    left = (markers[0] + markers[1]) / (2 * max(game.rules.limited_actions, 1))
    return (LIMITED["base"] + LIMITED["lead"] * promotion / math.sqrt(left + 0.01)
            + LIMITED["value"] * (value[0] - value[1]) + LIMITED["markers"] * (markers[0] - markers[1]))


def evaluate(game: Any, state: Any, seat: int, sharpness: float = SHARPNESS) -> float:
    """``seat``'s chance to win from ``state``, guessed from every seat's progress (Limited
    Resources between two players: from :func:`limited_standing`, since that game ends when
    the action markers are spent and a seat's markers left are points to come)."""
    if state.result is not None:
        return win_share(state.result, seat)
    if game.rules.variant == "limited_resources" and len(state.seats) == 2 and game.rules.style != "teams":
        first = 1 / (1 + math.exp(-limited_standing(game, state)))
        return first if seat == 0 else 1 - first
    return softmax_share(progress(game, state), seat, sharpness)


class DoomtrooperSearch(SearchBot):
    """The tree search, but under a dice variant the paired one (every option played
    from the same dealt worlds with the same dice, the greedy choice kept unless
    another leads it by :data:`SURENESS` standard errors): with dice a combat's
    outcome is mostly luck, and options are best compared on the same luck.  On the
    skill run's seeds against greedy under 2d6 the tree search won 32% of 40 games,
    the paired one 52%; without dice the tree search is the better (82% against 72%)."""

    def search(self, game: Any, view: Any, decision: Any, rng: random.Random) -> SearchReport:
        if game.rules.dice_roll() is None:
            return super().search(game, view, decision, rng)
        return self._paired_search(game, view, decision, rng, margin=0.0)


def search_bot(rollout: Policy, playouts: int = PLAYOUTS) -> SearchBot:
    """The search bot of Doomtrooper (:class:`DoomtrooperSearch`): ``rollout`` (the
    greedy bot) finishes imagined games, cut after :data:`HORIZON` steps and scored
    by :func:`evaluate`; the tree holds the seat's own decisions, the other seats
    modelled as playing the rollout policy (one random choice in ten); it keeps the
    rollout policy's own choice unless another option looks better by
    :data:`MARGIN`; the values it reports are scaled by :func:`calibration` into
    chances to win."""
    return DoomtrooperSearch(playouts, rollout=rollout, reward=win_share, max_steps=HORIZON, evaluate=evaluate,
                             epsilon=0.1, seen=False, own_tree=True, prior=rollout, margin=MARGIN,
                             calibration=calibration, sureness=SURENESS)


__all__ = ["CALIBRATION", "DoomtrooperSearch", "HORIZON", "LIMITED", "MARGIN", "PLAYOUTS", "SURENESS", "calibration", "evaluate", "in_play", "limited_standing",
           "progress", "search_bot"]
