"""What the greedy bot remembers for its discard and modify-step picks gives the picks a fresh
bot makes: each card's look for the discard (bots._sort) read off the pool, and the outlook kept
with the ratings after its own card (GreedyBot._pair_at) the outlook worked out afresh."""

from __future__ import annotations

from dt_helpers import GAME, greedy_steps

from explorer.doomtrooper.bots import GreedyBot, _sort, _strength
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.outlook import outlook_of
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Phase


def test_a_cards_look_for_the_discard_is_read_off_the_pool():
    for name, c in GAME.pool.items():
        kind, key = _sort(GAME, name)
        if c.type == "warrior":
            assert (kind, key) == (bool(c.personality), (_strength(c), name))
        else:
            assert (kind, key) == (c.type == "art", None)


def test_the_picks_with_what_the_bot_remembers_are_a_fresh_bots():
    """Every discard and combat pick of greedy games (printed and optional rules) is a fresh bot's, and
    the outlook kept after a card the bot played is outlook_of its kept pair and ratings for its seat."""
    picks = kept = 0
    for rules in ({}, {"sabotage": True, "dice": "2d6"}):
        game = DoomtrooperGame(pool=GAME.pool, rules=override_rules(rules), decks=GAME.decks)
        bot = GreedyBot()
        for state, dec, action in greedy_steps(game, range(4), bot=bot):
            last = bot._last_pair
            if last is not None and last.outlook is not None:
                seat, value = last.outlook
                assert value == outlook_of(game, last.pair, last.ratings, seat)
                kept += 1
            if dec.player is None or len(dec.options) == 1 or \
                    (state.phase is not Phase.DISCARD and state.combat is None):
                continue
            picks += 1
            assert GreedyBot().choose(game, game.observe(state, dec.player), dec, None) == action
    assert picks > 100 and kept > 5, (picks, kept)
