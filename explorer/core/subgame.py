"""Games inside games: one mechanism for a rule system that embeds another.

A Doom Asylum turn embeds a conflict; a card game's attack phase may embed an
attack chain, a combat, a round of card play.  The host keeps the sub-game's
state in a field of its own state, and a :class:`SubGame` answers the three
questions the host must ask of it:

* whose decision it is, with the sub-game's players mapped to the host's
  (:meth:`SubGame.decision`); a sub-game player mapped to ``None`` belongs to
  nobody and is played by a fixed rule (``auto``), as a forced step;
* what an action does (:meth:`SubGame.step`), with the result once it is over;
* why an action is not allowed (:meth:`SubGame.illegal`).

>>> from explorer.core.engine import Decision, Game, Step
>>> class Toss(Game):  # one player calls heads or tails
...     name = "toss"
...     def decision(self, s): return None if s else Decision(0, ("heads", "tails"), None, "Call it")
...     def resolve(self, s, a, chance): return Step(a, ())
...     def result(self, s): return s
>>> sub = SubGame(Toss())
>>> sub.decision(None, seats=(2,)).player
2
>>> sub.decision(None, seats=(None,), auto=lambda s, d: d.options[-1]).options
('tails',)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from .engine import Chance, Decision, Game, IllegalAction
from .events import Event

Auto = Callable[[Any, Decision], Any]

#: a SubStep or a Decision built as the tuple it is (a named tuple's own constructor is a Python function;
#: one is built at every step of a sub-game)
_new = tuple.__new__


class SubStep(NamedTuple):
    """What one action did inside a sub-game: its new state, its events, and its
    result (``None`` while it goes on)."""

    state: Any
    events: tuple[Event, ...]
    result: Any


class SubGame:
    """A game played inside a host game's state."""

    __slots__ = ("game",)

    def __init__(self, game: Game):
        self.game = game

    def decision(self, state: Any, seats: Sequence[Any], auto: Auto | None = None,
                 prompt: Callable[[Any, str], str] | None = None) -> Decision | None:
        """The sub-game's decision as the host sees it.

        ``seats[p]`` is the host player who plays sub-game player ``p`` (``None``:
        nobody; ``auto(state, decision)`` then picks, and the host sees a forced
        step with that one option).  ``prompt(host_player, text)`` rewrites the
        prompt for the host (default: unchanged)."""
        dec = self.game.decision(state)
        if dec is None or dec.player is None:
            return dec
        seat = seats[dec.player]
        if seat is None:
            if auto is None:
                raise ValueError(f"sub-game player {dec.player!r} belongs to nobody and no fixed rule plays him")
            return Decision(None, (auto(state, dec),), dec.rule, prompt(None, dec.prompt) if prompt else dec.prompt)
        return _new(Decision, (seat, dec.options, dec.rule, prompt(seat, dec.prompt) if prompt else dec.prompt))

    def step(self, state: Any, action: Any, chance: Chance) -> SubStep:
        """Carry out ``action`` in the sub-game."""
        nxt, events = self.game.resolve(state, action, chance)
        return _new(SubStep, (nxt, events, self.game.result(nxt)))

    def illegal(self, state: Any, action: Any) -> IllegalAction:
        """Why the sub-game refuses ``action`` (its own rule)."""
        return self.game.illegal(state, action)


__all__ = ["SubGame", "SubStep"]
