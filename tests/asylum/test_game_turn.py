"""A Doom Asylum turn, one rule at a time: the compulsory move of one space, then
the room's rule (conflict, plot room, Yard or event), then the next player."""

from __future__ import annotations

import random

import pytest

from factories import Rolls
from explorer.asylum import sections as R
from explorer.asylum.game import AsylumGame, BeginMove, Engage, EnterYard, Move, Phase, QuietRoom, RollEvent, ScorePlotRoom, Upgrade
from explorer.asylum.params import load_rules
from explorer.core.engine import IllegalAction, SampledChance, Stepper



@pytest.fixture(scope="module")
def game() -> AsylumGame:
    return AsylumGame()


def at(game, room, doomsday=1, seat=0, players=2, **more):
    """Seat ``seat`` about to move from ``room`` (the others far away in the Intake Hall)."""
    state = game.setup(players, 0, ["Gargantua", "Oscar", "Skyraker", "Iron Maiden"][:players])
    state = game.arrange(state, seat, room=room, doomsday=doomsday, **more)
    return state._replace(current=seat, phase=Phase.MOVE)


def sections_of(events):
    return [e.rule.section for e in events]


def test_the_party_must_move_one_space(game):
    """Gameplay overview: 'on your turn your party must move one space'."""
    state = at(game, "Guard Station")
    dec = game.decision(state)
    assert dec.player == 0 and dec.rule == R.TURN_MOVE
    assert {m.room for m in dec.options} == set(game.board["Guard Station"])
    assert all(isinstance(m, Move) for m in dec.options)


def test_moving_two_spaces_is_illegal_and_changes_nothing(game):
    """Gameplay overview: move one space; an illegal move names the rule and leaves the state."""
    st = Stepper(game, at(game, "Guard Station"), seed=0)
    before = st.state
    with pytest.raises(IllegalAction) as err:
        st.step(Move("Yard"))
    assert err.value.rule == R.TURN_MOVE and "one space" in err.value.message
    with pytest.raises(IllegalAction) as err:
        st.step(Move("Guard Station"))
    assert err.value.rule == R.TURN_MOVE and "must move" in err.value.message
    with pytest.raises(IllegalAction):
        st.step(Move("Atlantis"))
    assert st.state is before and not st.history


def test_moving_twice_in_a_turn_is_illegal(game):
    """Gameplay overview: one move a turn."""
    st = Stepper(game, at(game, "Guard Station"), seed=0)
    st.step(Move("Mess Hall"))
    with pytest.raises(IllegalAction) as err:
        st.step(Move("Kitchen"))
    assert err.value.rule == R.TURN_MOVE and "already moved" in err.value.message


def test_moving_before_finishing_the_start_of_turn_is_illegal(game):
    """Upgrading Villains: upgrades come at the start of the turn, before the move."""
    st = Stepper(game, game.setup(2, 0), seed=0)
    with pytest.raises(IllegalAction) as err:
        st.step(Move("Records Archive"))
    assert err.value.rule == R.TURN_START


def test_the_move_and_the_rooms_rule_are_separate_steps(game):
    """Gameplay overview: a learner sees the move, then the room's rule, each citing its section."""
    st = Stepper(game, at(game, "Guard Station"), seed=0)
    entry = st.step(Move("Mess Hall"))
    assert sections_of(entry.events) == ["turn.move"]
    assert st.state.phase == Phase.ROOM and st.state.party.room == "Mess Hall"
    dec = st.decision
    assert dec.player is None and dec.options == (RollEvent(),) and dec.rule == R.TURN_EVENT


def test_a_plot_room_not_yet_visited_pays_five_points(game):
    """Gameplay overview / Doomsday points: 5 points the first time you visit a plot room."""
    state = game.resolve(at(game, "Boiler Room", doomsday=2), Move("Nuclear Reactor"), None).state
    dec = game.decision(state)
    assert dec.options == (ScorePlotRoom(),) and dec.rule == R.TURN_PLOT_ROOM
    step = game.resolve(state, ScorePlotRoom(), None)
    party = step.state.parties[0]
    assert party.doomsday == 7 and party.visited == ("Nuclear Reactor",)
    assert "turn.plot_room" in sections_of(step.events)
    assert step.state.current == 1  # the room's rule done, the turn passed


def test_doomsday_points_never_exceed_eight(game):
    """Doomsday points: 'a player may never have more than 8 Doomsday points'."""
    state = game.resolve(at(game, "Boiler Room", doomsday=6), Move("Nuclear Reactor"), None).state
    step = game.resolve(state, ScorePlotRoom(), None)
    assert step.state.parties[0].doomsday == 8
    assert "doomsday.cap" in sections_of(step.events)


def test_a_visited_plot_room_generates_an_event(game):
    """Gameplay overview (reading revisited-plot-room): a visited plot room is 'none of the above'."""
    state = at(game, "Boiler Room", visited=["Nuclear Reactor"])
    state = game.resolve(state, Move("Nuclear Reactor"), None).state
    assert game.decision(state).options == (RollEvent(),)
    quiet = AsylumGame(rules=load_rules().replace(revisited_plot_room_event=False))
    state2 = quiet.resolve(at(quiet, "Boiler Room", visited=["Nuclear Reactor"]), Move("Nuclear Reactor"), None).state
    assert quiet.decision(state2).options == (QuietRoom(),)
    assert quiet.resolve(state2, QuietRoom(), None).state.current == 1


def test_nothing_happens_in_the_yard(game):
    """Gameplay overview: 'if it is the yard, nothing happens'."""
    state = game.resolve(at(game, "Visiting Room", doomsday=3), Move("Yard"), None).state
    assert game.decision(state).options == (EnterYard(),)
    step = game.resolve(state, EnterYard(), None)
    assert step.state.parties[0].doomsday == 3 and step.state.parties[0].room == "Yard"
    assert sections_of(step.events)[0] == "turn.yard"
    assert step.state.current == 1 and not step.state.over


def test_any_other_room_rolls_on_the_event_table(game):
    """Gameplay overview: 'if it is none of the above, an event is generated'."""
    state = game.resolve(at(game, "Guard Station"), Move("Mess Hall"), None).state
    step = game.resolve(state, RollEvent(), Rolls(8))  # our table: 8 is the Framed trick
    assert sections_of(step.events)[:3] == ["turn.event", "events.table", "events.cunning_trick"]


def test_entering_an_occupied_room_starts_a_conflict(game):
    """Gameplay overview: 'if that space is occupied by another party, a Conflict ensues'."""
    state = at(game, "Guard Station")
    state = game.arrange(state, 1, room="Mess Hall")
    state = game.resolve(state, Move("Mess Hall"), None).state
    dec = game.decision(state)
    assert dec.options == (Engage(),) and dec.rule == R.TURN_CONFLICT
    step = game.resolve(state, Engage(), None)
    assert step.state.phase is Phase.CONFLICT and step.state.clash.seats == (0, 1)


def test_occupied_plot_room_means_conflict_not_points(game):
    """Gameplay overview: a conflict in a plot room comes before any points."""
    state = game.arrange(at(game, "Boiler Room"), 1, room="Nuclear Reactor")
    state = game.resolve(state, Move("Nuclear Reactor"), None).state
    assert game.decision(state).options == (Engage(),)


def test_the_turn_passes_to_the_next_seat_and_counts(game):
    """Gameplay overview: after the room's rule the next player takes his turn."""
    state = game.resolve(at(game, "Visiting Room", players=3), Move("Yard"), None).state
    step = game.resolve(state, EnterYard(), None)
    assert step.state.current == 1 and step.state.turn == 2
    assert step.events[-1].rule == R.TURN_END
    assert step.state.came_from is None and step.state.upgraded == ()


def test_random_steps_never_leave_the_protocol(game):
    """Gameplay overview: every decision lists legal options, every option resolves."""
    rng = random.Random(4)
    state = game.setup(3, 4)
    chance = SampledChance(random.Random(5))
    for _ in range(400):
        dec = game.decision(state)
        if dec is None:
            break
        assert dec.options and (dec.player is not None or len(dec.options) == 1)
        state = game.resolve(state, rng.choice(dec.options), chance).state


def test_upgrade_offered_only_at_the_start(game):
    """Upgrading Villains: 'at the start of any turn'."""
    st = Stepper(game, game.setup(2, 0, ["Oscar", "Gargantua"]), seed=0)
    assert Upgrade("Oscar", 2) in st.decision.options
    st.step(BeginMove())
    with pytest.raises(IllegalAction) as err:
        st.step(Upgrade("Oscar", 2))
    assert err.value.rule == R.UPGRADES and "start of a turn" in err.value.message


def test_every_step_can_be_enumerated_exactly(game):
    """Design principle 2: one rule serves the stepper and the exact analyzer; the
    sampled next state is always one of the enumerated outcomes."""
    from fractions import Fraction

    from explorer.asylum.bots import RandomBot
    from explorer.core.engine import derived_rng

    checked = 0
    for seed in range(12):
        state = game.setup(3, f"exact#{seed}")
        chance = SampledChance(derived_rng(seed, "chance"))
        rng = derived_rng(seed, "policy")
        for i in range(300):
            dec = game.decision(state)
            if dec is None:
                break
            action = dec.options[0] if dec.player is None else RandomBot().choose(game, state, dec, rng)
            nxt = game.resolve(state, action, chance)
            if i % 5 == 0 or type(action).__name__ in ("RollEvent", "Conclude", "TakeRisk"):
                dist = game.apply(state, action)
                assert sum(p for _, p in dist.items()) == Fraction(1)
                assert nxt in dist
                checked += 1
            state = nxt.state
    assert checked > 300


def test_a_malformed_move_is_refused_as_illegal(game):
    """Gameplay overview: a move names one room; a list, a number or nothing is refused
    with the rule, not a Python error, and the state is unchanged."""
    st = Stepper(game, at(game, "Guard Station"), seed=0)
    before = st.state
    for bad in (Move(["Boiler Room"]), Move(3), Move(None)):
        with pytest.raises(IllegalAction) as err:
            st.step(bad)
        assert err.value.rule == R.TURN_MOVE
    assert st.state is before and not st.history
