"""Strip saved widget state from notebooks before they are committed.

An executed notebook stores every live widget's state in
``metadata.widgets`` (for plotly's FigureWidget that is megabytes of
JavaScript) and a ``application/vnd.jupyter.widget-view+json`` pointer in
each output that showed a widget.  Neither means anything without a running
kernel, so this removes both and keeps the outputs' ``text/plain`` form.  It
also drops each cell's run timestamps (``metadata.execution``), which change on
every run and say nothing to a reader.

    python tools/strip_widget_state.py notebooks/          # strip in place
    python tools/strip_widget_state.py --check notebooks/  # exit 1 if any would change

Only the JSON is rewritten (indent 1, as Jupyter saves); cell sources and other
outputs are untouched.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def strip(nb: dict) -> bool:
    """Remove widget state and run timestamps from a notebook dict in place; True if anything changed."""
    changed = False
    if "widgets" in nb.get("metadata", {}):
        del nb["metadata"]["widgets"]
        changed = True
    for cell in nb.get("cells", []):
        if "execution" in cell.get("metadata", {}):  # run timestamps: a diff on every run, nothing to read
            del cell["metadata"]["execution"]
            changed = True
        for out in cell.get("outputs", []):
            data = out.get("data")
            if data and WIDGET_VIEW in data:
                del data[WIDGET_VIEW]
                data.setdefault("text/plain", "(a widget: run the notebook to see it)")
                changed = True
    return changed


def notebooks(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*.ipynb") if ".ipynb_checkpoints" not in q.parts))
        else:
            out.append(p)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", help="notebooks or folders of notebooks")
    parser.add_argument("--check", action="store_true", help="only report; exit 1 if a notebook has widget state or run timestamps")
    args = parser.parse_args(argv)
    dirty = []
    for path in notebooks(args.paths):
        nb = json.loads(path.read_text(encoding="utf-8"))
        if strip(nb):
            dirty.append(path)
            if not args.check:
                path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        size = path.stat().st_size
        print(f"{'has widget state or run timestamps' if args.check and path in dirty else 'ok'}: {path} ({size / 1024:.0f} KiB)")
    return 1 if args.check and dirty else 0


if __name__ == "__main__":
    sys.exit(main())
