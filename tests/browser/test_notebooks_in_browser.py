"""The notebooks' widgets, driven in a real browser: the notebooks folder served by
Voila, every page clicked and read through Playwright in Debian's Chromium."""

import json
import re

from explorer.asylum import load_roster, odds
from explorer.ui.common import fraction_text, probability_text

WAIT = 60_000  # ms

BOARD = """(i) => {
  const board = document.querySelectorAll('.xp-board')[i];
  const title = board.querySelector('.gtitle');
  const traces = board.querySelectorAll('.scatterlayer .trace');
  const parties = [...traces[traces.length - 1].querySelectorAll('path.point')];
  return JSON.stringify([title ? title.textContent : null, parties.map(p => p.getAttribute('transform'))]);
}"""


def text_of(page, css, nth=0):
    return page.locator(css).nth(nth).inner_text()


def wait_text(page, css, text, nth=0):
    """Wait until the ``nth`` element matching ``css`` shows ``text``."""
    page.wait_for_function(
        "([css, nth, t]) => { const e = document.querySelectorAll(css)[nth]; return e && e.innerText.includes(t); }",
        arg=[css, nth, text], timeout=WAIT)


def test_start_here_links_open_the_other_pages(open_notebook, voila_url):
    """Served as a folder, the start page's relative links resolve to the other pages."""
    page = open_notebook("00_start_here.ipynb", "a[href*='02_combat_odds']")
    for name in ("01_rules_tour", "02_combat_odds", "03_conflict_lab"):
        href = page.locator(f"a[href*='{name}']").first.evaluate("a => a.href")
        assert href == f"{voila_url}/voila/render/asylum/{name}.ipynb"
    for text in ("The goal of Doom Asylum", "python -m explorer app", "villains in the roster"):
        page.wait_for_function("t => document.body.textContent.includes(t)", arg=text, timeout=WAIT)
    assert "../shared" not in page.content()
    with page.expect_navigation(timeout=WAIT * 2) as nav:
        page.locator("a[href*='02_combat_odds']").first.click()
    assert nav.value.status == 200  # not 403: the folder is served
    page.wait_for_selector(".xp-odds-table table", timeout=WAIT * 2)


def test_combat_odds_answer_a_new_defender(open_notebook):
    """Mental Attack: choosing another defender shows his exact odds."""
    page = open_notebook("asylum/02_combat_odds.ipynb", ".xp-odds-table table")
    roster = load_roster()
    assert probability_text(odds.mental_attack(roster["Doctor Cortex"], roster["Corporal Union"])) in \
        text_of(page, ".xp-odds-table")
    page.locator(".xp-defender select").first.select_option("Oscar")
    wait_text(page, ".xp-villain-info", "Oscar")
    wait_text(page, ".xp-odds-table", probability_text(odds.mental_attack(roster["Doctor Cortex"], roster["Oscar"])))
    assert page.locator(".xp-heatmap .main-svg").count() >= 1  # the plotly heatmap is drawn


def test_combat_odds_every_control(open_notebook):
    """Explain this number, the mastermind's extra point, the dice colours, the swap."""
    page = open_notebook("asylum/02_combat_odds.ipynb", ".xp-odds-table table")
    page.wait_for_selector(".xp-dice-bars .main-svg", timeout=WAIT)
    # a chance opens to its terms: Iron Will's die against a mental attack ("Automatic Special Abilities")
    page.locator(".xp-defender-level button", has_text="2").click()
    page.locator(".xp-defender select").first.select_option("The Puppeteer")
    wait_text(page, ".xp-villain-info", "Puppeteer")
    row = page.locator(".xp-odds-table tr[data-key='mental']")
    row.locator("details summary").click()
    explanation = row.locator(".xp-explain").inner_text()
    assert "the better of two d6 (Iron Will)" in explanation and "Mental Defense" in explanation
    # the mastermind box changes the victory points ("Victory in Conflicts")
    assert "mastermind" not in row.locator("td").nth(3).inner_text()
    page.locator(".xp-target-mastermind input").check()
    page.wait_for_function("document.querySelector(\"tr[data-key='mental'] td:nth-child(4)\").innerText"
                           ".includes('mastermind')", timeout=WAIT)
    # no contest chosen: no bar coloured as a win
    page.locator(".xp-dice-contest select").select_option("none")
    page.wait_for_function("document.querySelector('.xp-dice-bars .gtitle').textContent.includes('each contest')",
                           timeout=WAIT)
    fills = page.locator(".xp-dice-bars .bars path").evaluate_all("ps => ps.map(p => p.style.fill)")
    assert fills and len(set(fills)) == 1
    # the swap exchanges the two villains
    page.locator("button.xp-swap").click()
    wait_text(page, ".xp-villain-info", "Attacker: The Puppeteer")


def test_conflict_lab_computes_steps_and_compares(open_notebook):
    """Concluding a Conflict: Compute odds fills in the exact win/draw/loss; the stepper
    and the comparison work, each reporting beside its own button."""
    page = open_notebook("asylum/03_conflict_lab.ipynb", ".xp-compute")
    page.wait_for_selector(".xp-margin-bars .main-svg", timeout=WAIT)
    roster = load_roster()
    teams = ([roster[n] for n in ("Doctor Cortex", "Baron Von Blitz", "The Puppeteer")],
             [roster[n] for n in ("Madame Nocturne", "Corporal Union", "Oscar")])
    expected = odds.conflict(*teams)
    assert probability_text(expected.attacker_wins) in text_of(page, ".xp-conflict-summary")
    assert re.search(r"\d+\.\d%", text_of(page, ".xp-outcome-bars"))
    # the option buttons carry win chances (the notebook computed the odds)
    first = page.locator("button.xp-option").first
    assert "win" in first.inner_text()
    first.click()
    wait_text(page, ".xp-conflict-lab .xp-log", "attackers")
    wait_text(page, ".xp-step-status", "Step 2")
    page.locator("button.xp-undo").first.click()
    wait_text(page, ".xp-step-status", "Step 1")
    # why not: a move the rules forbid, with our summary of the rule
    page.locator(".xp-conflict-lab button.xp-why-not").click()
    wait_text(page, ".xp-why-not-answer", "The rule")
    # compare: its own status, percentages in the table, the chart redrawn
    page.locator(".xp-compare-b select").select_option("random")
    page.locator("button.xp-compare").click()
    wait_text(page, ".xp-compare-status", "compared in")
    assert "compared" not in text_of(page, ".xp-status")
    table = text_of(page, ".xp-policy-table")
    assert probability_text(expected.attacker_wins) in table and fraction_text(expected.attacker_wins) not in table
    page.wait_for_function("document.querySelector('.xp-policy-comparison').textContent.includes('both random')",
                           timeout=WAIT)
    # the conflict played out: the result in words
    page.locator("button.xp-play-out").first.click()
    wait_text(page, ".xp-result", "Conflict over.")


def test_rules_tour_both_boards_follow_their_steppers(open_notebook):
    """Gameplay overview: on each board of the page (the second tour too), playing steps
    moves a party and the title follows; the title is there from the start."""
    page = open_notebook("asylum/01_rules_tour.ipynb", "button.xp-next")
    page.wait_for_function("document.querySelectorAll('.xp-board .gtitle').length == 2", timeout=WAIT)
    tours = page.locator(".xp-rules-tour")
    assert tours.count() == 2
    for i in range(2):
        before = page.evaluate(BOARD, i)
        assert "seed" in before  # "Doom Asylum, seed 1: turn 1, 0 steps played": not the bare first drawing
        tour = tours.nth(i)
        for _ in range(3):  # a bot's step (Next step) or the person's choice (an option button)
            options = tour.locator("button.xp-option")
            (options.first if options.count() else tour.locator("button.xp-next")).click()
            page.wait_for_timeout(300)
        page.wait_for_function(f"({BOARD})({i}) !== {json.dumps(before)}", timeout=WAIT)
        page.wait_for_function(f"JSON.parse(({BOARD})({i}))[0].includes('3 steps played')", timeout=WAIT)
        title, markers = json.loads(page.evaluate(BOARD, i))
        assert markers != json.loads(before)[1]  # a party moved


def test_rules_tour_steps_logs_and_explains(open_notebook):
    """Gameplay overview: Next step applies one rule and the log names it; "why not?"
    explains a move to a room that is not next door, with our summary of the rule."""
    page = open_notebook("asylum/01_rules_tour.ipynb", "button.xp-next")
    page.locator("button.xp-next").first.click()  # the opening draw of masterminds
    wait_text(page, ".xp-log", "mastermind.start")
    page.locator("button.xp-next").first.click()
    wait_text(page, ".xp-log", "turn.start")
    page.locator("button.xp-next").first.click()
    wait_text(page, ".xp-log", "turn.move")
    page.locator("button.xp-undo").first.click()
    page.wait_for_function("!document.querySelector('.xp-log').innerText.includes('turn.move')", timeout=WAIT)
    page.locator(".xp-log summary").first.click()  # opens our summary of the rule
    assert "turn.start" in text_of(page, ".xp-log")
    # the second tour: the person plays seat 0; the log says what to do
    tour = page.locator(".xp-rules-tour").nth(1)
    assert "press Next step" in tour.locator(".xp-log").inner_text()  # the draw is the rules' own step
    tour.locator("button.xp-next").click()
    wait_text(page, ".xp-rules-tour .xp-options", "Choose for seat 0", nth=1)  # then seat 0 chooses
    while "done: on to the move" in tour.locator(".xp-options").inner_text():
        tour.locator("button.xp-option", has_text="done: on to the move").click()
        page.wait_for_timeout(500)
    wait_text(page, ".xp-rules-tour .xp-step-status", "Move one space", nth=1)
    select = tour.locator(".xp-why-not-list select")
    labels = select.locator("option").evaluate_all("options => options.map(o => o.textContent)")
    labels = [label.replace("\xa0", " ") for label in labels]  # ipywidgets writes non-breaking spaces
    far = next(k for k, label in enumerate(labels) if label.startswith("move to the") and "Intake Hall" not in label)
    select.select_option(index=far)
    tour.locator("button.xp-why-not").click()
    answer = tour.locator(".xp-why-not-answer")
    answer.locator(".xp-rule-ref").wait_for(timeout=WAIT)
    assert "one space" in answer.inner_text() and "Gameplay overview" in answer.inner_text()
