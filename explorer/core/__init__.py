"""Game-independent machinery: exact distributions, events, data loading and the
game protocol with its three runners.  Imports nothing from games or the UI."""

from .data import DataError
from .dist import Dist, against_target, best_of, contest, d6, dice, die, table
from .engine import (
    Analyzer,
    Chance,
    Decision,
    DeterministicPolicy,
    Game,
    IllegalAction,
    Policy,
    RandomPolicy,
    Step,
    Stepper,
    outcomes,
    sample_results,
    simulate,
)
from .events import Event, RuleRef, event

__all__ = [
    "Analyzer", "Chance", "DataError", "Decision", "DeterministicPolicy", "Dist", "Event",
    "Game", "IllegalAction", "Policy", "RandomPolicy", "RuleRef", "Step", "Stepper",
    "against_target", "best_of", "contest", "d6", "dice", "die", "event", "outcomes",
    "sample_results", "simulate", "table",
]
