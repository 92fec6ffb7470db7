"""INTERCEPT PHASE: the heroes try to thwart the Masterminds' schemes.

Each hero-side unit that may track (not Campion Bond or Mycroft Holmes; tokens
by the rules option ``tokens_track_and_attack``) may make one Track Roll a turn
against a Mastermind not yet thwarted: 2D6 plus his Track terms (his own, his
gear's, the Museum's, event cards, a Facilitator's +1, interrogations, Wrong
Tracks).  5 or less: On the Wrong Track, every hero Track -1 for the rest of the
turn (each Wrong Track another -1: option ``wrong_track_stacks``); 6-9: dead
end; 10: Foiled, one plot of the target (the Heroes' choice) is discarded; 11 or
more: Thwarted, every plot of the target is discarded and he may be attacked
this turn.  The Villains may answer a Track Roll with a Track penalty card
(:mod:`explorer.victorian.responses`).

A Facilitator (Campion Bond, Mycroft Holmes, the Catholic Church) gives one
hero +1 to his next roll, once a turn (:func:`facilitate_options`, also offered
in the Attack Phase, and at a hero's Spy Roll by :mod:`explorer.victorian.spy`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.engine import IllegalAction
from ..core.events import Event
from . import cardplay, pending, phase_actions, responses
from . import sections as R
from .actions import Done, Facilitate, PlayEvent, Track
from .decisions import offered_grid, refuse
from .genius import rollers
from .reports import public
from .sides import title
from .state import HEROES, VILLAINS, Choose, Mod, Phase, RollSpec, VicState, push
from .tables.banded import modified_roll
from .units import can_track, discard_plot, masterminds, spend_once, track_terms, unit_on
from .words import pronoun

_new = tuple.__new__
assert RollSpec._fields == ("kind", "actor", "target", "n")  # (built by position below)

if TYPE_CHECKING:
    from .game import VictorianGame


@pending.enter(Phase.INTERCEPT)
def enter(game, state, side, events):
    if not masterminds(game, state.sides[1 - side]):
        if events is not None:
            events.append(public(R.INTERCEPT, "there is no Mastermind in play to track"))
        return state
    return push(state, phase_actions.BEGUN[(Phase.INTERCEPT, side)])


def trackers(game: VictorianGame, state: VicState, side: int) -> tuple[str, ...]:
    """The units of ``side`` that may still make a Track Roll this turn."""
    able = _able(game, state.sides[side].units)
    if not state.tracked:
        return able
    done = set()  # (in loops: a comprehension costs a call)
    for h, _ in state.tracked:
        done.add(h)
    free = []
    for uid in able:
        if uid not in done:
            free.append(uid)
    return tuple(free)


def _able(game: VictorianGame, units: tuple) -> tuple[str, ...]:
    """The units among ``units`` that may make Track Rolls (:func:`can_track`): remembered
    by the game (its bounded memo) per units tuple, as the phase's steps mostly leave the
    units as they were."""
    hit = game.memo.get(("may track", id(units)))
    if hit is not None and hit[0] is units:
        return hit[1]
    listed = []  # (in a loop: a comprehension costs a call)
    for u in units:
        if can_track(game, u):
            listed.append(u.uid)
    able = tuple(listed)
    if len(game.memo) > 8192:
        game.memo.clear()
    game.memo[("may track", id(units))] = (units, able)
    return able


def open_targets(game: VictorianGame, state: VicState) -> tuple[str, ...]:
    """The Masterminds in play not thwarted this turn (found in a loop: a comprehension costs a call)."""
    thwarted = state.thwarted
    found = []
    for m in masterminds(game, state.sides[VILLAINS]):
        if m.uid not in thwarted:
            found.append(m.uid)
    return tuple(found)


# -- Facilitators -------------------------------------------------------------------------------

def facilitators(game: VictorianGame, state: VicState, side: int) -> tuple[str, ...]:
    """The Facilitators of ``side`` (units and Locations) not yet used this turn."""
    if not game.rules.facilitator_bonus:
        return ()
    found = rollers(game, state, side, "Facilitator")
    if not found:  # (most sides: none)
        return found
    used = state.used
    free = []  # (in a loop: a comprehension costs a call)
    for f in found:
        if ("facilitator", f) not in used:
            free.append(f)
    return tuple(free)


def facilitate_options(game, state, side, heroes) -> list[Facilitate]:
    helpers = facilitators(game, state, side)
    if not helpers:
        return []
    helped = {m.unit for m in state.mods if m.once and m.rule == R.FACILITATOR.section}
    return [Facilitate(f, h) for f in helpers for h in heroes if h != f and h not in helped]


def facilitate_problem(game, state, item, action: Facilitate, heroes) -> IllegalAction | None:
    if action.helper not in facilitators(game, state, item.side):
        return refuse(R.FACILITATOR, f"{action.helper!r} is not a Facilitator of {title(item.side)} free this turn")
    if action.hero not in heroes:
        return refuse(R.FACILITATOR, f"{action.hero!r} has no roll to make now that a Facilitator could help")
    if action.helper == action.hero:
        return refuse(R.FACILITATOR, "a Facilitator helps another hero, not himself")
    if any(m.once and m.unit == action.hero and m.rule == R.FACILITATOR.section for m in state.mods):
        return refuse(R.FACILITATOR, f"{action.hero} already has a Facilitator's help for his next roll")
    return None


def do_facilitate(game, state, item, action: Facilitate, stat: str, events) -> VicState:
    bonus = game.rules.facilitator_bonus
    mod = Mod(item.side, action.hero, stat, bonus, action.helper, R.FACILITATOR.section, once=True)
    p = pronoun(game, unit_on(state, item.side, action.hero))
    if events is not None:
        events.append(public(R.FACILITATOR, f"{action.helper} helps {action.hero}: +{bonus} to {p.his} next roll this turn",
                             helper=action.helper, hero=action.hero))
    return state._replace(mods=state.mods + (mod,), used=state.used | {("facilitator", action.helper)})


# -- the phase --------------------------------------------------------------------------------

def candidates(game, state, item):
    who = trackers(game, state, item.side)
    targets = open_targets(game, state)
    out = offered_grid(game, Track, who, targets)
    if targets:
        out += facilitate_options(game, state, item.side, who)
        out += cardplay.options(game, state, item.side, cardplay.MAIN_WINDOWS[item.phase])
    return out + [phase_actions.DONE]


def track_problem(game, state, item, action: Track) -> IllegalAction | None:
    u = unit_on(state, item.side, action.hero)
    if u is None:
        return refuse(R.INTERCEPT, f"{action.hero!r} is not a hero of {title(item.side)} in play")
    if not can_track(game, u):
        return refuse(R.INTERCEPT, f"{action.hero} may not make Track Rolls")
    if any(h == action.hero for h, _ in state.tracked):
        return refuse(R.INTERCEPT, f"{action.hero} has made his Track Roll this turn: one target a hero")
    m = unit_on(state, VILLAINS, action.target)
    if m is None or m.uid not in {x.uid for x in masterminds(game, state.sides[VILLAINS])}:
        return refuse(R.INTERCEPT, f"{action.target!r} is not a Mastermind in play: the Heroes track Masterminds")
    if m.uid in state.thwarted:
        return refuse(R.THWARTED, f"{action.target} is already thwarted this turn")
    return None


def do_track(game, state, item, action: Track, chance, events):
    # state._replace(tracked=...), built directly (tracked the ninth field: asserted in state.py)
    state = _new(VicState, (*state[:8], state[8] + ((action.hero, action.target),), *state[9:]))
    if events is not None:
        events.append(public(R.INTERCEPT, f"{action.hero} picks up the trail of {action.target}", hero=action.hero,
                             target=action.target))
    spec = _new(RollSpec, ("track", action.hero, action.target, 0))  # RollSpec("track", hero, target), built directly
    return responses.declare(game, state, spec, VILLAINS, chance, events)


def track_roll(game: VictorianGame, state: VicState, spec: RollSpec, chance, events: list[Event] | None) -> VicState:
    h = unit_on(state, HEROES, spec.actor)
    if h is None or unit_on(state, VILLAINS, spec.target) is None:
        if events is not None:
            events.append(public(R.INTERCEPT, "the Track Roll is off: one of them is no longer in play"))
        return state
    roll = modified_roll(game.tables.track, track_terms(game, state, HEROES, h), chance)
    state = spend_once(state, HEROES, spec.actor, "track")
    result = roll.result
    if events is not None:
        events.append(public(R.INTERCEPT, f"Track Roll, {spec.actor} against {spec.target}: {roll.describe()}",
                             hero=spec.actor, target=spec.target, roll=roll.as_data()))
    rules = game.rules
    if result == "wrong_track":
        already = any(m.rule == R.WRONG_TRACK.section for m in state.mods)
        if rules.wrong_track_penalty and (rules.wrong_track_stacks or not already):
            mod = Mod(HEROES, None, "track", -rules.wrong_track_penalty, None, R.WRONG_TRACK.section)
            state = state._replace(mods=state.mods + (mod,))
            if events is not None:
                events.append(public(R.WRONG_TRACK, f"On the Wrong Track: every hero Track -{rules.wrong_track_penalty} "
                                                    "for the rest of the turn"))
        return state
    plots = []  # (in a loop: a comprehension costs a call)
    for p in state.sides[VILLAINS].plots:
        if p.master == spec.target:
            plots.append(p)
    if result == "foiled":
        if not plots:
            if events is not None:
                events.append(public(R.FOILED, f"{spec.target} is foiled, but has no plot in play"))
        elif len(plots) == 1:
            if events is not None:
                events.append(public(R.FOILED, f"the Heroes foil {plots[0].uid}: it is discarded", plot=plots[0].uid))
            state = discard_plot(game, state, VILLAINS, plots[0])
        else:
            state = push(state, Choose(HEROES, "foil", spec.target, R.FOILED.section))
        return state
    if result == "thwarted":
        for p in plots:
            state = discard_plot(game, state, VILLAINS, p)
        me = pronoun(game, unit_on(state, VILLAINS, spec.target))
        if events is not None:
            events.append(public(R.THWARTED, f"{spec.target} is thwarted: " + (
                f"{me.his} plots ({', '.join(p.uid for p in plots)}) are discarded" if plots
                else f"{me.he} has no plot in play") + f"; {me.he} may be attacked this turn", target=spec.target,
                plots=tuple(p.uid for p in plots)))
        return state._replace(thwarted=state.thwarted | {spec.target})
    return state


responses.ROLLERS["track"] = track_roll


def _facilitate(game, state, item, action, chance, events):
    return do_facilitate(game, state, item, action, "track", events)


phase_actions.register(
    Phase.INTERCEPT, R.INTERCEPT, "make Track Rolls, play cards, or say you are done", candidates, {
        Track: (do_track, track_problem),
        Facilitate: (_facilitate, lambda g, s, i, a: facilitate_problem(g, s, i, a, trackers(g, s, i.side))),
        PlayEvent: (cardplay.do_main_event, cardplay.main_event_problem),
        Done: (phase_actions.done, None),
    })


@pending.explain(Track)
def _explain(game, state, action):
    return refuse(R.INTERCEPT, "Track Rolls are made only in the Heroes' part of the Intercept Phase")


@pending.explain(Facilitate)
def _explain_facilitate(game, state, action):
    return refuse(R.FACILITATOR, "a Facilitator's help is given before a hero's Track Roll or attack, in the "
                                 "Intercept and Attack Phases, at a Healing Roll (Heal) or at a hero's Spy Roll")


__all__ = ["facilitate_options", "facilitate_problem", "facilitators", "open_targets", "track_roll", "trackers"]
