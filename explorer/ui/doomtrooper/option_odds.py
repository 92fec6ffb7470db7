"""Doomtrooper's attack options' odds as rows of the stepper's odds panel: the
combat as things stand, each side's ratings taken apart term by term."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from explorer.core.numbers import probability_text
from explorer.doomtrooper.option_odds import option_odds

from ..common import html_table
from ..option_odds import OptionRow


def rows(game: Any, view: Any, options: Iterable[Any], name: Callable[[Any], str] = str) -> list[OptionRow]:
    """A row for every option in ``options`` that starts a combat, read from ``view``."""
    out = []
    for option in options:
        odds = option_odds(game, view, option)
        if odds is None:
            continue
        word = odds.tactic.capitalize()
        detail = ""
        for side, (who, rating, terms) in enumerate(zip(odds.names, odds.ratings, odds.terms)):
            body = [(t.source, f"{t.attack:+d}", f"{t.armor:+d}", t.rule.section) for t in terms]
            body.append(("total", str(rating.attack), str(rating.armor), ""))
            detail += html_table(["term", word, "Armor", "rule"], body, numeric=[1, 2],
                                 caption=f"{'attacker' if side == 0 else 'defender'}: {who}")
        chances = sorted(odds.outcomes.pairs, key=lambda op: -op[1])
        detail += html_table(["attacker", "defender", "chance"],
                             [(odds.status(0, a), odds.status(1, d), probability_text(p)) for (a, d), p in chances],
                             numeric=[2])
        out.append(OptionRow(name(option), odds.sentence(), detail))
    return out


__all__ = ["rows"]
