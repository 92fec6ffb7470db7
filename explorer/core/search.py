"""A bot that thinks ahead from what its seat knows: information-set Monte Carlo tree search.

At each decision the bot plays ``playouts`` imagined games from the position as
its seat sees it.  Each playout first deals a *world*: a full state consistent
with the seat's observation (:meth:`Game.determinize`: the opponents' hands and
the order of every unseen pile drawn at random, every arrangement the seat
cannot rule out equally likely).  It then walks down a tree of decisions shared
by all worlds (single-observer ISMCTS: Cowling, Powley and Whitehouse, 2012),
picking at each of them the option with the best upper confidence bound (UCT)
among the options legal in this world, adds one new decision, and finishes the
game with a cheap policy (the rollout).  Chance is sampled with its true
weights (:meth:`Game.next_state`: an imagined game builds no events).  Every
seat in the tree plays to win for itself.

The bot never reads the state it is given beyond the observation the runner
hands it, and all its randomness comes from the step's RNG, so a seed gives the
same game.  Its estimate of the chosen option's value is a win probability from
the seat's view (a shared win counts its share, a draw nothing).

>>> from explorer.core.engine import Decision, Game, Step, RandomPolicy
>>> class Nim(Game):   # take 1 or 2 of n sticks; who takes the last one wins
...     def decision(self, s):
...         n, p = s
...         return None if n == 0 else Decision(p, tuple(t for t in (1, 2) if t <= n), None)
...     def resolve(self, s, take, chance):
...         return Step((s[0] - take, 1 - s[1]), ())
...     def result(self, s):
...         return None if s[0] else 1 - s[1]
>>> bot = SearchBot(playouts=400, rollout=RandomPolicy(), reward=lambda result, player: float(result == player))
>>> import random
>>> report = bot.search(Nim(), (4, 0), Nim().decision((4, 0)), random.Random(1))
>>> report.choice   # leave a multiple of three
1
>>> report.value > 0.8
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from .dist import Dist
from .protocol import Decision, Game, Policy, Policies, SampledChance, policy_for

#: Playouts per decision unless a game's registry says otherwise.
DEFAULT_PLAYOUTS = 200
#: The exploration constant of UCT for rewards in [0, 1].
EXPLORATION = 0.7


class _Node:
    """One decision in the shared tree: reached by the option ``player`` took."""

    __slots__ = ("player", "children", "visits", "reward", "avail")

    def __init__(self, player: Any = None):
        self.player = player
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1


class OptionValue(NamedTuple):
    """What the search learnt of one root option."""

    option: Any
    visits: int
    value: float  # mean reward for the deciding seat


class SearchReport(NamedTuple):
    """The bot's answer at one decision: its ``choice`` (the most visited
    option), that option's ``value`` (a win probability from the seat's view)
    and every option's visits and value, most visited first."""

    choice: Any
    value: float
    options: tuple[OptionValue, ...]
    playouts: int


class SolvedOption(NamedTuple):
    """One option of a decision worked out exactly: the deciding seat's chance to
    win and to draw if it takes ``option`` and every side then plays its best."""

    option: Any
    win: Fraction
    draw: Fraction


class SolvedReport(NamedTuple):
    """The answer of an advisor that works a decision out exactly instead of
    searching imagined games (a game small enough to solve): its ``choice``, that
    option's chance to win (``value``), every option's chances in the decision's
    order, and ``best``: what "its best" weighs, in words."""

    choice: Any
    value: Fraction
    options: tuple[SolvedOption, ...]
    best: str


class SearchBot(Policy):
    """Information-set MCTS.  ``rollout``: the policy (or one per seat) that
    finishes each imagined game; ``reward(result, player)``: what a finished
    game is worth to ``player`` in [0, 1]; ``max_steps``: a rollout longer than
    this is scored by ``evaluate(game, state, player)`` (default: even,
    0.5), an estimate of ``player``'s chance to win from ``state``; ``epsilon``: the share
    of rollout decisions taken at random instead (a rollout that always plays one
    way misjudges positions its policy plays badly); ``seen``: whether the rollout
    policy decides from its seat's view in the imagined world (``False``: from
    the whole imagined world, which the search dealt itself: faster, and still
    blind to the real hidden cards); ``own_tree``: the tree holds the deciding
    seat's decisions only, the other seats playing the rollout policy throughout
    (opponents modelled as playing like it: every playout then sharpens the
    seat's own choices); ``prior``: a policy whose choice the bot keeps unless
    another option's value beats it by more than ``margin`` (a few playouts are
    noisy: a cheap policy's choice should not be dropped on noise);
    ``calibration``: Platt's scaling ``(slope, shift)`` that turns the values it
    reports into chances to win, or a function ``(game, view, seat)`` giving it
    (``None``: the values as searched), since a seat's chance depends on where it
    sits (the choice is made on the values as searched: the scaling only
    corrects what people read, see :func:`calibrated`); ``paired``: no tree, but
    every root option played out from the same worlds with the same random
    numbers (common random numbers, as in Tesauro and Galperin's rollouts), so
    that in a game of dice two options are compared on the same luck, and the
    ``prior``'s choice is given up only for a lead over it of more than
    ``margin`` plus ``sureness`` standard errors of the paired difference."""

    name = "search"

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, *, rollout: Policies,
                 reward: Callable[[Any, Any], float], exploration: float = EXPLORATION,
                 max_steps: int = 10_000, evaluate: Callable[[Game, Any, Any], float] | None = None,
                 epsilon: float = 0.0, seen: bool = True, own_tree: bool = False,
                 prior: Policy | None = None, margin: float = 0.0,
                 calibration: tuple[float, float] | Callable[[Game, Any, Any], tuple[float, float] | None] | None = None,
                 paired: bool = False, sureness: float = 0.0):
        if playouts < 1:
            raise ValueError(f"the search needs at least one playout, got {playouts}")
        self.playouts = playouts
        self.rollout = rollout
        self.reward = reward
        self.exploration = exploration
        self.max_steps = max_steps
        self.evaluate = evaluate
        self.epsilon = epsilon
        self.seen = seen
        self.own_tree = own_tree
        self.prior = prior
        self.margin = margin
        self.calibration = calibration
        self.paired = paired
        self.sureness = sureness
        #: called with every :class:`SearchReport` the bot decides by (a bench, a stepper); ``None``: nobody
        self.on_report: Callable[[SearchReport], None] | None = None

    def __repr__(self) -> str:
        return f"<search policy, {self.playouts} playouts>"

    def distribution(self, game: Game, state: Any, decision: Decision) -> Dist[Any]:
        raise TypeError("the search bot samples its imagined games: it has no exact distribution "
                        "(play it with the stepper or the simulator, not the exact analyzer)")

    def choose(self, game: Game, state: Any, decision: Decision, rng: random.Random) -> Any:
        if len(decision.options) == 1:
            return decision.options[0]
        report = self.search(game, state, decision, rng)
        if self.on_report is not None:
            self.on_report(report)
        return report.choice

    def search(self, game: Game, view: Any, decision: Decision, rng: random.Random) -> SearchReport:
        """Search from ``view`` (the deciding seat's observation) at ``decision``."""
        me = decision.player
        if self.paired:
            return self._paired_search(game, view, decision, rng)
        root = _Node()
        for _ in range(self.playouts):
            world = game.determinize(view, me, rng)
            self._playout(game, world, root, rng, me if self.own_tree else None)
        stats = [OptionValue(a, n.visits, n.reward / n.visits if n.visits else 0.0)
                 for a, n in root.children.items() if a in decision.options]
        order = {a: i for i, a in enumerate(decision.options)}
        stats.sort(key=lambda s: (-s.visits, -s.value, order[s.option]))
        best = stats[0]
        if self.prior is not None:
            kept = self.prior.choose(game, view, decision, rng)
            base = next((s for s in stats if s.option == kept), None)
            if base is not None and best.value <= base.value + self.margin:
                best = base
        return self._report(game, view, me, best, stats, self.playouts)

    def _report(self, game: Game, view: Any, me: Any, best: OptionValue, stats: list[OptionValue],
                playouts: int) -> SearchReport:
        scale = self.calibration(game, view, me) if callable(self.calibration) else self.calibration
        if scale is not None:
            stats = [s._replace(value=calibrated(s.value, scale)) for s in stats]
            best = next(s for s in stats if s.option == best.option)
        return SearchReport(best.option, best.value, tuple(stats), playouts)

    def _paired_search(self, game: Game, view: Any, decision: Decision, rng: random.Random,
                       margin: float | None = None) -> SearchReport:
        """The flat search with common random numbers (see ``paired``): the budget
        split evenly over the options, each world played once from each option
        (``margin``: the lead asked on top of the standard errors, ``None``: the bot's)."""
        me = decision.player
        options = decision.options
        worlds = max(1, self.playouts // len(options))
        values: list[list[float]] = [[] for _ in options]
        for _ in range(worlds):
            world = game.determinize(view, me, rng)
            luck = rng.getrandbits(64)
            for i, option in enumerate(options):
                r = random.Random(luck)
                chance = SampledChance(r)
                state = game.next_state(world, option, chance)
                result = game.result(state)
                if result is None:
                    state, result = self._roll_out(game, state, chance)
                values[i].append(self.reward(result, me) if result is not None else self._evaluate(game, state, me))
        means = [sum(v) / worlds for v in values]
        stats = [OptionValue(a, worlds, m) for a, m in zip(options, means)]
        best = max(range(len(options)), key=lambda i: (means[i], -i))
        if self.prior is not None:
            kept = options.index(self.prior.choose(game, view, decision, rng))
            if best != kept and not self._sure_lead(values[best], values[kept],
                                                    self.margin if margin is None else margin):
                best = kept
        ranked = sorted(stats, key=lambda s: -s.value)
        return self._report(game, view, me, stats[best], ranked, worlds * len(options))

    def _sure_lead(self, better: list[float], base: list[float], margin: float) -> bool:
        """Whether ``better`` leads ``base``, world by world, by more than ``margin``
        plus ``sureness`` standard errors of the mean difference."""
        diffs = [a - b for a, b in zip(better, base)]
        n = len(diffs)
        mean = sum(diffs) / n
        se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 0.0
        return mean > margin + self.sureness * se

    # -- one imagined game -------------------------------------------------------------------
    def _playout(self, game: Game, state: Any, root: _Node, rng: random.Random, only: Any = None) -> None:
        """One imagined game from ``state``; ``only``: the one seat whose decisions the tree holds."""
        path, node = [], root
        chance = SampledChance(rng)
        advance = game.next_state  # the next state alone: an imagined game keeps no events
        while True:
            dec = game.decision(state)
            if dec is None:
                break
            if dec.forced or len(dec.options) == 1:
                state = advance(state, dec.options[0], chance)
                continue
            if only is not None and dec.player != only:
                state = advance(state, self._rollout_choice(game, state, dec, rng), chance)
                continue
            option, child, new = self._select(node, dec, rng)
            path.append(child)
            state = advance(state, option, chance)
            node = child
            if new:
                break
        result = game.result(state)
        scores: dict[Any, float] = {}
        if result is None:
            state, result = self._roll_out(game, state, chance)
        for n in path:
            value = scores.get(n.player)
            if value is None:
                value = scores[n.player] = (self.reward(result, n.player) if result is not None
                                            else self._evaluate(game, state, n.player))
            n.visits += 1
            n.reward += value

    def _select(self, node: _Node, dec: Decision, rng: random.Random) -> tuple[Any, _Node, bool]:
        """The child to follow: a random untried legal option if any, else UCT
        over the legal ones (each counted as available this time)."""
        children = node.children
        untried = [a for a in dec.options if a not in children]
        for a in dec.options:
            c = children.get(a)
            if c is not None:
                c.avail += 1
        if untried:
            a = untried[rng.randrange(len(untried))]
            child = children[a] = _Node(dec.player)
            return a, child, True
        best, best_score = dec.options[0], -math.inf
        for a in dec.options:
            c = children[a]
            score = c.reward / c.visits + self.exploration * math.sqrt(math.log(c.avail) / c.visits)
            if score > best_score:
                best, best_score = a, score
        return best, children[best], False

    def _roll_out(self, game: Game, state: Any, chance: SampledChance) -> tuple[Any, Any]:
        """Finish an imagined game by the rollout policy, at most ``max_steps`` steps, its
        rolls and random choices drawn from ``chance``'s RNG."""
        rng = chance.rng
        decision, advance, choice = game.decision, game.next_state, self._rollout_choice
        for _ in range(self.max_steps):
            dec = decision(state)
            if dec is None:
                return state, game.result(state)
            options = dec.options
            state = advance(state, options[0] if len(options) == 1 else choice(game, state, dec, rng), chance)
        return state, game.result(state)

    def _rollout_choice(self, game: Game, state: Any, dec: Decision, rng: random.Random) -> Any:
        """The rollout policy's option (at random one time in ``1 / epsilon``)."""
        options = dec.options
        if self.epsilon and rng.random() < self.epsilon:
            return options[rng.randrange(len(options))]
        bot = policy_for(self.rollout, dec.player)
        return bot.choose(game, game.observe(state, dec.player) if self.seen else state, dec, rng)

    def _evaluate(self, game: Game, state: Any, player: Any) -> float:
        return 0.5 if self.evaluate is None else self.evaluate(game, state, player)


def calibrated(value: float, calibration: tuple[float, float]) -> float:
    """A searched value as a chance to win, by Platt's scaling ``(slope, shift)``:
    the logistic of ``slope * logit(value) + shift``.  A search whose rollouts play
    weaker than the bot itself does (greedy rollouts under a searching bot) values
    its positions too low; the scaling is fitted to the outcomes of the bot's own
    games (``bench/bench_search_strength.py --notes``, ``--fit``).  Values within
    half a percent of 0 or 1 are taken as that near, so a sure value stays finite.

    >>> calibrated(0.5, (1.0, 0.0)), round(calibrated(0.45, (1.2, 0.9)), 3)
    (0.5, 0.659)
    """
    slope, shift = calibration
    return 1 / (1 + math.exp(-(slope * log_odds(value) + shift)))


def log_odds(value: float) -> float:
    """The log-odds of a chance, taken as at least half a percent from 0 and 1.

    >>> log_odds(0.5), round(log_odds(1.0), 2)
    (0.0, 5.29)
    """
    v = min(max(value, 0.005), 0.995)
    return math.log(v / (1 - v))


def win_share(result: Any, seat: Any) -> float:
    """What a finished game (a :class:`~explorer.core.results.GameResult`) is worth
    to ``seat``: 1 for a win, a shared win split among its winners, nothing for a
    loss or a draw (the value is a chance to *win*).

    >>> from explorer.core.results import GameResult, Ending
    >>> class E(Ending):
    ...     GOAL = ("goal", None)
    >>> win_share(GameResult(E.GOAL, (0, 2), 5), 2), win_share(GameResult(E.GOAL, (), 5), 1)
    (0.5, 0.0)
    """
    winners = result.winners
    return 1 / len(winners) if seat in winners else 0.0


def softmax_share(scores: Sequence[float], seat: int, sharpness: float) -> float:
    """A chance to win from progress ``scores`` (one per seat, 0 = nowhere, 1 = won):
    ``seat``'s share of ``exp(sharpness * score)``, so equal scores are an even share.

    >>> round(softmax_share((0.5, 0.5), 0, 6.0), 3), softmax_share((1.0, 0.0), 0, 6.0) > 0.99
    (0.5, True)
    """
    top = max(scores)
    weights = [math.exp(sharpness * (x - top)) for x in scores]
    return weights[seat] / sum(weights)


__all__ = ["DEFAULT_PLAYOUTS", "OptionValue", "SearchBot", "SearchReport", "SolvedOption", "SolvedReport", "calibrated",
           "log_odds", "softmax_share", "win_share"]
