"""Before choosing: what each option that rolls dice or starts a fight leads to.

A panel under a stepper's options: one line per option that has odds (the roll
or combat as things stand, every result with its exact chance), opening to the
terms behind the numbers ("explain this number").  The games say what an
option's odds are (``explorer.<game>.option_odds``) and how to draw their terms
(``explorer.ui.<game>.option_odds``); this panel only lays the rows out.

>>> panel = OptionOddsPanel()
>>> panel.show([OptionRow("Holmes tracks Moriarty", "thwarted 58.3% (7/12)", "<p>terms</p>")])
>>> "Holmes tracks Moriarty" in panel.widget.value and "xp-option-odds-row" in panel.widget.value
True
>>> panel.show([]); panel.widget.layout.display
'none'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import ipywidgets as W

from .common import Displayable, esc, tagged


class OptionRow(NamedTuple):
    """One option's odds: the option in words, one sentence, and the terms as HTML."""

    option: str
    sentence: str
    detail: str


class OptionOddsPanel(Displayable):
    """The odds of the options now offered (hidden when no option has any)."""

    def __init__(self, title: str = "Before you choose: the odds of each option as things stand"):
        self.title = title
        self.widget = tagged(W.HTML(layout=W.Layout(display="none")), "xp-option-odds")

    def show(self, rows: Sequence[OptionRow]) -> None:
        if not rows:
            self.widget.value = ""
            self.widget.layout.display = "none"
            return
        items = "".join(
            f"<details class='xp-option-odds-row'><summary><b>{esc(r.option)}</b>: {esc(r.sentence)}</summary>"
            f"<div style='margin-left:1.5em'>{r.detail}</div></details>" for r in rows)
        self.widget.value = (f"<div style='margin:0.4em 0'><div style='font-weight:600'>{esc(self.title)}</div>"
                             f"{items}<div style='color:#666;font-size:0.85em'>No card played in answer; "
                             "open a line for the terms behind it.</div></div>")
        self.widget.layout.display = None


__all__ = ["OptionOddsPanel", "OptionRow"]
