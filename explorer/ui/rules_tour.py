"""The rules tour: a seeded game of Doom Asylum drawn on the board, beside a turn
stepper that applies one rule per step and cites it.

When a decision belongs to the viewer's seat, the stepper shows one button per
legal option; inside a conflict each is labelled with its exact chance of
winning the conflict (:func:`explorer.asylum.odds.option_odds`, bots playing on).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from ..asylum import odds
from ..asylum.bots import get_bot
from ..asylum.game import AsylumState, Move, setup
from ..asylum.sections import TURN_END
from ..core.engine import Entry
from .board_plot import PartyMarker, board_figure, update_board_figure
from .common import Displayable, tagged
from .stepper import StepperWidget

#: Option odds are exact; above this many villains a side they take too long for a click.
MAX_ODDS_TEAM = 3


def ends_turn(entry: Entry) -> bool:
    """True for the step whose events close a player's turn."""
    return any(ev.rule == TURN_END for ev in entry.events)


def conflict_option_odds(state: AsylumState) -> dict[Any, Fraction] | None:
    """Each option's exact win chance for a decision inside a conflict (else None)."""
    c = state.conflict
    if c is None or c.result is not None or max(len(t) for t in c.setup.teams) > MAX_ODDS_TEAM:
        return None
    return odds.option_odds(c, "expected-vp")


def markers(state: AsylumState) -> list[PartyMarker]:
    out = []
    for p in state.parties:
        team = ", ".join(v.name + ("*" if v.name == p.mastermind else "") for v in p.villains)
        label = f"seat {p.seat}: {p.doomsday} DD{' DOOM READY' if p.doom_ready else ''} - {team}"
        out.append(PartyMarker(p.seat, p.room, label))
    return out


def last_move(stepper) -> tuple[str, str] | None:
    """(from, to) of the latest Move in the history."""
    for i in range(len(stepper.history) - 1, -1, -1):
        entry = stepper.history[i]
        if isinstance(entry.action, Move):
            before = stepper.history[i - 1].state if i else stepper.initial
            return before.parties[entry.player].room, entry.action.room
    return None


class RulesTour(Displayable):
    """A seeded game on the board with a step-by-step stepper.

    ``viewer``: the seat you play (``None``: watch the bots play every seat);
    ``policy``: the bots' policy name (see :data:`explorer.asylum.bots.BOTS`).
    """

    def __init__(self, players: int = 4, seed: int = 1, viewer: int | None = None, policy: str = "greedy"):
        self.players = players
        self.game, initial = setup(players=players, seed=seed)
        self.stepper_widget = StepperWidget(
            self.game, initial, seed=seed, policies=get_bot(policy), viewer=viewer,
            turn_ends=ends_turn, option_odds=conflict_option_odds, describe=lambda s: s.describe(),
            make_initial=lambda s: self.game.setup(players, s),
        )
        self.figure = tagged(go.FigureWidget(board_figure(self.game.board, markers(initial))), "xp-board")
        self.figure.layout.width = 640
        self.stepper_widget.widget.layout = W.Layout(flex="1 1 420px", min_width="420px")
        self.widget = tagged(
            W.HBox([W.Box([self.figure], layout=W.Layout(flex="0 0 650px")), self.stepper_widget.widget],
                   layout=W.Layout(flex_flow="row wrap", align_items="flex-start")),
            "xp-rules-tour",
        )
        self.stepper_widget.on_change(self._redraw)

    @property
    def stepper(self):
        return self.stepper_widget.stepper

    def _redraw(self, _: StepperWidget) -> None:
        st = self.stepper
        turn = st.state.turn
        update_board_figure(self.figure, self.game.board, markers(st.state), last_move(st))
        self.figure.layout.title.text = f"Doom Asylum, seed {st.seed}: turn {turn}, step {len(st.history)}"
