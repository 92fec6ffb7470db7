"""One numeric distribution as a person reads it, for every game's odds pages:
P(exactly x), P(at least x) or P(at most x) as bars, and the table of all three.

Pure builders over a :class:`~explorer.core.dist.Dist` of numbers; a widget shows
the figure as a :class:`~explorer.ui.common.LiveFigure` and redraws it with
:func:`update_distribution_bars` inside :func:`~explorer.ui.common.figure_update`.

>>> from explorer.core.dist import dice
>>> xs, ps = view_values(dice(2), "at_least")
>>> xs[:3], [str(p) for p in ps[:3]]
([2, 3, 4], ['1', '35/36', '11/12'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

import ipywidgets as W
import plotly.graph_objects as go

from explorer.core.dist import Dist

from .common import Html, esc, html_table, number_html, probability_html, probability_text, tagged

VIEWS = ("exact", "at_least", "at_most")
VIEW_LABELS = {"exact": "exactly", "at_least": "at least", "at_most": "at most"}
NEUTRAL_COLOUR = "#bdbdbd"
BAR_COLOUR = "#2c7fb8"
#: with more bars than this, the bars carry no text (hover still gives each one)
MAX_LABELLED_BARS = 25


def view_values(dist: Dist[int], view: str = "exact") -> tuple[list[int], list[Fraction]]:
    """``(values, probabilities)`` in increasing order for one view: P(= x),
    P(>= x) or P(<= x)."""
    if view not in VIEWS:
        raise ValueError(f"unknown view {view!r}; choose from {', '.join(VIEWS)}")
    pairs = sorted(dist.items())
    xs = [x for x, _ in pairs]
    if view == "exact":
        return xs, [p for _, p in pairs]
    if view == "at_most":
        return xs, [p for _, p in dist.cdf()]
    out, acc = [], Fraction(0)
    for _, p in reversed(pairs):
        acc += p
        out.append(acc)
    return xs, out[::-1]


def view_buttons(css: str, description: str = "Show the chance of") -> W.ToggleButtons:
    """The three views as toggle buttons (values :data:`VIEWS`), tagged ``css``."""
    return tagged(W.ToggleButtons(options=[(VIEW_LABELS[v], v) for v in VIEWS], value="exact",
                                  description=description,
                                  style={"description_width": "initial", "button_width": "80px"}), css)


def distribution_bars(dist: Dist[int], view: str = "exact", *, what: str = "the total",
                      colours: Callable[[int], str] | None = None, title: str = "") -> go.Figure:
    """Bars of ``dist`` for one view; ``what`` names the number on the x axis
    ("the total"), ``colours(x)`` colours a bar (default: all one colour)."""
    fig = go.Figure(go.Bar(x=[], y=[], name="P"))
    fig.update_layout(template="plotly_white", height=360, showlegend=False,
                      margin={"l": 60, "r": 20, "t": 70, "b": 55}, title={"x": 0.02, "xanchor": "left"})
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    update_distribution_bars(fig, dist, view, what=what, colours=colours, title=title)
    return fig


def update_distribution_bars(fig: go.Figure, dist: Dist[int], view: str = "exact", *, what: str = "the total",
                             colours: Callable[[int], str] | None = None, title: str | None = None) -> None:
    """Redraw a :func:`distribution_bars` figure in place: a new distribution,
    view, colouring or title.  The probability axis never passes 100%."""
    xs, ps = view_values(dist, view)
    label = VIEW_LABELS[view]
    bar = fig.data[0]
    bar.x, bar.y = xs, [float(p) for p in ps]
    bar.customdata = [probability_text(p) for p in ps]
    bar.text = [probability_text(p, "<br>") for p in ps] if len(xs) <= MAX_LABELLED_BARS else None
    bar.textposition = "auto"
    bar.marker.color = [colours(x) for x in xs] if colours else BAR_COLOUR
    bar.hovertemplate = f"P({esc(what)} is {label} %{{x}}) = %{{customdata}}<extra></extra>"
    top = max((float(p) for p in ps), default=1.0)
    fig.update_yaxes(range=[0, min(1.0, top * 1.25 if len(xs) <= MAX_LABELLED_BARS else top * 1.05)],
                     title_text=f"probability {what} is {label} x")
    fig.update_xaxes(title_text=f"x = {what}", dtick=1 if len(xs) <= 30 else None)
    if title is not None:
        fig.layout.title.text = title


def distribution_table(dist: Dist[int], what: str = "total", *, highlight: Sequence[int] = (),
                       caption: str = "", label: tuple[str, Callable[[int], str]] | None = None) -> str:
    """One row per value: P(exactly), P(at least), P(at most), each with its
    exact fraction on hover; ``highlight`` values are in bold; ``label`` =
    (heading, function of the value) adds a column (a table's result, say)."""
    xs, exact = view_values(dist, "exact")
    _, least = view_values(dist, "at_least")
    _, most = view_values(dist, "at_most")
    rows = []
    for x, e, ge, le in zip(xs, exact, least, most):
        cells = [Html(f"<b>{x}</b>") if x in highlight else str(x), probability_html(e), probability_html(ge),
                 probability_html(le)]
        rows.append(cells + ([label[1](x)] if label else []))
    return html_table([what, "exactly", "at least", "at most"] + ([label[0]] if label else []), rows,
                      numeric=(0, 1, 2, 3), css="xp-table xp-dist-table", caption=caption)


def summary_html(dist: Dist[int], what: str = "the total") -> Html:
    """The range and the mean of a numeric distribution, in a line."""
    xs = sorted(dist.outcomes)
    return Html(f"{esc(what).capitalize()} runs from {xs[0]} to {xs[-1]}; on average "
                f"{number_html(dist.expectation())}.")


__all__ = ["VIEWS", "VIEW_LABELS", "distribution_bars", "distribution_table", "summary_html",
           "update_distribution_bars", "view_buttons", "view_values"]
