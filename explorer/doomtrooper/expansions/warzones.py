"""Warzones (the Warzone expansion; switches ``warzones`` and
``warzones_first_edition``).

* Play a Warzone (:class:`PlayWarzone`, one action): a Warzone from your hand
  goes into your Squad or your Kohort, as its card allows (``area``: "Squad",
  "Kohort", "any" for either, or another area a card names).  The expansion's text lets each player have one copy of
  a given Warzone in play (others may have theirs); the first-edition
  supplement lets anyone have any number, even two in one Squad
  (``warzones_first_edition``; register: ``warzone-printings``).
* Defending from a Warzone (:class:`DefendFromWarzone`): once the battle tactic
  is announced, the Defender's player may say it defends from a Warzone of its
  own area (an :class:`~explorer.doomtrooper.base.combat.Announcement` of the
  combat).  The Defender alone gets the card's F, S, A and V; the card's text
  (ours: ``all_fight``, ``all_shoot``, ``all_armor``) touches both combatants;
  no fortification helps either side in that combat.
* An attacker never uses its Warzones; a Squad warrior never a Kohort's Warzone
  (nor the reverse).

>>> from explorer.doomtrooper.cards import load_pool
>>> load_pool()["Graveton Marshes"].area
'any'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from ...core.data import DataError
from ...core.engine import IllegalAction
from ...core.events import Event, event
from .. import sections as R
from ..base.actions import ACTION_TYPES, register
from ..cards import _ModifierRow, register_card_type
from ..base.combat_state import ANNOUNCEMENTS, EXTRA_RATINGS, Announcement, Table, Term
from ..state import DTState, Placed, put_seat
from ..words import said


class Warzone(NamedTuple):
    """A Warzone card: where it may be played, the Defender's modifiers, and its
    text's modifiers for every combatant (``all_*``)."""

    name: str
    area: str = "any"
    fight: int = 0
    shoot: int = 0
    armor: int = 0
    value: int = 0
    all_fight: int = 0
    all_shoot: int = 0
    all_armor: int = 0
    text: str = ""

    type = "warzone"


class _WarzoneRow(_ModifierRow):
    area: str = "any"
    all_fight: int = 0
    all_shoot: int = 0
    all_armor: int = 0


def _build(data: dict, path: Path, aff: Any) -> Warzone:
    areas = [a for a, _ in aff.areas]
    if data["area"] != "any" and data["area"] not in areas:
        raise DataError(path, data["name"], "area", f"unknown area {data['area']!r} (known: any, {', '.join(areas)})")
    return Warzone(**data)


register_card_type("warzone", Warzone, _WarzoneRow, "PlayWarzone", _build)


# -- Play a Warzone ------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlayWarzone:
    """Play a Warzone: put ``card`` into your ``area`` (Squad or Kohort), one action."""

    card: str
    area: str

    def __str__(self) -> str:
        return f"put the Warzone {self.card} into your {self.area}"


#: Where "any" puts a Warzone: "your Squad/Kohort" (an area a card names, such as Paradise
#: Lost's Outpost, takes Warzones that name it).
ANY = ("Squad", "Kohort")


def areas_for(game: Any, card: Warzone) -> tuple[str, ...]:
    """The areas the card allows (its own, or Squad and Kohort for "any")."""
    return ANY if card.area == "any" else (card.area,)


def rule(game: Any) -> Any:
    """The printing the Warzone rules follow (the expansion's, or the supplement's)."""
    return R.FE_WARZONES if game.rules.warzones_first_edition else R.WARZONES


def has_copy(state: DTState, seat: int, card: str) -> bool:
    return any(p.card == card for p in state.seats[seat].in_play)


def warzone_options(game: Any, state: DTState) -> list[PlayWarzone]:
    if not game.rules.warzones:
        return []
    pool = game.pool
    seat = state.current
    single = not game.rules.warzones_first_edition
    out = []
    for name in state.seat.hand.distinct:
        c = pool[name]
        if c.type != "warzone" or (single and has_copy(state, seat, name)):
            continue
        out += [PlayWarzone(name, a) for a in areas_for(game, c)]
    return out


def do_warzone(game: Any, state: DTState, action: PlayWarzone, chance: Any) -> tuple[DTState, list[Event]]:
    seat = state.current
    s = state.seats[seat]
    state = put_seat(state, seat, s._replace(hand=s.hand.remove(action.card),
                                             in_play=s.in_play + (Placed(action.card, action.area),)))
    return state, [event(rule(game), f"seat {seat} puts the Warzone {action.card} into his {action.area}", seat=seat,
                         card=action.card, area=action.area)]


def explain_warzone(game: Any, state: DTState, action: Any) -> IllegalAction:
    if not game.rules.warzones:
        return IllegalAction(R.WARZONE_EXPANSION, "the Warzone expansion's Warzones are not in play (switch: warzones)")
    c = game.pool.get(action.card) if isinstance(action.card, str) else None
    if c is None or c.type != "warzone":
        return IllegalAction(R.WARZONES, f"{action.card!r} is not a Warzone card")
    if action.card not in state.seat.hand:
        return IllegalAction(R.WARZONES, f"{action.card} is not in seat {state.current}'s hand")
    if action.area not in areas_for(game, c):
        return IllegalAction(rule(game), f"{action.card} may be put only into: {', '.join(areas_for(game, c))}")
    if has_copy(state, state.current, action.card):
        return IllegalAction(R.WARZONES, f"you already have {action.card} in play: one copy of each Warzone per "
                                         "player (the expansion's text; the first-edition supplement allows more)")
    return IllegalAction(rule(game), f"{said(state, action)} is not possible now")


register(PlayWarzone, R.WARZONES, 1, warzone_options, do_warzone, explain_warzone,
         enabled=lambda rules: rules.warzones)
ACTION_TYPES["PlayWarzone"] = PlayWarzone


# -- defending from a Warzone ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DefendFromWarzone:
    """The Defender defends from Warzone ``card`` of its own area ("": from none)."""

    card: str = ""

    def __str__(self) -> str:
        return f"defend from {self.card}" if self.card else "defend from no Warzone"


def defender_warzones(combat: Any, table: Table) -> tuple[str, ...]:
    """The distinct Warzones of the Defender's player in the Defender's own area
    (Squad or Kohort: never the other one's)."""
    if not table.in_play:
        return ()
    d = table.trooper(table.defender)
    pool = combat.pool
    out: list[str] = []
    for p in table.in_play[d.owner]:
        if p.area == d.area and pool[p.card].type == "warzone" and p.card not in out:
            out.append(p.card)
    return tuple(out)


def _options(combat: Any, table: Table) -> tuple[DefendFromWarzone, ...]:
    if not combat.rules.warzones:
        return ()
    cards = defender_warzones(combat, table)
    return tuple(DefendFromWarzone(c) for c in cards) + (DefendFromWarzone(),) if cards else ()


def _seat(table: Table) -> int:
    return table.trooper(table.defender).owner


def _apply(combat: Any, table: Table, action: Any) -> tuple[Table, list[Event]]:
    if not isinstance(action, DefendFromWarzone) or action not in _options(combat, table):
        raise ValueError(f"{action!r} is not an announcement the Defender may make")
    d = table.trooper(table.defender)
    if not action.card:
        return table, [event(R.WARZONES_DEFEND, f"{d.card} defends from no Warzone", uid=d.uid)]
    return table._replace(warzone=action.card), [
        event(R.WARZONES_DEFEND, f"{d.card} defends from the Warzone {action.card}", uid=d.uid, card=action.card),
        event(R.WARZONES_NO_FORTIFICATIONS, "no fortification helps either combatant in this combat")]


ACTION_TYPES["DefendFromWarzone"] = DefendFromWarzone
ANNOUNCEMENTS.append(Announcement(R.WARZONES_DEFEND, (DefendFromWarzone,), _options, _seat, _apply,
                                  "The Defender may defend from a Warzone of its Squad or Kohort"))


def terms(combat: Any, table: Table, t: Any) -> list[Term]:
    """What the Warzone defended from adds to combatant ``t``: its F, S, A, V to the
    Defender only (whoever is the Defender now: see the register, warzone-substitute),
    its text to both."""
    if not table.warzone:
        return []
    tactic = table.tactic
    c = combat.pool[table.warzone]
    out = []
    if t.uid == table.defender:
        da = c.fight if tactic == "fight" else c.shoot
        if da or c.armor or c.value:
            out.append(Term(f"{c.name} (defending from it)", R.WARZONES_DEFEND, da, c.armor, c.value))
    da = c.all_fight if tactic == "fight" else c.all_shoot
    if da or c.all_armor:
        out.append(Term(f"{c.name} (its text, every combatant)", R.WARZONES_DEFEND, da, c.all_armor, 0))
    return out


# in any game (no WHEN): a Warzone defended from counts under any rules (odds.fight rates one with the switch off)
EXTRA_RATINGS.append(terms)

__all__ = ["DefendFromWarzone", "PlayWarzone", "Warzone", "areas_for", "defender_warzones", "has_copy"]
