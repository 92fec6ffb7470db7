"""The generic card table (explorer.ui.tiles): a tile shows a card's name, type,
ratings, counters and attached cards, its text on hover and on a click with the
rule it plays under; a back hides a card; zones wrap; one scoped style block;
the board goes above a stepper's state in words."""

from __future__ import annotations

import re

import ipywidgets as W

from explorer.asylum.conflict import Conflict
from explorer.asylum.policies import ExpectedVPPolicy
from explorer.core.events import RuleRef
from explorer.core.rulebook import summary
from explorer.ui.stepper import StepperWidget
from explorer.ui.tiles import BOARD_CSS, Tile, back_html, board_html, board_view, side_html, tile_html, zone_html
from factories import make

RULE = RuleRef("victorian", "recruit")


def test_a_tile_shows_name_type_ratings_counters_and_its_text_two_ways():
    t = Tile("Saber", "Weapon", ratings=(("Fight", "+1"),), counters=("1 wound",), text="A blade for a hero.",
             rule=RULE)
    html = tile_html(t)
    assert "class='xp-card'" in html and 'data-card="Saber"' in html
    assert "Weapon" in html and "Fight +1" in html and "1 wound" in html
    hover = re.search(r'title="([^"]*)"', html).group(1)
    assert "A blade for a hero." in hover and summary(RULE).heading in hover  # on hover
    details = html[html.index("<details>"):html.index("</details>")]
    assert "A blade for a hero." in details and RULE.section in details  # on a click, with no script


def test_attached_cards_are_nested_inside_their_card():
    rifle = Tile("Rifle", "Equipment", ratings=(("Shoot", "+3"),))
    html = tile_html(Tile("Trencher", "Warrior", attached=(rifle,)))
    outer_end = html.rindex("</div>")
    assert html.index("xp-attached") < html.index('data-card="Rifle"') < outer_end
    assert "xp-host" in html  # a card with cards on it may grow wider


def test_names_and_texts_are_escaped():
    html = tile_html(Tile('The "<b>" card', "Event", text="a < b & 'c'"))
    assert "<b>" not in html and "&lt;b&gt;" in html and 'data-card="The &quot;&lt;b&gt;&quot; card"' in html


def test_a_back_shows_no_name_and_counts_a_pile():
    assert "xp-card-back" in back_html() and "data-card" not in back_html()
    assert "<b>12</b>" in back_html(12, "draw pile")


def test_a_zone_has_a_title_a_count_its_tiles_and_says_when_it_is_empty():
    z = zone_html("hand", [back_html(), back_html()], 2, key="seat1-hand")
    assert "class='xp-zone'" in z and 'data-zone="seat1-hand"' in z and "hand (2)" in z
    assert z.count("xp-card-back") == 2
    assert "none" in zone_html("Squad", [], 0) and "empty" in zone_html("discard pile", [], 0, empty="empty")


def test_one_style_block_scoped_under_the_board_and_zones_wrap():
    rules = re.findall(r"([^{}]+)\{[^}]*\}", BOARD_CSS.removeprefix("<style>").removesuffix("</style>"))
    assert rules and all(r.startswith(".xp-board") for r in rules)
    assert "flex-wrap:wrap" in BOARD_CSS.split(".xp-zone-tiles{")[1].split("}")[0]
    board = board_html("Turn 1", [side_html("Seat 0", [zone_html("hand", [], 0)], "5 Destiny")])
    assert board.startswith("<div class='xp-board'>") and board.count("<style>") == 1 and "Turn 1" in board


def test_the_board_goes_just_above_the_state_in_words():
    game = Conflict()
    w = StepperWidget(game, game.start([make("A1")], [make("D1")]), policies=ExpectedVPPolicy())
    view = board_view(w)
    kids = list(w.widget.children)
    assert kids.index(view) + 1 == kids.index(w.state_view)  # the words stay, below the table
    assert "xp-board-view" in view._dom_classes and isinstance(view, W.HTML)
