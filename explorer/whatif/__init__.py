"""What-if for designers: change a number or a rule, replay thousands of games,
and compare, paired on the same seeds, with confidence intervals.

* :func:`compare`: a variant against the base game, one row per metric;
* :func:`sweep`: a grid of values, one row per point, on this machine or a Dask
  cluster, written as it goes and resumable;
* :func:`fork`: at a step of a game, each legal option played on by the bots;
* :func:`records`: every game's metric values, for your own charts.

Any game of :mod:`explorer.games` plugs in through its spec's ``metrics``.
"""

from .compare import compare, metric_list, records, settings_for
from .fork import fork
from .sweep import grid, sweep
from .variants import BASE, Variant, variant

__all__ = ["BASE", "Variant", "compare", "fork", "grid", "metric_list", "records", "settings_for", "sweep",
           "variant"]
