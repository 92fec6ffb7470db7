"""The notebooks' widgets, driven in a real browser: each notebook served by Voila,
clicked and read through Playwright in Debian's Chromium."""

import re

from explorer.asylum import load_roster, odds
from explorer.ui.common import fraction_text

WAIT = 60_000  # ms


def text_of(page, css):
    return page.locator(css).first.inner_text()


def test_start_here_links_every_notebook(open_notebook):
    page = open_notebook("00_start_here.ipynb", "a[href*='02_combat_odds']")
    for name in ("01_rules_tour", "02_combat_odds", "03_conflict_lab"):
        assert page.locator(f"a[href*='{name}']").count() >= 1
    assert "villains in the roster" in page.content()


def test_combat_odds_answer_a_new_defender(open_notebook):
    """Mental Attack: choosing another defender shows his exact odds."""
    page = open_notebook("asylum/02_combat_odds.ipynb", ".xp-odds-table table")
    roster = load_roster()
    assert fraction_text(odds.mental_attack(roster["Doctor Cortex"], roster["Corporal Union"])) in text_of(page, ".xp-odds-table")
    page.locator(".xp-defender select").first.select_option("Oscar")
    expected = fraction_text(odds.mental_attack(roster["Doctor Cortex"], roster["Oscar"]))
    page.wait_for_function(
        "([css, t]) => document.querySelector(css).innerText.includes('Oscar') && document.querySelector(css).innerText.includes(t)",
        arg=[".xp-villain-info", "Oscar"], timeout=WAIT)
    page.wait_for_function("([css, t]) => document.querySelector(css).innerText.includes(t)",
                           arg=[".xp-odds-table", expected], timeout=WAIT)
    assert page.locator(".xp-heatmap .main-svg").count() >= 1  # the plotly heatmap is drawn


def test_conflict_lab_computes_the_exact_odds(open_notebook):
    """Concluding a Conflict: Compute odds fills in the exact win/draw/loss."""
    page = open_notebook("asylum/03_conflict_lab.ipynb", ".xp-compute")
    page.locator("button.xp-compute").first.click()
    page.wait_for_function("document.querySelector('.xp-conflict-summary').innerText.includes('/')", timeout=WAIT)
    summary = text_of(page, ".xp-conflict-summary")
    assert re.search(r"\d+/\d+", summary)
    # the bar chart shows the computed odds, not the empty chart it was built with
    roster = load_roster()
    teams = ([roster[n] for n in ("Doctor Cortex", "Baron Von Blitz", "The Puppeteer")],
             [roster[n] for n in ("Madame Nocturne", "Corporal Union", "Oscar")])
    expected = f"{float(odds.conflict(*teams).attacker_wins):.1%}"
    page.wait_for_function("([css, t]) => document.querySelector(css).textContent.includes(t)",
                           arg=[".xp-outcome-bars", expected], timeout=WAIT)
    assert page.locator("button.xp-option").count() >= 1  # the stepper's option buttons


def test_rules_tour_steps_and_logs_the_rule(open_notebook):
    """Gameplay overview: Next step applies one rule and the log names it."""
    page = open_notebook("asylum/01_rules_tour.ipynb", "button.xp-next")
    page.locator("button.xp-next").first.click()
    page.wait_for_function("document.querySelector('.xp-log').innerText.includes('turn.start')", timeout=WAIT)
    page.locator("button.xp-next").first.click()
    page.wait_for_function("document.querySelector('.xp-log').innerText.includes('turn.move')", timeout=WAIT)
    page.locator("button.xp-undo").first.click()
    page.wait_for_function("!document.querySelector('.xp-log').innerText.includes('turn.move')", timeout=WAIT)
    assert page.locator(".xp-board .main-svg").count() >= 1
    page.locator(".xp-log summary").first.click()  # opens our summary of the rule
    assert "Upgrading" in text_of(page, ".xp-log") or "start" in text_of(page, ".xp-log").lower()
