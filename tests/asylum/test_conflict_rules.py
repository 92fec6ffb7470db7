"""Each rule of the rulebook's Conflicts section, on the Conflict game
(explorer.asylum.conflict).  Dice are scripted so each test shows one rule."""

import pytest

from factories import Rolls, make
from explorer.asylum.combat import AttackResult
from explorer.asylum.conflict import (
    Block, Conclude, Conflict, MentalAttack, PhysicalAttack, TacticalManeuver, UseAbility,
)
from explorer.asylum.params import load_rules
from explorer.core.engine import IllegalAction

GAME = Conflict()
HIT = AttackResult(True, True)
MISS = AttackResult(True, False)
NO_CATCH = AttackResult(False, False)


def play(state, action, *answers):
    GAME.check(state, action)
    step = GAME.resolve(state, action, Rolls(*answers))
    return step.state


def conclude(state, *answers):
    assert GAME.decision(state).options == (Conclude(),)
    return play(state, Conclude(), *answers).result


def trio():
    a = [make("A1"), make("A2"), make("A3")]
    d = [make("D1"), make("D2"), make("D3")]
    return a, d


def test_attacker_goes_first_then_sides_alternate():
    """Conflicts: the attacker acts first, then the sides alternate one villain at a time."""
    a, d = trio()
    s = GAME.start(a, d)
    assert GAME.decision(s).player == 0
    s = play(s, MentalAttack("A1", "D1"), MISS)
    assert GAME.decision(s).player == 1
    s = play(s, MentalAttack("D1", "A1"), MISS)
    assert GAME.decision(s).player == 0


def test_one_action_per_villain_and_skip_a_side_with_nobody_left():
    """Conflicts: each villain has one action; when one side is done the other finishes."""
    s = GAME.start([make("A1"), make("A2")], [make("D1")])
    s = play(s, TacticalManeuver("A1", "physical_attack"), False)
    with pytest.raises(IllegalAction) as err:
        GAME.check(s, TacticalManeuver("A1", "physical_attack"))
    assert err.value.rule.section == "conflicts.alternation"
    s = play(s, TacticalManeuver("D1", "physical_attack"), False)
    assert GAME.decision(s).player == 0  # defenders are done: attackers go on
    with pytest.raises(IllegalAction) as err:
        GAME.check(s, TacticalManeuver("A1", "physical_attack"))
    assert err.value.rule.section == "conflicts.actions" and "already acted" in err.value.message
    s = play(s, TacticalManeuver("A2", "physical_attack"), False)
    assert GAME.decision(s).forced


def test_illegal_action_leaves_state_unchanged():
    """Conflicts: an illegal action names the rule and changes nothing."""
    s = GAME.start([make("A")], [make("D", abilities=("flying",))])
    before = s
    with pytest.raises(IllegalAction) as err:
        GAME.check(s, PhysicalAttack("A", "D"))
    assert err.value.rule.section == "conflicts.flying"
    assert s == before


def test_victory_points_defeat_and_mastermind():
    """Victory in Conflicts: 5 for a defeat, +1 for attacking the mastermind (no defeat needed)."""
    a, d = trio()
    s = GAME.start(a, d)  # D1 is the defenders' mastermind
    s1 = play(s, MentalAttack("A1", "D1"), MISS)
    assert s1.vp == (1, 0)
    s2 = play(s, MentalAttack("A1", "D2"), HIT)
    assert s2.vp == (5, 0) and s2.is_defeated(1, 1)
    s3 = play(s, MentalAttack("A1", "D1"), HIT)
    assert s3.vp == (6, 0)


def test_tactical_maneuver_scores_three():
    """Tactical Maneuvers: success scores 3 victory points and threatens nobody."""
    s = GAME.start([make("A", pa=5)], [make("D")])
    assert play(s, TacticalManeuver("A", "physical_attack"), True).vp == (3, 0)
    assert play(s, TacticalManeuver("A", "physical_attack"), False).vp == (0, 0)


def test_special_ability_on_mastermind_counts():
    """Victory in Conflicts: special abilities aimed at the mastermind score the point."""
    s = GAME.start([make("A", abilities=("hypnotise",))], [make("D"), make("E")])
    s = play(s, UseAbility("A", "hypnotise", "D"), HIT)
    assert s.vp == (1, 0) and s.has_acted(1, 0) and not s.is_defeated(1, 0)


def test_the_log_names_an_ability_by_its_name_and_a_plain_attack_with_its_article():
    """Special Abilities: "A declares Hypnotise on D" (not "a hypnotise"); "A declares a mental attack"."""
    s = GAME.start([make("A", abilities=("hypnotise",)), make("B")], [make("D"), make("E")])
    step = GAME.resolve(s, UseAbility("A", "hypnotise", "D"), Rolls(MISS))
    said = [e.text for e in step.events]
    assert said[0] == "A declares Hypnotise on D" and said[-1] == "D withstands Hypnotise"
    step = GAME.resolve(play(step.state, MentalAttack("D", "B"), MISS), MentalAttack("B", "E"), Rolls(MISS))
    said = [e.text for e in step.events]
    assert said[0] == "B declares a mental attack on E" and said[-1] == "E withstands the mental attack"
    # the options read the same way: the ability by its name, a plain attack as a verb phrase
    assert str(UseAbility("A", "citizens_arrest", "D")) == "A: Citizen's Arrest on D"
    assert str(MentalAttack("B", "E")) == "B: mental attack on E"


def test_physical_attack_catch_then_hit():
    """Physical Attack: a failed catch ends the attack; a catch leads to the hit roll."""
    s = GAME.start([make("A")], [make("D")])
    assert play(s, PhysicalAttack("A", "D"), NO_CATCH).vp == (1, 0)  # unblocked attack on the mastermind
    assert play(s, PhysicalAttack("A", "D"), HIT).vp == (6, 0)


def test_mastermind_point_option_needs_catch():
    """Victory in Conflicts (rule option mastermind_point_without_catch=False)."""
    rules = load_rules().replace(mastermind_point_without_catch=False)
    s = GAME.start([make("A")], [make("D")], rules=rules)
    assert play(s, PhysicalAttack("A", "D"), NO_CATCH).vp == (0, 0)
    assert play(s, PhysicalAttack("A", "D"), MISS).vp == (1, 0)


def test_block_before_the_attack_no_catch_and_no_turn_used():
    """Blocking: declared before the attack, no catch roll, uses the blocker's action but not the turn."""
    a, d = trio()
    s = GAME.start(a, d)
    s = play(s, PhysicalAttack("A1", "D1"))  # declared: the defenders decide
    dec = GAME.decision(s)
    assert dec.player == 1 and dec.rule.section == "conflicts.blocking"
    assert set(dec.options) == {Block(None), Block("D2"), Block("D3")}
    with pytest.raises(IllegalAction):
        GAME.check(s, Block("D1"))  # nobody blocks for himself
    blocked = play(s, Block("D2"), HIT)  # one roll only: the hit
    assert blocked.is_defeated(1, 1) and blocked.vp == (5, 0)  # no mastermind point when blocked
    assert blocked.has_acted(1, 1) and GAME.decision(blocked).player == 1  # the defenders still get their turn
    unblocked = play(s, Block(None), MISS)
    assert unblocked.vp == (1, 0)


def test_only_villains_who_have_not_acted_may_block():
    """Blocking: the stand-in must not have acted."""
    s = GAME.start([make("A1"), make("A2")], [make("D1"), make("D2")])
    s = play(s, TacticalManeuver("A1", "physical_attack"), False)
    s = play(s, TacticalManeuver("D2", "physical_attack"), False)
    s = play(s, PhysicalAttack("A2", "D1"), NO_CATCH)  # nobody left to block: no decision asked
    assert s.pending is None and s.vp == (1, 0)


def test_block_by_acted_villain_is_illegal():
    """Blocking: a villain who has acted cannot block."""
    s = GAME.start([make("A1"), make("A2")], [make("D1"), make("D2"), make("D3")])
    s = play(s, TacticalManeuver("A1", "physical_attack"), False)
    s = play(s, TacticalManeuver("D2", "physical_attack"), False)
    s = play(s, PhysicalAttack("A2", "D1"))
    with pytest.raises(IllegalAction) as err:
        GAME.check(s, Block("D2"))
    assert err.value.rule.section == "conflicts.blocking" and "already acted" in err.value.message


def test_mental_attacks_cannot_be_blocked():
    """Mental Attack: mental attacks may not be blocked."""
    s = GAME.start([make("A")], [make("D1"), make("D2")])
    s = play(s, MentalAttack("A", "D1"), MISS)
    assert s.pending is None


def test_flyers_only_reached_by_ranged_or_flyers():
    """Flying & Ranged Attacks: melee cannot target flyers; ranged and flying attackers can."""
    flyer = make("F", abilities=("flying",))
    s = GAME.start([make("M"), make("R", abilities=("ranged_attack",)), make("W", abilities=("flying",))], [flyer])
    opts = GAME.decision(s).options
    assert PhysicalAttack("M", "F") not in opts and MentalAttack("M", "F") in opts
    assert PhysicalAttack("R", "F") in opts and PhysicalAttack("W", "F") in opts


def test_level1_ranged_makes_standard_attacks_ranged_and_upgraded_ranged_is_an_action():
    """Flying & Ranged Attacks: Ranged as a level-1 ability makes every standard attack ranged."""
    up = make("U", upgrades=({"ability": "ranged_attack"},)).at_level(2)
    s = GAME.start([up], [make("F", abilities=("flying",))])
    opts = GAME.decision(s).options
    assert PhysicalAttack("U", "F") not in opts and UseAbility("U", "ranged_attack", "F") in opts


def test_flyer_block_option():
    """Blocking with flyers (rule option flyers_block_melee)."""
    d = [make("D1"), make("D2", abilities=("flying",))]
    s = GAME.start([make("A")], d)
    assert Block("D2") in GAME.decision(play(s, PhysicalAttack("A", "D1"))).options
    s = GAME.start([make("A")], d, rules=load_rules().replace(flyers_block_melee=False))
    assert play(s, PhysicalAttack("A", "D1"), NO_CATCH).pending is None


def test_defeated_villain_cannot_act_unless_option():
    """Conflicts / Defeated villains: our reading, with its switch defeated_villains_act."""
    s = GAME.start([make("A")], [make("D1"), make("D2")])
    s = play(s, MentalAttack("A", "D2"), HIT)
    assert [o.actor for o in GAME.decision(s).options] == ["D1"] * len(GAME.decision(s).options)
    with pytest.raises(IllegalAction) as err:
        GAME.check(s, TacticalManeuver("D2", "physical_attack"))
    assert err.value.rule.section == "conflicts.defeated"
    s2 = GAME.start([make("A")], [make("D1"), make("D2")], rules=load_rules().replace(defeated_villains_act=True))
    s2 = play(s2, MentalAttack("A", "D2"), HIT)
    assert any(getattr(o, "actor", None) == "D2" for o in GAME.decision(s2).options)


def test_conclusion_winner_doomsday_and_sound_defeat():
    """Concluding a Conflict: more VP wins, 1 Doomsday point, +1 for a win by 5 or more."""
    s = GAME.start([make("A")], [make("D", pa=0, ma=0, q=0)])
    s = play(s, TacticalManeuver("A", "physical_attack"), True)  # 3 VP
    s = play(s, TacticalManeuver("D", "physical_attack"), False)
    r = conclude(s)
    assert r.winner == 0 and r.doomsday == (1, 0)
    s = GAME.start([make("A")], [make("D"), make("E")])
    s = play(s, MentalAttack("A", "E"), HIT)  # 5 VP
    s = play(s, TacticalManeuver("D", "physical_attack"), False)
    assert conclude(s).doomsday == (2, 0)


def test_doom_ready_makes_the_bonus_three():
    """Doomsday points for winning: three once anyone is Doom Ready."""
    s = GAME.start([make("A")], [make("D")], doom_ready=True)
    s = play(s, TacticalManeuver("A", "physical_attack"), True)
    s = play(s, TacticalManeuver("D", "physical_attack"), False)
    assert conclude(s).doomsday == (3, 0)


def test_draw_scores_nothing():
    """Draws: equal victory points, no Doomsday points for anyone."""
    s = GAME.start([make("A")], [make("D")])
    s = play(s, TacticalManeuver("A", "physical_attack"), False)
    s = play(s, TacticalManeuver("D", "physical_attack"), False)
    r = conclude(s)
    assert r.winner is None and r.doomsday == (0, 0)


def test_defeated_villains_last_one_survives():
    """Defeated villains: one defeated recovers; of several only the last defeated stays."""
    s = GAME.start([make("A1"), make("A2")], [make("D1"), make("D2"), make("D3")])
    s = play(s, MentalAttack("A1", "D2"), HIT)
    s = play(s, TacticalManeuver("D1", "physical_attack"), False)
    s = play(s, MentalAttack("A2", "D3"), HIT)
    s = play(s, TacticalManeuver("D1", "physical_attack"), False) if GAME.decision(s).player == 1 else s
    r = conclude(s)
    assert r.defeated[1] == ("D2", "D3") and r.lost[1] == ("D2",) and r.lost[0] == ()


def test_oscar_rolls_before_the_defeated_are_counted():
    """Defeated villains: Oscar's ability is rolled before counting the defeated."""
    s = GAME.start([make("A1"), make("A2")], [make("D1"), make("Oscar", abilities=("slip_away",)), make("D3")])
    s = play(s, MentalAttack("A1", "D3"), HIT)
    s = play(s, TacticalManeuver("D1", "physical_attack"), False)
    s = play(s, MentalAttack("A2", "Oscar"), HIT)
    slipped = conclude(s, True)  # Oscar was last defeated; he slips away, so D3 is the only defeated
    assert slipped.slipped == ("Oscar",) and slipped.lost[1] == () and slipped.defeated[1] == ("D3",)
    caught = conclude(s, False)
    assert caught.lost[1] == ("D3",)
    assert slipped.vp == caught.vp == (10, 0)  # the VP for defeating him stand


def test_ambush_order():
    """Ambushes: a lone mastermind goes first, otherwise the ambusher does."""
    amb = make("X")
    assert GAME.decision(GAME.start([amb], [make("M")], ambush=True)).player == 1
    assert GAME.decision(GAME.start([amb], [make("M"), make("H")], ambush=True)).player == 0


def test_ambush_awards_no_doomsday_points():
    """Ambushes (our reading 'ambush-scoring'): VP are counted, no Doomsday points."""
    s = GAME.start([make("X")], [make("M")], ambush=True)
    s = play(s, MentalAttack("M", "X"), HIT)
    r = conclude(s)
    assert r.winner == 1 and r.doomsday == (0, 0) and r.defeated[0] == ("X",)


def test_setup_rejects_nonsense():
    """Conflicts: two teams, each with at least one villain, no villain on both."""
    with pytest.raises(ValueError, match="twice"):
        GAME.start([make("A")], [make("A")])
    with pytest.raises(ValueError, match="no villains"):
        GAME.start([], [make("A")])
