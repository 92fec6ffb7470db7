"""What would a good player do?  The search bot's advice beside a stepper's options.

:class:`AdvicePanel` sits under the options of a
:class:`~explorer.ui.stepper.StepperWidget` given an ``advisor`` (a
:class:`~explorer.core.search.SearchBot`, or an :class:`Advisor` that works the
decision out exactly, whose chances are then shown exactly, fractions and all).
"Ask a good player" searches the decision on screen and says, in words, how often a good player wins from here
(an estimate from the imagined games of its choice, so a rounded percentage, no
fraction, and the range those games leave open), and for each option its
estimate, its range (ten games all won allow a true chance as low as 72%) and
how many imagined games tried it, the search's choice marked (beside the
exact chance the stepper's buttons show, when they show one: the two answer
different questions, as the table's caption says).  "Let a good
player choose" plays that choice.  Ticking "at every decision of mine" asks at
each of the person's decisions.

The search starts from what the deciding seat sees (``observe``), never the
full state, and draws from its own random stream, named by the stepper's seed
and the step (the same position and seed give the same advice); the game's
streams are never touched, so asking changes nothing in the game.  A step,
undo, reset or loaded game clears advice given for another position.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import ipywidgets as W

from ..core.engine import Decision, Entry
from ..core.search import SearchReport, SolvedReport
from ..whatif.stats import wilson
from .common import Html, esc, html_table, probability_text, tagged

if TYPE_CHECKING:
    from .stepper import StepperWidget


class Advisor(Protocol):
    """What the panel asks: a :class:`~explorer.core.search.SearchBot`, or an advisor
    that works a decision out exactly (a :class:`~explorer.core.search.SolvedReport`;
    the conflict lab's :class:`~explorer.asylum.odds.BestPlayer`).  An advisor may
    say what its button does in a ``tooltip``."""

    def search(self, game: Any, view: Any, decision: Decision, rng: random.Random) -> SearchReport | SolvedReport: ...


def about(value: float) -> str:
    """An estimated chance as people read it: a whole percentage, never a fake
    fraction (the extremes say "under 1%" and "over 99%" unless certain).

    >>> about(0.6234), about(0.004), about(0.997), about(1.0), about(0.0)
    ('about 62%', 'under 1%', 'over 99%', 'about 100%', 'about 0%')
    """
    pct = round(100 * value)
    if pct == 0 and value > 0:
        return "under 1%"
    if pct == 100 and value < 1:
        return "over 99%"
    return f"about {pct}%"


def span(value: float, games: int) -> str:
    """The range ``games`` imagined games leave open for an estimated chance
    (Wilson's 95% interval), in whole percentages.

    >>> span(1.0, 10), span(0.6234, 400)
    ('72% to 100%', '57% to 67%')
    """
    low, high = wilson(value, games)
    return f"{round(100 * low)}% to {round(100 * high)}%"


def estimate(value: float, games: int) -> str:
    """An option's estimate with the range its ``games`` imagined games leave open:
    ten games all won say "about 100%" but allow as little as 72%.

    >>> estimate(1.0, 10)
    'about 100% (72% to 100%)'
    """
    return f"{about(value)} ({span(value, games)})"


def kept_note(report: SearchReport) -> str:
    """Why the choice marked is not the option whose estimate is highest, when it is
    not.  A tree search goes by the option it tried most (a higher estimate from
    fewer imagined games may be luck); otherwise the choice is the greedy bot's,
    which the search keeps unless another option is surely better.

    >>> from explorer.core.search import OptionValue
    >>> kept_note(SearchReport("a", 0.5, (OptionValue("b", 10, 0.6), OptionValue("a", 10, 0.5)), 20))
    " It sticks to the greedy bot's choice: no other option leads it by more than the luck of its imagined games."
    >>> kept_note(SearchReport("a", 0.5, (OptionValue("a", 15, 0.5), OptionValue("b", 5, 0.6)), 20))
    ' It goes by the option it tried most: a higher estimate from fewer imagined games may be luck.'
    >>> kept_note(SearchReport("b", 0.6, (OptionValue("b", 10, 0.6), OptionValue("a", 10, 0.5)), 20))
    ''
    """
    chosen = next((o for o in report.options if o.option == report.choice), None)
    if chosen is None or all(o.value <= chosen.value for o in report.options if o.visits):
        return ""
    visits = {o.visits for o in report.options}
    if len(visits) > 1 and chosen.visits == max(visits):
        return " It goes by the option it tried most: a higher estimate from fewer imagined games may be luck."
    return " It sticks to the greedy bot's choice: no other option leads it by more than the luck of its imagined games."


def possessive(name: str) -> str:
    """``the Heroes`` -> ``the Heroes'``, ``seat 0`` -> ``seat 0's``.

    >>> possessive("the Heroes"), possessive("seat 0")
    ("the Heroes'", "seat 0's")
    """
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def tries(n: int) -> str:
    """How often the search tried an option, in words.

    >>> tries(0), tries(1), tries(12)
    ('not tried', 'once', '12 times')
    """
    return "not tried" if n == 0 else "once" if n == 1 else f"{n} times"


class AdvicePanel:
    """The advice of ``advisor`` at the decisions ``stepper`` shows.  ``report``:
    the advice shown (``None`` when there is none for this position)."""

    def __init__(self, stepper: StepperWidget, advisor: Advisor):
        self.stepper, self.advisor = stepper, advisor
        self.report: SearchReport | SolvedReport | None = None
        self._position: tuple[Any, ...] | None = None  # where ``report`` was asked
        self.ask_button = tagged(W.Button(description="Ask a good player", icon="lightbulb-o",
                                          tooltip=getattr(advisor, "tooltip",
                                                          "search imagined games from here, as this seat sees it"),
                                          layout=W.Layout(width="auto")), "xp-advice-button")
        self.ask_button.on_click(lambda _: self.ask())
        self.every = tagged(W.Checkbox(value=False, description="at every decision of mine", indent=False,
                                       layout=W.Layout(width="auto")), "xp-advice-every")
        self.every.observe(lambda change: self._every_changed(), names="value")
        self.play_button = tagged(W.Button(description="Let a good player choose", icon="hand-o-right",
                                           layout=W.Layout(width="auto")), "xp-advice-play")
        self.play_button.on_click(lambda _: self.play())
        self.value = tagged(W.HTML(), "xp-advice-value")
        self.options = tagged(W.HTML(), "xp-advice-options")
        row = W.HBox([self.ask_button, self.every, self.play_button],
                     layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.widget = tagged(W.VBox([row, self.value, self.options], layout=W.Layout(display="none")), "xp-advice")

    # -- where the advice stands -----------------------------------------------------------
    def decision(self) -> Decision | None:
        """The decision on screen: the person's, or a forced step the stepper shows."""
        w = self.stepper
        dec = w.stepper.decision
        if dec is None or not (w.waiting() or (dec.forced and w.show_forced)):
            return None
        return dec

    def position(self) -> tuple[Any, ...]:
        """What the advice answers: this game, its seed, the step and the state there
        (kept, not their ids: an id may be reused once its object is gone)."""
        st = self.stepper.stepper
        return (st, st.seed, len(st.history), st.state)

    def rng(self) -> random.Random:
        """The advice's own stream: the stepper's seed and the step, never the game's."""
        st = self.stepper.stepper
        return random.Random(f"{st.seed}/advice/{len(st.history)}")

    # -- what the buttons do -----------------------------------------------------------------
    def ask(self) -> SearchReport | None:
        """Search the decision on screen from the deciding seat's view (or reuse the
        advice already given here); ``None`` when there is nothing to weigh."""
        dec = self.decision()
        if dec is None:
            return None
        if dec.forced or len(dec.options) == 1:
            why = "the rules take this step" if dec.forced else "there is only one option"
            self.value.value = f"<i>Nothing to weigh: {esc(why)}.</i>"
            return None
        if self.report is not None and self._position == self.position():
            return self.report
        self.value.value = "<i>A good player is thinking...</i>"
        self.ask_button.disabled = self.play_button.disabled = True
        try:
            w = self.stepper
            view = w.game.observe(w.stepper.state, dec.player)
            self.report = self.advisor.search(w.game, view, dec, self.rng())
            self._position = self.position()
        finally:
            self.ask_button.disabled = self.play_button.disabled = False
        self._show(dec, self.report)
        return self.report

    def play(self) -> Entry | None:
        """Play a good player's choice for the person's decision (the only option
        when there is one)."""
        dec = self.decision()
        if dec is None or dec.forced:
            return None
        report = self.ask()
        return self.stepper.choose(report.choice if report is not None else dec.options[0])

    def refresh(self) -> None:
        """After every change of the stepper: clear advice given elsewhere, show the
        panel only at a decision on screen, and ask at once if ticked."""
        if self._position != self.position():
            self.report, self._position = None, None
            self.value.value = self.options.value = ""
        dec = self.decision()
        self.widget.layout.display = "flex" if dec is not None else "none"
        if dec is None:
            return
        choosing = not dec.forced
        self.play_button.disabled = not choosing
        if self.every.value and choosing and self.report is None:
            self.ask()

    def redraw(self) -> None:
        """Show the advice given here again (the stepper's buttons gained exact odds)."""
        dec = self.decision()
        if self.report is not None and dec is not None and self._position == self.position():
            self._show(dec, self.report)

    def _every_changed(self) -> None:
        if self.every.value:
            self.ask()

    # -- the words -----------------------------------------------------------------------------
    def _show(self, dec: Decision, report: SearchReport | SolvedReport) -> None:
        if isinstance(report, SolvedReport):
            return self._show_solved(dec, report)
        w = self.stepper
        seat = possessive(w.player_name(dec.player))
        found = {o.option: o for o in report.options}
        chosen = found.get(report.choice)
        games = chosen.visits if chosen is not None else report.playouts  # the headline's value is the choice's
        self.value.value = (f"A good player here wins <b>{esc(about(report.value))}</b> "
                            f"({esc(span(report.value, max(games, 1)))}: from {esc(seat)} view, the choice tried in "
                            f"{games} of {report.playouts} imagined games).{esc(kept_note(report))}")
        caption = "In brackets: the range an option's imagined games leave open (95%); the fewer the games, the wider."

        def cells(option: Any) -> list[Any]:
            o = found.get(option)
            return [estimate(o.value, o.visits) if o is not None and o.visits else "",
                    tries(o.visits if o is not None else 0)]

        self._table(dec, report.choice, cells, ["a good player then wins", "imagined games"], caption,
                    " The exact column (as on the buttons) has the bots make every later decision; a good "
                    "player's estimate has every side play to win, so the two can differ.")

    def _show_solved(self, dec: Decision, report: SolvedReport) -> None:
        """Advice worked out exactly: exact chances, no ranges, no imagined games."""
        found = {o.option: o for o in report.options}
        chosen = found[report.choice]
        draws = f" and draws {esc(probability_text(chosen.draw))}" if chosen.draw else ""
        self.value.value = (f"A good player here wins <b>{esc(probability_text(report.value))}</b>{draws}, "
                            "exactly, if both sides play their best from here (every roll worked out).")
        self._table(dec, report.choice, lambda option: [probability_text(found[option].win),
                                                        probability_text(found[option].draw)],
                    ["then wins, both at their best", "draws"],
                    f"Their best: {report.best}, so the choice need not be the option that wins most often.",
                    " The first column (as on the buttons) has the bots make every later decision, "
                    "so the two can differ.")

    def _table(self, dec: Decision, choice: Any, cells: Callable[[Any], list[Any]], header: list[str], caption: str,
               differ: str) -> None:
        """The advice table: a row per option, its name, ``cells(option)`` under ``header``
        and the choice marked, with the buttons' exact odds beside them when they show
        some (``differ``, added to the caption, says why the two can differ)."""
        w = self.stepper
        exact = {o: w.labels[o] for o in dec.options if o in w.labels}  # the buttons' exact odds, when shown
        rows = []
        for option in dec.options:
            chosen = option == choice
            text = w.option_text(w.stepper.state, option)
            row = [Html(f"<b>{esc(text)}</b>") if chosen else text, *cells(option),
                   "a good player's choice" if chosen else ""]
            if exact:
                row.insert(1, probability_text(exact[option]) if option in exact else "")
            rows.append((row, {"class": "xp-advice-option" + (" xp-advice-choice" if chosen else "")}))
        header = ["option", *header, ""]
        if exact:
            header.insert(1, "exact chance, if the bots play on")
            caption += differ
        self.options.value = html_table(header, rows, numeric=tuple(range(1, len(header) - 1)),
                                        css="xp-table xp-advice-table", caption=caption)


__all__ = ["AdvicePanel", "Advisor", "about", "estimate", "kept_note", "possessive", "span", "tries"]
