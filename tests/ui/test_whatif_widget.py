"""The designer's what-if page, driven without a browser: its charts before and after a run."""

from explorer.ui.whatif import WhatIfLab


def test_charts_ask_for_a_run_then_show_the_results():
    lab = WhatIfLab(games=20, scheduler="serial")
    charts = [lab.seats_fig, lab.masterminds_fig, lab.length_fig, lab.spread_fig, lab.exact_fig]
    for chart in charts:  # before a run: a hint, not empty axes
        assert [a.text for a in chart.layout.annotations] == ["press Run to fill this chart"]
        assert chart.layout.xaxis.visible is False and not chart.data
    lab.rule.value = "maneuver_target"
    lab.values.value = "7, 8"
    lab.run_button.click()
    for chart in charts:
        assert "press Run to fill this chart" not in [a.text for a in chart.layout.annotations]
        assert chart.layout.xaxis.visible is True and chart.data
