"""What a designer measures in a played game: metrics, defined once per game.

Each game declares its :class:`Metric` list and a function that turns one played
game (its result and its events) into a value per metric.  A *rate* is 0 or 1 per
game (did seat 0 win?), so its mean is a proportion; a *mean* is any number per
game (turns played, Doomsday points from plot rooms).  The what-if layer averages
them over many seeded games, with confidence intervals, and compares variants
game by game (paired on the same seeds).

>>> m = Metric("turns", "game length (turns)", "length", "mean")
>>> m.is_rate
False
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from .events import Event


class Metric(NamedTuple):
    """One measured quantity of a game."""

    name: str  # a column name: "win_seat_0", "turns", "fired:conflicts.draw"
    label: str  # for people: "seat 0 wins"
    group: str  # "seats", "length", "ending", "rules", ...: what it is about
    kind: str  # "rate" (0 or 1 per game) or "mean" (a number per game)

    @property
    def is_rate(self) -> bool:
        return self.kind == "rate"


def rule_counts(events: Iterable[Event]) -> Counter[str]:
    """How often each rule section fired (events citing it), by section id."""
    return Counter(e.rule.section for e in events)


def lead_changes(standings: Iterable[tuple[int, int]], start: list[int]) -> int:
    """How often the sole leader changed, given the starting scores and then
    ``(seat, new score)`` updates in order (a tie for the lead has no sole leader,
    and is not a change by itself).

    >>> lead_changes([(0, 3), (1, 5), (1, 6), (0, 7)], [1, 1])
    2
    """
    scores = list(start)
    top = max(scores)
    leaders = [s for s, v in enumerate(scores) if v == top]
    leader = leaders[0] if len(leaders) == 1 else None
    changes = 0
    for seat, value in standings:
        scores[seat] = value
        top = max(scores)
        leaders = [s for s, v in enumerate(scores) if v == top]
        now = leaders[0] if len(leaders) == 1 else None
        if now is not None and now != leader:
            if leader is not None:
                changes += 1
            leader = now
    return changes


def rule_parameters(rules: Any, ranges: Mapping[str, Any], numbers: Iterable[str],
                    options: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Every rule a what-if run can change, as the what-if page lists them: each
    number with its value and declared range, each switch with its value."""
    out: dict[str, dict[str, Any]] = {}
    for name in numbers:
        out[name] = {"kind": "number", "value": getattr(rules, name), "min": ranges[name].min, "max": ranges[name].max}
    for name in options:
        out[name] = {"kind": "switch", "value": getattr(rules, name)}
    return out


__all__ = ["Metric", "lead_changes", "rule_counts", "rule_parameters"]
