"""The game protocol: how a rule asks for chance (:class:`Chance`,
:func:`outcomes`), what a game is (:class:`Game`, its :class:`Decision` and
:class:`Step`), and who decides (:class:`Policy`, with the per-step RNG streams
every runner shares).  The runners are :mod:`explorer.core.stepper`,
:mod:`explorer.core.analyzer` and :mod:`explorer.core.sampler`.

>>> from explorer.core.dist import contest
>>> outcomes(lambda chance: chance.roll(contest(2, 0)) and chance.roll(contest(0, 0))).prob(True)
Fraction(65, 216)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from .dist import Dist
from .events import Event, RuleRef

S = TypeVar("S", bound=Hashable)  # a state
A = TypeVar("A", bound=Hashable)  # an action
R = TypeVar("R")


class IllegalAction(ValueError):
    """An action the rules forbid.  ``rule`` names the rule it breaks; the state
    it was tried on is left unchanged (states are immutable)."""

    def __init__(self, rule: RuleRef, message: str):
        self.rule = rule
        self.message = message
        super().__init__(f"{message} (rule {rule})")


# -- chance --------------------------------------------------------------------------------

class Chance(Protocol):
    """What a rule asks for each random result."""

    def roll(self, dist: Dist[Any]) -> Any: ...


class SampledChance:
    """Answers each roll by drawing from a seeded :class:`random.Random`."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random):
        self.rng = rng

    def roll(self, dist: Dist[Any]) -> Any:
        return dist.sample(self.rng)


_CERTAIN = Fraction(1)  # the probability of a path before its first roll


class _ReplayChance:
    """Follows a fixed path of outcome indices, then takes the first outcome of
    each new roll and remembers the branches it skipped."""

    __slots__ = ("path", "pos", "prob", "pending")

    def __init__(self, path: tuple[int, ...]):
        self.path = path
        self.pos = 0
        self.prob = _CERTAIN
        self.pending: list[tuple[int, ...]] = []

    def roll(self, dist: Dist[Any]) -> Any:
        items = dist.pairs
        if self.pos < len(self.path):
            idx = self.path[self.pos]
        else:
            idx = 0
            here = self.path + (0,) * (self.pos - len(self.path))
            self.pending.extend(here + (j,) for j in range(1, len(items)))
        self.pos += 1
        outcome, p = items[idx]
        self.prob = p if self.prob is _CERTAIN else self.prob * p  # most paths roll once: no product
        return outcome


def outcomes(rule: Callable[[Chance], R]) -> Dist[R]:
    """Every result ``rule`` can give, with its exact probability.

    ``rule`` is called once per path through its rolls, each time with a chance
    that replays that path; it must be a pure function of the rolls it is given.
    """
    found: dict[R, Fraction] = {}
    todo: list[tuple[int, ...]] = [()]
    while todo:
        chance = _ReplayChance(todo.pop())
        result = rule(chance)
        old = found.get(result)
        found[result] = chance.prob if old is None else old + chance.prob
        todo.extend(reversed(chance.pending))
    return Dist._trusted(found)  # the paths partition certainty: they sum to 1


# -- the protocol --------------------------------------------------------------------------

class Decision(NamedTuple):
    """Whose choice it is and the legal options.

    ``player`` is ``None`` for a step the rules take on their own (one option,
    for example "conclude the conflict"): runners take it without asking anyone.
    """

    player: Any
    options: tuple[Any, ...]
    rule: RuleRef
    prompt: str = ""

    @property
    def forced(self) -> bool:
        return self.player is None


class Step(NamedTuple):
    """A next state and the events that led to it."""

    state: Any
    events: tuple[Event, ...]


class Game(Generic[S, A]):
    """Base class for a rule system.  Subclasses write :meth:`decision`,
    :meth:`resolve` and :meth:`result`; the rest comes from here."""

    name: str = "game"

    def decision(self, state: S) -> Decision | None:
        """Whose choice it is now, or ``None`` when the game is over."""
        raise NotImplementedError

    def resolve(self, state: S, action: A, chance: Chance) -> Step:
        """Carry out a legal ``action``; every random result comes from ``chance``."""
        raise NotImplementedError

    def result(self, state: S) -> Any:
        """The result of a finished game (hashable), or ``None`` while it goes on."""
        raise NotImplementedError

    def next_state(self, state: S, action: A, chance: Chance) -> S:
        """:meth:`resolve`'s next state alone, the same rolls asked of ``chance``: what a
        runner that keeps no events needs (the sampler, when it keeps none).  A game
        may override it to skip building events nobody reads."""
        return self.resolve(state, action, chance)[0]

    def observe(self, state: S, player: Any) -> Any:
        """What ``player`` knows of ``state``.  Policies decide from this, never from
        the state itself.  Games of perfect information (the default) show all of
        it; card games hide hands, face-down cards and the order of decks."""
        return state

    def determinize(self, view: Any, player: Any, rng: random.Random) -> S:
        """A full state consistent with ``view`` (what ``player`` observes), drawn
        at random: every world the player cannot rule out equally likely.  A game of
        perfect information (one that keeps the default :meth:`observe`) is its own
        world; a game that hides something must say how to deal what is hidden."""
        if type(self).observe is Game.observe:
            return view
        raise NotImplementedError(f"{type(self).__name__} hides information but cannot deal a world "
                                  "consistent with a view (it has no determinize)")

    # -- exact analysis: what the future depends on (optional) ---------------------------
    # The analyzer memoises on state, but a state often holds more than play from it
    # depends on: a running score matters only at the end, the order of past events
    # only partly.  A game can say so with the four methods below: the analyzer then
    # memoises on ``memo_key(state)`` and works with outcomes *relative* to a state
    # (say, "points gained from here"), which ``carry`` passes back one step at a
    # time and ``absolute_result`` turns into a result at the end.  The defaults (a
    # state is its own key, an outcome is the result) are always right.
    #
    # Contract: from two states with equal keys, play offers the same decisions (same
    # players, same options in the same order) and the same rolls, and ends in the
    # same relative outcomes.  The analyzer's answers, down to the order of outcomes,
    # are then those of the plain analysis.

    def memo_key(self, state: S) -> Hashable:
        """What play from ``state`` depends on, as far as the rules go (default: all of it)."""
        return state

    def relative_result(self, state: S) -> Any:
        """The outcome of finished ``state`` relative to itself (hashable)."""
        return self.result(state)

    def carry(self, before: S, after: S) -> Callable[[Any], Any] | None:
        """How an outcome relative to ``after`` (one step after ``before``) reads
        relative to ``before``; ``None`` when it reads the same (the default)."""
        return None

    def absolute_result(self, state: S, outcome: Any) -> Any:
        """The result of play from ``state`` whose relative outcome is ``outcome``."""
        return outcome

    def illegal(self, state: S, action: Any) -> IllegalAction:
        """Explain why ``action`` is not allowed now (override to name the rule)."""
        dec = self.decision(state)
        if dec is None:
            return IllegalAction(RuleRef(self.name, "overview"), "the game is over")
        return IllegalAction(dec.rule, f"{action!r} is not a legal option now")

    # -- provided ---------------------------------------------------------------------
    def check(self, state: S, action: Any) -> Decision:
        """Raise :class:`IllegalAction` unless ``action`` is legal in ``state``.

        A malformed action (a list where a name belongs, say) is refused like any
        other: if explaining it trips over its values, the decision's own rule is
        named instead of letting a Python error reach the user."""
        dec = self.decision(state)
        if dec is None or action not in dec.options:
            try:
                exc = self.illegal(state, action)
            except (TypeError, ValueError, KeyError, AttributeError, IndexError) as err:
                if isinstance(err, IllegalAction):
                    raise
                rule = dec.rule if dec is not None else RuleRef(self.name, "overview")
                exc = IllegalAction(rule, f"{action!r} is not a legal option now")
            raise exc
        return dec

    def apply(self, state: S, action: A) -> Dist[Step]:
        """The exact distribution of what ``action`` leads to (action not checked)."""
        return outcomes(lambda chance: self.resolve(state, action, chance))

    def next_states(self, state: S, action: A) -> Dist[S]:
        """The exact distribution of the next state once ``action`` is taken (action
        not checked): :meth:`apply` without the events, through :meth:`next_state`,
        for what reads only states (the exact analyzer, policies that look ahead);
        as fast as :meth:`apply` unless the game's :meth:`next_state` skips building
        events, often much faster then.  Paths that reach one state are merged."""
        return outcomes(lambda chance: self.next_state(state, action, chance))

    def play(self, state: S, action: A, rng: random.Random) -> Step:
        """One sampled outcome of ``action`` (action not checked)."""
        return self.resolve(state, action, SampledChance(rng))


# -- policies ------------------------------------------------------------------------------

class Policy:
    """Answers decisions.  A policy gives a distribution over options (used by the
    exact analyzer); :meth:`choose` draws one with the policy's own RNG.  Both are
    given the deciding player's observation (:meth:`Game.observe`), not the state."""

    name = "policy"

    def distribution(self, game: Game, state: Any, decision: Decision) -> Dist[Any]:
        raise NotImplementedError

    def choose(self, game: Game, state: Any, decision: Decision, rng: random.Random) -> Any:
        return self.distribution(game, state, decision).sample(rng)

    def memo_key(self, game: Game, state: Any) -> Hashable:
        """What this policy reads of ``state`` beyond ``game.memo_key(state)``, for
        the analyzer's memo.  Two states with equal game keys and equal policy keys
        must get the same answers from this policy, here and at every state the
        same moves lead to.  The default, the whole state, is always right."""
        return state

    def __repr__(self) -> str:
        return f"<{self.name} policy>"


class RandomPolicy(Policy):
    """Every legal option equally likely."""

    name = "random"

    def distribution(self, game, state, decision):
        return Dist.uniform(decision.options)

    def memo_key(self, game, state):
        return None  # reads nothing but the options

    def choose(self, game, state, decision, rng):
        opts = decision.options
        return opts[rng.randrange(len(opts))] if len(opts) > 1 else opts[0]


class DeterministicPolicy(Policy):
    """A policy that always picks one option: subclasses write :meth:`pick`."""

    def pick(self, game: Game, state: Any, decision: Decision) -> Any:
        raise NotImplementedError

    def distribution(self, game, state, decision):
        return Dist.certain(self.pick(game, state, decision))

    def choose(self, game, state, decision, rng):
        return self.pick(game, state, decision)


Policies = Policy | Mapping[Any, Policy]


def policy_for(policies: Policies, player: Any) -> Policy:
    if isinstance(policies, Policy):
        return policies
    try:
        return policies[player]
    except KeyError:
        raise KeyError(f"no policy given for player {player!r}") from None


def forced_option(decision: Decision) -> Any:
    """The one option of a forced decision (a step the rules take on their own)."""
    if len(decision.options) != 1:
        raise RuntimeError(f"a forced step must have one option, got {decision.options!r}")
    return decision.options[0]


# -- the runners' random streams ----------------------------------------------------------------

def derived_rng(seed: int | str, stream: str) -> random.Random:
    """An independent, reproducible RNG stream (``"chance"``, ``"policy"``, ...)."""
    return random.Random(f"{seed}/{stream}")


class StepRng:
    """The policies' RNG for one step: ``Random(f"{seed}/policy/{step}")``, built
    only if a policy draws from it.

    Giving every step its own stream means a replayed game can be continued by
    the same policies and takes the same path as the original; deterministic
    policies never pay for building it.
    """

    __slots__ = ("_seed", "_step", "_rng")

    def __init__(self, seed: int | str, step: int):
        self._seed, self._step = seed, step  # the stream's name is built only if it is used
        self._rng: random.Random | None = None

    def __getattr__(self, name: str) -> Any:
        if self._rng is None:
            self._rng = random.Random(f"{self._seed}/policy/{self._step}")
        return getattr(self._rng, name)
