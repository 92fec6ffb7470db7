"""Helpers for the tests of the variants ("Some Cool Optional Rules From Jon Goosens"):
the game of each variant, the invariants every state of it keeps, and seeded games."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from explorer.core.engine import simulate
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Phase


@lru_cache(maxsize=None)
def variant_game(variant: str, **changes) -> DoomtrooperGame:
    return DoomtrooperGame(rules=override_rules({"variant": variant, **changes}))


def limited_game() -> DoomtrooperGame:
    return variant_game("limited_resources")


def beat_down_game() -> DoomtrooperGame:
    return variant_game("beat_down")


def front_lines_game() -> DoomtrooperGame:
    return variant_game("front_lines")


def vortex_game() -> DoomtrooperGame:
    return variant_game("vortex")


@lru_cache(maxsize=None)
def _all_cards(game: DoomtrooperGame, players: int) -> Counter:
    start = game.new_game(players)
    total = Counter()
    for s in start.seats:
        total.update(dict(s.deck.cards.items))
    total.update(t.card for t in start.troopers)
    return total


def where_cards(state) -> Counter:
    """Every card of the game wherever it is (all seats together: Front Lines moves
    warriors between players)."""
    got = Counter()
    hands = [s.hand for s in state.seats]
    if state.combat is not None:
        table = state.combat.live
        hands = list(table.hands)
        got.update(p.card for p in table.plays)
    if state.response is not None:
        t = state.response.table
        hands[t.seat] = t.hand
        if t.stopped_by:
            got[t.stopped_by] += 1
    for i, s in enumerate(state.seats):
        for zone in (s.deck.cards, hands[i], s.discard, s.annihilated):
            got.update(dict(zone.items))
        got.update(s.fortifications)
        got.update(m.card for m in s.missions)
    for t in state.troopers:
        got[t.card] += 1
        got.update(a.card for a in t.attached)
    return got


def common_invariants(game, state) -> None:
    """Every card in exactly one place; points and pools never negative; a finished
    game has a result."""
    if state.phase is Phase.SETUP:
        return
    want = _all_cards(game, len(state.seats))
    got = where_cards(state)
    assert got == want, f"cards: {got - want} too many, {want - got} missing"
    assert all(s.promotion >= 0 for s in state.seats), [s.promotion for s in state.seats]
    assert min(state.purses) >= 0, state.purses
    assert len({t.uid for t in state.troopers}) == len(state.troopers)
    if state.phase is Phase.OVER:
        assert state.result is not None


def play(game, seed, policy="random"):
    """One seeded game to its end (bots), with its events."""
    return simulate(game, game.new_game(), get_bot(policy), seed, keep_events=True)
