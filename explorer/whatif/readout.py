"""What a designer reads off a sweep, for any game: the settings a run takes (with
the values each may have), the seats or sides that play and their names, each
value's paired difference from the first value, and whether enough games were
played for the interval asked.  Everything comes from the game's spec
(:func:`explorer.games.spec`): its metrics, settings, bots and seat names.

>>> games_needed(0.10, 100, 0.05)
400
>>> [s.name for s in settings("victorian")]
['heroes', 'villains']
"""

from __future__ import annotations

import argparse
import math
from functools import lru_cache
from typing import Any, NamedTuple

from ..core.numbers import counted
from ..games import spec
from . import stats
from .compare import MAX_PLAYERS, OUTCOMES, check_settings
from .settings import seat_bots


class Setting(NamedTuple):
    """One setting of a what-if run (players, bots, decks), as a page offers it."""

    name: str  # the keyword ``sweep`` takes
    label: str  # for people
    default: Any
    #: ``(label, value)`` pairs to choose from, or ``()``: typed as text
    options: tuple[tuple[str, Any], ...]
    help: str
    #: the options are suggestions and other text may be typed (one bot per seat)
    typed: bool = False


@lru_cache(maxsize=None)
def settings(game: str) -> tuple[Setting, ...]:
    """The settings of ``game``'s what-if runs: the number of players (only the
    counts the game accepts), a bot for every seat or each side (the game's bots),
    a fixed choice where the game lists its choices, and text otherwise."""
    metrics, sim, bots = spec(game).metrics, spec(game).simulation, spec(game).bots
    parser = argparse.ArgumentParser(add_help=False)
    sim.options(parser)
    actions = {a.dest: a for a in parser._actions}
    out = []
    for name, default in metrics.SETTINGS.items():
        action = actions.get(name)
        text = (action.help or "") if action is not None else ""
        label, options = name.replace("_", " "), ()
        if name == "players":
            counts = [n for n in range(2, MAX_PLAYERS + 1) if _accepted(game, n)]
            options = ((("as the rules say", None),) if default is None else ()) + tuple((str(n), n) for n in counts)
        elif isinstance(default, str) and default in bots:
            label = "bots" if name == "policy" else f"{label}' bot" if name.endswith("s") else f"{label}'s bot"
            options = tuple((b, b) for b in bots)
            if name == "policy":  # every seat's: one bot for all, or one per seat
                out.append(Setting(name, label, default, options, "one bot for every seat, or one per seat joined by "
                                   f"commas, seat 0 first (search, {default}, {default}); the bots: {', '.join(bots)}",
                                   typed=True))
                continue
        elif action is not None and action.choices:
            options = tuple((str(c), c) for c in action.choices)
        elif name == "decks":
            names = list(getattr(metrics.game_for({}), "decks", ()))
            text = "one deck per seat, names joined by commas (empty: the usual decks); the decks: " + ", ".join(names)
        out.append(Setting(name, label, default, options, text.split(" (default")[0]))
    return tuple(out)


def bot_suggestions(game: str, players: int | None = None) -> list[str]:
    """What the bots box suggests at ``players`` seats: each bot on every seat, then each
    other bot in seat 0 and the usual bot on the rest, so that one per seat is shown
    by example and a box that reads "search," still finds a suggestion to finish.

    >>> bot_suggestions("doomtrooper", 2)
    ['random', 'greedy', 'search', 'random, greedy', 'search, greedy']
    """
    chosen = {**spec(game).metrics.SETTINGS, **({} if players is None else {"players": players})}
    try:
        seats = check_settings(game, {}, chosen)
    except (ValueError, LookupError):  # a count the game refuses: the bots alone
        seats = 1
    usual, bots = chosen.get("policy"), list(spec(game).bots)  # (the Victorian sides name a bot each: no policy)
    return bots + ([", ".join([b] + [usual] * (seats - 1)) for b in bots if b != usual] if seats > 1 and usual else [])


def _accepted(game: str, players: int) -> bool:
    """Whether the game, as its rules file stands, seats ``players``."""
    try:
        check_settings(game, {}, {**spec(game).metrics.SETTINGS, "players": players})
    except (ValueError, LookupError):
        return False
    return True


def seat_labels(game: str, frame) -> list[tuple[str, str]]:
    """``(column, label)`` of the win rate of every seat or side that plays at some
    point of the sweep ``frame`` ("Heroes", or "seat 0")."""
    names, measured = spec(game).seat_names, spec(game).metrics
    seats = int(frame["seats"].max()) if "seats" in frame else None
    metrics = [m for m in (measured.metrics(seats) if seats else measured.metrics()) if m.group in OUTCOMES]
    metrics = metrics[:seats] if seats else metrics
    bots = seat_bots(frame["setting:policy"].iloc[0]) if "setting:policy" in frame and len(frame) else []
    return [(m.name, names[i].capitalize() if i < len(names) else
             f"seat {i}" + (f" ({bots[i]})" if i < len(bots) else "")) for i, m in enumerate(metrics)]


def wins(name: str) -> str:
    """A win-rate heading for a seat or side, in agreement with its name (the
    sides' names are plural).

    >>> wins("Heroes"), wins("seat 0"), wins("the Villains")
    ('Heroes win', 'seat 0 wins', 'the Villains win')
    """
    return f"{name} win" if name.endswith("s") else f"{name} wins"


def fair_shares(frame, columns: list[str]) -> list[float]:
    """What each seat of each point of a sweep ``frame`` would win if no seat played
    better (:func:`.stats.even_share`), among the seats that play (``columns``: their
    win rates; a seat that does not play is NaN).

    >>> import pandas as pd
    >>> fair_shares(pd.DataFrame({"a": [0.3, 0.5], "b": [0.6, 0.5], "c": [0.0, float("nan")],
    ...                           "draw": [0.1, 0.0]}), ["a", "b", "c"])
    [0.3333, 0.5]
    >>> fair_shares(pd.DataFrame({"a": [1.0], "b": [0.0], "c": [1.0], "d": [0.0]}), ["a", "b", "c", "d"])
    [0.5]
    """
    out = []
    for r in frame.to_dict("records"):
        rates = [r[c] for c in columns if c in r and not math.isnan(r[c])]
        out.append(round(stats.even_share(rates, 1.0 - (r.get("draw") or 0.0)), 4))
    return out


def differences(frame, columns: list[str], base: int = 0) -> list[dict[str, Any]]:
    """Each point's paired difference from point ``base`` in each column (game ``i``
    against game ``i``, the same seeds), with its 95% interval: rows of ``point``,
    ``column``, ``diff``, ``ci_low``, ``ci_high`` and ``changed`` (the games whose value
    it changed).  Needs the sweep's per-game records (``keep_records=True``); a column a
    point does not play is left out.  The columns are rates (win rates, as the page asks
    for: :func:`.stats.paired`'s interval for rates)."""
    per_point = _games_by_point(frame)
    if not per_point:
        return []
    seats = frame["seats"].tolist() if "seats" in frame else [None] * len(frame)
    out = []
    for k in range(len(frame)):
        if k == base:
            continue
        for i, column in enumerate(columns):
            if seats[k] is not None and i >= min(seats[k], seats[base]):
                continue
            mine, theirs = per_point[k][column].tolist(), per_point[base][column].tolist()
            diff, lo, hi = stats.paired(mine, theirs, rate=True)
            out.append({"point": k, "column": column, "diff": diff, "ci_low": lo, "ci_high": hi,
                        "changed": stats.changed(mine, theirs)})
    return out


def unchanged(frame, base: int = 0) -> list[int]:
    """The points of a sweep ``frame`` at which every game came out as the same seed's
    game at point ``base``, in every measure: there the bots never brought the rule's
    new value into play (or it decided nothing), so those games say nothing of it.
    Needs the sweep's per-game records (``keep_records=True``); none without them.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"v": [1, 2, 3]})
    >>> frame.attrs.update(metrics=["turns"], records=pd.DataFrame({"point": [0, 0, 1, 1, 2, 2],
    ...                                                            "turns": [9, 7, 9, 7, 9, 8]}))
    >>> unchanged(frame)
    [1]
    """
    points = _games_by_point(frame)
    if not points:
        return []
    names = [n for n in frame.attrs.get("metrics", []) if n in points[base]]
    return [k for k in range(len(frame)) if k != base
            and not any(stats.changed(points[k][n].tolist(), points[base][n].tolist()) for n in names)]


def _games_by_point(frame) -> dict[int, Any]:
    """Each point's games, from the sweep's per-game records (none without them)."""
    records = frame.attrs.get("records")
    if records is None or not len(records):
        return {}
    return {k: records[records["point"] == k] for k in range(len(frame))}


def games_needed(half: float, games: int, asked: float) -> int:
    """The games that shrink an interval of half-width ``half`` (seen with ``games``
    games) to ``asked``: the width falls as one over the square root of the games."""
    return math.ceil(games * (half / asked) ** 2)


def precision_warning(frame, columns: list[str], diffs: list[dict[str, Any]], games: int, asked: float) -> str | None:
    """A sentence when an interval of the win rates or of their paired differences is
    wider than ``asked`` either side (0.05: five points), saying how many games would
    do; ``None`` when every interval is as narrow as asked."""
    halves = [(r[f"{c}_ci_high"] - r[f"{c}_ci_low"]) / 2 for r in frame.to_dict("records") for c in columns
              if not math.isnan(r[c])]
    halves += [(d["ci_high"] - d["ci_low"]) / 2 for d in diffs]
    widest = max(halves, default=0.0)
    if widest <= asked:
        return None
    needed = counted(games_needed(widest, games, asked), "game")
    return (f"Too few games for intervals of ±{asked * 100:g} points: with {counted(games, 'game')} at each value an "
            f"interval reaches ±{widest * 100:.1f} points.  Play about {needed} at each value for ±{asked * 100:g}.")


__all__ = ["Setting", "bot_suggestions", "differences", "games_needed", "precision_warning", "seat_labels", "settings",
           "unchanged", "wins"]
