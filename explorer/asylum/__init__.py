"""Doom Asylum: villains, conflicts and their exact odds, the board and the whole game.

>>> from explorer.asylum import Villain, odds
>>> a = Villain(name="A", physical_attack=3, physical_defense=2, mental_attack=4, mental_defense=3, quickness=2)
>>> d = Villain(name="D", physical_attack=2, physical_defense=3, mental_attack=2, mental_defense=2, quickness=3)
>>> odds.mental_attack(a, d)
Fraction(13, 18)
"""

from . import odds
from .board import load_board
from .conflict import Conflict, ConflictResult, ConflictSetup, ConflictState
from .game import AsylumGame, AsylumState, GameResult
from .overrides import override_rules
from .params import AsylumRules, RuleError, load_rules, rule_ranges
from .villains import Upgrade, Villain, load_roster

__all__ = [
    "AsylumGame", "AsylumRules", "AsylumState", "Conflict", "ConflictResult", "ConflictSetup",
    "ConflictState", "GameResult", "RuleError", "Upgrade", "Villain", "load_board", "load_roster", "load_rules", "odds",
    "override_rules", "rule_ranges",
]
