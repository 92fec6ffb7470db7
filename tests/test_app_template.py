"""The app's Voila template (share/jupyter/voila/templates/explorer): the plotly.js
bundle it draws figures with is there, matches plotly.py, and can draw every trace
type the explorer may make (``APP_TRACES``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

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


#: an address a page would load from elsewhere: in an attribute, an import or a stylesheet
EXTERNAL = re.compile(r"""(?:src|href|action)\s*=\s*["']?((?:https?:)?//[^"'\s>]+)"""
                      r"""|import\(\s*["']((?:https?:)?//[^"']+)|url\(\s*["']?((?:https?:)?//[^"')\s]+)""")


def external_urls(page: str) -> list[str]:
    """Every address outside the app that ``page`` (HTML) names for loading, and any
    ``https://`` address at all (a script may build a request from one).

    >>> external_urls('<link href="https://cdn.example/a.css"><img src="/static/b.png">')
    ['https://cdn.example/a.css']
    """
    found = {u for groups in EXTERNAL.findall(page) for u in groups if u}
    found |= set(re.findall(r"https://[^\s\"'<>)]+", page))
    return sorted(found)


@pytest.fixture(scope="module")
def app_server():
    """The app as ``python -m explorer app --pool 0`` serves it (no pre-heated kernels:
    a page runs when it is asked for), stopped after the tests."""
    import subprocess
    import time
    import urllib.request

    from explorer.cli import ROOT, app_env, free_port

    port = free_port()
    proc = subprocess.Popen(app_command(port, pool=0), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT,
                            env=app_env())
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 90
        while True:
            try:
                urllib.request.urlopen(f"{base}/voila/tree", timeout=5)
                break
            except OSError:
                if proc.poll() is not None or time.time() > deadline:
                    pytest.fail("the app did not start within 90 s")
                time.sleep(0.5)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.mark.parametrize("path", ["voila/render/00_start_here.ipynb", "voila/tree"])
def test_a_rendered_page_names_no_address_outside_the_app(app_server, path):
    """The app works with no internet: the start page and the list of pages, as served,
    load nothing from a CDN (Voila's lab template named Font Awesome's, nbconvert's
    mermaid's), and name the template's own static files instead."""
    import urllib.request

    page = urllib.request.urlopen(f"{app_server}/{path}", timeout=120).read().decode("utf-8")
    assert external_urls(page) == []
    if path.endswith(".ipynb"):
        assert "static/explorer-plots.js" in page


def test_the_app_keeps_a_warm_kernel_per_page_for_a_visitor_coming_back(capsys):
    """Voila replaces a pre-heated kernel once a visit takes it, and running a page takes
    seconds: with two per page by default, one is ready while the other is replaced.  The
    help says what that costs in memory."""
    from explorer.cli import APP_POOL, app_pages, main

    cmd = app_command(8888)
    assert "--preheat_kernel=True" in cmd and f"--pool_size={APP_POOL}" in cmd and APP_POOL == 2
    assert not [c for c in app_command(8888, pool=0) if "preheat" in c or "pool_size" in c]
    with pytest.raises(SystemExit):
        main(["app", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert f"default {APP_POOL}" in said and "MB" in said and f"the {len(app_pages())} pages" in said


def test_every_figure_is_drawn_through_the_one_drawing_path(monkeypatch):
    """The app draws figures only from explorer.ui.common's outputs (plotly_output, which
    LiveFigure redraws with): a figure shown any other way in a notebook (a cell's value,
    ``display(fig)``) goes through the same path once the UI is imported, and no widget
    makes a FigureWidget (an anywidget, which the app leaves out: it would stay blank)."""
    import ast
    import json
    from types import SimpleNamespace

    import IPython.display
    import plotly.graph_objects as go
    from IPython.core.formatters import DisplayFormatter

    from explorer.ui.common import LiveFigure, plotly_output, use_app_renderer

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda data, raw=False: shown.append((data, raw)))
    shell = SimpleNamespace(display_formatter=DisplayFormatter())
    assert use_app_renderer(shell) and not use_app_renderer(None)  # (pytest runs outside IPython)
    fig = go.Figure(go.Bar(x=["a"], y=[1]), layout=dict(title="shown as it is"))
    assert shell.display_formatter.format(fig) == ({}, {})  # shown, by the path below
    assert shown == [(plotly_output(fig)["data"], True)] and "explorerPlot" in shown[0][0]["text/html"]
    assert LiveFigure(fig).widget.outputs[0]["data"] == shown[0][0]
    ui = Path(__file__).resolve().parents[1] / "explorer" / "ui"
    for path in ui.rglob("*.py"):
        names = {n.attr for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.Attribute)}
        assert "FigureWidget" not in names, f"{path.name} makes a FigureWidget: use LiveFigure"
    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    for path in notebooks.rglob("*.ipynb"):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"])
            assert cell["cell_type"] != "code" or "plotly" not in source, \
                f"{path.name} draws a figure itself: a notebook shows the package's figures"


def test_a_page_run_on_a_busy_machine_keeps_its_outputs():
    """Voila runs each page's notebook with a client that drops a cell's output arriving more than
    4 s after the cell ran (on a starved machine the pages lost their widgets): the app's command
    line gives the executor of every page, pre-heated or not, minutes (waited only on a starved
    machine)."""
    import nbformat
    from voila.app import Voila
    from voila.execute import VoilaExecutor

    from explorer.cli import IOPUB_TIMEOUT

    app = Voila()
    app.parse_command_line([a for a in app_command(8888)[3:] if a.startswith("--VoilaExecutor")])
    executor = VoilaExecutor(nbformat.v4.new_notebook(), config=app.config)
    assert executor.iopub_timeout == IOPUB_TIMEOUT >= 30
