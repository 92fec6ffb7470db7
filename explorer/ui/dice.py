"""A dice expression a player types ("2d6+3", "4d6kh3", "3d6 vs 2d6"), answered
with its exact distribution: a bar chart, the at-least and at-most table, and for
a malformed expression the message saying where, under the box.

Every number comes from :func:`explorer.core.dist.parse`; the widget only draws it.

>>> box = DiceExpression("2d6+3")
>>> box.dist[10]               # 2d6 shows 7
Fraction(1, 6)
>>> box.expression.value = "2d6+"
>>> box.dist is None, "column 5" in box.error.value
(True, True)
"""

from __future__ import annotations

import ipywidgets as W
import plotly.graph_objects as go

from explorer.core.dice_expr import HIGHER, LOWER, TIE, DiceExpressionError, Expression, read
from explorer.core.dist import Dist, parse

from .common import (
    Displayable,
    LiveFigure,
    esc,
    figure_update,
    html_table,
    probability_html,
    probability_text,
    tagged,
)
from .distribution import (
    distribution_bars,
    distribution_table,
    summary_html,
    update_distribution_bars,
    view_buttons,
)

EXAMPLES = ("2d6+3", "d20-2", "4d6kh3", "highest of 2d6", "3d6 vs 2d6")
HELP = ("<div style='color:#555;font-size:0.9em'>Type dice and numbers joined by + and -: "
        "<code>2d6+3</code>, <code>d20-2</code>; keep the highest or lowest dice with <code>kh</code> or "
        "<code>kl</code> (<code>4d6kh3</code>, or in words <code>highest 3 of 4d6</code>, "
        "<code>highest of 2d6</code>); compare two rolls with <code>vs</code> (<code>3d6 vs 2d6</code>).  "
        "Press Enter for the answer: every roll of the dice is counted, so the chances are exact.</div>")
COMPARE_COLOURS = {HIGHER: "#2c7fb8", TIE: "#999999", LOWER: "#d95f0e"}


def comparison_labels(e: Expression) -> dict[str, str]:
    """How each outcome of a comparison reads: "3d6 is higher than 2d6"."""
    return {HIGHER: f"{e.left} is higher", TIE: "a tie", LOWER: f"{e.right} is higher"}


class DiceExpression(Displayable):
    """A text box for a dice expression and its exact answer.

    Widgets (stable CSS classes): ``expression`` (``xp-dice-expr``), ``view``
    (``xp-dice-expr-view``: exactly / at least / at most), ``answer``
    (``xp-dice-answer``: the summary and the table), ``error`` (``xp-dice-error``,
    empty unless the expression is malformed), ``figure`` (``xp-dice-expr-figure``,
    a :class:`~explorer.ui.common.LiveFigure`); ``dist`` the last answer (None
    after an error); ``widget`` the whole (``xp-dice``).
    """

    def __init__(self, expression: str = "2d6+3"):
        self.expression = tagged(W.Text(value=expression, description="Dice", continuous_update=False,
                                        placeholder="such as " + ", ".join(EXAMPLES),
                                        style={"description_width": "initial"}, layout=W.Layout(width="420px")),
                                 "xp-dice-expr")
        self.view = view_buttons("xp-dice-expr-view")
        self.error = tagged(W.HTML(), "xp-dice-error")
        self.answer = tagged(W.HTML(), "xp-dice-answer")
        self.figure = LiveFigure(distribution_bars(Dist.certain(0)), "xp-dice-expr-figure")
        self.dist: Dist | None = None
        self.read: Expression | None = None
        self.expression.observe(lambda ch: self.update(), names="value")
        self.view.observe(lambda ch: self.redraw(), names="value")
        self.widget = tagged(W.VBox([self.expression, self.error, W.HTML(HELP), self.view, self.figure.widget,
                                     self.answer]), "xp-dice")
        self.update()

    def update(self) -> None:
        """Read the box; show the answer, or the message saying what is wrong where."""
        text = self.expression.value
        try:
            self.read, self.dist = read(text), parse(text)
        except DiceExpressionError as e:
            self.read = self.dist = None
            self.error.value = (f"<pre class='xp-dice-message' style='color:#8a1c1c;margin:4px 0'>"
                                f"{esc(e)}</pre>")
            self.answer.value = ""
            self.figure.widget.layout.display = "none"
            self.view.layout.display = "none"
            return
        self.error.value = ""
        self.figure.widget.layout.display = None
        self.view.layout.display = "none" if self.read.right is not None else None
        self.redraw()

    def redraw(self) -> None:
        """Draw the current answer in the chosen view."""
        e, dist = self.read, self.dist
        if dist is None:
            return
        if e.right is not None:
            self._comparison(e, dist)
            return
        what = "the total"
        with figure_update(self.figure) as fig:
            update_distribution_bars(fig, dist, self.view.value, what=what,
                                     title=f"{esc(e)}: every total and its chance")
        self.answer.value = (f"<div>{summary_html(dist, what)}</div>"
                             f"<div style='max-height:320px;overflow-y:auto'>{distribution_table(dist, 'total')}</div>")

    def _comparison(self, e: Expression, dist: Dist) -> None:
        labels = comparison_labels(e)
        order = (HIGHER, TIE, LOWER)
        with figure_update(self.figure) as fig:
            new = go.Figure(go.Bar(x=[labels[o] for o in order], y=[float(dist[o]) for o in order],
                                   marker={"color": [COMPARE_COLOURS[o] for o in order]},
                                   text=[probability_text(dist[o], "<br>") for o in order], textposition="auto",
                                   customdata=[probability_text(dist[o]) for o in order],
                                   hovertemplate="%{x}: %{customdata}<extra></extra>"))
            fig.data = ()
            fig.add_trace(new.data[0])
            fig.update_yaxes(range=[0, 1], title_text="probability")
            fig.update_xaxes(title_text="", dtick=None)
            fig.layout.title.text = f"{esc(e.left)} against {esc(e.right)}: which total is higher?"
        rows = [[labels[o], probability_html(dist[o])] for o in order]
        self.answer.value = html_table(["outcome", "chance"], rows, numeric=(1,), css="xp-table xp-dist-table",
                                       caption="Both sides roll once; equal totals are a tie.")

    def _short_repr(self) -> str:
        return f"DiceExpression({self.expression.value!r})"


__all__ = ["DiceExpression", "EXAMPLES", "comparison_labels"]
