"""The search bot for the Victorian game: what a finished game is worth to a
side, and a cheap guess of each side's chance to win when an imagined game is
cut short.

The Villains win when a major plot reaches its last Plot counter ("PLOT PHASE")
or when, after the fifth turn, the Heroes have no character in play; the Heroes
win when the Villains have no Mastermind in play ("VICTORY").  Most games end
by the killing: the Heroes' Fight decides their Showdowns and the Assassin Rolls
they survive, their Track the Thwarts that open a Showdown; the Villains'
minions stand between a hero and the Mastermind ("ATTACK PHASE") and go out as
assassins, and a Mastermind's Fight is subtracted from every Showdown roll.  So
the guess is a logistic score of those four and of the Villains' best major
plot: its weights were fitted to the outcomes of 600 greedy games (a position at
each phase; the plot's, which those games rarely reach, set by hand: a plot one
counter from winning left the Heroes no win in them).

>>> from explorer.victorian.game import setup
>>> game, state = setup(seed=1)
>>> round(evaluate(game, state, "heroes"), 3)   # nobody in play yet: the Heroes' chance under greedy play
0.231
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from typing import Any

from ..core.engine import Policy
from ..core.protocol import Decision
from ..core.search import SearchBot, SearchReport, win_share
from .state import HEROES, SIDE_INDEX, VILLAINS
from .units import is_mastermind, lasting_fight

#: Playouts per decision by default: about an eighth of a second on one core (bench/bench_search.py).
#: Three times as many played no better (as the Heroes on 50 deals, the Villains on 40: bench_search_strength.py),
#: nor did a UCT tree in place of the paired search at 400 (as the Heroes on 80 deals: 37.5%, against 33.75%).
#: At 150 on 200 deals a side (bench_search_strength.py victorian --games 200 --seed s64 --baseline): 35.5% as
#: the Heroes (greedy 30.5% on the same deals) and 75.5% as the Villains (greedy 69.0%), 55.5% of the 400 games.
PLAYOUTS = 150
#: Rollout steps before a cut game is scored by its standing (about a turn and a half: the
#: standing judges the rest, and shorter rollouts buy more playouts).
HORIZON = 30
#: How much better than the greedy bot's choice an option must look, world by world, to be
#: chosen instead (on top of :data:`SURENESS` standard errors of the paired difference).
MARGIN = 0.0
#: How many standard errors of the paired difference an option's lead over the greedy
#: bot's choice must clear: one keeps the greedy choice unless the lead is more than noise.
SURENESS = 1.0
#: The share of rollout choices made at random.  Zero: the other side is modelled as playing
#: the rollout policy exactly, and every option is compared on the same luck throughout.
#: Against greedy on 160 deals (bench_search_strength.py --baseline --tune epsilon=0): as the
#: Heroes 40% (greedy Heroes 27.5%; with one random choice in ten, as before, 32.5% on 40 of
#: them), as the Villains 73% (greedy 72.5%).
EPSILON = 0.0
#: What the Heroes' standing counts (see :func:`features`).
FEATURES = ("fight", "track", "minion", "mastermind", "plot")
#: The weights of the Heroes' standing (log-odds of their win): a constant, per
#: point of the Heroes' Fight and Track in play, per Villain minion, per point of
#: the Masterminds' Fight, and for a major plot one counter from winning
#: (``python bench/bench_search_fit.py`` fits all but the plot's again).
WEIGHTS = {"base": -1.2, "fight": 0.22, "track": 0.07, "minion": -0.27, "mastermind": -0.6, "plot": -4.0}


def features(game: Any, state: Any) -> tuple[int, ...]:
    """The :data:`FEATURES` of ``state``: the Heroes' characters' lasting Fight and
    Track (own and gear), the Villains' minions (tokens and minor characters), their
    Masterminds' lasting Fight, and 1 if a major plot is one counter from winning
    at the next Plot Phase (else 0: under greedy play fewer counters do not
    lower the Heroes' chance)."""
    fight = track = minions = masters = 0
    card = game.card
    for u in state.sides[HEROES].units:
        if not u.token:
            fight += max(lasting_fight(game, u), 0)
            track += card(u.card).track + sum(card(g).track for g in u.gear)
    villains = state.sides[VILLAINS]
    for u in villains.units:
        if is_mastermind(game, u):
            masters += max(lasting_fight(game, u), 0)
        else:
            minions += 1
    near = game.rules.major_plot_counters - 1
    plot = any(p.major and p.counters >= near for p in villains.plots)
    return fight, track, minions, masters, int(plot)


def standing(game: Any, state: Any) -> float:
    """The Heroes' log-odds of winning: :data:`WEIGHTS` times :func:`features`."""
    return WEIGHTS["base"] + sum(WEIGHTS[k] * x for k, x in zip(FEATURES, features(game, state)))


def evaluate(game: Any, state: Any, side: str) -> float:
    """``side``'s chance to win from ``state``, guessed from the Heroes' :func:`standing`."""
    me = SIDE_INDEX[side]
    if state.result is not None:
        return win_share(state.result, me)
    heroes = 1 / (1 + math.exp(-standing(game, state)))
    return heroes if me == HEROES else 1 - heroes


def reward(result: Any, side: str) -> float:
    """A finished game's worth to ``side``: 1 for its win, 0 for a loss or a draw."""
    return win_share(result, SIDE_INDEX[side])


def alike(game: Any, view: Any, decision: Any) -> list[tuple]:
    """A key per option of ``decision``, equal for options alike but for which of
    some identical tokens they name: the action's type and fields, a token's uid
    replaced by what it is (its card, side, Mastermind, gear, markers, wounds and
    whether it must attack), so sending Thug 5 or Thug 6 at a hero is one choice.

    >>> from types import SimpleNamespace as Bag
    >>> from explorer.victorian.actions import Send
    >>> from explorer.victorian.state import Unit
    >>> thugs = Bag(units=(Unit("Thug 5", "Thug", 1, True), Unit("Thug 6", "Thug", 1, True, wounds=1)))
    >>> view = Bag(sides=(Bag(units=()), thugs))
    >>> options = (Send("Thug 5", "Mina Harker"), Send("Thug 6", "Mina Harker"), Send("Thug 5", "Tarzan"))
    >>> keys = alike(None, view, Bag(options=options))
    >>> [k == keys[0] for k in keys]
    [True, False, False]
    """
    tokens = {u.uid: ("token", u.card, u.owner, u.master, u.gear, u.markers, u.wounds, u.mob)
              for side in view.sides for u in side.units if u.token}
    if not tokens:
        return [(type(o), o) for o in decision.options]
    return [(type(o), tuple(tokens.get(v, v) if type(v) is str else v for v in (getattr(o, f) for f in o.__slots__)))
            for o in decision.options]


def one_of_each(options: Sequence[Any], keys: Sequence[Hashable], kept: Any) -> tuple[tuple[Any, ...], list[int]]:
    """The options to play, one of each key in the order the keys first come (the
    first option of a key, or ``kept`` for its own), and for every option the index
    of the one played for it.

    >>> one_of_each(["a1", "a2", "b", "a3"], ["a", "a", "b", "a"], "a2")
    (('a2', 'b'), [0, 0, 1, 0])
    """
    first: dict[Hashable, int] = {}
    played: list[Any] = []
    for option, key in zip(options, keys):
        if key not in first:
            first[key] = len(played)
            played.append(option)
        elif option == kept:
            played[first[key]] = option
    return tuple(played), [first[key] for key in keys]


class VictorianSearch(SearchBot):
    """The paired search, over one option of each kind (:func:`alike`): the budget is
    not spread over copies of one choice (four Thug tokens sent at one hero: played
    from the same worlds with the same dice, copies come out alike, so each copy was a
    share of the budget spent for nothing), and every copy is reported with its kind's
    value.  The greedy choice is the one played for its kind."""

    def search(self, game: Any, view: Any, decision: Decision, rng: random.Random) -> SearchReport:
        keys = alike(game, view, decision)
        if len(set(keys)) == len(keys):
            return super().search(game, view, decision, rng)
        kept = self.prior.choose(game, view, decision, rng) if self.prior is not None else None
        played, index = one_of_each(decision.options, keys, kept)
        report = super().search(game, view, decision._replace(options=played), rng)
        value = {o.option: o for o in report.options}
        every = [value[played[i]]._replace(option=option) for option, i in zip(decision.options, index)]
        return report._replace(options=tuple(sorted(every, key=lambda o: -o.value)))


def search_bot(rollout: Policy, playouts: int = PLAYOUTS) -> SearchBot:
    """The search bot of the Victorian game: ``rollout`` (the greedy bot) finishes
    imagined games, cut after :data:`HORIZON` steps and scored by :func:`evaluate`,
    the other side modelled as playing the rollout policy (:data:`EPSILON`: no
    random choices).  The search is paired: every option is played from the same dealt worlds
    with the same dice, since in this game of Assassin Rolls and Showdowns an
    option's worth is mostly the luck of its playouts; the rollout policy's own
    choice is kept unless another option leads it by :data:`MARGIN` plus
    :data:`SURENESS` standard errors (against greedy on the skill run's seeds, the
    tree search this replaced won 48% of 60 games, the paired one 58%); identical
    tokens' options count as one (:class:`VictorianSearch`)."""
    return VictorianSearch(playouts, rollout=rollout, reward=reward, max_steps=HORIZON, evaluate=evaluate,
                           epsilon=EPSILON, seen=False, own_tree=True, prior=rollout, margin=MARGIN,
                           paired=True, sureness=SURENESS)


__all__ = ["EPSILON", "FEATURES", "HORIZON", "MARGIN", "PLAYOUTS", "SURENESS", "WEIGHTS", "VictorianSearch", "alike",
           "evaluate", "features", "one_of_each", "reward", "search_bot",
           "standing"]
