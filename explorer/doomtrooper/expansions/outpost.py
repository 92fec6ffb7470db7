"""Paradise Lost: the Outpost, a third Area standing for Earth (the ``outpost``
switch; off, nothing here changes the game).

* "The Outpost" / "New Affiliations": the Outpost is an area of
  ``data/doomtrooper/affiliations.toml`` holding the four Tribal affiliations
  (group ``tribal``: neither Doomtroopers nor Dark Legion).
* "Actions in the Outpost": Tribal warriors are mustered only into the Outpost,
  never beside a warrior of another Tribal affiliation (:func:`muster_check`).
* "Transfer": :class:`~explorer.doomtrooper.base.actions.OutpostTransfer` moves a
  Doomtrooper between Squad and Outpost, a Dark Legion warrior between Kohort
  and Outpost; none before some warrior has entered play in an Outpost; two
  actions with a vehicle; once a turn of its own accord; never Doomtroopers and
  Dark Legion warriors together (a tainted heretic, both at once, goes with
  either); a Doomtrooper wholly turned while among Doomtroopers must leave with
  the next action, and a player with an empty Outpost must answer an opponent's
  occupied one (:func:`forced_heretic`, :func:`forced_answer`).
* "Attacking in the Outpost": no combat across the Outpost's edge, whatever a
  card says (:func:`outpost_meeting`, also applied to cards that swap a
  combatant); Tribal warriors attack and are attacked by anyone (attack rules
  in the data).
* "Areas of Influence": cards working on a Squad or Kohort reach the matching
  warriors in the Outpost and back (:func:`influence`: fortifications, casters).
* "Casting Art Spells": spells may target Tribal warriors
  (:meth:`~explorer.doomtrooper.base.combat.Combat.may_cast_on`).
* "The Optional Sabotage Rules in the Outpost": a warrior in the Outpost
  shields its player as any other does (nothing to change).

The Beasts are :mod:`explorer.doomtrooper.expansions.beasts`; :func:`force_transfer` (the
sample card Forced March) pushes a warrior out of an Outpost.

>>> from explorer.doomtrooper.params import override_rules
>>> from explorer.doomtrooper.game import DoomtrooperGame
>>> game = DoomtrooperGame(rules=override_rules({"outpost": True}))
>>> game.aff.area_for(game.classes_of_card("Templar Brute"))
'Outpost'
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from ...core.engine import IllegalAction
from ...core.events import Event, event
from .. import effects as E
from .. import sections as R
from ..base.actions import AFTER_STEP, FORCED, MEETING, WHEN, MUSTER_CHECKS, OutpostTransfer, register
from ..base.combat_state import AREA_REACH
from ..state import DTState, Trooper, put_trooper
from ..base.warriors import remove
from ..words import said

OUTPOST = "Outpost"
TRIBAL = "tribal"
BEAST = "Beast"


# -- who is what ---------------------------------------------------------------------------------------

def is_tribal(game: Any, t: Trooper) -> bool:
    return TRIBAL in game.classes_of(t)


def camp(game: Any, t: Trooper) -> str:
    """"doomtrooper", "dark_legion", or "" (Tribal, or a tainted heretic who is both:
    neither keeps the other camp out of an Outpost)."""
    cls = game.classes_of(t)
    dt, dl = "doomtrooper" in cls, "dark_legion" in cls
    if dt and not dl:
        return "doomtrooper"
    if dl and not dt:
        return "dark_legion"
    return ""


def home_area(game: Any, t: Trooper) -> str:
    """Where ``t`` goes when it leaves the Outpost: its Squad or Kohort (the area it is mustered to)."""
    return game.aff.area_for(game.classes_of(t))


def tribes(game: Any, classes: frozenset[str]) -> frozenset[str]:
    """The Tribal affiliations among ``classes``."""
    return frozenset(c for c in classes if game.aff.of.get(c) == TRIBAL)


def has_vehicle(game: Any, t: Trooper) -> bool:
    """Has ``t`` a vehicle, or is it considered one (a Transfer then costs two actions)?"""
    pool = game.pool
    return "Vehicle" in game.classes_of(t) or any(
        pool[a.card].type == "equipment" and pool[a.card].kind == "vehicle" for a in t.attached)


def has_beast(game: Any, t: Trooper) -> bool:
    pool = game.pool
    return any(pool[a.card].type == "beast" for a in t.attached)


def in_outpost(state: DTState, seat: int) -> list[Trooper]:
    return [t for t in state.troopers if t.owner == seat and t.area == OUTPOST]


def mixed(game: Any, troopers) -> bool:
    """Doomtroopers and Dark Legion warriors together (the invariant an Outpost keeps)."""
    camps = {camp(game, t) for t in troopers}
    return "doomtrooper" in camps and "dark_legion" in camps


def mixed_outposts(game: Any, state: DTState) -> list[int]:
    """The seats whose Outpost holds Doomtroopers and Dark Legion warriors together."""
    return [i for i in range(len(state.seats)) if mixed(game, in_outpost(state, i))]


# -- Muster Warrior: Tribal warriors ----------------------------------------------------------------------

def muster_check(game: Any, state: DTState, seat: int, name: str) -> IllegalAction | None:
    """"Actions in the Outpost": a Tribal warrior enters play only in an Outpost (none
    without the switch), never beside a warrior of another Tribal affiliation."""
    cls = game.classes_of_card(name)
    if TRIBAL not in cls:
        return None
    if not game.rules.outpost:
        return IllegalAction(R.OUTPOST_ACTIONS, f"{name} is a Tribal warrior: it enters play only in an Outpost, and "
                                                "the Paradise Lost rules (switch outpost) are off")
    mine = tribes(game, cls)
    for t in in_outpost(state, seat):
        theirs = tribes(game, game.classes_of(t)) if not t.hidden or t.owner == seat else frozenset()
        if theirs and not theirs & mine:
            return IllegalAction(R.OUTPOST_ACTIONS, f"{t.card} of the {', '.join(sorted(theirs))} is in your "
                                                    f"Outpost: the tribes will not work together, so {name} may "
                                                    "not join it")
    return None


# -- Transfer ------------------------------------------------------------------------------------------------

def destination(game: Any, t: Trooper) -> str:
    return home_area(game, t) if t.area == OUTPOST else OUTPOST


def transfer_problem(game: Any, state: DTState, t: Trooper, forced: bool = False) -> tuple[Any, str] | None:
    """Why ``t`` may not Transfer now (``(rule, reason)``), or ``None``.  ``forced``: a
    Transfer the rules demand (a turned Doomtrooper), not limited to one a turn."""
    if not game.rules.outpost:
        return R.OUTPOST, "the Paradise Lost rules (switch outpost) are off: there is no Outpost"
    if not state.outpost_opened:
        return R.TRANSFER, "no warrior has entered play in an Outpost yet: no Transfer until one has"
    if t.hidden:
        return R.TRANSFER, "a warrior face down in cover may not transfer (it would show which side it is on)"
    if is_tribal(game, t):
        return R.TRANSFER, f"{t.card} is a Tribal warrior: it stays in the Outpost"
    if BEAST in game.classes_of(t):
        return R.BEASTS, f"{t.card} is considered a Beast: it may not transfer"
    if t.area == OUTPOST and has_beast(game, t):
        return R.BEASTS, f"{t.card} rides a Beast: it may not leave the Outpost of its own accord"
    if t.area not in (OUTPOST, home_area(game, t)):
        return R.TRANSFER, f"{t.card} is not in its Squad, Kohort or Outpost"
    if not forced and t.moved == state.turn:
        return R.TRANSFER, f"{t.card} has already transferred this turn (once a turn, unless a card forces it)"
    if t.area != OUTPOST:
        mine = camp(game, t)
        for other in in_outpost(state, t.owner):
            theirs = camp(game, other)
            if mine and theirs and theirs != mine:
                return R.TRANSFER, (f"{other.card} is in your Outpost: Doomtroopers and Dark Legion warriors are "
                                    "never there together")
    return None


def transfer_cost(game: Any, t: Trooper) -> int:
    return 2 if has_vehicle(game, t) else 1


def transfer_options(game: Any, state: DTState, forced: bool = False) -> list[OutpostTransfer]:
    rules = game.rules
    if not rules.outpost or not state.outpost_opened:
        return []
    return [OutpostTransfer(t.uid) for t in state.troopers if t.owner == state.current
            and transfer_cost(game, t) <= state.actions and transfer_problem(game, state, t, forced) is None]


def do_transfer(game: Any, state: DTState, action: OutpostTransfer, chance: Any) -> tuple[DTState, list[Event]]:
    t = state.trooper(action.uid)
    to = destination(game, t)
    cost = transfer_cost(game, t)
    state = state._replace(actions=state.actions - (cost - 1))  # the game took one action already
    state = put_trooper(state, t._replace(area=to, moved=state.turn))
    rule = R.TRANSFER_HERETICS if _turned(game, state, t) else R.TRANSFER
    extra = " (two actions: it has a vehicle)" if cost == 2 else ""
    return state, [event(rule, f"{t.card} (seat {t.owner}) transfers from the {t.area} to the {to}{extra}",
                         uid=t.uid, area=to)]


def _turned(game: Any, state: DTState, t: Trooper) -> bool:
    return t.area == OUTPOST and camp(game, t) == "dark_legion" and any(
        camp(game, o) == "doomtrooper" for o in in_outpost(state, t.owner))


def explain_transfer(game: Any, state: DTState, action: Any) -> IllegalAction:
    t = state.find(action.uid)
    if t is None or t.owner != state.current:
        return IllegalAction(R.TRANSFER, f"seat {state.current} has no warrior {action.uid!r} in play")
    why = transfer_problem(game, state, t)
    if why is not None:
        return IllegalAction(*why)
    if transfer_cost(game, t) > state.actions:
        return IllegalAction(R.TRANSFER, f"{t.card} has a vehicle: its Transfer takes two actions, "
                                         f"{state.actions} left")
    return IllegalAction(R.TRANSFER, f"{said(state, action)} is not possible now")


# -- the transfers the rules demand --------------------------------------------------------------------------

def forced_heretic(game: Any, state: DTState):
    """A Doomtrooper wholly turned to the Dark Legion while Doomtroopers share its
    Outpost: the next action moves it to the Kohort."""
    if not game.rules.outpost or game.rules.variant == "colonization":  # Colonization's Earth: not modelled
        return None
    here = in_outpost(state, state.current)
    if not mixed(game, here):
        return None
    options = [OutpostTransfer(t.uid) for t in here if camp(game, t) == "dark_legion"
               and transfer_cost(game, t) <= state.actions and transfer_problem(game, state, t, forced=True) is None]
    if not options:
        return None
    return R.TRANSFER_HERETICS, options, "Dark Legion warriors stand among Doomtroopers in your Outpost"


def forced_answer(game: Any, state: DTState):
    """An opponent has warriors in his Outpost and you have none in yours: your next
    action is a Transfer into it (when one is possible)."""
    if not game.rules.outpost or not state.outpost_opened or game.rules.variant == "colonization":
        return None  # (Colonization's Earth keeps every Paradise Lost rule but this one)
    seat = state.current
    if in_outpost(state, seat):
        return None
    if not any(t.area == OUTPOST and t.owner != seat and not state.seats[t.owner].out for t in state.troopers):
        return None
    options = [o for o in transfer_options(game, state) if state.trooper(o.uid).area != OUTPOST]
    if not options:
        return None
    return R.TRANSFER_ANSWER, options, "an opponent has warriors in his Outpost and yours is empty"


def opened(game: Any, state: DTState) -> tuple[DTState, list[Event]]:
    """After every step: once a warrior has entered play in an Outpost, Transfers are allowed."""
    if state.outpost_opened or not game.rules.outpost:
        return state, []
    first = next((t for t in state.troopers if t.area == OUTPOST), None)
    if first is None:
        return state, []
    return state._replace(outpost_opened=True), [
        event(R.TRANSFER, f"a warrior has entered play in seat {first.owner}'s Outpost: Transfer actions may be taken "
                          "from now on", seat=first.owner)]


# -- attacking and the Areas of Influence ---------------------------------------------------------------------

def outpost_meeting(game: Any, a: Trooper, d: Trooper, tactic: str) -> tuple[Any, str] | None:
    """"Attacking in the Outpost": never a combat across the Outpost's edge."""
    if not game.rules.outpost or (a.area == OUTPOST) == (d.area == OUTPOST):
        return None
    return R.OUTPOST_ATTACKS, "warriors in an Outpost and warriors in a Squad or Kohort never fight each other"


def influence(combat: Any, area: str, t: Trooper) -> bool:
    """"Areas of Influence": a card working on ``area`` reaches ``t`` in another area:
    from the Squad (Kohort) into the Outpost for a Doomtrooper (Dark Legion warrior)
    there, and from the Outpost to the warriors of the Squad and Kohort."""
    if not combat.rules.outpost:
        return False
    if t.area == OUTPOST:
        return area != OUTPOST and home_area(combat, t) == area
    return area == OUTPOST and t.area in ("Squad", "Kohort")


# -- forced out of an Outpost (a card: our Forced March) ------------------------------------------------------

def force_out(game: Any, state: DTState, uid: int, rule: Any = R.BEASTS) -> tuple[DTState, list[Event]]:
    """A card pushes ``uid`` out of its Outpost to its Squad or Kohort: a warrior
    considered a Beast is discarded, a warrior's Beast is discarded ("Beasts")."""
    t = state.trooper(uid)
    if BEAST in game.classes_of(t):
        return remove(game, state, uid, R.BEASTS, "is considered a Beast and is forced out of the Outpost")
    pool = game.pool
    gone = [a for a in t.attached if pool[a.card].type == "beast"]
    events: list[Event] = []
    if gone:
        seats = list(state.seats)
        for a in gone:
            seats[a.owner] = seats[a.owner]._replace(discard=seats[a.owner].discard.add(a.card))
        state = state._replace(seats=tuple(seats))
        t = t._replace(attached=tuple(a for a in t.attached if a not in gone))
        events.append(event(R.BEASTS, f"{t.card}'s Beast ({', '.join(a.card for a in gone)}) is discarded: it "
                                      "stays on Earth", uid=uid))
    to = home_area(game, t)
    state = put_trooper(state, t._replace(area=to))
    events.append(event(R.TRANSFER, f"{t.card} (seat {t.owner}) is forced out of the Outpost to the {to}",
                        uid=uid, area=to))
    return state, events


@E.register
class ForceTransfer(E.Effect):
    """A warrior in an Outpost (not a Tribal one, which has nowhere to go, unless it
    is considered a Beast) is forced back to its Squad or Kohort."""

    name = "force_transfer"
    timing = "turn"

    class Params(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)
        own_only: bool = False

    def targets(self, host, state, seat, p):
        if not host.rules.outpost:
            return ()
        return tuple(t.uid for t in state.troopers if t.area == OUTPOST and not t.hidden
                     and (not is_tribal(host, t) or BEAST in host.classes_of(t))
                     and (not p.own_only or t.owner == seat))

    def apply(self, host, state, seat, card, p, target):
        return force_out(host, state, target)


register(OutpostTransfer, R.TRANSFER, 1, transfer_options, do_transfer, explain_transfer,
         enabled=lambda rules: rules.outpost)
MUSTER_CHECKS.append((TRIBAL, muster_check))  # it refuses Tribal warriors alone
FORCED.extend((forced_heretic, forced_answer))
AFTER_STEP.append(opened)
WHEN.update(dict.fromkeys((forced_heretic, forced_answer, opened), lambda rules: rules.outpost))
MEETING.append(outpost_meeting)
WHEN[outpost_meeting] = lambda rules: rules.outpost
AREA_REACH.append(influence)

__all__ = ["OUTPOST", "camp", "force_out", "forced_answer", "forced_heretic", "home_area", "influence",
           "mixed", "mixed_outposts", "muster_check", "outpost_meeting", "transfer_problem"]
