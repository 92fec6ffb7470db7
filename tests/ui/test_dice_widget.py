"""The dice expression widget and the distribution views every odds page shares:
the answer is explorer.core.dist.parse's, drawn through the one drawing path."""

from __future__ import annotations

import html
from fractions import Fraction

import pytest

from explorer.core.dist import dice, parse
from explorer.ui.common import LiveFigure, probability_text
from explorer.ui.dice import DiceExpression
from explorer.ui.distribution import VIEWS, distribution_bars, distribution_table, view_values


def figure_spec(live: LiveFigure) -> dict:
    (output,) = live.widget.outputs
    assert "text/html" in output["data"]  # what the app draws
    return output["data"]["application/vnd.plotly.v1+json"]


@pytest.mark.parametrize("view", VIEWS)
def test_views_are_exact_sums_of_the_distribution(view):
    d = parse("3d6-2")
    xs, ps = view_values(d, view)
    assert xs == sorted(d.outcomes)
    for x, p in zip(xs, ps):
        want = {"exact": d[x], "at_least": d.prob(lambda t: t >= x), "at_most": d.prob(lambda t: t <= x)}[view]
        assert p == want
    with pytest.raises(ValueError, match="unknown view"):
        view_values(d, "sideways")


def test_a_probability_axis_never_passes_100_percent():
    for view in VIEWS:
        fig = distribution_bars(dice(2), view)
        assert fig.layout.yaxis.range[1] <= 1 and fig.layout.yaxis.tickformat == ".0%"
        assert max(fig.data[0].y) <= fig.layout.yaxis.range[1]


def test_the_table_gives_exactly_at_least_and_at_most():
    html = distribution_table(dice(2))
    for x in (2, 7, 12):
        assert probability_text(dice(2)[x]) in html
    assert probability_text(Fraction(35, 36)) in html  # at least 3, and at most 11
    assert "at least" in html and "at most" in html


def test_the_widget_answers_with_the_parsed_distribution():
    box = DiceExpression("4d6kh3")
    assert box.dist == parse("4d6kh3") and box.error.value == ""
    spec = figure_spec(box.figure)
    assert spec["data"][0]["x"] == sorted(box.dist.outcomes)
    assert sum(spec["data"][0]["y"]) == pytest.approx(1)
    assert probability_text(box.dist[18]) in box.answer.value  # 1/1296 = 0.1%: the fraction shown
    box.view.value = "at_least"
    assert figure_spec(box.figure)["data"][0]["y"][0] == 1.0
    assert "at least" in box.figure.layout.yaxis.title.text


def test_a_comparison_reads_as_which_side_is_higher():
    box = DiceExpression("3d6 vs 2d6")
    spec = figure_spec(box.figure)
    assert spec["data"][0]["x"] == ["3d6 is higher", "a tie", "2d6 is higher"]
    d = parse("3d6 vs 2d6")
    assert spec["data"][0]["y"] == [float(d["higher"]), float(d["tie"]), float(d["lower"])]
    assert probability_text(d["tie"]) in box.answer.value
    assert box.view.layout.display == "none"  # views of a total do not apply
    box.expression.value = "2d6"
    assert box.view.layout.display is None and figure_spec(box.figure)["data"][0]["x"] == list(range(2, 13))


def test_a_malformed_expression_shows_where_under_the_box():
    box = DiceExpression("2d6")
    box.expression.value = "2d6 +* 3"
    assert box.dist is None and box.answer.value == ""
    assert "unexpected '*' at column 6\n  2d6 +* 3\n       ^" in html.unescape(box.error.value)
    assert "^" in box.error.value and "Traceback" not in box.error.value
    assert box.figure.widget.layout.display == "none"
    box.expression.value = "d20-2"
    assert box.error.value == "" and box.figure.widget.layout.display is None and box.dist == parse("d20-2")


def test_stable_css_classes_for_browser_tests():
    box = DiceExpression()
    for widget, css in ((box.expression, "xp-dice-expr"), (box.answer, "xp-dice-answer"),
                        (box.error, "xp-dice-error"), (box.widget, "xp-dice"), (box.figure.widget, "xp-figure")):
        assert css in widget._dom_classes
    assert "DiceExpression('2d6+3')" == repr(box)


def test_the_message_sits_right_under_the_box():
    box = DiceExpression()
    children = list(box.widget.children)
    assert children.index(box.error) == children.index(box.expression) + 1
