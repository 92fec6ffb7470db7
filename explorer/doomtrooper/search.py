"""The search bot for Doomtrooper: what a finished game is worth to a seat, and a
cheap guess of each seat's chance to win when an imagined game is cut short.

The Object is a number of Promotion Points (the rules file's ``promotion_goal``;
a variant may count other points toward another goal, see :func:`points`, and
its own ending decides the winners).  A seat's *progress* is its share of that
goal, with a little for the Value of the warriors it has in play (they are what
earns the next points).  The chance to win is each seat's share of
``exp(sharpness * progress)`` (:func:`~explorer.core.search.softmax_share`).

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
from .variants.front_lines import team_of

#: Playouts per decision by default: about an eighth of a second a decision on one core (bench/bench_search.py:
#: 0.125 s; 0.37 to 0.49 s before the rules and the search were made faster); 80 won 70% of 60 games
#: against greedy where 50 won 60% on the same seeds.
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
#: searched is too low, most of all for seat 1 (positions valued 40% to 50% as searched were
#: won 64% of the time).  Fitted per seat to the bot's own games against greedy, 60 seeds in
#: each seat at the default budget and at the how-to-play stepper's 50 playouts (one scaling
#: serves both): ``bench/bench_search_strength.py doomtrooper --raw --notes F [--playouts 50]``,
#: then ``--fit F ...``.  Brier score on games held out, 20,791 decisions: 0.162 as searched,
#: 0.141 with the scaling before (one for both seats), 0.129 with these.
CALIBRATION = {(2, 0): (0.868, 0.329), (2, 1): (0.786, 1.728)}
#: Two-player variants whose ends the basic guess foretells badly: seat 0's log-odds of
#: winning, as a constant (the seat order) and per term of :func:`standing_terms` (his lead in
#: the variant's points, :func:`points`; in Value in play; in action markers).  Limited Resources
#: ends when the action markers are spent, most Promotion winning, so its lead is divided by the
#: square root of the share of markers left (a lead counts more as the game runs out) and a marker
#: more is points to come.  Fitted by logistic regression to the outcomes of 300 greedy games, a
#: position at each turn (``python bench/bench_search_fit.py doomtrooper --variant V``); Brier
#: scores on held-out games against :func:`progress` and against guessing seat 0's mean: Limited
#: Resources 0.127 against 0.145; Home Turf 0.188 against 0.235 and 0.217; Colonization 0.150
#: against 0.169 and 0.179; The Vortex 0.220 against 0.240 and 0.254 (there Value in play counts
#: for nothing: every card in play is shuffled back at the end of the round).
STANDING = {
    "limited_resources": {"base": -0.345, "lead": 0.131, "value": 0.145, "markers": 0.117},
    "home_turf": {"base": -0.731, "lead": 0.0859, "value": 0.0165},
    "colonization": {"base": -0.413, "lead": 0.1067, "value": 0.1580},
    "vortex": {"base": 0.132, "lead": 0.2438, "value": 0.0001},
}

#: Beat Down: the log-odds that player C holds out (A's and B's draw piles run dry while he
#: still has a warrior), as a constant, per card left in A's and B's draw piles, per point of
#: Value C has in play and per point A and B have in play together.  Fitted by logistic
#: regression to the outcomes of 300 greedy games, a position at each turn (``python
#: bench/bench_search_fit.py doomtrooper --beat-down``): Brier score 0.190 on held-out games for C's
#: chance, against 0.248 for guessing his mean and 0.482 for :func:`progress`, which took C's army
#: in play for points toward a goal he does not have.
BEAT_DOWN = {"base": 1.480, "left": -0.0719, "c_value": 0.1438, "ab_value": -0.0319}


def calibration(game: Any, view: Any, seat: int) -> tuple[float, float] | None:
    """The scaling of ``seat``'s values (``None`` where none was fitted: a variant,
    more players)."""
    if game.variant is not None:
        return None
    return CALIBRATION.get((len(view.seats), seat))


def progress(game: Any, state: Any) -> list[float]:
    """Each seat's way to the goal of the game played, as a share of it: its points
    toward the goal (:func:`points`) and (a little) Value in play.  Playing Teams
    (or Front Lines) a seat counts its team's points, so the seats of a team share
    its chance, as they share its win."""
    goal, scores = points(game, state)
    pool = game.pool
    for t in state.troopers:
        if t.card != UNSEEN:
            scores[t.owner] += IN_PLAY * pool[t.card].value * (0.5 if t.wounded else 1.0)
    return [min(x / max(goal, 1), 1.5) for x in scores]


def points(game: Any, state: Any) -> tuple[int, list[float]]:
    """The goal of the game played and each seat's points toward it: Promotion
    (a team's together playing Teams or Front Lines); The Vortex: Promotion toward
    its own goal, none while a card kept back is still in hand (the Revealment
    takes it all); Colonization: Colony Points as things stand; Home Turf: the
    Promotion banked in the seat's bases (and half what its warriors carry home)."""
    rules = game.rules
    variant = rules.variant
    seats = state.seats
    if variant == "vortex":
        kept = state.variant_state.kept if state.variant_state is not None else ()
        return rules.vortex_goal, [0.0 if i < len(kept) and kept[i].size and
                                   any(c in s.hand for c in kept[i].distinct) else float(s.promotion)
                                   for i, s in enumerate(seats)]
    if variant == "colonization" and state.board is not None:
        return rules.colony_goal, [float(game.variant.points(state, i)) for i in range(len(seats))]
    if variant == "home_turf" and state.board is not None:
        board = state.board
        owner = {t.uid: t.owner for t in state.troopers}
        scores = [float(game.variant.score(board, i)) for i in range(len(seats))]
        for uid, carried in board.carried:
            if uid in owner:
                scores[owner[uid]] += 0.5 * carried
        bases = max(1, len(board.bases) // max(len(seats), 1))
        return bases * rules.base_flip, scores
    teams = variant == "front_lines" or rules.style == "teams"
    if teams:
        side = tuple(team_of(i) for i in range(len(seats))) if variant == "front_lines" else state.purse_of
        total: dict[int, int] = {}
        for i, s in enumerate(seats):
            total[side[i]] = total.get(side[i], 0) + s.promotion
        goal = rules.variant_goal if variant == "front_lines" else rules.team_goal
        return goal, [float(total[side[i]]) for i in range(len(seats))]
    return rules.promotion_goal, [float(s.promotion) for s in seats]


def in_play(game: Any, state: Any) -> list[float]:
    """Each seat's Value in play (a wounded warrior's counts half)."""
    value = [0.0] * len(state.seats)
    pool = game.pool
    for t in state.troopers:
        if t.card != UNSEEN:
            value[t.owner] += pool[t.card].value * (0.5 if t.wounded else 1.0)
    return value


def standing_terms(game: Any, state: Any) -> dict[str, float]:
    """Seat 0's side of a two-player game: his lead in the variant's points, in Value in play
    (and in action markers, Limited Resources); ``damp``: what the lead is divided by (Limited
    Resources: the square root of the share of markers left, else 1)."""
    _, pts = points(game, state)
    value = in_play(game, state)
    terms = {"lead": pts[0] - pts[1], "value": value[0] - value[1], "damp": 1.0}
    if game.rules.variant == "limited_resources":
        markers = state.variant_state.markers
        terms["damp"] = math.sqrt((markers[0] + markers[1]) / (2 * max(game.rules.limited_actions, 1)) + 0.01)
        terms["markers"] = markers[0] - markers[1]
    return terms


def standing(game: Any, state: Any) -> float:
    """Seat 0's log-odds of winning a two-player game of a variant in :data:`STANDING`."""
    w, t = STANDING[game.rules.variant], standing_terms(game, state)
    z = w["base"] + w["lead"] * t["lead"] / t["damp"] + w["value"] * t["value"]
    return z + w["markers"] * t["markers"] if "markers" in t else z


def beat_down_terms(game: Any, state: Any) -> tuple[int, float, float]:
    """Beat Down: the cards left in A's and B's draw piles, C's Value in play, A's and B's."""
    value = in_play(game, state)
    return (len(state.seats[0].deck) + len(state.seats[2].deck), value[1], value[0] + value[2])


def beat_down_chances(game: Any, state: Any, sharpness: float = SHARPNESS) -> list[float]:
    """Beat Down: each seat's chance (A, C, B): C's that he holds out, :data:`BEAT_DOWN`; the
    rest goes to A and B as their Promotion stands (the better of them wins once C falls)."""
    if not state.warriors(1):
        held = 0.0
    else:
        left, c_value, ab_value = beat_down_terms(game, state)
        z = (BEAT_DOWN["base"] + BEAT_DOWN["left"] * left + BEAT_DOWN["c_value"] * c_value
             + BEAT_DOWN["ab_value"] * ab_value)
        held = 1 / (1 + math.exp(-max(-50.0, min(50.0, z))))
    goal = max(game.rules.promotion_goal, 1)
    a = softmax_share((state.seats[0].promotion / goal, state.seats[2].promotion / goal), 0, sharpness)
    return [(1 - held) * a, held, (1 - held) * (1 - a)]


def evaluate(game: Any, state: Any, seat: int, sharpness: float = SHARPNESS) -> float:
    """``seat``'s chance to win from ``state``, guessed from every seat's progress (a
    variant of :data:`STANDING` between two players: from :func:`standing`, fitted to
    how greedy games of it end; Beat Down: :func:`beat_down_chances`, since player C
    never wins on Promotion)."""
    if state.result is not None:
        return win_share(state.result, seat)
    if game.rules.variant in STANDING and len(state.seats) == 2 and game.rules.style != "teams":
        first = 1 / (1 + math.exp(-max(-50.0, min(50.0, standing(game, state)))))
        return first if seat == 0 else 1 - first
    if game.rules.variant == "beat_down" and len(state.seats) == 3:
        return beat_down_chances(game, state, sharpness)[seat]
    return softmax_share(progress(game, state), seat, sharpness)


class DoomtrooperSearch(SearchBot):
    """The tree search, but under a dice variant the paired one (every option played
    from the same dealt worlds with the same dice, the greedy choice kept unless
    another leads it by :data:`SURENESS` standard errors): with dice a combat's
    outcome is mostly luck, and options are best compared on the same luck.  On the
    skill run's seeds against greedy under 2d6 the tree search won 32% of 40 games,
    the paired one 52%; without dice the tree search is the better (82% against 72%)."""

    def choose(self, game: Any, state: Any, decision: Any, rng: random.Random) -> Any:
        if self.prior is not None and deploying(game, state):
            return self.prior.choose(game, state, decision, rng)  # what the search would keep, unsearched
        return super().choose(game, state, decision, rng)

    def search(self, game: Any, view: Any, decision: Any, rng: random.Random) -> SearchReport:
        if game.rules.dice_roll() is None:
            report = super().search(game, view, decision, rng)
        else:
            report = self._paired_search(game, view, decision, rng, margin=0.0)
        if self.prior is not None and deploying(game, view):
            kept = self.prior.choose(game, view, decision, rng)
            base = next((o for o in report.options if o.option == kept), None)
            if base is not None:
                report = report._replace(choice=kept, value=base.value)
        return report


def deploying(game: Any, view: Any) -> bool:
    """Whether ``view`` is in The Vortex's Deployment Phase, where the search keeps the
    greedy bot's placement: every placeable card goes down for free before the
    actions, so the order changes little, and a dozen placements' values from a few
    imagined games each are mostly noise (the search picking the luckiest placed
    worse than greedy: 30% of 40 games, and kept cards back it was then punished for)."""
    v = view.variant_state
    return game.rules.variant == "vortex" and v is not None and getattr(v, "step", None) == "deploy"


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


__all__ = ["BEAT_DOWN", "CALIBRATION", "DoomtrooperSearch", "HORIZON", "MARGIN", "PLAYOUTS", "STANDING", "SURENESS",
           "beat_down_chances", "beat_down_terms", "calibration", "deploying", "evaluate", "in_play", "points",
           "progress", "search_bot", "standing", "standing_terms"]
