"""WOUND COUNTERS: wounding and killing units, and the choice a wounded unit has.

A unit wounded by an Assassin, Combat or Showdown Roll may instead discard one of
its weapons or vehicles (the rulebook's "or discard an attached weapon or
vehicle"): its side chooses (:class:`~explorer.victorian.state.WoundChoice`,
asked only when the unit has something to discard).  A Wound counter costs the
unit Fight; a wounded unit whose lasting Fight is zero or less is killed, its
card and gear discarded (a token just leaves play).  :func:`fall` is the one
check: a wound makes it at once, and the game makes it after every step, so a
unit whose Fight drops by any other path (a weapon or vehicle discarded instead
of a wound, a vessel taken by its Captain) is killed too.

>>> from explorer.victorian.game import VictorianGame
>>> game = VictorianGame()
>>> state = game.scenario(heroes=["Tarzan"], villains=["Dr Moreau"])
>>> events = []
>>> state = wound(game, state, 0, "Tarzan", R.WOUNDS, events)
>>> state.heroes.unit("Tarzan").wounds, [str(e) for e in events]
(1, ['[wounds] Tarzan takes a Wound counter (Fight 2 -> 1)'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.engine import Chance, Decision
from ..core.events import Event, RuleRef
from . import pending
from . import sections as R
from .actions import Pass, Sacrifice, Shed, TakeWound
from .decisions import choice, refuse
from .reports import public
from .sides import title
from .state import HEROES, VILLAINS, UnderlingChoice, VicState, WoundChoice, pop, push
from .units import has_trait, lasting_fight, remove_unit, replace_unit, unit_on, with_wounds
from .words import pronoun

if TYPE_CHECKING:
    from .game import VictorianGame

SIDE_IDS = (HEROES, VILLAINS)


def wound(game: VictorianGame, state: VicState, side: int, uid: str, rule: RuleRef,
          events: list[Event] | None) -> VicState:
    """Put a Wound counter on ``uid``; kill him if his Fight is gone."""
    u = unit_on(state, side, uid)
    if u is None:
        return state
    wounded = with_wounds(u, u.wounds + 1)
    if events is not None:
        events.append(public(R.WOUNDS, f"{uid} takes a Wound counter (Fight {lasting_fight(game, u)} -> "
                             f"{lasting_fight(game, wounded)})", unit=uid, wounds=wounded.wounds, cause=rule.section))
    return fall(game, replace_unit(state, side, wounded), events)


def fall(game: VictorianGame, state: VicState, events: list[Event] | None,
         sides: tuple[int, ...] = SIDE_IDS) -> VicState:
    """Kill every unit whose Fight is gone, whatever took it (the one check, after every
    step that changed a unit: :meth:`explorer.victorian.game.VictorianGame.resolve`).
    ``sides``: those whose units may have lost Fight (a side whose units did not change
    since the last check has none; a kill may change either side's, and both are read after one)."""
    while True:
        gone = _first_fallen(game, state, sides)
        if gone is None:
            return state
        p = pronoun(game, unit_on(state, gone[0], gone[1]))
        state = kill(game, state, gone[0], gone[1], R.WOUNDS, events, why=f"{p.his} Fight is gone")
        sides = SIDE_IDS


def _first_fallen(game: VictorianGame, state: VicState, sides: tuple[int, ...]) -> tuple[int, str] | None:
    """WOUND COUNTERS: the first unit (side, id) of ``sides`` with zero or less Fight.  Only a unit
    that has lost Fight counts: one with a Wound counter (see the register,
    "zero-fight": a unit printed with Fight 0 lives until it is wounded)."""
    for s in sides:
        for u in state.sides[s].units:
            if u.wounds > 0 and lasting_fight(game, u) <= 0:
                return s, u.uid
    return None


def kill(game: VictorianGame, state: VicState, side: int, uid: str, rule: RuleRef, events: list[Event] | None,
         why: str = "killed", fate: str = "is killed") -> VicState:
    """``uid`` is killed (or, ``fate``, otherwise put out of play): his card and gear discarded."""
    p = pronoun(game, unit_on(state, side, uid)) if events is not None else None
    state, with_him = remove_unit(game, state, side, uid)
    if events is not None:
        text = f"{uid} {fate} ({why})"
        if with_him:
            text += f"; with {p.him} go {', '.join(with_him)} and everything attached to {p.him}"
        events.append(public(rule, text, unit=uid, side=side, also=tuple(with_him)))
    return state


def hurt(game: VictorianGame, state: VicState, side: int, uid: str, rule: RuleRef, events: list[Event] | None) -> VicState:
    """A "wounded (or discard an attached weapon or vehicle)" result: ask the side
    if the unit has gear to give up (call after taking the current item off the
    queue), else wound him."""
    u = unit_on(state, side, uid)
    if u is None:
        return state
    if u.gear:
        return push(state, WoundChoice(side, uid, rule.section))
    return wound(game, state, side, uid, rule, events)


def wound_decision(game: VictorianGame, state: VicState, item: WoundChoice) -> Decision:
    u = unit_on(state, item.side, item.unit)
    options = (TakeWound(),) + tuple(Shed(g) for g in dict.fromkeys(u.gear))
    return choice(item.side, options, RuleRef(R.GAME, item.rule),
                  f"{item.unit} is wounded: take a Wound counter, or discard a weapon or vehicle of "
                  f"{pronoun(game, u).his}")


def do_take(game, state, item: WoundChoice, action: TakeWound, chance: Chance, events: list[Event] | None) -> VicState:
    return wound(game, pop(state), item.side, item.unit, RuleRef(R.GAME, item.rule), events)


def do_shed(game, state, item: WoundChoice, action: Shed, chance: Chance, events: list[Event] | None) -> VicState:
    from .units import discard_gear

    state = discard_gear(game, pop(state), item.side, item.unit, action.card)
    if events is not None:
        events.append(public(RuleRef(R.GAME, item.rule), f"{item.unit} discards {action.card} instead of taking a wound",
                             unit=item.unit, card=action.card))
    return state


def why_not_wound(game, state, item: WoundChoice, action) -> object:
    if isinstance(action, Shed):
        return refuse(RuleRef(R.GAME, item.rule), f"{action.card!r} is not a weapon or vehicle attached to {item.unit}")
    return None


pending.item(WoundChoice, wound_decision, why_not_wound, TakeWound=do_take, Shed=do_shed)


# -- Underling --------------------------------------------------------------------------------------

def underlings(game: VictorianGame, state: VicState, side: int, hero: str) -> tuple[str, ...]:
    """The Underlings of ``side`` who could take an assassin's blow meant for ``hero``."""
    found = []  # (in a loop: a comprehension costs a call)
    for u in state.sides[side].units:
        if u.uid != hero and not u.token and has_trait(game, u, "Underling"):
            found.append(u.uid)
    return tuple(found)


def underling_decision(game: VictorianGame, state: VicState, item: UnderlingChoice) -> Decision:
    options = tuple(Sacrifice(u) for u in underlings(game, state, item.side, item.hero)) + (Pass(),)
    what = "would be killed" if item.result == "killed" else "would be wounded"
    return choice(item.side, options, R.UNDERLING, f"{item.hero} {what}: discard an Underling instead?")


def do_sacrifice(game, state, item: UnderlingChoice, action: Sacrifice, chance, events) -> VicState:
    state = kill(game, pop(state), item.side, action.underling, R.UNDERLING,
                 events, why=f"instead of {item.hero}", fate="is discarded")
    return state


def do_pass(game, state, item: UnderlingChoice, action: Pass, chance, events) -> VicState:
    state = pop(state)
    if item.result == "killed":
        return kill(game, state, item.side, item.hero, R.ASSASSIN, events, why="the Assassin Roll")
    return hurt(game, state, item.side, item.hero, R.ASSASSIN, events)


def why_not_underling(game, state, item: UnderlingChoice, action) -> object:
    if isinstance(action, Sacrifice):
        return refuse(R.UNDERLING, f"{action.underling!r} is not an Underling of {title(item.side)} who could stand in "
                                   f"for {item.hero}")
    return None


pending.item(UnderlingChoice, underling_decision, why_not_underling, Sacrifice=do_sacrifice, Pass=do_pass)


@pending.explain(TakeWound, Shed)
def _explain_wound(game, state, action):
    return refuse(R.WOUNDS, "nobody is being wounded now")


@pending.explain(Sacrifice)
def _explain_sacrifice(game, state, action):
    return refuse(R.UNDERLING, "an Underling stands in only for a hero an assassin is about to wound or kill")


__all__ = ["fall", "hurt", "kill", "underlings", "wound"]
