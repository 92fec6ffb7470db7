"""The search bot reads only what its side sees (THE DECKS: the other hand and the
order of the decks are secret): two games that differ only in the other side's
unseen hand cards, with the same observation, give the same choice and the same
value for the same seed."""

from __future__ import annotations

import random

import pytest

from explorer.core.engine import Stepper
from explorer.core.search import SearchBot
from explorer.victorian.bots import get_bot
from explorer.victorian.game import VictorianGame
from explorer.victorian.metrics import player_won
import search_view
from vichelp import swapped

GAME = VictorianGame()


def bot() -> SearchBot:
    """A small search (20 playouts, greedy rollouts) to stay fast."""
    return SearchBot(20, rollout=get_bot("greedy"), reward=lambda result, side: float(player_won(result, side)),
                     max_steps=400)


def at_choice(seed: int, steps: int) -> Stepper:
    """A seeded greedy game ``steps`` steps in, then on to a real choice."""
    return search_view.at_choice(GAME, GAME.new_game(), get_bot("greedy"), seed, steps)


@pytest.mark.parametrize("seed,steps", [(2, 0), (5, 60)])
def test_the_same_view_gives_the_same_choice_and_value(seed, steps):
    st = at_choice(seed, steps)
    me = st.decision.player
    search_view.same_search(GAME, st.state, swapped(st.state, me), me, bot, seed)


def test_the_search_counts_identical_tokens_as_one_choice():
    """ASSASSIN PHASE: sending one or another of a Mastermind's identical tokens at a hero
    is one choice to the search (it plays one of them, the budget not spread over copies);
    a token that differs (a wound, another card) is a choice of its own."""
    from explorer.victorian.search import alike

    seen = 0
    for seed in range(6):
        st = Stepper(GAME, GAME.new_game(), seed, get_bot("greedy"))
        while not st.over and seen < 20:
            state, dec = st.state, GAME.decision(st.state)
            if not dec.forced and len(dec.options) > 1:
                view = GAME.observe(state, dec.player)
                units = {u.uid: u for side in view.sides for u in side.units}
                keys = alike(GAME, view, dec)
                for a, ka in zip(dec.options, keys):
                    for b, kb in zip(dec.options, keys):
                        named = [(getattr(a, f), getattr(b, f)) for f in a.__slots__] if type(a) is type(b) else []
                        differ = [(x, y) for x, y in named if x != y]
                        if not differ:
                            continue
                        same = all(x in units and y in units and units[x].token and units[y].token
                                   and units[x]._replace(uid=y) == units[y] for x, y in differ)
                        assert (ka == kb) == same, (a, b)
                        seen += same
            st.step()
    assert seen >= 20


def test_the_search_plays_one_option_of_each_kind_and_reports_every_option():
    """ASSASSIN PHASE: at a decision with copies (identical tokens), the search plays one
    option of each kind, its budget split over the kinds, and reports every option with its
    kind's value."""
    from explorer.victorian.search import alike, search_bot

    bot = search_bot(get_bot("greedy"), playouts=24)
    for seed in range(6):
        st = Stepper(GAME, GAME.new_game(), seed, get_bot("greedy"))
        while not st.over:
            dec = GAME.decision(st.state)
            if not dec.forced and len(dec.options) > 1:
                view = GAME.observe(st.state, dec.player)
                keys = alike(GAME, view, dec)
                if len(set(keys)) < len(keys):
                    report = bot.search(GAME, view, dec, random.Random(seed))
                    kinds = len(set(keys))
                    assert report.playouts == max(1, 24 // kinds) * kinds
                    assert sorted(map(str, (o.option for o in report.options))) == sorted(map(str, dec.options))
                    by_kind = {}
                    for o in report.options:
                        by_kind.setdefault(keys[dec.options.index(o.option)], set()).add((o.visits, o.value))
                    assert all(len(v) == 1 for v in by_kind.values())
                    assert report.choice in dec.options
                    return
            st.step()
    raise AssertionError("no decision with identical tokens in six greedy games")
