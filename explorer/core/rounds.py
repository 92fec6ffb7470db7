"""Rounds of card play: players take turns playing cards until every one has
passed in a row.

Card games often resolve a moment of play (a combat's modifiers, a response to
an action) as a little game of its own: players, in a fixed order, each play as
many cards as they like and then say they are finished ("pass"); the round goes
on around the table, and it is over when every player has passed one after the
other with nothing played in between.  :class:`Rounds` is that game, written once
and neutral about what a card does: the host game gives it

* ``plays(table, player)``: the plays ``player`` may make now (hashable actions);
* ``play(table, player, action, chance)``: what a play does, as
  ``(new_table, events)``;
* optionally ``change(table, player, action, chance)``: the new table alone, for
  :meth:`Rounds.next_state` (a runner that keeps no events): no words built;

and keeps whatever it likes in the ``table`` (hands, modifiers, ...).  A host
embeds it with :class:`~explorer.core.subgame.SubGame`; the result is the final
table.

Two switches cover the readings rulebooks take:

* ``one_per_turn``: a player plays one card and the turn moves on (default
  ``False``: he plays any number, then passes);
* ``auto_pass``: a player with nothing to play passes without being asked
  (default ``True``).  The event is the same as for a chosen pass, so a log
  never tells the others whether he *could* have played.

>>> from explorer.core.events import RuleRef, event
>>> R = RuleRef("asylum", "overview")
>>> def plays(table, player):                  # each player holds one card, "+1"
...     return ("+1",) if player not in table else ()
>>> def play(table, player, action, chance):
...     return table + (player,), (event(R, f"{player} plays +1"),)
>>> rounds = Rounds(plays, play, R)
>>> state, events = rounds.start(("A", "B"), ())
>>> state.table, rounds.decision(state).options
((), ('+1', Pass()))
>>> state, events = rounds.resolve(state, "+1", None)   # A plays, then has nothing more
>>> [str(e) for e in events]
['[overview] A plays +1', '[overview] A passes']
>>> rounds.decision(state).player
'B'
>>> state, _ = rounds.resolve(state, PASS, None)        # B passes: both passed in a row
>>> rounds.result(state)
('A',)
"""

from __future__ import annotations

from dataclasses import dataclass

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from .engine import Chance, Decision, Game, IllegalAction, Step
from .events import Event, RuleRef, event
from .tuples import quick_replace

Plays = Callable[[Any, Any], Sequence[Any]]
Play = Callable[[Any, Any, Any, Chance], tuple[Any, Sequence[Event]]]


@dataclass(frozen=True, slots=True)
class Pass:
    """The player is finished playing for now."""

    def __repr__(self) -> str:
        return "Pass()"

    def __str__(self) -> str:
        return "pass"


PASS = Pass()

#: a Step, a Decision or a RoundsState built as the tuple it is (a named tuple's own constructor is a Python function;
#: one is built at every step of a round)
_new = tuple.__new__


@quick_replace
class RoundsState(NamedTuple):
    """Where a round of card play stands: the players in turn order, whose turn
    it is (an index into ``order``), how many passes in a row there have been
    since the last play, the host's ``table``, and the plays made so far."""

    order: tuple[Any, ...]
    turn: int
    passes: int
    table: Any
    plays: int = 0

    @property
    def player(self) -> Any:
        return self.order[self.turn]

    @property
    def over(self) -> bool:
        return self.passes >= len(self.order)


# Rounds builds its states by position (``_new``): a new field must be placed there too
assert RoundsState._fields == ("order", "turn", "passes", "table", "plays")


class Rounds(Game):
    """Players in ``order`` take turns playing (what ``plays`` offers) or passing;
    over when every player has passed in a row.  ``rule`` is cited by plays'
    decisions and by passes; ``name`` is the game name its refusals cite."""

    def __init__(self, plays: Plays, play: Play, rule: RuleRef, *, one_per_turn: bool = False,
                 auto_pass: bool = True, prompt: str = "Play a card, or pass",
                 change: Callable[[Any, Any, Any, Chance], Any] | None = None) -> None:
        self.plays = plays
        self.play = play
        #: a play's new table without its events (by default ``play``'s, its events thrown away)
        self.change = change if change is not None else (lambda *args: play(*args)[0])
        self.rule = rule
        self.name = rule.game
        self.one_per_turn = one_per_turn
        self.auto_pass = auto_pass
        self.prompt = prompt
        self._passes: dict[Any, Event] = {}  # each player's pass, said once (events are immutable): _passed

    def start(self, order: Sequence[Any], table: Any) -> Step:
        """A new round: ``order[0]`` plays first.  With ``auto_pass`` the players
        with nothing to play pass at once (the step's events say so), so the state
        may already be over (look at :meth:`result`)."""
        events: list[Event] = []
        return Step(self.opening(order, table, events), tuple(events))

    def opening(self, order: Sequence[Any], table: Any, told: list[Event] | None) -> RoundsState:
        """:meth:`start`'s state alone, its passes added to ``told`` (None: untold): for a host that
        builds its own step around the round it opens (no Step, no events copied)."""
        order = tuple(order)
        if not order:
            raise ValueError("a round of card play needs at least one player")
        if len(set(order)) != len(order):
            raise ValueError(f"a player may take only one seat in a round of card play: {order!r}")
        turn, passes = self._skip(order, 0, 0, table, told)
        return _new(RoundsState, (order, turn, passes, table, 0))

    def _skip(self, order: tuple[Any, ...], turn: int, passes: int, table: Any,
              events: list[Event] | None) -> tuple[int, int]:
        """The turn and the passes in a row after every player in turn from ``turn`` who has
        nothing to play passes (told in ``events`` unless None)."""
        if not self.auto_pass:
            return turn, passes
        n = len(order)
        plays = self.plays
        while passes < n and not plays(table, order[turn]):  # not over, and the player has nothing to play
            if events is not None:
                events.append(self._passed(order[turn]))
            turn, passes = (turn + 1) % n, passes + 1
        return turn, passes

    def _passed(self, player: Any) -> Event:
        said = self._passes.get(player)
        if said is None:
            said = self._passes[player] = event(self.rule, f"{_who(player)} passes", player=_plain(player))
        return said

    # -- the protocol --------------------------------------------------------------------------
    def decision(self, state: RoundsState) -> Decision | None:
        if state.passes >= len(state.order):  # over
            return None
        player = state.order[state.turn]
        return _new(Decision, (player, tuple(self.plays(state.table, player)) + (PASS,), self.rule, self.prompt))

    def resolve(self, state: RoundsState, action: Any, chance: Chance) -> Step:
        return _new(Step, self._advance(state, action, chance, True))

    def next_state(self, state: RoundsState, action: Any, chance: Chance) -> RoundsState:
        """:meth:`resolve`'s state alone: the play's ``change`` (no words), the passes untold."""
        return self._advance(state, action, chance, False)[0]

    def _advance(self, state: RoundsState, action: Any, chance: Chance, tell: bool) -> tuple[RoundsState, tuple]:
        """One play or pass, and the automatic passes after it; its events when ``tell`` (else none).
        The new state is built once, after the passes (as the tuple it is: one is built at every step)."""
        order, turn, passes, table, plays = state
        n = len(order)
        player = order[turn]
        if type(action) is Pass:  # action == PASS, without the dataclass's __eq__ (a Python function)
            events = [self._passed(player)] if tell else None
            turn, passes = (turn + 1) % n, passes + 1
        else:
            if tell:
                table, done = self.play(table, player, action, chance)
                events = list(done)
            else:
                table, events = self.change(table, player, action, chance), None
            if self.one_per_turn:
                turn = (turn + 1) % n
            passes, plays = 0, plays + 1
        turn, passes = self._skip(order, turn, passes, table, events)
        return _new(RoundsState, (order, turn, passes, table, plays)), tuple(events) if events is not None else ()

    def result(self, state: RoundsState) -> Any:
        """The final table once every player has passed in a row, else ``None``."""
        return state.table if state.passes >= len(state.order) else None  # over

    def illegal(self, state: RoundsState, action: Any) -> IllegalAction:
        if state.over:
            return IllegalAction(self.rule, "every player has passed: the round of card play is over")
        return IllegalAction(self.rule, f"{action!r} is not a play {_who(state.player)} can make now")


def _who(player: Any) -> str:
    return f"seat {player}" if isinstance(player, int) else str(player)


def _plain(player: Any) -> Any:
    return player if isinstance(player, (int, str)) or player is None else repr(player)


__all__ = ["PASS", "Pass", "Rounds", "RoundsState"]
