"""How a game ended, in one shape for every game.

A game declares its endings as an :class:`Ending` enum: each member carries its
words (``"turn cap"``) and the rule section that ends the game that way.  A
finished game is a :class:`GameResult`: the ending, the winning seats (several
for a shared win, none for a draw), the turns played, and what the game counts
beyond that (``scores`` per seat, ``details`` by name).

>>> from explorer.core.events import RuleRef
>>> class Demo(Ending):
...     GOAL = ("goal", RuleRef("demo", "goal"))
...     TURN_CAP = ("turn cap", RuleRef("demo", "turn.cap"))
>>> r = GameResult(Demo.GOAL, (0, 2), 7, scores=(9, 3, 9))
>>> r.shared, r.draw, r.won(2), r.ending.section
(True, False, True, 'goal')
>>> str(r)
'Seats 0 and 2 share the win after 7 turns (goal).'
>>> str(GameResult(Demo.TURN_CAP, (), 30))
'A draw after 30 turns (turn cap).'
"""

from __future__ import annotations

from enum import Enum
from typing import Any, NamedTuple

from .events import RuleRef


class Ending(Enum):
    """The ways a game ends.  A game's members are ``NAME = (words, rule)``;
    :meth:`sentence` says a result as a person would (a game may say it its way)."""

    def __init__(self, text: str, rule: RuleRef):
        self.text = text
        self.rule = rule

    @property
    def section(self) -> str:
        """The id of the rule section of this ending."""
        return self.rule.section

    def __str__(self) -> str:
        return self.text

    def sentence(self, result: GameResult) -> str:
        """``result`` as a sentence (a game's enum overrides it to say it its way)."""
        if result.draw:
            return f"A draw after {result.turns} turns ({self.text})."
        if result.shared:
            seats = ", ".join(map(str, result.winners[:-1])) + f" and {result.winners[-1]}"
            return f"Seats {seats} share the win after {result.turns} turns ({self.text})."
        return f"Seat {result.winners[0]} wins after {result.turns} turns ({self.text})."


class GameResult(NamedTuple):
    """How one game ended.  ``winners``: the winning seats in order (``()``: a
    draw; more than one: a shared win).  ``scores``: one number per seat where
    the game keeps one (Doomtrooper's Promotion Points).  ``details``:
    ``(name, value)`` pairs a game adds (Doom Asylum's winning mastermind)."""

    ending: Ending
    winners: tuple[int, ...]
    turns: int
    scores: tuple[int, ...] = ()
    details: tuple[tuple[str, Any], ...] = ()

    @property
    def draw(self) -> bool:
        return not self.winners

    @property
    def shared(self) -> bool:
        """Whether more than one seat won."""
        return len(self.winners) > 1

    def won(self, seat: int) -> bool:
        return seat in self.winners

    def detail(self, name: str, default: Any = None) -> Any:
        """The value of detail ``name`` (``default`` if the game gave none)."""
        for key, value in self.details:
            if key == name:
                return value
        return default

    def __str__(self) -> str:
        return self.ending.sentence(self)


__all__ = ["Ending", "GameResult"]
