"""INTERCEPT PHASE (the Track Roll, Wrong Track, Foiled, Thwarted), the Villain
Table, and ATTACK PHASE (Combat Rolls, further attacks, the Showdown, escapes)."""

from __future__ import annotations

from fractions import Fraction

from vichelp import GAME, forced, refused, step, texts

from explorer.victorian.actions import (Attack, Control, Discard, Done, Facilitate, Foil, LookAt, Pass, PlayEvent,
                                        Shed, Showdown, Stop, Strike, TakeWound, Track, Wheels)
from explorer.victorian.game import VictorianGame
from explorer.victorian.state import HEROES, VILLAINS, Choose, Ending, Escape, Fighting, Phase, Respond, WoundChoice


def intercept(heroes=("Sherlock Holmes",), villains=("Professor Moriarty",), **kw):
    return GAME.scenario(heroes=list(heroes), villains=list(villains), at=Phase.INTERCEPT, **kw)


def track_total(events):
    return next(dict(e.data)["roll"]["total"] for e in events if "roll" in dict(e.data))


def test_each_hero_picks_a_target_mastermind_and_rolls_2d6_plus_track():
    """INTERCEPT PHASE: each Hero picks a target Mastermind and rolls 2D6, adding his Track Bonuses."""
    s = intercept(villains=("Professor Moriarty", "Dr Moreau"))
    assert [o for o in GAME.decision(s).options if isinstance(o, Track)] == [
        Track("Sherlock Holmes", "Professor Moriarty"), Track("Sherlock Holmes", "Dr Moreau")]
    s, events = step(s, Track("Sherlock Holmes", "Dr Moreau"), 4)
    assert track_total(events) == 8
    refused(s, Track("Sherlock Holmes", "Professor Moriarty"), "intercept")  # one Track Roll a turn


def test_track_bonuses_add_up_with_their_cards_and_rules():
    """INTERCEPT PHASE: the Track Bonuses of the Hero: his own, his vehicle's, the Museum's for a Scholar."""
    s = intercept(gear={"Sherlock Holmes": ["Balloon"]}, locations={None: ["Museum of London"]})
    from explorer.victorian.odds import explain_roll
    e = explain_roll(s, "track", "Sherlock Holmes")
    assert [(t["label"], t["value"], t["rule"]) for t in e["terms"]] == [
        ("Sherlock Holmes's Track", 4, "cards.heroes"), ("Balloon", 1, "recruit.attach"),
        ("Museum of London", 1, "cards.heroes")]
    assert e["modifier"] == 6 and e["odds"]["thwarted"] == Fraction(30, 36)  # 2D6 >= 5


def test_wrong_track_gives_every_hero_track_minus_one_this_turn():
    """INTERCEPT PHASE: 5 or less: On the Wrong Track: all Heroes get Track -1 this turn (each one more:
    register wrong-track-stacks)."""
    s = intercept(heroes=("Chevalier Dupin", "Tarzan", "Van Helsing"))
    s, _ = step(s, Track("Chevalier Dupin", "Professor Moriarty"), 2)  # 2 + 2 = 4
    s, events = step(s, Track("Tarzan", "Professor Moriarty"), 2)  # 2 + 2 - 1 = 3
    assert track_total(events) == 3
    s, events = step(s, Track("Van Helsing", "Professor Moriarty"), 6)  # 6 + 2 - 2
    assert track_total(events) == 6
    once = VictorianGame(rules=GAME.rules.replace(wrong_track_stacks=False))
    t = intercept(heroes=("Chevalier Dupin", "Tarzan", "Van Helsing"))
    t, _ = step(t, Track("Chevalier Dupin", "Professor Moriarty"), 2, game=once)
    t, _ = step(t, Track("Tarzan", "Professor Moriarty"), 2, game=once)
    t, events = step(t, Track("Van Helsing", "Professor Moriarty"), 6, game=once)
    assert track_total(events) == 7


def test_dead_end_finds_nothing():
    """INTERCEPT PHASE: 6-9: Dead End: nothing found."""
    s = intercept(plots={"Professor Moriarty": ["Bank Heist"]})
    s, _ = step(s, Track("Sherlock Holmes", "Professor Moriarty"), 5)
    assert len(s.villains.plots) == 1 and s.thwarted == frozenset() and s.mods == ()


def test_foiled_discards_one_target_plot_the_heroes_choice():
    """INTERCEPT PHASE: 10: Foiled: discard one target Plot card (register: foil-choice)."""
    s = intercept(plots={"Professor Moriarty": ["Bank Heist", "Start War"]})
    s, _ = step(s, Track("Sherlock Holmes", "Professor Moriarty"), 6)
    assert s.pending[0] == Choose(HEROES, "foil", "Professor Moriarty", "intercept.foiled")
    s, _ = step(s, Foil("Start War"))
    assert [p.card for p in s.villains.plots] == ["Bank Heist"] and "Start War" in s.villains.discard
    assert "Professor Moriarty" not in s.thwarted


def test_thwarted_discards_every_plot_of_the_villain():
    """INTERCEPT PHASE: 11+: Villain is Thwarted: discard all his Plot cards in play."""
    s = intercept(villains=("Professor Moriarty", "Dr Moreau"),
                  plots={"Professor Moriarty": ["Bank Heist", "Start War"], "Dr Moreau": ["Vile Scheme"]})
    s, _ = step(s, Track("Sherlock Holmes", "Professor Moriarty"), 7)
    assert [p.card for p in s.villains.plots] == ["Vile Scheme"] and s.thwarted == {"Professor Moriarty"}


def test_the_villains_may_answer_a_track_roll_with_a_penalty():
    """INTERCEPT PHASE: event cards give Bonuses or Penalties: Shadows & Substance, Hero gets Track -2."""
    s = intercept(hands={"villains": ["Shadows & Substance"]})
    s, _ = step(s, Track("Sherlock Holmes", "Professor Moriarty"))
    assert s.pending[0] == Respond(VILLAINS, s.pending[0].roll)
    s, _ = step(s, PlayEvent("Shadows & Substance", "Sherlock Holmes"))
    s, _ = step(s, Pass())
    s, events = forced(s, 7)
    assert track_total(events) == 9


def test_the_heroes_play_track_bonuses_before_rolling():
    """INTERCEPT PHASE: event bonuses: Deduction, Detective gets Track +2 this turn; Morris Code: all heroes +1."""
    s = intercept(heroes=("Sherlock Holmes", "Tarzan"), hands={"heroes": ["Deduction", "Morris Code"]})
    assert PlayEvent("Deduction", "Tarzan") not in GAME.decision(s).options
    s, _ = step(s, PlayEvent("Deduction", "Sherlock Holmes"))
    s, _ = step(s, PlayEvent("Morris Code"))
    s, events = step(s, Track("Sherlock Holmes", "Professor Moriarty"), 2)
    assert track_total(events) == 2 + 4 + 2 + 1
    s, events = step(s, Track("Tarzan", "Professor Moriarty"), 2)
    assert track_total(events) == 2 + 2 + 1


def test_an_interrogation_helps_the_next_track_roll_once():
    """ASSASSIN PHASE / INTERCEPT PHASE (register: interrogated): +1 to the next Track Roll, then spent."""
    s = intercept(heroes=("Sherlock Holmes", "Tarzan"))
    s = s._replace(sides=(s.heroes._replace(leads=1), s.villains))
    s, events = step(s, Track("Tarzan", "Professor Moriarty"), 5)
    assert track_total(events) == 5 + 2 + 1 and s.heroes.leads == 0
    s, events = step(s, Track("Sherlock Holmes", "Professor Moriarty"), 5)
    assert track_total(events) == 5 + 4


def test_a_facilitator_adds_one_to_one_roll():
    """CARD TRAITS: Facilitator: gives one Hero +1 to any one roll once per turn; he may not track himself."""
    s = intercept(heroes=("Sherlock Holmes", "Campion Bond"))
    assert not any(isinstance(o, Track) and o.hero == "Campion Bond" for o in GAME.decision(s).options)
    s, _ = step(s, Facilitate("Campion Bond", "Sherlock Holmes"))
    refused(s, Facilitate("Campion Bond", "Sherlock Holmes"), "traits.facilitator")
    s, events = step(s, Track("Sherlock Holmes", "Professor Moriarty"), 5)
    assert track_total(events) == 10 and not s.mods


# -- the Villain Table ---------------------------------------------------------------------------------

def table(hands=None, **kw):
    return GAME.scenario(heroes=["Tarzan"], villains=["Dr Moreau"], at=Phase.TRACK, hands=hands, **kw)


def test_neutralize_the_heroes_discard_a_card():
    """INTERCEPT PHASE: the Villain Table: 1 Neutralize: the opponent must discard 1 card."""
    s, _ = forced(table(hands={"heroes": ["Train"]}), 1)
    assert GAME.decision(s).player == "heroes"
    s, _ = step(s, Discard("Train"))
    assert s.heroes.hand == () and s.heroes.discard == ("Train",)


def test_machinations_spies_and_manipulations():
    """INTERCEPT PHASE: the Villain Table: 2 Machinations (either deck), 3 Spies (the hand), 4 Manipulations."""
    s, _ = forced(table(), 2)
    assert GAME.decision(s).options == (LookAt("heroes"), LookAt("villains"))
    s, _ = forced(table(hands={"heroes": ["Train"]}), 3)
    assert s.heroes.exposed == ("Train",)
    s, _ = forced(table(), 4)
    s, _ = step(s, Control("Tarzan"))
    assert s.villains.unit("Tarzan").master == "Dr Moreau"


def test_hirelings_are_two_tokens_of_the_masterminds_kind():
    """INTERCEPT PHASE: the Villain Table: 5 Hirelings: gain 2 Minion Tokens (register: hirelings)."""
    s, _ = forced(table(), 5)
    assert [u.card for u in s.villains.units if u.token] == ["Hybrid", "Hybrid"]
    s = GAME.scenario(villains=["Professor Moriarty"], at=Phase.TRACK)
    s, _ = forced(s, 5)
    assert [u.card for u in s.villains.units if u.token] == ["Hireling", "Hireling"]


def test_wheels_in_motion_draw_or_a_counter():
    """INTERCEPT PHASE: the Villain Table: 6 Wheels in Motion: draw 1 card or 1 Plot Counter on a plot in play; a
    major plot's fourth counter wins at once (register: wheels-in-motion)."""
    s, _ = forced(table(plots={"Dr Moreau": [("Start War", 3)]}), 6)
    assert GAME.decision(s).options == (Wheels(None), Wheels("Start War"))
    won, _ = step(s, Wheels("Start War"))
    assert won.result.winners == (VILLAINS,) and won.result.ending is Ending.MAJOR_PLOT


# -- Attack Phase ---------------------------------------------------------------------------------------

def attack(hero="Tarzan", minions=("Chinese Horde",), **kw):
    return GAME.scenario(heroes=[hero], villains=["Dr Fu-Man-Chu"], minions={"Dr Fu-Man-Chu": list(minions)},
                         thwarted=["Dr Fu-Man-Chu"], at=Phase.ATTACK, **kw)


def combat(events):
    return next(dict(e.data)["roll"] for e in events if "roll" in dict(e.data))


def test_only_a_mastermind_thwarted_this_turn_may_be_attacked():
    """ATTACK PHASE: the Heroes may attack any Mastermind that was Thwarted this turn."""
    s = GAME.scenario(heroes=["Tarzan"], villains=["Dr Moreau"], at=Phase.ATTACK)
    assert s.phase is not Phase.ATTACK  # nobody thwarted: the phase passes
    s = GAME.scenario(heroes=["Tarzan"], villains=["Dr Moreau", "Dr Fu-Man-Chu"], thwarted=["Dr Fu-Man-Chu"],
                      at=Phase.ATTACK)
    refused(s, Attack("Tarzan", "Dr Moreau"), "attack")


def test_a_hero_who_tracked_another_villain_cannot_attack():
    """ATTACK PHASE: heroes that attempted to thwart a different Villain cannot attack."""
    s = attack()
    s = s._replace(tracked=(("Tarzan", "Dr Moreau"),))
    refused(s, Attack("Tarzan", "Dr Fu-Man-Chu"), "attack")
    s = s._replace(tracked=(("Tarzan", "Dr Fu-Man-Chu"),))
    GAME.check(s, Attack("Tarzan", "Dr Fu-Man-Chu"))


def test_the_hero_must_target_a_minion_first():
    """ATTACK PHASE: the Hero must target a Minion of the Villain; no Showdown while one is left."""
    s, _ = step(attack(), Attack("Tarzan", "Dr Fu-Man-Chu"))
    assert s.pending[0] == Fighting(HEROES, "Tarzan", "Dr Fu-Man-Chu", 0)
    assert GAME.decision(s).options == (Strike("Chinese Horde 1"),)
    refused(s, Showdown(), "attack")
    refused(s, Stop(), "attack")


def test_the_combat_roll_and_the_minion_is_always_killed():
    """ATTACK PHASE: roll 1D6, add the Hero's Fight, subtract the Minion's; the Minion is always killed. 4-6: the
    hero is unscathed but must stop."""
    s, _ = step(attack(), Attack("Tarzan", "Dr Fu-Man-Chu"))
    s, events = step(s, Strike("Chinese Horde 1"), 4)
    roll = combat(events)
    assert [(t["label"], t["value"]) for t in roll["terms"]] == [("Tarzan's Fight", 2),
                                                                 ("minus Chinese Horde 1's Fight", -1)]
    assert roll["total"] == 5 and roll["result"] == "stop"
    assert s.villains.unit("Chinese Horde 1") is None and not isinstance(s.pending[0], Fighting)


def test_one_or_less_kills_the_hero_two_or_three_wounds_him():
    """ATTACK PHASE: 1 or less: Hero Killed; 2-3: Hero Wounded (or discard an attached weapon or vehicle)."""
    s, _ = step(attack(minions=("Werewolf",)), Attack("Tarzan", "Dr Fu-Man-Chu"))
    dead, _ = step(s, Strike("Werewolf"), 3)  # 3 + 2 - 4 = 1
    assert dead.heroes.unit("Tarzan") is None and dead.villains.unit("Werewolf") is None
    hurt, _ = step(s, Strike("Werewolf"), 4)  # 2
    assert hurt.heroes.unit("Tarzan").wounds == 1


def test_seven_or_more_attacks_again_at_fight_minus_one_each_time():
    """ATTACK PHASE: 7+: the Hero gets to make another attack with Fight -1 (for each further attack)."""
    s, _ = step(attack(minions=("Chinese Horde",) * 3, gear={"Tarzan": ["Machete"]}), Attack("Tarzan", "Dr Fu-Man-Chu"))
    s, _ = step(s, Strike("Chinese Horde 1"), 6)  # 6 + 3 - 1 = 8
    assert s.pending[0] == Fighting(HEROES, "Tarzan", "Dr Fu-Man-Chu", 1) and Stop() in GAME.decision(s).options
    s, events = step(s, Strike("Chinese Horde 2"), 6)
    assert [(t["label"], t["value"]) for t in combat(events)["terms"]][2] == ("attack number 2", -1)
    s, events = step(s, Strike("Chinese Horde 3"), 6)
    assert combat(events)["total"] == 6 + 3 - 2 - 1


def test_the_showdown_once_no_minion_is_left():
    """ATTACK PHASE: the Showdown roll against the Mastermind himself, modified like a Combat roll: 6+ kills him."""
    s, _ = step(attack(minions=()), Attack("Tarzan", "Dr Fu-Man-Chu"))
    assert GAME.decision(s).options == (Showdown(),)
    s, events = step(s, Showdown(), 6)  # 6 + 2 - 2 = 6
    assert s.villains.unit("Dr Fu-Man-Chu") is None and "Dr Fu-Man-Chu" in s.villains.discard


def test_showdown_results():
    """ATTACK PHASE: Showdown: 1- Hero Killed, 2-3 Hero Wounded, 4 Destroy Base (his Locations discarded), 5 Villain
    Wounded (or he gives up a weapon or vehicle)."""
    base = attack(minions=(), locations={"Dr Fu-Man-Chu": ["Laboratories", "Opulent Palace"]})
    results = {}
    for die, want in ((1, "hero_killed"), (2, "hero_wounded"), (4, "destroy_base"), (5, "villain_wounded")):
        s, _ = step(base, Attack("Tarzan", "Dr Fu-Man-Chu"))
        s, events = step(s, Showdown(), die)
        assert combat(events)["result"] == want
        results[want] = s
    assert results["hero_killed"].heroes.unit("Tarzan") is None
    assert results["hero_wounded"].heroes.unit("Tarzan").wounds == 1
    base_gone = results["destroy_base"].villains
    assert base_gone.locations == () and "Laboratories" in base_gone.discard
    assert results["villain_wounded"].villains.unit("Dr Fu-Man-Chu").wounds == 1


def test_one_showdown_a_hero_per_turn():
    """ATTACK PHASE: a Hero only gets to make one Showdown roll per turn."""
    s, _ = step(attack(minions=()), Attack("Tarzan", "Dr Fu-Man-Chu"))
    s, _ = step(s, Showdown(), 4)
    s = s._replace(used=s.used - {("attacked", "Tarzan")})  # even were he to attack again
    exc = refused(s, Attack("Tarzan", "Dr Fu-Man-Chu"), "attack.showdown")
    assert "one Showdown Roll a hero per turn" in exc.message


def test_a_killed_mastermind_takes_what_is_attached_to_him():
    """ATTACK PHASE (register: mastermind-killed): his minions, Locations and plots go with him."""
    s = attack(minions=(), locations={"Dr Fu-Man-Chu": ["Laboratories"]})
    s = GAME.scenario(heroes=["Tarzan"], villains=["Dr Fu-Man-Chu"], minions={"Dr Fu-Man-Chu": []},
                      locations={"Dr Fu-Man-Chu": ["Laboratories"]}, plots={"Dr Fu-Man-Chu": ["Bank Heist"]},
                      thwarted=["Dr Fu-Man-Chu"], at=Phase.ATTACK)
    s, _ = step(s, Attack("Tarzan", "Dr Fu-Man-Chu"))
    s, _ = step(s, Showdown(), 6)
    assert s.villains.units == () and s.villains.locations == () and s.villains.plots == ()
    assert {"Dr Fu-Man-Chu", "Laboratories", "Bank Heist"} <= set(s.villains.discard)


def test_escape_pod_negates_a_showdown_roll():
    """VILLAINS CARD LIST: Escape Pod: negate a Showdown Roll (register: escape-counts: it is still spent)."""
    s = attack(minions=(), hands={"villains": ["Escape Pod"]})
    s, _ = step(s, Attack("Tarzan", "Dr Fu-Man-Chu"))
    s, _ = step(s, Showdown(), 6)
    assert s.pending[0] == Escape(VILLAINS, s.pending[0].roll, "villain_killed", 6)
    s, _ = step(s, PlayEvent("Escape Pod"))
    assert s.villains.unit("Dr Fu-Man-Chu") is not None and ("showdown", "Tarzan") in s.used


def test_holy_fights_at_plus_one_against_an_immortal():
    """CARD TRAITS: Holy: Fight +1 vs Immortals (Van Helsing against Count Dracula's side)."""
    from explorer.victorian.attack import combat_terms
    s = GAME.scenario(heroes=["Van Helsing"], villains=["Count Dracula"], minions={"Count Dracula": ["Werewolf"]},
                      thwarted=["Count Dracula"], at=Phase.ATTACK)
    labels = [(t.label, t.value) for t in combat_terms(GAME, s, "Van Helsing", "Werewolf", 0)]
    assert ("Holy against Werewolf, an Immortal", 1) in labels
    assert ("Holy against Count Dracula, an Immortal", 1) in [(t.label, t.value) for t in
                                                              combat_terms(GAME, s, "Van Helsing", "Count Dracula", 0)]


def test_units_alike_fight_alike_until_a_bonus_names_one():
    """A unit's Fight (:func:`explorer.victorian.units.fight`, remembered by the unit's card, gear,
    markers and wounds while no lasting modifier is in play) is the sum of its terms: two Chinese Horde
    tokens fight alike, a wounded one less, and a bonus on one of them counts for him alone."""
    from explorer.victorian.state import Mod
    from explorer.victorian.units import fight, fight_terms
    s = attack(minions=("Chinese Horde",) * 2)
    first, second = (u for u in s.villains.units if u.token)

    def total(state, u):
        return sum(t.value for t in fight_terms(GAME, state, VILLAINS, u))

    assert fight(GAME, s, VILLAINS, first) == fight(GAME, s, VILLAINS, second) == total(s, second)
    hurt = second._replace(wounds=1)
    assert fight(GAME, s, VILLAINS, hurt) == total(s, hurt) == total(s, second) - GAME.rules.wound_fight
    bonus = s._replace(mods=(Mod(VILLAINS, second.uid, "fight", 2, None, "events"),))
    assert fight(GAME, bonus, VILLAINS, first) == total(s, first)
    assert fight(GAME, bonus, VILLAINS, second) == total(bonus, second) == total(s, second) + 2


def test_the_heroes_may_boost_before_and_during_an_attack():
    """ATTACK PHASE: event cards: Pugilist, Brawler gets Fight +2, before the attack or between its rolls."""
    s = attack(minions=("Chinese Horde",) * 2, hands={"heroes": ["Pugilist", "Bravery"]})
    s, _ = step(s, PlayEvent("Pugilist", "Tarzan"))
    s, _ = step(s, Attack("Tarzan", "Dr Fu-Man-Chu"))
    s, events = step(s, Strike("Chinese Horde 1"), 6)
    assert combat(events)["total"] == 6 + 2 + 2 - 1
    assert PlayEvent("Bravery", "Tarzan") in GAME.decision(s).options
