"""Speed of the Doom Asylum odds API (run by hand: ``python bench/bench_odds.py``).

Targets: a single attack under 1 ms; ``odds.conflict`` 3 against 3 under the
``expected-vp`` policy under 50 ms (issue 2); ``odds.option_odds`` at the first
decision of a 3-against-3 conflict under 1 s; ``odds.conflict`` 3 against 3 under
``best`` and ``random`` under 1 s, the worst roster matchup too (issue 7).  Each
figure is the best of several cold runs (caches cleared), so it is what a user
waits for the first time.  ``--quick`` skips the roster sweeps.
"""

from __future__ import annotations

import sys

from timing import best_of, report

from explorer.asylum import load_roster, odds
from explorer.asylum.combat import attack_dist


def main() -> None:
    roster = load_roster()
    v = list(roster.values())
    a, d = roster["Doctor Cortex"], roster["Corporal Union"]
    attackers = [roster["Doctor Cortex"], roster["Baron Von Blitz"], roster["The Puppeteer"]]
    defenders = [roster["Madame Nocturne"], roster["Corporal Union"], roster["Oscar"]]
    clear = attack_dist.cache_clear
    rows = [
        ("mental_attack (cold)", best_of(lambda _: odds.mental_attack(a, d), 50, clear), 1e-3),
        ("physical_attack (cold)", best_of(lambda _: odds.physical_attack(a, d), 50, clear), 1e-3),
        ("tactical_maneuver", best_of(lambda _: odds.tactical_maneuver(a), 50), 1e-3),
        ("conflict 3v3 expected-vp (cold)", best_of(lambda _: odds.conflict(attackers, defenders, "expected-vp"), 7, clear), 50e-3),
        ("option_odds 3v3 first decision, expected-vp", best_of(
            lambda _: odds.option_odds(odds.GAME.start(attackers, defenders), "expected-vp"), 3, clear), 1.0),
        ("conflict 2v2 best (cold)", best_of(lambda _: odds.conflict(attackers[:2], defenders[:2], "best"), 3, clear), None),
        ("conflict 2v2 random (cold)", best_of(lambda _: odds.conflict(attackers[:2], defenders[:2], "random"), 3, clear), None),
        ("conflict 3v3 best (cold)", best_of(lambda _: odds.conflict(attackers, defenders, "best"), 3, clear), 1.0),
        ("conflict 3v3 random (cold)", best_of(lambda _: odds.conflict(attackers, defenders, "random"), 3, clear), 1.0),
        ("option_odds 3v3 first decision, best", best_of(
            lambda _: odds.option_odds(odds.GAME.start(attackers, defenders), "best"), 3, clear), 1.0),
    ]
    if "--quick" not in sys.argv:
        # 3v3 matchups of consecutive roster villains (1-3 v 4-6, 4-6 v 7-9, ...), to see the spread
        for policy, target in (("expected-vp", 50e-3), ("best", 1.0), ("random", 1.0)):
            worst = max(
                best_of(lambda _: odds.conflict(v[i:i + 3], v[i + 3:i + 6], policy), 3, clear) for i in range(0, len(v) - 5, 3)
            )
            rows.append((f"conflict 3v3 {policy}, worst roster matchup", worst, target))
    report(rows)


if __name__ == "__main__":
    main()
