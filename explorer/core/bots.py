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

Any bot's name followed by ``@SECTION`` is that bot choosing at random at the
decisions of one rule section, and as itself everywhere else (:class:`RandomAt`:
what playing that kind of decision well is worth, :func:`explorer.whatif.stakes`):

>>> bots.get_bot("first@turn.move"), bots.knows("first:40@turn.move"), bots.knows("first@")
(<first, at random at turn.move>, True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .engine import Policy, RandomPolicy


#: the largest budget a name may carry: a minute or more a decision on one core, so
#: that a slip of the keys (``search:40000000``) is refused, not played for years
MAX_BUDGET = 100_000


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

    def names_text(self) -> str:
        """The bots' names for a command's help, and what ``@SECTION`` does to any of them.

        >>> from explorer.core.engine import RandomPolicy
        >>> b = BotRegistry(); b.register("random", RandomPolicy, "at random"); b.names_text()
        'random (any as NAME@SECTION: at random at the decisions of that rule section)'
        """
        sized = [n for n, info in self.items() if info.sized]
        budget = f"; {sized[0]}:N: N playouts a decision" if sized else ""
        return f"{', '.join(self)} (any as NAME@SECTION: at random at the decisions of that rule section{budget})"

    def knows(self, name: object) -> bool:
        """Whether ``name`` names a bot here (a sized bot with its budget, too; either
        with ``@SECTION``)."""
        if not isinstance(name, str):
            return False
        inner, at, section = name.partition("@")
        try:
            return self._parse(inner) is not None and (not at or bool(section.strip()))
        except ValueError:
            return False

    def _parse(self, name: object) -> tuple[BotInfo, int | None] | None:
        """The bot ``name`` names and its budget (``None``: its default); ``None`` if
        no bot has that name; a ``ValueError`` for a budget that is not a whole number
        from 1 to :data:`MAX_BUDGET`."""
        if not isinstance(name, str):
            return None
        base, sep, budget = name.partition(":")
        info = self.get(base.strip())
        if info is None or not sep:
            return None if info is None else (info, None)
        if not info.sized:
            sized = [n for n, i in self.items() if i.sized]
            raise ValueError(f"bot {name!r}: {base.strip()} takes no budget"
                             + (f" (only {' and '.join(sized)} does: {sized[0]}:400)" if sized else ""))
        if not budget.strip().isdigit() or not 1 <= int(budget) <= MAX_BUDGET:
            raise ValueError(f"bot {name!r}: write the budget as a whole number from 1 to {MAX_BUDGET:,} "
                             f"({base}:400; {MAX_BUDGET:,} playouts take about a minute or more a decision)")
        return info, int(budget)

    def get_bot(self, name: str | Policy) -> Policy:
        """A fresh bot by name (a policy object is returned as it is); a sized
        bot's name may end with its budget (``"search:400"``)."""
        if isinstance(name, Policy):
            return name
        inner, at, section = name.partition("@") if isinstance(name, str) else (name, "", "")
        found = self._parse(inner)
        if found is None:
            raise ValueError(f"unknown bot {name!r}; choose from {', '.join(self)}")
        info, budget = found
        bot = info.make() if budget is None else info.make(budget)
        if not at:
            return bot
        if not section.strip():
            raise ValueError(f"bot {name!r}: name the rule section after the @ ({inner.strip()}@turn.move)")
        return RandomAt(bot, section.strip(), inner.strip())


class RandomAt(Policy):
    """``inner``'s choice, except at the decisions of rule ``section`` (a section id,
    as decisions cite it), where every option is equally likely, drawn from the
    step's own random stream (so a seed still gives the same game).  ``label``:
    the inner bot's name, for people."""

    def __init__(self, inner: Policy, section: str, label: str | None = None):
        self.inner, self.section = inner, section
        self.name = f"{label or inner.name}@{section}"

    def __repr__(self) -> str:
        return f"<{self.name.rpartition('@')[0]}, at random at {self.section}>"

    def distribution(self, game, state, decision):
        if decision.rule.section == self.section:
            return RandomPolicy().distribution(game, state, decision)
        return self.inner.distribution(game, state, decision)

    def choose(self, game, state, decision, rng):
        options = decision.options
        if len(options) > 1 and decision.rule.section == self.section:
            return options[rng.randrange(len(options))]
        return self.inner.choose(game, state, decision, rng)


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
        raise ValueError(f"{len(bots)} bots given for {players} players: give one for every seat, or one per seat")
    return dict(enumerate(bots))


def with_budget(policy: str, name: str, budget: int | None) -> str:
    """``policy`` (names joined by commas) with every bare ``name`` given ``budget``
    (``--search-playouts``); a name that already has a budget keeps it."""
    if budget is None:
        return policy
    return ",".join(f"{name}:{budget}" if p.strip() == name else p for p in policy.split(","))


__all__ = ["BotInfo", "BotRegistry", "MAX_BUDGET", "PolicySpec", "RandomAt", "seat_policies", "with_budget"]
