"""The committed notebooks are the manual: each opens by saying what it answers,
checks at least one deterministic fact, and carries no widget state."""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))
NOTEBOOKS = [p for p in NOTEBOOKS if ".ipynb_checkpoints" not in p.parts]


def test_the_four_notebooks_exist():
    names = {p.relative_to(ROOT / "notebooks").as_posix() for p in NOTEBOOKS}
    assert {"00_start_here.ipynb", "asylum/01_rules_tour.ipynb", "asylum/02_combat_odds.ipynb",
            "asylum/03_conflict_lab.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_clean_and_checked(path):
    nb = json.loads(path.read_text())
    assert path.stat().st_size < 1_000_000
    assert "widgets" not in nb.get("metadata", {})
    first = "".join(nb["cells"][0]["source"])
    assert "answers" in first.lower()
    sources = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    checked = [s for s in sources if s.startswith("# NBVAL_CHECK_OUTPUT")]
    assert checked, "no cell checks its output"
    for cell in nb["cells"]:
        assert "execution" not in cell.get("metadata", {}), "run timestamps: python tools/strip_widget_state.py"
        for out in cell.get("outputs", []):
            assert "application/vnd.jupyter.widget-view+json" not in out.get("data", {})
    for cell in nb["cells"]:
        src = "".join(cell["source"])
        if cell["cell_type"] == "code" and src.startswith("# NBVAL_CHECK_OUTPUT"):
            assert cell.get("outputs"), f"checked cell without a stored output: {src[:60]}"


def test_the_start_page_links_every_other_notebook():
    """The start page is the manual's table of contents: a notebook it does not link is lost."""
    start = ROOT / "notebooks" / "00_start_here.ipynb"
    text = "".join("".join(c["source"]) for c in json.loads(start.read_text())["cells"])
    for path in NOTEBOOKS:
        rel = path.relative_to(ROOT / "notebooks").as_posix()
        if path != start:
            assert f"]({rel})" in text, f"00_start_here.ipynb does not link {rel}"


#: what a Python value looks like when printed as it is: a bool or None closing a
#: line, a Fraction's or a dict's repr
RAW_REPR = re.compile(r"(:\s*|\s)(True|False|None)\s*$|Fraction\(|\{'")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_printed_outputs_read_as_words_not_python(path):
    """What a page prints is read by people (in the app the code is hidden): "yes",
    not ``True``; a percentage with its fraction, not ``Fraction(7, 12)``."""
    for cell in json.loads(path.read_text())["cells"]:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            text = ("".join(out.get("text", [])) if out.get("output_type") == "stream"
                    else "".join(data.get("text/plain", [])) if set(data) == {"text/plain"} else "")
            for line in text.splitlines():
                assert not RAW_REPR.search(line), f"a raw Python value printed: {line!r}"
