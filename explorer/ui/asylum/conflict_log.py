"""The conflict lab's log: what happened, newest first (as every stepper's log),
each step with the roll the dice decided (each side's die and total, and the
chance the attacker had) and each event with its rule.

The conflict rolls each contest's result in one draw (so that exact analysis
counts two outcomes, not 36 pairs of faces); the log therefore shows the roll as
made, a die plus a total on each side and its chance, from the same terms that
:func:`explorer.asylum.odds.explain` gives the odds page.

>>> from explorer.asylum import load_roster, odds
>>> from explorer.asylum.conflict import MentalAttack
>>> r = load_roster()
>>> start = odds.GAME.start([r["Doctor Cortex"]], [r["Corporal Union"]])
>>> roll_text(start, MentalAttack("Doctor Cortex", "Corporal Union"))
'mental attack: Doctor Cortex d6 + 5 against Corporal Union d6 + 4, a 58.3% (7/12) chance'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from explorer.asylum import abilities as _abilities
from explorer.asylum import odds
from explorer.asylum.combat import mental_attack_spec
from explorer.asylum.conflict import Block, MentalAttack, TacticalManeuver, UseAbility
from explorer.asylum.conflict_state import ConflictState
from explorer.asylum.explain import Explanation, Side
from explorer.core.engine import Entry
from explorer.core.events import Event

from ..common import esc, probability_text, rule_html

SIDE_NAMES = ("attackers", "defenders")
LOG_LINES = 40
ROLL_NAMES = {"catch": "the catch", "hit": "the hit", "maneuver": "tactical maneuver"}


def _side(s: Side) -> str:
    return f"{s.total} to beat" if s.die is None else f"{s.who} {s.die.label} + {s.total}"


def explanation_of(before: ConflictState, action: Any) -> tuple[str, Explanation] | None:
    """What the dice decide when ``action`` is taken in ``before``: a label and
    the rolls as terms (None for a step that rolls nothing: a declared physical
    attack waits for the defenders' block, which rolls)."""
    setup, rules = before.setup, before.setup.rules
    if isinstance(action, TacticalManeuver):
        return "tactical maneuver", odds.explain_maneuver(setup.villain(action.actor), rules, action.stat)
    if isinstance(action, (MentalAttack, UseAbility)):
        actor, target = setup.villain(action.actor), setup.villain(action.target)
        if isinstance(action, MentalAttack):
            return "mental attack", odds.explain(actor, target, mental_attack_spec(actor), rules)
        side, j = setup.index[action.target]
        attack = _abilities.ABILITIES[action.ability].effect(actor, target, setup.is_mastermind(side, j))
        return _abilities.get(action.ability).title, odds.explain(actor, target, attack, rules)
    if isinstance(action, Block) and before.pending is not None:
        p, side = before.pending, before.turn
        j = p.target if action.blocker is None else setup.index[action.blocker][1]
        attacker, defender = before.villain(side, p.actor), before.villain(1 - side, j)
        return "physical attack", odds.explain(attacker, defender, p.attack, rules,
                                               blocked=action.blocker is not None)
    return None


def roll_text(before: ConflictState, action: Any) -> str | None:
    """The roll of one step in words: each side's die and total, and the chance
    the attacker's total was the higher one."""
    found = explanation_of(before, action)
    if found is None:
        return None
    label, e = found
    parts = []
    for roll in e.rolls:
        name = "" if len(e.rolls) == 1 else f"{ROLL_NAMES.get(roll.name, roll.name)}: "
        parts.append(f"{name}{_side(roll.attacker)} against {_side(roll.defender)}, "
                     f"a {probability_text(roll.p)} chance")
    return f"{label}: " + "; ".join(parts)


def _event_html(ev: Event) -> str:
    return f"<li>{esc(ev.text)} {rule_html(ev.rule, compact=True)}</li>"


def log_html(entries: Sequence[Entry], initial: ConflictState | None = None) -> str:
    """What happened, newest first: who acted, what, the roll it made, and each
    event with its rule (the last :data:`LOG_LINES` steps)."""
    items = []
    first = max(0, len(entries) - LOG_LINES)
    for k in range(len(entries) - 1, first - 1, -1):
        e = entries[k]
        before = entries[k - 1].state if k else initial
        who = "rules" if e.player is None else SIDE_NAMES[e.player]
        roll = roll_text(before, e.action) if before is not None else None
        rolled = f"<li class='xp-roll'><i>The roll</i>: {esc(roll)}</li>" if roll else ""
        evs = "".join(_event_html(ev) for ev in e.events)
        items.append(f"<li value='{e.index + 1}'><b>{esc(who)}</b>: {esc(e.action)}"
                     f"<ul style='margin:0'>{rolled}{evs}</ul></li>")
    return ("<div class='xp-log-list'><b>What happened</b> <span style='color:#666'>(newest first)</span>"
            f"<ol style='margin:2px 0'>{''.join(items)}</ol></div>")


__all__ = ["LOG_LINES", "explanation_of", "log_html", "roll_text"]
