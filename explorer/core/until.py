"""A game cut short: play a game's own rules until a condition holds.

Exact questions about part of a game ("how does this attack end?", "what is in
the opening hand?") are questions about the whole game's rules, stopped early.
:class:`Until` wraps a game: it offers the same decisions and applies the same
rules, but play ends as soon as ``done(state)`` holds, and the result is then
``value(state)``.  The analyzer and the sampler run it like any game, so the
answer comes from the very code the whole game plays.

>>> from explorer.core.engine import Analyzer, Decision, Game, RandomPolicy, Step
>>> from explorer.core.dist import d6
>>> class Race(Game):  # roll a die until the total reaches 10
...     def decision(self, n):
...         return None if n >= 10 else Decision(None, ("roll",), None)
...     def resolve(self, n, action, chance):
...         return Step(n + chance.roll(d6), ())
...     def result(self, n):
...         return n if n >= 10 else None
>>> first = Until(Race(), done=lambda n: n > 0, value=lambda n: n)
>>> Analyzer(first, RandomPolicy()).outcome(0).prob(lambda n: n == 6)
Fraction(1, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from .engine import Chance, Decision, Game, IllegalAction, Step


class Until(Game):
    """``game``, ended as soon as ``done(state)`` (or the game itself) ends it.

    ``value(state)`` is the result of a state where play stopped (hashable); a
    state where the game itself ended and ``done`` does not hold gets
    ``value(state)`` too.  Observations, legality and every other attribute
    (the game's data, which policies read) are the game's own."""

    def __init__(self, game: Game, done: Callable[[Any], bool], value: Callable[[Any], Hashable]):
        self.game = game
        self.done = done
        self.value = value
        self.name = getattr(game, "name", "game")

    def decision(self, state: Any) -> Decision | None:
        if self.done(state):
            return None
        return self.game.decision(state)

    def resolve(self, state: Any, action: Any, chance: Chance) -> Step:
        return self.game.resolve(state, action, chance)

    def next_state(self, state: Any, action: Any, chance: Chance) -> Any:
        """The game's own: a game that builds no events nobody reads stays as fast cut short."""
        return self.game.next_state(state, action, chance)

    def result(self, state: Any) -> Any:
        if self.done(state) or self.game.decision(state) is None:
            return self.value(state)
        return None

    def observe(self, state: Any, player: Any) -> Any:
        return self.game.observe(state, player)

    def illegal(self, state: Any, action: Any) -> IllegalAction:
        return self.game.illegal(state, action)

    def __getattr__(self, name: str) -> Any:
        """Everything else is the game's own (policies read the game's data through it)."""
        if name in ("game", "__setstate__", "__getstate__"):
            raise AttributeError(name)
        return getattr(self.game, name)


__all__ = ["Until"]
