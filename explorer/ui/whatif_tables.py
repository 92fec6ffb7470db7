"""The what-if runs as tables for people: a sweep, how games ended, a paired comparison
and a fork, each a :class:`~explorer.ui.common.TextTable` a notebook shows as it is."""

from __future__ import annotations

from ..core.numbers import counted
from ..whatif import metric_list
from ..whatif.report import changed_text, endings_rows, percent, sweep_rows, unused_text
from .common import TextTable


def _number(x: float, rate: bool) -> str:
    return percent(x) if rate else f"{x:.2f}"


def _change(x: float, rate: bool) -> str:
    return f"{x * 100:+.1f} points" if rate else f"{x:+.2f}"


def sweep_table(frame, game: str, rule: str) -> TextTable:
    """A sweep of ``rule`` for people: each value, the win rate of every seat or side
    that plays, the largest gap between two of them with the 95% bound of every pair's
    gap, and the mean game length."""
    return TextTable(*sweep_rows(frame, game, [rule]))


def endings_table(frame, param: str = "variant") -> TextTable:
    """How the games of each point of a sweep ended and who won them, for people
    (:func:`~explorer.whatif.report.endings_rows`; the counts of players and turns aligned right)."""
    return TextTable(*endings_rows(frame, param, winners=True), numeric=(1, 2))


def comparison_table(frame, names: list[str]) -> TextTable:
    """A comparison (:func:`explorer.whatif.compare`) of the metrics ``names`` for
    people: each metric's words, both means, the paired difference and its 95% interval
    (rates in percentage points), and the games the variant changed in it; the caption
    says so when it changed nothing measured at all."""
    kinds = {m.name: m.is_rate for m in metric_list(frame.attrs["game"], frame.attrs.get("settings", {}))}
    rows = []
    for name in names:
        r, rate = frame.loc[name], kinds[name]
        rows.append([r["label"], _number(r["base"], rate), _number(r["variant"], rate), _change(r["diff"], rate),
                     f"{_change(r['ci_low'], rate)} to {_change(r['ci_high'], rate)}", changed_text(r.get("changed"))])
    caption = f"{counted(frame.attrs['games'], 'game')} of each, on the same seeds"
    return TextTable(["", "base game", "variant", "difference", "95% interval of the difference", "games it changed"],
                     rows, caption=caption + "".join(f". {line}" for line in [unused_text(frame)] if line))


def fork_table(frame) -> TextTable:
    """A fork (:func:`explorer.whatif.fork`) for people: each option, the deciding
    player's win rate after it and its 95% interval."""
    rows = [[r["option"], percent(r["wins"]), f"{percent(r['ci_low'])} to {percent(r['ci_high'])}", f"{r['games']:,}"]
            for r in frame.to_dict("records")]
    return TextTable(["option", "wins", "95% interval", "games"], rows)


__all__ = ["comparison_table", "endings_table", "fork_table", "sweep_table"]
