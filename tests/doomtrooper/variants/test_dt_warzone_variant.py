"""Warzone Variant (Doomtrooper Optional Rules and Variants): warzones as places on the table,
Luna always in play, Add Warrior into a warzone, Transfer, combat only inside one warzone,
abilities that still reach across, fortifications fixed to a warzone, a discarded warzone.

The pool has no Warzone cards yet (the Warzone expansion's cards come with their own card type):
these tests add two warzone cards of their own (ours) to the sample pool."""

from __future__ import annotations

import random
from typing import NamedTuple

import pytest
from dt_helpers import W, make_state, rules_of, step

from explorer.core.engine import IllegalAction, RandomPolicy, SampledChance, simulate
from explorer.core.testing import CHECKS, check_game
from explorer.doomtrooper.base.actions import Attack, Build, Muster
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.cards import load_pool
from explorer.doomtrooper.base.combat_state import Table
from explorer.doomtrooper.decks import load_decks
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.variants.places import BuildAt, MusterAt, Transfer
from explorer.doomtrooper.state import Phase
from explorer.doomtrooper.variants.warzone import LUNA, DiscardWarzone, PlaceWarzone, WarzoneBoard, discard_warzone


class SampleWarzone(NamedTuple):
    """A Warzone card (ours, for these tests): its F, S, A and V modifiers."""

    name: str
    fight: int = 0
    shoot: int = 0
    armor: int = 0
    value: int = 0
    text: str = "Ours: a sample warzone for the Warzone Variant's tests."

    type = "warzone"


WARZONES = {"Graveton Archipelago": SampleWarzone("Graveton Archipelago", fight=2, armor=1, value=1),
            "Cyberpolis": SampleWarzone("Cyberpolis", shoot=1, armor=2)}
POOL = load_pool().with_cards(WARZONES)


def variant_game() -> DoomtrooperGame:
    return DoomtrooperGame(pool=POOL, rules=override_rules({"variant": "warzone"}))


GAME = variant_game()


def state_with(warriors=(), hands=((), ()), warzones=(), forts=(), **kw):
    fortifications = kw.pop("fortifications", None)
    if fortifications is None:
        fortifications = [[f for s, f, _ in forts if s == i] for i in range(len(hands))]
    return make_state(GAME, warriors=warriors, hands=hands, board=WarzoneBoard(tuple(warzones), tuple(forts)),
                      fortifications=fortifications, **kw)


def test_add_warzone_puts_an_empty_place_on_the_table():
    """Warzone Variant: Add Warzone (one action) puts a Warzone card from hand on the table, empty;
    one copy of each warzone in play at a time; Luna is always there."""
    state = state_with(hands=(["Graveton Archipelago", "Cyberpolis"], ["Cyberpolis"]))
    after, events = step(GAME, state, PlaceWarzone("Cyberpolis"))
    assert after.board.names() == ("Cyberpolis",) and after.actions == state.actions - 1
    assert not any(t.place == "Cyberpolis" for t in after.troopers)
    theirs = after._replace(current=1)
    assert PlaceWarzone("Cyberpolis") not in GAME.decision(theirs).options
    with pytest.raises(IllegalAction, match="one copy of each warzone"):
        GAME.check(theirs, PlaceWarzone("Cyberpolis"))
    assert GAME.places.places(after) == [LUNA, "Cyberpolis"]


def test_the_deal_puts_everyone_on_luna():
    """Warzone Variant, Luna: always in play; everything played before a warzone arrives is there."""
    state = GAME.setup(2, seed=1)
    assert state.board == WarzoneBoard()
    assert GAME.places.places(state) == [LUNA]


def test_add_warrior_into_a_warzone_and_transfer():
    """Warzone Variant: a warrior is added straight into Luna or a warzone in play; a Transfer moves
    it, one action, two for a warrior with a vehicle; a plain Muster (no place) is refused."""
    state = state_with([W("Wolfbane Commando", 0), W("Sean Gallagher", 0, attached=["Grizzly Tank"]),
                        W("Razide", 1)], hands=(["Imperial Trencher"], []),
                       warzones=[("Cyberpolis", 1)])
    options = GAME.decision(state).options
    assert {MusterAt("Imperial Trencher", LUNA), MusterAt("Imperial Trencher", "Cyberpolis")} <= set(options)
    with pytest.raises(IllegalAction) as err:
        GAME.check(state, Muster("Imperial Trencher"))
    assert err.value.rule.section == "variants.warzone.enter"
    after, _ = step(GAME, state, MusterAt("Imperial Trencher", "Cyberpolis"))
    assert after.troopers[-1].place == "Cyberpolis"
    moved, events = step(GAME, state, Transfer(0, "Cyberpolis"))
    assert moved.trooper(0).place == "Cyberpolis" and moved.actions == state.actions - 1
    tank, _ = step(GAME, state, Transfer(1, "Cyberpolis"))
    assert tank.actions == state.actions - 2
    with pytest.raises(IllegalAction, match="takes 2 actions"):
        GAME.check(state._replace(actions=1), Transfer(1, "Cyberpolis"))


def test_combat_only_inside_one_warzone_and_its_modifiers_touch_everyone_there():
    """Warzone Variant: warriors fight only warriors of their own warzone (a warrior may attack in the
    turn it arrives), and the warzone's F, S, A, V modifiers apply to attacker and defender alike."""
    state = state_with([W("Wolfbane Commando", 0, place="Graveton Archipelago"), W("Razide", 1, place="Graveton Archipelago"),
                        W("Necromutant", 1)], warzones=[("Graveton Archipelago", 0)])
    attacks = {o for o in GAME.decision(state).options if isinstance(o, Attack)}
    assert Attack(0, 1, "fight") in attacks and not any(o.defender == 2 for o in attacks)
    with pytest.raises(IllegalAction) as err:
        GAME.check(state, Attack(0, 2, "fight"))
    assert err.value.rule.section == "variants.warzone.combat"
    table = Table("fight", 0, 1, state.troopers, ((), ()), (0, 1), (0, 1), tuple(s.hand for s in state.seats),
                  state.purses)
    for uid in (0, 1):
        ratings, terms = GAME.combat.explain(table, uid)
        card = GAME.pool[state.trooper(uid).card]
        assert (ratings.attack, ratings.armor, ratings.value) == (card.fight + 2, card.armor + 1, card.value + 1)
        assert any(t.rule.section == "variants.warzone" for t in terms)
    moved, _ = step(GAME, state._replace(troopers=state.troopers[:2] + (state.troopers[2]._replace(owner=0),)),
                    Transfer(2, "Graveton Archipelago"))
    assert Attack(2, 1, "fight") in GAME.decision(moved).options  # it attacks in the turn it arrives


def test_fortifications_stay_in_their_warzone():
    """Warzone Variant: a fortification is built in a chosen warzone (Luna included) and helps only
    the warriors in that warzone."""
    state = state_with([W("Wolfbane Commando", 0, place="Cyberpolis"), W("Razide", 1, place="Cyberpolis"),
                        W("Imperial Trencher", 0), W("Necromutant", 1)], hands=(["Bunker"], []),
                       warzones=[("Cyberpolis", 1)])
    assert {BuildAt("Bunker", LUNA), BuildAt("Bunker", "Cyberpolis")} <= set(GAME.decision(state).options)
    with pytest.raises(IllegalAction):
        GAME.check(state, Build("Bunker"))
    built, events = step(GAME, state, BuildAt("Bunker", LUNA))
    assert "variants.warzone.fortifications" in rules_of(events)
    in_cyber = GAME.places.combat_fortifications(GAME, built, built.trooper(0), built.trooper(1),
                                                 tuple(s.fortifications for s in built.seats))
    on_luna = GAME.places.combat_fortifications(GAME, built, built.trooper(2), built.trooper(3),
                                                tuple(s.fortifications for s in built.seats))
    assert in_cyber == ((), ()) and on_luna == (("Bunker",), ())


def test_a_discarded_warzone_sends_its_warriors_to_luna():
    """Warzone Variant: when a warzone is discarded its warriors transfer to Luna for free and every
    other card in it (its fortifications) is discarded."""
    state = state_with([W("Wolfbane Commando", 0, place="Cyberpolis"), W("Razide", 1, place="Cyberpolis")],
                       warzones=[("Cyberpolis", 1)], forts=[(0, "Bunker", "Cyberpolis")])
    after, events = discard_warzone(GAME, state, "Cyberpolis")
    assert all(t.place == LUNA for t in after.troopers) and after.board.names() == ()
    assert "Bunker" in after.seats[0].discard and "Bunker" not in after.seats[0].fortifications
    assert "Cyberpolis" in after.seats[1].discard
    assert set(rules_of(events)) == {"variants.warzone.discarded"}


def test_razing_a_warzone_is_our_switch_and_only_its_adder_s():
    """Warzone Variant (a warzone discarded; reading warzone-razing, ours): with warzone_razing on, the player who
    added a warzone may discard it for two actions, with what follows a discard; anyone else, a warzone not in
    play, too few actions or the switch off are refused with the rule, the state unchanged."""
    razing = DoomtrooperGame(pool=POOL, rules=override_rules({"variant": "warzone", "warzone_razing": True}))
    warriors = [W("Wolfbane Commando", 0, place="Cyberpolis")]
    mine = make_state(razing, warriors=warriors, hands=((), ()), board=WarzoneBoard((("Cyberpolis", 0),), ()))
    assert DiscardWarzone("Cyberpolis") in razing.decision(mine).options
    assert not any(isinstance(o, DiscardWarzone) for o in GAME.decision(state_with(
        warriors, warzones=[("Cyberpolis", 0)])).options)  # the switch off: never offered
    after, events = step(razing, mine, DiscardWarzone("Cyberpolis"))
    assert after.actions == mine.actions - 2 and after.troopers[0].place == LUNA and after.board.names() == ()
    assert set(rules_of(events)) == {"variants.warzone.discarded"}
    theirs = mine._replace(board=WarzoneBoard((("Cyberpolis", 1),), ()))
    tired = mine._replace(actions=1)
    for game, state, action, says in [(razing, theirs, DiscardWarzone("Cyberpolis"), "only he may discard it"),
                                      (razing, mine, DiscardWarzone(LUNA), "Luna never leaves"),
                                      (razing, tired, DiscardWarzone("Cyberpolis"),
                                       '"discard the warzone Cyberpolis" takes 2 actions; seat 0 has 1 left'),
                                      (GAME, mine, DiscardWarzone("Cyberpolis"), "")]:
        with pytest.raises(IllegalAction) as err:
            game.check(state, action)
        assert says in err.value.message and state == state._replace()
        if game is razing:
            assert err.value.rule.section == "variants.warzone.discarded"


def warzone_deck(name: str) -> dict[str, int]:
    """A sample deck with three copies of each sample warzone in place of six other cards."""
    cards = dict(load_decks()[name].cards.items)
    out = 6
    for card in sorted(cards, key=lambda c: (-cards[c], c)):
        while out and cards[card] > 1:
            cards[card] -= 1
            out -= 1
    for w in WARZONES:
        cards[w] = 3
    return cards


DECKS = [warzone_deck(n) for n in list(load_decks())[:2]]


def variant_invariants(game, state) -> None:
    """Every warrior stands on Luna or a warzone in play; one copy of each warzone in play."""
    if state.board is None:
        return
    names = state.board.names()
    assert len(names) == len(set(names))
    for t in state.troopers:
        assert t.place in ("", LUNA) + names, t


def test_seeded_games_keep_the_invariants():
    """Warzone Variant: seeded random and greedy games end, every warrior always on Luna or a warzone
    in play, each warzone in play once."""
    for seed in range(8):
        state = GAME.new_game(2, decks=DECKS)
        rng = random.Random(seed)
        chance = SampledChance(rng)
        while not state.over:
            d = GAME.decision(state)
            state = GAME.resolve(state, d.options[0] if d.forced else rng.choice(d.options), chance).state
            variant_invariants(GAME, state)
    r = simulate(GAME, GAME.new_game(2, decks=DECKS), get_bot("greedy"), seed=1)
    assert r.result is not None


def variant_start(i: int):
    return GAME.new_game(2 + i % 2, decks=[DECKS[k % 2] for k in range(2 + i % 2)])


@pytest.fixture(scope="module")
def report():
    bots = {0: get_bot("greedy"), 1: RandomPolicy(), 2: get_bot("greedy")}
    return check_game(GAME, variant_start, steps=600, seed="warzone", policies=bots, game_factory=variant_game,
                      invariants=[variant_invariants], skip=("exact",), raise_on_failure=False, hashseed=False)


@pytest.mark.parametrize("check", [c for c in CHECKS if c != "exact"])
def test_the_warzone_variant_keeps_the_protocol(report, check):
    """Warzone Variant: every step of the walks keeps check ``check`` of the conformance kit."""
    assert not report.failed(check), "\n".join(str(f) for f in report.failed(check))


def test_after_the_game_phase_is_sane():
    """Warzone Variant: a finished game is over with a result."""
    r = simulate(GAME, GAME.new_game(2, decks=DECKS), RandomPolicy(), seed=5)
    assert r.state.phase is Phase.OVER and r.result is not None
