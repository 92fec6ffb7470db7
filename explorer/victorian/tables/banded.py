"""The modified rolls: dice plus terms, read on a banded table, and their exact odds.

Every roll of the game that a bonus can change (Healing, Spy, Assassin, Track,
Combat, Showdown) goes through :func:`modified_roll`: it asks the chance for the
dice (``chance.roll``), adds the terms, and reads the result on the table from
``data/victorian/tables.toml``.  The game calls it; the odds functions below
(``track_roll`` and the others) enumerate the very same function with
:func:`~explorer.core.engine.outcomes` for a roll whose terms add up to
``modifier``, so the odds and the game cannot differ.  Every result key of the
table is present, impossible ones with probability 0, and the probabilities sum
to exactly 1.

>>> from explorer.core.engine import outcomes
>>> from explorer.victorian.state import Term
>>> t = load_tables().track
>>> outcomes(lambda ch: modified_roll(t, (Term("Track", 4, None, "intercept"),), ch).result)["thwarted"]
Fraction(7, 12)
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
from typing import NamedTuple

from ...core.dist import dice
from ...core.engine import Chance, outcomes
from ..reports import Record
from ..state import Term
from ..state import total as terms_total
from .data import Banded, Tables, load_tables


class RollResult(NamedTuple):
    """A roll made: the table, the dice total, the terms added, the modified total
    and the result read on the table."""

    table: str
    dice: int
    terms: tuple[Term, ...]
    total: int
    result: str

    def as_data(self) -> Record:
        """The roll as data for an event (read-only, hashable, JSON-able): table,
        dice total, terms (each with its card and rule section), total and result."""
        terms = tuple([Record(zip(_TERM_KEYS, t)) for t in self.terms])  # each as Term.as_dict gives it
        return Record(table=self.table, dice=self.dice, terms=terms, total=self.total, result=self.result)

    def describe(self) -> str:
        mods = "".join(f" {'+' if t.value >= 0 else '-'} {abs(t.value)} ({t.label})" for t in self.terms if t.value)
        return f"{self.dice}{mods} = {self.total}: {self.result.replace('_', ' ')}"


_new = tuple.__new__
assert RollResult._fields == ("table", "dice", "terms", "total", "result")  # (built by position below)
#: :meth:`Banded.read`, remembered for each table and total a roll reads (a few tables and a few totals
#: each: bounded all the same), as a table read walks its bands at every roll
_read = lru_cache(maxsize=1024)(Banded.read)

#: a term's fields as :meth:`~explorer.victorian.state.Term.as_dict` names them, in its order
_TERM_KEYS = ("label", "value", "card", "rule")


def modified_roll(table: Banded, terms: tuple[Term, ...], chance: Chance) -> RollResult:
    """Roll ``table.dice`` six-sided dice, add ``terms``, read the table."""
    rolled = chance.roll(dice(table.dice))
    total = rolled + terms_total(terms)
    return _new(RollResult, (table.name, rolled, terms, total, _read(table, total)))  # built directly: every roll


def summed_roll(table: Banded, modifier: int, chance: Chance) -> RollResult:
    """:func:`modified_roll` with its terms' sum ``modifier`` alone (no terms kept): the
    same dice asked of ``chance``, total and result, for a step that tells no events."""
    rolled = chance.roll(dice(table.dice))
    return _new(RollResult, (table.name, rolled, (), rolled + modifier, _read(table, rolled + modifier)))


# -- the odds of each roll ----------------------------------------------------------------------------------

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


__all__ = ["RollResult", "assassin_roll", "combat_roll", "healing_roll", "modified_roll", "showdown_roll", "summed_roll",
           "spy_roll", "track_roll"]
