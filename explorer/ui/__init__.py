"""Widgets and plots for the notebooks: ipywidgets and plotly over the game
packages.  The game packages never import this one.

Generic parts live here (:mod:`.stepper`, :mod:`.common`); each game's widgets
in a subpackage (:mod:`.asylum`).  The Doom Asylum widgets most notebooks use
are importable from here too:

* :class:`CombatOddsExplorer`: exact odds of one villain attacking another
* :class:`ConflictLab`: whole conflicts between two teams, step by step
"""

from .asylum import CombatOddsExplorer, ConflictLab

__all__ = ["CombatOddsExplorer", "ConflictLab"]
