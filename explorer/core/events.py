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
    """One thing that happened: the rule applied, a sentence for people,
    machine-readable details (plain JSON-able values), and who may see it.

    ``visible_to`` is ``None`` for a public event, else the players who may see it
    (a card drawn into a hand is seen by its owner only): a log shown to one seat
    keeps only what that seat may see (:func:`visible`).
    """

    rule: RuleRef
    text: str
    data: tuple[tuple[str, Any], ...] = ()
    visible_to: frozenset | None = None

    def as_dict(self) -> dict[str, Any]:
        out = {"rule": str(self.rule), "text": self.text, **dict(self.data)}
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to, key=repr)
        return out

    def seen_by(self, player: Any) -> bool:
        """Whether ``player`` may see this event (``None``: the all-seeing view)."""
        return self.visible_to is None or player is None or player in self.visible_to

    def __str__(self) -> str:
        return f"[{self.rule.section}] {self.text}"


def event(rule: RuleRef, text: str, *, visible_to: Any = None, **data: Any) -> Event:
    """Build an :class:`Event`; keyword details are kept in a fixed order.
    ``visible_to``: a player or an iterable of players who alone may see it."""
    if visible_to is None:  # the common case, kept fast: every step of every game makes events
        return _new(Event, (rule, text, tuple(data.items()), None))
    if not isinstance(visible_to, frozenset):
        visible_to = frozenset(visible_to) if isinstance(visible_to, (set, list, tuple)) else frozenset((visible_to,))
    return _new(Event, (rule, text, tuple(data.items()), visible_to))


_new = tuple.__new__


def visible(events: Any, player: Any) -> list[Event]:
    """The events ``player`` may see (all of them for ``player=None``, the god's view)."""
    return [e for e in events if e.seen_by(player)]
