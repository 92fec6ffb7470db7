"""Doomtrooper keeps the engine's protocol: the conformance kit
(explorer.core.testing.check_game) walks whole games (two to four players, the
printed rules and the optional ones, random and greedy bots) and combats on
their own; and a thousand seeded random games keep the invariants (every card in
exactly one place, points never negative, every warrior unhurt, wounded or gone)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from explorer.core.engine import RandomPolicy, simulate
from explorer.core.testing import CHECKS, check_game
from explorer.doomtrooper.base.actions import Draw
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Phase
from explorer.doomtrooper.variants import own_decks

#: The optional rules and the other readings switched on.
OPTIONAL = {"sabotage": True, "discard_as_action": True, "dice": "2d6", "many_cards_per_turn": False,
            "cover_warriors_sabotage": True, "muster_in_cover_alone": True, "no_warriors_from_start": False,
            "first_player_by_lot": True}


def printed_game() -> DoomtrooperGame:
    return DoomtrooperGame()


def optional_game() -> DoomtrooperGame:
    """The game with the optional rules and the other readings (importable: the kit rebuilds it)."""
    return DoomtrooperGame(rules=override_rules(OPTIONAL))


def teams_game() -> DoomtrooperGame:
    return DoomtrooperGame(rules=override_rules({"style": "teams", "multiple_sabotage": True, "dice": "d20",
                                                 "teammates_may_attack": True}))


def primary_game() -> DoomtrooperGame:
    return DoomtrooperGame(rules=override_rules({"style": "primary_targets", "dice": "3d6"}))


PRINTED, OPTIONAL_GAME, TEAMS, PRIMARY = printed_game(), optional_game(), teams_game(), primary_game()


def printed_start(i: int):
    return PRINTED.new_game(2 + (i % 3 == 2))


def optional_start(i: int):
    return OPTIONAL_GAME.new_game(2 + i % 2)


def teams_start(i: int):
    return TEAMS.new_game(4)


def primary_start(i: int):
    return PRIMARY.new_game(3)


# -- the invariants -----------------------------------------------------------------------------------

def decklists(game, state):
    # an expansion's deck is chosen by name; a variant's own deck is not cycled
    names = _names(game)
    return [game.decks[names[i % len(names)]].cards for i in range(len(state.seats))]


_EXPECTED: dict[tuple[int, int], tuple[object, list[Counter]]] = {}


def _expected(game, seats: int) -> list[Counter]:
    """Each seat's whole deck as a Counter, worked out once per game and table size (the
    check runs after every step of a thousand games)."""
    key = (id(game), seats)
    kept = _EXPECTED.get(key)
    if kept is None or kept[0] is not game:
        decks = [game.decks[n].cards for n in _names(game)]
        kept = _EXPECTED[key] = (game, [Counter(dict(decks[i % len(decks)].items)) for i in range(seats)])
    return kept[1]


def _names(game) -> list[str]:
    return [n for n in game.decks if not getattr(game.decks[n], "expansion", "") and n not in own_decks()]


_LAST_ZONES: dict[int, tuple[tuple, Counter]] = {}


def _zones(seat: int, zones: tuple) -> Counter:
    """The cards in a seat's deck, hand, discard and annihilated piles and fortifications,
    counted; counted again only when one of them changed since the last step (the check runs
    after every step of a thousand games, and most steps leave most seats' piles as they were)."""
    last = _LAST_ZONES.get(seat)
    if last is not None and all(a is b for a, b in zip(last[0], zones)):
        return last[1]
    deck, hand, discard, annihilated, fortifications = zones
    count: Counter = Counter(fortifications)
    count.update(deck.top)
    for pile in (deck.pile, hand, discard, annihilated):
        for card, k in pile.items:
            count[card] += k
    _LAST_ZONES[seat] = (zones, count)
    return count


def check_invariants(game, state) -> None:
    """Every card of every deck in exactly one place; points never negative; every warrior in play
    a warrior, unhurt or wounded, its equipment within the limits."""
    if state.phase is Phase.SETUP:
        return
    n = len(state.seats)
    hands = [s.hand for s in state.seats]
    table = state.combat.live if state.combat is not None else None
    if table is not None:
        hands = list(table.hands)
        assert table.purses == tuple(table.purses) and min(table.purses) >= 0
    answer = state.response.table if state.response is not None else None
    if answer is not None:
        hands[answer.seat] = answer.hand
    where = [_zones(i, (s.deck, hands[i], s.discard, s.annihilated, s.fortifications)).copy()
             for i, s in enumerate(state.seats)]
    if table is not None:
        for p in table.plays:
            where[p.seat][p.card] += 1
    if answer is not None and answer.stopped_by:
        where[answer.seat][answer.stopped_by] += 1
    for i, s in enumerate(state.seats):
        for m in s.missions:
            where[m.owner][m.card] += 1
        assert s.promotion >= 0, f"seat {i} has {s.promotion} Promotion Points"
    uids = set()
    pool = game.pool
    for t in state.troopers:
        assert t.uid not in uids, f"two warriors share uid {t.uid}"
        uids.add(t.uid)
        assert pool[t.card].type == "warrior", t
        where[t.owner][t.card] += 1
        for a in t.attached:
            where[a.owner][a.card] += 1
        if t.attached:
            kinds = Counter(pool[a.card].kind for a in t.attached if pool[a.card].type == "equipment")
            assert kinds["armor"] <= 1 and kinds["vehicle"] <= 1, t
            assert not t.inside or kinds["vehicle"] == 1, t
        else:
            assert not t.inside, t
        assert not (t.inside and t.cover), f"{t.card} is in cover inside a vehicle"
        assert not t.hidden or t.cover, f"{t.card} is hidden but not in cover"
        assert t.uid < state.next_uid
    for i, (got, want) in enumerate(zip(where, _expected(game, n))):
        assert dict.__eq__(got, want) or got == want, f"seat {i}'s cards: {got - want} too many, {want - got} missing"
    assert min(state.purses) >= 0, f"negative Destiny Points {state.purses}"
    assert 0 <= state.actions <= game.rules.actions_per_turn
    if state.phase is Phase.OVER:
        assert state.result is not None


# -- the kit --------------------------------------------------------------------------------------------

#: The whole-game walks skip the kit's ``exact`` check: the deal and every draw are chance steps
#: with up to millions of outcomes (every hand of seven from a 60-card deck), which the kit would
#: enumerate at every step.  Exactness is checked where it is cheap: the combat on its own (the
#: dice of the dice variant), and the draws of small decks (test_the_draw_is_exact_on_a_small_deck).
WHOLE_GAME_SKIPS = ("exact",)


@pytest.fixture(scope="module")
def reports():
    bots = {0: get_bot("greedy"), 1: get_bot("random"), 2: get_bot("greedy"), 3: get_bot("random")}
    kit = dict(invariants=[check_invariants], skip=WHOLE_GAME_SKIPS, raise_on_failure=False)
    return {
        "printed rules, random": check_game(PRINTED, printed_start, steps=1500, seed="printed",
                                            game_factory=printed_game, **kit),
        "optional rules, greedy and random": check_game(OPTIONAL_GAME, optional_start, steps=1000, seed="optional",
                                                        policies=bots, game_factory=optional_game, **kit),
        "teams, greedy and random": check_game(TEAMS, teams_start, steps=600, seed="teams", policies=bots,
                                               game_factory=teams_game, hashseed=False, **kit),
        "primary targets, random": check_game(PRIMARY, primary_start, steps=600, seed="primary",
                                              game_factory=primary_game, hashseed=False, **kit),
    }


def failed(reports, check) -> str:
    return "\n\n".join(f"{name}:\n" + "\n".join(str(f) for f in r.failed(check)) for name, r in reports.items()
                       if r.failed(check))


@pytest.mark.parametrize("check", [c for c in CHECKS if c not in WHOLE_GAME_SKIPS])
def test_doomtrooper_keeps_the_protocol(reports, check):
    """The Order of Play to Award Points, and the optional rules: every step of every walk keeps
    check ``check`` of the conformance kit (observations included: hands, piles and warriors
    hidden in cover never leak into another seat's options)."""
    assert not failed(reports, check), failed(reports, check)


def test_the_walks_cover_the_game(reports):
    """The Object / Step One: Draw: the walks finish games and try many illegal actions."""
    printed = reports["printed rules, random"]
    assert printed.finished >= 2 and printed.illegal_tried > 2 * printed.steps
    assert all("observe" not in r.skipped for r in reports.values())
    assert {reason for r in reports.values() for reason in (x.ending.text for x in r.results)} >= {"no warriors"}


def test_the_draw_is_exact_on_a_small_deck():
    """Step One: Draw: the draw is one chance step over hands, exact (a small deck, so the
    outcomes can be listed): each hand with its hypergeometric probability, summing to 1."""
    from fractions import Fraction

    from dt_helpers import make_state

    state = make_state(PRINTED, hands=(["Bunker"] * 4, []), phase=Phase.DRAW,
                       decks=[{"Razide": 2, "Tekron": 3, "Bounty": 1}, {"Razide": 1}])
    dist = PRINTED.apply(state, Draw())
    hands = {s.state.seats[0].hand: p for s, p in dist.pairs}
    assert sum(hands.values()) == 1 and len(hands) == 6
    assert hands[state.seats[0].hand + ["Tekron"] * 3] == Fraction(1, 20)


# -- a combat on its own ----------------------------------------------------------------------------------

def combat_start(i: int):
    """Walk ``i``'s combat: two random warriors of the pool, kitted out, with hands of combat cards."""
    from dt_helpers import W, make_state  # noqa: PLC0415 (a test helper)
    from explorer.doomtrooper.base.actions import Attack

    game = PRINTED
    rng = random.Random(f"combat/{i}")
    pool = game.pool
    warriors = [c.name for c in pool.of_type("warrior")]
    legion = [w for w in warriors if pool[w].affiliation == "Dark Legion"]
    others = [w for w in warriors if pool[w].affiliation != "Dark Legion"]
    gear = [c.name for c in pool.of_type("equipment") if c.who == "any" and c.kind != "vehicle"]
    plays = [c.name for c in pool.values() if (c.type == "special" and c.timing == "combat")
             or (c.type == "art" and c.spell != "turn")]
    a = W(rng.choice(legion), 0, attached=rng.sample(gear, 2), wounded=rng.random() < 0.3)
    d = W(rng.choice(others), 1, attached=rng.sample(gear, 2), wounded=rng.random() < 0.3, cover=rng.random() < 0.3)
    extra = [W("Brotherhood Mystic", 1), W("Undead Legionnaire", 0)]
    state = make_state(game, warriors=[a, d] + extra, hands=(rng.sample(plays, 4), rng.sample(plays, 4)),
                       destiny=(3, 3))
    return game.resolve(state, Attack(0, 1, rng.choice(("fight", "shoot"))), None).state.combat


def test_a_combat_on_its_own_keeps_the_protocol():
    """Attack, steps 3 to 7, as a sub-game: the kit on the combat game itself."""
    report = check_game(PRINTED.combat, combat_start, steps=600, seed="combat", hashseed=False,
                        raise_on_failure=False)
    assert report.ok, str(report)
    assert report.finished >= 20


# -- a thousand seeded games ------------------------------------------------------------------------------

VARIANTS = [DoomtrooperGame(), DoomtrooperGame(rules=override_rules(OPTIONAL)), TEAMS, PRIMARY,
            DoomtrooperGame(rules=override_rules({"multiple_sabotage": True, "dice": "d20"}))]


@pytest.mark.slow
def test_a_thousand_random_games_keep_the_invariants():
    """The Object to Award Points: 1,000 seeded games with random bots, across the optional rules and
    the multi-player styles, every state checked: cards conserved, points never negative, every
    warrior unhurt, wounded or gone; every game ends."""
    endings = Counter()
    for i in range(1000):
        game = VARIANTS[i % len(VARIANTS)]
        players = 4 if game is TEAMS else 3 if game is PRIMARY else 2 + (i % 7 == 0)
        state = game.new_game(players)
        from explorer.core.engine import SampledChance, StepRng, derived_rng

        chance = SampledChance(derived_rng(f"inv#{i}", "chance"))
        policy = RandomPolicy()
        for n in range(20_000):
            dec = game.decision(state)
            if dec is None:
                break
            action = dec.options[0] if dec.forced else policy.choose(game, None, dec, StepRng(f"inv#{i}", n))
            state = game.resolve(state, action, chance).state
            check_invariants(game, state)
        assert state.result is not None, f"game {i} did not end"
        endings[state.result.ending.text] += 1
    assert sum(endings.values()) == 1000 and len(endings) >= 2


def test_greedy_games_end_by_the_promotion_goal():
    """The Object: greedy bots play to the Promotion goal."""
    game = DoomtrooperGame()
    results = [simulate(game, game.new_game(), get_bot("greedy"), seed=f"g{i}").result for i in range(10)]
    assert sum(r.ending.text == "promotion goal" for r in results) >= 8
