"""The Victorian options' odds as rows of the stepper's odds panel: each roll's
terms (card, value, rule) and each result's exact chance; an attack's chain."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from explorer.core.numbers import probability_text
from explorer.victorian.option_odds import option_odds

from ..common import html_table
from ..option_odds import OptionRow

#: how an attack chain's ends read
CHAIN_WORDS = {"hero_killed": "the hero is killed", "hero_wounded": "the hero is wounded",
               "stopped": "he stops (or is stopped) with both unhurt", "destroy_base": "the base is destroyed",
               "villain_wounded": "the Mastermind is wounded", "villain_killed": "the Mastermind is killed"}


def rows(game: Any, view: Any, options: Iterable[Any], name: Callable[[Any], str] = str) -> list[OptionRow]:
    """A row for every option in ``options`` that rolls or attacks, read from ``view``."""
    out = []
    for option in options:
        odds = option_odds(game, view, option)
        if odds is None:
            continue
        if odds.roll is not None:
            r = odds.roll
            terms = html_table(["term", "value", "card", "rule"],
                               [(t["label"], f"{t['value']:+d}", t["card"] or "", t["rule"]) for t in r.terms],
                               numeric=[1], caption=f"{r.dice}D6 {r.modifier:+d}")
            ranked = sorted(((k, p) for k, p in r.odds.items() if p), key=lambda kp: -kp[1])
            results = html_table(["result", "chance"], [(k.replace("_", " "), probability_text(p)) for k, p in ranked],
                                 numeric=[1])
            out.append(OptionRow(name(option), r.sentence(), terms + results))
        else:
            chain = sorted(((k, p) for k, p in odds.chain.items() if p), key=lambda kp: -kp[1])
            text = "; ".join(f"{CHAIN_WORDS[k]} {probability_text(p)}" for k, p in chain)
            table = html_table(["how the attack ends (pressing on after every roll that allows it)", "chance"],
                               [(CHAIN_WORDS[k], probability_text(p)) for k, p in chain], numeric=[1])
            out.append(OptionRow(name(option), text, table))
    return out


__all__ = ["rows"]
