"""How to play Doomtrooper: the goal, a turn and how to win in a few lines of our
own (each citing its rule section), the rules in the order a learner meets them
(measured: :mod:`explorer.ui.teaching`), then a first game as seat 0 against the
greedy bot, which says at each of your decisions what it would do in your place
and why: its choice, in the game's words, and a one-line reason (the bot's score
of the best options where it scores them, else the step of its plan).

>>> from explorer.doomtrooper.game import DoomtrooperGame
>>> [title for title, _, _ in guide(DoomtrooperGame())]
['The goal', 'A turn', 'How to win']
>>> lines = first_decisions(seed=1, count=2)
>>> len(lines), lines[0].startswith("the deal: Decline the Cardinal's Gift")
(2, True)
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from explorer.core.engine import Stepper
from explorer.core.events import RuleRef
from explorer.doomtrooper import sections as R
from explorer.doomtrooper.bots import GreedyBot
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.words import option_text

from ..common import Displayable, esc, rule_html, tagged
from ..teaching import teaching_view
from .table import TableStepper


def guide(game: DoomtrooperGame) -> list[tuple[str, str, RuleRef]]:
    """The goal, a turn and how to win: ``(title, our words, the rule cited)``,
    the numbers read from ``game``'s rules."""
    rules = game.rules
    return [
        ("The goal", "Each player fields warriors (Doomtroopers in a Squad, the Dark Legion in a Kohort) and "
                     "sends them into combat against the other players' warriors. Destiny Points pay for "
                     "warriors and spells; Promotion Points are the score.", R.OVERVIEW),
        ("A turn", f"Draw up to {rules.hand_size} cards; take up to {rules.actions_per_turn} actions (muster a "
                   "warrior, equip one, build a fortification, seek cover, meditate for Destiny, attack: the "
                   "attack is the last action of a turn); then discard one card if you like.", R.TURN),
        ("How to win", "A warrior that kills earns its player the dead warrior's Value, split as he likes "
                       "between Promotion and Destiny Points. The first player with "
                       f"{rules.promotion_goal} Promotion Points wins.", R.AWARD),
    ]


def guide_html(game: DoomtrooperGame) -> str:
    """The guide as HTML, each item with its rule (our summary on hover)."""
    items = "".join(f"<li><b>{esc(title)}</b>: {esc(text)} <span style='color:#555'>(rule: "
                    f"{rule_html(rule, compact=True)})</span></li>" for title, text, rule in guide(game))
    return f"<ol style='line-height:1.5'>{items}</ol>"


# -- the bot's advice ---------------------------------------------------------------------------------

#: the greedy bot's scores, by the action class they rank, and what a score counts
SCORES = {"Attack": ("attack_score", "the Value it expects to win less the Value it risks"),
          "Equip": ("equip_score", "what the card adds to the warrior"),
          "Bestow": ("bestow_score", "what the gift adds to the warrior"),
          "Cast": ("cast_score", "what the spell adds"),
          "PlayRelic": ("attach_score", "what the Relic adds"),
          "AttachKiPower": ("attach_score", "what the Ki Power adds"),
          "Assign": ("assign_score", "what the mission may earn")}
#: the greedy bot's plan for a choice it does not score, by action class
PLAN = {
    "Muster": "setting up comes first: it musters its strongest warrior while it has few in play",
    "MusterInCover": "no warrior in play: it musters one in cover",
    "Meditate": "nothing better for this action: a Destiny Point for later",
    "EndActions": "nothing left worth an action",
    "Build": "a fortification helps every warrior of its area",
    "Discard": "it keeps the cards it can use",
    "KeepHand": "every card in hand may be of use",
    "DeclineGift": "the hand holds a warrior to muster",
    "ClaimGift": "no warrior in hand: a fresh hand",
    "TakePoints": "Promotion Points win the game: it takes as many as it may",
    "Pass": "no card worth playing in this combat",
    "Play": "a card that turns this combat its way",
    "ChooseWeapon": "the weapon that adds most to this combat's tactic",
    "ExitCover": "a warrior in cover cannot fight: out it comes",
    "SeekCover": "cover guards a warrior it cannot use now",
    "Resolve": "the combat is ready to be decided",
}


def advice(game: DoomtrooperGame, state: Any, seat: int) -> tuple[Any, str]:
    """What the greedy bot would do for ``seat`` at this decision, from what that
    seat sees, and a one-line reason."""
    view = game.observe(state, seat)
    bot = GreedyBot()
    decision = game.decision(state)
    choice = bot.pick(game, view, decision)
    return choice, reason(game, view, seat, choice, decision.options, bot)


def reason(game: DoomtrooperGame, view: Any, seat: int, choice: Any, options: Any, bot: GreedyBot) -> str:
    """Why the greedy bot makes ``choice``: its score of the best options of that
    kind (at most three), or the step of its plan."""
    kind = type(choice).__name__
    if kind in SCORES:
        method, counts = SCORES[kind]
        score = getattr(bot, method)
        ranked = sorted((o for o in options if type(o) is type(choice)), key=lambda o: -score(game, view, o))[:3]
        scored = "; ".join(f"{option_text(view, o, seat, game)} {score(game, view, o):+.1f}" for o in ranked)
        return f"the bot's score of the best options ({counts}): {scored}"
    return PLAN.get(kind, "the next step of the greedy bot's plan")


def first_decisions(seed: int = 1, count: int = 5, seat: int = 0) -> list[str]:
    """The bot's advice at ``seat``'s first ``count`` real choices of a seeded
    two-player game (greedy bots, following the advice): one line each."""
    game = DoomtrooperGame()
    st = Stepper(game, game.new_game(2), seed, GreedyBot())
    lines = []
    while not st.over and len(lines) < count:
        dec = st.decision
        if dec.player == seat and not dec.forced and len(dec.options) > 1:
            choice, why = advice(game, st.state, seat)
            turns = st.state.seats[seat].turns
            when = f"turn {turns}" if turns else "the deal"
            lines.append(f"{when}: {option_text(st.state, choice, seat, game)} ({why})")
        st.step()
    return lines


class HowToPlay(Displayable):
    """The guide, the rules in the measured order you meet them, then a two-player
    game from the deal in which you play seat 0 against the greedy bot; at each of
    your decisions the bot says what it would do and why ("Let the bot choose"
    takes its advice)."""

    def __init__(self, seed: int = 1, seat: int = 0):
        self.seat = seat
        self.table = TableStepper(seed=seed, seat=seat)
        self.guide = tagged(W.HTML(guide_html(self.table.game)), "xp-howto-guide")
        self.order = teaching_view("doomtrooper")
        self.advice = tagged(W.HTML(), "xp-howto-advice")
        self.widget = tagged(W.VBox([self.guide, self.order, self.advice, self.table.widget]), "xp-howto")
        self.table.stepper_widget.on_change(self._advise)

    def _advise(self, w: Any) -> None:
        if not w.waiting():
            self.advice.value = ("<i>The bot speaks at your decisions: press <b>Next step</b> or <b>Play to end "
                                 "of turn</b> to play on.</i>" if not w.stepper.over else "")
            return
        choice, why = advice(w.game, w.stepper.state, self.seat)
        text = option_text(w.stepper.state, choice, self.seat, w.game)
        self.advice.value = (f"<div style='padding:4px 8px;background:#eef4fb;border-left:4px solid #1f5fa8'>"
                             f"<b>The bot would</b>: {esc(text)}. <b>Why</b>: {esc(why)}.</div>")

    def _short_repr(self) -> str:
        return f"HowToPlay(seed={self.table.stepper.seed}, seat={self.seat})"


__all__ = ["HowToPlay", "PLAN", "SCORES", "advice", "first_decisions", "guide", "guide_html", "reason"]
