"""Readings with a switch (data/asylum/interpretations.toml, data/asylum/rules.toml
[options]): each side of each switch, on the rules code, citing the rulebook
section the reading belongs to."""

from __future__ import annotations

import pytest

from factories import Rolls, make
from explorer.asylum import sections as R
from explorer.asylum.combat import AttackResult
from explorer.asylum.conflict import Block, Conclude, Conflict, MentalAttack, TacticalManeuver, UseAbility
from explorer.asylum.event_table import Fight
from explorer.asylum.game import AsylumGame, Engage, Move, Phase, RollEvent
from explorer.asylum.interpretations import load_interpretations
from explorer.asylum.params import load_rules
from explorer.asylum.why_not import tempting
from explorer.core.engine import IllegalAction
from test_game_events import ambush_fight, entering

HIT, MISS = AttackResult(True, True), AttackResult(True, False)
RULES = load_rules()


def conflict(**switches) -> tuple[Conflict, object]:
    return Conflict(), RULES.replace(**switches)


def refusal(game, state, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        game.check(state, action)
    return info.value


# -- conflicts.maneuver: "either" of three stats -----------------------------------------------

def test_conflicts_maneuver_offers_each_of_the_three_stats_best_first():
    """conflicts.maneuver (Tactical Maneuvers): 'either' Physical Attack, Mental Attack or
    Quickness: the player chooses, each is offered, his best first; each rolls its own stat."""
    game = Conflict()
    state = game.start([make("A", 2, 3, 5, 3, 4)], [make("D")])
    maneuvers = [o for o in game.decision(state).options if isinstance(o, TacticalManeuver)]
    assert [m.stat for m in maneuvers] == ["mental_attack", "physical_attack", "quickness"]
    step = game.resolve(state, TacticalManeuver("A", "quickness"), Rolls(True))  # 4 + a 5 or 6 beats 8
    assert "with Quickness: success" in step.events[0].text and step.state.vp == (3, 0)
    with pytest.raises(AssertionError, match="cannot be rolled"):  # 2 + a die never beats 8
        game.resolve(state, TacticalManeuver("A", "physical_attack"), Rolls(True))
    assert RULES.maneuver_any_stat and load_interpretations()["maneuver-stat-choice"].option == "maneuver_any_stat"


def test_conflicts_maneuver_never_with_a_defence_and_why_not_says_so():
    """conflicts.maneuver: a defence stat never counts; "why not?" tempts it and cites the section."""
    game = Conflict()
    state = game.start([make("A")], [make("D")])
    action = TacticalManeuver("A", "physical_defense")
    assert action in tempting(game, state)
    exc = refusal(game, state, action)
    assert exc.rule == R.MANEUVER and "Physical Defense" in exc.message and "our reading" not in exc.message


def test_conflicts_maneuver_best_stat_only_is_our_reading_and_why_not_names_it():
    """conflicts.maneuver, switched (maneuver_any_stat off): only the best stat is offered, and
    "why not?" names the refusal of a lower one as our reading, not the rulebook's."""
    game, rules = conflict(maneuver_any_stat=False)
    state = game.start([make("A", 2, 3, 5, 3, 4)], [make("D")], rules=rules)
    maneuvers = [o for o in game.decision(state).options if isinstance(o, TacticalManeuver)]
    assert maneuvers == [TacticalManeuver("A", "mental_attack")]
    lower = TacticalManeuver("A", "quickness")
    assert lower in tempting(game, state)
    exc = refusal(game, state, lower)
    assert exc.rule == R.MANEUVER
    assert "our reading maneuver-stat-choice" in exc.message and "rulebook lets him use any" in exc.message


# -- conflicts.blocking: which attacks can be blocked -------------------------------------------

def test_conflicts_blocking_a_physical_ability_is_blockable_unless_switched():
    """conflicts.blocking (Blocking): a physical special ability (Pounce) may be blocked; with
    ability_attacks_blockable off only the standard physical attack can be."""
    pouncer = make("P", abilities=("pounce",))
    for switch, asked in ((True, True), (False, False)):
        game, rules = conflict(ability_attacks_blockable=switch)
        state = game.start([pouncer], [make("D1"), make("D2")], rules=rules)
        step = game.resolve(state, UseAbility("P", "pounce", "D1"), Rolls(MISS))
        assert (step.state.pending is not None) is asked
        if asked:
            assert Block("D2") in game.decision(step.state).options


# -- ambush: Doomsday points for beating an ambusher ------------------------------------------

def test_ambush_scores_no_doomsday_points_unless_switched():
    """ambush (Ambushes and Recruiting Henchmen; reading ambush-scoring): beating an ambusher
    wins no Doomsday points; with ambush_win_doomsday on the party gains the winner's points
    (1, and 1 more for a sound defeat)."""
    off = ambush_fight(AsylumGame(), ("Matron Hatchet", "Scrapjaw"), doomsday=3).state
    on_game = AsylumGame(rules=RULES.replace(ambush_win_doomsday=True))
    step = ambush_fight(on_game, ("Matron Hatchet", "Scrapjaw"), doomsday=3)
    assert off.parties[0].doomsday == 3
    sound = any(e.rule == R.SOUND_DEFEAT for e in step.events)
    assert step.state.parties[0].doomsday == 3 + 1 + sound
    assert any(e.rule == R.WINNER_DOOMSDAY for e in step.events)


# -- ambush.decline: letting the ambusher go ----------------------------------------------------

def test_ambush_decline_offered_unless_switched():
    """ambush.decline (Ambushes and Recruiting Henchmen; reading ambush-decline): the player may
    let the ambusher go; with ambush_may_be_declined off the ambush is fought at once."""
    game = AsylumGame(rules=RULES.replace(ambush_may_be_declined=False))
    step = game.resolve(entering(game), RollEvent(), Rolls(5, "Gargantua"))
    assert step.state.phase == Phase.CONFLICT and step.state.conflict.setup.ambush
    assert [e.rule for e in step.events][-2:] == [R.AMBUSH, R.AMBUSH]
    with pytest.raises(IllegalAction):
        game.check(step.state, Fight())


# -- conflicts.doomsday: the Doom Ready bonus ---------------------------------------------------

def meet(game, ever=False, ready_seat=None):
    state = game.setup(2, 0, ["Matron Hatchet", "Iron Maiden"])
    state = game.arrange(state, 0, room="Guard Station")
    state = game.arrange(state, 1, room="Mess Hall", doomsday=8 if ready_seat == 1 else 1)
    if ready_seat is not None:
        state = game.arrange(state, ready_seat, doom_ready=True)
    state = state._replace(phase=Phase.MOVE, ever_doom_ready=ever or ready_seat is not None)
    state = game.resolve(state, Move("Mess Hall"), None).state
    return game.resolve(state, Engage(), None).state


def test_conflicts_doomsday_bonus_for_good_or_only_while_someone_is_doom_ready():
    """conflicts.doomsday (Doomsday points for winning; reading conflict-doom-ready-bonus): once
    anyone has been Doom Ready the bonus is 3; with doom_ready_bonus_for_good off, only while
    someone is."""
    assert meet(AsylumGame(), ever=True).conflict.setup.doom_ready
    switched = AsylumGame(rules=RULES.replace(doom_ready_bonus_for_good=False))
    assert not meet(switched, ever=True).conflict.setup.doom_ready
    assert meet(switched, ready_seat=1).conflict.setup.doom_ready


# -- doom_ready.by_conflict: who may gain it -----------------------------------------------------

def defended(game):
    """Seat 0 (Doom Ready, 8 points) attacks seat 1 (8 points), who wins 6-0."""
    state = game.setup(2, 0, ["Matron Hatchet", "Iron Maiden"])
    state = game.arrange(state, 0, room="Guard Station", doomsday=8, doom_ready=True)
    state = game.arrange(state, 1, room="Mess Hall", doomsday=7)
    state = state._replace(phase=Phase.MOVE, ever_doom_ready=True)
    state = game.resolve(state, Move("Mess Hall"), None).state
    state = game.resolve(state, Engage(), None).state
    state = game.resolve(state, TacticalManeuver("Matron Hatchet", "mental_attack"), Rolls(False)).state
    state = game.resolve(state, MentalAttack("Iron Maiden", "Matron Hatchet"), Rolls(HIT)).state
    return game.resolve(state, Conclude(), Rolls()).state


def test_doom_ready_by_conflict_the_defender_too_unless_switched():
    """doom_ready.by_conflict ('Doom Ready' & Winning the game; reading doom-ready-by-conflict):
    a defender who beats a Doom Ready attacker and has 8 points becomes Doom Ready; with
    defender_gains_doom_ready off only an attacker can."""
    assert defended(AsylumGame()).parties[1].doom_ready == "Iron Maiden"
    assert defended(AsylumGame(rules=RULES.replace(defender_gains_doom_ready=False))).parties[1].doom_ready is None


# -- mastermind.switch: what frees the unmade villains ------------------------------------------

def unmade_then_fought(game, slips=False):
    """Seat 0 (Oscar leads, Gargantua unmade) is attacked and Oscar is defeated, alone; his
    roll (Oscar's escape act) succeeds when ``slips``."""
    state = game.setup(2, 1, ["Gargantua", "Iron Maiden"])
    state = game.arrange(state, 0, villains=["Gargantua", "Oscar"], room="Mess Hall")
    party = state.parties[0]
    state = state._replace(parties=(party._replace(mastermind="Oscar", unmade=("Gargantua",)), state.parties[1]))
    state = game.arrange(state, 1, room="Guard Station")
    state = state._replace(phase=Phase.MOVE, current=1)
    state = game.resolve(state, Move("Mess Hall"), None).state
    state = game.resolve(state, Engage(), None).state
    state = game.resolve(state, MentalAttack("Iron Maiden", "Oscar"), Rolls(HIT)).state
    while (dec := game.decision(state)).options != (Conclude(),):
        state = game.resolve(state, dec.options[-1], Rolls(False)).state  # maneuvers that fail
    return game.resolve(state, Conclude(), Rolls(slips)).state.parties[0]


def test_mastermind_switch_any_defeat_frees_the_unmade_unless_switched():
    """mastermind.switch (Mastermind; reading unmade-release): the mastermind defeated (he
    recovers) frees the unmade villains; with any_defeat_frees_unmade off only his loss does."""
    assert unmade_then_fought(AsylumGame()).unmade == ()
    assert unmade_then_fought(AsylumGame(rules=RULES.replace(any_defeat_frees_unmade=False))).unmade == ("Gargantua",)


def test_mastermind_switch_a_slipped_mastermind_frees_nobody_unless_switched():
    """mastermind.switch (Mastermind; reading oscar-slips-as-mastermind): a mastermind who slips
    away is not defeated, so the unmade stay barred; with slipped_mastermind_frees_unmade on
    they are freed."""
    assert unmade_then_fought(AsylumGame(), slips=True).unmade == ("Gargantua",)
    on = AsylumGame(rules=RULES.replace(slipped_mastermind_frees_unmade=True))
    assert unmade_then_fought(on, slips=True).unmade == ()


# -- conflicts.actions: Hypnotise on a villain who has acted ------------------------------------

def test_conflicts_actions_hypnotise_on_a_villain_who_has_acted_unless_switched():
    """conflicts.actions (Conflicts; reading stun-ability): Hypnotise may target a villain who
    has already acted (nothing more happens); with stun_acted_targets off it may not."""
    hypnotist = make("H", abilities=("hypnotise",))
    for switch in (True, False):
        game, rules = conflict(stun_acted_targets=switch)
        state = game.start([hypnotist, make("A2")], [make("D1")], rules=rules)
        state = game.resolve(state, MentalAttack("A2", "D1"), Rolls(MISS)).state
        state = game.resolve(state, TacticalManeuver("D1", "physical_attack"), Rolls(False)).state
        on_d1 = UseAbility("H", "hypnotise", "D1")
        assert (on_d1 in game.decision(state).options) is switch
        if not switch:
            exc = refusal(game, state, on_d1)
            assert exc.rule == R.ACTIONS and "our reading stun-ability" in exc.message


# -- ambush.claim: the price counted after the ambush's losses ---------------------------------

def test_ambush_claim_price_after_the_losses_unless_switched():
    """ambush.claim (Ambushes and Recruiting Henchmen; reading claim-cost): one point per villain
    still in the party after the ambush; with claim_cost_after_losses off, per villain it had
    before (a lost villain counts)."""
    from explorer.asylum.ambush import cost

    for switch, price in ((True, 2), (False, 3)):
        game = AsylumGame(rules=RULES.replace(claim_cost_after_losses=switch))
        state = game.setup(2, 0, ["Matron Hatchet", "Iron Maiden"])
        state = game.arrange(state, 0, villains=["Matron Hatchet", "Scrapjaw"])  # Gargantua lost in the ambush
        assert cost(game, state, 0, ("Gargantua",)) == price
