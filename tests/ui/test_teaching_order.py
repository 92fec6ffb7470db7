"""Teaching order (issue 19): the "how to play" pages of the card games and Doom Asylum's
tour list the rules in the order simulated games first use them, measured by
tools/examples.py (explorer.core.examples.teaching_order), and say that the order is
measured."""

from __future__ import annotations

import re

import nbformat
import pytest

from explorer.core.examples import teaching_order
from explorer.core.rulebook import sections
from explorer.reference_tables import part_of
from explorer.ui.teaching import MEASURED, teaching_html, teaching_rules, teaching_view

RULE_IDS = re.compile(r"<li><div class='xp-rule-ref'><b>[^<]*</b> <a class='xp-rule-link' href='[^']*'[^>]*>"
                      r"<code class='xp-rule-id'>([^<]+)</code>")


def listed(html: str) -> list[str]:
    return RULE_IDS.findall(html)


def follows(ids: list[str], order: list[str]) -> bool:
    """``ids`` appear in the same relative order as in ``order``."""
    at = [order.index(s) for s in ids]
    return at == sorted(at)


@pytest.mark.parametrize("game", ["asylum", "victorian", "doomtrooper"])
def test_the_list_follows_the_measured_order_of_the_basic_game(game):
    order = teaching_order(game)
    ids = listed(teaching_html(game))
    assert ids == teaching_rules(game) and follows(ids, order)
    assert set(ids) <= set(sections(game)) and all(part_of(game, s) is None for s in ids)
    assert len(ids) >= len([s for s in order if part_of(game, s) is None]) > 10
    assert MEASURED in teaching_html(game).replace("&#x27;", "'") and "Measured, not guessed" in MEASURED


def test_doomtroopers_page_leaves_expansions_and_variants_to_their_own():
    ids = teaching_rules("doomtrooper")
    assert "turn.draw" in ids and not any(s.startswith(("variants.", "cool.", "outpost", "relics")) for s in ids)


def test_the_how_to_play_pages_introduce_the_rules_in_that_order():
    from explorer.ui.doomtrooper.howto import HowToPlay as DoomtrooperHowTo
    from explorer.ui.victorian.howto import HowToPlay as VictorianHowTo

    for game, page in (("victorian", VictorianHowTo(seed=1)), ("doomtrooper", DoomtrooperHowTo(seed=1))):
        children = list(page.widget.children)
        assert children.index(page.order) == children.index(page.guide) + 1  # after the guide, before the game
        assert "xp-teaching-order" in page.order._dom_classes
        assert listed(page.order.value) == teaching_rules(game) and follows(listed(page.order.value),
                                                                           teaching_order(game))


@pytest.mark.parametrize("path, call", [
    ("notebooks/victorian/00_how_to_play.ipynb", "HowToPlay("),
    ("notebooks/doomtrooper/00_how_to_play.ipynb", "HowToPlay("),
    ("notebooks/asylum/01_rules_tour.ipynb", 'teaching_view("asylum"'),
])
def test_each_page_says_the_order_is_measured(path, call):
    from pathlib import Path

    nb = nbformat.read(Path(__file__).resolve().parents[2] / path, 4)
    assert any("measured, not guessed" in c.source for c in nb.cells if c.cell_type == "markdown")
    assert any(call in c.source for c in nb.cells if c.cell_type == "code")


def test_the_tours_widget_is_unfolded_on_request():
    w = teaching_view("asylum", open_=True)
    assert "<details class='xp-teaching-order' open>" in w.value and listed(w.value) == teaching_rules("asylum")
