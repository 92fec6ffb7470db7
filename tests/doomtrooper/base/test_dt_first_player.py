"""Who takes the first turn: the rulebook leaves it to the players (Setting Up).  Our
reading ``first-player`` seats 0 first; the switch ``first_player_by_lot`` draws the
first player by lot instead, then play goes on in seat order."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from dt_helpers import rules_of, step

from explorer.core.engine import RandomPolicy, outcomes, simulate
from explorer.doomtrooper.base.actions import DeclineGift, Draw
from explorer.doomtrooper.base.turn import first_player
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.interpretations import load_interpretations
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Ending, Phase

BY_LOT = DoomtrooperGame(rules=override_rules({"first_player_by_lot": True}))


def past_the_gift(game: DoomtrooperGame, seed: int, players: int = 2):
    """The state and the events of the step that ends the Cardinal's Gift."""
    state = game.setup(players, seed=seed)
    for _ in range(players):
        state, events = step(game, state, DeclineGift(), seed=seed)
    return state, events


def test_by_default_seat_0_takes_the_first_turn():
    """Setting Up (ours): seat 0 first, whatever the seed."""
    game = DoomtrooperGame()
    for seed in range(5):
        state, events = past_the_gift(game, seed)
        assert state.phase is Phase.DRAW and state.current == 0
        assert [e.text for e in events if "ours.first_player" in rules_of([e])] == ["seat 0 takes the first turn"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_by_lot_every_seat_is_as_likely_to_go_first(players):
    """Setting Up (ours, first_player_by_lot): the lot is exact, 1/n a seat, summing to 1."""
    state = BY_LOT.setup(players, seed=1)
    dist = outcomes(lambda chance: first_player(BY_LOT, state, chance))
    assert dict(dist.pairs) == {seat: Fraction(1, players) for seat in range(players)}
    assert sum(p for _, p in dist.pairs) == 1


def test_by_lot_the_drawn_seat_begins_and_the_log_says_so():
    """Setting Up (ours, first_player_by_lot): the drawn seat takes the first turn; seeded
    games draw each seat about half the time (independent of the exact count above)."""
    firsts = Counter()
    for seed in range(200):
        state, events = past_the_gift(BY_LOT, seed)
        firsts[state.current] += 1
        lot = [e for e in events if "ours.first_player" in rules_of([e])]
        assert [e.text for e in lot] == [f"seat {state.current} is drawn by lot to take the first turn"]
        state, _ = step(BY_LOT, state, Draw())
        assert state.phase is Phase.ACTIONS and state.seats[state.current].turns == 1
        assert state.seats[1 - state.current].turns == 0
    assert 70 <= firsts[1] <= 130  # 1/2 of 200: six standard deviations wide


def test_by_lot_play_goes_on_in_seat_order_and_the_turn_cap_is_fair():
    """Step Three: Discard (the next player) and the turn cap (ours): from the drawn
    seat round the table; at the cap every player has had as many turns."""
    game = DoomtrooperGame(rules=override_rules({"first_player_by_lot": True, "turn_cap": 4}))
    seen_first, capped = set(), 0
    for seed in range(12):
        state, _ = past_the_gift(game, seed, players=3)
        first = state.current
        seen_first.add(first)
        playout = simulate(game, state, RandomPolicy(), seed, keep_events=True)
        order = [dict(e.data)["seat"] for e in playout.events if e.rule.section == "turn"
                 and e.text.startswith("seat ") and " begins turn " in e.text]
        assert order[:3] == [first, (first + 1) % 3, (first + 2) % 3]
        turns = [s.turns for s in playout.state.seats if not s.out]
        if playout.result.ending is Ending.TURN_CAP:
            assert set(turns) == {4}
            capped += 1
    assert seen_first == {0, 1, 2} and capped


def test_the_vortex_draws_its_own_first_player_whatever_the_switch():
    """The Vortex draws a first player every round: the switch changes none of its games."""
    plain = DoomtrooperGame(rules=override_rules({"variant": "vortex"}))
    lot = DoomtrooperGame(rules=override_rules({"variant": "vortex", "first_player_by_lot": True}))
    for seed in range(3):
        a = simulate(plain, plain.new_game(), RandomPolicy(), seed, keep_events=True)
        b = simulate(lot, lot.new_game(), RandomPolicy(), seed, keep_events=True)
        assert [e.text for e in a.events] == [e.text for e in b.events]


def test_the_reading_names_its_switch():
    """The interpretation register: the reading first-player names the switch."""
    assert load_interpretations()["first-player"].option == "first_player_by_lot"
