""""Fork here" beside any game's stepper: each legal option of the current
decision played on with the bots, many times with paired seeds
(:func:`explorer.whatif.fork`), and the deciding player's chance of winning after
each, with its interval, and what each option costs against the best one
("costs 7.0 points ± 3.0": the paired difference in percentage points, with the
half-width of its 95% interval).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..core.numbers import counted
from ..whatif import fork
from ..whatif.readout import wins
from .common import Displayable, esc, html_table, tagged
from .running import Runner, Stopped
from .stepper import StepperWidget


def cost_text(row: Any) -> str:
    """What an option of a fork costs against the best one, as a person reads it.

    >>> from types import SimpleNamespace as Row
    >>> cost_text(Row(vs_best=-0.07, vs_low=-0.1, vs_high=-0.04))
    'costs 7.0 points ± 3.0'
    >>> cost_text(Row(vs_best=0.0, vs_low=0.0, vs_high=0.0))
    'the best here'
    """
    if row.vs_best == 0 and row.vs_low == row.vs_high == 0:
        return "the best here"
    half = (row.vs_high - row.vs_low) / 2 * 100
    if row.vs_best == 0:
        return f"the same ± {half:.1f} points"
    return f"costs {-row.vs_best * 100:.1f} points ± {half:.1f}"


class ForkPanel(Displayable):
    """The "Fork here" button, the number of games, and the answer, for the
    stepper of ``stepper_widget``; ``player_name(player)`` names the deciding
    player in the table.  The answer is cleared at every step (a fork answers one
    decision)."""

    def __init__(self, stepper_widget: StepperWidget, player_name: Any = None, games: int = 100):
        self.stepper_widget = stepper_widget
        self.player_name = player_name or stepper_widget.player_name
        self.games = tagged(W.BoundedIntText(value=games, min=10, max=5000, step=50, description="games each",
                                             style={"description_width": "initial"},
                                             layout=W.Layout(width="170px")), "xp-fork-games")
        self.button = tagged(W.Button(description="Fork here", icon="code-branch",
                                      tooltip="play each option on with the bots, many times"), "xp-fork")
        self.view = tagged(W.HTML(), "xp-fork-view")
        self.status = tagged(W.HTML(), "xp-fork-status")
        bar = W.IntProgress(min=0, max=1, layout=W.Layout(width="200px", visibility="hidden"))
        self.runner = Runner(self.button, bar, self.status)
        self.button.on_click(lambda b: self._clicked())
        self.widget = W.VBox([W.HTML("<b>Fork here</b>: what happens after each option? The bots play each one "
                                     "on, with the same seeds for every option."),
                              W.HBox([self.games, self.button, bar, self.status],
                                     layout=W.Layout(align_items="center", flex_flow="row wrap")),
                              self.view])
        stepper_widget.on_change(self._clear)

    def fork(self):
        """Fork the game at the current decision, here and now (the button plays it in
        the background in a kernel, and reads Stop meanwhile); a DataFrame, or ``None``
        when there is nothing to choose."""
        return self._start(background=False)

    def _clicked(self) -> None:
        if self.runner.running:
            return self.runner.stop()
        self._start(background=True)

    def _start(self, background: bool):
        st = self.stepper_widget.stepper
        dec = st.decision
        if dec is None or dec.forced:
            self.view.value = ("<i>Nothing to fork: " + ("the game is over." if dec is None else
                               "this step is the rules' own, with one option.") + " Step on to a choice.</i>")
            return None
        n, state, out = self.games.value, st.state, []
        self.view.value = ""

        def done(frame) -> None:
            self.status.value = ""
            if st.state is not state:  # the game stepped on meanwhile: the answer is for a decision gone by
                return
            out.append(frame)
            self._show(st, dec, n, frame)

        def failed(exc: Exception) -> None:
            if not isinstance(exc, Stopped):
                raise exc
            self.status.value = f"<i>{esc(str(exc))}: nothing shown</i>" if st.state is state else ""

        self.runner.start(lambda report: fork(st, games=n, seed=st.seed, progress=report),
                          f"playing {counted(n, 'game')} on from each of the {len(dec.options)} options", done, failed,
                          background=background)
        return out[0] if out else None

    def _show(self, st, dec, n: int, frame) -> None:
        """The fork's table: each option in the game's words, its win rate and its cost."""
        words = self.stepper_widget.option_text  # the rows follow the options' order: each in the game's words
        rows = [[words(st.state, o), f"{r.wins:.1%}", f"{r.ci_low:.1%} to {r.ci_high:.1%}", cost_text(r)]
                for o, r in zip(dec.options, frame.itertuples())]
        self.view.value = html_table(
            ["option", wins(self.player_name(dec.player)), "95% interval", "against the best option"], rows,
            numeric=(1, 2), css="xp-table xp-fork-table",
            caption=f"{dec.prompt}: each option played on {counted(n, 'time')} by the bots from the game "
                    f"{frame.attrs.get('worlds', 'as it stands')}, the same seeds and worlds for every option; an "
                    "option's cost is its win rate minus the best one's, game by game, in percentage points ± the "
                    "half-width of its 95% interval.")

    def _clear(self, _: StepperWidget) -> None:
        """A step: the last answer goes, and a fork still playing stops (it answers a decision gone by)."""
        self.view.value = ""
        if self.runner.running:
            self.runner.stop()


__all__ = ["ForkPanel", "cost_text"]
