"""The switches of two readings, both ways: ``idle_cards_playable`` (the reading
``idle-cards``, "Attack: Determine Combat Standing") and ``play_after_attack``
(the reading ``no-play-after-attack``, "Step Two: Actions / Attack")."""

from __future__ import annotations

import pytest
from dt_helpers import W, make_state, step

from explorer.core.engine import IllegalAction
from explorer.core.rounds import PASS
from explorer.doomtrooper.base.actions import Attack, EndActions, Meditate, PlaySpecial
from explorer.doomtrooper.base.combat_state import Play, TakePoints
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.interpretations import load_interpretations
from explorer.doomtrooper.params import load_rules, override_rules
from explorer.doomtrooper.state import Phase


def game_with(**changes):
    return DoomtrooperGame(rules=override_rules(changes))


def finish_combat(game, state):
    """Pass every card-play round, take every point as Promotion."""
    while state.phase in (Phase.COMBAT, Phase.AWARD):
        options = game.decision(state).options
        if PASS in options:
            action = PASS
        elif isinstance(options[0], TakePoints):
            action = options[-1]
        else:
            action = options[0]
        state, _ = step(game, state, action)
    return state


def test_both_readings_name_their_switch_and_the_printed_reading_is_the_default():
    register = load_interpretations()
    assert register["idle-cards"].option == "idle_cards_playable"
    assert register["no-play-after-attack"].option == "play_after_attack"
    rules = load_rules()
    assert (rules.idle_cards_playable, rules.play_after_attack) == (False, False)


@pytest.mark.parametrize("playable", [False, True])
def test_a_fight_only_card_in_a_shoot_combat_follows_the_idle_cards_switch(playable):
    """Attack: Determine Combat Standing (combat.standing): a card that changes only the
    other tactic's rating does nothing; by default it is neither offered nor allowed, with
    idle_cards_playable it may be played, to no effect on the standing."""
    game = game_with(idle_cards_playable=playable)
    state = make_state(game, warriors=[W("Sean Gallagher", 0), W("Nepharite of Ilian", 1)],
                       hands=(["Powerful Blow", "Narrow Escape"], []))
    state, _ = step(game, state, Attack(0, 1, "shoot"))
    assert (Play("Powerful Blow", 0) in game.decision(state).options) is playable
    if not playable:
        with pytest.raises(IllegalAction) as err:
            game.check(state, Play("Powerful Blow", 0))
        assert err.value.rule.section == "combat.standing"
        return
    before = game.combat.ratings(state.combat.live, 0)
    after_play, _ = step(game, state, Play("Powerful Blow", 0))
    assert game.combat.ratings(after_play.combat.live, 0) == before  # a Shoot combat ignores Fight
    assert "Powerful Blow" not in after_play.combat.live.hands[0]


@pytest.mark.parametrize("allowed", [False, True])
def test_after_the_attack_a_free_card_follows_the_play_after_attack_switch(allowed):
    """Step Two: Actions / Attack (turn.actions): the attack is the last action.  By
    default the turn goes on to the discard after the combat; with play_after_attack a
    Special that costs no action may still be played, but no further action."""
    game = game_with(play_after_attack=allowed)
    state = make_state(game, warriors=[W("Sean Gallagher", 0), W("Razide", 1), W("Nepharite of Ilian", 1)],
                       hands=(["Smoke Screen"], []))
    state, _ = step(game, state, Attack(0, 1, "fight"))
    state = finish_combat(game, state)
    if not allowed:
        assert state.phase is Phase.DISCARD
        return
    assert state.phase is Phase.ACTIONS and state.actions == 0
    options = game.decision(state).options
    assert any(isinstance(o, PlaySpecial) and o.card == "Smoke Screen" for o in options)
    assert EndActions() in options and not any(isinstance(o, (Attack, Meditate)) for o in options)
    with pytest.raises(IllegalAction):
        game.check(state, Meditate())
    state, _ = step(game, state, EndActions())
    assert state.phase is Phase.DISCARD


def test_with_nothing_free_to_play_the_turn_goes_to_the_discard_under_either_reading():
    """Step Two: Actions / Attack (turn.actions): with no card that costs no action in
    hand, play_after_attack changes nothing."""
    game = game_with(play_after_attack=True)
    state = make_state(game, warriors=[W("Sean Gallagher", 0), W("Razide", 1)])
    state, _ = step(game, state, Attack(0, 1, "fight"))
    assert finish_combat(game, state).phase is Phase.DISCARD
