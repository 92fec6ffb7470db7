"""The result tables: what each roll of the dice reads, what it does, and its exact odds.

* :mod:`~explorer.victorian.tables.data`: the tables as data, read and checked
  from ``data/victorian/tables.toml``: the banded tables of the modified rolls
  and the 1D6 face tables;
* :mod:`~explorer.victorian.tables.banded`: the modified rolls (Healing, Spy,
  Assassin, Track, Combat, Showdown) as the game makes them, and the exact odds
  of each (``track_roll`` and the others, here too);
* :mod:`~explorer.victorian.tables.faces`: the Plot, Invention and Villain
  Tables, and what their results do (loaded by the game, not here: it needs the
  rule modules).

>>> track_roll(4)["thwarted"]
Fraction(7, 12)
>>> sum(assassin_roll(0).values())
Fraction(1, 1)
>>> healing_roll(3)
Fraction(5, 6)
"""

from .banded import assassin_roll, combat_roll, healing_roll, showdown_roll, spy_roll, track_roll
from .data import Tables, load_tables

__all__ = ["Tables", "assassin_roll", "combat_roll", "healing_roll", "load_tables", "showdown_roll", "spy_roll",
           "track_roll"]
