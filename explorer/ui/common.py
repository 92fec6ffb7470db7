"""Small helpers shared by every widget: a probability as a person reads it, a
rule reference as HTML, HTML tables, figures that stay drawn in any frontend,
and the display protocol that lets a notebook cell show a widget class.

>>> probability_text(Fraction(13, 18))
'72.2% (13/18)'
>>> probability_text(Fraction(1487609827, 1934917632))
'76.9%'
>>> fraction_text(Fraction(1)), percent_text(Fraction(1, 8))
('1', '12.5%')
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from explorer.core.events import RuleRef
from explorer.core.numbers import SHORT_FRACTION, fraction_text, percent_text, probability_text  # noqa: F401 (shared)
from explorer.core.rulebook import summary


def probability_html(p: Fraction) -> Html:
    """:func:`probability_text` as HTML, the exact fraction always on hover."""
    return Html(f"<span class='xp-p' title='exactly {fraction_text(p)}'>{esc(probability_text(p))}</span>")


def number_html(x: Fraction, digits: int = 2) -> Html:
    """An exact non-probability (an expected number of points) as a decimal, the
    exact fraction on hover."""
    return Html(f"<span title='exactly {fraction_text(x)}'>{float(x):.{digits}f}</span>")


class Html(str):
    """Text that is already HTML: :func:`html_table` puts it in a cell unescaped."""


def esc(text: Any) -> str:
    return text if isinstance(text, Html) else html.escape(str(text))


def heading(rule: RuleRef) -> str:
    """The rulebook heading a rule reference points to ("Physical Attack", ...)."""
    try:
        return summary(rule).heading
    except KeyError:
        return rule.section


def reference_url(rule: RuleRef) -> str:
    """Where a rule's entry is on its game's reference page.  Every page of a game
    lives one folder down (``notebooks/<game>/``), so one relative address serves
    JupyterLab (the notebook, at the anchor) and the app (the page's Voila address);
    on the reference page itself it only moves to the anchor.

    >>> reference_url(RuleRef("asylum", "conflicts.blocking"))
    '../asylum/reference.ipynb#rule-conflicts.blocking'
    """
    return f"../{rule.game}/reference.ipynb#rule-{rule.section}"


def rule_html(rule: RuleRef, *, compact: bool = False) -> Html:
    """A rule reference as HTML: the rulebook heading, the section id (a link to the
    rule's entry on the reference page) and our summary of it.  ``compact``: one
    line, the summary on hover."""
    try:
        s = summary(rule)
        head, text = s.heading, s.summary
    except KeyError:
        head, text = rule.section, "(no summary of this section yet)"
    sid = (f"<a class='xp-rule-link' href='{esc(reference_url(rule))}' title='this rule in the reference'>"
           f"<code class='xp-rule-id'>{esc(rule.section)}</code></a>")
    if compact:
        return Html(f"<span class='xp-rule-ref' title='{esc(text)}'><b>{esc(head)}</b> {sid}</span>")
    return Html(f"<div class='xp-rule-ref'><b>{esc(head)}</b> {sid}: {esc(text)}</div>")


TABLE_STYLE = (
    "<style>"
    ".xp-table{border-collapse:collapse;font-size:0.92em;line-height:1.35}"
    ".xp-table th,.xp-table td{padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}"
    # a page's output area aligns every cell right, with two classes: text cells stay left
    ".xp-table th:not(.xp-num),.xp-table td:not(.xp-num){text-align:left}"
    ".xp-table td.xp-num{text-align:right;white-space:nowrap}"
    ".xp-table th{background:#f3f3f3}"
    ".xp-table details summary{cursor:pointer}"
    ".xp-table details[open]{white-space:normal;text-align:left}"
    ".xp-rule-id{font-size:0.85em;color:#666}"
    "</style>"
)


def html_table(header: Sequence[str], rows: Iterable[Sequence[Any]], *, numeric: Sequence[int] = (),
               css: str = "xp-table", caption: str = "") -> str:
    """An HTML table; every cell is escaped unless it is :class:`Html`, columns in
    ``numeric`` right-aligned.  Each row may carry ``data-*`` attributes by being
    a ``(cells, attrs)`` pair."""
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
    cap = (f"<caption style='caption-side:bottom;text-align:left;font-size:0.85em;color:#555'>{esc(caption)}</caption>"
           if caption else "")
    return f'{TABLE_STYLE}<table class="{css}">{cap}<thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'


class TextTable:
    """A table of text cells, shown as an HTML table on a page and as aligned text
    where only text is read (a notebook's checked output): people's words both ways,
    never a DataFrame's column names.

    >>> print(repr(TextTable(["rule", "wins"], [["7", "25.0%"], ["8", "33.3%"]])))
    rule   wins
    7     25.0%
    8     33.3%
    """

    def __init__(self, header: Sequence[str], rows: Iterable[Sequence[str]], caption: str = "",
                 numeric: Iterable[int] | None = None):
        self.header = [str(h) for h in header]
        self.rows = [[str(c) for c in row] for row in rows]
        self.caption = caption
        #: the columns aligned right (numbers); default: every column but the first
        self.numeric = frozenset(range(1, len(self.header)) if numeric is None else numeric)

    def __repr__(self) -> str:
        table = [self.header] + self.rows
        widths = [max(len(r[i]) for r in table) for i in range(len(self.header))]
        lines = ["  ".join(c.rjust(w) if i in self.numeric else c.ljust(w)
                           for i, (c, w) in enumerate(zip(r, widths))).rstrip() for r in table]
        return "\n".join(lines + ([self.caption] if self.caption else []))

    def _repr_html_(self) -> str:
        return html_table(self.header, self.rows, numeric=sorted(self.numeric), caption=self.caption)


def tagged(widget: W.Widget, *classes: str) -> W.Widget:
    """Add stable CSS classes (``xp-...``) to a widget and return it."""
    for c in classes:
        widget.add_class(c)
    return widget


# -- figures -----------------------------------------------------------------------------------

#: The trace types of plotly.js's cartesian bundle, which draws the app's figures
#: (share/jupyter/voila/templates/explorer/static/, tools/vendor_plotly.py).
APP_TRACES = frozenset({"bar", "box", "contour", "heatmap", "histogram", "histogram2d", "histogram2dcontour",
                        "image", "pie", "scatter", "scatterternary", "violin"})


def plotly_output(fig: go.Figure) -> dict[str, Any]:
    """A figure as one notebook output: plotly's own MIME type (drawn by the plotly
    extension in JupyterLab), HTML that the app draws with plotly.js's cartesian
    bundle (``explorerPlot`` in the app's template; elsewhere it stays empty), and a
    line of text.  A trace type that bundle lacks is refused here, not left blank.

    >>> out = plotly_output(go.Figure(go.Bar(x=[1], y=[2]), layout=dict(title="</script>")))
    >>> sorted(out["data"]), out["data"]["text/html"].count("</script>")  # only its own end
    (['application/vnd.plotly.v1+json', 'text/html', 'text/plain'], 1)
    """
    missing = sorted({trace.type for trace in fig.data} - APP_TRACES)
    if missing:
        raise ValueError(f"the app cannot draw {', '.join(missing)} traces: its plotly.js bundle has "
                         f"{', '.join(sorted(APP_TRACES))} (see tools/vendor_plotly.py)")
    spec = json.loads(fig.to_json())
    spec["config"] = {"displaylogo": False}
    title = fig.layout.title.text or "a plotly figure"
    # "<" written as \u003c: the figure's text can never end the script or open a comment in it
    js = json.dumps(spec, separators=(",", ":")).replace("<", "\\u003c")
    page = f'<div class="xp-plotly"></div><script>window.explorerPlot && explorerPlot(document.currentScript, {js})</script>'
    return {"output_type": "display_data", "metadata": {},
            "data": {"application/vnd.plotly.v1+json": spec, "text/html": page, "text/plain": f"<figure: {title}>"}}


def show_figure(fig: go.Figure) -> None:
    """Show ``fig`` in a notebook as the app draws every figure (:func:`plotly_output`)."""
    from IPython.display import display

    display(plotly_output(fig)["data"], raw=True)


def use_app_renderer(shell: Any = None) -> bool:
    """Every figure goes through the one drawing path: in IPython (``shell``, by
    default the running one), a plotly figure shown as it is (a cell's value,
    ``display(fig)``) is shown by :func:`show_figure`; plotly's own display would
    carry its own type only, which the app leaves out: never drawn there.  ``False``
    outside IPython, where nothing is shown."""
    if shell is None:
        from IPython import get_ipython

        shell = get_ipython()
    if shell is None:
        return False
    shell.display_formatter.ipython_display_formatter.for_type(go.Figure, show_figure)
    return True


use_app_renderer()  # on importing the explorer's UI in a notebook


class LiveFigure:
    """A plotly figure shown by an ``Output`` widget and redrawn whole after each
    change (:func:`figure_update`).

    Why not a ``go.FigureWidget``: it sends its changes as deltas to views that
    must already exist, and in plotly 6 each one loads its own copy of plotly.js
    (5 MB) as an anywidget module.  In Voila every widget is created after all
    cells ran, several at once; a figure model that takes more than anywidget's
    two seconds to start is marked failed, and every later message to it is
    dropped: its view keeps the first drawing forever (the second board of the
    rules tour did).  An ``Output`` holds the whole current figure, so a view
    made at any time draws the figure as it is now, and the page loads plotly.js
    once (in the app, its cartesian bundle: :func:`plotly_output`).  ``data`` and
    ``layout`` read the figure; ``widget`` goes in layouts.
    """

    def __init__(self, figure: go.Figure, *classes: str, width: str | None = None):
        self.figure = figure
        self.widget = tagged(W.Output(layout=W.Layout(width=width) if width else W.Layout()), "xp-figure", *classes)
        self.redraw()

    @property
    def data(self):
        return self.figure.data

    @property
    def layout(self):
        return self.figure.layout

    def redraw(self) -> None:
        """Show the figure as it is now."""
        self.widget.outputs = (plotly_output(self.figure),)

    def _repr_mimebundle_(self, **kwargs):
        data = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        data["text/plain"] = f"<figure: {self.figure.layout.title.text or 'a plotly figure'}>"  # not the Output's repr
        return data


@contextmanager
def figure_update(fig: LiveFigure | go.Figure) -> Iterator[go.Figure]:
    """Change a figure in place, then show the result once: yields the
    ``go.Figure`` to change; a :class:`LiveFigure` is redrawn after the block."""
    target = fig.figure if isinstance(fig, LiveFigure) else fig
    with target.batch_update():
        yield target
    if isinstance(fig, LiveFigure):
        fig.redraw()


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
