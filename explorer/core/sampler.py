"""Runner 3, the sampler: plays to the end fast with a seeded RNG, nothing
recorded; the same RNG streams as the stepper, so both take the same path."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .events import Event
from .protocol import Game, Policies, Policy, SampledChance, StepRng, derived_rng, policy_for


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
