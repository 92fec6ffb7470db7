"""Odds from a seat's view, beside a card game's stepper: "will I draw a
Character in my next three cards?", "does the other side hold a Weapon?".

:class:`SeatOddsPanel` is the same for every card game: it reaches the game's
two questions through its spec (``spec(key).extras["seat_odds"]``, a
:class:`~explorer.core.seat_odds.SeatOdds`) and asks them of the current state
for the seat whose view the page shows, from what that seat sees only.  The
answer is an exact probability, with the assumption it rests on.

>>> from explorer.victorian.game import VictorianGame
>>> game = VictorianGame()
>>> state = game.new_game()
>>> panel = SeatOddsPanel("victorian", lambda: state, lambda: "heroes", game=lambda: game)
>>> panel.answer.value.split("</b>")[0]
'<b>30.5% (18/59)'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W

from ..core.seat_odds import ASSUMPTION
from ..games import spec
from .common import Displayable, esc, probability_text, tagged

DRAW, HOLDS = "draw", "holds"


class SeatOddsPanel(Displayable):
    """Pick a card type or a card, "at least n", and the question; the answer
    follows the controls and :meth:`refresh` (call it when the step changes).
    ``state()`` and ``seat()`` give the current state and the seat whose view is
    shown (``None``: no seat, and no answer); ``game()`` the game played (by
    default the game's own default)."""

    def __init__(self, key: str, state: Callable[[], Any], seat: Callable[[], Any],
                 game: Callable[[], Any] | None = None):
        self.spec = spec(key)
        self.odds = self.spec.extras["seat_odds"]
        self.state, self.seat = state, seat
        self.game = game or (lambda: None)
        self.labels = dict((k, label) for label, k in self.odds.keys(self.game()))
        self.key = tagged(W.Dropdown(options=[(label, k) for k, label in self.labels.items()],
                                     description="card", layout=W.Layout(width="320px")), "xp-seat-odds-key")
        self.least = tagged(W.BoundedIntText(value=1, min=0, max=60, description="at least",
                                             layout=W.Layout(width="150px")), "xp-seat-odds-n")
        self.question = tagged(W.ToggleButtons(options=[("in my next draws", DRAW), ("the opponent holds", HOLDS)],
                                               value=DRAW, style={"button_width": "auto"}), "xp-seat-odds-question")
        self.draws = tagged(W.BoundedIntText(value=1, min=0, max=99, description="draws",
                                             layout=W.Layout(width="150px")), "xp-seat-odds-draws")
        self.opponent = tagged(W.Dropdown(options=[], description="whose hand", layout=W.Layout(width="200px",
                                                                                             display="none")),
                               "xp-seat-odds-opponent")
        self.answer = tagged(W.HTML(), "xp-seat-odds-answer")
        self._quiet = False
        for control in (self.key, self.least, self.question, self.draws, self.opponent):
            control.observe(lambda change: None if self._quiet else self.refresh(), names="value")
        self.widget = tagged(W.VBox([
            W.HTML("<b>Odds from this seat's view</b>: from what this seat has seen, never the hidden cards."),
            W.HBox([self.question, self.key, self.least, self.draws, self.opponent],
                   layout=W.Layout(flex_flow="row wrap", align_items="center")),
            self.answer]), "xp-seat-odds")
        self.refresh()

    def _who(self, seat: Any) -> str:
        """``"the Heroes"``, ``"seat 0"``."""
        names = self.spec.seat_names
        name = seat if isinstance(seat, str) else names[seat] if seat < len(names) else None
        return f"the {name.title()}" if name else f"seat {seat}"

    def _cards(self, n: int) -> str:
        """``"1 Character card"``, ``"2 copies of Sherlock Holmes"``."""
        label = self.labels[self.key.value]
        if label.startswith("any "):
            return f"{n} {label[4:]} card{'s' if n != 1 else ''}"
        return f"{n} cop{'ies' if n != 1 else 'y'} of {label}"

    def _one(self) -> str:
        """One card of the kind asked: ``"a Character card"``, ``"Sherlock Holmes"``."""
        label = self.labels[self.key.value]
        if label.startswith("any "):
            kind = label[4:]
            return f"{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind} card"
        return label

    def _opponent(self, seat: Any) -> Any:
        """The opponent asked about where there are several (shown as a menu), else ``None``."""
        found = tuple(self.odds.opponents(self.state(), seat)) if self.odds.opponents else ()
        several = len(found) > 1 and self.question.value == HOLDS
        self.opponent.layout.display = "" if several else "none"
        if not several:
            return None
        options = [(self._who(o), o) for o in found]
        if list(self.opponent.options) != options:
            keep = self.opponent.value if self.opponent.value in found else found[0]
            self._quiet = True  # the menu is being refilled: no question asked meanwhile
            try:
                self.opponent.options = options
                self.opponent.value = keep
            finally:
                self._quiet = False
        return self.opponent.value

    def refresh(self) -> str:
        """Ask the question of the current state; the answer's text (also shown)."""
        self.draws.layout.display = "" if self.question.value == DRAW else "none"
        if self.question.value == DRAW:
            self.opponent.layout.display = "none"
        seat = self.seat()
        if seat is None:
            self.answer.value = "<i>Show the table as one seat to see its odds (the all-seeing view has none).</i>"
            return self.answer.value
        want, cards = {self.key.value: self.least.value}, self._cards(self.least.value)
        try:
            if self.question.value == DRAW:
                k = self.draws.value
                p = self.odds.draw_chance(self.state(), seat, at_least=want, draws=k, game=self.game())
                who = self._who(seat)
                own = f"{who}'" if who.endswith("s") else f"{who}'s"
                if k == 1 and self.least.value == 1:  # one card drawn: it is one, or it is not
                    what = f"the next card of {own} draw pile is {self._one()}"
                else:
                    nxt = "the next card" if k == 1 else f"the next {k} cards"
                    what = f"at least {cards} among {nxt} of {own} draw pile"
            else:
                whose = self._opponent(seat)
                more = {} if whose is None else {"opponent": whose}
                p = self.odds.opponent_holds(self.state(), seat, at_least=want, game=self.game(), **more)
                hand = "the opponent's hand" if whose is None else f"{self._who(whose)}'s hand"
                what = f"at least {cards} in {hand}, as {self._who(seat)} can know it"
        except ValueError as err:
            self.answer.value = f"<span style='color:#a00'>{esc(err)}</span>"
            return self.answer.value
        self.answer.value = (f"<b>{esc(probability_text(p))}</b>: {esc(what)}."
                             f"<div style='color:#666;font-size:0.85em'>{esc(ASSUMPTION)}</div>")
        return self.answer.value


__all__ = ["SeatOddsPanel"]
