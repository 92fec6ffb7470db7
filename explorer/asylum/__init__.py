"""Doom Asylum: villains, conflicts and their exact odds.

>>> from explorer.asylum import Villain, odds
>>> a = Villain(name="A", physical_attack=3, physical_defense=2, mental_attack=4, mental_defense=3, quickness=2)
>>> d = Villain(name="D", physical_attack=2, physical_defense=3, mental_attack=2, mental_defense=2, quickness=3)
>>> odds.mental_attack(a, d)
Fraction(13, 18)
"""

from . import odds
from .conflict import Conflict, ConflictResult, ConflictSetup, ConflictState
from .params import AsylumRules, load_rules
from .villains import Upgrade, Villain, load_roster

__all__ = [
    "AsylumRules", "Conflict", "ConflictResult", "ConflictSetup", "ConflictState", "Upgrade",
    "Villain", "load_roster", "load_rules", "odds",
]
