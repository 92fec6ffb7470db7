"""The conformance kit: :func:`check_game` checks that a game keeps the protocol
every runner of :mod:`explorer.core.engine` relies on.

It plays seeded random walks from an opening state (with the given policies, or
uniformly random ones) and, at every step, checks:

``protocol``
    ``decision()`` is ``None`` exactly when ``result()`` is not; options are a
    non-empty tuple of hashable, distinct values; a forced decision (player
    ``None``) has exactly one option; the decision's rule has a summary; states
    and results are hashable; ``check()`` accepts the options taken.
``exact``
    ``apply(state, action)`` is a :class:`~explorer.core.dist.Dist` of
    :class:`~explorer.core.engine.Step` whose probabilities are positive
    ``Fraction`` s summing to exactly 1, and the seeded ``play`` only ever gives
    one of its outcomes.
``pure``
    ``apply``, ``play`` and ``check`` leave the state they are given unchanged
    (equal to a deep copy taken before, with the same hash).
``events``
    every event is an :class:`~explorer.core.events.Event` citing a rule that has
    a summary (:func:`explorer.core.rulebook.summary`), with JSON-able details.
``illegal``
    actions the kit makes up (options of other states, values of the wrong type,
    anything at all once the game is over) raise
    :class:`~explorer.core.engine.IllegalAction` -- never ``TypeError``,
    ``KeyError``... -- from ``game.check`` and from ``Stepper.step``, leave the
    state (and the stepper) unchanged, and name a rule that has a summary.
``malformed``
    the same for copies of offered options with one field malformed: a list
    where a string belongs, ``None``, a number for a name, an unknown name...
``policy``
    the policies only choose offered options.
``replay``
    replaying a walk's actions with its seed gives the same states and the same
    log text; a replay of its first half continued by the policies takes the same
    path.
``hashseed``
    the same replays, run in a subprocess under another ``PYTHONHASHSEED``, give
    the same states, log text and policy choices (catches rules that iterate
    over sets of strings).  When ``initial`` is an importable function, the
    subprocess builds the opening states afresh too.
``pickle``
    the states the subprocess sends back (pickled) equal ours *and hash like
    ours* (catches values that cache a hash: one computed under another
    ``PYTHONHASHSEED`` travels with pickle, and equal values then sit apart in
    a dict -- what a worker process or a cluster would meet).

Extension points, for games to come (card games with decks and hidden hands):

* ``initial`` may be a function of the walk index, so each walk can deal a
  fresh, seeded setup (a shuffled deck);
* ``invariants=[fn, ...]``: each ``fn(game, state)`` runs on the opening state
  and after every step and raises ``AssertionError`` (with a message) when the
  state is impossible (a card in two places, a negative score...);
* ``observe(state, player)``: a game with hidden information defines it (or it
  is passed as ``observe=``).  The kit checks it is deterministic and hashable
  for every player, and that the options offered to a player are a function of
  what that player observes (two states that look the same to the decider must
  offer the same options, or the options leak hidden information).  Skipped
  when the game has no ``observe``;
* ``illegal=fn``: ``fn(game, state, decision)`` yields extra illegal actions
  the game knows about (playing a card from another player's hand...);
* ``log=fn``: ``fn(stepper)`` gives the game's own log text (default: the
  stepper's log as JSON lines), compared byte for byte on replay.

:func:`check_game` raises :class:`ConformanceError` listing every check that
failed, each with where it happened (walk, seed, step, state, action) and the
actions that reproduce it; with ``raise_on_failure=False`` it returns the
:class:`Report` instead.  Plain Python: no pytest needed.

>>> from explorer.core.engine import Decision, Game, Step
>>> from explorer.core.events import RuleRef, event
>>> from explorer.core.dist import d6
>>> class Count(Game):
...     name = "asylum"   # cites a section of a rulebook we ship
...     def decision(self, n):
...         return None if n >= 6 else Decision(None, ("roll",), RuleRef("asylum", "overview"))
...     def resolve(self, n, action, chance):
...         return Step(n + chance.roll(d6), (event(RuleRef("asylum", "overview"), "a roll"),))
...     def result(self, n):
...         return "done" if n >= 6 else None
>>> report = check_game(Count(), 0, steps=50, hashseed=False)
>>> report.ok, report.failures
(True, {})
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import pickle
import random
import subprocess
import sys
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .dist import Dist
from .engine import Decision, Game, IllegalAction, Policies, RandomPolicy, Stepper, StepRng, policy_for
from .events import Event, RuleRef
from .rulebook import summary

#: Every check, in the order they are reported.
CHECKS = ("protocol", "exact", "pure", "events", "illegal", "malformed", "policy", "invariants", "observe", "replay",
          "hashseed", "pickle")

_SHOW = 700  # characters of a state or value shown in a message
_EXAMPLES = 5  # examples kept per failed check (of distinct kinds)


# -- the report ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Failure:
    """One broken promise: which check, what went wrong and where.

    ``seed`` and ``actions`` reproduce it:
    ``Stepper.replay(game, initial, failure.seed, failure.actions)`` reaches the
    state where it happened.
    """

    check: str
    message: str
    walk: int | None = None
    step: int | None = None
    seed: str | None = None
    actions: tuple[Any, ...] = ()

    def __str__(self) -> str:
        where = "" if self.walk is None else f"walk {self.walk} (seed {self.seed!r})" + (
            "" if self.step is None else f", step {self.step}") + ": "
        return f"[{self.check}] {where}{self.message}"


@dataclass
class Report:
    """What :func:`check_game` did and found."""

    game: str
    walks: int = 0
    finished: int = 0
    steps: int = 0
    outcomes: int = 0  # exact outcomes enumerated
    illegal_tried: int = 0
    results: Counter = field(default_factory=Counter)
    skipped: dict[str, str] = field(default_factory=dict)  # check -> why
    failures: dict[str, list[Failure]] = field(default_factory=dict)  # first examples per check
    counts: Counter = field(default_factory=Counter)  # failures per check
    distinct: Counter = field(default_factory=Counter)  # distinct kinds of failure per check

    @property
    def ok(self) -> bool:
        return not self.failures

    def failed(self, check: str) -> list[Failure]:
        """The examples kept for ``check`` (empty when it held)."""
        if check not in CHECKS:
            raise ValueError(f"unknown check {check!r}; the checks are {', '.join(CHECKS)}")
        return self.failures.get(check, [])

    def summary(self) -> str:
        head = (f"check_game({self.game}): {self.walks} walk(s), {self.finished} played to the end, "
                f"{self.steps} steps, {self.outcomes} exact outcomes, {self.illegal_tried} illegal actions tried")
        lines = [head]
        for check in CHECKS:
            if check in self.skipped:
                lines.append(f"  {check}: skipped ({self.skipped[check]})")
        return "\n".join(lines)

    def __str__(self) -> str:
        lines = [self.summary()]
        if self.ok:
            lines.append("  every check held")
        for check in CHECKS:
            kept = self.failures.get(check)
            if not kept:
                continue
            n, k = self.counts[check], self.distinct[check]
            lines.append(f"  {check}: FAILED {n} time(s), {k} distinct kind(s); first {len(kept)}:")
            for f in kept:
                lines.append("    " + str(f).replace("\n", "\n      "))
        return "\n".join(lines)


class ConformanceError(AssertionError):
    """A game broke the protocol; ``report`` has every failure."""

    def __init__(self, report: Report):
        self.report = report
        super().__init__(str(report))


# -- helpers -------------------------------------------------------------------------------------

def _show(x: Any) -> str:
    """A short, readable rendering of a state or value for a message."""
    describe = getattr(x, "describe", None)
    try:
        text = describe() if callable(describe) and not isinstance(x, type) else repr(x)
    except Exception:  # a broken describe() is not what we are checking
        text = object.__repr__(x)
    return text if len(text) <= _SHOW else text[:_SHOW] + " ..."


def _site(e: BaseException) -> tuple[str, int, str] | None:
    """Where ``e`` was raised: the innermost frame's file, line and function."""
    tb = e.__traceback__
    if tb is None:
        return None
    while tb.tb_next is not None:
        tb = tb.tb_next
    code = tb.tb_frame.f_code
    return code.co_filename, tb.tb_lineno, code.co_name


def _exc(e: BaseException) -> str:
    """``TypeError: message (at file:line in function)``."""
    site = _site(e)
    at = ""
    if site is not None:
        path, line, name = site
        try:
            path = os.path.relpath(path)
        except ValueError:  # another drive
            pass
        at = f" (at {path}:{line} in {name})"
    return f"{type(e).__name__}: {e}{at}"


def _kind(e: BaseException) -> tuple[str, Any]:
    """What tells one bug from another: the exception's type and the line that
    raised it."""
    return type(e).__name__, _site(e)


def _hash(x: Any) -> tuple[bool, Any]:
    try:
        return True, hash(x)
    except Exception as e:  # unhashable: the caller reports it
        return False, e


def _same(a: Any, b: Any) -> bool:
    """``a == b`` that treats a failing comparison as "different"."""
    try:
        return bool(a == b)
    except Exception:
        return False


def _index_of(options: Sequence[Any], action: Any) -> int | None:
    for i, o in enumerate(options):
        if _same(o, action):
            return i
    return None


def _fields(value: Any) -> tuple[list[tuple[str, Any]], Callable[..., Any]] | None:
    """The named fields of a dataclass or named tuple action, and a way to
    rebuild it with some of them changed."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [(f.name, getattr(value, f.name)) for f in dataclasses.fields(value) if f.init], \
            lambda **kw: dataclasses.replace(value, **kw)
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return list(zip(value._fields, value)), value._replace
    return None


def _bad_values(value: Any) -> list[Any]:
    """Values that do not belong where ``value`` does: a list holding it, nothing,
    the wrong type, an unknown name, an out-of-range number."""
    out: list[Any] = [[value], {"value": repr(value)}]
    if value is not None:
        out.append(None)
    if isinstance(value, bool):
        out.append("yes")
    elif isinstance(value, int):
        out += [-1, 10**6, str(value)]
    elif isinstance(value, str):
        out += [value + " (no such thing)", 0]
    elif isinstance(value, tuple):
        out.append(value + (object(),))
    else:
        out.append("not a value")
    return out


class _Stranger:
    """An object no game takes for an action."""

    def __repr__(self) -> str:
        return "<a stranger, not an action>"


_STRANGER = _Stranger()


def _malformed(option: Any) -> list[Any]:
    """Copies of ``option`` with one field (or element) malformed."""
    out: list[Any] = []
    parts = _fields(option)
    if parts is not None:
        named, rebuild = parts
        for name, value in named:
            for bad in _bad_values(value):
                try:
                    out.append(rebuild(**{name: bad}))
                except Exception:  # the action type refuses to be built so: fine
                    pass
    elif isinstance(option, tuple):
        for i, value in enumerate(option):
            for bad in _bad_values(value)[:3]:
                out.append(option[:i] + (bad,) + option[i + 1:])
    elif isinstance(option, (str, int)) and not isinstance(option, bool):
        out += [b for b in _bad_values(option) if not isinstance(b, type(option)) or b != option]
    return out


def _wrong_types(options: Sequence[Any]) -> list[Any]:
    """Values that are not actions of this game at all."""
    first = options[0] if options else None
    return [_STRANGER, "not an action", 10**9, -1, 2.5, [first], {"action": repr(first)}, (first, _STRANGER)]


def default_log(stepper: Stepper) -> str:
    """The stepper's log (:meth:`~explorer.core.engine.Stepper.log`) as JSON lines."""
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in stepper.log())


# -- the check ------------------------------------------------------------------------------------

class _Run:
    """One call of :func:`check_game`: the game, its options and the report."""

    def __init__(self, game, policies, invariants, observe, illegal, log, per_step, seed):
        self.game = game
        self.policies = policies
        self.invariants = list(invariants)
        self.observe = observe
        self.extra_illegal = illegal
        self.log = log
        self.per_step = per_step
        self.rng = random.Random(f"{seed}/kit")  # the kit's own choices (which illegal actions to try)
        self.report = Report(getattr(game, "name", type(game).__name__))
        self.pool: dict[type, list[Any]] = {}  # options seen, by type: "options of other states"
        self.views: dict[tuple[Any, Any], tuple[Any, int, int]] = {}  # (player, observation) -> options, walk, step
        self.players: dict[Any, None] = {}  # every player who has decided so far
        self.cited: set[RuleRef] = set()  # rules whose summary resolved
        self.skip: set[str] = set()
        self.keys: dict[str, set[Any]] = {}  # per check, the kinds of failure seen
        self.bad: dict[Any, list[Any]] = {}  # option -> its malformed copies
        self.memo: dict[int, Any] = {}  # deepcopy's memo, shared over one walk (see snapshot)
        self.policy_ok = True  # the policies have chosen only options so far in this walk
        self.where: dict[str, Any] = {}

    # -- recording ------------------------------------------------------------------------
    def fail(self, check: str, message: str | Callable[[], str], key: Any = None) -> None:
        """Record a failure; examples are kept for distinct ``key`` s (default: the
        message's first line, up to " in state"), so one bug met a thousand times
        leaves room for the others.  ``message`` may be a function, called only
        for a new kind."""
        r = self.report
        r.counts[check] += 1
        keys = self.keys.setdefault(check, set())
        if key is None:
            message = message() if callable(message) else message
            key = message.split("\n", 1)[0].split(" in state ", 1)[0]
        if key in keys:
            return
        keys.add(key)
        r.distinct[check] += 1
        kept = r.failures.setdefault(check, [])
        if len(kept) < _EXAMPLES:
            message = message() if callable(message) else message
            kept.append(Failure(check, message, **self.where))

    def at(self, walk: int | None, step: int | None, seed: str | None, actions: Sequence[Any]) -> None:
        self.where = {"walk": walk, "step": step, "seed": seed, "actions": tuple(actions)}

    # -- one state --------------------------------------------------------------------------
    def decision(self, state: Any) -> tuple[bool, Decision | None]:
        """Check the protocol in ``state``; ``(False, None)`` if play cannot go on."""
        game = self.game
        ok, h = _hash(state)
        if not ok:
            self.fail("protocol", f"the state is not hashable ({_exc(h)}): {_show(state)}")
            return False, None
        try:
            dec = game.decision(state)
            res = game.result(state)
        except Exception as e:
            self.fail("protocol", f"decision() or result() raised {_exc(e)} in state {_show(state)}")
            return False, None
        if dec is None:
            if res is None:
                self.fail("protocol", f"decision() is None but result() is None too: the game neither goes on nor "
                          f"ends, in state {_show(state)}")
                return False, None
            ok, h = _hash(res)
            if not ok:
                self.fail("protocol", f"the result {res!r} is not hashable ({_exc(h)})")
            return True, None
        if res is not None:
            self.fail("protocol", f"result() is {res!r} while decision() still offers {dec.options!r}: "
                      f"a finished game has no decision, in state {_show(state)}")
        if not isinstance(dec, Decision):
            self.fail("protocol", f"decision() returned a {type(dec).__name__}, not a Decision: {dec!r}")
            return False, None
        opts = dec.options
        if not isinstance(opts, tuple) or not opts:
            self.fail("protocol", f"the options must be a non-empty tuple, got {opts!r} in state {_show(state)}")
            return False, None
        for o in opts:
            ok, h = _hash(o)
            if not ok:
                self.fail("protocol", f"option {o!r} is not hashable ({_exc(h)}) in state {_show(state)}")
                return False, None
        if len(set(opts)) != len(opts):
            twice = [o for o, n in Counter(opts).items() if n > 1]
            self.fail("protocol", f"options offered more than once: {twice!r} in state {_show(state)}")
        if dec.player is None and len(opts) != 1:
            self.fail("protocol", f"a forced decision (player None) has {len(opts)} options, not exactly one: "
                      f"{opts!r} in state {_show(state)}")
        self.cite("protocol", dec.rule, f"the decision's rule (options {_show(opts)})")
        if dec.player is not None:
            self.players.setdefault(dec.player, None)
        return True, dec

    def cite(self, check: str, rule: Any, what: str) -> bool:
        if rule in self.cited and type(rule) is RuleRef:
            return True
        if not isinstance(rule, RuleRef):
            self.fail(check, f"{what} cites {rule!r}, not a RuleRef")
            return False
        try:
            summary(rule)
        except Exception as e:
            self.fail(check, f"{what} cites rule {rule}, which has no summary ({_exc(e)})")
            return False
        self.cited.add(rule)
        return True

    def events(self, events: Any, action: Any) -> None:
        if not isinstance(events, tuple):
            self.fail("events", f"{action!r} gave events as a {type(events).__name__}, not a tuple")
            return
        for ev in events:
            if not isinstance(ev, Event):
                self.fail("events", f"{action!r} gave {ev!r}, not an Event")
                continue
            if not self.cite("events", ev.rule, f"the event {ev.text!r} of {action!r}"):
                continue
            try:
                json.dumps(ev.as_dict())
            except Exception as e:
                self.fail("events", f"the event {ev.text!r} of {action!r} has details that are not JSON ({_exc(e)})")

    def unchanged(self, state: Any, snapshot: Any, h: int, what: str) -> bool:
        ok, h2 = _hash(state)
        if _same(state, snapshot) and ok and h2 == h:
            return True
        self.fail("pure", f"{what} changed the state it was given (states are immutable values):\n"
                  f"before {_show(snapshot)}\nafter  {_show(state)}")
        return False

    def exact(self, state: Any, action: Any) -> Dist | None:
        try:
            dist = self.game.apply(state, action)
        except Exception as e:
            self.fail("exact", f"apply(state, {action!r}) raised {_exc(e)} in state {_show(state)}")
            return None
        if not isinstance(dist, Dist):
            self.fail("exact", f"apply(state, {action!r}) returned a {type(dist).__name__}, not a Dist")
            return None
        total = Fraction(0)
        for outcome, p in dist.items():
            if type(p) is not Fraction:
                self.fail("exact", f"apply(state, {action!r}) gives probability {p!r} ({type(p).__name__}), "
                          "not a Fraction")
                return None
            if p <= 0:
                self.fail("exact", f"apply(state, {action!r}) gives probability {p} to an outcome")
            total += p
            if not (isinstance(outcome, tuple) and len(outcome) == 2):
                self.fail("exact", f"apply(state, {action!r}) has an outcome that is not a Step(state, events): "
                          f"{_show(outcome)}")
                return None
        if total != 1:
            self.fail("exact", f"the probabilities of apply(state, {action!r}) sum to {total}, not exactly 1, "
                      f"in state {_show(state)}")
        self.report.outcomes += len(dist)
        return dist

    def observed(self, state: Any, dec: Decision, walk: int, step: int) -> None:
        """What each player sees is hashable and deterministic, and the options are
        a function of what the decider sees."""
        observe = self.observe
        for player in self.players:
            try:
                a, b = observe(state, player), observe(state, player)
            except Exception as e:
                self.fail("observe", f"observe(state, {player!r}) raised {_exc(e)} in state {_show(state)}")
                continue
            ok, h = _hash(a)
            if not ok:
                self.fail("observe", f"observe(state, {player!r}) is not hashable ({_exc(h)}): {_show(a)}")
                continue
            if not _same(a, b):
                self.fail("observe", f"observe(state, {player!r}) differs from one call to the next: "
                          f"{_show(a)} then {_show(b)}")
                continue
            if player != dec.player:
                continue
            key = (player, a)
            seen = self.views.get(key)
            if seen is None:
                self.views[key] = (dec.options, walk, step)
            elif not _same(seen[0], dec.options):
                self.fail("observe", f"player {player!r} sees the same thing here as at walk {seen[1]}, step "
                          f"{seen[2]} but is offered different options ({_show(dec.options)} here, "
                          f"{_show(seen[0])} there): the options reveal what the player cannot see, or observe() "
                          f"leaves out something the options depend on. The observation: {_show(a)}")

    def check_invariants(self, state: Any, after: str) -> None:
        for fn in self.invariants:
            try:
                fn(self.game, state)
            except Exception as e:
                name = getattr(fn, "__qualname__", repr(fn))
                self.fail("invariants", f"{name} fails {after}: {_exc(e)}\nin state {_show(state)}")

    # -- illegal actions ------------------------------------------------------------------------
    def remember(self, options: Sequence[Any]) -> None:
        rng = self.rng
        for o in options:
            bag = self.pool.setdefault(type(o), [])
            if len(bag) < 40:
                if _index_of(bag, o) is None:
                    bag.append(o)
            elif rng.random() < 0.05:
                bag[rng.randrange(len(bag))] = o

    def malformed(self, option: Any) -> list[Any]:
        hit = self.bad.get(option)
        if hit is None:
            if len(self.bad) > 10_000:
                self.bad.clear()
            hit = self.bad[option] = _malformed(option)
        return hit

    def candidates(self, state: Any, dec: Decision | None, last: Any = None) -> list[tuple[str, str, Any]]:
        """Illegal actions to try in ``state``, each as ``(check, how it was made,
        action)``: options of other states and values of the wrong type
        (``illegal``), copies of options with a malformed field (``malformed``),
        the game's own (``illegal=``); once the game is over, the last action again
        and all of the above."""
        rng = self.rng
        options = dec.options if dec is not None else ()
        others = [o for bag in self.pool.values() for o in bag]
        foreign = rng.sample(others, min(4, len(others)))
        wrong = _wrong_types(options or others or [None])
        by_type: dict[type, Any] = {}
        for o in options or others:
            by_type.setdefault(type(o), o)
        bad = [m for o in by_type.values() for m in self.malformed(o)]
        if dec is None:
            picked = [("illegal", "the last action, once the game is over", last)] if last is not None else []
            picked += [("illegal", "an option of another state, once the game is over", a) for a in foreign]
            picked += [("illegal", "not an action, once the game is over", a) for a in wrong]
            picked += [("malformed", "a malformed option, once the game is over", a)
                       for a in rng.sample(bad, min(self.per_step, len(bad)))]
            return picked
        half = max(1, self.per_step // 2)
        picked = [("illegal", "an option of another state", a) for a in foreign[:half]]
        picked += [("illegal", "not an action of this game", a) for a in rng.sample(wrong, min(half, len(wrong)))]
        picked += [("malformed", "an option with a malformed field", a)
                   for a in rng.sample(bad, min(self.per_step, len(bad)))]
        if self.extra_illegal is not None:
            try:
                extra = self.extra_illegal(self.game, state, dec)
                picked += [("illegal", "from the illegal= callback", a) for a in extra]
            except Exception as e:
                self.fail("illegal", f"the illegal= callback raised {_exc(e)}")
        return [c for c in picked if _index_of(options, c[2]) is None]

    def refuse(self, state: Any, stepper: Stepper, tries: list[tuple[str, str, Any]], snapshot: Any, h: int) -> None:
        """Each action must be refused by ``game.check`` and by the stepper, with a
        rule that has a summary, and change nothing."""
        game = self.game
        skip = self.skip
        over = game.decision(state) is None
        for n, (check, how, action) in enumerate(tries):
            if check in skip:
                continue
            self.report.illegal_tried += 1
            try:
                game.check(state, action)
            except IllegalAction as e:
                self.refused(check, e, action, "game.check(state, ...)")
            except Exception as e:
                self.fail(check, lambda: f"game.check(state, {action!r}) ({how}) raised {_exc(e)}, not "
                          f"IllegalAction, in state {_show(state)}", key=_kind(e))
            else:
                self.fail(check, f"game.check(state, {action!r}) ({how}) accepted an action that is not an option, "
                          f"in state {_show(state)}")
            if not self.unchanged(state, snapshot, h, f"game.check(state, {action!r})"):
                return
            try:  # game.check falls back to a generic refusal when explaining fails: ask the game itself
                explained = game.illegal(state, action)
            except Exception as e:
                self.fail(check, lambda: f"game.illegal(state, {action!r}) ({how}) raised {_exc(e)} instead of "
                          f"explaining the refusal, in state {_show(state)}", key=_kind(e))
            else:
                if not isinstance(explained, IllegalAction):
                    self.fail(check, f"game.illegal(state, {action!r}) returned {explained!r}, not an IllegalAction")
            if action is None or (n and not over):  # None asks the stepper's policies; one a step is enough
                continue
            before = len(stepper.history)
            try:
                stepper.step(action)
            except IllegalAction as e:
                self.refused(check, e, action, "Stepper.step")
                if len(stepper.history) != before or stepper.state is not state:
                    self.fail(check, f"Stepper.step({action!r}) refused the action but changed the stepper's history")
            except Exception as e:
                self.fail(check, lambda: f"Stepper.step({action!r}) ({how}) raised {_exc(e)}, not IllegalAction, "
                          f"in state {_show(state)}", key=_kind(e))
            else:
                self.fail(check, f"Stepper.step({action!r}) ({how}) took an action that is not an option, "
                          f"in state {_show(state)}")
            while len(stepper.history) > before:
                stepper.undo()

    def refused(self, check: str, e: IllegalAction, action: Any, where: str) -> None:
        if not isinstance(e.message, str) or not e.message.strip():
            self.fail(check, f"{where} raised IllegalAction without a message for {action!r}")
        self.cite(check, e.rule, f"{where} refused {action!r} with {e.message!r}, and")

    # -- one walk -------------------------------------------------------------------------------
    def walk(self, index: int, start: Any, seed: str, budget: int, walk_steps: int | None) -> Stepper:
        """Play one seeded walk from ``start``, checking each step; returns its
        stepper (with the steps played before it ended or broke down)."""
        game = self.game
        report = self.report
        skip = self.skip
        st = Stepper(game, start, seed, self.policies)
        self.memo = {}
        self.policy_ok = True
        self.at(index, 0, seed, ())
        self.check_invariants(start, "in the opening state")
        limit = budget if walk_steps is None else min(budget, walk_steps)
        last = None
        while True:
            state = st.state
            n = len(st.history)
            self.at(index, n, seed, st.actions)
            going, dec = self.decision(state)
            if not going:
                return st
            snapshot, h = self.snapshot(state)
            if dec is None:
                report.finished += 1
                report.results[game.result(state)] += 1
                self.refuse(state, st, self.candidates(state, None, last), snapshot, h)
                return st
            if n >= limit:
                return st
            self.remember(dec.options)
            if self.observe is not None:
                self.observed(state, dec, index, n)
            self.refuse(state, st, self.candidates(state, dec), snapshot, h)
            action = self.choose(state, dec, seed, n)
            if action is None:
                return st
            # exact enumeration, then the sampled step
            dist = None
            if "exact" not in skip:
                dist = self.exact(state, action)
                if not self.unchanged(state, snapshot, h, f"apply(state, {action!r})"):
                    return st
            try:
                entry = st.step(action)
            except IllegalAction as e:
                self.fail("protocol", f"game.check refused {action!r}, an option decision() offered "
                          f"({e}), in state {_show(state)}")
                return st
            except Exception as e:
                self.fail("exact", f"play(state, {action!r}) raised {_exc(e)} in state {_show(state)}")
                return st
            report.steps += 1
            last = action
            if not self.unchanged(state, snapshot, h, f"play(state, {action!r})"):
                return st
            if dist is not None:
                self.sampled_in(dist, entry, action)
                for outcome in dist:  # the events of every outcome, not only the sampled one, cite rules
                    if isinstance(outcome[1], tuple):
                        for ev in outcome[1]:
                            if isinstance(ev, Event):
                                self.cite("events", ev.rule, f"the event {ev.text!r} of {action!r}")
            self.events(entry.events, action)
            self.check_invariants(entry.state, f"after {action!r}")

    def snapshot(self, state: Any) -> tuple[Any, int]:
        """A deep copy of ``state`` and its hash, to tell whether anything changed it."""
        h = hash(state)
        if "pure" in self.skip:
            return state, h
        try:
            # One memo for the whole walk: a part shared by many states (a conflict's
            # teams) is copied once, as it was when first seen, so a rule that later
            # changes it in place still shows.  deepcopy keeps the originals alive in
            # the memo, so no id is reused while it lasts.
            copied = copy.deepcopy(state, self.memo)
        except Exception as e:
            self.fail("pure", f"the state cannot be deep-copied ({_exc(e)}), so changes to it cannot be seen")
            return state, h
        if not _same(copied, state) or hash(copied) != h:
            self.fail("pure", f"a deep copy of the state is not equal to it (or hashes differently): states must "
                      f"compare by value. The state: {_show(state)}")
            return state, h
        return copied, h

    def choose(self, state: Any, dec: Decision, seed: str, n: int) -> Any:
        """The forced option, or the policy's choice (checked); ``None`` if the
        policy broke down."""
        if dec.player is None:
            return dec.options[0]
        try:
            policy = policy_for(self.policies, dec.player)
            view = self.game.observe(state, dec.player)  # policies decide from what the player sees, as runners do
            action = policy.choose(self.game, view, dec, StepRng(seed, n))
        except Exception as e:
            self.fail("policy", f"the policy for player {dec.player!r} raised {_exc(e)} in state {_show(state)}")
            return None
        if _index_of(dec.options, action) is None:
            self.fail("policy", f"the policy for player {dec.player!r} chose {action!r}, not one of the options "
                      f"{_show(dec.options)}, in state {_show(state)}")
            self.policy_ok = False  # the walk goes on with a random option, which the policies would not replay
            action = dec.options[self.rng.randrange(len(dec.options))]
        return action

    def sampled_in(self, dist: Dist, entry: Any, action: Any) -> None:
        """The stepper's sampled step is one of the outcomes ``apply`` listed."""
        try:
            found = (entry.state, entry.events) in dist
        except Exception as e:
            self.fail("protocol", f"the step after {action!r} is not hashable ({_exc(e)})")
            return
        if not found:
            events = [str(e) for e in entry.events] if isinstance(entry.events, tuple) else entry.events
            self.fail("exact", f"play(state, {action!r}) gave an outcome apply() does not list (is a rule random "
                      f"outside chance.roll?):\n{_show(entry.state)}\nevents {events!r}")

    def replay(self, start: Any, seed: str, st: Stepper) -> None:
        """The walk's actions, replayed with its seed, give the same states and log;
        half of it replayed and continued by the policies takes the same path."""
        game = self.game
        actions = st.actions
        try:
            again = Stepper.replay(game, start, seed, actions)
        except Exception as e:
            self.fail("replay", f"replaying the walk's {len(actions)} actions failed: {_exc(e)}")
            return
        diff = _first_difference([e.state for e in st.history], [e.state for e in again.history])
        if diff is not None:
            i, a, b = diff
            self.fail("replay", f"replayed with the same seed, step {i} ({actions[i]!r}) gives another state:\n"
                      f"first {_show(a)}\nreplay {_show(b)}")
            return
        self.same_log(st, again, "replayed with the same seed")
        if not self.policy_ok:
            return
        half = len(actions) // 2
        try:
            cont = Stepper.replay(game, start, seed, actions[:half], self.policies)
            cont.run(max_steps=len(actions) - half)
        except Exception as e:
            self.fail("replay", f"continuing a replay of the first {half} actions with the policies failed: {_exc(e)}")
            return
        diff = _first_difference(actions, cont.actions)
        if diff is not None:
            i, a, b = diff
            self.fail("replay", f"a replay of the first {half} actions, continued by the policies, chooses {b!r} at "
                      f"step {i} where the walk chose {a!r} (policies must draw only from the rng they are given)")

    def same_log(self, a: Stepper, b: Stepper, how: str) -> None:
        try:
            la, lb = self.log(a), self.log(b)
        except Exception as e:
            self.fail("events", f"the log could not be written: {_exc(e)}")
            return
        if la != lb:
            i, x, y = _first_difference(la.splitlines(), lb.splitlines()) or (0, la, lb)
            self.fail("replay", f"{how}, log line {i + 1} differs:\nfirst  {_show(x)}\nreplay {_show(y)}")


def _first_difference(a: Sequence[Any], b: Sequence[Any]) -> tuple[int, Any, Any] | None:
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else "<nothing>"
        y = b[i] if i < len(b) else "<nothing>"
        if not _same(x, y):
            return i, x, y
    return None


# -- the other PYTHONHASHSEED ------------------------------------------------------------------------

def _child_hashseed() -> str:
    mine = os.environ.get("PYTHONHASHSEED", "")
    return "4242" if mine != "4242" else "2424"


def _replays(game: Game, policies: Policies, log: Callable[[Stepper], str], initial: Any, walks: list) -> list[dict]:
    """What the parent compares: for each walk, the opening state (built afresh
    when ``initial`` is a function) and the states and log of its replay, and the
    actions the policies choose when they play the same number of steps."""
    out = []
    for index, start, seed, actions, policy_ok in walks:
        if initial is not None:
            start = initial(index)
        again = Stepper.replay(game, start, seed, actions)
        chosen = None
        if policy_ok:  # (a walk where a policy chose a non-option is not played by the policies again)
            fresh = Stepper(game, start, seed, policies)
            fresh.run(max_steps=len(actions))
            chosen = fresh.actions
        out.append({"states": [start] + [e.state for e in again.history], "log": log(again), "actions": chosen})
    return out


def _parts(value: Any) -> list[Any]:
    if isinstance(value, tuple):
        return list(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [getattr(value, f.name) for f in dataclasses.fields(value) if f.compare]
    if isinstance(value, (list, frozenset, set)):
        return list(value)
    if isinstance(value, dict):
        return list(value.values())
    return []


def _stale(a: Any, b: Any) -> Any:
    """The innermost part of ``a`` that equals its counterpart in ``b`` but hashes
    differently (``a == b``, ``hash(a) != hash(b)``)."""
    for x, y in zip(_parts(a), _parts(b)):
        ok, hx = _hash(x)
        if ok and _same(x, y) and _hash(y) != (True, hx):
            return _stale(x, y)
    return a


def _child() -> None:
    """The subprocess side of the ``hashseed`` check: read the pickled walks on
    stdin, write the pickled replays on stdout."""
    job = pickle.loads(sys.stdin.buffer.read())
    try:
        game = job["factory"]() if job["factory"] is not None else pickle.loads(job["game"])
        policies = pickle.loads(job["policies"])
        answer = {"walks": _replays(game, policies, job["log"], job["initial"], job["walks"])}
    except BaseException:
        answer = {"error": traceback.format_exc()}
    sys.stdout.buffer.write(pickle.dumps(answer))


def _hashseed(run: _Run, factory, game_bytes, policy_bytes, log, initial, walks: list,
              steppers: list[Stepper]) -> None:
    """Replay ``walks`` in a subprocess under another ``PYTHONHASHSEED`` and compare
    with what ``steppers`` recorded here."""
    seed = _child_hashseed()
    try:
        job = pickle.dumps({"factory": factory, "game": game_bytes, "policies": policy_bytes, "log": log,
                            "initial": initial, "walks": walks})
    except Exception as e:
        run.fail("hashseed", f"the walks cannot be sent to a subprocess ({_exc(e)}); states, actions and the log "
                 "function must pickle (pass log= an importable function)")
        return
    env = dict(os.environ, PYTHONHASHSEED=seed,
               PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    cmd = [sys.executable, "-c", "from explorer.core.testing import _child; _child()"]
    proc = subprocess.run(cmd, input=job, capture_output=True, env=env, timeout=600)
    try:
        answer = pickle.loads(proc.stdout)
    except Exception:
        run.fail("hashseed", f"the subprocess (PYTHONHASHSEED={seed}) failed:\n"
                 f"{proc.stderr.decode(errors='replace')[-2000:]}")
        return
    if "error" in answer:
        run.fail("hashseed", f"the subprocess (PYTHONHASHSEED={seed}) failed:\n{answer['error'][-2000:]}")
        return
    for walk, st, theirs in zip(walks, steppers, answer["walks"]):
        run.at(walk[0], None, walk[2], walk[3])
        mine = {"states": [st.initial] + [e.state for e in st.history], "log": log(st), "actions": st.actions}
        for key, what in (("states", "state"), ("actions", "policy choice")):
            if theirs[key] is None:
                continue
            diff = _first_difference(mine[key], theirs[key])
            if diff is not None:
                i, a, b = diff
                at = "the opening state differs" if key == "states" and i == 0 else \
                    f"step {i - (key == 'states')} gives another {what}"
                run.fail("hashseed", f"under PYTHONHASHSEED={seed} {at} (does a rule or a policy iterate over a "
                         f"set or use hash()?):\nhere  {_show(a)}\nthere {_show(b)}")
                break
        else:
            if mine["log"] != theirs["log"]:
                i, x, y = _first_difference(mine["log"].splitlines(), theirs["log"].splitlines()) or (0, "", "")
                run.fail("hashseed", f"under PYTHONHASHSEED={seed} log line {i + 1} differs (a set iterated in an "
                         f"event's text?):\nhere  {_show(x)}\nthere {_show(y)}")
            if "pickle" not in run.skip:
                _same_hashes(run, seed, mine["states"], theirs["states"])


def _same_hashes(run: _Run, seed: str, mine: list[Any], theirs: list[Any]) -> None:
    """States made in the subprocess and pickled back equal ours: they must hash
    like ours too, or a dict or set would hold both (a value that caches its hash
    carries one computed under the other PYTHONHASHSEED)."""
    for i, (a, b) in enumerate(zip(mine, theirs)):
        if hash(a) != hash(b):
            part = _stale(a, b)
            kind = f"{type(part).__module__}.{type(part).__qualname__}"
            where = "the opening state" if i == 0 else f"the state after step {i - 1}"
            run.fail("pickle", f"{where}, made under PYTHONHASHSEED={seed} and pickled back, equals ours but hashes "
                     f"differently, so a dict or a set would hold both. The innermost such part is of type {kind}: "
                     f"{_show(part)}. It keeps a hash computed in the other process (a cached hash field?): give it "
                     "a __reduce__ or __getstate__ that leaves the cached hash out, to be computed again on load",
                     key=kind)
            return


# -- the entry point ---------------------------------------------------------------------------------

def check_game(
    game: Game,
    initial: Any,
    *,
    steps: int = 2_000,
    seed: int | str = 0,
    policies: Policies | None = None,
    walk_steps: int | None = None,
    invariants: Iterable[Callable[[Game, Any], None]] = (),
    observe: Callable[[Any, Any], Any] | None = None,
    illegal: Callable[[Game, Any, Decision], Iterable[Any]] | None = None,
    illegal_per_step: int = 4,
    log: Callable[[Stepper], str] | None = None,
    hashseed: bool = True,
    game_factory: Callable[[], Game] | None = None,
    skip: Iterable[str] = (),
    raise_on_failure: bool = True,
) -> Report:
    """Walk ``game`` at random and check it keeps the protocol (see the module).

    ``initial``: the opening state, or a function of the walk index (0, 1, ...)
    returning one (a fresh, seeded setup per walk).  ``steps``: the budget of
    steps over all walks; a walk that ends is followed by a new one, from the
    opening state, with seed ``f"{seed}/{index}"``.  ``walk_steps`` caps one
    walk (default: play to the end).  ``policies``: one policy or a mapping
    player -> policy (default: uniformly random).  ``invariants``, ``observe``,
    ``illegal`` and ``log``: the extension points (see the module).  ``hashseed``:
    replay the walks in a subprocess under another ``PYTHONHASHSEED``; the game
    is pickled unless ``game_factory`` (an importable, argument-free callable,
    e.g. the game's class) builds it afresh there.  ``skip``: names of checks
    not to run.  Raises :class:`ConformanceError` if a check fails (unless
    ``raise_on_failure=False``); returns the :class:`Report`.
    """
    skip = set(skip)
    unknown = skip - set(CHECKS)
    if unknown:
        raise ValueError(f"unknown check(s) {sorted(unknown)}; the checks are {', '.join(CHECKS)}")
    if not isinstance(steps, int) or steps < 1:
        raise ValueError(f"steps must be a positive whole number, not {steps!r}")
    policies = RandomPolicy() if policies is None else policies
    if observe is None and type(game).observe is not Game.observe:  # the default shows everything
        observe = game.observe
    log = log or default_log
    run = _Run(game, policies, invariants, observe, illegal, log, illegal_per_step, seed)
    report = run.report
    if observe is None:
        report.skipped["observe"] = "the game has no observe(state, player): perfect information"
    elif "observe" in skip:
        run.observe = None
    if not hashseed:
        skip.add("hashseed")
    if "hashseed" in skip and "pickle" not in skip:
        skip.add("pickle")
        report.skipped["pickle"] = "it compares what the hashseed subprocess sends back"
    for check in sorted(skip, key=CHECKS.index):
        report.skipped.setdefault(check, "asked")
    # the game and the policies go to the subprocess as they are now, before play warms any cache
    game_bytes = policy_bytes = initial_ref = None
    if "hashseed" not in skip:
        try:
            game_bytes = None if game_factory is not None else pickle.dumps(game)
            policy_bytes = pickle.dumps(policies)
        except Exception as e:
            run.fail("hashseed", f"the game or the policies cannot be sent to a subprocess ({_exc(e)}); pass "
                     "game_factory= an importable callable that builds the game, and policies that pickle")
            skip |= {"hashseed", "pickle"}
            report.skipped["pickle"] = "it compares what the hashseed subprocess sends back"
        if callable(initial):
            try:  # an importable function builds the opening states afresh there; else they are pickled
                pickle.dumps(initial)
                initial_ref = initial
            except Exception:
                pass
    run.skip = skip
    if "invariants" in skip:
        run.invariants = []
    walked: list[tuple[int, Any, str, list[Any], bool]] = []  # index, start, seed, actions, policies chose options
    steppers: list[Stepper] = []
    index = 0
    while report.steps < steps:
        wseed = f"{seed}/{index}"
        run.at(index, None, wseed, ())
        try:
            start = initial(index) if callable(initial) else initial
        except Exception as e:
            raise ValueError(f"initial({index}) raised {_exc(e)}") from e
        st = run.walk(index, start, wseed, steps - report.steps, walk_steps)
        report.walks += 1
        index += 1
        if not st.history:
            break
        walked.append((index - 1, start, wseed, st.actions, run.policy_ok))
        steppers.append(st)
        if "replay" not in skip:
            run.at(index - 1, None, wseed, st.actions)
            run.replay(start, wseed, st)
    if "hashseed" not in skip and walked:
        _hashseed(run, game_factory, game_bytes, policy_bytes, log, initial_ref, walked, steppers)
    for check in skip:
        report.failures.pop(check, None)
        report.counts.pop(check, None)
    if raise_on_failure and not report.ok:
        raise ConformanceError(report)
    return report


__all__ = ["CHECKS", "ConformanceError", "Failure", "Report", "check_game", "default_log"]
