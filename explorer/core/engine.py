"""The game protocol and its three runners, in one import.

A *game* here is any rule system that can be stepped: a single attack, a whole
conflict, a turn, a whole game.  Rules are written once, as plain functions that
ask a :class:`Chance` for every random result (:mod:`explorer.core.protocol`).
The same code then serves:

* the :class:`Stepper` (a seeded RNG answers, with full history, undo and replay;
  :mod:`explorer.core.stepper`),
* the :class:`Analyzer` (every answer is enumerated, exactly, with memoisation on
  state; :mod:`explorer.core.analyzer`), and
* the :func:`simulate` sampler (a seeded RNG answers, with nothing recorded, fast;
  :mod:`explorer.core.sampler`).

>>> from explorer.core.dist import contest
>>> outcomes(lambda chance: chance.roll(contest(2, 0)) and chance.roll(contest(0, 0))).prob(True)
Fraction(65, 216)
"""

from __future__ import annotations

from .analyzer import Analyzer, Weights
from .protocol import (
    Chance,
    Decision,
    DeterministicPolicy,
    Game,
    IllegalAction,
    Policies,
    Policy,
    RandomPolicy,
    SampledChance,
    Step,
    StepRng,
    derived_rng,
    forced_option,
    outcomes,
    policy_for,
)
from .sampler import Playout, sample_results, simulate
from .stepper import Entry, Stepper

__all__ = [
    "Analyzer", "Chance", "Decision", "DeterministicPolicy", "Entry", "Game", "IllegalAction", "Playout", "Policies",
    "Policy", "RandomPolicy", "SampledChance", "Step", "StepRng", "Stepper", "Weights", "derived_rng", "forced_option",
    "outcomes", "policy_for", "sample_results", "simulate",
]
