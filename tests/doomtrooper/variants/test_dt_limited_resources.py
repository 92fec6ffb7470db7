"""Limited Resources ("Some Cool Optional Rules From Jon Goosens"): 30 action markers a
game, any number a turn, one combat a turn, the banned extra-action cards, the two ends;
the conformance kit and seeded games never passing 30 actions."""

from __future__ import annotations

import pytest
from dt_helpers import W, make_state, step
from dt_variant_checks import common_invariants, limited_game, play

from explorer.core.engine import IllegalAction
from explorer.core.testing import check_game
from explorer.doomtrooper.base.actions import Attack, Draw, EndActions, Meditate, Muster, PlaySpecial
from explorer.doomtrooper.variants.limited_resources import LimitedState, markers_used
from explorer.doomtrooper.state import Phase

GAME = limited_game()


def lr_state(markers=(30, 30), **kw):
    kw.setdefault("actions", markers[kw.get("current", 0)])
    return make_state(GAME, variant_state=LimitedState(tuple(markers)), **kw)


def test_every_player_starts_with_thirty_markers_and_may_spend_them_in_one_turn():
    """Limited Resources: Rules: 30 markers each for the game; in a turn a player has as many
    actions as markers left."""
    state = GAME.setup(seed=3)
    assert state.variant_state.markers == (30, 30)
    while state.phase is not Phase.DRAW:
        state, _ = step(GAME, state, GAME.decision(state).options[0])
    state, events = step(GAME, state, Draw())
    assert state.phase is Phase.ACTIONS and state.actions == 30
    assert any(e.rule.section == "cool.limited_resources.actions" for e in events)


def test_each_action_spends_a_marker_and_markers_carry_over():
    """Limited Resources: Rules: an action spends one marker; markers not spent stay for later turns."""
    state = lr_state(markers=(4, 30), hands=(["Imperial Trencher"], []), warriors=[W("Razide", 1)])
    state, _ = step(GAME, state, Meditate())
    assert state.variant_state.markers == (3, 30) and state.actions == 3
    state, _ = step(GAME, state, Muster("Imperial Trencher"))
    assert state.variant_state.markers == (2, 30)
    state, _ = step(GAME, state, EndActions())
    assert state.variant_state.markers == (2, 30)


def test_one_combat_a_turn_the_attack_spends_one_marker():
    """Limited Resources: Rules: one combat a turn: the attack ends the turn's actions, spending
    one marker; the others stay."""
    state = lr_state(markers=(10, 30), warriors=[W("Sean Gallagher", 0), W("Undead Legionnaire", 1)])
    state, _ = step(GAME, state, Attack(0, 1, "fight"))
    assert state.variant_state.markers == (9, 30)
    while state.phase is Phase.COMBAT:
        state, _ = step(GAME, state, GAME.decision(state).options[-1])
    assert state.phase in (Phase.DISCARD, Phase.AWARD, Phase.OVER)
    assert state.phase is Phase.OVER or not any(isinstance(o, Attack) for o in GAME.decision(state).options)


def test_no_markers_no_actions():
    """Limited Resources: Rules: once his markers are spent a player has no action left."""
    state = lr_state(markers=(0, 5), actions=0, hands=(["Imperial Trencher"], []), warriors=[W("Razide", 1)])
    options = GAME.decision(state).options
    assert not any(isinstance(o, (Muster, Meditate)) for o in options)
    with pytest.raises(IllegalAction):
        GAME.check(state, Meditate())


def test_the_game_ends_when_every_marker_is_spent():
    """Limited Resources: Rules: every player out of actions: the most Promotion wins."""
    state = lr_state(markers=(1, 0), promotion=(3, 7), warriors=[W("Razide", 1), W("Sean Gallagher", 0)])
    state, events = step(GAME, state, Meditate())
    assert state.phase is Phase.OVER and state.result.winners == (1,) and state.result.ending.text == "actions spent"
    assert markers_used(GAME, state) == (30, 30)


def test_the_game_ends_beyond_forty_promotion_not_at_forty():
    """Limited Resources: Rules (goal-exceeded): the game ends when a player exceeds 40 Promotion."""
    at40 = lr_state(markers=(5, 5), promotion=(40, 0), warriors=[W("Razide", 1), W("Sean Gallagher", 0)])
    state, _ = step(GAME, at40, Meditate())
    assert state.phase is Phase.ACTIONS
    state, _ = step(GAME, at40._replace(seats=(at40.seats[0]._replace(promotion=41),) + at40.seats[1:]), Meditate())
    assert state.phase is Phase.OVER and state.result.winners == (0,) and state.result.ending.text == "promotion goal"
    reach = GAME.__class__(rules=GAME.rules.replace(goal_exceeded=False))
    state, _ = step(reach, at40, Meditate())
    assert state.phase is Phase.OVER


def test_extra_action_cards_are_banned():
    """Limited Resources: Additional banned cards: a deck with a card giving extra actions is refused;
    in the basic game our sample card gives two more actions."""
    deck = {**{c: 5 for c in ("Razide", "Necromutant", "Tekron", "Undead Legionnaire", "Ezoghoul", "Bunker",
                              "Dark Strength", "Distort", "Nazgaroth Blade", "Spitter Bio-Gun", "Bounty")},
            "Double Time": 5}
    with pytest.raises(ValueError, match="Double Time.*banned in Limited Resources"):
        GAME.new_game(2, decks=[deck, deck])
    from dt_helpers import GAME as BASIC
    state = make_state(BASIC, hands=(["Double Time"], []), actions=1, warriors=[W("Razide", 1)])
    state, _ = step(BASIC, state, PlaySpecial("Double Time"))
    assert state.actions == 3


def limited_invariants(game, state) -> None:
    """Never more than 30 actions a player: markers between 0 and 30, a turn's actions no more
    than the markers left."""
    common_invariants(game, state)
    if state.phase is Phase.SETUP:
        return
    markers = state.variant_state.markers
    assert all(0 <= m <= game.rules.limited_actions for m in markers), markers
    if state.phase is Phase.ACTIONS:
        assert state.actions <= markers[state.current]


def test_limited_resources_keeps_the_protocol():
    """Limited Resources: the conformance kit, greedy and random bots."""
    from explorer.doomtrooper.bots import get_bot
    report = check_game(GAME, lambda i: GAME.new_game(), steps=700, seed="limited", invariants=[limited_invariants],
                        skip=("exact",), policies={0: get_bot("greedy"), 1: get_bot("random")},
                        game_factory=limited_game, hashseed=False, raise_on_failure=False)
    assert report.ok, str(report)
    assert report.finished >= 1 and "observe" not in report.skipped


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_seeded_games_never_pass_thirty_actions(policy):
    """Limited Resources: seeded games end, nobody ever spends more than 30 markers (the test plays
    100 per bot; 500 were played by hand, see the report)."""
    for i in range(100):
        playout = play(GAME, f"lr#{i}", policy)
        assert playout.state.phase is Phase.OVER
        used = markers_used(GAME, playout.state)
        assert all(0 <= u <= 30 for u in used), used
        limited_invariants(GAME, playout.state)
