"""The conflict lab's log reads newest first, as every stepper's log, and shows
the roll each step made ("Mental Attack", "Physical Attack", "Blocking",
"Tactical Maneuvers")."""

from __future__ import annotations

import re

from explorer.asylum import load_roster, odds
from explorer.asylum.conflict import Block, MentalAttack, PhysicalAttack, TacticalManeuver
from explorer.core.engine import Stepper
from explorer.ui.asylum import ConflictLab
from explorer.ui.asylum.conflict_log import log_html, roll_text
from explorer.ui.common import probability_text

R = load_roster()


def test_the_log_is_newest_first_and_shows_each_roll():
    lab = ConflictLab(attackers=["Doctor Cortex", "Oscar"], defenders=["Corporal Union"])
    lab.run_to_end()
    text = re.sub("<[^>]+>", " ", lab.log.value)
    assert "newest first" in text
    assert text.index("conclude the conflict") < text.index("Doctor Cortex:")  # the last step comes first
    numbers = [int(n) for n in re.findall(r"<li value='(\d+)'>", lab.log.value)]
    assert numbers == sorted(numbers, reverse=True) and numbers[-1] == 1
    assert lab.log.value.count("class='xp-roll'") == 2  # two actions rolled, the conclusion did not


def test_a_mental_attack_and_a_maneuver_show_their_roll_and_chance():
    """Mental Attack / Tactical Maneuvers: a die plus a total against a die plus a total, or a number."""
    a, d = R["Doctor Cortex"], R["Corporal Union"]
    start = odds.GAME.start([a], [d])
    text = roll_text(start, MentalAttack(a.name, d.name))
    p = odds.mental_attack(a, d)
    assert text == (f"mental attack: Doctor Cortex d6 + {a.stat('mental_attack')} against Corporal Union d6 + "
                    f"{d.stat('mental_defense')}, a {probability_text(p)} chance")
    assert "against 8 to beat" in roll_text(start, TacticalManeuver(a.name, "mental_attack"))


def test_a_physical_attack_rolls_when_the_block_is_decided():
    """Physical Attack / Blocking: the declaration rolls nothing; the block step shows
    the catch and the hit, or only the hit for a blocker."""
    a, d, mate = R["Corporal Union"], R["Doctor Cortex"], R["Oscar"]
    st = Stepper(odds.GAME, odds.GAME.start([a], [d, mate]), seed=3)
    declared = PhysicalAttack(a.name, d.name)
    assert roll_text(st.state, declared) is None
    st.step(declared)
    through = roll_text(st.state, Block(None))
    assert "the catch:" in through and "the hit:" in through
    b = odds.physical_breakdown(a, d)
    assert probability_text(b.catch) in through and probability_text(b.hit) in through
    blocked = roll_text(st.state, Block(mate.name))
    assert "catch" not in blocked and "against Oscar" in blocked
    assert probability_text(odds.physical_attack(a, mate, blocked=True)) in blocked
    st.step(Block(None))
    html = log_html(st.history, st.initial)
    assert html.count("class='xp-roll'") == 1 and "physical attack:" in html
