"""The Doomtrooper notebook in a real browser: notebooks/doomtrooper/01_combat.ipynb
served by Voila, every widget clicked through Playwright in Debian's Chromium."""

from __future__ import annotations

import re

from explorer.doomtrooper import odds
from explorer.doomtrooper.cards import load_pool
from explorer.ui.common import probability_text

PAGE = "doomtrooper/01_combat.ipynb"
WAIT = 60_000  # ms


def wait_text(page, css, text, nth=0):
    """Wait until the ``nth`` element matching ``css`` shows ``text``."""
    page.wait_for_function(
        "([css, nth, t]) => { const e = document.querySelectorAll(css)[nth];"
        " return e && (e.innerText ?? e.textContent).includes(t); }",
        arg=[css, nth, text], timeout=WAIT)


def text_of(page, css, nth=0):
    return page.locator(css).nth(nth).inner_text()


def test_the_combat_explorer_answers_every_control(open_notebook):
    """Determine Combat Standing / Doomtrooper with Dice: each control changes the exact outcome table."""
    page = open_notebook(PAGE, ".xp-dt-outcomes table")
    assert "100%" in text_of(page, ".xp-dt-outcomes")
    assert page.locator(".xp-dt-heatmap .main-svg").count() >= 1
    pool = load_pool()
    sean, nepharite = pool["Sean Gallagher"], pool["Nepharite of Ilian"]
    # the dice variant: each blow a chance
    page.locator(".xp-dt-dice select").select_option(label="2d6 on each rating")
    p = odds.combat(sean, nepharite, dice="2d6")[("wounded", "wounded")]
    wait_text(page, ".xp-dt-outcomes", probability_text(p).split(" ")[0])
    wait_text(page, ".xp-dt-heatmap .gtitle", "2d6")
    # a weapon for the attacker, a wound for the defender
    page.locator(".xp-dt-attacker-kit select").select_option(label=["Violator Sword"])
    wait_text(page, ".xp-dt-ratings", "Violator Sword")
    page.locator(".xp-dt-defender-wounded input").check()
    wait_text(page, ".xp-dt-outcomes", "Nepharite of Ilian killed")
    armed = sean._replace(equipment=("Violator Sword",))
    killed = odds.combat(armed, nepharite._replace(wounded=True), dice="2d6")[("wounded", "killed")]
    wait_text(page, ".xp-dt-outcomes", probability_text(killed).split(" ")[0])
    # shooting: the sword stops counting; cover adds 3 Armor
    page.locator(".xp-dt-tactic button", has_text="Shoot").click()
    page.wait_for_function("!document.querySelector('.xp-dt-ratings').innerText.includes('Violator Sword')",
                           timeout=WAIT)
    page.locator(".xp-dt-cover input").check()
    wait_text(page, ".xp-dt-ratings", "in cover")
    page.locator(".xp-dt-attacker-wounded input").check()
    wait_text(page, ".xp-dt-outcomes", "Sean Gallagher")
    # another defender: a refused attack, and its rule
    page.locator(".xp-dt-defender select").first.select_option(label="Brotherhood Mystic")
    wait_text(page, ".xp-dt-verdict", "forbid")
    assert "combat.announce.brotherhood" in text_of(page, ".xp-dt-verdict")
    page.locator(".xp-dt-attacker select").first.select_option(label="Mortificator Assassin")
    wait_text(page, ".xp-dt-verdict", "allow")
    # the heatmap's outcome
    page.locator(".xp-dt-grid-outcome select").select_option(label="both wounded")
    wait_text(page, ".xp-dt-heatmap .gtitle", "both wounded")


def test_the_attack_graph_for_one_players_warriors(open_notebook):
    """Announce Attacker and Defender: ticking the box shows that a player's warriors never attack each other."""
    page = open_notebook(PAGE, ".xp-dt-graph .main-svg")
    assert "combat.announce.corporation" in text_of(page, ".xp-dt-refusals")
    page.locator(".xp-dt-same-owner input").check()
    wait_text(page, ".xp-dt-graph .gtitle", "same player")
    wait_text(page, ".xp-dt-refusals", "combat.announce.own")
    page.locator(".xp-dt-same-owner input").uncheck()
    wait_text(page, ".xp-dt-graph .gtitle", "different players")


def test_the_table_stepper_as_seat_zero_sees_it(open_notebook):
    """The Table Layout / The Cardinal's Gift / Step Two: Actions: the stepper deals, waits for seat 0's
    choices, hides the other hand, and every button works."""
    page = open_notebook(PAGE, ".xp-dt-table .xp-next")
    table = ".xp-dt-table"
    page.locator(f"{table} .xp-next").click()  # the deal
    wait_text(page, f"{table} .xp-state", "hand: 7 cards")  # seat 1's hand, counted
    wait_text(page, f"{table} .xp-options", "keep this hand")  # seat 0's choice: the Cardinal's Gift
    assert page.locator(f"{table} .xp-next").is_disabled()
    page.locator(f"{table} .xp-option", has_text="keep this hand").click()
    wait_text(page, f"{table} .xp-log", "keeps his opening hand")
    # everything: seat 1's hand shown by name
    page.locator(".xp-dt-view-as select").select_option(label="everything (no secrets)")
    page.wait_for_function(
        "!document.querySelector('.xp-dt-table .xp-state').innerText.includes('hand: 7 cards')", timeout=WAIT)
    page.locator(".xp-dt-view-as select").select_option(label="seat 0's view")
    wait_text(page, f"{table} .xp-state", "7 cards")
    # play on to seat 0's first actions; ask why not
    page.locator(f"{table} .xp-end-turn").click()
    page.wait_for_selector(f"{table} .xp-option", timeout=WAIT)
    if page.locator(f"{table} .xp-why-not").is_visible():
        page.locator(f"{table} .xp-why-not").click()
        wait_text(page, f"{table} .xp-why-not-answer", "The rule")
    page.locator(f"{table} .xp-policy-step").click()  # the bot chooses for seat 0
    page.locator(f"{table} .xp-undo").click()
    page.locator(f"{table} .xp-option").first.click()
    page.locator(f"{table} .xp-play-out").click()  # the bots play every seat to the end
    wait_text(page, f"{table} .xp-step-status", "Game over")
    page.locator(f"{table} .xp-seed input").fill("7")
    page.locator(f"{table} .xp-reset").click()
    wait_text(page, f"{table} .xp-state", "not dealt yet")
    page.locator(f"{table} .xp-play-turns").click()  # plays on until seat 0 must choose: the Gift
    wait_text(page, f"{table} .xp-options", "keep this hand")


VARIANTS = "doomtrooper/02_expansions_and_variants.ipynb"


def test_the_variants_page_deals_plays_and_refuses(open_notebook):
    """Doomtrooper Optional Rules and Variants: Colonization dealt with its board, played to the
    end; then Beat Down with Relics ticked; Teams for two players refused in words."""
    page = open_notebook(VARIANTS, ".xp-dt-variants .xp-dt-table .xp-next")
    root = ".xp-dt-variants"
    assert page.locator(f"{root} .xp-dt-variant-board .main-svg").count() >= 1  # Colonization: the board
    wait_text(page, f"{root} .xp-dt-variant-status", "Colonization")
    table = f"{root} .xp-dt-table"
    page.locator(f"{table} .xp-next").click()  # the deal
    page.locator(f"{table} .xp-play-out").click()  # the bots play every seat to the end
    wait_text(page, f"{table} .xp-step-status", "Game over")
    wait_text(page, f"{root} .xp-dt-variant-board", "the end")  # the board followed the game
    page.locator(f"{root} .xp-dt-choice-variant select").select_option(label="Beat Down")
    page.locator(f"{root} .xp-dt-switch-relics input").check()
    page.locator(f"{root} button.xp-dt-deal").click()
    wait_text(page, f"{root} .xp-dt-variant-status", "3 players, Beat Down; relics on")
    assert not page.locator(f"{root} .xp-dt-variant-board").is_visible()
    page.locator(f"{table} .xp-end-turn").click()
    page.wait_for_selector(f"{table} .xp-log details", timeout=WAIT)
    page.locator(f"{root} .xp-dt-choice-variant select").select_option(label="the basic game (no variant)")
    page.locator(f"{root} .xp-dt-choice-style select").select_option(label="Teams")
    page.locator(f"{root} button.xp-dt-deal").click()
    wait_text(page, f"{root} .xp-dt-variant-status", "Not dealt")
    page.locator(f"{root} .xp-dt-players select").select_option(label="4")
    page.locator(f"{root} button.xp-dt-deal").click()
    wait_text(page, f"{root} .xp-dt-variant-status", "4 players")


def test_the_colonization_view_moves_through_the_turns(open_notebook):
    """Colonization: the slider shows the board and the log of each turn."""
    page = open_notebook(VARIANTS, ".xp-dt-colony-log")
    first = text_of(page, ".xp-dt-colony-log")
    assert page.locator(".xp-dt-colony-turn").count() == 1
    handle = page.locator(".xp-dt-colony-turn .noUi-handle").first
    handle.focus()
    for _ in range(3):
        handle.press("ArrowRight")
    page.wait_for_function("t => document.querySelector('.xp-dt-colony-log').innerText !== t", arg=first,
                           timeout=WAIT)
    assert re.fullmatch(r"seat \d+'s turn \d+", text_of(page, ".xp-dt-colony-turn-label"))  # read in full
    page.wait_for_function("() => [...document.querySelectorAll('.main-svg')].some("
                           "s => /Colonization, seat \\d+'s turn/.test(s.textContent))", timeout=WAIT)  # the board's title
