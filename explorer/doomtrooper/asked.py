"""Which kinds of action a Doomtrooper game asks for options at an actions step
(:meth:`~.game.DoomtrooperGame.action_options`): those the current player can pay
for, whose type of card his hand holds (:attr:`~.base.actions.ActionKind.hand`) and
whose warriors have what they act on (:attr:`~.base.actions.ActionKind.troops`: one
in cover, with cards attached, inside a vehicle, or two out of cover).  A kind left
out would offer nothing.
What is read is kept with the objects it was read from (states are immutable: a hand
or a warriors tuple that did not change is the same object).
"""

from __future__ import annotations

from typing import Any


def indexed_hand(game: Any, state: Any) -> tuple[Any, dict[str, tuple[str, ...]], frozenset[str]]:
    """(the current player's hand, its distinct cards by type in its order, the types), kept
    on ``game`` for the last hand indexed: built again for a new hand (most actions steps)."""
    hand = state.seats[state.current].hand
    index = game._hand_index
    if index is None or index[0] is not hand:
        by: dict[str, tuple[str, ...]] = {}  # type -> its names (loops: no comprehension calls)
        type_of = game.type_of
        for name in hand.distinct:
            kind = type_of[name]
            if kind in by:
                by[kind] += (name,)
            else:
                by[kind] = (name,)
        index = game._hand_index = (hand, by, frozenset(by))
    return index


#: what a kind may act on (:attr:`~.base.actions.ActionKind.troops`), in :func:`troops`'s order: a warrior
#: in cover, one with cards attached, one inside its vehicle, two out of cover (Seek Cover leaves one out)
TROOP_FIELDS = ("cover", "attached", "inside", "open")


def troops(game: Any, state: Any) -> tuple[bool, bool, bool, bool]:
    """Whether a warrior of the current player is in cover, has cards attached, is inside its vehicle,
    and two are out of cover (:data:`TROOP_FIELDS`), kept on ``game`` for the last warriors and seat."""
    troopers, seat = state.troopers, state.current
    last = game._troops
    if last[0] is troopers and last[1] == seat:
        return last[2]
    cover = attached = inside = False  # (one pass; a loop: in Python 3.11 a comprehension is a call)
    out = 0
    for t in troopers:
        if t.owner == seat:
            if t.cover:
                cover = True
            else:
                out += 1
            if t.attached:
                attached = True
            if t.inside:
                inside = True
    found = (cover, attached, inside, out >= 2)
    game._troops = (troopers, seat, found)
    return found


def asked(game: Any, state: Any, left: int) -> tuple[Any, ...]:
    """The options functions of the kinds that may offer anything with ``left`` actions left, in
    the game's order of kinds: those it can pay for whose type of card the hand holds and one of
    whose warriors has what they act on.  Remembered by the types in hand, the actions left and
    :func:`troops` (the rules are fixed per game: that is all a kind is chosen by; few keys)."""
    last = game._troops  # most often asked already at this step (action_options): read here without a call
    found = last[2] if last[0] is state.troopers and last[1] == state.current else troops(game, state)
    key = (indexed_hand(game, state)[2], left, found)
    hit = game._asks.get(key)
    if hit is None:
        types, _, found = key
        hit = game._asks[key] = tuple([kind.options for kind, cost, plays in game._listed
                                       if cost <= left and (plays is None or plays in types) and
                                       (kind.troops is None or found[TROOP_FIELDS.index(kind.troops)])])
    return hit


__all__ = ["TROOP_FIELDS", "asked", "indexed_hand", "troops"]
