"""The plot builders draw exactly what the odds API and ``explorer.core.dist`` say."""

from __future__ import annotations

from fractions import Fraction

import plotly.graph_objects as go
import pytest

from explorer.asylum import load_roster, odds
from explorer.asylum.villains import Villain
from explorer.asylum.combat import beats
from explorer.core.dist import d6
from explorer.ui.asylum import odds_plots as plots
from explorer.ui.common import LiveFigure, figure_update, fraction_text, probability_text
from explorer.ui.distribution import VIEWS


def plain(pa=3, pd=3, ma=3, md=3, q=3, name="V") -> Villain:
    return Villain(name=name, physical_attack=pa, physical_defense=pd, mental_attack=ma, mental_defense=md, quickness=q)


def cell(fig: go.Figure, x: int, y: int) -> float:
    hm = fig.data[0]
    return hm.z[list(hm.y).index(y)][list(hm.x).index(x)]


def test_heatmap_cells_are_physical_attack_odds():
    """"Physical Attack": catch (Quickness) then hit (Physical Attack vs Defense)."""
    fig = plots.attack_heatmap()
    for a, d in [
        (plain(pa=5, pd=1, q=4), plain(pd=3, q=2)),
        (plain(pa=1, q=1), plain(pd=4, q=5)),
        (plain(pa=6, q=6), plain(pd=0, q=0)),
    ]:
        x = a.stat("physical_attack") - d.stat("physical_defense")
        y = a.stat("quickness") - d.stat("quickness")
        assert cell(fig, x, y) == float(odds.physical_attack(a, d))


def test_heatmap_top_row_is_mental_attack_odds():
    """"Mental Attack": one roll, no catch; the same row serves a blocker ("Blocking")."""
    fig = plots.attack_heatmap()
    no_catch = fig.data[0].y[-1]
    for ma, md in [(5, 2), (2, 5), (3, 3), (0, 6)]:
        a, d = plain(ma=ma), plain(md=md)
        assert cell(fig, ma - md, no_catch) == float(odds.mental_attack(a, d))
        assert cell(fig, ma - md, no_catch) == float(odds.physical_attack(plain(pa=ma), plain(pd=md), blocked=True))


def test_heatmap_grid_is_exact_and_monotone():
    xs, ys, z = plots.attack_grid(6)
    fig = plots.attack_heatmap(6)
    assert list(fig.data[0].x) == list(xs) == list(range(-6, 7))
    assert len(ys) == 14 and len(z) == 14
    for row, frow, crow in zip(z, fig.data[0].z, fig.data[0].customdata):
        assert [float(p) for p in row] == list(frow)
        assert [probability_text(p) for p in row] == list(crow)
        assert all(p <= q for p, q in zip(row, row[1:]))  # a bigger edge never hurts
    for col in range(len(xs)):
        catch_rows = [z[r][col] for r in range(13)]
        assert all(p <= q for p, q in zip(catch_rows, catch_rows[1:]))
        assert z[13][col] >= z[12][col]  # no catch roll beats any catch roll
    assert z[13][6] == Fraction(5, 12)  # equal stats: ties go to the defender


def test_heatmap_marks_and_clipping():
    fig = plots.attack_heatmap(mental_edge=2, physical_edge=(-1, 9))
    assert list(fig.data[1].x) == [2] and list(fig.data[1].y) == [7]
    assert list(fig.data[2].x) == [-1] and list(fig.data[2].y) == [6]  # clipped to the map
    plots.set_heatmap_marks(fig, None, None)
    assert list(fig.data[1].x) == [] and list(fig.data[2].x) == []


@pytest.mark.parametrize("view", VIEWS)
def test_dice_difference_views(view):
    """Every contest ("Mental Attack", "Physical Attack") is d6 + stat against d6 + stat."""
    diff = d6 - d6
    fig = plots.dice_difference_bars(view)
    xs, ps = plots.dice_difference_values(view)
    assert list(fig.data[0].x) == xs == list(range(-5, 6))
    assert list(fig.data[0].y) == [float(p) for p in ps]
    assert list(fig.data[0].text) == [probability_text(p, "<br>") for p in ps]
    for k, p in zip(xs, ps):
        expected = {"exact": diff[k], "at_least": diff.prob(lambda d: d >= k), "at_most": diff.prob(lambda d: d <= k)}[view]
        assert p == expected
    assert fig.layout.title.text and fig.layout.xaxis.title.text and fig.layout.yaxis.title.text


def test_dice_exact_bars_sum_to_one():
    xs, ps = plots.dice_difference_values("exact")
    assert sum(ps) == 1
    assert ps[xs.index(0)] == Fraction(1, 6)
    assert sum(plots.dice_difference_bars("exact").data[0].y) == pytest.approx(1)
    assert plots.dice_difference_values("at_least")[1][0] == 1
    assert plots.dice_difference_values("at_most")[1][-1] == 1


def test_dice_edge_colours_the_winning_rolls():
    fig = plots.dice_difference_bars("exact", edge=2)
    win = [x for x, c in zip(fig.data[0].x, fig.data[0].marker.color) if c == plots.ATTACKER_COLOUR]
    assert win == list(range(-1, 6))
    assert fraction_text(beats(2, 0).prob(True)) in fig.layout.title.text  # 13/18
    no_edge = plots.dice_difference_bars("exact")
    assert set(no_edge.data[0].marker.color) == {plots.NEUTRAL_COLOUR}  # no contest chosen: nothing coloured


def test_dice_unknown_view():
    with pytest.raises(ValueError, match="unknown view"):
        plots.dice_difference_bars("sideways")


@pytest.fixture(scope="module")
def two_v_one():
    r = load_roster()
    return odds.conflict([r["Doctor Cortex"], r["Oscar"]], [r["Corporal Union"]], "expected-vp")


def test_conflict_outcome_bars(two_v_one):
    """"Victory in Conflicts" / "Concluding a Conflict": win, draw or loss, exactly."""
    fig = plots.conflict_outcome_bars(two_v_one)
    assert list(fig.data[0].x) == list(plots.OUTCOME_LABELS)
    assert list(fig.data[0].y) == [float(two_v_one.attacker_wins), float(two_v_one.draw), float(two_v_one.defender_wins)]
    assert sum(fig.data[0].y) == pytest.approx(1)
    for custom, p in zip(fig.data[0].customdata, (two_v_one.attacker_wins, two_v_one.draw, two_v_one.defender_wins)):
        assert fraction_text(p) in custom and probability_text(p) in custom
    assert "Doomsday" in fig.layout.title.text


def test_margin_bars(two_v_one):
    """"Bonus for sound defeat": the dotted lines sit at a margin of 5."""
    fig = plots.margin_bars(two_v_one)
    assert list(fig.data[0].x) == list(two_v_one.margin.outcomes)
    assert list(fig.data[0].y) == [float(two_v_one.margin[m]) for m in two_v_one.margin.outcomes]
    assert sum(fig.data[0].y) == pytest.approx(1)
    assert sorted(s.x0 for s in fig.layout.shapes) == [-4.5, 4.5]
    assert fig.layout.xaxis.title.text


def test_policy_comparison(two_v_one):
    r = load_roster()
    rand = odds.conflict([r["Doctor Cortex"], r["Oscar"]], [r["Corporal Union"]], "random")
    fig = plots.policy_comparison({"expected-vp": two_v_one, "random": rand})
    assert [t.name for t in fig.data] == ["expected-vp", "random"]
    for t, co in zip(fig.data, (two_v_one, rand)):
        assert list(t.y) == [float(co.attacker_wins), float(co.draw), float(co.defender_wins)]
        assert sum(t.y) == pytest.approx(1)
    assert fig.layout.barmode == "group"
    rows = plots.comparison_rows({"expected-vp": two_v_one})
    assert rows[0][0] == "expected-vp" and f"exactly {fraction_text(two_v_one.attacker_wins)}" in rows[0][1]
    assert probability_text(two_v_one.attacker_wins) in rows[0][1]


def test_figure_update_redraws_the_whole_figure():
    """Views made after an update (Voila draws widgets after all cells ran) start
    from the widget's state: it must hold the current figure, title and all."""
    live = LiveFigure(go.Figure(go.Bar(x=["a"], y=[0])), "xp-test")
    with figure_update(live) as fig:
        fig.data[0].y = [0.5]
        fig.layout.title.text = "now"
    (output,) = live.widget.outputs
    spec = output["data"]["application/vnd.plotly.v1+json"]
    assert spec["data"][0]["y"] == [0.5] and spec["layout"]["title"]["text"] == "now"
    assert "xp-test" in live.widget._dom_classes and live.data[0].y == (0.5,)


def _figure_in_html(output: dict) -> dict:
    """The figure the app's HTML part hands to ``explorerPlot``."""
    import json
    import re

    page = output["data"]["text/html"]
    match = re.fullmatch(r'<div class="xp-plotly"></div><script>window\.explorerPlot && '
                         r'explorerPlot\(document\.currentScript, (.*)\)</script>', page, re.S)
    assert match, page[:200]
    return json.loads(match.group(1))


def test_a_figure_carries_the_html_the_app_draws():
    """The app draws figures from their HTML part (the template's plotly.js bundle); it
    holds exactly plotly's figure, and no text of the figure can end its script."""
    live = LiveFigure(go.Figure(go.Heatmap(z=[[1, 2]]), layout=dict(title="a </script><!-- b & c")), "xp-test")
    (output,) = live.widget.outputs
    assert _figure_in_html(output) == output["data"]["application/vnd.plotly.v1+json"]
    page = output["data"]["text/html"]
    assert page.count("</script>") == 1 and "<!--" not in page
    assert output["data"]["text/plain"] == "<figure: a </script><!-- b & c>"


def test_a_trace_the_app_cannot_draw_is_refused_by_name():
    """The app's bundle is plotly.js's cartesian one: a 3-D trace would stay blank there,
    so making one is an error naming the trace and where the bundle comes from."""
    from explorer.ui.common import plotly_output

    with pytest.raises(ValueError, match=r"cannot draw scatter3d traces.*tools/vendor_plotly.py"):
        plotly_output(go.Figure([go.Bar(x=[1], y=[1]), go.Scatter3d(x=[1], y=[1], z=[1])]))
