"""A seeded game of Doomtrooper, stepped through as one seat sees it.

The table (pools, piles, warriors by area, fortifications, missions, a combat
under way) and the log are shown from the chosen seat's side: the other hands
are only counted, discard piles are face down, a warrior mustered in cover is a
face-down card until it is revealed, and log lines another seat alone may see
are left out.  The seat you play decides with one button per legal option; the
bots play the others.  While a combat is under way each combatant's ratings are
taken apart term by term, each with its rule.  "Why not?" explains actions the
rules forbid now (only at your own decisions: the others' would show their cards).
"Ask a good player" (:mod:`explorer.ui.advice`) asks the search bot, thinking
from your seat's view, what it would choose and how often it then wins.
The table is drawn above the state in words (:mod:`explorer.ui.doomtrooper.board`),
redrawn at every step, undo, change of view and loaded game.

>>> t = TableStepper(seed=2, seat=0)
>>> t.stepper_widget.next() is not None   # the deal
True
>>> "hand: 7 cards" in t.stepper_widget.state_view.value
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as W

from explorer.core.engine import Entry
from explorer.core.events import visible
from explorer.doomtrooper import sections as R
from explorer.doomtrooper import why_not, words
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.log import LOG
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Phase

from ..common import Displayable, Html, esc, html_table, rule_html, tagged
from ..fork import ForkPanel
from ..option_odds import OptionOddsPanel
from ..seat_odds import SeatOddsPanel
from ..stepper import StepperWidget, default_log
from ..tiles import board_view
from .board import board_html
from .option_odds import rows as option_rows

EVERYTHING = "everything"
#: The advice's search budget ("Ask a good player") in the game without a variant: about 0.3 s a
#: decision on one core, as ``python bench/bench_search.py --playouts N doomtrooper`` measures it.
ADVICE_PLAYOUTS = 260
#: The variants whose imagined games cost more (four seats, places, a Deployment Phase) search
#: fewer, so that the advice takes at most about twice the standard game's time (about half a
#: second against its 0.3 s).  Their playouts a second against the standard game's, side by side
#: (``python bench/bench_search.py --rule variant=V doomtrooper`` beside the game without one):
#: Colonization 0.31 to 0.37 of it, Home Turf 0.37 to 0.55, Front Lines 0.41 to 0.47, The Vortex
#: 0.42 to 0.53; the others, at 0.56 or more, keep the standard budget.
VARIANT_ADVICE_PLAYOUTS = {"front_lines": 200, "home_turf": 170, "colonization": 150, "vortex": 200}


def advice_playouts(variant: str) -> int:
    """The advice's search budget in ``variant`` ("standard": none).

    >>> advice_playouts("standard"), advice_playouts("colonization")
    (260, 150)
    """
    return VARIANT_ADVICE_PLAYOUTS.get(variant, ADVICE_PLAYOUTS)


def ends_turn(entry: Entry) -> bool:
    """True for the step that closes a player's turn (his discard, kept or not)."""
    return any(ev.rule == R.DISCARD for ev in entry.events)


def _views(players: int) -> list[tuple[str, int | str]]:
    """The views the table may be shown as: each seat's, and everything."""
    return [(f"seat {i}'s view", i) for i in range(players)] + [("everything (no secrets)", EVERYTHING)]


class TableStepper(Displayable):
    """Step a seeded game from the deal.  ``seat``: the seat you play (``None`` to
    watch the bots); ``view``: whose view the table and log show (default: your
    seat; ``"everything"`` for no secrets); ``policy``: the bots; ``rules``: rule
    changes by name (``{"dice": "2d6"}``)."""

    def __init__(self, seed: int = 1, seat: int | None = 0, players: int | None = 2, policy: str = "greedy",
                 rules: Mapping[str, Any] | None = None, view: int | str | None = None):
        self._first_game = game = DoomtrooperGame(rules=override_rules(dict(rules)) if rules else None)
        initial = game.new_game(players)  # players None: as many as the variant played needs
        self.players = players = len(initial.seats)
        start = view if view is not None else (seat if seat is not None else EVERYTHING)
        self.view_as = tagged(W.Dropdown(options=_views(players), value=start, description="Show the table as",
                                         style={"description_width": "initial"}), "xp-dt-view-as")
        self.seat = seat
        self.combat_view = tagged(W.HTML(), "xp-dt-combat-view")
        self.stepper_widget = StepperWidget(
            game, initial, seed=seed, policies=get_bot(policy),
            viewers=(seat,) if seat is not None else (), turn_ends=ends_turn, tempting=self._tempting,
            describe=lambda state: self.game.describe(state, self.viewer), render_log=self._log,
            render_result=lambda result: f"<b>Game over.</b> {esc(result)}",
            player_name=lambda s: f"seat {s}", make_initial=lambda s: game.new_game(players),
            log=LOG, option_text=lambda state, option: words.option_text(state, option, self.viewer, self.game),
            option_tip=lambda state, option: words.option_tip(state, option, self.viewer, self.game),
            advisor=get_bot(f"search:{advice_playouts(game.rules.variant)}"),
        )
        self.board = board_view(self.stepper_widget)
        self.view_as.observe(lambda ch: self.stepper_widget.refresh(), names="value")
        # odds from the shown seat's view, asked again at every step; "Fork here"
        self.seat_odds = SeatOddsPanel("doomtrooper", lambda: self.stepper.state, lambda: self.viewer,
                                       game=lambda: self.game)
        self.stepper_widget.on_change(lambda w: self.seat_odds.refresh())
        self.forking = ForkPanel(self.stepper_widget, games=20)
        # before choosing: each attack's combat as things stand, from the attacking seat's view
        self.option_odds = OptionOddsPanel()
        self.stepper_widget.on_change(lambda w: self._option_odds())
        self.widget = tagged(W.VBox([self.view_as, self.stepper_widget.widget, self.option_odds.widget,
                                     self.combat_view, self.seat_odds.widget, self.forking.widget]), "xp-dt-table")
        self.stepper_widget.on_change(self._redraw)

    @property
    def viewer(self) -> int | None:
        """The seat whose view is shown (``None``: everything)."""
        v = self.view_as.value
        return None if v == EVERYTHING else v

    @property
    def stepper(self):
        return self.stepper_widget.stepper

    @property
    def game(self) -> DoomtrooperGame:
        """The game played: the stepper's, which a loaded log replaces (its rules may differ)."""
        widget = getattr(self, "stepper_widget", None)  # None while the stepper is being built
        return self._first_game if widget is None else widget.game

    def _tempting(self, game: DoomtrooperGame, state) -> Sequence[Any]:
        dec = game.decision(state)
        if dec is None or self.seat is None or dec.player != self.seat:
            return ()
        return why_not.tempting(game, state)

    def _log(self, entries: Sequence[Entry]) -> str:
        seen = [Entry(e.index, e.player, e.action, tuple(visible(e.events, self.viewer)), e.state) for e in entries]
        who = "everything" if self.viewer is None else f"what seat {self.viewer} may see"
        return default_log(seen) + f"<div style='color:#666;font-size:0.85em'>(The log shows {esc(who)}.)</div>"

    def _option_odds(self) -> None:
        """The odds of the options now offered to the seat shown (any seat, seeing everything)."""
        st = self.stepper
        dec = st.decision
        if dec is None or dec.forced or (self.viewer is not None and dec.player != self.viewer):
            self.option_odds.show([])
            return
        view = self.game.observe(st.state, dec.player)
        self.option_odds.show(option_rows(self.game, view, dec.options,
                                          lambda o: words.option_text(st.state, o, dec.player, self.game)))

    def _redraw(self, _: StepperWidget) -> None:
        if len(self.stepper.state.seats) != self.players:  # a loaded game with another number of players
            self.players = len(self.stepper.state.seats)
            keep = self.view_as.value if self.view_as.value in (EVERYTHING, *range(self.players)) else EVERYTHING
            with self.view_as.hold_trait_notifications():
                self.view_as.options, self.view_as.value = _views(self.players), keep
        self.board.value = board_html(self.game, self.stepper.state, self.viewer)
        state = self.game.observe(self.stepper.state, self.viewer)
        if state.phase is not Phase.COMBAT or state.combat is None:
            self.combat_view.value = ""
            return
        table = state.combat.live
        word = "Fight" if table.tactic == "fight" else "Shoot"
        parts = [f"<b>The combat, as it stands</b> (rule: {rule_html(R.STANDING, compact=True)})"]
        for uid in (table.attacker, table.defender):
            r, terms = self.game.combat.explain(table, uid)
            rows = [[t.source, f"{t.attack:+d}" if t.attack else "", f"{t.armor:+d}" if t.armor else "",
                     Html(rule_html(t.rule, compact=True))] for t in terms]
            rows.append([Html("<b>total</b>"), str(r.attack), str(r.armor), "strikes first" if r.first else ""])
            role = "Attacker" if uid == table.attacker else "Defender"
            parts.append(f"<div><b>{role}: {esc(table.trooper(uid).card)}</b>"
                         + html_table(["from", word, "Armor", "rule"], rows, numeric=(1, 2)) + "</div>")
        self.combat_view.value = "".join(parts)

    def _short_repr(self) -> str:
        return f"TableStepper(seed={self.stepper.seed}, seat={self.seat})"


__all__ = ["ADVICE_PLAYOUTS", "EVERYTHING", "VARIANT_ADVICE_PLAYOUTS", "TableStepper", "advice_playouts", "ends_turn"]
