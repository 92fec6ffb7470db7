"""The Victorian heroes-versus-villains card game: both card lists as data, every
phase as a rule, exact odds of every roll and of chains of rolls, bots, and
simulations.

>>> from explorer.victorian import tables, odds, load_deck
>>> tables.track_roll(4)["thwarted"]
Fraction(7, 12)
>>> len(load_deck("villains"))
70
"""

from . import odds, tables
from .cards import Card, load_cards, load_deck
from .game import VictorianGame, setup
from .params import VictorianRules, load_rules, override_rules, rule_ranges
from .state import GameResult, Phase, VicState
from .tables.data import load_tables

__all__ = ["Card", "GameResult", "Phase", "VicState", "VictorianGame", "VictorianRules", "load_cards", "load_deck",
           "load_rules", "load_tables", "odds", "override_rules", "rule_ranges", "setup", "tables"]
