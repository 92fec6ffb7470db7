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
