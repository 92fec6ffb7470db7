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
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..core.data import DataError, cached_file, data_path, read_toml, validate_entries
from . import abilities as _abilities

STATS = ("physical_attack", "physical_defense", "mental_attack", "mental_defense", "quickness")
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

    # derived in __post_init__, for the hot paths of the rules
    _stats: dict[str, int] = field(init=False, repr=False, compare=False)
    _active: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for s in STATS:
            v = getattr(self, s)
            if type(v) is not int or v < 0:
                raise ValueError(f"villain {self.name!r}: {s} must be a non-negative integer, got {v!r}")
        set_ = object.__setattr__
        set_(self, "abilities", tuple(self.abilities))
        set_(self, "upgrades", tuple(u if isinstance(u, Upgrade) else _upgrade(u) for u in self.upgrades))
        if not 1 <= self.level <= 1 + len(self.upgrades):
            raise ValueError(
                f"villain {self.name!r}: level {self.level} needs {self.level - 1} upgrade(s), has {len(self.upgrades)}"
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
        set_(self, "_stats", {s: max(0, v) for s, v in stats.items()})
        set_(self, "_active", tuple(active))
        set_(self, "_hash", hash((self.name, self.level, tuple(stats.values()), self._active)))

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
        return tuple(
            a for a in self._active
            if _abilities.ABILITIES[a].kind == "action" and not (a == "ranged_attack" and self.ranged)
        )

    @property
    def defence_hooks(self) -> tuple:
        return tuple(_abilities.ABILITIES[a].effect for a in self._active if _abilities.ABILITIES[a].kind == "automatic")

    @property
    def aftermath(self) -> tuple[str, ...]:
        return tuple(a for a in self._active if _abilities.ABILITIES[a].kind == "aftermath")

    @property
    def max_level(self) -> int:
        return 1 + len(self.upgrades)

    # -- changing (new values) --------------------------------------------------------------
    def at_level(self, level: int) -> Villain:
        return dataclasses.replace(self, level=level)

    def upgraded(self) -> Villain:
        """The same villain one level up (``ValueError`` past his last upgrade)."""
        return self.at_level(self.level + 1)

    def describe(self) -> str:
        stats = " ".join(f"{''.join(w[0] for w in s.split('_')).upper()}{self._stats[s]}" for s in STATS)
        extra = f" [{', '.join(self._active)}]" if self._active else ""
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
_StatValue = Field(strict=True, ge=0)


class _UpgradeSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    ability: str | None = None
    stats: dict[Stat, int] = {}
    text: str = ""


class _VillainSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str
    physical_attack: int = _StatValue
    physical_defense: int = _StatValue
    mental_attack: int = _StatValue
    mental_defense: int = _StatValue
    quickness: int = _StatValue
    star: bool = False
    abilities: list[str] = []
    level2: _UpgradeSpec | None = None
    level3: _UpgradeSpec | None = None
    flavour: str = ""


def load_roster(path: str | os.PathLike | None = None) -> dict[str, Villain]:
    """The villains of a roster file (default ``data/asylum/villains.toml``), by
    name, in file order, all at level 1.  Problems raise :class:`DataError`."""
    return dict(_load_roster(Path(path) if path is not None else data_path("asylum", "villains.toml")))


@cached_file
def _load_roster(path: Path) -> tuple[tuple[str, Villain], ...]:
    raw = read_toml(path)
    specs = validate_entries(_VillainSpec, raw.get("villain", []), path, kind="villain")
    out = []
    for spec in specs:
        name = spec.name
        if spec.level3 is not None and spec.level2 is None:
            raise DataError(path, name, "level3", "a level-3 upgrade needs a level-2 upgrade first")
        for fname, names in [("abilities", spec.abilities)] + [
            (f"{lv}.ability", [up.ability]) for lv, up in (("level2", spec.level2), ("level3", spec.level3))
            if up is not None and up.ability is not None
        ]:
            for a in names:
                if a not in _abilities.ABILITIES:
                    raise DataError(path, name, fname, f"unknown ability {a!r} (known: {', '.join(sorted(_abilities.ABILITIES))})")
        for lv in ("level2", "level3"):
            up = getattr(spec, lv)
            if up is not None and up.ability is None and not up.stats:
                raise DataError(path, name, lv, "an upgrade needs an ability or a stat change")
        ups = tuple(
            Upgrade(up.ability, tuple(up.stats.items()), up.text) for up in (spec.level2, spec.level3) if up is not None
        )
        out.append((name, Villain(
            name=name, **{s: getattr(spec, s) for s in STATS}, abilities=tuple(spec.abilities),
            upgrades=ups, star=spec.star, flavour=spec.flavour,
        )))
    return tuple(out)


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
