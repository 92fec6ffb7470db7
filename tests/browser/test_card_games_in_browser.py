"""The card games as people see them, in a real browser: a game played through the
drawn table, a card's text read, a draw chance read and checked against the API,
a fork, and the how-to-play pages with the bot's advice (Voila and Playwright in
Debian's Chromium, as the app serves the notebooks)."""

from __future__ import annotations

from explorer.doomtrooper import odds as dt_odds
from explorer.doomtrooper import seat_odds as dt_seat_odds
from explorer.ui.common import probability_text
from explorer.ui.doomtrooper import TableStepper
from explorer.ui.victorian import VictorianStepper
from explorer.victorian import odds as vic_odds

WAIT = 60_000  # ms


def wait_text(page, css, text, nth=0):
    """Wait until the ``nth`` element matching ``css`` shows ``text``."""
    page.wait_for_function(
        "([css, nth, t]) => { const e = document.querySelectorAll(css)[nth];"
        " return e && (e.innerText ?? e.textContent).includes(t); }",
        arg=[css, nth, text], timeout=WAIT)


def test_victorian_draw_chance_on_the_page_is_the_apis(open_notebook):
    """THE DECKS: the Heroes' chance to draw a Character next, from their view, as the API gives it."""
    root = ".xp-victorian-stepper"
    page = open_notebook("victorian/01_turn_by_turn.ipynb", f"{root} .xp-seat-odds-answer")
    page.locator("button.xp-next-phase").click()
    wait_text(page, f"{root} .xp-board-head", "Turn 1")
    here = VictorianStepper(seed=2)  # the page's game, played the same way in this process
    here.next_phase()
    expected = probability_text(vic_odds.draw_chance(here.stepper.stepper.state, "heroes", {"C": 1}, draws=1,
                                                     game=here.game))
    wait_text(page, f"{root} .xp-seat-odds-answer", expected)
    # three draws: the answer follows the control
    draws = page.locator(f"{root} .xp-seat-odds-draws input")
    draws.fill("3")
    draws.press("Tab")
    three = probability_text(vic_odds.draw_chance(here.stepper.stepper.state, "heroes", {"C": 1}, draws=3,
                                                  game=here.game))
    wait_text(page, f"{root} .xp-seat-odds-answer", three)


def test_victorian_game_played_through_the_table_with_a_fork(open_notebook):
    """TURN SEQUENCE: the person plays the Heroes with option buttons that name cards; the table follows;
    a fork plays each option on with its cost against the best."""
    root = ".xp-victorian-stepper"
    page = open_notebook("victorian/01_turn_by_turn.ipynb", f"{root} .xp-board")
    page.locator(".xp-victorian-plays input").check()
    page.locator(f"{root} button.xp-play-turns").click()
    page.wait_for_selector(f"{root} button.xp-option", timeout=WAIT)
    labels = page.locator(f"{root} button.xp-option").all_inner_texts()
    assert labels and not any("#" in label and any(ch.isdigit() for ch in label.split("#")[1][:1])
                              for label in labels)
    before = page.locator(f"{root} .xp-board").inner_text()
    page.locator(f"{root} .xp-fork-games input").fill("10")
    page.locator(f"{root} .xp-fork-games input").press("Tab")
    page.locator(f"{root} button.xp-fork").click()
    wait_text(page, f"{root} .xp-fork-view", "against the best option", )
    assert "the best here" in page.locator(f"{root} .xp-fork-view").inner_text()
    status = page.locator(f"{root} .xp-step-status").inner_text()
    page.locator(f"{root} button.xp-option").first.click()  # the person's choice: the game steps on
    page.wait_for_function("([css, t]) => document.querySelector(css).innerText !== t",
                           arg=[f"{root} .xp-step-status", status], timeout=WAIT)
    for _ in range(20):  # play on, choosing the first option at each of the person's decisions
        if page.locator(f"{root} .xp-board").inner_text() != before:
            break
        status = page.locator(f"{root} .xp-step-status").inner_text()
        if page.locator(f"{root} button.xp-option").count():
            page.locator(f"{root} button.xp-option").first.click()
        else:
            page.locator(f"{root} button.xp-play-turns").click()
        page.wait_for_function("([css, t]) => document.querySelector(css).innerText !== t",
                               arg=[f"{root} .xp-step-status", status], timeout=WAIT)
    assert page.locator(f"{root} .xp-board").inner_text() != before
    card = page.locator(f"{root} .xp-board .xp-card").first
    card.locator("summary").first.click()
    assert card.locator(".xp-card-text").first.inner_text().strip()


def test_doomtrooper_draw_chance_and_opponent_hand_on_the_page_are_the_apis(open_notebook):
    """The Draw Step: seat 0's chance to draw a warrior next, and that seat 1 holds one, from seat 0's view."""
    root = ".xp-dt-table"
    page = open_notebook("doomtrooper/01_combat.ipynb", f"{root} .xp-seat-odds-answer")
    page.locator(f"{root} .xp-next").click()  # the deal
    page.wait_for_selector(f"{root} [data-zone='seat1-hand'] .xp-card-back", timeout=WAIT)
    here = TableStepper(seed=3, seat=0)
    here.stepper.step()
    state = here.stepper.state
    shown = page.locator(f"{root} .xp-seat-odds-key select option:checked").inner_text().replace("\u00a0", " ")
    key = dict(dt_seat_odds.keys(here.game))[shown]  # the label the page shows -> the API's key
    expected = probability_text(dt_odds.draw_chance(state, 0, {key: 1}, draws=1, game=here.game))
    wait_text(page, f"{root} .xp-seat-odds-answer", expected)
    page.locator(f"{root} .xp-seat-odds-question button", has_text="the opponent holds").click()
    holds = probability_text(dt_odds.opponent_holds(state, 0, {key: 1}, game=here.game))
    wait_text(page, f"{root} .xp-seat-odds-answer", holds)


def test_the_how_to_play_pages_teach_and_advise(open_notebook):
    """How to play: the goal, a turn and how to win, each with its rule, then the bot's advice at a choice."""
    for path, root in (("victorian/00_how_to_play.ipynb", ".xp-howto"), ("doomtrooper/00_how_to_play.ipynb",
                                                                           ".xp-howto")):
        page = open_notebook(path, f"{root} .xp-howto-guide")
        guide = page.locator(f"{root} .xp-howto-guide").first.inner_text()
        assert "win" in guide.lower()
        page.locator(f"{root} button.xp-play-turns").first.click()  # the bots play on until you must choose
        page.wait_for_function("css => document.querySelector(css).innerText.trim().length > 0",
                               arg=f"{root} .xp-howto-advice", timeout=WAIT)
        advice = page.locator(f"{root} .xp-howto-advice").first.inner_text()
        assert "#" not in advice and "_" not in advice
