"""What the conformance kit reports: the checks it runs, each failure with where
it happened and how to reproduce it, and the error raised when any check fails."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

#: Every check, in the order they are reported.
#: Every check, in the order they are reported.
CHECKS = ("protocol", "exact", "pure", "events", "illegal", "malformed", "policy", "invariants", "observe", "replay",
          "hashseed", "pickle")

_EXAMPLES = 5  # examples kept per failed check (of distinct kinds)


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
