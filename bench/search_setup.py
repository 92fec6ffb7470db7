"""What the search benches share (run by hand, not by the tests): a game's
``simulate`` options at their defaults, and the ``--tune NAME=VALUE`` settings of
the search bot."""

from __future__ import annotations

import argparse
from typing import Any


def simulate_args(spec: Any, names: list[str] | None = None) -> argparse.Namespace:
    """The parsed ``simulate`` options of the game ``spec`` at their defaults; with
    ``names``, these bots, one per seat."""
    parser = argparse.ArgumentParser()
    spec.simulation.options(parser)
    args = parser.parse_args([])
    args.rule = []
    if names is None:
        return args
    if spec.seat_names:  # the Victorian game: one option per side
        for side, name in zip(spec.seat_names, names):
            setattr(args, side, name)
    else:
        args.policy = ",".join(names)
        if hasattr(args, "players"):
            args.players = len(names)
    return args


def parse_tune(items: list[str]) -> dict[str, Any]:
    """``NAME=VALUE`` settings: numbers as numbers; ``prior`` keeps a bot's name.

    >>> parse_tune(["max_steps=30", "margin=0.05", "prior=greedy"])
    {'max_steps': 30, 'margin': 0.05, 'prior': 'greedy'}
    """
    return {k: v if k == "prior" else float(v) if "." in v else int(v)
            for k, _, v in (t.partition("=") for t in items)}


def apply_tune(bot: Any, tune: dict[str, Any], bots: Any) -> None:
    """Set the search bot's settings in ``tune`` (``prior``: the game's bot of that name)."""
    for name, value in tune.items():
        setattr(bot, name, bots.get_bot(value) if name == "prior" else value)
