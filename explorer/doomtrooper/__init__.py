"""Doomtrooper, the collectable card game (second edition), in three rooms:

* :mod:`~explorer.doomtrooper.base`: the basic rules, the Notes from the Masters
  (the optional Sabotage rules among them), the Advanced Vehicle Rules and
  multi-player games;
* :mod:`~explorer.doomtrooper.expansions`: each expansion and the 1st Edition
  Rule Additions, each a switch;
* :mod:`~explorer.doomtrooper.variants`: the seven variants, each a
  :class:`~explorer.doomtrooper.variants.variant.Variant`.

Here at the top: the whole game (:mod:`.game`, :mod:`.state`), the cards, decks,
affiliations and card effects read from ``data/doomtrooper/`` (the data layer the
rooms share), the rules file, the odds, the bots, logs, runs and checks.

>>> from explorer.doomtrooper import Warrior, odds, attack_rule
>>> sean = Warrior(name="Sean Gallagher", fight=10, shoot=5, armor=8, value=6, affiliation="Imperial")
>>> nepharite = Warrior(name="Nepharite of Ilian", fight=8, shoot=8, armor=7, value=5, affiliation="Dark Legion")
>>> odds.combat(sean, nepharite)
{('wounded', 'wounded'): Fraction(1, 1)}
>>> attack_rule(sean, nepharite)
(True, 'combat.announce')
"""

from . import odds
from .base.attack import attack_graph, attack_rule
from .cards import Art, Equipment, Fortification, Gift, Mission, Special, Warrior, load_pool
from .decks import check_deck, load_decks
from .game import DoomtrooperGame
from .params import load_rules, override_rules, rule_choices, rule_ranges
from .state import DTState, GameResult, Phase

__all__ = ["Art", "DTState", "DoomtrooperGame", "Equipment", "Fortification", "GameResult", "Gift", "Mission", "Phase",
           "Special", "Warrior", "attack_graph", "attack_rule", "check_deck", "load_decks", "load_pool",
           "load_rules", "odds", "override_rules", "rule_choices", "rule_ranges"]
