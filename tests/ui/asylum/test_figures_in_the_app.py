"""Every figure of Doom Asylum's odds pages goes through the one drawing path (a
LiveFigure: an Output holding the figure with the HTML the app draws), the
charts shown on their own included: a bare plotly figure shows in JupyterLab
but never in the app."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from explorer.asylum import load_roster, odds
from explorer.ui.asylum import dice_chart, skill_matters
from explorer.ui.asylum import odds_plots as plots
from explorer.ui.common import LiveFigure

NOTEBOOKS = sorted((Path(__file__).resolve().parents[3] / "notebooks" / "asylum").glob("*.ipynb"))
#: modules whose functions return bare plotly figures
FIGURE_BUILDERS = {"odds_plots", "plots", "board_plot", "go", "px"}


def drawn(live: LiveFigure) -> dict:
    assert isinstance(live, LiveFigure) and "xp-figure" in live.widget._dom_classes
    (output,) = live.widget.outputs
    assert "explorerPlot" in output["data"]["text/html"]
    return output["data"]["application/vnd.plotly.v1+json"]


def test_the_dice_chart_on_its_own_is_drawn_as_the_explorers_are():
    spec = drawn(dice_chart("at_least", edge=1))
    xs, ps = plots.dice_difference_values("at_least")
    assert spec["data"][0]["x"] == xs and spec["data"][0]["y"] == [float(p) for p in ps]
    assert "xp-dice-chart" in dice_chart().widget._dom_classes


def test_does_skill_matter_is_drawn_as_the_labs_charts_are():
    r = load_roster()
    a, d = [r["Doctor Cortex"]], [r["Corporal Union"]]
    live = skill_matters(a, d, (("random", "random"), ("expected-vp", "expected-vp")))
    spec = drawn(live)
    assert [t["name"] for t in spec["data"]] == ["attackers random, defenders random",
                                                 "attackers expected-vp, defenders expected-vp"]
    co = odds.conflict(a, d, ("random", "random"))
    assert spec["data"][0]["y"] == [float(co.attacker_wins), float(co.draw), float(co.defender_wins)]
    assert "xp-skill-matters" in live.widget._dom_classes
    assert live._repr_mimebundle_()["text/plain"].startswith("<figure: ")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_page_shows_a_bare_figure(path):
    """A cell ending in a figure builder's call, or calling .show(), would draw nothing in the app."""
    for cell in json.loads(path.read_text())["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        tree = ast.parse(source)
        assert ".show(" not in source
        last = tree.body[-1] if tree.body else None
        if isinstance(last, ast.Expr) and isinstance(last.value, ast.Call):
            func = last.value.func
            assert not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                        and func.value.id in FIGURE_BUILDERS), source
