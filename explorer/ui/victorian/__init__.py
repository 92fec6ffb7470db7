"""The Victorian card game's widgets: the stepper with a seat's view, and the odds
(tables, chains, deck)."""

from .odds import AttackOdds, ChainOdds, DeckOdds, PlotOdds, TableOdds, ThwartOdds
from .stepper import VictorianStepper

__all__ = ["AttackOdds", "ChainOdds", "DeckOdds", "PlotOdds", "TableOdds", "ThwartOdds", "VictorianStepper"]
