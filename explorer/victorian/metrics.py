"""What the what-if layer measures in a game of the Victorian card game, and how
a variant is built (the interface :mod:`explorer.whatif` finds by convention).

* :func:`metrics`: who won (by side), how games end, length, and how often the
  main rules fired: Track Rolls and thwarts, foiled plots, plots paid out,
  Showdowns, Masterminds and heroes killed, characters changing sides;
* :func:`measure`: those values for one played game, from its result and events;
* :func:`variant_game`: the game with a variant's rule overrides, each checked
  against ``data/victorian/rules.toml`` (a bad one is a DataError);
* :func:`play`: one seeded game from the deal, played by the named bots, measured.

>>> values = play(game_for({}), "m#0")
>>> values["win_heroes"] + values["win_villains"] + values["draw"]
1.0
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.engine import simulate
from ..core.metrics import Metric, cached_variants, rule_parameters, variant_rules
from . import sections as R
from .game import VictorianGame
from .params import NUMBERS, OPTIONS, load_rules, override_rules, rule_ranges
from .simulate import policies_for
from .state import HEROES, SIDE_INDEX, VILLAINS, Ending, GameResult

#: The settings a what-if run of this game accepts, with their defaults.
SETTINGS = {"heroes": "greedy", "villains": "greedy"}


def metrics(players: int | None = None) -> tuple[Metric, ...]:
    """The metrics of a game (two sides, whatever ``players`` says)."""
    return (
        Metric("win_heroes", "the Heroes win", "sides", "rate"),
        Metric("win_villains", "the Villains win", "sides", "rate"),
        Metric("draw", "draw", "ending", "rate"),
        Metric("end_no_majors", "ends with a side out of major characters", "ending", "rate"),
        Metric("end_major_plot", "ends with a major plot", "ending", "rate"),
        Metric("turns", "game length (turns)", "length", "mean"),
        Metric("track_rolls", "Track Rolls per game", "rules", "mean"),
        Metric("thwarts", "Masterminds thwarted per game", "rules", "mean"),
        Metric("foils", "plots foiled per game", "rules", "mean"),
        Metric("plots_paid", "minor plots paid out per game", "rules", "mean"),
        Metric("showdowns", "Showdown Rolls per game", "rules", "mean"),
        Metric("assassins", "Assassin Rolls per game", "rules", "mean"),
        Metric("controls", "characters changing sides per game", "rules", "mean"),
    )


def measure(result: GameResult, events) -> dict[str, float]:
    """Every metric's value in one finished game, read off its result and events."""
    values = {
        "win_heroes": float(result.won(HEROES)),
        "win_villains": float(result.won(VILLAINS)),
        "draw": float(result.draw),
        "end_no_majors": float(result.ending in (Ending.NO_MAJORS, Ending.ALL_MAJORS_LOST)),
        "end_major_plot": float(result.ending is Ending.MAJOR_PLOT),
        "turns": float(result.turns),
    }
    counts = dict.fromkeys(("track_rolls", "thwarts", "foils", "plots_paid", "showdowns", "assassins", "controls"), 0)
    for e in events:
        rule, data = e.rule, e.data
        if rule == R.INTERCEPT and any(k == "roll" for k, _ in data):
            counts["track_rolls"] += 1
        elif rule == R.THWARTED:
            counts["thwarts"] += 1
        elif rule == R.FOILED and any(k == "plot" for k, _ in data):
            counts["foils"] += 1
        elif rule == R.MINOR_PLOT and any(k == "plot" for k, _ in data) and "pays out" in e.text:
            counts["plots_paid"] += 1
        elif rule == R.SHOWDOWN and any(k == "roll" for k, _ in data):
            counts["showdowns"] += 1
        elif rule == R.ASSASSIN and any(k == "roll" for k, _ in data):
            counts["assassins"] += 1
        elif rule == R.CONTROL:
            counts["controls"] += 1
    values.update({k: float(v) for k, v in counts.items()})
    return values


def variant_game(overrides: Mapping[str, Any] | None = None) -> VictorianGame:
    """The game with ``overrides`` (rule numbers and switches by name); an unknown
    name or a value out of its declared range is a DataError."""
    rules = variant_rules(override_rules, overrides or {})
    return VictorianGame(rules=rules)


#: :func:`variant_game`, made once per process for each set of overrides
game_for = cached_variants(variant_game, "victorian")


def play(game: VictorianGame, seed: str, heroes: str = "greedy", villains: str = "greedy") -> dict[str, float]:
    """One seeded game from the deal, played by the named bots, measured."""
    playout = simulate(game, game.new_game(), policies_for(heroes, villains), seed, keep_events=True)
    return measure(playout.result, playout.events)


def player_won(result: GameResult, player: str) -> bool:
    """Whether ``player`` (``"heroes"`` or ``"villains"``) won (for forks)."""
    return result.won(SIDE_INDEX[player])


def parameters() -> dict[str, dict[str, Any]]:
    """Every rule a what-if run can change, with its range and value (numbers) or value (switches)."""
    return rule_parameters(load_rules(), rule_ranges(), NUMBERS, OPTIONS)


def exact_effect(name: str, values, base: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """The exact local effect of a rule number where one is defined: for the
    healing bonuses, P(a Wound counter is removed) with and without the bonus (from
    the rules' tables; no other rule in ``base`` moves it)."""
    if name not in ("immortal_heal", "doctor_heal", "facilitator_bonus"):
        return None
    from .tables import healing_roll

    others = [0, 1, 2, 3]
    series = {v: [healing_roll(o + v) for o in others] for v in values}
    return {"title": f"Healing Roll: P(the counter is removed) with {name.replace('_', ' ')}", "x": others,
            "x_label": "other bonuses on the roll", "series": series, "series_label": name}


__all__ = ["SETTINGS", "exact_effect", "game_for", "measure", "metrics", "parameters", "play", "player_won",
           "variant_game"]
