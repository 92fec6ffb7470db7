"""Rule parameters and result tables, from ``data/victorian/rules.toml`` and
``tables.toml``.

Every number the rules use is declared with its allowed range
(``opening_hand = { value = 7, min = 1, max = 20 }``) and every switch for a
reading of the interpretation register is an option; :func:`load_rules` is the
one way to get them (consumers call it when given no ``rules=``), and
:func:`override_rules` applies changes inside the declared ranges.  The tables
are of two kinds: *banded* (a modified roll read against bands of totals: the
Healing, Spy, Assassin, Track, Combat and Showdown rolls) and *face* tables (one
registered effect per face of 1D6: the Plot, Invention and Villain Tables).

>>> rules = load_rules()
>>> rules.opening_hand, rules.second_plot_phase
(7, False)
>>> t = load_tables()
>>> t.track.read(10), t.track.read(3), t.track.keys
('foiled', 'wrong_track', ('wrong_track', 'dead_end', 'foiled', 'thwarted'))
>>> t.plot_table.faces[3].title
'Lure'
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from ..core.data import DataError, Range, cached_file, data_path, read_toml, validate
from ..core.params import Declared, RuleError, RuleSchema
from ..core.rulebook import cited, require, summaries_path
from . import sections as R
from .effects import EFFECTS, Params


@dataclasses.dataclass(frozen=True)
class VictorianRules:
    """Every number and switch the rules code reads (no defaults: see :func:`load_rules`)."""

    opening_hand: int
    new_day_draw: int
    victory_after_turn: int
    turn_cap: int
    immortal_heal: int
    doctor_heal: int
    facilitator_bonus: int
    holy_bonus: int
    wound_fight: int
    marker_fight: int
    minor_plot_counters: int
    major_plot_counters: int
    minor_plot_dice: int
    wrong_track_penalty: int
    interrogated_bonus: int
    further_attack_penalty: int
    lockout_turns: int
    recruits_per_phase: int
    # readings (data/victorian/interpretations.toml)
    second_plot_phase: bool
    alternate_turns: bool
    mulligan_repeats: bool
    wrong_track_stacks: bool
    always_offer_responses: bool
    weapons_need_trait: bool
    one_vehicle_per_unit: bool
    tokens_track_and_attack: bool

    def __hash__(self) -> int:
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash(tuple(getattr(self, f) for f in NUMBERS + OPTIONS))
            object.__setattr__(self, "_hash", h)
        return h

    def replace(self, **changes: Any) -> VictorianRules:
        """A copy with some values changed (unchecked: see :func:`override_rules`)."""
        return dataclasses.replace(self, **changes)


#: The rules this file holds, read and checked by the core's one reader.
SCHEMA = RuleSchema.of(VictorianRules, floors={"opening_hand": 1, "turn_cap": 1, "wound_fight": 1,
                                               "minor_plot_counters": 1, "major_plot_counters": 1,
                                               "recruits_per_phase": 1})
NUMBERS, OPTIONS, FLOORS = SCHEMA.numbers, SCHEMA.switches, SCHEMA.floors


def rules_path() -> Path:
    return data_path("victorian", "rules.toml")


class _Loaded(NamedTuple):
    rules: VictorianRules
    declared: Declared


def load_rules(path: str | os.PathLike | None = None) -> VictorianRules:
    """Read and check a rules file (default ``data/victorian/rules.toml``), and that
    every section the code cites has a summary.  Re-read when the file changes."""
    return _loaded(path).rules


def rule_ranges(path: str | os.PathLike | None = None) -> Mapping[str, Range]:
    """The allowed range of every number, as declared in the rules file."""
    return _loaded(path).declared.ranges


def override_rules(changes: Mapping[str, int | bool], rules: VictorianRules | None = None,
                   path: str | os.PathLike | None = None) -> VictorianRules:
    """``rules`` (default: the loaded data) with ``changes``, each checked as the
    file's values are; refusals raise :class:`RuleError`."""
    loaded = _loaded(path)
    SCHEMA.check(changes, loaded.declared)
    return (loaded.rules if rules is None else rules).replace(**changes)


def _loaded(path: str | os.PathLike | None) -> _Loaded:
    path = Path(path) if path is not None else rules_path()
    return _load(path, summaries_path(R.GAME))


@cached_file
def _load(path: Path, summaries: Path) -> _Loaded:
    declared = SCHEMA.read(read_toml(path), path)
    require(R.GAME, cited(R, R.GAME), summaries)
    return _Loaded(VictorianRules(**declared.values), declared)


# -- tables -----------------------------------------------------------------------------------------

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
    title: str
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


__all__ = ["BANDED", "Band", "Banded", "FACE_TABLES", "Face", "FaceTable", "NUMBERS", "OPTIONS", "RuleError",
           "Tables", "VictorianRules", "load_rules", "load_tables", "override_rules", "rule_ranges"]
