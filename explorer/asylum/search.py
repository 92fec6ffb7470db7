"""The search bot for Doom Asylum: what a finished game is worth to a seat, and a
cheap guess of each seat's chance to win when an imagined game is cut short.

The race is to the Yard (rulebook "Winning the Game"): a party must first reach
Doom Ready status (8 Doomsday points, "Doom Ready"), then walk to the Yard.  A
party's *progress* is therefore its share of the points it needs while it is not
Doom Ready, and once it is, a stage above that which grows as it nears the Yard.
The chance to win is each seat's share of ``exp(sharpness * progress)``
(:func:`~explorer.core.search.softmax_share`).

>>> from explorer.asylum.game import AsylumGame
>>> game = AsylumGame()
>>> state = game.new_game(4, "star")
>>> evaluate(game, state, 0)   # before the opening draw: an even share
0.25
"""

from __future__ import annotations

from typing import Any

from ..core.engine import Policy
from ..core.search import SearchBot, softmax_share, win_share

#: Playouts per decision by default: about 0.4 s on one core (bench/bench_search.py).  Against
#: three greedy seats, on the same 400 seeds (bench/bench_search_strength.py asylum --seed a,
#: b and c): 45.0% of games won at 500, 40.0% at 150.
PLAYOUTS = 500
#: Rollout steps before a cut game is scored by its progress.
HORIZON = 60
#: How sharply progress turns into a chance to win.
SHARPNESS = 5.0
#: How much better than the greedy bot's choice an option must look to be chosen instead
#: (with it the bot, at 150 playouts, won 42.8% of 400 games against three greedy seats, where
#: greedy in its seat won 20.3% on the same seeds: bench/bench_search_strength.py asylum).
MARGIN = 0.05
#: Platt's scaling of the values the bot reports (:func:`~explorer.core.search.calibrated`),
#: per number of players: its greedy rollouts play weaker than the bot does, so a value
#: as searched is too low (positions valued 25% were won 41% to 58% of the time).  Fitted
#: to 7,983 decisions of 400 four-player games against greedy (Brier score 0.217 as
#: searched, 0.174 scaled on games held out): ``bench/bench_search_strength.py asylum
#: --raw --notes F``, then ``--fit F``.  Other numbers of players keep the values as searched.
CALIBRATION = {4: (1.304, 1.504)}


def progress(game: Any, party: Any) -> float:
    """0 at the start, 0.6 with the points for Doom Ready, 0.7 to 1 once Doom
    Ready, rising as the party nears the Yard."""
    need = game.rules.doom_ready_points
    if party.doom_ready is None:
        return 0.6 * min(party.doomsday, need) / need
    row = game.dist[game.yard]
    far = max(row.values()) or 1
    return 0.7 + 0.3 * (1 - row[party.room] / far)


def evaluate(game: Any, state: Any, seat: int, sharpness: float = SHARPNESS) -> float:
    """``seat``'s chance to win from ``state``, guessed from every party's progress."""
    if state.winner is not None:
        return float(state.winner == seat)
    if not state.parties:  # before the opening draw
        return 1 / state.players
    return softmax_share([progress(game, p) for p in state.parties], seat, sharpness)


def calibration(game: Any, view: Any, seat: int) -> tuple[float, float] | None:
    """The scaling of ``seat``'s values (``None`` where none was fitted).

    >>> from explorer.asylum.game import AsylumGame
    >>> game = AsylumGame()
    >>> calibration(game, game.new_game(4, "star"), 0), calibration(game, game.new_game(3, "star"), 0)
    ((1.304, 1.504), None)
    """
    return CALIBRATION.get(view.players)


def search_bot(rollout: Policy, playouts: int = PLAYOUTS) -> SearchBot:
    """The search bot of Doom Asylum: ``rollout`` (the greedy bot) finishes imagined
    games, cut after :data:`HORIZON` steps and scored by :func:`evaluate`; the
    tree holds the seat's own decisions, the other seats modelled as playing the
    rollout policy (one random choice in ten); it keeps the rollout policy's own
    choice unless another option looks better by :data:`MARGIN`; the values it
    reports are scaled by :func:`calibration` into chances to win."""
    return SearchBot(playouts, rollout=rollout, reward=win_share, max_steps=HORIZON, evaluate=evaluate,
                     epsilon=0.1, seen=False, own_tree=True, prior=rollout, margin=MARGIN, calibration=calibration)


__all__ = ["CALIBRATION", "HORIZON", "MARGIN", "PLAYOUTS", "calibration", "evaluate", "progress", "search_bot"]
