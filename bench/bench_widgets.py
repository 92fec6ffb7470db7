"""Speed of the notebook widgets (run by hand: ``python bench/bench_widgets.py``).

Targets: the combat odds widget answers a slider move or a villain change well
under 100 ms; the conflict lab computes a 2-against-2 greedy conflict and labels
the option buttons fast enough to feel immediate; at 3 against 3 under ``best`` or
``random``, after *Compute odds*, every later click relabels the buttons well under
100 ms (the lab's kept odds and policies; the slowest click of whole conflicts is
reported, beside the slowest decision's odds worked out afresh, as a *Label
options* press cost before).  Each figure is the best of
several runs; "cold" runs clear the attack cache first.
"""

from __future__ import annotations

import random
import time

from timing import best_of, report

from explorer.asylum import load_roster, odds
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

    def slowest_clicks(teams: list[tuple[list[str], list[str]]], policy: str) -> tuple[float, float]:
        """Whole 3-against-3 conflicts played by ``policy`` on both sides after *Compute
        odds*: the slowest "Let the bot choose" click (each relabels the buttons from
        the lab's kept odds), and the slowest decision's odds worked out afresh (what
        each *Label options* press cost before the lab kept them)."""
        worst = afresh = 0.0
        for attackers, defenders in teams:
            lab_ = ConflictLab(attackers=attackers, defenders=defenders, policies=(policy, policy))
            lab_.compute_odds()
            while not lab_.stepper.over:
                t = time.perf_counter()
                lab_.policy_step.click()
                worst = max(worst, time.perf_counter() - t)
                if lab_.stepper.decision is not None and lab_.stepper.decision.player is not None:
                    assert lab_.labels
                    t = time.perf_counter()
                    odds.option_odds(lab_.stepper.state, lab_.policy_map())
                    afresh = max(afresh, time.perf_counter() - t)
        return worst, afresh

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
    ]
    for policy in ("best", "random"):
        worst, afresh = slowest_clicks(teams, policy)
        rows += [(f"lab: 3v3 {policy}, slowest click after Compute odds (8 conflicts)", worst, 0.1),
                 (f"lab: 3v3 {policy}, slowest decision's odds worked out afresh", afresh, None)]
    report(rows, digits=2)


if __name__ == "__main__":
    main()
