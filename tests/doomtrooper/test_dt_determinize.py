"""A world dealt from a seat's view ("The Table Layout": hands, draw piles, discard
and annihilated piles are secret; "Muster Warrior in Cover": a warrior in cover is
face down): it keeps the view it was dealt from, at every step of seeded games
under every rule set the tests use; it reads nothing the view hides; where one
hidden card lies matches the exact odds of the seat's view; and it plays on
legally to an end."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import comb

import pytest

from explorer.core.engine import RandomPolicy, Stepper
from explorer.doomtrooper import odds
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import UNSEEN, Phase
from explorer.doomtrooper.worlds import OtherDecks, deal, deck_lists, unseen

#: the optional rules and readings (as the conformance tests switch them on): sabotage, cover, dice
OPTIONAL = {"sabotage": True, "discard_as_action": True, "dice": "2d6", "many_cards_per_turn": False,
            "cover_warriors_sabotage": True, "muster_in_cover_alone": True, "no_warriors_from_start": False}
EXPANSIONS = {"relics": True, "warzones": True, "mortificator_poisons": True, "alliances": True, "ki_powers": True}
#: (rules, players, bot): every rule set the Doomtrooper tests play whole games under
CONFIGS = {
    "printed": ({}, 2, "greedy"),
    "optional": (OPTIONAL, 2, "random"),
    "three players": ({}, 3, "greedy"),
    "teams": ({"style": "teams", "multiple_sabotage": True, "dice": "d20", "teammates_may_attack": True}, 4, "greedy"),
    "primary targets": ({"style": "primary_targets", "dice": "3d6"}, 3, "greedy"),
    "expansions": (EXPANSIONS, 2, "greedy"),
    "first edition": ({**EXPANSIONS, "warzones_first_edition": True, "first_edition_direct_attack": True,
                       "first_edition_sergeants": True, "first_edition_vehicles": True}, 2, "random"),
    "paradise lost": ({"outpost": True}, 2, "random"),
    **{v: ({"variant": v}, None, "greedy") for v in ("warzone", "limited_resources", "beat_down", "front_lines",
                                                    "home_turf", "colonization")},
    "vortex": ({"variant": "vortex"}, None, "random"),  # the random bot keeps cards back
    "front lines transfers": ({"variant": "front_lines"}, None, "random"),  # the random bot transfers warriors
}


@lru_cache(maxsize=None)
def game_for(name: str) -> DoomtrooperGame:
    return DoomtrooperGame(rules=override_rules(CONFIGS[name][0]))


def played(name: str, seed: int, steps: int):
    """``steps`` states of seeded games under rule set ``name`` (a game that ends
    early is followed by the next seed's), none of them over."""
    rules, players, bot = CONFIGS[name]
    game = game_for(name)
    states: list = []
    while len(states) < steps:
        st = Stepper(game, game.new_game(players), seed, RandomPolicy() if bot == "random" else get_bot(bot))
        while not st.over and len(states) < steps:
            st.step()
            if not st.over:
                states.append(st.state)
        seed += 1
    return game, states


@pytest.mark.parametrize("name", list(CONFIGS))
def test_a_dealt_world_keeps_the_view_it_was_dealt_from(name):
    """At every step of a seeded game, for every seat: observe(world) == observe(state)."""
    game, states = played(name, 5, 110)
    for k, state in enumerate(states):
        for seat in range(len(state.seats)):
            view = game.observe(state, seat)
            world = game.determinize(view, seat, random.Random(k))
            assert game.observe(world, seat) == view, (name, k, seat)
            assert game.observe(world, None) == world  # a full state: nothing of it masked
            assert not any(t.card == UNSEEN for t in world.troopers)


def test_the_hard_cases_are_met():
    """The games above deal face-down warriors, combats with cards played, the Vortex's kept-back record and
    warriors Front Lines moved to a team mate (front-lines-transfer: the card is the receiver's from then on)."""
    seen = Counter()
    for name in ("optional", "vortex", "paradise lost", "front lines transfers"):
        game, states = played(name, 5, 110)
        for state in states:
            seen["face down"] += any(t.hidden for t in state.troopers)
            seen["cards played in a combat"] += state.combat is not None and bool(state.combat.live.plays)
            seen["kept back"] += any(k.size for k in getattr(state.variant_state, "kept", ()))
            seen["transferred"] += bool(getattr(state.variant_state, "moved", ()))
    assert all(seen[k] for k in ("face down", "cards played in a combat", "kept back", "transferred")), seen


def test_a_world_reads_nothing_the_view_hides():
    """Two states differing only in what the seat cannot see deal the same worlds for the same seed."""
    game, states = played("optional", 2, 90)
    for k in (20, 50, 89):
        state = states[k]
        a, b = (deal(game, game.observe(state, 0), 0, random.Random(s)) for s in ("a", "b"))
        assert a != b and game.observe(a, 0) == game.observe(b, 0) == game.observe(state, 0)
        for s in range(3):
            assert game.determinize(game.observe(a, 0), 0, random.Random(s)) == \
                game.determinize(game.observe(b, 0), 0, random.Random(s))


def covered(state, seat: int):
    """``state`` with seat ``seat``'s first warrior in play face down in cover."""
    t = next(t for t in state.troopers if t.owner == seat and not t.attached)
    return state._replace(troopers=tuple(u._replace(hidden=True, cover=True) if u is t else u for u in state.troopers))


def within(hits: int, n: int, p: Fraction) -> bool:
    """``hits`` of ``n`` seeded worlds sit within four standard errors of ``p``."""
    se = max((float(p) * (1 - float(p)) / n) ** 0.5, 1e-9)
    return abs(hits / n - float(p)) <= 4 * se + 1e-9


def test_where_one_card_lies_matches_the_exact_odds():
    """A card's place over 1500 seeded worlds: in the other hand (opponent_holds), in
    the seat's next three draws (draw_chance), as a face-down warrior (its share of
    the owner's unseen warriors), each within four standard errors of the exact answer."""
    game = DoomtrooperGame()
    st = Stepper(game, game.new_game(2), 7, get_bot("greedy"))
    for _ in range(120):
        st.step()
    me, other = 1, 0
    state = covered(st.state, other)
    view = game.observe(state, me)
    pools = unseen(view, deck_lists(game, 2), me)
    card = max(pools[other].distinct, key=pools[other].count)     # the commonest card the seat has not seen
    mine = max(pools[me].distinct, key=pools[me].count)
    face_down = next(t.uid for t in view.troopers if t.card == UNSEEN)
    warriors = commonest_warrior(game, pools[other])
    rng, n = random.Random(9), 1500
    held = drawn = shown = 0
    for _ in range(n):
        world = game.determinize(view, me, rng)
        held += card in world.seats[other].hand
        drawn += mine in world.seats[me].deck.draw(3).sample(rng).cards
        shown += world.trooper(face_down).card == warriors[0]
    assert within(held, n, odds.opponent_holds(state, me, at_least={card: 1}, game=game))
    assert within(drawn, n, odds.draw_chance(state, me, at_least={mine: 1}, draws=3, game=game))
    assert within(shown, n, Fraction(warriors[1], warriors[2]))


def commonest_warrior(game, pool):
    """The commonest warrior of ``pool``, its copies and every warrior's copies: ``(card, copies, all)``."""
    ws = [(c, k) for c, k in pool.items if game.pool[c].type == "warrior"]
    card, copies = max(ws, key=lambda w: w[1])
    return card, copies, sum(k for _, k in ws)


def test_after_the_deal_the_other_hand_is_hypergeometric():
    """Setting Up: the other hand is seven of the sixty cards of his deck, an
    independent count (1 - C(60 - c, 7) / C(60, 7) for a card of c copies)."""
    game = DoomtrooperGame()
    state = game.setup(2, seed=1)
    listed = deck_lists(game, 2)[1]
    card = max(listed.distinct, key=listed.count)
    exact = 1 - Fraction(comb(60 - listed.count(card), 7), comb(60, 7))
    assert exact == odds.opponent_holds(state, 0, at_least={card: 1}, game=game)
    rng, n = random.Random(3), 1500
    view = game.observe(state, 0)
    hits = sum(card in game.determinize(view, 0, rng).seats[1].hand for _ in range(n))
    assert within(hits, n, exact)


def play_to_the_end(game, world, seed: int):
    """Play ``world`` on with greedy bots, every option checked against the rules; the final state."""
    bot, rng = get_bot("greedy"), random.Random(seed)
    for _ in range(20_000):
        dec = game.decision(world)
        if dec is None:
            break
        action = dec.options[0] if dec.forced else bot.choose(game, game.observe(world, dec.player), dec, rng)
        game.check(world, action)
        world = game.play(world, action, rng).state
    return world


@pytest.mark.parametrize("name,steps", [("optional", 40), ("vortex", 60), ("printed", 100)])
def test_a_dealt_world_plays_on_legally_to_an_end(name, steps):
    """The Object: from a dealt world every option the bots take is legal (checked), and the game ends."""
    game, states = played(name, 3, steps)
    world = game.determinize(game.observe(states[-1], 1), 1, random.Random(0))
    assert game.result(play_to_the_end(game, world, 1)) is not None


def test_a_world_dealt_in_a_combat_keeps_the_cards_played_and_plays_on():
    """Attack, step 4: a card another player played in the combat under way stays
    out of his hand in the world, the rest of his hand is dealt, and play goes on."""
    game, states = played("optional", 5, 110)
    state = next(s for s in states if s.combat is not None and s.combat.live.plays)
    played_by = state.combat.live.plays[0].seat
    me = next(i for i in range(len(state.seats)) if i != played_by)
    world = game.determinize(game.observe(state, me), me, random.Random(2))
    table = world.combat.live
    assert game.observe(world, me) == game.observe(state, me)
    assert table.hands[played_by].size == state.combat.live.hands[played_by].size
    assert world.seats[played_by].hand - table.hands[played_by] == \
        state.seats[played_by].hand - state.combat.live.hands[played_by]  # the cards he played, face up
    assert game.result(play_to_the_end(game, world, 3)) is not None


def test_a_game_dealt_other_decks_cannot_be_dealt_anew():
    """A view that does not fit the default deck lists is refused by name; given its lists, it deals."""
    game = DoomtrooperGame()
    names = list(game.decks)[:2][::-1]
    state = game.setup(2, seed=1, decks=names)
    view = game.observe(state, 0)
    with pytest.raises(OtherDecks, match="does not fit that seat's deck list"):
        game.determinize(view, 0, random.Random(0))
    lists = tuple(game.decks[n].cards for n in names)
    assert game.observe(deal(game, view, 0, random.Random(0), lists), 0) == view
    assert game.determinize(state, None, random.Random(0)) is state  # the view of everything is its own world


def test_a_game_dealing_other_decks_deals_its_worlds_from_them():
    """What simulate, the what-if runs and the steppers play a game dealt other decks with
    (``with_decks``): the same deal, and worlds dealt from those decks' lists."""
    game = DoomtrooperGame()
    names = list(game.decks)[:2][::-1]
    other = game.with_decks(names)
    assert other is game.with_decks(names) and game.with_decks(None) is game
    state = other.setup(2, seed=1)
    assert state == game.setup(2, seed=1, decks=names)
    view = other.observe(state, 0)
    assert other.observe(other.determinize(view, 0, random.Random(0)), 0) == view


def test_a_search_plays_a_game_dealt_other_decks(capsys):
    """It raised OtherDecks from the first decision (``simulate --decks ... --policy search``)."""
    from explorer.cli import main

    assert main(["simulate", "doomtrooper", "--decks", "Legion of Algeroth,Imperial Crusade", "--policy",
                 "search:4,greedy", "--games", "1", "--workers", "1"]) == 0
    assert "decks Legion of Algeroth,Imperial Crusade" in capsys.readouterr().out


def test_a_stepper_dealt_other_decks_logs_them_and_replays():
    from explorer.doomtrooper.log import export_log, replay_log

    names = ["Legion of Algeroth", "Imperial Crusade"]
    st = DoomtrooperGame(rules=override_rules({"variant": "home_turf"})).new_stepper(seed=2, decks=names,
                                                                                      policies=get_bot("greedy"))
    for _ in range(12):
        st.step()
    text = export_log(st)
    assert json.loads(text.splitlines()[0])["setup"] == {"decks": names}
    assert replay_log(text).state == st.state
