"""The game protocol and its three runners.

A *game* here is any rule system that can be stepped: a single attack, a whole
conflict, a turn, a whole game.  Rules are written once, as plain functions that
ask a :class:`Chance` for every random result.  The same code then serves:

* the :class:`Stepper` (a seeded RNG answers, with full history, undo and replay),
* the :class:`Analyzer` (every answer is enumerated, exactly, with memoisation on
  state), and
* the :func:`simulate` sampler (a seeded RNG answers, with nothing recorded, fast).

>>> from explorer.core.dist import contest
>>> outcomes(lambda chance: chance.roll(contest(2, 0)) and chance.roll(contest(0, 0))).prob(True)
Fraction(65, 216)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
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

    def observe(self, state: S, player: Any) -> Any:
        """What ``player`` knows of ``state``.  Policies decide from this, never from
        the state itself.  Games of perfect information (the default) show all of
        it; card games hide hands, face-down cards and the order of decks."""
        return state

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
        options = decision.options
        if len(set(options)) == len(options):  # the usual case: no need to check the sum
            return Dist._trusted(dict.fromkeys(options, Fraction(1, len(options))))
        return Dist.uniform(options)

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


def _forced_option(decision: Decision) -> Any:
    if len(decision.options) != 1:
        raise RuntimeError(f"a forced step must have one option, got {decision.options!r}")
    return decision.options[0]


# -- runner 1: the stepper -------------------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    """One applied step in a stepper's history."""

    index: int
    player: Any
    action: Any
    events: tuple[Event, ...]
    state: Any


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


class Stepper:
    """Plays a game one step at a time with a seeded RNG, keeping full history.

    Chance draws from one stream derived from ``seed``; policies from a fresh
    stream per step (:class:`StepRng`).  Replaying the recorded actions with the
    same seed therefore gives the same log, and play can go on from there.
    """

    def __init__(self, game: Game, initial: Any, seed: int | str = 0, policies: Policies | None = None):
        self.game = game
        self.initial = initial
        self.seed = seed
        self.policies = policies
        self.chance_rng = derived_rng(seed, "chance")
        self.history: list[Entry] = []
        self._saved: list[Any] = []
        self._known: tuple[Any, Decision | None] | None = None  # (state, its decision)

    @property
    def state(self) -> Any:
        return self.history[-1].state if self.history else self.initial

    @property
    def decision(self) -> Decision | None:
        """The current state's decision, asked of the game once per state (states are immutable)."""
        state = self.state
        if self._known is None or self._known[0] is not state:
            self._known = (state, self.game.decision(state))
        return self._known[1]

    @property
    def over(self) -> bool:
        return self.decision is None

    @property
    def actions(self) -> list[Any]:
        return [e.action for e in self.history]

    def step(self, action: Any = None) -> Entry:
        """Apply ``action`` (or the policy's choice, or the forced step).

        Raises :class:`IllegalAction` for an illegal action and leaves everything
        as it was.
        """
        state = self.state
        dec = self.decision
        if dec is None:
            raise IllegalAction(RuleRef(self.game.name, "overview"), "the game is over")
        saved = self.chance_rng.getstate()
        if action is None:
            if dec.forced:
                action = _forced_option(dec)
            elif self.policies is None:
                raise ValueError(f"player {dec.player!r} must choose: {dec.prompt}")
            else:
                rng = StepRng(self.seed, len(self.history))
                view = self.game.observe(state, dec.player)
                action = policy_for(self.policies, dec.player).choose(self.game, view, dec, rng)
        elif action not in dec.options:
            self.game.check(state, action)  # raises, naming the rule the action breaks
        nxt = self.game.play(state, action, self.chance_rng)
        entry = Entry(len(self.history), dec.player, action, nxt.events, nxt.state)
        self.history.append(entry)
        self._saved.append(saved)
        return entry

    def undo(self) -> Entry | None:
        """Go back one step (RNG streams too); returns the undone entry."""
        if not self.history:
            return None
        self.chance_rng.setstate(self._saved.pop())
        return self.history.pop()

    def run(self, until: Callable[[Stepper], bool] | None = None, max_steps: int = 100_000) -> list[Entry]:
        """Step with the policies until the game ends or ``until(self)`` is true."""
        done = []
        for _ in range(max_steps):
            if self.over or (until is not None and until(self)):
                break
            done.append(self.step())
        return done

    def reset(self, seed: int | str | None = None) -> None:
        self.__init__(self.game, self.initial, self.seed if seed is None else seed, self.policies)

    @classmethod
    def replay(cls, game: Game, initial: Any, seed: int | str, actions: Iterable[Any], policies: Policies | None = None) -> Stepper:
        """Rebuild a stepper from its seed and action log."""
        st = cls(game, initial, seed, policies)
        for action in actions:
            st.step(action)
        return st

    def log(self) -> list[dict[str, Any]]:
        """The history as plain dicts (one per step), for JSON lines."""
        return [
            {"step": e.index, "player": e.player, "action": repr(e.action), "events": [ev.as_dict() for ev in e.events]}
            for e in self.history
        ]


# -- runner 2: the exact analyzer ------------------------------------------------------------

_BUSY: Any = object()  # marks a state whose outcome is being computed


class Weights(NamedTuple):
    """An exact distribution in integer form: ``nums[o] / den``.

    The analyzer mixes thousands of distributions; integer arithmetic with one
    common denominator is many times faster than :class:`Fraction` arithmetic,
    and is converted to a :class:`Dist` only at the end.
    """

    den: int
    nums: dict[Any, int]

    def to_dist(self) -> Dist[Any]:
        den = self.den
        return Dist._trusted({o: Fraction(n, den) for o, n in self.nums.items()})

    def prob(self, event: Callable[[Any], bool]) -> Fraction:
        return Fraction(sum(n for o, n in self.nums.items() if event(o)), self.den)

    def map(self, f: Callable[[Any], Any]) -> Weights:
        """The distribution of ``f(outcome)`` (outcomes ``f`` makes equal are merged)."""
        nums: dict[Any, int] = {}
        get = nums.get
        for o, n in self.nums.items():
            o = f(o)
            nums[o] = get(o, 0) + n
        if len(nums) == len(self.nums):
            return Weights(self.den, nums)
        return _reduced(self.den, nums)


def _reduced(den: int, nums: dict[Any, int]) -> Weights:
    g = math.gcd(den, *nums.values())
    if g > 1:
        den //= g
        nums = {o: n // g for o, n in nums.items()}
    return Weights(den, nums)


def _mix(parts: list[tuple[int, int, Weights, Callable[[Any], Any] | None]]) -> Weights:
    """The mixture of ``parts``, each ``(num, den, weights, carry)`` with weight
    ``num / den`` (the weights sum to 1), over one denominator; each part's outcomes
    first go through its ``carry`` function, if it has one."""
    if len(parts) == 1:
        _, _, sub, carry = parts[0]
        return sub if carry is None else sub.map(carry)
    den = 1
    for _, d, sub, _ in parts:
        den = math.lcm(den, d * sub.den)
    nums: dict[Any, int] = {}
    for n, d, sub, carry in parts:
        factor = den // (d * sub.den) * n
        if carry is None:
            for o, k in sub.nums.items():
                if o in nums:
                    nums[o] += factor * k
                else:
                    nums[o] = factor * k
        else:
            for o, k in sub.nums.items():
                o = carry(o)
                if o in nums:
                    nums[o] += factor * k
                else:
                    nums[o] = factor * k
    return _reduced(den, nums)


class Analyzer:
    """Exact outcome distributions under given policies, memoised.

    ``outcome(state)`` is the distribution of ``game.result`` at the end of play.
    The memo is keyed on ``game.memo_key(state)`` and on each policy's
    ``memo_key``, and holds distributions of outcomes *relative* to the state
    (see :class:`Game`): states that differ only in what the future does not
    depend on (a score so far, say) share one entry.  With the defaults the key
    is the state and the outcome its result.
    """

    def __init__(self, game: Game, policies: Policies):
        self.game = game
        self.policies = policies
        #: memo key -> distribution of relative outcomes (integer form)
        self.memo: dict[Any, Weights] = {}
        given = [policies] if isinstance(policies, Policy) else list(policies.values())
        self._readers = tuple({id(p): p for p in given}.values())  # each policy once
        self._plain = type(game).absolute_result is Game.absolute_result

    def outcome(self, state: Any) -> Dist[Any]:
        """The distribution of the result when play goes on from ``state``."""
        return self.weights(state).to_dist()

    def after(self, state: Any, action: Any) -> Dist[Any]:
        """The outcome distribution once ``action`` is taken in ``state``."""
        return self.weights_after(state, action).to_dist()

    def options(self, state: Any) -> dict[Any, Dist[Any]]:
        """For the decision in ``state``: each legal option -> outcome distribution."""
        return {a: w.to_dist() for a, w in self.option_weights(state).items()}

    def option_weights(self, state: Any) -> dict[Any, Weights]:
        """:meth:`options` in integer form; a result several options share is written once."""
        dec = self.game.decision(state)
        if dec is None:
            return {}
        written: dict[Any, Any] = {}
        return {a: self._absolute(state, self.relative_after(state, a), written) for a in dec.options}

    # -- integer form (what policies that search use) -----------------------------------
    def weights(self, state: Any) -> Weights:
        """The distribution of the result from ``state``, in integer form."""
        return self._absolute(state, self.relative(state))

    def weights_after(self, state: Any, action: Any) -> Weights:
        """The distribution of the result once ``action`` is taken in ``state``."""
        return self._absolute(state, self.relative_after(state, action))

    def relative(self, state: Any) -> Weights:
        """The distribution of outcomes relative to ``state`` (memoised)."""
        game = self.game
        key = game.memo_key(state)
        if self._readers:
            key = (key, *(p.memo_key(game, state) for p in self._readers))
        memo = self.memo
        hit = memo.get(key)
        if hit is not None:
            if hit is _BUSY:
                raise ValueError("the game has a cycle (a state leads back to itself); "
                                 "exact analysis needs every play to end")
            return hit
        memo[key] = _BUSY
        dec = game.decision(state)
        if dec is None:
            w = Weights(1, {game.relative_result(state): 1})
        elif dec.forced:
            w = self.relative_after(state, _forced_option(dec))
        else:
            choice = policy_for(self.policies, dec.player).distribution(game, game.observe(state, dec.player), dec)
            if len(choice) == 1:
                w = self.relative_after(state, next(iter(choice)))
            else:  # one mixture over every (option, roll) branch: each outcome is merged once
                w = _mix([part for a, p in choice.items()
                          for part in self._branches(state, a, p.numerator, p.denominator)])
        memo[key] = w
        return w

    def relative_after(self, state: Any, action: Any) -> Weights:
        """The distribution of outcomes relative to ``state`` once ``action`` is taken."""
        return _mix(self._branches(state, action, 1, 1))

    def _branches(self, state: Any, action: Any, num: int, den: int) -> list[tuple[int, int, Weights, Any]]:
        """The parts of the mixture after ``action``, taken with weight ``num / den``."""
        game = self.game
        return [(num * p.numerator, den * p.denominator, self.relative(step.state), game.carry(state, step.state))
                for step, p in game.apply(state, action).items()]

    def _absolute(self, state: Any, rel: Weights, written: dict[Any, Any] | None = None) -> Weights:
        """Relative outcomes from ``state`` -> results (``written`` caches them)."""
        if self._plain:
            return rel
        absolute = self.game.absolute_result
        if written is None:
            return rel.map(lambda o: absolute(state, o))

        def write(o: Any) -> Any:
            r = written.get(o)
            if r is None:
                r = written[o] = absolute(state, o)
            return r

        return rel.map(write)


# -- runner 3: the sampler -------------------------------------------------------------------

@dataclass
class Playout:
    """What one sampled play-through ended with."""

    state: Any
    result: Any
    steps: int
    events: list[Event] = field(default_factory=list)


_NO_ACTION: Any = object()


def simulate(
    game: Game,
    initial: Any,
    policies: Policies,
    seed: int | str,
    *,
    max_steps: int = 1_000_000,
    keep_events: bool = False,
    first: Any = _NO_ACTION,
) -> Playout:
    """Play to the end fast: no history, no legality checks on policy choices.

    Uses the same RNG streams as :class:`Stepper`, so a playout and a stepper run
    with the same seed and policies take the same path.  ``first``: an action to
    take before the policies play on (a fork: "what if I chose this here?"); it is
    checked against the rules.
    """
    chance = SampledChance(derived_rng(seed, "chance"))
    state = initial
    kept: list[Event] = []
    steps = 0
    if first is not _NO_ACTION:
        game.check(state, first)
        state, events = game.resolve(state, first, chance)
        if keep_events:
            kept.extend(events)
        steps = 1
    decision = game.decision
    resolve = game.resolve
    hidden = type(game).observe is not Game.observe  # perfect information: the view is the state
    observe = game.observe
    single = policies if isinstance(policies, Policy) else None
    while steps < max_steps:
        dec = decision(state)
        if dec is None:
            break
        if dec.forced:
            action = dec.options[0]
        else:
            view = observe(state, dec.player) if hidden else state
            policy = single or policy_for(policies, dec.player)
            action = policy.choose(game, view, dec, StepRng(seed, steps))
        state, events = resolve(state, action, chance)
        if keep_events:
            kept.extend(events)
        steps += 1
    return Playout(state, game.result(state), steps, kept)


def sample_results(game: Game, initial: Any, policies: Policies, n: int, seed: int | str) -> dict[Any, int]:
    """Monte Carlo: counts of results over ``n`` seeded playouts."""
    counts: dict[Any, int] = {}
    for i in range(n):
        r = simulate(game, initial, policies, f"{seed}#{i}").result
        counts[r] = counts.get(r, 0) + 1
    return counts
