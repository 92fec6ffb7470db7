"""The Victorian tables page: at one modifier, the modified total exactly, at least
or at most, each bar coloured by the result it reads on the table."""

from __future__ import annotations

from fractions import Fraction

import pytest

from explorer.core.dist import dice
from explorer.ui.common import probability_text
from explorer.ui.victorian import TableOdds
from explorer.ui.victorian.odds import COLOURS, ROLLS, total_dist
from explorer.victorian import tables
from explorer.victorian.tables.data import load_tables


@pytest.mark.parametrize("name", list(ROLLS))
@pytest.mark.parametrize("modifier", [-3, 0, 4])
def test_the_total_is_the_dice_plus_the_modifier_and_reads_the_tables_results(name, modifier):
    """Track Roll, Assassin Roll, Combat Roll, Showdown Roll, Healing Roll: dice plus the
    modifier, read on the bands; the bands' sums are the odds API's results."""
    fn, _ = ROLLS[name]
    banded = load_tables().banded(fn.removesuffix("_roll"))
    total = total_dist(fn, modifier)
    assert total == (dice(banded.dice) + modifier).sorted()
    assert sum(p for _, p in total.items()) == 1
    by_result = {}
    for t, p in total.items():
        by_result[banded.read(t)] = by_result.get(banded.read(t), Fraction(0)) + p
    if fn == "healing_roll":
        assert by_result.get("removed", 0) == tables.healing_roll(modifier)
    else:
        api = getattr(tables, fn)(modifier)
        assert {k: p for k, p in api.items() if p} == by_result


def test_the_widget_draws_the_total_in_each_view():
    t = TableOdds(table="Track Roll", modifier=4)
    total = t.total()
    bar = t.total_figure.data[0]
    assert list(bar.x) == list(range(6, 17)) and sum(bar.y) == pytest.approx(1)
    banded = load_tables().track
    assert list(bar.marker.color) == [COLOURS[banded.read(x)] for x in bar.x]
    t.view.value = "at_least"
    bar = t.total_figure.data[0]
    assert bar.y[list(bar.x).index(10)] == float(total.prob(lambda x: x >= 10))
    assert t.total_figure.layout.yaxis.range[1] <= 1
    assert probability_text(total.prob(lambda x: x >= 10)) in t.totals.value
    assert "thwarted" in t.totals.value and "at most" in t.totals.value
    t.modifier.value = -2
    assert list(t.total_figure.data[0].x) == list(range(0, 11))
    t.table.value = "Combat Roll (1D6)"
    assert list(t.total_figure.data[0].x) == list(range(-1, 5))
    (output,) = t.total_figure.widget.outputs
    assert "text/html" in output["data"]
