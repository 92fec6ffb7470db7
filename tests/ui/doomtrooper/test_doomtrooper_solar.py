"""The Colonization board drawn (Colonization, Doomtrooper Optional Rules and Variants): the
planets and routes of the diagram, the warzones coloured by their controller, Colony Points."""

from __future__ import annotations

import plotly.graph_objects as go

from explorer.doomtrooper.variants.solar import ColonyBoard
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.ui.common import esc
from explorer.ui.doomtrooper.solar import (NOBODY, SEAT_COLOURS, ColonizationView, solar_figure, turn_label,
                                          update_solar_figure)


def test_the_empty_board_has_every_planet_and_warzone():
    """Colonization: five planets, four routes to the Asteroid Belt, sixteen warzones, none controlled."""
    fig = solar_figure()
    assert isinstance(fig, go.Figure)
    names = {t.name for t in fig.data}
    assert {"Mars", "Mercury", "Venus", "Asteroid Belt", "Earth"} <= names
    routes = next(t for t in fig.data if t.name == "routes")
    assert len(routes.x) == 4 * 3  # four lines, each two points and a break
    zones = next(t for t in fig.data if t.name == "warzones")
    assert len(zones.x) == 16 and set(zones.marker.color) == {NOBODY}
    assert any("Citadel Sanctum" in h and "+6" in h for h in zones.hovertext)


def test_the_board_shows_control_and_colony_points():
    """Colonization: a warzone takes its controller's colour (a starting claim too); the legend gives
    each player's Colony Points as counted and as things stand; warriors on Earth are drawn."""
    game = DoomtrooperGame(rules=override_rules({"variant": "colonization"}))
    state = game.setup(2, seed=3)
    start = state.board.start
    fig = solar_figure(state)
    zones = next(t for t in fig.data if t.name == "warzones")
    coloured = [h.split("</b>")[0][3:] for h, c in zip(zones.hovertext, zones.marker.color) if c != NOBODY]
    assert sorted(coloured) == sorted(start)
    trencher = state.troopers  # none yet
    assert trencher == ()
    from explorer.doomtrooper.state import Trooper

    state = state._replace(troopers=(Trooper(0, "Imperial Trencher", 1, "Squad", place="Earth"),
                                     Trooper(1, "Razide", 0, "Kohort", place="Cyberpolis")), next_uid=2,
                           board=ColonyBoard(start, start, (9, 0)))
    fig = solar_figure(state, names={0: "Ann", 1: "Bob"})
    legend = [t.name for t in fig.data if t.showlegend is not False and t.name and "Colony Points" in t.name]
    assert legend[0].startswith("Ann: 9 Colony Points (now ") and legend[1].startswith("Bob: 0 Colony Points (now ")
    earth = next(t for t in fig.data if t.name == "on Earth")
    assert list(earth.marker.color) == [SEAT_COLOURS[1]]
    zones = next(t for t in fig.data if t.name == "warzones")
    cyber = [c for h, c in zip(zones.hovertext, zones.marker.color) if h.startswith("<b>Cyberpolis")]
    assert cyber == [SEAT_COLOURS[0]]
    update_solar_figure(fig, game.setup(2, seed=4))
    assert "Ann" not in " ".join(t.name or "" for t in fig.data)


def test_the_view_steps_through_a_game_turn_by_turn():
    """Colonization: a seeded game shown turn by turn; each turn's board follows the slider and its
    log cites the Colony Points counted as the turn begins."""
    view = ColonizationView(seed=2, players=2, rules={"turn_cap": 12})
    assert view.result is not None and len(view.turns) >= 10
    view.slider.value = 5
    state, _ = view.turns[5]
    assert view.slider.label == turn_label(state)
    assert turn_label(state) in view.figure.layout.title.text
    assert "variants.colonization.points" in view.log.value
    assert view.slider.label == turn_label(state)  # the slider reads the turn as the log numbers it
    assert view.turn.value == esc(turn_label(state)) and not view.slider.readout  # read in full beside it
    view.slider.value = len(view.turns) - 1
    assert view.slider.label == "end" and view.turn.value == "the end"
    assert "Colony Points" in " ".join(t.name or "" for t in view.figure.data)
