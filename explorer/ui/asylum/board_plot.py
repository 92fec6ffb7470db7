"""A drawing of the asylum board: rooms coloured by kind, corridors, parties as
markers and the last move as an arrow.  Pure functions returning plotly figures;
widgets redraw a :class:`~explorer.ui.common.LiveFigure` with :func:`update_board_figure`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import networkx as nx
import plotly.graph_objects as go

from ..common import LiveFigure, figure_update

KIND_COLOURS = {"plot": "#d62728", "yard": "#2ca02c", "room": "#9aa5b1"}
KIND_LABELS = {"plot": "plot room", "yard": "the Yard", "room": "room (Event Table)"}
SEAT_COLOURS = ("#1f77b4", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")


def seat_colour(seat: int) -> str:
    """The colour a seat's party is drawn in, on the board and in its legend."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


class PartyMarker(NamedTuple):
    """One party to draw: its seat, the room it stands in, and a hover label."""

    seat: int
    room: str
    label: str


def _offsets(parties: Sequence[PartyMarker]) -> dict[int, tuple[float, float]]:
    """Spread parties sharing a room around its centre so every marker shows."""
    by_room: dict[str, list[int]] = {}
    for p in parties:
        by_room.setdefault(p.room, []).append(p.seat)
    out = {}
    for seats in by_room.values():
        for k, seat in enumerate(seats):
            out[seat] = (0.22 * (k - (len(seats) - 1) / 2), 0.28)
    return out


#: how close (in board units) a corridor's line may pass to a room it does not join
#: before it is drawn as a curve around it (rooms are 1 to 2 units apart)
CLEARANCE = 0.3


def _distance_to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy or 1.0)))
    return ((px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2) ** 0.5


def corridor_path(pos: dict[str, tuple[float, float]], a: str, b: str) -> list[tuple[float, float]]:
    """The points a corridor from ``a`` to ``b`` is drawn through: its two ends, or,
    when the straight line would pass over another room (a designer's long corridor
    across the map, read as two corridors through that room), a curve bowed out far
    enough to clear every room by half as much again.

    >>> corridor_path({"A": (0, 0), "B": (2, 0)}, "A", "B")
    [(0, 0), (2, 0)]
    >>> path = corridor_path({"A": (0, 0), "M": (1, 0), "B": (2, 0)}, "A", "B")
    >>> len(path), path[0] == (0, 0), path[-1] == (2, 0), abs(path[len(path) // 2][1]) > 0.3
    (17, True, True, True)
    """
    if b < a:  # the same curve either way along it
        return corridor_path(pos, b, a)[::-1]
    p0, p2 = pos[a], pos[b]
    others = [xy for room, xy in pos.items() if room not in (a, b)]
    if all(_distance_to_segment(xy, p0, p2) > CLEARANCE for xy in others):
        return [p0, p2]
    mx, my = (p0[0] + p2[0]) / 2, (p0[1] + p2[1]) / 2
    nx_, ny_ = p0[1] - p2[1], p2[0] - p0[0]  # perpendicular to the corridor, as long as it
    length = (nx_ * nx_ + ny_ * ny_) ** 0.5 or 1.0
    nx_, ny_ = nx_ / length, ny_ / length

    def curve(bow: float) -> list[tuple[float, float]]:
        c = (mx + bow * nx_, my + bow * ny_)  # a quadratic Bezier's control point
        return [((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * c[0] + t * t * p2[0],
                 (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * c[1] + t * t * p2[1]) for t in (i / 16 for i in range(17))]

    def clearance(path: list[tuple[float, float]]) -> float:
        return min(_distance_to_segment(xy, p, q) for xy in others for p, q in zip(path, path[1:]))

    tries = [curve(sign * k * 0.5) for k in range(1, 9) for sign in (1, -1)]
    return next((path for path in tries if clearance(path) > 1.5 * CLEARANCE), max(tries, key=clearance))


def board_figure(
    board: nx.Graph,
    parties: Sequence[PartyMarker] = (),
    last_move: tuple[str, str] | None = None,
    title: str = "Doom Asylum",
    seats: int | None = None,
) -> go.Figure:
    """The board as a figure.  Traces, in order: corridors, one trace per room
    kind, one legend entry per seat (its colour; ``seats`` of them, or those of
    ``parties``), the parties (one trace, the last), and the last move as a layout
    annotation."""
    pos = nx.get_node_attributes(board, "pos")
    xs, ys = [], []
    for a, b in sorted(board.edges()):
        path = corridor_path(pos, a, b)
        xs += [x for x, _ in path] + [None]
        ys += [y for _, y in path] + [None]
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=dict(color="#c8ccd2", width=3),
                             hoverinfo="skip", showlegend=False, name="corridors"))
    for kind in ("plot", "yard", "room"):
        rooms = sorted(r for r, k in board.nodes(data="kind") if k == kind)
        fig.add_trace(go.Scatter(
            x=[pos[r][0] for r in rooms], y=[pos[r][1] for r in rooms], mode="markers+text",
            marker=dict(size=26 if kind != "room" else 18, color=KIND_COLOURS[kind], line=dict(color="white", width=1)),
            text=rooms, textposition="bottom center", textfont=dict(size=9),
            hovertext=[f"<b>{r}</b><br>{board.nodes[r].get('description', '')}" for r in rooms], hoverinfo="text",
            name=KIND_LABELS[kind],
        ))
    for seat in range(seats) if seats is not None else sorted({p.seat for p in parties}):  # which colour is whose
        fig.add_trace(go.Scatter(mode="markers", x=[None], y=[None], name=f"seat {seat}", hoverinfo="skip",
                                 marker=dict(size=12, symbol="diamond", color=seat_colour(seat),
                                             line=dict(color="black", width=1))))
    fig.add_trace(go.Scatter(mode="markers", x=[], y=[], name="parties", showlegend=False,
                             marker=dict(size=16, symbol="diamond", line=dict(color="black", width=1))))
    px = [x for x, _ in pos.values()]
    py = [y for _, y in pos.values()]
    fig.update_layout(
        title=dict(text=title, x=0.02, y=0.98), width=640, height=560, margin=dict(l=10, r=10, t=50, b=10),
        plot_bgcolor="white", legend=dict(orientation="h", y=-0.02),
        # padding keeps labels below the bottom row and party markers above the top row in view
        xaxis=dict(visible=False, range=[min(px) - 0.9, max(px) + 0.9]),
        yaxis=dict(visible=False, range=[min(py) - 0.7, max(py) + 0.6], scaleanchor="x"),
    )
    _draw_parties(fig, board, parties, last_move)
    return fig


def update_board_figure(fig: LiveFigure | go.Figure, board: nx.Graph, parties: Sequence[PartyMarker],
                        last_move: tuple[str, str] | None, title: str | None = None) -> None:
    """Move the party markers and the arrow of a figure made by :func:`board_figure`,
    and set its title, all in one update (so every view shows all of it)."""
    with figure_update(fig) as f:
        _draw_parties(f, board, parties, last_move)
        if title is not None:
            f.layout.title.text = title


def _draw_parties(fig: go.Figure, board: nx.Graph, parties: Sequence[PartyMarker],
                  last_move: tuple[str, str] | None) -> None:
    pos = nx.get_node_attributes(board, "pos")
    off = _offsets(parties)
    trace = fig.data[-1]
    trace.x = [pos[p.room][0] + off[p.seat][0] for p in parties]
    trace.y = [pos[p.room][1] + off[p.seat][1] for p in parties]
    trace.marker.color = [seat_colour(p.seat) for p in parties]
    trace.text = [p.label for p in parties]
    trace.hovertext = [p.label for p in parties]
    trace.hoverinfo = "text"
    annotations = []
    if last_move is not None and last_move[0] != last_move[1]:
        path = corridor_path(pos, *last_move)  # along a curved corridor: its last quarter
        (x0, y0), (x1, y1) = path[-5 if len(path) > 2 else 0], path[-1]
        annotations.append(dict(x=x1, y=y1, ax=x0, ay=y0, xref="x", yref="y", axref="x", ayref="y",
                                showarrow=True, arrowhead=3, arrowsize=1.4, arrowwidth=2.5, arrowcolor="#333"))
    fig.layout.annotations = annotations
