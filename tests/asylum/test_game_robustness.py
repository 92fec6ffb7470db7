"""Robustness of the whole Doom Asylum game: thousands of seeded games played by
random bots, with the invariants checked after every step and the logs replayed."""

from __future__ import annotations

from collections import Counter

import pytest

from explorer.asylum.bots import RandomBot
from explorer.asylum.game import AsylumGame, Phase
from explorer.asylum.log import export_log, replay_log
from explorer.core.engine import SampledChance, Stepper, derived_rng

GAMES = 2000
REPLAY_EVERY = 40  # replay-check one game in this many (every game is step-checked)


ROSTER = set(AsylumGame().roster)
ROOMS = set(AsylumGame().board)


@pytest.fixture(scope="module")
def game() -> AsylumGame:
    return AsylumGame()


def check_invariants(game: AsylumGame, state, before=None) -> None:
    """Lean on purpose: it runs after every one of about a million steps.  When the
    parties and the pool are the very objects they were before the step (a step
    inside a conflict, say), only the conflict is checked again."""
    if state.conflict is not None:
        side1 = state.parties[state.clash.seats[1]]
        assert {v.name for v in state.conflict.setup.teams[1]} == set(side1.names)
    if before is not None and state.parties is before.parties and state.pool is before.pool:
        return
    cap = game.rules.doomsday_cap
    everyone = list(state.pool)
    board = ROOMS
    for party in state.parties:
        assert 0 <= party.doomsday <= cap, f"Doomsday points {party.doomsday} out of 0..{cap}"
        assert party.room in board, f"{party.room!r} is not a room"
        names = [v.name for v in party.villains]
        assert names.count(party.mastermind) == 1, f"seat {party.seat}: mastermind {party.mastermind!r} not in {names}"
        assert len(set(party.unmade)) == len(party.unmade) and set(party.unmade) <= set(names) - {party.mastermind}
        assert party.doom_ready is None or (party.doom_ready == party.mastermind
                                            and party.doomsday >= game.rules.doom_ready_points)
        everyone += names
    assert len(everyone) == len(ROSTER) and set(everyone) == ROSTER, "a villain is in two places, or in none"
    if state.phase == Phase.OVER:
        assert state.winner is None or state.parties[state.winner].room == game.yard


def play_checked(game: AsylumGame, players: int, seed: str, keep: bool):
    """Play one game with random bots the way the fast runner does, checking the
    invariants after every step; returns the final state, actions and states."""
    policy = RandomBot()
    state = game.setup(players, seed, "random" if players == 6 else "star")
    check_invariants(game, state)
    chance = SampledChance(derived_rng(seed, "chance"))
    rng = derived_rng(seed, "policy")
    actions, states = [], []
    while (dec := game.decision(state)) is not None:
        action = dec.options[0] if dec.player is None else policy.choose(game, state, dec, rng)
        assert action in dec.options
        assert dec.player is None or len(dec.options) >= 1
        before, state = state, game.resolve(state, action, chance).state
        check_invariants(game, state, before)
        actions.append(action)
        if keep:
            states.append(state)
    assert game.result(state) is not None
    return state, actions, states


def test_two_thousand_random_games_keep_every_invariant(game):
    """Doomsday points (0..8, cap), the board, Death (no villain in two places),
    Mastermind (exactly one per party): after every step of 2,000 random games;
    a sample of the logs replays, through JSON lines, to the very same states."""
    results = Counter()
    for i in range(GAMES):
        players = 2 + i % 5
        seed = f"robust#{i}"
        keep = i % REPLAY_EVERY == 0
        final, actions, states = play_checked(game, players, seed, keep)
        results["draw" if final.winner is None else "win"] += 1
        if keep:
            initial = game.setup(players, seed, "random" if players == 6 else "star")
            stepper = Stepper.replay(game, initial, seed, actions)
            assert [e.state for e in stepper.history] == states
            again = replay_log(export_log(stepper), game)
            assert [e.state for e in again.history] == states
            assert again.state == final
    assert results["win"] > 0 and sum(results.values()) == GAMES


def test_illegal_actions_name_their_rule_and_change_nothing(game):
    """Gameplay overview / Upgrading Villains / Mastermind: moving two spaces, upgrading
    twice in a turn and re-making an unmade mastermind are refused with the rule."""
    from explorer.asylum import sections as R
    from explorer.asylum.game import BeginMove, MakeMastermind, Move, Upgrade
    from explorer.core.engine import IllegalAction

    state = game.setup(2, 0, ["Matron Hatchet", "Iron Maiden"])
    state = game.arrange(state, 0, villains=["Matron Hatchet", "Gargantua"], doomsday=5)
    st = Stepper(game, state, seed=0)
    st.step(Upgrade("Gargantua", 2))
    st.step(MakeMastermind("Gargantua"))
    cases = [
        (Upgrade("Gargantua", 3), R.UPGRADES, "one level per villain per turn"),
        (MakeMastermind("Matron Hatchet"), R.MASTERMIND_SWITCH, "may not be made mastermind again"),
    ]
    for action, rule, words in cases:
        before, steps = st.state, len(st.history)
        with pytest.raises(IllegalAction) as err:
            st.step(action)
        assert err.value.rule == rule and words in err.value.message and str(rule) in str(err.value)
        assert st.state is before and len(st.history) == steps
    st.step(BeginMove())
    before = st.state
    with pytest.raises(IllegalAction) as err:
        st.step(Move("Mess Hall"))  # two spaces from the Intake Hall
    assert err.value.rule == R.TURN_MOVE and "exactly one space" in err.value.message
    assert st.state is before
