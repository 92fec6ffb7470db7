"""One call of :func:`~explorer.core.testing.check_game`: the seeded walks and
every check made at each step of them (the ``hashseed`` and ``pickle`` checks
are in :mod:`explorer.core.testing.hashseed`)."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from ..dist import Dist
from ..engine import Decision, IllegalAction, Stepper, StepRng, policy_for
from ..events import Event, RuleRef
from ..rulebook import summary
from .report import _EXAMPLES, Failure, Report
from .values import _exc, _first_difference, _hash, _index_of, _kind, _malformed, _same, _show, _wrong_types


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
        self.same_next_states(state, action, dist)
        self.report.outcomes += len(dist)
        return dist

    def same_next_states(self, state: Any, action: Any, dist: Dist) -> None:
        """``next_states`` (the game's ``next_state``, events skipped) agrees with ``apply``."""
        want: dict[Any, Fraction] = {}  # summed by hand: Dist.map would refuse a broken dist the kit reports
        for (nxt, _), p in dist.items():
            want[nxt] = want.get(nxt, Fraction(0)) + p
        try:
            got = dict(self.game.next_states(state, action).items())
        except Exception as e:
            self.fail("exact", f"next_states(state, {action!r}) raised {_exc(e)} in state {_show(state)}")
            return
        if got != want:
            self.fail("exact", f"next_state(state, {action!r}, chance) disagrees with resolve: {len(got)} next states "
                      f"against {len(want)}, in state {_show(state)}")

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
