"""Doomtrooper Expansion Rules: every expansion of this part switched on at once (Relics, Warzones
in both printings, the Mortificators' Poisons, Alliances, Ki Powers) keeps the engine's protocol
(the conformance kit, observations included), seeded random games keep the invariants (every card
in exactly one place; Relics and Alliances unique; one Alliance a player; one copy of a Ki Power a
warrior; Warzones where their cards allow, one copy a player under the expansion's text), the bots
play the expansions to the end, and the odds count them."""

from __future__ import annotations

from collections import Counter

import pytest

from explorer.core.engine import RandomPolicy, SampledChance, StepRng, derived_rng, simulate
from explorer.core.testing import CHECKS, check_game
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Phase
from explorer.doomtrooper.expansions.warzones import areas_for

ALL = {"relics": True, "warzones": True, "mortificator_poisons": True, "alliances": True, "ki_powers": True}
DECKS = ("Mishima Inquisition", "Legion of Algeroth", "Mishima Inquisition")


def expansions_game() -> DoomtrooperGame:
    """Every expansion of this part on (importable: the kit rebuilds it)."""
    return DoomtrooperGame(rules=override_rules(ALL))


def first_edition_game() -> DoomtrooperGame:
    """The same with the first-edition supplement's Warzones, and dice."""
    return DoomtrooperGame(rules=override_rules({**ALL, "warzones_first_edition": True, "dice": "2d6"}))


EXPANSIONS, FIRST = expansions_game(), first_edition_game()


def start(game, i: int):
    players = 2 + (i % 3 == 2)
    return game.new_game(players, decks=list(DECKS[:players]))


def expansions_start(i: int):
    return start(EXPANSIONS, i)


def first_start(i: int):
    return start(FIRST, i)


def check_invariants(game, state) -> None:
    """Cards conserved (the expansions' cards in play counted), and the expansions' limits."""
    if state.phase is Phase.SETUP:
        return
    pool = game.pool
    n = len(state.seats)
    where = [Counter() for _ in range(n)]
    hands = [s.hand for s in state.seats]
    in_play = [s.in_play for s in state.seats]
    if state.combat is not None:
        table = state.combat.live
        hands = list(table.hands)
        if table.in_play:
            in_play = list(table.in_play)
        for p in table.plays:
            where[p.seat][p.card] += 1
    if state.response is not None:
        t = state.response.table
        hands[t.seat] = t.hand
        if t.stopped_by:
            where[t.seat][t.stopped_by] += 1
    for i, s in enumerate(state.seats):
        for zone in (s.deck.cards, hands[i], s.discard, s.annihilated):
            where[i].update(dict(zone.items))
        where[i].update(s.fortifications)
        where[i].update(p.card for p in in_play[i])
        for m in s.missions:
            where[m.owner][m.card] += 1
        alliances = [p.card for p in in_play[i] if pool[p.card].type == "alliance"]
        assert len(alliances) <= 1, f"seat {i} has two Alliances: {alliances}"
        warzones = [p for p in in_play[i] if pool[p.card].type == "warzone"]
        assert all(p.area in areas_for(game, pool[p.card]) for p in warzones), warzones
        if not game.rules.warzones_first_edition:
            assert len({p.card for p in warzones}) == len(warzones), f"seat {i}: two copies of a Warzone"
    everyone = [p.card for cards in in_play for p in cards if pool[p.card].type == "alliance"]
    assert len(set(everyone)) == len(everyone), f"two identical Alliances in play: {everyone}"
    relics = [a.card for t in state.troopers for a in t.attached if pool[a.card].type == "relic"]
    assert len(set(relics)) == len(relics), f"two identical Relics in play: {relics}"
    for t in state.troopers:
        ki = [a.card for a in t.attached if pool[a.card].type == "ki_power"]
        assert len(set(ki)) == len(ki), f"{t.card} has two copies of a Ki Power"
        where[t.owner][t.card] += 1
        for a in t.attached:
            where[a.owner][a.card] += 1
    decks = [game.decks[d].cards for d in DECKS[:n]]
    for i, (got, want) in enumerate(zip(where, decks)):
        assert got == Counter(dict(want.items)), f"seat {i}: {got - Counter(dict(want.items))} too many, " \
                                                 f"{Counter(dict(want.items)) - got} missing"
    assert min(state.purses) >= 0 and all(s.promotion >= 0 for s in state.seats)


@pytest.fixture(scope="module")
def reports():
    bots = {0: get_bot("greedy"), 1: get_bot("random"), 2: get_bot("greedy")}
    kit = dict(invariants=[check_invariants], skip=("exact",), raise_on_failure=False)
    return {
        "expansions, random": check_game(EXPANSIONS, expansions_start, steps=1200, seed="exp",
                                         game_factory=expansions_game, **kit),
        "first-edition warzones and dice, greedy and random": check_game(
            FIRST, first_start, steps=800, seed="fe", policies=bots, game_factory=first_edition_game,
            hashseed=False, **kit),
    }


@pytest.mark.parametrize("check", [c for c in CHECKS if c != "exact"])
def test_the_expansions_keep_the_protocol(reports, check):
    """Doomtrooper Expansion Rules: every step of every walk with the expansions on keeps check
    ``check`` of the conformance kit (observations included)."""
    bad = "\n".join(f"{name}: {f}" for name, r in reports.items() for f in r.failed(check))
    assert not bad, bad


def test_the_walks_finish_games(reports):
    """Doomtrooper Expansion Rules: the walks finish games and try illegal actions."""
    r = reports["expansions, random"]
    assert r.finished >= 2 and r.illegal_tried > r.steps


GAMES = 150  # per printing here; the report gives 500 a variant run by hand (see run_games)


def run_games(game, count: int, prefix: str) -> tuple[Counter, Counter]:
    """``count`` seeded random games, every state checked: (endings, expansion events)."""
    endings, used = Counter(), Counter()
    policy = RandomPolicy()
    for i in range(count):
        state = start(game, i)
        chance = SampledChance(derived_rng(f"{prefix}#{i}", "chance"))
        for n in range(20_000):
            dec = game.decision(state)
            if dec is None:
                break
            action = dec.options[0] if dec.forced else policy.choose(game, None, dec, StepRng(f"{prefix}#{i}", n))
            step = game.resolve(state, action, chance)
            state = step.state
            used.update(e.rule.section for e in step.events)
            check_invariants(game, state)
        assert state.result is not None, f"game {i} did not end"
        endings[state.result.ending.text] += 1
    return endings, used


@pytest.mark.parametrize("game", [EXPANSIONS, FIRST], ids=["expansion text", "first-edition warzones"])
def test_seeded_random_games_keep_the_invariants(game):
    """Relics, Warzones, Alliances, Ki Powers, Mortificator Expansion: seeded random games end, keep
    the invariants, and use every expansion."""
    endings, used = run_games(game, GAMES, "first" if game is FIRST else "exp")
    assert sum(endings.values()) == GAMES
    assert {"relics", "ki_powers", "alliances", "warzones.defend", "warzones.fortifications"} <= set(used)
    assert ("first_edition.warzones" in used) == (game is FIRST)


def test_greedy_bots_play_the_expansions_to_the_end():
    """Doomtrooper Expansion Rules: greedy bots attach Relics and Ki Powers, play Warzones and
    Alliances, and finish their games."""
    used = Counter()
    reasons = Counter()
    for i in range(10):
        r = simulate(EXPANSIONS, start(EXPANSIONS, i), get_bot("greedy"), seed=f"g{i}", keep_events=True)
        reasons[r.result.ending.text] += 1
        used.update(e.rule.section for e in r.events)
    assert sum(reasons.values()) == 10
    assert min(used[s] for s in ("relics", "ki_powers", "alliances", "warzones", "warzones.defend")) > 0


def test_a_game_with_the_expansions_replays_from_its_log():
    """Doomtrooper Expansion Rules: the new actions are in the log format and replay."""
    from explorer.doomtrooper.log import export_log, replay_log

    st = EXPANSIONS.new_stepper(2, seed="log", decks=list(DECKS[:2]),
                                policies={0: get_bot("greedy"), 1: get_bot("random")})
    st.run(max_steps=600)
    text = export_log(st)
    assert any(k in text for k in ("PlayRelic", "AttachKiPower", "PlayWarzone", "PlayAlliance"))
    again = replay_log(text)
    assert again.state == st.state


def test_the_odds_count_relics_ki_powers_and_warzones():
    """Relics, Ki Powers, Warzones: the combat odds take a described warrior's Relics and Ki Powers
    and a Warzone its defender defends from into account."""
    from explorer.doomtrooper.cards import Warrior
    from explorer.doomtrooper.odds import combat, fight, kit_problems

    samurai = Warrior("Samurai", 8, 3, 5, 3, "Mishima", equipment=("Ki of the Iron Skin", "Shroud of Saint Dominic"))
    nepharite = Warrior("Nepharite", 8, 8, 7, 5, "Dark Legion")
    assert combat(nepharite, samurai._replace(equipment=())) == {("wounded", "wounded"): 1}
    assert combat(nepharite, samurai) == {("wounded", "unhurt"): 1}  # Armor 9: 8 Fight no longer wounds
    f = fight(nepharite, samurai, "shoot", warzone="Graveton Marshes")
    assert [r.armor for r in f.ratings] == [7, 5 + 2 + 2 + 3] and [r.attack for r in f.ratings] == [8 - 2, 3 - 2]
    with pytest.raises(ValueError, match="Kohort"):
        combat(nepharite, samurai, warzone="Fields of Desolation")
    assert kit_problems(Warrior("x", 1, 1, 1, 1, "Imperial", equipment=("Ki of the Iron Skin",)))
