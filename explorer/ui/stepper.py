"""A turn stepper widget for any game of :mod:`explorer.core.engine`.

Buttons: Next step, Undo, Play to end of turn, Play N turns, Reset with a seed.
When a decision belongs to the viewer's seat, one button per legal option, each
labelled with its odds where the game can compute them.  Below, the log: every
entry shows the rule it applied and opens our summary of that rule.

Game-specific views (a board drawing, a state summary) hook in through
``on_change`` callbacks; the rules come from the game, never from here.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from ..core.engine import Entry, Game, IllegalAction, Policies, Stepper
from ..core.rulebook import summary
from .common import Displayable, tagged

OptionOdds = Callable[[Any], "dict[Any, Any] | None"]  # option -> P(win), a Fraction


class StepperWidget(Displayable):
    """Step through ``game`` from ``initial`` with a seeded :class:`Stepper`.

    ``viewer``: the seat whose decisions the person at the widget makes (``None``:
    bots play every seat).  ``turn_ends``: tells whether an entry ends a turn.
    ``option_odds``: state -> {option: P(win)} or ``None`` when not computable.
    """

    def __init__(
        self,
        game: Game,
        initial: Any,
        *,
        seed: int = 1,
        policies: Policies,
        viewer: Any = None,
        turn_ends: Callable[[Entry], bool] = lambda entry: True,
        option_odds: OptionOdds | None = None,
        describe: Callable[[Any], str] = str,
        make_initial: Callable[[int], Any] | None = None,
        log_limit: int = 60,
    ):
        self.game, self.policies, self.viewer = game, policies, viewer
        self.turn_ends, self.option_odds, self.describe = turn_ends, option_odds, describe
        self.make_initial = make_initial
        self.log_limit = log_limit
        self.stepper = Stepper(game, initial, seed, policies)
        self._listeners: list[Callable[[StepperWidget], None]] = []

        self.next_button = tagged(W.Button(description="Next step", icon="step-forward"), "xp-next")
        self.undo_button = tagged(W.Button(description="Undo", icon="undo"), "xp-undo")
        self.turn_button = tagged(W.Button(description="Play to end of turn", icon="forward"), "xp-end-turn")
        self.turns = tagged(W.BoundedIntText(value=5, min=1, max=500, description="N", layout=W.Layout(width="130px")), "xp-n-turns")
        self.play_turns_button = tagged(W.Button(description="Play N turns", icon="fast-forward"), "xp-play-turns")
        self.seed = tagged(W.IntText(value=seed, description="Seed", layout=W.Layout(width="150px")), "xp-seed")
        self.reset_button = tagged(W.Button(description="Reset", icon="refresh"), "xp-reset")
        self.status = tagged(W.HTML(), "xp-status")
        self.options_box = tagged(W.VBox(), "xp-options")
        self.state_view = tagged(W.HTML(), "xp-state")
        self.log_view = tagged(W.HTML(), "xp-log")
        self.message = tagged(W.HTML(), "xp-message")

        self.next_button.on_click(lambda _: self.next())
        self.undo_button.on_click(lambda _: self.undo())
        self.turn_button.on_click(lambda _: self.play_turn())
        self.play_turns_button.on_click(lambda _: self.play_turns(self.turns.value))
        self.reset_button.on_click(lambda _: self.reset(self.seed.value))

        controls = W.HBox([self.next_button, self.undo_button, self.turn_button, self.turns,
                           self.play_turns_button, self.seed, self.reset_button], layout=W.Layout(flex_flow="row wrap"))
        self.widget = tagged(W.VBox([controls, self.status, self.options_box, self.message, self.state_view,
                                     W.HTML("<b>Log</b> (newest first; click an entry for the rule)"), self.log_view]),
                             "xp-stepper")
        self.refresh()

    # -- actions (also what the buttons call) ---------------------------------------------
    def on_change(self, fn: Callable[[StepperWidget], None]) -> None:
        """Call ``fn(self)`` after every change (for drawings beside the stepper)."""
        self._listeners.append(fn)
        fn(self)

    def _waiting_for_viewer(self) -> bool:
        dec = self.stepper.decision
        return dec is not None and not dec.forced and self.viewer is not None and dec.player == self.viewer

    def next(self) -> Entry | None:
        """One step: a forced rules step or a bot's choice (not the viewer's)."""
        if self.stepper.over or self._waiting_for_viewer():
            return None
        entry = self.stepper.step()
        self.refresh()
        return entry

    def choose(self, option: Any) -> Entry:
        """The viewer takes ``option``.  An illegal one is reported, not applied."""
        try:
            entry = self.stepper.step(option)
        except IllegalAction as exc:
            self.message.value = f"<span style='color:#b00'>Not allowed: {html.escape(str(exc))}</span>"
            raise
        self.refresh()
        return entry

    def undo(self) -> None:
        self.stepper.undo()
        self.refresh()

    def play_turn(self) -> list[Entry]:
        """Step until the current turn ends (or the viewer must decide)."""
        done = []
        while not self.stepper.over and not self._waiting_for_viewer():
            entry = self.stepper.step()
            done.append(entry)
            if self.turn_ends(entry):
                break
        self.refresh()
        return done

    def play_turns(self, n: int) -> int:
        played = 0
        for _ in range(n):
            if self.stepper.over or self._waiting_for_viewer() or not self._play_turn_quietly():
                break
            played += 1
        self.refresh()
        return played

    def _play_turn_quietly(self) -> bool:
        while not self.stepper.over and not self._waiting_for_viewer():
            if self.turn_ends(self.stepper.step()):
                return True
        return False

    def reset(self, seed: int | None = None) -> None:
        seed = self.seed.value if seed is None else seed
        self.seed.value = seed
        initial = self.make_initial(seed) if self.make_initial else self.stepper.initial
        self.stepper = Stepper(self.game, initial, seed, self.policies)
        self.refresh()

    # -- view -------------------------------------------------------------------------------
    def refresh(self) -> None:
        st = self.stepper
        dec = st.decision
        self.message.value = ""
        self.undo_button.disabled = not st.history
        waiting = self._waiting_for_viewer()
        for b in (self.next_button, self.turn_button, self.play_turns_button):
            b.disabled = st.over or waiting
        if dec is None:
            result = self.game.result(st.state)
            self.status.value = f"<b>Game over.</b> {html.escape(str(result))}"
        else:
            who = "the rules" if dec.forced else f"player {dec.player}"
            self.status.value = (f"<b>Step {len(st.history) + 1}</b>: {html.escape(dec.prompt or 'next')} "
                                 f"<i>({who} decide{'' if dec.forced else 's'}; rule: {_rule_link(dec.rule)})</i>")
        self.options_box.children = self._option_buttons(dec) if waiting else ()
        self.state_view.value = f"<pre style='margin:0'>{html.escape(self.describe(st.state))}</pre>"
        self.log_view.value = self._log_html()
        for fn in self._listeners:
            fn(self)

    def _option_buttons(self, dec) -> tuple[W.Widget, ...]:
        odds = self.option_odds(self.stepper.state) if self.option_odds else None
        buttons = []
        for option in dec.options:
            label = str(option)
            if odds and option in odds:
                label += f"  (win {float(odds[option]):.0%})"
            b = tagged(W.Button(description=label, layout=W.Layout(width="auto"), tooltip=label), "xp-option")
            b.on_click(lambda _, o=option: self.choose(o))
            buttons.append(b)
        title = W.HTML("<b>Your choice</b>" + (" (each with your chance of winning, exact, if play then follows the bots)" if odds else ""))
        return (title, W.VBox(buttons, layout=W.Layout(flex_flow="row wrap")))

    def _log_html(self) -> str:
        rows = []
        for entry in reversed(self.stepper.history[-self.log_limit:]):
            for ev in entry.events:
                rows.append(
                    f"<details class='xp-log-entry'><summary><code>{entry.index + 1}</code> "
                    f"<span class='xp-rule'>[{html.escape(ev.rule.section)}]</span> {html.escape(ev.text)}</summary>"
                    f"<div style='margin-left:2em;color:#444'>{_summary_html(ev.rule)}</div></details>"
                )
        if not rows:
            rows.append("<i>Nothing yet: press Next step.</i>")
        return "<div style='max-height:320px;overflow-y:auto;font-size:0.9em'>" + "".join(rows) + "</div>"


def _summary_html(ref) -> str:
    try:
        s = summary(ref)
    except KeyError:
        return "<i>no summary</i>"
    return f"<b>{html.escape(s.heading)}</b> ({html.escape(ref.section)}): {html.escape(s.summary)}"


def _rule_link(ref) -> str:
    try:
        s = summary(ref)
        return f"<span title='{html.escape(s.summary)}'>{html.escape(s.heading)}</span>"
    except KeyError:
        return html.escape(ref.section)
