"""Runner 3, the sampler: plays to the end fast with a seeded RNG, nothing
recorded; the same RNG streams as the stepper, so both take the same path."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from .events import Event
from .protocol import DeterministicPolicy, Game, Policies, Policy, SampledChance, StepRng, derived_rng, policy_for


@dataclass
class Playout:
    """What one sampled play-through ended with."""

    state: Any
    result: Any
    steps: int
    events: list[Event] = field(default_factory=list)


_NO_ACTION: Any = object()

#: objects allocated between two runs of the youngest collection while a game is
#: played (Python's default is 700)
PLAYING_GEN0 = 20_000


@contextmanager
def few_collections() -> Iterator[None]:
    """Run the cycle collector less often while games are played.

    Every step builds new immutable tuples (states, events) and drops the old
    ones; none form cycles, so reference counting frees them all, yet the default
    threshold runs the youngest collection every 700 allocations, a few times a
    step.  Raised for a whole game (side by side: 6% more Doom Asylum games a
    second, 8% more Victorian ones, 2% more of Doomtrooper; a search bot's
    imagined games inside it too), the thresholds as they were afterwards; nested
    uses and a collector switched off are left as they are.

    The objects alive when play starts (modules, the game's data, its caches) are
    frozen for the game (``gc.freeze``): the collections the game still runs do not
    walk them again (side by side: 5% more Doom Asylum games a second, 6% more
    Victorian ones, 2% more of Doomtrooper), and they are put back afterwards.
    Objects frozen by someone else are left so.
    """
    old = gc.get_threshold()
    if old[0] >= PLAYING_GEN0 or old[0] == 0:
        yield
        return
    gc.set_threshold(PLAYING_GEN0, *old[1:])
    freeze = gc.get_freeze_count() == 0  # nobody else froze objects: ours to freeze and put back
    if freeze:
        gc.freeze()
    try:
        yield
    finally:
        if freeze:
            gc.unfreeze()
        gc.set_threshold(*old)


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
    """Play to the end fast: no history, no legality checks on policy choices; keeping
    no events (the default), it asks the game for each next state alone
    (:meth:`~explorer.core.protocol.Game.next_state`).  A deterministic policy
    (:class:`~explorer.core.protocol.DeterministicPolicy`'s own ``choose``) facing one
    option is not asked: it could only pick that one (a third of the Victorian game's
    choices, most of them Done alone).

    Uses the same RNG streams as :class:`Stepper`, so a playout and a stepper run
    with the same seed and policies take the same path.  ``first``: an action to
    take before the policies play on (a fork: "what if I chose this here?"); it is
    checked against the rules.
    """
    with few_collections():
        return _play(game, initial, policies, seed, max_steps, keep_events, first)


def _play(game: Game, initial: Any, policies: Policies, seed: int | str, max_steps: int, keep_events: bool,
          first: Any) -> Playout:
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
    # no events kept: the game's own next_state, if it has one (else resolve, one call less)
    next_state = game.next_state if not keep_events and type(game).next_state is not Game.next_state else None
    hidden = type(game).observe is not Game.observe  # perfect information: the view is the state
    observe = game.observe
    single = policies if isinstance(policies, Policy) else None
    picks: dict[int, Any] = {}  # policy id -> its pick if it draws no random number, else None
    only = _pick_of(single) if single is not None else None  # one deterministic policy for all: its pick
    while steps < max_steps:
        dec = decision(state)
        if dec is None:
            break
        player, options = dec[0], dec[1]  # (a Decision read by position: a named tuple's field is slower)
        if player is None:  # forced (Decision.forced, read without a property call at every step)
            action = options[0]
        elif only is not None:  # (one option: a deterministic policy's pick, unasked)
            action = options[0] if len(options) == 1 else only(game, observe(state, player) if hidden else state, dec)
        else:
            policy = single or policy_for(policies, player)
            pick = picks.get(id(policy), _NO_ACTION)
            if pick is _NO_ACTION:
                pick = picks[id(policy)] = _pick_of(policy)
            if pick is not None and len(options) == 1:  # nothing to choose between: its pick, unasked
                action = options[0]
            else:
                view = observe(state, player) if hidden else state
                action = pick(game, view, dec) if pick is not None else policy.choose(game, view, dec,
                                                                                      StepRng(seed, steps))
        if next_state is not None:
            state = next_state(state, action, chance)
        else:
            state, events = resolve(state, action, chance)
            if keep_events:
                kept.extend(events)
        steps += 1
    return Playout(state, game.result(state), steps, kept)


def _pick_of(policy: Policy) -> Any:
    """The policy's ``pick`` when it chooses by :class:`DeterministicPolicy`'s own
    ``choose`` (the same choice, without building the step's RNG it never reads); else ``None``."""
    return policy.pick if type(policy).choose is DeterministicPolicy.choose else None


def sample_results(game: Game, initial: Any, policies: Policies, n: int, seed: int | str) -> dict[Any, int]:
    """Monte Carlo: counts of results over ``n`` seeded playouts."""
    counts: dict[Any, int] = {}
    for i in range(n):
        r = simulate(game, initial, policies, f"{seed}#{i}").result
        counts[r] = counts.get(r, 0) + 1
    return counts
