"""HEALING PHASE: one Healing Roll for each Wound counter.

1D6, plus an Immortal's +3 on his own wounds, plus the help of a Doctor (+2,
once a turn, to one roll of his own side) or of a Facilitator (+1, once a turn,
to one roll of a hero); 5 or more removes the counter.  When a helper is free,
the side chooses for each roll whether to spend him on it
(:class:`~explorer.victorian.actions.Heal`); otherwise the roll is made at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.engine import Chance, Decision
from ..core.events import Event
from . import pending
from . import sections as R
from .actions import Heal
from .decisions import choice, forced, refuse
from .reports import public
from .sides import title
from .state import HEROES, HealRoll, Phase, Term, VicState, pop, push, spend
from .tables.banded import modified_roll
from .units import has_trait, replace_unit, unit_on, with_wounds

if TYPE_CHECKING:
    from .game import VictorianGame


#: The event that a side has no Wound counters to heal, one for each side: it holds nothing but the side
#: (no turn, no data), so it is made once here rather than at every turn.
_NO_WOUNDS = tuple(public(R.HEALING, f"{title(side)} have no Wound counters to heal") for side in range(2))


@pending.enter(Phase.HEALING)
def enter(game, state, side, events):
    rolls = []  # (in a loop: a comprehension costs a call)
    for u in state.sides[side].units:
        if u.wounds:
            for _ in range(u.wounds):
                rolls.append(HealRoll(side, u.uid))
    if not rolls:
        if events is not None:
            events.append(_NO_WOUNDS[side])
        return state
    return push(state, *rolls)


def helpers(game: VictorianGame, state: VicState, side: int) -> dict[str, tuple[str, str, int]]:
    """For each Doctor or Facilitator of ``side`` still free this turn (Facilitators
    help heroes only): helper uid -> ``(kind, rule section, bonus)``."""
    out: dict[str, tuple[str, str, int]] = {}
    s = state.sides[side]
    used = state.used
    rules = game.rules
    card = game.card
    for u in s.units:
        if u.token:
            continue
        traits = card(u.card).traits  # (what has_trait reads of a card for a trait other than "Vehicle")
        if rules.doctor_heal and "Doctor" in traits and ("doctor", u.uid) not in used:
            out[u.uid] = ("doctor", R.HEALING.section, rules.doctor_heal)
        elif side == HEROES and rules.facilitator_bonus and "Facilitator" in traits \
                and ("facilitator", u.uid) not in used:
            out[u.uid] = ("facilitator", R.FACILITATOR.section, rules.facilitator_bonus)
    if side == HEROES and rules.facilitator_bonus:
        for loc in s.locations:
            if "Facilitator" in game.card(loc.card).traits and ("facilitator", loc.uid) not in used:
                out[loc.uid] = ("facilitator", R.FACILITATOR.section, rules.facilitator_bonus)
    return out


#: a Healing Roll without a helper (an action is a frozen value: made once)
_HEAL = Heal()


def decision(game: VictorianGame, state: VicState, item: HealRoll) -> Decision:
    free = helpers(game, state, item.side)
    prompt = f"A Healing Roll for {item.unit}"
    if not free:
        return forced(_HEAL, R.HEALING, prompt)
    return choice(item.side, (_HEAL,) + tuple(Heal(h) for h in free), R.HEALING,
                  prompt + ": spend a helper's bonus on it?")


def heal_terms(game: VictorianGame, state: VicState, side: int, uid: str, helper: str | None) -> tuple[Term, ...]:
    """The terms of a Healing Roll for ``uid`` ("explain this number")."""
    u = unit_on(state, side, uid)
    terms = []
    if has_trait(game, u, "Immortal") and game.rules.immortal_heal:
        terms.append(Term(f"{uid} is Immortal", game.rules.immortal_heal, u.card, R.HEALING.section))
    if helper is not None:
        _, rule, bonus = helpers(game, state, side)[helper]
        terms.append(Term(f"{helper}'s help", bonus, helper, rule))
    return tuple(terms)


def do_heal(game: VictorianGame, state: VicState, item: HealRoll, action: Heal, chance: Chance,
            events: list[Event] | None) -> VicState:
    state = pop(state)
    u = unit_on(state, item.side, item.unit)
    if u is None or not u.wounds:
        return state
    terms = heal_terms(game, state, item.side, item.unit, action.helper)
    if action.helper is not None:
        kind = helpers(game, state, item.side)[action.helper][0]
        state = spend(state, (kind, action.helper))
    roll = modified_roll(game.tables.healing, terms, chance)
    if roll.result == "removed":
        state = replace_unit(state, item.side, with_wounds(u, u.wounds - 1))
    if events is not None:
        told = "heals a Wound counter" if roll.result == "removed" else "keeps the Wound counter"
        events.append(public(R.HEALING, f"{item.unit} {told} ({roll.describe()})", unit=item.unit,
                             roll=roll.as_data()))
    return state


def why_not(game, state, item: HealRoll, action: Heal):
    if action.helper is not None:
        return refuse(R.HEALING, f"{action.helper!r} cannot help this roll: only a Doctor of the same side, or a "
                                 "Facilitator for a hero, not yet used this turn")
    return None


pending.item(HealRoll, decision, why_not, Heal=do_heal)


@pending.explain(Heal)
def _explain(game, state, action):
    return refuse(R.HEALING, "Healing Rolls are made in the Healing Phase, one for each Wound counter")


__all__ = ["heal_terms", "helpers"]
