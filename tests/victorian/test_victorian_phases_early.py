"""GENIUS PHASE (the Plot Table), HEALING PHASE, MINION PHASE, INVENTION PHASE
(the Invention Table, markers, lab explosions)."""

from __future__ import annotations

import pytest
from vichelp import GAME, forced, refused, step, texts

from explorer.victorian.actions import (Blueprint, Control, Discard, Heal, LookAt, Mark, Take, TakeWound, Wheels)
from explorer.victorian.state import HEROES, VILLAINS, Choose, HealRoll, Phase, Reveal, TableRoll


# -- Genius Phase --------------------------------------------------------------------------------------

def genius(heroes=("Mycroft Holmes",), villains=("Professor Moriarty",), **kw):
    return GAME.scenario(heroes=list(heroes), villains=list(villains), at=Phase.GENIUS, **kw)


def test_every_genius_rolls_on_the_plot_table():
    """GENIUS PHASE: for each Character with Genius on your side, one roll on the Plot Table."""
    s = genius()
    assert s.pending == (TableRoll(HEROES, "Mycroft Holmes", "plot_table"),)
    s = GAME.scenario(heroes=["Mycroft Holmes"], villains=["Professor Moriarty"], at=Phase.GENIUS, side="villains")
    assert s.pending == (TableRoll(VILLAINS, "Professor Moriarty", "plot_table"),)


def test_a_genius_location_rolls_too():
    """GENIUS PHASE (register: genius-location): the Criminal Empire, a Location with Genius, rolls."""
    s = GAME.scenario(villains=["Dr Moreau"], locations={"Dr Moreau": ["Criminal Empire"]}, at=Phase.GENIUS,
                      side="villains")
    assert s.pending == (TableRoll(VILLAINS, "Criminal Empire", "plot_table"),)


def test_analysis_the_opponent_discards_a_card_of_his_choice():
    """GENIUS PHASE: 1, Analysis: the opponent must discard one card."""
    s = genius(hands={"villains": ["Guards", "Thugs"]})
    s, events = forced(s, 1)
    assert s.pending[0] == Choose(VILLAINS, "discard", "Mycroft Holmes", "genius.plot_table", 1)
    assert GAME.decision(s).player == "villains"
    s, _ = step(s, Discard("Thugs"))
    assert s.villains.hand == ("Guards",) and "Thugs" in s.villains.discard


def test_predictions_look_at_the_next_seven_cards_of_either_deck():
    """GENIUS PHASE: 2, Predictions: look at the next 7 cards in either deck, one card a step."""
    s = genius(decks={"villains": ["Guards", "Thugs", "Sabotage", "Nemesis", "Rockets", "Espionage", "Scandal",
                                   "Blackmail"]})
    s, _ = forced(s, 2)
    s, _ = step(s, LookAt("villains"))
    assert s.pending[0] == Reveal(HEROES, VILLAINS, 7, "genius.plot_table")
    order = ["Sabotage", "Guards", "Thugs", "Nemesis", "Rockets", "Espionage", "Scandal"]
    for card in order[:-1]:
        s, _ = forced(s, card)
    s, events = forced(s, order[-1])
    assert s.villains.deck.seen("heroes") == tuple(order)
    assert [e.visible_to for e in events if "see, from the top" in e.text] == [frozenset({"heroes"})]
    view = GAME.observe(s, "heroes")
    assert view.villains.deck.seen("heroes") == tuple(order)
    assert GAME.observe(s, "villains").villains.deck.known == ()  # the Villains did not see their own order


def test_deduction_looks_at_the_opponents_hand():
    """GENIUS PHASE: 3, Deduction: look at the opponent's hand (he knows which cards were seen)."""
    s = genius(hands={"villains": ["Guards", "Thugs"]})
    s, events = forced(s, 3)
    assert s.villains.exposed == ("Guards", "Thugs")
    assert GAME.observe(s, "heroes").villains.hand == ("Guards", "Thugs")


def test_lure_gains_control_of_an_opposing_character():
    """GENIUS PHASE: 4, Lure: gain control of target Character (register: control-targets)."""
    s = genius(villains=("Professor Moriarty",), minions={"Professor Moriarty": ["Jack the Ripper"]})
    s, _ = forced(s, 4)
    assert [o.target for o in GAME.decision(s).options] == ["Jack the Ripper"]  # never the Mastermind
    s, _ = step(s, Control("Jack the Ripper"))
    assert s.heroes.unit("Jack the Ripper") is not None and s.villains.unit("Jack the Ripper") is None


def test_a_villain_lure_makes_the_hero_a_minion_of_the_genius():
    """GENIUS PHASE / control: a hero the Villains take becomes a minion of the Mastermind who took him."""
    s = GAME.scenario(heroes=["Tarzan"], villains=["Professor Moriarty"], at=Phase.GENIUS, side="villains")
    s, _ = forced(s, 4)
    s, _ = step(s, Control("Tarzan"))
    assert s.villains.unit("Tarzan").master == "Professor Moriarty"


def test_recruit_takes_a_character_from_the_deck():
    """GENIUS PHASE: 5, Recruit: put any character in your deck into your hand (register: search-shown)."""
    s = genius(decks={"heroes": ["Tarzan", "Train"]})
    s, _ = forced(s, 5)
    assert GAME.decision(s).options == (Take("Tarzan"),)
    s, _ = step(s, Take("Tarzan"))
    assert s.heroes.hand == ("Tarzan",) and s.heroes.deck.rest == ("Train",) and s.heroes.exposed == ("Tarzan",)


def test_contingencies_draw_a_card():
    """GENIUS PHASE: 6, Contingencies: draw 1 card."""
    s = genius(decks={"heroes": ["Train"]})
    s, _ = forced(s, 6)
    s, _ = forced(s, "Train")
    assert s.heroes.hand == ("Train",)


# -- Healing Phase -------------------------------------------------------------------------------------

def test_one_healing_roll_per_wound_counter_five_or_more_removes_it():
    """HEALING PHASE: for each Wound counter roll 1D6; 5+ removes the counter."""
    s = GAME.scenario(heroes=["Tarzan"], wounds={"Tarzan": 2}, at=Phase.HEALING)
    assert s.pending == (HealRoll(HEROES, "Tarzan"), HealRoll(HEROES, "Tarzan"))
    s, events = forced(s, 5)
    assert s.heroes.unit("Tarzan").wounds == 1
    s, events = forced(s, 4)
    assert s.heroes.unit("Tarzan").wounds == 1 and "keeps the Wound counter" in texts(events)[0]


def test_an_immortal_heals_himself_at_plus_three():
    """HEALING PHASE: an Immortal gets Heal +3 to self: a 2 is enough."""
    s = GAME.scenario(heroes=["Dorian Grey"], wounds={"Dorian Grey": 1}, at=Phase.HEALING)
    s, events = forced(s, 2)
    assert s.heroes.unit("Dorian Grey").wounds == 0
    terms = dict(events[0].data)["roll"]["terms"]
    assert [(t["label"], t["value"]) for t in terms] == [("Dorian Grey is Immortal", 3)]


def test_a_doctor_gives_plus_two_to_one_roll_a_turn():
    """HEALING PHASE: a Doctor can give Heal +2 to any one roll per turn (register: doctor-side)."""
    s = GAME.scenario(villains=["Dr Moreau"], minions={"Dr Moreau": ["Jack the Ripper"]},
                      wounds={"Jack the Ripper": 2}, at=Phase.HEALING, side="villains")
    dec = GAME.decision(s)
    assert dec.options == (Heal(), Heal("Dr Moreau")) and dec.player == "villains"
    s, events = step(s, Heal("Dr Moreau"), 3)
    assert s.villains.unit("Jack the Ripper").wounds == 1
    assert GAME.decision(s).forced  # the Doctor's help is spent for the turn
    refused(s, Heal("Dr Moreau"), "healing")


def test_a_facilitator_can_help_a_heroes_healing_roll():
    """CARD TRAITS: Facilitator (register: facilitator-rolls): +1 to one roll of one hero a turn, healing too."""
    s = GAME.scenario(heroes=["Tarzan", "Campion Bond"], wounds={"Tarzan": 1}, at=Phase.HEALING)
    assert GAME.decision(s).options == (Heal(), Heal("Campion Bond"))
    s, _ = step(s, Heal("Campion Bond"), 4)
    assert s.heroes.unit("Tarzan").wounds == 0


# -- Minion Phase --------------------------------------------------------------------------------------

def test_generators_make_one_token_a_turn_of_fight_one():
    """MINION PHASE: most Masterminds generate one Minion Token per turn; tokens are units with Fight 1."""
    s = GAME.scenario(villains=["Dr Fu-Man-Chu", "Professor Moriarty"], at=Phase.MINION, side="villains")
    tokens = [u for u in s.villains.units if u.token]
    assert [(u.card, u.master) for u in tokens] == [("Chinese Horde", "Dr Fu-Man-Chu")]
    assert GAME.tokens["Chinese Horde"].fight == 1


def test_martian_tripods_have_fight_two():
    """MARTIAN RULES: Martian Tripod tokens are each Fight = 2 (register: marian-is-martian)."""
    s = GAME.scenario(villains=["Martian Invasion"], at=Phase.MINION, side="villains")
    tripod = next(u for u in s.villains.units if u.token)
    assert tripod.card == "Tripod" and GAME.tokens["Tripod"].fight == 2


def test_a_generating_location_makes_tokens_for_its_mastermind():
    """MINION PHASE: some other cards generate (the Secret Society's Fanatics join its Mastermind)."""
    s = GAME.scenario(villains=["Professor Moriarty"], locations={"Professor Moriarty": ["Secret Society"]},
                      at=Phase.MINION, side="villains")
    assert [(u.card, u.master) for u in s.villains.units if u.token] == [("Fanatic", "Professor Moriarty")]


# -- Invention Phase -------------------------------------------------------------------------------------

def invention(**kw):
    kw.setdefault("heroes", ["Artemus Gordon", "Tarzan"])
    return GAME.scenario(at=Phase.INVENTION, **kw)


def test_inventors_and_scientists_roll_on_the_invention_table():
    """INVENTION PHASE: each Character with Inventor or Scientist rolls once; an Inventor Location too."""
    s = GAME.scenario(heroes=["Artemus Gordon", "Dr Jekyll Mr Hyde", "Tarzan"], at=Phase.INVENTION)
    assert [i.source for i in s.pending] == ["Artemus Gordon", "Dr Jekyll Mr Hyde"]
    s = GAME.scenario(villains=["Arliss Loveless"], locations={"Arliss Loveless": ["Laboratories"]},
                      at=Phase.INVENTION, side="villains")
    assert [i.source for i in s.pending] == ["Arliss Loveless", "Laboratories"]


def test_research_looks_at_your_own_next_seven():
    """INVENTION PHASE: 1, Research: look at the next 7 cards in your deck."""
    s, _ = forced(invention(decks={"heroes": ["Train"]}), 1)
    assert s.pending[0] == Reveal(HEROES, HEROES, 7, "invention.table")


def test_build_puts_an_invention_marker_worth_fight_plus_one():
    """INVENTION PHASE: 2, Build: an Invention Marker on a target unit; markers give Fight +1."""
    s, _ = forced(invention(), 2)
    s, _ = step(s, Mark("Tarzan"))
    from explorer.victorian.units import fight
    assert s.heroes.unit("Tarzan").markers == 1 and fight(GAME, s, HEROES, s.heroes.unit("Tarzan")) == 3


def test_eureka_draws_a_card():
    """INVENTION PHASE: 3, Eureka: draw one card."""
    s, _ = forced(invention(decks={"heroes": ["Train"]}), 3)
    s, _ = forced(s, "Train")
    assert "Train" in s.heroes.hand


def test_blueprints_put_a_weapon_or_vehicle_into_play_from_the_deck():
    """INVENTION PHASE: 4, Blueprints: search your deck for a Vehicle or Weapon and put it into play."""
    s, _ = forced(invention(decks={"heroes": ["Elephant Gun", "Train"]}), 4)
    assert GAME.decision(s).options == (Blueprint("Elephant Gun", "Artemus Gordon"),)  # the Marksman only
    s, _ = step(s, Blueprint("Elephant Gun", "Artemus Gordon"))
    assert s.heroes.unit("Artemus Gordon").gear == ("Elephant Gun",) and s.heroes.deck.rest == ("Train",)


def test_failed_project_does_nothing():
    """INVENTION PHASE: 5, Failed Project: nothing."""
    before = invention()
    s, events = forced(before, 5)
    assert s.heroes == before.heroes


def test_lab_explosion_wounds_the_inventor():
    """INVENTION PHASE: 6, Lab Explosion: the inventor receives a Wound marker (Artemus Gordon, Fight 1, dies)."""
    s, events = forced(invention(), 6)
    assert s.heroes.unit("Artemus Gordon") is None and "Artemus Gordon" in s.heroes.discard


def test_an_exploded_location_may_not_roll_for_two_turns():
    """INVENTION PHASE (register: lab-lockout): a Location whose lab explodes cannot roll for the next 2 turns."""
    s = GAME.scenario(villains=["Dr Moreau"], locations={"Dr Moreau": ["Factories"]}, at=Phase.INVENTION,
                      side="villains")
    s, events = forced(s, 6)
    assert s.villains.locations[0].shut_until == 3
    for turn, rolls in ((2, False), (3, False), (4, True)):
        t = GAME.scenario(villains=["Dr Moreau"], locations={"Dr Moreau": ["Factories"]}, at=Phase.INVENTION,
                          side="villains", turn=turn)
        t = t._replace(sides=(t.heroes, t.villains._replace(locations=s.villains.locations)))
        from explorer.victorian.invention import inventors
        assert bool(inventors(GAME, t, VILLAINS)) is rolls, turn
