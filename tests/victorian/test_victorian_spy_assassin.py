"""SPY PHASE and ASSASSIN PHASE: the Spy roll; minions sent on suicide missions,
the Assassin Roll with its terms, Jack the Ripper and the assassins, Underling,
and the mob events."""

from __future__ import annotations

from vichelp import GAME, forced, refused, step, texts

from explorer.victorian.actions import Done, Pass, PlayEvent, Sacrifice, Send, Shed, TakeWound
from explorer.victorian.state import HEROES, VILLAINS, Phase, Respond, UnderlingChoice, WoundChoice


# -- Spy Phase -----------------------------------------------------------------------------------------

def spies(**kw):
    kw.setdefault("heroes", ["James T. West"])
    return GAME.scenario(at=Phase.SPY, **kw)


def test_a_spy_caught_on_a_one_is_discarded():
    """SPY PHASE: on a roll of 1 the Spy is caught: discard the Spy."""
    s, events = forced(spies(), 1)
    assert s.heroes.unit("James T. West") is None and "James T. West" in s.heroes.discard


def test_two_to_four_nothing_five_or_more_a_look_at_the_hand():
    """SPY PHASE: 2-4 nothing; 5+ Discovery: look at the opponent's hand."""
    s, _ = forced(spies(hands={"villains": ["Guards"]}), 4)
    assert s.villains.exposed == ()
    s, events = forced(spies(hands={"villains": ["Guards"]}), 5)
    assert s.villains.exposed == ("Guards",)
    assert any(e.visible_to == frozenset({"heroes"}) and "Guards" in e.text for e in events)


def test_a_spy_location_rolls_and_is_discarded_when_caught():
    """SPY PHASE (register: genius-location): the Underworld, a Location with Spy, rolls too."""
    s = GAME.scenario(villains=["Dr Moreau"], locations={"Dr Moreau": ["Underworld"]}, at=Phase.SPY, side="villains")
    s, _ = forced(s, 1)
    assert s.villains.locations == () and "Underworld" in s.villains.discard


# -- Assassin Phase ---------------------------------------------------------------------------------------

def assassins(heroes=("Tarzan",), minions=("Chinese Horde",), **kw):
    return GAME.scenario(heroes=list(heroes), villains=["Dr Fu-Man-Chu"], minions={"Dr Fu-Man-Chu": list(minions)},
                         at=Phase.ASSASSIN, side="villains", **kw)


def test_a_mastermind_sends_his_minions_against_heroes():
    """ASSASSIN PHASE: each Major Villain may send some of his Minions to attack the Heroes."""
    s = assassins(minions=("Chinese Horde", "Jack the Ripper"))
    sends = [o for o in GAME.decision(s).options if isinstance(o, Send)]
    assert sends == [Send("Chinese Horde 1", "Tarzan"), Send("Jack the Ripper", "Tarzan")]
    refused(s, Send("Dr Fu-Man-Chu", "Tarzan"), "assassin")  # a Mastermind sends minions, not himself


def test_the_assassin_roll_adds_the_minions_fight_and_subtracts_the_heroes():
    """ASSASSIN PHASE: roll 2D6, add the Fight of the Minion, subtract the Fight of the target Hero."""
    s = assassins()
    s, events = step(s, Send("Chinese Horde 1", "Tarzan"), 7)
    roll = dict(events[1].data)["roll"]
    assert [(t["label"], t["value"]) for t in roll["terms"]] == [("Chinese Horde token", 1),
                                                                 ("minus Tarzan's Fight", -2)]
    assert roll["dice"] == 7 and roll["total"] == 6 and roll["result"] == "nothing"


def test_minions_are_always_killed_except_when_they_cannot_find_the_heroes():
    """ASSASSIN PHASE: suicide missions: the minion is killed (register: assassin-return: except on 3-5, when it
    returns to its Mastermind)."""
    s, _ = step(assassins(), Send("Chinese Horde 1", "Tarzan"), 7)  # 6: nothing
    assert s.villains.unit("Chinese Horde 1") is None
    s, events = step(assassins(), Send("Chinese Horde 1", "Tarzan"), 5)  # 4: cannot find the heroes
    assert s.villains.unit("Chinese Horde 1").master == "Dr Fu-Man-Chu"
    refused(s, Send("Chinese Horde 1", "Tarzan"), "assassin")  # once a phase


def test_an_interrogated_minion_gives_plus_one_to_the_next_track_roll():
    """ASSASSIN PHASE: 2 or less: Minion Interrogated: +1 to the next Track Roll (register: interrogated)."""
    s, _ = step(assassins(), Send("Chinese Horde 1", "Tarzan"), 3)  # 3 + 1 - 2 = 2
    assert s.heroes.leads == 1 and s.villains.unit("Chinese Horde 1") is None


def test_eight_to_ten_wounds_the_hero_or_he_gives_up_gear():
    """ASSASSIN PHASE: 8-10: Hero Wounded (or discard an attached weapon or vehicle)."""
    s, _ = step(assassins(), Send("Chinese Horde 1", "Tarzan"), 9)  # 8
    assert s.heroes.unit("Tarzan").wounds == 1
    s = assassins(gear={"Tarzan": ["Machete"]})
    s, _ = step(s, Send("Chinese Horde 1", "Tarzan"), 10)  # 10 + 1 - 3 = 8
    assert s.pending[0] == WoundChoice(HEROES, "Tarzan", "assassin")
    assert GAME.decision(s).options == (TakeWound(), Shed("Machete"))
    s, _ = step(s, Shed("Machete"))
    assert s.heroes.unit("Tarzan").gear == () and s.heroes.unit("Tarzan").wounds == 0 and "Machete" in s.heroes.discard


def test_eleven_or_more_kills_the_hero():
    """ASSASSIN PHASE: 11+: Hero Killed."""
    s, _ = step(assassins(), Send("Chinese Horde 1", "Tarzan"), 12)
    assert s.heroes.unit("Tarzan") is None and "Tarzan" in s.heroes.discard


def test_jack_the_ripper_and_the_assassins_fight_harder_as_assassins():
    """VILLAINS CARD LIST: Jack the Ripper additional Fight +2, the assassins +1, in the Assassin Phase only."""
    from explorer.victorian.assassin import assassin_terms
    s = assassins(minions=("Jack the Ripper", "Thugee Assassins"))
    jack = [(t.label, t.value) for t in assassin_terms(GAME, s, "Jack the Ripper", "Tarzan")]
    assert jack == [("Jack the Ripper's Fight", 2), ("Jack the Ripper as an assassin", 2), ("minus Tarzan's Fight", -2)]
    thug = sum(t.value for t in assassin_terms(GAME, s, "Thugee Assassins", "Tarzan"))
    assert thug == 1 + 1 - 2


def test_an_underling_may_be_discarded_instead_of_another_hero():
    """CARD TRAITS: Underling: discard this Hero instead of another in the Assassin Phase."""
    s = assassins(heroes=("Tarzan", "Samson the Coachman"))
    s, _ = step(s, Send("Chinese Horde 1", "Tarzan"), 12)
    assert s.pending[0] == UnderlingChoice(HEROES, "Tarzan", "killed", s.pending[0].roll)
    assert GAME.decision(s).player == "heroes"
    s, _ = step(s, Sacrifice("Samson the Coachman"))
    assert s.heroes.unit("Tarzan") is not None and s.heroes.unit("Samson the Coachman") is None
    s2 = assassins(heroes=("Tarzan", "Samson the Coachman"))
    s2, _ = step(s2, Send("Chinese Horde 1", "Tarzan"), 12)
    s2, _ = step(s2, Pass())
    assert s2.heroes.unit("Tarzan") is None


def test_the_heroes_may_answer_an_assassin_with_a_fight_bonus():
    """ASSASSIN PHASE: event cards may be used to modify Force ratings (registers force-is-fight, response-windows):
    Gentleman's Club gives the hero Fight +2 against assassins."""
    s = assassins(hands={"heroes": ["Gentleman's Club"]})
    s, _ = step(s, Send("Chinese Horde 1", "Tarzan"))
    assert isinstance(s.pending[0], Respond) and GAME.decision(s).player == "heroes"
    assert GAME.decision(s).options == (PlayEvent("Gentleman's Club", "Tarzan"), Pass())
    s, _ = step(s, PlayEvent("Gentleman's Club", "Tarzan"))
    s, _ = step(s, Pass())
    s, events = forced(s, 10)  # 10 + 1 - 2 - 2 = 7: nothing
    assert dict(events[0].data)["roll"]["total"] == 7 and s.heroes.unit("Tarzan").wounds == 0


def test_mob_events_send_tokens_that_must_attack():
    """VILLAINS CARD LIST (register: mob-tokens): Angry Mob: 2 tokens attack in the Assassin Phase."""
    s = assassins(hands={"villains": ["Angry Mob"]})
    s, events = step(s, PlayEvent("Angry Mob", None, "Dr Fu-Man-Chu"))
    mob = [u.uid for u in s.villains.units if u.mob]
    assert len(mob) == 2 and Done() not in GAME.decision(s).options
    refused(s, Done(), "assassin")
    s, _ = step(s, Send(mob[0], "Tarzan"), 7)
    s, _ = step(s, Send(mob[1], "Tarzan"), 7)
    assert Done() in GAME.decision(s).options


def test_the_villains_may_boost_a_minion_before_sending_it():
    """ASSASSIN PHASE: event cards modify Fight: Rockets, Unit gets Fight +2, played in the Villains' phase."""
    s = assassins(hands={"villains": ["Rockets"]})
    s, _ = step(s, PlayEvent("Rockets", "Chinese Horde 1"))
    s, events = step(s, Send("Chinese Horde 1", "Tarzan"), 7)
    assert dict(events[1].data)["roll"]["total"] == 8
