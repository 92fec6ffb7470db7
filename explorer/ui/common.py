"""Small helpers shared by the widgets: formatting exact probabilities, HTML
tables, and the display protocol that lets a notebook cell show a widget class.

>>> fraction_text(Fraction(13, 18)), percent_text(Fraction(13, 18))
('13/18', '72.2%')
>>> fraction_text(Fraction(1))
'1'
"""

from __future__ import annotations

import copy
import html
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from explorer.core.events import RuleRef
from explorer.core.rulebook import summary


def fraction_text(p: Fraction) -> str:
    """An exact probability as ``n/d`` (``0`` and ``1`` written plainly)."""
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def percent_text(p: Fraction, digits: int = 1) -> str:
    return f"{float(p):.{digits}%}"


def heading(rule: RuleRef) -> str:
    """The rulebook heading a rule reference points to ("Physical Attack", ...)."""
    try:
        return summary(rule).heading
    except KeyError:
        return rule.section


def esc(text: Any) -> str:
    return html.escape(str(text))


TABLE_STYLE = (
    "<style>"
    ".xp-table{border-collapse:collapse;font-size:0.92em}"
    ".xp-table th,.xp-table td{padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}"
    ".xp-table td.xp-num{text-align:right;font-family:monospace;white-space:nowrap}"
    ".xp-table.xp-wrap td.xp-num{white-space:normal;word-break:break-all;max-width:22em}"
    ".xp-table th{background:#f3f3f3}"
    "</style>"
)


def html_table(header: Sequence[str], rows: Iterable[Sequence[Any]], *, numeric: Sequence[int] = (),
               css: str = "xp-table", caption: str = "") -> str:
    """An HTML table; every cell is escaped, columns in ``numeric`` right-aligned.

    Each row may carry extra ``data-*`` keys by being a ``(cells, attrs)`` pair.
    """
    head = "".join(f"<th>{esc(h)}</th>" for h in header)
    body = []
    for row in rows:
        attrs = ""
        if isinstance(row, tuple) and len(row) == 2 and isinstance(row[1], dict):
            row, extra = row
            attrs = "".join(f' {k}="{esc(v)}"' for k, v in extra.items())
        cells = "".join(
            f'<td class="xp-num">{esc(c)}</td>' if i in numeric else f"<td>{esc(c)}</td>" for i, c in enumerate(row)
        )
        body.append(f"<tr{attrs}>{cells}</tr>")
    cap = f"<caption style='caption-side:bottom;text-align:left;font-size:0.85em;color:#555'>{esc(caption)}</caption>" if caption else ""
    return f'{TABLE_STYLE}<table class="{css}">{cap}<thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'


def tagged(widget: W.Widget, *classes: str) -> W.Widget:
    """Add stable CSS classes (``xp-...``) to a widget and return it."""
    for c in classes:
        widget.add_class(c)
    return widget


class Displayable:
    """Mixin: a class with a ``.widget`` shows that widget when it is the value of
    a notebook cell.  The plain-text form stays one short line, so a notebook
    saved without widget state does not carry a huge repr."""

    widget: W.Widget

    def _short_repr(self) -> str:
        return f"{type(self).__name__}()"

    def __repr__(self) -> str:
        return self._short_repr()

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        data = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        data["text/plain"] = self._short_repr()
        return data

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self._repr_mimebundle_(), raw=True)


@contextmanager
def figure_update(fig: go.Figure) -> Iterator[go.Figure]:
    """Update a figure in place, as one batch.

    A ``FigureWidget`` sends each batch to views that exist as a delta, but a view
    created later (Voila renders every widget after all cells ran) starts from
    the widget's initial state.  So after the batch the full state is stored on
    the widget too, and late views draw the figure as it is now.
    """
    with fig.batch_update():
        yield fig
    if isinstance(fig, go.FigureWidget):
        fig._widget_data = copy.deepcopy(fig._data)
        fig._widget_layout = copy.deepcopy(fig._layout)
