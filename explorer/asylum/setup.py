"""Setting up a game ("Mastermind", "Doomsday points", "Knowing your Villains").

The opening is a step of the game like any other, so its chance is explicit: a
new game (:func:`new_game`) waits for the rules to draw each player's mastermind
at random (:class:`DrawMasterminds`); the stepper and the sampler answer the draw
from their seeded chance stream, the exact analyzer enumerates it.  Every party
then starts as one villain, its mastermind, at level 1, with the starting
Doomsday points, in the board's start room; seat 0 plays first.

>>> from explorer.asylum.game import AsylumGame
>>> game = AsylumGame()
>>> state = new_game(game, players=3)
>>> game.decision(state).options
(DrawMasterminds(),)
>>> game.apply(state, DrawMasterminds()).prob(lambda step: step.state.parties[0].mastermind == "Doctor Cortex")
Fraction(1, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..core.dist import Dist
from ..core.engine import Chance, Decision
from ..core.events import Event, event
from ..core.numbers import counted
from . import sections as R
from .state import AsylumState, Party, Phase
from .villains import Villain

if TYPE_CHECKING:
    from .game import AsylumGame

MIN_PLAYERS, MAX_PLAYERS = 2, 6


@dataclass(frozen=True, slots=True)
class DrawMasterminds:
    """The opening draw: each player's mastermind, at random."""

    def __str__(self) -> str:
        return "draw the starting masterminds"


def new_game(game: AsylumGame, players: int = 4, masterminds: str | Sequence[str] = "star") -> AsylumState:
    """A game before its opening draw.

    ``masterminds``: ``"star"`` draws them from the star-marked villains (topped up
    from the rest if there are more players than stars), ``"random"`` from the
    whole roster, or a list names them, one per seat (then nothing is drawn).
    Bad arguments raise ``ValueError`` (``LookupError`` for an unknown villain).
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Doom Asylum is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    names = list(game.roster)
    if isinstance(masterminds, str):
        if masterminds not in ("star", "random"):
            raise ValueError(f"masterminds must be 'star', 'random' or a list of names, not {masterminds!r}")
        if players > len(names):
            raise ValueError(f"the roster has only {len(names)} villains for {players} players")
        choice: Any = masterminds
    else:
        chosen = list(masterminds)
        if len(chosen) != players:
            raise ValueError(f"{len(chosen)} masterminds named for {players} players")
        for n in chosen:
            if n not in game.roster:
                raise LookupError(f"no villain named {n!r}; known: {', '.join(names)}")
        if len(set(chosen)) != len(chosen):
            raise ValueError("a villain can lead only one party")
        choice = tuple(chosen)
    return AsylumState(parties=(), pool=tuple(names), start_masterminds=(), phase=Phase.SETUP, players=players,
                       choice=choice)


def decision(game: AsylumGame, state: AsylumState) -> Decision:
    return Decision(None, (DrawMasterminds(),), R.MASTERMIND_START, "Draw the starting masterminds")


def do_draw(game: AsylumGame, state: AsylumState, action: DrawMasterminds,
            chance: Chance) -> tuple[AsylumState, list[Event]]:
    """Draw the masterminds, place the parties, and say who plays first."""
    names = list(game.roster)
    roster = game.roster
    choice = state.choice
    events: list[Event] = []
    if isinstance(choice, tuple):
        chosen = list(choice)
        for seat, n in enumerate(chosen):
            events.append(event(R.MASTERMIND_START, f"seat {seat} leads with {n}, as chosen", seat=seat,
                                mastermind=n))
    else:
        if choice == "star":
            stars = [n for n in names if roster[n].star]
            rest = [n for n in names if not roster[n].star]
            where = "the star-marked villains"
        else:
            stars, rest = names, []
            where = "the whole roster"
        chosen = []
        for seat in range(state.players):
            bag = [n for n in stars if n not in chosen] or [n for n in rest if n not in chosen]
            n = chance.roll(_uniform(tuple(bag)))
            chosen.append(n)
            events.append(game.said(("draw", seat, n, where), lambda: event(
                R.MASTERMIND_START, f"seat {seat} draws {n} from {where} as mastermind", seat=seat, mastermind=n)))
    for n in chosen:  # the same in every game of this roster: described once
        events.append(game.said(("villain", n), lambda: event(R.VILLAINS, roster[n].describe(), villain=n)))
    rules = game.rules
    start, dd = game.start_room, rules.doomsday_start
    events.append(game.said(("doomsday start",), lambda: event(
        R.DOOMSDAY_START, f"every party starts in the {start} with {counted(dd, 'Doomsday point')}", room=start,
        doomsday=dd)))
    points = [min(rules.doomsday_cap, dd + seat * rules.catch_up_points) for seat in range(len(chosen))]
    if rules.catch_up_points:
        events.append(event(R.DOOMSDAY_START, "catch-up (a designer's option, ours): each later seat starts with "
                            f"{counted(rules.catch_up_points, 'more point')}: " + ", ".join(
                                f"seat {s} {p}" for s, p in enumerate(points)), points=tuple(points)))
    order: tuple[int, ...] = ()
    if rules.shuffled_turn_order:
        from .turn import draw_order

        order, ev = draw_order(game, len(chosen), chance, 1)
        events.append(ev)
    else:
        events.append(game.said(("turn order",), lambda: event(
            R.TURN_ORDER, "seat 0 plays first; each round then goes the other way round the table (0 1 2 3, 3 2 1 "
            "0, ...: the snake order, a designer's option)" if rules.snake_turn_order
            else "seat 0 plays first; turns then pass from seat to seat in order")))
    events.append(game.said(("overview",), lambda: event(
        R.OVERVIEW, "the goal: visit plot rooms for Doomsday points, become Doom Ready with "
        f"{game.rules.doom_ready_points} points in a plot room, then move into the Yard and end the turn there")))
    parties = tuple(Party(seat, (fresh(roster[n]),), n, start, points[seat]) for seat, n in enumerate(chosen))
    pool = tuple(n for n in names if n not in chosen)
    state = state._replace(parties=parties, pool=pool, start_masterminds=tuple(chosen), phase=Phase.START,
                           choice=None, order=order, current=order[0] if order else 0)
    return state, events


@lru_cache(maxsize=1024)
def _uniform(items: tuple[str, ...]) -> Dist[str]:
    return Dist.uniform(items)


def fresh(v: Villain) -> Villain:
    """A villain as he joins a party or an ambush: level 1, no upgrade counters."""
    return v if v.level == 1 else v.at_level(1)


__all__ = ["DrawMasterminds", "decision", "do_draw", "fresh", "new_game"]
