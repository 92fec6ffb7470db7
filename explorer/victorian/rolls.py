"""The modified rolls: dice plus terms, read on a banded table.

Every roll of the game that a bonus can change (Healing, Spy, Assassin, Track,
Combat, Showdown) goes through :func:`modified_roll`: it asks the chance for the
dice (``chance.roll``), adds the terms, and reads the result on the table from
``data/victorian/tables.toml``.  The game calls it; the odds API
(:mod:`explorer.victorian.tables`) enumerates the very same function with
:func:`~explorer.core.engine.outcomes`, so the odds and the game cannot differ.

>>> from explorer.core.engine import outcomes
>>> from explorer.victorian.params import load_tables
>>> from explorer.victorian.state import Term
>>> t = load_tables().track
>>> outcomes(lambda ch: modified_roll(t, (Term("Track", 4, None, "intercept"),), ch).result)["thwarted"]
Fraction(7, 12)
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.dist import dice
from ..core.engine import Chance
from .params import Banded
from .common import Record
from .state import Term


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
        return Record(table=self.table, dice=self.dice, terms=tuple(Record(t.as_dict()) for t in self.terms),
                      total=self.total, result=self.result)

    def describe(self) -> str:
        mods = "".join(f" {'+' if t.value >= 0 else '-'} {abs(t.value)} ({t.label})" for t in self.terms if t.value)
        return f"{self.dice}{mods} = {self.total}: {self.result.replace('_', ' ')}"


def modified_roll(table: Banded, terms: tuple[Term, ...], chance: Chance) -> RollResult:
    """Roll ``table.dice`` six-sided dice, add ``terms``, read the table."""
    rolled = chance.roll(dice(table.dice))
    total = rolled + sum(t.value for t in terms)
    return RollResult(table.name, rolled, terms, total, table.read(total))


def modifier(terms: tuple[Term, ...]) -> int:
    """What the terms add to the dice."""
    return sum(t.value for t in terms)


__all__ = ["RollResult", "modified_roll", "modifier"]
