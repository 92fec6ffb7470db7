"""What-if for designers: change a number or a rule, replay thousands of games,
and compare, paired on the same seeds, with confidence intervals.

* :func:`compare`: a variant against the base game, one row per metric;
* :func:`sweep`: a grid of values, one row per point, on this machine or a Dask
  cluster, written as it goes and resumable;
* :func:`fork`: at a step of a game, each legal option played on by the bots;
* :func:`records`: every game's metric values, for your own charts;
* :func:`skill`: a stronger bot against weaker ones, seat by seat (skill against luck);
* :func:`card_stats`: the cards that win, drawn or not, and what blanking each costs;
* :func:`stakes`: where the skill lives, what each kind of decision is worth to each seat;
* :func:`seat_or_deck`: a seat's edge told from its deck's, every seat playing every deck;
* :func:`reach`: which rules the games test, each moved one step, and those they cannot judge;
* :func:`kept`: where a page keeps a run, away from the checkout while a copy of the data is tried.

Every run takes the bots of every seat (``bots=``) by the names of the game's bots;
:func:`compare` with ``until=`` plays in batches and stops when it knows.  Every run of a
fixed size keeps its table with ``out=`` and reads it back while the code and data play it
alike (:mod:`explorer.whatif.stored`).

Any game of :mod:`explorer.games` plugs in through its spec's ``metrics``.
"""

from .card_stats import card_stats
from .compare import bot_settings, compare, metric_list, records, settings_for
from .decks import seat_or_deck
from .fork import fork
from .reach import reach
from .skill import skill
from .stakes import stakes
from .stored import kept
from .sweep import grid, sweep
from .variants import BASE, Variant, variant

__all__ = ["BASE", "Variant", "bot_settings", "card_stats", "compare", "fork", "grid", "kept", "metric_list", "reach",
           "records", "seat_or_deck", "settings_for", "skill", "stakes", "sweep", "variant"]
