"""RECRUIT PHASE (attachments, the Martians, the Captains) and PLOT PHASE (counters,
minor and major plots)."""

from __future__ import annotations

import pytest
from vichelp import GAME, forced, refused, step, texts

from explorer.victorian.actions import AttachPlot, Done, PlayEvent, Recall, Recruit, Summon
from explorer.victorian.game import VictorianGame
from explorer.victorian.state import HEROES, VILLAINS, Ending, Main, Phase, PlotDraw


def recruit(side="heroes", **kw):
    return GAME.scenario(at=Phase.RECRUIT, side=side, **kw)


def test_non_event_cards_are_put_into_play_face_up():
    """RECRUIT PHASE: put non-event cards into play; they are face up (public)."""
    s = recruit(hands={"heroes": ["Tarzan", "Train"]})
    assert Recruit("Tarzan") in GAME.decision(s).options
    s, events = step(s, Recruit("Tarzan"))
    assert s.heroes.unit("Tarzan") is not None and s.heroes.hand == ("Train",)
    assert all(e.visible_to is None for e in events)
    refused(s, Recruit("Train"), "events")  # an event is played, not recruited


def test_weapons_and_vehicles_must_be_attached_to_units():
    """RECRUIT PHASE: Vehicles and Weapons must be attached to Units (never to an event, or to nothing)."""
    s = recruit(heroes=["Tarzan"], hands={"heroes": ["Service Revolvers", "Auto-mobile", "Train"]})
    refused(s, Recruit("Service Revolvers"), "recruit.attach")
    exc = refused(s, Recruit("Service Revolvers", onto="Train"), "recruit.attach")
    assert "Train is an Event, not a unit" in exc.message
    s, _ = step(s, Recruit("Service Revolvers", onto="Tarzan"))
    s, _ = step(s, Recruit("Auto-mobile", onto="Tarzan"))
    assert s.heroes.unit("Tarzan").gear == ("Service Revolvers", "Auto-mobile")


def test_a_weapon_naming_a_trait_goes_only_on_a_unit_with_it():
    """HEROES CARD LIST / RECRUIT PHASE (register: weapon-traits): the Saber is for a Swordsman."""
    s = recruit(heroes=["Tarzan", "Sherlock Holmes"], hands={"heroes": ["Saber"]})
    assert [o for o in GAME.decision(s).options if isinstance(o, Recruit)] == [Recruit("Saber", "Sherlock Holmes")]
    refused(s, Recruit("Saber", onto="Tarzan"), "recruit.attach")
    loose = VictorianGame(rules=GAME.rules.replace(weapons_need_trait=False))
    loose.check(s, Recruit("Saber", onto="Tarzan"))


def test_one_vehicle_a_unit():
    """CARD TRAITS: Vehicle (register: one-vehicle): a unit rides one Vehicle."""
    s = recruit(heroes=["Tarzan"], gear={"Tarzan": ["Balloon"]}, hands={"heroes": ["Auto-mobile"]})
    refused(s, Recruit("Auto-mobile", onto="Tarzan"), "recruit.attach")


def test_villain_locations_and_minor_villains_go_on_a_mastermind():
    """RECRUIT PHASE: Locations in the Villain deck and Minor Villains must be attached to a specific Mastermind."""
    s = recruit("villains", villains=["Dr Moreau"], hands={"villains": ["Jack the Ripper", "Castle Stronghold"]})
    refused(s, Recruit("Jack the Ripper"), "recruit.attach")
    s, _ = step(s, Recruit("Jack the Ripper", onto="Dr Moreau"))
    assert s.villains.unit("Jack the Ripper").master == "Dr Moreau"
    s, events = step(s, Recruit("Castle Stronghold", onto="Dr Moreau"))
    assert s.villains.locations[0].master == "Dr Moreau"
    guards = [u for u in s.villains.units if u.card == "Guard"]
    assert len(guards) == 3 and {u.master for u in guards} == {"Dr Moreau"}  # "comes with 3 Guard tokens"


def test_a_minor_villain_without_a_mastermind_is_refused():
    """RECRUIT PHASE: a minor villain needs a Mastermind in play to be attached to."""
    s = recruit("villains", hands={"villains": ["Jack the Ripper"]})
    exc = refused(s, Recruit("Jack the Ripper", onto="Dr Moreau"), "recruit.attach")
    assert "you have none" in exc.message
    assert GAME.decision(s).options == (Done(),)


def test_the_martians_take_no_minor_villains_and_no_vehicles():
    """MARTIAN RULES: the Martians cannot attach Minor Characters or Vehicles (on their minions neither)."""
    s = recruit("villains", villains=["Martian Invasion"], minions={"Martian Invasion": ["Tripod"]},
                hands={"villains": ["Jack the Ripper", "Zeppelin", "Heat Rays"]})
    refused(s, Recruit("Jack the Ripper", onto="Martian Invasion"), "martians")
    refused(s, Recruit("Zeppelin", onto="Martian Invasion"), "martians")
    refused(s, Recruit("Zeppelin", onto="Tripod 1"), "martians")
    s, _ = step(s, Recruit("Heat Rays", onto="Martian Invasion"))  # weapons are allowed


def test_mechanic_tentacles_go_only_on_a_vehicle():
    """VILLAINS CARD LIST (register: mechanic-tentacles): Fight +1, attached to a Vehicle."""
    s = recruit("villains", villains=["Dr Moreau"], minions={"Dr Moreau": ["Tank (Landship)", "Jack the Ripper"]},
                hands={"villains": ["Mechanic Tentacles"]})
    assert [o.onto for o in GAME.decision(s).options if isinstance(o, Recruit)] == ["Tank (Landship)"]
    refused(s, Recruit("Mechanic Tentacles", onto="Jack the Ripper"), "traits.vehicle")


def test_a_captain_calls_his_vessel_from_anywhere():
    """CARD TRAITS: Captain: Captain Nemo can take the Nautilus from anywhere and put it into play on himself."""
    for where in ("deck", "discard", "hand", "other"):
        kw = {}
        if where == "deck":
            kw["decks"] = {"heroes": ["The Nautilus"]}
        elif where == "hand":
            kw["hands"] = {"heroes": ["The Nautilus"]}
        elif where == "other":
            kw["gear"] = {"Tarzan": ["The Nautilus"]}
        s = recruit(heroes=["Captain Nemo", "Tarzan"], **kw)
        if where == "discard":
            s = s._replace(sides=(s.heroes._replace(discard=("The Nautilus",), deck=s.heroes.deck._replace(
                rest=tuple(c for c in s.heroes.deck.rest if c != "The Nautilus"))), s.villains))
        s, events = step(s, Summon("Captain Nemo"))
        assert s.heroes.unit("Captain Nemo").gear == ("The Nautilus",), where
        assert "The Nautilus" not in s.heroes.hand + s.heroes.discard + s.heroes.deck.rest
        assert s.heroes.unit("Tarzan").gear == ()
        refused(s, Summon("Captain Nemo"), "traits.captain")  # he has it now


def test_discard_a_vessel_to_fetch_its_captain():
    """CARD TRAITS: Captain: you may discard the vessel to draw its Captain from the deck."""
    s = recruit(hands={"heroes": ["Mor's Airship"]})
    s, _ = step(s, Recall("Mor's Airship"))
    assert s.heroes.hand == ("Air Pirate Captain Mors",) and "Mor's Airship" in s.heroes.discard
    refused(recruit(hands={"heroes": ["Mor's Airship"]}, decks={"heroes": []}), Recall("Mor's Airship"),
            "traits.captain")


def test_the_recruit_limit_is_a_rules_number():
    """RECRUIT PHASE (register: recruit-limit): no limit by default; recruits_per_phase sets one."""
    one = VictorianGame(rules=GAME.rules.replace(recruits_per_phase=1))
    s = one.scenario(at=Phase.RECRUIT, hands={"heroes": ["Tarzan", "Sherlock Holmes"]})
    s, _ = step(s, Recruit("Tarzan"), game=one)
    refused(s, Recruit("Sherlock Holmes"), "recruit", game=one)


def test_plots_are_not_recruited():
    """RECRUIT PHASE / PLOT PHASE (register: plots-not-recruited): plots are attached in the Plot Phase."""
    s = recruit("villains", villains=["Dr Moreau"], hands={"villains": ["Bank Heist"]})
    refused(s, Recruit("Bank Heist", onto="Dr Moreau"), "plot")


# -- Plot Phase ------------------------------------------------------------------------------------------

def plot_phase(**kw):
    kw.setdefault("villains", ["Dr Moreau"])
    return GAME.scenario(at=Phase.PLOT, side="villains", **kw)


def test_plots_already_in_play_gain_a_counter_then_new_ones_are_attached():
    """PLOT PHASE: a Plot Counter on each plot card already in play; the Villain player may attach plot cards."""
    s = plot_phase(plots={"Dr Moreau": [("Bank Heist", 1)]}, hands={"villains": ["Vile Scheme"]})
    assert s.villains.plots[0].counters == 2
    s, _ = step(s, AttachPlot("Vile Scheme", "Dr Moreau"))
    assert [(p.card, p.counters) for p in s.villains.plots] == [("Bank Heist", 2), ("Vile Scheme", 0)]


def test_a_minor_plot_at_three_counters_is_discarded_for_1d6_cards():
    """PLOT PHASE: a Minor Plot with 3 plot counters is discarded and the Villain player draws 1D6 cards."""
    s = plot_phase(plots={"Dr Moreau": [("Bank Heist", 2)]}, decks={"villains": ["Guards", "Thugs", "Nemesis"]})
    assert s.villains.plots == () and "Bank Heist" in s.villains.discard
    assert isinstance(s.pending[0], PlotDraw)
    s, events = forced(s, 2)
    s, _ = forced(s, "Guards")
    s, _ = forced(s, "Thugs")
    assert s.villains.hand == ("Guards", "Thugs") and isinstance(s.pending[0], Main)


def test_a_minor_plot_that_pays_no_cards_says_so():
    """PLOT PHASE, with the rules number minor_plot_dice at 0: the plot is discarded and
    nothing is drawn (the log does not speak of drawing 0D6 cards)."""
    from explorer.victorian import sections as R
    from explorer.victorian.params import load_rules
    from explorer.victorian.plot import add_counters

    game = VictorianGame(rules=load_rules().replace(minor_plot_dice=0))
    s = game.scenario(at=Phase.RECRUIT, side="villains", villains=["Dr Moreau"],
                      plots={"Dr Moreau": [("Bank Heist", 2)]})
    events = []
    s = add_counters(game, s, s.villains.plots[0].uid, 1, R.PLOT, events)
    assert texts(events)[-1] == "the minor plot Bank Heist pays out: it is discarded"
    assert s.villains.plots == () and not any(isinstance(p, PlotDraw) for p in s.pending)


def test_a_major_plot_at_four_counters_wins_the_game():
    """PLOT PHASE: a Major Plot with 4 plot counters: the Villain player automatically wins."""
    s = plot_phase(plots={"Dr Moreau": [("Start War", 3)]})
    assert s.result.winners == (VILLAINS,) and s.result.ending is Ending.MAJOR_PLOT


def test_every_martian_plot_is_a_major_plot():
    """MARTIAN RULES: all plots undertaken by the Martians become Major Plots ("World Conquest")."""
    s = plot_phase(villains=["Martian Invasion"], hands={"villains": ["Bank Heist"]})
    s, events = step(s, AttachPlot("Bank Heist", "Martian Invasion"))
    assert s.villains.plots[0].major and "World Conquest" in texts(events)[0]


def test_plots_go_on_a_mastermind():
    """PLOT PHASE: plot cards are attached to the Villain's Masterminds."""
    s = plot_phase(minions={"Dr Moreau": ["Jack the Ripper"]}, hands={"villains": ["Bank Heist"]})
    refused(s, AttachPlot("Bank Heist", "Jack the Ripper"), "plot")
    refused(s, AttachPlot("Guards", "Dr Moreau"), "plot")
