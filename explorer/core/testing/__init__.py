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
    ``Fraction`` s summing to exactly 1, the seeded ``play`` only ever gives
    one of its outcomes, and ``next_states`` (through the game's ``next_state``,
    which may skip the events) gives the same next states with the same chances.
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

import pickle
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from ..engine import Decision, Game, Policies, RandomPolicy, Stepper
from .hashseed import _hashseed
from .report import CHECKS, ConformanceError, Failure, Report
from .run import _Run
from .values import _exc, default_log


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
    skip = _asked_skips(skip, steps)
    policies = RandomPolicy() if policies is None else policies
    if observe is None and type(game).observe is not Game.observe:  # the default shows everything
        observe = game.observe
    log = log or default_log
    run = _Run(game, policies, invariants, observe, illegal, log, illegal_per_step, seed)
    if observe is None:
        run.report.skipped["observe"] = "the game has no observe(state, player): perfect information"
    elif "observe" in skip:
        run.observe = None
    if not hashseed:
        skip.add("hashseed")
    _skip_pickle_with_hashseed(run.report, skip)
    for check in sorted(skip, key=CHECKS.index):
        run.report.skipped.setdefault(check, "asked")
    # the game and the policies go to the subprocess as they are now, before play warms any cache
    sent = _for_the_subprocess(run, game, policies, initial, game_factory, skip)
    run.skip = skip
    if "invariants" in skip:
        run.invariants = []
    walked, steppers = _walk(run, initial, seed, steps, walk_steps)
    if "hashseed" not in skip and walked:
        _hashseed(run, game_factory, sent.game, sent.policies, log, sent.initial, walked, steppers)
    for check in skip:
        run.report.failures.pop(check, None)
        run.report.counts.pop(check, None)
    if raise_on_failure and not run.report.ok:
        raise ConformanceError(run.report)
    return run.report


def _asked_skips(skip: Iterable[str], steps: int) -> set[str]:
    """The checks asked not to run, each a known check; ``steps`` a positive whole number."""
    skip = set(skip)
    unknown = skip - set(CHECKS)
    if unknown:
        raise ValueError(f"unknown check(s) {sorted(unknown)}; the checks are {', '.join(CHECKS)}")
    if not isinstance(steps, int) or steps < 1:
        raise ValueError(f"steps must be a positive whole number, not {steps!r}")
    return skip


def _skip_pickle_with_hashseed(report: Report, skip: set[str]) -> None:
    """The ``pickle`` check compares what the ``hashseed`` subprocess sends back:
    no subprocess, no ``pickle`` check."""
    if "hashseed" in skip and "pickle" not in skip:
        skip.add("pickle")
        report.skipped["pickle"] = "it compares what the hashseed subprocess sends back"


class _Sent(NamedTuple):
    """What goes to the ``hashseed`` subprocess: the pickled game (``None`` when a
    factory builds it there), the pickled policies, and the function that builds
    the opening states there (``None``: they are pickled with the walks)."""

    game: bytes | None = None
    policies: bytes | None = None
    initial: Any = None


def _for_the_subprocess(run: _Run, game: Game, policies: Policies, initial: Any,
                        game_factory: Callable[[], Game] | None, skip: set[str]) -> _Sent:
    """Pickle the game and the policies for the ``hashseed`` check; if they do not
    pickle, that check fails and it and ``pickle`` are skipped."""
    if "hashseed" in skip:
        return _Sent()
    try:
        game_bytes = None if game_factory is not None else pickle.dumps(game)
        policy_bytes = pickle.dumps(policies)
    except Exception as e:
        run.fail("hashseed", f"the game or the policies cannot be sent to a subprocess ({_exc(e)}); pass "
                 "game_factory= an importable callable that builds the game, and policies that pickle")
        skip |= {"hashseed", "pickle"}
        run.report.skipped["pickle"] = "it compares what the hashseed subprocess sends back"
        return _Sent()
    initial_ref = None
    if callable(initial):
        try:  # an importable function builds the opening states afresh there; else they are pickled
            pickle.dumps(initial)
            initial_ref = initial
        except Exception:
            pass
    return _Sent(game_bytes, policy_bytes, initial_ref)


def _walk(run: _Run, initial: Any, seed: int | str, steps: int, walk_steps: int | None
          ) -> tuple[list[tuple[int, Any, str, list[Any], bool]], list[Stepper]]:
    """Seeded walks until the budget of ``steps`` is spent, each replayed (the
    ``replay`` check) as it ends.  Returns, for each walk, its index, opening
    state, seed, actions and whether the policies chose only options; and its
    stepper."""
    report = run.report
    walked: list[tuple[int, Any, str, list[Any], bool]] = []
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
        if "replay" not in run.skip:
            run.at(index - 1, None, wseed, st.actions)
            run.replay(start, wseed, st)
    return walked, steppers

__all__ = ["CHECKS", "ConformanceError", "Failure", "Report", "check_game", "default_log"]
