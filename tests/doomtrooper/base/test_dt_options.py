"""The optional rules and multi-player styles, as switches: Sabotage and Multiple
Sabotage, Primary Targets, Teams, Free for All; and a player out of the game."""

from __future__ import annotations

import pytest
from dt_helpers import W, make_state, rules_of, step, texts

from explorer.core.engine import IllegalAction
from explorer.core.rounds import PASS
from explorer.doomtrooper.base.actions import Attack, Draw, Meditate, Respond, Sabotage
from explorer.doomtrooper.base.combat_state import TakePoints
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Phase

SABOTAGE = DoomtrooperGame(rules=override_rules({"sabotage": True}))
MULTIPLE = DoomtrooperGame(rules=override_rules({"multiple_sabotage": True}))


def test_sabotage_is_off_by_default_and_players_are_never_attacked_directly(game):
    """Attack (Announce): no attacking a player directly; Sabotage is an optional rule."""
    state = make_state(warriors=[W("Razide", 0)])
    assert not any(isinstance(o, Sabotage) for o in game.decision(state).options)
    with pytest.raises(IllegalAction) as err:
        game.check(state, Sabotage(0, 1))
    assert err.value.rule.section == "combat.announce.directly"


def test_a_player_without_warriors_may_be_sabotaged_for_half_the_value_rounded_up():
    """Optional Rule: Sabotage: one action; half the saboteur's modified Value, rounded up, as
    Promotion or Destiny Points; not an attack (more actions may follow)."""
    state = make_state(warriors=[W("Razide", 0, attached=["Plague Touch"])], hands=([], []))
    assert Sabotage(0, 1) in SABOTAGE.decision(state).options
    state, events = step(SABOTAGE, state, Sabotage(0, 1))
    assert state.phase is Phase.AWARD and "3 points" in texts(events)[-1]  # Value 5 + 1 = 6, half is 3
    state, _ = step(SABOTAGE, state, TakePoints(2))
    assert state.seats[0].promotion == 2 and state.purses[0] == 11 and state.phase is Phase.ACTIONS
    assert state.actions == 2


def test_a_sabotage_may_be_stopped_by_a_card():
    """Optional Rule: Sabotage: unless the player plays a card that prevents it."""
    state = make_state(warriors=[W("Razide", 0)], hands=([], ["Counter-Intelligence"]))
    state, events = step(SABOTAGE, state, Sabotage(0, 1))
    dec = SABOTAGE.decision(state)
    assert state.phase is Phase.RESPONSE and dec.player == 1 and dec.options == (Respond("Counter-Intelligence"), PASS)
    state, events = step(SABOTAGE, state, Respond("Counter-Intelligence"))
    assert "stopped" in texts(events)[0] and state.phase is Phase.ACTIONS and state.seats[0].promotion == 0
    assert "Counter-Intelligence" in state.seats[1].discard


def test_once_per_turn_per_player_unless_multiple_sabotage():
    """Optional Rule: Sabotage / Multiple Sabotage Optional Addendum."""
    state = make_state(warriors=[W("Razide", 0), W("Necromutant", 0)])
    once, _ = step(SABOTAGE, state, Sabotage(0, 1))
    once, _ = step(SABOTAGE, once, TakePoints(3))
    assert not any(isinstance(o, Sabotage) for o in SABOTAGE.decision(once).options)
    with pytest.raises(IllegalAction, match="already been sabotaged"):
        SABOTAGE.check(once, Sabotage(1, 1))
    again, _ = step(MULTIPLE, state, Sabotage(0, 1))
    again, _ = step(MULTIPLE, again, TakePoints(3))
    assert Sabotage(1, 1) in MULTIPLE.decision(again).options


def test_no_sabotage_before_every_player_has_had_a_turn_nor_from_cover_nor_of_a_defended_player():
    """Optional Rule: Sabotage: not before all players have had a turn; the saboteur must be able
    to fight (interpretation sabotage-cover); only a player with no warrior able to fight."""
    early = make_state(warriors=[W("Razide", 0)], turns=(1, 0))
    assert not any(isinstance(o, Sabotage) for o in SABOTAGE.decision(early).options)
    hidden = make_state(warriors=[W("Razide", 0), W("Tekron", 0, cover=True)])
    assert SABOTAGE.decision(hidden).options.count(Sabotage(1, 1)) == 0
    defended = make_state(warriors=[W("Razide", 0), W("Sean Gallagher", 1, cover=True, hidden=True)])
    with pytest.raises(IllegalAction, match="warrior able to fight"):
        SABOTAGE.check(defended, Sabotage(0, 1))


def test_sabotage_replaces_no_warriors_in_play_until_the_draw_pile_is_empty():
    """Optional Rule: Sabotage replaces No Warriors in Play; once a player's draw pile is empty,
    No Warriors in Play applies too."""
    state = make_state(phase=Phase.DRAW, warriors=[W("Razide", 1)])
    after, events = step(SABOTAGE, state, Draw())
    assert "no_warriors" not in rules_of(events) and after.seats[0].bare_since == -1
    empty = make_state(phase=Phase.DRAW, warriors=[W("Razide", 1)], decks=[{}, {"Razide": 3}])
    after, events = step(SABOTAGE, empty, Draw())
    assert "no_warriors" in rules_of(events)


def test_a_freelancer_saboteur_earns_destiny_only():
    """Freelancers: only Destiny Points, from a sabotage too."""
    state = make_state(warriors=[W("Freelance Mercenary", 0)], destiny=(0, 0))
    state, events = step(SABOTAGE, state, Sabotage(0, 1))
    assert state.purses[0] == 2 and state.phase is Phase.ACTIONS and "freelancers" in rules_of(events)


# -- multi-player styles -------------------------------------------------------------------------------------

THREE = dict(hands=([], [], []), destiny=(5, 5, 5), promotion=(0, 0, 0), turns=(2, 2, 2))


def test_free_for_all_anyone_attacks_anyone(game):
    """Multi-Player Games, Option 1: Free for All."""
    state = make_state(warriors=[W("Razide", 0), W("Sean Gallagher", 1), W("Mitch Hunter", 2)], **THREE)
    options = game.decision(state).options
    assert Attack(0, 1, "fight") in options and Attack(0, 2, "fight") in options


def test_primary_targets_cost_two_destiny_for_a_secondary_target():
    """Multi-Player Games, Option 2: the player on your left is your primary target; a secondary
    target costs 2 Destiny Points each time."""
    game = DoomtrooperGame(rules=override_rules({"style": "primary_targets"}))
    state = make_state(game, warriors=[W("Razide", 0), W("Sean Gallagher", 1), W("Mitch Hunter", 2)], **THREE)
    after, events = step(game, state, Attack(0, 2, "fight"))
    assert "multiplayer.primary_targets" in rules_of(events) and after.purses[0] == 3
    after, events = step(game, state, Attack(0, 1, "fight"))
    assert after.purses[0] == 5
    poor = state._replace(purses=(1, 5, 5))
    assert Attack(0, 2, "fight") not in game.decision(poor).options
    with pytest.raises(IllegalAction) as err:
        game.check(poor, Attack(0, 2, "fight"))
    assert err.value.rule.section == "multiplayer.primary_targets"


def test_teams_share_a_pool_and_a_goal():
    """Multi-Player Games, Option 3: each team starts with 10 Destiny Points in one pool, whatever
    its size; the first team to the goal (50) wins; team mates are not attacked (interpretation
    team-attacks)."""
    game = DoomtrooperGame(rules=override_rules({"style": "teams"}))
    state = game.new_game(4)
    assert state.purses == (10, 10) and state.purse_of == (0, 1, 0, 1)
    with pytest.raises(ValueError, match="split evenly"):
        game.new_game(3)
    mid = make_state(game, warriors=[W("Razide", 0), W("Sean Gallagher", 1), W("Mitch Hunter", 2)],
                     hands=([], [], [], []), destiny=(10, 10), purse_of=(0, 1, 0, 1), promotion=(20, 0, 29, 0),
                     turns=(2, 2, 2, 2))
    options = game.decision(mid).options
    assert Attack(0, 1, "fight") in options and Attack(0, 2, "fight") not in options
    after, _ = step(game, mid, Meditate())
    assert after.purses == (11, 10) and after.destiny(2) == 11
    won = mid._replace(seats=(mid.seats[0]._replace(promotion=21),) + mid.seats[1:])
    after, events = step(game, won, Meditate())
    assert after.result.winners == (0, 2) and after.result.ending.text == "promotion goal"


def test_a_player_who_loses_a_multi_player_game_is_out(game):
    """No Warriors in Play with more players (interpretation no-warriors-many): he is out, the
    others play on."""
    state = make_state(warriors=[W("Razide", 1), W("Sean Gallagher", 2)], phase=Phase.DRAW,
                       hands=([], [], []), destiny=(5, 5, 5), promotion=(0, 0, 0), turns=(5, 5, 5))
    state = state._replace(seats=(state.seats[0]._replace(bare_since=2),) + state.seats[1:])
    after, events = step(game, state, Draw())
    assert after.seats[0].out and after.result is None and after.find(0).owner == 1
    assert after.current == 1 and after.phase is Phase.DRAW


TEAMS = DoomtrooperGame(rules=override_rules({"style": "teams"}))


def _teams_state(promotion, out=(), turns=(2, 2, 2, 2), **kw):
    state = make_state(TEAMS, warriors=[W("Razide", 0), W("Sean Gallagher", 1), W("Mitch Hunter", 3)],
                       hands=([], [], [], []), destiny=(10, 10), purse_of=(0, 1, 0, 1), promotion=promotion,
                       turns=turns, **kw)
    return state._replace(seats=tuple(s._replace(out=i in out) for i, s in enumerate(state.seats)))


def test_a_team_mate_who_is_out_keeps_his_points_in_the_team_s_score_and_shares_its_win():
    """Multi-Player Games, Option 3 (interpretation team-out): the goal is the team's, so the
    points a member won before he went out still count, and the whole team wins."""
    from explorer.doomtrooper.base.turn import leaders, scores

    state = _teams_state((21, 0, 29, 0), out=(2,))
    assert scores(TEAMS, state) == {0: 50, 1: 0} and leaders(TEAMS, state) == (0, 2)
    after, events = step(TEAMS, state, Meditate())
    assert after.result.winners == (0, 2) and after.result.ending.text == "promotion goal"
    assert "seat 0 and seat 2 reach the Promotion goal of 50" in texts(events)


def test_the_last_team_standing_wins_with_its_members_who_are_out():
    """No Warriors in Play with teams (interpretations no-warriors-many, team-out): when the
    last member of the other team goes out, every member of the team left wins."""
    state = _teams_state((3, 5, 4, 2), out=(2, 3), turns=(5, 5, 5, 5), phase=Phase.DRAW, current=1)
    state = state._replace(seats=state.seats[:1] + (state.seats[1]._replace(bare_since=2),) + state.seats[2:],
                           troopers=tuple(t for t in state.troopers if t.owner != 1))
    after, _ = step(TEAMS, state, Draw())
    assert after.seats[1].out and after.result.winners == (0, 2) and after.result.ending.text == "no warriors"


def test_a_team_whose_members_are_all_out_has_no_score():
    from explorer.doomtrooper.base.turn import scores

    assert scores(TEAMS, _teams_state((3, 5, 4, 2), out=(1, 3))) == {0: 7}
