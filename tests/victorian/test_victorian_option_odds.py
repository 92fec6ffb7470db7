"""A rolling option's odds before it is chosen ("Track Roll", "Combat Roll",
"Showdown", "Assassin Roll", "Healing"): from the deciding side's view, the terms
add up to the modifier, the odds are the table's, and the game's own roll agrees
(seeded play of the option, no card played in answer)."""

import random
from collections import Counter

import pytest

from explorer.victorian import tables
from explorer.victorian.actions import Attack, Heal, Pass, Send, Showdown, Strike, Track
from explorer.victorian.bots import get_bot
from explorer.victorian.game import VictorianGame
from explorer.victorian.option_odds import option_odds
from explorer.victorian.state import SIDES

GAME = VictorianGame()
ROLLING = (Track, Send, Strike, Showdown, Heal)


def seen_options(seeds=range(6)):
    """(state, side, option) for every rolling or attacking option met in seeded greedy games."""
    found = []
    bots = {s: get_bot("greedy") for s in SIDES}
    for seed in seeds:
        state, rng = GAME.setup(seed), random.Random(seed)
        while GAME.decision(state) is not None:
            d = GAME.decision(state)
            if not d.forced:
                found += [(state, d.player, o) for o in d.options if isinstance(o, ROLLING + (Attack,))]
                choice = bots[d.player].choose(GAME, GAME.observe(state, d.player), d, rng)
            else:
                choice = d.options[0]
            state = GAME.play(state, choice, rng).state
    return found


FOUND = seen_options()


def test_every_kind_of_rolling_option_is_met():
    kinds = {type(o) for _, _, o in FOUND}
    assert {Track, Send, Strike, Attack} <= kinds


def test_odds_are_the_tables_and_terms_add_up():
    for state, side, option in FOUND:
        odds = option_odds(GAME, GAME.observe(state, side), option)
        if odds.roll is None:
            assert sum(odds.chain.values()) == 1
            continue
        r = odds.roll
        assert sum(t["value"] for t in r.terms) == r.modifier
        assert all(t["rule"] for t in r.terms)
        if r.kind == "healing":
            assert r.odds["removed"] == tables.healing_roll(r.modifier, GAME.tables)
        else:
            assert r.odds == getattr(tables, f"{r.kind}_roll")(r.modifier, GAME.tables)
        assert sum(r.odds.values()) == 1


def rolled(state, option, table, rng):
    """The result of the ``table`` roll ``option`` makes in the game itself, nobody answering."""
    step = GAME.play(state, option, rng)
    for _ in range(20):
        for ev in step.events:
            roll = dict(ev.data).get("roll")
            if isinstance(roll, dict) and roll.get("table") == table:
                return roll["result"]
        d = GAME.decision(step.state)
        if d is None:
            return None
        step = GAME.play(step.state, Pass() if Pass() in d.options else d.options[0], rng)
    return None


@pytest.mark.parametrize("kind", [Track, Send, Strike])
def test_the_games_own_roll_agrees_with_the_odds(kind):
    """Seeded Monte Carlo of the option played in the game, within four standard errors."""
    state, side, option = next(f for f in FOUND if isinstance(f[2], kind))
    odds = option_odds(GAME, GAME.observe(state, side), option).roll.odds
    table = {Track: "track", Send: "assassin", Strike: "combat"}[kind]
    n, rng = 600, random.Random(f"odds/{kind.__name__}")
    counts = Counter(rolled(state, option, table, rng) for _ in range(n))
    assert None not in counts
    for result, p in odds.items():
        se = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(counts[result] / n - float(p)) <= 4 * se + 1e-9, (result, counts, odds)


def test_the_odds_read_only_the_view():
    """The hidden hand does not enter: the view and the full state give the same answer."""
    for state, side, option in FOUND[:40]:
        assert option_odds(GAME, GAME.observe(state, side), option) == option_odds(GAME, state, option)


def test_options_that_roll_nothing_have_no_odds():
    state, side, _ = FOUND[0]
    assert option_odds(GAME, GAME.observe(state, side), Pass()) is None


def test_a_spy_roll_option_explains_the_spy_roll():
    """"SPY PHASE": one die plus a Facilitator's help, read on the Spy table."""
    found = []
    bots = {s: get_bot("greedy") for s in SIDES}
    from explorer.victorian.actions import Roll
    from explorer.victorian.state import SpyRoll
    for seed in range(12):
        state, rng = GAME.setup(seed), random.Random(seed)
        while GAME.decision(state) is not None and not found:
            d = GAME.decision(state)
            if d.player is not None and state.pending and isinstance(state.pending[0], SpyRoll):
                found = [(state, d.player, o) for o in d.options]
                break
            choice = d.options[0] if d.forced else bots[d.player].choose(GAME, GAME.observe(state, d.player), d, rng)
            state = GAME.play(state, choice, rng).state
        if found:
            break
    assert found, "no seeded game reached a Spy Roll with a choice"
    for state, side, option in found:
        r = option_odds(GAME, GAME.observe(state, side), option).roll
        assert r.kind == "spy" and r.dice == 1 and sum(r.odds.values()) == 1
        assert r.odds == tables.spy_roll(r.modifier, GAME.tables)
        assert r.sentence().startswith("Spy Roll, 1D6")
    assert any(isinstance(o, Roll) for _, _, o in found)
