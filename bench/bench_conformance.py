"""Speed of the conformance kit on Doom Asylum (run by hand:
``python bench/bench_conformance.py``).

The kit's cost per step (every exact outcome enumerated, a deep copy of the state,
about ten illegal actions tried, the replays) decides how many steps
``tests/asylum/test_conformance.py`` can afford in its ~20 s budget.  The subprocess
under another PYTHONHASHSEED is timed apart: it is mostly the start of a Python.
"""

from __future__ import annotations

from timing import best_of, report

from explorer.asylum import Conflict, load_roster
from explorer.asylum.game import AsylumGame
from explorer.asylum.log import export_log
from explorer.core.testing import check_game

STEPS = 500


def main() -> None:
    game = AsylumGame()
    roster = list(load_roster().values())
    conflict = Conflict()

    def whole(i):
        check_game(game, lambda w: game.setup(2 + w % 5, seed=w), steps=STEPS, seed=i, log=export_log,
                   hashseed=False, raise_on_failure=False)

    def conflicts(i):
        check_game(conflict, lambda w: conflict.start(roster[w % 9:w % 9 + 2], roster[9 + w % 9:11 + w % 9]),
                   steps=STEPS, seed=i, hashseed=False, raise_on_failure=False)

    def with_subprocess(i):
        check_game(conflict, conflict.start(roster[:1], roster[1:2]), steps=20, seed=i, game_factory=Conflict,
                   raise_on_failure=False)

    rows = [
        (f"whole game: {STEPS} checked steps, per step", best_of(whole, 3) / STEPS, None),
        (f"conflict: {STEPS} checked steps, per step", best_of(conflicts, 3) / STEPS, None),
        ("the PYTHONHASHSEED subprocess (20 steps)", best_of(with_subprocess, 3), None),
    ]
    report(rows)


if __name__ == "__main__":
    main()
