"""Plot builders for Doom Asylum odds: pure functions returning a
:class:`plotly.graph_objects.Figure`.

Every number drawn comes from :mod:`explorer.asylum.odds` or from
:mod:`explorer.core.dist` (``d6 - d6`` is a :class:`~explorer.core.dist.Dist`);
nothing here does its own dice arithmetic.  Widgets call these once to build a
figure, show it as a :class:`~explorer.ui.common.LiveFigure` and change it in place
with the ``update_*`` functions inside :func:`~explorer.ui.common.figure_update`.

>>> fig = dice_difference_bars("exact")
>>> [round(y, 4) for y in fig.data[0].y][:3]
[0.0278, 0.0556, 0.0833]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache

import plotly.graph_objects as go

from explorer.asylum import odds
from explorer.asylum.odds import ConflictOdds
from explorer.asylum.villains import Villain
from explorer.core.dist import Dist, d6

from ..common import Html, fraction_text, probability_html, probability_text
from ..distribution import VIEW_LABELS, distribution_bars, update_distribution_bars, view_values

ATTACKER_COLOUR = "#2c7fb8"
DEFENDER_COLOUR = "#d95f0e"
DRAW_COLOUR = "#999999"
NEUTRAL_COLOUR = "#bdbdbd"

OUTCOME_LABELS = ("Attackers win", "Draw", "Defenders win")

NO_CATCH_ROW_LABEL = "no catch roll"


def _layout(fig: go.Figure, title: str, x: str, y: str, **more) -> go.Figure:
    fig.update_layout(
        title={"text": title, "x": 0.02, "xanchor": "left"},
        xaxis_title=x, yaxis_title=y, template="plotly_white",
        margin={"l": 60, "r": 20, "t": 70, "b": 55}, height=more.pop("height", 380), **more,
    )
    return fig


# -- attack heatmap ------------------------------------------------------------------------------

@lru_cache(maxsize=8)
def attack_grid(span: int = 6) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[Fraction, ...], ...]]:
    """The heatmap's numbers: ``(x, y, z)`` with ``x`` the attack-minus-defence
    edge (``-span..span``), ``y`` the quickness edge for the catch (``-span..span``)
    followed by ``span + 1`` for the row with no catch roll, and ``z[row][col]`` the
    exact P(defeat), from :func:`odds.physical_attack` and (no-catch row)
    :func:`odds.mental_attack` on two plain villains (no special abilities)."""
    base = span  # keeps every stat non-negative
    xs = tuple(range(-span, span + 1))
    catches = tuple(range(-span, span + 1))
    defender = Villain(name="Defender", physical_attack=base, physical_defense=base, mental_attack=base,
                       mental_defense=base, quickness=base)

    def attacker(edge: int, quick: int) -> Villain:
        return Villain(name="Attacker", physical_attack=base + edge, physical_defense=base,
                       mental_attack=base + edge, mental_defense=base, quickness=base + quick)

    rows = [tuple(odds.physical_attack(attacker(x, q), defender) for x in xs) for q in catches]
    rows.append(tuple(odds.mental_attack(attacker(x, 0), defender) for x in xs))
    return xs, catches + (span + 1,), tuple(rows)


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _clip(v: int, span: int) -> int:
    return max(-span, min(span, v))


def attack_heatmap(span: int = 6, *, mental_edge: int | None = None,
                   physical_edge: tuple[int, int] | None = None) -> go.Figure:
    """P(the defender is defeated) by how the two villains' stats compare.

    Columns: attack stat minus defence stat (the hit roll).  Rows: quickness
    minus quickness (the catch roll of a physical attack, rulebook "Physical
    Attack"); the top row has no catch roll at all, which is a mental attack
    ("Mental Attack") or a physical attack on a blocker ("Blocking").

    ``mental_edge`` (Mental Attack - Mental Defense) and ``physical_edge``
    (``(Physical Attack - Physical Defense, Quickness - Quickness)``) mark a
    matchup on the map; trace 1 is the mental mark, trace 2 the physical one.
    """
    xs, ys, z = attack_grid(span)
    zf = [[float(p) for p in row] for row in z]
    custom = [[probability_text(p) for p in row] for row in z]
    fig = go.Figure()
    fig.add_trace(go.Heatmap(
        x=list(xs), y=list(ys), z=zf, customdata=custom, zmin=0, zmax=1, colorscale="Blues",
        texttemplate="%{z:.0%}", textfont={"size": 9},
        colorbar={"title": {"text": "P(defeat)"}, "tickformat": ".0%"},
        hovertemplate="attack − defence %{x:+d}<br>%{y}<br>P(defeat) = %{customdata}<extra></extra>",
        name="P(defeat)",
    ))
    fig.add_trace(go.Scatter(
        x=[], y=[], mode="markers+text", name="this mental attack", text=["mental"], textposition="middle right",
        marker={"symbol": "star", "size": 16, "color": DEFENDER_COLOUR, "line": {"width": 1, "color": "black"}},
        textfont={"color": "black"}, hoverinfo="skip",
    ))
    fig.add_trace(go.Scatter(
        x=[], y=[], mode="markers+text", name="this physical attack", text=["physical"], textposition="middle right",
        marker={"symbol": "diamond", "size": 14, "color": DEFENDER_COLOUR, "line": {"width": 1, "color": "black"}},
        textfont={"color": "black"}, hoverinfo="skip",
    ))
    set_heatmap_marks(fig, mental_edge, physical_edge, span)
    ticks = list(ys)
    text = [f"{q:+d}" if q else "0" for q in ys[:-1]] + [NO_CATCH_ROW_LABEL]
    _layout(fig, "Chance to defeat the defender, by how the stats compare<br>"
            "<sup>top row: one roll (mental attack, or hitting a blocker); other rows: catch first, then hit</sup>",
            "attack stat minus defence stat (Mental Attack − Mental Defense, or Physical Attack − Physical Defense)",
            "attacker's Quickness minus defender's", height=520, showlegend=False)
    fig.update_yaxes(tickvals=ticks, ticktext=text)
    fig.update_xaxes(dtick=1)
    return fig


def set_heatmap_marks(fig: go.Figure, mental_edge: int | None, physical_edge: tuple[int, int] | None,
                      span: int = 6) -> None:
    """Move the two marks of an :func:`attack_heatmap` (works on a FigureWidget)."""
    mental, physical = fig.data[1], fig.data[2]
    if mental_edge is None:
        mental.x, mental.y = [], []
    else:
        mental.x, mental.y = [_clip(mental_edge, span)], [span + 1]
    if physical_edge is None:
        physical.x, physical.y = [], []
    else:
        physical.x, physical.y = [_clip(physical_edge[0], span)], [_clip(physical_edge[1], span)]


# -- two-dice difference ---------------------------------------------------------------------------

def dice_difference() -> Dist[int]:
    """Your d6 minus the rival's d6, exactly."""
    return (d6 - d6).sorted()


def dice_difference_values(view: str = "exact") -> tuple[list[int], list[Fraction]]:
    """``(differences, probabilities)`` for one view: P(= k), P(>= k) or P(<= k)
    (:func:`explorer.ui.distribution.view_values`)."""
    return view_values(dice_difference(), view)


def dice_difference_bars(view: str = "exact", edge: int | None = None) -> go.Figure:
    """The distribution of ``d6 - d6``, the heart of every contest ("Mental Attack",
    "Physical Attack"): both sides roll a die and add a stat, so the attacker wins
    when his die minus the rival's is more than minus his stat edge.

    ``view`` is ``"exact"`` (P of each difference), ``"at_least"`` or ``"at_most"``.
    With ``edge`` (attacker's stat minus defender's), the bars where the attacker
    wins are coloured and the title gives his exact chance; without one, no bar
    is coloured.
    """
    fig = distribution_bars(dice_difference(), view, what=_DIFFERENCE)
    fig.update_layout(height=380)
    update_dice_bars(fig, view, edge)
    return fig


#: what the x axis of the dice bars counts
_DIFFERENCE = "your die minus the rival's die"


def update_dice_bars(fig: go.Figure, view: str = "exact", edge: int | None = None) -> None:
    """Redraw a :func:`dice_difference_bars` figure in place for a new view or edge
    (:func:`~explorer.ui.distribution.update_distribution_bars`: the probability axis
    never passes 100%)."""
    dist = dice_difference()
    if edge is None:
        colours = lambda k: NEUTRAL_COLOUR  # noqa: E731
        sub = "each contest compares these two dice; stats shift the line between winning and losing"
    else:
        colours = lambda k: ATTACKER_COLOUR if k + edge > 0 else NEUTRAL_COLOUR  # noqa: E731
        win = dist.prob(lambda d: d + edge > 0)
        need = 1 - edge
        sub = (f"stat edge {_signed(edge)}: the attacker wins when the difference is {_signed(need)} or more "
               f"(blue), P = {probability_text(win)}")
    update_distribution_bars(fig, dist, view, what=_DIFFERENCE, colours=colours,
                             title=f"Your d6 minus your rival's d6: P(difference is {VIEW_LABELS[view]} x)"
                                   f"<br><sup>{sub}</sup>")


# -- whole conflicts -------------------------------------------------------------------------------

def _outcome_values(co: ConflictOdds) -> list[Fraction]:
    return [co.attacker_wins, co.draw, co.defender_wins]


def conflict_outcome_bars(conflict_odds: ConflictOdds, title: str | None = None) -> go.Figure:
    """Who wins the conflict: attackers / draw / defenders, exact ("Victory in
    Conflicts", "Concluding a Conflict"), with each side's expected Doomsday
    points in the subtitle."""
    fig = go.Figure(go.Bar(x=list(OUTCOME_LABELS), y=[], marker={"color": [ATTACKER_COLOUR, DRAW_COLOUR, DEFENDER_COLOUR]},
                           textposition="outside", hovertemplate="%{x}: %{customdata}<extra></extra>"))
    _layout(fig, "", "result of the conflict", "probability", showlegend=False, height=360)
    fig.update_yaxes(tickformat=".0%", range=[0, 1.12])
    update_outcome_bars(fig, conflict_odds, title)
    return fig


def update_outcome_bars(fig: go.Figure, conflict_odds: ConflictOdds, title: str | None = None) -> None:
    ps = _outcome_values(conflict_odds)
    bar = fig.data[0]
    bar.y = [float(p) for p in ps]
    bar.text = [probability_text(p, "<br>") for p in ps]
    bar.customdata = [f"{probability_text(p)}, exactly {fraction_text(p)}" for p in ps]
    dd = conflict_odds.doomsday
    fig.layout.title.text = ((title or "How the conflict ends") +
                             f"<br><sup>expected Doomsday points won: attackers {float(dd[0]):.2f}, "
                             f"defenders {float(dd[1]):.2f}</sup>")


def margin_bars(conflict_odds: ConflictOdds, sound_defeat_margin: int = 5) -> go.Figure:
    """The victory-point margin (attackers' VP minus defenders'), exact.  Bars
    right of zero are attacker wins, left of zero defender wins; beyond the dotted
    lines the win is a sound defeat ("Bonus for sound defeat")."""
    fig = go.Figure(go.Bar(x=[], y=[], hovertemplate="margin %{x:+d} VP: %{customdata}<extra></extra>"))
    _layout(fig, "Victory-point margin (attackers minus defenders)<br>"
            f"<sup>blue: attackers win, orange: defenders win, grey: draw; past the dotted lines "
            f"(±{sound_defeat_margin}) the win is a sound defeat</sup>",
            "attackers' victory points minus defenders'", "probability", showlegend=False, height=360)
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    update_margin_bars(fig, conflict_odds, sound_defeat_margin)
    return fig


def update_margin_bars(fig: go.Figure, conflict_odds: ConflictOdds, sound_defeat_margin: int = 5) -> None:
    margin = conflict_odds.margin
    xs = list(margin.outcomes)
    ps = [margin[k] for k in xs]
    bar = fig.data[0]
    bar.x, bar.y = xs, [float(p) for p in ps]
    bar.customdata = [probability_text(p) for p in ps]
    bar.marker.color = [ATTACKER_COLOUR if k > 0 else DEFENDER_COLOUR if k < 0 else DRAW_COLOUR for k in xs]
    fig.layout.shapes = [
        {"type": "line", "x0": side * (sound_defeat_margin - 0.5), "x1": side * (sound_defeat_margin - 0.5),
         "y0": 0, "y1": 1, "xref": "x", "yref": "paper", "line": {"dash": "dot", "color": "#555"}}
        for side in (-1, 1)
    ]
    fig.update_xaxes(dtick=1 if not xs or max(xs) - min(xs) <= 16 else 2,
                     range=[min(xs) - 1, max(xs) + 1] if xs else None)  # the end bars whole
    fig.update_yaxes(range=None)


def policy_comparison(results: Mapping[str, ConflictOdds], title: str | None = None) -> go.Figure:
    """The same teams under different policies: one group of bars per result
    (attackers win / draw / defenders win), one colour per policy setting.
    ``results`` maps a label (e.g. ``"greedy"``) to the conflict's odds."""
    fig = go.Figure()
    for label, co in results.items():
        ps = _outcome_values(co)
        fig.add_trace(go.Bar(
            x=list(OUTCOME_LABELS), y=[float(p) for p in ps], name=str(label),
            text=[probability_text(p, "<br>") for p in ps], textposition="outside",
            customdata=[f"{probability_text(p)}, exactly {fraction_text(p)}" for p in ps],
            hovertemplate=f"{label}: %{{x}} %{{customdata}}<extra></extra>",
        ))
    fig.update_yaxes(tickformat=".0%", range=[0, 1.1])
    fig.update_xaxes(type="category", categoryorder="array", categoryarray=list(OUTCOME_LABELS))
    _layout(fig, title or "Same teams, different play: how the result depends on the policies",
            "result of the conflict", "probability", barmode="group", height=380,
            legend={"title": {"text": "policy: "}, "orientation": "h", "x": 0, "y": -0.3})
    fig.update_layout(margin_b=100)  # room for the legend under the axis title
    return fig


def comparison_rows(results: Mapping[str, ConflictOdds]) -> list[Sequence[str | Html]]:
    """Rows for a policy comparison table: the label, then each result as a person
    reads it (the exact fraction on hover)."""
    return [[str(label)] + [probability_html(p) for p in _outcome_values(co)] for label, co in results.items()]
