"""The ``hashseed`` and ``pickle`` checks of the conformance kit: the walks
replayed in a subprocess under another ``PYTHONHASHSEED``, and what it sends
back compared with what was played here."""

from __future__ import annotations

import dataclasses
import os
import pickle
import subprocess
import sys
import traceback
from collections.abc import Callable
from typing import Any

from ..engine import Game, Policies, Stepper
from .run import _Run
from .values import _exc, _first_difference, _hash, _same, _show


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
    cmd = [sys.executable, "-c", "from explorer.core.testing.hashseed import _child; _child()"]
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
