"""Upgrading villains and changing the mastermind at the start of a turn."""

from __future__ import annotations

import pytest

from factories import Rolls
from explorer.asylum import sections as R
from explorer.asylum.combat import AttackResult
from explorer.asylum.conflict import Conclude, MentalAttack
from explorer.asylum.game import AsylumGame, BeginMove, MakeMastermind, Move, Phase, Push, Upgrade
from explorer.asylum.params import load_rules
from explorer.core.engine import IllegalAction, Stepper



@pytest.fixture(scope="module")
def game() -> AsylumGame:
    return AsylumGame()


def two_villains(game, doomsday=3, levels=None):
    state = game.setup(2, 0, ["Matron Hatchet", "Iron Maiden"])
    return game.arrange(state, 0, villains=["Matron Hatchet", "Gargantua"], doomsday=doomsday, levels=levels,
                        room="Guard Station")


def test_an_upgrade_costs_one_point_and_raises_one_level(game):
    """Upgrading Villains: each upgrade costs 1 Doomsday point (the level rises under
    "Upgrading Villains"; the payment is spending Doomsday points, "Doomsday points")."""
    st = Stepper(game, two_villains(game), seed=0)
    entry = st.step(Upgrade("Gargantua", 2))
    party = st.state.parties[0]
    assert party.doomsday == 2 and party.villain("Gargantua").level == 2
    assert party.villain("Gargantua").has("pounce")  # his level-2 upgrade
    assert [e.rule for e in entry.events] == [R.UPGRADES, R.DOOMSDAY]
    # one point said in the singular, two in the plural
    assert entry.events[0].text.startswith("Gargantua rises to level 2 (for 1 Doomsday point)")
    assert entry.events[1].text == "seat 0 loses 1 Doomsday point (spent on Gargantua's level 2 upgrade): 3 -> 2"
    _, events = game.gain(two_villains(game), 0, -2, R.DOOMSDAY, "spent")
    assert events[0].text == "seat 0 loses 2 Doomsday points (spent): 3 -> 1"


def test_one_level_per_villain_per_turn(game):
    """Upgrading Villains: 'each villain may be upgraded by one level at the start of any turn'."""
    st = Stepper(game, two_villains(game), seed=0)
    st.step(Upgrade("Gargantua", 2))
    assert Upgrade("Gargantua", 3) not in st.decision.options
    before = st.state
    with pytest.raises(IllegalAction) as err:
        st.step(Upgrade("Gargantua", 3))
    assert err.value.rule == R.UPGRADES and "one level per villain per turn" in err.value.message
    assert st.state is before and len(st.history) == 1
    st.step(Upgrade("Matron Hatchet", 2))  # another villain may rise in the same turn
    assert st.state.parties[0].doomsday == 1


def test_level_two_before_level_three(game):
    """Upgrading Villains: 'level 2 must be bought before level 3'."""
    st = Stepper(game, two_villains(game), seed=0)
    with pytest.raises(IllegalAction) as err:
        st.step(Upgrade("Gargantua", 3))
    assert err.value.rule == R.UPGRADES and "level 2 must be bought before level 3" in err.value.message
    assert not st.history


def test_level_three_is_the_top(game):
    """Upgrading Villains: two upgrades, levels 2 and 3."""
    state = two_villains(game, levels={"Gargantua": 3})
    assert all(o != Upgrade("Gargantua", 4) for o in game.decision(state).options)
    assert not any(isinstance(o, Upgrade) and o.villain == "Gargantua" for o in game.decision(state).options)
    with pytest.raises(IllegalAction) as err:
        Stepper(game, state, seed=0).step(Upgrade("Gargantua", 4))
    assert err.value.rule == R.UPGRADES


def test_no_upgrade_without_points(game):
    """Upgrading Villains / Doomsday points: points are spent on upgrades."""
    state = two_villains(game, doomsday=0)
    assert not any(isinstance(o, Upgrade) for o in game.decision(state).options)
    with pytest.raises(IllegalAction) as err:
        Stepper(game, state, seed=0).step(Upgrade("Gargantua", 2))
    assert err.value.rule == R.UPGRADES and "costs" in err.value.message


def test_a_villain_can_rise_again_next_turn(game):
    """Upgrading Villains: one level per villain *per turn*."""
    st = Stepper(game, two_villains(game), seed=0)
    st.step(Upgrade("Gargantua", 2))
    st.step(BeginMove())
    st.step(Move("Mess Hall"))
    while st.state.current == 0:
        st.step(st.decision.options[0])
    while st.state.current == 1:
        st.step(st.decision.options[-1])
    assert st.state.current == 0 and st.state.phase == Phase.START
    assert st.state.upgraded == ()
    if st.state.parties[0].doomsday:
        assert Upgrade("Gargantua", 3) in st.decision.options


def test_switching_the_mastermind(game):
    """Mastermind: 'he may make another villain in his team the mastermind'."""
    st = Stepper(game, two_villains(game), seed=0)
    entry = st.step(MakeMastermind("Gargantua"))
    party = st.state.parties[0]
    assert party.mastermind == "Gargantua" and party.unmade == ("Matron Hatchet",)
    assert entry.events[0].rule == R.MASTERMIND_SWITCH


def test_an_unmade_mastermind_cannot_be_remade(game):
    """Mastermind: 'once a villain has been unmade mastermind, he may not be made mastermind again'."""
    st = Stepper(game, two_villains(game), seed=0)
    st.step(MakeMastermind("Gargantua"))
    assert MakeMastermind("Matron Hatchet") not in st.decision.options
    before = st.state
    with pytest.raises(IllegalAction) as err:
        st.step(MakeMastermind("Matron Hatchet"))
    assert err.value.rule == R.MASTERMIND_SWITCH
    assert "until the current mastermind, Gargantua, is defeated" in err.value.message
    assert st.state is before
    with pytest.raises(IllegalAction) as err:
        st.step(MakeMastermind("Gargantua"))
    assert "already the mastermind" in err.value.message
    with pytest.raises(IllegalAction) as err:
        st.step(MakeMastermind("Oscar"))
    assert err.value.rule == R.MASTERMIND_SWITCH


def test_the_switch_is_made_at_the_start_of_the_turn(game):
    """Mastermind (reading mastermind-switch-when): at the start of the player's own turn."""
    st = Stepper(game, two_villains(game), seed=0)
    st.step(BeginMove())
    with pytest.raises(IllegalAction) as err:
        st.step(MakeMastermind("Gargantua"))
    assert err.value.rule == R.MASTERMIND_SWITCH


def test_unmade_villains_may_lead_again_once_the_mastermind_is_defeated(game):
    """Mastermind: '... until the current mastermind is defeated' (reading unmade-release)."""
    state = two_villains(game, doomsday=0)
    state = game.arrange(state, 1, room="Mess Hall")
    st = Stepper(game, state, seed=0)
    st.step(MakeMastermind("Gargantua"))
    assert st.state.phase == Phase.MOVE  # nothing else to choose: straight to the move
    st.step(Move("Mess Hall"))
    st.step()  # engage; in the conflict Hatchet misses, Iron Maiden defeats the mastermind Gargantua
    state = st.state
    state = game.resolve(state, MentalAttack("Matron Hatchet", "Iron Maiden"), Rolls(AttackResult(True, False))).state
    step = game.resolve(state, MentalAttack("Iron Maiden", "Gargantua"), Rolls(AttackResult(True, True)))
    state = step.state
    assert game.decision(state).options == (Conclude(),)
    step = game.resolve(state, Conclude(), Rolls())
    party = step.state.parties[0]
    assert party.names == ("Matron Hatchet", "Gargantua")  # only one defeated: he recovers
    assert party.mastermind == "Gargantua" and party.unmade == ()
    assert any(e.rule == R.MASTERMIND_SWITCH and "may be made mastermind again" in e.text for e in step.events)


def test_upgrade_costs_come_from_the_rules_file(game):
    """Upgrading Villains: the cost is data (rules.toml upgrade_cost)."""
    pricey = AsylumGame(rules=load_rules().replace(upgrade_cost=2))
    assert pricey.setup(2, 0, ["Oscar", "Gargantua"]).phase == Phase.MOVE  # 1 point cannot buy anything
    state = pricey.arrange(pricey.setup(2, 0, ["Oscar", "Gargantua"]), 0, doomsday=3)._replace(phase=Phase.START)
    state = pricey.resolve(state, Upgrade("Oscar", 2), None).state
    assert state.parties[0].doomsday == 1
    assert state.phase == Phase.MOVE  # 1 point left: no more upgrades to offer


def test_push_is_not_a_start_of_turn_choice(game):
    """Concluding a Conflict: pushes happen only after a conflict."""
    with pytest.raises(IllegalAction) as err:
        Stepper(game, two_villains(game), seed=0).step(Push("Mess Hall"))
    assert err.value.rule == R.PUSH


def test_upgrades_at_the_start_of_any_turn_is_read_as_the_player_s_own(game):
    """upgrades (Upgrading Villains): 'at the start of any turn' is read as the player's own
    (reading upgrade-whose-turn, with the other reading as its alternative); a refusal says
    it is our reading."""
    from explorer.asylum.interpretations import load_interpretations

    reading = load_interpretations()["upgrade-whose-turn"]
    assert reading.rule == "upgrades" and any("every player's turn" in a for a in reading.alternatives)
    state = two_villains(game)._replace(phase=Phase.MOVE)
    with pytest.raises(IllegalAction) as err:
        game.check(state, Upgrade("Gargantua", 2))
    assert err.value.rule == R.UPGRADES and "our reading upgrade-whose-turn" in err.value.message
