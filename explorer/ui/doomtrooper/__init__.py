"""Doomtrooper's widgets and figures.

* :class:`CombatExplorer`: two warriors, their kits, cover and dice: the outcome table
* :func:`attack_graph_figure`: who may attack whom, each arrow with its rule
* :class:`TableStepper`: a seeded game stepped through, as one seat sees it
* :func:`solar_figure`: the Colonization board, control and Colony Points;
  :class:`ColonizationView`: a seeded game of Colonization turn by turn
* :class:`VariantTable`: any set of switches and a variant, a game stepped through
"""

from .combat import CombatExplorer, heatmap_figure
from .graph import AttackGraphView, attack_graph_figure, refusals_html
from .solar import ColonizationView, solar_figure, update_solar_figure
from .table import TableStepper
from .variants import VariantTable

__all__ = ["AttackGraphView", "ColonizationView", "CombatExplorer", "TableStepper", "VariantTable", "attack_graph_figure", "heatmap_figure",
           "refusals_html", "solar_figure", "update_solar_figure"]
