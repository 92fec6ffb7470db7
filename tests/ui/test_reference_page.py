"""The rules reference page (issue 19, "The rules reference"): every section of a game in
rulebook order with its summary, readings and odds; "show me" replays the section's live
example in the game's own stepper, at its step, the rule's event highlighted in the log;
the search box filters the sections in the page; a log entry's rule links back here."""

import re

import pytest

from explorer.core import examples as ex
from explorer.core.events import RuleRef
from explorer.core.rulebook import sections
from explorer.games import GAMES, spec
from explorer.reference_tables import tables
from explorer.ui.asylum.reference import reference_page as asylum_page
from explorer.ui.common import rule_html
from explorer.ui.doomtrooper.reference import reference_page as doomtrooper_page
from explorer.ui.reference import SCRIPT, highlight, matches, page_html, search_text
from explorer.ui.stepper import default_log
from explorer.ui.victorian.reference import reference_page as victorian_page

PAGES = {"asylum": asylum_page, "victorian": victorian_page, "doomtrooper": doomtrooper_page}
SECTION = re.compile(r"<section class='xp-ref-section' id='rule-([^']+)' data-section='\1' data-text='([^']*)'")


def shown_sections(html: str) -> list[tuple[str, str]]:
    return SECTION.findall(html)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_section_is_on_the_page_in_rulebook_order(game):
    html = page_html(game)
    found = shown_sections(html)
    assert [s for s, _ in found] == list(sections(game))
    for sec in sections(game).values():
        assert f"<p>{sec.summary}</p>" in html.replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&")
    # every stored example, and every section shown by another's, has its button
    assert html.count("class='xp-show-me'") == len(sections(game))


@pytest.mark.parametrize("game", list(GAMES))
def test_readings_with_their_switches_and_odds_sit_under_their_section(game):
    html = page_html(game)
    blocks = dict(zip((s for s, _ in shown_sections(html)), html.split("<section ")[1:]))
    for reading in spec(game).load_register().values():
        assert "xp-ref-reading" in blocks[reading.rule]
        if reading.option:
            assert f"<code>{reading.option}</code>" in blocks[reading.rule]
    for table in tables(game):
        assert "<table>" in blocks[table.rule]


def test_search_keeps_the_sections_holding_every_word():
    """The page's script and :func:`matches` follow one rule: every typed word, any case."""
    found = dict(shown_sections(page_html("asylum")))
    assert matches(found["conflicts.blocking"], "BLOCK") and not matches(found["conflicts.blocking"], "block zebra")
    kept = [s for s, text in found.items() if matches(text, "doomsday")]
    assert 0 < len(kept) < len(found)
    assert all(matches(text, "") for text in found.values())
    assert search_text(" Two\n words ") == "two words"
    # the script: split on spaces, lower case, every word a substring of data-text
    assert r"toLowerCase().split(/\s+/)" in SCRIPT and "words.every" in SCRIPT and "dataset.text" in SCRIPT


@pytest.mark.parametrize("game, query, section", [
    ("doomtrooper", "Kinetic Blast", "art"),  # a card's name: its type's rule and the card list
    ("doomtrooper", "destiny point fed", "art"),  # words of the card's text
    ("doomtrooper", "Sean Gallagher", "actions.muster"),
    ("victorian", "tarzan", "cards.heroes"),
    ("victorian", "tripod", "cards.villains"),  # from the Martian Invasion's card text
    ("asylum", "neural dominator", "villains"),  # an upgrade of Doctor Cortex
])
def test_searching_a_cards_words_finds_the_sections_listing_it(game, query, section):
    """The search reads the texts of the cards a section lists; the page folds their names under it."""
    page = PAGES[game]()
    html = page.sections.outputs[0]["data"]["text/html"]
    found = dict(shown_sections(html))
    kept = [s for s, text in found.items() if matches(text, query)]
    assert section in kept and len(kept) < len(found) / 4
    block = html[html.index(f"id='rule-{section}'"):]
    block = block[:block.index("</section>")]
    assert "<details class='xp-ref-cards'>" in block
    name = {"Kinetic Blast": "Kinetic Blast", "Sean Gallagher": "Sean Gallagher", "tarzan": "Tarzan"}.get(query)
    assert name is None or name in block.split("xp-ref-cards")[1]


def test_the_search_box_and_its_script_are_in_the_page():
    page = asylum_page()
    html = page.sections.outputs[0]["data"]["text/html"]
    assert "class='xp-ref-search'" in html and html.endswith("</script>")
    assert "xp-ref-page" in page.sections._dom_classes and "xp-reference" in page.widget._dom_classes
    # a "show me" click reaches the kernel through the request box
    assert "xp-ref-show-request" in page.request._dom_classes and "xp-ref-show-request input" in SCRIPT


@pytest.mark.parametrize("game", list(GAMES))
def test_show_me_replays_the_example_to_its_step_with_the_event_highlighted(game):
    page = PAGES[game]()
    assert page.stepper_widget is None  # no stepper until asked
    stored = ex.examples(game)
    events = [s for s, e in stored.items() if e.kind == "event"]
    for section in events[:3] + events[-2:]:
        example = stored[section]
        page.request.value = section  # what the button does
        w = page.stepper_widget
        assert page.request.value == "" and len(w.stepper.history) == example.step + 1
        marked = re.findall(r"<details class='xp-log-entry xp-highlight' open><summary><code>(\d+)</code> "
                            r"<span class='xp-rule'>\[([^\]]+)\]", w.log_view.value)
        assert marked and {int(n) for n, _ in marked} == {example.step + 1}
        assert page.shown.widget in page.example_box.children and section in page.note.value
        # ready to step on and undo, still highlighted
        w.undo()
        assert len(w.stepper.history) == example.step
        w.let_policy_choose()
        assert len(w.stepper.history) == example.step + 1


def test_show_me_for_a_section_shown_by_another_rule_opens_that_example():
    game = "victorian"
    shown = ex.shown_by(game)
    section, row = next(iter(shown.items()))
    page = victorian_page()
    w = page.show(section)
    assert len(w.stepper.history) == ex.examples(game)[row.by].step + 1 and row.by in page.note.value


def test_show_me_for_a_refused_action_explains_it():
    """A "refused" example opens with the forbidden action picked in "Why not?" and explained."""
    for game, make in PAGES.items():
        refused = [s for s, e in ex.examples(game).items() if e.kind == "refused"]
        if refused:
            w = make().show(refused[0])
            assert "xp-refusal" in w.why_view.value and refused[0] in w.why_view.value
            return
    pytest.skip("no stored example of a refused action")


def test_show_me_for_a_position_built_by_hand_says_so():
    """Personalities, Casting Spells of the Art: no game reached them, so the page opens the
    table set by hand, says so, and for a refusal names the action tried and refused."""
    page = doomtrooper_page()
    assert "Step 1 from a position set up by hand" in page_html("doomtrooper")
    w = page.show("personalities.cover")
    assert len(w.stepper.history) == 1 and "set up by hand" in page.note.value and "xp-highlight" in w.log_view.value
    w = page.show("art.targets")
    assert "may not cast on Legion Sharpshooter" in page.note.value and "leave that action out" in page.note.value
    assert "Kinetic Blast" in " ".join(str(o) for o in w.stepper.decision.options)  # cast on his own warrior


def test_highlight_marks_only_the_step_and_rule_named():
    log = default_log([])
    assert highlight(log, 1, {"a"}) == log
    row = "<details class='xp-log-entry'><summary><code>{}</code> <span class='xp-rule'>[{}]</span> x</summary>"
    html = row.format(3, "a.b") + row.format(3, "c.d") + row.format(2, "a.b")
    out = highlight(html, 3, {"a.b"})
    assert out.count("xp-highlight") == 1 and out.index("xp-highlight") < out.index("c.d")


def test_a_log_entrys_rule_links_to_its_reference_entry():
    """The rule of a log entry (rule_html) links to ``#rule-<section>`` on its game's reference page."""
    for compact in (False, True):
        html = rule_html(RuleRef("asylum", "conflicts.blocking"), compact=compact)
        assert "href='../asylum/reference.ipynb#rule-conflicts.blocking'" in html and "xp-rule-link" in html
    assert "id='rule-conflicts.blocking'" in page_html("asylum")


def test_an_example_that_no_longer_replays_says_so_in_the_page(monkeypatch):
    """A change of the rules that loses an example: the page says which and what to run, no traceback."""
    from explorer.core.log import LogError
    from explorer.ui import reference

    def lost(example, logs, why_not=None):
        raise LogError(None, f"step {example.step + 1} of the example no longer cites {example.section!r}", "example")

    monkeypatch.setattr(reference.ex, "play", lost)
    page = asylum_page()
    section = next(iter(ex.examples("asylum")))
    assert page.show(section) is None and page.stepper_widget is None
    assert "no longer replays" in page.note.value and "tools/examples.py" in page.note.value
