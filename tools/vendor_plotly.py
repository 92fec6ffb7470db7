"""Fetch the plotly.js bundle the app draws its figures with.

The app (``python -m explorer app``, Voila) draws figures with plotly.js's
"cartesian" partial bundle (bar, box, contour, heatmap, histogram(s), image, pie,
scatter, scatterternary, violin): 1.4 MB against the full bundle's 4.8 MB, which
takes a second to start in the browser on a small machine.  It lives beside the
explorer's Voila template (``share/jupyter/voila/templates/explorer/static/``) with
its MIT licence, and is taken from the npm registry at the plotly.js version the
installed plotly.py is built for.  Run it after upgrading plotly:

    python tools/vendor_plotly.py [--version X.Y.Z]
"""

from __future__ import annotations

import argparse
import io
import json
import tarfile
import urllib.request
from pathlib import Path

STATIC = Path(__file__).resolve().parents[1] / "share" / "jupyter" / "voila" / "templates" / "explorer" / "static"
PACKAGE = "plotly.js-cartesian-dist-min"
BUNDLE = "plotly-cartesian.min.js"


def main() -> int:
    from plotly.offline import get_plotlyjs_version

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version", default=get_plotlyjs_version(),
                        help="plotly.js version (default: the one the installed plotly.py uses)")
    args = parser.parse_args()
    meta = json.load(urllib.request.urlopen(f"https://registry.npmjs.org/{PACKAGE}/{args.version}", timeout=60))
    data = urllib.request.urlopen(meta["dist"]["tarball"], timeout=120).read()
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        files = {m.name.removeprefix("package/"): tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}
    STATIC.mkdir(parents=True, exist_ok=True)
    (STATIC / BUNDLE).write_bytes(files[BUNDLE])
    (STATIC / "plotly-LICENSE.txt").write_bytes(files["LICENSE"])
    print(f"{PACKAGE} {args.version}: {len(files[BUNDLE]):,} bytes -> {STATIC / BUNDLE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
