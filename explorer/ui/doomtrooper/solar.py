"""The Colonization board drawn: the five planets where the rulebook's diagram
puts them (the Asteroid Belt in the middle, Mars above, Mercury left, Venus
right, Earth below), the routes between them, each planet's warzones around it
coloured by the player who controls them (grey: nobody), the warriors standing
on Earth, and every player's Colony Points (as counted at the start of his last
turn, and as things stand now).

:class:`ColonizationView` plays a seeded game of Colonization with the bots and
shows the board turn by turn (a slider over the turns), with the log lines of
that turn (each citing its rule).

>>> fig = solar_figure()
>>> sorted(t.name for t in fig.data)[:2]
['Asteroid Belt', 'Earth']
"""

from __future__ import annotations

import math
from typing import Any

import ipywidgets as W
import networkx as nx
import plotly.graph_objects as go

from explorer.core.engine import Stepper
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.base.turn import turn_number
from explorer.doomtrooper.variants.solar import colony_points, controller, load_solar, solar_system
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Phase

from ..common import Displayable, LiveFigure, esc, figure_update, tagged

#: where each planet stands, as in the rulebook's diagram
POSITIONS = {"Mars": (0.0, 1.7), "Mercury": (-2.4, 0.0), "Asteroid Belt": (0.0, 0.0), "Venus": (2.4, 0.0),
             "Earth": (0.0, -1.7)}
PLANET_COLOURS = {"Mars": "#e3a08a", "Mercury": "#c9c2b8", "Asteroid Belt": "#b9b2a6", "Venus": "#e8d49a",
                  "Earth": "#9cc3e0"}
SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
NOBODY = "#d9dce0"


def _ring(centre: tuple[float, float], k: int, n: int, radius: float = 0.62) -> tuple[float, float]:
    """Where warzone ``k`` of ``n`` sits around its planet (clockwise from the top left)."""
    angle = math.pi * 3 / 4 - 2 * math.pi * k / max(n, 1)
    return centre[0] + radius * math.cos(angle), centre[1] + radius * math.sin(angle)


def solar_figure(state: Any = None, graph: nx.Graph | None = None, title: str = "Colonization: the solar system",
                 names: dict[int, str] | None = None, earth_bonus: int = 6) -> go.Figure:
    """The board as a figure.  ``state``: a game of Colonization (a ``DTState``
    with its board), or ``None`` for the empty board.  Traces, in order: the
    routes, one marker per planet (named after it), the warzones (one trace,
    hover for the name, "+X", controller and warriors), the warriors on Earth,
    then one legend entry per player with his Colony Points (``earth_bonus``:
    the rules' ``colony_earth``, for the points as things stand)."""
    g = graph if graph is not None else solar_system()
    solar = load_solar()
    fig = go.Figure()
    xs, ys = [], []
    for a, b in g.edges:
        xs += [POSITIONS[a][0], POSITIONS[b][0], None]
        ys += [POSITIONS[a][1], POSITIONS[b][1], None]
    fig.add_scatter(x=xs, y=ys, mode="lines", line=dict(color="#8a8f98", width=3, dash="dot"), name="routes",
                    hoverinfo="skip", showlegend=False)
    for planet in g.nodes:
        x, y = POSITIONS.get(planet, (0, 0))
        # a name of two words on two lines: "Asteroid Belt" is wider than its planet
        fig.add_scatter(x=[x], y=[y], mode="markers+text", name=planet, showlegend=False,
                        text=[f"<b>{'<br>'.join(planet.split())}</b>"],
                        textposition="middle center", hovertext=[_planet_hover(g, planet)], hoverinfo="text",
                        marker=dict(size=74, color=PLANET_COLOURS.get(planet, "#ccc"), line=dict(width=1, color="#555")))
    names = names or {}
    seats = len(state.seats) if state is not None else 0
    wx, wy, colours, labels, hovers = [], [], [], [], []
    for planet in g.nodes:
        zones = g.nodes[planet]["warzones"]
        for k, w in enumerate(zones):
            x, y = _ring(POSITIONS.get(planet, (0, 0)), k, len(zones))
            who = controller(state, w) if state is not None else None
            here = [t for t in state.troopers if t.place == w] if state is not None else []
            wx.append(x)
            wy.append(y)
            colours.append(SEAT_COLOURS[who % len(SEAT_COLOURS)] if who is not None else NOBODY)
            labels.append(f"+{g.nodes[planet]['values'][w]}")
            line = f"<b>{w}</b> ({planet}), +{g.nodes[planet]['values'][w]} Colony Points"
            line += "<br>controlled by " + (names.get(who, f"seat {who}") if who is not None else "nobody")
            if here:
                line += "<br>" + "<br>".join(f"#{t.uid} {t.card}{' (in cover)' if t.cover else ''}" for t in here)
            elif who is not None:
                line += "<br>(its starting claim)"
            hovers.append(line)
    fig.add_scatter(x=wx, y=wy, mode="markers+text", name="warzones", showlegend=False, text=labels,
                    textposition="middle center", textfont=dict(size=10), hovertext=hovers, hoverinfo="text",
                    marker=dict(size=30, color=colours, symbol="hexagon", line=dict(width=1, color="#444")))
    ex, ey, ecol, etext = [], [], [], []
    if state is not None:
        on_earth = [t for t in state.troopers if (t.place or solar.earth) == solar.earth]
        cx, cy = POSITIONS.get(solar.earth, (0, -1.7))
        for k, t in enumerate(on_earth):
            ex.append(cx - 0.5 + 0.25 * (k % 5))
            ey.append(cy - 0.55 - 0.22 * (k // 5))
            ecol.append(SEAT_COLOURS[t.owner % len(SEAT_COLOURS)])
            etext.append(f"#{t.uid} {t.card} ({names.get(t.owner, f'seat {t.owner}')}) on Earth")
    fig.add_scatter(x=ex, y=ey, mode="markers", name="on Earth", showlegend=False, hovertext=etext,
                    hoverinfo="text", marker=dict(size=11, color=ecol, symbol="circle"))
    for i in range(seats):
        counted = state.board.colony[i] if state.board is not None else 0
        now = colony_points(state, i, solar, earth_bonus)
        label = f"{names.get(i, f'seat {i}')}: {counted} Colony Points" + (f" (now {now})" if now != counted else "")
        fig.add_scatter(x=[None], y=[None], mode="markers", name=label,
                        marker=dict(size=12, color=SEAT_COLOURS[i % len(SEAT_COLOURS)], symbol="hexagon"))
    fig.update_layout(title=title, template="plotly_white", height=480, margin=dict(l=10, r=10, t=50, b=10),
                      xaxis=dict(visible=False, range=[-3.4, 3.4]), yaxis=dict(visible=False, range=[-2.7, 2.5],
                                                                             scaleanchor="x"),
                      legend=dict(orientation="h", y=-0.02))
    return fig


def update_solar_figure(fig: LiveFigure | go.Figure, state: Any, title: str | None = None,
                        earth_bonus: int = 6) -> None:
    """Redraw a figure made by :func:`solar_figure` for ``state``, in one update."""
    new = solar_figure(state, title=title or "Colonization: the solar system", earth_bonus=earth_bonus)
    with figure_update(fig) as f:
        f.data = ()
        for trace in new.data:
            f.add_trace(trace)
        f.layout.title.text = new.layout.title.text


def _planet_hover(g: nx.Graph, planet: str) -> str:
    zones = g.nodes[planet]["warzones"]
    near = ", ".join(sorted(g.neighbors(planet)))
    body = "<br>".join(f"{w}: +{g.nodes[planet]['values'][w]}" for w in zones) or "no warzones (nobody controls it)"
    return f"<b>{planet}</b> (next to {near})<br>{body}"


class ColonizationView(Displayable):
    """A seeded game of Colonization played by the bots (``policy``, default
    ``greedy``), shown turn by turn: move the slider to see the board as each
    turn begins (after its Colony Points are counted), and that turn's log.
    ``rules``: more rule changes by name (``{"colony_goal": 20}``)."""

    def __init__(self, seed: int = 1, players: int = 2, policy: str = "greedy", rules: dict | None = None,
                 max_steps: int = 20_000):
        changes = {"variant": "colonization", **(rules or {})}
        self.game = game = DoomtrooperGame(rules=override_rules(changes))
        stepper = Stepper(game, game.new_game(players), seed, get_bot(policy))
        self.turns: list[tuple[Any, list[str]]] = []  # (state as the turn begins, its log lines)
        lines: list[str] = []
        for _ in range(max_steps):
            if stepper.over:
                break
            entry = stepper.step()
            lines += [f"{esc(e.text)} <span class='xp-rule'>[{esc(e.rule.section)}]</span>" for e in entry.events
                      if e.visible_to is None]
            state = entry.state
            if state.phase is Phase.ACTIONS and any(e.rule.section == "variants.colonization.points"
                                                    for e in entry.events) or state.over:
                self.turns.append((state, lines))
                lines = []
        self.result = stepper.state.result
        self.figure = LiveFigure(solar_figure(self.turns[0][0] if self.turns else None, earth_bonus=game.rules.colony_earth))
        # labelled as the log numbers turns (each seat's own), valued by snapshot
        labels = [("end" if state.over else turn_label(state), k) for k, (state, _) in enumerate(self.turns)]
        # the turn is read beside the slider, not in its readout (too narrow for "seat 1's turn 12")
        self.slider = tagged(W.SelectionSlider(options=labels or [("-", 0)], value=0, description="turn",
                                               continuous_update=False, readout=False), "xp-dt-colony-turn")
        self.turn = tagged(W.HTML(), "xp-dt-colony-turn-label")
        self.log = tagged(W.HTML(), "xp-dt-colony-log")
        self.slider.observe(lambda _: self.show(self.slider.value), names="value")
        head = W.HTML(f"<b>{esc(self.result) if self.result is not None else 'not finished'}</b>")
        self.widget = W.VBox([head, W.HBox([self.slider, self.turn], layout=W.Layout(align_items="center")),
                              self.figure.widget, self.log])
        self.show(0)

    def show(self, k: int) -> None:
        """Draw the board as turn ``k`` (counting from 0) begins, and its log."""
        if not self.turns:
            return
        state, lines = self.turns[k]
        who = "the end" if state.over else turn_label(state)
        self.turn.value = esc(who)
        update_solar_figure(self.figure, state, title=f"Colonization, {who}", earth_bonus=self.game.rules.colony_earth)
        self.log.value = "<br>".join(lines[-40:])

    def _short_repr(self) -> str:
        return f"ColonizationView({len(self.turns)} turns)"


def turn_label(state: Any) -> str:
    """Whose turn it is, numbered as the log and the drawn table number it ("seat 1's turn 3")."""
    return f"seat {state.current}'s turn {turn_number(state)}"


__all__ = ["POSITIONS", "ColonizationView", "solar_figure", "turn_label", "update_solar_figure"]
