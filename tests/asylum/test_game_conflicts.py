"""Conflicts inside the whole game: the embedded Conflict game, sides mapped to
seats, and what the result does to the game (points, losses, masterminds, the
push, the draw's return, plot-room scoring)."""

from __future__ import annotations

import pytest

from factories import Rolls
from explorer.asylum import sections as R
from explorer.asylum.combat import AttackResult
from explorer.asylum.conflict import Conclude, Conflict, ConflictState, MentalAttack, TacticalManeuver
from explorer.asylum.game import AsylumGame, Engage, Move, NameMastermind, Phase, Push, Upgrade
from explorer.core.engine import IllegalAction, Stepper

HIT, MISS = AttackResult(True, True), AttackResult(True, False)



@pytest.fixture(scope="module")
def game() -> AsylumGame:
    return AsylumGame()


def meet(game, mover=("Matron Hatchet",), occupant=("Iron Maiden",), frm="Guard Station", room="Mess Hall",
         dd=(1, 1), ever=False):
    """Seat 0 (``mover``) moves from ``frm`` into ``room``, where seat 1 (``occupant``) stands."""
    state = game.setup(2, 0, [mover[0], occupant[0]])
    state = game.arrange(state, 0, villains=list(mover), room=frm, doomsday=dd[0])
    state = game.arrange(state, 1, villains=list(occupant), room=room, doomsday=dd[1])
    state = state._replace(phase=Phase.MOVE, ever_doom_ready=ever)
    state = game.resolve(state, Move(room), None).state
    assert game.decision(state).options == (Engage(),)
    return game.resolve(state, Engage(), None).state


def act(game, state, action, *rolls):
    return game.resolve(state, action, Rolls(*rolls))


def test_the_conflict_game_is_embedded(game):
    """Conflicts: the party that moves in attacks; the state holds the Conflict's own state."""
    state = meet(game)
    cs = state.conflict
    assert isinstance(cs, ConflictState)
    assert [v.name for v in cs.setup.teams[0]] == ["Matron Hatchet"]
    assert [v.name for v in cs.setup.teams[1]] == ["Iron Maiden"]
    assert cs.setup.masterminds == ("Matron Hatchet", "Iron Maiden")
    assert cs.setup.rules is game.rules and not cs.setup.doom_ready and not cs.setup.ambush
    dec = game.decision(state)
    assert dec.player == 0 and dec.options == Conflict().decision(cs).options


def test_conflict_sides_are_mapped_to_seats():
    """Conflicts: the attacker goes first, then the sides alternate; side 0 is the
    mover's seat, side 1 the occupant's."""
    game = AsylumGame()
    state = game.setup(3, 0, ["Matron Hatchet", "Iron Maiden", "Gargantua"])
    state = game.arrange(state, 2, room="Guard Station")
    state = game.arrange(state, 1, room="Mess Hall")
    state = game.arrange(state, 0, room="Laundry")
    state = state._replace(current=2, phase=Phase.MOVE)
    state = game.resolve(state, Move("Mess Hall"), None).state
    state = game.resolve(state, Engage(), None).state
    assert state.clash.seats == (2, 1)
    assert game.decision(state).player == 2
    state = act(game, state, MentalAttack("Gargantua", "Iron Maiden"), MISS).state
    assert game.decision(state).player == 1


def test_the_winner_gains_doomsday_points_and_pushes_the_loser(game):
    """Concluding a Conflict / Doomsday points for winning / Bonus for sound defeat."""
    state = meet(game, dd=(2, 1))
    state = act(game, state, MentalAttack("Matron Hatchet", "Iron Maiden"), HIT).state
    step = act(game, state, Conclude())
    state = step.state
    assert state.parties[0].doomsday == 2 + 1 + 1  # win, and a sound defeat (6-0)
    assert state.parties[1].doomsday == 1
    dec = game.decision(state)
    assert dec.player == 0 and dec.rule == R.PUSH
    assert {p.room for p in dec.options} == set(game.board["Mess Hall"])
    step = game.resolve(state, Push("Kitchen"), None)
    assert step.state.parties[1].room == "Kitchen" and step.state.parties[0].room == "Mess Hall"
    assert step.events[0].rule == R.PUSH
    assert step.state.current == 1  # the conflict was the room's rule: the turn is over


def test_conflict_points_respect_the_cap(game):
    """Doomsday points: never more than 8, even from a conflict."""
    state = meet(game, dd=(7, 1))
    state = act(game, state, MentalAttack("Matron Hatchet", "Iron Maiden"), HIT).state
    step = act(game, state, Conclude())
    assert step.state.parties[0].doomsday == 8
    assert any(e.rule == R.DOOMSDAY_CAP for e in step.events)


def test_the_defender_can_win_and_push_the_mover_out(game):
    """Concluding a Conflict: whichever team scores more wins and pushes the loser."""
    state = meet(game)
    state = act(game, state, MentalAttack("Matron Hatchet", "Iron Maiden"), MISS).state
    state = act(game, state, MentalAttack("Iron Maiden", "Matron Hatchet"), HIT).state
    state = act(game, state, Conclude()).state
    assert state.parties[1].doomsday == 1 + 1 + 1  # 6-1: a sound defeat
    dec = game.decision(state)
    assert dec.player == 1
    state = game.resolve(state, Push("Chapel"), None).state
    assert state.parties[0].room == "Chapel" and state.parties[1].room == "Mess Hall"


def test_a_draw_sends_the_attacker_back(game):
    """Draws: no Doomsday points, the attacker returns to the space he began the turn in."""
    state = meet(game, dd=(3, 3))
    state = act(game, state, MentalAttack("Matron Hatchet", "Iron Maiden"), MISS).state
    state = act(game, state, MentalAttack("Iron Maiden", "Matron Hatchet"), MISS).state
    step = act(game, state, Conclude())
    assert step.state.parties[0].room == "Guard Station"
    assert [p.doomsday for p in step.state.parties] == [3, 3]
    assert any(e.rule == R.DRAW and "goes back" in e.text for e in step.events)
    assert step.state.current == 1


def test_plot_room_points_only_for_a_victor_who_pushes_the_rival_out(game):
    """Gameplay overview: 'if there is to be a Conflict in a Plot Room, you will only
    score the Doomsday points if you are victorious and push the rival team out'."""
    state = meet(game, frm="Boiler Room", room="Nuclear Reactor", dd=(1, 1))
    state = act(game, state, MentalAttack("Matron Hatchet", "Iron Maiden"), HIT).state
    state = act(game, state, Conclude()).state
    assert state.parties[0].doomsday == 3 and state.parties[0].visited == ()
    step = game.resolve(state, Push("Morgue"), None)
    party = step.state.parties[0]
    assert party.doomsday == 8 and party.visited == ("Nuclear Reactor",)
    assert {e.rule for e in step.events} >= {R.PUSH, R.TURN_CONFLICT}


def test_losing_in_a_plot_room_scores_nothing(game):
    """Gameplay overview: a mover who loses the conflict in a plot room scores nothing."""
    state = meet(game, frm="Boiler Room", room="Nuclear Reactor")
    state = act(game, state, MentalAttack("Matron Hatchet", "Iron Maiden"), MISS).state
    state = act(game, state, MentalAttack("Iron Maiden", "Matron Hatchet"), HIT).state
    state = act(game, state, Conclude()).state
    state = game.resolve(state, Push("Boiler Room"), None).state
    assert state.parties[0].visited == () and state.parties[0].doomsday == 1
    assert state.parties[1].visited == ()  # the defender scores only by his own move


def test_lost_villains_leave_the_party_for_the_pool(game):
    """Defeated villains: of several defeated, only the last survives; the others are
    lost and may come back in Ambushes (Death)."""
    state = meet(game, mover=("Matron Hatchet", "Gargantua"), occupant=("Iron Maiden", "Scrapjaw"))
    state = act(game, state, MentalAttack("Matron Hatchet", "Iron Maiden"), HIT).state
    state = act(game, state, TacticalManeuver("Scrapjaw", "physical_attack"), False).state
    state = act(game, state, MentalAttack("Gargantua", "Scrapjaw"), HIT).state
    assert len(game.apply(state, Conclude())) == 1  # exact enumeration works here too
    step = act(game, state, Conclude())
    state = step.state
    loser = state.parties[1]
    assert loser.names == ("Scrapjaw",) and loser.mastermind == "Scrapjaw"  # the only one left leads
    assert "Iron Maiden" in state.pool
    assert any(e.rule == R.DEATH for e in step.events)


def test_a_lost_mastermind_must_be_replaced_by_the_player(game):
    """Mastermind / Defeated villains (reading lost-mastermind-successor)."""
    state = meet(game, mover=("Matron Hatchet", "Gargantua", "Deadeye Dolores"),
                 occupant=("Iron Maiden", "Scrapjaw", "The Widow"))
    state = act(game, state, MentalAttack("Matron Hatchet", "Iron Maiden"), HIT).state
    state = act(game, state, TacticalManeuver("Scrapjaw", "physical_attack"), False).state
    state = act(game, state, MentalAttack("Gargantua", "Scrapjaw"), HIT).state
    state = act(game, state, TacticalManeuver("The Widow", "quickness"), False).state
    state = act(game, state, TacticalManeuver("Deadeye Dolores", "physical_attack"), False).state
    state = act(game, state, Conclude()).state
    loser = state.parties[1]
    assert loser.names == ("Scrapjaw", "The Widow")
    assert loser.mastermind == "Scrapjaw"  # provisional: a party always has one mastermind
    assert state.phase == Phase.AFTERMATH
    dec = game.decision(state)
    assert dec.player == 1 and dec.rule == R.MASTERMIND_SWITCH
    assert set(dec.options) == {NameMastermind("Scrapjaw"), NameMastermind("The Widow")}
    state = game.resolve(state, NameMastermind("The Widow"), None).state
    assert state.parties[1].mastermind == "The Widow"
    assert game.decision(state).player == 0 and game.decision(state).rule == R.PUSH  # then the push


def test_once_anyone_was_doom_ready_the_winner_gets_three(game):
    """Doomsday points for winning: 'once anyone has become Doom Ready this bonus
    becomes three' (reading conflict-doom-ready-bonus)."""
    state = meet(game, dd=(1, 1), ever=True)
    assert state.conflict.setup.doom_ready
    state = act(game, state, MentalAttack("Matron Hatchet", "Iron Maiden"), HIT).state
    state = act(game, state, Conclude()).state
    assert state.parties[0].doomsday == 1 + 3 + 1


def test_a_crowded_room_means_fighting_the_next_party_in_turn_order(game):
    """Gameplay overview (reading crowded-room): one conflict, with the first party after the mover."""
    state = game.setup(3, 0, ["Matron Hatchet", "Iron Maiden", "Gargantua"])
    state = game.arrange(state, 0, room="Guard Station")
    state = game.arrange(state, 1, room="Mess Hall")
    state = game.arrange(state, 2, room="Mess Hall")
    state = game.resolve(state._replace(phase=Phase.MOVE), Move("Mess Hall"), None).state
    assert game.resolve(state, Engage(), None).state.clash.seats == (0, 1)
    state = game.arrange(game.arrange(state, 0, room="Mess Hall"), 2, room="Guard Station")
    state = game.resolve(state._replace(current=2, phase=Phase.MOVE), Move("Mess Hall"), None).state
    assert game.resolve(state, Engage(), None).state.clash.seats == (2, 0)


def test_illegal_actions_in_a_conflict_name_their_rule(game):
    """Conflicts: during a conflict only the conflict's actions, by the side whose turn it is."""
    st = Stepper(game, meet(game), seed=0)
    before = st.state
    with pytest.raises(IllegalAction) as err:
        st.step(Move("Kitchen"))
    assert err.value.rule == R.TURN_CONFLICT
    with pytest.raises(IllegalAction) as err:
        st.step(MentalAttack("Iron Maiden", "Matron Hatchet"))
    assert err.value.rule == R.ALTERNATION
    with pytest.raises(IllegalAction) as err:
        st.step(Upgrade("Matron Hatchet", 2))
    assert err.value.rule == R.UPGRADES
    assert st.state is before
