"""PLOT PHASE: plot counters, and new plots for the Masterminds.

When the Villains' part of the Plot Phase begins, every plot card already in
play gains a Plot counter; then the Villains may attach plot cards from their
hand to their Masterminds.  A minor plot that reaches three counters is
discarded and the Villains draw 1D6 cards (:class:`~explorer.victorian.state.PlotDraw`);
a major plot that reaches four wins the game for them at once.  Every plot on
the Martian Invasion is a major plot ("World Conquest", "MARTIAN RULES").

The turn lists the Plot Phase twice; by default the second listing does
nothing (rules option ``second_plot_phase``: a full second Plot Phase).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.dist import dice
from ..core.engine import IllegalAction
from ..core.events import Event, RuleRef
from . import pending, phase_actions, victory
from . import sections as R
from .actions import AttachPlot, Done, Roll
from .decisions import forced, is_name, refuse
from .draw import queue_draw
from .reports import public
from .sides import title
from .state import VILLAINS, Ending, GameResult, Phase, Plot, PlotDraw, VicState, pop, push, put
from .units import discard_plot, fresh_uid, is_martian, is_mastermind, masterminds, unit_on
from .words import counted
from .zones import from_hand

if TYPE_CHECKING:
    from .game import VictorianGame


def add_counters(game: VictorianGame, state: VicState, uid: str, n: int, rule: RuleRef,
                 events: list[Event] | None) -> VicState:
    """``n`` Plot counters on plot ``uid``; a minor plot that has enough pays out,
    a major plot that has enough wins the game."""
    s = state.sides[VILLAINS]
    plot = next(p for p in s.plots if p.uid == uid)
    plot = plot._replace(counters=plot.counters + n)
    state = put(state, VILLAINS, s._replace(plots=tuple(plot if p.uid == uid else p for p in s.plots)))
    kind = "major" if plot.major else "minor"
    if events is not None:
        events.append(public(rule, f"{uid} ({kind} plot on {plot.master}) now has {counted(plot.counters, 'Plot counter')}",
                             plot=uid, counters=plot.counters, major=plot.major))
    rules = game.rules
    if plot.major and plot.counters >= rules.major_plot_counters:
        if events is not None:
            events.append(public(R.MAJOR_PLOT, f"the major plot {uid} comes to fruition: the Villains win",
                                 plot=uid, winner="villains"))
        return victory.finish(state, GameResult(Ending.MAJOR_PLOT, (VILLAINS,), state.turn))
    if not plot.major and plot.counters >= rules.minor_plot_counters:
        draw = f" and the Villains draw {rules.minor_plot_dice}D6 cards" if rules.minor_plot_dice else ""
        if events is not None:
            events.append(public(R.MINOR_PLOT, f"the minor plot {uid} pays out: it is discarded{draw}", plot=uid))
        state = discard_plot(game, state, VILLAINS, plot)
        if rules.minor_plot_dice:
            state = push(state, PlotDraw(VILLAINS, uid))
    return state


def _enter(game, state, side, events, rule=R.PLOT):
    if side == VILLAINS:
        state = push(state, phase_actions.BEGUN[(Phase.PLOT, side)])  # after the counters (and what they pay out)
    for p in state.sides[side].plots:
        if state.result is not None:
            break
        state = add_counters(game, state, p.uid, 1, rule, events)
    return state


@pending.enter(Phase.PLOT)
def enter(game, state, side, events):
    return _enter(game, state, side, events)


@pending.enter(Phase.SECOND_PLOT)
def enter_second(game, state, side, events):
    if game.rules.second_plot_phase:
        return _enter(game, state, side, events, R.SECOND_PLOT)
    if events is not None:
        events.append(public(R.SECOND_PLOT, "the Plot Phase listed a second time: nothing happens (our reading)"))
    return state


def candidates(game, state, item):
    s = state.sides[item.side]
    out = []  # (in loops: a comprehension costs a call)
    for c in game.distinct_cards(s.hand):
        if c.type == "P":
            for m in masterminds(game, s):
                out.append(AttachPlot(c.name, m.uid))
    out.append(phase_actions.DONE)
    return out


def attach_problem(game, state, item, action: AttachPlot) -> IllegalAction | None:
    s = state.sides[item.side]
    if not is_name(action.card) or action.card not in s.hand:
        return refuse(R.PLOT, f"{action.card!r} is not in {title(item.side)}' hand")
    if game.card(action.card).type != "P":
        return refuse(R.PLOT, f"{action.card} is not a plot card")
    m = unit_on(state, item.side, action.onto)
    if m is None or not is_mastermind(game, m):
        return refuse(R.PLOT, f"a plot goes on one of your Masterminds; {action.onto!r} is not one")
    return None


def do_attach(game, state, item, action: AttachPlot, chance, events):
    c = game.card(action.card)
    m = unit_on(state, item.side, action.onto)
    martian = is_martian(game, m)
    major = c.params.major or martian
    uid = fresh_uid(state, action.card)
    s = from_hand(state.sides[item.side], action.card)
    s = s._replace(plots=s.plots + (Plot(uid, action.card, action.onto, 0, major),))
    state = put(state, item.side, s)
    text = f"the Villains attach the {'major' if major else 'minor'} plot {action.card} to {action.onto}"
    if martian and not c.params.major:
        text += ": with the Martians it becomes a major plot, World Conquest"
    if events is not None:
        events.append(public(R.MARTIANS if martian else R.PLOT, text, plot=uid, onto=action.onto, major=major))
    return state


phase_actions.register(
    Phase.PLOT, R.PLOT, "attach plots to your Masterminds, or say you are done", candidates, {
        AttachPlot: (do_attach, attach_problem),
        Done: (phase_actions.done, None),
    })


def draw_decision(game, state, item: PlotDraw):
    return forced(Roll(), R.MINOR_PLOT, f"roll {game.rules.minor_plot_dice}D6 for the cards {item.plot} brings")


def do_plot_draw(game, state, item: PlotDraw, action, chance, events):
    state = pop(state)
    n = chance.roll(dice(game.rules.minor_plot_dice))
    if events is not None:
        events.append(public(R.MINOR_PLOT, f"{item.plot} brings {counted(n, 'card')}", plot=item.plot, roll=n))
    return queue_draw(state, item.side, n, R.MINOR_PLOT)


pending.item(PlotDraw, draw_decision, None, Roll=do_plot_draw)


@pending.explain(AttachPlot)
def _explain(game, state, action):
    return refuse(R.PLOT, "plots are attached only in the Villains' part of the Plot Phase")


__all__ = ["add_counters"]
