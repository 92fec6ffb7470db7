"""Doom Asylum's widgets and figures: the rules tour on the board, the combat
odds explorer, the conflict lab, and the plot builders they draw with.

* :class:`RulesTour`: a seeded game on the board beside a turn stepper
* :class:`CombatOddsExplorer`: exact odds of one villain attacking another
* :class:`ConflictLab`: whole conflicts between two teams, step by step
* :mod:`.odds_plots` and :mod:`.board_plot`: pure figure builders
"""

from .combat_odds import CombatOddsExplorer
from .conflict_lab import ConflictLab
from .rules_tour import RulesTour

__all__ = ["CombatOddsExplorer", "ConflictLab", "RulesTour"]
