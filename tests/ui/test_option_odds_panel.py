"""The stepper's "before you choose" panel: every option that rolls or starts a
combat gets a line with its exact odds and the terms behind them."""

import sys
from pathlib import Path

from explorer.doomtrooper.base.actions import Attack, EndActions
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.ui.doomtrooper import option_odds as dt_rows
from explorer.ui.option_odds import OptionOddsPanel
from explorer.ui.victorian import option_odds as vic_rows
from explorer.victorian.actions import Done, Track
from explorer.victorian.game import VictorianGame
from explorer.victorian.state import Phase

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "doomtrooper"))
from dt_helpers import W, make_state  # noqa: E402


def test_victorian_track_row_shows_terms_and_every_result():
    """"Track Roll": the hero's Track is the term; each result of the table has its chance."""
    g = VictorianGame()
    s = g.scenario(heroes=["Sherlock Holmes"], villains=["Professor Moriarty"], at=Phase.INTERCEPT)
    rows = vic_rows.rows(g, g.observe(s, "heroes"), [Track("Sherlock Holmes", "Professor Moriarty"), Done()])
    assert len(rows) == 1
    row = rows[0]
    assert "58.3% (7/12)" in row.sentence and "Sherlock Holmes&#x27;s Track" in row.detail
    assert "cards.heroes" in row.detail and "dead end" in row.detail
    panel = OptionOddsPanel()
    panel.show(rows)
    assert panel.widget.layout.display is None and "Track Roll" in panel.widget.value


def test_doomtrooper_attack_row_takes_each_rating_apart():
    """"Combat", step 6 under the dice rule: ratings with their terms, the outcomes with their chances."""
    game = DoomtrooperGame(rules=override_rules({"dice": "2d6"}))
    state = make_state(game, warriors=[W("Sean Gallagher", 0, uid=0, attached=("Violator Sword",)),
                                       W("Nepharite of Ilian", 1, uid=1)])
    rows = dt_rows.rows(game, game.observe(state, 0), [Attack(0, 1, "fight"), EndActions()],
                        name=lambda o: "Sean Gallagher attacks the Nepharite of Ilian (Fight)")
    assert len(rows) == 1
    row = rows[0]
    assert "Violator Sword" in row.detail and "attacker: Sean Gallagher" in row.detail
    assert "each rating adds 2d6" in row.sentence
    assert "#" not in row.option and "Fraction(" not in row.detail


def _step_until(widget, stepper, found, limit=4000):
    for _ in range(limit):
        if found():
            return True
        if stepper.over:
            return False
        stepper.step()
        widget.refresh()
    return found()


def test_the_victorian_stepper_shows_a_rolling_options_odds_to_its_side():
    """"Intercept Phase": when the Heroes may track, the panel gives each Track Roll's odds."""
    from explorer.ui.victorian.stepper import VictorianStepper
    page = VictorianStepper(seed=2, view="heroes")
    st = page.stepper.stepper
    assert _step_until(page.stepper, st, lambda: st.decision is not None and st.decision.player == "heroes"
                       and any(isinstance(o, Track) for o in st.decision.options))
    assert "Track Roll" in page.option_odds.widget.value and page.option_odds.widget.layout.display is None
    st.step()
    page.stepper.refresh()
    if st.decision is None or st.decision.player != "heroes" or not any(
            isinstance(o, Track) for o in st.decision.options):
        assert "Track Roll" not in page.option_odds.widget.value


def test_the_doomtrooper_table_shows_an_attacks_combat_to_the_attacking_seat():
    """"Combat": when seat 0 may attack, the panel gives each attack's combat as things stand."""
    from explorer.ui.doomtrooper.table import TableStepper
    page = TableStepper(seed=2, seat=None, view=0)
    st = page.stepper
    assert _step_until(page.stepper_widget, st, lambda: st.decision is not None and st.decision.player == 0
                       and any(isinstance(o, Attack) for o in st.decision.options))
    value = page.option_odds.widget.value
    assert "attacks" in value and "Armor" in value and "#" not in value.split("<style")[0]
