"""'Doom Ready' & Winning the game: both ways of becoming Doom Ready, losing it,
winning in the Yard (with the conflict there), and the draw at the turn cap."""

from __future__ import annotations

import pytest

from factories import Rolls
from explorer.asylum import sections as R
from explorer.asylum.combat import AttackResult
from explorer.asylum.conflict import Conclude, MentalAttack, TacticalManeuver
from explorer.asylum.game import AsylumGame, BeginMove, EnterYard, Ending, GameResult, MakeMastermind, Move, Phase, Push, ScorePlotRoom, Upgrade
from explorer.asylum.params import load_rules
from explorer.core.engine import IllegalAction, Stepper

HIT, MISS = AttackResult(True, True), AttackResult(True, False)



@pytest.fixture(scope="module")
def game() -> AsylumGame:
    return AsylumGame()


def position(game, room, doomsday, ready=False, seat=0, villains=None, rival=None, rival_dd=1, rival_ready=False,
             phase=Phase.MOVE, rules_game=None):
    g = rules_game or game
    state = g.setup(2, 0, ["Matron Hatchet", "Iron Maiden"])
    state = g.arrange(state, seat, room=room, doomsday=doomsday, villains=villains, doom_ready=ready)
    if rival:
        state = g.arrange(state, 1 - seat, room=rival, doomsday=rival_dd, doom_ready=rival_ready)
    return state._replace(current=seat, phase=phase)


def test_doom_ready_in_a_plot_room_with_eight_points(game):
    """'Doom Ready': the party must be in a Plot Room and must have 8 DD points."""
    state = game.resolve(position(game, "Boiler Room", 3), Move("Nuclear Reactor"), None).state
    assert state.parties[0].doom_ready is None  # not before the room's rule
    step = game.resolve(state, ScorePlotRoom(), None)
    party = step.state.parties[0]
    assert party.doomsday == 8 and party.doom_ready == "Matron Hatchet" and party.is_doom_ready
    assert step.state.ever_doom_ready
    assert any(e.rule == R.DOOM_READY and "Doom Ready" in e.text for e in step.events)


def test_seven_points_in_a_plot_room_are_not_enough(game):
    """'Doom Ready': 8 Doomsday points are needed."""
    step = game.resolve(game.resolve(position(game, "Boiler Room", 2), Move("Nuclear Reactor"), None).state,
                        ScorePlotRoom(), None)
    assert step.state.parties[0].doomsday == 7 and step.state.parties[0].doom_ready is None


def test_eight_points_outside_a_plot_room_are_not_enough(game):
    """'Doom Ready': the party must be in a Plot Room."""
    state = position(game, "Mess Hall", 8, phase=Phase.START)
    st = Stepper(game, state, seed=0)
    st.step(BeginMove())
    assert st.state.parties[0].doom_ready is None


def test_spending_below_eight_ends_doom_ready(game):
    """'Doom Ready': 'if a player spends Doomsday points and falls below 8 points...'."""
    state = position(game, "Nuclear Reactor", 8, ready=True, phase=Phase.START)
    step = game.resolve(state, Upgrade("Matron Hatchet", 2), None)
    assert step.state.parties[0].doomsday == 7 and step.state.parties[0].doom_ready is None
    assert any(e.rule == R.DOOM_READY and "no longer" in e.text for e in step.events)


def test_losing_the_mastermind_ends_doom_ready(game):
    """'Doom Ready': 'if the Doom-ready player's mastermind is lost...'."""
    state = position(game, "Guard Station", 8, ready=True, villains=["Matron Hatchet", "Gargantua"],
                     rival="Mess Hall", rival_dd=1)
    state = game.arrange(state, 1, villains=["Iron Maiden", "Scrapjaw"])
    state = game.resolve(state, Move("Mess Hall"), None).state
    state = game.resolve(state, game.decision(state).options[0], None).state
    state = game.resolve(state, TacticalManeuver("Matron Hatchet", "mental_attack"), Rolls(False)).state
    state = game.resolve(state, MentalAttack("Iron Maiden", "Matron Hatchet"), Rolls(HIT)).state
    state = game.resolve(state, TacticalManeuver("Gargantua", "physical_attack"), Rolls(False)).state
    state = game.resolve(state, MentalAttack("Scrapjaw", "Gargantua"), Rolls(HIT)).state
    step = game.resolve(state, Conclude(), Rolls())
    party = step.state.parties[0]
    assert party.names == ("Gargantua",) and party.mastermind == "Gargantua"
    assert party.doomsday == 8 and party.doom_ready is None
    assert any(e.rule == R.DOOM_READY for e in step.events)


def test_making_another_mastermind_ends_doom_ready_by_default(game):
    """'Doom Ready' (reading switch-ends-doom-ready, option switch_ends_doom_ready)."""
    state = position(game, "Mess Hall", 8, ready=True, villains=["Matron Hatchet", "Gargantua"], phase=Phase.START)
    step = game.resolve(state, MakeMastermind("Gargantua"), None)
    assert step.state.parties[0].doom_ready is None
    keep = AsylumGame(rules=load_rules().replace(switch_ends_doom_ready=False))
    state = position(keep, "Mess Hall", 8, ready=True, villains=["Matron Hatchet", "Gargantua"], phase=Phase.START,
                     rules_game=keep)
    assert keep.resolve(state, MakeMastermind("Gargantua"), None).state.parties[0].doom_ready == "Gargantua"


def test_doom_ready_by_defeating_a_doom_ready_player(game):
    """'Doom Ready': 'a player may also become Doom Ready if he defeats another player
    who is Doom Ready and has 8 DD points after winning the conflict'."""
    state = position(game, "Guard Station", 5, rival="Mess Hall", rival_dd=8, rival_ready=True)
    state = game.resolve(state, Move("Mess Hall"), None).state
    state = game.resolve(state, game.decision(state).options[0], None).state
    assert state.conflict.setup.doom_ready  # somebody is Doom Ready: the winner's bonus is 3
    state = game.resolve(state, MentalAttack("Matron Hatchet", "Iron Maiden"), Rolls(HIT)).state
    step = game.resolve(state, Conclude(), Rolls())
    winner, loser = step.state.parties
    assert winner.doomsday == 8 and winner.doom_ready == "Matron Hatchet"
    assert loser.doom_ready == "Iron Maiden"  # 'both players are possibly now Doom Ready'
    assert any(e.rule == R.DOOM_READY_BY_CONFLICT for e in step.events)


def test_beating_a_player_who_is_not_doom_ready_is_not_enough(game):
    """'Doom Ready' (reading doom-ready-by-conflict): the rival must be Doom Ready."""
    state = position(game, "Guard Station", 7, rival="Mess Hall", rival_dd=8)
    state = game.resolve(state, Move("Mess Hall"), None).state
    state = game.resolve(state, game.decision(state).options[0], None).state
    state = game.resolve(state, MentalAttack("Matron Hatchet", "Iron Maiden"), Rolls(HIT)).state
    step = game.resolve(state, Conclude(), Rolls())
    assert step.state.parties[0].doomsday == 8 and step.state.parties[0].doom_ready is None


def test_a_doom_ready_party_ending_its_turn_in_the_yard_wins(game):
    """Winning the game: move into the Yard while Doom Ready and end the turn there."""
    st = Stepper(game, position(game, "Visiting Room", 8, ready=True), seed=0)
    st.step(Move("Yard"))
    assert not st.over
    entry = st.step()
    assert entry.action == EnterYard()
    assert st.over and st.state.phase == Phase.OVER
    assert entry.events[-1].rule == R.WINNING
    result = game.result(st.state)
    assert result == GameResult(Ending.YARD, (0,), 1, details=(("mastermind", "Matron Hatchet"),)) and not result.draw
    with pytest.raises(IllegalAction) as err:
        st.step(Move("Shower Block"))
    assert err.value.rule == R.OVERVIEW or err.value.rule == R.WINNING


def test_the_yard_without_doom_ready_does_not_win(game):
    """Winning the game: 'to win, a player must first become Doom Ready'."""
    state = game.resolve(position(game, "Visiting Room", 8), Move("Yard"), None).state
    step = game.resolve(state, EnterYard(), None)
    assert not step.state.over and step.state.current == 1


def test_a_doom_ready_party_must_win_the_conflict_in_the_yard(game):
    """Winning the game: 'if another team is in the yard, a conflict will occur and the
    player will only win if he is victorious there'."""
    state = position(game, "Visiting Room", 8, ready=True, rival="Yard")
    state = game.resolve(state, Move("Yard"), None).state
    state = game.resolve(state, game.decision(state).options[0], None).state
    won = game.resolve(state, MentalAttack("Matron Hatchet", "Iron Maiden"), Rolls(HIT)).state
    won = game.resolve(won, Conclude(), Rolls()).state
    assert not won.over and game.decision(won).player == 0
    step = game.resolve(won, Push("Shower Block"), None)
    assert step.state.over and game.result(step.state).winners == (0,)
    lost = game.resolve(state, MentalAttack("Matron Hatchet", "Iron Maiden"), Rolls(MISS)).state
    lost = game.resolve(lost, MentalAttack("Iron Maiden", "Matron Hatchet"), Rolls(HIT)).state
    lost = game.resolve(lost, Conclude(), Rolls()).state
    lost = game.resolve(lost, Push("Visiting Room"), None).state
    assert not lost.over and lost.parties[0].room == "Visiting Room"


def test_a_party_pushed_into_the_yard_does_not_win(game):
    """Winning the game (reading yard-win): the player must end *his* turn in the Yard,
    and every turn starts with a compulsory move."""
    state = position(game, "Laundry", 1, rival="Visiting Room", rival_dd=8, rival_ready=True)
    state = game.resolve(state, Move("Visiting Room"), None).state
    state = game.resolve(state, game.decision(state).options[0], None).state
    state = game.resolve(state, MentalAttack("Matron Hatchet", "Iron Maiden"), Rolls(HIT)).state
    state = game.resolve(state, Conclude(), Rolls()).state
    state = game.resolve(state, Push("Yard"), None).state  # seat 0 pushes Doom Ready seat 1 into the Yard
    assert not state.over and state.current == 1 and state.parties[1].room == "Yard"
    assert state.parties[1].is_doom_ready
    if state.phase == Phase.START:
        state = game.resolve(state, BeginMove(), None).state
    assert "Yard" not in {m.room for m in game.decision(state).options}


def test_doom_ready_out_of_turn_is_an_option(game):
    """'Doom Ready' (reading doom-ready-when, option doom_ready_any_time)."""
    state = position(game, "Visiting Room", 1, rival="Psychoactive Chemical Lab", rival_dd=8)
    step = game.resolve(state, Move("Yard"), None)
    assert step.state.parties[1].doom_ready is None  # a move step: nothing settled
    step = game.resolve(step.state, EnterYard(), None)
    assert step.state.parties[1].doom_ready == "Iron Maiden"  # seat 1 stood in a plot room with 8 points
    strict = AsylumGame(rules=load_rules().replace(doom_ready_any_time=False))
    state = position(strict, "Visiting Room", 1, rival="Psychoactive Chemical Lab", rival_dd=8, rules_game=strict)
    state = strict.resolve(strict.resolve(state, Move("Yard"), None).state, EnterYard(), None).state
    assert state.current == 1 and state.parties[1].doom_ready == "Iron Maiden"  # at the start of his own turn
    state2 = strict.arrange(position(strict, "Visiting Room", 1, rules_game=strict), 1,
                            room="Psychoactive Chemical Lab", doomsday=8)
    step2 = strict.resolve(state2, Move("Yard"), None)
    assert step2.state.parties[1].doom_ready is None


def test_the_turn_cap_ends_the_game_as_a_draw():
    """Gameplay overview (reading turn-cap): no winner by the cap is a draw, reported as such."""
    game = AsylumGame(rules=load_rules().replace(turn_cap=1))
    st = Stepper(game, game.setup(2, 0), seed=0)
    from explorer.asylum.bots import GreedyBot

    st.policies = GreedyBot()
    st.run()
    result = game.result(st.state)
    assert result.winners == () and result.draw and result.ending is Ending.TURN_CAP and result.turns == 2
    assert st.history[-1].events[-1].rule == R.TURN_CAP
    assert game.decision(st.state) is None


def test_ever_doom_ready_stays_once_set(game):
    """Doomsday points for winning: 'once anyone has become Doom Ready' (for the rest of the game)."""
    state = position(game, "Nuclear Reactor", 8, ready=True, phase=Phase.START)
    state = game.resolve(state, Upgrade("Matron Hatchet", 2), None).state
    assert state.parties[0].doom_ready is None and state.ever_doom_ready


def test_a_doom_ready_party_sent_back_to_the_yard_by_a_draw_does_not_win(game):
    """Winning the game (reading yard-win): the party must *move* into the Yard.  A Doom
    Ready party that leaves the Yard to attack, draws and goes back there ("Draws": the
    attacker returns to the space he began the turn in) has not moved into it."""
    state = position(game, "Yard", 8, ready=True, rival="Visiting Room")
    state = game.resolve(state, Move("Visiting Room"), None).state
    state = game.resolve(state, game.decision(state).options[0], None).state
    state = game.resolve(state, MentalAttack("Matron Hatchet", "Iron Maiden"), Rolls(MISS)).state
    state = game.resolve(state, MentalAttack("Iron Maiden", "Matron Hatchet"), Rolls(MISS)).state
    step = game.resolve(state, Conclude(), Rolls())
    assert step.state.parties[0].room == "Yard" and step.state.parties[0].is_doom_ready
    assert not step.state.over and step.state.current == 1
    assert not any(e.rule == R.WINNING for e in step.events)


def test_a_doom_ready_mover_pushed_into_the_yard_does_not_win(game):
    """Winning the game (reading yard-win): a Doom Ready party that loses a conflict next
    to the Yard and is pushed into it by the winner, on its own turn, does not win."""
    state = position(game, "Laundry", 8, ready=True, rival="Visiting Room")
    state = game.resolve(state, Move("Visiting Room"), None).state
    state = game.resolve(state, game.decision(state).options[0], None).state
    state = game.resolve(state, MentalAttack("Matron Hatchet", "Iron Maiden"), Rolls(MISS)).state
    state = game.resolve(state, MentalAttack("Iron Maiden", "Matron Hatchet"), Rolls(HIT)).state
    state = game.resolve(state, Conclude(), Rolls()).state
    assert game.decision(state).player == 1  # the winner pushes
    step = game.resolve(state, Push("Yard"), None)
    assert step.state.parties[0].room == "Yard" and step.state.parties[0].is_doom_ready
    assert not step.state.over and step.state.current == 1


def test_the_old_yard_reading_is_a_switch():
    """Winning the game (reading yard-win, option yard_win_by_move_only): switched off,
    ending the turn Doom Ready in the Yard is enough, even after a push."""
    loose = AsylumGame(rules=load_rules().replace(yard_win_by_move_only=False))
    state = position(loose, "Laundry", 8, ready=True, rival="Visiting Room", rules_game=loose)
    state = loose.resolve(state, Move("Visiting Room"), None).state
    state = loose.resolve(state, loose.decision(state).options[0], None).state
    state = loose.resolve(state, MentalAttack("Matron Hatchet", "Iron Maiden"), Rolls(MISS)).state
    state = loose.resolve(state, MentalAttack("Iron Maiden", "Matron Hatchet"), Rolls(HIT)).state
    state = loose.resolve(state, Conclude(), Rolls()).state
    step = loose.resolve(state, Push("Yard"), None)
    assert step.state.over and loose.result(step.state).winners == (0,)


def test_a_new_mastermind_in_a_plot_room_with_eight_points_is_doom_ready_at_once(game):
    """'Doom Ready' (reading doom-ready-after-switch): handing the role to another
    villain ends the status the old mastermind earned, but a party standing in a plot
    room with 8 points meets the condition again at once: the new mastermind is Doom
    Ready in the same step, whatever came before."""
    state = position(game, "Nuclear Reactor", 8, ready=True, villains=["Matron Hatchet", "Gargantua"],
                     phase=Phase.START)
    step = game.resolve(state, MakeMastermind("Gargantua"), None)
    assert step.state.parties[0].doom_ready == "Gargantua"
    texts = [e.text for e in step.events if e.rule == R.DOOM_READY]
    assert any("no longer" in t for t in texts) and any("Gargantua" in t and "Doom Ready" in t for t in texts)
    # the same place reached by another path (no status yet) settles to the same status
    bare = position(game, "Nuclear Reactor", 8, villains=["Matron Hatchet", "Gargantua"], phase=Phase.START)
    assert game.resolve(bare, MakeMastermind("Gargantua"), None).state.parties[0].doom_ready == "Gargantua"
