"""The Event Table (ours), its results as registered functions, and ambushes with
recruiting ("Ambushes and Recruiting Henchmen")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from explorer.asylum import sections as R
from explorer.asylum.tactics import quick_choice
from explorer.asylum.combat import AttackResult
from explorer.asylum.conflict import Block, Conclude, Conflict, MentalAttack, TacticalManeuver
from explorer.asylum.event_table import (
    EFFECTS,
    Decline,
    DeclineRisk,
    Fight,
    Sneak,
    TakeRisk,
    load_event_table,
)
from explorer.asylum.game import AsylumGame, Claim, LetGo, Move, Phase, RollEvent
from explorer.core.data import DataError, data_path
from explorer.core.engine import IllegalAction, Stepper

HIT, MISS = AttackResult(True, True), AttackResult(True, False)


def fails(dist):
    """Whatever outcome of ``dist`` is a failure (a missed attack, a failed roll)."""
    return next(o for o in dist if o in (False, MISS, AttackResult(False, False)))


class Rolls:
    """A chance that answers each roll from a script (a value, or a function of the
    distribution), checking the value can happen."""

    def __init__(self, *values):
        self.values = list(values)

    def roll(self, dist):
        value = self.values.pop(0)
        if value in (HIT, MISS) and value not in dist:  # a maneuver: hit means success
            value = value.success
        if callable(value):
            value = value(dist)
        assert value in dist, f"{value!r} cannot be rolled on {dist!r}"
        return value


@pytest.fixture(scope="module")
def game() -> AsylumGame:
    return AsylumGame()


def entering(game, villains=("Matron Hatchet",), doomsday=3, rival_dd=1, rival_room="Intake Hall", players=2):
    """Seat 0 has just moved into the Mess Hall, an empty ordinary room: the event is next."""
    names = ["Matron Hatchet", "Iron Maiden", "Brainstorm"][:players]
    state = game.setup(players, 0, names)
    state = game.arrange(state, 0, villains=list(villains), room="Guard Station", doomsday=doomsday)
    state = game.arrange(state, 1, room=rival_room, doomsday=rival_dd)
    state = game.resolve(state._replace(phase=Phase.MOVE), Move("Mess Hall"), None).state
    assert game.decision(state).options == (RollEvent(),)
    return state


# -- the table ---------------------------------------------------------------------------------

def test_the_event_table_is_ours_and_covers_every_roll():
    """Gameplay overview: the rulebook names Ambush, Cunning Trick and Calculated Risk
    but prints no table; ours covers every 2d6 roll."""
    table = load_event_table()
    assert table.source == "ours"
    assert (table.dice, table.sides) == (2, 6)
    assert sorted(table.lookup) == list(range(2, 13))
    assert {r.kind for r in table.results} == {"ambush", "cunning_trick", "calculated_risk"}
    text = data_path("asylum", "events.toml").read_text()
    assert "OUR OWN DESIGN" in text and "prints no table" in text
    odds = table.kind_odds()
    assert odds["ambush"] == Fraction(10, 36) and sum(p for _, p in odds.items()) == 1


def test_every_result_is_a_registered_function():
    """Design: effects are functions registered by name; data refers to them."""
    for r in load_event_table().results:
        effect = EFFECTS[r.effect]
        assert effect.kind == r.kind and callable(effect.fn) and effect.summary
    assert any(e.kind == "calculated_risk" and e.expected for e in EFFECTS.values())


GOOD = """source = "ours"
dice = 2
sides = 6
[limits]
dice = { min = 1, max = 3 }
sides = { min = 2, max = 12 }
gamble = { target = { min = 1, max = 6 }, win = { min = 1, max = 5 }, lose = { min = 0, max = 5 } }
[[result]]
name = "A"
low = 2
high = 6
kind = "ambush"
effect = "ambush"
[[result]]
name = "B"
low = 7
high = 12
kind = "calculated_risk"
effect = "gamble"
params = { target = 4, win = 2, lose = 1 }
"""


@pytest.mark.parametrize("change, entry, field", [
    (('effect = "gamble"', 'effect = "teleport"'), "B", "effect"),
    (('kind = "ambush"', 'kind = "cunning_trick"'), "A", "kind"),
    (('target = 4', 'target = 9'), "B", "params.target"),
    (('win = 2, ', ''), "B", "params.win"),
    (('high = 12', 'high = 11'), None, "result"),
    (('low = 7', 'low = 6'), "B", "low"),
    (('high = 12', 'high = 13'), "B", "high"),
    (('sides = 6', 'sides = "six"'), None, "sides"),
])
def test_a_bad_event_table_names_file_entry_and_field(tmp_path, change, entry, field):
    """Design principle 7: bad data raises DataError naming the file, the entry and the field."""
    path = tmp_path / "events.toml"
    assert change[0] in GOOD
    path.write_text(GOOD.replace(change[0], change[1], 1))
    with pytest.raises(DataError) as err:
        load_event_table(path)
    assert err.value.entry == entry and err.value.field == field and str(path) in str(err.value)


def test_the_good_sample_table_loads(tmp_path):
    """Gameplay overview: a designer may write his own table."""
    path = tmp_path / "events.toml"
    path.write_text(GOOD)
    table = load_event_table(path)
    assert [r.name for r in table.results] == ["A", "B"]
    assert AsylumGame(events=table).events is table


def test_rolling_on_the_table_gives_each_result_its_exact_chance(game):
    """Gameplay overview: an event is a roll on the Event Table (exact odds via the analyzer)."""
    state = entering(game)
    steps = game.apply(state, RollEvent())
    ambush = steps.prob(lambda s: s.state.phase == Phase.EVENT and s.state.event.options == (Fight(), Decline()))
    risk = steps.prob(lambda s: s.state.phase == Phase.EVENT and s.state.event.options == (TakeRisk(), DeclineRisk()))
    assert ambush == Fraction(10, 36)
    assert risk == Fraction(10, 36)
    # Gameplay overview: an empty ordinary room generates an event, then the table is read
    assert all([e.rule for e in s.events[:2]] == [R.TURN_EVENT, R.EVENT_TABLE] for s, _ in steps.items())


# -- Calculated Risks ----------------------------------------------------------------------------

def test_a_calculated_risk_can_win_doomsday_points(game):
    """Doomsday points: earned by Calculated Risks (our Bribe a Guard: 4+ on a die wins 2)."""
    state = game.resolve(entering(game), RollEvent(), Rolls(9)).state
    dec = game.decision(state)
    assert dec.player == 0 and dec.options == (TakeRisk(), DeclineRisk()) and dec.rule == R.CALCULATED_RISK
    step = game.resolve(state, TakeRisk(), Rolls(True))
    assert step.state.parties[0].doomsday == 5
    assert all(e.rule == R.CALCULATED_RISK for e in step.events[:2])
    assert step.state.current == 1


def test_a_calculated_risk_can_cost_points_but_never_below_zero(game):
    """Doomsday points (reading doomsday-floor): a failed risk costs points, never below 0."""
    state = game.resolve(entering(game), RollEvent(), Rolls(12)).state  # Raid the Armoury: lose 1
    assert game.resolve(state, TakeRisk(), Rolls(False)).state.parties[0].doomsday == 2
    state = game.resolve(entering(game, doomsday=0), RollEvent(), Rolls(9)).state
    assert game.resolve(state, TakeRisk(), Rolls(False)).state.parties[0].doomsday == 0


def test_a_calculated_risk_may_be_declined(game):
    """Gameplay overview: a Calculated Risk is the player's choice."""
    state = game.resolve(entering(game), RollEvent(), Rolls(10)).state
    step = game.resolve(state, DeclineRisk(), Rolls())
    assert step.state.parties[0].doomsday == 3 and step.state.current == 1


def test_a_test_of_nerve_uses_the_masterminds_best_stat(game):
    """Calculated Risk (ours): die + the mastermind's best stat must beat the target."""
    state = game.resolve(entering(game), RollEvent(), Rolls(11)).state
    assert "physical attack (3)" in game.resolve(entering(game), RollEvent(), Rolls(11)).events[2].text
    assert game.resolve(state, TakeRisk(), Rolls(True)).state.parties[0].doomsday == 5


def test_an_event_choice_out_of_turn_is_illegal(game):
    """Gameplay overview: event choices answer a pending event only."""
    with pytest.raises(IllegalAction) as err:
        Stepper(game, entering(game), seed=0).step(TakeRisk())
    assert err.value.rule == R.TURN_EVENT


# -- Cunning Tricks ----------------------------------------------------------------------------

def test_stolen_blueprints_give_the_mastermind_a_free_level(game):
    """Cunning Trick (ours): a free level, no Doomsday point spent."""
    step = game.resolve(entering(game), RollEvent(), Rolls(6))
    party = step.state.parties[0]
    assert party.villain("Matron Hatchet").level == 2 and party.doomsday == 3
    assert step.events[2].rule == R.CUNNING_TRICK
    state = game.arrange(entering(game, villains=("Matron Hatchet", "Gargantua")), 0, levels={"Matron Hatchet": 3})
    party = game.resolve(state, RollEvent(), Rolls(6)).state.parties[0]
    assert party.villain("Gargantua").level == 2  # the mastermind is at the top: the next one rises


def test_a_secret_passage_moves_the_party_without_a_room_rule(game):
    """Cunning Trick (ours): move to an empty ordinary room within 2 moves."""
    state = game.resolve(entering(game, rival_room="Kitchen"), RollEvent(), Rolls(7)).state
    options = game.decision(state).options
    assert options[0] == Sneak(None)
    rooms = {o.room for o in options[1:]}
    assert "Kitchen" not in rooms and "Yard" not in rooms and "Mess Hall" not in rooms
    assert rooms <= {r for r in game.board if game.room_kind(r) == "room"}
    assert all(game.distance("Mess Hall", r) <= 2 for r in rooms)
    step = game.resolve(state, Sneak("Library"), Rolls())
    assert step.state.parties[0].room == "Library" and step.state.current == 1
    assert step.state.parties[0].doomsday == 3


def test_framed_costs_the_leading_rival_a_point_and_maybe_doom_ready(game):
    """Cunning Trick (ours) / 'Doom Ready': falling below 8 points ends Doom Ready."""
    state = entering(game, players=3)
    state = game.arrange(state, 1, doomsday=8, room="Nuclear Reactor", doom_ready=True)
    state = game.arrange(state, 2, doomsday=8)
    step = game.resolve(state, RollEvent(), Rolls(8))
    assert step.state.parties[1].doomsday == 7 and step.state.parties[2].doomsday == 8
    assert step.state.parties[1].doom_ready is None
    assert any(e.rule == R.DOOM_READY for e in step.events)


# -- Ambushes ----------------------------------------------------------------------------------

def test_an_ambusher_spawns_from_the_villains_in_no_party(game):
    """Ambushes and Recruiting Henchmen: potential henchmen are spawned by Ambush events."""
    state = entering(game)
    step = game.resolve(state, RollEvent(), Rolls(5, "Gargantua"))
    assert step.state.phase == Phase.EVENT and step.state.event.memo == "Gargantua"
    assert step.events[2].rule == R.AMBUSH and "Gargantua" in step.events[2].text
    dec = game.decision(step.state)
    assert dec.player == 0 and dec.options == (Fight(), Decline())
    with pytest.raises(AssertionError):  # a villain in a party cannot spawn
        game.resolve(state, RollEvent(), Rolls(5, "Iron Maiden"))


def test_an_unwanted_ambusher_need_not_be_fought(game):
    """Ambushes: 'do not bother to fight out ambushes if the ambushed player has no desire to recruit'."""
    state = game.resolve(entering(game), RollEvent(), Rolls(4, "Gargantua")).state
    step = game.resolve(state, Decline(), Rolls())
    assert step.events[0].rule == R.AMBUSH_DECLINE
    assert step.state.conflict is None and step.state.current == 1
    assert "Gargantua" in step.state.pool


def test_a_lone_mastermind_acts_first_against_an_ambusher(game):
    """Ambushes: 'if the party is a lone mastermind, the mastermind goes first'."""
    state = game.resolve(entering(game), RollEvent(), Rolls(2, "Gargantua")).state
    state = game.resolve(state, Fight(), Rolls()).state
    cs = state.conflict
    assert cs.setup.ambush and cs.setup.masterminds == (None, "Matron Hatchet")
    assert [v.name for v in cs.setup.teams[0]] == ["Gargantua"]
    dec = game.decision(state)
    assert dec.player == 0 and dec.options == Conflict().decision(cs).options


def test_otherwise_the_ambusher_acts_first_by_a_fixed_rule(game):
    """Ambushes: 'otherwise the ambusher goes first'; he belongs to nobody, so his
    choices are forced steps (reading ambusher-control)."""
    state = entering(game, villains=("Matron Hatchet", "Scrapjaw"), players=2)
    state = game.resolve(state, RollEvent(), Rolls(3, "Gargantua")).state
    state = game.resolve(state, Fight(), Rolls()).state
    dec = game.decision(state)
    assert dec.player is None and len(dec.options) == 1
    inner = Conflict().decision(state.conflict)
    assert inner.player == 0 and dec.options[0] == quick_choice(state.conflict, inner)
    with pytest.raises(IllegalAction) as err:
        Stepper(game, state, seed=0).step(TacticalManeuver("Gargantua", "physical_attack"))
    assert err.value.rule in (R.AMBUSH, R.MANEUVER, R.ACTIONS)


def ambush_fight(game, villains, doomsday, ambusher_wins=False):
    """Fight Gargantua's ambush to its conclusion: the party's mental attacks on him
    all hit (or all miss), and his own attacks all miss (or hit)."""
    state = entering(game, villains=villains, doomsday=doomsday)
    state = game.resolve(state, RollEvent(), Rolls(5, "Gargantua")).state
    state = game.resolve(state, Fight(), Rolls()).state
    while (dec := game.decision(state)).options != (Conclude(),):
        action = dec.options[0]
        if dec.player is None or isinstance(action, Block):  # the ambusher acts, or the party may block him
            roll = HIT if ambusher_wins else fails
        else:
            on_him = [o for o in dec.options if isinstance(o, MentalAttack) and o.target == "Gargantua"]
            action = on_him[0] if on_him else action
            roll = HIT if on_him and not ambusher_wins else fails
        state = game.resolve(state, action, Rolls(roll, roll)).state
    return game.resolve(state, Conclude(), Rolls())


def test_a_defeated_ambusher_may_be_claimed_for_a_point_per_villain(game):
    """Ambushes: 'spend one DD point per villain already in your party to claim the new villain'."""
    step = ambush_fight(game, ("Matron Hatchet", "Scrapjaw"), doomsday=3)
    state = step.state
    assert state.phase == Phase.AFTERMATH
    dec = game.decision(state)
    assert dec.player == 0 and dec.options == (Claim(), LetGo()) and dec.rule == R.AMBUSH_CLAIM
    assert state.parties[0].doomsday == 3  # an ambush wins no Doomsday points (reading ambush-scoring)
    step = game.resolve(state, Claim(), Rolls())
    party = step.state.parties[0]
    assert party.names == ("Matron Hatchet", "Scrapjaw", "Gargantua") and party.doomsday == 1
    assert party.villain("Gargantua").level == 1 and "Gargantua" not in step.state.pool
    assert step.state.current == 1


def test_a_claim_may_be_refused(game):
    """Ambushes: 'if the points can not/ will not be spent, the ambushing villain escapes'."""
    state = ambush_fight(game, ("Matron Hatchet",), doomsday=3).state
    step = game.resolve(state, LetGo(), Rolls())
    assert step.state.parties[0].names == ("Matron Hatchet",) and "Gargantua" in step.state.pool


def test_an_unaffordable_ambusher_escapes(game):
    """Ambushes: points that can not be spent: he escapes, no question asked."""
    step = ambush_fight(game, ("Matron Hatchet", "Scrapjaw"), doomsday=1)
    assert step.state.current == 1 and step.state.parties[0].doomsday == 1
    assert any(e.rule == R.AMBUSH_CLAIM and "escapes" in e.text for e in step.events)


def test_an_undefeated_ambusher_escapes(game):
    """Ambushes: 'if he is not defeated ... the ambushing villain escapes'."""
    step = ambush_fight(game, ("Matron Hatchet",), doomsday=3, ambusher_wins=True)
    assert step.state.current == 1 and "Gargantua" in step.state.pool
    assert step.state.parties[0].names == ("Matron Hatchet",)
    assert any(e.rule == R.AMBUSH and "escapes" in e.text for e in step.events)


def test_lost_villains_come_back_through_ambushes_at_level_one(game):
    """Death: 'a defeated villain may be lost to the party but becomes active again if
    he is re-spawned by an Ambush event' (upgrade counters discarded)."""
    state = entering(game, villains=("Matron Hatchet", "Gargantua"))
    state = game.arrange(state, 0, levels={"Gargantua": 3})
    state = game.arrange(state, 0, villains=["Matron Hatchet"])  # Gargantua lost
    assert "Gargantua" in state.pool
    state = game.resolve(state, RollEvent(), Rolls(5, "Gargantua")).state
    state = game.resolve(state, Fight(), Rolls()).state
    assert state.conflict.setup.villain("Gargantua").level == 1


def test_a_wrong_answer_to_a_waiting_event_names_the_result_waiting(game):
    """Ambushes and Recruiting Henchmen: while an Ambush waits for "fight or let go", a
    Calculated Risk answer is refused, and the message says which result is waiting."""
    state = game.resolve(entering(game), RollEvent(), Rolls(5, "Gargantua")).state
    st = Stepper(game, state, seed=0)
    with pytest.raises(IllegalAction) as err:
        st.step(TakeRisk())
    assert err.value.rule == R.AMBUSH and "Ambush" in err.value.message and "fight the ambusher" in err.value.message
    assert "none is waiting" not in err.value.message and st.state is state


def test_a_claim_is_paid_at_the_price_of_the_moment(game):
    """Ambushes and Recruiting Henchmen: the claim costs one point per villain in the party
    when it is paid; a party that cannot pay then is refused, the state unchanged."""
    state = ambush_fight(game, ("Matron Hatchet", "Scrapjaw"), doomsday=3).state
    poorer = game.arrange(state, 0, doomsday=1)
    with pytest.raises(IllegalAction) as err:
        game.resolve(poorer, Claim(), Rolls())
    assert err.value.rule == R.AMBUSH_CLAIM and "costs 2" in err.value.message
