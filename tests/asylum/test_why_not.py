""""Why not?": every tempting action is refused by the rules with a reason and a
rule section we summarise; the classic mistakes are among them."""

import pytest

from factories import make
from explorer.asylum import odds
from explorer.asylum import sections as R
from explorer.asylum.bots import get_bot
from explorer.asylum.conflict import MentalAttack, PhysicalAttack
from explorer.asylum.game import ACTION_TYPES, Phase, setup
from explorer.asylum.why_not import tempting
from explorer.core.engine import IllegalAction, Stepper
from explorer.core.rulebook import summary

Move, Upgrade, MakeMastermind = ACTION_TYPES["Move"], ACTION_TYPES["Upgrade"], ACTION_TYPES["MakeMastermind"]


def refusal(game, state, action):
    with pytest.raises(IllegalAction) as info:
        game.check(state, action)
    return info.value


def test_every_tempting_action_is_refused_and_explained():
    """Every step of three seeded games: each tempting action is not a legal option,
    ``check`` refuses it, and the rule it breaks has our summary."""
    seen = set()
    for seed in (1, 2, 3):
        game, start = setup(players=4, seed=seed)
        stepper = Stepper(game, start, seed, get_bot("greedy"))
        while not stepper.over:
            state = stepper.state
            options = game.decision(state).options
            for action in tempting(game, state):
                assert action not in options
                exc = refusal(game, state, action)
                assert exc.message and "is not a legal option" not in exc.message
                assert summary(exc.rule).summary
                assert game.illegal(state, action).rule == exc.rule
                seen.add(exc.rule.section)
            stepper.step()
    assert {"turn.move", "turn.start", "upgrades", "mastermind.switch", "conflicts.push"} <= seen


def test_a_room_that_is_not_next_door():
    """Gameplay overview: the party moves exactly one space."""
    game, state = setup(players=2, seed=1, masterminds=["Oscar", "Gargantua"])
    state = state._replace(phase=Phase.MOVE)
    here = state.parties[0].room
    far = [a for a in tempting(game, state) if isinstance(a, Move) and a.room != here]
    assert far and all(game.distance(here, a.room) >= 2 for a in far)
    exc = refusal(game, state, far[0])
    assert exc.rule == R.TURN_MOVE and "one space" in exc.message
    assert Move(here) in tempting(game, state)  # staying put is not a move


def test_upgrades_already_bought_and_past_the_top():
    """Upgrading Villains: one level per villain per turn, and no level past the last."""
    game, state = setup(players=2, seed=1, masterminds=["Oscar", "Gargantua"])
    state = game.arrange(state, 0, doomsday=8, levels={"Oscar": 3})
    assert Upgrade("Oscar", 4) in tempting(game, state)
    assert "no level 4" in refusal(game, state, Upgrade("Oscar", 4)).message
    state = game.arrange(state, 0, villains=["Oscar", "The Widow"], levels={"Oscar": 1})
    state = game.resolve(state, Upgrade("Oscar", 2), None).state
    assert Upgrade("Oscar", 3) in tempting(game, state)
    exc = refusal(game, state, Upgrade("Oscar", 3))
    assert exc.rule == R.UPGRADES and "this turn" in exc.message


def test_remaking_an_unmade_mastermind():
    """Mastermind: an unmade mastermind may not lead again until the new one is defeated."""
    game, state = setup(players=2, seed=1, masterminds=["Oscar", "Gargantua"])
    state = game.arrange(state, 0, villains=["Oscar", "The Widow", "Skyraker"], doomsday=0)
    state = game.resolve(state, MakeMastermind("The Widow"), None).state
    assert MakeMastermind("Oscar") in tempting(game, state)
    exc = refusal(game, state, MakeMastermind("Oscar"))
    assert exc.rule == R.MASTERMIND_SWITCH and "unmade" in exc.message


def test_conflict_mistakes():
    """Flying & Ranged Attacks, Conflicts: no melee attack on a flyer, one action per villain."""
    game = odds.GAME
    a1, a2 = make("A1"), make("A2")
    flyer = make("Bat", abilities=("flying",))
    state = game.start([a1, a2], [flyer, make("D2")])
    assert PhysicalAttack("A1", "Bat") in tempting(game, state)
    assert refusal(game, state, PhysicalAttack("A1", "Bat")).rule == R.FLYING
    state = game.resolve(state, MentalAttack("A1", "D2"), _Fail()).state  # A1 acts, the defenders' turn
    state = game.resolve(state, MentalAttack("D2", "A2"), _Fail()).state
    assert MentalAttack("A1", "Bat") in tempting(game, state)
    exc = refusal(game, state, MentalAttack("A1", "Bat"))
    assert exc.rule == R.ACTIONS and "already acted" in exc.message
    assert tempting(game, state._replace(result=object())) == ()


class _Fail:
    """A chance where every roll comes out as its first outcome (a failed attack)."""

    def roll(self, dist):
        return dist.outcomes[0]
