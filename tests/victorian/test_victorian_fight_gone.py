"""WOUND COUNTERS: a unit with zero or less Fight is killed, whatever took its
Fight: a Wound counter, a weapon or vehicle given up instead of a wound (after an
Assassin, Combat or Showdown Roll), a vessel taken away by its Captain.  One
check (:func:`explorer.victorian.wounds.fall`) runs after every step."""

from __future__ import annotations

from vichelp import GAME, step, texts

from explorer.victorian.actions import Attack, Send, Shed, Showdown, Summon
from explorer.victorian.state import HEROES, VILLAINS, Phase, WoundChoice


def test_wounds_shed_weapon_after_a_showdown_kills_at_zero_fight():
    """WOUND COUNTERS / ATTACK PHASE: Showdown 2-3, the hero discards his weapon instead of a wound; his Fight
    (2, Machete +1, two Wound counters: 1) drops to 0 and he is killed."""
    s = GAME.scenario(heroes=["Tarzan"], gear={"Tarzan": ["Machete"]}, wounds={"Tarzan": 2}, villains=["Dr Fu-Man-Chu"],
                      thwarted=["Dr Fu-Man-Chu"], at=Phase.ATTACK)
    s, _ = step(s, Attack("Tarzan", "Dr Fu-Man-Chu"))
    s, _ = step(s, Showdown(), 3)  # 3 + 1 - 2 = 2: hero wounded
    assert s.pending[0] == WoundChoice(HEROES, "Tarzan", "attack.showdown")
    s, events = step(s, Shed("Machete"))
    assert s.heroes.unit("Tarzan") is None and {"Tarzan", "Machete"} <= set(s.heroes.discard)
    assert texts(events)[-1] == "Tarzan is killed (his Fight is gone)"
    assert dict(events[-1].data)["unit"] == "Tarzan" and events[-1].rule.section == "wounds"


def test_wounds_a_mastermind_who_sheds_his_weapon_at_one_fight_is_killed():
    """WOUND COUNTERS / ATTACK PHASE: Showdown 5, Villain Wounded (or discard an attached weapon): the Mastermind at
    Fight 1 (2, Machine Guns +1, two wounds) gives up the guns and dies."""
    s = GAME.scenario(heroes=["Tarzan"], villains=["Dr Fu-Man-Chu"], gear={"Dr Fu-Man-Chu": ["Machine Guns"]},
                      wounds={"Dr Fu-Man-Chu": 2}, thwarted=["Dr Fu-Man-Chu"], at=Phase.ATTACK)
    s, _ = step(s, Attack("Tarzan", "Dr Fu-Man-Chu"))
    s, _ = step(s, Showdown(), 4)  # 4 + 2 - 1 = 5: villain wounded
    assert s.pending[0] == WoundChoice(VILLAINS, "Dr Fu-Man-Chu", "attack.showdown")
    s, _ = step(s, Shed("Machine Guns"))
    assert s.villains.unit("Dr Fu-Man-Chu") is None and "Dr Fu-Man-Chu" in s.villains.discard


def test_wounds_shed_weapon_after_an_assassin_roll_kills_at_zero_fight():
    """WOUND COUNTERS / ASSASSIN PHASE: 8-10, the hero gives up his weapon instead of a wound and is left at Fight 0."""
    s = GAME.scenario(heroes=["Tarzan"], gear={"Tarzan": ["Machete"]}, wounds={"Tarzan": 2}, villains=["Dr Fu-Man-Chu"],
                      minions={"Dr Fu-Man-Chu": ["Chinese Horde"]}, at=Phase.ASSASSIN, side="villains")
    s, _ = step(s, Send("Chinese Horde 1", "Tarzan"), 9)  # 9 + 1 - 1 = 9
    s, _ = step(s, Shed("Machete"))
    assert s.heroes.unit("Tarzan") is None


def test_wounds_losing_a_vessel_to_its_captain_kills_at_zero_fight():
    """WOUND COUNTERS / CARD TRAITS: Captain: Nemo takes the Nautilus (+2) from Tarzan, whose two wounds leave him at
    Fight 0: he is killed."""
    s = GAME.scenario(heroes=["Captain Nemo", "Tarzan"], gear={"Tarzan": ["The Nautilus"]}, wounds={"Tarzan": 2},
                      at=Phase.RECRUIT, side="heroes")
    s, events = step(s, Summon("Captain Nemo"))
    assert s.heroes.unit("Tarzan") is None and "Tarzan" in s.heroes.discard
    assert s.heroes.unit("Captain Nemo").gear == ("The Nautilus",)
    assert texts(events)[-1] == "Tarzan is killed (his Fight is gone)"


def test_wounds_an_unwounded_printed_zero_lives_after_shedding_gear():
    """WOUND COUNTERS (register: zero-fight): Campion Bond, printed Fight 0 and never wounded, who gives up his
    revolvers instead of a wound is back at his printed 0, and lives."""
    s = GAME.scenario(heroes=["Campion Bond", "Tarzan"], gear={"Campion Bond": ["Service Revolvers"]},
                      villains=["Dr Fu-Man-Chu"], minions={"Dr Fu-Man-Chu": ["Chinese Horde"]}, at=Phase.ASSASSIN,
                      side="villains")
    s, _ = step(s, Send("Chinese Horde 1", "Campion Bond"), 8)  # 8 + 1 - 1 = 8
    s, _ = step(s, Shed("Service Revolvers"))
    assert s.heroes.unit("Campion Bond") is not None
