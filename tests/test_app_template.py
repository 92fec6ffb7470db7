"""The app's Voila template (share/jupyter/voila/templates/explorer): the plotly.js
bundle it draws figures with is there, matches plotly.py, and can draw every trace
type the explorer may make (``APP_TRACES``)."""

from __future__ import annotations

import re
from pathlib import Path

from explorer.cli import SHARE, app_command
from explorer.ui.common import APP_TRACES

TEMPLATE = SHARE / "voila" / "templates" / "explorer"
BUNDLE = TEMPLATE / "static" / "plotly-cartesian.min.js"


def test_the_template_loads_the_figure_script_and_names_the_bundle():
    page = (TEMPLATE / "index.html.j2").read_text(encoding="utf-8")
    for name in ("explorer-plots.js", "plotly-cartesian.min.js"):
        assert f"include_url('static/{name}')" in page
        assert (TEMPLATE / "static" / name).is_file()
    assert (TEMPLATE / "static" / "plotly-LICENSE.txt").read_text(encoding="utf-8").startswith("MIT License")


def test_the_bundle_is_plotly_js_of_the_installed_plotly_s_major_version():
    """Figures are made by plotly.py and drawn by the bundle: the same major version of
    plotly.js reads the same figure format (refresh with tools/vendor_plotly.py)."""
    from plotly.offline import get_plotlyjs_version

    head = BUNDLE.read_text(encoding="utf-8")[:300]
    version = re.search(r"plotly\.js \(cartesian - minified\) v(\d+)\.\d+\.\d+", head)
    assert version, head
    assert version.group(1) == get_plotlyjs_version().split(".")[0]


def test_app_traces_are_the_trace_types_of_the_bundle():
    traces = set(re.findall(r'moduleType:"trace",name:"(\w+)"', BUNDLE.read_text(encoding="utf-8")))
    assert traces == APP_TRACES


def test_the_app_leaves_out_the_extensions_it_does_not_use():
    """JupyterLab's plotly extension (the full 4.8 MB plotly.js) and anywidget are never
    loaded by an app page; figures are drawn by the template's own script."""
    cmd = " ".join(app_command(8888))
    assert "extension_denylist=['anywidget','jupyterlab-plotly']" in cmd
    assert "--template=explorer" in cmd
    assert Path(__file__).resolve().parents[1] / "share" / "jupyter" == SHARE
