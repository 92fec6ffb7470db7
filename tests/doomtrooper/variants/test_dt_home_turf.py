"""Home Turf Advantage (Doomtrooper Optional Rules and Variants): three bases with a battlefield
each, Destiny per base, carried Promotion (at most 5, one action per point to bank it), a base
flips at 15, shoot-only inside bases with +3 Armor, all three bases flipped wins."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from dt_helpers import rules_of, step

from explorer.core.engine import IllegalAction, RandomPolicy, SampledChance, simulate
from explorer.core.testing import CHECKS, check_game
from explorer.doomtrooper.base.actions import Attack, Meditate, Muster
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.base.combat_state import Earned, Table
from explorer.doomtrooper.decks import load_decks
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.variants.home_bases import load_home_turf
from explorer.doomtrooper.variants.home_turf import Bank
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.variants.places import MusterAt, Transfer
from explorer.doomtrooper.state import Phase, Trooper


def home_game() -> DoomtrooperGame:
    return DoomtrooperGame(rules=override_rules({"variant": "home_turf"}))


GAME = home_game()
DATA = load_home_turf()


def opened(seed: int = 1, players: int = 2):
    """A game after the deal and the Cardinal's Gift, seat 0 in his second turn's actions."""
    state = GAME.setup(players, seed=seed)
    seats = tuple(s._replace(turns=2, gift=True) for s in state.seats)
    return state._replace(seats=seats, phase=Phase.ACTIONS, current=0, actions=3)


def test_the_bases_are_laid_out_and_banned_cards_leave_the_decks():
    """Home Turf Advantage: each player opens with three bases (fortifications), a battlefield
    before each and a warrior of V 3 or less inside each; five Destiny on each base; no
    fortification in any deck."""
    state = GAME.setup(2, seed=0)
    board = state.board
    assert [b.seat for b in board.bases] == [0, 0, 0, 1, 1, 1]
    assert all(b.destiny == 5 and b.promotion == 0 and not b.flipped for b in board.bases)
    assert state.purses == (15, 15)
    for b in board.bases:
        inside = [t for t in state.troopers if t.place == b.place]
        assert len(inside) == 1 and GAME.pool[inside[0].card].value <= 3
    for s in state.seats:
        cards = list(s.deck.cards) + list(s.hand)
        assert not any(GAME.pool[c].type == "fortification" for c in cards)
    assert state.seats[0].fortifications == DATA.setups["Imperial Crusade"].bases
    assert "variants.home_turf.bases" in rules_of(GAME.resolve(GAME.new_game(2), __import__(
        "explorer.doomtrooper.base.actions", fromlist=["Deal"]).Deal(), SampledChance(random.Random(0))).events)


def test_a_warrior_is_paid_by_its_base_and_meditating_feeds_every_base():
    """Home Turf Advantage: a warrior placed on the table is paid for by the base it enters (one
    affiliation per base); meditating gives each standing base one Destiny."""
    state = opened()
    board = state.board
    base = board.bases[0]
    hand = [c for c in state.seats[0].hand.distinct if GAME.pool[c].type == "warrior"]
    state = state._replace(seats=(state.seats[0]._replace(hand=state.seats[0].hand + ["Imperial Blood Beret"]),
                                  state.seats[1]))
    options = GAME.decision(state).options
    assert MusterAt("Imperial Blood Beret", base.place) in options
    with pytest.raises(IllegalAction) as err:
        GAME.check(state, Muster("Imperial Blood Beret"))
    assert err.value.rule.section == "variants.home_turf.bases"
    mystic_base = board.bases[2].place  # the Brotherhood Mystic's base: another affiliation
    assert MusterAt("Imperial Blood Beret", mystic_base) not in options
    with pytest.raises(IllegalAction, match="affiliation"):
        GAME.check(state, MusterAt("Imperial Blood Beret", mystic_base))
    after, _ = step(GAME, state, MusterAt("Imperial Blood Beret", base.place))
    assert after.board.bases[0].destiny == 5 - 3 and after.purses[0] == 15 - 3
    fed, events = step(GAME, after, Meditate())
    assert [b.destiny for b in fed.board.bases[:3]] == [3, 6, 6] and fed.purses[0] == 15
    assert hand is not None


def test_moving_out_to_the_battlefield_and_shoot_only_inside_bases():
    """Home Turf Advantage: one action moves a warrior from its base to that base's battlefield (and
    back); inside a base a warrior takes part only in shoot combats and gains +3 Armor."""
    state = opened()
    board = state.board
    t0 = next(t for t in state.troopers if t.place == board.bases[0].place)
    foe = next(t for t in state.troopers if t.owner == 1)
    assert Transfer(t0.uid, board.bases[0].field_place) in GAME.decision(state).options
    attacks = {o for o in GAME.decision(state).options if isinstance(o, Attack)}
    assert Attack(t0.uid, foe.uid, "shoot") in attacks and Attack(t0.uid, foe.uid, "fight") not in attacks
    with pytest.raises(IllegalAction) as err:
        GAME.check(state, Attack(t0.uid, foe.uid, "fight"))
    assert err.value.rule.section == "variants.home_turf.combat"
    out, _ = step(GAME, state, Transfer(t0.uid, board.bases[0].field_place))
    assert out.trooper(t0.uid).place == board.bases[0].field_place and out.actions == 2
    table = Table("shoot", t0.uid, foe.uid, state.troopers, tuple(s.fortifications for s in state.seats), (0, 1),
                  (0, 1), tuple(s.hand for s in state.seats), state.purses)
    ratings, terms = GAME.combat.explain(table, foe.uid)
    assert any(t.rule.section == "variants.home_turf.combat" and t.armor == 3 for t in terms)


def test_promotion_is_carried_then_banked_and_a_base_flips_at_15():
    """Home Turf Advantage: Promotion earned rides on the warrior (at most 5, the excess lost),
    Destiny goes to its base; inside its own base it hands over one point per action; a base with
    15 flips face down and what it brought into play is discarded."""
    state = opened()
    board = state.board
    t0 = next(t for t in state.troopers if t.place == board.bases[0].place)
    foe = next(t for t in state.troopers if t.owner == 1)

    class Done:  # a finished combat, as attack.finish hands it to the variant
        table = Table("shoot", t0.uid, foe.uid, state.troopers, ((), ()), (0, 1), (0, 1), ((), ()), (0, 0))
        earned = (Earned(0, 7, 2),)

    after, events = GAME.places.earned(GAME, state, Done())
    assert after.board.carry(t0.uid) == 5 and after.board.bases[0].destiny == 7
    assert "variants.home_turf.carry" in rules_of(events) and "2 lost" in events[0].text
    after = after._replace(purses=(after.purses[0] + 2, after.purses[1]))
    assert Bank(t0.uid) in GAME.decision(after).options
    banked, events = step(GAME, after, Bank(t0.uid))
    assert banked.board.carry(t0.uid) == 4 and banked.board.bases[0].promotion == 1
    away, _ = step(GAME, banked, Transfer(t0.uid, board.bases[0].field_place))
    assert Bank(t0.uid) not in GAME.decision(away).options
    with pytest.raises(IllegalAction, match="inside the base"):
        GAME.check(away, Bank(t0.uid))
    near = banked._replace(board=banked.board._replace(bases=(banked.board.bases[0]._replace(promotion=14),)
                                                       + banked.board.bases[1:]))
    flipped, events = step(GAME, near, Bank(t0.uid))
    b = flipped.board.bases[0]
    assert b.flipped and flipped.find(t0.uid) is None and "variants.home_turf.flip" in rules_of(events)
    assert b.fort in flipped.seats[0].discard and b.fort not in flipped.seats[0].fortifications
    assert flipped.purses[0] == sum(x.destiny for x in flipped.board.bases[:3])


def test_all_three_bases_flipped_wins():
    """Home Turf Advantage: when all three of a player's bases are face down, he wins."""
    state = opened()
    bases = tuple(b._replace(promotion=15) if b.seat == 1 else b for b in state.board.bases)
    after, events = step(GAME, state._replace(board=state.board._replace(bases=bases)), Meditate())
    assert after.over and after.result.winners == (1,) and after.result.ending.text == "bases flipped"


# -- seeded games -----------------------------------------------------------------------------------------

def home_invariants(game, state) -> None:
    """Every card in one place (the decks less the banned cards, plus the bases and starting
    warriors); each seat's Destiny pool is the sum of his standing bases'; no warrior carries more
    than 5; every base holds one affiliation; a flipped base holds nobody."""
    board = state.board
    if board is None or state.phase is Phase.SETUP:
        return
    names = list(game.decks)
    data = game.places.data
    for i, s in enumerate(state.seats):
        deck = game.decks[names[i % len(names)]]
        setup = data.setups.get(deck.name, data.setups[data.default])
        want = Counter({c: n for c, n in deck.cards.items if game.pool[c].type not in data.banned_types})
        want.update(setup.bases)
        want.update(setup.starters)
        hand = s.hand if state.combat is None else state.combat.live.hands[i]
        got = Counter()
        for zone in (s.deck.cards, hand, s.discard, s.annihilated):
            got.update(dict(zone.items))
        got.update(s.fortifications)
        if state.combat is not None:
            got.update(p.card for p in state.combat.live.plays if p.seat == i)
        for st in state.seats:
            got.update(m.card for m in st.missions if m.owner == i)
        for t in state.troopers:
            if t.owner == i:
                got[t.card] += 1
            for a in t.attached:
                if a.owner == i:
                    got[a.card] += 1
        assert +got == +want, (i, got - want, want - got)
        if state.combat is None:
            assert state.destiny(i) == sum(b.destiny for b in board.bases if b.seat == i and not b.flipped) or \
                   state.phase is Phase.OVER or not any(b.seat == i and not b.flipped for b in board.bases)
    for uid, n in board.carried:
        assert 0 < n <= game.rules.carry_limit
    for b in board.bases:
        here = [t for t in state.troopers if t.place == b.place]
        assert len({game.pool[t.card].affiliation for t in here if t.card != "?"}) <= 1
        if b.flipped:
            assert not here


def test_seeded_games_keep_the_invariants():
    """Home Turf Advantage: seeded random games end and keep the invariants at every step."""
    reasons = Counter()
    for seed in range(6):
        state = GAME.new_game(2 + seed % 2)
        rng = random.Random(seed)
        chance = SampledChance(rng)
        while not state.over:
            d = GAME.decision(state)
            state = GAME.resolve(state, d.options[0] if d.forced else rng.choice(d.options), chance).state
            home_invariants(GAME, state)
        reasons[state.result.ending.text] += 1
    r = simulate(GAME, GAME.new_game(2), get_bot("greedy"), seed=3)
    assert r.result is not None


def home_start(i: int):
    return GAME.new_game(2 + i % 2)


@pytest.fixture(scope="module")
def report():
    bots = {0: get_bot("greedy"), 1: RandomPolicy(), 2: get_bot("greedy")}
    return check_game(GAME, home_start, steps=600, seed="home", policies=bots, game_factory=home_game,
                      invariants=[home_invariants], skip=("exact",), raise_on_failure=False, hashseed=False)


@pytest.mark.parametrize("check", [c for c in CHECKS if c != "exact"])
def test_home_turf_keeps_the_protocol(report, check):
    """Home Turf Advantage: every step of the walks keeps check ``check`` of the conformance kit."""
    assert not report.failed(check), "\n".join(str(f) for f in report.failed(check))


def test_a_deck_given_as_cards_uses_the_default_setup():
    """Home Turf Advantage: a deck given as cards (no setup of its own) opens with the default bases."""
    cards = dict(load_decks()["Legion of Algeroth"].cards.items)
    state = GAME.new_game(2, decks=[cards, "Legion of Algeroth"])
    assert state.seats[0].fortifications == DATA.setups[DATA.default].bases
    assert state.seats[1].fortifications == DATA.setups["Legion of Algeroth"].bases
    assert all(isinstance(t, Trooper) for t in state.troopers)


def test_a_bad_setup_is_refused(tmp_path):
    """Home Turf Advantage: the setups are data; a battlefield nobody defined, or a starting warrior
    of base Value above 3, is refused naming the file, the setup and the field."""
    from explorer.core.data import DataError
    from explorer.doomtrooper.variants.home_bases import check_setups, home_turf_path

    text = home_turf_path().read_text()
    bad = tmp_path / "home_turf.toml"
    bad.write_text(text.replace('battlefields = ["No-Man\'s Land", "Great Rust Desert", "Venus Jungle"]',
                                'battlefields = ["Luna", "Great Rust Desert", "Venus Jungle"]'))
    with pytest.raises(DataError) as err:
        load_home_turf(bad)
    assert (err.value.entry, err.value.field) == ("Legion of Algeroth", "battlefields")
    strong = tmp_path / "strong.toml"
    strong.write_text(text.replace('starters = ["Undead Legionnaire", "Necromutant", "Legion Sharpshooter"]',
                                   'starters = ["Razide", "Necromutant", "Legion Sharpshooter"]'))
    with pytest.raises(DataError, match="Value 3 or less"):
        check_setups(load_home_turf(strong), GAME.pool, GAME.rules, strong)


def test_teams_are_refused():
    """Home Turf Advantage: Destiny sits on each player's own bases, so the Teams style (a shared pool)
    is refused with a message naming the choice."""
    game = DoomtrooperGame(rules=override_rules({"variant": "home_turf", "style": "teams"}))
    with pytest.raises(ValueError, match="not played in Teams"):
        game.new_game(4)


def test_a_warrior_is_paid_for_by_the_one_base_it_enters():
    """variants.home_turf.bases: a warrior placed on the table is paid for by, and placed on, one
    base: a Value-6 personality waits until one base holds 6 Destiny, whatever the bases hold
    together (reading home-muster-cost)."""
    state = opened()
    s0 = state.seats[0]
    state = state._replace(seats=(s0._replace(hand=s0.hand.add("Sean Gallagher")),) + state.seats[1:])
    board = state.board
    assert state.destiny(0) == sum(b.destiny for b in board.bases if b.seat == 0) > 6
    assert not any(isinstance(o, MusterAt) and o.card == "Sean Gallagher" for o in GAME.decision(state).options)
    rich = board._replace(bases=(board.bases[0]._replace(destiny=6),) + board.bases[1:])
    purses = (state.purses[0] + 1,) + state.purses[1:]
    state = state._replace(board=rich, purses=purses)
    assert MusterAt("Sean Gallagher", rich.bases[0].place) in GAME.decision(state).options
