"""Upgrading villains ("Upgrading Villains"): at the start of his turn a player may
raise each villain of his party one level, level 2 before level 3, for 1
Doomsday point each.  The rulebook says "any turn"; the player's own is our
reading (upgrade-whose-turn in the register)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.engine import Chance, IllegalAction
from ..core.events import Event, RuleRef, event
from ..core.numbers import counted
from . import sections as R
from .doomsday import spend
from .state import AsylumState, Party, Phase, put
from .villains import Villain

if TYPE_CHECKING:
    from .game import AsylumGame


@dataclass(frozen=True, slots=True)
class Upgrade:
    """Raise ``villain`` to ``level`` (one above his current level)."""

    villain: str
    level: int

    def __str__(self) -> str:
        return f"upgrade {self.villain} to level {self.level}"


def top_level(game: AsylumGame, v: Villain) -> int:
    """The highest level ``v`` can reach: his upgrades, capped by ``max_level``."""
    return min(game.rules.max_level, v.max_level)


def options(game: AsylumGame, state: AsylumState) -> list[Upgrade]:
    """The upgrades the player whose turn it is may buy now."""
    party = state.parties[state.current]
    if party.doomsday < game.rules.upgrade_cost:
        return []
    return [Upgrade(v.name, v.level + 1) for v in party.villains
            if v.level < top_level(game, v) and v.name not in state.upgraded]


def do_upgrade(game: AsylumGame, state: AsylumState, action: Upgrade,
               chance: Chance) -> tuple[AsylumState, list[Event]]:
    if action not in game.start_decision(state).options:  # the start of the turn's options, cached by the game
        raise explain(game, state, action)
    seat = state.current
    cost = game.rules.upgrade_cost
    key = ("upgrade texts", action.villain, action.level, cost)
    texts = game.memo.get(key)  # what is paid for, and how much: the same words every time
    if texts is None:
        texts = game.remember(key, (f"{action.villain}'s level {action.level} upgrade",
                                    f"for {counted(cost, 'Doomsday point')}"))
    state, paid = spend(game, state, seat, cost, texts[0])
    state, risen = level_up(game, state, seat, action.villain, R.UPGRADES, texts[1])
    return state._replace(upgraded=state.upgraded + (action.villain,)), [*risen, *paid]


def level_up(game: AsylumGame, state: AsylumState, seat: int, name: str, rule: RuleRef,
             why: str) -> tuple[AsylumState, tuple[Event, ...]]:
    """Raise a villain of the party one level (his next upgrade takes effect)."""
    party = state.parties[seat]
    villains = list(party.villains)
    for k, v in enumerate(villains):  # a plain loop: generators cost more than the look here
        if v.name == name:
            v = villains[k] = game.upgraded(v)
            break
    else:
        raise KeyError(f"{name!r} is not in seat {seat}'s party")
    villains = tuple(villains)
    up = v.upgrades[v.level - 2]
    state = put(state, party._replace(villains=villains))
    key = ("level up", rule, seat, name, v.level, why, up)
    ev = game.memo.get(key)  # as game.said, without building a closure at every upgrade
    if ev is None:
        ev = game.remember(key, event(rule, f"{name} rises to level {v.level} ({why}): {up.text or up.describe()} - "
                                      f"{up.describe()}", seat=seat, villain=name, level=v.level))
    return state, (ev,)


def explain(game: AsylumGame, state: AsylumState, action: Upgrade) -> IllegalAction:
    """Why ``action`` is not allowed now."""
    rules = game.rules
    party: Party = state.parties[state.current] if state.parties else None
    if state.phase is not Phase.START or party is None:
        return IllegalAction(R.UPGRADES, "villains are upgraded only at the start of a turn, and by our "
                              "reading upgrade-whose-turn only at the start of the player's own")
    if not isinstance(action.villain, str) or action.villain not in party.names:
        return IllegalAction(R.UPGRADES, f"{action.villain!r} is not in seat {party.seat}'s party")
    v = party.villain(action.villain)
    if action.villain in state.upgraded:
        return IllegalAction(R.UPGRADES, f"{v.name} has already gone up a level this turn: one level per villain "
                             "per turn")
    if not isinstance(action.level, int):
        return IllegalAction(R.UPGRADES, f"a level is a whole number, not {action.level!r}")
    top = top_level(game, v)
    if action.level > top:
        return IllegalAction(R.UPGRADES, f"{v.name} has no level {action.level} (top level {top})")
    if action.level > v.level + 1:
        return IllegalAction(R.UPGRADES, f"{v.name} is level {v.level}: level {v.level + 1} must be bought before "
                             f"level {action.level}")
    if action.level <= v.level:
        return IllegalAction(R.UPGRADES, f"{v.name} is already level {v.level}")
    if party.doomsday < rules.upgrade_cost:
        return IllegalAction(R.UPGRADES, f"an upgrade costs {counted(rules.upgrade_cost, 'Doomsday point')}; seat "
                             f"{party.seat} has {party.doomsday}")
    return IllegalAction(R.UPGRADES, f"{action} is not a legal option now")


__all__ = ["Upgrade", "do_upgrade", "explain", "level_up", "options", "top_level"]
