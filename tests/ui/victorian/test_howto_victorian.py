"""How to play the Victorian game: the guide's goal, turn and victory, each citing its rule, and a
first game against the greedy bot, which says at each of your decisions what it would do and why."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from explorer.core.rulebook import summary
from explorer.ui.victorian.howto import HowToPlay, advice, first_decisions, guide, guide_html, reason
from explorer.victorian import sections as R
from explorer.victorian.actions import Send
from explorer.victorian.bots import assassin_mod
from explorer.victorian.game import VictorianGame
from explorer.victorian.words import option_text

GAME = VictorianGame()


def test_the_guide_cites_its_rules_and_reads_its_numbers():
    """SIDES (sides), TURN SEQUENCE (turn), VICTORY (victory): three short items, each with a rule
    that has our summary, the numbers read from the rules in effect."""
    items = guide(GAME)
    assert [rule for _, _, rule in items] == [R.SIDES, R.TURN, R.VICTORY]
    assert all(summary(rule).heading for _, _, rule in items)
    assert f"Once {GAME.rules.victory_after_turn} turns" in items[2][1]
    assert f"{GAME.rules.major_plot_counters} Plot counters" in items[2][1]
    html = guide_html(GAME)
    assert html.count("xp-rule-ref") == 3 and "VICTORY" in html


def _wait_for_a_choice(howto: HowToPlay) -> None:
    w = howto.table.stepper
    for _ in range(400):
        if w.waiting():
            return
        w.next()
    raise AssertionError("no decision of the person's side")


def test_the_bot_says_what_it_would_do_and_takes_its_advice():
    """TURN SEQUENCE (turn): at the person's decision the bot names its choice (one of the options,
    in the game's words) and why; "Let the bot choose" plays exactly that choice."""
    howto = HowToPlay(seed=2)
    assert {"xp-howto"} <= set(howto.widget._dom_classes)
    assert "xp-howto-advice" in howto.advice._dom_classes and "xp-howto-guide" in howto.guide._dom_classes
    _wait_for_a_choice(howto)
    w = howto.table.stepper
    choice, why = advice(w.game, w.stepper.state, "heroes")
    assert choice in w.stepper.decision.options and why
    assert "The bot would" in howto.advice.value and option_text(w.stepper.state, choice) in howto.advice.value
    w.let_policy_choose()
    assert w.stepper.history[-1].action == choice


def _assassin_hit(mod: int) -> Fraction:
    """The Assassin Roll (2D6 plus the modifier) wounds on 8-10 and kills on 11 or more: counted by hand."""
    return Fraction(sum(a + b + mod >= 8 for a, b in product(range(1, 7), repeat=2)), 36)


def test_an_assassin_s_reason_gives_the_exact_chance():
    """ASSASSIN PHASE (assassin): the reason for sending an assassin is the exact chance its Assassin
    Roll wounds or kills, checked against a count of the 36 throws of two dice."""
    from explorer.core.engine import Stepper
    from explorer.victorian.bots import get_bot

    st = Stepper(GAME, GAME.new_game(), 2, {s: get_bot("greedy") for s in ("heroes", "villains")})
    checked = 0
    while not st.over and checked < 3:
        dec = st.decision
        sends = [o for o in dec.options if isinstance(o, Send)]
        if sends and not dec.forced:
            view = GAME.observe(st.state, "villains")
            why = reason(GAME, view, sends[0])
            hit = _assassin_hit(assassin_mod(GAME, view, sends[0].minion, sends[0].target))
            assert f"({hit.numerator}/{hit.denominator})" in why or (hit in (0, 1) and f"{float(hit):.1%}" in why)
            checked += 1
        st.step()
    assert checked


def test_the_first_decisions_of_a_seeded_game():
    """RECRUIT PHASE (recruit): the first advice of seed 1 recruits, with the bot's rule of thumb."""
    lines = first_decisions(seed=1, count=3)
    assert len(lines) == 3 and lines == first_decisions(seed=1, count=3)
    assert lines[0].startswith("turn 1, Recruit Phase: Recruit ") and "most valuable first" in lines[0]
