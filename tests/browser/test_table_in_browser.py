"""The card games' drawn tables in a real browser: the Victorian turn-by-turn page
and Doomtrooper's table stepper, served by Voila and clicked through Playwright
in Debian's Chromium.  The table sits above the state in words, follows each
step and view, hides what the view may not see, opens a card's text and rule on
a click, and clips nothing."""

from __future__ import annotations

import re

WAIT = 60_000  # ms

#: every zone of a board fits its width, and every card fits inside its board
NOTHING_CLIPPED = """root => {
  const board = document.querySelector(root + ' .xp-board');
  if (!board) return 'no board';
  const box = board.getBoundingClientRect();
  for (const z of board.querySelectorAll('.xp-zone')) {
    if (z.scrollWidth > z.clientWidth + 1) return 'zone clipped: ' + z.dataset.zone;
  }
  for (const c of board.querySelectorAll('.xp-card, .xp-card-back')) {
    const r = c.getBoundingClientRect();
    if (r.left < box.left - 1 || r.right > box.right + 1)
      return 'card outside the board: ' + (c.dataset.card || 'a back');
  }
  return '';
}"""


def wait_text(page, css, text, nth=0):
    """Wait until the ``nth`` element matching ``css`` shows ``text``."""
    page.wait_for_function(
        "([css, nth, t]) => { const e = document.querySelectorAll(css)[nth];"
        " return e && (e.innerText ?? e.textContent).includes(t); }",
        arg=[css, nth, text], timeout=WAIT)


def above(page, upper: str, lower: str) -> bool:
    return page.locator(upper).first.bounding_box()["y"] < page.locator(lower).first.bounding_box()["y"]


def test_the_victorian_table_follows_the_game_and_the_view(open_notebook):
    """THE DECKS: a side's view draws the other hand as backs; the all-seeing view draws it face up.
    RECRUIT PHASE: a card opens to its text and the rule it is played under."""
    root = ".xp-victorian-stepper"
    page = open_notebook("victorian/01_turn_by_turn.ipynb", f"{root} .xp-board")
    assert above(page, f"{root} .xp-board-view", f"{root} .xp-state")  # the words stay, below the table
    page.locator("button.xp-next-phase").click()
    wait_text(page, f"{root} .xp-board-head", "Turn 1")
    hand = f"{root} [data-zone='villains-hand']"
    assert page.locator(f"{hand} .xp-card").count() == 0 and page.locator(f"{hand} .xp-card-back").count() > 0
    page.locator(".xp-victorian-view button", has_text="All-seeing").click()
    page.wait_for_function("css => document.querySelectorAll(css).length > 0", arg=f"{hand} .xp-card",
                           timeout=WAIT)
    title = page.locator(f"{hand} .xp-zone-title").inner_text()
    assert page.locator(f"{hand} .xp-card").count() == int(re.search(r"\((\d+)\)", title).group(1))
    card = page.locator(f"{root} .xp-board .xp-card").first
    assert card.get_attribute("title")  # the text on hover
    card.locator("summary").first.click()  # and on a click, with its rule
    assert card.locator(".xp-card-text").first.is_visible() and card.locator(".xp-rule-ref").first.is_visible()
    page.locator("button.xp-end-turn").click()
    wait_text(page, f"{root} .xp-board-head", "Turn 2")
    assert page.evaluate(NOTHING_CLIPPED, root) == ""


def test_the_doomtrooper_table_hides_the_other_hand_and_counts_turns_as_the_log(open_notebook):
    """The Table Layout: the other hand and every pile face down; The Order of Play: the header says the
    turn the log says."""
    root = ".xp-dt-table"
    page = open_notebook("doomtrooper/01_combat.ipynb", f"{root} .xp-next")
    assert above(page, f"{root} .xp-board-view", f"{root} .xp-state")
    page.locator(f"{root} .xp-next").click()  # the deal
    page.wait_for_selector(f"{root} [data-zone='seat1-hand'] .xp-card-back", timeout=WAIT)
    assert page.locator(f"{root} [data-zone='seat1-hand'] .xp-card").count() == 0
    assert page.locator(f"{root} [data-zone='seat0-hand'] .xp-card").count() == 7
    assert page.locator(f"{root} [data-zone='seat0-draw'] .xp-card").count() == 0
    page.locator(f"{root} .xp-option", has_text="keep this hand").click()
    page.locator(".xp-dt-view-as select").select_option(label="everything (no secrets)")
    page.locator(f"{root} .xp-play-turns").click()  # the bots play on until seat 0 must choose
    page.wait_for_selector(f"{root} [data-zone='seat1-hand'] .xp-card", timeout=WAIT)
    page.wait_for_function("css => /Seat \\d+'s turn \\d+/.test(document.querySelector(css).innerText)",
                           arg=f"{root} .xp-board-head", timeout=WAIT)  # the bots have played on
    head = page.locator(f"{root} .xp-board-head").inner_text()
    found = re.search(r"Seat (\d+)'s turn (\d+)", head)
    assert found, head
    seat, turn = found.groups()
    log = page.locator(f"{root} .xp-log").inner_text()
    begun = re.findall(rf"seat {seat} begins turn (\d+)", log)
    assert begun and begun[0] == turn  # newest first
    card = page.locator(f"{root} [data-zone='seat1-hand'] .xp-card").first
    card.locator("summary").first.click()
    assert card.locator(".xp-rule-ref").first.is_visible()
    assert page.evaluate(NOTHING_CLIPPED, root) == ""
