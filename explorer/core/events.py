"""What happened, and which rule made it happen.

Every step of every game emits :class:`Event` records.  Each carries a
:class:`RuleRef`, a game name and a section id that resolves to our own summary
of that rulebook section in ``data/rules/<game>.toml`` (see
:func:`explorer.core.rulebook.summary`).
"""

from __future__ import annotations

from typing import Any, NamedTuple


class RuleRef(NamedTuple):
    """A pointer into a rulebook: ``RuleRef("asylum", "conflicts.blocking")``."""

    game: str
    section: str

    def __str__(self) -> str:
        return f"{self.game}:{self.section}"


class Event(NamedTuple):
    """One thing that happened: the rule applied, a sentence for people, and
    machine-readable details (plain JSON-able values)."""

    rule: RuleRef
    text: str
    data: tuple[tuple[str, Any], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"rule": str(self.rule), "text": self.text, **dict(self.data)}

    def __str__(self) -> str:
        return f"[{self.rule.section}] {self.text}"


def event(rule: RuleRef, text: str, **data: Any) -> Event:
    """Build an :class:`Event`; keyword details are kept in a fixed order."""
    return Event(rule, text, tuple(data.items()))
