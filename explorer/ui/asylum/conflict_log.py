"""The conflict lab's log: what happened, newest first (as every stepper's log),
each step with the roll the dice decided (each side's die, total and chance) and
each event with its rule.

The conflict draws each contest's result in one draw (so that exact analysis
counts two outcomes, not 36 pairs of faces), then the faces given that result
(:mod:`explorer.asylum.faces`), carried in the step's roll events: the log shows
the dice as rolled.  Before a step, :func:`roll_text` says what the dice will
decide, from the same terms that :func:`explorer.asylum.odds.explain` gives the
odds page; after it, :func:`rolled_text` says what they showed.

>>> from explorer.asylum import load_roster, odds
>>> from explorer.asylum.conflict import MentalAttack
>>> from explorer.core.engine import Stepper
>>> r = load_roster()
>>> start = odds.GAME.start([r["Doctor Cortex"]], [r["Corporal Union"]])
>>> attack = MentalAttack("Doctor Cortex", "Corporal Union")
>>> roll_text(start, attack)
'mental attack: Doctor Cortex d6 + 5 against Corporal Union d6 + 4, a 58.3% (7/12) chance'
>>> step = Stepper(odds.GAME, start, seed=0).step(attack)
>>> rolled_text(start, attack, step.events)
"mental attack: Doctor Cortex rolled 6 + 5 = 11 against Corporal Union's 4 + 4 = 8: the mental attack lands (a 58.3% (7/12) chance)"
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from explorer.asylum import abilities as _abilities
from explorer.asylum import odds
from explorer.asylum.combat import blockable, mental_attack_spec, physical_attack_spec
from explorer.asylum.conflict import Block, MentalAttack, PhysicalAttack, TacticalManeuver, UseAbility
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
    the rolls as terms (None for a step that rolls nothing: a physical attack the
    defenders may block waits for their decision, which rolls)."""
    setup, rules = before.setup, before.setup.rules
    if isinstance(action, TacticalManeuver):
        return "tactical maneuver", odds.explain_maneuver(setup.villain(action.actor), rules, action.stat)
    if isinstance(action, (MentalAttack, PhysicalAttack, UseAbility)):
        actor, target = setup.villain(action.actor), setup.villain(action.target)
        if isinstance(action, UseAbility):
            side, j = setup.index[action.target]
            attack = _abilities.ABILITIES[action.ability].effect(actor, target, setup.is_mastermind(side, j))
        else:
            attack = (mental_attack_spec if isinstance(action, MentalAttack) else physical_attack_spec)(actor)
        if blockable(attack, rules) and _waits_for_block(before, action):
            return None
        return attack.called(), odds.explain(actor, target, attack, rules)
    if isinstance(action, Block) and before.pending is not None:
        p, side = before.pending, before.turn
        j = p.target if action.blocker is None else setup.index[action.blocker][1]
        attacker, defender = before.villain(side, p.actor), before.villain(1 - side, j)
        return "physical attack", odds.explain(attacker, defender, p.attack, rules,
                                               blocked=action.blocker is not None)
    return None


def _waits_for_block(before: ConflictState, action: Any) -> bool:
    """Whether ``action`` only declares an attack, which then waits for the defenders'
    block ("Blocking": someone is there to block it), asked of the conflict rules."""
    return all(step.state.pending is not None for step, _ in odds.GAME.apply(before, action).items())


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


def rolled_text(before: ConflictState | None, action: Any, events: Sequence[Event]) -> str | None:
    """The roll one step made, in words: each roll's dice and totals, who won and
    the chance he had (from the step's roll events; ``None`` when nothing was rolled)."""
    rolls = [ev.text for ev in events if is_roll(ev)]
    if not rolls:
        return None
    found = explanation_of(before, action) if before is not None else None
    return f"{found[0] if found else 'the roll'}: " + "; ".join(rolls)


def is_roll(ev: Event) -> bool:
    """Whether ``ev`` reports a roll with its dice (:mod:`explorer.asylum.faces`)."""
    return bool(ev.data) and ev.data[0][0] == "roll"


def _event_html(ev: Event) -> str:
    return f"<li>{esc(ev.text)} {rule_html(ev.rule, compact=True)}</li>"


def log_html(entries: Sequence[Entry], initial: ConflictState | None = None) -> str:
    """What happened, newest first: who acted, what, the roll it made with its
    dice, and each other event with its rule (the last :data:`LOG_LINES` steps)."""
    items = []
    first = max(0, len(entries) - LOG_LINES)
    for k in range(len(entries) - 1, first - 1, -1):
        e = entries[k]
        before = entries[k - 1].state if k else initial
        who = "rules" if e.player is None else SIDE_NAMES[e.player]
        roll = rolled_text(before, e.action, e.events)
        rules = " ".join(rule_html(ev.rule, compact=True) for ev in e.events if is_roll(ev))
        rolled = f"<li class='xp-roll'><i>The roll</i>: {esc(roll)} {rules}</li>" if roll else ""
        evs = "".join(_event_html(ev) for ev in e.events if not is_roll(ev))
        items.append(f"<li value='{e.index + 1}'><b>{esc(who)}</b>: {esc(e.action)}"
                     f"<ul style='margin:0'>{rolled}{evs}</ul></li>")
    return ("<div class='xp-log-list'><b>What happened</b> <span style='color:#666'>(newest first)</span>"
            f"<ol style='margin:2px 0'>{''.join(items)}</ol></div>")


__all__ = ["LOG_LINES", "explanation_of", "is_roll", "log_html", "roll_text", "rolled_text"]
