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

#: Playouts per decision by default: under 0.5 s on one core at the slowest hour measured
#: (bench/bench_search.py: 500 took 0.36 s at one hour and up to 0.67 s at another, the code
#: unchanged; 350 took 0.47 s then).  Against three greedy seats (bench/bench_search_strength.py
#: asylum): 42.0% of 400 games won at 350 (--games 200, --seed a and b; greedy in the same seat
#: 25.8%); on another 400 seeds (--seed a, b and c), 45.0% at 500 and 40.0% at 150.
PLAYOUTS = 350
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
#: as searched is too low (four players, 100 playouts: positions valued 15% were won 31% of
#: the time).  Each fitted to the decisions of games of one search seat against greedy ones
#: (``bench/bench_search_strength.py asylum --players N --raw --notes F``, then ``--fit F``),
#: Brier score as searched -> scaled on games held out: four players, 7,983 decisions of 400
#: games at 150 playouts (0.217 -> 0.174), checked again at 500 (1,831 decisions: 0.204 ->
#: 0.156) and at 100, the tour's advice (1,980: 0.222 -> 0.187), so one scaling serves every
#: budget; two, three, five and six players fitted at 100 playouts (two: 3,864 decisions of
#: 200 games, 0.171 -> 0.143; three: 1,867 of 99, 0.189 -> 0.169; five: 2,044 of 100, 0.198
#: -> 0.164; six: 2,138 of 102, 0.202 -> 0.150).
CALIBRATION = {2: (1.714, 0.913), 3: (1.264, 0.980), 4: (1.304, 1.504), 5: (1.389, 1.548), 6: (1.659, 2.225)}


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
    """The scaling of ``seat``'s values, for the number of players at the table.

    >>> from explorer.asylum.game import AsylumGame
    >>> game = AsylumGame()
    >>> calibration(game, game.new_game(4, "star"), 0), calibration(game, game.new_game(3, "star"), 0)
    ((1.304, 1.504), (1.264, 0.98))
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
