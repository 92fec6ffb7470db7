"""Doom Asylum's widgets and figures: the rules tour on the board, the combat
odds explorer, the conflict lab, and the plot builders they draw with.

* :class:`RulesTour`: a seeded game on the board beside a turn stepper
* :class:`CombatOddsExplorer`: exact odds of one villain attacking another
* :class:`ConflictLab`: whole conflicts between two teams, step by step
* :func:`dice_chart` and :func:`skill_matters`: one chart on its own, drawn as
  every other figure is (a :class:`~explorer.ui.common.LiveFigure`)
* :mod:`.odds_plots` and :mod:`.board_plot`: pure figure builders
"""

from .combat_odds import CombatOddsExplorer, dice_chart
from .conflict_lab import ConflictLab, skill_matters
from .rules_tour import RulesTour

__all__ = ["CombatOddsExplorer", "ConflictLab", "RulesTour", "dice_chart", "skill_matters"]
