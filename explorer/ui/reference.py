"""A game's rules reference as a page: every section in rulebook order with our
summary, the readings of the register that touch it (with their switches), the
odds where the rule involves chance, and a "show me" button that opens the game's
own stepper at the section's live example, the rule's event highlighted.

The sections are one block of HTML (fast for a hundred and fifty sections); a
search box above them filters them in the page, with no round trip to the kernel,
by the words of their summary, readings, tables and the texts of the cards they list
(:mod:`explorer.reference_cards`; :func:`matches` is the rule
the page's script follows).  A "show me" button asks the kernel through one small
text box (``xp-ref-show-request``); the stepper is built only then, by the game's
hook ``make_stepper(stepper)``: it returns a fresh stepper page of the game
``stepper`` plays (a :class:`~explorer.ui.common.Displayable`) and its
:class:`~explorer.ui.stepper.StepperWidget`; the page then carries on from
``stepper`` (the page's bots play on; Reset starts the example's game again).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from ..core import examples as ex
from ..core.engine import Stepper
from ..core.log import LogError
from ..core.rulebook import Section, sections
from ..games import GAMES, spec
from ..reference import reading_html, table_html
from ..reference_cards import card_texts
from ..reference_tables import tables
from .common import Displayable, esc, tagged
from .stepper import StepperWidget

#: the game's hook: the stepper page carrying on from a replayed game, and its stepper widget
MakeStepper = Callable[[Stepper], tuple[Displayable, StepperWidget]]

STYLE = """<style>
.xp-ref-sections{max-height:70vh;overflow-y:auto;line-height:1.4}
.xp-ref-section{border-bottom:1px solid #ddd;padding:4px 0 8px}
.xp-ref-section h4{margin:6px 0 2px}.xp-ref-section .xp-rule-id{color:#666;font-size:0.85em}
.xp-ref-reading,.xp-ref-example{font-size:0.9em;margin:2px 0 2px 1.2em;color:#333}
.xp-ref-section table{border-collapse:collapse;font-size:0.85em;margin:4px 0 4px 1.2em}
.xp-ref-section td,.xp-ref-section th{border:1px solid #bbb;padding:1px 6px}
.xp-ref-search{width:24em;max-width:100%;padding:3px 6px;margin:4px 0}
.xp-log-entry.xp-highlight{background:#fff4c2;border-left:4px solid #e0a800;padding-left:4px}
.xp-show-me{background:#eee;border:0;padding:4px 12px;margin-right:4px;font:inherit;cursor:pointer}
.xp-show-me:hover{background:#ddd}
</style>"""

#: the page's script: filter the sections by the search words (as :func:`matches` does) and
#: pass a "show me" click to the kernel through the request box
SCRIPT = """<script>(function (root) {
  var box = root.querySelector('.xp-ref-search'), count = root.querySelector('.xp-ref-count');
  var all = root.querySelectorAll('.xp-ref-section');
  box.addEventListener('input', function () {
    var words = box.value.toLowerCase().split(/\\s+/).filter(Boolean), shown = 0;
    all.forEach(function (el) {
      var hit = words.every(function (w) { return el.dataset.text.indexOf(w) >= 0; });
      el.style.display = hit ? '' : 'none'; shown += hit ? 1 : 0;
    });
    count.textContent = shown + ' of ' + all.length + ' sections';
  });
  root.addEventListener('click', function (e) {
    var b = e.target.closest('.xp-show-me'); if (!b) return;
    var page = root.closest('.xp-reference'), input = page && page.querySelector('.xp-ref-show-request input');
    if (!input) return;
    input.value = b.dataset.section;
    input.dispatchEvent(new Event('input', {bubbles: true}));
    input.dispatchEvent(new Event('change', {bubbles: true}));
    page.querySelector('.xp-ref-example-box').scrollIntoView({block: 'start'});
  });
})(document.currentScript.parentElement)</script>"""


def search_text(*parts: str) -> str:
    """The words a section is found by: lower case, spaces run together.

    >>> search_text("Blocking", "A defender may BLOCK.")
    'blocking a defender may block.'
    """
    return " ".join(" ".join(parts).lower().split())


def matches(text: str, query: str) -> bool:
    """Whether a section with search text ``text`` stays shown for ``query``: every
    word of the query appears in it (an empty query shows everything).

    >>> matches(search_text("Blocking", "A defender may block"), "DEF block")
    True
    >>> matches(search_text("Blocking"), "dice")
    False
    """
    return all(word in text for word in query.lower().split())


def _table_text(table: Any) -> str:
    return " ".join([table.title, *table.header, *(str(c) for row in table.rows for c in row)])


def example_for(section: str, stored: dict, shown: dict) -> tuple[ex.Example | None, str]:
    """The stored example that shows ``section`` (its own in ``stored``, or that of the
    rule that governs it, ``shown``: :func:`~explorer.core.examples.shown_by`) and a line
    saying how."""
    if section in stored:
        e = stored[section]
        if e.built:
            return e, f"Step {e.step + 1} from a position {e.how.removeprefix(ex.BUILT)}: {e.text}."
        return e, f"Step {e.step + 1} of a stored game ({e.how}): {e.text}."
    if section in shown and shown[section].by in stored:
        s = shown[section]
        e = stored[s.by]
        return e, f"Shown by the example of {s.by} (our choice: {s.why}); step {e.step + 1}: {e.text}."
    return None, "No live example yet."


def cards_html(cards: list[Any]) -> str:
    """The cards a section lists, folded: their names (the search reads their words too).

    >>> from explorer.reference_cards import CardText
    >>> cards_html([CardText("Tarzan", "Hunter"), CardText("Saber", "")]).split("<summary>")[1]
    'The cards (2)</summary>Tarzan, Saber</details>'
    """
    if not cards:
        return ""
    return (f"<details class='xp-ref-cards'><summary>The cards ({len(cards)})</summary>"
            f"{esc(', '.join(c.name for c in cards))}</details>")


def section_block(sec: Section, readings: list, odds: list, stored: dict, shown: dict,
                  cards: list[Any] | None = None) -> str:
    """One section as HTML: heading, our summary, readings, odds, the cards it lists
    (``cards``: :class:`~explorer.reference_cards.CardText`) and "show me"."""
    touching = [r for r in readings if r.rule == sec.id]
    mine = [t for t in odds if t.rule == sec.id]
    example, how = example_for(sec.id, stored, shown)
    button = (f"<button class='xp-show-me' data-section='{esc(sec.id)}' title='open a stepper at this step'>"
              "Show me</button> " if example else "")
    text = search_text(sec.heading, sec.id, sec.summary, *(r.question + " " + r.reading + " " + (r.option or "")
                                                          for r in touching), *(_table_text(t) for t in mine),
                       *(f"{c.name} {c.words}" for c in cards or ()))
    return (f"<section class='xp-ref-section' id='rule-{esc(sec.id)}' data-section='{esc(sec.id)}' "
            f"data-text='{esc(text)}'><h4>{esc(sec.heading)} <code class='xp-rule-id'>{esc(sec.id)}</code></h4>"
            f"<p>{esc(sec.summary)}</p>{''.join(reading_html(r, 'xp-ref-reading') for r in touching)}"
            f"{''.join(table_html(t) for t in mine)}{cards_html(cards or [])}"
            f"<p class='xp-ref-example'>{button}{esc(how)}</p></section>")


def page_html(game: str) -> str:
    """Every section of ``game`` in rulebook order, the search box above them, and the script."""
    known = sections(game)
    readings = list(spec(game).load_register().values())
    odds, stored, shown = tables(game), ex.examples(game), ex.shown_by(game)
    cards = card_texts(game)
    blocks = "".join(section_block(sec, readings, odds, stored, shown, cards.get(sec.id)) for sec in known.values())
    return (f"{STYLE}<div><input class='xp-ref-search' type='search' placeholder='Find a rule: type words' "
            f"aria-label='Find a rule'> <span class='xp-ref-count' style='color:#666'>{len(known)} of "
            f"{len(known)} sections</span></div><div class='xp-ref-sections'>{blocks}</div>{SCRIPT}")


def coverage_text(game: str) -> str:
    """How many of the game's sections have a live example, in one line.

    >>> coverage_text("asylum")
    'Doom Asylum: 42 of 42 sections have a live example'
    """
    return ex.coverage_line(spec(game).title, game, sections(game))


def highlight(log_html: str, step: int, rules: set[str]) -> str:
    """Mark (class ``xp-highlight``, opened) the log entries of ``step`` (1-based) whose
    rule is one of ``rules``.

    >>> highlight("<details class='xp-log-entry'><summary><code>3</code> <span class='xp-rule'>[a.b]</span>",
    ...           3, {"a.b"})[:57]
    "<details class='xp-log-entry xp-highlight' open><summary>"
    """
    def mark(m: re.Match) -> str:
        if m.group(2) == str(step) and m.group(3) in rules:
            return m.group(0).replace("class='xp-log-entry'", "class='xp-log-entry xp-highlight' open", 1)
        return m.group(0)

    return re.sub(r"(<details class='xp-log-entry'><summary><code>(\d+)</code> <span class='xp-rule'>\[([^\]]+)\])",
                  mark, log_html)


def _explain_refusal(widget: StepperWidget, section: str) -> None:
    """Pick, in the stepper's "Why not?" list, the action ``section`` forbids, and explain it."""
    game, state = widget.step_game(), widget.stepper.state
    for _, i in widget.why_list.options:
        if game.illegal(state, widget._tempting[i]).rule.section == section:
            widget.why_list.value = i
            widget.explain_choice()
            return


class ReferencePage(Displayable):
    """The rules reference of ``game`` with "show me" (``make_stepper``: the game's hook).

    Widgets: the page (``xp-reference``), the sections and search (``xp-ref-page``), the
    example shown (``xp-ref-example-box``, its note ``xp-ref-example-note``)."""

    def __init__(self, game: str, make_stepper: MakeStepper):
        if game not in GAMES:
            raise ValueError(f"no game {game!r}: one of {', '.join(GAMES)}")
        self.game, self.make_stepper = game, make_stepper
        self.shown: Displayable | None = None
        self.stepper_widget: StepperWidget | None = None
        self.request = tagged(W.Text(value="", continuous_update=True, layout=W.Layout(display="none")),
                              "xp-ref-show-request")
        self.request.observe(self._requested, names="value")
        self.note = tagged(W.HTML(), "xp-ref-example-note")
        self.example_box = tagged(W.VBox([self.note]), "xp-ref-example-box")
        self.sections = W.Output()
        self.sections.outputs = ({"output_type": "display_data", "metadata": {},
                                  "data": {"text/html": page_html(game),
                                           "text/plain": f"The rules reference of {spec(game).title}"}},)
        tagged(self.sections, "xp-ref-page")
        self.widget = tagged(W.VBox([self.request, self.example_box, self.sections]), "xp-reference")

    def _short_repr(self) -> str:
        return f"ReferencePage({self.game!r})"

    def _requested(self, change: dict) -> None:
        if change["new"]:
            self.show(change["new"])
            self.request.value = ""  # the same button clicked again asks again

    def show(self, section: str) -> StepperWidget | None:
        """Open the game's stepper at the example of ``section``, its rule highlighted."""
        example, how = example_for(section, ex.examples(self.game), ex.shown_by(self.game))
        if example is None:
            self.note.value = f"<i>{esc(how)}</i>"
            return None
        try:
            st = ex.play(example, {key: spec(key).log for key in GAMES}, spec(self.game).why_not)
        except LogError as exc:  # the rules changed since the example was stored
            self.note.value = (f"<span style='color:#8a1c1c'>The example of {esc(section)} no longer replays: "
                               f"{esc(exc.problem)}. Run python tools/examples.py to find a new one.</span>")
            return None
        page, widget = self.make_stepper(st)
        st.policies = widget.policies  # the page's bots play on from the example
        widget.adopt(st, lambda seed: st.initial)
        rules = {e.rule.section for e in st.history[-1].events if example.section in ex.sections_of(e)}
        render = widget.render_log
        widget.render_log = lambda entries: highlight(render(entries), example.step + 1, rules)
        widget.refresh()
        if example.kind == "refused" and example.tried is None:
            _explain_refusal(widget, example.section)
        look = {"event": "the highlighted entry of the log", "ending": "the end of the game",
                "decision": "the choice offered now", "refused": "the “Why not?” list"}[example.kind]
        if example.tried is not None:
            look = "the choices offered now, which leave that action out"
        self.note.value = (f"<b>{esc(section)}</b>: {esc(how)} Look at {look}; step on, undo or fork from here.")
        self.shown, self.stepper_widget = page, widget
        self.example_box.children = (self.note, page.widget)
        return widget


__all__ = ["ReferencePage", "cards_html", "coverage_text", "example_for", "highlight", "matches", "page_html", "search_text", "section_block"]
