"""The Victorian widgets, driven by their callbacks: the stepper with a seat's view,
the tables, the chains and the deck odds (the browser tests click the same)."""

from __future__ import annotations

from fractions import Fraction

from explorer.ui.victorian import AttackOdds, ChainOdds, DeckOdds, TableOdds, ThwartOdds, VictorianStepper
from explorer.victorian import odds, tables
from explorer.victorian.game import VictorianGame
from explorer.victorian.state import Phase
from explorer.victorian.why_not import tempting


def test_the_stepper_hides_the_other_hand_in_a_sides_view():
    """THE DECKS / SETUP: a side's view shows its own hand and only the size of the other; all-seeing shows both."""
    w = VictorianStepper(seed=3)
    w.next_phase()
    heroes_view = w.stepper.state_view.value
    assert "hidden" in heroes_view
    w.view.value = "all"
    assert "hidden" not in w.stepper.state_view.value and w.plays.disabled
    w.view.value = "villains"
    assert "hidden" in w.stepper.state_view.value and w.stepper.state_view.value != heroes_view


def test_the_log_shown_to_a_side_leaves_out_the_other_sides_cards():
    """NEW DAY PHASE: a card drawn is named in its owner's log only."""
    w = VictorianStepper(seed=3)
    w.stepper.play_turn()
    w.stepper.play_turn()
    game = w.game
    drawn = [ev for e in w.stepper.stepper.history for ev in e.events if ev.visible_to == frozenset({"villains"})]
    assert drawn
    assert drawn[-1].text not in w.stepper.log_view.value  # the Heroes' view
    w.view.value = "villains"
    assert drawn[-1].text.replace("'", "&#x27;") in w.stepper.log_view.value or drawn[-1].text in \
        w.stepper.log_view.value


def test_next_phase_stops_at_the_next_phase():
    """TURN SEQUENCE: "Next phase" plays until the next side's part of a phase begins."""
    w = VictorianStepper(seed=2)
    w.next_phase()
    state = w.stepper.stepper.state
    assert (state.turn, state.phase) == (1, Phase.NEW_DAY)
    w.next_phase()
    assert w.stepper.stepper.state.phase in (Phase.NEW_DAY, Phase.GENIUS)


def test_playing_a_side_hands_its_decisions_to_the_person():
    """TURN SEQUENCE: with "I play this side", the stepper waits for the person at that side's choices."""
    w = VictorianStepper(seed=2, plays=True)
    for _ in range(20):
        if w.stepper.waiting():
            break
        w.stepper.play_turn()
    assert w.stepper.waiting() and w.stepper.option_buttons
    assert w.phase_button.disabled
    w.stepper.choose(w.stepper.option_buttons[0].option)


def test_why_not_lists_moves_the_rules_forbid():
    """RECRUIT PHASE and others: the tempting moves are illegal now, each explained by its rule."""
    game = VictorianGame()
    s = game.scenario(heroes=["Tarzan"], villains=["Dr Moreau"], hands={"heroes": ["Saber", "Train"]},
                      at=Phase.RECRUIT)
    moves = tempting(game, s, "heroes")
    assert moves
    for m in moves:
        exc = game.illegal(s, m)
        assert exc.message and exc.rule.game == "victorian"


def test_the_tables_widget_draws_each_results_exact_odds():
    """ASSASSIN PHASE: the chart's bars are the table's exact odds at each modifier."""
    t = TableOdds(table="Assassin Roll", low=-1, high=3)
    assert t.series()["killed"] == [tables.assassin_roll(m)["killed"] for m in range(-1, 4)]
    t.table.value = "Healing Roll (1D6)"
    assert t.series()["removed"][-1] == tables.healing_roll(3)
    assert "HEALING PHASE" in t.rule.value


def test_the_chain_widgets_answer_with_the_odds_module():
    """ATTACK PHASE / INTERCEPT PHASE: the widgets ask the chains and show the same exact answers."""
    a = AttackOdds(hero="Tarzan", mastermind="Dr Moreau", minion="Hybrid", count=2)
    assert a.result() == odds.attack("Tarzan", "Dr Moreau", ["Hybrid", "Hybrid"])
    a.gear.value = "Machete"
    assert a.result() == odds.attack("Tarzan", "Dr Moreau", ["Hybrid", "Hybrid"], gear=["Machete"])
    t = ThwartOdds(heroes=("Sherlock Holmes",), mastermind="Professor Moriarty", plots=1)
    assert t.result()["thwarted"] == Fraction(7, 12)
    assert len(ChainOdds().widget.children) == 3


def test_the_deck_widget_puts_the_game_beside_the_formula():
    """SETUP: the opening hand after mulligans, the first seven alone, the mulligan, the card by turn."""
    d = DeckOdds(side="heroes", card_type="W", at_least=2, card="Saber", turns=5)
    assert d.opening() == odds.opening_hand("heroes", at_least={"W": 2})
    assert "hypergeometric" in d.answer.value
    d.side.value = "villains"
    assert d.card.value in VictorianGame().cards_of("villains")
