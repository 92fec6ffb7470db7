"""Rules calls per click in each game's stepper widget (run by hand:
``python bench/bench_clicks.py``).

A click on an option button should ask the game for the new step's decision
once and hand it to every view (the options, "why not?", the odds, the status).
This counts the calls of ``decision``, ``check`` and ``illegal`` on the widget's
game during option clicks and "Next step" clicks, and prints their mean per click.
A "Next step" figure includes the bot's own calls: one that looks ahead (the
conflict lab's "expected-vp") asks for the decisions of the states it imagines.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # run from anywhere: the package beside this folder
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from explorer.core.engine import Game  # noqa: E402
from explorer.ui.stepper import StepperWidget  # noqa: E402

COUNTED = ("decision", "check", "illegal")


@contextmanager
def counting(game: Game) -> Iterator[Counter]:
    """Count calls of the rules methods of the game's class (so calls through a
    view of the game, and the game's own inner calls, count too)."""
    calls: Counter = Counter()
    cls = type(game)
    own = {name: cls.__dict__[name] for name in COUNTED if name in cls.__dict__}

    def wrap(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return method(*args, **kwargs)
        return counted

    for name in COUNTED:
        setattr(cls, name, wrap(name, getattr(cls, name)))
    try:
        yield calls
    finally:
        for name in COUNTED:
            if name in own:
                setattr(cls, name, own[name])
            else:
                delattr(cls, name)


def option_clicks(w: StepperWidget, clicks: int) -> Counter:
    """Total calls over ``clicks`` option clicks, the bots playing to each decision of the person's."""
    total: Counter = Counter()
    for _ in range(clicks):
        while not w.stepper.over and not w.option_buttons:
            w.let_policy_choose()
        if w.stepper.over:
            break
        with counting(w.game) as calls:
            w.option_buttons[0].click()
        total += calls
        total["clicks"] += 1
    return total


def next_clicks(w: StepperWidget, clicks: int) -> Counter:
    """Total calls over ``clicks`` "Next step" clicks (the bots decide; in the conflict
    lab, where the person decides every step, "Let the bot choose")."""
    total: Counter = Counter()
    for _ in range(clicks):
        button = w.policy_button if w.next_button.disabled else w.next_button  # the lab has no Next step
        if w.stepper.over:
            break
        with counting(w.game) as calls:
            button.click()
        total += calls
        total["clicks"] += 1
    return total


def widgets() -> dict[str, Callable[[bool], StepperWidget]]:
    """Each game's stepper widget, the person playing (``True``) or watching."""
    from explorer.ui.asylum import ConflictLab, RulesTour
    from explorer.ui.doomtrooper import TableStepper
    from explorer.ui.victorian import VictorianStepper

    return {
        "asylum rules tour": lambda plays: RulesTour(seed=1, viewers="all" if plays else ()).stepper_widget,
        "asylum conflict lab": lambda plays: ConflictLab(
            attackers=["Doctor Cortex", "Baron Von Blitz"],
            defenders=["Madame Nocturne", "Corporal Union"]).stepper_widget,
        "victorian stepper": lambda plays: VictorianStepper(seed=2, plays=plays).stepper,
        "doomtrooper table": lambda plays: TableStepper(seed=2, seat=0 if plays else None).stepper_widget,
    }


def per_click(total: Counter) -> dict[str, float]:
    n = max(total["clicks"], 1)
    return {name: total[name] / n for name in COUNTED}


def measure(clicks: int = 20) -> dict[str, dict[str, dict[str, float]]]:
    """``{widget: {"option": {method: calls per click}, "next": {...}}}``."""
    out = {}
    for name, make in widgets().items():
        out[name] = {"option": per_click(option_clicks(make(True), clicks)),
                     "next": per_click(next_clicks(make(False), clicks))}
    return out


def main() -> None:
    rows = measure()
    print(f"{'widget':<22} {'click':<7} " + " ".join(f"{m:>9}" for m in COUNTED))
    for name, kinds in rows.items():
        for kind, calls in kinds.items():
            print(f"{name:<22} {kind:<7} " + " ".join(f"{calls[m]:9.2f}" for m in COUNTED))


if __name__ == "__main__":
    main()
