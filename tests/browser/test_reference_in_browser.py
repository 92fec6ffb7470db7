"""The rules reference in a real browser (issue 19, "The rules reference"): the Victorian
reference page served by Voila and clicked through Playwright in Debian's Chromium.
Typing in the search box filters the sections in the page; "Show me" opens the stepper
at the example's step with the rule's event highlighted; the rule of a log entry links
back to its entry on the page."""

from __future__ import annotations

WAIT = 60_000  # ms
PAGE = "victorian/reference.ipynb"
SECTION = "attack.combat"  # ATTACK: the combat roll, shown by a stored game's event

#: the sections shown now and all of them, by id
SHOWN = """() => { const all = [...document.querySelectorAll('.xp-ref-section')];
  return [all.filter(e => e.style.display !== 'none').map(e => e.dataset.section), all.length]; }"""


def test_search_filters_the_sections_in_the_page(open_notebook):
    page = open_notebook(PAGE, ".xp-ref-section")
    shown, total = page.evaluate(SHOWN)
    assert len(shown) == total > 40
    page.fill(".xp-ref-search", "Combat roll")
    page.wait_for_function("n => [...document.querySelectorAll('.xp-ref-section')]"
                           ".filter(e => e.style.display !== 'none').length < n", arg=total, timeout=WAIT)
    shown, _ = page.evaluate(SHOWN)
    assert SECTION in shown and 0 < len(shown) < total
    texts = page.evaluate("() => [...document.querySelectorAll('.xp-ref-section')]"
                          ".filter(e => e.style.display !== 'none').map(e => e.dataset.text)")
    assert all("combat" in t and "roll" in t for t in texts)
    assert page.locator(".xp-ref-count").inner_text().startswith(f"{len(shown)} of {total}")
    page.fill(".xp-ref-search", "")
    page.wait_for_function("n => [...document.querySelectorAll('.xp-ref-section')]"
                           ".every(e => e.style.display !== 'none')", arg=total, timeout=WAIT)


def test_show_me_opens_the_stepper_at_the_highlighted_event_and_its_rule_links_back(open_notebook):
    page = open_notebook(PAGE, ".xp-ref-section")
    page.locator(f"[id='rule-{SECTION}'] button.xp-show-me").click()
    box = ".xp-ref-example-box"
    mark = page.locator(f"{box} .xp-log-entry.xp-highlight").first
    mark.wait_for(timeout=WAIT)
    assert page.locator(f"{box} button.xp-next").first.is_visible()  # ready to step on
    assert page.locator(f"{box} button.xp-undo").first.is_enabled()
    assert SECTION in page.locator(".xp-ref-example-note").inner_text()
    rule = mark.locator(".xp-rule").first.inner_text().strip("[]")
    link = mark.locator("a.xp-rule-link").first
    assert link.get_attribute("href") == f"../victorian/reference.ipynb#rule-{rule}"
    link.click()
    page.wait_for_function("h => location.hash === h", arg=f"#rule-{rule}", timeout=WAIT)
    target = page.locator(f"[id='rule-{rule}']")
    page.wait_for_function("id => { const r = document.getElementById(id).getBoundingClientRect();"
                           " return r.bottom > 0 && r.top < window.innerHeight; }", arg=f"rule-{rule}",
                           timeout=WAIT)
    assert target.is_visible()
    # the same page: the stepper is still there, nothing reloaded
    assert page.locator(f"{box} .xp-log-entry.xp-highlight").count() >= 1
