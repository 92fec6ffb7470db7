"""Runner 1, the stepper: plays a game one step at a time with a seeded RNG,
keeping full history (undo, replay, continue from any step)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .events import Event, RuleRef
from .protocol import Decision, Game, IllegalAction, Policies, StepRng, derived_rng, forced_option, policy_for


@dataclass(frozen=True)
class Entry:
    """One applied step in a stepper's history."""

    index: int
    player: Any
    action: Any
    events: tuple[Event, ...]
    state: Any


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
                action = forced_option(dec)
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
