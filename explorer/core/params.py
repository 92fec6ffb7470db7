"""Rule parameters: one reader for every game's rules file.

A rules file holds a ``[numbers]`` table, each number with its allowed range
(``turn_cap = { value = 30, min = 1, max = 200 }``), and an ``[options]`` table
of switches (``sabotage = false``) and choices
(``dice = { value = "none", choices = ["none", "2d6"] }``).  A game describes
its rules as a frozen dataclass (``int`` fields are numbers, ``bool`` fields
switches, ``str`` fields choices) and gives each number its bound: the widest
range the rules code gives a meaning to.  The bound lives in the code and only
there; a file's declared range must lie inside it (a designer may narrow a range
or widen it up to the bound, never past it).  :class:`RuleSchema` reads a file
against them and checks a change (a what-if override, a log header's value)
exactly as the file's own values are checked.

>>> import dataclasses
>>> @dataclasses.dataclass(frozen=True)
... class Rules:
...     cap: int
...     fast: bool
>>> schema = RuleSchema.of(Rules, bounds={"cap": (1, 50)})
>>> declared = schema.read({"numbers": {"cap": {"value": 8, "min": 1, "max": 20}},
...                         "options": {"fast": False}}, "rules.toml")
>>> dict(declared.values), declared.ranges["cap"]
({'cap': 8, 'fast': False}, Range(min=1, max=20))
>>> schema.check({"cap": 30}, declared)
Traceback (most recent call last):
...
explorer.core.params.RuleError: rule 'cap': 30 is out of range: allowed 1..20 (the range declared in the rules file)
>>> schema.read({"numbers": {"cap": {"value": 8, "min": 1, "max": 80}},
...              "options": {"fast": False}}, "rules.toml")
Traceback (most recent call last):
...
explorer.core.data.DataError: rules.toml, entry 'numbers', field 'cap.max': max 80 is above 50, the most the rules can use
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from pydantic import ConfigDict, create_model

from .data import DataError, Range, read_numbers, validate


class RuleError(ValueError):
    """A rule value given in code (an override, a log header) is refused:
    ``rule`` names it, ``problem`` says why."""

    def __init__(self, rule: str, problem: str):
        self.rule = rule
        self.problem = problem
        super().__init__(f"rule {rule!r}: {problem}")


class Declared(NamedTuple):
    """What a rules file declares: every rule's value, each number's range and
    each choice's allowed values."""

    values: Mapping[str, Any]
    ranges: Mapping[str, Range]
    choices: Mapping[str, tuple[str, ...]]


@dataclasses.dataclass(frozen=True)
class RuleSchema:
    """The rules a game reads: its numbers, each with its ``bounds`` (the widest
    range the rules code gives a meaning to, which no rules file can widen),
    switches and choices."""

    numbers: tuple[str, ...]
    switches: tuple[str, ...]
    choices: tuple[str, ...] = ()
    bounds: Mapping[str, Range] = dataclasses.field(default_factory=dict)

    @classmethod
    def of(cls, rules_class: type, bounds: Mapping[str, tuple[int, int]]) -> RuleSchema:
        """The schema of a rules dataclass: its ``int``, ``bool`` and ``str``
        fields, and the bound ``(least, most)`` of every number (a number without
        one, or a bound of no number, is a mistake in the code: ``TypeError``)."""
        fields = dataclasses.fields(rules_class)
        kinds = {kind: tuple(f.name for f in fields if f.type in (kind.__name__, kind)) for kind in (int, bool, str)}
        unbounded, unknown = set(kinds[int]) - set(bounds), set(bounds) - set(kinds[int])
        if unbounded or unknown:
            raise TypeError(f"{rules_class.__name__}: every number needs a bound and every bound a number "
                            f"(without a bound: {sorted(unbounded)}; not a number: {sorted(unknown)})")
        ranges = {name: Range(*bounds[name]) for name in kinds[int]}
        empty = [name for name, r in ranges.items() if r.min > r.max]
        if empty:
            raise TypeError(f"{rules_class.__name__}: empty bound for {empty}")
        return cls(kinds[int], kinds[bool], kinds[str], MappingProxyType(ranges))

    @property
    def names(self) -> tuple[str, ...]:
        """Every rule, numbers first, then switches, then choices."""
        return self.numbers + self.switches + self.choices

    def values(self, rules: Any) -> dict[str, Any]:
        """Every rule's value in ``rules``, as plain data (a log header's ``rules``)."""
        return {name: getattr(rules, name) for name in self.names}

    # -- the file ---------------------------------------------------------------------------
    def read(self, raw: Mapping[str, Any], path: str | os.PathLike, more: Iterable[str] = ()) -> Declared:
        """Read a parsed rules file: its ``[numbers]`` and ``[options]`` tables
        (and the game's own tables ``more``, left to the game).  Every problem is a
        :class:`~explorer.core.data.DataError` naming the file, the table and the rule."""
        tables = ("numbers", "options", *more)
        unknown = set(raw) - set(tables)
        if unknown:
            listed = ", ".join(f"[{t}]" for t in tables[:-1]) + f" and [{tables[-1]}]"
            raise DataError(path, sorted(unknown)[0], None, f"unknown table (expected {listed})")
        for table in tables:
            if not isinstance(raw.get(table), dict):
                raise DataError(path, table, None, f"missing table [{table}]")
        values, ranges = read_numbers(raw["numbers"], path, self.numbers, self.bounds)
        options = raw["options"]
        switches = validate(self._switch_model(), {k: v for k, v in options.items() if k not in self.choices},
                            path, "options")
        chosen, choices = {}, {}
        for name in self.choices:
            chosen[name], choices[name] = _choice(options.get(name), path, name)
        return Declared(MappingProxyType({**values, **switches.model_dump(), **chosen}), MappingProxyType(ranges),
                        MappingProxyType(choices))

    def _switch_model(self) -> Any:
        model = _SWITCH_MODELS.get(self.switches)
        if model is None:
            model = _SWITCH_MODELS[self.switches] = create_model(
                "options", __config__=ConfigDict(extra="forbid", strict=True), **{n: (bool, ...) for n in self.switches})
        return model

    # -- a change made in code ---------------------------------------------------------------
    def check(self, changes: Mapping[str, Any], declared: Declared) -> None:
        """Refuse (:class:`RuleError`) the first change the file would refuse: an
        unknown rule, a number that is not whole or outside its declared range, a
        switch that is not true or false, a choice not among its values."""
        for name, value in changes.items():
            if name in self.numbers:
                if type(value) is not int:
                    raise RuleError(name, f"must be a whole number, not {value!r}")
                if value not in declared.ranges[name]:
                    raise RuleError(name, f"{value!r} is out of range: allowed {declared.ranges[name]} (the range "
                                          "declared in the rules file)")
            elif name in self.switches:
                if type(value) is not bool:
                    raise RuleError(name, f"is a switch: true or false, not {value!r}")
            elif name in self.choices:
                if value not in declared.choices[name]:
                    raise RuleError(name, f"must be one of {', '.join(declared.choices[name])}, not {value!r}")
            else:
                raise RuleError(name, f"no such rule ({self.listing()})")

    def listing(self) -> str:
        """The rules by kind, for messages."""
        kinds = (("numbers", self.numbers), ("switches", self.switches), ("choices", self.choices))
        return "; ".join(f"{kind}: {', '.join(names)}" for kind, names in kinds if names)


_SWITCH_MODELS: dict[tuple[str, ...], Any] = {}


def _choice(spec: Any, path: str | os.PathLike, name: str) -> tuple[str, tuple[str, ...]]:
    """A choice ``{ value = "a", choices = ["a", "b"] }``: its value and its choices."""
    if not isinstance(spec, dict) or set(spec) != {"value", "choices"} or not isinstance(spec["choices"], list) \
            or not all(isinstance(c, str) for c in spec["choices"]) or not spec["choices"]:
        raise DataError(path, "options", name, 'expected { value = "...", choices = ["...", ...] }')
    if spec["value"] not in spec["choices"]:
        raise DataError(path, "options", name, f"{spec['value']!r} is not one of its choices "
                                               f"({', '.join(spec['choices'])})")
    return spec["value"], tuple(spec["choices"])


__all__ = ["Declared", "RuleError", "RuleSchema"]
