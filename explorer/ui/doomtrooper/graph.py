"""Who may attack whom, drawn: the attack graph of
:func:`explorer.doomtrooper.base.attack.attack_graph`, one node per affiliation (and the
designations that change the rules), one arrow per allowed attack, coloured by
the rule that allows it; the refusals listed with the rule behind each.

>>> fig = attack_graph_figure()
>>> sum(len(t.x) for t in fig.data if t.marker.symbol == "arrow") > 20   # arrowheads
True
"""

from __future__ import annotations

import math
from collections import defaultdict

import ipywidgets as W
import networkx as nx
import plotly.graph_objects as go

from explorer.core.events import RuleRef
from explorer.doomtrooper.base.attack import attack_graph
from explorer.doomtrooper.sections import GAME

from ..common import Displayable, LiveFigure, figure_update, html_table, rule_html, tagged

#: How the legend names the rule behind an allowed arrow (else the rulebook heading).
ALLOWED = {
    "combat.announce": "no rule forbids it",
    "combat.announce.brotherhood": "the Brotherhood attacks the Dark Legion",
    "combat.announce.dark_legion": "the Dark Legion attacks anyone",
    "combat.announce.mortificators": "Mortificators attack anyone",
    "freelancers": "Freelancers attack and are attacked by anyone",
}
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")


def layout(g: nx.DiGraph) -> dict[str, tuple[float, float]]:
    """Nodes on a circle, in the graph's order (corporations, Brotherhood, ...)."""
    nodes = list(g.nodes)
    n = len(nodes)
    return {v: (math.cos(math.pi / 2 - 2 * math.pi * i / n), math.sin(math.pi / 2 - 2 * math.pi * i / n))
            for i, v in enumerate(nodes)}


def attack_graph_figure(same_owner: bool = False, g: nx.DiGraph | None = None) -> go.Figure:
    """The allowed attacks as arrows (attacker to defender), coloured by rule; a
    ring on a node means its warriors may attack each other; hover a node for the
    whole list, refusals included."""
    g = g if g is not None else attack_graph(same_owner=same_owner)
    pos = layout(g)
    rules = sorted({d["rule"] for _, _, d in g.edges(data=True) if d["allowed"]})
    colour = {r: COLOURS[i % len(COLOURS)] for i, r in enumerate(rules)}
    fig = go.Figure()
    # arrows as two traces per rule (the shafts, then the heads): plotly draws them far faster than one
    # annotation per arrow, and a page with many slow annotations can race the widgets as they load
    shafts: dict[str, tuple[list, list]] = {r: ([], []) for r in rules}
    heads: dict[str, tuple[list, list, list, list]] = {r: ([], [], [], []) for r in rules}
    for a, b, d in g.edges(data=True):
        if not d["allowed"] or a == b:
            continue
        (x0, y0), (x1, y1) = pos[a], pos[b]
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy)
        ox, oy = -dy / length * 0.025, dx / length * 0.025  # the two directions bend apart
        sx, sy = x0 + dx * 0.09 + ox, y0 + dy * 0.09 + oy
        ex, ey = x1 - dx * 0.09 + ox, y1 - dy * 0.09 + oy
        xs, ys = shafts[d["rule"]]
        xs += [sx, ex, None]
        ys += [sy, ey, None]
        hx, hy, angle, text = heads[d["rule"]]
        hx.append(ex)
        hy.append(ey)
        angle.append(90 - math.degrees(math.atan2(dy, dx)))
        text.append(f"{a} may attack {b}: {d['heading']} ({d['rule']})")
    for r in rules:
        heading = g.edges[next((a, b) for a, b, d in g.edges(data=True) if d["rule"] == r)]["heading"]
        name = f"{ALLOWED.get(r, heading)}<br><span style='font-size:10px'>{heading}: {r}</span>"
        xs, ys = shafts[r]
        fig.add_scatter(x=xs, y=ys, mode="lines", line=dict(color=colour[r], width=1.3), opacity=0.7, name=name,
                        legendgroup=r, hoverinfo="skip")
        hx, hy, angle, text = heads[r]
        fig.add_scatter(x=hx, y=hy, mode="markers", marker=dict(symbol="arrow", size=11, angle=angle,
                                                                 color=colour[r]),
                        opacity=0.8, legendgroup=r, showlegend=False, hovertext=text, hoverinfo="text")
    loops = [v for v in g.nodes if g.edges[v, v]["allowed"]]
    fig.add_scatter(x=[pos[v][0] for v in loops], y=[pos[v][1] for v in loops], mode="markers",
                    marker=dict(size=46, color="rgba(0,0,0,0)", line=dict(color="#555", width=2, dash="dot")),
                    name="attacks its own kind", hoverinfo="skip")
    hover = []
    for v in g.nodes:
        may = [b for b in g.successors(v) if g.edges[v, b]["allowed"]]
        not_ = defaultdict(list)
        for b in g.successors(v):
            if not g.edges[v, b]["allowed"]:
                not_[g.edges[v, b]["heading"] + f" ({g.edges[v, b]['rule']})"].append(b)
        text = f"<b>{v}</b><br>may attack: {', '.join(may) or 'nobody'}"
        for rule, names in not_.items():
            text += f"<br>not: {', '.join(names)}<br>  because of {rule}"
        hover.append(text)
    def outward(x: float, y: float) -> str:
        if abs(x) > 0.35:
            return "middle right" if x > 0 else "middle left"
        return "top center" if y > 0 else "bottom center"

    fig.add_scatter(x=[pos[v][0] for v in g.nodes], y=[pos[v][1] for v in g.nodes], mode="markers+text",
                    text=[f"  {v}  " for v in g.nodes], textposition=[outward(*pos[v]) for v in g.nodes],
                    textfont=dict(size=13), marker=dict(size=30, color="#f5f5f5", line=dict(color="#333", width=1.5)),
                    hovertext=hover, hoverinfo="text", name="affiliations", showlegend=False)
    who = "two warriors of the same player" if same_owner else "warriors of different players"
    fig.update_layout(title=f"Who may attack whom ({who}): arrows from attacker to defender",
                      width=980, height=620, template="plotly_white",
                      xaxis=dict(visible=False, range=[-1.75, 1.75]), yaxis=dict(visible=False, range=[-1.25, 1.25],
                                                                                 scaleanchor="x"),
                      legend=dict(x=1.0, y=0.5, xanchor="left", yanchor="middle", title="the rule that allows it"),
                      margin=dict(l=10, r=10, t=50, b=10))
    return fig


def refusals_html(same_owner: bool = False, g: nx.DiGraph | None = None) -> str:
    """Every refused attack, grouped by the rule that refuses it."""
    g = g if g is not None else attack_graph(same_owner=same_owner)
    by: dict[str, list[str]] = defaultdict(list)
    for a, b, d in g.edges(data=True):
        if not d["allowed"]:
            by[d["rule"]].append(f"{a} → {b}")
    rows = [[rule_html(RuleRef(GAME, rule)), ", ".join(pairs)] for rule, pairs in by.items()]
    return "<b>Attacks the rules refuse</b>" + html_table(["rule", "attacker → defender"], rows)


class AttackGraphView(Displayable):
    """The attack graph and its refusals, for warriors of different players or of
    the same one (the ``same_owner`` checkbox)."""

    def __init__(self, same_owner: bool = False):
        self.same_owner = tagged(W.Checkbox(value=same_owner, description="two warriors of the same player",
                                            indent=False), "xp-dt-same-owner")
        self.figure = LiveFigure(go.Figure(), "xp-dt-graph", width="1000px")
        self.refusals = tagged(W.HTML(), "xp-dt-refusals")
        self.same_owner.observe(lambda ch: self.update(), names="value")
        self.widget = tagged(W.VBox([self.same_owner, self.figure.widget, self.refusals]), "xp-dt-attack-graph")
        self.update()

    def update(self) -> None:
        g = attack_graph(same_owner=self.same_owner.value)
        new = attack_graph_figure(g=g, same_owner=self.same_owner.value)
        with figure_update(self.figure) as fig:
            fig.data = ()
            for trace in new.data:
                fig.add_trace(trace)
            fig.layout = new.layout
        self.refusals.value = refusals_html(g=g)

    def _short_repr(self) -> str:
        return f"AttackGraphView(same_owner={self.same_owner.value})"


__all__ = ["AttackGraphView", "attack_graph_figure", "layout", "refusals_html"]
