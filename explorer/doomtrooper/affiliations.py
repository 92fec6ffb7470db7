"""Affiliations, areas, and who may attack whom ("Attack: Announce Attacker and
Defender", "Freelancers"), from ``data/doomtrooper/affiliations.toml``.

A warrior's *classes* are the names rules and cards test it by: its
affiliations, their groups (``corporation``, ``brotherhood``, ``dark_legion``,
``freelancer``), ``doomtrooper`` when none of its affiliations is of the Dark
Legion (the rulebook's definition), ``pure_freelancer`` for a Freelancer with
no other affiliation, its keywords and what it is "considered" (by name only),
and the classes keywords add (a tainted ``Heretic`` also counts as
``dark_legion``).  The attack rules are data: tried in order, the first that
matches decides and names its section.

>>> aff = load_affiliations()
>>> sorted(aff.classes("Imperial", ()))
['Imperial', 'corporation', 'doomtrooper']
>>> aff.decide(aff.classes("Imperial", ()), aff.classes("Brotherhood", ()), False, False)
(False, 'combat.announce.brotherhood')
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from ..core.data import DataError, cached_file, data_path, read_toml, validate, validate_entries
from ..core.rulebook import sections, summaries_path
from . import sections as R

#: Classes every warrior may be tested by, besides affiliations, groups and keywords.
DERIVED = ("doomtrooper", "pure_freelancer")


class _Group(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str
    doomtrooper: bool


class _Affiliation(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str
    group: str
    expansion: str = ""


class _Area(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str
    holds: str


class _Keyword(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str
    adds: tuple[str, ...] = Field(default=(), strict=False)


class AttackRule(BaseModel):
    """One attack rule: conditions on the pair, the verdict, the section cited."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    section: str
    allow: bool
    attacker: tuple[str, ...] = Field(default=(), strict=False)
    attacker_not: tuple[str, ...] = Field(default=(), strict=False)
    defender: tuple[str, ...] = Field(default=(), strict=False)
    defender_not: tuple[str, ...] = Field(default=(), strict=False)
    same_owner: bool | None = None
    same_corporation: bool | None = None

    def matches(self, a: frozenset[str], d: frozenset[str], same_owner: bool, same_corp: bool) -> bool:
        return (a.issuperset(self.attacker) and a.isdisjoint(self.attacker_not)
                and d.issuperset(self.defender) and d.isdisjoint(self.defender_not)
                and (self.same_owner is None or self.same_owner == same_owner)
                and (self.same_corporation is None or self.same_corporation == same_corp))


class Affiliations(NamedTuple):
    """The loaded file: groups, affiliations, areas, keywords and attack rules."""

    groups: Mapping[str, bool]  # group -> counts as Doomtrooper
    of: Mapping[str, str]  # affiliation -> group
    areas: tuple[tuple[str, str], ...]  # (area, class it holds), in order
    keywords: Mapping[str, tuple[str, ...]]  # keyword -> classes it adds
    rules: tuple[AttackRule, ...]
    expansion_of: Mapping[str, str] = MappingProxyType({})  # affiliation -> the expansion bringing it ("" basic)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.of)

    @property
    def known_classes(self) -> frozenset[str]:
        """Every class a rule or a card may name: the affiliations, the groups, the
        derived classes and the declared keywords."""
        return frozenset(self.of) | frozenset(self.groups) | frozenset(DERIVED) | frozenset(self.keywords)

    def classes(self, affiliation: str, keywords: Iterable[str], considered: Iterable[str] = ()) -> frozenset[str]:
        """The classes of a warrior of ``affiliation`` with these keywords and
        "considered a" designations.  A keyword naming an affiliation is an
        affiliation gained (a Freelancer given the Imperial affiliation)."""
        keywords = tuple(keywords)
        affs = {affiliation} | {k for k in keywords if k in self.of}
        out = set(affs) | set(keywords) | set(considered)
        groups = {self.of[a] for a in affs if a in self.of}
        out |= groups
        if not any(not self.groups[g] for g in groups):
            out.add("doomtrooper")
        for k in keywords:
            out.update(self.keywords.get(k, ()))
        if all(self.of.get(a) == "freelancer" for a in affs):
            out.add("pure_freelancer")
        return frozenset(out)

    def corporations(self, classes: frozenset[str]) -> frozenset[str]:
        return frozenset([c for c in classes if self.of.get(c) == "corporation"])

    def decide(self, a: frozenset[str], d: frozenset[str], same_owner: bool,
               same_corp: bool | None = None) -> tuple[bool, str]:
        """``(allowed, section)`` for an attacker of classes ``a`` on a defender of
        classes ``d``: the first attack rule that matches."""
        if same_corp is None:
            same_corp = bool(self.corporations(a) & self.corporations(d))
        for rule in self.rules:
            if rule.matches(a, d, same_owner, same_corp):
                return rule.allow, rule.section
        return True, R.ANNOUNCE.section

    def area_for(self, classes: frozenset[str]) -> str:
        """The area a warrior of these classes is mustered to (the first that holds it)."""
        for area, holds in self.areas:
            if holds in classes:
                return area
        return self.areas[0][0]


def affiliations_path() -> Path:
    return data_path("doomtrooper", "affiliations.toml")


def load_affiliations(path: str | os.PathLike | None = None) -> Affiliations:
    """Read and check ``data/doomtrooper/affiliations.toml`` (or ``path``)."""
    return _load(Path(path) if path is not None else affiliations_path(), summaries_path(R.GAME))


@cached_file
def _load(path: Path, summaries: Path) -> Affiliations:
    raw = read_toml(path)
    unknown = set(raw) - {"expansions", "group", "affiliation", "area", "keyword", "attack"}
    if unknown:
        raise DataError(path, sorted(unknown)[0], None, "unknown table (expected expansions, [[group]], "
                                                       "[[affiliation]], [[area]], [[keyword]] and [[attack]])")
    expansions = raw.get("expansions", [])
    if not isinstance(expansions, list) or not all(isinstance(e, str) and e.strip() for e in expansions):
        raise DataError(path, "expansions", None, f"expected a list of expansion names (got {expansions!r})")
    for table in ("group", "affiliation", "area", "attack"):
        if not raw.get(table):
            raise DataError(path, None, table, f"no [[{table}]] entries")
    groups = {g.name: g.doomtrooper for g in validate_entries(_Group, raw["group"], path, kind="group")}
    affs = validate_entries(_Affiliation, raw["affiliation"], path, kind="affiliation")
    for a in affs:
        if a.expansion and a.expansion not in expansions:
            raise DataError(path, a.name, "expansion", f"unknown expansion {a.expansion!r} (declared in expansions: "
                                                       f"{', '.join(expansions)})")
        if a.group not in groups:
            raise DataError(path, a.name, "group", f"unknown group {a.group!r} (known: {', '.join(groups)})")
    of = {a.name: a.group for a in affs}
    keywords = {k.name: k.adds for k in validate_entries(_Keyword, raw.get("keyword", []), path, kind="keyword")}
    known = set(of) | set(groups) | set(DERIVED)
    areas = validate_entries(_Area, raw["area"], path, kind="area")
    for a in areas:
        if a.holds not in known:
            raise DataError(path, a.name, "holds", f"unknown class {a.holds!r}")
    for k, adds in keywords.items():
        for c in adds:
            if c not in known:
                raise DataError(path, k, "adds", f"unknown class {c!r}")
    if not isinstance(raw["attack"], list):
        raise DataError(path, None, "attack", "expected a list of [[attack]] tables")
    rules = []
    titles = sections(R.GAME, summaries)
    for i, entry in enumerate(raw["attack"]):
        rule = validate(AttackRule, entry, path, f"attack #{i + 1}")
        for field in ("attacker", "attacker_not", "defender", "defender_not"):
            for c in getattr(rule, field):
                if c not in known and c not in keywords:
                    raise DataError(path, f"attack #{i + 1}", field, f"unknown class {c!r} (an affiliation, a group, "
                                                                    "doomtrooper, pure_freelancer or a [[keyword]])")
        if rule.section not in titles:
            raise DataError(path, f"attack #{i + 1}", "section", f"no section {rule.section!r} in "
                                                                f"{summaries.name}")
        rules.append(rule)
    return Affiliations(MappingProxyType(groups), MappingProxyType(of), tuple((a.name, a.holds) for a in areas),
                        MappingProxyType(keywords), tuple(rules),
                        MappingProxyType({a.name: a.expansion for a in affs if a.expansion}))


__all__ = ["Affiliations", "AttackRule", "affiliations_path", "load_affiliations"]
