"""Check every Doom Asylum data file at once (``python -m explorer check asylum``).

Each loader already refuses a bad file with a :class:`~explorer.core.data.DataError`
naming the file, the entry and the field, and checks it against the files it
depends on; :func:`check_data` loads them all, in dependency order, and says in
one line what each holds.
"""

from __future__ import annotations

from ..core.data import Checked, data_path
from ..core.rulebook import check_summaries
from . import sections as R
from .board import load_board, plot_rooms
from .event_table import load_event_table
from .interpretations import load_interpretations
from .params import NUMBERS, OPTIONS, load_rules
from .villains import load_roster, masterminds


def check_data() -> list[Checked]:
    """Load and cross-check every data file of Doom Asylum; one summary per file.
    The first problem raises :class:`~explorer.core.data.DataError`."""
    out = []
    out.append(check_summaries(R, R.GAME))
    path = data_path("asylum", "villains.toml")
    roster = load_roster(path)
    out.append(Checked(path, f"{len(roster)} villains ({len(masterminds(roster))} starred)"))
    path = data_path("asylum", "rules.toml")
    load_rules(path)
    out.append(Checked(path, f"{len(NUMBERS)} numbers, each inside its declared range, and {len(OPTIONS)} options"))
    path = data_path("asylum", "board.toml")
    board = load_board(path)
    out.append(Checked(path, f"{board.number_of_nodes()} rooms ({len(plot_rooms(board))} plot rooms), "
                             f"{board.number_of_edges()} corridors"))
    path = data_path("asylum", "events.toml")
    table = load_event_table(path)
    out.append(Checked(path, f"{len(table.results)} results on {table.dice}d{table.sides}"))
    path = data_path("asylum", "interpretations.toml")
    register = load_interpretations(path)
    switched = sum(r.option is not None for r in register.values())
    out.append(Checked(path, f"{len(register)} readings ({switched} with a rules option)"))
    return out
