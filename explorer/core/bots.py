"""A game's named bots: one registry per game, so the command line, the what-if
layer and the notebooks find a bot by its name.

>>> from explorer.core.engine import RandomPolicy
>>> bots = BotRegistry()
>>> bots.register("random", RandomPolicy, "a legal option at random")
>>> type(bots.get_bot("random")).__name__, list(bots)
('RandomPolicy', ['random'])

A bot with a budget (the search bot's playouts) is registered ``sized``: its name
may carry the budget after a colon, so a name alone rebuilds the same bot (in a
worker process, say):

>>> from explorer.core.engine import DeterministicPolicy
>>> class First(DeterministicPolicy):
...     def __init__(self, budget=10):
...         self.budget = budget
...     def pick(self, game, state, decision):
...         return decision.options[0]
>>> bots.register("first", First, "the first option", sized=True)
>>> bots.get_bot("first:400").budget, bots.get_bot("first").budget, bots.knows("first:40"), bots.knows("random:4")
(400, 10, True, False)
>>> with_budget("first,random", "first", 30)
'first:30,random'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .engine import Policy


@dataclass(frozen=True)
class BotInfo:
    """A bot's name, how to make a fresh one, and what it does in a line."""

    name: str
    make: Callable[..., Policy]
    summary: str
    #: whether the name may carry a budget (``"search:400"``), passed to ``make``
    sized: bool = False


class BotRegistry(dict):
    """Bot name -> :class:`BotInfo`, in the order registered."""

    def register(self, name: str, make: Callable[..., Policy], summary: str, *, sized: bool = False) -> None:
        if name in self:
            raise ValueError(f"bot {name!r} registered twice")
        self[name] = BotInfo(name, make, summary, sized)

    def knows(self, name: object) -> bool:
        """Whether ``name`` names a bot here (a sized bot with its budget, too)."""
        try:
            return self._parse(name) is not None
        except ValueError:
            return False

    def _parse(self, name: object) -> tuple[BotInfo, int | None] | None:
        """The bot ``name`` names and its budget (``None``: its default); ``None`` if
        no bot has that name; a ``ValueError`` for a budget that is not a whole number >= 1."""
        if not isinstance(name, str):
            return None
        base, sep, budget = name.partition(":")
        info = self.get(base.strip())
        if info is None or not sep:
            return None if info is None else (info, None)
        if not info.sized:
            return None
        if not budget.strip().isdigit() or int(budget) < 1:
            raise ValueError(f"bot {name!r}: write the budget as a whole number of at least 1 ({base}:400)")
        return info, int(budget)

    def get_bot(self, name: str | Policy) -> Policy:
        """A fresh bot by name (a policy object is returned as it is); a sized
        bot's name may end with its budget (``"search:400"``)."""
        if isinstance(name, Policy):
            return name
        found = self._parse(name)
        if found is None:
            raise ValueError(f"unknown bot {name!r}; choose from {', '.join(self)}")
        info, budget = found
        return info.make() if budget is None else info.make(budget)


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


def with_budget(policy: str, name: str, budget: int | None) -> str:
    """``policy`` (names joined by commas) with every bare ``name`` given ``budget``
    (``--search-playouts``); a name that already has a budget keeps it."""
    if budget is None:
        return policy
    return ",".join(f"{name}:{budget}" if p.strip() == name else p for p in policy.split(","))


__all__ = ["BotInfo", "BotRegistry", "PolicySpec", "seat_policies", "with_budget"]
