"""VICTORY, WOUND COUNTERS, TOKENS, and what each kind of event card does."""

from __future__ import annotations

from vichelp import GAME, forced, refused, step, texts

from explorer.victorian.actions import Done, PlayEvent
from explorer.victorian.game import VictorianGame
from explorer.victorian.state import HEROES, VILLAINS, Ending, Phase
from explorer.victorian.units import fight, lasting_fight, track_terms
from explorer.victorian.wounds import wound
from explorer.victorian.words import option_text
from explorer.victorian import sections as R


# -- Victory --------------------------------------------------------------------------------------

def test_no_major_characters_after_the_fifth_turn_loses():
    """VICTORY: you win if at any time after the fifth turn your opponent has no major characters in play."""
    s = GAME.scenario(heroes=["Tarzan"], villains=["Dr Moreau"], turn=6, at=Phase.ATTACK)
    assert s.result is None
    events = []
    s2 = wound(GAME, s, HEROES, "Tarzan", R.ASSASSIN, events)
    s2 = wound(GAME, s2, HEROES, "Tarzan", R.ASSASSIN, events)
    from explorer.victorian import victory
    s2 = victory.check(GAME, s2, events)
    assert s2.result.winners == (VILLAINS,) and s2.result.ending is Ending.NO_MAJORS


def test_not_before_the_sixth_turn():
    """VICTORY: during the first five turns a side may be left without major characters and play on."""
    s = GAME.scenario(heroes=["Tarzan"], villains=[], turn=5, at=Phase.RECRUIT)
    assert s.result is None
    s = GAME.scenario(heroes=["Tarzan"], villains=[], turn=6, at=Phase.RECRUIT)
    assert s.result.winners == (HEROES,)


def test_tokens_and_minor_villains_are_not_major_characters():
    """VICTORY / TOKENS (register: major-characters): Soldiers are minions; only Masterminds are major villains."""
    s = GAME.scenario(heroes=["Soldier"], villains=["Dr Moreau"], turn=6, at=Phase.RECRUIT)
    assert s.result.winners == (VILLAINS,)
    s = GAME.scenario(heroes=["Tarzan"], villains=[], turn=6, at=Phase.RECRUIT)
    assert s.result.winners == (HEROES,)


def test_both_sides_bare_is_a_draw():
    """VICTORY (register: victory-both): both sides without major characters at once: a draw."""
    s = GAME.scenario(turn=6, at=Phase.RECRUIT)
    assert s.result.winners == () and s.result.ending is Ending.ALL_MAJORS_LOST


# -- Wound counters ---------------------------------------------------------------------------------------

def test_each_wound_is_fight_minus_one_and_zero_or_less_kills():
    """WOUND COUNTERS: a Wound counter gives Force -1 (Fight: register force-is-fight); zero or less is killed."""
    s = GAME.scenario(heroes=["Mina Harker"], at=Phase.RECRUIT)
    events = []
    s = wound(GAME, s, HEROES, "Mina Harker", R.WOUNDS, events)
    u = s.heroes.unit("Mina Harker")
    assert fight(GAME, s, HEROES, u) == 2 and [t.label for t in
                                               __import__("explorer.victorian.units", fromlist=["x"]).fight_terms(
                                                   GAME, s, HEROES, u)][-1] == "1 Wound counter"
    s = wound(GAME, s, HEROES, "Mina Harker", R.WOUNDS, events)
    s = wound(GAME, s, HEROES, "Mina Harker", R.WOUNDS, events)
    assert s.heroes.unit("Mina Harker") is None and "Mina Harker" in s.heroes.discard


def test_a_zero_fight_character_lives_until_wounded():
    """WOUND COUNTERS (register: zero-fight): Campion Bond (no Fight printed) stays in play, and dies at the first
    wound."""
    s = GAME.scenario(heroes=["Campion Bond"], at=Phase.RECRUIT)
    assert s.heroes.unit("Campion Bond") is not None
    s = wound(GAME, s, HEROES, "Campion Bond", R.WOUNDS, [])
    assert s.heroes.unit("Campion Bond") is None


def test_gear_and_markers_keep_a_wounded_unit_alive():
    """WOUND COUNTERS (register: wound-kill-fight): lasting Fight counts gear and Invention markers."""
    s = GAME.scenario(heroes=["Chevalier Dupin"], gear={"Chevalier Dupin": ["Machete"]}, at=Phase.RECRUIT)
    s = wound(GAME, s, HEROES, "Chevalier Dupin", R.WOUNDS, [])
    assert lasting_fight(GAME, s.heroes.unit("Chevalier Dupin")) == 1


def test_a_killed_characters_gear_goes_to_the_discard_pile():
    """WOUND COUNTERS: a killed unit's weapons and vehicles are discarded with him."""
    s = GAME.scenario(heroes=["Chevalier Dupin"], gear={"Chevalier Dupin": ["Balloon"]}, at=Phase.RECRUIT)
    s = wound(GAME, s, HEROES, "Chevalier Dupin", R.WOUNDS, [])
    assert set(s.heroes.discard) == {"Chevalier Dupin", "Balloon"}


# -- events ---------------------------------------------------------------------------------------

def recruit(side="heroes", **kw):
    return GAME.scenario(at=Phase.RECRUIT, side=side, **kw)


def test_an_event_is_discarded_as_it_is_played():
    """Event cards (register: event-timing): played from the hand to the discard pile."""
    s = recruit(hands={"heroes": ["British Secret Service"]}, decks={"heroes": ["Train", "Saber", "Tarzan"]})
    s, events = step(s, PlayEvent("British Secret Service"))
    assert s.heroes.discard == ("British Secret Service",)
    s, _ = forced(s, "Train")
    s, _ = forced(s, "Saber")
    assert s.heroes.hand == ("Saber", "Train")  # British Secret Service: draw 2 cards


def test_the_army_puts_four_soldier_tokens_into_play():
    """HEROES CARD LIST: The Army: put 4 Soldier tokens into play (register: hero-tokens)."""
    s, _ = step(recruit(hands={"heroes": ["The Army"]}), PlayEvent("The Army"))
    soldiers = [u for u in s.heroes.units if u.card == "Soldier"]
    assert len(soldiers) == 4 and all(u.token and u.master is None for u in soldiers)


def test_guards_and_thugs_join_a_mastermind():
    """VILLAINS CARD LIST: Guards: put 4 Guard tokens into play, on a Mastermind (register: tokens-attach)."""
    s = recruit("villains", villains=["Dr Moreau"], hands={"villains": ["Guards"]})
    assert GAME.decision(s).options[0] == PlayEvent("Guards", None, "Dr Moreau")
    s, _ = step(s, PlayEvent("Guards", None, "Dr Moreau"))
    assert [u.master for u in s.villains.units if u.token] == ["Dr Moreau"] * 4


def test_search_events_take_a_hero_from_the_deck():
    """HEROES CARD LIST: Dangerous Company: put any Hero in your deck into your hand."""
    s = recruit(hands={"heroes": ["Dangerous Company"]}, decks={"heroes": ["Tarzan", "Train"]})
    plays = [o for o in GAME.decision(s).options if isinstance(o, PlayEvent)]
    assert plays == [PlayEvent("Dangerous Company", "Tarzan")]
    # in words, where the card comes from (it read "Play Dangerous Company on Tarzan", as if Tarzan were in play)
    assert option_text(s, plays[0]) == "Play Dangerous Company and take Tarzan from the deck into your hand"
    s, _ = step(s, PlayEvent("Dangerous Company", "Tarzan"))
    assert s.heroes.hand == ("Tarzan",)


def test_feign_death_brings_a_hero_back_from_the_discard_pile():
    """HEROES CARD LIST: Feign Death: put a Hero in your discard pile into your hand."""
    s = recruit(hands={"heroes": ["Feign Death"]})
    s = s._replace(sides=(s.heroes._replace(discard=("Tarzan", "Train"), deck=s.heroes.deck._replace(
        rest=tuple(c for c in s.heroes.deck.rest if c not in ("Tarzan", "Train")))), s.villains))
    assert [o for o in GAME.decision(s).options if isinstance(o, PlayEvent)] == [PlayEvent("Feign Death", "Tarzan")]
    assert option_text(s, PlayEvent("Feign Death", "Tarzan")) == \
        "Play Feign Death and take Tarzan back from the discard pile"
    s, _ = step(s, PlayEvent("Feign Death", "Tarzan"))
    assert s.heroes.hand == ("Tarzan",) and s.heroes.discard == ("Feign Death", "Train")


def test_looking_at_the_opponents_hand():
    """HEROES CARD LIST: Inquiries: look at the opponent's hand (the event only the looker sees)."""
    s = recruit(hands={"heroes": ["Inquiries"], "villains": ["Nemesis"]})
    s, events = step(s, PlayEvent("Inquiries"))
    assert [e.visible_to for e in events if "Nemesis" in e.text] == [frozenset({"heroes"})]


def test_control_events_take_a_character_with_his_gear():
    """VILLAINS CARD LIST: Hypnotism: take control of target Hero (register: control-targets)."""
    s = recruit("villains", heroes=["Tarzan"], gear={"Tarzan": ["Machete"]}, villains=["Dr Moreau", "Martian Invasion"],
                hands={"villains": ["Hypnotism"]})
    opts = [o for o in GAME.decision(s).options if isinstance(o, PlayEvent)]
    assert opts == [PlayEvent("Hypnotism", "Tarzan", "Dr Moreau")]  # not the Martians: no minor characters
    s, _ = step(s, PlayEvent("Hypnotism", "Tarzan", "Dr Moreau"))
    t = s.villains.unit("Tarzan")
    assert t.master == "Dr Moreau" and t.gear == ("Machete",) and s.heroes.units == ()


def test_double_agent_takes_a_minor_villain_never_a_mastermind():
    """HEROES CARD LIST: Double Agent: gain control of target Character (register: control-targets)."""
    s = recruit(villains=["Dr Moreau"], minions={"Dr Moreau": ["Jack the Ripper"]}, hands={"heroes": ["Double Agent"]})
    assert [o for o in GAME.decision(s).options if isinstance(o, PlayEvent)] == [PlayEvent("Double Agent",
                                                                                           "Jack the Ripper")]
    refused(s, PlayEvent("Double Agent", "Dr Moreau"), "cards.heroes")


def test_opium_addiction_wounds_and_scandal_sends_home():
    """VILLAINS CARD LIST: Opium Addiction: a Wound counter on a Hero; Scandal: a Hero back to his owner's hand
    (register: scandal)."""
    s = recruit("villains", heroes=["Tarzan", "Sherlock Holmes"], gear={"Sherlock Holmes": ["Saber"]},
                villains=["Dr Moreau"], hands={"villains": ["Opium Addiction", "Scandal"]})
    assert option_text(s, PlayEvent("Opium Addiction", "Tarzan")) == "Play Opium Addiction on Tarzan"  # in play
    s, _ = step(s, PlayEvent("Opium Addiction", "Tarzan"))
    assert s.heroes.unit("Tarzan").wounds == 1
    s, _ = step(s, PlayEvent("Scandal", "Sherlock Holmes"))
    assert s.heroes.unit("Sherlock Holmes") is None and s.heroes.hand == ("Sherlock Holmes",)
    assert "Saber" in s.heroes.discard and s.heroes.exposed == ("Sherlock Holmes",)


def test_sabotage_discards_two_random_cards():
    """VILLAINS CARD LIST: Sabotage: the opponent discards 2 random cards from his hand (one chance step)."""
    s = recruit("villains", villains=["Dr Moreau"],
                hands={"villains": ["Sabotage"], "heroes": ["Train", "Saber", "Tarzan"]})
    dist = GAME.apply(s, PlayEvent("Sabotage"))
    assert len(dist) == 3 and all(p == __import__("fractions").Fraction(1, 3) for _, p in dist.items())
    s, _ = step(s, PlayEvent("Sabotage"), ("Saber", "Train"))
    assert s.heroes.hand == ("Tarzan",)


def test_harpoon_gun_helps_every_inventor_and_captain():
    """HEROES CARD LIST: Harpoon Gun: Inventors and Captains get Fight +2 (this turn)."""
    s = GAME.scenario(heroes=["Captain Nemo", "Artemus Gordon", "Tarzan"], villains=["Dr Moreau"],
                      thwarted=["Dr Moreau"], at=Phase.ATTACK, hands={"heroes": ["Harpoon Gun"]})
    s, _ = step(s, PlayEvent("Harpoon Gun"))
    assert [fight(GAME, s, HEROES, u) for u in s.heroes.units] == [4, 3, 2]


def test_arrive_in_time_helps_a_traveler_or_a_vehicle():
    """HEROES CARD LIST: Arrive in Time: a Traveler or a Vehicle gets Track +2."""
    s = GAME.scenario(heroes=["Philieas Fog", "Tarzan", "Sherlock Holmes"], gear={"Sherlock Holmes": ["Balloon"]},
                      villains=["Dr Moreau"], at=Phase.INTERCEPT, hands={"heroes": ["Arrive in Time"]})
    targets = [o.target for o in GAME.decision(s).options if isinstance(o, PlayEvent)]
    assert targets == ["Philieas Fog", "Sherlock Holmes"]


def test_regeneration_needs_an_immortal():
    """HEROES CARD LIST: Regeneration: an Immortal gets Fight +2."""
    s = GAME.scenario(heroes=["Dorian Grey", "Tarzan"], villains=["Dr Moreau"], thwarted=["Dr Moreau"],
                      at=Phase.ATTACK, hands={"heroes": ["Regeneration"]})
    assert [o.target for o in GAME.decision(s).options if isinstance(o, PlayEvent)] == ["Dorian Grey"]
    refused(s, PlayEvent("Regeneration", "Tarzan"), "cards.heroes")


def test_events_are_played_at_their_moment():
    """Event cards (register: event-timing): a Fight bonus is not played in the Recruit Phase, a search not in the
    Attack Phase."""
    s = recruit(heroes=["Tarzan"], hands={"heroes": ["Bravery"]})
    exc = refused(s, PlayEvent("Bravery", "Tarzan"), "events")
    assert "Attack Phase" in exc.message
