"""Setting up and the order of play: the deal, the Cardinal's Gift, the draw, the
actions (Muster Warrior to Attack), the discard, No Warriors in Play,
Personalities, the end of the game; illegal actions name their rule and leave
the state unchanged."""

from __future__ import annotations

import pytest
from dt_helpers import GAME, W, make_state, rules_of, step, texts

from explorer.core.deck import Deck, Multiset
from explorer.core.engine import IllegalAction, RandomPolicy, Stepper
from explorer.doomtrooper.base.actions import (
    Assign,
    Attack,
    Bestow,
    Build,
    Cast,
    ClaimGift,
    DeclineGift,
    Discard,
    DiscardCard,
    Draw,
    EndActions,
    EnterVehicle,
    Equip,
    ExitCover,
    ExitVehicle,
    KeepHand,
    Meditate,
    Muster,
    MusterInCover,
    PlaySpecial,
    SeekCover,
)
from explorer.doomtrooper.base.combat_context import Context
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Phase


def fight_out(game, state, attack):
    """Attack, then answer the combat: pass, resolve, take every point as Promotion."""
    state, events = step(game, state, attack)
    while state.phase is Phase.COMBAT:
        state, more = step(game, state, game.decision(state).options[-1])
        events += more
    return state, events


def refused(state, action, section, game=GAME):
    """``action`` is illegal in ``state``, citing ``section``; the state is unchanged."""
    before = state
    with pytest.raises(IllegalAction) as err:
        game.check(state, action)
    assert err.value.rule.section == section, err.value
    assert state == before
    return err.value


# -- setting up -----------------------------------------------------------------------------------------

def test_the_deal_gives_five_destiny_and_seven_cards():
    """Setting Up: 5 Destiny Points and an opening hand of seven, the shuffles a chance step."""
    state = GAME.setup(seed=4)
    assert state.purses == (5, 5) and [s.hand.size for s in state.seats] == [7, 7]
    assert [len(s.deck) for s in state.seats] == [53, 53] and state.phase is Phase.GIFT


def test_the_gift_without_a_warrior_shows_the_hand_and_shuffles_it_back():
    """The Cardinal's Gift: a hand with no warrior is shown to everyone, seven new cards are
    drawn, and the first seven are shuffled back into the deck."""
    state = GAME.setup(seed=4)
    no_warrior = Multiset.of(["Bunker", "Bounty", "Narrow Escape", "Combat Armor", "Powerful Blow", "Violator Sword",
                              "Sharpshooter"])
    s = state.seats[0]
    state = state._replace(seats=(s._replace(hand=no_warrior, deck=Deck.of(s.deck.cards + s.hand - no_warrior)),
                                  state.seats[1]))
    after, events = step(GAME, state, ClaimGift())
    seat = after.seats[0]
    assert seat.hand.size == 7 and seat.discard.size == 0 and len(seat.deck) == 53 and seat.gift
    public = [e for e in events if e.visible_to is None]
    assert "showing his hand" in public[0].text and dict(public[0].data)["shown"] == tuple(no_warrior)
    assert after.current == 1


def test_the_gift_with_a_warrior_puts_the_old_hand_in_the_discard_pile_unseen():
    """The Cardinal's Gift: with a warrior in hand, the first seven become the first seven cards of
    the discard pile (not shown)."""
    state = GAME.setup(seed=4)
    assert any(GAME.pool[c].type == "warrior" for c in state.seats[0].hand)
    old = state.seats[0].hand
    after, events = step(GAME, state, ClaimGift())
    assert after.seats[0].discard == old and len(after.seats[0].deck) == 46
    assert not any(c in e.text for e in events if e.visible_to is None for c in old.distinct)


def test_the_gift_is_claimed_once_right_after_the_opening_draw():
    """The Cardinal's Gift: once per player, only after the opening draw."""
    state = GAME.setup(seed=4)
    state, _ = step(GAME, state, DeclineGift())
    state, _ = step(GAME, state, DeclineGift())
    assert state.phase is Phase.DRAW and all(s.gift for s in state.seats)
    refused(state, ClaimGift(), "setup.gift")


def test_the_first_turn_draws_to_seven_and_gives_three_actions():
    """Step One: Draw / Step Two: Actions; seat 0 begins (ours)."""
    state = GAME.setup(seed=4)
    for _ in range(2):
        state, events = step(GAME, state, DeclineGift())
    assert "ours.first_player" in rules_of(events)
    assert GAME.decision(state).player is None and GAME.decision(state).options == (Draw(),)
    state, _ = step(GAME, state, Draw())
    assert state.phase is Phase.ACTIONS and state.actions == 3 and state.seats[0].turns == 1


def test_drawing_fills_the_hand_to_seven():
    """Step One: Draw: draw until the hand holds seven."""
    state = make_state(hands=(["Bunker", "Bounty"], []), phase=Phase.DRAW)
    state, events = step(GAME, state, Draw())
    assert state.seats[0].hand.size == 7 and "draws 5 cards" in events[-2].text
    assert events[-1].visible_to == frozenset({0}) and events[-2].visible_to is None


def test_an_empty_draw_pile_does_not_end_the_game_for_one_player():
    """Step One: Draw: a player whose pile is empty draws nothing and plays on."""
    state = make_state(hands=(["Bunker"], []), decks=[{}, {"Razide": 5}], phase=Phase.DRAW,
                       warriors=[W("Sean Gallagher", 0)])
    state, events = step(GAME, state, Draw())
    assert state.phase is Phase.ACTIONS and "draws nothing" in texts(events)[-1]


def test_when_every_draw_pile_is_empty_the_leader_wins():
    """Step One: Draw: both piles empty ends the game; the most Promotion Points wins."""
    state = make_state(hands=(["Bunker"], []), decks=[{"Razide": 1}, {}], phase=Phase.DRAW, promotion=(3, 7),
                       warriors=[W("Sean Gallagher", 0)])
    state, events = step(GAME, state, Draw())
    assert state.phase is Phase.OVER and state.result.winners == (1,) and state.result.ending.text == "draw piles exhausted"
    assert "turn.exhausted" in rules_of(events)
    assert texts(events)[-1] == "every draw pile is empty: seat 1 leads on Promotion Points and wins"


def test_an_ending_s_words_agree_with_how_many_seats_win():
    from explorer.doomtrooper.base.turn import seats_do

    assert seats_do((1,), "leads", "lead") == "seat 1 leads"
    assert seats_do((0, 2), "leads", "lead") == "seat 0 and seat 2 lead"


def test_a_tie_on_empty_piles_plays_on_until_someone_leads():
    """Step One: Draw: in a tie, play continues until one player has more."""
    state = make_state(hands=(["Bunker"], []), decks=[{"Razide": 1}, {}], phase=Phase.DRAW, promotion=(4, 4),
                       warriors=[W("Sean Gallagher", 0), W("Razide", 1)])
    state, _ = step(GAME, state, Draw())
    assert state.phase is Phase.ACTIONS
    state = state._replace(seats=(state.seats[0]._replace(promotion=5), state.seats[1]))
    state, _ = step(GAME, state, Meditate())
    assert state.result.winners == (0,)


def test_the_promotion_goal_ends_the_game_and_is_a_parameter():
    """The Object: 25 Promotion Points for first games; 40 for experienced players."""
    state = make_state(warriors=[W("Sean Gallagher", 0), W("Nepharite of Ilian", 1, wounded=True)],
                       promotion=(22, 0))
    after, _ = fight_out(GAME, state, Attack(0, 1, "fight"))  # all 5 as Promotion
    assert after.result.winners == (0,) and after.result.ending.text == "promotion goal"
    forty = DoomtrooperGame(rules=override_rules({"promotion_goal": 40}))
    after, _ = fight_out(forty, state, Attack(0, 1, "fight"))
    assert after.phase is Phase.DISCARD and after.seats[0].promotion == 27


# -- actions ------------------------------------------------------------------------------------------

def test_muster_pays_the_value_and_places_by_affiliation():
    """Muster Warrior: pay the Value; Doomtroopers to the Squad, Dark Legion to the Kohort."""
    state = make_state(hands=(["Venusian Ranger", "Razide"], []), destiny=(10, 5))
    state, events = step(GAME, state, Muster("Venusian Ranger"))
    state, _ = step(GAME, state, Muster("Razide"))
    assert state.purses[0] == 10 - 4 - 5 and [t.area for t in state.troopers] == ["Squad", "Kohort"]
    assert state.actions == 1 and "paying 4 Destiny Points" in events[0].text


def test_muster_needs_enough_destiny():
    """Muster Warrior: without enough Destiny Points you may not muster."""
    state = make_state(hands=(["Razide"], []), destiny=(4, 5))
    assert Muster("Razide") not in GAME.decision(state).options
    refused(state, Muster("Razide"), "actions.muster")


def test_three_actions_then_no_fourth():
    """Step Two: Actions: three actions a turn; a fourth is refused."""
    state = make_state(hands=(["Bunker"], []), warriors=[W("Sean Gallagher", 0)])
    for _ in range(3):
        state, _ = step(GAME, state, Meditate())
    assert state.phase is Phase.DISCARD and state.purses[0] == 13
    refused(state, Meditate(), "turn.actions")
    refused(state, Build("Bunker"), "turn.actions")


def test_the_attack_is_the_last_action_and_forfeits_the_rest():
    """Attack: once per turn, the last action; unused actions are lost."""
    state = make_state(warriors=[W("Sean Gallagher", 0), W("Razide", 1)])
    state, _ = step(GAME, state, Attack(0, 1, "fight"))
    assert state.actions == 0
    while state.phase is Phase.COMBAT:
        state, _ = step(GAME, state, GAME.decision(state).options[-1])
    assert state.phase is Phase.DISCARD
    refused(state, Meditate(), "turn.actions")


def test_no_attack_in_the_first_turn():
    """Step Two: Actions: you may not attack during your first turn."""
    state = make_state(warriors=[W("Sean Gallagher", 0), W("Razide", 1)], turns=(1, 0))
    assert not any(isinstance(o, Attack) for o in GAME.decision(state).options)
    refused(state, Attack(0, 1, "fight"), "turn.actions")


def test_a_doomtrooper_attacking_the_brotherhood_is_refused():
    """Announce Attacker and Defender: no Doomtrooper may attack the Brotherhood."""
    state = make_state(warriors=[W("Sean Gallagher", 0), W("Brotherhood Mystic", 1)])
    assert not any(isinstance(o, Attack) for o in GAME.decision(state).options)
    refused(state, Attack(0, 1, "fight"), "combat.announce.brotherhood")
    refused(state, Attack(0, 0, "fight"), "combat.announce.own")
    refused(state, Attack(0, 1, "punch"), "combat.tactic")


def test_a_new_warrior_may_attack_the_turn_it_arrives():
    """Muster Warrior: a warrior may attack and be attacked in the turn it is mustered."""
    state = make_state(hands=(["Razide"], []), warriors=[W("Sean Gallagher", 1)], destiny=(5, 5))
    state, _ = step(GAME, state, Muster("Razide"))
    assert Attack(1, 0, "fight") in GAME.decision(state).options


def test_seek_cover_and_the_last_warrior_in_the_open():
    """Seek Cover: one action; at least one of your warriors stays out of cover; a wounded warrior
    may seek cover and stays wounded."""
    state = make_state(warriors=[W("Sean Gallagher", 0, wounded=True), W("Venusian Ranger", 0), W("Razide", 1)])
    state, _ = step(GAME, state, SeekCover(0))
    assert state.find(0).cover and state.find(0).wounded
    refused(state, SeekCover(1), "actions.cover")
    refused(state, SeekCover(0), "actions.seek_cover")


def test_warriors_in_cover_may_not_attack_and_exit_cover_waits_a_turn():
    """Seek Cover / Exit Cover: a warrior in cover may not attack, nor in the turn it comes out."""
    state = make_state(warriors=[W("Sean Gallagher", 0, cover=True), W("Venusian Ranger", 0), W("Razide", 1)])
    refused(state, Attack(0, 2, "fight"), "actions.cover")
    state, _ = step(GAME, state, ExitCover(0))
    assert not state.find(0).cover
    refused(state, Attack(0, 2, "fight"), "actions.exit_cover")
    assert Attack(1, 2, "fight") in GAME.decision(state).options


def test_when_all_your_warriors_are_in_cover_the_next_action_must_bring_one_out():
    """Seek Cover: if all your remaining warriors are in cover, your next action is an Exit Cover."""
    state = make_state(hands=(["Bunker"], []), warriors=[W("Sean Gallagher", 0, cover=True),
                                                          W("Venusian Ranger", 0, cover=True), W("Razide", 1)])
    assert GAME.decision(state).options == (ExitCover(0), ExitCover(1))
    refused(state, Meditate(), "actions.cover")


def test_muster_in_cover_takes_three_actions_hides_the_warrior_and_defers_payment():
    """Muster Warrior in Cover: three actions; face down between Squad and Kohort; not paid for
    until revealed; the opponent does not learn who it is."""
    state = make_state(hands=(["Razide"], []), warriors=[W("Necromutant", 0), W("Sean Gallagher", 1)], destiny=(5, 5))
    state, events = step(GAME, state, MusterInCover("Razide"))
    t = state.troopers[-1]
    assert t.hidden and t.cover and t.unpaid and state.purses[0] == 5 and state.phase is Phase.DISCARD
    assert [e.visible_to for e in events] == [None, frozenset({0})] and "Razide" not in events[0].text
    seen = GAME.observe(state, 1).troopers[-1]
    assert seen.card == "?" and seen.area == "between"


def test_muster_in_cover_needs_three_actions_and_a_warrior_out_of_cover():
    """Muster Warrior in Cover (and the cover rule; interpretation alone-in-cover)."""
    state = make_state(hands=(["Razide"], []), warriors=[W("Necromutant", 0)], actions=2)
    refused(state, MusterInCover("Razide"), "actions.muster_in_cover")
    alone = make_state(hands=(["Razide"], []))
    refused(alone, MusterInCover("Razide"), "actions.cover")
    lenient = DoomtrooperGame(rules=override_rules({"muster_in_cover_alone": True}))
    assert MusterInCover("Razide") in lenient.decision(alone).options


def test_a_revealed_warrior_is_paid_for_then():
    """Muster Warrior in Cover: once revealed (exit cover), its Destiny cost is paid."""
    state = make_state(warriors=[W("Necromutant", 0), W("Razide", 0, cover=True, hidden=True, unpaid=True)],
                       destiny=(6, 5))
    state, events = step(GAME, state, ExitCover(1))
    assert state.purses[0] == 1 and not state.find(1).unpaid and not state.find(1).hidden
    assert "actions.muster_in_cover.payment" in rules_of(events)


def test_a_revealed_warrior_that_cannot_be_paid_costs_destiny_then_promotion():
    """Muster Warrior in Cover: short of Destiny, the warrior is discarded, the pool emptied and the
    rest taken from Promotion Points one for one."""
    state = make_state(warriors=[W("Necromutant", 0), W("Razide", 0, cover=True, hidden=True, unpaid=True)],
                       destiny=(2, 5), promotion=(1, 0))
    state, events = step(GAME, state, ExitCover(1))
    assert state.find(1) is None and state.purses[0] == 0 and state.seats[0].promotion == 0
    assert "seat 0 cannot pay 5 Destiny Points for Razide: loses all his Destiny and Promotion Points (2 and 1)" \
        in texts(events)



def test_attacking_a_hidden_warrior_turns_it_over_and_an_illegal_combat_ends_at_once():
    """Muster Warrior in Cover: the attacked warrior is flipped (and paid for); if the combat is then
    illegal it ends, and the attack action is spent."""
    state = make_state(warriors=[W("Sean Gallagher", 0), W("Razide", 1),
                                 W("Brotherhood Mystic", 1, cover=True, hidden=True, unpaid=True)], destiny=(5, 5))
    assert Attack(0, 2, "fight") in GAME.decision(state).options  # nobody knows who it is
    state, events = step(GAME, state, Attack(0, 2, "fight"))
    assert state.phase is Phase.DISCARD and state.purses[1] == 3
    mystic = state.find(2)
    assert mystic.cover and not mystic.hidden
    assert "combat.announce.brotherhood" in rules_of(events) and "attack action is spent" in texts(events)[-1]


def test_meditate_adds_a_destiny_point_even_without_warriors():
    """Meditate: one Destiny Point per action, with or without warriors."""
    state = make_state(destiny=(0, 0))
    state, events = step(GAME, state, Meditate())
    assert state.purses[0] == 1 and "actions.meditate" in rules_of(events)


def test_equipment_rules():
    """Equip Warrior: any number of cards, spares allowed; one armor; restrictions on the card."""
    state = make_state(hands=(["Combat Armor", "Combat Armor", "Violator Sword", "Punisher Handgun"], []),
                       warriors=[W("Sean Gallagher", 0), W("Razide", 0)])
    state, _ = step(GAME, state, Equip("Combat Armor", 0))
    refused(state, Equip("Combat Armor", 0), "actions.equip.armor")
    refused(state, Equip("Punisher Handgun", 1), "actions.equip")  # for Doomtroopers only
    state, _ = step(GAME, state, Equip("Violator Sword", 0))
    state, _ = step(GAME, state, Equip("Punisher Handgun", 0))
    assert state.find(0).cards() == ("Combat Armor", "Violator Sword", "Punisher Handgun")


def test_vehicles_inside_and_outside():
    """Advanced Vehicle Rules: one vehicle; inside or outside when attached (a warrior in cover
    must be outside); entering and leaving cost an action each; no entering from cover; a warrior
    inside may not seek cover."""
    state = make_state(hands=(["Grizzly Tank", "Armored Jeep"], []),
                       warriors=[W("Sean Gallagher", 0), W("Venusian Ranger", 0, cover=True), W("Razide", 1)])
    options = GAME.decision(state).options
    assert Equip("Grizzly Tank", 0, True) in options and Equip("Grizzly Tank", 1, True) not in options
    refused(state, Equip("Grizzly Tank", 1, True), "vehicles")
    state, _ = step(GAME, state, Equip("Grizzly Tank", 0, True))
    assert state.find(0).inside
    refused(state, Equip("Armored Jeep", 0, False), "actions.equip.vehicles")
    refused(state, SeekCover(0), "vehicles.inside")
    state, _ = step(GAME, state, ExitVehicle(0))
    assert not state.find(0).inside and state.actions == 1
    state, _ = step(GAME, state, Equip("Armored Jeep", 1, False))
    assert state.phase is Phase.DISCARD


def test_no_entering_a_vehicle_from_cover_and_no_cover_from_a_vehicle():
    """Advanced Vehicle Rules: a warrior in cover must exit cover before entering its vehicle; a
    warrior inside may not seek cover."""
    state = make_state(warriors=[W("Sean Gallagher", 0, cover=True, attached=["Armored Jeep"]),
                                 W("Venusian Ranger", 0, attached=["Grizzly Tank"], inside=True),
                                 W("Imperial Trencher", 0), W("Razide", 1)])
    refused(state, EnterVehicle(0), "vehicles.inside")
    refused(state, SeekCover(1), "vehicles.inside")
    state, _ = step(GAME, state, ExitCover(0))
    state, _ = step(GAME, state, EnterVehicle(0))
    assert state.find(0).inside


def test_a_vehicle_discarded_with_its_warrior_inside_wounds_it():
    """Advanced Vehicle Rules: the warrior inside is wounded (killed without points if wounded)."""
    state = make_state(hands=(["Demolition Charge", "Demolition Charge"], []),
                       warriors=[W("Sean Gallagher", 0), W("Razide", 1, attached=["Ornithopter"], inside=True),
                                 W("Necromutant", 1, wounded=True, attached=["Armored Jeep"], inside=True),
                                 W("Tekron", 1, attached=["Grizzly Tank"])])
    state, events = step(GAME, state, PlaySpecial("Demolition Charge", 1))
    assert state.find(1).wounded and not state.find(1).cards() and "Ornithopter" in state.seats[1].discard
    state, events = step(GAME, state, PlaySpecial("Demolition Charge", 2))
    assert state.find(2) is None and "no points are earned" in texts(events)[-1] and state.seats[0].promotion == 0
    assert state.actions == 3  # played as no action


def test_a_warrior_forced_into_cover_leaves_its_vehicle():
    """Advanced Vehicle Rules: forced into cover by a card, it is forced out of its vehicle too."""
    state = make_state(hands=(["Smoke Screen"], []),
                       warriors=[W("Sean Gallagher", 0), W("Razide", 1, attached=["Ornithopter"], inside=True),
                                 W("Tekron", 1)])
    state, events = step(GAME, state, PlaySpecial("Smoke Screen", 1))
    assert state.find(1).cover and not state.find(1).inside and "vehicles.inside" in rules_of(events)


def test_fortifications_one_copy_per_area():
    """Build Fortification: one action; no two copies in your Squad or Kohort; stays without warriors."""
    state = make_state(hands=(["Bunker", "Bunker"], []))
    state, events = step(GAME, state, Build("Bunker"))
    assert state.seats[0].fortifications == ("Bunker",) and "in the Squad" in events[0].text
    refused(state, Build("Bunker"), "actions.fortification")


def test_gifts_go_to_dark_legion_followers_never_twice():
    """Bestow Gift: on a Dark Legion warrior; a Gift of an Apostle only to his Followers; never two of
    the same card."""
    state = make_state(hands=(["Distort", "Dark Strength", "Dark Strength", "Void Mastery"], []),
                       warriors=[W("Necromutant", 0), W("Sean Gallagher", 0), W("Nepharite of Ilian", 0)])
    refused(state, Bestow("Dark Strength", 1), "actions.gift")
    refused(state, Bestow("Distort", 2), "actions.gift")
    state, _ = step(GAME, state, Bestow("Distort", 0))
    state, _ = step(GAME, state, Bestow("Dark Strength", 0))
    refused(state, Bestow("Dark Strength", 0), "actions.gift")
    assert Bestow("Void Mastery", 2) in GAME.decision(state).options


def test_missions_are_assigned_once_per_target_and_pay_their_owner():
    """Assign Mission: to a warrior or a player as the card says, not twice the same mission on
    the same target; fulfilled, it pays its owner and is discarded."""
    state = make_state(hands=(["Bounty", "Bounty", "Search and Destroy", "Hold the Line"], []),
                       warriors=[W("Sean Gallagher", 0), W("Nepharite of Ilian", 1, wounded=True)])
    options = GAME.decision(state).options
    assert Assign("Bounty", uid=1) in options and Assign("Bounty", uid=0) not in options
    assert Assign("Hold the Line", seat=0) in options and Assign("Hold the Line", seat=1) not in options
    state, _ = step(GAME, state, Assign("Bounty", uid=1))
    refused(state, Assign("Bounty", uid=1), "actions.mission")
    state, _ = step(GAME, state, Assign("Search and Destroy", uid=0))
    state, events = fight_out(GAME, state, Attack(0, 1, "fight"))
    assert state.seats[0].promotion == 5 + 2 + 3
    assert {"Bounty", "Search and Destroy"} <= set(state.seats[0].discard)


def test_a_lasting_spell_is_cast_in_a_turn_without_an_action():
    """Casting Spells of the Art: a spell cast outside combat by a caster in your Squad, for its cost."""
    state = make_state(hands=(["Improve Self"], []), warriors=[W("Inquisitor Majoris", 0), W("Razide", 1)],
                       destiny=(2, 2))
    assert Cast("Improve Self", 0, 0) in GAME.decision(state).options
    state, events = step(GAME, state, Cast("Improve Self", 0, 0))
    assert state.purses[0] == 1 and state.actions == 3 and state.find(0).cards() == ("Improve Self",)
    # one point is said in the singular
    assert texts(events) == ["Inquisitor Majoris casts Improve Self on Inquisitor Majoris, paying 1 Destiny Point"]


def test_the_discard_is_face_down_and_unseen():
    """Step Three: Discard: one card, face down, not shown; or none."""
    state = make_state(hands=(["Bunker", "Razide"], []), phase=Phase.DISCARD)
    assert GAME.decision(state).options == (Discard("Bunker"), Discard("Razide"), KeepHand())
    after, events = step(GAME, state, Discard("Razide"))
    assert "Razide" in after.seats[0].discard and after.current == 1 and after.phase is Phase.DRAW
    assert "Razide" not in events[0].text and events[1].visible_to == frozenset({0})
    assert GAME.observe(after, 1).seats[0].discard == Multiset.of({"?": 1})
    assert GAME.observe(after, 0).seats[0].discard == Multiset.of({"?": 1})  # nobody looks through it


def test_discard_as_one_action_is_an_optional_rule():
    """Discard as One Action: with the switch on, an action may discard a card."""
    state = make_state(hands=(["Bunker"], []))
    refused(state, DiscardCard("Bunker"), "variants.discard_action")
    game = DoomtrooperGame(rules=override_rules({"discard_as_action": True}))
    state, events = step(game, state, DiscardCard("Bunker"))
    assert "Bunker" in state.seats[0].discard and state.actions == 2


# -- No Warriors in Play, Personalities ----------------------------------------------------------------------

def test_three_turns_to_muster_a_warrior_or_lose():
    """No Warriors in Play: this turn and two more to get a warrior in, or lose."""
    state = make_state(phase=Phase.DRAW, turns=(3, 3), warriors=[W("Razide", 1)])
    state, events = step(GAME, state, Draw())
    assert state.seats[0].bare_since == 4 and "no_warriors" in rules_of(events)
    for _ in range(2):
        state = state._replace(phase=Phase.DRAW, current=0)
        state, _ = step(GAME, state, Draw())
        assert state.phase is Phase.ACTIONS
    state = state._replace(phase=Phase.DRAW, current=0)
    state, events = step(GAME, state, Draw())
    assert state.result.winners == (1,) and state.result.ending.text == "no warriors"


def test_mustering_a_warrior_within_the_three_turns_is_enough():
    state = make_state(phase=Phase.DRAW, warriors=[W("Razide", 1)], hands=(["Imperial Trencher"], []))
    state, _ = step(GAME, state, Draw())
    state, _ = step(GAME, state, Muster("Imperial Trencher"))
    assert state.seats[0].bare_since == -1


def test_only_one_copy_of_a_personality_may_be_in_play():
    """Personalities: if Sean Gallagher is anywhere in play, no other Sean may enter play."""
    state = make_state(hands=(["Sean Gallagher"], []), warriors=[W("Sean Gallagher", 1)])
    assert Muster("Sean Gallagher") not in GAME.decision(state).options
    refused(state, Muster("Sean Gallagher"), "personalities")
    gone = make_state(hands=(["Sean Gallagher"], []), warriors=[W("Razide", 1)])
    assert Muster("Sean Gallagher") in GAME.decision(gone).options


def test_an_open_muster_of_a_personality_hidden_in_cover_is_undone():
    """Personalities: the owner of the hidden copy shows it and pays; the open copy goes back to
    hand, its Destiny Points and the action are given back."""
    state = make_state(hands=(["Sean Gallagher"], []), destiny=(10, 8),
                       warriors=[W("Imperial Trencher", 0), W("Razide", 1),
                                 W("Sean Gallagher", 1, cover=True, hidden=True, unpaid=True)])
    assert Muster("Sean Gallagher") in GAME.decision(state).options  # seat 0 cannot know
    after, events = step(GAME, state, Muster("Sean Gallagher"))
    assert after.purses == (10, 2) and after.actions == 3 and "Sean Gallagher" in after.seats[0].hand
    assert after.find(2).cover and not after.find(2).hidden
    assert "personalities.cover" in rules_of(events)


def test_the_first_copy_shown_of_a_personality_hidden_twice_is_the_real_one():
    """Personalities: the other hidden copies go back to their owners' hands."""
    state = make_state(warriors=[W("Imperial Trencher", 0), W("Mitch Hunter", 0, cover=True, hidden=True, unpaid=True),
                                 W("Razide", 1), W("Mitch Hunter", 1, cover=True, hidden=True, unpaid=True)],
                       destiny=(10, 10))
    state, events = step(GAME, state, ExitCover(1))
    assert state.find(3) is None and "Mitch Hunter" in state.seats[1].hand and state.purses[1] == 10


# -- robustness -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("action", [Muster(["Razide"]), Equip(None, "x"), Attack("a", None, 3), SeekCover([1]),
                                    Assign("Bounty"), Build(3), Cast("Improve Self", "x", None), Discard(7)])
def test_malformed_actions_are_refused_not_crashed(action):
    state = make_state(hands=(["Razide", "Bounty"], []), warriors=[W("Sean Gallagher", 0), W("Razide", 1)])
    with pytest.raises(IllegalAction):
        GAME.check(state, action)


def test_a_stepper_refuses_an_illegal_action_and_keeps_its_history():
    st = Stepper(GAME, GAME.new_game(), seed=1, policies=RandomPolicy())
    st.run(until=lambda s: s.state.phase is Phase.ACTIONS)
    n = len(st.history)
    with pytest.raises(IllegalAction):
        st.step(Attack(0, 1, "fight"))
    assert len(st.history) == n


def test_end_actions_goes_to_the_discard():
    state = make_state()
    state, events = step(GAME, state, EndActions())
    assert state.phase is Phase.DISCARD and state.actions == 0


def test_why_not_lists_tempting_actions_each_with_its_rule():
    """Why not?: the tempting actions are all illegal, and the game explains each with a rule."""
    from explorer.core.rulebook import summary
    from explorer.doomtrooper.why_not import tempting

    state = make_state(hands=(["Combat Armor", "Razide", "Distort"], []), destiny=(2, 2), turns=(1, 1),
                       warriors=[W("Sean Gallagher", 0, attached=["Combat Armor"]), W("Brotherhood Mystic", 1)])
    actions = tempting(GAME, state)
    assert Attack(0, 1, "fight") in actions and Equip("Combat Armor", 0) in actions
    for a in actions:
        with pytest.raises(IllegalAction) as err:
            GAME.check(state, a)
        assert summary(err.value.rule)


def test_no_warriors_countdown_restarts_only_for_a_warrior_able_to_fight():
    """No Warriors in Play (no_warriors): mustering a warrior that may not take part in combat
    (our Capitol Executive, like the Corporate Leaders) does not fulfil the requirement; the
    countdown runs on and the player loses."""
    state = make_state(phase=Phase.DRAW, turns=(3, 3), warriors=[W("Razide", 1)],
                       hands=(["Capitol Executive"], []))
    state, _ = step(GAME, state, Draw())
    assert state.seats[0].bare_since == 4
    state, _ = step(GAME, state, Muster("Capitol Executive"))
    assert state.seats[0].bare_since == 4
    for _ in range(3):
        state = state._replace(phase=Phase.DRAW, current=0)
        state, _ = step(GAME, state, Draw())
    assert state.result.winners == (1,) and state.result.ending.text == "no warriors"


def test_ending_the_actions_with_every_warrior_in_cover_cites_the_cover_rule():
    """Seek Cover (actions.cover): while all your warriors are in cover the next action must bring
    one out, so ending the actions is refused under that rule."""
    state = make_state(warriors=[W("Sean Gallagher", 0, cover=True), W("Razide", 1)])
    assert EndActions() not in GAME.decision(state).options
    err = refused(state, EndActions(), "actions.cover")
    assert "in cover" in str(err)


def test_a_warrior_that_may_not_take_part_in_combat_cannot_be_attacked():
    """No Warriors in Play (no_warriors): a warrior that may not take part in combat at all (our
    Capitol Executive) is never a Defender: not offered, refused with that rule; hidden in cover,
    the attack is announced, the warrior turned over and the combat ends at once."""
    state = make_state(warriors=[W("Razide", 0), W("Capitol Executive", 1), W("Sean Gallagher", 1)])
    assert not [o for o in GAME.decision(state).options if isinstance(o, Attack) and o.defender == 1]
    with pytest.raises(IllegalAction) as err:
        GAME.check(state, Attack(0, 1, "fight"))
    assert err.value.rule.section == "no_warriors"
    hidden = make_state(warriors=[W("Razide", 0), W("Capitol Executive", 1, cover=True, hidden=True, unpaid=True),
                                  W("Sean Gallagher", 1)])
    assert Attack(0, 1, "fight") in GAME.decision(hidden).options
    after, events = step(GAME, hidden, Attack(0, 1, "fight"))
    assert after.phase is Phase.DISCARD and after.combat is None and "no_warriors" in rules_of(events)


def test_no_card_brings_a_warrior_unable_to_fight_into_a_combat():
    """No Warriors in Play (no_warriors): Bodyguard never puts a warrior that may not take part in
    combat in as the Defender (register: brought-in)."""
    state = make_state(warriors=[W("Razide", 0), W("Sean Gallagher", 1), W("Capitol Executive", 1)],
                       hands=([], ["Bodyguard"]))
    state, _ = step(GAME, state, Attack(0, 1, "fight"))
    live = state.combat.live
    assert [p.target for p in GAME.combat._plays(live, 1) if getattr(p, "card", "") == "Bodyguard"] == []
    with pytest.raises(ValueError):
        Context(GAME.combat, live).replace(live, "defender", 2)
