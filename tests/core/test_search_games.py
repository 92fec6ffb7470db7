"""The search bot in every game: found by name with its budget, played from the
command line, seeded games repeat, and each game's guess of a chance to win."""

import json
import random

import pytest

from explorer import games
from explorer.cli import main
from explorer.core.bots import with_budget
from explorer.core.sampler import simulate
from explorer.core.search import SearchBot


@pytest.mark.parametrize("key", list(games.GAMES))
def test_search_is_in_every_registry_with_its_budget_in_the_name(key):
    bots = games.spec(key).bots
    assert bots["search"].sized and not bots["greedy"].sized
    bot = bots.get_bot("search:7")
    assert isinstance(bot, SearchBot) and bot.playouts == 7
    assert bots.get_bot("search").playouts == bots["search"].make().playouts >= 20
    assert bots.knows("search:7") and not bots.knows("greedy:7") and not bots.knows("search:0")
    with pytest.raises(ValueError, match="whole number"):
        bots.get_bot("search:many")
    with pytest.raises(ValueError, match="from 1 to 100,000"):  # a slip of the keys, not years of play
        bots.get_bot("search:99999999999")
    assert bots.get_bot("search:100000").playouts == 100_000
    with pytest.raises(ValueError, match="greedy takes no budget"):
        bots.get_bot("greedy:3")


def test_search_playouts_reach_only_bare_search_names():
    assert with_budget("search,greedy,search:9", "search", 5) == "search:5,greedy,search:9"
    assert with_budget("search", "search", None) == "search"


def test_asylum_one_search_seat_from_the_command_line(capsys):
    """``simulate asylum --policy search,greedy,greedy,greedy --search-playouts N``."""
    argv = ["simulate", "asylum", "--games", "1", "--seed", "2", "--policy", "search,greedy,greedy,greedy",
            "--search-playouts", "3", "--json"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 1 and sum(summary["wins_by_seat"].values()) + summary["draws"] == 1


def test_victorian_heroes_search_from_the_command_line(capsys):
    assert main(["simulate", "victorian", "--games", "1", "--heroes", "search", "--search-playouts", "2"]) == 0
    out = capsys.readouterr().out
    assert "Heroes search:2, Villains greedy" in out


def test_doomtrooper_search_from_the_command_line(capsys):
    """``simulate doomtrooper --policy search,greedy``: worlds dealt from the seat's view."""
    assert main(["simulate", "doomtrooper", "--games", "1", "--policy", "search,greedy",
                 "--search-playouts", "2"]) == 0
    assert "policy search:2,greedy" in capsys.readouterr().out


def test_a_bad_search_budget_is_refused_before_any_game(capsys):
    assert main(["simulate", "doomtrooper", "--policy", "search:lots,greedy"]) == 2
    assert "whole number" in capsys.readouterr().err


def _game(key, names, seed):
    spec = games.spec(key)
    sim = spec.simulation
    setup = sim.setup(_options(spec, names), {})
    ready = sim.prepare(setup)
    return simulate(ready.game, ready.start(), ready.policies, seed).result


def _options(spec, names):
    import argparse

    parser = argparse.ArgumentParser()
    spec.simulation.options(parser)
    args = parser.parse_args([])
    if spec.seat_names:
        args.heroes, args.villains = names
    else:
        args.policy = ",".join(names)
    return args


@pytest.mark.parametrize("key, names", [
    ("asylum", ["greedy", "search:4", "greedy", "greedy"]),
    ("victorian", ["search:3", "greedy"]),
    ("doomtrooper", ["search:3", "greedy"]),
])
def test_a_small_search_game_ends_and_repeats_with_its_seed(key, names):
    """Rulebook "Winning the Game" / "VICTORY" / Doomtrooper "Winning": a whole game with a search seat ends with a result;
    the same seed plays the same game."""
    first = _game(key, names, "small#1")
    assert first is not None and first.turns >= 1
    assert _game(key, names, "small#1") == first


def test_the_root_value_is_reported_as_a_chance_to_win():
    """Doom Asylum: each decision's report reaches the listener, its value in [0, 1]."""
    spec = games.spec("asylum")
    ready = spec.simulation.prepare(spec.simulation.setup(_options(spec, ["search:4"] + ["greedy"] * 3), {}))
    seen = []
    ready.policies[0].on_report = seen.append
    simulate(ready.game, ready.start(), ready.policies, "report#0")
    assert seen and all(0 <= r.value <= 1 and r.playouts == 4 for r in seen)
    # the most visited option, or greedy's choice kept when the most visited one is not better by the margin
    bot = ready.policies[0]
    bot.calibration, raw = None, []  # the values as searched, which the choice is made on
    bot.on_report = raw.append
    simulate(ready.game, ready.start(), ready.policies, "report#0")
    assert [r.choice for r in raw] == [r.choice for r in seen]
    for r in raw:
        chosen = next(o for o in r.options if o.option == r.choice)
        assert chosen is r.options[0] or r.options[0].value <= chosen.value + bot.margin


def test_asylum_progress_orders_the_race():
    """"Doom Ready" then "Winning the Game": points first, then the walk to the Yard."""
    from explorer.asylum.game import AsylumGame
    from explorer.asylum.search import evaluate, progress

    game = AsylumGame()
    state = game.new_game(2, "star")
    step = state
    rng = random.Random(0)
    while not step.parties:
        dec = game.decision(step)
        step = game.play(step, dec.options[0], rng).state
    me = step.parties[0]
    far_room = max(game.dist[game.yard], key=game.dist[game.yard].get)
    ready_far = me._replace(doomsday=8, doom_ready=me.mastermind, room=far_room)
    ready_near = ready_far._replace(room=next(r for r, d in game.dist[game.yard].items() if d == 1))
    assert progress(game, me._replace(doomsday=0)) < progress(game, me._replace(doomsday=8)) \
        < progress(game, ready_far) < progress(game, ready_near)
    ahead = step._replace(parties=(ready_near,) + step.parties[1:])
    assert evaluate(game, ahead, 0) > 0.5 > evaluate(game, ahead, 1)
    assert abs(sum(evaluate(game, ahead, s) for s in range(2)) - 1) < 1e-12


def test_doomtrooper_progress_counts_promotion_toward_the_goal():
    """"The Object": the seat nearer its Promotion goal is the likelier winner."""
    from explorer.doomtrooper.game import DoomtrooperGame
    from explorer.doomtrooper.search import evaluate

    game = DoomtrooperGame()
    state = game.new_game(2)
    seats = list(state.seats)
    seats[1] = seats[1]._replace(promotion=game.rules.promotion_goal - 5)
    ahead = state._replace(seats=tuple(seats))
    assert evaluate(game, ahead, 1) > 0.9 and abs(evaluate(game, ahead, 0) + evaluate(game, ahead, 1) - 1) < 1e-12


def test_doomtrooper_limited_resources_counts_the_markers_left():
    """Limited Resources (its end): the game ends when every action marker is spent,
    most Promotion winning, so a marker left is worth something, and a lead counts
    for more as the markers run out; the basic guess is kept for the other variants."""
    from explorer.doomtrooper.game import DoomtrooperGame
    from explorer.doomtrooper.params import override_rules
    from explorer.doomtrooper.search import evaluate, progress
    from explorer.doomtrooper.variants.limited_resources import LimitedState

    game = DoomtrooperGame(rules=override_rules({"variant": "limited_resources"}))
    state = game.setup(seed=1)
    full = game.rules.limited_actions

    def at(markers, promotion=(0, 0)):
        seats = tuple(s._replace(promotion=p) for s, p in zip(state.seats, promotion))
        return state._replace(seats=seats, variant_state=LimitedState(markers))

    even = evaluate(game, at((full, full)), 0)
    assert 0 < even < 0.5  # the second seat wins more greedy games: the guess knows the seat order
    assert abs(even + evaluate(game, at((full, full)), 1) - 1) < 1e-12
    assert evaluate(game, at((full, full - 5)), 0) > even  # five markers more to spend
    early, late = evaluate(game, at((full, full), (3, 0)), 0), evaluate(game, at((1, 1), (3, 0)), 0)
    assert even < early < late
    # the basic game's guess (no markers) is unchanged for the basic game
    basic = DoomtrooperGame()
    plain = basic.setup(seed=1)
    assert progress(basic, plain) == [0.0, 0.0] and evaluate(basic, plain, 0) == 0.5


def test_victorian_standing_counts_major_characters():
    """"VICTORY": a side with major characters in play stands better than one without."""
    from explorer.victorian.bots import get_bot
    from explorer.victorian.game import setup
    from explorer.victorian.search import evaluate

    game, state = setup(seed=1)
    policies = {"heroes": get_bot("greedy"), "villains": get_bot("greedy")}
    rng = random.Random(1)
    while state.turn < 3 and state.result is None:
        dec = game.decision(state)
        bot = policies[dec.player] if not dec.forced else None
        action = dec.options[0] if bot is None else bot.choose(game, game.observe(state, dec.player), dec, rng)
        state = game.play(state, action, rng).state
    h = evaluate(game, state, "heroes")
    assert 0 < h < 1 and abs(h + evaluate(game, state, "villains") - 1) < 1e-12


def test_victorian_standing_follows_what_wins():
    """"ATTACK PHASE" and "PLOT PHASE": a hero's Invention marker (Fight +1) or a
    wounded Mastermind raises the Heroes' chance; a major plot one counter from
    its last leaves them little."""
    from explorer.victorian.bots import get_bot
    from explorer.victorian.game import setup
    from explorer.victorian.search import evaluate
    from explorer.victorian.state import HEROES, VILLAINS, Plot
    from explorer.victorian.units import is_mastermind

    game, state = setup(seed=3)
    bot, rng = get_bot("greedy"), random.Random(3)
    while state.turn < 3 or not state.sides[HEROES].units or not state.sides[VILLAINS].units:
        dec = game.decision(state)
        action = dec.options[0] if dec.forced else bot.choose(game, game.observe(state, dec.player), dec, rng)
        state = game.play(state, action, rng).state
    assert state.result is None
    heroes, villains = state.sides

    def with_units(side, units):
        sides = list(state.sides)
        sides[side] = sides[side]._replace(**units)
        return state._replace(sides=tuple(sides))

    base = evaluate(game, state, "heroes")
    hero = next(u for u in heroes.units if not u.token)
    marked = with_units(HEROES, {"units": tuple(u._replace(markers=u.markers + 1) if u is hero else u
                                                for u in heroes.units)})
    master = next(u for u in villains.units if is_mastermind(game, u))
    wounded = with_units(VILLAINS, {"units": tuple(u._replace(wounds=u.wounds + 1) if u is master else u
                                                   for u in villains.units)})
    plot = Plot("plot", "World Conquest", master.uid, counters=game.rules.major_plot_counters - 1, major=True)
    plotting = with_units(VILLAINS, {"plots": villains.plots + (plot,)})
    assert evaluate(game, marked, "heroes") > base and evaluate(game, wounded, "heroes") > base
    assert evaluate(game, plotting, "heroes") < min(base, 0.1)
    assert abs(evaluate(game, plotting, "heroes") + evaluate(game, plotting, "villains") - 1) < 1e-12


@pytest.mark.parametrize("key, names, changes, paired", [
    ("victorian", ["search:6", "greedy"], {}, True),
    ("doomtrooper", ["search:6", "greedy"], {"dice": "2d6"}, True),
    ("doomtrooper", ["search:6", "greedy"], {}, False),
])
def test_where_luck_rules_the_search_compares_options_on_the_same_worlds(key, names, changes, paired):
    """The Victorian game (its Assassin Rolls and Showdowns) and Doomtrooper with dice: the search
    plays every option from the same worlds (each option as many playouts, the budget split over
    them); Doomtrooper's printed combat, without dice, keeps the tree search."""
    spec = games.spec(key)
    ready = spec.simulation.prepare(spec.simulation.setup(_options(spec, names), changes))
    seen = []
    ready.policies["heroes" if spec.seat_names else 0].on_report = seen.append
    simulate(ready.game, ready.start(), ready.policies, "paired#0")
    assert seen
    for r in seen:
        visits = {o.visits for o in r.options}
        if paired:
            assert visits == {max(1, 6 // len(r.options))} and r.playouts == len(r.options) * visits.pop()
        else:
            assert r.playouts == 6
    if not paired:  # a tree spends its playouts unevenly somewhere in a game
        assert any(len({o.visits for o in r.options}) > 1 for r in seen)
