"""The summary of many games, added up one :class:`~explorer.core.results.GameResult`
at a time: counts only, nothing kept per game, so a run of 10**12 games needs no
more memory than one of ten.

The summary always has ``games`` and the wins of each seat (``wins_by_seat``, or
``wins_by_side`` keyed by the seats' names where a game names them; a shared win
counts for each winner).  A game chooses the rest, in order, from:

* ``"draws"``: games nobody won;
* ``"shared_wins"``: games won by more than one seat (each also counted above);
* ``"endings"``: games by how they ended (the ending's words);
* ``"wins_by_reason"``: games by winner and ending (``"villains: major plot"``;
  a draw by its ending alone);
* ``"wins:NAME"``: wins by the value of the result's detail ``NAME``, as
  ``wins_by_NAME`` (Doom Asylum's winning mastermind);
* ``"scores:NAME"``: each seat's mean score, as ``NAME: {"mean_by_seat": ...}``;
* ``"turns"``: turns played, mean and histogram.

>>> from explorer.core.events import RuleRef
>>> from explorer.core.results import Ending, GameResult
>>> class Demo(Ending):
...     GOAL = ("goal", RuleRef("demo", "goal"))
>>> tally = Tally(2, sections=("draws", "shared_wins", "endings", "turns"))
>>> for r in (GameResult(Demo.GOAL, (0, 1), 4), GameResult(Demo.GOAL, (), 6)):
...     tally.add(r)
>>> tally.summary()
{'games': 2, 'wins_by_seat': {'0': 1, '1': 1}, 'draws': 1, 'shared_wins': 1, 'endings': {'goal': 2}, \
'turns': {'mean': 5.0, 'histogram': {'4': 1, '6': 1}}}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .results import GameResult

#: The sections of a summary every game shows unless it says otherwise.
DEFAULT_SECTIONS = ("draws", "shared_wins", "endings", "turns")


class Tally:
    """Counts of a run's results (see the module for the summary's sections)."""

    def __init__(self, seats: int, seat_names: Sequence[str] = (), sections: Sequence[str] = DEFAULT_SECTIONS):
        self.seat_names = tuple(seat_names)
        self.sections = tuple(sections)
        unknown = [s for s in self.sections if s not in _SECTIONS and s.partition(":")[0] not in ("wins", "scores")]
        if unknown:
            raise ValueError(f"unknown summary section(s): {', '.join(unknown)}")
        self.details = tuple(s.partition(":")[2] for s in self.sections if s.startswith("wins:"))
        self.games = self.draws = self.shared = self.turns = 0
        self.wins = [0] * seats
        self.scores = [0] * seats
        self.endings: dict[str, int] = {}
        self.outcomes: dict[str, int] = {}
        self.by_detail: dict[str, dict[Any, int]] = {name: {} for name in self.details}
        self.histogram: dict[int, int] = {}

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.turns += r.turns
        self.histogram[r.turns] = self.histogram.get(r.turns, 0) + 1
        text = r.ending.text
        self.endings[text] = self.endings.get(text, 0) + 1
        outcome = " and ".join(self.name(w) for w in r.winners) + f": {text}" if r.winners else text
        self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1
        if not r.winners:
            self.draws += 1
        self.shared += r.shared
        for w in r.winners:
            self.wins[w] += 1
        for i, score in enumerate(r.scores):
            self.scores[i] += score
        if r.winners:
            for name in self.details:
                value = r.detail(name)
                self.by_detail[name][value] = self.by_detail[name].get(value, 0) + 1

    def name(self, seat: int) -> str:
        """A seat as the summary names it: its name, or its number."""
        return self.seat_names[seat] if self.seat_names else str(seat)

    def summary(self) -> dict[str, Any]:
        """The JSON summary: ``games``, the wins of each seat, then the game's sections."""
        key = "wins_by_side" if self.seat_names else "wins_by_seat"
        out: dict[str, Any] = {"games": self.games, key: {self.name(s): w for s, w in enumerate(self.wins)}}
        for section in self.sections:
            kind, _, name = section.partition(":")
            if kind == "wins":
                out[f"wins_by_{name}"] = dict(sorted(self.by_detail[name].items()))
            elif kind == "scores":
                out[name] = {"mean_by_seat": {str(s): self._mean(p) for s, p in enumerate(self.scores)}}
            else:
                out[section] = _SECTIONS[section](self)
        return out

    def _mean(self, total: int) -> float:
        return round(total / self.games, 3) if self.games else 0.0


_SECTIONS = {
    "draws": lambda t: t.draws,
    "shared_wins": lambda t: t.shared,
    "endings": lambda t: dict(sorted(t.endings.items())),
    "wins_by_reason": lambda t: dict(sorted(t.outcomes.items())),
    "turns": lambda t: {"mean": t._mean(t.turns),
                        "histogram": {str(n): t.histogram[n] for n in sorted(t.histogram)}},
}


def summarize(results: Iterable[GameResult], seats: int, seat_names: Sequence[str] = (),
              sections: Sequence[str] = DEFAULT_SECTIONS) -> dict[str, Any]:
    """The summary of a list of results, as a :class:`Tally` adds them up."""
    tally = Tally(seats, seat_names, sections)
    for r in results:
        tally.add(r)
    return tally.summary()


__all__ = ["DEFAULT_SECTIONS", "Tally", "summarize"]
