"""The Victorian card game, turn by turn: the generic stepper with a seat's view.

:class:`VictorianStepper` puts the generic :class:`~explorer.ui.stepper.StepperWidget`
on a game from the deal, and adds what a card game needs: whose view the page
shows (the Heroes', the Villains': the other hand hidden and the log filtered
with :func:`~explorer.core.events.visible`; or the all-seeing view), whether the
person plays that side, and a "Next phase" button; at the side's own decisions,
"Ask a good player" (:mod:`explorer.ui.advice`: the search bot, from that side's
view).  Each log line cites its rule
section and opens our summary of it; a roll opens its terms ("explain this
number": every card and rule that moved the total).  Above the state in words,
the table drawn as that view sees it (:mod:`explorer.ui.victorian.board`),
redrawn at every step, undo, change of view and loaded game.

>>> w = VictorianStepper(seed=2)
>>> w.view.value, w.stepper.stepper.state.phase.value
('heroes', 'Setup')
>>> _ = w.next_phase()
>>> w.stepper.stepper.state.turn, w.stepper.stepper.state.phase.value
(1, 'New Day Phase')
>>> "hidden" in w.stepper.state_view.value
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from explorer.core.engine import Entry
from explorer.core.events import Event, visible
from explorer.victorian import sections as R
from explorer.victorian.bots import get_bot
from explorer.victorian.describe import describe_state
from explorer.victorian.game import VictorianGame
from explorer.victorian.log import LOG
from explorer.victorian.state import VicState
from explorer.victorian.turn import PHASE_RULE
from explorer.victorian.why_not import tempting
from explorer.victorian.words import option_text, option_tip

from ..common import Displayable, esc, html_table, rule_html, tagged
from ..fork import ForkPanel
from ..option_odds import OptionOddsPanel
from ..seat_odds import SeatOddsPanel
from ..stepper import StepperWidget, result_banner
from ..tiles import board_view
from .board import board_html
from .option_odds import rows as option_rows

#: The advice's search budget ("Ask a good player"): about 0.3 s a decision on one core,
#: as ``python bench/bench_search.py --playouts N GAME`` measures it.
ADVICE_PLAYOUTS = 500
VIEWS = (("The Heroes' view", "heroes"), ("The Villains' view", "villains"), ("All-seeing", "all"))
PHASE_SECTIONS = {r.section for r in PHASE_RULE.values()}


def phase_starts(entry: Entry) -> bool:
    """Whether a step began a side's part of a phase (its log says "turn N, ... Phase: ...")."""
    return any(e.rule.section in PHASE_SECTIONS and dict(e.data).get("phase") for e in entry.events)


def turn_starts(entry: Entry) -> bool:
    return any(e.rule == R.TURN for e in entry.events)


def roll_table(ev: Event) -> str:
    """The terms of a roll an event records, as a table ("explain this number")."""
    roll = dict(ev.data).get("roll")
    if not isinstance(roll, dict):  # a modified roll's record (a table roll records just its die)
        return ""
    rows = [("dice", str(roll["dice"]), "", R.DICE.section)]
    rows += [(t["label"], f"{t['value']:+d}", t["card"] or "", t["rule"]) for t in roll["terms"]]
    rows.append(("total", str(roll["total"]), "", ""))
    return html_table(["term", "value", "card", "rule"], rows, numeric=[1],
                      caption=f"result: {roll['result'].replace('_', ' ')}")


def render_log(entries: Sequence[Entry], viewer: Any) -> str:
    """Newest first: the events ``viewer`` may see, each opening to its rule (and a
    roll's terms)."""
    rows = []
    for entry in reversed(entries):
        for ev in reversed(visible(entry.events, viewer)):
            private = ""
            if ev.visible_to:
                who = " and ".join(f"the {p.title()}" for p in sorted(ev.visible_to))
                private = f" <span style='color:#777;font-size:0.85em'>(seen by {esc(who)} only)</span>"
            rows.append(
                f"<details class='xp-log-entry'><summary><code>{entry.index + 1}</code> "
                f"<span class='xp-rule'>[{esc(ev.rule.section)}]</span> {esc(ev.text)}{private}</summary>"
                f"<div style='margin-left:2em;color:#444'>{rule_html(ev.rule)}{roll_table(ev)}</div></details>")
    return ("<b>Log</b> <span style='color:#666'>(newest first; click an entry for its rule, a roll for its "
            "terms)</span><div class='xp-victorian-log' style='max-height:360px;overflow-y:auto;font-size:0.9em;"
            "line-height:1.4'>" + "".join(rows) + "</div>")


class VictorianStepper(Displayable):
    """A game of the Victorian card game, from the deal, step by step or phase by
    phase, seen by one side or by all.  Bots (``heroes``, ``villains``: their
    names) play every side the person does not."""

    def __init__(self, seed: int = 1, view: str = "heroes", plays: bool = False, heroes: str = "greedy",
                 villains: str = "greedy", game: VictorianGame | None = None):
        self._first_game = game = game or VictorianGame()
        self.view = tagged(W.ToggleButtons(options=VIEWS, value=view, style={"button_width": "auto"}),
                           "xp-victorian-view")
        self.plays = tagged(W.Checkbox(value=plays, description="I play this side", indent=False,
                                       layout=W.Layout(width="auto")), "xp-victorian-plays")
        self.phase_button = tagged(W.Button(description="Next phase", icon="forward", layout=W.Layout(width="auto")),
                                   "xp-next-phase")
        self.phase_button.on_click(lambda _: self.next_phase())
        self.stepper = StepperWidget(
            game, game.new_game(), seed=seed,
            policies={"heroes": get_bot(heroes), "villains": get_bot(villains)},
            viewers=self._viewers(), turn_ends=turn_starts, tempting=self._tempting,
            describe=lambda state: describe_state(self.game, state, self.viewer),
            render_log=lambda entries: render_log(entries, self.viewer),
            render_result=lambda result: f"<b>Game over.</b> {esc(result)}",
            player_name=lambda player: f"the {player.title()}", make_initial=lambda seed: self.game.new_game(),
            log=LOG, option_text=option_text,
            option_tip=lambda state, option: option_tip(self.game, state, option),
            advisor=get_bot(f"search:{ADVICE_PLAYOUTS}"),
        )
        self.board = board_view(self.stepper)
        self.stepper.on_change(self._sync)
        self.view.observe(lambda change: self._changed(), names="value")
        self.plays.observe(lambda change: self._changed(), names="value")
        self.note = tagged(W.HTML(), "xp-victorian-note")
        # odds from the shown seat's view, asked again at every step; "Fork here"
        self.seat_odds = SeatOddsPanel("victorian", lambda: self.stepper.stepper.state, lambda: self.viewer,
                                       game=lambda: self.game)
        self.stepper.on_change(lambda w: self.seat_odds.refresh())
        self.forking = ForkPanel(self.stepper, games=20)
        # before choosing: each rolling option's odds, from the deciding side's view
        self.option_odds = OptionOddsPanel()
        self.stepper.on_change(lambda w: self._option_odds())
        self.widget = tagged(W.VBox([
            W.HBox([self.view, self.plays, self.phase_button], layout=W.Layout(flex_flow="row wrap",
                                                                              align_items="center")),
            self.note, self.stepper.widget, self.option_odds.widget, self.seat_odds.widget, self.forking.widget]),
            "xp-victorian-stepper")
        self._changed()

    @property
    def game(self) -> VictorianGame:
        """The game played: the stepper's, which a loaded log replaces (its rules may differ)."""
        widget = getattr(self, "stepper", None)  # None while the stepper is being built
        return self._first_game if widget is None else widget.game

    @property
    def viewer(self) -> str | None:
        """Whose view the page shows (``None``: all-seeing)."""
        return None if self.view.value == "all" else self.view.value

    def _viewers(self) -> Any:
        return frozenset({self.viewer}) if self.plays.value and self.viewer else frozenset()

    def _tempting(self, game: VictorianGame, state: VicState) -> list[Any]:
        return tempting(game, state, self.viewer)

    def _changed(self) -> None:
        self.plays.disabled = self.viewer is None
        if self.viewer is None:
            self.plays.value = False
        self.stepper.viewers = self._viewers()
        who = "everything: both hands, the order of the decks as drawn" if self.viewer is None else (
            f"what the {self.viewer.title()} see: their own hand, the table, and of the other hand only its size")
        self.note.value = f"<span style='color:#555'>This view shows {esc(who)}.</span>"
        self.stepper.refresh()

    def _sync(self, w: StepperWidget) -> None:
        self.phase_button.disabled = w.stepper.over or w.waiting()
        self.board.value = board_html(self.game, w.stepper.state, self.viewer)

    def _option_odds(self) -> None:
        """The odds of the options now offered to the side shown (either side, all-seeing)."""
        st = self.stepper.stepper
        dec = st.decision
        if dec is None or dec.forced or (self.viewer is not None and dec.player != self.viewer):
            self.option_odds.show([])
            return
        view = self.game.observe(st.state, dec.player)
        self.option_odds.show(option_rows(self.game, view, dec.options, lambda o: option_text(st.state, o)))

    def next_phase(self) -> list[Entry]:
        """Step until the next side's part of a phase begins (or the person must choose)."""
        done = []
        st = self.stepper.stepper
        while not st.over and not self.stepper.waiting():
            entry = st.step()
            done.append(entry)
            if phase_starts(entry):
                break
        self.stepper.refresh()
        return done

    def status(self) -> str:
        """The state as the page shows it (for tests)."""
        return describe_state(self.game, self.stepper.stepper.state, self.viewer)


__all__ = ["ADVICE_PLAYOUTS", "VIEWS", "VictorianStepper", "phase_starts", "render_log", "result_banner", "roll_table"]
