"""Villains: five stats, a level, special abilities, and the roster in data.

The rulebook ("Knowing your Villains", "Upgrading Villains") gives every villain
Physical Attack, Physical Defense, Mental Attack, Mental Defense and Quickness,
and two upgrades (levels 2 and 3), each a new power or a stat change.  It prints
no villain list: ``data/asylum/villains.toml`` is our own sample roster.

>>> v = Villain(name="A", physical_attack=3, physical_defense=2, mental_attack=4,
...             mental_defense=3, quickness=2)
>>> v.stat("mental_attack"), v.level, v.flying
(4, 1, False)
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from ..core.data import DataError, Range, cached_file, data_path, read_range, read_toml, validate_entries
from ..core.numbers import counted
from . import abilities as _abilities

STATS = ("physical_attack", "physical_defense", "mental_attack", "mental_defense", "quickness")
#: each pronoun a villain may have, with its possessive and object forms
PRONOUNS: Mapping[str, tuple[str, str]] = MappingProxyType({"he": ("his", "him"), "she": ("her", "her")})
STAT_LABELS = {
    "physical_attack": "Physical Attack",
    "physical_defense": "Physical Defense",
    "mental_attack": "Mental Attack",
    "mental_defense": "Mental Defense",
    "quickness": "Quickness",
}


@dataclass(frozen=True)
class Upgrade:
    """One level's upgrade: a new ability, stat changes, or both."""

    ability: str | None = None
    stats: tuple[tuple[str, int], ...] = ()
    text: str = ""

    def describe(self) -> str:
        parts = [f"{'+' if d >= 0 else ''}{d} {STAT_LABELS[s]}" for s, d in self.stats]
        if self.ability:
            parts.insert(0, _abilities.get(self.ability).title)
        return ", ".join(parts) or "nothing"


@dataclass(frozen=True)
class Villain:
    """A villain at his current level.

    The five stat fields are level-1 values; :meth:`stat` gives the value at the
    current level.  ``abilities`` are the level-1 abilities; ``upgrades`` holds
    the level-2 and level-3 upgrades.
    """

    name: str
    physical_attack: int
    physical_defense: int
    mental_attack: int
    mental_defense: int
    quickness: int
    level: int = 1
    abilities: tuple[str, ...] = ()
    upgrades: tuple[Upgrade, ...] = ()
    star: bool = False
    flavour: str = field(default="", compare=False)
    pronoun: str = field(default="he", compare=False)  # "he" or "she": how the texts speak of him or her

    # derived in __post_init__, for the hot paths of the rules
    _stats: dict[str, int] = field(init=False, repr=False, compare=False)
    _active: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _actions: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _hooks: tuple = field(init=False, repr=False, compare=False)
    _aftermath: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)
    #: the highest level his upgrades reach (1 + the number of upgrades)
    max_level: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.pronoun not in PRONOUNS:
            raise ValueError(f"villain {self.name!r}: pronoun must be one of {', '.join(PRONOUNS)}, got {self.pronoun!r}")
        for s in STATS:
            v = getattr(self, s)
            if type(v) is not int or v < 0:
                raise ValueError(f"villain {self.name!r}: {s} must be a non-negative integer, got {v!r}")
        set_ = object.__setattr__
        set_(self, "abilities", tuple(self.abilities))
        set_(self, "upgrades", tuple(u if isinstance(u, Upgrade) else _upgrade(u) for u in self.upgrades))
        if not 1 <= self.level <= 1 + len(self.upgrades):
            raise ValueError(
                f"villain {self.name!r}: level {self.level} needs {counted(self.level - 1, 'upgrade')}, "
                f"has {len(self.upgrades)}"
            )
        stats = {s: getattr(self, s) for s in STATS}
        active = list(self.abilities)
        for up in self.upgrades[: self.level - 1]:
            for s, d in up.stats:
                stats[s] += d
            if up.ability:
                active.append(up.ability)
        for name in active + [u.ability for u in self.upgrades if u.ability]:
            if name not in _abilities.ABILITIES:
                raise ValueError(f"villain {self.name!r}: unknown ability {name!r}")
        for s, v in stats.items():
            if v < 0:
                raise ValueError(f"villain {self.name!r}: the upgrades take {s} to {v} at level {self.level}")
        set_(self, "_stats", stats)
        set_(self, "_active", tuple(active))
        # the abilities by kind, read at every attack's odds and every conflict's options
        kinds = [(a, _abilities.ABILITIES[a]) for a in active]
        ranged = self.ranged
        set_(self, "_actions", tuple(a for a, ab in kinds if ab.kind == "action" and not (a == "ranged_attack" and ranged)))
        set_(self, "_hooks", tuple(ab.effect for _, ab in kinds if ab.kind == "automatic"))
        set_(self, "_aftermath", tuple(a for a, ab in kinds if ab.kind == "aftermath"))
        set_(self, "_hash", hash((self.name, self.level, tuple(stats.values()), self._active)))
        set_(self, "max_level", 1 + len(self.upgrades))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        # rebuild from the given fields, so the cached hash is computed afresh in the
        # process that unpickles (hash seeds differ between processes)
        return (_rebuild, (type(self), {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.init}))

    # -- reading --------------------------------------------------------------------------
    def stat(self, name: str) -> int:
        """The stat at the current level (level-1 value plus upgrades)."""
        return self._stats[name]

    @property
    def he(self) -> str:
        """The villain's pronoun as a subject ("he" or "she"), for texts."""
        return self.pronoun

    @property
    def his(self) -> str:
        """The possessive ("his" or "her")."""
        return PRONOUNS[self.pronoun][0]

    @property
    def him(self) -> str:
        """The object ("him" or "her")."""
        return PRONOUNS[self.pronoun][1]

    def base_stat(self, name: str) -> int:
        """The level-1 value of a stat."""
        return getattr(self, name)

    @property
    def stats(self) -> dict[str, int]:
        return dict(self._stats)

    @property
    def active_abilities(self) -> tuple[str, ...]:
        """Every ability he has at his current level."""
        return self._active

    def has(self, ability: str) -> bool:
        return ability in self._active

    @property
    def flying(self) -> bool:
        return "flying" in self._active

    @property
    def ranged(self) -> bool:
        """All his standard attacks are ranged: Ranged is a level-1 ability
        (rulebook, "Flying & Ranged Attacks")."""
        return "ranged_attack" in self.abilities

    @property
    def action_abilities(self) -> tuple[str, ...]:
        """Special abilities he may use as his action.  A level-1 Ranged attack is
        not one: it makes his standard attacks ranged instead."""
        return self._actions

    @property
    def defence_hooks(self) -> tuple:
        """The effects of his automatic abilities (see :func:`explorer.asylum.combat.defence`)."""
        return self._hooks

    @property
    def aftermath(self) -> tuple[str, ...]:
        """His abilities rolled when a conflict he was defeated in ends."""
        return self._aftermath

    # -- changing (new values) --------------------------------------------------------------
    def at_level(self, level: int) -> Villain:
        return dataclasses.replace(self, level=level)

    def upgraded(self) -> Villain:
        """The same villain one level up (``ValueError`` past his last upgrade)."""
        return self.at_level(self.level + 1)

    def describe(self) -> str:
        stats = " ".join(f"{''.join(w[0] for w in s.split('_')).upper()}{self._stats[s]}" for s in STATS)
        extra = f" [{', '.join(_abilities.get(a).title for a in self._active)}]" if self._active else ""
        return f"{self.name} (L{self.level}) {stats}{extra}"


def _rebuild(cls: type, fields: dict[str, Any]) -> Any:
    """Unpickle a value object by calling its constructor (see ``__reduce__``)."""
    return cls(**fields)


def _upgrade(raw: Mapping[str, Any]) -> Upgrade:
    stats = raw.get("stats", ())
    if isinstance(stats, Mapping):
        stats = tuple(stats.items())
    return Upgrade(raw.get("ability"), tuple(stats), raw.get("text", ""))


# -- the roster file ---------------------------------------------------------------------

Stat = Literal["physical_attack", "physical_defense", "mental_attack", "mental_defense", "quickness"]
LIMITS = STATS + ("stat_change",)  # the ranges a roster file declares in its [limits] table

#: The bounds of the [limits] a roster file may declare (ours, and only here: a file may
#: narrow them, never widen them).  A stat runs from 0 (it never goes below) to 12, twice
#: a die's faces; one upgrade's change can at most cross that whole span.
STAT_BOUND = Range(0, 12)
LIMIT_BOUNDS: Mapping[str, Range] = MappingProxyType(
    {**{s: STAT_BOUND for s in STATS}, "stat_change": Range(-STAT_BOUND.max, STAT_BOUND.max)})


class _UpgradeSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    ability: str | None = None
    stats: dict[Stat, int] = {}
    text: str = ""


class _VillainSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str
    physical_attack: int
    physical_defense: int
    mental_attack: int
    mental_defense: int
    quickness: int
    star: bool = False
    abilities: list[str] = []
    level2: _UpgradeSpec | None = None
    level3: _UpgradeSpec | None = None
    flavour: str = ""
    pronoun: Literal["he", "she"] = "he"


def load_roster(path: str | os.PathLike | None = None) -> dict[str, Villain]:
    """The villains of a roster file (default ``data/asylum/villains.toml``), by
    name, in file order, all at level 1.  Problems raise :class:`DataError`."""
    return dict(_load_roster(Path(path) if path is not None else data_path("asylum", "villains.toml")))


def roster_limits(path: str | os.PathLike | None = None) -> Mapping[str, Range]:
    """The ranges the roster file declares: each stat's (at every level) and
    ``stat_change``, what one upgrade may add to or take from a stat."""
    return _load_limits(Path(path) if path is not None else data_path("asylum", "villains.toml"))


@cached_file
def _load_limits(path: Path) -> Mapping[str, Range]:
    raw = read_toml(path)
    limits = raw.get("limits")
    if not isinstance(limits, dict):
        raise DataError(path, "limits", None, "missing table [limits]: the allowed range of each stat "
                                              "and of an upgrade's stat change")
    for key in limits:
        if key not in LIMITS:
            raise DataError(path, "limits", key, f"unknown limit (known: {', '.join(LIMITS)})")
    out = {}
    for key in LIMITS:
        if key not in limits:
            raise DataError(path, "limits", key, "missing: every stat needs its range { min = ..., max = ... }")
        out[key] = read_range(limits[key], path, "limits", key, *LIMIT_BOUNDS[key])
    return MappingProxyType(out)


@cached_file
def _load_roster(path: Path) -> tuple[tuple[str, Villain], ...]:
    raw = read_toml(path)
    if not raw:
        raise DataError(path, None, None, "the file is empty: expected a [limits] table and [[villain]] entries")
    for key in raw:
        if key not in ("source", "limits", "villain"):
            raise DataError(path, key, None, "unknown table or key (expected source, [limits] and [[villain]])")
    limits = _load_limits(path)
    if not raw.get("villain"):
        raise DataError(path, None, "villain", "no villains: the roster needs [[villain]] entries")
    specs = validate_entries(_VillainSpec, raw["villain"], path, kind="villain")
    return tuple((spec.name, _villain(spec, limits, path)) for spec in specs)


def _villain(spec: _VillainSpec, limits: Mapping[str, Range], path: Path) -> Villain:
    """One checked villain ("Knowing your Villains", "Upgrading Villains")."""
    name = spec.name
    if spec.level3 is not None and spec.level2 is None:
        raise DataError(path, name, "level3", "a level-3 upgrade needs a level-2 upgrade first")
    held: dict[str, str] = {}  # ability -> where he got it
    for a in spec.abilities:
        _known_ability(a, path, name, "abilities")
        if a in held:
            raise DataError(path, name, "abilities", f"{a!r} is listed twice")
        held[a] = "at level 1"
    stats = {s: getattr(spec, s) for s in STATS}
    for s in STATS:
        _in_limits(stats[s], limits[s], path, name, s, f"{STAT_LABELS[s]} {stats[s]}")
    ups = []
    for level, lv in ((2, "level2"), (3, "level3")):
        up = getattr(spec, lv)
        if up is None:
            continue
        if up.ability is None and not up.stats:
            raise DataError(path, name, lv, "an upgrade needs an ability or a stat change")
        if up.ability is not None:
            _known_ability(up.ability, path, name, f"{lv}.ability")
            if up.ability in held:
                raise DataError(path, name, f"{lv}.ability", f"{spec.pronoun} already has {up.ability!r} {held[up.ability]}")
            held[up.ability] = f"from {PRONOUNS[spec.pronoun][0]} level-{level} upgrade"
        for s, change in up.stats.items():
            field = f"{lv}.stats.{s}"
            if change == 0:
                raise DataError(path, name, field, "a change of 0 changes nothing")
            _in_limits(change, limits["stat_change"], path, name, field, f"a change of {change:+d}", "stat_change")
            stats[s] += change
            _in_limits(stats[s], limits[s], path, name, field,
                       f"takes {STAT_LABELS[s]} to {stats[s]} at level {level}")
        ups.append(Upgrade(up.ability, tuple(up.stats.items()), up.text))
    return Villain(name=name, **{s: getattr(spec, s) for s in STATS}, abilities=tuple(spec.abilities),
                   upgrades=tuple(ups), star=spec.star, flavour=spec.flavour, pronoun=spec.pronoun)


def _known_ability(ability: str, path: Path, name: str, field: str) -> None:
    if ability not in _abilities.ABILITIES:
        raise DataError(path, name, field,
                        f"unknown ability {ability!r} (known: {', '.join(sorted(_abilities.ABILITIES))})")


def _in_limits(value: int, allowed: Range, path: Path, name: str, field: str, what: str, limit: str = "") -> None:
    if value not in allowed:
        raise DataError(path, name, field, f"{what} is out of range: allowed {allowed} "
                                           f"([limits] {limit or field.rsplit('.', 1)[-1]})")


def masterminds(roster: Mapping[str, Villain]) -> list[Villain]:
    """The star-marked villains, suggested as starting masterminds (rulebook, "Mastermind")."""
    return [v for v in roster.values() if v.star]


class UnknownVillain(KeyError):
    """No villain of that name in the roster; the message suggests close names
    and lists the known ones."""

    def __str__(self) -> str:  # KeyError would quote the whole message
        return str(self.args[0])


def find_villain(roster: Mapping[str, Villain], name: str) -> Villain:
    """The roster's villain called ``name``, ignoring case and surrounding spaces
    (``" oscar "`` finds Oscar).  An unknown name raises :class:`UnknownVillain`
    (a ``KeyError``) saying "did you mean ...?" and listing the roster.

    >>> roster = {"Oscar": Villain(name="Oscar", physical_attack=1, physical_defense=1,
    ...           mental_attack=1, mental_defense=1, quickness=1)}
    >>> find_villain(roster, "  OSCAR ").name
    'Oscar'
    >>> find_villain(roster, "Oskar")
    Traceback (most recent call last):
    ...
    explorer.asylum.villains.UnknownVillain: no villain named 'Oskar'; did you mean 'Oscar'? (known: Oscar)
    """
    import difflib

    def key(text: str) -> str:
        return " ".join(text.split()).casefold()

    by_key = {key(n): n for n in roster}
    wanted = key(name)
    if wanted in by_key:
        return roster[by_key[wanted]]
    close = [by_key[k] for k in difflib.get_close_matches(wanted, by_key, n=3, cutoff=0.6)]
    hint = f"; did you mean {' or '.join(repr(n) for n in close)}?" if close else ""
    raise UnknownVillain(f"no villain named {name.strip()!r}{hint} (known: {', '.join(roster)})")
