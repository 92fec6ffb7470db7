"""Exact odds of every modified roll of the game, as the game itself makes it.

Each function enumerates the game's own roll rule
(:func:`explorer.victorian.rolls.modified_roll`, which asks ``chance.roll`` for the
dice and reads the table of ``data/victorian/tables.toml``) with
:func:`~explorer.core.engine.outcomes`, for a roll whose terms add up to
``modifier``.  Every result key of the table is present, impossible ones with
probability 0, and the probabilities sum to exactly 1.

>>> track_roll(4)["thwarted"]
Fraction(7, 12)
>>> sum(assassin_roll(0).values())
Fraction(1, 1)
>>> healing_roll(3)
Fraction(5, 6)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..core.engine import outcomes
from .params import Tables, load_tables
from .rolls import modified_roll
from .state import Term


def _roll(name: str, modifier: int, tables: Tables | None) -> dict[str, Fraction]:
    if isinstance(modifier, bool) or not isinstance(modifier, int):
        raise TypeError(f"the modifier is a whole number (the total added to the dice), not {modifier!r}")
    return dict(_cached(name, modifier, tables if tables is not None else load_tables()))


@lru_cache(maxsize=4096)
def _cached(name: str, modifier: int, tables: Tables) -> tuple[tuple[str, Fraction], ...]:
    table = tables.banded(name)
    terms = (Term("modifier", modifier, None, name),) if modifier else ()
    dist = outcomes(lambda chance: modified_roll(table, terms, chance).result)
    return tuple((key, dist[key]) for key in table.keys)


def assassin_roll(modifier: int, tables: Tables | None = None) -> dict[str, Fraction]:
    """The Assassin Roll (2D6 + modifier): interrogated, not_found, nothing, wounded, killed."""
    return _roll("assassin", modifier, tables)


def track_roll(modifier: int, tables: Tables | None = None) -> dict[str, Fraction]:
    """The Track Roll (2D6 + modifier): wrong_track, dead_end, foiled, thwarted."""
    return _roll("track", modifier, tables)


def combat_roll(modifier: int, tables: Tables | None = None) -> dict[str, Fraction]:
    """The Combat Roll (1D6 + modifier): hero_killed, hero_wounded, stop, attack_again."""
    return _roll("combat", modifier, tables)


def showdown_roll(modifier: int, tables: Tables | None = None) -> dict[str, Fraction]:
    """The Showdown Roll (1D6 + modifier): hero_killed, hero_wounded, destroy_base,
    villain_wounded, villain_killed."""
    return _roll("showdown", modifier, tables)


def spy_roll(modifier: int = 0, tables: Tables | None = None) -> dict[str, Fraction]:
    """The Spy Roll (1D6 + modifier): caught, nothing, discovery."""
    return _roll("spy", modifier, tables)


def healing_roll(bonus: int = 0, tables: Tables | None = None) -> Fraction:
    """P(the Wound counter is removed) on a Healing Roll at +``bonus``."""
    return _roll("healing", bonus, tables)["removed"]


__all__ = ["assassin_roll", "combat_roll", "healing_roll", "showdown_roll", "spy_roll", "track_roll"]
