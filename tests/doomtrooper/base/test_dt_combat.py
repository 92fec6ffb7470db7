"""Combat, steps 1 to 7 (Attack), played inside whole-game states: weapons, the
standing, the modify step as rounds of card play, resolution, status and points;
with Immunity, Casting Spells of the Art, Striking First, Freelancers, Timing,
fortifications and the Advanced Vehicle Rules."""

from __future__ import annotations

from fractions import Fraction

import pytest
from dt_helpers import GAME, W, make_state, rules_of, run_out, step, texts

from explorer.core.engine import IllegalAction
from explorer.core.rounds import PASS
from explorer.doomtrooper import Warrior, odds
from explorer.doomtrooper.base.actions import Attack
from explorer.doomtrooper.base.combat_state import ChooseWeapon, Feed, Play, Resolve, TakePoints
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Phase


def attack(state, a, d, tactic="fight", game=GAME):
    return step(game, state, Attack(a, d, tactic))


SEAN_VS_NEPHARITE = make_state(warriors=[W("Sean Gallagher", 0), W("Nepharite of Ilian", 1)])


# -- steps 1 to 3 ----------------------------------------------------------------------------------------

def test_the_attack_announces_attacker_defender_and_tactic_and_shows_the_standing():
    """Announce Attacker and Defender, Announce Battle Tactics, Determine Combat Standing."""
    state, events = attack(SEAN_VS_NEPHARITE, 0, 1, "fight")
    assert rules_of(events)[:3] == ["combat.announce", "combat.tactic", "combat.standing"]
    assert "Sean Gallagher Fight 10 against Armor 7: would wound" in events[2].text
    assert "Nepharite of Ilian Fight 8 against Armor 8: would wound" in events[2].text
    assert state.phase is Phase.COMBAT and state.actions == 0


def test_the_rulebook_example_in_a_game():
    """Determine Combat Standing (the example) through Change Warrior Status: both are wounded."""
    state, _ = attack(SEAN_VS_NEPHARITE, 0, 1)
    state, events = run_out(GAME, state)
    assert [t.wounded for t in state.troopers] == [True, True]
    assert "combat.status" in rules_of(events) and state.phase is Phase.DISCARD


def test_a_warrior_with_two_usable_weapons_chooses_one_attacker_first():
    """Equip Warrior / Determine Combat Standing: one weapon per combat, chosen by its controller
    (interpretation weapon-choice), the attacker first."""
    state = make_state(warriors=[W("Sean Gallagher", 0, attached=["Violator Sword", "Punisher Handgun"]),
                                 W("Razide", 1, attached=["Nazgaroth Blade", "Flamethrower"])])
    state, _ = attack(state, 0, 1)
    dec = GAME.decision(state)
    assert dec.player == 0 and dec.options == (ChooseWeapon(0, "Violator Sword"), ChooseWeapon(0, "Punisher Handgun"))
    state, events = step(GAME, state, ChooseWeapon(0, "Punisher Handgun"))
    assert GAME.decision(state).player == 1
    state, events = step(GAME, state, ChooseWeapon(1, "Nazgaroth Blade"))
    table = state.combat.live
    assert GAME.combat.ratings(table, 0).attack == 12 and GAME.combat.ratings(table, 1).attack == 14
    with pytest.raises(IllegalAction) as err:
        GAME.check(state, ChooseWeapon(0, "Violator Sword"))
    assert err.value.rule.section == "turn.actions" or err.value.rule.section.startswith("combat")


def test_a_single_usable_weapon_is_used_without_asking():
    state = make_state(warriors=[W("Sean Gallagher", 0, attached=["Violator Sword", "AR3000 Assault Rifle"]),
                                 W("Razide", 1)])
    state, _ = attack(state, 0, 1, "shoot")
    assert state.combat.live.weapons == ((0, "AR3000 Assault Rifle"),)


# -- step 4: the modify step --------------------------------------------------------------------------------

def test_the_attacking_player_modifies_first_and_plays_as_many_cards_as_he_likes():
    """Modify Combat Ratings / Timing: the attacker first; he plays several cards, then passes;
    copies of a modifier add up."""
    state = make_state(warriors=[W("Sean Gallagher", 0), W("Razide", 1)],
                       hands=(["Powerful Blow", "Powerful Blow"], ["Narrow Escape"]))
    state, _ = attack(state, 0, 1)
    assert GAME.decision(state).player == 0
    state, _ = step(GAME, state, Play("Powerful Blow", 0))
    assert GAME.decision(state).player == 0
    state, events = step(GAME, state, Play("Powerful Blow", 0))
    assert GAME.combat.ratings(state.combat.live, 0).attack == 14
    assert texts(events)[-1] == "seat 0 passes"  # nothing more to play: he passes, as if he had said so
    assert GAME.decision(state).player == 1


def test_the_step_ends_when_every_player_has_passed_in_a_row():
    """Modify Combat Ratings: after the defender's card the attacker may answer again."""
    state = make_state(warriors=[W("Sean Gallagher", 0), W("Razide", 1)],
                       hands=(["Powerful Blow", "Weak Spot"], ["Narrow Escape"]))
    state, _ = attack(state, 0, 1)
    state, _ = step(GAME, state, Play("Powerful Blow", 0))
    state, _ = step(GAME, state, PASS)
    state, _ = step(GAME, state, Play("Narrow Escape", 1))
    dec = GAME.decision(state)
    assert dec.player == 0 and Play("Weak Spot", 1) in dec.options  # seat 1 had nothing more: it passed
    state, _ = step(GAME, state, PASS)
    assert state.combat.step == "resolve"


def test_in_a_multi_player_game_the_others_play_after_the_defender():
    """Modify Combat Ratings: attacker, defender, then the other players."""
    state = make_state(warriors=[W("Sean Gallagher", 0), W("Razide", 1), W("Necromutant", 2)],
                       hands=(["Powerful Blow"], ["Narrow Escape"], ["Weak Spot"]), destiny=(5, 5, 5),
                       promotion=(0, 0, 0), turns=(2, 2, 2))
    state, _ = attack(state, 0, 1)
    assert state.combat.live.order == (0, 1, 2)
    seen = []
    for _ in range(3):
        dec = GAME.decision(state)
        seen.append(dec.player)
        state, _ = step(GAME, state, PASS)
    assert seen == [0, 1, 2]


def test_negative_ratings_still_count():
    """Modify Combat Ratings: ratings may drop below zero and still count."""
    state = make_state(warriors=[W("Imperial Trencher", 0), W("Undead Legionnaire", 1)],
                       hands=([], ["Crippling Shot", "Crippling Shot"]))
    state, _ = attack(state, 0, 1)
    state, _ = step(GAME, state, Play("Crippling Shot", 0))
    state, _ = step(GAME, state, Play("Crippling Shot", 0))
    assert GAME.combat.ratings(state.combat.live, 0).attack == 4 - 8


def test_a_later_card_may_cancel_an_earlier_one():
    """Timing: within the modify step a card may be countered later; the later card wins."""
    state = make_state(warriors=[W("Sean Gallagher", 0), W("Razide", 1)],
                       hands=(["Countermand"], ["Narrow Escape"]))
    state, _ = attack(state, 0, 1)
    assert GAME.decision(state).player == 1  # nothing of seat 1's to cancel yet: seat 0 passed
    state, _ = step(GAME, state, Play("Narrow Escape", 1))
    assert GAME.combat.ratings(state.combat.live, 1).armor == 11
    state, _ = step(GAME, state, Play("Countermand", None))
    assert GAME.combat.ratings(state.combat.live, 1).armor == 8
    state, _ = run_out(GAME, state)
    assert {"Countermand", "Narrow Escape"} <= {c for s in state.seats for c in s.discard}


def test_a_card_that_changes_the_defender_lets_its_owner_fight_his_own_warrior():
    """Modify Combat Ratings / Award Points: a card may force a player's warriors to fight each
    other; a kill of his own warrior earns Destiny Points only."""
    state = make_state(warriors=[W("Razide", 0), W("Imperial Trencher", 0, wounded=True), W("Sean Gallagher", 1)],
                       hands=([], ["Treachery"]), destiny=(3, 3))
    state, _ = attack(state, 0, 2)
    dec = GAME.decision(state)
    assert Play("Treachery", 1) in dec.options and Play("Treachery", 0) not in dec.options
    state, _ = step(GAME, state, Play("Treachery", 1))
    assert state.combat.live.defender == 1
    state, events = run_out(GAME, state)
    assert "combat.award.own" in rules_of(events)
    assert state.seats[0].promotion == 0 and state.purses[0] == 3 + 2
    assert state.find(1) is None


def test_a_bodyguard_takes_the_defenders_place():
    state = make_state(warriors=[W("Razide", 0), W("Imperial Trencher", 1), W("Sean Gallagher", 1)],
                       hands=([], ["Bodyguard"]))
    state, _ = attack(state, 0, 1)
    state, _ = step(GAME, state, Play("Bodyguard", 2))
    assert state.combat.live.defender == 2


# -- Art spells in combat -------------------------------------------------------------------------------

def test_a_combat_spell_is_cast_by_any_caster_and_paid_for():
    """Casting Spells of the Art: a Combat Spell by a caster in your Squad not in the combat, for
    its Destiny cost; more Destiny Points may be fed to it during the step."""
    state = make_state(warriors=[W("Sean Gallagher", 0), W("Brotherhood Mystic", 0), W("Nepharite of Ilian", 1)],
                       hands=(["Kinetic Blast"], []), destiny=(3, 3))
    state, _ = attack(state, 0, 2, "shoot")
    assert Play("Kinetic Blast", 0, 1) in GAME.decision(state).options
    state, events = step(GAME, state, Play("Kinetic Blast", 0, 1))
    assert "cast by Brotherhood Mystic" in events[0].text and state.combat.live.purses[0] == 2
    assert GAME.combat.ratings(state.combat.live, 0).attack == 7
    state, events = step(GAME, state, Feed(0))
    assert GAME.combat.ratings(state.combat.live, 0).attack == 8 and state.combat.live.purses[0] == 1
    state, _ = run_out(GAME, state)
    assert state.purses[0] == 1


def test_a_personal_combat_spell_needs_the_caster_in_the_combat():
    """Casting Spells of the Art: a Personal Combat Spell only by a caster fighting in it."""
    state = make_state(warriors=[W("Sean Gallagher", 0), W("Brotherhood Mystic", 0), W("Razide", 1)],
                       hands=(["Mental Shield", "Powerful Blow"], []))
    state, _ = attack(state, 0, 2)
    assert [o.card for o in GAME.decision(state).options if isinstance(o, Play)] == ["Powerful Blow"]
    with pytest.raises(IllegalAction) as err:
        GAME.check(state, Play("Mental Shield", 0, 1))
    assert err.value.rule.section == "art.combat"
    state = make_state(warriors=[W("Brotherhood Mystic", 0), W("Razide", 1)], hands=(["Mental Shield"], []))
    state, _ = attack(state, 0, 1)
    assert Play("Mental Shield", 0, 0) in GAME.decision(state).options


def test_pure_casters_cast_only_on_doomtroopers_and_tainted_ones_on_anyone():
    """Casting Spells of the Art: the Art never helps the Dark Legion; a tainted caster (also a
    heretic) casts on any warrior."""
    g = GAME
    pure = next(t for t in make_state(warriors=[W("Brotherhood Mystic", 0)]).troopers)
    tainted = next(t for t in make_state(warriors=[W("Tainted Inquisitor", 0)]).troopers)
    legion = next(t for t in make_state(warriors=[W("Razide", 1)]).troopers)
    sean = next(t for t in make_state(warriors=[W("Sean Gallagher", 1)]).troopers)
    heretic = next(t for t in make_state(warriors=[W("Heretic Agent", 1)]).troopers)
    assert g.combat.may_cast_on(pure, sean) and not g.combat.may_cast_on(pure, legion)
    assert g.combat.may_cast_on(tainted, legion) and g.combat.may_cast_on(tainted, sean)
    assert g.combat.may_cast_on(heretic, legion) and not g.combat.may_cast_on(heretic, sean)


def test_a_pure_caster_may_not_cast_to_assist_your_dark_legion_warrior():
    """Casting Spells of the Art (art.targets): no spell to assist your own Dark Legion warrior in
    combat, not even one aimed at the Doomtrooper it fights; against your Doomtrooper's foe it may."""
    for mine, ok in (("Razide", False), ("Venusian Ranger", True)):
        state = make_state(warriors=[W(mine, 0), W("Inquisitor Majoris", 0), W("Sean Gallagher", 1)],
                           hands=(["Mind Fog", "Powerful Blow"], []))
        state, _ = attack(state, 0, 2)
        assert (Play("Mind Fog", 2, 1) in GAME.decision(state).options) is ok
        if not ok:
            with pytest.raises(IllegalAction) as err:
                GAME.check(state, Play("Mind Fog", 2, 1))
            assert err.value.rule.section == "art.targets" and "Dark Legion" in str(err.value)


def test_a_caster_must_be_in_the_squad_and_shown():
    """Casting Spells of the Art: the caster must be in your Squad (it may be in cover, but a warrior
    hidden in cover may not cast: interpretation hidden-caster)."""
    base = [W("Sean Gallagher", 0), W("Razide", 1)]
    for caster, ok in ((W("Brotherhood Mystic", 0, cover=True), True),
                       (W("Brotherhood Mystic", 0, cover=True, hidden=True, unpaid=True), False)):
        state = make_state(warriors=base + [caster], hands=(["Elemental Ward"], []))
        state, _ = attack(state, 0, 1)
        assert (Play("Elemental Ward", 0, 2) in GAME.decision(state).options) is ok


def test_immunity_to_the_art_forbids_spells_and_switches_off_lasting_ones():
    """Immunity: no spell may be cast in a combat with an opponent immune to the Art, and spells
    already working turn off (the rulebook's Improve Self against Alakhai the Cunning)."""
    state = make_state(warriors=[W("Inquisitor Majoris", 0, attached=["Improve Self"]), W("Alakhai the Cunning", 1),
                                 W("Razide", 1)], hands=(["Elemental Ward", "Powerful Blow"], []))
    against_razide, _ = attack(state, 0, 2)
    assert GAME.combat.ratings(against_razide.combat.live, 0).attack == 7 + 2
    assert any(isinstance(o, Play) for o in GAME.decision(against_razide).options)
    against_alakhai, _ = attack(state, 0, 1)
    assert GAME.combat.ratings(against_alakhai.combat.live, 0).attack == 7
    assert [o.card for o in GAME.decision(against_alakhai).options if isinstance(o, Play)] == ["Powerful Blow"]
    with pytest.raises(IllegalAction) as err:
        GAME.check(against_alakhai, Play("Elemental Ward", 0, 0))
    assert err.value.rule.section == "immunity"
    _, events = run_out(GAME, against_alakhai)
    assert "immunity" in rules_of(events)


def test_immunity_to_gifts_spares_the_gifts_of_apostles():
    """Immunity: immune to Dark Symmetry Gifts means the lesser ones only; immune to Dark Symmetry
    cards means all of them."""
    legion = W("Centurion of Algeroth", 1, attached=["Dark Strength", "Distort"])
    vs_sacred = make_state(warriors=[W("Sacred Warrior", 0), legion])
    vs_chasseur = make_state(warriors=[W("Cybertronic Chasseur", 0), legion])
    vs_plain = make_state(warriors=[W("Imperial Blood Beret", 0), legion])
    fights = [attack(s, 0, 1)[0] for s in (vs_plain, vs_sacred, vs_chasseur)]
    assert [GAME.combat.ratings(s.combat.live, 1).attack for s in fights] == [7 + 2 + 2, 7 + 2, 7]


# -- fortifications and vehicles ------------------------------------------------------------------------

def test_fortifications_help_their_area_but_not_a_warrior_inside_a_vehicle():
    """Build Fortification / Advanced Vehicle Rules: a fortification helps its area's warriors; a
    warrior inside its vehicle gets no fortification help."""
    forts = (("Bunker", "Cathedral"), ())
    state = make_state(warriors=[W("Sean Gallagher", 0), W("Brotherhood Mystic", 0),
                                 W("Golden Lion Sergeant", 0, attached=["Armored Jeep"], inside=True), W("Razide", 1)],
                       fortifications=forts)
    combat = GAME.combat
    for uid, armor in ((0, 8 + 2), (1, 5 + 2 + 1), (2, 6 + 2)):
        s, _ = attack(state, uid, 3) if uid != 1 else (None, None)
        if s is None:
            from explorer.doomtrooper.base.combat_state import Table
            table = Table("fight", 1, 3, state.troopers, forts, state.purse_of, (0, 1), (), ())
            assert combat.ratings(table, 1).armor == armor
        else:
            assert combat.ratings(s.combat.live, uid).armor == armor


def test_a_vehicle_helps_only_its_warrior_inside_and_restricts_as_it_says():
    """Advanced Vehicle Rules: benefits only inside; a vehicle restricting weapons stops weapons, one
    restricting equipment stops all other equipment."""
    tank_in = W("Sean Gallagher", 0, attached=["Grizzly Tank", "AR3000 Assault Rifle", "Combat Armor"], inside=True)
    tank_out = tank_in | {"inside": False}
    ornithopter = W("Sean Gallagher", 0, attached=["Ornithopter", "AR3000 Assault Rifle", "Combat Armor"], inside=True)
    results = []
    for w in (tank_in, tank_out, ornithopter):
        s, _ = attack(make_state(warriors=[w, W("Razide", 1)]), 0, 1, "shoot")
        r = GAME.combat.ratings(s.combat.live, 0)
        results.append((r.attack, r.armor))
    assert results == [(5 + 3, 8 + 4 + 3), (5 + 3, 8 + 3), (5 + 2, 8 + 2)]


# -- steps 5 to 7 -------------------------------------------------------------------------------------------

def test_the_killer_splits_the_points_between_promotion_and_destiny():
    """Award Points: the modified Value of the slain, as Promotion or Destiny Points or a split."""
    state = make_state(warriors=[W("Sean Gallagher", 0), W("Nepharite of Ilian", 1, wounded=True,
                                                              attached=["Unholy Carapace"])], destiny=(1, 1))
    state, events = attack(state, 0, 1)
    assert texts(events)[-2:] == ["seat 0 passes", "seat 1 passes"]  # nobody has a card to play
    dec = GAME.decision(state)
    assert dec.player is None and dec.options == (Resolve(),)
    state, events = step(GAME, state, Resolve())
    dec = GAME.decision(state)
    assert dec.player == 0 and dec.options == tuple(TakePoints(k) for k in range(6))
    state, events = step(GAME, state, TakePoints(2))
    assert state.seats[0].promotion == 2 and state.purses[0] == 1 + 3
    assert "Unholy Carapace" in state.seats[1].discard and "Nepharite of Ilian" in state.seats[1].discard


def test_both_killed_both_earn():
    """Award Points: if both warriors are killed, both players earn points."""
    state = make_state(warriors=[W("Sean Gallagher", 0, wounded=True), W("Nepharite of Ilian", 1, wounded=True)])
    state, _ = attack(state, 0, 1)
    state, events = run_out(GAME, state)
    assert state.troopers == () and state.seats[0].promotion == 5 and state.seats[1].promotion == 6


def test_a_freelancer_earns_destiny_only():
    """Freelancers: they earn Destiny Points, never Promotion Points."""
    state = make_state(warriors=[W("Freelance Mercenary", 0), W("Undead Legionnaire", 1, wounded=True)],
                       destiny=(0, 0))
    state, _ = attack(state, 0, 1)
    state, events = run_out(GAME, state)
    assert "freelancers" in rules_of(events) and state.seats[0].promotion == 0 and state.purses[0] == 2


def test_a_defender_in_cover_gets_three_armor_and_stays_in_cover():
    """Seek Cover / Determine Combat Standing: +3 Armor, and it stays in cover after the combat."""
    state = make_state(warriors=[W("Razide", 0, attached=["Nazgaroth Blade"]), W("Sean Gallagher", 1, cover=True),
                                 W("Bauhaus Blitzer", 1)])
    state, events = attack(state, 0, 1)
    assert "Armor 11 (in cover)" in next(e.text for e in events if e.rule.section == "combat.standing")
    state, _ = run_out(GAME, state)
    sean = state.find(1)
    assert sean.cover and sean.wounded


def test_the_dice_variant_in_a_game_gives_the_odds_table():
    """Doomtrooper with Dice: the game's resolution, enumerated, equals odds.combat."""
    game = DoomtrooperGame(rules=override_rules({"dice": "2d6"}))
    state = make_state(game, warriors=[W("Sean Gallagher", 0), W("Nepharite of Ilian", 1)])
    state, _ = step(game, state, Attack(0, 1, "fight"))
    dist = game.apply(state, Resolve())
    got = {}
    for s, p in dist.pairs:
        status = {dict(e.data)["uid"]: dict(e.data)["status"] for e in s.events if e.rule.section == "combat.status"}
        key = (status[0], status[1])
        got[key] = got.get(key, 0) + p
    sean = Warrior("Sean Gallagher", 10, 5, 8, 6, "Imperial")
    neph = Warrior("Nepharite of Ilian", 8, 8, 7, 5, "Dark Legion")
    assert got == odds.combat(sean, neph, dice="2d6") and sum(got.values()) == Fraction(1)
    assert any(e.rule.section == "variants.dice" for s, _ in dist.pairs for e in s.events)


def test_under_the_dice_rule_the_log_shows_every_roll():
    """Doomtrooper with Dice (variants.dice): the log shows each blow's two rolls and the sums."""
    game = DoomtrooperGame(rules=override_rules({"dice": "2d6"}))
    state = make_state(game, warriors=[W("Sean Gallagher", 0), W("Nepharite of Ilian", 1)])
    state, _ = step(game, state, Attack(0, 1, "fight"))
    state, events = step(game, state, Resolve(), seed=4)
    rolls = next(e for e in events if e.text.startswith("Rolls: "))
    assert rolls.rule.section == "variants.dice" and len(dict(rolls.data)["rolls"]) == 2
    (_, a, b), (_, c, d) = dict(rolls.data)["rolls"]
    assert f"Sean Gallagher Fight 10 + {a} = {10 + a} against Nepharite of Ilian Armor 7 + {b} = {7 + b}" in rolls.text
    assert f"Nepharite of Ilian Fight 8 + {c} = {8 + c} against Sean Gallagher Armor 8 + {d} = {8 + d}" in rolls.text


def test_a_death_in_combat_is_logged_once():
    """Change Warrior Status (combat.status): a killed warrior's death is one line; its going to the
    discard pile with its cards does not say it again."""
    state = make_state(warriors=[W("Sean Gallagher", 0), W("Nepharite of Ilian", 1, wounded=True,
                                                            attached=["Nazgaroth Blade"])])
    state, _ = attack(state, 0, 1)
    state, events = run_out(GAME, state)
    assert sum("killed" in e.text for e in events) == 1
    assert "Nepharite of Ilian (seat 1) is discarded with Nazgaroth Blade" in texts(events)


def test_a_card_that_does_nothing_in_this_tactic_is_not_offered():
    """Determine Combat Standing (combat.standing): a Fight-only card does nothing in a Shoot combat,
    so it is neither offered nor allowed; in a Fight combat it is."""
    for tactic, ok in (("shoot", False), ("fight", True)):
        state = make_state(warriors=[W("Sean Gallagher", 0), W("Nepharite of Ilian", 1)],
                           hands=(["Powerful Blow", "Narrow Escape"], []))
        state, _ = attack(state, 0, 1, tactic)
        assert (Play("Powerful Blow", 0) in GAME.decision(state).options) is ok
        if not ok:
            with pytest.raises(IllegalAction) as err:
                GAME.check(state, Play("Powerful Blow", 0))
            assert err.value.rule.section == "combat.standing" and "only Fight" in str(err.value)


def test_a_fed_spell_shows_the_resulting_total():
    """Casting Spells of the Art (art): feeding a spell logs what it now gives in all and the rating."""
    state = make_state(warriors=[W("Sean Gallagher", 0), W("Brotherhood Mystic", 0), W("Nepharite of Ilian", 1)],
                       hands=(["Kinetic Blast"], []), destiny=(3, 3))
    state, _ = attack(state, 0, 2, "shoot")
    state, _ = step(GAME, state, Play("Kinetic Blast", 0, 1))
    state, events = step(GAME, state, Feed(0))
    assert "Kinetic Blast now gives +3 Shoot: Sean Gallagher Shoot 8" in events[0].text


def test_a_warrior_never_fights_itself():
    """Modify Combat Ratings: after Treachery makes two of a player's warriors fight, his Bodyguard
    may bring in a third warrior, never the Attacker itself."""
    state = make_state(warriors=[W("Razide", 0), W("Imperial Trencher", 0), W("Tekron", 0), W("Sean Gallagher", 1)],
                       hands=(["Bodyguard"], ["Treachery"]))
    state, _ = attack(state, 0, 3)
    state, _ = step(GAME, state, Play("Treachery", 1))
    assert state.combat.live.defender == 1
    options = [o for o in GAME.decision(state).options if isinstance(o, Play)]
    assert options == [Play("Bodyguard", 2)]


def test_considered_infantry_by_name_only():
    """Cards That Are Considered Other Cards: Mitch Hunter, considered an Infantry warrior, is
    helped by a card for Infantry warriors, but does not gain the Infantry card's own ability
    (the Capitol Light Infantry strikes first; Mitch does not)."""
    state = make_state(warriors=[W("Mitch Hunter", 0), W("Venusian Ranger", 0), W("Razide", 1)],
                       hands=(["Infantry Drill", "Powerful Blow"], []))
    mitch, _ = attack(state, 0, 2)
    assert Play("Infantry Drill", 0) in GAME.decision(mitch).options
    assert not GAME.combat.ratings(mitch.combat.live, 0).first
    ranger, _ = attack(state, 1, 2)
    assert not any(o == Play("Infantry Drill", 1) for o in GAME.decision(ranger).options)
    infantry = make_state(warriors=[W("Capitol Light Infantry", 0), W("Razide", 1)])
    s, _ = attack(infantry, 0, 1)
    assert GAME.combat.ratings(s.combat.live, 0).first


def test_the_terms_of_a_rating_add_up_to_it():
    """Determine Combat Standing / Modify Combat Ratings: every combatant's ratings are the sum of
    their terms (card, equipment, gifts, spells, fortifications, cover, cards played), each
    citing its rule; checked on many random combats."""
    import random

    from explorer.doomtrooper.base.combat_state import Table

    rng = random.Random(11)
    pool = GAME.pool
    warriors = [c.name for c in pool.of_type("warrior")]
    extras = [c.name for c in pool.values() if c.type in ("equipment", "dark_symmetry")]
    for _ in range(200):
        a = W(rng.choice(warriors), 0, attached=rng.sample(extras, 3), inside=False)
        d = W(rng.choice(warriors), 1, attached=rng.sample(extras, 3), cover=rng.random() < 0.5)
        state = make_state(warriors=[a, d], fortifications=(("Bunker", "Citadel of Algeroth"), ("Dark Shrine",)))
        table = Table(rng.choice(("fight", "shoot")), 0, 1, state.troopers, (("Bunker", "Citadel of Algeroth"),
                      ("Dark Shrine",)), (0, 1), (0, 1), (), ())
        for uid in (0, 1):
            r, terms = GAME.combat.explain(table, uid)
            assert r == GAME.combat.ratings(table, uid)
            assert (sum(t.attack for t in terms), sum(t.armor for t in terms), sum(t.value for t in terms)) == \
                   (r.attack, r.armor, r.value)
            assert all(t.rule.game == "doomtrooper" for t in terms)


def test_the_odds_explain_their_numbers():
    sean = Warrior("Sean Gallagher", 10, 5, 8, 6, "Imperial", equipment=("Violator Sword", "Combat Armor"))
    f = odds.fight(sean, Warrior("Nepharite of Ilian", 8, 8, 7, 5, "Dark Legion"), cover=True)
    sources = [f.label(t).source for t in f.terms[0]]
    assert sources == ["Sean Gallagher (printed)", "Violator Sword", "Combat Armor"]
    assert [f.label(t).source for t in f.terms[1]] == ["Nepharite of Ilian (printed)", "in cover"]
