"""The Victorian notebooks in a real browser: the notebooks folder served by Voila,
each page clicked and read through Playwright in Debian's Chromium."""

from __future__ import annotations

from explorer.ui.common import probability_text
from explorer.victorian import odds, tables

WAIT = 60_000  # ms


def text_of(page, css, nth=0):
    return page.locator(css).nth(nth).inner_text()


def wait_text(page, css, text, nth=0):
    """Wait until the ``nth`` element matching ``css`` shows ``text``."""
    page.wait_for_function(
        "([css, nth, t]) => { const e = document.querySelectorAll(css)[nth]; return e && e.innerText.includes(t); }",
        arg=[css, nth, text], timeout=WAIT)


def test_turn_by_turn_steps_phases_and_views(open_notebook):
    """TURN SEQUENCE: the stepper deals, plays phase by phase, shows a side's view (the other hand hidden) or all,
    and every log line names its rule."""
    page = open_notebook("victorian/01_turn_by_turn.ipynb", ".xp-victorian-stepper")
    wait_text(page, ".xp-step-status", "Step 1")
    wait_text(page, ".xp-state", "Setup")
    page.locator(".xp-victorian-stepper button.xp-next").click()
    wait_text(page, ".xp-step-status", "Step 2")
    wait_text(page, ".xp-log", "[setup]")
    page.locator("button.xp-next-phase").click()
    wait_text(page, ".xp-state", "Turn 1")
    assert "hidden" in text_of(page, ".xp-state")  # the Heroes' view hides the Villains' hand
    page.locator(".xp-victorian-view button", has_text="All-seeing").click()
    wait_text(page, ".xp-victorian-note", "everything")
    page.wait_for_function("!document.querySelector('.xp-state').innerText.includes('hidden')", timeout=WAIT)
    page.locator(".xp-victorian-view button", has_text="The Villains' view").click()
    wait_text(page, ".xp-victorian-note", "Villains see")
    # play to the end of the turn, then ask why a tempting move is not allowed
    page.locator("button.xp-end-turn").click()
    wait_text(page, ".xp-state", "Turn 2")
    if page.locator("button.xp-why-not").is_visible():
        page.locator("button.xp-why-not").click()
        wait_text(page, ".xp-why-not-answer", "The rule")
    # a roll in the log opens to its terms
    page.locator("button.xp-play-turns").click()
    page.wait_for_function("document.querySelector('.xp-log').innerText.includes('Roll')", timeout=WAIT * 2)
    # undo goes back a step
    before = text_of(page, ".xp-step-status")
    page.locator(".xp-victorian-stepper button.xp-undo").click()
    page.wait_for_function("t => document.querySelector('.xp-step-status').innerText !== t", arg=before,
                           timeout=WAIT)


def test_turn_by_turn_lets_the_person_play_a_side(open_notebook):
    """TURN SEQUENCE: ticking "I play this side" hands that side's decisions to the person, as buttons, and a
    good player's advice is there to ask (from that side's view: a chance in words, a row per option)."""
    page = open_notebook("victorian/01_turn_by_turn.ipynb", ".xp-victorian-stepper")
    page.locator(".xp-victorian-plays input").check()
    page.locator("button.xp-play-turns").click()
    page.wait_for_selector("button.xp-option", timeout=WAIT * 2)
    wait_text(page, ".xp-step-status", "your choice")
    page.locator("button.xp-advice-button").click()
    wait_text(page, ".xp-advice-value", "A good player here wins")
    assert "the Heroes' view" in text_of(page, ".xp-advice-value")
    # the chance and the rows are two widgets, each sent to the page on its own: wait for the rows too
    page.wait_for_selector(".xp-advice-option", timeout=WAIT)
    assert page.locator(".xp-advice-option").count() == page.locator("button.xp-option").count()
    page.locator("button.xp-option").first.click()
    page.wait_for_function("document.querySelector('.xp-log').innerText.length > 0", timeout=WAIT)


def test_odds_tables_chains_and_deck(open_notebook):
    """ASSASSIN PHASE, ATTACK PHASE, INTERCEPT PHASE, SETUP: the table chart follows the roll chosen, the chains
    answer new questions exactly, the deck odds follow the side."""
    page = open_notebook("victorian/02_odds.ipynb", ".xp-victorian-deck")
    page.wait_for_selector(".xp-table-figure .main-svg", timeout=WAIT)
    page.locator(".xp-table-choice select").select_option(label="Assassin Roll (2D6)")
    page.wait_for_function("document.querySelector('.xp-table-figure .gtitle').textContent.includes('Assassin')",
                           timeout=WAIT)
    wait_text(page, ".xp-table-rule", "ASSASSIN PHASE")
    # the attack chain: one minion fewer changes the exact odds
    attack = odds.attack("Allan Quatermain", "Dr Fu-Man-Chu", ["Chinese Horde"])
    slider = page.locator(".xp-attack-count .ui-slider-handle, .xp-attack-count [role='slider']").first
    slider.focus()
    slider.press("ArrowLeft")
    wait_text(page, ".xp-chain-table", probability_text(attack["stopped"]))
    # the Intercept Phase tab
    page.locator(".xp-victorian-chains .lm-TabBar-tab", has_text="An Intercept Phase").click()
    thwart = odds.thwart(["Sherlock Holmes", "Tarzan"], "Professor Moriarty", plots=["Bank Heist", "Vile Scheme"])
    wait_text(page, ".xp-chain-table", probability_text(thwart["thwarted"]), nth=1)
    # the deck: the Villains' mulligan
    page.locator(".xp-deck-side button", has_text="Villains").click()
    wait_text(page, ".xp-deck-answer", probability_text(odds.mulligan("villains")))
    assert probability_text(tables.track_roll(4)["thwarted"]) == "58.3% (7/12)"


def test_a_game_is_saved_and_loaded_again(open_notebook, tmp_path):
    """Log format (one log for every game): "Save game" downloads the game as a log with its
    rules; "Load game" plays it again to the same step; a cut-short file is refused with a
    message naming its line, and the game on the page stays as it was."""
    page = open_notebook("victorian/01_turn_by_turn.ipynb", ".xp-victorian-stepper")
    for step in (2, 3):
        page.locator(".xp-victorian-stepper button.xp-next").click()
        wait_text(page, ".xp-step-status", f"Step {step}")
    page.locator(".xp-victorian-stepper button.xp-save").click()
    with page.expect_download() as download:
        page.locator("a.xp-save-file").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name == "victorian-seed2-step2.jsonl" and saved.read_text().startswith('{"format":"explorer.log/2"')
    page.locator(".xp-victorian-stepper button.xp-undo").click()
    wait_text(page, ".xp-step-status", "Step 2")
    with page.expect_file_chooser() as chooser:
        page.locator(".xp-victorian-stepper .xp-load").click()
    chooser.value.set_files(str(saved))
    wait_text(page, ".xp-load-note", "Loaded victorian-seed2-step2.jsonl: 2 steps")
    wait_text(page, ".xp-step-status", "Step 3")
    cut = tmp_path / "cut.jsonl"
    cut.write_text(saved.read_text()[:200])
    with page.expect_file_chooser() as chooser:
        page.locator(".xp-victorian-stepper .xp-load").click()
    chooser.value.set_files(str(cut))
    wait_text(page, ".xp-load-error", "line 1")
    assert "The game is unchanged" in text_of(page, ".xp-load-error") and text_of(page, ".xp-load-note") == ""
    assert "Step 3" in text_of(page, ".xp-step-status")
