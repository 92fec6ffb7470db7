"""The Victorian game keeps the engine's protocol: the conformance kit
(:func:`explorer.core.testing.check_game`) walks whole games (random and greedy
bots, the rulebook's readings and the other ones) and the chains cut out of it
(one attack, one Intercept Phase), with the invariants checked after every step
and the observations checked for leaks."""

from __future__ import annotations

import pytest
from vichelp import check_invariants

from explorer.core.testing import CHECKS, check_game
from explorer.core.until import Until
from explorer.victorian.bots import get_bot
from explorer.victorian.game import VictorianGame
from explorer.victorian.log import export_log
from explorer.victorian.params import OPTIONS, load_rules
from explorer.victorian.state import Main, Phase

OTHER_READINGS = load_rules().replace(**{name: not getattr(load_rules(), name) for name in OPTIONS})


def other_readings_game() -> VictorianGame:
    return VictorianGame(rules=OTHER_READINGS)


GAME, OTHER = VictorianGame(), other_readings_game()


def whole_game_start(i: int):
    """Walk ``i``: a new game, the deal to come (importable, for the kit's subprocess)."""
    return GAME.new_game()


def other_start(i: int):
    return OTHER.new_game()


def attack_game() -> Until:
    return Until(VictorianGame(), done=lambda s: s.result is not None or s.phase is not Phase.ATTACK,
                 value=lambda s: (len(s.heroes.units), len(s.villains.units)))


ATTACKS = [("Tarzan", "Dr Fu-Man-Chu", ["Chinese Horde", "Jack the Ripper"], ["Machete"]),
           ("Van Helsing", "Count Dracula", ["Werewolf"], []),
           ("Dr Jekyll Mr Hyde", "Martian Invasion", ["Tripod", "Tripod"], ["Auto-mobile"])]


def attack_start(i: int):
    hero, mm, minions, gear = ATTACKS[i % len(ATTACKS)]
    return GAME.scenario(heroes=[hero, "Campion Bond"], gear={hero: gear}, villains=[mm], minions={mm: minions},
                         hands={"villains": ["Escape Pod", "Rockets", "Nemesis"], "heroes": ["Bravery", "Pugilist"]},
                         thwarted=[mm], at=Phase.ATTACK)


def intercept_game() -> Until:
    return Until(VictorianGame(), done=lambda s: s.result is not None or s.phase is not Phase.INTERCEPT,
                 value=lambda s: tuple(sorted(s.thwarted)))


def intercept_start(i: int):
    return GAME.scenario(heroes=["Sherlock Holmes", "Tarzan", "Mycroft Holmes"], villains=["Professor Moriarty",
                                                                                          "Dr Moreau"],
                         plots={"Professor Moriarty": ["Bank Heist", "Start War"]},
                         hands={"heroes": ["Deduction", "Morris Code"], "villains": ["Shadow Boxing"]},
                         at=Phase.INTERCEPT)


@pytest.fixture(scope="module")
def reports():
    bots = {"heroes": get_bot("greedy"), "villains": get_bot("random")}
    return {
        "whole game, random bots": check_game(
            GAME, whole_game_start, steps=1200, seed="random", invariants=[check_invariants], log=export_log,
            game_factory=VictorianGame, raise_on_failure=False),
        "whole game, other readings, greedy against random": check_game(
            OTHER, other_start, steps=800, seed="mixed", policies=bots, invariants=[check_invariants],
            log=export_log, game_factory=other_readings_game, raise_on_failure=False),
        "one attack": check_game(
            attack_game(), attack_start, steps=300, seed="attack", invariants=[check_invariants],
            game_factory=attack_game, raise_on_failure=False),
        "one Intercept Phase": check_game(
            intercept_game(), intercept_start, steps=200, seed="intercept", invariants=[check_invariants],
            game_factory=intercept_game, raise_on_failure=False),
    }


def failed(reports, check) -> str:
    return "\n\n".join(f"{name}:\n" + "\n".join(str(f) for f in r.failed(check)) for name, r in reports.items()
                       if r.failed(check))


@pytest.mark.parametrize("check", CHECKS)
def test_the_victorian_game_keeps_the_protocol(reports, check):
    """TURN SEQUENCE to VICTORY: every step of every walk keeps check ``check`` of the conformance kit (see
    explorer.core.testing), observations included: a side never sees the other hand or the deck order."""
    assert not failed(reports, check), failed(reports, check)


def test_the_walks_cover_the_game(reports):
    """VICTORY: the walks play games to the end and meet many kinds of illegal action."""
    whole = reports["whole game, random bots"]
    assert whole.finished >= 3 and whole.illegal_tried > 2 * whole.steps
    assert "observe" not in whole.skipped
    assert reports["one attack"].finished >= 10
