"""Speed of the notebook widgets (run by hand: ``python bench/bench_widgets.py``).

Targets: the combat odds widget answers a slider move or a villain change well
under 100 ms; the conflict lab computes a 2-against-2 greedy conflict and labels
the option buttons fast enough to feel immediate; with ``best`` on both sides at 3
against 3, after *Compute odds*, every later click relabels the buttons well under
100 ms (best's kept memo; the slowest click of whole conflicts is reported).  Each figure is the best of
several runs; "cold" runs clear the attack cache first.
"""

from __future__ import annotations

import random
import time

from timing import best_of, report

from explorer.asylum import load_roster
from explorer.asylum.combat import attack_dist
from explorer.ui.asylum import CombatOddsExplorer, ConflictLab


def main() -> None:
    names = list(load_roster())
    x = CombatOddsExplorer(attacker="Doctor Cortex", defender="Corporal Union")
    lab = ConflictLab(attackers=["Doctor Cortex", "Baron Von Blitz"], defenders=["Madame Nocturne", "Corporal Union"])
    lab3 = ConflictLab(attackers=["Doctor Cortex", "Baron Von Blitz", "The Puppeteer"],
                       defenders=["Madame Nocturne", "Corporal Union", "Oscar"])

    # every call really changes a value (a no-op set would not fire the callbacks)
    def slider(i):
        w = x.attacker_stats["quickness"]
        w.value = (w.value + 1) % (w.max + 1)

    def villain(i):
        x.defender.value = next(n for n in names[i % len(names):] + names if n != x.defender.value)

    def level(i):
        x.defender_level.value = 1 + x.defender_level.value % 3

    def fresh_policies():
        lab._policy_objects = {}
        lab3._policy_objects = {}
        attack_dist.cache_clear()

    def label(i):
        lab.stepper_widget.label_options()

    def click_option(i):
        lab.option_buttons[0].click()
        lab.undo.click()

    def slowest_click(teams: list[tuple[list[str], list[str]]]) -> float:
        """The slowest "Let the bot choose" of whole 3-against-3 conflicts played by
        ``best`` on both sides, after *Compute odds* (each click relabels the buttons)."""
        worst = 0.0
        for attackers, defenders in teams:
            best = ConflictLab(attackers=attackers, defenders=defenders, policies=("best", "best"))
            best.compute_odds()
            while not best.stepper.over:
                t = time.perf_counter()
                best.policy_step.click()
                worst = max(worst, time.perf_counter() - t)
                assert best.labels or best.stepper.over or best.stepper.decision.player is None
        return worst

    lab.stepper_widget.labelling = True
    rng = random.Random(1)
    teams = [(picked[:3], picked[3:]) for picked in (rng.sample(names, 6) for _ in range(8))]
    rows = [
        ("combat: slider change", best_of(slider, 20), 0.1),
        ("combat: villain change", best_of(villain, 20), 0.1),
        ("combat: villain change (cold attack cache)", best_of(villain, 10, attack_dist.cache_clear), 0.1),
        ("combat: level change", best_of(level, 20), 0.1),
        ("lab: 2v2 greedy Compute odds (cold)", best_of(lambda i: lab.compute_odds(), 5, fresh_policies), None),
        ("lab: 2v2 greedy option-button labels (cold)", best_of(label, 5, fresh_policies), None),
        ("lab: 2v2 greedy click an option + undo, relabelled", best_of(click_option, 5), None),
        ("lab: 3v3 greedy Compute odds (cold)", best_of(lambda i: lab3.compute_odds(), 3, fresh_policies), None),
        ("lab: 3v3 best, slowest click after Compute odds (8 conflicts)", slowest_click(teams), 0.1),
    ]
    report(rows, digits=2)


if __name__ == "__main__":
    main()
