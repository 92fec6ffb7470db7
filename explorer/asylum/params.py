"""Doom Asylum rule parameters and rule options, from ``data/asylum/rules.toml``.

Numbers (victory points, the Doomsday cap, the maneuver target, ...) and the
switches for the readings in the interpretation register live in data, and only
there: :func:`load_rules` is the one way to get them, and every consumer (the
game, the odds, the widgets, the command line) calls it when it is given no
``rules=``.  Each number is declared with its allowed range,
``maneuver_target = { value = 8, min = 2, max = 12 }``, inside the bound
:data:`BOUNDS` keeps for it in the code (no file can widen that); :func:`rule_ranges`
gives the ranges and :func:`explorer.asylum.overrides.override_rules` applies
changes within them (the what-if layer).  A value out of range, or one that makes a rule impossible (a
starting score above the cap, a maneuver nobody can win), is a
:class:`~explorer.core.data.DataError` naming the file, the table and the rule.

The file is checked together with the roster beside it (``max_level`` against
the villains' upgrades, ``maneuver_target`` against their best stats) and with
our section summaries (every section the code cites must have one).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import NamedTuple

from ..core.data import DataError, Range, cached_file, companion, data_path, read_toml
from ..core.engine import outcomes
from ..core.params import Declared, RuleError, RuleSchema
from ..core.rulebook import cited, require, summaries_path
from . import sections as R
from .combat import maneuver_stat, tactical_maneuver
from .villains import STAT_BOUND, Villain, load_roster


@dataclasses.dataclass(frozen=True)
class AsylumRules:
    """Every number and switch the Doom Asylum rules code reads.  There are no
    defaults here: the values come from :func:`load_rules` (change one with
    ``load_rules().replace(...)``)."""

    # Doomsday points
    doomsday_start: int
    doomsday_cap: int
    doom_ready_points: int
    plot_room_reward: int
    upgrade_cost: int
    recruit_cost: int  # per villain already in the party ("Ambushes and Recruiting Henchmen")
    max_level: int
    # victory points
    vp_defeat: int
    vp_attack_mastermind: int
    vp_maneuver: int
    maneuver_target: int
    # conflict conclusion
    win_doomsday: int
    win_doomsday_doom_ready: int
    sound_defeat_margin: int
    sound_defeat_bonus: int
    # the whole game (ours: the rulebook has no time limit)
    turn_cap: int  # turns per player; a game with no winner by then is a draw
    catch_up_points: int  # ours (a designer's option): extra starting points per seat after the first
    # readings (see data/asylum/interpretations.toml)
    defeated_villains_act: bool
    mastermind_point_without_catch: bool
    ranged_attacks_need_catch: bool
    flyers_block_melee: bool
    maneuver_counts_upgrades: bool
    maneuver_any_stat: bool
    ability_attacks_blockable: bool
    ambush_win_doomsday: bool
    doom_ready_bonus_for_good: bool
    ambush_may_be_declined: bool
    any_defeat_frees_unmade: bool
    slipped_mastermind_frees_unmade: bool
    defender_gains_doom_ready: bool
    stun_acted_targets: bool
    claim_cost_after_losses: bool
    switch_ends_doom_ready: bool
    doom_ready_any_time: bool
    revisited_plot_room_event: bool
    yard_win_by_move_only: bool
    snake_turn_order: bool  # ours (a designer's option): every other round is played in reverse seat order
    shuffled_turn_order: bool  # ours (a designer's option): each round's order of play is drawn at random

    def __hash__(self) -> int:
        # rules are part of many cache keys (every attack's odds): hash them once
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash(tuple(getattr(self, f) for f in NUMBERS + OPTIONS))
            object.__setattr__(self, "_hash", h)
        return h

    def replace(self, **changes) -> AsylumRules:
        """A copy with some values changed (unknown names raise ``TypeError``).
        Unchecked: use :func:`~explorer.asylum.overrides.override_rules` for values a user typed."""
        return dataclasses.replace(self, **changes)


#: Doomsday points (ours): a party holds at most 40, five times the rulebook's cap of 8;
#: every number counted in them stays inside the same bound.
DOOMSDAY_BOUND = (0, 40)
#: Victory points in one conflict (ours): up to 50 each, ten times the rulebook's largest.
VP_BOUND = (0, 50)

#: The bound of each number: the widest range the rules code gives a meaning to, the one
#: place it is kept.  The range the rules file declares must lie inside it (a file may
#: narrow it, or widen its range up to it, never past it).  A number's least value keeps
#: a rule possible (a game needs a turn, a cap room for a point, a level starts at 1).
BOUNDS: Mapping[str, tuple[int, int]] = MappingProxyType({
    **{name: DOOMSDAY_BOUND for name in ("doomsday_start", "plot_room_reward", "upgrade_cost", "recruit_cost",
                                         "win_doomsday", "win_doomsday_doom_ready", "sound_defeat_bonus",
                                         "catch_up_points")},
    "doomsday_cap": (1, DOOMSDAY_BOUND[1]),
    "doom_ready_points": (1, DOOMSDAY_BOUND[1]),
    "max_level": (1, 10),  # "Upgrading Villains": the real cap is the roster's upgrades, checked against it
    **{name: VP_BOUND for name in ("vp_defeat", "vp_attack_mastermind", "vp_maneuver")},
    "sound_defeat_margin": (1, VP_BOUND[1]),  # a winner always leads by at least one point
    # "Tactical Maneuvers": a die and a stat must beat it, and no stat goes past the roster's bound
    "maneuver_target": (0, STAT_BOUND.max + 5),
    "turn_cap": (1, 1000),
})

#: the rules file's shape: the numbers (with their bounds) and switches that :class:`AsylumRules` holds
SCHEMA = RuleSchema.of(AsylumRules, BOUNDS)
NUMBERS, OPTIONS = SCHEMA.numbers, SCHEMA.switches


class RulesFile(NamedTuple):
    """A checked rules file: what it declares (values and ranges), its rules, and
    the roster it was checked with."""

    rules: AsylumRules
    declared: Declared
    roster_path: Path

    @property
    def ranges(self) -> Mapping[str, Range]:
        return self.declared.ranges


def rules_path() -> Path:
    """The rules file in the data folder."""
    return data_path("asylum", "rules.toml")


def load_rules(path: str | os.PathLike | None = None) -> AsylumRules:
    """Read and check a rules file (default ``data/asylum/rules.toml``), together
    with the roster beside it and the section summaries.  Cached on the files'
    stamps: an edited file is read afresh on the next call."""
    return rules_file(path).rules


def rule_ranges(path: str | os.PathLike | None = None) -> Mapping[str, Range]:
    """The allowed range of every number, as declared in the rules file."""
    return rules_file(path).ranges


def problems(rules: AsylumRules, ranges: Mapping[str, Range], roster: Mapping[str, Villain],
             roster_path: str | os.PathLike = "villains.toml") -> Iterator[tuple[str, str]]:
    """Every ``(rule, problem)`` that makes ``rules`` meaningless: a value out of
    its range, or numbers that make a rule impossible to meet."""
    for name in NUMBERS:
        value = getattr(rules, name)
        if value not in ranges[name]:
            yield name, f"{value!r} is out of range: allowed {ranges[name]} (the range declared in the rules file)"
    if rules.snake_turn_order and rules.shuffled_turn_order:
        yield "shuffled_turn_order", "cannot be combined with snake_turn_order: choose one order of play"
    cap = rules.doomsday_cap
    # Doomsday points: nobody can hold more than the cap
    for name, what in (("doomsday_start", "hold its starting points"), ("doom_ready_points", "ever become Doom Ready"),
                       ("upgrade_cost", "ever pay for an upgrade"), ("recruit_cost", "ever pay for a recruit")):
        if getattr(rules, name) > cap:
            yield name, f"{getattr(rules, name)} is above doomsday_cap ({cap}): no party could {what}"
    # Upgrading Villains: a cap above every villain's upgrades is a level nobody reaches
    top = max(v.max_level for v in roster.values())
    if rules.max_level > top:
        yield "max_level", (f"{rules.max_level} is above {top}, the highest level the villains' upgrades reach "
                            f"({Path(roster_path).name}); a lower max_level is a legal cap")
    # Tactical Maneuvers: die + best stat must be able to beat the target
    target = rules.maneuver_target
    if maneuver_record(roster, rules, target) is None:
        best = next((t for t in range(target - 1, -1, -1) if maneuver_record(roster, rules, t) is not None), None)
        yield "maneuver_target", (f"no villain can beat {target} with a die and his best stat, so a tactical "
                                  "maneuver never succeeds" + (f" (the most any villain can beat is {best})"
                                                               if best is not None else ""))


def maneuver_record(roster: Mapping[str, Villain], rules: AsylumRules, target: int) -> tuple[str, int] | None:
    """A villain (name, level) who can beat ``target`` with a tactical maneuver,
    at a level the rules let him reach; ``None`` if nobody can.  Asks the rule
    itself (:func:`explorer.asylum.combat.tactical_maneuver`)."""
    trial = rules.replace(maneuver_target=target)
    for v in roster.values():
        for level in range(1, min(rules.max_level, v.max_level) + 1):
            w = v.at_level(level)
            stat = maneuver_stat(w, trial)
            if outcomes(lambda chance: tactical_maneuver(w, stat, chance, trial)).prob(True) > 0:
                return v.name, level
    return None


# -- the file ------------------------------------------------------------------------------------

def rules_file(path: str | os.PathLike | None = None) -> RulesFile:
    """The rules file at ``path`` (default ``data/asylum/rules.toml``), read and
    checked with the roster beside it (cached on the files' stamps)."""
    path = Path(path) if path is not None else rules_path()
    return _load(path, companion(path, "asylum", "villains.toml"), summaries_path(R.GAME))


@cached_file
def _load(path: Path, roster_path: Path, summaries: Path) -> RulesFile:
    declared = SCHEMA.read(read_toml(path), path)
    rules = AsylumRules(**declared.values)
    roster = load_roster(roster_path)
    for name, problem in problems(rules, declared.ranges, roster, roster_path):
        raise DataError(path, "numbers", name, problem)
    require(R.GAME, cited(R, R.GAME), summaries)
    return RulesFile(rules, declared, roster_path)


__all__ = ["BOUNDS", "NUMBERS", "OPTIONS", "SCHEMA", "AsylumRules", "RuleError", "RulesFile", "load_rules", "maneuver_record",
           "problems", "rule_ranges", "rules_file", "rules_path"]
