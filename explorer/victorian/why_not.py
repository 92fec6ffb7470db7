""""Why not?": actions a learner may try that the rules forbid right now.

:func:`tempting` builds plausible actions from the table and the hands (a card
on the wrong unit, an event played at the wrong moment, a Track Roll of a
noncombatant, an attack on a Mastermind not thwarted, a Showdown while minions
stand) and keeps those the game refuses.  Each one is explained by the game
itself: ``game.illegal(state, action)`` names the rule it breaks and says why,
so a widget can show the message and our summary of that rule.  Nothing here
decides legality on its own.

>>> from explorer.victorian.game import VictorianGame
>>> from explorer.victorian.state import Phase
>>> game = VictorianGame()
>>> state = game.scenario(heroes=["Tarzan"], villains=["Dr Moreau"], hands={"heroes": ["Saber", "Train"]},
...                       at=Phase.RECRUIT)
>>> for action in tempting(game, state, "heroes")[1:4]:
...     print(f"{action}: {game.illegal(state, action).message}")
recruit Saber onto Tarzan: Saber is for a Swordsman, and Tarzan is none
recruit Saber onto Dr Moreau: Dr Moreau is not yours: a weapon goes on one of your own units
play Saber: Saber is a Weapon, not an event: put it into play in the Recruit Phase
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Attack, PlayEvent, Recruit, Showdown, Track
from .state import Fighting, VicState

if TYPE_CHECKING:
    from .game import VictorianGame

LIMIT = 8


def tempting(game: VictorianGame, state: VicState, side: str | None = None, limit: int = LIMIT) -> list[Any]:
    """Up to ``limit`` plausible actions that are not legal in ``state``, in the
    order built: ``side``'s cards (``"heroes"``, ``"villains"``; ``None``: both
    sides') recruited onto each unit or played, then Track Rolls, attacks and a
    Showdown.  Every action returned is refused by ``game.check(state, action)``;
    ``game.illegal(state, action)`` explains it.  Empty when the game is over."""
    if state.result is not None or not state.pending:
        return []
    item = state.pending[0]
    sides = [side] if side in ("heroes", "villains") else ["heroes", "villains"]
    units = [u.uid for s in state.sides for u in s.units]
    candidates: list[Any] = []
    for name in sides:
        s = state.sides[0 if name == "heroes" else 1]
        for card in dict.fromkeys(s.hand):
            candidates += [Recruit(card, onto) for onto in [None, *units[:6]]]
            candidates.append(PlayEvent(card))
    heroes = [u.uid for u in state.heroes.units]
    masters = [u.uid for u in state.villains.units if u.master is None]
    candidates += [Track(h, m) for h in heroes for m in masters + [u.uid for u in state.villains.units][:3]]
    candidates += [Attack(h, m) for h in heroes for m in masters]
    if isinstance(item, Fighting):
        candidates.append(Showdown())
    legal = set(game.decision(state).options)  # anything else is refused by game.check
    return [a for a in dict.fromkeys(candidates) if a not in legal][:limit]


__all__ = ["LIMIT", "tempting"]
