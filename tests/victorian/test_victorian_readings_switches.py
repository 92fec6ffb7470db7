"""The readings of CARD TRAITS: Facilitator at the Spy Roll and of ATTACK PHASE's
"another attack with Fight -1", each with its switch."""

from __future__ import annotations

from vichelp import GAME, forced, refused, step, texts

from explorer.victorian.actions import Attack, Facilitate, Roll, Strike
from explorer.victorian.game import VictorianGame
from explorer.victorian.state import Phase


def spy_with_facilitator(game=GAME):
    return game.scenario(heroes=["James T. West", "Campion Bond"], hands={"villains": ["Guards"]}, at=Phase.SPY)


def test_traits_facilitator_helps_a_spy_roll():
    """CARD TRAITS: Facilitator: +1 to any one roll once per turn, the Spy Roll too (register: facilitator-spy-roll):
    a 4 with the help is a Discovery, and the Facilitator is spent."""
    s = spy_with_facilitator()
    assert GAME.decision(s).options == (Roll(), Facilitate("Campion Bond", "James T. West"))
    s, events = step(s, Facilitate("Campion Bond", "James T. West"), 4)
    assert s.villains.exposed == ("Guards",)
    assert "Campion Bond helps James T. West: +1 to the Spy Roll" in texts(events)
    refused(spy_with_facilitator(), Facilitate("James T. West", "James T. West"), "traits.facilitator")


def test_traits_facilitator_spy_roll_switched_off():
    """CARD TRAITS: Facilitator, switch facilitator_helps_spy off: the Spy Roll is made without help."""
    off = VictorianGame(rules=GAME.rules.replace(facilitator_helps_spy=False))
    s = spy_with_facilitator(off)
    assert off.decision(s).forced
    s, _ = forced(s, 4, game=off)
    assert s.villains.exposed == ()


def test_attack_combat_further_attacks_stack_or_not():
    """ATTACK PHASE: "another attack with Fight -1" (register: further-attack-stacks): the third attack is at -2; with
    further_attack_stacks off, at -1 like the second."""
    for stacks, third in ((True, -2), (False, -1)):
        game = VictorianGame(rules=GAME.rules.replace(further_attack_stacks=stacks))
        s = game.scenario(heroes=["Tarzan"], gear={"Tarzan": ["Machete"]}, villains=["Dr Fu-Man-Chu"],
                          minions={"Dr Fu-Man-Chu": ["Chinese Horde"] * 3}, thwarted=["Dr Fu-Man-Chu"],
                          at=Phase.ATTACK)
        s, _ = step(s, Attack("Tarzan", "Dr Fu-Man-Chu"), game=game)
        s, _ = step(s, Strike("Chinese Horde 1"), 6, game=game)
        s, _ = step(s, Strike("Chinese Horde 2"), 6, game=game)
        s, events = step(s, Strike("Chinese Horde 3"), 6, game=game)
        roll = next(dict(e.data)["roll"] for e in events if "roll" in dict(e.data))
        assert ("attack number 3", third) in [(t["label"], t["value"]) for t in roll["terms"]], stacks


def test_every_reading_lists_an_alternative():
    """The register: every reading names at least one alternative; the choices once kept only in comments and
    data notes (ASSASSIN PHASE targets, INTERCEPT PHASE tracking, the Tank, the Analysis discard, one copy each, the
    Harpoon Gun) are readings, and the two new switches are explained."""
    from explorer.victorian.interpretations import load_interpretations

    register = load_interpretations()
    assert all(r.alternatives for r in register.values()), [k for k, r in register.items() if not r.alternatives]
    for rid in ("assassin-targets", "one-track-each", "villain-ranks", "analysis-discard", "one-copy-each",
                "harpoon-gun", "tentacles-without-vehicle"):
        assert rid in register, rid
    assert register["facilitator-spy-roll"].option == "facilitator_helps_spy"
    assert register["further-attack-stacks"].option == "further_attack_stacks"


def test_summaries_under_rulebook_headings_name_the_reading_not_state_it():
    """RECRUIT PHASE, INTERCEPT PHASE, ATTACK PHASE: a summary under a rulebook heading says what the rulebook says
    and names the reading (and its switch) where the code chose one."""
    from explorer.core.rulebook import sections as summaries

    text = {sid: s.summary.replace("\n", " ") for sid, s in summaries("victorian").items()}
    for sid, reading, switch in (("recruit.attach", "weapon-traits", "weapons_need_trait"),
                                 ("recruit.attach", "one-vehicle", "one_vehicle_per_unit"),
                                 ("intercept.wrong_track", "wrong-track-stacks", "wrong_track_stacks"),
                                 ("attack.combat", "further-attack-stacks", "further_attack_stacks"),
                                 ("traits.facilitator", "facilitator-spy-roll", "facilitator_helps_spy"),
                                 ("turn", "turn-structure", "alternate_turns")):
        assert reading in text[sid] and switch in text[sid], (sid, reading)
    assert "showdown-when" in text["attack"] and "next attack is the Showdown" not in text["attack"]
    assert "at most one Vehicle" not in text["recruit.attach"]
    assert "another -1" not in text["intercept.wrong_track"]
