"""The what-if runs as charts: win rates with their 95% intervals against a fair share,
and the empty chart a page shows before its first run."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import plotly.graph_objects as go

from ..whatif.readout import fair_shares, seat_labels
from ..whatif.report import rule_label
from ..whatif.variants import value_text
from .common import LiveFigure, figure_update

COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f")
HINT = "press Run to fill this chart"


def empty_figure(title: str) -> go.Figure:
    """A chart before a run: a hint in place of empty axes."""
    fig = go.Figure()
    fig.update_layout(title=title, width=560, height=340, margin=dict(l=60, r=20, t=50, b=60),
                      template="plotly_white", xaxis_visible=False, yaxis_visible=False,
                      annotations=[dict(text=HINT, showarrow=False, xref="paper", yref="paper", x=0.5, y=0.5,
                                        font=dict(color="#777"))])
    return fig


def clear(fig: go.Figure) -> None:
    """Empty a chart for new results: no traces, no hint, no guide lines, axes shown."""
    fig.data = ()
    fig.layout.annotations = ()
    fig.layout.shapes = ()
    fig.update_layout(xaxis_visible=True, yaxis_visible=True)


def draw_rates(live: LiveFigure, rows: list[dict[str, Any]], outcomes: list[tuple[str, str]], name: str, title: str,
               names: Mapping[Any, str] | None = None) -> None:
    """Bars of the rates ``outcomes`` (``(column, label)``) of each row of a sweep, one
    colour per value of the rule ``name`` (called ``names[value]`` if given), with 95%
    intervals; a rate a row lacks (a seat that does not play) is left out."""
    def val(r, c):
        return None if math.isnan(r[c]) else r[c]

    cols, xs = [c for c, _ in outcomes], [text for _, text in outcomes]
    with figure_update(live) as fig:
        clear(fig)
        for k, r in enumerate(rows):
            fig.add_bar(x=xs, y=[val(r, c) for c in cols], marker_color=COLOURS[k % len(COLOURS)],
                        name=names[r[name]] if names else f"{rule_label(name)} = {value_text(r[name])}",
                        error_y=dict(type="data", symmetric=False,
                                     array=[None if val(r, c) is None else r[f"{c}_ci_high"] - r[c] for c in cols],
                                     arrayminus=[None if val(r, c) is None else r[c] - r[f"{c}_ci_low"] for c in cols]),
                        hovertemplate="%{x}: %{y:.1%}<extra></extra>")
        fig.update_layout(title=title, barmode="group", yaxis_tickformat=".0%", yaxis_title="games won",
                          yaxis_range=[0, 1], xaxis_title="")


def balance_chart(frame, game: str, rule: str, names: Mapping[Any, str], title: str) -> LiveFigure:
    """The win rate of every seat at each value of ``rule`` in a sweep ``frame`` of
    ``game`` (95% intervals), against a fair share (:func:`~explorer.whatif.readout.fair_shares`:
    one win in as many games as there are seats, a half where two teams play; a line
    for each share the values give); ``names`` says what each value is called."""
    outcomes = seat_labels(game, frame)
    live = LiveFigure(empty_figure(title), "xp-wi-balance")
    draw_rates(live, frame.to_dict("records"), outcomes, rule, title, names)
    draw_fair_shares(live, frame, outcomes)
    with figure_update(live) as fig:
        fig.update_layout(width=700, height=400)
    return live


def draw_fair_shares(live: LiveFigure, frame, outcomes: list[tuple[str, str]]) -> None:
    """A dotted line across a chart of win rates at each fair share the points of the
    sweep ``frame`` give (:func:`~explorer.whatif.readout.fair_shares`), labelled."""
    fairs = sorted(set(fair_shares(frame, [c for c, _ in outcomes])))
    with figure_update(live) as fig:
        fig.update_layout(shapes=[dict(type="line", xref="paper", x0=0, x1=1, yref="y", y0=f, y1=f,
                                       line=dict(dash="dot", color="#555")) for f in fairs],
                          annotations=[dict(xref="paper", x=1, yref="y", y=f, showarrow=False, xanchor="right",
                                            yanchor="bottom", text=f"a fair share ({f:.0%})") for f in fairs])


__all__ = ["COLOURS", "HINT", "balance_chart", "clear", "draw_fair_shares", "draw_rates", "empty_figure"]
