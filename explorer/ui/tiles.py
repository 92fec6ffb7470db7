"""A card table drawn in HTML, for any card game: tiles, zones and a board.

A :class:`Tile` is one card face up (its name, its type, its ratings as small
badges, counters such as wounds, the cards attached to it nested inside, and
its text with the rule it plays under: on hover through ``title``, and on a
click through a ``<details>`` that opens with no script, in Voila too) or face
down (:func:`back_html`, a card back with a count for a pile).  A zone is a
titled, counted row of tiles that wraps instead of clipping; a board is the
zones of each side under one header, styled by one CSS block scoped under
``.xp-board``.  The stable classes browser tests use: ``xp-board``,
``xp-side``, ``xp-zone``, ``xp-card``, ``xp-card-back``.  Each face-up tile
carries its card's name in ``data-card``.

>>> t = Tile("Saber", "Weapon", ratings=(("Fight", "+1"),), text="A blade.")
>>> html = tile_html(t)
>>> "xp-card" in html and 'data-card="Saber"' in html and "<details" in html
True
>>> "xp-card-back" in back_html(count=12)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

import ipywidgets as W

from explorer.core.events import RuleRef

from .common import esc, heading, rule_html, tagged

if TYPE_CHECKING:
    from .stepper import StepperWidget

#: one style block for every board, scoped under ``.xp-board`` (tiles wrap, nothing clips)
BOARD_CSS = (
    "<style>"
    ".xp-board{font-size:13px;line-height:1.3;color:#222}"
    ".xp-board .xp-board-head{font-weight:bold;margin:2px 0 6px}"
    ".xp-board .xp-side{border:1px solid #d6d6d6;border-radius:6px;padding:4px 6px;margin:0 0 6px;background:#fafafa}"
    ".xp-board .xp-side-head{font-weight:bold;margin-bottom:3px}"
    ".xp-board .xp-side-note{font-weight:normal;color:#555}"
    ".xp-board .xp-zones{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-start}"
    ".xp-board .xp-zone{border:1px dashed #bbb;border-radius:5px;padding:3px 5px;min-width:90px;max-width:100%;"
    "box-sizing:border-box}"
    ".xp-board .xp-zone-title{font-size:11px;color:#555;margin-bottom:2px}"
    ".xp-board .xp-zone-tiles{display:flex;flex-wrap:wrap;gap:4px;align-items:flex-start}"
    ".xp-board .xp-empty{color:#999;font-style:italic;font-size:11px}"
    ".xp-board .xp-card{border:1px solid #8a8a8a;border-radius:5px;background:#fff;padding:3px 5px;min-width:84px;"
    "max-width:220px;box-sizing:border-box;box-shadow:1px 1px 0 #ccc}"
    ".xp-board .xp-card-name{font-weight:bold;overflow-wrap:anywhere}"
    ".xp-board .xp-card-type{font-size:10px;color:#666;text-transform:uppercase;letter-spacing:0.03em}"
    ".xp-board .xp-badge{display:inline-block;font-size:10px;border-radius:3px;padding:0 3px;margin:1px 2px 0 0;"
    "background:#e8eef7;border:1px solid #b9c8e0}"
    ".xp-board .xp-counter{display:inline-block;font-size:10px;border-radius:8px;padding:0 5px;margin:1px 2px 0 0;"
    "background:#fbe3e3;border:1px solid #e0a8a8}"
    ".xp-board .xp-attached{margin-top:3px;padding-left:6px;border-left:2px solid #ccd;display:flex;flex-wrap:wrap;"
    "gap:3px}"
    ".xp-board .xp-card.xp-host{max-width:560px}"
    ".xp-board .xp-attached .xp-card{min-width:70px;background:#f7f7ff}"
    ".xp-board .xp-card details{font-size:11px;margin-top:2px}"
    ".xp-board .xp-card summary{cursor:pointer;color:#1f5fa8}"
    ".xp-board .xp-card-text{white-space:normal;color:#333;margin:2px 0}"
    ".xp-board .xp-card-back{border:1px solid #5a4a2a;border-radius:5px;min-width:52px;min-height:44px;"
    "padding:3px 5px;box-sizing:border-box;color:#fff;font-size:11px;text-align:center;"
    "background:repeating-linear-gradient(45deg,#6b5632,#6b5632 4px,#7d6740 4px,#7d6740 8px)}"
    ".xp-board .xp-card-back b{display:block;font-size:15px}"
    ".xp-board .xp-marked{outline:2px solid #1f5fa8}"
    "</style>"
)


class Tile(NamedTuple):
    """One card face up.  ``kind``: its type as a player names it; ``ratings``:
    ``(label, value)`` badges; ``counters``: short notes on the card (``"1 wound"``,
    ``"in cover"``); ``text``: what the card is and does, in our words; ``rule``:
    the rule it plays under; ``attached``: the cards on it; ``marked``: drawn
    outlined (the card of a combat under way, say); ``card``: the card's name
    when the tile shows another (a unit's copy number, "Guard 3")."""

    name: str
    kind: str
    ratings: tuple[tuple[str, str], ...] = ()
    counters: tuple[str, ...] = ()
    text: str = ""
    rule: RuleRef | None = None
    attached: tuple[Tile, ...] = ()
    marked: bool = False
    card: str = ""


def tile_html(tile: Tile) -> str:
    """One face-up card: name, type, badges, counters, its text on hover and on a
    click (with the rule it plays under), the attached cards nested."""
    hover = tile.text + (f" (rule: {heading(tile.rule)})" if tile.rule is not None else "")
    badges = "".join(f"<span class='xp-badge'>{esc(k)} {esc(v)}</span>" for k, v in tile.ratings)
    counters = "".join(f"<span class='xp-counter'>{esc(c)}</span>" for c in tile.counters)
    detail = ""
    if tile.text or tile.rule is not None:
        rule = rule_html(tile.rule) if tile.rule is not None else ""
        detail = (f"<details><summary>text and rule</summary><div class='xp-card-text'>{esc(tile.text)}</div>"
                  f"{rule}</details>")
    attached = ("<div class='xp-attached'>" + "".join(tile_html(t) for t in tile.attached) + "</div>"
                if tile.attached else "")
    css = "xp-card" + (" xp-host" if tile.attached else "") + (" xp-marked" if tile.marked else "")
    return (f"<div class='{css}' data-card=\"{esc(tile.card or tile.name)}\" title=\"{esc(hover)}\">"
            f"<div class='xp-card-name'>{esc(tile.name)}</div><div class='xp-card-type'>{esc(tile.kind)}</div>"
            f"{badges}{counters and '<div>' + counters + '</div>'}{detail}{attached}</div>")


def back_html(count: int | None = None, label: str = "", note: str = "") -> str:
    """A face-down card (or a pile of ``count`` of them): its back, what it is
    (``label``, such as "draw pile") and, on hover, ``note``."""
    number = f"<b>{count}</b>" if count is not None else ""
    title = f" title=\"{esc(note)}\"" if note else ""
    return f"<div class='xp-card-back'{title}>{number}{esc(label)}</div>"


def zone_html(title: str, tiles: Iterable[str], count: int | None = None, *, key: str = "",
              empty: str = "none") -> str:
    """A titled zone of tiles (HTML from :func:`tile_html` or :func:`back_html`)
    that wraps; ``count`` beside the title; ``key``: a ``data-zone`` name tests find
    it by; ``empty``: what an empty zone says."""
    body = "".join(tiles) or f"<span class='xp-empty'>{esc(empty)}</span>"
    counted = f" ({count})" if count is not None else ""
    data = f" data-zone=\"{esc(key)}\"" if key else ""
    return (f"<div class='xp-zone'{data}><div class='xp-zone-title'>{esc(title)}{counted}</div>"
            f"<div class='xp-zone-tiles'>{body}</div></div>")


def side_html(title: str, zones: Sequence[str], note: str = "", *, key: str = "") -> str:
    """One side of the table: its name, a note (pools, points), its zones."""
    extra = f" <span class='xp-side-note'>{esc(note)}</span>" if note else ""
    data = f" data-side=\"{esc(key)}\"" if key else ""
    return (f"<div class='xp-side'{data}><div class='xp-side-head'>{esc(title)}{extra}</div>"
            f"<div class='xp-zones'>{''.join(zones)}</div></div>")


def board_html(head: str, sides: Sequence[str], footer: str = "") -> str:
    """The whole table: a header line, each side, and ``footer`` (HTML: what the
    table holds besides the sides, such as the places of a variant)."""
    return (f"<div class='xp-board'>{BOARD_CSS}<div class='xp-board-head'>{esc(head)}</div>"
            f"{''.join(sides)}{footer}</div>")


def board_view(stepper: StepperWidget) -> W.HTML:
    """An HTML widget for a drawn table, put in ``stepper``'s page just above the
    state in words (which stays, below it)."""
    view = tagged(W.HTML(), "xp-board-view")
    children = list(stepper.widget.children)
    children.insert(children.index(stepper.state_view), view)
    stepper.widget.children = tuple(children)
    return view


__all__ = ["BOARD_CSS", "Tile", "back_html", "board_html", "board_view", "side_html", "tile_html", "zone_html"]
