""""Why not?": actions a learner might try that the rules forbid right now.

:func:`tempting` builds plausible actions from what every player can see (the
board's rooms, the parties' villains and levels, the teams of a conflict) and
keeps those that are *not* among the legal options of the current decision.
Each one is explained by the game itself: ``game.illegal(state, action)`` names
the rule it breaks and says why, so a widget can show the message and our
summary of that rule.  Nothing here decides legality on its own.

>>> from explorer.asylum.game import setup
>>> game, state = setup(players=3, seed=7)
>>> for action in tempting(game, state):
...     print(f"{action}: {game.illegal(state, action).message}")
move to the Guard Station: finish the start of the turn first (BeginMove), then move
upgrade Madame Nocturne to level 3: Madame Nocturne is level 1: level 2 must be bought before level 3
make Madame Nocturne the mastermind: Madame Nocturne is already the mastermind
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.engine import Game
from .conflict import Block, ConflictState, MentalAttack, PhysicalAttack, TacticalManeuver
from .combat import MANEUVER_STATS, can_reach, maneuver_stats, physical_attack_spec
from .game import ACTION_TYPES


def tempting(game: Game, state: Any) -> tuple[Any, ...]:
    """Plausible actions that are not legal in ``state``, most instructive first.

    ``game`` is an :class:`~explorer.asylum.game.AsylumGame` (``state`` a whole-game
    state) or a :class:`~explorer.asylum.conflict.Conflict` (``state`` a
    :class:`~explorer.asylum.conflict.ConflictState`).  Every action returned is
    refused by ``game.check(state, action)``; ``game.illegal(state, action)``
    explains it.  Empty when the game is over.
    """
    dec = game.decision(state)
    if dec is None:
        return ()
    if not isinstance(state, ConflictState) and not state.parties:  # before the opening draw: a move, say
        return (ACTION_TYPES["Move"](game.neighbours(game.start_room)[0]), ACTION_TYPES["BeginMove"]())
    if isinstance(state, ConflictState):
        candidates: Iterable[Any] = _conflict(state)
    else:
        candidates = _turn(game, state, dec.options)
    legal = set(dec.options)
    return tuple(a for a in dict.fromkeys(candidates) if a not in legal)


# -- a turn of the whole game ----------------------------------------------------------------

def _turn(game: Any, state: Any, options: tuple[Any, ...]) -> Iterable[Any]:
    move, upgrade, make = ACTION_TYPES["Move"], ACTION_TYPES["Upgrade"], ACTION_TYPES["MakeMastermind"]
    begin, push = ACTION_TYPES["BeginMove"], ACTION_TYPES["Push"]
    starting = any(isinstance(o, begin) for o in options)  # the start of the turn always offers BeginMove
    moving = any(isinstance(o, move) for o in options)
    party = state.parties[state.current]
    here = party.room
    near = game.neighbours(here)
    if state.conflict is not None:
        yield from _conflict(state.conflict)
        yield move(near[0])  # no move while a conflict is under way
        return
    # the move: one space along a corridor, never staying put; the rooms that tempt are
    # the goals (plot rooms, the Yard) and the rooms two spaces away
    far = sorted((r for r in game.rooms if r != here and r not in near),
                 key=lambda r: (game.distance(here, r), r))
    goals = [r for r in far if game.room_kind(r) in ("plot", "yard")]
    if moving:
        yield move(here)
        yield from (move(r) for r in goals)
        yield from (move(r) for r in far if game.distance(here, r) == 2)
    else:
        yield move(near[0])  # before the start of the turn is done, or after the move
    # upgrades: one level per villain per turn, level 2 before 3, no level past the top,
    # paid in Doomsday points, only at the start of the turn
    for v in party.villains:
        yield upgrade(v.name, v.level + 1)
        if v.level + 2 <= v.max_level:
            yield upgrade(v.name, v.level + 2)
    # the mastermind: the current one, an unmade one, or any change outside the start
    yield make(party.mastermind)
    for name in party.unmade:
        yield make(name)
    if not starting:
        yield from (make(v.name) for v in party.villains if v.name != party.mastermind)
        yield begin()
    pushes = {o.room for o in options if isinstance(o, push)}
    if pushes:  # the loser goes next door to the conflict's room (where the mover stands), not two rooms on
        yield from (push(r) for r in sorted({n for r in pushes for n in game.neighbours(r)} - pushes - {here}))


# -- a conflict ------------------------------------------------------------------------------

def _conflict(cs: ConflictState) -> Iterable[Any]:
    setup = cs.setup
    teams = setup.teams
    if cs.result is not None:
        return
    if cs.pending is not None:
        side = 1 - cs.turn
        target = teams[side][cs.pending.target]
        yield Block(target.name)  # the target cannot block for himself
        for i, v in enumerate(teams[side]):
            if i != cs.pending.target and (cs.has_acted(side, i) or cs.is_defeated(side, i) or v.flying):
                yield Block(v.name)
        return
    side, other = cs.turn, 1 - cs.turn
    standing = cs.standing(other)
    first_target = teams[other][standing[0]].name if standing else teams[other][0].name
    for i, v in enumerate(teams[side]):
        if cs.has_acted(side, i) or cs.is_defeated(side, i):
            yield MentalAttack(v.name, first_target)  # one action per villain; the defeated have none
    for i in cs.ready(side):
        actor = teams[side][i]
        for j, target in enumerate(teams[other]):
            if j in cs.fallen[other]:
                yield MentalAttack(actor.name, target.name)  # already defeated
            elif not can_reach(actor, target, physical_attack_spec(actor)):
                yield PhysicalAttack(actor.name, target.name)  # a melee attack on a flyer
        # a maneuver with a defence (only attacks and Quickness count), or, when our reading
        # offers only the best stat, with another of the three
        allowed = maneuver_stats(actor, setup.rules)
        yield from (TacticalManeuver(actor.name, s) for s in MANEUVER_STATS if s not in allowed)
        yield TacticalManeuver(actor.name, "physical_defense")
    if cs.ready(other):  # the sides alternate
        j = cs.ready(other)[0]
        yield MentalAttack(teams[other][j].name, teams[side][cs.standing(side)[0]].name if cs.standing(side)
                           else teams[side][0].name)
