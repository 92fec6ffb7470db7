"""First-edition rule additions, "Sergeants" (the ``first_edition_sergeants``
switch): a Sergeant (a warrior with the ``Sergeant`` keyword, his ``command``
the bonus he gives) is assigned to a warrior group, the copies of one warrior
card of his owner.

1. Only a group whose printed Value is below the Sergeant's printed Value (V
   modifiers never count), so never another Sergeant.
2. One Sergeant per group.
3. and 4. A group whose Sergeant is gone may take another; a Sergeant whose
   group is gone may take a new one (:func:`lapse`, after every step).
5. and 6. The assignment may be made at any time, as no action
   (:class:`~explorer.doomtrooper.base.actions.AssignSergeant`): in your actions
   step, and by any player for his own Sergeant in a combat's modify step (even
   during combat); then it holds.
7. It is broken when the Sergeant or the last of the group has no corporation
   in common any more (:func:`leading`).

The bonus counts in combat for each member of the group (:func:`command_ratings`).
"""

from __future__ import annotations

from typing import Any

from ...core.engine import IllegalAction
from ...core.events import Event, event
from .. import sections as R
from ..base.actions import AFTER_STEP, WHEN, AssignSergeant, register
from ..base.combat_state import EXTRA_RATINGS, ROUND_PLAYS, RoundPlay, Table, Term
from ..state import DTState, Trooper, put_trooper
from ..words import said

SERGEANT = "Sergeant"


def is_sergeant(game: Any, card: str) -> bool:
    return SERGEANT in game.pool[card].keywords


def shares_corporation(game: Any, a: Any, b: Any) -> bool:
    aff = game.aff
    return bool(aff.corporations(game.classes_of(a)) & aff.corporations(game.classes_of(b)))


def members(state: DTState, s: Trooper, group: str) -> list[Trooper]:
    return [t for t in state.troopers if t.owner == s.owner and t.card == group and t.uid != s.uid]


def leading(game: Any, troopers, s: Trooper) -> bool:
    """Is Sergeant ``s``'s assignment in force: his group in play, a corporation in common?"""
    return bool(s.leads) and any(t.owner == s.owner and t.card == s.leads and t.uid != s.uid
                                 and shares_corporation(game, s, t) for t in troopers)


def group_problem(game: Any, state: Any, s: Trooper, group: Any) -> tuple[Any, str] | None:
    """Why Sergeant ``s`` may not take the group of card ``group`` (``(rule, reason)``), or ``None``
    (``game``: the game or a combat; ``state``: anything with the warriors in play as ``troopers``)."""
    if not game.rules.first_edition_sergeants:
        return R.FE_SERGEANTS, "the first-edition Sergeant rules (switch first_edition_sergeants) are off"
    if not is_sergeant(game, s.card):
        return R.FE_SERGEANTS, f"{s.card} is not a Sergeant"
    if s.hidden:
        return R.FE_SERGEANTS, "a Sergeant face down in cover shows himself before he takes command"
    if leading(game, state.troopers, s):
        return R.FE_SERGEANTS, f"{s.card} already commands the {s.leads}: the assignment is permanent"
    if not isinstance(group, str) or group not in game.pool or game.pool[group].type != "warrior":
        return R.FE_SERGEANTS, f"{group!r} is not a warrior card"
    mine = [t for t in members(state, s, group) if not t.hidden]
    if not mine:
        return R.FE_SERGEANTS, f"seat {s.owner} has no {group} in play"
    if is_sergeant(game, group):
        return R.FE_SERGEANTS, "a Sergeant is never assigned to another Sergeant"
    if game.pool[group].value >= game.pool[s.card].value:
        return R.FE_SERGEANTS, (f"the {group}' printed Value {game.pool[group].value} is not below {s.card}'s "
                                f"{game.pool[s.card].value}")
    if not any(shares_corporation(game, s, t) for t in mine):
        return R.FE_SERGEANTS, f"{s.card} and the {group} have no corporation in common"
    for other in state.troopers:
        if other.owner == s.owner and other.uid != s.uid and other.leads == group and leading(game, state.troopers,
                                                                                                other):
            return R.FE_SERGEANTS, f"the {group} already have a Sergeant ({other.card}): one per group"
    return None


def assign_options(game: Any, state: DTState) -> list[AssignSergeant]:
    if not game.rules.first_edition_sergeants:
        return []
    seat = state.current
    pool = game.pool
    sergeants = [t for t in state.troopers if t.owner == seat and SERGEANT in pool[t.card].keywords]
    if not sergeants:
        return []
    groups = sorted({t.card for t in state.troopers if t.owner == seat and not t.hidden})
    return [AssignSergeant(s.uid, g) for s in sergeants for g in groups if group_problem(game, state, s, g) is None]


def do_assign(game: Any, state: DTState, action: AssignSergeant, chance: Any) -> tuple[DTState, list[Event]]:
    s = state.trooper(action.uid)
    state = put_trooper(state, s._replace(leads=action.group))
    return state, [event(R.FE_SERGEANTS, f"{s.card} (seat {s.owner}) takes command of the {action.group}",
                         uid=s.uid, group=action.group)]


def explain_assign(game: Any, state: DTState, action: Any) -> IllegalAction:
    s = state.find(action.uid)
    if s is None or s.owner != state.current:
        return IllegalAction(R.FE_SERGEANTS, f"seat {state.current} has no warrior {action.uid!r} in play")
    why = group_problem(game, state, s, action.group)
    if why is not None:
        return IllegalAction(*why)
    return IllegalAction(R.FE_SERGEANTS, f"{said(state, action)} is not possible now")


def lapse(game: Any, state: DTState) -> tuple[DTState, list[Event]]:
    """After every step: a Sergeant whose group is gone (or no longer shares his
    corporation) is free again and may take another group."""
    if not game.rules.first_edition_sergeants:
        return state, []
    events: list[Event] = []
    for s in state.troopers:
        if s.leads and not leading(game, state.troopers, s):
            state = put_trooper(state, s._replace(leads=""))
            events.append(event(R.FE_SERGEANTS, f"{s.card} (seat {s.owner}) no longer commands the {s.leads}: he may "
                                                "take another group", uid=s.uid))
    return state, events


def command_ratings(combat: Any, table: Any, t: Trooper):
    """A member of a group with a Sergeant gains the Sergeant's bonus (his ``command``)."""
    if not combat.rules.first_edition_sergeants:
        return ()
    out = []
    for s in table.troopers:
        if s.leads == t.card and s.owner == t.owner and s.uid != t.uid:
            bonus = dict(combat.pool[s.card].command)
            da = bonus.get(table.tactic, 0)
            out.append(Term(f"{s.card} (his Sergeant)", R.FE_SERGEANTS, da, bonus.get("armor", 0),
                            bonus.get("value", 0)))
    return out


# -- even during combat: in the modify step ------------------------------------------------------------------

def _round_options(combat: Any, table: Table, seat: int) -> list[AssignSergeant]:
    if not combat.rules.first_edition_sergeants:
        return []
    sergeants = [t for t in table.troopers if t.owner == seat and is_sergeant(combat, t.card)]
    if not sergeants:
        return []
    groups = sorted({t.card for t in table.troopers if t.owner == seat and not t.hidden})
    return [AssignSergeant(s.uid, g) for s in sergeants for g in groups if group_problem(combat, table, s, g) is None]


def _round_apply(combat: Any, table: Table, seat: int, action: AssignSergeant) -> tuple[Table, list[Event]]:
    s = table.trooper(action.uid)
    why = _round_problem(combat, table, seat, action)
    if why is not None:
        raise ValueError(why[1])
    table = table._replace(troopers=tuple(t._replace(leads=action.group) if t.uid == s.uid else t
                                          for t in table.troopers))
    return table, [event(R.FE_SERGEANTS, f"{s.card} (seat {s.owner}) takes command of the {action.group} during the "
                                         "combat (no action)", uid=s.uid, group=action.group)]


def _round_problem(combat: Any, table: Table, seat: int, action: Any) -> tuple[Any, str] | None:
    s = next((t for t in table.troopers if t.uid == getattr(action, "uid", None)), None)
    if s is None or s.owner != seat:
        return R.FE_SERGEANTS, f"seat {seat} has no warrior {getattr(action, 'uid', None)!r} in play"
    return group_problem(combat, table, s, action.group)


def _round_explain(combat: Any, table: Table, seat: int, action: Any) -> IllegalAction:
    return IllegalAction(*(_round_problem(combat, table, seat, action) or (R.FE_SERGEANTS,
                                                                           f"{said(table, action)} is not possible now")))


register(AssignSergeant, R.FE_SERGEANTS, 0, assign_options, do_assign, explain_assign,
         enabled=lambda rules: rules.first_edition_sergeants)
ROUND_PLAYS[AssignSergeant] = RoundPlay(AssignSergeant, _round_options, _round_apply, _round_explain)
AFTER_STEP.append(lapse)
EXTRA_RATINGS.append(command_ratings)
WHEN[lapse] = WHEN[_round_options] = WHEN[command_ratings] = lambda rules: rules.first_edition_sergeants

__all__ = ["SERGEANT", "assign_options", "command_ratings", "group_problem", "lapse", "leading"]
