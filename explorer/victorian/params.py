"""Rule parameters, from ``data/victorian/rules.toml`` (the result tables are
in :mod:`explorer.victorian.tables`).

Every number the rules use is declared with its allowed range
(``opening_hand = { value = 7, min = 1, max = 20 }``) and every switch for a
reading of the interpretation register is an option; :func:`load_rules` is the
one way to get them (consumers call it when given no ``rules=``), and
:func:`override_rules` applies changes inside the declared ranges.

>>> rules = load_rules()
>>> rules.opening_hand, rules.second_plot_phase
(7, False)
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from ..core.data import Range, cached_file, data_path, read_toml
from ..core.params import Declared, RuleError, RuleSchema
from ..core.rulebook import cited, require, summaries_path
from . import sections as R


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
    facilitator_helps_spy: bool
    further_attack_stacks: bool

    def __hash__(self) -> int:
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash(tuple(getattr(self, f) for f in NUMBERS + OPTIONS))
            object.__setattr__(self, "_hash", h)
        return h

    def replace(self, **changes: Any) -> VictorianRules:
        """A copy with some values changed (unchecked: see :func:`override_rules`)."""
        return dataclasses.replace(self, **changes)


#: The rules this file holds, read and checked by the core's one reader, each number inside
#: its bound: the widest range the code gives a meaning to, kept here and only here (the
#: file's declared range must lie inside it).  The least values make a game whatever the
#: other numbers: at victory_after_turn 0 both sides are bare when turn 1 begins, and every
#: game is a draw at once; turn_cap 1 still leaves a game when a major plot needs one counter.
#: A roll's modifier stops at 12, the span of two dice: past it no result changes.
SCHEMA = RuleSchema.of(VictorianRules, bounds={
    "opening_hand": (1, 30), "new_day_draw": (0, 10), "victory_after_turn": (1, 1000), "turn_cap": (1, 1000),
    **dict.fromkeys(("immortal_heal", "doctor_heal", "facilitator_bonus", "holy_bonus", "marker_fight",
                     "wrong_track_penalty", "interrogated_bonus", "further_attack_penalty"), (0, 12)),
    "wound_fight": (1, 12), "minor_plot_counters": (1, 20), "major_plot_counters": (1, 20),
    "minor_plot_dice": (0, 6), "lockout_turns": (0, 100),
    "recruits_per_phase": (1, 99),  # 99: as good as no limit
})
NUMBERS, OPTIONS = SCHEMA.numbers, SCHEMA.switches


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


__all__ = ["NUMBERS", "OPTIONS", "RuleError", "VictorianRules", "load_rules", "override_rules", "rule_ranges"]
