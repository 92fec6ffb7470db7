"""A game's named bots: one registry per game, so the command line, the what-if
layer and the notebooks find a bot by its name.

>>> from explorer.core.engine import RandomPolicy
>>> bots = BotRegistry()
>>> bots.register("random", RandomPolicy, "a legal option at random")
>>> type(bots.get_bot("random")).__name__, list(bots)
('RandomPolicy', ['random'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .engine import Policy


@dataclass(frozen=True)
class BotInfo:
    """A bot's name, how to make a fresh one, and what it does in a line."""

    name: str
    make: Callable[[], Policy]
    summary: str


class BotRegistry(dict):
    """Bot name -> :class:`BotInfo`, in the order registered."""

    def register(self, name: str, make: Callable[[], Policy], summary: str) -> None:
        if name in self:
            raise ValueError(f"bot {name!r} registered twice")
        self[name] = BotInfo(name, make, summary)

    def get_bot(self, name: str | Policy) -> Policy:
        """A fresh bot by name (a policy object is returned as it is)."""
        if isinstance(name, Policy):
            return name
        info = self.get(name) if isinstance(name, str) else None
        if info is None:
            raise ValueError(f"unknown bot {name!r}; choose from {', '.join(self)}")
        return info.make()


#: a bot for every seat (a name or a policy), or one per seat (a list, or names joined by commas)
PolicySpec = str | Policy | Sequence[str | Policy]


def seat_policies(policy: PolicySpec, players: int, get_bot: Callable[[str | Policy], Policy]
                  ) -> Policy | dict[int, Policy]:
    """One bot for every seat, or one per seat (a list, or names joined by commas),
    each found by the game's ``get_bot``."""
    if isinstance(policy, str) and "," in policy:
        policy = [p.strip() for p in policy.split(",")]
    if isinstance(policy, (str, Policy)):
        return get_bot(policy)
    bots = [get_bot(p) for p in policy]
    if len(bots) != players:
        raise ValueError(f"{len(bots)} policies given for {players} players")
    return dict(enumerate(bots))


__all__ = ["BotInfo", "BotRegistry", "PolicySpec", "seat_policies"]
