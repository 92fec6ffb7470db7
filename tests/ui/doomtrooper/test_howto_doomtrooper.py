"""How to play Doomtrooper: the guide's goal, turn and victory, each citing its rule, and a first
game against the greedy bot, which says at each of your decisions what it would do and why."""

from __future__ import annotations

from explorer.core.engine import Stepper
from explorer.core.rulebook import summary
from explorer.doomtrooper import sections as R
from explorer.doomtrooper.base.actions import Attack
from explorer.doomtrooper.bots import GreedyBot
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.words import option_text
from explorer.ui.doomtrooper.howto import HowToPlay, advice, first_decisions, guide, guide_html, reason

GAME = DoomtrooperGame()


def test_the_guide_cites_its_rules_and_reads_its_numbers():
    """The Object (overview), The Order of Play (turn), Award Points (combat.award): three short items,
    each with a rule that has our summary, the numbers read from the rules in effect."""
    items = guide(GAME)
    assert [rule for _, _, rule in items] == [R.OVERVIEW, R.TURN, R.AWARD]
    assert all(summary(rule).heading for _, _, rule in items)
    assert f"up to {GAME.rules.actions_per_turn} actions" in items[1][1]
    assert f"{GAME.rules.promotion_goal} Promotion Points wins" in items[2][1]
    assert guide_html(GAME).count("xp-rule-ref") == 3


def test_the_bot_says_what_it_would_do_and_takes_its_advice():
    """Setting Up, The Cardinal's Gift (setup.gift): at seat 0's first decision the bot names its
    choice (one of the options, in words) and why; "Let the bot choose" plays that very choice."""
    howto = HowToPlay(seed=1)
    assert "xp-howto" in howto.widget._dom_classes and "xp-howto-advice" in howto.advice._dom_classes
    w = howto.table.stepper_widget
    while not w.waiting():
        w.next()
    choice, why = advice(w.game, w.stepper.state, 0)
    assert choice in w.stepper.decision.options and why
    assert "The bot would" in howto.advice.value and option_text(w.stepper.state, choice, 0, w.game) in \
        howto.advice.value.replace("&#x27;", "'")
    w.let_policy_choose()
    assert w.stepper.history[-1].action == choice


def test_an_attack_s_reason_ranks_the_bot_s_scores():
    """Attack (actions.attack): the reason for an attack lists the bot's scores of the best attacks,
    highest first, the chosen one among them."""
    st = Stepper(GAME, GAME.new_game(2), 1, GreedyBot())
    while not st.over:
        dec = st.decision
        attacks = [o for o in dec.options if isinstance(o, Attack)]
        if attacks and not dec.forced:
            choice, why = advice(GAME, st.state, dec.player)
            if isinstance(choice, Attack):
                view = GAME.observe(st.state, dec.player)
                assert why == reason(GAME, view, dec.player, choice, dec.options, GreedyBot())
                scores = [float(part.rsplit(" ", 1)[1]) for part in why.split(": ", 1)[1].split("; ")]
                assert scores == sorted(scores, reverse=True)
                assert option_text(view, choice, dec.player, GAME) in why
                return
        st.step()
    raise AssertionError("the bot never attacked")


def test_the_first_decisions_of_a_seeded_game():
    """Setting Up (setup): the first advice of seed 1 answers the Cardinal's Gift, then musters."""
    lines = first_decisions(seed=1, count=2)
    assert lines == first_decisions(seed=1, count=2)
    assert lines[0].startswith("the deal: Decline the Cardinal's Gift") and lines[1].startswith("turn 1: Muster")
