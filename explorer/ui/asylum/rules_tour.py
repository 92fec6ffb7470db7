"""The rules tour: a seeded game of Doom Asylum drawn on the board, beside a turn
stepper that applies one rule per step and cites it.

When a decision belongs to a seat the person plays, the stepper shows one button
per legal option; inside a conflict each is labelled with its exact chance of
winning the conflict (:func:`explorer.asylum.odds.option_odds`, bots playing on).
"Why not?" lists tempting actions the rules forbid at this moment
(:func:`explorer.asylum.why_not.tempting`) and explains the one picked.  "Fork
here" (:class:`~explorer.ui.fork.ForkPanel`) plays each legal option of the
current decision on with the bots, many times with paired seeds, and shows the
deciding seat's chance of winning after each, with its interval.  "Ask a good
player" (:mod:`explorer.ui.advice`) asks the search bot, thinking from the
seat's view, what it would choose and how often it then wins.  The game
starts before the opening draw of masterminds, the first step.

>>> from explorer.asylum.game import Ending, GameResult, setup
>>> game, _ = setup(players=4, seed=1)
>>> result_text(GameResult(Ending.YARD, (0,), 29, details=(("mastermind", "Madame Nocturne"),)), game)
'Seat 0 (Madame Nocturne) wins in the Yard after 29 turns.'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import ipywidgets as W

from explorer.asylum import odds, why_not
from explorer.asylum.bots import get_bot
from explorer.asylum.game import AsylumGame, AsylumState, Ending, GameResult, Move
from explorer.asylum.log import LOG
from explorer.asylum.sections import TURN_END
from explorer.core.engine import Entry
from explorer.core.numbers import counted

from ..common import Displayable, LiveFigure, esc, tagged
from ..fork import ForkPanel
from ..stepper import StepperWidget
from .board_plot import PartyMarker, board_figure, update_board_figure

#: Option odds are exact; above this many villains a side they wait for a button.
MAX_ODDS_TEAM = 3
#: The advice's search budget ("Ask a good player"): about 0.3 s a decision on one core,
#: as ``python bench/bench_search.py --playouts N GAME`` measures it.
ADVICE_PLAYOUTS = 450


def ends_turn(entry: Entry) -> bool:
    """True for the step whose events close a player's turn."""
    return any(ev.rule == TURN_END for ev in entry.events)


def conflict_odds_cost(state: AsylumState) -> str | None:
    """Option odds exist inside a conflict: cheap for small teams, slow beyond."""
    c = state.conflict
    if c is None or c.result is not None:
        return None
    return "cheap" if max(len(t) for t in c.setup.teams) <= MAX_ODDS_TEAM else "slow"


def conflict_option_odds(state: AsylumState) -> dict[Any, Fraction] | None:
    """Each option's exact chance of winning the conflict under way (else None)."""
    if conflict_odds_cost(state) is None:
        return None
    return odds.option_odds(state.conflict, "expected-vp")


def result_text(result: GameResult | None, game: AsylumGame) -> str:
    """How a game ended, as a person says it ("Winning the game", "Turn cap")."""
    if result is None:
        return "The game goes on."
    if result.draw:
        cap = game.rules.turn_cap
        return (f"A draw: nobody has won when the turn cap is reached ({cap} turns each, "
                f"{result.turns} in all).")
    mastermind = result.detail("mastermind")
    who = f"Seat {result.winners[0]}" + (f" ({mastermind})" if mastermind else "")
    where = "in the Yard" if result.ending is Ending.YARD else f"({result.ending})"
    return f"{who} wins {where} after {result.turns} turns."


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

    ``viewers``: the seat (or seats) you play, ``"all"`` for every seat, ``()``
    to watch the bots play; ``policy``: the bots' policy name (see
    :func:`explorer.asylum.bots.get_bot`).  ``figure`` is the board
    (a :class:`~explorer.ui.common.LiveFigure`), ``stepper_widget`` the stepper,
    ``forking`` its :class:`~explorer.ui.fork.ForkPanel`.
    """

    def __init__(self, players: int = 4, seed: int = 1, viewers: Any = (), policy: str = "greedy"):
        self.players = players
        self._first_game = game = AsylumGame()
        initial = game.new_game(players)
        self.stepper_widget = StepperWidget(
            game, initial, seed=seed, policies=get_bot(policy), viewers=viewers,
            turn_ends=ends_turn, option_odds=conflict_option_odds, odds_cost=conflict_odds_cost,
            tempting=why_not.tempting, describe=lambda s: s.describe(),
            render_result=lambda result: f"<b>Game over.</b> {esc(result_text(result, self.game))}",
            player_name=lambda seat: f"seat {seat}", make_initial=lambda s: game.new_game(players),
            buttons=("next", "undo", "turn", "turns", "policy", "reset"), log=LOG,
            advisor=get_bot(f"search:{ADVICE_PLAYOUTS}"),
        )
        self.figure = LiveFigure(board_figure(game.board, markers(initial), seats=players), "xp-board", width="650px")
        self.forking = ForkPanel(self.stepper_widget)
        side = W.VBox([self.stepper_widget.widget, self.forking.widget],
                      layout=W.Layout(flex="1 1 420px", min_width="360px"))
        self.widget = tagged(
            W.HBox([W.Box([self.figure.widget], layout=W.Layout(flex="0 0 650px")), side],
                   layout=W.Layout(flex_flow="row wrap", align_items="flex-start")),
            "xp-rules-tour",
        )
        self.stepper_widget.on_change(self._redraw)

    def fork(self):
        """Fork the game at the current decision (what the Fork button does); a
        DataFrame, or ``None`` when there is nothing to choose."""
        return self.forking.fork()

    @property
    def stepper(self):
        return self.stepper_widget.stepper

    @property
    def game(self) -> AsylumGame:
        """The game played: the stepper's, which a loaded log replaces (its rules may differ)."""
        widget = getattr(self, "stepper_widget", None)  # None while the stepper is being built
        return self._first_game if widget is None else widget.game

    def title(self) -> str:
        """The board's title: seed, turn and the steps played (the status below names the
        next one: "2 steps played" above "Step 3: ..."); once the game is over, how it ended."""
        st = self.stepper
        result = self.game.result(st.state)
        if result is not None:
            return f"<b>{result_text(result, self.game)}</b>"
        return f"Doom Asylum, seed {st.seed}: turn {st.state.turn}, {counted(len(st.history), 'step')} played"

    def _redraw(self, _: StepperWidget) -> None:
        st = self.stepper
        update_board_figure(self.figure, self.game.board, markers(st.state), last_move(st), self.title())

    def _short_repr(self) -> str:
        return f"RulesTour(players={self.players}, seed={self.stepper.seed})"


__all__ = ["ADVICE_PLAYOUTS", "RulesTour", "conflict_option_odds", "ends_turn", "result_text"]
