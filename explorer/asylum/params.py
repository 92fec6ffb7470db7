"""Doom Asylum rule parameters and rule options, from ``data/asylum/rules.toml``.

Numbers (victory points, the Doomsday cap, the maneuver target, ...) and the
switches for the readings in the interpretation register live in data, so a
designer can change them and re-run.  :func:`load_rules` validates the file;
``AsylumRules()`` gives the rulebook's own numbers and our default readings.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from pydantic import ConfigDict, Field, create_model

from ..core.data import DataError, cached_file, data_path, read_toml, validate


@dataclasses.dataclass(frozen=True)
class AsylumRules:
    """Every number and switch the Doom Asylum rules code reads."""

    # Doomsday points
    doomsday_start: int = 1
    doomsday_cap: int = 8
    doom_ready_points: int = 8
    plot_room_reward: int = 5
    upgrade_cost: int = 1
    recruit_cost: int = 1  # per villain already in the party ("Ambushes and Recruiting Henchmen")
    max_level: int = 3
    # victory points
    vp_defeat: int = 5
    vp_attack_mastermind: int = 1
    vp_maneuver: int = 3
    maneuver_target: int = 8
    # conflict conclusion
    win_doomsday: int = 1
    win_doomsday_doom_ready: int = 3
    sound_defeat_margin: int = 5
    sound_defeat_bonus: int = 1
    # the whole game (ours: the rulebook has no time limit)
    turn_cap: int = 30  # turns per player; a game with no winner by then is a draw
    # readings (see data/asylum/interpretations.toml)
    defeated_villains_act: bool = False
    mastermind_point_without_catch: bool = True
    ranged_attacks_need_catch: bool = True
    flyers_block_melee: bool = True
    maneuver_counts_upgrades: bool = True
    switch_ends_doom_ready: bool = True
    doom_ready_any_time: bool = True
    revisited_plot_room_event: bool = True
    yard_win_by_move_only: bool = True

    def __hash__(self) -> int:
        # rules are part of many cache keys (every attack's odds): hash them once
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash(dataclasses.astuple(self))
            object.__setattr__(self, "_hash", h)
        return h

    def replace(self, **changes) -> AsylumRules:
        """A copy with some values changed (unknown names raise ``TypeError``)."""
        return dataclasses.replace(self, **changes)


NUMBERS = tuple(f.name for f in dataclasses.fields(AsylumRules) if type(f.default) is int)
OPTIONS = tuple(f.name for f in dataclasses.fields(AsylumRules) if type(f.default) is bool)

_STRICT = ConfigDict(extra="forbid", strict=True)
_Numbers = create_model(
    "numbers", __config__=_STRICT, **{n: (int, Field(getattr(AsylumRules, n), ge=0)) for n in NUMBERS}
)
_Options = create_model("options", __config__=_STRICT, **{n: (bool, getattr(AsylumRules, n)) for n in OPTIONS})


def load_rules(path: str | os.PathLike | None = None) -> AsylumRules:
    """Read and validate a rules file (default ``data/asylum/rules.toml``)."""
    path = Path(path) if path is not None else data_path("asylum", "rules.toml")
    return _load(path)


@cached_file
def _load(path: Path) -> AsylumRules:
    raw = read_toml(path)
    unknown = set(raw) - {"numbers", "options"}
    if unknown:
        raise DataError(path, sorted(unknown)[0], None, "unknown table (expected [numbers] and [options])")
    numbers = validate(_Numbers, raw.get("numbers", {}), path, "numbers")
    options = validate(_Options, raw.get("options", {}), path, "options")
    return AsylumRules(**numbers.model_dump(), **options.model_dump())
