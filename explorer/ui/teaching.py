"""The rules in the order a learner meets them, for the "how to play" pages and the tour.

The order is measured, not guessed: the order in which simulated games first use
each rule section (:func:`explorer.core.examples.teaching_order`, stored by
``tools/examples.py`` beside the live examples).  A page lists the rules of the
basic game (Doomtrooper's expansions and variants left to their own pages) in that
order, each with its heading, its section id (a link to the reference entry) and
our summary.

>>> teaching_rules("doomtrooper")[:3]
['setup', 'setup.gift', 'ours.first_player']
>>> "Measured, not guessed" in teaching_html("asylum")
True
"""

from __future__ import annotations

import ipywidgets as W

from ..core.events import RuleRef
from ..core.examples import teaching_order
from ..reference_tables import part_of
from .common import esc, rule_html, tagged

#: what a page says of the order (our words)
MEASURED = ("Measured, not guessed: the order in which simulated games first use each rule (its mean step of first "
            "use over seeded bot games, stored with the live examples). Each rule links to its reference entry.")


def teaching_rules(game: str) -> list[str]:
    """The section ids of ``game``'s basic rules in the order games first use them."""
    return [s for s in teaching_order(game) if part_of(game, s) is None]


def teaching_html(game: str, open_: bool = False) -> str:
    """The basic rules in the measured order, as a folded numbered list (``open_``: unfolded)."""
    rows = "".join(f"<li>{rule_html(RuleRef(game, s))}</li>" for s in teaching_rules(game))
    return (f"<details class='xp-teaching-order'{' open' if open_ else ''}><summary><b>The rules in the order you "
            f"meet them</b></summary><p style='color:#555;margin:2px 0'>{esc(MEASURED)}</p>"
            f"<ol style='margin:2px 0'>{rows}</ol></details>")


def teaching_view(game: str, open_: bool = False) -> W.HTML:
    """:func:`teaching_html` as a widget (CSS class ``xp-teaching-order``)."""
    return tagged(W.HTML(teaching_html(game, open_)), "xp-teaching-order")


__all__ = ["MEASURED", "teaching_html", "teaching_rules", "teaching_view"]
