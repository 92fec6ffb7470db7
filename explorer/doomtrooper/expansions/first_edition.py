"""The Doomtrooper 1st Edition Rule Additions (the designer's supplement), where
they add to or differ from the second edition, each a switch:

* "Attacking a Player Directly" (``first_edition_direct_attack``): as the attack
  of the turn, a warrior of yours attacks a player none of whose warriors in
  play may be in combat at all (warriors barred from combat do not shield him;
  one your warriors merely may not attack does) (:class:`~explorer.doomtrooper.base.actions.AttackPlayer`).
  The supplement prints no reward; we pay what the second edition's Sabotage,
  its replacement, pays (half the attacker's modified Value, rounded up).
* "Combat Modifiers" and "Harming Your Own Warriors": the second edition already
  plays this way (copies of one combat card add up; killing your own warriors
  earns Destiny Points only), so there is nothing to switch.
* "Sergeants" (``first_edition_sergeants``): :mod:`explorer.doomtrooper.expansions.sergeants`.
* "Vehicles in Doomtrooper" (``first_edition_vehicles``): no Fight combat with a
  warrior inside an airship or a submarine (:func:`airship_meeting`);
  ``many_vehicles``, the supplement's optional rule: a warrior may own many
  vehicles and be inside one at a time (:class:`~explorer.doomtrooper.base.actions.BoardVehicle`
  enters a named one; the vehicle it is inside comes first among its cards).
* "To Review the New Actions": :data:`NEW_ACTIONS` names the action types of
  Enter Vehicle, Exit Vehicle, Play a Relic and Play a Warzone.
"""

from __future__ import annotations

from typing import Any

from ...core.engine import IllegalAction
from ...core.events import Event, event
from ...core.numbers import counted
from .. import sections as R
from ..base.actions import KINDS, MEETING, WHEN, AttackPlayer, BoardVehicle, register
from ..base.attack import may_attack_with, target_cost
from ..base.sabotage import defenceless
from ..state import Award, DTState, Phase, Trooper, pay, put_trooper
from ..base.warriors import value_of
from ..words import said

#: "To Review the New Actions": each action of the supplement and the name of its
#: action type.  Play a Relic and Play a Warzone are the expansions' (Inquisition,
#: Warzone) and are registered by their own modules when present.
NEW_ACTIONS = (("Enter Vehicle", "EnterVehicle"), ("Exit Vehicle", "ExitVehicle"),
               ("Play a Relic", "PlayRelic"), ("Play a Warzone", "PlayWarzone"))


def new_actions() -> dict[str, Any]:
    """The supplement's new actions, each with its registered kind (``None`` while
    the module that plays it is not part of the game)."""
    by_name = {t.__name__: k for t, k in KINDS.items()}
    return {label: by_name.get(name) for label, name in NEW_ACTIONS}


# -- Attacking a Player Directly ---------------------------------------------------------------------------

def direct_problem(game: Any, state: DTState, t: Trooper | None, seat: Any) -> tuple[Any, str] | None:
    """Why ``t`` may not attack player ``seat`` directly (``(rule, reason)``), or ``None``."""
    if not game.rules.first_edition_direct_attack:
        return R.DIRECTLY, ("players are never attacked directly in the second edition (switch "
                            "first_edition_direct_attack is off)")
    if state.seat.turns <= 1:
        return R.ACTIONS, "no attack in a player's first turn"
    if t is None or t.owner != state.current:
        return R.FE_DIRECTLY, "the attacker must be a warrior of yours in play"
    if t.hidden or not may_attack_with(game, state, t):
        return R.FE_DIRECTLY, f"{t.card} may not attack now (in cover, out of cover only this turn, or barred from combat)"
    if not isinstance(seat, int) or not 0 <= seat < len(state.seats) or seat == state.current:
        return R.FE_DIRECTLY, f"no other player {seat!r} to attack"
    if state.seats[seat].out:
        return R.MULTIPLAYER, f"seat {seat} is out of the game"
    ok, cost, rule = target_cost(game, state, state.current, seat)
    if not ok:
        return rule, f"seat {seat} is your team mate"
    if cost > state.destiny(state.current):
        return rule, f"attacking seat {seat}, a secondary target, costs {counted(cost, 'Destiny Point')}"
    if not defenceless(game, state, seat, state.current):
        return R.FE_DIRECTLY, (f"seat {seat} has a warrior in play able to be in combat: only a player with none may "
                               "be attacked directly")
    return None


def direct_options(game: Any, state: DTState) -> list[AttackPlayer]:
    if not game.rules.first_edition_direct_attack or state.seat.turns <= 1:
        return []
    seat = state.current
    targets = [i for i, s in enumerate(state.seats) if i != seat and not s.out and defenceless(game, state, i, seat)]
    if not targets:
        return []
    return [AttackPlayer(t.uid, i) for t in state.troopers if t.owner == seat for i in targets
            if direct_problem(game, state, t, i) is None]


def do_direct(game: Any, state: DTState, action: AttackPlayer, chance: Any) -> tuple[DTState, list[Event]]:
    seat = state.current
    t = state.trooper(action.uid)
    events: list[Event] = []
    _, cost, rule = target_cost(game, state, seat, action.seat)
    if cost:
        state = pay(state, seat, cost)
        events.append(event(rule, f"seat {seat} pays {counted(cost, 'Destiny Point')} to attack a secondary target",
                            seat=seat, destiny=-cost))
    state = state._replace(actions=0, phase=Phase.DISCARD)
    events.append(event(R.FE_DIRECTLY, f"{t.card} (seat {seat}) attacks seat {action.seat} directly: no warrior of "
                                       "his can be in combat", uid=t.uid, target=action.seat))
    points = -(-value_of(game, state, t) // game.rules.sabotage_divisor)
    if points <= 0:
        events.append(event(R.FE_DIRECTLY, f"the attack succeeds but {t.card} is worth no points"))
        return state, events
    if "pure_freelancer" in game.classes_of(t):
        purses = list(state.purses)
        purses[state.purse_of[seat]] += points
        events.append(event(R.FREELANCERS, f"seat {seat} earns {counted(points, 'Destiny Point')} "
                                           f"(half of {t.card}'s Value, "
                                           "rounded up; a Freelancer earns Destiny only)", seat=seat, destiny=points))
        return state._replace(purses=tuple(purses)), events
    events.append(event(R.FE_DIRECTLY, f"seat {seat} earns {counted(points, 'point')} (half of {t.card}'s Value, "
                                       "rounded up)",
                        seat=seat, points=points))
    award = Award(seat, points, True, R.FE_DIRECTLY, f"the direct attack by {t.card}")
    return state._replace(phase=Phase.AWARD, pending=state.pending + (award,)), events


def explain_direct(game: Any, state: DTState, action: Any) -> IllegalAction:
    why = direct_problem(game, state, state.find(action.uid), action.seat)
    if why is not None:
        return IllegalAction(*why)
    return IllegalAction(R.FE_DIRECTLY, f"{said(state, action)} is not possible now")


# -- Vehicles in Doomtrooper ---------------------------------------------------------------------------------

def riding(game: Any, t: Trooper) -> Any:
    """The vehicle ``t`` is inside (the first vehicle among its cards), or ``None``."""
    if not t.inside:
        return None
    pool = game.pool
    for a in t.attached:
        c = pool[a.card]
        if c.type == "equipment" and c.kind == "vehicle":
            return c
    return None


def airship_meeting(game: Any, a: Trooper, d: Trooper, tactic: str) -> tuple[Any, str] | None:
    """"Entering and Exiting Vehicles": a warrior inside an airship or a submarine
    neither attacks nor is attacked in a Fight."""
    if tactic != "fight" or not game.rules.first_edition_vehicles or not (a.inside or d.inside):
        return None
    for t in (a, d):
        v = riding(game, t)
        if v is not None and v.vehicle_type in ("airship", "submarine"):
            return R.FE_ENTERING, (f"{t.card} is inside {v.name}, a{'n' if v.vehicle_type == 'airship' else ''} "
                                   f"{v.vehicle_type}: no Fight combat until it gets out")
    return None


def vehicles_of(game: Any, t: Trooper) -> list[str]:
    pool = game.pool
    out = []
    for a in t.attached:
        c = pool[a.card]
        if c.type == "equipment" and c.kind == "vehicle" and a.card not in out:
            out.append(a.card)
    return out


def board_options(game: Any, state: DTState) -> list[BoardVehicle]:
    """Many vehicles: enter one named vehicle (the first is entered by Enter Vehicle)."""
    if not game.rules.many_vehicles:
        return []
    return [BoardVehicle(t.uid, v) for t in state.troopers if t.owner == state.current and not t.inside
            and not t.cover for v in vehicles_of(game, t)[1:]]


def do_board(game: Any, state: DTState, action: BoardVehicle, chance: Any) -> tuple[DTState, list[Event]]:
    t = state.trooper(action.uid)
    i = next(i for i, a in enumerate(t.attached) if a.card == action.card)
    attached = (t.attached[i],) + t.attached[:i] + t.attached[i + 1:]
    state = put_trooper(state, t._replace(attached=attached, inside=True))
    return state, [event(R.FE_ENTERING, f"{t.card} enters {action.card}", uid=t.uid, card=action.card)]


def explain_board(game: Any, state: DTState, action: Any) -> IllegalAction:
    if not game.rules.many_vehicles:
        return IllegalAction(R.FE_ENTERING, "a warrior has one vehicle (the optional many-vehicles rule, switch "
                                            "many_vehicles, is off)")
    t = state.find(action.uid)
    if t is None or t.owner != state.current:
        return IllegalAction(R.VEHICLES, f"seat {state.current} has no warrior {action.uid!r} in play")
    if action.card not in vehicles_of(game, t):
        return IllegalAction(R.VEHICLES, f"{t.card} has no vehicle {action.card!r}")
    if t.inside:
        return IllegalAction(R.FE_ENTERING, f"{t.card} is already inside a vehicle: it must exit first")
    if t.cover:
        return IllegalAction(R.INSIDE_VEHICLE, f"{t.card} is in cover: it must exit cover before entering a vehicle")
    return IllegalAction(R.FE_ENTERING, f"{action.card} is {t.card}'s first vehicle: Enter Vehicle enters it")


register(AttackPlayer, R.FE_DIRECTLY, 1, direct_options, do_direct, explain_direct, ends_actions=True,
         enabled=lambda rules: rules.first_edition_direct_attack)
register(BoardVehicle, R.FE_ENTERING, 1, board_options, do_board, explain_board,
         enabled=lambda rules: rules.many_vehicles)
MEETING.append(airship_meeting)
WHEN[airship_meeting] = lambda rules: rules.first_edition_vehicles

__all__ = ["NEW_ACTIONS", "airship_meeting", "direct_problem", "new_actions", "riding"]
