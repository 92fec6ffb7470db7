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

from pydantic import ConfigDict, create_model

from ..core.data import DataError, Range, cached_file, data_path, read_numbers, read_toml, validate
from ..core.rulebook import cited, require, summaries_path
from . import sections as R
from .tables.data import load_tables  # noqa: F401 (the docstring's example; the tables live there)


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


NUMBERS = tuple(f.name for f in dataclasses.fields(VictorianRules) if f.type in ("int", int))
OPTIONS = tuple(f.name for f in dataclasses.fields(VictorianRules) if f.type in ("bool", bool))
FLOORS: Mapping[str, int] = MappingProxyType({"opening_hand": 1, "turn_cap": 1, "wound_fight": 1,
                                              "minor_plot_counters": 1, "major_plot_counters": 1,
                                              "recruits_per_phase": 1})

_OPTIONS = create_model("options", __config__=ConfigDict(extra="forbid", strict=True),
                        **{n: (bool, ...) for n in OPTIONS})


class RuleError(ValueError):
    """A rule value given in code is refused: ``rule`` names it, ``problem`` says why."""

    def __init__(self, rule: str, problem: str):
        self.rule, self.problem = rule, problem
        super().__init__(f"rule {rule!r}: {problem}")


def rules_path() -> Path:
    return data_path("victorian", "rules.toml")


class _Loaded(NamedTuple):
    rules: VictorianRules
    ranges: Mapping[str, Range]


def load_rules(path: str | os.PathLike | None = None) -> VictorianRules:
    """Read and check a rules file (default ``data/victorian/rules.toml``), and that
    every section the code cites has a summary.  Re-read when the file changes."""
    return _loaded(path).rules


def rule_ranges(path: str | os.PathLike | None = None) -> Mapping[str, Range]:
    """The allowed range of every number, as declared in the rules file."""
    return _loaded(path).ranges


def override_rules(changes: Mapping[str, int | bool], rules: VictorianRules | None = None,
                   path: str | os.PathLike | None = None) -> VictorianRules:
    """``rules`` (default: the loaded data) with ``changes``, each checked as the
    file's values are; refusals raise :class:`RuleError`."""
    loaded = _loaded(path)
    base = loaded.rules if rules is None else rules
    for name, value in changes.items():
        if name in NUMBERS:
            if type(value) is not int:
                raise RuleError(name, f"must be a whole number, not {value!r}")
            if value not in loaded.ranges[name]:
                raise RuleError(name, f"{value!r} is out of range: allowed {loaded.ranges[name]}")
        elif name in OPTIONS:
            if type(value) is not bool:
                raise RuleError(name, f"is an option: true or false, not {value!r}")
        else:
            raise RuleError(name, f"no such rule (numbers: {', '.join(NUMBERS)}; options: {', '.join(OPTIONS)})")
    return base.replace(**changes)


def _loaded(path: str | os.PathLike | None) -> _Loaded:
    path = Path(path) if path is not None else rules_path()
    return _load(path, summaries_path(R.GAME))


@cached_file
def _load(path: Path, summaries: Path) -> _Loaded:
    raw = read_toml(path)
    unknown = set(raw) - {"numbers", "options"}
    if unknown:
        raise DataError(path, sorted(unknown)[0], None, "unknown table (expected [numbers] and [options])")
    for table in ("numbers", "options"):
        if not isinstance(raw.get(table), dict):
            raise DataError(path, table, None, f"missing table [{table}]")
    values, ranges = read_numbers(raw["numbers"], path, NUMBERS, FLOORS)
    options = validate(_OPTIONS, raw["options"], path, "options")
    require(R.GAME, cited(R, R.GAME), summaries)
    return _Loaded(VictorianRules(**values, **options.model_dump()), MappingProxyType(ranges))


__all__ = ["NUMBERS", "OPTIONS", "RuleError", "VictorianRules", "load_rules", "override_rules", "rule_ranges"]
