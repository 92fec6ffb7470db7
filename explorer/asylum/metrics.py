"""What the what-if layer measures in a game of Doom Asylum, and how a variant is built.

Defined once, used by ``explorer.whatif`` (compare, sweep, fork), by the designer's
notebook and by the command line:

* :data:`METRICS` for a number of players: who won (by seat, by starting
  mastermind), draws, how games end, length, lead changes, and how often rules fired:
  Doomsday points from plot rooms, conflicts and Calculated Risks, conflicts per
  game, ambushes and recruits, mastermind losses;
* :func:`measure`: those values for one played game, from its result and events;
* :func:`variant_game`: the game with a variant's overrides, each checked: a rule
  number or switch by its name in ``data/asylum/rules.toml``, or a villain's stat as
  ``"villain.<name>.<stat>"``;
* :func:`play`: one seeded game, played by bots, measured.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from ..core.data import DataError
from ..core.engine import simulate
from ..core.metrics import Metric, cached_variants, lead_changes, rule_parameters, variant_rules
from . import sections as R
from .game import AsylumGame, Ending, GameResult
from .overrides import override_rules
from .params import NUMBERS, OPTIONS, load_rules, rule_ranges
from .simulate import policies_for
from .villains import STAT_LABELS, STATS, find_villain, load_roster, roster_limits


def metrics(players: int = 4, roster: Mapping[str, Any] | None = None) -> tuple[Metric, ...]:
    """The metrics of a ``players``-seat game (one win rate per seat and per
    star-marked villain, who can start as mastermind)."""
    roster = roster if roster is not None else load_roster()
    out = [Metric(f"win_seat_{s}", f"seat {s} wins", "seats", "rate") for s in range(players)]
    out.append(Metric("draw", "draw (turn cap)", "ending", "rate"))
    out.append(Metric("end_yard", "ends in the Yard", "ending", "rate"))
    out += [Metric(f"win_mastermind:{n}", f"{n}'s party wins", "masterminds", "rate")
            for n, v in roster.items() if v.star]
    out += [
        Metric("turns", "game length (turns)", "length", "mean"),
        Metric("lead_changes", "lead changes (Doomsday points)", "length", "mean"),
        Metric("dd_plot_rooms", "Doomsday points from plot rooms", "rules", "mean"),
        Metric("dd_conflicts", "Doomsday points from conflicts", "rules", "mean"),
        Metric("dd_risks", "Doomsday points from Calculated Risks", "rules", "mean"),
        Metric("conflicts", "conflicts per game", "rules", "mean"),
        Metric("ambushes", "ambush fights per game", "rules", "mean"),
        Metric("recruits", "recruits per game", "rules", "mean"),
        Metric("mastermind_losses", "masterminds lost per game", "rules", "mean"),
        Metric("doom_ready", "times a party became Doom Ready", "rules", "mean"),
    ]
    return tuple(out)


def measure(result: GameResult, events, players: int, roster: Mapping[str, Any]) -> dict[str, float]:
    """Every metric's value in one finished game, read off its result and events."""
    values: dict[str, float] = {f"win_seat_{s}": float(result.won(s)) for s in range(players)}
    values["draw"] = float(result.draw)
    values["end_yard"] = float(result.ending is Ending.YARD)
    mastermind = result.detail("mastermind")
    for n, v in roster.items():
        if v.star:
            values[f"win_mastermind:{n}"] = float(mastermind == n)
    values["turns"] = float(result.turns)
    earned = {"plot": 0, "conflict": 0, "risk": 0}
    source = {R.TURN_PLOT_ROOM: "plot", R.TURN_CONFLICT: "plot", R.WINNER_DOOMSDAY: "conflict",
              R.SOUND_DEFEAT: "conflict", R.CALCULATED_RISK: "risk"}
    counts = dict.fromkeys(("conflicts", "ambushes", "recruits", "mastermind_losses", "doom_ready"), 0)
    standings, points = [], [0] * players
    for e in events:
        data = dict(e.data)
        rule = e.rule
        if rule == R.DOOMSDAY_START:  # everyone's start, then any catch-up points per seat
            points = list(data["points"]) if "points" in data else [data["doomsday"]] * players
            start = list(points)
        elif "doomsday" in data and "seat" in data:  # a change of a party's Doomsday points
            seat, dd = data["seat"], data["doomsday"]
            if rule in source and dd > points[seat]:
                earned[source[rule]] += dd - points[seat]
            points[seat] = dd
            standings.append((seat, dd))
        if rule == R.TURN_CONFLICT and "attacker" in data:
            counts["conflicts"] += 1
        elif rule == R.AMBUSH and data.get("fight"):
            counts["ambushes"] += 1
        elif rule == R.AMBUSH_CLAIM and "villain" in data:
            counts["recruits"] += 1
        elif rule == R.MASTERMIND_SWITCH and data.get("lost"):
            counts["mastermind_losses"] += 1
        elif (rule == R.DOOM_READY and data.get("doom_ready")) or rule == R.DOOM_READY_BY_CONFLICT:
            counts["doom_ready"] += 1
    values["lead_changes"] = float(lead_changes(standings, start))
    values["dd_plot_rooms"] = float(earned["plot"])
    values["dd_conflicts"] = float(earned["conflict"])
    values["dd_risks"] = float(earned["risk"])
    values.update({k: float(v) for k, v in counts.items()})
    return values


def variant_game(overrides: Mapping[str, Any] | None = None) -> AsylumGame:
    """The game with ``overrides`` applied (``{}``: the data as it is).  Rule numbers
    and switches by name; villain stats as ``"villain.<name>.<stat>"``.  A name the
    game does not know, or a value outside its declared range, raises
    :class:`~explorer.core.data.DataError` (entry: the override, field: its name)."""
    overrides = dict(overrides or {})
    rule_changes = {k: v for k, v in overrides.items() if not k.startswith("villain.")}
    villain_changes = {k: v for k, v in overrides.items() if k.startswith("villain.")}
    rules = variant_rules(override_rules, rule_changes)
    roster = load_roster()
    if villain_changes:
        limits = roster_limits()
        roster = dict(roster)
        for key, value in villain_changes.items():
            parts = key.split(".")
            if len(parts) != 3 or parts[2] not in STATS:
                raise DataError("variant", key, key, "a villain's stat is named 'villain.<name>.<stat>', the stat one of "
                                + ", ".join(STATS))
            try:
                v = find_villain(roster, parts[1])
            except KeyError as exc:
                raise DataError("variant", key, key, str(exc)) from None
            stat_range = limits.get(parts[2]) or limits.get("stat")
            if type(value) is not int or (stat_range is not None and value not in stat_range):
                raise DataError("variant", key, key, f"{value!r} is out of range: allowed {stat_range}")
            try:
                roster[v.name] = dataclasses.replace(v, **{parts[2]: value})
            except ValueError as exc:
                raise DataError("variant", key, key, str(exc)) from None
    return AsylumGame(roster=roster, rules=rules)


#: :func:`variant_game`, made once per process for each set of overrides (a sweep builds each variant once)
game_for = cached_variants(variant_game, "asylum")


def play(game: AsylumGame, seed: str, players: int = 4, policy: str = "greedy",
         masterminds: str = "star") -> dict[str, float]:
    """One seeded game from the opening draw, played by bots, measured."""
    playout = simulate(game, game.new_game(players, masterminds), policies_for(policy, players), seed,
                       keep_events=True)
    return measure(playout.result, playout.events, players, game.roster)


def player_won(result: GameResult, player: int) -> bool:
    """Whether ``player`` (a seat) won (for forks)."""
    return result.won(player)


#: The settings a what-if run of this game accepts, with their defaults.
SETTINGS = {"players": 4, "policy": "greedy", "masterminds": "star"}


def parameters() -> dict[str, dict[str, Any]]:
    """Every rule a what-if run can change: numbers with their declared range and
    value, switches with theirs (from ``data/asylum/rules.toml``)."""
    return rule_parameters(load_rules(), rule_ranges(), NUMBERS, OPTIONS)


def roster_parameters() -> dict[str, dict[str, Any]]:
    """Every villain's stat a what-if run can change, as ``"villain.<name>.<stat>"``:
    its value now and the range the roster file declares (``who``: the villain,
    ``stat``: the stat's name as the rulebook writes it)."""
    limits = roster_limits()
    return {f"villain.{v.name}.{stat}": {"kind": "number", "value": getattr(v, stat), "min": limits[stat].min,
                                         "max": limits[stat].max, "who": v.name, "stat": STAT_LABELS[stat]}
            for v in load_roster().values() for stat in STATS}


def exact_effect(name: str, values, base: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """The local, exact effect of a rule number, where one is defined: for
    ``maneuver_target``, P(a tactical maneuver succeeds) for each stat value, at
    each target (from the rule itself; no other rule in ``base`` moves it).  ``None``
    for other rules."""
    if name != "maneuver_target":
        return None
    from .combat import beats_target

    stats = list(range(0, 9))
    series = {v: [beats_target(stat, v).prob(True) for stat in stats] for v in values}
    return {"title": "Tactical Maneuvers: P(success) by the villain's best stat", "x": stats,
            "x_label": "best of Physical Attack, Mental Attack, Quickness", "series": series,
            "series_label": "target"}


__all__ = ["SETTINGS", "exact_effect", "game_for", "measure", "metrics", "parameters", "play", "player_won",
           "roster_parameters", "variant_game"]
