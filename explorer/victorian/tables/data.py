"""The result tables as data: their two kinds, read and checked from
``data/victorian/tables.toml``.

*Banded* tables are read by a modified roll (the dice plus the terms, then the
band the total falls in): the Healing, Spy, Assassin, Track, Combat and
Showdown Rolls.  *Face* tables give one titled result per face of 1D6, each
naming a registered table effect: the Plot, Invention and Villain Tables.

>>> t = load_tables()
>>> t.track.read(10), t.track.read(3), t.track.keys
('foiled', 'wrong_track', ('wrong_track', 'dead_end', 'foiled', 'thwarted'))
>>> t.plot_table.faces[3].title
'Lure'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from ...core.data import DataError, cached_file, data_path, read_toml, validate
from ..cards import TYPES
from ..effects import EFFECTS, Params

#: The banded tables, each with its dice and its result keys in order (the odds API's keys).
BANDED: Mapping[str, tuple[int, tuple[str, ...]]] = MappingProxyType({
    "healing": (1, ("stays", "removed")),
    "spy": (1, ("caught", "nothing", "discovery")),
    "assassin": (2, ("interrogated", "not_found", "nothing", "wounded", "killed")),
    "track": (2, ("wrong_track", "dead_end", "foiled", "thwarted")),
    "combat": (1, ("hero_killed", "hero_wounded", "stop", "attack_again")),
    "showdown": (1, ("hero_killed", "hero_wounded", "destroy_base", "villain_wounded", "villain_killed")),
})
FACE_TABLES = ("plot_table", "invention_table", "villain_table")


class Band(NamedTuple):
    result: str
    low: int | None  # None: no lower bound
    high: int | None  # None: no upper bound


class Banded(NamedTuple):
    """A table read by a modified roll: ``dice`` d6 plus the modifier, then the band."""

    name: str
    dice: int
    bands: tuple[Band, ...]

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(b.result for b in self.bands)

    def read(self, total: int) -> str:
        for b in self.bands:
            if (b.low is None or total >= b.low) and (b.high is None or total <= b.high):
                return b.result
        raise AssertionError(f"no band of the {self.name} table holds {total}")  # bands are checked on loading

    def describe(self) -> str:
        def span(b: Band) -> str:
            if b.low is None:
                return f"{b.high} or less"
            if b.high is None:
                return f"{b.low}+"
            return str(b.low) if b.low == b.high else f"{b.low}-{b.high}"
        return ", ".join(f"{span(b)}: {b.result.replace('_', ' ')}" for b in self.bands)


class Face(NamedTuple):
    roll: int
    title: str
    effect: str
    params: Params


class FaceTable(NamedTuple):
    """A 1D6 table: one titled result, with its registered effect, per face."""

    name: str
    faces: tuple[Face, ...]  # faces[i] is the result of rolling i + 1

    def face(self, roll: int) -> Face:
        return self.faces[roll - 1]


class Tables(NamedTuple):
    healing: Banded
    spy: Banded
    assassin: Banded
    track: Banded
    combat: Banded
    showdown: Banded
    plot_table: FaceTable
    invention_table: FaceTable
    villain_table: FaceTable

    def banded(self, name: str) -> Banded:
        return getattr(self, name)


class _BandSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)
    result: str
    low: int | None = Field(default=None, alias="from")
    high: int | None = Field(default=None, alias="to")


class _BandedSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    dice: int = Field(ge=1, le=4)
    band: list[_BandSpec]


class _FaceSpec(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)
    roll: int
    title: str = Field(min_length=1)
    effect: str


class _FaceTableSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    result: list[_FaceSpec]


def tables_path() -> Path:
    return data_path("victorian", "tables.toml")


def load_tables(path: str | os.PathLike | None = None) -> Tables:
    """Every result table (default ``data/victorian/tables.toml``), checked: bands
    that cover every total exactly once, with the expected results; six faces per
    1D6 table, each naming a registered table effect with good parameters."""
    return _tables(Path(path) if path is not None else tables_path())


@cached_file
def _tables(path: Path) -> Tables:
    raw = read_toml(path)
    known = set(BANDED) | set(FACE_TABLES)
    for key in raw:
        if key not in known:
            raise DataError(path, key, None, f"unknown table (expected: {', '.join(sorted(known))})")
    out: dict[str, Any] = {}
    for name, (dice, keys) in BANDED.items():
        if name not in raw:
            raise DataError(path, name, None, f"missing table [{name}]")
        spec = validate(_BandedSpec, raw[name], path, name)
        if spec.dice != dice:
            raise DataError(path, name, "dice", f"the rulebook rolls {dice}D6 here, not {spec.dice}D6")
        out[name] = Banded(name, spec.dice, _bands(path, name, spec.band, keys))
    for name in FACE_TABLES:
        if name not in raw:
            raise DataError(path, name, None, f"missing table [{name}]")
        spec = validate(_FaceTableSpec, raw[name], path, name)
        faces = sorted(spec.result, key=lambda f: f.roll)
        if [f.roll for f in faces] != list(range(1, 7)):
            raise DataError(path, name, "result.roll", f"a 1D6 table needs one result for each of 1 to 6 (got rolls "
                                                       f"{[f.roll for f in spec.result]})")
        built = []
        for f in faces:
            effect = EFFECTS.get(f.effect)
            where = f"{name} {f.roll}"
            if effect is None or "table" not in effect.on:
                known = ", ".join(sorted(n for n, e in EFFECTS.items() if "table" in e.on))
                raise DataError(path, where, "effect", f"no table effect named {f.effect!r} (known: {known})")
            params = validate(effect.params, dict(f.model_extra or {}), path, where)
            for kind in getattr(params, "types", ()):
                if kind not in TYPES:
                    raise DataError(path, where, "types", f"unknown card type {kind!r} (the types: "
                                                          f"{', '.join(TYPES)})")
            built.append(Face(f.roll, f.title, f.effect, params))
        out[name] = FaceTable(name, tuple(built))
    return Tables(**out)


def _bands(path: Path, name: str, specs: list[_BandSpec], keys: tuple[str, ...]) -> tuple[Band, ...]:
    if [b.result for b in specs] != list(keys):
        raise DataError(path, name, "band.result", f"the bands must be, in order: {', '.join(keys)} (got "
                                                   f"{', '.join(b.result for b in specs)})")
    if specs[0].low is not None:
        raise DataError(path, name, "band.from", f"the first band ({specs[0].result}) must have no 'from': every low "
                                                 "total falls in it")
    if specs[-1].high is not None:
        raise DataError(path, name, "band.to", f"the last band ({specs[-1].result}) must have no 'to': every high "
                                               "total falls in it")
    for a, b in zip(specs, specs[1:]):
        if a.high is None or b.low is None or b.low != a.high + 1:
            raise DataError(path, name, "band", f"the bands {a.result} and {b.result} must meet: 'to' of one, then "
                                                f"'from' = 'to' + 1 (got to={a.high}, from={b.low})")
        if b.high is not None and b.high < b.low:
            raise DataError(path, name, "band", f"the band {b.result} is empty (from {b.low} to {b.high})")
    return tuple(Band(b.result, b.low, b.high) for b in specs)


__all__ = ["BANDED", "Band", "Banded", "FACE_TABLES", "Face", "FaceTable", "Tables", "load_tables", "tables_path"]
