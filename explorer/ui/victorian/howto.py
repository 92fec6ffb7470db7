"""How to play the Victorian card game: the goal, a turn and how to win in a few
lines of our own (each citing its rule section), the rules in the order a learner
meets them (measured: :mod:`explorer.ui.teaching`), then a first game as one side
against the greedy bot, which says at each of your decisions what it would do in
your place and why: its choice, in the game's words, and a one-line reason (the
exact chance of the roll it weighs, where it weighs one).

>>> from explorer.victorian.game import VictorianGame
>>> [title for title, _, _ in guide(VictorianGame())]
['The goal', 'A turn', 'How to win']
>>> lines = first_decisions(seed=1, count=2)
>>> len(lines), lines[0].startswith("turn 1")
(2, True)
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from explorer.core.engine import Stepper
from explorer.core.events import RuleRef
from explorer.victorian import sections as R
from explorer.victorian.actions import Attack, PlayEvent, Recruit, Send, Track
from explorer.victorian.attack import combat_terms
from explorer.victorian.cards import effect_text
from explorer.victorian.bots import GreedyBot, assassin_mod, danger, get_bot
from explorer.victorian.game import VictorianGame
from explorer.victorian.state import HEROES, SIDES, VILLAINS
from explorer.victorian.tables.banded import assassin_roll, combat_roll, showdown_roll
from explorer.victorian.units import fight, minions_of, track_terms, unit_on
from explorer.victorian.words import article, named, option_text

from ..common import Displayable, esc, probability_text, rule_html, tagged
from ..teaching import teaching_view
from .stepper import VictorianStepper


def guide(game: VictorianGame) -> list[tuple[str, str, RuleRef]]:
    """The goal, a turn and how to win: ``(title, our words, the rule cited)``,
    the numbers read from ``game``'s rules."""
    rules = game.rules
    return [
        ("The goal", "One player takes the Heroes, the other the Villains. The Heroes track the Masterminds "
                     "down and attack them; the Villains hatch plots on their Masterminds and send their "
                     "minions after the heroes.", R.SIDES),
        ("A turn", "Thirteen phases in a fixed order. Both sides put cards from their hands into play in the "
                   "Recruit Phase; the Villains put plots on their Masterminds in the Plot Phase and send "
                   "assassins in the Assassin Phase; each hero makes a Track Roll against a Mastermind in the "
                   "Intercept Phase, and a Mastermind thwarted there may be attacked in the Attack Phase.", R.TURN),
        ("How to win", f"Once {rules.victory_after_turn} turns are over, a side whose opponent has no major "
                       f"character left in play wins. The Villains also win at once when a major plot "
                       f"gathers {rules.major_plot_counters} Plot counters.", R.VICTORY),
    ]


def guide_html(game: VictorianGame) -> str:
    """The guide as HTML, each item with its rule (our summary on hover)."""
    items = "".join(f"<li><b>{esc(title)}</b>: {esc(text)} <span style='color:#555'>(rule: "
                    f"{rule_html(rule, compact=True)})</span></li>" for title, text, rule in guide(game))
    return f"<ol style='line-height:1.5'>{items}</ol>"


# -- the bot's advice ---------------------------------------------------------------------------------

#: the greedy bot's rule of thumb for a choice, by action class (when no roll is weighed)
PLAN = {
    "Recruit": "it recruits everything it can, the most valuable first",
    "Summon": "a Captain's vessel adds to his Fight and Track at no cost",
    "Recall": "a vessel in hand fetches its Captain from the deck",
    "PlayEvent": "it plays an event card where it helps now",
    "Roll": "nothing to add to this roll first",
    "AttachPlot": "every plot goes into play, on the Mastermind with the fewest plots",
    "Facilitate": "a helper's +1 goes to the hero about to roll",
    "Strike": "it strikes at the weakest minion while the next roll is safe enough",
    "Showdown": "no minion is left: the Mastermind himself",
    "Stop": "the next roll is too risky",
    "Done": "nothing left it wants to do in this phase",
    "Pass": "no card worth answering with",
    "Heal": "a helper's bonus goes to the Healing Roll",
    "TakeWound": "nothing to give up instead",
    "Shed": "a weapon or vehicle is worth less than the hero's health",
    "Sacrifice": "the Underling is worth less than the hero he saves",
}


def advice(game: VictorianGame, state: Any, player: str) -> tuple[Any, str]:
    """What the greedy bot would do for ``player`` (``"heroes"`` or ``"villains"``)
    at this decision, from what that side sees, and a one-line reason."""
    view = game.observe(state, player)
    choice = get_bot("greedy").pick(game, view, game.decision(state))
    return choice, reason(game, view, choice)


def reason(game: VictorianGame, view: Any, choice: Any) -> str:
    """Why the greedy bot makes ``choice``: the exact chance of the roll it weighs
    (an assassin sent, an attack), what it compares (a Track Roll), or its rule of thumb."""
    if isinstance(choice, Send):
        odds = assassin_roll(assassin_mod(game, view, choice.minion, choice.target), game.tables)
        hit = odds["wounded"] + odds["killed"]
        minion = unit_on(view, VILLAINS, choice.minion)
        why = "a mob must be sent this phase" if minion is not None and minion.mob else \
            f"the bot sends an assassin from {GreedyBot.SEND:.0%}"
        return f"the Assassin Roll wounds or kills {named(choice.target)} with chance {probability_text(hit)}; {why}"
    if isinstance(choice, Attack):
        return (f"the first roll of the attack wounds or kills {named(choice.hero)} with chance "
                f"{probability_text(_attack_risk(game, view, choice))}; the bot attacks up to {GreedyBot.SAFE:.0%}")
    if isinstance(choice, Track):
        counters = sum(p.counters for p in view.sides[VILLAINS].plots if p.master == choice.target)
        bonus = sum(t.value for t in track_terms(game, view, HEROES, unit_on(view, HEROES, choice.hero)))
        return (f"{named(choice.target)} is the Mastermind nearest to paying out (danger "
                f"{danger(view, choice.target):g}, {counters} Plot counters), and {named(choice.hero)} tracks best "
                f"(Track {bonus:+d})")
    if isinstance(choice, Recruit):
        card = game.card(choice.card)
        return f"{PLAN['Recruit']}: {article(card.kind)} {card.kind} with Fight {card.fight}"
    if isinstance(choice, PlayEvent):
        card = game.card(choice.card)
        return f"{PLAN['PlayEvent']}: {card.text or card.note or effect_text(card)}"
    return PLAN.get(type(choice).__name__, "the greedy bot's rule of thumb for this choice")


def _attack_risk(game: VictorianGame, view: Any, choice: Attack):
    """The exact chance the first roll of ``choice`` kills or wounds the hero (the
    weakest minion first, else the Showdown)."""
    minions = minions_of(view.sides[VILLAINS], choice.target)
    if minions:
        weakest = min(minions, key=lambda u: fight(game, view, VILLAINS, u))
        odds = combat_roll(sum(t.value for t in combat_terms(game, view, choice.hero, weakest.uid, 0)), game.tables)
    else:
        odds = showdown_roll(sum(t.value for t in combat_terms(game, view, choice.hero, choice.target, 0)), game.tables)
    return odds["hero_killed"] + odds["hero_wounded"]


def first_decisions(seed: int = 1, count: int = 5, side: str = "heroes") -> list[str]:
    """The bot's advice at ``side``'s first ``count`` real choices of a seeded game
    (greedy bots on both sides, following the advice): one line each."""
    game = VictorianGame()
    st = Stepper(game, game.new_game(), seed, {s: get_bot("greedy") for s in SIDES})
    lines = []
    while not st.over and len(lines) < count:
        dec = st.decision
        if dec.player == side and not dec.forced and len(dec.options) > 1:
            choice, why = advice(game, st.state, side)
            lines.append(f"turn {st.state.turn}, {st.state.phase}: {option_text(st.state, choice)} ({why})")
        st.step()
    return lines


class HowToPlay(Displayable):
    """The guide, the rules in the measured order you meet them, then a game from
    the deal in which you play ``side`` against the greedy bot; at each of your
    decisions the bot says what it would do and why ("Let the bot choose" takes its
    advice)."""

    def __init__(self, seed: int = 1, side: str = "heroes"):
        self.side = side
        self.table = VictorianStepper(seed=seed, view=side, plays=True)
        self.guide = tagged(W.HTML(guide_html(self.table.game)), "xp-howto-guide")
        self.order = teaching_view("victorian")
        self.advice = tagged(W.HTML(), "xp-howto-advice")
        self.widget = tagged(W.VBox([self.guide, self.order, self.advice, self.table.widget]), "xp-howto")
        self.table.stepper.on_change(self._advise)

    def _advise(self, w: Any) -> None:
        if not w.waiting():
            self.advice.value = ("<i>The bot speaks at your decisions: press <b>Next phase</b> or <b>Next step</b> "
                                 "to play on.</i>" if not w.stepper.over else "")
            return
        choice, why = advice(w.game, w.stepper.state, self.side)
        self.advice.value = (f"<div style='padding:4px 8px;background:#eef4fb;border-left:4px solid #1f5fa8'>"
                             f"<b>The bot would</b>: {esc(option_text(w.stepper.state, choice))}. "
                             f"<b>Why</b>: {esc(why)}.</div>")

    def _short_repr(self) -> str:
        return f"HowToPlay(seed={self.table.stepper.stepper.seed}, side={self.side!r})"


__all__ = ["HowToPlay", "PLAN", "advice", "first_decisions", "guide", "guide_html", "reason"]
