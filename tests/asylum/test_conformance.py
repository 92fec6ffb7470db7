"""Doom Asylum keeps the engine's protocol: the conformance kit
(:func:`explorer.core.testing.check_game`) walks the whole game (2 to 6 players,
random and rule-following bots, the rulebook's readings and the other ones) and a
conflict on its own, and each of its checks is one test here."""

from __future__ import annotations

import random

import pytest
from test_game_robustness import check_invariants

from explorer.asylum import Conflict, load_roster
from explorer.asylum.bots import get_bot
from explorer.asylum.game import AsylumGame
from explorer.asylum.log import export_log
from explorer.asylum.params import OPTIONS, load_rules
from explorer.asylum.policies import get_policy
from explorer.core.testing import CHECKS, check_game

#: Every rule option switched away from the rulebook's reading.
OTHER_READINGS = load_rules().replace(**{name: not getattr(load_rules(), name) for name in OPTIONS})

def other_readings_game() -> AsylumGame:
    """The whole game with every rule option flipped (importable: the kit rebuilds
    it in a subprocess)."""
    return AsylumGame(rules=OTHER_READINGS)


GAME, OTHER = AsylumGame(), other_readings_game()


def whole_game_start(i: int):
    """Walk ``i``'s opening: 2 to 6 players (importable, so the kit's subprocess
    sets the game up afresh under its own PYTHONHASHSEED)."""
    return GAME.setup(2 + i % 5, seed=f"kit/{i}")


def other_readings_start(i: int):
    return OTHER.setup(2 + i % 5, seed=f"kit/{i}")


def conflict_invariants(game, state) -> None:
    """Victory in Conflicts / Concluding a Conflict / Defeated villains."""
    teams = state.setup.teams
    assert min(state.vp) >= 0, f"negative victory points {state.vp}"
    for side in (0, 1):
        fallen = state.fallen[side]
        assert len(set(fallen)) == len(fallen) and all(0 <= i < len(teams[side]) for i in fallen), fallen
        assert state.acted[side] >> len(teams[side]) == 0, "an action mark beyond the team"
    r = state.result
    if r is not None:
        assert r.vp == state.vp
        assert (r.winner is None) == (r.vp[0] == r.vp[1]) and (r.winner is None or r.vp[r.winner] > r.vp[1 - r.winner])
        for side in (0, 1):
            names = {v.name for v in teams[side]}
            assert set(r.lost[side]) <= set(r.defeated[side]) <= names
            assert len(r.lost[side]) == max(0, len(r.defeated[side]) - 1)


ROSTER = list(load_roster().values())


def conflict_start(i: int):
    """Walk ``i``'s conflict: 1 to 3 villains a side at levels 1 to 3, one in five
    an ambush, with the rulebook's readings or the other ones."""
    rng = random.Random(f"conflict/{i}")
    picked = [v.at_level(rng.randint(1, 3)) for v in rng.sample(ROSTER, 6)]
    ambush = i % 5 == 4
    a = 1 if ambush else 1 + i % 3
    d = 1 + (i // 3) % 3
    rules = OTHER_READINGS if i % 2 else load_rules()
    return Conflict().start(picked[:a], picked[a:a + d], ambush=ambush, doom_ready=i % 4 == 1, rules=rules)


@pytest.fixture(scope="module")
def reports():
    seats = {0: get_bot("greedy"), 1: get_bot("brawler"), 2: get_bot("cautious"), 3: get_bot("random"),
             4: get_bot("greedy"), 5: get_bot("random")}
    runs = {
        "whole game, random bots": check_game(
            GAME, whole_game_start, steps=1500, seed="random",
            invariants=[check_invariants], log=export_log, game_factory=AsylumGame, raise_on_failure=False),
        "whole game, other readings, mixed bots": check_game(
            OTHER, other_readings_start, steps=1000, seed="mixed", policies=seats,
            invariants=[check_invariants], log=export_log, game_factory=other_readings_game, raise_on_failure=False),
        "conflict, random": check_game(
            Conflict(), conflict_start, steps=800, seed="conflict", invariants=[conflict_invariants],
            game_factory=Conflict, raise_on_failure=False),
        "conflict, expected-vp": check_game(
            Conflict(), conflict_start, steps=300, seed="expected", policies=get_policy("expected-vp"),
            invariants=[conflict_invariants], game_factory=Conflict, hashseed=False, raise_on_failure=False),
    }
    return runs


def failed(reports, check) -> str:
    return "\n\n".join(f"{name}:\n" + "\n".join(str(f) for f in r.failed(check)) for name, r in reports.items()
                       if r.failed(check))


#: Checks known to fail, with the reason (xfailed strictly, so a fix shows): none now.
KNOWN_BUGS: dict[str, str] = {}


def param(check):
    if check in KNOWN_BUGS:
        return pytest.param(check, marks=pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[check]))
    return check


@pytest.mark.parametrize("check", [param(c) for c in CHECKS if c != "observe"])
def test_doom_asylum_keeps_the_protocol(reports, check):
    """Gameplay overview to Winning, and Conflicts to Defeated villains: every step of
    every walk keeps check ``check`` of the conformance kit (see explorer.core.testing)."""
    assert not failed(reports, check), failed(reports, check)


def test_the_walks_cover_the_game(reports):
    """Gameplay overview / Winning: the walks finish games, with wins in the Yard and
    draws at the turn cap, and conflicts with every kind of result; Doom Asylum has no
    hidden information, so the observe check does not apply."""
    whole = reports["whole game, random bots"]
    assert whole.finished >= 3 and whole.illegal_tried > 3 * whole.steps
    reasons = {r.ending.text for r in whole.results}
    assert "yard" in reasons
    winners = {r.winner for r in reports["conflict, random"].results}
    assert {0, 1, None} <= winners
    for r in reports.values():
        assert r.skipped.get("observe") == "the game has no observe(state, player): perfect information"
        assert r.outcomes > r.steps


