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
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from .data import DataError, data_stamps
from .events import Event
from .params import RuleError


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


def variant_rules(override_rules: Callable[[Mapping[str, Any]], Any], changes: Mapping[str, Any]) -> Any:
    """A variant's rules: ``override_rules(changes)``, a refused change reported as
    the what-if layer reports bad data (:class:`~explorer.core.data.DataError`
    naming the override, so a variant file's mistake reads like a data file's)."""
    try:
        return override_rules(dict(changes))
    except RuleError as exc:
        raise DataError("variant", exc.rule, exc.rule, exc.problem) from None


def cached_variants(variant_game: Callable[[Mapping[str, Any]], Any], game: str, size: int = 32
                    ) -> Callable[[Mapping[str, Any] | None], Any]:
    """``game_for(overrides)``: ``variant_game(overrides)``, made once per process
    for each set of overrides and each version of ``game``'s data files (a worker
    plays many jobs of one variant; a designer who edits a data file and runs again
    gets the edited rules, without a restart)."""
    @lru_cache(maxsize=size)
    def cached(frozen: tuple, stamps: tuple) -> Any:
        return variant_game(dict(frozen))

    def game_for(overrides: Mapping[str, Any] | None) -> Any:
        return cached(tuple(sorted((overrides or {}).items())), data_stamps(game))

    game_for.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    return game_for


__all__ = ["Metric", "cached_variants", "lead_changes", "rule_counts", "rule_parameters", "variant_rules"]
