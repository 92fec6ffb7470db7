""""Why not?": actions a learner may be tempted to take that the rules forbid now,
each explained by the game (:meth:`DoomtrooperGame.illegal`).

>>> from explorer.doomtrooper.game import DoomtrooperGame
>>> game = DoomtrooperGame()
>>> state = game.setup(seed=3)
>>> [str(a) for a in tempting(game, state)][:1]
['draw up to seven']
"""

from __future__ import annotations

from typing import Any

from .base.actions import (
    Attack,
    Bestow,
    Build,
    ClaimGift,
    Draw,
    EndActions,
    EnterVehicle,
    Equip,
    ExitCover,
    Meditate,
    Muster,
    MusterInCover,
    Sabotage,
    SeekCover,
)
from .cards import TACTICS
from .base.combat_state import Play
from .state import DTState, Phase

LIMIT = 40


def tempting(game: Any, state: DTState, limit: int = LIMIT) -> list[Any]:
    """Up to ``limit`` plausible actions that are not legal now, most telling first."""
    dec = game.decision(state)
    if dec is None:
        return []
    legal = set(dec.options)
    out: list[Any] = []

    def add(action: Any) -> None:
        if action not in legal and action not in out:
            out.append(action)

    phase = state.phase
    if phase in (Phase.GIFT, Phase.SETUP):
        add(Draw())
    elif phase is Phase.DRAW:
        add(ClaimGift())
    elif phase is Phase.COMBAT:
        table = state.combat.live
        seat = dec.player if dec.player is not None else state.current
        for card in table.hands[seat].distinct:
            for uid in (table.attacker, table.defender):
                add(Play(card, uid))
        add(Meditate())
    elif phase is Phase.DISCARD:
        add(Meditate())
    elif phase is Phase.ACTIONS:
        _actions(game, state, add)
    return out[:limit]


def _actions(game: Any, state: DTState, add) -> None:
    seat = state.current
    mine = [t for t in state.troopers if t.owner == seat]
    theirs = [t for t in state.troopers if t.owner != seat]
    for a in mine:
        for d in theirs:
            for tactic in TACTICS:
                add(Attack(a.uid, d.uid, tactic))
        if mine and a is mine[0] and len(mine) > 1:
            add(Attack(a.uid, mine[1].uid, "fight"))  # your own warrior
    pool = game.pool
    hand = state.seat.hand.distinct
    for card in hand:
        c = pool[card]
        if c.type == "warrior":
            add(Muster(card))
            add(MusterInCover(card))
        elif c.type == "equipment":
            for t in mine:
                add(Equip(card, t.uid, c.kind == "vehicle"))
        elif c.type == "dark_symmetry":
            for t in mine:
                add(Bestow(card, t.uid))
        elif c.type == "fortification":
            add(Build(card))
    for t in mine:
        add(ExitCover(t.uid) if t.cover else SeekCover(t.uid))
        if game.vehicle_of(t) is not None and not t.inside:
            add(EnterVehicle(t.uid))
    if state.actions == 0:
        add(Meditate())
    add(EndActions())  # refused while every warrior of the player is in cover
    for other in range(len(state.seats)):
        if other != seat and mine:
            add(Sabotage(mine[0].uid, other))


__all__ = ["LIMIT", "tempting"]
