"""An actions step asks only some kinds of action for options ("The Order of Play",
step two): those the player can pay for, whose type of card his hand holds and whose
warriors have what the kind acts on (``explorer.doomtrooper.asked``).  A kind left
out must have offered nothing: checked against every kind's own options at every
actions step of greedy games under the printed rules, the optional rules, the
first-edition rules and the expansions."""

from __future__ import annotations

import random

import pytest

from explorer.core.protocol import SampledChance
from explorer.doomtrooper import asked
from explorer.doomtrooper.bots import get_bot
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.params import override_rules
from explorer.doomtrooper.state import Phase

RULE_SETS = {
    "printed": {},
    "optional": {"sabotage": True, "discard_as_action": True, "muster_in_cover_alone": True,
                 "cover_warriors_sabotage": True},
    "first edition": {"first_edition_direct_attack": True, "first_edition_sergeants": True,
                      "first_edition_vehicles": True, "many_vehicles": True},
    "expansions": {"outpost": True, "relics": True, "warzones": True, "alliances": True, "ki_powers": True,
                   "mortificator_poisons": True},
}


def _actions_states(game: DoomtrooperGame, seeds: range):
    """Every state of greedy games at which the current player chooses an action."""
    bot = get_bot("greedy")
    for seed in seeds:
        state, chance, steps = game.new_game(2), SampledChance(random.Random(seed)), 0
        while (dec := game.decision(state)) is not None and steps < 400:
            if state.phase is Phase.ACTIONS and dec.player == state.current:
                yield state
            action = dec.options[0] if dec.player is None else bot.choose(game, game.observe(state, dec.player), dec, None)
            state, steps = game.next_state(state, action, chance), steps + 1


@pytest.mark.parametrize("name", RULE_SETS)
def test_a_kind_left_unasked_offers_nothing(name):
    game = DoomtrooperGame(rules=override_rules(RULE_SETS[name]))
    seen = skipped = 0
    for state in _actions_states(game, range(4)):
        left = state.actions
        chosen = set(asked.asked(game, state, left))
        for kind, cost, _ in game._priced:
            if cost <= left and kind.options not in chosen:
                skipped += 1
                assert not kind.options(game, state), (name, kind.type.__name__)
        seen += 1
    assert seen > 40 and skipped > 40, (seen, skipped)


def test_what_the_warriors_have_is_read_afresh_for_new_warriors():
    """asked.troops keeps its answer with the warriors tuple and the seat: another seat asks again."""
    game = DoomtrooperGame()
    for state in _actions_states(game, range(1)):
        mine = [t for t in state.troopers if t.owner == state.current]
        expect = (any(t.cover for t in mine), any(t.attached for t in mine), any(t.inside for t in mine),
                  sum(not t.cover for t in mine) >= 2)
        assert asked.troops(game, state) == expect
