"""What the game and the greedy bot remember to go faster gives the answers worked
out afresh: the attack options kept with the warriors, the attack scores worked out
from a kind's remembered weapon and ratings, a sample deck checked once per game,
the points' splits, a state's seats put in one copy."""

from __future__ import annotations

from dt_helpers import GAME, W, make_state

from explorer.core.engine import simulate
from explorer.doomtrooper.base import attack
from explorer.doomtrooper.base.combat_state import TakePoints, splits
from explorer.doomtrooper.bots import GreedyBot, _table
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.state import Phase


def _fresh_attacks(state):
    """The attack options of ``state`` from a game that remembers nothing yet."""
    return attack.attack_options(DoomtrooperGame(pool=GAME.pool, rules=GAME.rules, decks=GAME.decks), state)


def test_attack_options_kept_with_the_warriors_and_turn():
    state = make_state(warriors=[W("Mortificator Assassin", 0), W("Undead Legionnaire", 1),
                                 W("Centurion of Algeroth", 1)])
    first = attack.attack_options(GAME, state)
    assert first and first == _fresh_attacks(state)
    meditated = state._replace(purses=(state.purses[0] + 1,) + state.purses[1:], actions=state.actions - 1)
    assert attack.attack_options(GAME, meditated) is first  # the same warriors, seat and turn: kept
    # a warrior that came out of cover this turn may not attack: a new turn number asks again
    exited = state._replace(troopers=tuple(t._replace(exited=state.turn + 1) if t.owner == 0 else t
                                           for t in state.troopers), turn=state.turn + 1)
    assert attack.attack_options(GAME, exited) == _fresh_attacks(exited) == ()
    other = state._replace(current=1)
    assert attack.attack_options(GAME, other) == _fresh_attacks(other)


def test_attack_scores_from_kinds_match_the_full_score():
    state = make_state(warriors=[W("Mortificator Assassin", 0), W("Wolfbane Commando", 0, wounded=True),
                                 W("Undead Legionnaire", 1), W("Centurion of Algeroth", 1, cover=True)])
    bot = GreedyBot()
    attacks = attack.attack_options(GAME, state)
    base = _table(state, -1, -1, "fight")
    memo = bot._memo_for(GAME)
    kind = {}
    for t in state.troopers:
        kind[t.uid] = memo.kinds.setdefault((GAME.combat.rating_key(base, t), t.wounded), len(memo.kinds))
    for o in attacks:
        a, d = state.find(o.attacker), state.find(o.defender)
        full = bot._attack_score(GAME, o, a, d, base)
        assert bot._kinds_score(GAME, memo, o, a, d, kind[a.uid], kind[d.uid], base) == full
        assert bot._kinds_score(GAME, memo, o, a, d, kind[a.uid], kind[d.uid], base) == full  # remembered parts


def test_sample_deck_checked_once_per_game_deals_alike():
    game = DoomtrooperGame(pool=GAME.pool, rules=GAME.rules, decks=GAME.decks)
    first, again = game.new_game(2), game.new_game(2)
    assert first == again == DoomtrooperGame(pool=GAME.pool, rules=GAME.rules, decks=GAME.decks).new_game(2)
    assert len(game._checked) <= len(game.decks)
    a = simulate(game, first, GreedyBot(), seed="remembered")
    b = simulate(DoomtrooperGame(pool=GAME.pool, rules=GAME.rules, decks=GAME.decks), again, GreedyBot(),
                 seed="remembered")
    assert a.state == b.state


def test_splits_are_every_way_to_take_the_points():
    assert splits(3) == tuple(TakePoints(k) for k in range(4))
    assert splits(3) is splits(3)
    assert splits(0) == (TakePoints(0),)


def test_with_seats_is_replace_in_one_copy():
    state = make_state(warriors=[W("Undead Legionnaire", 1)], phase=Phase.ACTIONS)
    seats = tuple(reversed(state.seats))
    assert state.with_seats(seats) == state._replace(seats=seats)
    assert state.with_seats(seats, ()) == state._replace(seats=seats, troopers=())
