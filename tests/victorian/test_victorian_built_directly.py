"""Values the rules build by position or remember for speed are the values the named
builds and a fresh working-out give: a roll's answer window, a side's part of a phase as
it begins, a table read, a recruited unit; and the one Wound counter check that reads only
the sides whose units changed misses no unit whose Fight is gone (WOUND COUNTERS)."""

from __future__ import annotations

import random

from explorer.core.engine import SampledChance, derived_rng
from explorer.victorian import cardplay, phase_actions
from explorer.victorian.bots import GreedyBot
from explorer.victorian.game import VictorianGame
from explorer.victorian.state import HEROES, VILLAINS, Main, Phase, RollSpec, Unit
from explorer.victorian.tables import banded
from explorer.victorian.tables.data import Banded
from explorer.victorian.units import lasting_fight

GAME = VictorianGame()
SIDE_IDS = (HEROES, VILLAINS)


def test_a_roll_window_is_the_named_window():
    """ANSWERING A ROLL: the window built by position equals ``Window(kind, roll=...)``."""
    spec = RollSpec("combat", "Tarzan", "Dr Fu-Man-Chu", 1)
    for kind in ("respond", "fighting", "escape"):
        made = cardplay.roll_window(kind, spec)
        assert made == cardplay.Window(kind, roll=spec) and type(made) is cardplay.Window


def test_a_phase_begins_with_the_same_main_item_every_turn():
    """THE TURN: each side's part of a phase as it begins is ``Main(side, phase)``, nothing recruited yet."""
    for phase in Phase:
        for side in SIDE_IDS:
            begun = phase_actions.BEGUN[(phase, side)]
            assert begun == Main(side, phase) and begun.count == 0 and type(begun) is Main


def test_a_table_read_remembered_is_the_tables_own_read():
    """THE TABLES: every total a roll can reach reads the same result through the remembered read."""
    for table in GAME.tables:
        if not isinstance(table, Banded):
            continue
        for total in range(-10, 6 * table.dice + 15):
            assert banded._read(table, total) == table.read(total)


def test_a_recruited_unit_built_by_position_has_the_named_defaults():
    """RECRUIT PHASE: the unit ``do_recruit`` builds from all its fields is the named build's unit."""
    made = tuple.__new__(Unit, ("c1", "Tarzan", "heroes", False, None, (), 0, 0, False))
    assert made == Unit("c1", "Tarzan", "heroes")
    minion = tuple.__new__(Unit, ("c2", "Thug", "villains", False, "m1", (), 0, 0, False))
    assert minion == Unit("c2", "Thug", "villains", master="m1")


def _greedy_states(seed: str, game: VictorianGame = GAME):
    """Every state of a greedy game, in order (the bots read their own seat's view)."""
    bot = GreedyBot()
    state = game.new_game()
    chance = SampledChance(derived_rng(seed, "chance"))
    rng = random.Random(seed)
    yield state
    while (dec := game.decision(state)) is not None:
        if dec.player is None or len(dec.options) == 1:
            action = dec.options[0]
        else:
            action = bot.choose(game, game.observe(state, dec.player), dec, rng)
        state, _ = game.resolve(state, action, chance)
        yield state


def test_no_unit_is_left_standing_with_his_fight_gone():
    """WOUND COUNTERS: after every step of 24 greedy games no unit on either side has a Wound counter and no
    Fight left (the check after a step reads only the sides whose units changed; each way a Fight is lost
    is a scenario in test_victorian_fight_gone.py), and each unit's remembered lasting Fight is the one
    worked out afresh."""
    fresh = VictorianGame()
    steps = 0
    for i in range(24):
        for state in _greedy_states(f"fallen#{i}"):
            steps += 1
            for side in SIDE_IDS:
                for u in state.sides[side].units:
                    remembered = lasting_fight(GAME, u)
                    fresh._forget()
                    assert remembered == lasting_fight(fresh, u), u
                    assert u.wounds == 0 or remembered > 0, (side, u)
    assert steps > 24 * 100


def test_a_replaced_card_forgets_the_lasting_fights_and_card_types():
    """What the game remembers of its cards starts empty when a card is replaced (the ablation's blank)."""
    game = VictorianGame()
    state = game.new_game()
    for side in SIDE_IDS:
        for u in state.sides[side].units:
            lasting_fight(game, u)
    game.lasting_fights[0] = ("a unit", 1)
    name = next(iter(game.cards_of(0)))
    game.label_types[name] = game.label_type(name)
    game.replace_card(0, game.card(name))
    assert game.lasting_fights == {} and game.label_types == {}
