"""Answers before a roll (our reading, "events.responses").

A Track, Combat, Showdown or Assassin Roll is *declared* first; the side that is
not rolling may then answer with its own cards (a Track penalty, a Fight bonus
for its unit), and only then is the roll made.  The answer window
(:class:`~explorer.victorian.state.Respond`) opens only when the answering side
holds a card it could play (rules option ``always_offer_responses``: always),
and the roll waits in the queue behind it
(:class:`~explorer.victorian.state.RollNow`).  Each kind of roll registers the
function that makes it (:data:`ROLLERS`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core.engine import Chance, Decision
from ..core.events import Event
from . import cardplay, pending
from . import sections as R
from .actions import Pass, PlayEvent, Roll
from .decisions import choice, forced, refuse
from .sides import title
from .state import Respond, RollNow, RollSpec, VicState, pop, push

if TYPE_CHECKING:
    from .game import VictorianGame

#: roll kind -> fn(game, state, spec, chance, events) -> state (the roll and its result)
ROLLERS: dict[str, Callable[..., VicState]] = {}
#: the actions without fields a roll's answer offers (frozen values: made once)
_ROLL, _PASS = Roll(), Pass()
ROLL_RULES = {"track": R.INTERCEPT, "combat": R.COMBAT, "showdown": R.SHOWDOWN, "assassin": R.ASSASSIN}


def declare(game: VictorianGame, state: VicState, spec: RollSpec, answerer: int, chance: Chance,
            events: list[Event] | None) -> VicState:
    """Declare ``spec``: an answer window for ``answerer`` if it could answer, then
    the roll (at once when there is no window).  Call after taking the current
    item off the queue (or leaving it under)."""
    if cardplay.holds_answer(game, state, answerer, cardplay.roll_window("respond", spec)):
        return push(state, Respond(answerer, spec), RollNow(spec))
    return ROLLERS[spec.kind](game, state, spec, chance, events)


def respond_decision(game: VictorianGame, state: VicState, item: Respond) -> Decision:
    options = tuple(cardplay.options(game, state, item.side, cardplay.roll_window("respond", item.roll))) + (_PASS,)
    spec = item.roll
    what = {"track": f"{spec.actor} tracks {spec.target}", "combat": f"{spec.actor} strikes at {spec.target}",
            "showdown": f"{spec.actor} faces {spec.target} in a Showdown",
            "assassin": f"{spec.actor} is sent against {spec.target}"}[spec.kind]
    return choice(item.side, options, R.RESPONSES, f"{what}: answer with a card, or pass")


def do_respond_event(game, state, item: Respond, action: PlayEvent, chance, events) -> VicState:
    return cardplay.play(game, state, item.side, action, cardplay.roll_window("respond", item.roll), chance, events)


def do_respond_pass(game, state, item: Respond, action: Pass, chance, events) -> VicState:
    return pop(state)


def respond_why_not(game, state, item: Respond, action):
    if isinstance(action, PlayEvent):
        return cardplay.event_problem(game, state, item.side, action, cardplay.roll_window("respond", item.roll))
    return None


pending.item(Respond, respond_decision, respond_why_not, PlayEvent=do_respond_event, Pass=do_respond_pass)


def roll_decision(game: VictorianGame, state: VicState, item: RollNow) -> Decision:
    spec = item.roll
    return forced(_ROLL, ROLL_RULES[spec.kind], f"the {spec.kind.title()} Roll: {spec.actor} against {spec.target}")


def do_roll(game, state, item: RollNow, action: Roll, chance, events) -> VicState:
    return ROLLERS[item.roll.kind](game, pop(state), item.roll, chance, events)


pending.item(RollNow, roll_decision, None, Roll=do_roll)


@pending.explain(Pass)
def _explain_pass(game, state, action):
    return refuse(R.RESPONSES, "there is nothing to answer or let go now")


@pending.explain(Roll)
def _explain_roll(game, state, action):
    return refuse(R.DICE, "the dice are rolled only when a rule calls for a roll")


__all__ = ["ROLLERS", "declare", "title"]
