"""A game's quick reference: one static, printable page built from the data (no script,
no internet needed to read it).

The page has the turn in order, every rule's summary (our words, ``data/rules``) in
the order simulated games first use it (``data/examples/<game>/order.json``; rules
no game used follow in rulebook order), each with its live example and the readings
of the interpretation register that touch it, the dice and card tables with their
exact odds (:mod:`explorer.reference_tables`), the whole register, and, for
Doomtrooper, a part per expansion and variant.

    python -m explorer reference doomtrooper --out doomtrooper.html
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path
from typing import Any

from .core import examples as ex
from .core.numbers import probability_text
from .core.rulebook import Section, sections
from .reference_tables import PARTS, TURNS, Table, part_of, tables

STYLE = """
body { font-family: Georgia, serif; max-width: 48em; margin: 1em auto; line-height: 1.4; color: #111; }
h1 { border-bottom: 2px solid #333; } h2 { border-bottom: 1px solid #999; margin-top: 1.6em; }
h3 { margin-bottom: 0.2em; font-size: 1.05em; } .id { color: #666; font-size: 0.85em; font-weight: normal; }
.example, .reading { font-size: 0.9em; margin: 0.2em 0 0.2em 1.2em; } .reading { color: #333; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.85em; }
td, th { border: 1px solid #999; padding: 0.15em 0.5em; text-align: left; }
.part { break-before: page; page-break-before: always; }
@media print { body { max-width: none; } a { color: inherit; text-decoration: none; } }
"""


def _e(text: Any) -> str:
    return html.escape(str(text))


def _cell(value: Any) -> str:
    return _e(probability_text(value)) if isinstance(value, Fraction) else _e(value)


def table_html(table: Table) -> str:
    """One table of odds, every chance as a percentage with its exact fraction."""
    head = "".join(f"<th>{_e(h)}</th>" for h in table.header)
    rows = "".join("<tr>" + "".join(f"<td>{_cell(c)}</td>" for c in row) + "</tr>" for row in table.rows)
    return (f'<p><b>{_e(table.title)}</b> <a class="id" href="#rule-{_e(table.rule)}">({_e(table.rule)})</a></p>'
            f"<table><tr>{head}</tr>{rows}</table>")


def example_html(game: str, section: str, stored: dict, shown: dict) -> str:
    """Where a rule can be seen in play: its live example, or the example that shows it."""
    if section in stored:
        e = stored[section]
        where = f"from a position {e.how.removeprefix(ex.BUILT)}" if e.built else f"of a stored game ({e.how})"
        return f'<p class="example">In play: step {e.step + 1} {_e(where)}: “{_e(e.text)}”.</p>'
    if section in shown and shown[section].by in stored:
        s = shown[section]
        return (f'<p class="example">In play (our choice): shown by the example of '
                f'<a href="#rule-{_e(s.by)}">{_e(s.by)}</a>: {_e(s.why)}</p>')
    return '<p class="example">No live example yet.</p>'


def reading_html(reading: Any, css: str = "reading") -> str:
    """One reading of the register: the question, the reading chosen and its switch
    (a paragraph of class ``css``: the app's page gives its own)."""
    switch = f" Switch: <code>{_e(reading.option)}</code>." if reading.option else ""
    ours = " (our own design)" if reading.ours else ""
    others = " ".join(reading.alternatives)
    alt = f" Otherwise: {_e(others)}" if others else ""
    return (f'<p class="{css}"><b>Reading{ours}</b>: {_e(reading.question)} {_e(reading.reading)}'
            f"{alt}{switch}</p>")


def section_html(game: str, sec: Section, stored: dict, shown: dict, readings: list) -> str:
    """One rule: heading, our summary, where to see it, and the readings that touch it."""
    touching = "".join(reading_html(r) for r in readings if r.rule == sec.id)
    return (f'<section id="rule-{_e(sec.id)}"><h3>{_e(sec.heading)} <span class="id">{_e(sec.id)}</span></h3>'
            f"<p>{_e(sec.summary)}</p>{example_html(game, sec.id, stored, shown)}{touching}</section>")


def ordered(game: str, ids: Iterable[str]) -> list[str]:
    """``ids`` in the order simulated games first use them; the rest in rulebook order."""
    ids = list(ids)
    first = [s for s in ex.teaching_order(game) if s in ids]
    return first + [s for s in ids if s not in first]


def build(game: str) -> str:
    """The quick reference of ``game`` as one HTML page."""
    from .games import spec

    game_spec = spec(game)
    known = sections(game)
    stored, shown = ex.examples(game), ex.shown_by(game)
    readings = list(game_spec.load_register().values())
    title = f"{game_spec.title}: quick reference"

    def rules(ids: Iterable[str]) -> str:
        return "".join(section_html(game, known[s], stored, shown, readings) for s in ordered(game, ids))

    base = [s for s in known if part_of(game, s) is None]
    turn = "".join(f'<li><a href="#rule-{_e(s)}">{_e(known[s].heading)}</a> <span class="id">{_e(s)}</span>: '
                   f"{_e(known[s].summary)}</li>" for s in TURNS[game])
    out = [f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{_e(title)}</title>"
           f"<style>{STYLE}</style></head><body><h1>{_e(title)}</h1>",
           f"<p>{_e(ex.coverage_line(game_spec.title, game, known))}. Summaries in our own words; "
           "the rules come in the order simulated games first use them.</p>",
           f"<h2>The turn in order</h2><ol>{turn}</ol>",
           f"<h2>The rules in the order you meet them</h2>{rules(base)}",
           "<h2>Tables with exact odds</h2>" + "".join(table_html(t) for t in tables(game))]
    for part in PARTS.get(game, ()):
        ids = [s for s in known if part_of(game, s) == part]
        out.append(f'<div class="part"><h2>{_e(known[part[0]].heading)}</h2>{rules(ids)}</div>')
    out.append('<div class="part"><h2>The interpretation register</h2>'
               + "".join(reading_html(r) + f'<p class="reading">Rule: <a href="#rule-{_e(r.rule)}">'
                         f"{_e(known[r.rule].heading)}</a></p>" for r in readings) + "</div>")
    out.append("</body></html>\n")
    return "\n".join(out)


def write(game: str, out: str | Path) -> Path:
    """Write :func:`build`'s page to ``out``; returns the path."""
    path = Path(out)
    path.write_text(build(game), encoding="utf-8")
    return path


__all__ = ["build", "ordered", "table_html", "write"]
