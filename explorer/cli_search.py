"""``simulate``'s ``--search-playouts N``: the budget of every search bot of a run
that does not name its own (``search:400`` does)."""

from __future__ import annotations

import argparse

from .cli_options import count
from .core.bots import with_budget

#: the options of ``simulate`` that name bots (Doom Asylum and Doomtrooper: --policy; Victorian: each side)
BOT_OPTIONS = ("policy", "heroes", "villains")


def add_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--search-playouts", type=count, default=None, metavar="N",
                        help="playouts per decision of every 'search' bot (default: the game's, at most half a "
                             "second a decision on one core; 'search:N' sets one seat's)")


def apply(args: argparse.Namespace) -> None:
    """Give every bare ``search`` among the parsed bot options the ``--search-playouts`` budget."""
    for who in BOT_OPTIONS:
        if isinstance(getattr(args, who, None), str):
            setattr(args, who, with_budget(getattr(args, who), "search", args.search_playouts))


__all__ = ["BOT_OPTIONS", "add_option", "apply"]
