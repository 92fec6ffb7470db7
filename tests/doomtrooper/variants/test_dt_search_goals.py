"""The search bot's guess of a cut game counts each variant's own goal: The Vortex's Promotion
goal and its Revealment, Colonization's Colony Points, Home Turf's banked Promotion, a team's
shared Promotion (Teams, Front Lines), Beat Down's player C holding out; and in The Vortex's
Deployment Phase it keeps the greedy bot's placement."""

from __future__ import annotations

import random

from dt_helpers import W, make_state
from dt_variant_checks import variant_game

from explorer.core.deck import Multiset
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.search import deploying, evaluate, points, progress
from explorer.doomtrooper.state import Phase
from explorer.doomtrooper.variants.solar import colony_points
from explorer.doomtrooper.variants.vortex import KeepBack, VortexState


def with_promotion(state, promotion):
    return state._replace(seats=tuple(s._replace(promotion=p) for s, p in zip(state.seats, promotion)))


def test_the_vortex_counts_its_own_goal_and_a_card_kept_back_forfeits_the_promotion():
    """The Vortex: the end (beyond ``vortex_goal``), and the Revealment Phase: a card kept back
    and still in hand costs all the Promotion, so the guess counts none for that seat."""
    game = variant_game("vortex")
    state = game.setup(seed=1)
    goal = game.rules.vortex_goal
    assert points(game, state)[0] == goal != game.rules.promotion_goal
    ahead = with_promotion(state, (goal - 2, 0))
    assert evaluate(game, ahead, 0) > 0.9
    card = next(iter(ahead.seats[0].hand.distinct))
    caught = ahead._replace(variant_state=ahead.variant_state._replace(kept=(Multiset.of([card]), Multiset())))
    assert points(game, caught)[1] == [0.0, 0.0] and evaluate(game, caught, 0) == evaluate(game, state, 0)
    hand = Multiset.of([c for c in caught.seats[0].hand if c != card])
    placed = caught._replace(seats=(caught.seats[0]._replace(hand=hand),) + caught.seats[1:])
    assert points(game, placed)[1][0] == goal - 2  # placed later after all: nothing to punish


def test_in_the_vortex_deployment_the_search_keeps_the_greedy_placement():
    """The Vortex: Deployment Phase: the search bot places what the greedy bot would, and reports
    that placement's value; in the Action Phase it searches as elsewhere."""
    game = variant_game("vortex")
    state = game.setup(seed=3)
    assert state.phase is Phase.VARIANT and deploying(game, state)
    dec = game.decision(state)
    view = game.observe(state, dec.player)
    bot, greedy = get_bot("search:12"), get_bot("greedy")
    kept = greedy.choose(game, view, dec, random.Random(0))
    assert bot.choose(game, view, dec, random.Random(0)) == kept
    report = bot.search(game, view, dec, random.Random(0))
    assert report.choice == kept and not isinstance(kept, KeepBack)
    assert report.value == next(o.value for o in report.options if o.option == kept)
    assert not deploying(game, state._replace(phase=Phase.ACTIONS, variant_state=VortexState("actions", 0)))
    assert not deploying(DoomtrooperGame(), DoomtrooperGame().setup(seed=3))


def test_colonization_counts_colony_points_not_promotion():
    """Colonization: the game is won on Colony Points; Promotion alone wins nothing."""
    game = variant_game("colonization")
    state = game.setup(seed=1)
    goal, pts = points(game, state)
    assert goal == game.rules.colony_goal
    assert pts == [colony_points(state, i, game.variant.solar, game.rules.colony_earth) for i in range(2)]
    rich = with_promotion(state, (20, 0))
    assert progress(game, rich) == progress(game, state)


def test_home_turf_counts_promotion_banked_in_the_bases():
    """Home Turf Advantage: Promotion counts once carried home into a base (a flipped base its
    full 15); all of a player's bases flipped wins."""
    game = variant_game("home_turf")
    state = game.setup(seed=1)
    goal, pts = points(game, state)
    assert goal == 3 * game.rules.base_flip and pts == [0.0, 0.0]
    assert progress(game, with_promotion(state, (10, 0))) == progress(game, state)  # not banked: nothing yet
    bases = tuple(b._replace(promotion=10) if b.seat == 1 else b for b in state.board.bases)
    banked = state._replace(board=state.board._replace(bases=bases))
    assert points(game, banked)[1] == [0.0, 30.0] and evaluate(game, banked, 1) > max(0.8, evaluate(game, state, 1))


def test_a_team_shares_its_chance_as_it_shares_its_win():
    """Teams, Front Lines: a team's Promotion is its members' together, and a team's win is
    split between its seats (as a finished game's reward is); the guesses add up to one."""
    for game in (DoomtrooperGame(rules=override_rules({"style": "teams"})), variant_game("front_lines")):
        state = game.setup(seed=1) if game.rules.variant == "front_lines" else game.setup(4, seed=1)
        ahead = with_promotion(state, (6, 0, 6, 0) if game.rules.variant == "front_lines" else (0,) * 4)
        if game.rules.variant != "front_lines":
            team = tuple(i for i in range(4) if state.purse_of[i] == state.purse_of[0])
            ahead = with_promotion(state, tuple(6 if i in team else 0 for i in range(4)))
        chances = [evaluate(game, ahead, s) for s in range(4)]
        assert abs(sum(chances) - 1) < 1e-12
        goal, pts = points(game, ahead)
        assert goal in (game.rules.team_goal, game.rules.variant_goal) and max(pts) == 12
        leaders = [s for s in range(4) if pts[s] == 12]
        assert len(leaders) == 2 and chances[leaders[0]] == chances[leaders[1]] > 0.25


def test_beat_down_guesses_whether_player_c_holds_out():
    """Beat Down: C wins when A's and B's draw piles run dry while he has a warrior, never on
    Promotion; once C's last warrior is gone the better of A and B on Promotion wins."""
    from explorer.doomtrooper.search import beat_down_chances

    game = variant_game("beat_down")
    state = game.setup(seed=1)
    start = beat_down_chances(game, state)
    assert abs(sum(start) - 1) < 1e-12 and start[0] == start[2] and 0.2 < start[1] < 0.8
    thin = state._replace(troopers=state.troopers[1:])  # C lost a warrior
    assert beat_down_chances(game, thin)[1] < start[1]
    def halved(deck):
        for card in sorted(deck.cards)[:len(deck) // 2]:
            deck = deck.take(card)
        return deck

    late = state._replace(seats=tuple(s._replace(deck=halved(s.deck)) if i != 1 else s
                                      for i, s in enumerate(state.seats)))
    assert beat_down_chances(game, late)[1] > start[1]  # fewer cards left for A and B to beat him with
    ahead = with_promotion(state, (8, 30, 2))  # C's Promotion counts for nothing
    chances = beat_down_chances(game, ahead)
    assert chances[1] == start[1] and chances[0] > chances[2]
    beaten = state._replace(troopers=tuple(t for t in state.troopers if t.owner != 1))
    assert beat_down_chances(game, with_promotion(beaten, (3, 0, 5)))[1] == 0.0
    assert evaluate(game, with_promotion(beaten, (3, 0, 5)), 2) > 0.5


def test_home_turf_and_colonization_guesses_know_the_seat_order():
    """Home Turf Advantage, Colonization: greedy games of these favour the second seat, and the
    guess (fitted to them) says so at the deal; Promotion not yet banked or counted moves nothing;
    The Vortex: Value in play counts for (next to) nothing, as it is all shuffled back."""
    for variant in ("home_turf", "colonization"):
        game = variant_game(variant)
        state = game.setup(seed=1)
        plain = state._replace(troopers=())
        first = evaluate(game, plain, 0)
        assert first < 0.5 and abs(first + evaluate(game, plain, 1) - 1) < 1e-12
        assert evaluate(game, with_promotion(plain, (12, 0)), 0) == first
    game = variant_game("vortex")
    army = make_state(game, hands=([], []), warriors=[W("Razide", 0), W("Necromutant", 0)])
    assert abs(evaluate(game, army, 0) - evaluate(game, make_state(game, hands=([], [])), 0)) < 0.01
