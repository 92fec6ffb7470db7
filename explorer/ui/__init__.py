"""Widgets and plots for the notebooks: ipywidgets and plotly over the game
packages.  The game packages never import this one.

* :mod:`explorer.ui.odds_plots`: pure plot builders returning ``go.Figure``
* :class:`CombatOddsExplorer`: exact odds of one villain attacking another
* :class:`ConflictLab`: whole conflicts between two teams, step by step
"""

from .combat_odds import CombatOddsExplorer
from .conflict_lab import ConflictLab

__all__ = ["CombatOddsExplorer", "ConflictLab"]
