"""Time drawing the card games' tables (run by hand: ``python bench/bench_card_tables.py``).

The steppers redraw the table after every step, undo and change of view, so
one drawing should take well under 50 ms.  This plays a seeded game of each
card game between greedy bots and times ``board_html`` at every state reached,
for a seat's view and for the all-seeing one: the mean and the slowest.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

if __name__ == "__main__":  # run from anywhere: the package beside this folder
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from explorer.core.engine import Stepper  # noqa: E402
from explorer.doomtrooper.bots import get_bot as dt_bot  # noqa: E402
from explorer.doomtrooper.game import DoomtrooperGame  # noqa: E402
from explorer.ui.doomtrooper.board import board_html as dt_board  # noqa: E402
from explorer.ui.victorian.board import board_html as vic_board  # noqa: E402
from explorer.victorian.bots import get_bot as vic_bot  # noqa: E402
from explorer.victorian.game import VictorianGame  # noqa: E402

from timing import report  # noqa: E402

STEPS = 400
TARGET = 0.050


def states(game, policies) -> list:
    """At least ``STEPS`` states reached by seeded games (seeds 1, 2, ...)."""
    out: list = []
    seed = 0
    while len(out) < STEPS:
        seed += 1
        st = Stepper(game, game.new_game() if isinstance(game, VictorianGame) else game.new_game(2), seed, policies)
        out.append(st.state)
        while not st.over and len(out) < STEPS:
            st.step()
            out.append(st.state)
    return out


def timed(draw, game, seen: list, viewer) -> tuple[float, float]:
    """Mean and slowest seconds of one drawing over ``seen``."""
    times = []
    for state in seen:
        t = time.perf_counter()
        draw(game, state, viewer)
        times.append(time.perf_counter() - t)
    return sum(times) / len(times), max(times)


def main() -> None:
    vic = VictorianGame()
    dt = DoomtrooperGame()
    cases = [("Victorian", vic_board, vic, states(vic, {"heroes": vic_bot("greedy"), "villains": vic_bot("greedy")}),
              (("the Heroes' view", "heroes"), ("all-seeing", None))),
             ("Doomtrooper", dt_board, dt, states(dt, dt_bot("greedy")), (("seat 0's view", 0), ("all-seeing", None)))]
    rows = []
    for name, draw, game, seen, viewers in cases:
        for who, viewer in viewers:
            mean, worst = timed(draw, game, seen, viewer)
            rows += [(f"{name} table, {who}: mean of {len(seen)} states", mean, TARGET),
                     (f"{name} table, {who}: slowest", worst, TARGET)]
    report(rows, digits=2)


if __name__ == "__main__":
    main()
