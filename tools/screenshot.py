"""Screenshot a page or an HTML file with Debian's Chromium through Playwright.

    python tools/screenshot.py URL_OR_FILE OUT.png [--width 1280] [--height 900] [--wait-for CSS] [--full]
                               [--click CSS ...] [--element CSS]

Used by hand to look at notebooks served by Voila (``voila notebooks/``) and at plotly
figures saved as HTML.  ``--click`` clicks the first element matching each selector, in
order, before the shot (``--click "button.xp-next" --click "button.xp-next"``);
``--element`` shoots one element instead of the page.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("target")
    ap.add_argument("out")
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--height", type=int, default=900)
    ap.add_argument("--wait-for", default=None, help="CSS selector to wait for")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--full", action="store_true", help="whole page, not just the viewport")
    ap.add_argument("--click", action="append", default=[], help="CSS selector to click first (repeatable)")
    ap.add_argument("--element", default=None, help="CSS selector of one element to shoot")
    args = ap.parse_args()
    url = args.target if "://" in args.target else Path(args.target).resolve().as_uri()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": args.width, "height": args.height})
        page.goto(url, timeout=args.timeout * 1000)
        if args.wait_for:
            page.wait_for_selector(args.wait_for, timeout=args.timeout * 1000)
        page.wait_for_timeout(1500)
        for css in args.click:
            page.locator(css).first.click()
            page.wait_for_timeout(800)
        if args.element:
            page.locator(args.element).first.screenshot(path=args.out)
        else:
            page.screenshot(path=args.out, full_page=args.full)
        browser.close()


if __name__ == "__main__":
    main()
